// The WT300 driver against the simulated WT332, in process and over TCP (wt300-sim), and the
// acquisition thread. What the meter does is the reference's (wt300.md); the powers the
// simulator draws are set by its profile here.

#include "sim_process.h"

#include <cipherwatt/instruments/acquisition.h>
#include <cipherwatt/instruments/meter.h>
#include <cipherwatt/instruments/simulator.h>

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryFile>
#include <QTest>
#include <QThread>
#include <catch2/catch.hpp>

#include <cmath>

using namespace cipherwatt::instruments;
using cipherwatt::test::SimProcess;
using namespace std::chrono_literals;

namespace {

std::unique_ptr<PowerMeter> open(const QString &resource, OpenOptions options = {})
{
    auto meter = openMeter(resource, options);
    INFO((meter ? QString() : meter.error().toString()).toStdString());
    REQUIRE(meter.ok());
    return std::move(*meter);
}

// A profile file for `sim:<file>` and `wt300-sim --profile`.
class ProfileFile
{
public:
    explicit ProfileFile(const QString &text)
    {
        REQUIRE(m_file.open());
        m_file.write(text.toUtf8());
        m_file.flush();
    }
    QString path() const { return m_file.fileName(); }

private:
    QTemporaryFile m_file;
};

struct StreamStats
{
    int samples = 0;
    int gaps = 0;
    std::uint64_t missed = 0;
    int duplicates = 0;
    bool contiguous = true;
    double maxPeriodMs = 0;
    std::vector<Sample> all;
};

StreamStats stream(PowerMeter &meter, std::chrono::milliseconds length)
{
    StreamStats stats;
    REQUIRE(meter.startStream().ok());
    QElapsedTimer timer;
    timer.start();
    std::uint64_t last = 0;
    std::int64_t lastNs = 0;
    while (timer.elapsed() < length.count()) {
        auto s = meter.nextSample();
        INFO((s ? QString() : s.error().toString()).toStdString());
        REQUIRE(s.ok());
        ++stats.samples;
        if (s->flags & SampleFlag::Gap) {
            ++stats.gaps;
            stats.missed += s->missedBefore;
        }
        if (s->flags & SampleFlag::Duplicate)
            ++stats.duplicates;
        else if (last != 0 && s->sequence != last + 1 + s->missedBefore)
            stats.contiguous = false;
        if (lastNs != 0)
            stats.maxPeriodMs =
                std::max(stats.maxPeriodMs, static_cast<double>(s->hostNs - lastNs) / 1e6);
        last = s->sequence;
        lastNs = s->hostNs;
        stats.all.push_back(*s);
    }
    REQUIRE(meter.stopStream().ok());
    return stats;
}

MeterConfig elementOne(std::vector<Function> functions = {Function::U, Function::I, Function::P})
{
    MeterConfig c;
    c.elements = {1};
    c.functions = std::move(functions);
    return c;
}

} // namespace

TEST_CASE("driver: the simulator identifies as a simulated WT332", "[driver]")
{
    auto meter = open(QStringLiteral("sim"));
    CHECK(meter->identity().model == QStringLiteral("WT332"));
    CHECK(meter->identity().simulated);
    CHECK(meter->identity().transport == QStringLiteral("sim"));
    CHECK(meter->identity().describe().contains(QStringLiteral("SIMULATED")));
    CHECK(meter->capabilities().model.elements == std::vector<int>{1, 3});
    CHECK(meter->capabilities().model.sigma);
    // IM WT310-02EN section 7.3.2: WT332 DC ±(0.1 % of reading + 0.2 % of range), 45-66 Hz
    // ±(0.1 % of reading + 0.1 % of range).
    CHECK(meter->capabilities().powerAccuracyDc.ofReading == Approx(0.001));
    CHECK(meter->capabilities().powerAccuracyDc.ofRange == Approx(0.002));
    CHECK(meter->capabilities().powerAccuracyAc.ofReading == Approx(0.001));
    CHECK(meter->capabilities().powerAccuracyAc.ofRange == Approx(0.001));
}

