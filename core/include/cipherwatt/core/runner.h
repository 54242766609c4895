#pragma once

// The session runner: the measurement method of the first paper (section 3) as phases
// (DESIGN.md, "Phases of a session"). The meter streams on its own thread, the worker runs on
// its own thread; the runner reacts to both, stores everything, and reports as signals.
//
// It is made of parts: a state machine (session_flow.h) that lists the stages and the moves
// between them in one place, a record per planned run (RunRecord), and a recorder that owns
// the storage, the phases, the samples and their flushing (recorder.h). This class wires them
// to the meter and the DUT.
//
// start() may be called from the thread the runner lives in (any thread with an event loop):
// the meter, the DUT and the database connection are made there.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/dut.h>
#include <cipherwatt/core/dut_kinds.h>
#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/range_advisor.h>
#include <cipherwatt/core/records.h>
#include <cipherwatt/core/session.h>
#include <cipherwatt/core/storage.h>
#include <cipherwatt/instruments/meter.h>

#include <QObject>
#include <QTimer>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

namespace cipherwatt::instruments {
class MeterAcquisition;
}

namespace cipherwatt::core {

class SessionFlow;
class SessionRecorder;
struct RunRecord;

struct RunnerOptions
{
    QString databasePath; // empty: Storage::defaultPath()
    // The DUT's link is made by its kind (dut_kinds.h) from the settings' resource, these
    // options of its kind (an SSH key file, ...) and what the front end provides.
    LocalWorkerOptions localWorker; // the local worker (and what remote ones are given)
    SshOptions ssh;                 // what SSH links start from: known_hosts, prompts, ...
    ResourceValues dutOptions;
    Dut::LinkFactory linkFactory; // set: this link instead (tests)
    instruments::OpenOptions meterOptions;
    double pilotSeconds = 0.5; // length of a pilot run for automatic run lengths
    // A worker that sends nothing for this long while a run is in progress (it reports
    // progress every second) is declared lost: the session ends `interrupted` and a new
    // worker puts the governor back. Other commands get six times as long. Never below three
    // of the worker's progress intervals.
    double watchdogSeconds = 10.0;
    double commandTimeoutSeconds = 3600; // an external command is killed after this long
};

// What the runner reports about a run while it goes on and when it ends.
struct RunUpdate
{
    qint64 runId = 0;
    int ordinal = 0;
    int total = 0;
    QString cipher;
    QString backend;
    QString operation;
    qint64 bufferBytes = 0;
    QString isa; // the run's own instruction-set level; empty: the worker's
    std::optional<std::uint64_t> frequencyKHz; // the run's frequency level; none: not a factor
    QString payload;  // the run's payload level ("zeros", "file:/a.txt"); empty: not a factor
    QString governor; // the run's governor level; empty: not a factor
    QString chunking; // the run's chunking level; empty: not a factor
    int repeat = 1;
    double elapsedSeconds = 0.0;
    double plannedSeconds = 0.0; // 0 when the run is sized by iterations and not yet known
    quint64 bytes = 0;
    RunStatus status = RunStatus::Planned;
    Message error;
    std::optional<RunResult> analysis;  // once the run is done
    std::optional<WorkerResult> result; // the worker's figures, once the run is done
};

class SessionRunner : public QObject
{
    Q_OBJECT

public:
    SessionRunner(SessionSettings settings, RunnerOptions options, QObject *parent = nullptr);
    ~SessionRunner() override;

    void start();
    // Ends the session at the next safe point: a run in progress is stopped, the governor
    // restored, the analysis stored, the status set to `cancelled`.
    void cancel();
    // The same for a signal that ends the program (SIGTERM): the session and the run in
    // flight end `interrupted`, "terminated by <signal>".
    void terminate(const QString &signal);
    // Ends the session now (a second interrupt): the run in flight is stored as stopped with
    // what it measured, the worker is told to end (it restores the governor on its own), the
    // session is stored and finished() is emitted before this returns.
    void abort();

