// Benchmark, not a test: how long the PDF exports take. A session of 10 runs (and, as the
// heavier case, one with an hour of 100 ms updates), and a comparison of 10 such sessions.
// Targets (the report issue): a 10-run session in ≤ 2 s, a 10-session comparison in ≤ 5 s.
//
// usage: bench_reports [--hour]   (record the output in docs/benchmarks.md)

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/storage.h>
#include <cipherwatt/report/report.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>

#include <cmath>
#include <cstdio>
#include <random>

using namespace cipherwatt::core;

namespace {

// A session as the runner stores it: a 60 s baseline, then `runs` runs of 10 s (or the rest
// of an hour), an update every 100 ms with noise.
qint64 makeSession(Storage &storage, int index, int runs, double totalSeconds)
{
    SessionSettings settings;
    settings.label = QStringLiteral("benchmark session %1").arg(index);
    MeterSetup meter;
    meter.description = QStringLiteral("YOKOGAWA WT332");
    meter.items = {QStringLiteral("U1 [V]"), QStringLiteral("I1 [A]"), QStringLiteral("P1 [W]"),
                   QStringLiteral("S1 [VA]"), QStringLiteral("PF1")};
    const qint64 id = *storage.createSession(settings, meter, {}, 0, false);
    std::mt19937 rng(static_cast<unsigned>(index));
    std::normal_distribution<double> noise(0.0, 0.05);
    const double runSeconds = (totalSeconds - 60.0) / runs;
    const qint64 baselinePhase = *storage.beginPhase(id, PhaseKind::Baseline, Message(), 0, 0);
    std::vector<PowerSample> power;
    const auto updates = static_cast<int>(totalSeconds * 10);
    std::vector<qint64> runIds;
    std::vector<qint64> runPhases;
    for (int r = 0; r < runs; ++r) {
        StoredRun run;
        run.ordinal = r + 1;
        run.cipher = r % 2 == 0 ? QStringLiteral("lea-128-xts") : QStringLiteral("aes-128-xts");
        run.backend = QStringLiteral("custom");
        run.operation = (r / 2) % 2 == 0 ? QStringLiteral("encrypt") : QStringLiteral("decrypt");
        run.bufferBytes = 4096;
        run.repeat = r / 4 + 1;
        runIds.push_back(*storage.addRun(id, run));
        runPhases.push_back(
            *storage.beginPhase(id, PhaseKind::Run, Message(), runIds.back(),
                                static_cast<qint64>((60.0 + r * runSeconds) * 1e9)));
    }
    for (int i = 1; i <= updates; ++i) {
        const double t = i * 0.1;
        const int run = t <= 60 ? -1 : std::min(runs - 1, static_cast<int>((t - 60) / runSeconds));
        StoredSample s;
        s.tNs = static_cast<qint64>(t * 1e9);
        s.power = (run < 0 ? 4.0 : 12.0 + run * 0.1) + noise(rng);
        s.values = {230.0, s.power / 212.0, s.power, s.power / 0.92, 0.92};
        s.phaseId = run < 0 ? baselinePhase : runPhases[static_cast<std::size_t>(run)];
        s.runId = run < 0 ? 0 : runIds[static_cast<std::size_t>(run)];
        s.wattHours = std::nan("");
        (void)storage.addSample(id, s);
        power.push_back({t, 0.1, s.power});
    }
    const BaselineResult baseline = analyseBaseline(power, 0, 60, 0.01);
    for (int r = 0; r < runs; ++r) {
        RunInput in;
        in.windowStart = 60.0 + r * runSeconds;
        in.windowEnd = in.windowStart + runSeconds;
        in.seconds = runSeconds;
        in.bytes = static_cast<std::uint64_t>(runSeconds * 2e9);
        in.operations = in.bytes / 4096;
        in.cycles = in.bytes * 2;
        in.counter = QStringLiteral("tsc");
        StoredRun run;
        run.id = runIds[static_cast<std::size_t>(r)];
        run.status = RunStatus::Done;
        run.windowStartNs = static_cast<qint64>(in.windowStart * 1e9);
        run.windowEndNs = static_cast<qint64>(in.windowEnd * 1e9);
        WorkerResult result;
        result.seconds = runSeconds;
        result.bytes = in.bytes;
        run.result = result;
        run.analysis = analyseRun(in, power, baseline, MeterAccuracy{0.001, 0.002, 150}, 100);
        (void)storage.updateRun(run);
    }
    (void)storage.setStatus(id, SessionStatus::Complete);
    return id;
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QTemporaryDir dir;
    auto storage = Storage::open(dir.path() + QStringLiteral("/bench.sqlite"));
    if (!storage)
        return 2;
    const double seconds = 60 + 10 * 10.0;
    std::vector<SessionData> sessions;
    for (int i = 0; i < 10; ++i)
        sessions.push_back(*(*storage)->load(makeSession(**storage, i, 10, seconds)));
    const qint64 hourId = makeSession(**storage, 99, 10, 3600.0);
    const SessionData hour = *(*storage)->load(hourId);

    const auto time = [](const auto &f) {
        QElapsedTimer t;
        t.start();
        f();
        return static_cast<double>(t.nsecsElapsed()) / 1e9;
    };
    const QString out = dir.path();
    std::vector<double> single;
    std::vector<double> hours;
    std::vector<double> comparison;
    for (int i = 0; i < 3; ++i) {
        single.push_back(
            time([&] { (void)cipherwatt::report::writeSessionPdf(sessions[0], out + "/s.pdf"); }));
        hours.push_back(
            time([&] { (void)cipherwatt::report::writeSessionPdf(hour, out + "/h.pdf"); }));
        comparison.push_back(
            time([&] { (void)cipherwatt::report::writeComparisonPdf(sessions, out + "/c.pdf"); }));
    }
    for (const char *name : {"/s.pdf", "/h.pdf", "/c.pdf"}) {
        if (QFileInfo(out + QLatin1String(name)).size() < 10000) {
            std::fprintf(stderr, "bench_reports: %s was not written\n", name);
            return 2;
        }
    }
    const auto check = [](const cipherwatt::core::Result<void> &r) {
        if (!r)
            std::fprintf(stderr, "bench_reports: %s\n", qPrintable(r.error().message.english()));
    };
    check(cipherwatt::report::writeSessionPdf(hour, out + "/h.pdf"));
    std::printf("  (the one-hour report is %lld bytes)\n", QFileInfo(out + "/h.pdf").size());
    const auto best = [](std::vector<double> v) { return *std::min_element(v.begin(), v.end()); };
    std::printf("PDF export (best of 3)\n");
    std::printf("  10-run session, %zu updates:           %.3f s\n", sessions[0].samples.size(),
                best(single));
    std::printf("  10-run session, one hour (%zu updates): %.3f s\n", hour.samples.size(),
                best(hours));
    std::printf("  comparison of 10 sessions:              %.3f s\n", best(comparison));
    return 0;
}
