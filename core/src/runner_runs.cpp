// The measuring part of a session: pilot runs, the baseline, the runs, the post-baseline,
// restoring the governor, and the analysis at the end.

#include "messages.h"
#include "messages_mcu.h"
#include "recorder.h"
#include "run_record.h"

#include <cipherwatt/core/format.h>
#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/session_flow.h>
#include <cipherwatt/core/source_meter.h>
#include <cipherwatt/instruments/acquisition.h>

#include <QLoggingCategory>

#include <algorithm>
#include <cmath>
#include <map>

Q_DECLARE_LOGGING_CATEGORY(lcRunner)

namespace cipherwatt::core {

using namespace instruments;

WorkerRequest cipherRequest(const RunRecord &r, const SessionSettings &settings)
{
    WorkerRequest q;
    q.cipher = r.plan.entry.cipher;
    q.backend = r.plan.entry.backend;
    q.operation = r.plan.entry.operation;
    q.bufferBytes = r.plan.bufferBytes;
    q.isa = r.plan.isa;
    q.frequencyKHz = r.plan.frequencyKHz;
    q.governor = r.plan.governor;
    q.chunking = r.plan.chunking;
    if (r.plan.payload.startsWith(QLatin1String("file:"))) {
        q.payload = QStringLiteral("file");
        q.payloadFile = r.plan.payload.mid(5);
    } else {
        q.payload = r.plan.payload;
    }
    q.padWithZeros = settings.padWithZeros;
    if (settings.cpu >= 0)
        q.cpu = settings.cpu;
    return q;
}

WorkerRequest runRequest(const RunRecord &r, const SessionSettings &settings,
                         double commandTimeoutSeconds)
{
    if (!r.plan.entry.isCommand()) {
        WorkerRequest q = cipherRequest(r, settings);
        if (r.iterations > 0)
            q.iterations = r.iterations;
        else if (r.expectedSeconds > 0)
            q.seconds = r.expectedSeconds;
        return q;
    }
    // An external program on the DUT: argument vector, no shell, bounded by a timeout.
    WorkerRequest q;
    q.exec = true;
    q.label = r.plan.entry.cipher.mid(4);
    q.argv = r.plan.entry.command;
    q.timeoutSeconds = commandTimeoutSeconds;
    if (r.plan.entry.commandBytes > 0)
        q.bytes = static_cast<std::uint64_t>(r.plan.entry.commandBytes);
    if (settings.cpu >= 0)
        q.cpu = settings.cpu;
    q.frequencyKHz = r.plan.frequencyKHz;
    q.governor = r.plan.governor;
    return q;
}

bool SessionRunner::beginPhase(PhaseKind kind, const Message &label, qint64 runId,
                               double plannedSeconds)
{
    closeProgramPhase(0);
    const auto start = m_recorder->beginPhase(kind, label, runId);
    if (!store(start))
        return false;
    closeProgramPhase(m_recorder->phaseId());
    m_phaseKind = kind;
    m_phaseLabel = label;
    emit phaseChanged(kind, label, *start, plannedSeconds);
    reportProgress();
    return true;
}

// Automatic run lengths: a short pilot run per distinct (cipher, backend, operation, buffer)
// measures the rate; the run then gets enough iterations to span minUpdates updates plus the
// two boundary updates that cannot count.
void SessionRunner::nextPilot()
{
    if (m_flow->stopping()) {
        restore();
        return;
    }
    if (m_settings.runLength.kind != RunLength::Kind::Automatic) {
        startBaseline();
        return;
    }
    while (m_pilotIndex < m_runs.size() &&
           (m_runs[m_pilotIndex].stored.status != RunStatus::Planned ||
            m_runs[m_pilotIndex].iterations > 0 || m_runs[m_pilotIndex].plan.entry.isCommand()))
        ++m_pilotIndex;
    if (m_pilotIndex >= m_runs.size()) {
        startBaseline();
        return;
    }
    if (m_flow->stage() != Stage::Planning) {
        m_flow->enter(Stage::Planning);
        if (!beginPhase(PhaseKind::Plan, msg::kPhasePilot, 0, 0.0))
            return;
    }
    WorkerRequest pilot = cipherRequest(m_runs[m_pilotIndex], m_settings);
    // Pilots run at the session's pinning (the fastest: performance), so that a run at a lower
    // frequency level or under a slower governor lasts longer than asked, never shorter.
    pilot.frequencyKHz.reset();
    pilot.governor.clear();
    pilot.seconds = m_options.pilotSeconds;
    m_activeRunCommand = m_dut->run(pilot);
}

void SessionRunner::startBaseline()
{
    if (fixRanges()) // --ranges auto-fix (runner_ranges.cpp); comes back here
        return;
    if (m_settings.waitForQuietSeconds > 0 && !m_quietWaited) {
        waitForQuiet(); // runner_activity.cpp; comes back here
        return;
    }
    if (m_settings.waitForStableSeconds > 0 && !m_stableWaited) {
        waitForStable(); // runner_stable.cpp; comes back here
        return;
    }
    m_flow->enter(Stage::Baseline);
    if (!beginPhase(PhaseKind::Baseline, msg::kPhaseBaseline, 0, m_settings.baselineSeconds))
        return;
    m_baselinePhase = m_recorder->phaseId();
    askActivity(true);
    m_baseline = BaselineRecord{m_recorder->now(), 0.0, {}, std::nullopt, {}};
    m_timer.disconnect();
    connect(&m_timer, &QTimer::timeout, this, [this] {
        askActivity(false);
        m_baseline->endSeconds = m_recorder->now();
        m_baseline->result = analyseBaseline(m_recorder->powerSamples(), m_baseline->startSeconds,
                                             m_baseline->endSeconds, m_settings.driftThreshold);
        const BaselineResult &b = m_baseline->result;
        emit baselineMeasured(b);
        if (b.stats.count == 0) {
            fail(SessionStatus::Failed, msg::kNoBaselineUpdate);
            return;
        }
        if (b.drifting)
            emitWarning(Message(msg::kBaselineDrifts)
                            .arg(b.driftWatts, 0, 'f', 4)
                            .arg(b.seconds, 0, 'f', 0));
        m_runIndex = 0;
        nextRun();
    });
    m_timer.start(static_cast<int>(std::lround(m_settings.baselineSeconds * 1000.0)));
}

void SessionRunner::nextRun()
{
    if (m_flow->stopping()) {
        restore();
        return;
    }
    while (m_runIndex < m_runs.size() && m_runs[m_runIndex].stored.status != RunStatus::Planned)
        ++m_runIndex;
    if (m_runIndex >= m_runs.size()) {
        startPostBaseline();
        return;
    }
    // A run at a level the DUT is not pinned at: pinned there first (and back here).
    if (const PinLevel level = m_runs[m_runIndex].plan.pinLevel();
        level.any() && level != m_level) {
        pinLevel(level);
        return;
    }
    if (m_settings.settleSeconds > 0) {
        m_flow->enter(Stage::Settling);
        if (!beginPhase(PhaseKind::Settle, msg::kPhaseSettle, 0, m_settings.settleSeconds))
            return;
        m_settleWindow = m_settings.settleIsIdle;
        if (m_settleWindow)
            m_idleWindows.push_back(idleWindowStart());
        m_timer.disconnect();
        connect(&m_timer, &QTimer::timeout, this, [this] {
            if (m_settleWindow)
                m_idleWindows.back().endSeconds = m_recorder->now();
            m_settleWindow = false;
            startIdleWindow();
        });
        m_timer.start(static_cast<int>(std::lround(m_settings.settleSeconds * 1000.0)));
    } else {
        startIdleWindow();
    }
}

void SessionRunner::startIdleWindow()
{
    // The first run follows the baseline: it needs no window of its own. The first run after a
    // frequency level was pinned does: the baseline was at another frequency.
    const bool levelIdle = std::exchange(m_levelIdle, false);
    if (m_flow->stopping() ||
        (!levelIdle && (m_settings.idleBetweenSeconds <= 0 || !m_runStarted))) {
        startRun();
        return;
    }
    const double seconds = levelIdle ? levelIdleSeconds(m_settings) : m_settings.idleBetweenSeconds;
    m_flow->enter(Stage::Idling);
    const Message label =
        m_level && m_level->frequencyKHz
            ? Message(msg::kPhaseIdleLevel).arg(format::megahertz(*m_level->frequencyKHz))
        : m_level && !m_level->governor.isEmpty()
            ? Message(msg::kPhaseIdleGovernor).arg(m_level->governor)
            : Message(msg::kPhaseIdle);
    if (!beginPhase(PhaseKind::Idle, label, 0, seconds))
        return;
    m_idleWindows.push_back(idleWindowStart());
    m_timer.disconnect();
    connect(&m_timer, &QTimer::timeout, this, [this] {
        m_idleWindows.back().endSeconds = m_recorder->now();
        startRun();
    });
    m_timer.start(static_cast<int>(std::lround(seconds * 1000.0)));
}

BaselineRecord SessionRunner::idleWindowStart() const
{
    // At an unknown level (after a refused one) the window matches no run's level.
    const PinLevel level = m_level.value_or(PinLevel{0, {}});
    return BaselineRecord{m_recorder->now(), 0.0, {}, level.frequencyKHz, level.governor};
}

void SessionRunner::pinLevel(const PinLevel &level)
{
    if (!m_dutSetup.hasGovernor()) {
        onLevelRefused(level, Message(msg::kNoGovernor).english());
        return;
    }
    m_levelPinning = level;
    m_flow->enter(Stage::Pinning);
    const Message label =
        level.frequencyKHz
            ? Message(msg::kPhasePinLevel).arg(format::megahertz(*level.frequencyKHz))
            : Message(msg::kPhasePinGovernor).arg(level.governor);
    if (!beginPhase(PhaseKind::Pin, label, 0, 0.0))
        return;
    m_pendingCommand =
        m_dut->pin({false, level.frequencyKHz, m_settings.disableTurbo, level.governor});
}

void SessionRunner::onLevelPinned(const worker::GovernorDone &event)
{
    const PinLevel level = *std::exchange(m_levelPinning, std::nullopt);
    m_pinned = true; // restored at the end, whatever the session's own pinning was
    // The worker writes the governor (and scaling_min = scaling_max = a frequency level) and
    // reads them back: anything the kernel did not take is a mismatch, and the level is not
    // faked.
    if (!event.pin->mismatches.isEmpty()) {
        onLevelRefused(level, event.pin->mismatches.join(QStringLiteral("; ")));
        return;
    }
    m_level = level;
    m_levelIdle = true;
    emit note((level.frequencyKHz
                   ? Message(msg::kLevelPinned).arg(format::megahertz(*level.frequencyKHz))
                   : Message(msg::kGovernorLevelPinned).arg(level.governor))
                  .arg(levelIdleSeconds(m_settings), 0, 'g', 4));
    if (m_flow->stopping())
        restore();
    else
        nextRun();
}

void SessionRunner::onLevelRefused(const PinLevel &level, const QString &why)
{
    m_level.reset(); // the limits are no longer known to be at any level
    const Message error =
        level.frequencyKHz
            ? Message(msg::kLevelRefused).arg(format::megahertz(*level.frequencyKHz), why)
            : Message(msg::kGovernorLevelRefused).arg(level.governor, why);
    emitWarning(error);
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        RunRecord &run = m_runs[i];
        if (run.plan.pinLevel() != level || run.stored.status != RunStatus::Planned)
            continue;
        run.stored.status = RunStatus::Skipped;
        run.stored.error = error;
        saveRun(i);
        emit runUpdated(updateFor(i));
    }
    if (m_flow->stopping())
        restore();
    else
        nextRun();
}

