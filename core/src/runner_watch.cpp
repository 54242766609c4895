// The runner's guards (runner.h): the watchdog over a worker that falls silent, the stop at
// once on a second interrupt, and the governor put back by a new worker when the one that
// pinned it is lost.

#include "messages.h"
#include "recorder.h"
#include "run_record.h"

#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/session_flow.h>

#include <QLoggingCategory>

#include <algorithm>

Q_DECLARE_LOGGING_CATEGORY(lcRunner)

namespace cipherwatt::core {

namespace {

// Commands without a progress cadence (the self-test, the plan check, the governor) get this
// many times the watchdog's limit: they may work silently for a while, but not for ever.
constexpr double kQuietCommandFactor = 6.0;
// How long a new worker has to put the governor back after the one that pinned it was lost.
constexpr int kRestoreAttemptMs = 20000;
// How long a worker that was killed has to report its end before it is taken as gone.
constexpr int kKillGraceMs = 3000;

} // namespace

double SessionRunner::watchdogLimit(bool running) const
{
    // Never below three of the worker's own progress intervals.
    const double limit = std::max(m_options.watchdogSeconds, 3.0 * m_progressInterval);
    return running ? limit : limit * kQuietCommandFactor;
}

void SessionRunner::heard()
{
    m_lastHeardNs = steadyNs();
}

void SessionRunner::watch()
{
    if (m_dut == nullptr || m_dutGone || m_finished || !m_lostReason.isEmpty())
        return;
    const bool running = m_activeRunCommand != 0;
    const int command = running ? m_activeRunCommand : m_pendingCommand;
    const qint64 now = steadyNs();
    if (command == 0) {
        m_watchedCommand = 0;
        return;
    }
    if (command != m_watchedCommand) {
        m_watchedCommand = command;
        m_watchSinceNs = now;
    }
    const double silent = static_cast<double>(now - std::max(m_watchSinceNs, m_lastHeardNs)) / 1e9;
    const double limit = watchdogLimit(running);
    if (silent < limit)
        return;
    declareLost(Message(msg::kWorkerSilent)
                    .arg(m_settings.dutResource)
                    .arg(silent, 0, 'f', 1)
                    .arg(limit, 0, 'f', 0));
}

void SessionRunner::declareLost(const Message &reason)
{
    qCInfo(lcRunner) << reason.english();
    m_lostReason = reason;
    emitWarning(reason);
    m_dut->kill();
    // The link reports the end when the process is gone; a link that cannot is taken as gone.
    QTimer::singleShot(kKillGraceMs, this, [this] {
        if (!m_dutGone)
            onDutFinished(m_lostReason, false);
    });
}

void SessionRunner::stop(SessionStatus status, const Message &reason)
{
    if (m_finished)
        return;
    m_stopStatus = status;
    m_stopReason = reason;
    cancel();
}

void SessionRunner::terminate(const QString &signal)
{
    stop(SessionStatus::Interrupted, Message(msg::kTerminatedBySignal).arg(signal));
}

void SessionRunner::abort()
{
    if (m_finished)
        return;
    const Message reason = m_stopStatus ? Message(msg::kStoppedAtOnceAfter).arg(m_stopReason)
                                        : Message(msg::kStoppedAtOnce);
    qCInfo(lcRunner) << reason.english();
    m_flow->stop(Ending::Cancel);
    m_timer.stop();
    m_restoreTimer.stop();
    if (m_endStatus == SessionStatus::Complete) {
        m_endStatus = m_stopStatus.value_or(SessionStatus::Cancelled);
        m_endReason = reason;
    }
    // The run in flight ends here, as stopped, with what it measured so far.
    if (m_activeRunCommand != 0 && m_runIndex < m_runs.size() &&
        m_flow->stage() == Stage::Running) {
        RunRecord &run = m_runs[m_runIndex];
        run.stored.status = m_stopStatus == SessionStatus::Interrupted ? RunStatus::Interrupted
                                                                       : RunStatus::Cancelled;
        run.stored.error = reason;
        run.stored.endNs = m_recorder->sinceOriginNs(steadyNs());
        saveRun(m_runIndex);
        emit runUpdated(updateFor(m_runIndex));
    }
    m_activeRunCommand = 0;
    m_pendingCommand = 0;
    // The worker is told to end (end of input): it stops what it runs and restores the governor
    // on its own, without the session waiting for it.
    if (m_dut && !m_dutGone)
        m_dut->finish();
    if (m_restorer)
        m_restorer->finish();
    m_dutGone = true;
    if (m_recorder->exists()) {
        store(m_recorder->endPhase());
        store(m_recorder->setDut(m_dutSetup));
    }
    if (m_flow->stage() != Stage::Finalizing && m_flow->stage() != Stage::Done)
        m_flow->enter(Stage::Finalizing);
    end();
}

void SessionRunner::restoreWithNewWorker()
{
    m_restoreAttempted = true;
    m_flow->enter(Stage::Restoring);
    if (!beginPhase(PhaseKind::Restore, msg::kPhaseRestore, 0, 0.0))
        return;
    emit note(msg::kRestoringWithNewWorker);
    m_restorer = new Dut(m_linkFactory, this);
    const auto done = [this](const GovernorRestore &result) {
        if (m_restorer == nullptr)
            return;
        m_restoreTimer.stop();
        m_dutSetup.restore = result;
        if (result.error.isEmpty())
            m_pinned = false;
        else
            emitWarning(Message(msg::kRestoreFailed).arg(result.error));
        Dut *restorer = std::exchange(m_restorer, nullptr);
        restorer->disconnect(this);
        restorer->finish();
        restorer->deleteLater();
        finalize();
    };
    const auto failed = [done](const Message &why) {
        GovernorRestore r;
        r.error = why.english();
        done(r);
    };
    connect(m_restorer, &Dut::ready, this, [this](const WorkerHello &, qint64) {
        // It restores a journal its predecessor left on its own; asked as well, in case the
        // predecessor pinned without one.
        m_restorer->restore();
    });
    connect(m_restorer, &Dut::event, this, [done](const WorkerEvent &event, qint64) {
        if (const auto *g = std::get_if<worker::GovernorDone>(&event.body); g && g->restore)
            done(*g->restore);
        else if (const auto *f = std::get_if<worker::Failure>(&event.body)) {
            GovernorRestore r;
            r.error = f->message;
            done(r);
        }
    });
    connect(m_restorer, &Dut::failed, this, failed);
    connect(m_restorer, &Dut::protocolError, this, failed);
    connect(m_restorer, &Dut::finished, this,
            [failed](const Message &reason, bool) { failed(reason); });
    m_restoreTimer.disconnect();
    connect(&m_restoreTimer, &QTimer::timeout, this, [failed] {
        failed(Message(msg::kRestoreAttemptTimeout).arg(kRestoreAttemptMs / 1000));
    });
    m_restoreTimer.setSingleShot(true);
    m_restoreTimer.start(kRestoreAttemptMs);
    m_restorer->start();
}

} // namespace cipherwatt::core
