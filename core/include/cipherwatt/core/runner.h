#pragma once

// The session runner: the measurement method of the first paper (section 3) as phases
// (DESIGN.md, "Phases of a session"). The meter streams on its own thread, the worker runs on
// its own thread; the runner reacts to both, stores everything, and reports as signals.
//
// start() may be called from the thread the runner lives in (any thread with an event loop):
// the meter, the DUT and the database connection are made there.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/dut.h>
#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/session.h>
#include <cipherwatt/core/storage.h>
#include <cipherwatt/instruments/meter.h>

#include <QJsonObject>
#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>
#include <vector>

namespace cipherwatt::instruments {
class MeterAcquisition;
}

namespace cipherwatt::core {

struct RunnerOptions
{
    QString databasePath;           // empty: Storage::defaultPath()
    LocalWorkerOptions localWorker; // for DUT `local`
    Dut::LinkFactory linkFactory;   // for other DUTs (makeSshLinkFactory); overrides `local`
    instruments::OpenOptions meterOptions;
    double pilotSeconds = 0.5;           // length of a pilot run for automatic run lengths
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
    int repeat = 1;
    double elapsedSeconds = 0.0;
    double plannedSeconds = 0.0; // 0 when the run is sized by iterations and not yet known
    quint64 bytes = 0;
    QString status; // running, done, failed, skipped, cancelled
    QString error;
    std::optional<RunResult> analysis; // once the run is done
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

    qint64 sessionId() const { return m_sessionId; }
    // The session could not start because of what was asked (an unknown cipher, backend or
    // operation in the plan, an element the meter does not have): the operator's mistake.
    bool rejectedSettings() const { return m_rejectedSettings; }
    bool isFinished() const { return m_finished; }
    const SessionSettings &settings() const { return m_settings; }

signals:
    // Before the session is stored: the meter and the DUT are ready and the plan is resolved.
    void prepared(const QJsonObject &meter, const QJsonObject &dut, int plannedRuns);
    void sessionCreated(qint64 id);
    void phaseChanged(cipherwatt::core::PhaseKind kind, const QString &label, double tSeconds,
                      double plannedSeconds);
    // Every meter update, with the session time of its end and the DUT element's power.
    void sampleArrived(const cipherwatt::instruments::Sample &sample, double tSeconds,
                       double watts);
    void runUpdated(const cipherwatt::core::RunUpdate &update);
    void baselineMeasured(const cipherwatt::core::BaselineResult &baseline);
    // Fraction of the session done and an estimate of the time left.
    void progress(double fraction, double secondsLeft);
    void warning(const QString &text);
    void note(const QString &text);
    // The end: the status and, unless complete, why.
    void finished(cipherwatt::core::SessionStatus status, const QString &reason);

private:
    enum class Stage : std::uint8_t {
        Idle,
        Preparing,
        Pinning,
        Planning,
        Baseline,
        Settling,
        Running,
        PostBaseline,
        Restoring,
        Done
    };

    // Preparation.
    void onMeterOpened(const instruments::Identity &identity,
                       const instruments::Capabilities &capabilities);
    void onMeterConfigured(const instruments::AppliedConfig &applied);
    void onDutReady(const QJsonObject &hello, qint64 hostNs);
    void onDutEvent(const QJsonObject &event, qint64 hostNs);
    void onCatalogue(const QJsonObject &event);
    void onSelfTest(const QJsonObject &event);
    bool createSession();

    // Phases.
    void beginPhase(PhaseKind kind, const QString &label, qint64 runId, double plannedSeconds);
    void pin();
    void onGovernor(const QJsonObject &event);
    void nextPilot();
    void startBaseline();
    void nextRun();
    void startRun();
    void onRunStart(const QJsonObject &event, qint64 hostNs);
    void onRunProgress(const QJsonObject &event);
    void onRunEnd(const QJsonObject &event, qint64 hostNs);
    void onRunError(const QString &message);
    void startPostBaseline();
    void restore();
    void finalize();