TEST_CASE("driver: bad or unreachable resources fail with one line naming them", "[driver]")
{
    const auto failure = [](const char *resource) {
        auto meter = openMeter(QString::fromLatin1(resource), OpenOptions{500ms, {}});
        REQUIRE_FALSE(meter.ok());
        CHECK_FALSE(meter.error().message.english().contains(QLatin1Char('\n')));
        return meter.error();
    };
    CHECK(failure("bogus").code == ErrorCode::BadResource);
    CHECK(failure("tcp:localhost").code == ErrorCode::BadResource);
    CHECK(failure("tcp:127.0.0.1:99999").code == ErrorCode::BadResource);
    CHECK(failure("serial:/dev/ttyS0:12").code == ErrorCode::BadResource);
    CHECK(failure("usbtmc:").code == ErrorCode::BadResource);
    const Error refused = failure("tcp:127.0.0.1:1");
    CHECK(refused.code == ErrorCode::NotFound);
    CHECK(refused.message.english().contains(QStringLiteral("127.0.0.1:1")));
    const Error noPort = failure("serial:/dev/cipherwatt-no-such-port");
    CHECK(noPort.code == ErrorCode::NotFound);
    CHECK(noPort.message.english().contains(QStringLiteral("/dev/cipherwatt-no-such-port")));
    CHECK(failure("sim:/nonexistent/profile")
              .message.english()
              .contains(QStringLiteral("/nonexistent")));
}

TEST_CASE("driver: configuration round trip", "[driver]")
{
    auto meter = open(QStringLiteral("sim"));
    MeterConfig config; // every element, U I P S PF, 100 ms, FLOAT
    auto applied = meter->configure(config);
    REQUIRE(applied.ok());
    CHECK(applied->interval == 100ms);
    CHECK(applied->format == NumericFormat::Float);
    CHECK_FALSE(applied->averaging);
    REQUIRE(applied->items.size() == 10);
    CHECK(applied->items[0] == Item{Function::U, 1});
    CHECK(applied->items[1] == Item{Function::U, 3});
    CHECK(applied->items[9] == Item{Function::Lambda, 3});

    config.interval = 250ms;
    config.format = NumericFormat::Ascii;
    config.mode = MeasurementMode::Dc;
    config.sigma = true;
    config.voltageRange = Range{false, 150.0};
    config.currentRange = Range{false, 1.0};
    applied = meter->configure(config);
    REQUIRE(applied.ok());
    CHECK(applied->interval == 250ms);
    CHECK(applied->format == NumericFormat::Ascii);
    CHECK(applied->mode == MeasurementMode::Dc);
    CHECK(applied->items.size() == 15);
    CHECK(applied->items[2] == Item{Function::U, kSigma});
    CHECK(applied->voltageRange.value == 150.0);
    CHECK_FALSE(applied->voltageRange.automatic);
    CHECK(applied->currentRange.value == 1.0);
    CHECK(applied->warnings.isEmpty());

    config.currentRange = Range{true, 0.0};
    applied = meter->configure(config);
    REQUIRE(applied.ok());
    CHECK(applied->currentRange.automatic);
    CHECK(englishTexts(applied->warnings)
              .join(QLatin1Char(' '))
              .contains(QStringLiteral("auto-range")));
}

TEST_CASE("driver: settings the model cannot do are refused naming what it can", "[driver]")
{
    auto meter = open(QStringLiteral("sim"));
    MeterConfig c;
    c.interval = 300ms;
    auto r = meter->configure(c);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == ErrorCode::Unsupported);
    CHECK(r.error().message.english().contains(QStringLiteral("250 ms")));
    c = MeterConfig{};
    c.elements = {2};
    r = meter->configure(c);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.english().contains(QStringLiteral("elements 1, 3")));
    c = MeterConfig{};
    c.currentRange = Range{false, 7.0};
    r = meter->configure(c);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.english().contains(QStringLiteral("0.5, 1, 2, 5, 10, 20")));
}

