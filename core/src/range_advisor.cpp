#include "messages.h"

#include <cipherwatt/core/range_advisor.h>

#include <algorithm>
#include <cmath>

namespace cipherwatt::core {

namespace {

double maxFinite(double a, double b)
{
    if (!std::isfinite(b))
        return a;
    return std::isfinite(a) ? std::max(a, std::fabs(b)) : std::fabs(b);
}

// The smallest range that holds `rms` and `peak` by the header's rule; NaN when none does.
double smallest(const std::vector<double> &ranges, double rms, double peak, double crestFactor)
{
    for (const double r : ranges) {
        if (rms <= kRangeRmsHeadroom * r && peak <= kRangePeakHeadroom * crestFactor * r)
            return r;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

double next(const std::vector<double> &ranges, double range)
{
    const auto it = std::upper_bound(ranges.begin(), ranges.end(), range * (1 + 1e-9));
    return it == ranges.end() ? std::numeric_limits<double>::quiet_NaN() : *it;
}

} // namespace

void LoadPeaks::add(double u, double i, double uPeak, double iPeak, double p)
{
    if (!std::isfinite(u) || !std::isfinite(i))
        return;
    ++readings;
    voltsRms = std::max(voltsRms, std::fabs(u));
    ampsRms = std::max(ampsRms, std::fabs(i));
    voltsPeak = maxFinite(voltsPeak, uPeak);
    ampsPeak = maxFinite(ampsPeak, iPeak);
    if (std::isfinite(p))
        watts = std::max(watts, std::fabs(p));
}

RangeChoice rangeChoice(double volts, double amps, double watts,
                        const instruments::PowerAccuracy &accuracy)
{
    RangeChoice c;
    c.volts = volts;
    c.amps = amps;
    c.powerRangeWatts = volts * amps;
    c.rangeTermWatts = accuracy.ofRange * c.powerRangeWatts;
    c.limitWatts = accuracy.ofReading * std::fabs(watts) + c.rangeTermWatts;
    MeterAccuracy meter;
    meter.ofReading = accuracy.ofReading;
    meter.ofRange = accuracy.ofRange;
    meter.powerRangeWatts = c.powerRangeWatts;
    c.standardUncertaintyWatts = meterUncertainty(watts, meter);
    c.netRangeTermWatts = std::sqrt(2.0) * meter.notCommonShare * c.rangeTermWatts;
    return c;
}

Message describe(const RangeChoice &c, double watts)
{
    return Message(msg::kRangeChoice)
        .arg(c.volts, 0, 'g', 6)
        .arg(c.amps, 0, 'g', 6)
        .arg(c.powerRangeWatts, 0, 'g', 6)
        .arg(c.limitWatts, 0, 'g', 3)
        .arg(watts, 0, 'g', 4)
        .arg(c.rangeTermWatts, 0, 'g', 3)
        .arg(c.netRangeTermWatts, 0, 'g', 3);
}

RangeAdvice adviseRanges(const LoadPeaks &peaks, const RangeAdvisorInput &in)
{
    RangeAdvice advice;
    if (peaks.overRange > 0) {
        advice.problem = Message(msg::kProbeOverRange).arg(peaks.overRange);
        return advice;
    }
    if (peaks.readings == 0) {
        advice.problem = msg::kNoPeaks;
        return advice;
    }
    const double uPeak =
        std::isfinite(peaks.voltsPeak) ? peaks.voltsPeak : peaks.voltsRms * in.assumedCrestFactor;
    const double iPeak =
        std::isfinite(peaks.ampsPeak) ? peaks.ampsPeak : peaks.ampsRms * in.assumedCrestFactor;
    const double volts = smallest(in.voltageRanges, peaks.voltsRms, uPeak, in.crestFactor);
    const double amps = smallest(in.currentRanges, peaks.ampsRms, iPeak, in.crestFactor);
    const auto none = [&](const char *what, const std::vector<double> &ranges, double rms,
                          double peak, const char *unit) {
        const QString load = QStringLiteral("%1 %3 rms, %2 %3 peak")
                                 .arg(rms, 0, 'g', 4)
                                 .arg(peak, 0, 'g', 4)
                                 .arg(QLatin1String(unit));
        const QString largest =
            ranges.empty()
                ? QStringLiteral("-")
                : QStringLiteral("%1 %2").arg(ranges.back(), 0, 'g', 6).arg(QLatin1String(unit));
        return Message(msg::kNoRangeHolds).arg(in.model, QLatin1String(what), load, largest);
    };
    if (!std::isfinite(volts)) {
        advice.problem = none("U", in.voltageRanges, peaks.voltsRms, uPeak, "V");
        return advice;
    }
    if (!std::isfinite(amps)) {
        advice.problem = none("I", in.currentRanges, peaks.ampsRms, iPeak, "A");
        return advice;
    }
    advice.chosen = rangeChoice(volts, amps, peaks.watts, in.accuracy);
    advice.alternatives.push_back(*advice.chosen);
    if (const double a = next(in.currentRanges, amps); std::isfinite(a))
        advice.alternatives.push_back(rangeChoice(volts, a, peaks.watts, in.accuracy));
    if (const double v = next(in.voltageRanges, volts); std::isfinite(v))
        advice.alternatives.push_back(rangeChoice(v, amps, peaks.watts, in.accuracy));
    return advice;
}

} // namespace cipherwatt::core