std::vector<IdleWindow> SessionRunner::idleWindows(const PinLevel &level) const
{
    return idleWindows(level, m_recorder->powerSamples());
}

std::vector<IdleWindow> SessionRunner::idleWindows(const PinLevel &level,
                                                   const std::vector<PowerSample> &samples) const
{
    std::vector<IdleWindow> windows;
    const auto add = [&](double start, double end) {
        if (end > start)
            windows.push_back(
                {start, end, analyseBaseline(samples, start, end, m_settings.driftThreshold)});
    };
    // A run's idle level comes from windows at its own level only.
    const auto at = [&](const BaselineRecord &w) {
        return PinLevel{w.frequencyKHz, w.governor} == level;
    };
    if (m_baseline && at(*m_baseline))
        add(m_baseline->startSeconds, m_baseline->endSeconds);
    for (const BaselineRecord &w : m_idleWindows) {
        if (at(w))
            add(w.startSeconds, w.endSeconds);
    }
    if (m_postBaseline && m_postBaselineLevel == level)
        add(m_postBaseline->startSeconds, m_postBaseline->endSeconds);
    return windows;
}

void SessionRunner::startRun()
{
    if (m_flow->stopping()) {
        restore();
        return;
    }
    m_flow->enter(Stage::Running);
    m_runStarted = true;
    sizeRunsForSources(); // runner_sources.cpp
    RunRecord &run = m_runs[m_runIndex];
    if (!beginPhase(PhaseKind::Run, Message::plain(run.label()), run.stored.id,
                    run.expectedSeconds))
        return;
    run.phaseId = m_recorder->phaseId();
    askActivity(true); // answered before the run starts: the worker reads commands in order
    const WorkerRequest request = runRequest(run, m_settings, m_options.commandTimeoutSeconds);
    m_activeRunCommand = m_dut->run(request);
    run.stored.status = RunStatus::Running;
    run.stored.request = request;
    saveRun(m_runIndex);
    emit runUpdated(updateFor(m_runIndex));
}

