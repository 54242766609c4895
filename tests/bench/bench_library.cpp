// Benchmark, not a test: the library of a lab, on both back ends. 10 000 sessions (each with
// tags, 4 runs, a baseline phase and an event): listing them all (the window's library, the
// `sessions` command), listing one bench's, loading one; and a one-hour session (36 000
// updates) written at the runner's pace and loaded. PostgreSQL is a real server started for
// the purpose (tests/support/postgres.h), as the tests run it: fsync and synchronous commit
// off, which makes filling quicker and the commits cheaper than on a durable server, and
// leaves the reading as it is. `--durable` keeps the server's durable defaults.
//
// `--updates N` first gives the sessions N stored updates between them (N / sessions each, as
// 17-minute sessions of 100 ms updates have 10 000), written by one SQL statement per session
// on a connection of its own: through Storage, 100 million would take hours, and what is
// measured is how the library reads and writes beside them, not how they were written. Each
// is a real row (times, sequence numbers, power and the seven 8-byte values of a WT332 update).
//
// usage: bench_library [--sessions N] [--samples N] [--updates N] [--durable]
//                      [--only sqlite|postgresql]   (record the output in docs/benchmarks.md)

#include <cipherwatt/core/database.h>
#include <cipherwatt/core/storage.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <postgres.h>
#include <vector>

using namespace cipherwatt::core;

namespace {

// Median, min and max of five timings of `what`, in ms.
struct Timing
{
    double median = 0;
    double min = 0;
    double max = 0;
};

Timing time5(const std::function<void()> &what)
{
    std::vector<double> ms;
    for (int i = 0; i < 5; ++i) {
        QElapsedTimer wall;
        wall.start();
        what();
        ms.push_back(static_cast<double>(wall.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return {ms[2], ms.front(), ms.back()};
}

bool fill(Storage &storage, int sessions)
{
    for (int i = 0; i < sessions; ++i) {
        SessionSettings s;
        s.label = QStringLiteral("session %1").arg(i);
        s.bench = QStringLiteral("bench-%1").arg(i % 10);
        s.operatorName = QStringLiteral("operator-%1").arg(i % 7);
        s.tags = {QStringLiteral("lab"), QStringLiteral("week-%1").arg(i / 500)};
        MeterSetup meter;
        meter.description = QStringLiteral("YOKOGAWA WT332 (simulated)");
        DutSetup dut;
        dut.description = QStringLiteral("local: AMD EPYC (2 cores)");
        auto id = storage.createSession(s, meter, dut, 1'700'000'000'000 + i, true);
        if (!id)
            return false;
        (void)storage.beginPhase(*id, PhaseKind::Baseline, Message(), 0, 0);
        for (int r = 0; r < 4; ++r) {
            StoredRun run;
            run.ordinal = r + 1;
            run.cipher = QStringLiteral("aes-128-xts");
            run.backend = QStringLiteral("openssl");
            run.operation = QStringLiteral("encrypt");
            run.bufferBytes = 4096;
            (void)storage.addRun(*id, run);
        }
        (void)storage.addEvent(*id,
                               {0, QStringLiteral("note"), Message::plain(QStringLiteral("x"))});
        if (!storage.setStatus(*id, SessionStatus::Complete))
            return false;
    }
    return true;
}

// `updates` stored updates spread over sessions 1 … `sessions`, written on a connection of the
// benchmark's own (see the top of the file).
bool fillUpdates(const QString &location, int sessions, qint64 updates)
{
    const auto where = parseDatabase(location);
    if (!where)
        return false;
    const QString name = QStringLiteral("bench-updates");
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(
            where->isPostgres() ? QStringLiteral("QPSQL") : QStringLiteral("QSQLITE"), name);
        if (where->isPostgres()) {
            db.setHostName(where->host);
            db.setPort(where->port);
            db.setUserName(where->user);
            db.setDatabaseName(where->database);
        } else {
            db.setDatabaseName(where->path);
        }
        ok = db.open();
        // The series 1 … n, in each dialect; the values as the runner stores a WT332 update.
        const QString series =
            where->isPostgres()
                ? QStringLiteral("generate_series(1::bigint, ?) AS n(i)")
                : QStringLiteral("(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                                 "WHERE i < ?) SELECT i FROM n)");
        const QString blob = where->isPostgres() ? QStringLiteral("decode(repeat('00', 56), 'hex')")
                                                 : QStringLiteral("zeroblob(56)");
        QSqlQuery q(db);
        ok =
            ok && q.prepare(QStringLiteral("INSERT INTO samples (session_id, seq, t_ns, meter_seq, "
                                           "interval_ms, flags, missed, power, wh, vals) SELECT "
                                           "?, i, i * 100000000, i, 100, 0, 0, 10.0 + (i % 7) * "
                                           "0.01, i * 0.0000028, %1 FROM %2")
                                .arg(blob, series));
        const qint64 each = updates / sessions;
        for (int session = 1; ok && session <= sessions; ++session) {
            if ((session - 1) % 100 == 0)
                ok = db.transaction();
            q.addBindValue(session);
            q.addBindValue(each + (session <= updates % sessions ? 1 : 0));
            ok = ok && q.exec();
            if (ok && (session % 100 == 0 || session == sessions))
                ok = db.commit();
            if (session % 1000 == 0)
                std::fprintf(stderr, "  %d of %d sessions' updates written\n", session, sessions);
        }
        if (!ok)
            std::fprintf(
                stderr, "bench_library: %s\n",
                qPrintable((q.lastError().isValid() ? q.lastError() : db.lastError()).text()));
        if (ok && !where->isPostgres())
            ok = q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        if (ok && where->isPostgres())
            ok = q.exec(QStringLiteral("VACUUM ANALYZE samples"));
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

// The bytes the database takes on disk: the SQLite file and its journal, or PostgreSQL's size of
// the database.
double databaseMiB(const QString &location)
{
    const auto where = parseDatabase(location);
    if (!where)
        return 0;
    if (where->isPostgres()) {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("bench-size"));
        db.setHostName(where->host);
        db.setPort(where->port);
        db.setUserName(where->user);
        db.setDatabaseName(where->database);
        double mib = 0;
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("SELECT pg_database_size(current_database())")) && q.next())
                mib = q.value(0).toDouble() / 1048576.0;
        }
        db = {};
        QSqlDatabase::removeDatabase(QStringLiteral("bench-size"));
        return mib;
    }
    double bytes = 0;
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        bytes += static_cast<double>(QFileInfo(where->path + suffix).size());
    return bytes / 1048576.0;
}

