// Other activity on the DUT (issue 25): the worker's CPU counters at the start and the end of
// the baseline, each run and the post-baseline (protocol `activity`), what the difference says
// (records.h, DutActivity), the flags it leads to, and the wait for a quiet DUT before the
// baseline.

#include "messages.h"
#include "messages_activity.h"
#include "recorder.h"
#include "run_record.h"

#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/session_flow.h>

#include <cmath>

namespace cipherwatt::core {

namespace {

// The DUT must stay below the threshold this long, over readings this far apart, to count as
// quiet: one reading of an intermittent job (a cron task that wakes every few seconds) is not
// enough.
constexpr double kQuietHoldSeconds = 3.0;
constexpr int kQuietPollMs = 1000;

QString cores(double value)
{
    return QString::number(value, 'f', 2);
}

} // namespace

bool SessionRunner::activityAvailable() const
{
    return m_dut != nullptr && !m_dutGone && !m_activityUnreadable &&
           m_dutSetup.kind != QLatin1String("mcu") && m_dutSetup.protocol >= 3;
}

int SessionRunner::askActivity(bool phaseStart,
                               std::function<void(std::optional<CpuCounters>)> then)
{
    if (!activityAvailable()) {
        if (then)
            then(std::nullopt);
        return 0;
    }
    const int id = m_dut->activity();
    ActivityAsk ask;
    ask.phaseId = m_recorder->phaseId();
    ask.kind = m_phaseKind;
    ask.label = m_phaseLabel;
    ask.start = phaseStart;
    ask.then = std::move(then);
    m_activityAsks[id] = std::move(ask);
    return id;
}

bool SessionRunner::onActivityAnswer(int id, const std::optional<CpuCounters> &counters,
                                     const QString &error)
{
    const auto it = m_activityAsks.find(id);
    if (it == m_activityAsks.end())
        return false;
    ActivityAsk ask = std::move(it->second);
    m_activityAsks.erase(it);
    if (m_pendingCommand == id)
        m_pendingCommand = 0;
    if (!counters && !m_activityUnreadable) {
        // Said once; the session goes on without it (nothing measured depends on it).
        m_activityUnreadable = true;
        emitWarning(Message(msg::kActivityUnreadable).arg(error));
    }
    if (counters && ask.phaseId > 0) {
        if (ask.start) {
            m_activityFrom[ask.phaseId] = *counters;
        } else if (const auto from = m_activityFrom.find(ask.phaseId);
                   from != m_activityFrom.end()) {
            if (const auto a = DutActivity::between(from->second, *counters)) {
                m_activity[ask.phaseId] = *a;
                store(m_recorder->setPhaseActivity(ask.phaseId, *a));
                emit activityMeasured(ask.kind, ask.label, *a);
            }
        }
    }
    if (ask.then)
        ask.then(counters);
    if (m_finalizeAfterActivity && m_activityAsks.empty()) {
        m_finalizeAfterActivity = false;
        finalize();
    }
    return true;
}

void SessionRunner::baselineActivityFlags(SessionAnalysis &analysis) const
{
    const auto base = m_activity.find(m_baselinePhase);
    if (base != m_activity.end() && base->second.otherCores() > kOtherActivityThresholdCores)
        analysis.flags << Message(msg::kBusyBaseline)
                              .arg(cores(base->second.otherCores()))
                              .arg(std::lround(base->second.otherShare() * 100.0))
                              .arg(base->second.cpus);
}

void SessionRunner::runActivityFlags(RunRecord &run) const
{
    const auto found = m_activity.find(run.phaseId);
    if (found == m_activity.end() || !run.stored.analysis)
        return;
    const DutActivity &a = found->second;
    QList<Message> &flags = run.stored.analysis->flags;
    if (const auto base = m_activity.find(m_baselinePhase);
        base != m_activity.end() &&
        std::fabs(a.otherCores() - base->second.otherCores()) > kOtherActivityThresholdCores)
        flags << Message(msg::kActivityChanged)
                     .arg(cores(base->second.otherCores()))
                     .arg(cores(a.otherCores()));
    if (a.cpus > 0 && a.otherCores() > kOtherActivityThresholdCores &&
        (a.otherCores() + a.workerCores()) / a.cpus >= kSaturatedShare)
        flags << Message(msg::kDutSaturated)
                     .arg(cores(a.otherCores()))
                     .arg(cores(a.workerCores()))
                     .arg(a.cpus);
}

// Before the baseline: other activity is read every second until it has stayed below the
// threshold for kQuietHoldSeconds, or the operator's bound has passed; either way the baseline
// follows, and what happened is a session event.
void SessionRunner::waitForQuiet()
{
    m_quietWaited = true;
    if (!activityAvailable()) {
        emitWarning(msg::kQuietUnsupported, QStringLiteral("quiet"));
        startBaseline();
        return;
    }
    m_flow->enter(Stage::Quieting);
    emit note(Message(msg::kWaitingForQuiet).arg(m_settings.waitForQuietSeconds, 0, 'f', 0));
    m_quietStartNs = steadyNs();
    m_quietLast.reset();
    m_quietFor = 0.0;
    m_quietCores = 0.0;
    pollQuiet();
}

void SessionRunner::pollQuiet()
{
    if (m_flow->stage() != Stage::Quieting)
        return;
    const int id =
        askActivity(false, [this](const std::optional<CpuCounters> &c) { onQuietReading(c); });
    if (id != 0)
        m_pendingCommand = id; // watched like any command without progress
}

void SessionRunner::onQuietReading(const std::optional<CpuCounters> &counters)
{
    if (m_flow->stage() != Stage::Quieting || m_flow->stopping())
        return;
    const double waited = static_cast<double>(steadyNs() - m_quietStartNs) / 1e9;
    if (!counters) { // said by onActivityAnswer(); the baseline is measured anyway
        startBaseline();
        return;
    }
    if (m_quietLast) {
        if (const auto a = DutActivity::between(*m_quietLast, *counters)) {
            m_quietCores = a->otherCores();
            m_quietFor =
                m_quietCores < kOtherActivityThresholdCores ? m_quietFor + a->seconds : 0.0;
        }
    }
    m_quietLast = counters;
    if (m_quietFor >= kQuietHoldSeconds) {
        const Message quiet = Message(msg::kQuietReached)
                                  .arg(waited, 0, 'f', 0)
                                  .arg(cores(m_quietCores))
                                  .arg(cores(kOtherActivityThresholdCores));
        emit note(quiet);
        store(m_recorder->addEvent(QStringLiteral("quiet"), quiet, steadyNs()));
        startBaseline();
        return;
    }
    if (waited >= m_settings.waitForQuietSeconds) {
        emitWarning(Message(msg::kQuietNotReached)
                        .arg(waited, 0, 'f', 0)
                        .arg(cores(m_quietCores))
                        .arg(cores(kOtherActivityThresholdCores)),
                    QStringLiteral("quiet"));
        startBaseline();
        return;
    }
    m_timer.disconnect();
    connect(&m_timer, &QTimer::timeout, this, &SessionRunner::pollQuiet);
    m_timer.start(kQuietPollMs);
}

} // namespace cipherwatt::core
