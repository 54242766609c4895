// The serial transport (QSerialPort) against wt300-sim on a pseudo-terminal: the same driver,
// CR+LF framing, and the warning when the baud rate cannot carry the items at the rate.

#include "sim_process.h"

#include <cipherwatt/instruments/meter.h>

#include <catch2/catch.hpp>

using namespace cipherwatt::instruments;
using cipherwatt::test::SimProcess;
using namespace std::chrono_literals;

TEST_CASE("serial: identify, configure and stream over a pseudo-terminal", "[serial]")
{
    SimProcess sim({"--pty"});
    auto meter = openMeter(QStringLiteral("serial:%1:115200").arg(sim.ptyPath()));
    INFO((meter ? QString() : meter.error().toString()).toStdString());
    REQUIRE(meter.ok());
    CHECK((*meter)->identity().transport == QStringLiteral("serial"));
    CHECK((*meter)->identity().simulated);
    MeterConfig config;
    config.elements = {1};
    config.functions = {Function::U, Function::I, Function::P};
    config.format = NumericFormat::Float; // binary blocks with arbitrary bytes over the tty
    auto applied = (*meter)->configure(config);
    REQUIRE(applied.ok());
    CHECK(applied->warnings.isEmpty()); // 115200 baud carries 3 items at 100 ms
    REQUIRE((*meter)->startStream().ok());
    std::uint64_t last = 0;
    for (int i = 0; i < 15; ++i) {
        auto s = (*meter)->nextSample();
        INFO((s ? QString() : s.error().toString()).toStdString());
        REQUIRE(s.ok());
        CHECK(s->values[0] == Approx(230.0).epsilon(0.01));
        CHECK((s->flags & (SampleFlag::Gap | SampleFlag::Duplicate)) == 0);
        if (last != 0)
            CHECK(s->sequence == last + 1);
        last = s->sequence;
    }
}

TEST_CASE("serial: 9600 baud cannot carry ten ASCII items every 100 ms", "[serial]")
{
    SimProcess sim({"--pty"});
    auto meter = openMeter(QStringLiteral("serial:%1").arg(sim.ptyPath())); // factory 9600
    REQUIRE(meter.ok());
    MeterConfig config; // U I P S PF on elements 1 and 3
    config.format = NumericFormat::Ascii;
    auto applied = (*meter)->configure(config);
    REQUIRE(applied.ok());
    const QString warnings = englishTexts(applied->warnings).join(QLatin1Char(' '));
    CHECK(warnings.contains(QStringLiteral("960 B/s")));
    CHECK(warnings.contains(QStringLiteral("raise the baud rate")));
}
