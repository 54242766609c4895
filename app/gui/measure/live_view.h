#pragma once

// The live view of a session, as the operator watches it for an hour: the DUT element's power
// plotted at every meter update with the phases shaded and labelled, large readouts of U, I,
// P, PF and the idle baseline, the current run (elapsed, remaining, bytes, throughput),
// progress of the phase and of the whole session, Cancel (after a confirmation), and the
// results table, filled as runs finish. It also shows a stored session exactly as a live one
// ends (its tiles say "last update"), and, with a meter connected and no session running, the
// meter live in monitor mode: tiles and plot, nothing stored. Before a session starts the
// header shows the set-up as entered (previewSetup).
//
// The slots take the session runner's signals (queued into the GUI thread; attach() connects a
// SessionController). Per meter update a slot only appends to the trace and arms a
// single-shot timer: everything on screen is brought up to date at most ~25 times a second.

#include "measure/live_trace.h"

#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/session.h>
#include <cipherwatt/core/storage.h>
#include <cipherwatt/instruments/measurement.h>

#include <QPointer>
#include <QSet>
#include <QWidget>

#include <optional>

class QComboBox;
class QCustomPlot;
class QFrame;
class QLabel;
class QMessageBox;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTableView;
class QTimer;
class QToolButton;

namespace cipherwatt::gui {

class ElidedLabel;
class LivePlot;
class Readout;
class ResultsModel;
class SessionController;

class LiveView : public QWidget
{
    Q_OBJECT

public:
    // The readouts, for tests and for the window's status bar.
    enum class Reading : std::uint8_t { Voltage, Current, Power, PowerFactor, Baseline };

    explicit LiveView(QWidget *parent = nullptr);
    ~LiveView() override;

    // Connects a controller's signals to this view and Cancel to the controller.
    void attach(SessionController *controller);

    void beginSession(const core::SessionSettings &settings); // clears everything: "preparing"
    void onPrepared(const core::MeterSetup &meter, const core::DutSetup &dut, int plannedRuns);
    void onSessionCreated(qint64 id);
    void onPhaseChanged(core::PhaseKind kind, const core::Message &label, double tSeconds,
                        double plannedSeconds);
    void onSample(const instruments::Sample &sample, double tSeconds, double watts);
    void onRunUpdated(const core::RunUpdate &update);
    void onBaseline(const core::BaselineResult &baseline);
    void onActivity(core::PhaseKind kind, const core::Message &label,
                    const core::DutActivity &activity);
    void onProgress(double fraction, double secondsLeft);
    void onWarning(const QString &text);
    void onFinished(core::SessionStatus status, const QString &reason);
    void showStoredSession(const core::SessionData &session); // a stored session, as live
    // The charts of an experiment's factors under the results (frequency curves, grouped bars
    // of ISA levels or payloads, curves against the buffer size), from the session as stored:
    // at the end of a live session, once it is read back.
    void showExperiment(const core::SessionData &session);
    // The set-up on screen before a session starts: the header follows it (nothing else).
    void previewSetup(const core::SessionSettings &settings);
    // Clears what is shown (a stored session) back to the set-up's preview.
    void showPreview(const core::SessionSettings &settings);
    // Monitor mode: the meter streams (Probe) while no session runs; nothing is stored.
    void beginMonitor(const core::MeterSetup &meter);
    void onMonitorSample(const instruments::Sample &sample);
    void endMonitor();
    bool isMonitoring() const { return m_monitoring; }
    bool isStored() const { return m_stored; }

    bool isRunning() const { return m_running; }
    bool isSimulated() const { return m_simulated; }
    qint64 sessionId() const { return m_sessionId; }

    // What is on screen (tests, the benchmark, the window).
    const LiveTrace &trace() const { return m_trace; }
    LivePlot *plot() const { return m_plot; }
    ResultsModel *results() const { return m_results; }
    QTableView *resultsView() const { return m_table; }
    Readout *readout(Reading reading) const;
    QString statusText() const;
    // Brings everything on screen up to date now, instead of at the next timer tick.
    void refreshNow();

signals:
    void cancelRequested(); // emitted only after the operator confirmed

private:
    // Where the meter's items (the meter JSON's `items`, in the order of Sample::values) put
    // the DUT element's readings.
    struct ItemIndex
    {
        int voltage = -1;
        int current = -1;
        int power = -1;
        int powerFactor = -1;
    };