    // Failures and the end.
    void onSample(const instruments::Sample &sample);
    void onMeterFailed(const instruments::Error &error);
    void onDutFinished(const QString &reason, bool clean);
    void startDut();
    void resumeRuns(); // after a new worker took over and the governor is pinned again
    void fail(SessionStatus status, const QString &reason);
    void end();
    bool store(const Result<void> &result);
    template<typename T>
    bool store(const Result<T> &result);

    double sessionSeconds(qint64 hostNs) const;
    double plannedRunSeconds(std::size_t index) const;
    void reportProgress();
    RunUpdate updateFor(std::size_t index) const;
    RunInput runInput(std::size_t index) const; // what the analysis needs of a finished run
    void saveRun(std::size_t index); // the run's whole record, as the runner knows it now
    std::vector<PowerSample> powerSamples() const;

    SessionSettings m_settings;
    RunnerOptions m_options;
    Stage m_stage = Stage::Idle;
    bool m_finished = false;
    bool m_rejectedSettings = false;

    instruments::MeterAcquisition *m_meter = nullptr;
    Dut *m_dut = nullptr;
    std::unique_ptr<Storage> m_storage;

    QJsonObject m_meterJson;
    QJsonObject m_dutJson;
    QStringList m_linkNotes;
    instruments::Identity m_identity;
    instruments::Capabilities m_capabilities;
    instruments::AppliedConfig m_applied;
    int m_powerItem = -1;  // index of P of the DUT element in the samples
    int m_energyItem = -1; // index of WH of the DUT element, -1 when not read
    MeterAccuracy m_accuracy;
    std::vector<CatalogueEntry> m_catalogue;
    std::vector<PlannedRun> m_plan;
    std::vector<qint64> m_runIds;
    std::vector<QString> m_runStatus;
    std::vector<std::uint64_t> m_iterations;          // by run: sized by the pilot or the settings
    std::vector<double> m_expectedSeconds;            // by run: for progress
    std::vector<QJsonObject> m_results;               // by run: the worker's result
    std::vector<std::pair<qint64, qint64>> m_windows; // by run: measured loop (session ns)
    std::vector<qint64> m_runStartNs;                 // by run: run_start received
    std::vector<qint64> m_runEndNs;                   // by run: run_end received
    std::vector<QString> m_runErrors;
    std::vector<QJsonObject> m_requests; // by run: the command sent
    std::vector<std::optional<RunResult>> m_analyses;
    QStringList m_failedKat;

    qint64 m_sessionId = 0;
    qint64 m_originNs = 0;
    qint64 m_phaseId = 0;
    PhaseKind m_phase = PhaseKind::Prepare;
    qint64 m_phaseRunId = 0;
    struct PhaseSpan
    {
        qint64 startNs;
        qint64 id;
        qint64 runId;
        PhaseKind kind;
    };
    std::vector<PhaseSpan> m_phases;
    std::vector<StoredSample> m_samples; // in memory too, for the live analysis

    std::size_t m_pilotIndex = 0;
    std::size_t m_runIndex = 0;
    int m_activeRunCommand = 0; // worker command id of the run in progress
    int m_pendingCommand = 0;   // governor / selftest / list in flight
    double m_stageStartSeconds = 0;
    bool m_cancelRequested = false;
    bool m_pinned = false;
    bool m_dutGone = false;
    Dut::LinkFactory m_linkFactory;
    bool m_workerCrashed = false;
    bool m_restarting = false;
    bool m_resumeAfterPin = false;
    int m_restarts = 0;
    static constexpr int kMaxWorkerRestarts = 3;
    SessionStatus m_endStatus = SessionStatus::Complete;
    QString m_endReason;
    std::optional<BaselineResult> m_baseline;
    double m_baselineStart = 0;
    double m_baselineEnd = 0;
    double m_postStart = 0;
    double m_postEnd = 0;
    // Both are children of the runner: a runner made in one thread and moved to another (the
    // window's SessionController) takes its timers along.
    QTimer m_timer;      // baseline, settle and post-baseline
    QTimer m_flushTimer; // samples written at least once a second
};

} // namespace cipherwatt::core

Q_DECLARE_METATYPE(cipherwatt::core::RunUpdate)
Q_DECLARE_METATYPE(cipherwatt::core::BaselineResult)
