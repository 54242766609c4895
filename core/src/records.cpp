#include "messages.h"
#include "messages_activity.h"

#include <cipherwatt/core/records.h>
#include <cipherwatt/core/storage.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <set>

namespace cipherwatt::core {

namespace {

constexpr std::array<const char *, 7> kRunStatusNames{
    "planned", "running", "done", "failed", "skipped", "cancelled", "interrupted"};

} // namespace

QString runStatusName(RunStatus status)
{
    return QLatin1String(kRunStatusNames[static_cast<std::size_t>(status)]);
}

std::optional<RunStatus> parseRunStatus(const QString &name)
{
    for (std::size_t i = 0; i < kRunStatusNames.size(); ++i) {
        if (name == QLatin1String(kRunStatusNames[i]))
            return static_cast<RunStatus>(i);
    }
    return std::nullopt;
}

Message runStatusText(RunStatus status)
{
    switch (status) {
    case RunStatus::Planned:
        return msg::kStatusPlanned;
    case RunStatus::Running:
        return msg::kStatusRunning;
    case RunStatus::Done:
        return msg::kStatusDone;
    case RunStatus::Failed:
        return msg::kStatusFailed;
    case RunStatus::Skipped:
        return msg::kStatusSkipped;
    case RunStatus::Cancelled:
        return msg::kStatusCancelled;
    case RunStatus::Interrupted:
        return msg::kStatusInterrupted;
    }
    return msg::kStatusFailed;
}

QString DutSystem::cpuLine() const
{
    return QStringLiteral("%1, %2 logical cores, %3")
        .arg(cpuModel)
        .arg(logicalCores)
        .arg(architecture);
}

int SelfTest::passedPairs() const
{
    int n = 0;
    for (const SelfTestEntry &r : results)
        n += r.status == QLatin1String("passed") ? 1 : 0;
    return n;
}

QStringList SelfTest::refused() const
{
    std::set<std::pair<QString, QString>> seen;
    QStringList out;
    const auto add = [&](const QString &cipher, const QString &backend) {
        if (seen.insert({cipher, backend}).second)
            out << QStringLiteral("%1 (%2)").arg(cipher, backend);
    };
    for (const SelfTestEntry &r : results) {
        if (r.status == QLatin1String("failed"))
            add(r.cipher, r.backend);
    }
    for (const IsaAgreement &a : isaAgreement) {
        if (!a.agreed)
            add(a.cipher, a.backend);
    }
    return out;
}

bool SelfTest::refuses(const QString &cipher, const QString &backend) const
{
    // "*" stands for every backend of a cipher the worker has no vectors for.
    const auto matches = [&](const QString &c, const QString &b) {
        return c == cipher && (b == backend || b == QLatin1String("*"));
    };
    for (const SelfTestEntry &r : results) {
        if (r.status == QLatin1String("failed") && matches(r.cipher, r.backend))
            return true;
    }
    for (const IsaAgreement &a : isaAgreement) {
        if (!a.agreed && matches(a.cipher, a.backend))
            return true;
    }
    return false;
}

QStringList SelfTest::unavailableMessages() const
{
    QStringList out;
    for (const SelfTestEntry &r : results) {
        if (r.status == QLatin1String("unavailable"))
            out << r.messages;
    }
    return out;
}

std::optional<DutActivity> DutActivity::between(const CpuCounters &from, const CpuCounters &to)
{
    if (from.cpus == 0 || from.cpus != to.cpus || from.ticksPerSecond == 0 ||
        from.ticksPerSecond != to.ticksPerSecond || to.totalTicks <= from.totalTicks ||
        to.busyTicks < from.busyTicks || to.ownTicks < from.ownTicks)
        return std::nullopt;
    const auto hz = static_cast<double>(from.ticksPerSecond);
    const auto busy = static_cast<double>(to.busyTicks - from.busyTicks);
    const auto own = static_cast<double>(to.ownTicks - from.ownTicks);
    DutActivity a;
    a.cpus = from.cpus;
    // The interval from the same counters as the busy time (every core's ticks, busy or idle,
    // over the cores), so that the share is exact whatever the host's clock did meanwhile.
    a.seconds = static_cast<double>(to.totalTicks - from.totalTicks) / from.cpus / hz;
    a.workerCpuSeconds = own / hz;
    // The kernel charges /proc/stat a tick at a time and the worker's own time from its exact
    // run time: over a quiet phase the difference may come out a tick or two below zero, which
    // is no activity, not negative activity.
    a.otherCpuSeconds = std::max(0.0, busy - own) / hz;
    return a;
}

Message describeActivity(const Message &phase, const DutActivity &activity)
{
    return Message(msg::kActivityLine)
        .arg(phase)
        .arg(QString::number(activity.otherCores(), 'f', 2))
        .arg(QString::number(activity.otherShare() * 100.0, 'f', 0))
        .arg(activity.cpus)
        .arg(QString::number(activity.workerCores(), 'f', 2));
}

QList<Message> activityLines(const SessionData &d)
{
    QList<Message> out;
    for (const StoredPhase &p : d.phases) {
        if (p.activity)
            out << describeActivity(p.label, *p.activity);
    }
    // The measuring program's own CPU use (runner_program.cpp).
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const StoredRun &r : d.runs) {
        if (r.analysis && std::isfinite(r.analysis->programCores)) {
            low = std::min(low, r.analysis->programCores);
            high = std::max(high, r.analysis->programCores);
        }
    }
    if (d.analysis.programBaselineCores && low <= high)
        out << Message(msg::kProgramCpu)
                   .arg(*d.analysis.programBaselineCores, 0, 'f', 3)
                   .arg(low, 0, 'f', 3)
                   .arg(high, 0, 'f', 3);
    return out;
}

} // namespace cipherwatt::core
