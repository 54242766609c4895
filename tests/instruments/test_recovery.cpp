// A meter that hiccups: implausible finite values are flagged and not used, malformed replies,
// stalls and dropped links are recovered within the bounds of RecoveryPolicy with the gap
// marked, and a meter that stays gone fails with one line. The faults are the simulated WT332's
// (simulator.h), in process and over TCP (wt300-sim). Expected limits are computed by hand from
// the manual's 140 % rule (plausibility.h); expected gaps from the host clock of the test.

#include "sim_process.h"

#include <cipherwatt/instruments/acquisition.h>
#include <cipherwatt/instruments/meter.h>

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryFile>
#include <QTest>
#include <catch2/catch.hpp>

#include <cmath>

using namespace cipherwatt::instruments;
using cipherwatt::test::SimProcess;
using namespace std::chrono_literals;

namespace {

class ProfileFile
{
public:
    explicit ProfileFile(const QString &text)
    {
        REQUIRE(m_file.open());
        m_file.write(text.toUtf8());
        m_file.flush();
    }
    QString resource() const { return QStringLiteral("sim:") + m_file.fileName(); }

private:
    QTemporaryFile m_file;
};

std::unique_ptr<PowerMeter> open(const QString &resource)
{
    auto meter = openMeter(resource);
    INFO((meter ? QString() : meter.error().toString()).toStdString());
    REQUIRE(meter.ok());
    return std::move(*meter);
}

MeterConfig fixedRanges(double volts, double amps)
{
    MeterConfig c;
    c.elements = {1};
    c.functions = {Function::U, Function::I, Function::P};
    c.voltageRange = Range{false, volts};
    c.currentRange = Range{false, amps};
    return c;
}

std::vector<Sample> streamFor(PowerMeter &meter, std::chrono::milliseconds length)
{
    std::vector<Sample> samples;
    REQUIRE(meter.startStream().ok());
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < length.count()) {
        auto s = meter.nextSample();
        INFO((s ? QString() : s.error().toString()).toStdString());
        REQUIRE(s.ok());
        samples.push_back(*s);
    }
    REQUIRE(meter.stopStream().ok());
    return samples;
}

// A MeterAcquisition streaming from `resource` with `policy`, recording what it signals.
struct Watched
{
    explicit Watched(const QString &resource, RecoveryPolicy policy,
                     std::chrono::milliseconds timeout = 500ms)
        : samples(&acquisition, &MeterAcquisition::sampleReady)
        , retrying(&acquisition, &MeterAcquisition::retrying)
        , recovered(&acquisition, &MeterAcquisition::recovered)
        , failed(&acquisition, &MeterAcquisition::failed)
        , stopped(&acquisition, &MeterAcquisition::streamStopped)
    {
        QSignalSpy configured(&acquisition, &MeterAcquisition::configured);
        QSignalSpy failedEarly(&acquisition, &MeterAcquisition::failed);
        OpenOptions options;
        options.timeout = timeout;
        options.recovery = policy;
        acquisition.open(resource, options);
        MeterConfig config;
        config.elements = {1};
        config.functions = {Function::U, Function::I, Function::P};
        acquisition.configure(config);
        REQUIRE(configured.wait(10000));
        REQUIRE(failedEarly.isEmpty());
        QObject::connect(&acquisition, &MeterAcquisition::retrying, &acquisition,
                         [this] { retryAt.push_back(clock.elapsed()); });
        QObject::connect(&acquisition, &MeterAcquisition::recovered, &acquisition,
                         [this] { recoveredAt.push_back(clock.elapsed()); });
        acquisition.start();
        clock.start();
    }

    Sample sample(int i) const { return samples.at(i).at(0).value<Sample>(); }

    // Waits until `spy` has `count` signals or `ms` have passed since the stream started.
    static bool waitFor(QSignalSpy &spy, int count, const QElapsedTimer &since, qint64 ms)
    {
        while (spy.size() < count && since.elapsed() < ms)
            spy.wait(static_cast<int>(std::max<qint64>(1, std::min<qint64>(200, ms))));
        return spy.size() >= count;
    }

    MeterAcquisition acquisition;
    QSignalSpy samples;
    QSignalSpy retrying;
    QSignalSpy recovered;
    QSignalSpy failed;
    QSignalSpy stopped;
    QElapsedTimer clock;
    std::vector<qint64> retryAt; // ms since the stream started, of each signal
    std::vector<qint64> recoveredAt;
};

RecoveryPolicy quickPolicy(int attempts = 5, std::chrono::milliseconds window = 8000ms,
                           std::chrono::milliseconds pause = 250ms)
{
    RecoveryPolicy p;
    p.attempts = attempts;
    p.window = window;
    p.pause = pause;
    return p;
}

