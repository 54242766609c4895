#pragma once

// Which finite readings a WT300-family meter can show, so that one it cannot is refused
// (ValueState::Implausible) like NaN and Inf.
//
// The rule, from the WT310E/WT332E/WT333E user's manual (IM WT310E-02EN section 1.5, "Auto
// Range, Overrange, and Error Indications"; IM WT310-02EN section 1.5 says the same for the
// WT300 series): a voltage or current is over range, and the meter shows "-OL-" (INF over the
// interface) instead of a number, when it exceeds 140 % of its rated range — 280 % with crest
// factor 6A, and for the largest current range of the WT310HC/WT310EH (40 A) 110 % (220 % with
// 6A). With auto-range the largest range of the model counts. So, per element:
//
//   |U| <= kU x U range,  |I| <= kI x I range,  |P|, |S|, |Q| <= (kU x U range) x (kI x I range)
//
// with kU, kI = 1.4 (2.8 with crest factor 6A; kI = 1.1 / 2.2 on that 40 A range), and the Σ
// items of U, I, P, S and Q allowed the number of elements times as much (a sum over elements
// is at most that; an average less). Crest factor 6 and 6A halve every range of the crest
// factor 3 tables (the current ranges in IM WT310E-01EN page 2-7; the voltage ranges 7.5 ...
// 300 V in reference wt300.md section 4), which only matters for the largest range an
// auto-range meter may be on. When the crest factor is not known, the widest limit any crest
// factor gives is used, so that a legitimate reading is never refused.
//
// The manual is ambiguous for the WT310EH's largest range with crest factor 6 (20 A): "110 %
// when the crest factor is set to 3 or 6" is written for the 40 A range, which crest factor 6
// does not have; 140 % (28 A) is used there, the wider of the two readings.
//
// Only U, I, P, S and Q (of an element or Σ) are checked: the manual states no limit for
// power factor, phase, frequency, peaks or integrated values, and a limit guessed for them
// could refuse a real reading.

#include <cipherwatt/instruments/measurement.h>
#include <cipherwatt/instruments/meter.h>

namespace cipherwatt::instruments {

// The largest |U| and |I| of one element the meter shows before it declares over range, with
// the ranges and the crest factor it reports. `voltage` and `current` are the ranges as read
// back (a value and whether auto-range is on).
struct RangeLimits
{
    double volts = 0.0;
    double amps = 0.0;
};
RangeLimits rangeLimits(const ModelInfo &model, CrestFactor crestFactor, const Range &voltage,
                        const Range &current);

// The largest |value| `item` can have with these limits (Σ items: times the model's number of
// elements), or +infinity for a function that is not checked.
double plausibleLimit(const Item &item, const RangeLimits &limits, int elements);

} // namespace cipherwatt::instruments
