#pragma once

// Repeats and comparisons (docs/method.md, "Repeats: the mean and its interval" and "Comparing
// two results"). Pure functions over numbers, checked against hand-computed cases in
// tests/core/test_repeats.cpp.
//
// The mean of the valid repeats: the repeats' scatter is a type A term s/√n with n − 1 degrees
// of freedom; every other term of a repeat's budget is taken as common to all repeats of the
// session (the meter's terms, on the same meter and ranges; the idle terms, exactly so when the
// repeats share the baseline) and does not average down. u² = s²/n + u_common², with Welch-
// Satterthwaite degrees of freedom and Student's t. One valid repeat: its own interval.
//
// Two results: the difference b − a and the ratio b/a, with the meter's gain (reading) term
// correlated (r = 1, GUM 5.2.2) when both sessions used the same meter on the same mode and
// fixed ranges; independent otherwise.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/records.h>
#include <cipherwatt/instruments/message.h>

#include <limits>
#include <vector>

namespace cipherwatt::core {

// The mean over repeats with its 95 % interval.
struct MeanInterval
{
    int count = 0; // valid repeats with a value
    double mean = std::numeric_limits<double>::quiet_NaN();
    double low = std::numeric_limits<double>::quiet_NaN(); // 95 %
    double high = std::numeric_limits<double>::quiet_NaN();
    double u = std::numeric_limits<double>::quiet_NaN(); // combined standard uncertainty
    // The type A term: s/√n over the repeats (n ≥ 2); with one repeat, that run's own type A
    // term of its mean (run_mean), its only measure of how repeats scatter.
    double uRepeats = std::numeric_limits<double>::quiet_NaN();
    // The terms common to every repeat (√(u² − uRepeats²)), of which the meter's gain: the
    // reading term a_rdg/√3 × |mean| (0 when the budget has none: the conservative model).
    double uCommon = std::numeric_limits<double>::quiet_NaN();
    double uGain = 0.0;
    double dof = std::numeric_limits<double>::infinity();       // Welch-Satterthwaite
    double coverage = std::numeric_limits<double>::quiet_NaN(); // k for 95 %
};

// One repeat of a quantity, as meanOfRepeats() takes it.
struct RepeatValue
{
    double value = std::numeric_limits<double>::quiet_NaN();
    double low = std::numeric_limits<double>::quiet_NaN(); // the repeat's own 95 % interval
    double high = std::numeric_limits<double>::quiet_NaN();
    // The budget of the repeat's net power and the factor from net power to this quantity
    // (t / bytes for energy per byte; 1 for the power). Without a budget (a charge, whose
    // current budget is not stored; a session stored before budgets), the repeat's whole
    // standard uncertainty, half its interval / 1.96 (an upper bound: k ≥ 1.96), is common.
    const UncertaintyBudget *budget = nullptr;
    double scale = 1.0;
};

MeanInterval meanOfRepeats(const std::vector<RepeatValue> &repeats);

// b against a, both means over repeats.
struct MeanComparison
{
    double difference = std::numeric_limits<double>::quiet_NaN(); // b − a
    double differenceLow = std::numeric_limits<double>::quiet_NaN();
    double differenceHigh = std::numeric_limits<double>::quiet_NaN();
    double differenceU = std::numeric_limits<double>::quiet_NaN();
    // b / a; NaN when a's interval includes 0 (the ratio has no finite interval then).
    double ratio = std::numeric_limits<double>::quiet_NaN();
    double ratioLow = std::numeric_limits<double>::quiet_NaN();
    double ratioHigh = std::numeric_limits<double>::quiet_NaN();
    double ratioU = std::numeric_limits<double>::quiet_NaN();
    bool correlated = false; // the meter's gain term taken as common to a and b
    // The difference's interval excludes 0 / the ratio's excludes 1 (false when not known).
    bool differenceSignificant = false;
    bool ratioSignificant = false;
    bool valid() const; // both means known
    bool hasRatio() const;
    // Both intervals exclude "no change": the difference's 0 and (when it has one) the ratio's 1.
    bool significant() const;
};

// "significant" / "not significant", for a comparison that is valid().
instruments::Message significanceText(const MeanComparison &comparison);

MeanComparison compareMeans(const MeanInterval &a, const MeanInterval &b, bool sameMeter);

// Both sessions measured with the same meter (same non-empty serial and model) on the same
// mode and the same fixed (not automatic) voltage and current ranges.
bool sameMeterSetup(const MeterSetup &a, const MeterSetup &b);

} // namespace cipherwatt::core