void SessionRunner::onRunStart(qint64 hostNs)
{
    if (m_flow->stage() == Stage::Planning)
        return;
    m_runs[m_runIndex].stored.startNs = m_recorder->sinceOriginNs(hostNs);
    saveRun(m_runIndex);
    emit runUpdated(updateFor(m_runIndex));
}

void SessionRunner::onRunProgress(const worker::Progress &progress)
{
    if (m_flow->stage() == Stage::Planning)
        return;
    RunUpdate u = updateFor(m_runIndex);
    u.elapsedSeconds = progress.seconds;
    u.bytes = progress.bytes.value_or(0);
    emit runUpdated(u);
    reportProgress();
}

void SessionRunner::onPilotEnd(const WorkerResult &result, qint64 hostNs)
{
    const RunRecord &pilot = m_runs[m_pilotIndex];
    const auto iterations = static_cast<double>(result.iterations);
    const double interval = static_cast<double>(m_applied.interval.count()) / 1000.0;
    // Headroom over the updates asked for: the pilot is short, and a run that goes slower than
    // it did (other load, a warmer CPU) must still span them.
    const double target = (m_settings.minUpdates * 1.15 + 3) * interval;
    const double rate = result.seconds > 0 ? iterations / result.seconds : 0;
    const auto n = static_cast<std::uint64_t>(std::max(1.0, std::ceil(rate * target)));
    for (RunRecord &r : m_runs) {
        if (r.sameKind(pilot)) {
            r.iterations = n;
            r.expectedSeconds = target;
        }
    }
    store(m_recorder->addEvent(QStringLiteral("plan"),
                               Message(msg::kPilot)
                                   .arg(pilot.label())
                                   .arg(static_cast<qint64>(result.iterations))
                                   .arg(result.seconds, 0, 'f', 3)
                                   .arg(static_cast<qint64>(n))
                                   .arg(target, 0, 'f', 1),
                               hostNs));
    nextPilot();
}

