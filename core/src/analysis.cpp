#include "messages.h"
#include "messages_mcu.h"
#include "numbers.h"

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/analysis_ranges.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace cipherwatt::core {

using instruments::Message;

namespace {

bool straddles(const PowerSample &s, double start, double end)
{
    const double from = s.tSeconds - s.intervalSeconds;
    const double to = s.tSeconds;
    const bool overlaps = to > start + kEpsilon && from < end - kEpsilon;
    return overlaps && !inside(s, start, end);
}

// Two-sided 95 % quantiles of Student's t for 1..4 degrees of freedom (any t table).
constexpr std::array<double, 4> kSmallDof{12.7062, 4.3027, 3.1824, 2.7764};

double cornishFisher(double dof)
{
    const double z = 1.959963985; // normal 97.5 % quantile
    const double z3 = z * z * z;
    const double z5 = z3 * z * z;
    const double z7 = z5 * z * z;
    const double z9 = z7 * z * z;
    const double g1 = (z3 + z) / 4.0;
    const double g2 = (5 * z5 + 16 * z3 + 3 * z) / 96.0;
    const double g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384.0;
    const double g4 = (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160.0;
    return z + g1 / dof + g2 / (dof * dof) + g3 / (dof * dof * dof) + g4 / (dof * dof * dof * dof);
}

} // namespace

double studentT95(double dof)
{
    if (!(dof < 1e12))
        return 1.959963985;
    dof = std::max(dof, 1.0);
    if (dof >= 5.0)
        return cornishFisher(dof);
    // Between the table's whole degrees of freedom: linear in 1/dof.
    const auto below = static_cast<int>(std::floor(dof));
    const double tBelow = kSmallDof[static_cast<std::size_t>(below - 1)];
    const double tAbove =
        below + 1 >= 5 ? cornishFisher(5.0) : kSmallDof[static_cast<std::size_t>(below)];
    const double w = (1.0 / below - 1.0 / dof) / (1.0 / below - 1.0 / (below + 1));
    return tBelow + w * (tAbove - tBelow);
}

MeanStats meanStats(const std::vector<double> &watts)
{
    MeanStats m;
    m.count = static_cast<int>(watts.size());
    if (watts.empty()) {
        m.mean = m.sd = m.standardError = kNaN;
        return m;
    }
    const auto n = static_cast<double>(watts.size());
    m.mean = std::accumulate(watts.begin(), watts.end(), 0.0) / n;
    double ss = 0;
    for (const double w : watts)
        ss += (w - m.mean) * (w - m.mean);
    m.sd = watts.size() > 1 ? std::sqrt(ss / (n - 1)) : 0.0;
    double lagged = 0;
    for (std::size_t i = 0; i + 1 < watts.size(); ++i)
        lagged += (watts[i] - m.mean) * (watts[i + 1] - m.mean);
    m.lag1 = ss > 0 ? lagged / ss : 0.0;
    const double r = std::clamp(m.lag1, 0.0, 0.99);
    m.effectiveCount = std::max(1.0, n * (1 - r) / (1 + r));
    m.standardError = m.sd / std::sqrt(m.effectiveCount);
    return m;
}

BaselineResult analyseBaseline(const std::vector<PowerSample> &samples, double start, double end,
                               double driftThreshold)
{
    BaselineResult b;
    b.seconds = end - start;
    std::vector<double> watts;
    std::vector<double> hours;
    std::vector<double> amps;
    for (const PowerSample &s : samples) {
        if (!inside(s, start, end))
            continue;
        if (!s.valid || s.duplicate) {
            ++b.excluded;
            continue;
        }
        watts.push_back(s.watts);
        hours.push_back(s.tSeconds / 3600.0);
        if (std::isfinite(s.amps))
            amps.push_back(s.amps);
    }
    b.stats = meanStats(watts);
    b.current = meanStats(amps);
    if (watts.size() >= 2) {
        const auto n = static_cast<double>(watts.size());
        const double mt = std::accumulate(hours.begin(), hours.end(), 0.0) / n;
        double sxy = 0;
        double sxx = 0;
        for (std::size_t i = 0; i < watts.size(); ++i) {
            sxy += (hours[i] - mt) * (watts[i] - b.stats.mean);
            sxx += (hours[i] - mt) * (hours[i] - mt);
        }
        b.driftWattsPerHour = sxx > 0 ? sxy / sxx : 0.0;
        b.driftWatts = b.driftWattsPerHour * (hours.back() - hours.front());
        double residuals = 0;
        for (std::size_t i = 0; i < watts.size(); ++i) {
            const double fit = b.stats.mean + b.driftWattsPerHour * (hours[i] - mt);
            residuals += (watts[i] - fit) * (watts[i] - fit);
        }
        b.driftStandardError =
            watts.size() > 2 && sxx > 0 ? std::sqrt(residuals / (n - 2) / sxx) : 0.0;
        const bool significant =
            std::fabs(b.driftWattsPerHour) > studentT95(n - 2) * b.driftStandardError;
        // In the spirit of IEC 62301's stability check: a real trend over the span larger than
        // a fraction of the level (and than 5 mW, the noise floor of small loads).
        b.drifting = significant && std::fabs(b.driftWatts) >
                                        std::max(driftThreshold * std::fabs(b.stats.mean), 0.005);
    }
    return b;
}

RunResult analyseRun(const RunInput &in, const std::vector<PowerSample> &samples,
                     const BaselineResult &baseline, const MeterAccuracy &accuracy, int minUpdates)
{
    return analyseRun(in, samples, idleLevelOf(baseline), accuracy, minUpdates);
}

RunResult analyseRun(const RunInput &in, const std::vector<PowerSample> &samples,
                     const IdleLevel &idle, const MeterAccuracy &accuracy, int minUpdates)
{
    RunResult r;
    r.counter = in.counter;
    checkRanges(in, samples, r);
    std::vector<double> watts;
    std::vector<double> amps;
    double integrator = 0;
    double fromSamples = 0;
    bool integratorPairs = false;
    bool first = true;
    double firstReceived = 0.0;
    double lastReceived = 0.0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const PowerSample &s = samples[i];
        if (straddles(s, in.windowStart, in.windowEnd)) {
            ++r.excludedBoundary;
            continue;
        }
        if (!inside(s, in.windowStart, in.windowEnd))
            continue;
        if (s.duplicate) {
            ++r.excludedDuplicates;
            continue;
        }
        if (first)
            firstReceived = s.tSeconds;
        else
            r.missed += s.missedBefore;
        lastReceived = s.tSeconds;
        first = false;
        if (!s.valid) {
            ++r.excludedInvalid;
            continue;
        }
        watts.push_back(s.watts);
        if (std::isfinite(s.amps))
            amps.push_back(s.amps);
        // The integrator over this update: the change of WH since the previous update, when
        // nothing was missed in between.
        if (i > 0 && s.missedBefore == 0 && std::isfinite(s.wattHours) &&
            std::isfinite(samples[i - 1].wattHours)) {
            integrator += s.wattHours - samples[i - 1].wattHours;
            fromSamples += s.watts * s.intervalSeconds / 3600.0;
            integratorPairs = true;
        }
    }
    // Updates expected but never received at the window's edges (a meter that stopped early
    // or started late, a stall at the end of a run): the whole update intervals between the
    // window's start and the first update received, and between the last one and the window's
    // end. Within a fifth of an interval of an edge an update is not expected (host timestamps
    // jitter), so an edge never adds a miss that did not happen.
    const double dt = in.updateSeconds > 0 ? in.updateSeconds : 0.1;
    const auto wholeIntervals = [dt](double span) {
        return span > 0 ? static_cast<std::uint32_t>(std::max(0.0, std::floor(span / dt - 0.2)))
                        : 0U;
    };
    if (first) {
        r.missed += wholeIntervals(in.windowEnd - in.windowStart);
    } else {
        r.missed += wholeIntervals(firstReceived - dt - in.windowStart);
        r.missed += wholeIntervals(in.windowEnd - lastReceived);
    }
    r.run = meanStats(watts);
    r.throughputBytesPerSecond = in.seconds > 0 ? static_cast<double>(in.bytes) / in.seconds : kNaN;
    r.cyclesPerByte = in.bytes > 0 && !in.counter.isEmpty()
                          ? static_cast<double>(in.cycles) / static_cast<double>(in.bytes)
                          : kNaN;
    if (!in.cyclesReal && in.cycles > 0)
        r.flags << Message(msg::kCyclesNotReal);
    if (r.run.count < minUpdates)
        r.flags << Message(msg::kShortRun).arg(r.run.count).arg(minUpdates);
    r.idleSource = idle.source;
    r.idleWatts = idle.power.value;
    if (r.run.count == 0 || !std::isfinite(idle.power.value)) {
        r.netWatts = r.netLow = r.netHigh = r.netUncertainty = kNaN;
        r.energyJoules = r.energyPerByteNj = r.energyPerOperationUj = kNaN;
        r.energyPerByteNjLow = r.energyPerByteNjHigh = kNaN;
        r.energyPerOperationUjLow = r.energyPerOperationUjHigh = kNaN;
        r.flags << (r.run.count == 0 ? Message(msg::kNoSamples) : Message(msg::kNoBaseline));
        return r;
    }

    r.budget = differenceBudget(r.run, idle.power, idle.interpolationWatts, accuracy,
                                accuracy.powerRangeWatts);
    r.netWatts = r.run.mean - idle.power.value;
    r.netUncertainty = r.budget.u;
    r.coverage = r.budget.coverage;
    r.netLow = r.netWatts - r.coverage * r.netUncertainty;
    r.netHigh = r.netWatts + r.coverage * r.netUncertainty;

    r.energyJoules = r.netWatts * in.seconds;
    const auto perByte = [&](double net) {
        return in.bytes > 0 ? net * in.seconds / static_cast<double>(in.bytes) * 1e9 : kNaN;
    };
    const auto perOperation = [&](double net) {
        return in.operations > 0 ? net * in.seconds / static_cast<double>(in.operations) * 1e6
                                 : kNaN;
    };
    r.energyPerByteNj = perByte(r.netWatts);
    r.energyPerByteNjLow = perByte(r.netLow);
    r.energyPerByteNjHigh = perByte(r.netHigh);
    r.energyPerOperationUj = perOperation(r.netWatts);
    r.energyPerOperationUjLow = perOperation(r.netLow);
    r.energyPerOperationUjHigh = perOperation(r.netHigh);
    // Charge: the current's difference the same way, over the same updates (those that carry
    // a current reading), and per operation in µC.
    const MeanStats current = meanStats(amps);
    if (current.count > 0 && std::isfinite(idle.current.value) && accuracy.currentRangeAmps > 0) {
        const UncertaintyBudget net = differenceBudget(
            current, idle.current, idle.interpolationAmps, accuracy, accuracy.currentRangeAmps);
        const double half = net.coverage * net.u;
        r.netAmps = current.mean - idle.current.value;
        r.netAmpsLow = r.netAmps - half;
        r.netAmpsHigh = r.netAmps + half;
        r.chargePerOperationUc = perOperation(r.netAmps);
        r.chargePerOperationUcLow = perOperation(r.netAmpsLow);
        r.chargePerOperationUcHigh = perOperation(r.netAmpsHigh);
    }

    if (r.excludedInvalid > 0)
        r.flags << (r.excludedInvalid == 1 ? Message(msg::kOneInvalid)
                                           : Message(msg::kInvalid).arg(r.excludedInvalid));
    if (r.missed > 0)
        r.flags << (r.missed == 1 ? Message(msg::kOneMissed) : Message(msg::kMissed).arg(r.missed));
    if (integratorPairs) {
        r.integratorRead = true;
        r.integratorWh = integrator;
        r.samplesWh = fromSamples;
        // WH is shown with 6 digits: allow 1 % and its resolution.
        if (std::fabs(integrator - fromSamples) > 0.01 * std::fabs(fromSamples) + 2e-6)
            r.flags << Message(msg::kIntegratorDisagrees)
                           .arg(integrator, 0, 'g', 6)
                           .arg(fromSamples, 0, 'g', 6);
    }
    if (in.bytes == 0)
        r.flags << Message(msg::kNoByteCount);
    if (r.netLow <= 0.0)
        r.flags << Message(msg::kNotDistinguishable);
    // The range's share of the meter's error does not shrink with averaging: a net power
    // inside it (a microcontroller's milliwatts on a range of watts) is not resolved. With the
    // correlated model, what counts is the share that does not cancel, in both windows.
    const double rangeError =
        r.budget.model == UncertaintyModel::Correlated
            ? std::sqrt(2.0) * accuracy.notCommonShare * accuracy.ofRange * accuracy.powerRangeWatts
            : accuracy.ofRange * accuracy.powerRangeWatts;
    if (rangeError > 0.0 && std::fabs(r.netWatts) <= rangeError)
        r.flags << Message(msg::kBelowMeterRange)
                       .arg(r.netWatts, 0, 'g', 3)
                       .arg(rangeError, 0, 'g', 3)
                       .arg(accuracy.powerRangeWatts, 0, 'g', 4);
    return r;
}

Spread spreadOf(std::vector<double> values)
{
    Spread s;
    values.erase(
        std::remove_if(values.begin(), values.end(), [](double v) { return !std::isfinite(v); }),
        values.end());
    s.count = static_cast<int>(values.size());
    if (values.empty()) {
        s.median = s.min = s.max = kNaN;
        return s;
    }
    std::sort(values.begin(), values.end());
    s.min = values.front();
    s.max = values.back();
    const std::size_t mid = values.size() / 2;
    s.median = values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2.0;
    return s;
}

} // namespace cipherwatt::core