TEST_CASE("driver: 30 s at 100 ms in process, no missed or duplicated update", "[driver][long]")
{
    auto meter = open(QStringLiteral("sim"));
    REQUIRE(meter->configure(elementOne()).ok());
    const StreamStats stats = stream(*meter, 30s);
    CHECK(stats.samples >= 295);
    CHECK(stats.samples <= 305);
    CHECK(stats.gaps == 0);
    CHECK(stats.duplicates == 0);
    CHECK(stats.contiguous);
    CHECK(stats.maxPeriodMs < 150);
    for (const Sample &s : stats.all) {
        CHECK((s.flags & SampleFlag::Simulated) != 0);
        CHECK(s.values.size() == 3);
    }
}

TEST_CASE("driver: 30 s at 100 ms over TCP from wt300-sim, ASCII", "[driver][long]")
{
    SimProcess sim({"--listen", "127.0.0.1:0"});
    auto meter = open(sim.resource());
    CHECK(meter->identity().simulated); // recognised from *IDN?, not from the transport
    CHECK(meter->identity().transport == QStringLiteral("tcp"));
    MeterConfig config = elementOne();
    config.format = NumericFormat::Ascii;
    REQUIRE(meter->configure(config).ok());
    const StreamStats stats = stream(*meter, 30s);
    CHECK(stats.samples >= 295);
    CHECK(stats.samples <= 305);
    CHECK(stats.gaps == 0);
    CHECK(stats.duplicates == 0);
    CHECK(stats.contiguous);
    CHECK(stats.maxPeriodMs < 150);
}

TEST_CASE("driver: the values are what the meter measured", "[driver]")
{
    ProfileFile profile(QStringLiteral("load script\nstep 0 7.25\nnoise 0\nvoltage 120\n"
                                       "power_factor 0.5\n"));
    auto meter = open(QStringLiteral("sim:") + profile.path());
    REQUIRE(meter
                ->configure(elementOne(
                    {Function::U, Function::I, Function::P, Function::S, Function::Lambda}))
                .ok());
    const StreamStats stats = stream(*meter, 500ms);
    REQUIRE(stats.samples >= 3);
    const Sample &s = stats.all.back();
    CHECK(s.values[0] == Approx(120.0));
    CHECK(s.values[2] == Approx(7.25));
    CHECK(s.values[3] == Approx(14.5)); // S = P / PF
    CHECK(s.values[1] == Approx(14.5 / 120.0));
    CHECK(s.values[4] == Approx(0.5));
}

TEST_CASE("driver: over-range and no-data updates are flagged, not dropped", "[driver]")
{
    SimProcess sim(
        {"--listen", "127.0.0.1:0", "--fault", "overrange@0.5:3", "--fault", "nodata@1.5:2"});
    auto meter = open(sim.resource());
    REQUIRE(meter->configure(elementOne()).ok());
    const StreamStats stats = stream(*meter, 2500ms);
    int over = 0;
    int none = 0;
    int eesrOver = 0;
    for (const Sample &s : stats.all) {
        if (s.flags & SampleFlag::OverRange) {
            ++over;
            CHECK(s.states[2] == ValueState::OverRange);
            CHECK(std::isnan(s.values[2]));
        }
        if (s.eesr & (1U << 6))
            ++eesrOver;
        if (s.flags & SampleFlag::NoData) {
            ++none;
            CHECK(s.states[2] == ValueState::NoData);
        }
    }
    CHECK(over == 3);
    CHECK(eesrOver == 1); // the rising edge of OVR1 is latched once
    CHECK(none == 2);
    CHECK(stats.gaps == 0);
}

TEST_CASE("driver: missed updates are a counted gap, a re-read update a duplicate", "[driver]")
{
    SimProcess sim({"--listen", "127.0.0.1:0", "--fault", "repeat@2:1"});
    auto meter = open(sim.resource());
    REQUIRE(meter->configure(elementOne()).ok());
    REQUIRE(meter->startStream().ok());
    std::vector<Sample> samples;
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 2500) {
        auto s = meter->nextSample();
        REQUIRE(s.ok());
        samples.push_back(*s);
        if (samples.size() == 5)
            QThread::msleep(420); // the host falls behind: updates k+1..k+3 are missed
    }
    int gaps = 0;
    int duplicates = 0;
    for (std::size_t i = 1; i < samples.size(); ++i) {
        const Sample &s = samples[i];
        if (s.flags & SampleFlag::Gap) {
            ++gaps;
            CHECK(s.missedBefore == 3);
            CHECK(s.sequence == samples[i - 1].sequence + 1 + s.missedBefore);
        }
        if (s.flags & SampleFlag::Duplicate) {
            ++duplicates;
            CHECK(s.sequence == samples[i - 1].sequence);
            CHECK(s.values == samples[i - 1].values);
        }
    }
    CHECK(gaps == 1);
    CHECK(duplicates == 1);
}

