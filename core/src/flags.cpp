#include "messages.h"
#include "messages_activity.h"

#include <cipherwatt/core/flags.h>

#include <algorithm>
#include <array>
#include <utility>

namespace cipherwatt::core {

namespace {

// Every flag the analysis, the runner and the results raise, by identifier.
const std::array<std::pair<const MessageTemplate *, Severity>, 25> kSeverities{{
    {&msg::kNoSamples, Severity::Error},
    {&msg::kNoBaseline, Severity::Error},
    {&msg::kBaselineDriftsFlag, Severity::Error},
    {&msg::kBaselineDrifts, Severity::Error},
    {&msg::kNoBaselineUpdate, Severity::Error},
    {&msg::kRunNotMeasured, Severity::Error},
    {&msg::kRunNotMeasuredWhy, Severity::Error},
    {&msg::kShortRun, Severity::Warning},
    // The meter's ranges (analysis_ranges.h): a run measured across a range change or over
    // range is left out; auto-range allowed by the operator holds, but not for publication.
    {&msg::kRangeChangedRun, Severity::Error},
    {&msg::kOverRangeRun, Severity::Error},
    {&msg::kAutoRangeRun, Severity::Warning},
    {&msg::kInvalid, Severity::Warning},
    {&msg::kMissed, Severity::Warning},
    {&msg::kIntegratorDisagrees, Severity::Warning},
    {&msg::kNoByteCount, Severity::Warning},
    {&msg::kNotDistinguishable, Severity::Warning},
    {&msg::kOneInvalid, Severity::Note},
    {&msg::kOneMissed, Severity::Note},
    {&msg::kKatFailedRun, Severity::Error},
    {&msg::kWorkerCrashedRun, Severity::Error},
    // Other activity on the DUT (records.h, kOtherActivityThresholdCores): a busy baseline
    // still gives a net power, a change or a saturated DUT bias it.
    {&msg::kBusyBaseline, Severity::Warning},
    {&msg::kActivityChanged, Severity::Warning},
    {&msg::kDutSaturated, Severity::Error},
    // The wait for stable idle power ran out: the baseline may drift (its own flag says).
    {&msg::kStableNotReached, Severity::Warning},
    // The measuring program's own work differed between baseline and run on a local DUT.
    {&msg::kProgramCpuChanged, Severity::Warning},
}};

} // namespace

Severity flagSeverity(const Message &flag)
{
    const QString id = flag.id();
    // "run: flag" takes its flag's severity.
    if (id == QLatin1String(msg::kRunFlag.id) && flag.arguments().size() == 2)
        return flagSeverity(flag.arguments().at(1));
    for (const auto &[tmpl, severity] : kSeverities) {
        if (id == QLatin1String(tmpl->id))
            return severity;
    }
    return Severity::Warning;
}

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return QStringLiteral("error");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Note:
        return QStringLiteral("note");
    }
    return {};
}

Severity highestSeverity(const QList<Message> &flags)
{
    Severity out = Severity::Note;
    for (const Message &f : flags)
        out = std::max(out, flagSeverity(f));
    return out;
}

QString flagHeadline(const Message &flag, bool translated)
{
    const QString text = translated ? flag.translated() : flag.english();
    // Only these templates read "headline: details" in every language (the "run %1: %2" forms
    // do not: there, the part before the colon names the run).
    static constexpr std::array kHeadlined{&msg::kShortRun, &msg::kIntegratorDisagrees,
                                           &msg::kNoByteCount};
    const bool headlined = std::any_of(kHeadlined.begin(), kHeadlined.end(), [&](const auto *t) {
        return flag.id() == QLatin1String(t->id);
    });
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    return headlined && colon > 0 ? text.left(colon) : text;
}

QList<Message> bySeverity(QList<Message> flags)
{
    std::stable_sort(flags.begin(), flags.end(), [](const Message &a, const Message &b) {
        return flagSeverity(a) > flagSeverity(b);
    });
    return flags;
}

} // namespace cipherwatt::core
