#pragma once

// Runs one session at a time for the window: the SessionRunner lives on its own thread (with
// its database connection), so storage and DUT events never wait on painting, and nothing the
// runner does blocks the GUI thread. Signals arrive queued in the thread that owns this object.

#include <cipherwatt/core/runner.h>

#include <QObject>
#include <QThread>

#include <memory>

namespace cipherwatt::gui {

class SessionController : public QObject
{
    Q_OBJECT

public:
    explicit SessionController(QObject *parent = nullptr);
    ~SessionController() override; // cancels a running session and waits for its restore

    // Starts a session; false when one is already running.
    bool start(const core::SessionSettings &settings, const core::RunnerOptions &options);
    void cancel();
    bool isRunning() const { return m_runner != nullptr; }
    qint64 sessionId() const { return m_sessionId; }

signals:
    void prepared(const cipherwatt::core::MeterSetup &meter, const cipherwatt::core::DutSetup &dut,
                  int plannedRuns);
    void sessionCreated(qint64 id);
    void phaseChanged(cipherwatt::core::PhaseKind kind, const cipherwatt::core::Message &label,
                      double tSeconds, double plannedSeconds);
    void sampleArrived(const cipherwatt::instruments::Sample &sample, double tSeconds,
                       double watts);
    void sourceSampleArrived(const QString &resource, double tSeconds, double watts);
    void runUpdated(const cipherwatt::core::RunUpdate &update);
    void baselineMeasured(const cipherwatt::core::BaselineResult &baseline);
    void activityMeasured(cipherwatt::core::PhaseKind kind, const cipherwatt::core::Message &label,
                          const cipherwatt::core::DutActivity &activity);
    void progress(double fraction, double secondsLeft);
    void warning(const QString &text);
    void note(const QString &text);
    void finished(cipherwatt::core::SessionStatus status, const QString &reason);

private:
    void cleanUp();

    QThread *m_thread = nullptr;
    core::SessionRunner *m_runner = nullptr; // lives in m_thread
    qint64 m_sessionId = 0;
};

} // namespace cipherwatt::gui
