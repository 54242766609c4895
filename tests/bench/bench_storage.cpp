// Benchmark, not a test: what storing the meter's 100 ms updates costs, and how long a one-hour
// session (36 000 updates) takes to load for a comparison.
//
// usage: bench_storage [--samples N]   (record the output in docs/benchmarks.md)

#include <cipherwatt/core/storage.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

using namespace cipherwatt::core;

namespace {

double cpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    int samples = 36000;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == QLatin1String("--samples"))
            samples = args[i + 1].toInt();
    }
    QTemporaryDir dir;
    const QString path = dir.path() + QStringLiteral("/bench.sqlite");
    auto storage = Storage::open(path);
    if (!storage) {
        std::fprintf(stderr, "bench_storage: %s\n", qPrintable(storage.error().message.english()));
        return 2;
    }
    SessionSettings settings;
    settings.label = QStringLiteral("one hour");
    auto id = (*storage)->createSession(settings, {}, {}, 0, false);
    auto phase = (*storage)->beginPhase(*id, PhaseKind::Baseline, Message(), 0, 0);
    for (int r = 0; r < 30; ++r) {
        StoredRun run;
        run.ordinal = r + 1;
        run.cipher = QStringLiteral("lea-128-xts");
        run.backend = QStringLiteral("custom");
        run.operation = QStringLiteral("encrypt");
        (void)(*storage)->addRun(*id, run);
    }

    // Inserting, as the runner does: one addSample per update, batched by Storage.
    StoredSample s;
    s.values = {230.0, 0.05, 10.0, 10.8, 0.92, 0.01, 12.0};
    s.phaseId = *phase;
    const double cpu0 = cpuSeconds();
    QElapsedTimer wall;
    wall.start();
    for (int i = 0; i < samples; ++i) {
        s.tNs = static_cast<qint64>(i + 1) * 100'000'000;
        s.meterSequence = static_cast<quint64>(i + 1);
        s.power = 10.0 + (i % 7) * 0.01;
        s.wattHours = i * 0.0003;
        if (!(*storage)->addSample(*id, s)) {
            std::fprintf(stderr, "bench_storage: insert failed\n");
            return 2;
        }
    }
    (void)(*storage)->flush();
    const double insertWall = static_cast<double>(wall.nsecsElapsed()) / 1e9;
    const double insertCpu = cpuSeconds() - cpu0;
    (void)(*storage)->setStatus(*id, SessionStatus::Complete);

    // At the runner's pace: 10 updates a second are written every half second, so each commit
    // carries five samples (the commit, not the rows, is what costs).
    auto paced = (*storage)->createSession(settings, {}, {}, 0, false);
    const int pacedSamples = 5000;
    const double cpu1 = cpuSeconds();
    for (int i = 0; i < pacedSamples; ++i) {
        s.tNs = static_cast<qint64>(i + 1) * 100'000'000;
        (void)(*storage)->addSample(*paced, s);
        if (i % 5 == 4)
            (void)(*storage)->flush();
    }
    const double pacedCpu = (cpuSeconds() - cpu1) / pacedSamples;

    // Loading, as the comparison view and the exporters do, five times.
    std::vector<double> loads;
    std::size_t loaded = 0;
    for (int i = 0; i < 5; ++i) {
        auto fresh = Storage::open(path);
        wall.restart();
        auto data = (*fresh)->load(*id);
        loads.push_back(static_cast<double>(wall.nsecsElapsed()) / 1e6);
        loaded = data ? data->samples.size() : 0;
    }
    std::sort(loads.begin(), loads.end());

    const double perSample = insertCpu / samples;
    std::printf("storage of 100 ms updates (%d samples, %d values each)\n", samples,
                static_cast<int>(s.values.size()));
    std::printf("  insert: %.0f samples/s wall, %.1f us CPU per sample\n", samples / insertWall,
                perSample * 1e6);
    std::printf("  in commits of five (the runner's pace): %.1f us CPU per sample; at 10 "
                "samples/s: %.4f %% of a core\n",
                pacedCpu * 1e6, pacedCpu * 10 * 100);
    std::printf("  load a one-hour session (%zu samples, 30 runs): median %.1f ms (min %.1f, max "
                "%.1f)\n",
                loaded, loads[2], loads.front(), loads.back());
    return 0;
}
