// Other activity on the DUT (issue 25): whole sessions with the real local worker, one with a
// busy program beside it in the baseline, one waiting for a quiet DUT, and fake /proc trees
// whose counters are known, so that what the session stores can be computed by hand.

#include <cipherwatt/core/flags.h>
#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/storage.h>

#include <QProcess>
#include <QTimer>
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <session_helpers.h>
#include <sstream>
#include <string>
#include <temp_dir.h>
#include <unistd.h>

using namespace cipherwatt::core;
using cipherwatt::test::hasFlag;
using cipherwatt::test::localOptions;
using cipherwatt::test::phaseKinds;
using cipherwatt::test::phaseOf;
using cipherwatt::test::TempDir;

namespace {

SessionSettings settings(double baselineSeconds, double runSeconds)
{
    return cipherwatt::test::thresholdSettings(QStringLiteral("chacha20/botan:encrypt"),
                                               baselineSeconds, runSeconds, 20);
}

// A process's CPU time (utime + stime, proc(5)) in seconds, read by the test itself.
double cpuSeconds(qint64 pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::istringstream fields(text.substr(text.rfind(')') + 2));
    std::string field;
    double ticks = 0;
    for (int i = 0; i <= 12 && fields >> field; ++i) {
        if (i == 11 || i == 12)
            ticks += std::stod(field);
    }
    return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// A fake /proc whose stat the test rewrites: two cores, busy and total ticks as given, and a
// worker that has used `own` ticks. Each file is replaced whole (written beside, renamed), so
// the worker never reads half of one.
void writeProc(const std::filesystem::path &root, unsigned long busy, unsigned long total,
               unsigned long own)
{
    std::filesystem::create_directories(root / "self");
    const auto replace = [](const std::filesystem::path &file, const std::string &text) {
        const std::filesystem::path temp = file.string() + ".new";
        std::ofstream(temp) << text;
        std::filesystem::rename(temp, file);
    };
    // user = busy (nice, system, irq, softirq, steal 0), idle = total - busy, iowait 0.
    replace(root / "stat", "cpu  " + std::to_string(busy) + " 0 0 " + std::to_string(total - busy) +
                               " 0 0 0 0 0 0\ncpu0 0 0 0 0\ncpu1 0 0 0 0\n");
    replace(root / "self" / "stat", "1 (cipherwatt-bench) S 0 1 1 0 -1 0 0 0 0 0 " +
                                        std::to_string(own) + " 0 0 0 20 0 1 0\n");
}

} // namespace

TEST_CASE("session: a busy program beside the DUT's worker in the baseline is flagged",
          "[session][activity]")
{
    TempDir dir;
    const RunnerOptions opts = localOptions(dir.path());
    // One spinning shell: a program other than the worker that keeps a core busy.
    QProcess spinner;
    spinner.start(QStringLiteral("sh"),
                  {QStringLiteral("-c"), QStringLiteral("while :; do :; done")});
    REQUIRE(spinner.waitForStarted(5000));
    const qint64 pid = spinner.processId();
    double spinStart = -1;
    double spinEnd = -1;
    std::chrono::steady_clock::time_point baselineStart;
    double baselineSeconds = 0;
    const auto out = cipherwatt::test::runSession(settings(3, 2), opts, [&](SessionRunner &r) {
        QObject::connect(&r, &SessionRunner::phaseChanged, &r,
                         [&](PhaseKind kind, const Message &, double, double) {
                             const auto now = std::chrono::steady_clock::now();
                             if (kind == PhaseKind::Baseline) {
                                 spinStart = cpuSeconds(pid);
                                 baselineStart = now;
                             } else if (kind == PhaseKind::Run && spinEnd < 0) {
                                 spinEnd = cpuSeconds(pid);
                                 baselineSeconds =
                                     std::chrono::duration<double>(now - baselineStart).count();
                             }
                         });
    });
    spinner.kill();
    spinner.waitForFinished(5000);
    INFO(out.reason.toStdString());
    REQUIRE(out.status == SessionStatus::Complete);
    const SessionData d = cipherwatt::test::loadSession(opts.databasePath, out.session);
    const StoredPhase *baseline = phaseOf(d, PhaseKind::Baseline);
    REQUIRE(baseline);
    REQUIRE(baseline->activity);
    const DutActivity &a = *baseline->activity;
    // The spinner's own CPU time over the baseline, as the kernel counted it for its process:
    // all of it is other activity (so is whatever else shares this machine, hence at least).
    REQUIRE(spinEnd >= 0);
    const double spinnerCores = (spinEnd - spinStart) / baselineSeconds;
    INFO("spinner " << spinnerCores << " cores; other activity " << a.otherCores() << " cores");
    CHECK(a.seconds == Approx(3.0).margin(0.3));
    CHECK(a.otherCores() >= spinnerCores - 0.05); // two readings' ticks apart
    CHECK(a.otherCores() > kOtherActivityThresholdCores);
    CHECK(a.cpus == d.dut.system.logicalCores);
    // The worker idled through the baseline.
    CHECK(a.workerCores() < 0.05);
    // The flag says how busy and why it matters.
    REQUIRE(hasFlag(d.analysis.flags, "core.activity.busy-baseline"));
    for (const Message &f : d.analysis.flags) {
        if (f.id() != QLatin1String("core.activity.busy-baseline"))
            continue;
        CHECK(flagSeverity(f) == Severity::Warning);
        CHECK(f.english().contains(QStringLiteral("not idle in the baseline")));
        CHECK(f.english().contains(QStringLiteral("of its %1 cores").arg(a.cpus)));
        CHECK(f.english().contains(QStringLiteral("indistinguishable from idle")));
    }
    // Every output lists the activity per phase: the baseline first, then the run, then the
    // measuring program's own.
    const QList<Message> lines = activityLines(d);
    REQUIRE(lines.size() == 3);
    CHECK(lines[2].id() == QLatin1String("core.program.cpu"));
    CHECK(lines[0].english().startsWith(QStringLiteral("idle baseline: other activity")));
}

TEST_CASE("session: other activity from a fake /proc, computed by hand", "[session][activity]")
{
    // The worker reads a fake /proc that this test advances while nothing reads it: 100 ticks
    // a second (USER_HZ), two cores. The worker answers in order, so each state is in place
    // before the reading that must see it.
    TempDir dir;
    TempDir proc;
    RunnerOptions opts = localOptions(dir.path());
    opts.localWorker.procRoot = QString::fromStdString(proc.path().string());
    // A: read when the baseline opens.
    writeProc(proc.path(), 1000, 10000, 50);
    int running = 0;
    const auto out = cipherwatt::test::runSession(settings(2, 2), opts, [&](SessionRunner &r) {
        QObject::connect(&r, &SessionRunner::phaseChanged, &r,
                         [&](PhaseKind kind, const Message &, double, double) {
                             if (kind != PhaseKind::Baseline)
                                 return;
                             // B, 1 s into the 2 s baseline: read when the baseline closes
                             // and the run opens. 400 ticks passed (2 s x 2 cores), 80
                             // busy, none the worker's: 0.8 CPU-s over 2 s = 0.40 cores,
                             // 20 % of 2 cores, over the threshold.
                             QTimer::singleShot(1000, &r,
                                                [&] { writeProc(proc.path(), 1080, 10400, 50); });
                         });
        QObject::connect(&r, &SessionRunner::runUpdated, &r, [&](const RunUpdate &u) {
            // The second "running" update comes with run_start, after the run's opening
            // reading was answered. C, read when the run closes: 400 ticks passed, 300
            // busy, 180 of them the worker's: the others 1.2 CPU-s over 2 s = 0.60 cores,
            // the worker 1.8 CPU-s = 0.90 cores.
            if (u.status == RunStatus::Running && ++running == 2)
                writeProc(proc.path(), 1380, 10800, 230);
        });
    });
    INFO(out.reason.toStdString());
    REQUIRE(out.status == SessionStatus::Complete);
    const SessionData d = cipherwatt::test::loadSession(opts.databasePath, out.session);
    const StoredPhase *baseline = phaseOf(d, PhaseKind::Baseline);
    const StoredPhase *run = phaseOf(d, PhaseKind::Run);
    REQUIRE(baseline);
    REQUIRE(run);
    REQUIRE(baseline->activity);
    REQUIRE(run->activity);
    CHECK(baseline->activity->seconds == Approx(2.0));
    CHECK(baseline->activity->otherCpuSeconds == Approx(0.8));
    CHECK(baseline->activity->otherCores() == Approx(0.40));
    CHECK(baseline->activity->otherShare() == Approx(0.20));
    CHECK(run->activity->seconds == Approx(2.0));
    CHECK(run->activity->otherCores() == Approx(0.60));
    CHECK(run->activity->workerCores() == Approx(0.90));
    // Flags: the busy baseline (0.40 > 0.05 cores); the run's other activity changed by 0.20
    // cores; 0.60 + 0.90 = 1.50 of 2 cores (75 %) is not saturated.
    REQUIRE(hasFlag(d.analysis.flags, "core.activity.busy-baseline"));
    for (const Message &f : d.analysis.flags) {
        if (f.id() == QLatin1String("core.activity.busy-baseline"))
            CHECK(f.english().startsWith(QStringLiteral(
                "the DUT was not idle in the baseline: other activity kept 0.40 cores busy on "
                "average (20 % of its 2 cores)")));
    }
    REQUIRE(d.runs.at(0).analysis);
    const QList<Message> &runFlags = d.runs[0].analysis->flags;
    CHECK(hasFlag(runFlags, "core.activity.changed"));
    CHECK_FALSE(hasFlag(runFlags, "core.activity.saturated"));
    const QList<Message> lines = activityLines(d);
    REQUIRE(lines.size() == 3); // the baseline, the run, the measuring program
    CHECK(lines[0].english() ==
          QStringLiteral("idle baseline: other activity 0.40 cores busy (20 % of 2), worker "
                         "0.00 cores"));
}

TEST_CASE("session: waiting for a quiet DUT is bounded and recorded", "[session][activity]")
{
    // A fake /proc that never moves has no interval to measure: never quiet. With a bound of
    // 2 s the session waits that long, says so, and measures anyway.
    TempDir dir;
    TempDir proc;
    RunnerOptions opts = localOptions(dir.path());
    opts.localWorker.procRoot = QString::fromStdString(proc.path().string());
    writeProc(proc.path(), 1000, 10000, 50);
    SessionSettings s = settings(1, 1);
    s.waitForQuietSeconds = 2;
    unsigned long tick = 0;
    QTimer advance;
    // The counters advance 1 s of two cores every 0.25 s, half of one core busy: 0.50 cores,
    // over the threshold, so the DUT never becomes quiet.
    QObject::connect(&advance, &QTimer::timeout, &advance, [&] {
        ++tick;
        writeProc(proc.path(), 1000 + 50UL * tick, 10000 + 200UL * tick, 50);
    });
    advance.start(250);
    const auto out = cipherwatt::test::runSession(s, opts);
    advance.stop();
    INFO(out.reason.toStdString());
    REQUIRE(out.status == SessionStatus::Complete);
    const SessionData d = cipherwatt::test::loadSession(opts.databasePath, out.session);
    bool recorded = false;
    for (const StoredEvent &e : d.events) {
        if (e.text.id() == QLatin1String("core.activity.not-quiet")) {
            recorded = true;
            CHECK(e.text.english().startsWith(QStringLiteral("the DUT did not become quiet in")));
            CHECK(e.text.english().contains(QStringLiteral("threshold 0.05")));
        }
    }
    CHECK(recorded);
    CHECK(phaseOf(d, PhaseKind::Baseline));

    // Quiet counters (nothing busy): the wait ends after 3 quiet seconds, recorded.
    TempDir dir2;
    opts.databasePath = QString::fromStdString((dir2.path() / "sessions.sqlite").string());
    s.waitForQuietSeconds = 30;
    tick = 0;
    QObject::disconnect(&advance, nullptr, nullptr, nullptr);
    QObject::connect(&advance, &QTimer::timeout, &advance, [&] {
        ++tick;
        writeProc(proc.path(), 1000, 10000 + 50UL * tick, 50);
    });
    advance.start(250);
    const auto quiet = cipherwatt::test::runSession(s, opts);
    advance.stop();
    REQUIRE(quiet.status == SessionStatus::Complete);
    const SessionData q = cipherwatt::test::loadSession(opts.databasePath, quiet.session);
    bool reached = false;
    for (const StoredEvent &e : q.events)
        reached = reached || e.text.id() == QLatin1String("core.activity.quiet");
    CHECK(reached);
}