    qint64 sessionId() const;
    // The session could not start because of what was asked (an unknown cipher, backend or
    // operation in the plan, an element the meter does not have): the operator's mistake.
    bool rejectedSettings() const { return m_rejectedSettings; }
    bool isFinished() const { return m_finished; }
    const SessionSettings &settings() const { return m_settings; }

signals:
    // Before the session is stored: the meter and the DUT are ready and the plan is resolved.
    void prepared(const cipherwatt::core::MeterSetup &meter, const cipherwatt::core::DutSetup &dut,
                  int plannedRuns);
    void sessionCreated(qint64 id);
    // A phase began: its kind, its label (a run's label for a run), its start and planned length.
    void phaseChanged(cipherwatt::core::PhaseKind kind, const cipherwatt::core::Message &label,
                      double tSeconds, double plannedSeconds);
    // Every meter update, with the session time of its end and the DUT element's power.
    void sampleArrived(const cipherwatt::instruments::Sample &sample, double tSeconds,
                       double watts);
    // A reading of a secondary power source on the DUT (SessionSettings::sources): the mean
    // power over the reading's span ending at `tSeconds` (session time), or its value then.
    void sourceSampleArrived(const QString &resource, double tSeconds, double watts);
    void runUpdated(const cipherwatt::core::RunUpdate &update);
    void baselineMeasured(const cipherwatt::core::BaselineResult &baseline);
    // What else kept the DUT busy in a phase that just ended (the baseline, a run, the
    // post-baseline): its kind and label as phaseChanged() gave them.
    void activityMeasured(cipherwatt::core::PhaseKind kind, const cipherwatt::core::Message &label,
                          const cipherwatt::core::DutActivity &activity);
    // Fraction of the session done and an estimate of the time left.
    void progress(double fraction, double secondsLeft);
    void warning(const cipherwatt::core::Message &text);
    void note(const cipherwatt::core::Message &text);
    // The end: the status and, unless complete, why.
    void finished(cipherwatt::core::SessionStatus status, const cipherwatt::core::Message &reason);

private:
    // Preparation (runner_prepare.cpp).
    void openMeter(const QString &resource); // a WT300 or the simulator, by MeterAcquisition
    // The meter is set up: the DUT's worker is started next (or, when `auto` started it first to
    // choose the meter, its catalogue asked for).
    void meterReady();
    void onMeterOpened(const instruments::Identity &identity,
                       const instruments::Capabilities &capabilities);
    void onMeterConfigured(const instruments::AppliedConfig &applied);
    void startDut();
    // The meter's ranges (runner_ranges.cpp): auto-range refused unless allowed (false: the
    // session is failing).
    bool checkAutoRange(const instruments::AppliedConfig &applied);
    void rangeInput(RunInput &input) const;            // the ranges set, for checkRanges()
    void trackLoad(const instruments::Sample &sample); // for the range advisor
    // --ranges auto-fix before the baseline: true when it took over (the meter is set up
    // again, onRangesFixed() then starts the baseline; or the session is failing).
    bool fixRanges();
    void onRangesFixed(const instruments::AppliedConfig &applied);
    // The meter's accuracy for the mode and ranges the meter took, in m_accuracy and the
    // meter set-up record.
    void useAccuracy(const instruments::AppliedConfig &applied);
    void onDutReady(const WorkerHello &hello, qint64 hostNs);
    void onCatalogue(const worker::Catalogue &catalogue);
    // Every cipher run of the plan checked by the worker (a dry run) before anything is
    // measured; a run it refuses refuses the plan.
    void checkPlan();
    void onChecked(const worker::Checked &checked);
    void selfTest();
    void onSelfTest(const worker::SelfTestDone &selfTest);
    bool createSession();
    void pin();
    void onGovernor(const worker::GovernorDone &event);
    void onGovernorError(const QString &message);

