// The uncertainty budget of a net value and the idle level under a run (analysis.h; the model
// and its sources: docs/method.md).

#include "effective_dof.h"
#include "messages.h"
#include "numbers.h"

#include <cipherwatt/core/analysis.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace cipherwatt::core {

namespace {

const std::array<std::pair<UncertaintyModel, const char *>, 2> kModels{{
    {UncertaintyModel::Correlated, "correlated"},
    {UncertaintyModel::Conservative, "conservative"},
}};

const std::array<std::pair<BudgetTerm, const char *>, 7> kTerms{{
    {BudgetTerm::RunMean, "run_mean"},
    {BudgetTerm::IdleMean, "idle_mean"},
    {BudgetTerm::IdleInterpolation, "idle_interpolation"},
    {BudgetTerm::MeterReading, "meter_reading"},
    {BudgetTerm::MeterRangeNotCommon, "meter_range_not_common"},
    {BudgetTerm::MeterAtRun, "meter_at_run"},
    {BudgetTerm::MeterAtIdle, "meter_at_idle"},
}};

const std::array<std::pair<IdleSource, const char *>, 4> kSources{{
    {IdleSource::Baseline, "baseline"},
    {IdleSource::Interpolated, "interpolated"},
    {IdleSource::Before, "before"},
    {IdleSource::After, "after"},
}};

template<typename E, std::size_t N>
QString nameOf(const std::array<std::pair<E, const char *>, N> &table, E value)
{
    for (const auto &[v, name] : table) {
        if (v == value)
            return QString::fromLatin1(name);
    }
    return {};
}

template<typename E, std::size_t N>
std::optional<E> valueOf(const std::array<std::pair<E, const char *>, N> &table,
                         const QString &name)
{
    for (const auto &[v, n] : table) {
        if (name == QLatin1String(n))
            return v;
    }
    return std::nullopt;
}

// The meter's accuracy limit for a reading `value` on a range `range`, as a standard
// uncertainty (a rectangular distribution between the limits).
double accuracyLimit(double value, const MeterAccuracy &accuracy, double range)
{
    return (accuracy.ofReading * std::fabs(value) + accuracy.ofRange * range) / std::sqrt(3.0);
}

// One side of an interpolation: the window's mean with its standard error.
struct Side
{
    UncertainValue power;
    UncertainValue current;
    double centre = 0.0;
};

Side sideOf(const IdleWindow &w)
{
    return {meanValue(w.result.stats), meanValue(w.result.current),
            (w.startSeconds + w.endSeconds) / 2.0};
}

// (1 - f) a + f b with its propagated standard uncertainty and degrees of freedom.
UncertainValue blend(const UncertainValue &a, const UncertainValue &b, double f)
{
    UncertainValue e;
    if (!std::isfinite(a.value) || !std::isfinite(b.value))
        return e;
    e.value = (1.0 - f) * a.value + f * b.value;
    const double ua = (1.0 - f) * a.u;
    const double ub = f * b.u;
    e.u = std::hypot(ua, ub);
    e.dof = effectiveDof(e.u, {{ua, a.dof}, {ub, b.dof}});
    return e;
}

} // namespace

QString uncertaintyModelName(UncertaintyModel model)
{
    return nameOf(kModels, model);
}

std::optional<UncertaintyModel> uncertaintyModelFromName(const QString &name)
{
    return valueOf(kModels, name);
}

QString budgetTermKey(BudgetTerm term)
{
    return nameOf(kTerms, term);
}

std::optional<BudgetTerm> budgetTermFromKey(const QString &key)
{
    return valueOf(kTerms, key);
}

bool isTypeA(BudgetTerm term)
{
    return term == BudgetTerm::RunMean || term == BudgetTerm::IdleMean;
}

instruments::Message budgetTermTitle(BudgetTerm term)
{
    switch (term) {
    case BudgetTerm::RunMean:
        return msg::kBudgetRunMean;
    case BudgetTerm::IdleMean:
        return msg::kBudgetIdleMean;
    case BudgetTerm::IdleInterpolation:
        return msg::kBudgetIdleInterpolation;
    case BudgetTerm::MeterReading:
        return msg::kBudgetMeterReading;
    case BudgetTerm::MeterRangeNotCommon:
        return msg::kBudgetMeterRangeNotCommon;
    case BudgetTerm::MeterAtRun:
        return msg::kBudgetMeterAtRun;
    case BudgetTerm::MeterAtIdle:
        return msg::kBudgetMeterAtIdle;
    }
    return msg::kBudgetRunMean;
}

instruments::Message idleSourceText(IdleSource source)
{
    switch (source) {
    case IdleSource::Baseline:
        return msg::kIdleFromBaseline;
    case IdleSource::Interpolated:
        return msg::kIdleInterpolated;
    case IdleSource::Before:
        return msg::kIdleBefore;
    case IdleSource::After:
        return msg::kIdleAfter;
    }
    return msg::kIdleFromBaseline;
}

instruments::Message uncertaintyModelText(UncertaintyModel model)
{
    return model == UncertaintyModel::Correlated ? msg::kModelCorrelated : msg::kModelConservative;
}

QString idleSourceName(IdleSource source)
{
    return nameOf(kSources, source);
}

std::optional<IdleSource> idleSourceFromName(const QString &name)
{
    return valueOf(kSources, name);
}