void SessionRunner::onRunEnd(const worker::RunEnded &end, qint64 hostNs)
{
    m_activeRunCommand = 0;
    const WorkerResult &result = end.result;
    if (m_flow->stage() == Stage::Planning) {
        onPilotEnd(result, hostNs);
        return;
    }
    askActivity(false);
    const std::size_t index = m_runIndex;
    RunRecord &run = m_runs[index];
    const qint64 endNs = m_recorder->sinceOriginNs(hostNs);
    const auto loopNs = static_cast<qint64>(std::llround(result.seconds * 1e9));
    if (result.startOffsetSeconds && run.stored.startNs >= 0) {
        // The firmware says when its loop began after the last byte of run_start left it
        // (firmware/PROTOCOL.md, 4.2): its run_end follows a verification and takes tens of
        // milliseconds on the UART, so the loop is placed from its start.
        run.stored.windowStartNs =
            run.stored.startNs +
            static_cast<qint64>(std::llround(*result.startOffsetSeconds * 1e9));
        run.stored.windowEndNs = std::min(endNs, run.stored.windowStartNs + loopNs);
    } else {
        // The worker's measured loop ends just before run_end leaves it (only the
        // decrypt(encrypt) check is in between) and lasted `seconds`: that window is what the
        // samples must lie in.
        run.stored.windowStartNs = endNs - loopNs;
        run.stored.windowEndNs = endNs;
    }
    run.stored.result = result;
    const bool cancelled = result.wasCancelled();
    run.stored.status = cancelled ? RunStatus::Cancelled : RunStatus::Done;
    // Stopped because the session is failing (the meter lost, a signal): not the operator's
    // cancel, and said why.
    if (cancelled && m_flow->ending() == Ending::Failure) {
        run.stored.status = RunStatus::Interrupted;
        run.stored.error = m_endReason;
    } else if (cancelled && m_stopStatus == SessionStatus::Interrupted) {
        run.stored.status = RunStatus::Interrupted;
        run.stored.error = m_stopReason;
    }
    // An external program that failed (non-zero exit, a signal, its timeout) is kept with its
    // output, and never measured.
    if (result.exec && !cancelled && !result.verified) {
        run.stored.status = RunStatus::Failed;
        run.stored.error = result.failure.isEmpty()
                               ? Message(msg::kProgramFailed).arg(result.status)
                               : Message::plain(result.failure);
        emitWarning(Message(msg::kRunFailed).arg(run.label(), run.stored.error));
    }
    // A run at a level of its own must have been measured at it: a worker older than per-run
    // levels ignores the request, measures at its own and says which in the result.
    if (!cancelled && !result.exec && run.stored.request && !run.stored.request->isa.isEmpty() &&
        result.isa != run.stored.request->isa) {
        run.stored.status = RunStatus::Failed;
        run.stored.error = Message(msg::kRunIsaMismatch).arg(result.isa, run.stored.request->isa);
        emitWarning(Message(msg::kRunFailed).arg(run.label(), run.stored.error));
    }
    // A run with a payload of its own must have encrypted it: a worker older than payloads
    // ignores the request and encrypts random bytes, saying nothing of a payload.
    if (const QString asked = run.stored.request ? run.stored.request->payload : QString();
        !cancelled && !result.exec && !asked.isEmpty() && run.stored.status == RunStatus::Done &&
        (result.payload != asked || result.payloadFile != run.stored.request->payloadFile)) {
        run.stored.status = RunStatus::Failed;
        run.stored.error =
            Message(msg::kRunPayloadMismatch)
                .arg(result.payload.isEmpty() ? QStringLiteral("none") : result.payload, asked);
        emitWarning(Message(msg::kRunFailed).arg(run.label(), run.stored.error));
    }
    // A run at a frequency level must have ended at it: the worker reads its CPU's limits back
    // after the loop (an older worker does not, and would not have checked them before it). An
    // external program is checked before it starts only.
    if (const auto level = run.stored.request ? run.stored.request->frequencyKHz : std::nullopt;
        !cancelled && !result.exec && level && run.stored.status == RunStatus::Done &&
        result.frequencyKHz != level) {
        run.stored.status = RunStatus::Failed;
        run.stored.error =
            result.frequencyKHz
                ? Message(msg::kRunFrequencyMismatch)
                      .arg(*result.frequencyKHz == 0 ? QStringLiteral("no single frequency")
                                                     : format::megahertz(*result.frequencyKHz),
                           format::megahertz(*level))
                : Message(msg::kRunFrequencyUnsaid);
        emitWarning(Message(msg::kRunFailed).arg(run.label(), run.stored.error));
    }
    // The same for a governor level: read back after the loop.
    if (const QString level = run.stored.request ? run.stored.request->governor : QString();
        !cancelled && !result.exec && !level.isEmpty() && run.stored.status == RunStatus::Done &&
        result.governor != level) {
        run.stored.status = RunStatus::Failed;
        run.stored.error = result.governor ? Message(msg::kRunGovernorMismatch)
                                                 .arg(result.governor->isEmpty()
                                                          ? QStringLiteral("(no single governor)")
                                                          : *result.governor,
                                                      level)
                                           : Message(msg::kRunGovernorUnsaid);
        emitWarning(Message(msg::kRunFailed).arg(run.label(), run.stored.error));
    }
    // A run at a chunking level: the worker says in its result how it cut the buffers.
    if (const QString level = run.stored.request ? run.stored.request->chunking : QString();
        !cancelled && !result.exec && !level.isEmpty() && run.stored.status == RunStatus::Done &&
        result.chunking != level) {
        run.stored.status = RunStatus::Failed;
        run.stored.error = Message(msg::kRunChunkingMismatch).arg(result.chunking, level);
        emitWarning(Message(msg::kRunFailed).arg(run.label(), run.stored.error));
    }
    run.stored.endNs = endNs;
    saveRun(index);
    emit runUpdated(updateFor(index));
    // The live result, once the update that ends after the loop has arrived.
    const int delay = static_cast<int>(m_applied.interval.count()) * 2 + 50;
    QTimer::singleShot(delay, this, [this, index] { analyseLive(index); });
    ++m_runIndex;
    nextRun();
}

