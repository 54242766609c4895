// Stable idle power before the baseline (issue 17 §3), in the spirit of IEC 62301's stability
// rule (a least-squares slope over the readings below a limit): the idle power is read as it
// comes; once a baseline's length of it has been seen, the trend over the last such window,
// taken as the baseline's drift test takes it (analyseBaseline: slope x span), must stay
// within the drift threshold of its mean. The wait is a phase of its own (its power is in the
// trace), bounded by the operator; its outcome is a session event, and a session flag when
// the bound ran out.

#include "messages.h"
#include "messages_activity.h"
#include "recorder.h"

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/session_flow.h>

#include <algorithm>
#include <cmath>

namespace cipherwatt::core {

namespace {

constexpr int kStablePollMs = 1000;
// The floor under the limit, as the baseline's drift test has it (analysis.cpp): below 5 mW
// the meter's resolution and noise decide, not the DUT.
constexpr double kStableFloorWatts = 0.005;

} // namespace

void SessionRunner::waitForStable()
{
    m_stableWaited = true;
    m_flow->enter(Stage::Stabilising);
    if (!beginPhase(PhaseKind::Stabilise, msg::kPhaseStabilise, 0, m_settings.waitForStableSeconds))
        return;
    emit note(Message(msg::kWaitingForStable).arg(m_settings.waitForStableSeconds, 0, 'f', 0));
    m_stableStart = m_recorder->now();
    m_timer.disconnect();
    connect(&m_timer, &QTimer::timeout, this, &SessionRunner::checkStable);
    m_timer.start(kStablePollMs);
}

void SessionRunner::checkStable()
{
    if (m_flow->stage() != Stage::Stabilising || m_flow->stopping())
        return;
    const double now = m_recorder->now();
    const double waited = now - m_stableStart;
    // The window the baseline will have (the whole wait when that is shorter).
    const double window = std::min(m_settings.baselineSeconds, m_settings.waitForStableSeconds);
    const bool last = waited + 1e-9 >= m_settings.waitForStableSeconds;
    if (waited + 1e-9 < window) {
        m_timer.start(kStablePollMs);
        return;
    }
    const BaselineResult b =
        analyseBaseline(m_recorder->powerSamples(), now - window, now, m_settings.driftThreshold);
    const double limit =
        std::max(m_settings.driftThreshold * std::fabs(b.stats.mean), kStableFloorWatts);
    const bool stable = b.stats.count >= 2 && std::fabs(b.driftWatts) <= limit;
    if (!stable && !last) {
        m_timer.start(kStablePollMs);
        return;
    }
    const Message outcome = Message(stable ? msg::kStableReached : msg::kStableNotReached)
                                .arg(waited, 0, 'f', 0)
                                .arg(b.driftWatts, 0, 'f', 4)
                                .arg(b.seconds, 0, 'f', 0)
                                .arg(limit, 0, 'f', 4)
                                .arg(m_settings.driftThreshold * 100.0, 0, 'g', 3)
                                .arg(b.stats.mean, 0, 'f', 3);
    if (stable) {
        emit note(outcome);
        store(m_recorder->addEvent(QStringLiteral("stable"), outcome, steadyNs()));
    } else {
        m_notStable = outcome;
        emitWarning(outcome, QStringLiteral("stable"));
    }
    startBaseline();
}

} // namespace cipherwatt::core
