// The fourth paper's cycles model (cycles_model.h) against the paper's own worked example
// (Elminaam et al., after Potlapally et al.: 20 000 cycles at 700 MHz, 200 mA per cycle and
// 1.35 V give 5.71 × 10⁻³ mA·s and 7.7 µJ) and hand-computed ratios to a measured value.

#include <cipherwatt/core/cycles_model.h>
#include <cipherwatt/core/records_json.h>

#include <QJsonObject>
#include <catch2/catch.hpp>

using namespace cipherwatt::core;

namespace {

// A run done and analysed: `cycles` counted by `counter` over `bytes` in `seconds`, and a
// measured energy per byte with its 95 % interval.
StoredRun run(std::uint64_t cycles, std::uint64_t bytes, double seconds, const char *counter,
              double nj, double low, double high)
{
    StoredRun r;
    r.ordinal = 1;
    r.cipher = QStringLiteral("aes-256-cbc");
    r.backend = QStringLiteral("openssl");
    r.operation = QStringLiteral("encrypt");
    r.bufferBytes = static_cast<qint64>(bytes);
    r.status = RunStatus::Done;
    WorkerResult w;
    w.cycles = cycles;
    w.bytes = bytes;
    w.seconds = seconds;
    w.counter = QString::fromLatin1(counter);
    r.result = w;
    RunResult a;
    a.counter = w.counter;
    a.netWatts = 1.0;
    a.netLow = 0.9;
    a.netHigh = 1.1;
    a.energyPerByteNj = nj;
    a.energyPerByteNjLow = low;
    a.energyPerByteNjHigh = high;
    a.cyclesPerByte = static_cast<double>(cycles) / static_cast<double>(bytes);
    r.analysis = a;
    return r;
}

} // namespace