void SessionRunner::analyseLive(std::size_t index)
{
    if (!m_baseline || m_finished || m_runs[index].stored.status != RunStatus::Done)
        return;
    const RunInput in = runInput(index);
    m_runs[index].stored.analysis = analyseRun(
        in, m_recorder->powerSamples(),
        idleLevelAt(idleWindows(m_runs[index].plan.pinLevel()), in.windowStart, in.windowEnd),
        m_accuracy, m_settings.minUpdates);
    SourceCache cache;
    analyseSources(m_runs[index], in, cache);
    emit runUpdated(updateFor(index));
}

void SessionRunner::markRuns(const RunRecord &like, RunStatus status, const Message &error)
{
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        if (m_runs[i].sameKind(like)) {
            m_runs[i].stored.status = status;
            m_runs[i].stored.error = error;
            saveRun(i);
        }
    }
}

void SessionRunner::onRunError(const QString &message)
{
    m_activeRunCommand = 0;
    if (m_flow->stage() == Stage::Planning) {
        // The pilot failed: so would the run. Mark every run of that kind.
        const RunRecord pilot = m_runs[m_pilotIndex];
        markRuns(pilot, RunStatus::Failed, Message::plain(message));
        emitWarning(Message(msg::kRunFailed).arg(pilot.label(), message));
        nextPilot();
        return;
    }
    RunRecord &run = m_runs[m_runIndex];
    run.stored.status = RunStatus::Failed;
    run.stored.error = Message::plain(message);
    saveRun(m_runIndex);
    RunUpdate u = updateFor(m_runIndex);
    emit runUpdated(u);
    emitWarning(Message(msg::kRunFailed).arg(run.label(), message));
    ++m_runIndex;
    nextRun();
}

