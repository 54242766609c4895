// Plausibility limits of WT300-family readings: the rule and its sources are in
// plausibility.h.

#include <cipherwatt/instruments/plausibility.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cipherwatt::instruments {

namespace {

constexpr double kOverRange = 1.4; // 140 % of the rated range (IM WT310E-02EN 1.5)

bool halvedRanges(CrestFactor cf)
{
    return cf == CrestFactor::Six || cf == CrestFactor::SixA;
}

// Crest factor 6A doubles the over-range limit (280 % instead of 140 %, 220 % instead of 110 %).
double crestScale(CrestFactor cf)
{
    return cf == CrestFactor::SixA ? 2.0 : 1.0;
}

double largest(const std::vector<double> &ranges, CrestFactor cf)
{
    if (ranges.empty())
        return 0.0;
    const double top = *std::max_element(ranges.begin(), ranges.end());
    return halvedRanges(cf) ? top / 2.0 : top;
}

bool same(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

RangeLimits limitsFor(const ModelInfo &model, CrestFactor cf, const Range &voltage,
                      const Range &current)
{
    RangeLimits l;
    const double u = voltage.automatic ? largest(model.voltageRanges, cf) : voltage.value;
    l.volts = kOverRange * crestScale(cf) * u;

    const double top = largest(model.currentRanges, cf);
    const double i = current.automatic ? top : current.value;
    // The reduced limit of the WT310HC/EH's largest range is stated for crest factor 3 (40 A)
    // and 6A (20 A, 220 %); for crest factor 6 the wider 140 % is kept (plausibility.h).
    const bool reducedTop = same(i, top) && cf != CrestFactor::Six;
    const double factor = reducedTop ? model.topCurrentOverRange : kOverRange;
    l.amps = factor * crestScale(cf) * i;
    return l;
}

} // namespace

RangeLimits rangeLimits(const ModelInfo &model, CrestFactor crestFactor, const Range &voltage,
                        const Range &current)
{
    if (crestFactor != CrestFactor::Unknown)
        return limitsFor(model, crestFactor, voltage, current);
    // Unknown: the widest of what each crest factor allows.
    RangeLimits widest;
    for (const CrestFactor cf : {CrestFactor::Three, CrestFactor::Six, CrestFactor::SixA}) {
        const RangeLimits l = limitsFor(model, cf, voltage, current);
        widest.volts = std::max(widest.volts, l.volts);
        widest.amps = std::max(widest.amps, l.amps);
    }
    return widest;
}

double plausibleLimit(const Item &item, const RangeLimits &limits, int elements)
{
    double limit = std::numeric_limits<double>::infinity();
    switch (item.function) {
    case Function::U:
        limit = limits.volts;
        break;
    case Function::I:
        limit = limits.amps;
        break;
    case Function::P:
    case Function::S:
    case Function::Q:
        limit = limits.volts * limits.amps;
        break;
    default:
        return limit;
    }
    return item.element == kSigma ? limit * std::max(1, elements) : limit;
}

} // namespace cipherwatt::instruments
