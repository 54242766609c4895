// The session database on both back ends (SQLite and PostgreSQL, storage_backends.h): schema
// and migrations, refusal of foreign and newer databases (left untouched), recovery of
// sessions a dead program left running, batching of samples, editing and deleting, the
// bench and operator filters.

#include "storage_backends.h"

#include <cipherwatt/core/database.h>
#include <cipherwatt/core/storage.h>

#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSysInfo>
#include <QThread>
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <limits>
#include <loopback.h>
#include <mutex>
#include <postgres.h>
#include <temp_dir.h>
#include <thread>

using namespace cipherwatt::core;
using cipherwatt::test::Backend;
using cipherwatt::test::backendName;
using cipherwatt::test::openOk;
using cipherwatt::test::TempDir;
using cipherwatt::test::TestDatabase;

namespace {

SessionSettings settings(const QString &label)
{
    SessionSettings s;
    s.label = label;
    s.operatorName = QStringLiteral("Kim");
    s.tags = {QStringLiteral("lea"), QStringLiteral("x86")};
    s.planSpec = QStringLiteral("lea-128-xts");
    return s;
}

StoredSample sample(qint64 tNs, double watts)
{
    StoredSample s;
    s.tNs = tNs;
    s.meterSequence = static_cast<quint64>(tNs / 100'000'000);
    s.power = watts;
    s.wattHours = std::nan("");
    s.values = {230.0, watts / 230.0, watts};
    return s;
}

} // namespace

TEST_CASE("storage: a new database gets the schema and CipherWatt's mark", "[storage]")
{
    const Backend backend = GENERATE(Backend::Sqlite, Backend::Postgres);
    INFO(backendName(backend));
    TestDatabase raw(backend);
    openOk(raw.location());
    CHECK(raw.schemaVersion() == kSchemaVersion);
    if (backend == Backend::Sqlite) {
        CHECK(raw.value(QStringLiteral("PRAGMA application_id")) == kApplicationId);
        CHECK(raw.value(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name IN "
                                       "('sessions','tags','phases','runs','samples','events',"
                                       "'source_readings')")) == 7);
    } else {
        CHECK(raw.value(QStringLiteral("SELECT application_id FROM cipherwatt_meta")) ==
              kApplicationId);
        CHECK(raw.value(QStringLiteral("SELECT count(*) FROM information_schema.tables WHERE "
                                       "table_schema = 'public' AND table_name IN "
                                       "('sessions','tags','phases','runs','samples','events',"
                                       "'source_readings')")) == 7);
        // Times in nanoseconds need 64 bits: SQLite's INTEGER, PostgreSQL's BIGINT.
        CHECK(raw.value(QStringLiteral("SELECT count(*) FROM information_schema.columns WHERE "
                                       "table_name = 'samples' AND column_name = 't_ns' AND "
                                       "data_type = 'bigint'")) == 1);
    }
    // The indexes of the library's filters.
    CHECK(raw.value(backend == Backend::Sqlite
                        ? QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'index' "
                                         "AND name IN ('sessions_bench', 'sessions_operator', "
                                         "'tags_tag', 'sessions_uid')")
                        : QStringLiteral("SELECT count(*) FROM pg_indexes WHERE indexname IN "
                                         "('sessions_bench', 'sessions_operator', 'tags_tag', "
                                         "'sessions_uid')")) == 4);
    // Opening again changes nothing.
    openOk(raw.location());
    CHECK(raw.schemaVersion() == kSchemaVersion);
}

TEST_CASE("storage: programs creating one SQLite file at the same moment all open it", "[storage]")
{
    // Two benches starting together on a new shared journal: each must find the file either
    // new or CipherWatt's, and wait for the other's schema and journal mode, never refuse it.
    // Rounds on fresh files, connections started together from a barrier.
    constexpr int kConnections = 4;
    constexpr int kRounds = 25;
    TempDir dir;
    std::vector<QString> failures;
    std::mutex failuresMutex;
    for (int round = 0; round < kRounds; ++round) {
        const QString path = QString::fromStdString(
            (dir.path() / ("new-" + std::to_string(round) + ".sqlite")).string());
        std::atomic<int> waiting{kConnections};
        std::vector<std::thread> threads;
        for (int i = 0; i < kConnections; ++i)
            threads.emplace_back([&] {
                waiting.fetch_sub(1);
                while (waiting.load() > 0)
                    std::this_thread::yield();
                auto opened = Storage::open(path);
                if (!opened.ok()) {
                    const std::lock_guard lock(failuresMutex);
                    failures.push_back(opened.error().message.english());
                }
            });
        for (auto &thread : threads)
            thread.join();
    }
    INFO((failures.empty() ? QString() : failures.front()).toStdString());
    CHECK(failures.empty());
}