// After a recovery: the first sample carries the gap, and over the whole stream every update
// interval of the host clock is accounted for, either as a sample or as a missed update.
void requireGapMarked(const Watched &w)
{
    REQUIRE(w.recovered.size() >= 1);
    REQUIRE(w.samples.size() > 2);
    const int missed = w.recovered.at(0).at(1).toInt();
    CHECK(missed >= 1);
    bool found = false;
    std::uint64_t counted = 0;
    for (int i = 0; i < w.samples.size(); ++i) {
        const Sample s = w.sample(i);
        if ((s.flags & SampleFlag::Duplicate) != 0)
            continue;
        counted += 1 + (i > 0 ? s.missedBefore : 0);
        if (!found && (s.flags & SampleFlag::Gap) != 0 &&
            s.missedBefore == static_cast<std::uint32_t>(missed)) {
            found = true;
            // The sequence jumps over the missed updates.
            CHECK(s.sequence == w.sample(i - 1).sequence + 1 + s.missedBefore);
        }
    }
    CHECK(found);
    const Sample first = w.sample(0);
    const Sample last = w.sample(static_cast<int>(w.samples.size()) - 1);
    const double intervals = static_cast<double>(last.hostNs - first.hostNs) / 1e8 + 1.0;
    INFO("samples and missed " << counted << ", host-clock intervals " << intervals);
    CHECK(std::fabs(static_cast<double>(counted) - intervals) <= 1.5);
}

} // namespace

TEST_CASE("driver: an implausible finite value is flagged and not used", "[driver][plausibility]")
{
    // 1e30 W on element 1 for two updates, from 0.5 s on.
    ProfileFile profile(QStringLiteral("load script\nstep 0 50\nnoise 0\n"
                                       "fault implausible@0.5:2\n"));
    auto meter = open(profile.resource());
    REQUIRE(meter->configure(fixedRanges(300.0, 0.5)).ok());
    const std::vector<Sample> samples = streamFor(*meter, 1500ms);
    int implausible = 0;
    for (const Sample &s : samples) {
        if ((s.flags & SampleFlag::Implausible) == 0) {
            CHECK(s.states[2] == ValueState::Valid);
            CHECK(s.values[2] == Approx(50.0));
            continue;
        }
        ++implausible;
        CHECK(s.states[2] == ValueState::Implausible);
        CHECK(std::isnan(s.values[2]));
        CHECK(s.states[0] == ValueState::Valid); // U and I of that update are fine
        CHECK(s.states[1] == ValueState::Valid);
        CHECK(sampleFlagsText(s.flags).contains(QStringLiteral("implausible")));
    }
    CHECK(implausible == 2);
}

TEST_CASE("driver: readings at 139 % of their range are not flagged, 101 % of the power limit is",
          "[driver][plausibility]")
{
    // Fixed 300 V and 0.5 A ranges (WT332, crest factor 3). 417 V is 139 % of 300 V, 0.695 A
    // 139 % of 0.5 A, and at power factor 1 the power is 417 x 0.695 = 289.815 W, 98.6 % of
    // the limit (1.4 x 300 V) x (1.4 x 0.5 A) = 294 W. The meter shows all three.
    ProfileFile profile(QStringLiteral("load script\nstep 0 289.815\nnoise 0\nvoltage 417\n"
                                       "power_factor 1\nfault implausible@0.6:1:296.94\n"));
    auto meter = open(profile.resource());
    auto applied = meter->configure(fixedRanges(300.0, 0.5));
    REQUIRE(applied.ok());
    CHECK(applied->crestFactor == CrestFactor::Three);
    const std::vector<Sample> samples = streamFor(*meter, 1200ms);
    int flagged = 0;
    for (const Sample &s : samples) {
        CHECK((s.flags & SampleFlag::OverRange) == 0);
        CHECK(s.states[0] == ValueState::Valid);
        CHECK(s.values[0] == Approx(417.0));
        CHECK(s.states[1] == ValueState::Valid);
        CHECK(s.values[1] == Approx(0.695));
        if ((s.flags & SampleFlag::Implausible) != 0) {
            // 296.94 W = 101 % of 294 W.
            ++flagged;
            CHECK(s.states[2] == ValueState::Implausible);
        } else {
            CHECK(s.values[2] == Approx(289.815));
        }
    }
    CHECK(flagged == 1);
}

