#include <cipherwatt/core/session_flow.h>

#include <QLoggingCategory>

#include <algorithm>
#include <array>
#include <initializer_list>

Q_LOGGING_CATEGORY(lcFlow, "cipherwatt.core.flow", QtWarningMsg)

namespace cipherwatt::core {

namespace {

struct Moves
{
    Stage from;
    std::initializer_list<Stage> to;
};

// The one place a session's order is written down. Stopping (cancel, failure) uses the same
// moves: from any stage a session can reach Done.
const Moves kMoves[] = {
    {Stage::Idle, {Stage::Preparing, Stage::Done}},
    {Stage::Preparing,
     {Stage::Pinning, Stage::Planning, Stage::Quieting, Stage::Stabilising, Stage::Baseline,
      Stage::Finalizing, Stage::Done}},
    {Stage::Pinning,
     {Stage::Pinning, Stage::Planning, Stage::Quieting, Stage::Stabilising, Stage::Baseline,
      Stage::Settling, Stage::Idling, Stage::Running, Stage::PostBaseline, Stage::Restoring,
      Stage::Finalizing}},
    {Stage::Planning,
     {Stage::Quieting, Stage::Stabilising, Stage::Baseline, Stage::Restoring, Stage::Finalizing}},
    {Stage::Quieting, {Stage::Stabilising, Stage::Baseline, Stage::Restoring, Stage::Finalizing}},
    {Stage::Stabilising, {Stage::Baseline, Stage::Restoring, Stage::Finalizing}},
    {Stage::Baseline,
     {Stage::Pinning, Stage::Settling, Stage::Running, Stage::PostBaseline, Stage::Restoring,
      Stage::Finalizing}},
    {Stage::Settling, {Stage::Idling, Stage::Running, Stage::Restoring, Stage::Finalizing}},
    {Stage::Idling, {Stage::Running, Stage::Restoring, Stage::Finalizing}},
    {Stage::Running,
     {Stage::Pinning, Stage::Settling, Stage::Idling, Stage::Running, Stage::Restarting,
      Stage::PostBaseline, Stage::Restoring, Stage::Finalizing}},
    {Stage::Restarting,
     {Stage::Pinning, Stage::Settling, Stage::Idling, Stage::Running, Stage::PostBaseline,
      Stage::Restoring, Stage::Finalizing}},
    {Stage::PostBaseline, {Stage::Restoring, Stage::Finalizing}},
    {Stage::Restoring, {Stage::Finalizing}},
    {Stage::Finalizing, {Stage::Done}},
    {Stage::Done, {}},
};

constexpr std::array<const char *, 15> kNames{
    "idle",        "preparing",     "pinning",   "planning",   "quieting",
    "stabilising", "baseline",      "settling",  "idling",     "running",
    "restarting",  "post-baseline", "restoring", "finalizing", "done"};

} // namespace

bool SessionFlow::allowed(Stage from, Stage to)
{
    for (const Moves &m : kMoves) {
        if (m.from == from)
            return std::find(m.to.begin(), m.to.end(), to) != m.to.end();
    }
    return false;
}

const std::vector<Stage> &SessionFlow::stages()
{
    static const std::vector<Stage> all = [] {
        std::vector<Stage> out;
        for (const Moves &m : kMoves)
            out.push_back(m.from);
        return out;
    }();
    return all;
}

QString SessionFlow::name(Stage stage)
{
    return QLatin1String(kNames[static_cast<std::size_t>(stage)]);
}

bool SessionFlow::enter(Stage next)
{
    if (!allowed(m_stage, next)) {
        qCWarning(lcFlow) << "refused move from" << name(m_stage) << "to" << name(next);
        return false;
    }
    m_stage = next;
    return true;
}

void SessionFlow::stop(Ending why)
{
    if (why == Ending::Failure || m_ending == Ending::None)
        m_ending = why;
}

Stage SessionFlow::stopTarget(bool sessionExists, bool pinned) const
{
    switch (m_stage) {
    case Stage::Idle:
        return Stage::Done;
    case Stage::Preparing:
        return sessionExists ? Stage::Finalizing : Stage::Done;
    case Stage::Restoring:
        return Stage::Restoring; // the restore's answer leads on
    case Stage::Finalizing:
        return Stage::Finalizing;
    case Stage::Done:
        return Stage::Done;
    case Stage::Restarting:
        return Stage::Finalizing; // the worker is gone: it restored on its way out
    default:
        return pinned ? Stage::Restoring : Stage::Finalizing;
    }
}

} // namespace cipherwatt::core