double UncertaintyBudget::component(BudgetTerm term) const
{
    for (const BudgetComponent &c : components) {
        if (c.term == term)
            return c.u;
    }
    return 0.0;
}

double meterUncertainty(double watts, const MeterAccuracy &accuracy)
{
    return accuracyLimit(watts, accuracy, accuracy.powerRangeWatts);
}

UncertainValue meanValue(const MeanStats &stats)
{
    UncertainValue e;
    if (stats.count == 0)
        return e;
    e.value = stats.mean;
    e.u = stats.standardError;
    // n_eff - 1, at least one when there are two samples or more (a run so correlated that it
    // holds one independent value is not given infinitely many degrees of freedom).
    if (stats.count >= 2)
        e.dof = std::max(stats.effectiveCount - 1.0, 1.0);
    return e; // one sample: no spread, its degrees of freedom stay infinite
}

IdleLevel idleLevelOf(const BaselineResult &baseline)
{
    IdleLevel level;
    level.source = IdleSource::Baseline;
    level.power = meanValue(baseline.stats);
    level.current = meanValue(baseline.current);
    level.before = 0;
    return level;
}

IdleLevel idleLevelAt(const std::vector<IdleWindow> &windows, double runStart, double runEnd)
{
    int before = -1;
    int after = -1;
    for (std::size_t i = 0; i < windows.size(); ++i) {
        const IdleWindow &w = windows[i];
        if (w.result.stats.count == 0)
            continue;
        if (w.endSeconds <= runStart + kEpsilon &&
            (before < 0 || w.endSeconds > windows[static_cast<std::size_t>(before)].endSeconds))
            before = static_cast<int>(i);
        if (w.startSeconds >= runEnd - kEpsilon &&
            (after < 0 || w.startSeconds < windows[static_cast<std::size_t>(after)].startSeconds))
            after = static_cast<int>(i);
    }
    IdleLevel level;
    level.before = before;
    level.after = after;
    if (before < 0 && after < 0) {
        level.source = IdleSource::Before;
        return level; // NaN: no idle window measured
    }
    if (before < 0 || after < 0) {
        const int only = before >= 0 ? before : after;
        const Side s = sideOf(windows[static_cast<std::size_t>(only)]);
        level.source = before >= 0 ? IdleSource::Before : IdleSource::After;
        // The session's only idle window is its baseline, as before bracketing existed.
        if (before == 0 && windows.size() == 1)
            level.source = IdleSource::Baseline;
        level.power = s.power;
        level.current = s.current;
        return level;
    }
    const Side a = sideOf(windows[static_cast<std::size_t>(before)]);
    const Side b = sideOf(windows[static_cast<std::size_t>(after)]);
    const double t = (runStart + runEnd) / 2.0;
    const double f =
        b.centre > a.centre ? std::clamp((t - a.centre) / (b.centre - a.centre), 0.0, 1.0) : 0.5;
    level.source = IdleSource::Interpolated;
    level.power = blend(a.power, b.power, f);
    level.current = blend(a.current, b.current, f);
    level.interpolationWatts = std::fabs(b.power.value - a.power.value) / std::sqrt(12.0);
    if (std::isfinite(level.current.value))
        level.interpolationAmps = std::fabs(b.current.value - a.current.value) / std::sqrt(12.0);
    return level;
}

UncertaintyBudget differenceBudget(const MeanStats &run, const UncertainValue &idle,
                                   double interpolation, const MeterAccuracy &accuracy,
                                   double range)
{
    UncertaintyBudget b;
    const UncertainValue r = meanValue(run);
    const double net = r.value - idle.value;
    b.components.push_back({BudgetTerm::RunMean, r.u, r.dof});
    b.components.push_back({BudgetTerm::IdleMean, idle.u, idle.dof});
    if (interpolation > 0.0)
        b.components.push_back({BudgetTerm::IdleInterpolation, interpolation, kInfinity});
    const bool correlated = accuracy.model == UncertaintyModel::Correlated && accuracy.rangesFixed;
    b.model = correlated ? UncertaintyModel::Correlated : UncertaintyModel::Conservative;
    if (!accuracy.specified) {
        // No accuracy to state (a power source on the DUT): the statistical part alone.
    } else if (correlated) {
        // The gain applies to what the two readings differ by; the range term's offset cancels
        // but for its stated share, independent in the two windows: √2 · share · a_range · R.
        b.components.push_back({BudgetTerm::MeterReading,
                                accuracy.ofReading * std::fabs(net) / std::sqrt(3.0), kInfinity});
        b.components.push_back(
            {BudgetTerm::MeterRangeNotCommon,
             std::sqrt(2.0) * accuracy.notCommonShare * accuracy.ofRange * range / std::sqrt(3.0),
             kInfinity});
    } else {
        b.components.push_back(
            {BudgetTerm::MeterAtRun, accuracyLimit(r.value, accuracy, range), kInfinity});
        b.components.push_back(
            {BudgetTerm::MeterAtIdle, accuracyLimit(idle.value, accuracy, range), kInfinity});
    }
    double u2 = 0.0;
    std::vector<std::pair<double, double>> terms;
    for (const BudgetComponent &c : b.components) {
        u2 += c.u * c.u;
        terms.emplace_back(c.u, c.dof);
    }
    b.u = std::sqrt(u2);
    b.dof = effectiveDof(b.u, terms);
    b.coverage = studentT95(b.dof);
    return b;
}

} // namespace cipherwatt::core