TEST_CASE("driver: a refused command reports the meter's code", "[driver]")
{
    auto meter = open(QStringLiteral("sim"));
    auto r = meter->integrate(IntegrationCommand::Stop); // not started: 844
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == ErrorCode::Instrument);
    CHECK(r.error().instrumentCode == 844);
    CHECK(r.error().message.english().contains(QStringLiteral(":INTEG:STOP")));
}

TEST_CASE("driver: integration start, read-back of WH and TIME, stop, reset", "[driver]")
{
    ProfileFile profile(QStringLiteral("load script\nstep 0 72\nnoise 0\n"));
    auto meter = open(QStringLiteral("sim:") + profile.path());
    MeterConfig config = elementOne();
    config.integration = true;
    auto applied = meter->configure(config);
    REQUIRE(applied.ok());
    CHECK(applied->items.size() == 5); // U1 I1 P1 WH1 TIME
    REQUIRE(meter->integrate(IntegrationCommand::Start).ok());
    stream(*meter, 1500ms);
    auto running = meter->readIntegration();
    REQUIRE(running.ok());
    CHECK(running->state == IntegrationState::Running);
    REQUIRE(meter->integrate(IntegrationCommand::Stop).ok());
    auto stopped = meter->readIntegration();
    REQUIRE(stopped.ok());
    CHECK(stopped->state == IntegrationState::Stopped);
    REQUIRE(stopped->values.size() == 1);
    CHECK(stopped->seconds >= 1.0);
    CHECK(stopped->values[0] == Approx(72.0 * stopped->seconds / 3600.0).epsilon(1e-4));
    // A new configuration finds the integrator holding a value: reset, with a warning.
    auto again = meter->configure(config);
    REQUIRE(again.ok());
    CHECK(englishTexts(again->warnings)
              .join(QLatin1Char(' '))
              .contains(QStringLiteral("integrator")));
    CHECK(meter->readIntegration()->state == IntegrationState::Reset);
}

TEST_CASE("driver: a link dropped mid-stream ends with a clear error, no hang", "[driver]")
{
    SimProcess sim({"--listen", "127.0.0.1:0", "--fault", "drop@1.5"});
    auto meter = open(sim.resource());
    REQUIRE(meter->configure(elementOne()).ok());
    REQUIRE(meter->startStream().ok());
    QElapsedTimer timer;
    timer.start();
    int good = 0;
    Error error;
    while (timer.elapsed() < 10000) {
        auto s = meter->nextSample();
        if (!s) {
            error = s.error();
            break;
        }
        ++good;
    }
    CHECK(good > 3);
    CHECK(timer.elapsed() < 6000);
    CHECK(error.code == ErrorCode::Disconnected);
    CHECK(error.message.english().contains(sim.resource().mid(4)));
}

TEST_CASE("driver: a stalled meter times out and the link recovers afterwards", "[driver]")
{
    SimProcess sim({"--listen", "127.0.0.1:0", "--fault", "stall@1.5:1.5"});
    auto meter = open(sim.resource(), OpenOptions{400ms, {}});
    REQUIRE(meter->configure(elementOne()).ok());
    REQUIRE(meter->startStream().ok());
    QElapsedTimer timer;
    timer.start();
    Error error;
    while (timer.elapsed() < 5000) {
        auto s = meter->nextSample();
        if (!s) {
            error = s.error();
            break;
        }
    }
    CHECK(error.code == ErrorCode::Timeout);
    QThread::msleep(1500); // the stall ends
    // Late replies of the timed-out exchange are discarded; values flow again.
    REQUIRE(meter->startStream().ok());
    for (int i = 0; i < 5; ++i) {
        auto s = meter->nextSample();
        INFO((s ? QString() : s.error().toString()).toStdString());
        REQUIRE(s.ok());
        CHECK(s->values.size() == 3);
    }
}

