#include "messages.h"

#include <cipherwatt/core/records.h>

#include <array>
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

} // namespace cipherwatt::core
