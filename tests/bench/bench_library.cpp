// Benchmark, not a test: the library of a lab, on both back ends. 10 000 sessions (each with
// tags, 4 runs, a baseline phase and an event): listing them all (the window's library, the
// `sessions` command), listing one bench's, loading one; and a one-hour session (36 000
// updates) written at the runner's pace and loaded. PostgreSQL is a real server started for
// the purpose (tests/support/postgres.h), as the tests run it: fsync and synchronous commit
// off, which makes filling quicker and the commits cheaper than on a durable server, and
// leaves the reading as it is. `--durable` keeps the server's durable defaults.
//
// usage: bench_library [--sessions N] [--samples N] [--durable]   (record the output in
// docs/benchmarks.md)

#include <cipherwatt/core/storage.h>

#include <QCoreApplication>
#include <QElapsedTimer>
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

int measure(const char *name, const QString &location, int sessions, int samples)
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
    const Timing small = time5([&] { (void)storage.load(sessions / 2); });
    std::size_t loaded = 0;
    const Timing big = time5([&] {
        auto d = storage.load(*id);
        loaded = d ? d->samples.size() : 0;
    });
    std::printf("%s\n", name);
    std::printf("  fill %d sessions: %.1f s (%.2f ms each)\n", sessions, fillS,
                fillS * 1000 / sessions);
    std::printf("  list all (%zu): median %.1f ms (min %.1f, max %.1f)\n", listed, all.median,
                all.min, all.max);
    std::printf("  list one bench (%zu): median %.1f ms (min %.1f, max %.1f)\n", benchListed,
                oneBench.median, oneBench.min, oneBench.max);
    std::printf("  load one small session: median %.2f ms\n", small.median);
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
    bool durable = false;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--durable"))
            durable = true;
        else if (args[i] == QLatin1String("--sessions") && i + 1 < args.size())
            sessions = args[++i].toInt();
        else if (args[i] == QLatin1String("--samples") && i + 1 < args.size())
            samples = args[++i].toInt();
    }
    QTemporaryDir dir;
    if (int rc = measure("SQLite (a file, WAL)", dir.path() + QStringLiteral("/library.sqlite"),
                         sessions, samples);
        rc != 0)
        return rc;
    cipherwatt::test::PostgresServer server({durable});
    const std::string name = server.createDatabase("library");
    return measure(durable ? "PostgreSQL 15 (127.0.0.1, durable)"
                           : "PostgreSQL 15 (127.0.0.1, fsync off)",
                   QString::fromStdString(server.uri(name)), sessions, samples);
}