    void buildUi();
    QWidget *buildHeader();
    QWidget *buildPlotPane();
    QWidget *buildSidePanel();
    QWidget *buildProgressRow();
    QWidget *buildResultsPane();
    void scheduleRefresh();
    void refresh(bool now);
    void updateHeader();
    void updateReadouts();
    void updateRunPanel();
    void updateProgress();
    void updateFlagKey();
    void showResults();
    // The per-operation columns, for a microcontroller DUT's session only.
    void showResultColumns();
    // Draws a frequency sweep's curves under the results, or hides them (no sweep, or none).
    void showCurves(const core::SessionData *session);
    void confirmCancel();
    void setWindowIndex(int index);

    void labelPhase(TracePhase &phase, const core::Message &runnerLabel);
    void labelRun(TracePhase &phase, int ordinal, int total, const QString &cipher,
                  const QString &backend, const QString &operation, qint64 bufferBytes, int repeat);
    void saveChart();
    void appendStored(const core::StoredSample &sample);
    double valueOf(int item, const std::vector<double> &values) const;
    QString readingText(int item, double value, int digits, int maxDecimals, bool &alert) const;

    LiveTrace m_trace;
    LivePlot *m_plot = nullptr;
    ResultsModel *m_results = nullptr;
    QTimer *m_refreshTimer = nullptr; // single-shot: armed by new data, fires at most every 40 ms

    // Header.
    QLabel *m_title = nullptr;
    ElidedLabel *m_details = nullptr;
    QLabel *m_statusLabel = nullptr;
    QLabel *m_simulatedBadge = nullptr;
    QFrame *m_warningBanner = nullptr;
    QLabel *m_warningText = nullptr;
    // Plot pane.
    QToolButton *m_followButton = nullptr;
    QComboBox *m_windowBox = nullptr;
    QToolButton *m_stripsButton = nullptr;
    QLabel *m_flagKey = nullptr;
    // Side panel.
    Readout *m_power = nullptr;
    Readout *m_voltage = nullptr;
    Readout *m_current = nullptr;
    Readout *m_powerFactor = nullptr;
    Readout *m_baseline = nullptr;
    QLabel *m_runTitle = nullptr;
    QLabel *m_runName = nullptr;
    QLabel *m_runElapsed = nullptr;
    QLabel *m_runRemaining = nullptr;
    QLabel *m_runBytes = nullptr;
    QLabel *m_runThroughput = nullptr;
    QLabel *m_otherActivity = nullptr; // the DUT's other activity: baseline and last run
    QString m_baselineActivity;
    QString m_runActivity;
    // Progress row.
    ElidedLabel *m_phaseLabel = nullptr;
    QLabel *m_phaseTime = nullptr;
    QProgressBar *m_phaseBar = nullptr;
    QLabel *m_sessionLabel = nullptr;
    QLabel *m_sessionTime = nullptr;
    QProgressBar *m_sessionBar = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QPointer<QMessageBox> m_confirmation;
    // Results.
    QSplitter *m_splitter = nullptr;
    QWidget *m_resultsPane = nullptr;
    QTableView *m_table = nullptr;
    // A stored frequency sweep's curves (report::plotFrequencyCurves); hidden otherwise.
    QCustomPlot *m_curves = nullptr;
    bool m_splitterMoved = false;

    // The session.
    core::SessionSettings m_settings;
    qint64 m_sessionId = 0;
    int m_plannedRuns = 0;
    int m_element = 1;
    QString m_powerSource; // the meter is this power source on the DUT; empty: a WT300
    ItemIndex m_items;
    QString m_meterDescription;
    QString m_dutDescription;
    bool m_running = false;
    bool m_monitoring = false;
    bool m_stored = false;  // a stored session, read back
    bool m_preview = false; // nothing shown yet but the set-up
    std::int64_t m_monitorOriginNs = -1;
    int m_doneRuns = 0;
    QSet<int> m_done; // ordinals of the runs measured
    bool m_cancelling = false;
    bool m_simulated = false;
    std::optional<core::SessionStatus> m_status;
    QString m_reason;
    // The newest update, as the meter gave it.
    std::vector<double> m_lastValues;
    std::vector<instruments::ValueState> m_lastStates;
    std::uint32_t m_lastFlags = 0;
    double m_lastWatts = kNoValue;
    bool m_haveSample = false;
    std::optional<core::RunUpdate> m_run; // the current run, or the last one
    std::optional<core::BaselineResult> m_finalBaseline;
    double m_fraction = 0.0;
    double m_secondsLeft = kNoValue;
    QStringList m_warnings;
};

} // namespace cipherwatt::gui