TEST_CASE("acquisition: signals, prompt stop and close, the meter left in local mode",
          "[acquisition]")
{
    SimProcess sim({"--listen", "127.0.0.1:0"});
    MeterAcquisition acquisition;
    QSignalSpy opened(&acquisition, &MeterAcquisition::opened);
    QSignalSpy configured(&acquisition, &MeterAcquisition::configured);
    QSignalSpy samples(&acquisition, &MeterAcquisition::sampleReady);
    QSignalSpy stopped(&acquisition, &MeterAcquisition::streamStopped);
    QSignalSpy closed(&acquisition, &MeterAcquisition::closed);
    QSignalSpy failed(&acquisition, &MeterAcquisition::failed);

    acquisition.open(sim.resource());
    REQUIRE(opened.wait(5000));
    CHECK(opened.at(0).at(0).value<Identity>().model == QStringLiteral("WT332"));
    acquisition.configure(elementOne());
    REQUIRE(configured.wait(5000));
    acquisition.start();
    QElapsedTimer timer;
    timer.start();
    while (samples.size() < 10 && timer.elapsed() < 5000)
        samples.wait(500);
    CHECK(samples.size() >= 10);
    CHECK(acquisition.isStreaming());

    timer.restart();
    acquisition.stop();
    REQUIRE(stopped.wait(2000));
    CHECK(timer.elapsed() < 300);
    CHECK_FALSE(acquisition.isStreaming());
    acquisition.integrate(IntegrationCommand::Reset); // the link is usable after the stop
    QSignalSpy integration(&acquisition, &MeterAcquisition::integrationRead);
    REQUIRE(integration.wait(3000));
    acquisition.close();
    REQUIRE(closed.wait(3000));
    CHECK(failed.isEmpty());

    QTcpSocket probe;
    probe.connectToHost(QStringLiteral("127.0.0.1"), sim.resource().section(':', 2).toUShort());
    REQUIRE(probe.waitForConnected(2000));
    probe.write(":COMM:HEAD OFF;:COMM:REM?\n");
    REQUIRE(probe.waitForReadyRead(2000));
    CHECK(probe.readAll().trimmed() == "0");
}

TEST_CASE("acquisition: meter errors while streaming are reported, the stream goes on",
          "[acquisition]")
{
    SimProcess sim({"--listen", "127.0.0.1:0", "--fault", "error@1:390"});
    MeterAcquisition acquisition;
    QSignalSpy configured(&acquisition, &MeterAcquisition::configured);
    QSignalSpy errors(&acquisition, &MeterAcquisition::instrumentError);
    QSignalSpy samples(&acquisition, &MeterAcquisition::sampleReady);
    QSignalSpy failed(&acquisition, &MeterAcquisition::failed);
    acquisition.open(sim.resource());
    acquisition.configure(elementOne());
    REQUIRE(configured.wait(5000));
    acquisition.start();
    REQUIRE(errors.wait(8000));
    CHECK(errors.at(0).at(0).value<Error>().instrumentCode == 390);
    const auto before = samples.size();
    QTest::qWait(500);
    CHECK(samples.size() > before + 2);
    CHECK(failed.isEmpty());
}

TEST_CASE("acquisition: a dropped link ends the stream with failed()", "[acquisition]")
{
    // The drop is timed from the simulator's start: late enough that configuring (which reads
    // every setting back) is over even on a loaded machine.
    SimProcess sim({"--listen", "127.0.0.1:0", "--fault", "drop@4"});
    MeterAcquisition acquisition;
    QSignalSpy configured(&acquisition, &MeterAcquisition::configured);
    QSignalSpy failed(&acquisition, &MeterAcquisition::failed);
    acquisition.open(sim.resource());
    acquisition.configure(elementOne());
    REQUIRE(configured.wait(5000));
    REQUIRE(failed.isEmpty());
    acquisition.start();
    REQUIRE(failed.wait(10000));
    CHECK(failed.at(0).at(0).value<Error>().code == ErrorCode::Disconnected);
    CHECK_FALSE(acquisition.isStreaming());
}