    // Runs (runner_runs.cpp).
    // Stores the new phase and tells the front end; false when storing failed (the session is
    // failing then).
    bool beginPhase(PhaseKind kind, const Message &label, qint64 runId, double plannedSeconds);
    void nextPilot();
    void startBaseline();
    void nextRun();
    void startIdleWindow(); // before a run, when idle windows are asked for
    void startRun();
    // An experiment's frequency or governor level: pinned before its runs, then an idle window
    // at it.
    void pinLevel(const PinLevel &level);
    BaselineRecord idleWindowStart() const; // an idle window from now, at the current level
    void onLevelPinned(const worker::GovernorDone &event);
    void onLevelRefused(const PinLevel &level, const QString &why);
    // The idle windows so far (baseline, between runs, post-baseline) at one level (none: the
    // session's pinning), in time order.
    std::vector<IdleWindow> idleWindows(const PinLevel &level = {}) const;
    // The same windows over other readings (a secondary source's).
    std::vector<IdleWindow> idleWindows(const PinLevel &level,
                                        const std::vector<PowerSample> &samples) const;
    void onRunStart(qint64 hostNs);
    void onRunProgress(const worker::Progress &progress);
    void onRunEnd(const worker::RunEnded &end, qint64 hostNs);
    void onPilotEnd(const WorkerResult &result, qint64 hostNs);
    void onRunError(const QString &message);
    void analyseLive(std::size_t index);
    void startPostBaseline();
    void restore();
    void finalize();
    void reportProgress();
    RunUpdate updateFor(std::size_t index) const;
    RunInput runInput(std::size_t index) const; // what the analysis needs of a finished run
    void saveRun(std::size_t index);
    void markRuns(const RunRecord &like, RunStatus status, const Message &error);

    // Other activity on the DUT (runner_activity.cpp).
    bool activityAvailable() const; // a Linux worker of protocol 3 or later that can read it
    // Asks for the DUT's counters; `phaseStart`: they open the phase in force, else close it.
    // `then` (if set) gets the answer, or nothing when the worker could not read them.
    int askActivity(bool phaseStart, std::function<void(std::optional<CpuCounters>)> then = {});
    bool onActivityAnswer(int id, const std::optional<CpuCounters> &counters, const QString &error);
    void baselineActivityFlags(SessionAnalysis &analysis) const;
    void runActivityFlags(RunRecord &run) const; // after its analysis
    // The measuring program's own CPU use (runner_program.cpp): the phase that began or the
    // session's end closes the one before.
    void closeProgramPhase(qint64 nextPhase);
    void programFlags(RunRecord &run) const; // after its analysis
    void waitForQuiet();
    void pollQuiet();
    void onQuietReading(const std::optional<CpuCounters> &counters);
    void waitForStable(); // runner_stable.cpp
    void checkStable();

    // A power source on the DUT as the meter (runner_source_meter.cpp): `--meter rapl:…`,
    // `battery`, `hwmon:…`, or `auto` with no WT300 on USB and a source the DUT can read now.
    // Its readings become the session's samples (P only), its accuracy is not specified.
    static bool wt300OnUsb();
    void useSourceMeter(const QString &resource);
    void chooseAutoMeter(); // asks the DUT's worker for its sources (m_choosingMeter)
    // `problem`: the worker could not list them.
    void onAutoSources(const std::vector<DutPowerSource> &sources, const QString &problem = {});
    bool onMeterSourceEvent(const WorkerEvent &event, qint64 hostNs);
    void meterSourceFailed(const QString &why);

    // Secondary power sources on the DUT (runner_sources.cpp): sampled by the worker from the
    // plan's check to the end, each reading kept with the host's time of it.
    bool checkSources(); // false: refused (the session is failing)
    void startSources();
    void restartSources();                                       // with a new worker after a crash
    bool onSourceEvent(const WorkerEvent &event, qint64 hostNs); // true: it was a source's
    void stopSources();
    // Stores the readings not stored yet, those from before the session existed included.
    void storeSourceReadings();
    // Before each run: automatic runs lengthened so that each source (a fuel gauge refreshing
    // every few seconds) gives the readings a run needs; runs of a fixed length too short for
    // one are a warning.
    void sizeRunsForSources();
    // Each source's readings in session time and its idle windows at each level, made once
    // for all the runs the final analysis goes through.
    struct SourceCache
    {
        std::vector<std::vector<PowerSample>> readings; // by source
        // By source and level (frequency, governor).
        std::map<std::tuple<std::size_t, std::optional<std::uint64_t>, QString>,
                 std::vector<IdleWindow>>
            windows;
    };
    void analyseSources(RunRecord &run, const RunInput &in, SourceCache &cache) const;
    std::vector<PowerSample> sourceReadings(std::size_t source) const; // in session time

