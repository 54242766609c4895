#pragma once

// The range advisor (issue 17): from the largest voltage and current a load showed (RMS and
// peak), the smallest fixed ranges of the meter that hold them with headroom, and the meter's
// accuracy each choice gives.
//
// The headroom rule, per quantity (U with the voltage ranges, I with the current ranges):
//
//   RMS:  X_rms <= 1.0 x R      (100 % of the range; the meter shows values to 140 % of a
//                                range before "over range", and auto-range steps up past
//                                130 %: the 30-40 % left are for load the probe did not see)
//   peak: X_pk  <= 0.9 x CF x R (the meter declares a peak over range past about CF x range,
//                                CF = 3, or 6 with crest factor 6 and 6A: 10 % below the
//                                manual's "approximately")
//
// Sources: IM WT310E-01EN section 2.3 ("Auto Range": up past 130 % RMS or about 300 % / 600 %
// peak), IM WT310E-02EN section 1.5 (over range past 140 %, 280 % with crest factor 6A;
// plausibility.h). Without a peak reading, the peak is taken as the RMS value times
// `assumedCrestFactor` (2.5 by default: a switched-mode supply's current; a sine has √2).
//
// Each choice is shown with the meter's accuracy at the expected power, from the model's
// specification for the mode (meter.h, powerAccuracyFor) through meterUncertainty().

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/instruments/message.h>
#include <cipherwatt/instruments/meter.h>

#include <limits>
#include <optional>
#include <vector>

namespace cipherwatt::core {

inline constexpr double kRangeRmsHeadroom = 1.0;  // of the range
inline constexpr double kRangePeakHeadroom = 0.9; // of CF x range

struct LoadPeaks
{
    double voltsRms = 0.0; // the largest of the readings
    double ampsRms = 0.0;
    double voltsPeak = std::numeric_limits<double>::quiet_NaN(); // |U+pk| max, NaN: not read
    double ampsPeak = std::numeric_limits<double>::quiet_NaN();
    double watts = 0.0; // the power the accuracy is shown at (the largest P seen)
    int readings = 0;   // valid updates these come from
    int overRange = 0;  // updates over range: the load is not known, no advice is given

    // Takes one update's readings (NaN where an item was not read or not valid).
    void add(double u, double i, double uPeak, double iPeak, double p);
    void addOverRange() { ++overRange; }
};

struct RangeChoice
{
    double volts = 0.0;
    double amps = 0.0;
    double powerRangeWatts = 0.0;
    double limitWatts = 0.0;               // the accuracy limit ±(reading + range) at `watts`
    double rangeTermWatts = 0.0;           // its range part, ±ofRange x power range
    double standardUncertaintyWatts = 0.0; // meterUncertainty() at `watts`
    // What of the range term stays in a net power (run minus idle) measured on these fixed
    // ranges under the correlated model: √2 x notCommonShare x the range term (a limit, as
    // the others; the budget divides it by √3).
    double netRangeTermWatts = 0.0;
};

struct RangeAdvice
{
    std::optional<RangeChoice> chosen; // unset: no range holds the load (see `problem`)
    // The chosen ranges and the next larger voltage and current ranges, for comparison.
    std::vector<RangeChoice> alternatives;
    instruments::Message problem;
};

struct RangeAdvisorInput
{
    std::vector<double> voltageRanges; // of the model, at the crest factor in force, ascending
    std::vector<double> currentRanges;
    QString model;                       // for messages
    double crestFactor = 3.0;            // 3, or 6 with crest factor 6 and 6A
    double assumedCrestFactor = 2.5;     // when the peak was not read
    instruments::PowerAccuracy accuracy; // for the mode measured in (powerAccuracyFor)
};

RangeAdvice adviseRanges(const LoadPeaks &peaks, const RangeAdvisorInput &input);

// The accuracy of one pair of ranges at `watts`.
RangeChoice rangeChoice(double volts, double amps, double watts,
                        const instruments::PowerAccuracy &accuracy);

// "300 V × 0.5 A (power range 150 W): the meter's limit ±… W at … W, of which the range term
// ±… W".
instruments::Message describe(const RangeChoice &choice, double watts);

} // namespace cipherwatt::core
