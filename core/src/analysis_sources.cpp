// A secondary power source's view of a run and the cross-check against the meter (analysis.h,
// SourceRunResult; docs/method.md, "Power sources on the DUT").

#include "numbers.h"

#include <cipherwatt/core/analysis.h>

#include <cmath>

namespace cipherwatt::core {

namespace {

// Whether a 95 % interval around `v` reaches zero: a ratio to it, or of it, has no interval.
bool reachesZero(const UncertainValue &v, double k)
{
    return !std::isfinite(v.value) || !std::isfinite(v.u) || std::fabs(v.value) <= k * v.u;
}

} // namespace

RatioInterval netRatio(const UncertainValue &secondary, const UncertainValue &primary)
{
    RatioInterval r;
    if (!std::isfinite(secondary.value) || !std::isfinite(primary.value) || primary.value == 0.0)
        return r;
    if (reachesZero(secondary, studentT95(secondary.dof)) ||
        reachesZero(primary, studentT95(primary.dof)))
        return r;
    const double ratio = secondary.value / primary.value;
    const double rs = secondary.u / secondary.value; // relative standard uncertainties
    const double rp = primary.u / primary.value;
    const double relative = std::sqrt(rs * rs + rp * rp);
    // Welch-Satterthwaite over the two relative terms; a term with no spread (u = 0) adds
    // nothing, and infinite degrees of freedom add nothing to the denominator.
    double denominator = 0.0;
    if (std::isfinite(secondary.dof) && rs != 0.0)
        denominator += std::pow(rs, 4) / secondary.dof;
    if (std::isfinite(primary.dof) && rp != 0.0)
        denominator += std::pow(rp, 4) / primary.dof;
    const double dof = denominator > 0.0 ? std::pow(relative, 4) / denominator
                                         : std::numeric_limits<double>::infinity();
    const double half = studentT95(dof) * std::fabs(ratio) * relative;
    r.value = ratio;
    r.low = ratio - half;
    r.high = ratio + half;
    return r;
}

SourceRunResult analyseSourceRun(const QString &resource, const RunInput &input,
                                 const std::vector<PowerSample> &readings, const IdleLevel &idle,
                                 int minReadings, const RunResult &primary)
{
    // The meter's analysis with no accuracy term: what is left is the statistical part, the
    // only one these sensors have. Nothing of a meter's ranges or integrator applies.
    MeterAccuracy none;
    none.ofReading = 0.0;
    none.ofRange = 0.0;
    none.powerRangeWatts = 0.0;
    none.currentRangeAmps = 0.0;
    none.specified = false;
    RunInput in = input;
    in.voltageRange = kNaN;
    in.currentRange = kNaN;
    in.autoRange = false;
    in.counter.clear(); // cycles belong to the meter's row
    in.cyclesReal = true;
    const RunResult r = analyseRun(in, readings, idle, none, minReadings);

    SourceRunResult s;
    s.resource = resource;
    s.count = r.run.count;
    s.excludedBoundary = r.excludedBoundary;
    s.runWatts = r.run.count > 0 ? r.run.mean : kNaN;
    s.idleWatts = r.idleWatts;
    s.netWatts = r.netWatts;
    s.netUncertainty = r.netUncertainty;
    s.netDof = r.budget.dof;
    s.netLow = r.netLow;
    s.netHigh = r.netHigh;
    s.energyPerByteNj = r.energyPerByteNj;
    s.energyPerByteNjLow = r.energyPerByteNjLow;
    s.energyPerByteNjHigh = r.energyPerByteNjHigh;
    s.flags = r.flags;
    const RatioInterval ratio = netRatio(
        {s.netWatts, s.netUncertainty, s.netDof},
        {primary.netWatts, primary.netUncertainty,
         primary.budget.empty() ? std::numeric_limits<double>::infinity() : primary.budget.dof});
    s.ratio = ratio.value;
    s.ratioLow = ratio.low;
    s.ratioHigh = ratio.high;
    return s;
}

} // namespace cipherwatt::core