    // Events, failures and the end (runner.cpp).
    void onDutEvent(const WorkerEvent &event, qint64 hostNs);
    void onSample(const instruments::Sample &sample);
    void onMeterFailed(const instruments::Error &error);
    void onDutFinished(const Message &reason, bool clean);
    void fail(SessionStatus status, const Message &reason);

    // Guards (runner_watch.cpp).
    void heard(); // the worker said something
    void watch(); // the watchdog's tick
    double watchdogLimit(bool running) const;
    void declareLost(const Message &reason);
    void restoreWithNewWorker();
    void stop(SessionStatus status, const Message &reason);
    void end();
    void emitWarning(const Message &text, const QString &kind = QStringLiteral("warning"));
    bool store(const Result<void> &result);
    template<typename T>
    bool store(const Result<T> &result);

    SessionSettings m_settings;
    RunnerOptions m_options;
    std::unique_ptr<SessionFlow> m_flow;
    SessionRecorder *m_recorder = nullptr; // a child
    bool m_finished = false;
    bool m_rejectedSettings = false;

    instruments::MeterAcquisition *m_meter = nullptr;
    Dut *m_dut = nullptr;
    Dut::LinkFactory m_linkFactory;

    MeterSetup m_meterSetup;
    DutSetup m_dutSetup;
    instruments::Identity m_identity;
    instruments::Capabilities m_capabilities;
    instruments::AppliedConfig m_applied;
    int m_powerItem = -1;        // index of P of the DUT element in the samples
    int m_energyItem = -1;       // index of WH of the DUT element, -1 when not read
    int m_currentItem = -1;      // index of I of the DUT element, -1 when not read
    int m_voltageRangeItem = -1; // URANge of the DUT element, -1 when not read
    int m_currentRangeItem = -1; // IRANge of the DUT element, -1 when not read
    MeterAccuracy m_accuracy;
    instruments::MeterConfig m_meterConfig; // as asked for
    LoadPeaks m_loadPeaks;                  // the load the pilots showed (range advisor)
    bool m_rangesFixing = false;            // --ranges auto-fix: the meter is set up again
    bool m_rangesFixed = false;
    std::vector<CatalogueEntry> m_catalogue;
    std::vector<RunRecord> m_runs;