TEST_CASE("driver: the crest factor is read back and widens the limits at 6A",
          "[driver][plausibility]")
{
    // A WT332E at crest factor 6A on the 150 V range: 290 V is 193 % of the range, shown by
    // the meter (its limit is 2.8 x 150 V = 420 V); at crest factor 3 it would be over range.
    ProfileFile profile(QStringLiteral("model WT332E\ncrest_factor 6A\nload script\nstep 0 20\n"
                                       "noise 0\nvoltage 290\n"));
    auto meter = open(profile.resource());
    auto applied = meter->configure(fixedRanges(150.0, 0.5));
    REQUIRE(applied.ok());
    CHECK(applied->crestFactor == CrestFactor::SixA);
    for (const Sample &s : streamFor(*meter, 600ms)) {
        CHECK(s.flags == SampleFlag::Simulated);
        CHECK(s.values[0] == Approx(290.0));
    }
}

TEST_CASE("acquisition: malformed replies are resynchronised and the gap marked", "[recovery]")
{
    const char *kind = GENERATE("truncated", "text", "huge", "mixed");
    INFO(kind);
    const int count = QByteArray(kind) == "mixed" ? 3 : 1;
    ProfileFile profile(QStringLiteral("load script\nstep 0 50\nnoise 0\nfault garbage@1:%1:%2\n")
                            .arg(count)
                            .arg(QLatin1String(kind)));
    Watched w(profile.resource(), quickPolicy());
    REQUIRE(Watched::waitFor(w.recovered, 1, w.clock, 6000));
    const qint64 recoveredAt = w.clock.elapsed();
    const int before = static_cast<int>(w.samples.size());
    REQUIRE(Watched::waitFor(w.samples, before + 10, w.clock, recoveredAt + 3000));
    CHECK(w.failed.isEmpty());
    CHECK(w.retrying.size() == count);
    CHECK(w.recovered.at(0).at(0).value<Message>().english().contains(
        QStringLiteral("resynchronised")));
    requireGapMarked(w);
}

TEST_CASE("acquisition over TCP: a truncated FLOAT block breaks the framing and is recovered",
          "[recovery]")
{
    // The block header promises more bytes than come: the framer takes the next replies for
    // the rest of the block until the read times out; the device clear and *IDN? marker set
    // the link right.
    SimProcess sim({"--listen", "127.0.0.1:0", "--fault", "garbage@1.5:1:truncated"});
    Watched w(sim.resource(), quickPolicy());
    REQUIRE(Watched::waitFor(w.recovered, 1, w.clock, 8000));
    const int before = static_cast<int>(w.samples.size());
    REQUIRE(Watched::waitFor(w.samples, before + 10, w.clock, w.clock.elapsed() + 3000));
    CHECK(w.failed.isEmpty());
    requireGapMarked(w);
}

TEST_CASE("acquisition over TCP: a stall is recovered when the meter answers again", "[recovery]")
{
    // No answer for 2.5 s from 1.5 s on: noticed after the timeout plus an interval (0.6 s),
    // then resynchronised and, when that times out too, reconnected.
    SimProcess sim({"--listen", "127.0.0.1:0", "--fault", "stall@1.5:2.5"});
    Watched w(sim.resource(), quickPolicy());
    REQUIRE(Watched::waitFor(w.recovered, 1, w.clock, 10000));
    REQUIRE_FALSE(w.retryAt.empty());
    CHECK(w.recoveredAt.at(0) - w.retryAt[0] < 4000); // 2.5 s of stall, less its detection
    const int before = static_cast<int>(w.samples.size());
    REQUIRE(Watched::waitFor(w.samples, before + 10, w.clock, w.clock.elapsed() + 3000));
    CHECK(w.failed.isEmpty());
    CHECK(w.retrying.size() >= 1);
    CHECK(w.retrying.at(0).at(0).value<Message>().english().contains(QStringLiteral("timeout")));
    // 2.5 s of stall at 100 ms: at least 23 updates missed (the stall began at most one
    // interval after the last good update and ended at most one before the next).
    CHECK(w.recovered.at(0).at(1).toInt() >= 23);
    requireGapMarked(w);
}