TEST_CASE("storage: a session round-trips with phases, runs, samples and events", "[storage]")
{
    const Backend backend = GENERATE(Backend::Sqlite, Backend::Postgres);
    INFO(backendName(backend));
    TestDatabase db(backend);
    auto storage = openOk(db.location());
    MeterSetup meter;
    meter.description = QStringLiteral("YOKOGAWA WT332");
    DutSetup dut;
    dut.description = QStringLiteral("local: test");
    auto id = storage->createSession(settings(QStringLiteral("LEA, \"fast\" 리아")), meter, dut,
                                     1'700'000'000'000, true);
    REQUIRE(id.ok());
    auto phase =
        storage->beginPhase(*id, PhaseKind::Baseline, Message::plain(QStringLiteral("idle")), 0, 0);
    REQUIRE(phase.ok());
    for (int i = 1; i <= 25; ++i) {
        REQUIRE(storage->addSample(*id, sample(i * 100'000'000LL, 4.0 + i * 0.01)).ok());
        // Two power sources on the DUT, buffered with the samples: a counter's mean over each
        // 0.1 s, and a gauge's value every 0.5 s (span 0).
        REQUIRE(storage->addReading(*id, {0, i * 100'000'000LL + 3, 100'000'000, 2.0 + i * 0.001})
                    .ok());
        if (i % 5 == 0)
            REQUIRE(storage->addReading(*id, {1, i * 100'000'000LL, 0, 1.0 / 3.0}).ok());
    }
    REQUIRE(storage->endPhase(*phase, 2'500'000'000).ok());
    StoredRun run;
    run.ordinal = 1;
    run.cipher = QStringLiteral("lea-128-xts");
    run.backend = QStringLiteral("custom");
    run.operation = QStringLiteral("encrypt");
    run.bufferBytes = 4096;
    auto runId = storage->addRun(*id, run);
    REQUIRE(runId.ok());
    run.id = *runId;
    run.status = RunStatus::Done;
    run.windowStartNs = 3'000'000'000;
    run.windowEndNs = 13'000'000'000;
    WorkerResult result;
    result.bytes = 40960000;
    run.result = result;
    REQUIRE(storage->updateRun(run).ok());
    REQUIRE(
        storage
            ->addEvent(*id, {5, QStringLiteral("warning"), Message::plain(QStringLiteral("hot"))})
            .ok());
    REQUIRE(storage->setStatus(*id, SessionStatus::Complete).ok());

    auto data = storage->load(*id);
    REQUIRE(data.ok());
    CHECK(data->summary.label == QStringLiteral("LEA, \"fast\" 리아"));
    CHECK(data->summary.operatorName == QStringLiteral("Kim"));
    CHECK(data->summary.tags == QStringList{QStringLiteral("lea"), QStringLiteral("x86")});
    CHECK(data->summary.status == SessionStatus::Complete);
    CHECK(data->summary.simulated);
    CHECK(data->summary.meter == QStringLiteral("YOKOGAWA WT332"));
    CHECK(data->originUtcMs == 1'700'000'000'000);
    REQUIRE(data->phases.size() == 1);
    CHECK(data->phases[0].kind == PhaseKind::Baseline);
    CHECK(data->phases[0].endNs == 2'500'000'000);
    REQUIRE(data->samples.size() == 25);
    CHECK(data->samples[24].power == 4.25);
    CHECK(data->samples[24].values == std::vector<double>{230.0, 4.25 / 230.0, 4.25});
    CHECK(std::isnan(data->samples[0].wattHours));
    REQUIRE(data->runs.size() == 1);
    CHECK(data->runs[0].status == RunStatus::Done);
    CHECK(data->runs[0].windowEndNs == 13'000'000'000);
    REQUIRE(data->runs[0].result);
    CHECK(data->runs[0].result->bytes == 40960000U);
    REQUIRE(data->events.size() == 1);
    CHECK(data->events[0].text.english() == QStringLiteral("hot"));
    // Every reading, in the order stored, each with its source.
    REQUIRE(data->readings.size() == 30);
    CHECK(data->readings[0].source == 0);
    CHECK(data->readings[0].tNs == 100'000'003);
    CHECK(data->readings[0].spanNs == 100'000'000);
    CHECK(data->readings[0].watts == 2.0 + 0.001);
    CHECK(data->readings[5].source == 1);
    CHECK(data->readings[5].tNs == 500'000'000);
    CHECK(data->readings[5].spanNs == 0);
    CHECK(data->readings[5].watts == 1.0 / 3.0);
    CHECK(data->readings[29].source == 1);
    CHECK(data->readings[28].watts == 2.0 + 25 * 0.001);
    // After the first 20 (what another database would hold already): the last 10.
    auto later = storage->loadAfter(*id, {0, 0, 0, 20});
    REQUIRE(later.ok());
    REQUIRE(later->readings.size() == 10);
    CHECK(later->readings[0].tNs == data->readings[20].tNs);
    CHECK_FALSE(storage->load(*id + 100).ok());
}

TEST_CASE("storage: samples reach the disk within a second", "[storage]")
{
    const Backend backend = GENERATE(Backend::Sqlite, Backend::Postgres);
    INFO(backendName(backend));
    TestDatabase raw(backend);
    auto storage = openOk(raw.location());
    auto id = storage->createSession(settings(QStringLiteral("batch")), {}, {}, 0, false);
    REQUIRE(id.ok());
    // Ten updates a second for 2.5 s, as the meter delivers them.
    qint64 behindMost = 0;
    for (int i = 1; i <= 25; ++i) {
        REQUIRE(storage->addSample(*id, sample(i * 100'000'000LL, 4.0)).ok());
        const qint64 onDisk = raw.value(QStringLiteral("SELECT count(*) FROM samples"));
        behindMost = std::max<qint64>(behindMost, i - onDisk);
        QThread::msleep(100);
    }
    CHECK(behindMost <= 10); // never more than a second of updates unwritten
    CHECK(behindMost >= 2);  // and they are batched, not written one by one
}

TEST_CASE("storage: a session being created is never taken for one a dead program left",
          "[storage]")
{
    // Two benches share a database (and, with a lab database, the local journal): one opens it
    // (and closes the sessions left running by programs that are gone) while the other is
    // creating a session. The new session must be marked as its program's from the moment
    // others can see it, or the opener closes it as interrupted under the running program.
    const Backend backend = GENERATE(Backend::Sqlite, Backend::Postgres);
    INFO(backendName(backend));
    TestDatabase raw(backend);
    {
        (void)openOk(raw.location());
    } // the schema, before the two start
    constexpr int kSessions = 60;
    std::atomic<bool> done{false};
    std::string failure;
    int recovered = 0;
    int opened = 0;
    std::thread opener([&] {
        while (!done.load()) {
            auto other = Storage::open(raw.location());
            if (!other) {
                failure = other.error().message.english().toStdString();
                return;
            }
            recovered += (*other)->recoveredSessions();
            ++opened;
        }
    });
    auto storage = openOk(raw.location());
    std::vector<qint64> ids;
    for (int i = 0; i < kSessions; ++i) {
        auto id = storage->createSession(settings(QStringLiteral("new")), {}, {}, 0, false);
        REQUIRE(id.ok());
        ids.push_back(*id);
    }
    done = true;
    opener.join();
    INFO(failure);
    CHECK(failure.empty());
    CHECK(opened > 0);
    CHECK(recovered == 0);
    CHECK(raw.value(QStringLiteral("SELECT count(*) FROM sessions WHERE status = 'running'")) ==
          kSessions);
}

TEST_CASE("storage: a session left running by a dead program becomes interrupted", "[storage]")
{
    const Backend backend = GENERATE(Backend::Sqlite, Backend::Postgres);
    INFO(backendName(backend));
    TestDatabase db(backend);
    const QString path = db.location();
    qint64 id = 0;
    {
        auto running = openOk(path);
        auto created =
            running->createSession(settings(QStringLiteral("crashed")), {}, {}, 0, false);
        REQUIRE(created.ok());
        id = *created;
        REQUIRE(running->addSample(id, sample(100'000'000, 4.0)).ok());
        REQUIRE(running->flush().ok());
        // While its runner is alive, another open leaves it alone.
        auto other = openOk(path);
        CHECK(other->recoveredSessions() == 0);
        CHECK(other->load(id)->summary.status == SessionStatus::Running);
    } // the runner goes away without finishing the session
    auto reopened = openOk(path);
    CHECK(reopened->recoveredSessions() == 1);
    auto data = reopened->load(id);
    REQUIRE(data.ok());
    CHECK(data->summary.status == SessionStatus::Interrupted);
    CHECK(data->summary.statusReason.english().contains(QStringLiteral("program ended")));
    CHECK(data->samples.size() == 1);
}

TEST_CASE("storage: a database from a newer CipherWatt is refused and untouched", "[storage]")
{
    const Backend backend = GENERATE(Backend::Sqlite, Backend::Postgres);
    INFO(backendName(backend));
    TestDatabase raw(backend);
    openOk(raw.location());
    raw.setSchemaVersion(kSchemaVersion + 1);
    const QByteArray before = raw.fingerprint();
    auto refused = Storage::open(raw.location());
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message.english().contains(QStringLiteral("newer CipherWatt")));
    CHECK(refused.error().message.english().contains(QStringLiteral("untouched")));
    CHECK(raw.fingerprint() == before);
}

TEST_CASE("storage: a text file is not a CipherWatt database and stays untouched", "[storage]")
{
    TempDir dir;
    const QString text = QString::fromStdString((dir.path() / "notes.txt").string());
    {
        QFile f(text);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write("these are my notes, not a database\n");
    }
    QFile f(text);
    REQUIRE(f.open(QIODevice::ReadOnly));
    const QByteArray before = f.readAll();
    f.close();
    auto a = Storage::open(text);
    REQUIRE_FALSE(a.ok());
    CHECK(a.error().message.english().contains(QStringLiteral("not a CipherWatt database")));
    REQUIRE(f.open(QIODevice::ReadOnly));
    CHECK(f.readAll() == before);
}

TEST_CASE("storage: another program's database is refused and untouched", "[storage]")
{
    const Backend backend = GENERATE(Backend::Sqlite, Backend::Postgres);
    INFO(backendName(backend));
    TestDatabase raw(backend, "accounts");
    raw.exec(QStringLiteral("CREATE TABLE accounts (name TEXT)"));
    raw.exec(QStringLiteral("INSERT INTO accounts VALUES ('Lee')"));
    const QByteArray before = raw.fingerprint();
    auto refused = Storage::open(raw.location());
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message.english().contains(QStringLiteral("not a CipherWatt database")));
    CHECK(refused.error().message.english().contains(QStringLiteral("untouched")));
    CHECK(raw.fingerprint() == before);
}

TEST_CASE("storage: rename, notes, tags and deleting a session with all its rows", "[storage]")
{
    const Backend backend = GENERATE(Backend::Sqlite, Backend::Postgres);
    INFO(backendName(backend));
    TestDatabase raw(backend);
    auto storage = openOk(raw.location());
    auto keep = storage->createSession(settings(QStringLiteral("keep")), {}, {}, 0, false);
    auto drop = storage->createSession(settings(QStringLiteral("drop")), {}, {}, 0, false);
    REQUIRE(keep.ok());
    REQUIRE(drop.ok());
    for (const qint64 id : {*keep, *drop}) {
        REQUIRE(storage->beginPhase(id, PhaseKind::Baseline, {}, 0, 0).ok());
        REQUIRE(storage->addSample(id, sample(100'000'000, 4.0)).ok());
        REQUIRE(storage->addReading(id, {0, 100'000'000, 100'000'000, 2.0}).ok());
        StoredRun run;
        run.cipher = QStringLiteral("chacha20");
        run.backend = QStringLiteral("botan");
        run.operation = QStringLiteral("encrypt");
        REQUIRE(storage->addRun(id, run).ok());
        REQUIRE(
            storage->addEvent(id, {0, QStringLiteral("note"), Message::plain(QStringLiteral("x"))})
                .ok());
        REQUIRE(storage->setStatus(id, SessionStatus::Complete).ok());
    }
    // A running session cannot be deleted from under its runner.
    auto running = storage->createSession(settings(QStringLiteral("busy")), {}, {}, 0, false);
    REQUIRE(running.ok());
    CHECK_FALSE(storage->remove(*running).ok());

    REQUIRE(storage->rename(*keep, QStringLiteral("kept, renamed")).ok());
    CHECK_FALSE(storage->rename(*keep, QStringLiteral("  ")).ok());
    REQUIRE(storage->setNotes(*keep, QStringLiteral("line 1\nline 2")).ok());
    REQUIRE(storage->setTags(*keep, {QStringLiteral("b"), QStringLiteral("a"), QStringLiteral("a")})
                .ok());
    REQUIRE(storage->remove(*drop).ok());
    CHECK_FALSE(storage->remove(*drop).ok());

    for (const char *table : {"samples", "source_readings", "events", "phases", "runs", "tags"}) {
        INFO(table);
        CHECK(raw.value(QStringLiteral("SELECT count(*) FROM %1 WHERE session_id = %2")
                            .arg(QLatin1String(table))
                            .arg(*drop)) == 0);
        CHECK(raw.value(QStringLiteral("SELECT count(*) FROM %1 WHERE session_id = %2")
                            .arg(QLatin1String(table))
                            .arg(*keep)) >= 1);
    }
    auto kept = storage->load(*keep);
    REQUIRE(kept.ok());
    CHECK(kept->summary.label == QStringLiteral("kept, renamed"));
    CHECK(kept->summary.notes == QStringLiteral("line 1\nline 2"));
    CHECK(kept->summary.tags == QStringList{QStringLiteral("a"), QStringLiteral("b")});
    CHECK(storage->sessions()->size() == 2);
}

TEST_CASE("storage: every session records its bench, host and operator; the library filters",
          "[storage]")
{
    const Backend backend = GENERATE(Backend::Sqlite, Backend::Postgres);
    INFO(backendName(backend));
    TestDatabase db(backend);
    auto storage = openOk(db.location());
    const auto create = [&](const char *bench, const char *person) {
        SessionSettings s = settings(QStringLiteral("s"));
        s.bench = QString::fromUtf8(bench);
        s.operatorName = QString::fromUtf8(person);
        auto id = storage->createSession(s, {}, {}, 0, false);
        REQUIRE(id.ok());
        REQUIRE(storage->setStatus(*id, SessionStatus::Complete).ok());
        return *id;
    };
    const qint64 pi = create("rpi-bench", "Kim");
    const qint64 laptop = create("x86 laptop", "Park");
    const qint64 pi2 = create("rpi-bench", "Park");
    const qint64 unnamed = create("  ", "Kim"); // no label: the host's name

    const auto ids = [&](const SessionFilter &filter) {
        auto list = storage->sessions(filter);
        REQUIRE(list.ok());
        std::vector<qint64> out;
        for (const SessionSummary &s : *list)
            out.push_back(s.id);
        return out;
    };
    CHECK(ids({}) == std::vector<qint64>{pi, laptop, pi2, unnamed});
    CHECK(ids({QStringLiteral("rpi-bench"), {}}) == std::vector<qint64>{pi, pi2});
    CHECK(ids({{}, QStringLiteral("Park")}) == std::vector<qint64>{laptop, pi2});
    CHECK(ids({QStringLiteral("rpi-bench"), QStringLiteral("Park")}) == std::vector<qint64>{pi2});
    CHECK(ids({QStringLiteral("nobody's bench"), {}}).empty());

    auto data = storage->load(unnamed);
    REQUIRE(data.ok());
    CHECK(data->summary.bench == QSysInfo::machineHostName());
    CHECK(data->summary.host == QSysInfo::machineHostName());
    CHECK(data->summary.operatorName == QStringLiteral("Kim"));
    auto pis = storage->load(pi);
    REQUIRE(pis.ok());
    CHECK(pis->summary.bench == QStringLiteral("rpi-bench"));
    CHECK(pis->settings.bench == QStringLiteral("rpi-bench"));
    // Every session its own id, to be known again in another database.
    CHECK(pis->summary.uid.size() == 36);
    CHECK(pis->summary.uid != data->summary.uid);
}

TEST_CASE("storage: numbers come back bit for bit", "[storage]")
{
    const Backend backend = GENERATE(Backend::Sqlite, Backend::Postgres);
    INFO(backendName(backend));
    TestDatabase db(backend);
    auto storage = openOk(db.location());
    auto id = storage->createSession(settings(QStringLiteral("digits")), {}, {}, 0, false);
    REQUIRE(id.ok());
    // Values whose shortest decimal forms need all 17 digits, a subnormal, and the extremes of
    // a 64-bit time and meter sequence.
    const std::vector<double> watts{0.1 + 0.2, 1.0 / 3.0, 4.9406564584124654e-324,
                                    1.7976931348623157e308, -2.2250738585072014e-308};
    for (std::size_t i = 0; i < watts.size(); ++i) {
        StoredSample s = sample(static_cast<qint64>(i + 1) * 100'000'000, watts[i]);
        s.wattHours = watts[i];
        s.flags = 0xFFFFFFFFU;
        s.meterSequence = (quint64{1} << 62) + i;
        REQUIRE(storage->addSample(*id, s).ok());
    }
    StoredSample last = sample(std::numeric_limits<qint64>::max(), 1.0);
    REQUIRE(storage->addSample(*id, last).ok());
    auto data = storage->load(*id);
    REQUIRE(data.ok());
    REQUIRE(data->samples.size() == watts.size() + 1);
    for (std::size_t i = 0; i < watts.size(); ++i) {
        INFO(i);
        CHECK(data->samples[i].power == watts[i]);
        CHECK(data->samples[i].wattHours == watts[i]);
        CHECK(data->samples[i].flags == 0xFFFFFFFFU);
        CHECK(data->samples[i].meterSequence == (quint64{1} << 62) + i);
    }
    CHECK(data->samples.back().tNs == std::numeric_limits<qint64>::max());
}

TEST_CASE("storage: --db values: paths, PostgreSQL URIs and what is refused", "[storage]")
{
    auto path = parseDatabase(QStringLiteral("/tmp/lab/sessions.sqlite"));
    REQUIRE(path.ok());
    CHECK_FALSE(path->isPostgres());
    CHECK(path->path == QStringLiteral("/tmp/lab/sessions.sqlite"));

    auto full = parseDatabase(QStringLiteral("postgresql://bench1@db.lab.example:5433/"
                                             "cipherwatt?sslmode=verify-full&connect_timeout=5"));
    REQUIRE(full.ok());
    CHECK(full->isPostgres());
    CHECK(full->user == QStringLiteral("bench1"));
    CHECK(full->host == QStringLiteral("db.lab.example"));
    CHECK(full->port == 5433);
    CHECK(full->database == QStringLiteral("cipherwatt"));
    CHECK(full->connectOptions().startsWith(QStringLiteral("connect_timeout=5;")));
    CHECK(full->connectOptions().endsWith(QStringLiteral(";sslmode=verify-full")));
    CHECK(full->connectOptions().contains(QStringLiteral(";tcp_user_timeout=5000;")));

    auto socket = parseDatabase(QStringLiteral("postgres:///lab?service=lab"));
    REQUIRE(socket.ok());
    CHECK(socket->host.isEmpty()); // libpq's Unix socket
    CHECK(socket->port == 0);
    CHECK(socket->database == QStringLiteral("lab"));
    CHECK(socket->connectOptions().startsWith(QStringLiteral("connect_timeout=10;")));
    CHECK(socket->connectOptions().endsWith(QStringLiteral(";service=lab")));

    struct Case
    {
        const char *db;
        const char *says;
    };
    for (const Case &c : {
             Case{"mysql://lab@host/db", "mysql databases are not supported"},
             Case{"postgresql://bench1:s3cret@host/db", "a password in the URI is not accepted"},
             Case{"postgresql://bench1:@host/db", "a password in the URI is not accepted"},
             Case{"postgresql://bench1@host", "name the database"},
             Case{"postgresql://bench1@host/", "name the database"},
             Case{"postgresql://bench1@host/a/b", "not a valid PostgreSQL URI"},
             Case{"postgresql://bench1@host:99999/db", "not a valid PostgreSQL URI"},
             Case{"postgresql://bench1@host/db?sslmode=maybe", "sslmode='maybe' is not valid"},
             Case{"postgresql://bench1@host/db?connect_timeout=0", "connect_timeout='0'"},
             Case{"postgresql://bench1@host/db?service=a%20b", "service='a b' is not valid"},
             Case{"postgresql://bench1@host/db?password=s3cret", "a password in the URI"},
             Case{"postgresql://bench1@host/db?sslcert=x", "unknown parameter 'sslcert'"},
         }) {
        INFO(c.db);
        auto r = parseDatabase(QString::fromUtf8(c.db));
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == ErrorCode::Usage);
        CHECK_THAT(r.error().message.english().toStdString(), Catch::Contains(c.says));
        CHECK_FALSE(r.error().message.english().contains(QStringLiteral("s3cret")));
        CHECK_FALSE(r.error().message.english().contains(QLatin1Char('\n')));
    }
}

TEST_CASE("storage: a PostgreSQL server that does not answer is a one-line error", "[storage]")
{
    // Nothing listens on this port (it was free a moment ago).
    const QString uri = QStringLiteral("postgresql://cw@127.0.0.1:%1/lab?connect_timeout=3")
                            .arg(cipherwatt::test::freeLoopbackPort());
    auto refused = Storage::open(uri);
    REQUIRE_FALSE(refused.ok());
    const QString text = refused.error().message.english();
    CHECK(text.startsWith(QStringLiteral("database ") + uri + QStringLiteral(": cannot connect")));
    CHECK_FALSE(text.contains(QLatin1Char('\n')));
}

TEST_CASE("storage: a lab database's password, typed once, serves every connection and is kept "
          "nowhere",
          "[storage]")
{
    auto &server = cipherwatt::test::sharedPostgres();
    const QString uri =
        QString::fromStdString(server.passwordDatabase("bench_pw", "Tr0ub4dor-3", "passworded"));
    const auto location = parseDatabase(uri);
    REQUIRE(location.ok());

    // No password in the environment or a ~/.pgpass here: the server refuses.
    auto refused = Storage::open(uri);
    REQUIRE_FALSE(refused.ok());
    CHECK(isConnectionError(refused.error()));

    rememberDatabasePassword(*location, QStringLiteral("Wr0ng-guess"));
    auto wrong = Storage::open(uri);
    REQUIRE_FALSE(wrong.ok());
    CHECK(isConnectionError(wrong.error()));
    CHECK_FALSE(wrong.error().message.english().contains(QStringLiteral("Wr0ng-guess")));

    rememberDatabasePassword(*location, QStringLiteral("Tr0ub4dor-3"));
    auto first = Storage::open(uri);
    REQUIRE(first.ok());
    SessionSettings settings;
    settings.label = QStringLiteral("behind a password");
    REQUIRE((*first)->createSession(settings, {}, {}, 0, true).ok());
    // Another connection (the runner's, the journal's) with the same role and server.
    auto second = Storage::open(uri);
    REQUIRE(second.ok());
    auto listed = (*second)->sessions();
    REQUIRE(listed.ok());
    CHECK(listed->size() == 1);
    CHECK(server.dump(location->database.toStdString()).find("Tr0ub4dor") == std::string::npos);

    forgetDatabasePassword(*location);
    auto forgotten = Storage::open(uri);
    REQUIRE_FALSE(forgotten.ok());
    CHECK(isConnectionError(forgotten.error()));
    // Another kind of failure is not a connection's (the window asks for no password then).
    CHECK_FALSE(isConnectionError(Error{ErrorCode::Refused, Message::plain(QStringLiteral("x"))}));
}
