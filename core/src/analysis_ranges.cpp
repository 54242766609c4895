#include "messages.h"
#include "numbers.h"

#include <cipherwatt/core/analysis_ranges.h>

#include <algorithm>
#include <cmath>

namespace cipherwatt::core {

namespace {

// Two range readings differ: both known and more than float32's resolution apart (FLOAT
// data carries 24 bits of mantissa).
bool differ(double a, double b)
{
    return std::isfinite(a) && std::isfinite(b) &&
           std::fabs(a - b) > 1e-6 * std::max(std::fabs(a), std::fabs(b));
}

QString rangesText(double volts, double amps)
{
    const auto one = [](double v, const char *unit) {
        return std::isfinite(v) ? QStringLiteral("%1 %2").arg(v, 0, 'g', 6).arg(QLatin1String(unit))
                                : QStringLiteral("? %1").arg(QLatin1String(unit));
    };
    return one(volts, "V") + QStringLiteral(" × ") + one(amps, "A");
}

} // namespace

void checkRanges(const RunInput &in, const std::vector<PowerSample> &samples, RunResult &r)
{
    if (in.autoRange)
        r.flags << Message(msg::kAutoRangeRun);
    double volts = in.voltageRange;
    double amps = in.currentRange;
    bool changed = false;
    double fromVolts = volts;
    double fromAmps = amps;
    int overRange = 0;
    for (const PowerSample &s : samples) {
        if (!inside(s, in.windowStart, in.windowEnd))
            continue;
        if (s.overRange)
            ++overRange;
        if (!changed && (differ(volts, s.voltageRange) || differ(amps, s.currentRange))) {
            changed = true;
            fromVolts = std::isfinite(volts) ? volts : s.voltageRange;
            fromAmps = std::isfinite(amps) ? amps : s.currentRange;
            volts = std::isfinite(s.voltageRange) ? s.voltageRange : volts;
            amps = std::isfinite(s.currentRange) ? s.currentRange : amps;
            continue;
        }
        if (!std::isfinite(volts))
            volts = s.voltageRange;
        if (!std::isfinite(amps))
            amps = s.currentRange;
    }
    if (changed) {
        r.flags << Message(msg::kRangeChangedRun)
                       .arg(rangesText(fromVolts, fromAmps), rangesText(volts, amps));
        r.invalid = true;
    }
    if (overRange > 0) {
        r.flags << Message(msg::kOverRangeRun).arg(overRange);
        r.invalid = true;
    }
}

} // namespace cipherwatt::core