void SessionRunner::startPostBaseline()
{
    if (m_settings.postBaselineSeconds <= 0 || m_flow->stopping()) {
        restore();
        return;
    }
    m_flow->enter(Stage::PostBaseline);
    if (!beginPhase(PhaseKind::PostBaseline, msg::kPhasePostBaseline, 0,
                    m_settings.postBaselineSeconds))
        return;
    askActivity(true);
    m_postBaseline = PostBaselineRecord{};
    m_postBaseline->startSeconds = m_recorder->now();
    m_postBaselineLevel = m_level;
    m_timer.disconnect();
    connect(&m_timer, &QTimer::timeout, this, [this] {
        askActivity(false);
        m_postBaseline->endSeconds = m_recorder->now();
        restore();
    });
    m_timer.start(static_cast<int>(std::lround(m_settings.postBaselineSeconds * 1000.0)));
}

void SessionRunner::restore()
{
    const Stage stage = m_flow->stage();
    if (stage == Stage::Restoring || stage == Stage::Finalizing || stage == Stage::Done)
        return;
    // A run still in the worker: its end (cancelled) comes first, then this again.
    if (m_activeRunCommand != 0 && !m_dutGone)
        return;
    m_timer.stop();
    // The sources' last readings are the post-baseline's: restoring changes the DUT's power.
    stopSources();
    // The worker that pinned the governor is gone: a new one puts it back (once).
    if (m_pinned && m_dutGone && !m_restoreAttempted && m_recorder->exists()) {
        restoreWithNewWorker();
        return;
    }
    if (!m_pinned || m_dutGone || !m_dut) {
        finalize();
        return;
    }
    m_flow->enter(Stage::Restoring);
    if (!beginPhase(PhaseKind::Restore, msg::kPhaseRestore, 0, 0.0))
        return;
    m_pendingCommand = m_dut->restore();
}

