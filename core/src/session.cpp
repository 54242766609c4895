#include "messages.h"
#include "messages_sources.h"

#include <cipherwatt/core/session.h>

#include <array>

namespace cipherwatt::core {

namespace {

constexpr std::array<const char *, 5> kStatusNames{"running", "complete", "cancelled",
                                                   "interrupted", "failed"};
constexpr std::array<const char *, 10> kPhaseNames{
    "prepare", "pin",           "plan",    "baseline", "settle",
    "run",     "post-baseline", "restore", "idle",     "stabilise"};

} // namespace

QString statusName(SessionStatus status)
{
    return QLatin1String(kStatusNames[static_cast<std::size_t>(status)]);
}

std::optional<SessionStatus> parseStatus(const QString &name)
{
    for (std::size_t i = 0; i < kStatusNames.size(); ++i) {
        if (name == QLatin1String(kStatusNames[i]))
            return static_cast<SessionStatus>(i);
    }
    return std::nullopt;
}

QString phaseName(PhaseKind kind)
{
    return QLatin1String(kPhaseNames[static_cast<std::size_t>(kind)]);
}

std::optional<PhaseKind> parsePhase(const QString &name)
{
    for (std::size_t i = 0; i < kPhaseNames.size(); ++i) {
        if (name == QLatin1String(kPhaseNames[i]))
            return static_cast<PhaseKind>(i);
    }
    return std::nullopt;
}

PrepareStep prepareStep(const Message &label)
{
    const MessageTemplate *t = label.messageTemplate();
    if (t == &msg::kPhaseConnecting)
        return PrepareStep::Connecting;
    if (t == &msg::kPhaseSelfTest)
        return PrepareStep::SelfTest;
    if (t == &msg::kPhasePrepared)
        return PrepareStep::Prepared;
    return PrepareStep::Other;
}

bool isPowerSourceResource(const QString &resource)
{
    return resource.startsWith(QLatin1String("rapl:")) || resource == QLatin1String("battery") ||
           resource.startsWith(QLatin1String("battery:")) ||
           resource.startsWith(QLatin1String("hwmon:"));
}

std::optional<Message> sourceResourceProblem(const QString &resource)
{
    const auto after = [&](QLatin1String prefix) { return resource.mid(prefix.size()); };
    if (resource == QLatin1String("battery"))
        return std::nullopt;
    if (resource.startsWith(QLatin1String("rapl:"))) {
        if (after(QLatin1String("rapl:")).isEmpty())
            return Message(msg::kSourceNeedsZone).arg(resource);
        return std::nullopt;
    }
    if (resource.startsWith(QLatin1String("battery:"))) {
        if (after(QLatin1String("battery:")).isEmpty())
            return Message(msg::kSourceNeedsBatteryName).arg(resource);
        return std::nullopt;
    }
    if (resource.startsWith(QLatin1String("hwmon:"))) {
        const QString rest = after(QLatin1String("hwmon:"));
        const qsizetype slash = rest.indexOf(QLatin1Char('/'));
        if (slash <= 0 || slash == rest.size() - 1)
            return Message(msg::kSourceNeedsLabel).arg(resource);
        return std::nullopt;
    }
    return Message(msg::kNotASource).arg(resource);
}

std::optional<Message> sourcesProblem(const QStringList &resources)
{
    for (qsizetype i = 0; i < resources.size(); ++i) {
        if (auto problem = sourceResourceProblem(resources[i]))
            return problem;
        if (resources.indexOf(resources[i]) != i)
            return Message(msg::kSourceTwice).arg(resources[i]);
    }
    return std::nullopt;
}

} // namespace cipherwatt::core
