// The session runner's life: start, the events of the meter and the DUT, cancel, failures
// and the end. Preparation is in runner_prepare.cpp, the runs in runner_runs.cpp; the order of
// the stages in session_flow.cpp.

#include "messages.h"
#include "recorder.h"
#include "run_record.h"

#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/session_flow.h>
#include <cipherwatt/instruments/acquisition.h>

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcRunner, "cipherwatt.core.runner", QtWarningMsg)

namespace cipherwatt::core {

using namespace instruments;

namespace {

void registerTypes()
{
    static const bool done = [] {
        qRegisterMetaType<RunUpdate>();
        qRegisterMetaType<BaselineResult>();
        qRegisterMetaType<SessionStatus>();
        qRegisterMetaType<PhaseKind>();
        qRegisterMetaType<Message>();
        qRegisterMetaType<MeterSetup>();
        qRegisterMetaType<DutSetup>();
        qRegisterMetaType<WorkerHello>();
        qRegisterMetaType<WorkerEvent>();
        qRegisterMetaType<DutActivity>();
        return true;
    }();
    Q_UNUSED(done)
}

} // namespace

SessionRunner::SessionRunner(SessionSettings settings, RunnerOptions options, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_options(std::move(options))
    , m_flow(std::make_unique<SessionFlow>())
    , m_recorder(new SessionRecorder(this))
    , m_timer(this) // a child, so that moveToThread() takes it along
{
    registerTypes();
    m_timer.setSingleShot(true);
    m_recorder->onFlushError([this](const Error &e) {
        fail(SessionStatus::Failed, Message(msg::kStorageFailed).arg(e.message));
    });
}

SessionRunner::~SessionRunner() = default;

qint64 SessionRunner::sessionId() const
{
    return m_recorder->sessionId();
}

bool SessionRunner::store(const Result<void> &result)
{
    if (result)
        return true;
    fail(SessionStatus::Failed, Message(msg::kStorageFailed).arg(result.error().message));
    return false;
}

template<typename T>
bool SessionRunner::store(const Result<T> &result)
{
    if (result)
        return true;
    fail(SessionStatus::Failed, Message(msg::kStorageFailed).arg(result.error().message));
    return false;
}

template bool SessionRunner::store(const Result<qint64> &);
template bool SessionRunner::store(const Result<double> &);
template bool SessionRunner::store(const Result<StoredSample> &);

void SessionRunner::emitWarning(const Message &text, const QString &kind)
{
    emit warning(text);
    if (m_recorder->exists())
        store(m_recorder->addEvent(kind, text, steadyNs()));
}

void SessionRunner::start()
{
    if (!m_flow->enter(Stage::Preparing))
        return;
    m_watchTimer.setInterval(250);
    connect(&m_watchTimer, &QTimer::timeout, this, &SessionRunner::watch);
    m_watchTimer.start();
    if (auto path = Storage::checkPath(m_options.databasePath.isEmpty() ? Storage::defaultPath()
                                                                        : m_options.databasePath);
        !path) {
        m_rejectedSettings = path.error().code == ErrorCode::Usage;
        QTimer::singleShot(
            0, this, [this, why = path.error().message] { fail(SessionStatus::Failed, why); });
        return;
    }
    emit phaseChanged(PhaseKind::Prepare, msg::kPhaseConnecting, 0.0, 0.0);
    const QString meter = m_settings.meterResource.trimmed();
    if (isPowerSourceResource(meter)) {
        QTimer::singleShot(0, this, [this, meter] { useSourceMeter(meter); });
        return;
    }
    if (meter == QLatin1String("auto") && !wt300OnUsb()) {
        // The DUT first: its power sources decide between one of them and the simulator.
        m_choosingMeter = true;
        QTimer::singleShot(0, this, &SessionRunner::meterReady);
        return;
    }
    openMeter(m_settings.meterResource);
}

void SessionRunner::openMeter(const QString &resource)
{
    m_meter = new MeterAcquisition(this);
    connect(m_meter, &MeterAcquisition::opened, this, &SessionRunner::onMeterOpened);
    connect(m_meter, &MeterAcquisition::configured, this, &SessionRunner::onMeterConfigured);
    connect(m_meter, &MeterAcquisition::sampleReady, this, &SessionRunner::onSample);
    connect(m_meter, &MeterAcquisition::failed, this, &SessionRunner::onMeterFailed);
    connect(m_meter, &MeterAcquisition::instrumentError, this, [this](const instruments::Error &e) {
        emitWarning(Message(msg::kMeterReports).arg(e.message), QStringLiteral("meter"));
    });
    // A meter that hiccups is recovered by MeterAcquisition (meter.h, RecoveryPolicy); the
    // session goes on and says so. The gap is in the next sample's flags.
    connect(m_meter, &MeterAcquisition::retrying, this,
            [this](const Message &why) { emitWarning(why, QStringLiteral("meter")); });
    connect(m_meter, &MeterAcquisition::recovered, this,
            [this](const Message &what, int) { emitWarning(what, QStringLiteral("meter")); });
    m_meter->open(resource, m_options.meterOptions);
}

void SessionRunner::onDutEvent(const WorkerEvent &event, qint64 hostNs)
{
    // A source's readings come from a thread of their own in the worker: they say nothing of
    // whether a run in it is alive, so they do not feed the watchdog.
    if (onSourceEvent(event, hostNs))
        return;
    heard();
    const int id = event.id;
    const bool forRun = id != 0 && id == m_activeRunCommand;
    const bool forPending = id != 0 && id == m_pendingCommand;
    if (const auto *activity = std::get_if<worker::Activity>(&event.body)) {
        onActivityAnswer(id, activity->counters, {});
        return;
    }
    if (const auto *failure = std::get_if<worker::Failure>(&event.body);
        failure != nullptr && onActivityAnswer(id, std::nullopt, failure->message))
        return;
    if (const auto *catalogue = std::get_if<worker::Catalogue>(&event.body)) {
        if (forPending)
            onCatalogue(*catalogue);
    } else if (const auto *checked = std::get_if<worker::Checked>(&event.body)) {
        if (forPending)
            onChecked(*checked);
    } else if (const auto *selfTest = std::get_if<worker::SelfTestDone>(&event.body)) {
        if (forPending)
            onSelfTest(*selfTest);
    } else if (const auto *sources = std::get_if<worker::Sources>(&event.body)) {
        if (forPending && m_choosingMeter)
            onAutoSources(sources->sources); // runner_source_meter.cpp
    } else if (const auto *governor = std::get_if<worker::GovernorDone>(&event.body)) {
        if (forPending)
            onGovernor(*governor);
        else if (id == 0) // a restore the worker did on its own (a journal left by another)
            emit note(msg::kJournalRestored);
    } else if (std::holds_alternative<worker::RunStarted>(event.body)) {
        if (forRun)
            onRunStart(hostNs);
    } else if (const auto *progress = std::get_if<worker::Progress>(&event.body)) {
        if (forRun)
            onRunProgress(*progress);
    } else if (const auto *ended = std::get_if<worker::RunEnded>(&event.body)) {
        if (forRun)
            onRunEnd(*ended, hostNs);
    } else if (const auto *failure = std::get_if<worker::Failure>(&event.body)) {
        if (forRun)
            onRunError(failure->message);
        else if (forPending && m_choosingMeter)
            onAutoSources({}, QStringLiteral("sources: ") + failure->message);
        else if (forPending &&
                 (m_flow->stage() == Stage::Pinning || m_flow->stage() == Stage::Restoring))
            onGovernorError(failure->message);
        else if (forPending)
            fail(SessionStatus::Failed, Message(msg::kDutMessage).arg(failure->message));
        else
            emitWarning(Message(msg::kDutMessage).arg(failure->message));
    }
}

void SessionRunner::onSample(const Sample &sample)
{
    if (!m_recorder->exists() || m_flow->stage() == Stage::Done || m_finished)
        return;
    auto stored = m_recorder->addSample(
        sample, {m_powerItem, m_energyItem, m_currentItem, m_voltageRangeItem, m_currentRangeItem});
    if (!store(stored))
        return;
    trackLoad(sample);
    emit sampleArrived(sample, static_cast<double>(stored->tNs) / 1e9, stored->power);
}

void SessionRunner::onMeterFailed(const instruments::Error &error)
{
    const Message reason =
        Message(msg::kMeterFailed).arg(m_settings.meterResource, error.describe());
    if (error.code == instruments::ErrorCode::BadResource)
        m_rejectedSettings = true; // the operator's string, not the meter: a usage error
    // Before the session exists nothing is stored; once it streams, the link loss cuts it off.
    fail(m_recorder->exists() ? SessionStatus::Interrupted : SessionStatus::Failed, reason);
}

void SessionRunner::onDutFinished(const Message &given, bool clean)
{
    if (m_dutGone)
        return; // a worker declared lost may still report its end
    m_dutGone = true;
    // Its answers will not come; a new worker numbers its commands afresh.
    m_activityAsks.clear();
    if (m_flow->stage() == Stage::Done || m_finished)
        return;
    // A worker the watchdog gave up on: that is why it ended, whatever the link says.
    const Message reason = m_lostReason.isEmpty() ? given : m_lostReason;
    const bool running =
        m_activeRunCommand != 0 && m_runIndex < m_runs.size() && m_flow->stage() == Stage::Running;
    // A crash in cipher code (a plugin's bug) costs the run it happened in, not the session: a
    // new worker takes over (a link failure, or repeated crashes, still end the session).
    if (m_workerCrashed && running && !m_flow->stopping() && m_restarts < kMaxWorkerRestarts &&
        m_lostReason.isEmpty()) {
        ++m_restarts;
        m_activeRunCommand = 0;
        RunRecord &run = m_runs[m_runIndex];
        run.stored.status = RunStatus::Failed;
        run.stored.error = Message(msg::kWorkerCrashedRun).arg(reason);
        saveRun(m_runIndex);
        emit runUpdated(updateFor(m_runIndex));
        emitWarning(Message(msg::kRunFailed).arg(run.label(), run.stored.error));
        ++m_runIndex;
        m_flow->enter(Stage::Restarting);
        startDut();
        return;
    }
    if (running) {
        RunRecord &run = m_runs[m_runIndex];
        run.stored.status = clean ? RunStatus::Failed : RunStatus::Interrupted;
        run.stored.error = Message(msg::kWorkerEndedRun).arg(reason);
        saveRun(m_runIndex);
        m_activeRunCommand = 0;
    }
    fail(clean ? SessionStatus::Failed : SessionStatus::Interrupted,
         Message(msg::kDutFailed).arg(m_settings.dutResource, reason));
}

void SessionRunner::fail(SessionStatus status, const Message &reason)
{
    if (m_finished)
        return;
    qCInfo(lcRunner) << reason.english();
    if (m_endStatus == SessionStatus::Complete) {
        m_endStatus = status;
        m_endReason = reason;
    }
    m_flow->stop(Ending::Failure);
    if (!m_recorder->exists() || m_flow->stage() == Stage::Finalizing ||
        m_flow->stage() == Stage::Done) {
        // Nothing is stored before the session exists; a failure while finalizing ends it.
        end();
        return;
    }
    if (m_activeRunCommand != 0 && !m_dutGone)
        m_dut->cancel();
    restore();
}

void SessionRunner::end()
{
    if (m_finished)
        return;
    m_finished = true;
    m_timer.stop();
    m_watchTimer.stop();
    if (m_recorder->exists())
        (void)m_recorder->setStatus(m_endStatus, m_endReason);
    if (m_dut && !m_dutGone)
        m_dut->finish(); // end of input: the worker restores what it pinned and exits
    if (m_meter)
        m_meter->close();
    if (m_flow->stage() != Stage::Done) {
        if (m_flow->stage() != Stage::Finalizing && m_flow->stage() != Stage::Idle &&
            m_flow->stage() != Stage::Preparing)
            m_flow->enter(Stage::Finalizing);
        m_flow->enter(Stage::Done);
    }
    emit progress(1.0, 0.0);
    emit finished(m_endStatus, m_endReason);
}

void SessionRunner::cancel()
{
    if (m_finished || m_flow->stopping())
        return;
    m_flow->stop(Ending::Cancel);
    emit note(msg::kCancelling);
    if (!m_recorder->exists()) {
        m_endStatus = SessionStatus::Cancelled;
        m_endReason = msg::kCancelledBeforeStart;
        end();
        return;
    }
    switch (m_flow->stage()) {
    case Stage::Running:
    case Stage::Planning:
        if (m_activeRunCommand != 0)
            m_dut->cancel();
        break; // run_end (cancelled) arrives, then nextRun() sees the request
    case Stage::Baseline:
        if (m_baseline)
            m_baseline->endSeconds = m_recorder->now();
        restore();
        break;
    case Stage::PostBaseline:
        if (m_postBaseline)
            m_postBaseline->endSeconds = m_recorder->now();
        restore();
        break;
    case Stage::Idling:
        if (!m_idleWindows.empty())
            m_idleWindows.back().endSeconds = m_recorder->now();
        restore();
        break;
    case Stage::Settling:
        if (m_settleWindow && !m_idleWindows.empty())
            m_idleWindows.back().endSeconds = m_recorder->now();
        m_settleWindow = false;
        restore();
        break;
    case Stage::Quieting:
    case Stage::Stabilising:
        restore();
        break;
    default:
        break; // pinning or restoring: their answers lead on
    }
}

} // namespace cipherwatt::core