int measure(const char *name, const QString &location, int sessions, int samples, qint64 updates)
{
    auto opened = Storage::open(location);
    if (!opened) {
        std::fprintf(stderr, "bench_library: %s\n", qPrintable(opened.error().message.english()));
        return 2;
    }
    Storage &storage = **opened;
    QElapsedTimer wall;
    wall.start();
    if (!fill(storage, sessions)) {
        std::fprintf(stderr, "bench_library: %s: filling failed\n", name);
        return 2;
    }
    const double fillS = static_cast<double>(wall.nsecsElapsed()) / 1e9;
    wall.restart();
    if (updates > 0 && !fillUpdates(location, sessions, updates)) {
        std::fprintf(stderr, "bench_library: %s: filling the updates failed\n", name);
        return 2;
    }
    const double updatesS = static_cast<double>(wall.nsecsElapsed()) / 1e9;

    // One hour of updates at the runner's pace: a commit every five.
    SessionSettings hour;
    hour.label = QStringLiteral("one hour");
    auto id = storage.createSession(hour, {}, {}, 0, false);
    StoredSample s;
    s.values = {230.0, 0.05, 10.0, 10.8, 0.92, 0.01, 12.0};
    wall.restart();
    std::vector<double> commitMs;
    for (int i = 0; i < samples; ++i) {
        s.tNs = static_cast<qint64>(i + 1) * 100'000'000;
        s.meterSequence = static_cast<quint64>(i + 1);
        s.power = 10.0 + (i % 7) * 0.01;
        (void)storage.addSample(*id, s);
        if (i % 5 == 4) {
            QElapsedTimer commit;
            commit.start();
            (void)storage.flush();
            commitMs.push_back(static_cast<double>(commit.nsecsElapsed()) / 1e6);
        }
    }
    const double hourS = static_cast<double>(wall.nsecsElapsed()) / 1e9;
    std::sort(commitMs.begin(), commitMs.end());
    (void)storage.setStatus(*id, SessionStatus::Complete);

    std::size_t listed = 0;
    const Timing all = time5([&] {
        auto l = storage.sessions();
        listed = l ? l->size() : 0;
    });
    std::size_t benchListed = 0;
    const Timing oneBench = time5([&] {
        auto l = storage.sessions({QStringLiteral("bench-3"), {}});
        benchListed = l ? l->size() : 0;
    });
    std::size_t smallSamples = 0;
    const Timing small = time5([&] {
        auto d = storage.load(sessions / 2);
        smallSamples = d ? d->samples.size() : 0;
    });
    std::size_t loaded = 0;
    const Timing big = time5([&] {
        auto d = storage.load(*id);
        loaded = d ? d->samples.size() : 0;
    });
    std::printf("%s\n", name);
    std::printf("  fill %d sessions: %.1f s (%.2f ms each)\n", sessions, fillS,
                fillS * 1000 / sessions);
    if (updates > 0)
        std::printf("  %lld stored updates written in %.0f s (not through Storage: see the top of "
                    "the file); the database takes %.0f MiB\n",
                    static_cast<long long>(updates), updatesS, databaseMiB(location));
    std::printf("  list all (%zu): median %.1f ms (min %.1f, max %.1f)\n", listed, all.median,
                all.min, all.max);
    std::printf("  list one bench (%zu): median %.1f ms (min %.1f, max %.1f)\n", benchListed,
                oneBench.median, oneBench.min, oneBench.max);
    std::printf("  load one session (%zu samples): median %.2f ms\n", smallSamples, small.median);
    std::printf("  one hour of updates (%d) in commits of five: %.1f s; commit median %.2f ms, "
                "99th percentile %.2f ms\n",
                samples, hourS, commitMs[commitMs.size() / 2],
                commitMs[commitMs.size() * 99 / 100]);
    std::printf("  load the one-hour session (%zu samples): median %.1f ms (min %.1f, max "
                "%.1f)\n",
                loaded, big.median, big.min, big.max);
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    int sessions = 10000;
    int samples = 36000;
    qint64 updates = 0;
    QString only; // empty: both back ends
    bool durable = false;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--durable"))
            durable = true;
        else if (args[i] == QLatin1String("--sessions") && i + 1 < args.size())
            sessions = args[++i].toInt();
        else if (args[i] == QLatin1String("--samples") && i + 1 < args.size())
            samples = args[++i].toInt();
        else if (args[i] == QLatin1String("--updates") && i + 1 < args.size())
            updates = args[++i].toLongLong();
        else if (args[i] == QLatin1String("--only") && i + 1 < args.size())
            only = args[++i];
    }
    if (only != QLatin1String("postgresql")) {
        // Removed before the PostgreSQL server starts: at 100 million updates, each takes
        // gigabytes.
        QTemporaryDir dir;
        if (int rc = measure("SQLite (a file, WAL)", dir.path() + QStringLiteral("/library.sqlite"),
                             sessions, samples, updates);
            rc != 0)
            return rc;
    }
    if (only == QLatin1String("sqlite"))
        return 0;
    cipherwatt::test::PostgresServer server({durable});
    const std::string name = server.createDatabase("library");
    return measure(durable ? "PostgreSQL 15 (127.0.0.1, durable)"
                           : "PostgreSQL 15 (127.0.0.1, fsync off)",
                   QString::fromStdString(server.uri(name)), sessions, samples, updates);
}