void SessionRunner::finalize()
{
    const Stage stage = m_flow->stage();
    if (stage == Stage::Finalizing || stage == Stage::Done)
        return;
    // The answers to the last `activity` (a run's or the post-baseline's end) are on their way:
    // the worker answers in order, so they come first unless it is gone.
    if (!m_activityAsks.empty() && !m_dutGone && m_flow->ending() != Ending::Failure) {
        m_finalizeAfterActivity = true;
        if (m_pendingCommand == 0)
            m_pendingCommand = m_activityAsks.rbegin()->first; // watched
        return;
    }
    m_flow->enter(Stage::Finalizing);
    m_timer.stop();
    stopSources();
    if (m_meter)
        m_meter->stop();
    store(m_recorder->endPhase());

    // The analysis, from everything measured.
    const std::vector<PowerSample> &samples = m_recorder->powerSamples();
    SessionAnalysis analysis;
    if (m_baseline) {
        if (m_baseline->endSeconds == 0)
            m_baseline->endSeconds = m_recorder->now();
        m_baseline->result = analyseBaseline(samples, m_baseline->startSeconds,
                                             m_baseline->endSeconds, m_settings.driftThreshold);
        analysis.baseline = m_baseline;
    }
    if (m_postBaseline && m_postBaseline->endSeconds > m_postBaseline->startSeconds) {
        PostBaselineRecord &post = *m_postBaseline;
        post.result =
            analyseBaseline(samples, post.startSeconds, post.endSeconds, m_settings.driftThreshold);
        // Against the first idle window at the post-baseline's level: the baseline, or in a
        // frequency or governor sweep the first window at the last level (idle power follows
        // the level).
        std::optional<BaselineResult> reference;
        const auto atPostLevel = [this](const BaselineRecord &w) {
            return m_postBaselineLevel == PinLevel{w.frequencyKHz, w.governor};
        };
        if (m_baseline && atPostLevel(*m_baseline)) {
            reference = m_baseline->result;
        } else {
            for (const BaselineRecord &w : m_idleWindows) {
                if (atPostLevel(w) && w.endSeconds > w.startSeconds) {
                    reference = analyseBaseline(samples, w.startSeconds, w.endSeconds,
                                                m_settings.driftThreshold);
                    break;
                }
            }
        }
        if (reference && reference->stats.count > 0 && post.result.stats.count > 0) {
            const double change = post.result.stats.mean - reference->stats.mean;
            post.changeWatts = change;
            post.drifting =
                std::fabs(change) >
                std::max(m_settings.driftThreshold * std::fabs(reference->stats.mean), 0.005);
        }
        analysis.postBaseline = post;
    }
    if (m_baseline && m_baseline->result.drifting)
        analysis.flags << msg::kBaselineDriftsFlag;
    for (BaselineRecord &w : m_idleWindows) {
        if (w.endSeconds <= w.startSeconds)
            continue; // cut off before it began
        w.result =
            analyseBaseline(samples, w.startSeconds, w.endSeconds, m_settings.driftThreshold);
        analysis.idleWindows.push_back(w);
    }
    baselineActivityFlags(analysis);
    closeProgramPhase(0);
    if (const auto base = m_programCores.find(m_baselinePhase); base != m_programCores.end())
        analysis.programBaselineCores = base->second;
    if (m_notStable)
        analysis.flags << *m_notStable;
    // The idle windows at each frequency or governor level (one set without the factors),
    // analysed once.
    std::map<std::pair<std::optional<std::uint64_t>, QString>, std::vector<IdleWindow>> windows;
    SourceCache sourceCache;
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        RunRecord &run = m_runs[i];
        if (run.stored.status != RunStatus::Done || !m_baseline)
            continue;
        const RunInput in = runInput(i);
        const std::pair key{run.plan.frequencyKHz, run.plan.governor};
        auto level = windows.find(key);
        if (level == windows.end())
            level = windows.emplace(key, idleWindows(run.plan.pinLevel())).first;
        run.stored.analysis =
            analyseRun(in, samples, idleLevelAt(level->second, in.windowStart, in.windowEnd),
                       m_accuracy, m_settings.minUpdates);
        analyseSources(run, in, sourceCache);
        runActivityFlags(run);
        programFlags(run);
        saveRun(i);
        emit runUpdated(updateFor(i));
        for (const Message &f : run.stored.analysis->flags)
            analysis.flags << Message(msg::kRunFlag).arg(run.label(), f);
    }
    if (m_recorder->exists()) {
        storeSourceReadings();
        if (m_sourceMeter) { // its readings and how its sampling ended
            m_meterSetup.source = m_meterSourceSetup;
            m_meterSetup.description = sourceMeterDescription(m_meterSourceSetup);
            store(m_recorder->setMeter(m_meterSetup));
        }
        store(m_recorder->setDut(m_dutSetup));
        store(m_recorder->setAnalysis(analysis));
    }
    if (m_flow->ending() == Ending::Cancel && m_endStatus == SessionStatus::Complete) {
        m_endStatus = m_stopStatus.value_or(SessionStatus::Cancelled);
        m_endReason = m_stopStatus ? m_stopReason : Message(msg::kCancelledByOperator);
    }
    // A session in which no run was measured has no result to offer: not complete.
    const bool anyMeasured = std::any_of(m_runs.begin(), m_runs.end(), [](const RunRecord &r) {
        return r.stored.status == RunStatus::Done;
    });
    if (m_endStatus == SessionStatus::Complete && !m_runs.empty() && !anyMeasured) {
        m_endStatus = SessionStatus::Failed;
        m_endReason = msg::kNoRunMeasured;
    }
    end();
}

