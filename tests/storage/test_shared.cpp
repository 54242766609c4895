// The lab database with several benches: `cipherwatt-cli copy` between a bench's SQLite file
// and the PostgreSQL database, both ways and idempotently; two benches measuring into it at
// once.

#include "storage_backends.h"

#include <cipherwatt/core/copy.h>
#include <cipherwatt/core/storage.h>

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <postgres.h>
#include <process.h>
#include <thread>

using namespace cipherwatt::core;
using cipherwatt::test::Backend;
using cipherwatt::test::openOk;
using cipherwatt::test::ProcessResult;
using cipherwatt::test::runProcess;
using cipherwatt::test::TestDatabase;

namespace {

ProcessResult cli(std::vector<std::string> args)
{
    args.insert(args.begin(), CIPHERWATT_CLI_EXE);
    return runProcess(args, {}, std::chrono::seconds(120));
}

// A finished session of every kind of row: tags, a baseline, a run with its result, samples
// in both, an event; `watts` sets its power.
qint64 storeSession(Storage &storage, const QString &label, const QString &bench, double watts)
{
    SessionSettings s;
    s.label = label;
    s.bench = bench;
    s.operatorName = QStringLiteral("Choi");
    s.tags = {QStringLiteral("lab"), label};
    MeterSetup meter;
    meter.description = QStringLiteral("YOKOGAWA WT332");
    auto id = storage.createSession(s, meter, {}, 1'700'000'000'000, true);
    REQUIRE(id.ok());
    auto baseline =
        storage.beginPhase(*id, PhaseKind::Baseline, Message::plain(QStringLiteral("idle")), 0, 0);
    REQUIRE(baseline.ok());
    StoredSample x;
    x.values = {230.0, watts / 230.0, watts};
    for (int i = 1; i <= 10; ++i) {
        x.tNs = i * 100'000'000LL;
        x.meterSequence = static_cast<quint64>(i);
        x.power = watts;
        x.wattHours = std::nan("");
        x.phaseId = *baseline;
        REQUIRE(storage.addSample(*id, x).ok());
    }
    REQUIRE(storage.endPhase(*baseline, 1'000'000'000).ok());
    StoredRun run;
    run.ordinal = 1;
    run.cipher = QStringLiteral("chacha20");
    run.backend = QStringLiteral("botan");
    run.operation = QStringLiteral("encrypt");
    run.bufferBytes = 4096;
    auto runId = storage.addRun(*id, run);
    REQUIRE(runId.ok());
    run.id = *runId;
    auto runPhase = storage.beginPhase(*id, PhaseKind::Run, {}, run.id, 1'000'000'000);
    REQUIRE(runPhase.ok());
    for (int i = 11; i <= 20; ++i) {
        x.tNs = i * 100'000'000LL;
        x.meterSequence = static_cast<quint64>(i);
        x.power = watts + 1.0 / 3.0;
        x.phaseId = *runPhase;
        x.runId = run.id;
        REQUIRE(storage.addSample(*id, x).ok());
        // A power source on the DUT beside the meter: a RAPL zone's mean over each 0.1 s.
        REQUIRE(storage.addReading(*id, {0, x.tNs + 50'000'000, 100'000'000, watts / 2.0}).ok());
    }
    // A second source, a fuel gauge's instantaneous value (span 0).
    REQUIRE(storage.addReading(*id, {1, 1'900'000'000, 0, 1.0 / 7.0}).ok());
    REQUIRE(storage.endPhase(*runPhase, 2'000'000'000).ok());
    run.status = RunStatus::Done;
    run.windowStartNs = 1'000'000'000;
    run.windowEndNs = 2'000'000'000;
    WorkerResult result;
    result.bytes = 4096 * 1000;
    run.result = result;
    REQUIRE(storage.updateRun(run).ok());
    REQUIRE(storage
                .addEvent(*id, {1'500'000'000, QStringLiteral("warning"),
                                Message::plain(QStringLiteral("hot"))})
                .ok());
    REQUIRE(storage.setStatus(*id, SessionStatus::Complete).ok());
    return *id;
}

// Everything a session holds, the same in both databases; only the row keys differ (and how
// the rows refer to each other is checked through them).
void checkSame(const SessionData &a, const SessionData &b)
{
    CHECK(a.summary.uid == b.summary.uid);
    CHECK(a.summary.label == b.summary.label);
    CHECK(a.summary.bench == b.summary.bench);
    CHECK(a.summary.host == b.summary.host);
    CHECK(a.summary.operatorName == b.summary.operatorName);
    CHECK(a.summary.tags == b.summary.tags);
    CHECK(a.summary.status == b.summary.status);
    CHECK(a.summary.createdUtc == b.summary.createdUtc);
    CHECK(a.summary.simulated == b.summary.simulated);
    CHECK(a.startedUtc == b.startedUtc);
    CHECK(a.endedUtc == b.endedUtc);
    CHECK(a.originUtcMs == b.originUtcMs);
    CHECK(a.meter.description == b.meter.description);
    REQUIRE(a.runs.size() == b.runs.size());
    for (std::size_t i = 0; i < a.runs.size(); ++i) {
        CHECK(a.runs[i].label() == b.runs[i].label());
        CHECK(a.runs[i].status == b.runs[i].status);
        CHECK(a.runs[i].windowEndNs == b.runs[i].windowEndNs);
        REQUIRE(a.runs[i].result.has_value() == b.runs[i].result.has_value());
        if (a.runs[i].result)
            CHECK(a.runs[i].result->bytes == b.runs[i].result->bytes);
    }
    REQUIRE(a.phases.size() == b.phases.size());
    for (std::size_t i = 0; i < a.phases.size(); ++i) {
        CHECK(a.phases[i].kind == b.phases[i].kind);
        CHECK(a.phases[i].startNs == b.phases[i].startNs);
        CHECK(a.phases[i].endNs == b.phases[i].endNs);
        CHECK((a.phases[i].runId == 0) == (b.phases[i].runId == 0));
    }
    REQUIRE(a.samples.size() == b.samples.size());
    for (std::size_t i = 0; i < a.samples.size(); ++i) {
        INFO("sample " << i);
        CHECK(a.samples[i].tNs == b.samples[i].tNs);
        CHECK(a.samples[i].power == b.samples[i].power);
        CHECK(std::isnan(b.samples[i].wattHours));
        CHECK(a.samples[i].values == b.samples[i].values);
        // The same phase and run, by what they are (their keys are new).
        const auto phaseIndex = [](const SessionData &d, qint64 id) {
            for (std::size_t p = 0; p < d.phases.size(); ++p) {
                if (d.phases[p].id == id)
                    return static_cast<int>(p);
            }
            return -1;
        };
        CHECK(phaseIndex(a, a.samples[i].phaseId) == phaseIndex(b, b.samples[i].phaseId));
        CHECK(phaseIndex(a, a.samples[i].phaseId) >= 0);
        CHECK((a.samples[i].runId == 0) == (b.samples[i].runId == 0));
        if (b.samples[i].runId != 0)
            CHECK(b.samples[i].runId == b.runs[0].id);
    }
    REQUIRE(a.events.size() == b.events.size());
    CHECK(a.events[0].text.english() == b.events[0].text.english());
    REQUIRE(a.readings.size() == b.readings.size());
    for (std::size_t i = 0; i < a.readings.size(); ++i) {
        INFO("reading " << i);
        CHECK(a.readings[i].source == b.readings[i].source);
        CHECK(a.readings[i].tNs == b.readings[i].tNs);
        CHECK(a.readings[i].spanNs == b.readings[i].spanNs);
        CHECK(a.readings[i].watts == b.readings[i].watts); // bit for bit
    }
}

} // namespace

TEST_CASE("copy: a bench's file into the lab database and back, idempotently", "[copy]")
{
    TestDatabase bench(Backend::Sqlite, "bench");
    TestDatabase lab(Backend::Postgres, "lab");
    qint64 first = 0;
    qint64 second = 0;
    qint64 busy = 0;
    {
        auto storage = openOk(bench.location());
        first = storeSession(*storage, QStringLiteral("first"), QStringLiteral("rpi"), 3.25);
        second = storeSession(*storage, QStringLiteral("second"), QStringLiteral("rpi"), 4.5);
    }
    const std::string from = bench.location().toStdString();
    const std::string to = lab.location().toStdString();

    // One session named: only it.
    auto one = cli({"copy", "--from", from, "--to", to, std::to_string(second)});
    INFO(one.err);
    REQUIRE(one.exitCode == 0);
    CHECK_THAT(one.out, Catch::Contains("1 copied, 0 already there"));
    // Then all: the other one; again: nothing.
    auto all = cli({"copy", "--from", from, "--to", to});
    REQUIRE(all.exitCode == 0);
    CHECK_THAT(all.out, Catch::Contains("1 copied, 1 already there"));
    auto again = cli({"copy", "--from", from, "--to", to});
    REQUIRE(again.exitCode == 0);
    CHECK_THAT(again.out, Catch::Contains("0 copied, 2 already there"));
    CHECK(lab.value(QStringLiteral("SELECT count(*) FROM sessions")) == 2);
    CHECK(lab.value(QStringLiteral("SELECT count(*) FROM samples")) == 40);
    CHECK(lab.value(QStringLiteral("SELECT count(*) FROM source_readings")) == 22);

    // Back into another bench's empty file.
    TestDatabase other(Backend::Sqlite, "other");
    auto back = cli({"copy", "--from", to, "--to", other.location().toStdString()});
    INFO(back.err);
    REQUIRE(back.exitCode == 0);
    CHECK_THAT(back.out, Catch::Contains("2 copied, 0 already there"));

    auto source = openOk(bench.location());
    auto shared = openOk(lab.location());
    auto copy = openOk(other.location());
    for (const qint64 id : {first, second}) {
        auto original = source->load(id);
        REQUIRE(original.ok());
        auto inLab = shared->holding(original->summary.uid);
        REQUIRE(inLab.ok());
        REQUIRE(inLab->session != 0);
        CHECK(inLab->samples == 20);
        CHECK(inLab->events == 1);
        CHECK(inLab->readings == 11);
        auto labData = shared->load(inLab->session);
        REQUIRE(labData.ok());
        checkSame(*original, *labData);
        auto inOther = copy->holding(original->summary.uid);
        REQUIRE(inOther.ok());
        REQUIRE(inOther->session != 0);
        auto otherData = copy->load(inOther->session);
        REQUIRE(otherData.ok());
        checkSame(*original, *otherData);
    }

    // A session still being measured is not copied, and the command says so.
    auto running = source->createSession({}, {}, {}, 0, false);
    REQUIRE(running.ok());
    busy = *running;
    auto notYet = cli({"copy", "--from", from, "--to", to, std::to_string(busy)});
    CHECK(notYet.exitCode == 2);
    CHECK_THAT(notYet.out, Catch::Contains("still running, not copied"));
    CHECK(lab.value(QStringLiteral("SELECT count(*) FROM sessions")) == 2);

    // Mistakes: an id the source lacks, a bad target; nothing copied, one line.
    auto missing = cli({"copy", "--from", from, "--to", to, "999"});
    CHECK(missing.exitCode == 2);
    CHECK_THAT(missing.err, Catch::Contains("has no session 999"));
    auto bad = cli({"copy", "--from", from, "--to", "postgresql://x:pw@127.0.0.1/lab"});
    CHECK(bad.exitCode == 1);
    CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
    CHECK_THAT(bad.err, !Catch::Contains("pw@"));
}

TEST_CASE("shared: two benches measure into the lab database at once", "[shared]")
{
    // Two processes started together; each stores every update. Whether their sessions overlap
    // in time depends on how the machine schedules their start (a worker's self-test on a
    // loaded machine can take as long as a whole session): they must overlap in one of three
    // attempts, which they cannot if one bench's session blocks the other's.
    const auto attempt = [&]() -> bool {
        TestDatabase lab(Backend::Postgres, "lab");
        const std::string db = lab.location().toStdString();
        const auto measure = [&](const std::string &bench, ProcessResult &result) {
            result =
                cli({"run",
                     "--meter",
                     std::string("sim:") + CIPHERWATT_TEST_DATA + "/sim/worker-threshold.profile",
                     "--plan",
                     "chacha20/botan:encrypt",
                     "--baseline",
                     "2",
                     "--seconds",
                     "3",
                     "--min-updates",
                     "20",
                     "--db",
                     db,
                     "--label",
                     "at once",
                     "--bench",
                     bench,
                     "--operator",
                     "Han",
                     "--governor",
                     "none",
                     "--worker",
                     CIPHERWATT_BENCH_EXE});
        };
        ProcessResult a;
        ProcessResult b;
        std::thread first([&] { measure("bench-a", a); });
        std::thread second([&] { measure("bench-b", b); });
        first.join();
        second.join();
        // The one-line reasons first: a log that keeps only the start still shows them.
        const auto lastLine = [](const std::string &err) {
            const auto end = err.find_last_not_of('\n');
            if (end == std::string::npos)
                return std::string();
            const auto start = err.rfind('\n', end);
            return err.substr(start == std::string::npos ? 0 : start + 1,
                              end - (start == std::string::npos ? 0 : start + 1) + 1);
        };
        INFO("bench-a: " << lastLine(a.err) << "\nbench-b: " << lastLine(b.err));
        INFO(a.err << "\n" << b.err);
        REQUIRE(a.exitCode == 0);
        REQUIRE(b.exitCode == 0);

        auto storage = openOk(lab.location());
        std::vector<SessionData> sessions;
        for (const char *bench : {"bench-a", "bench-b"}) {
            auto list = storage->sessions({QString::fromLatin1(bench), QStringLiteral("Han")});
            REQUIRE(list.ok());
            REQUIRE(list->size() == 1);
            auto data = storage->load(list->front().id);
            REQUIRE(data.ok());
            CHECK(data->summary.status == SessionStatus::Complete);
            REQUIRE(data->runs.size() == 1);
            CHECK(data->runs[0].status == RunStatus::Done);
            // Every update stored, in order: the meter numbers them one by one.
            REQUIRE(data->samples.size() >= 40);
            for (std::size_t i = 1; i < data->samples.size(); ++i)
                CHECK(data->samples[i].meterSequence ==
                      data->samples[i - 1].meterSequence + 1 + data->samples[i].missedBefore);
            sessions.push_back(std::move(*data));
        }
        // The command line's library, one bench's and one operator's.
        const auto listed = cli({"sessions", "--db", db, "--bench", "bench-a", "--json"});
        REQUIRE(listed.exitCode == 0);
        const QJsonArray benchA =
            QJsonDocument::fromJson(QByteArray::fromStdString(listed.out)).array();
        REQUIRE(benchA.size() == 1);
        CHECK(benchA[0].toObject()[QStringLiteral("bench")].toString() ==
              QStringLiteral("bench-a"));
        CHECK(benchA[0].toObject()[QStringLiteral("operator")].toString() == QStringLiteral("Han"));
        const auto byOperator = cli({"sessions", "--db", db, "--operator", "Han"});
        REQUIRE(byOperator.exitCode == 0);
        CHECK_THAT(byOperator.out, Catch::Contains("bench-a") && Catch::Contains("bench-b"));
        const auto nobody = cli({"sessions", "--db", db, "--operator", "Nobody", "--json"});
        CHECK(QJsonDocument::fromJson(QByteArray::fromStdString(nobody.out)).array().isEmpty());

        // They did run at the same time.
        const auto at = [](const QString &utc) {
            return QDateTime::fromString(utc, Qt::ISODateWithMs).toMSecsSinceEpoch();
        };
        return at(sessions[0].startedUtc) < at(sessions[1].endedUtc) &&
               at(sessions[1].startedUtc) < at(sessions[0].endedUtc);
    };
    bool overlapped = false;
    for (int i = 0; i < 3 && !overlapped; ++i)
        overlapped = attempt();
    CHECK(overlapped);
}

namespace {

// A session of the command line into the lab database, on its own thread; the journal under
// `home` (XDG_DATA_HOME), so that this test's journal is its own.
class Measuring
{
public:
    Measuring(const std::string &db, const std::string &home, const std::string &bench)
        : m_thread([this, db, home, bench] {
            m_result = runProcess(
                {CIPHERWATT_CLI_EXE,
                 "run",
                 "--meter",
                 std::string("sim:") + CIPHERWATT_TEST_DATA + "/sim/worker-threshold.profile",
                 "--plan",
                 "chacha20/botan:encrypt",
                 "--baseline",
                 "4",
                 "--seconds",
                 "4",
                 "--min-updates",
                 "20",
                 "--db",
                 db,
                 "--label",
                 "dropped",
                 "--bench",
                 bench,
                 "--governor",
                 "none",
                 "--worker",
                 CIPHERWATT_BENCH_EXE},
                {}, std::chrono::seconds(120), {"XDG_DATA_HOME=" + home});
        })
    {}
    ~Measuring()
    {
        if (m_thread.joinable())
            m_thread.join();
    }
    Measuring(const Measuring &) = delete;
    Measuring &operator=(const Measuring &) = delete;

    const ProcessResult &result()
    {
        m_thread.join();
        return m_result;
    }

private:
    ProcessResult m_result;
    std::thread m_thread;
};

// Waits (at most a minute) until the lab database has `count` updates.
bool waitForSamples(TestDatabase &lab, qint64 count)
{
    for (int i = 0; i < 300; ++i) {
        // The schema is made by the session's program, a moment after it starts.
        if (lab.value(QStringLiteral("SELECT count(*) FROM information_schema.tables WHERE "
                                     "table_name = 'samples'")) == 1 &&
            lab.value(QStringLiteral("SELECT count(*) FROM samples")) >= count)
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    return false;
}

// The journal of `uri` for a program whose XDG_DATA_HOME is `home`.
QString journalOf(const QString &uri, const std::string &home)
{
    const QByteArray before = qgetenv("XDG_DATA_HOME");
    qputenv("XDG_DATA_HOME", QByteArray::fromStdString(home));
    const QString path = journalPath(uri);
    qputenv("XDG_DATA_HOME", before);
    return path;
}

bool hasEvent(const SessionData &d, const char *text)
{
    return std::any_of(d.events.begin(), d.events.end(), [&](const StoredEvent &e) {
        return e.text.english().contains(QString::fromUtf8(text));
    });
}

// The lab's copy of the journal's one session: every update, in order, none twice.
void checkNothingLost(const QString &labUri, const QString &journal)
{
    auto local = openOk(journal);
    auto localList = local->sessions();
    REQUIRE(localList.ok());
    REQUIRE(localList->size() == 1);
    auto kept = local->load(localList->front().id);
    REQUIRE(kept.ok());
    CHECK(kept->summary.status == SessionStatus::Complete);
    auto lab = openOk(labUri);
    auto there = lab->holding(kept->summary.uid);
    REQUIRE(there.ok());
    REQUIRE(there->session != 0);
    auto sent = lab->load(there->session);
    REQUIRE(sent.ok());
    CHECK(sent->summary.status == SessionStatus::Complete);
    REQUIRE(sent->samples.size() == kept->samples.size());
    REQUIRE(sent->samples.size() >= 60);
    for (std::size_t i = 0; i < sent->samples.size(); ++i) {
        INFO("update " << i);
        CHECK(sent->samples[i].meterSequence == kept->samples[i].meterSequence);
        CHECK(sent->samples[i].power == kept->samples[i].power);
        if (i > 0)
            CHECK(sent->samples[i].meterSequence ==
                  sent->samples[i - 1].meterSequence + 1 + sent->samples[i].missedBefore);
    }
    REQUIRE(sent->runs.size() == 1);
    CHECK(sent->runs[0].status == RunStatus::Done);
    REQUIRE(sent->runs[0].analysis.has_value());
    CHECK(sent->events.size() == kept->events.size());
}

} // namespace

TEST_CASE("shared: the connection killed mid-session: nothing lost, the session says so",
          "[shared]")
{
    TestDatabase lab(Backend::Postgres, "dropped");
    cipherwatt::test::TempDir home;
    const std::string db = lab.location().toStdString();
    Measuring measuring(db, home.path().string(), "bench-k");
    REQUIRE(waitForSamples(lab, 15));
    lab.close(); // the test's own connection would go too
    CHECK(cipherwatt::test::sharedPostgres().terminateConnections(lab.name()) >= 1);
    const ProcessResult &r = measuring.result();
    INFO(r.err);
    REQUIRE(r.exitCode == 0);

    const QString journal = journalOf(lab.location(), home.path().string());
    checkNothingLost(lab.location(), journal);
    auto storage = openOk(lab.location());
    auto list = storage->sessions({QStringLiteral("bench-k"), {}});
    REQUIRE(list.ok());
    REQUIRE(list->size() == 1);
    auto data = storage->load(list->front().id);
    REQUIRE(data.ok());
    CHECK(hasEvent(*data, "stopped answering"));
    CHECK(hasEvent(*data, "answers again"));
}

TEST_CASE("shared: the server gone for the rest of a session: it completes locally, sync sends it",
          "[shared]")
{
    TestDatabase lab(Backend::Postgres, "gone");
    cipherwatt::test::TempDir home;
    const std::string db = lab.location().toStdString();
    const std::string homeVar = "XDG_DATA_HOME=" + home.path().string();
    auto &server = cipherwatt::test::sharedPostgres();
    {
        Measuring measuring(db, home.path().string(), "bench-g");
        REQUIRE(waitForSamples(lab, 15));
        lab.close();
        server.stop();
        const ProcessResult &r = measuring.result();
        INFO(r.err);
        server.start();
        CHECK(r.exitCode == 0);
        CHECK_THAT(r.err, Catch::Contains("sync --db " + db));
    }
    const QString journal = journalOf(lab.location(), home.path().string());
    // What the lab database has is the session as far as it got, still `running`.
    CHECK(lab.value(QStringLiteral("SELECT count(*) FROM sessions WHERE status = 'running'")) == 1);

    const auto sync = runProcess({CIPHERWATT_CLI_EXE, "sync", "--db", db}, {},
                                 std::chrono::seconds(60), {homeVar});
    INFO(sync.err);
    REQUIRE(sync.exitCode == 0);
    CHECK_THAT(sync.out, Catch::Contains("updates and"));
    checkNothingLost(lab.location(), journal);
    auto storage = openOk(lab.location());
    auto list = storage->sessions({QStringLiteral("bench-g"), {}});
    REQUIRE(list.ok());
    REQUIRE(list->size() == 1);
    auto data = storage->load(list->front().id);
    REQUIRE(data.ok());
    CHECK(hasEvent(*data, "did not answer again"));

    // Again: nothing more to send.
    const auto again = runProcess({CIPHERWATT_CLI_EXE, "sync", "--db", db}, {},
                                  std::chrono::seconds(60), {homeVar});
    REQUIRE(again.exitCode == 0);
    CHECK_THAT(again.out, Catch::Contains(": 0 updates and 0 events sent"));
}