TEST_CASE("cycles model: the paper's worked example, 20 000 cycles at 700 MHz, 200 mA, 1.35 V",
          "[cycles-model]")
{
    const auto model = parseCyclesModel(QStringLiteral("1.35V,200mA,700MHz"));
    REQUIRE(model.ok());
    CHECK(model->volts == 1.35);
    CHECK(model->amps == Approx(0.2));
    REQUIRE(model->hertz);
    CHECK(*model->hertz == Approx(700e6));
    // 20 000 cycles over one byte: 20 000 / 700 MHz = 28.5714 µs; × 200 mA = 5.71429 µA·s
    // (the paper's 5.71 × 10⁻³ mA·s); × 1.35 V = 7.71429 µJ (the paper's 7.7 µJ).
    const CyclesModelRun m =
        cyclesModelRun(*model, run(20'000, 1, 1.0, "perf-cycles", 10'000, 9'000, 11'000));
    REQUIRE(m.valid());
    CHECK(m.clock == QStringLiteral("given"));
    CHECK(m.cyclesPerByte == 20'000);
    CHECK(m.energyPerByteNj == Approx(7714.2857).epsilon(1e-7));
}

TEST_CASE("cycles model: the clock it takes, by the counter's kind", "[cycles-model]")
{
    CyclesModel model;
    model.volts = 1.0;
    model.amps = 1.0;
    // 2e9 cycles in 1 s over 1e9 bytes: 2 cycles/B.
    SECTION("no clock given: the counter's mean rate over the loop, cycles ÷ seconds")
    {
        const CyclesModelRun m =
            cyclesModelRun(model, run(2'000'000'000, 1'000'000'000, 1.0, "perf-cycles", 1, 0, 2));
        CHECK(m.clock == QStringLiteral("counter rate"));
        CHECK(m.hertz == Approx(2e9));
        // 2 cycles/B / 2 GHz × 1 A × 1 V = 1 nJ/B.
        CHECK(m.energyPerByteNj == Approx(1.0));
    }
    SECTION("no clock given, a frequency level read back: that level")
    {
        StoredRun r = run(2'000'000'000, 1'000'000'000, 1.0, "perf-cycles", 1, 0, 2);
        r.result->frequencyKHz = 1'000'000; // 1 GHz
        const CyclesModelRun m = cyclesModelRun(model, r);
        CHECK(m.clock == QStringLiteral("frequency level"));
        CHECK(m.energyPerByteNj == Approx(2.0)); // 2 cycles/B / 1 GHz × 1 A × 1 V
    }
    SECTION("a reference timer's ticks (TSC) are converted at their own rate, whatever is given")
    {
        model.hertz = 700e6;
        const CyclesModelRun m =
            cyclesModelRun(model, run(2'000'000'000, 1'000'000'000, 1.0, "tsc", 1, 0, 2));
        CHECK(m.clock == QStringLiteral("counter rate"));
        CHECK(m.energyPerByteNj == Approx(1.0));
    }
    SECTION("no cycles counted: no estimate, and why")
    {
        const CyclesModelRun m = cyclesModelRun(model, run(0, 1000, 1.0, "none", 1, 0, 2));
        CHECK_FALSE(m.valid());
        CHECK(m.problem == QStringLiteral("no cycles counted"));
    }
}

TEST_CASE("cycles model: model ÷ measured per result, with the measured interval inverted",
          "[cycles-model]")
{
    SessionData d;
    d.settings.cyclesModel = *parseCyclesModel(QStringLiteral("1.35V,200mA,700MHz"));
    d.runs.push_back(run(20'000, 1, 1.0, "perf-cycles", 10'000, 9'000, 11'000));
    std::vector<CyclesModelRow> rows = cyclesModelRows(d);
    REQUIRE(rows.size() == 1);
    // 7714.2857 / 10 000 = 0.771429; / 11 000 = 0.701299; / 9 000 = 0.857143.
    CHECK(rows[0].modelNj == Approx(7714.2857).epsilon(1e-7));
    CHECK(rows[0].ratio == Approx(0.771429).epsilon(1e-6));
    CHECK(rows[0].ratioLow == Approx(0.701299).epsilon(1e-6));
    CHECK(rows[0].ratioHigh == Approx(0.857143).epsilon(1e-6));
    CHECK(cyclesModelRatioText(rows[0]) == QStringLiteral("0.771 (0.701 to 0.857)"));

    // A measured interval that reaches zero: no upper bound.
    d.runs[0] = run(20'000, 1, 1.0, "perf-cycles", 10'000, -1'000, 20'000);
    rows = cyclesModelRows(d);
    REQUIRE(rows.size() == 1);
    CHECK(cyclesModelRatioText(rows[0]) == QStringLiteral("0.771 (≥ 0.386)"));

    // No model: no rows.
    d.settings.cyclesModel.reset();
    CHECK(cyclesModelRows(d).empty());
}

TEST_CASE("cycles model: --cycles-model's forms, its errors, and the settings' round trip",
          "[cycles-model]")
{
    const auto twoParts = parseCyclesModel(QStringLiteral("3.3V,5mA"));
    REQUIRE(twoParts.ok());
    CHECK_FALSE(twoParts->hertz);
    CHECK(twoParts->amps == Approx(0.005));
    const auto micro = parseCyclesModel(QStringLiteral("1800mV,250µA,48MHz"));
    REQUIRE(micro.ok());
    CHECK(micro->volts == Approx(1.8));
    CHECK(micro->amps == Approx(250e-6));
    CHECK(*micro->hertz == Approx(48e6));
    CHECK(cyclesModelSpec(*micro) == QStringLiteral("1.8V,0.25mA,48MHz"));
    CHECK(cyclesModelText(*micro) == QStringLiteral("V = 1.8 V, I = 250 µA per cycle, f = 48 MHz"));
    for (const char *bad : {"1.35V", "1.35,200mA", "1.35V,200mW", "0V,200mA", "1.35V,200mA,fast",
                            "1.35V,200mA,700MHz,1"}) {
        INFO(bad);
        const auto parsed = parseCyclesModel(QString::fromUtf8(bad));
        REQUIRE_FALSE(parsed.ok());
        CHECK(parsed.error().message.english().startsWith(
            QStringLiteral("--cycles-model %1: ").arg(QString::fromUtf8(bad))));
    }
    SessionSettings s;
    s.cyclesModel = *micro;
    const SessionSettings back = settingsFromJson(toJson(s));
    REQUIRE(back.cyclesModel);
    CHECK(back.cyclesModel->volts == Approx(1.8));
    CHECK(back.cyclesModel->amps == Approx(250e-6));
    CHECK(*back.cyclesModel->hertz == Approx(48e6));
    CHECK_FALSE(settingsFromJson(toJson(SessionSettings{})).cyclesModel);
}