TEST_CASE("acquisition over TCP: a dropped link that comes back is reconnected", "[recovery]")
{
    SimProcess sim({"--listen", "127.0.0.1:0", "--fault", "dropfor@1.5:2"});
    Watched w(sim.resource(), quickPolicy(15, 10000ms, 300ms));
    REQUIRE(Watched::waitFor(w.recovered, 1, w.clock, 10000));
    REQUIRE_FALSE(w.retryAt.empty());
    REQUIRE_FALSE(w.recoveredAt.empty());
    // Not before the meter takes connections again, 2 s after the drop; soon after that.
    CHECK(w.recoveredAt[0] - w.retryAt[0] >= 1900);
    CHECK(w.recoveredAt[0] - w.retryAt[0] < 4000);
    const int before = static_cast<int>(w.samples.size());
    REQUIRE(Watched::waitFor(w.samples, before + 10, w.clock, w.clock.elapsed() + 3000));
    CHECK(w.failed.isEmpty());
    CHECK(w.retrying.size() >= 2); // refused at first
    CHECK(
        w.recovered.at(0).at(0).value<Message>().english().contains(QStringLiteral("reconnected")));
    CHECK(w.recovered.at(0).at(1).toInt() >= 18); // 2 s refused, at 100 ms
    requireGapMarked(w);
}

TEST_CASE("acquisition in process: a drop that recovers reopens the link", "[recovery]")
{
    ProfileFile profile(QStringLiteral("load script\nstep 0 50\nnoise 0\nfault dropfor@1:1\n"));
    Watched w(profile.resource(), quickPolicy(12));
    REQUIRE(Watched::waitFor(w.recovered, 1, w.clock, 8000));
    const int before = static_cast<int>(w.samples.size());
    REQUIRE(Watched::waitFor(w.samples, before + 5, w.clock, w.clock.elapsed() + 3000));
    CHECK(w.failed.isEmpty());
    requireGapMarked(w);
}

TEST_CASE("acquisition: a meter that stays gone fails with one line within the bound", "[recovery]")
{
    SECTION("switched off: reconnections are refused")
    {
        SimProcess sim({"--listen", "127.0.0.1:0", "--fault", "drop@1.5"});
        Watched w(sim.resource(), quickPolicy(3, 10000ms, 300ms));
        REQUIRE(Watched::waitFor(w.failed, 1, w.clock, 10000));
        // 1.5 s streaming, three quick attempts 0.3 s apart.
        CHECK(w.clock.elapsed() < 5000);
        CHECK(w.retrying.size() == 3);
        CHECK(w.recovered.isEmpty());
        const Error e = w.failed.at(0).at(0).value<Error>();
        CHECK(e.code == ErrorCode::Disconnected);
        const QString line = e.toString();
        INFO(line.toStdString());
        CHECK_FALSE(line.contains(QLatin1Char('\n')));
        CHECK(line.contains(sim.resource().mid(4)));
        CHECK(line.contains(QStringLiteral("did not come back (3 attempts")));
        CHECK_FALSE(w.acquisition.isStreaming());
    }
    SECTION("a stall that does not end: the window runs out")
    {
        SimProcess sim({"--listen", "127.0.0.1:0", "--fault", "stall@1.5:600"});
        Watched w(sim.resource(), quickPolicy(10, 3000ms, 250ms), 400ms);
        REQUIRE(Watched::waitFor(w.failed, 1, w.clock, 15000));
        // Noticed at 1.5 s + 0.5 s, given up once 3 s have passed, the attempt under way
        // finishing first (at most the TCP connect and two reply timeouts here).
        CHECK(w.clock.elapsed() < 9000);
        const Error e = w.failed.at(0).at(0).value<Error>();
        CHECK(e.code == ErrorCode::Timeout);
        CHECK_FALSE(e.toString().contains(QLatin1Char('\n')));
        CHECK(e.toString().contains(QStringLiteral("did not come back")));
        CHECK(w.retrying.size() < 10);
    }
}

TEST_CASE("acquisition: without recovery the first failure ends the stream", "[recovery]")
{
    ProfileFile profile(QStringLiteral("load script\nstep 0 50\nnoise 0\n"
                                       "fault garbage@1:1:text\n"));
    Watched w(profile.resource(), quickPolicy(0));
    REQUIRE(Watched::waitFor(w.failed, 1, w.clock, 5000));
    CHECK(w.retrying.isEmpty());
    CHECK(w.failed.at(0).at(0).value<Error>().code == ErrorCode::Protocol);
}

TEST_CASE("acquisition: stop during a recovery ends the stream at once", "[recovery]")
{
    SimProcess sim({"--listen", "127.0.0.1:0", "--fault", "stall@1:600"});
    Watched w(sim.resource(), quickPolicy(10, 30000ms, 250ms));
    REQUIRE(Watched::waitFor(w.retrying, 2, w.clock, 10000));
    QElapsedTimer timer;
    timer.start();
    w.acquisition.stop();
    REQUIRE(w.stopped.wait(2000));
    CHECK(timer.elapsed() < 1000);
    CHECK(w.failed.isEmpty());
    CHECK_FALSE(w.acquisition.isStreaming());
}