void SessionRunner::reportProgress()
{
    if (m_runs.empty())
        return;
    double total = m_settings.baselineSeconds + m_settings.postBaselineSeconds;
    double left = 0;
    const double now = m_recorder->exists() ? m_recorder->now() : 0.0;
    const double stageStart = m_recorder->exists() ? m_recorder->phaseStartSeconds() : 0.0;
    PinLevel previousLevel;
    for (const RunRecord &r : m_runs) {
        if (r.stored.status == RunStatus::Skipped)
            continue;
        double planned =
            r.expectedSeconds + m_settings.settleSeconds + m_settings.idleBetweenSeconds;
        // The first run of a level's block idles at the level first.
        if (r.plan.pinLevel().any() &&
            r.plan.pinLevel() != std::exchange(previousLevel, r.plan.pinLevel()))
            planned += levelIdleSeconds(m_settings);
        total += planned;
        if (r.stored.status == RunStatus::Planned)
            left += planned;
        else if (r.stored.status == RunStatus::Running)
            left += std::max(0.0, planned - (now - stageStart));
    }
    switch (m_flow->stage()) {
    case Stage::Pinning:
        // A frequency level's, after the baseline: as between runs.
        left += m_baseline ? m_settings.postBaselineSeconds
                           : m_settings.baselineSeconds + m_settings.postBaselineSeconds;
        break;
    case Stage::Idle:
    case Stage::Preparing:
    case Stage::Planning:
    case Stage::Quieting:
    case Stage::Stabilising:
        left += m_settings.baselineSeconds + m_settings.postBaselineSeconds;
        break;
    case Stage::Baseline:
        left += std::max(0.0, m_settings.baselineSeconds - (now - stageStart)) +
                m_settings.postBaselineSeconds;
        break;
    case Stage::Settling:
    case Stage::Idling:
    case Stage::Running:
    case Stage::Restarting:
        left += m_settings.postBaselineSeconds;
        break;
    case Stage::PostBaseline:
        left += std::max(0.0, m_settings.postBaselineSeconds - (now - stageStart));
        break;
    default:
        break;
    }
    emit progress(total > 0 ? std::clamp(1.0 - left / total, 0.0, 1.0) : 0.0, left);
}

void SessionRunner::saveRun(std::size_t index)
{
    store(m_recorder->updateRun(m_runs[index].stored));
}

RunUpdate SessionRunner::updateFor(std::size_t index) const
{
    RunUpdate u;
    const RunRecord &r = m_runs[index];
    u.runId = r.stored.id;
    u.ordinal = r.plan.ordinal;
    u.total = static_cast<int>(m_runs.size());
    u.cipher = r.plan.entry.cipher;
    u.backend = r.plan.entry.backend;
    u.operation = r.plan.entry.operation;
    u.bufferBytes = static_cast<qint64>(r.plan.bufferBytes);
    u.isa = r.plan.isa;
    u.frequencyKHz = r.plan.frequencyKHz;
    u.payload = r.plan.payload;
    u.governor = r.plan.governor;
    u.chunking = r.plan.chunking;
    u.repeat = r.plan.repeat;
    u.plannedSeconds = r.expectedSeconds;
    u.status = r.stored.status;
    u.error = r.stored.error;
    if (r.stored.result) {
        u.elapsedSeconds = r.stored.result->seconds;
        u.bytes = r.stored.result->processedBytes();
    }
    u.analysis = r.stored.analysis;
    if (r.stored.status != RunStatus::Running)
        u.result = r.stored.result;
    return u;
}

RunInput SessionRunner::runInput(std::size_t index) const
{
    const StoredRun &s = m_runs[index].stored;
    const WorkerResult r = s.result.value_or(WorkerResult{});
    RunInput in;
    in.windowStart = static_cast<double>(s.windowStartNs) / 1e9;
    in.windowEnd = static_cast<double>(s.windowEndNs) / 1e9;
    in.seconds = r.seconds;
    in.bytes = r.processedBytes();
    in.operations = r.iterations;
    in.cycles = r.cycles;
    in.counter = r.counter;
    in.cyclesReal = r.cyclesReal.value_or(true);
    in.updateSeconds = static_cast<double>(m_applied.interval.count()) / 1000.0;
    rangeInput(in);
    return in;
}

} // namespace cipherwatt::core