    std::size_t m_pilotIndex = 0;
    std::size_t m_runIndex = 0;
    int m_activeRunCommand = 0;             // worker command id of the run in progress
    int m_pendingCommand = 0;               // governor / selftest / list / check in flight
    std::vector<std::size_t> m_checkedRuns; // the runs of the check in flight, in its order
    bool m_pinned = false;
    bool m_resumeAfterPin = false; // a new worker took over: pinned again, then the next run
    // Frequency and governor levels: the one the DUT is pinned at (PinLevel{}: the session's
    // pinning; none: unknown, after a refused level), the one being pinned, and whether the next
    // run idles at its level first; the post-baseline's level (none: unknown).
    std::optional<PinLevel> m_level = PinLevel{};
    std::optional<PinLevel> m_levelPinning;
    bool m_levelIdle = false;
    std::optional<PinLevel> m_postBaselineLevel;
    bool m_dutGone = false;
    bool m_workerCrashed = false;
    // The watchdog: when the worker last said something, the command it watches and since when.
    QTimer m_watchTimer;
    qint64 m_lastHeardNs = 0;
    int m_watchedCommand = 0;
    qint64 m_watchSinceNs = 0;
    double m_progressInterval = 1.0; // from the worker's hello
    Message m_lostReason;            // set: the worker was declared lost
    // A new worker putting the governor back after the one that pinned it was lost.
    Dut *m_restorer = nullptr;
    QTimer m_restoreTimer;
    bool m_restoreAttempted = false;
    // How stop() asked the session to end.
    std::optional<SessionStatus> m_stopStatus;
    Message m_stopReason;
    int m_restarts = 0;
    static constexpr int kMaxWorkerRestarts = 3;
    SessionStatus m_endStatus = SessionStatus::Complete;
    Message m_endReason;
    std::optional<BaselineRecord> m_baseline;
    std::optional<PostBaselineRecord> m_postBaseline;
    std::vector<BaselineRecord> m_idleWindows; // between runs
    bool m_runStarted = false;                 // since the baseline: the next run gets a window
    // Other activity: what each `activity` asked for is to mark, the counters that opened each
    // phase, and what each phase measured (by phase id).
    struct ActivityAsk
    {
        qint64 phaseId = 0;
        PhaseKind kind = PhaseKind::Baseline;
        Message label;
        bool start = false;
        std::function<void(std::optional<CpuCounters>)> then;
    };
    std::map<int, ActivityAsk> m_activityAsks;
    std::map<qint64, CpuCounters> m_activityFrom;
    std::map<qint64, DutActivity> m_activity;
    qint64 m_baselinePhase = 0;
    PhaseKind m_phaseKind = PhaseKind::Prepare; // the phase in force, as beginPhase() began it
    Message m_phaseLabel;
    bool m_activityUnreadable = false;
    bool m_finalizeAfterActivity = false; // finalize() waits for the last answers
    // The wait for a quiet DUT: done once, when it began, the last reading, how long the DUT
    // has been quiet since.
    bool m_quietWaited = false;
    qint64 m_quietStartNs = 0;
    std::optional<CpuCounters> m_quietLast;
    double m_quietFor = 0.0;
    double m_quietCores = 0.0;
    // The measuring program's own CPU time at the start of the phase in force, and each
    // phase's average (cores, by phase id).
    qint64 m_programPhase = 0;
    double m_programCpuFrom = 0.0;
    qint64 m_programWallFromNs = 0;
    std::map<qint64, double> m_programCores;
    // The wait for stable idle power: done once, when it began (session seconds), and its
    // outcome when it ran out (a session flag).
    bool m_stableWaited = false;
    double m_stableStart = 0.0;
    std::optional<Message> m_notStable;
    // The secondary power sources, in the settings' order: the worker's command sampling each,
    // when its worker clock began (host ns), and its readings (host ns of the reading's end).
    struct SourceState
    {
        int command = 0;
        qint64 startedHostNs = -1; // -1: not started yet
        bool running = false;
        struct Reading
        {
            qint64 hostNs = 0;
            double spanSeconds = 0.0;
            double watts = 0.0;
        };
        std::vector<Reading> readings;
        std::size_t stored = 0; // readings written to the database (none before it exists)
    };
    std::vector<SourceState> m_sources; // parallel to m_dutSetup.sources
    // The meter when it is a power source on the DUT: its sampling and set-up, and the number of
    // the next sample made of its readings.
    bool m_sourceMeter = false;
    bool m_choosingMeter = false;           // `auto` without a WT300: the DUT's sources decide
    std::optional<Message> m_autoMeterNote; // what `auto` chose and why, kept with the meter
    SourceState m_meterSource;
    SourceSetup m_meterSourceSetup;
    std::uint64_t m_meterSourceSequence = 0;
    int m_sourcesStopCommand = 0;
    double m_sourceRunSeconds = 0.0; // the longest run length the sources have asked for
    // The settle pause in force is an idle window (SessionSettings::settleIsIdle).
    bool m_settleWindow = false;
    // A child of the runner: a runner made in one thread and moved to another (the window's
    // SessionController) takes it along.
    QTimer m_timer; // baseline, settle and post-baseline
};

} // namespace cipherwatt::core

Q_DECLARE_METATYPE(cipherwatt::core::RunUpdate)
Q_DECLARE_METATYPE(cipherwatt::core::BaselineResult)
Q_DECLARE_METATYPE(cipherwatt::core::DutActivity)
