#pragma once

// The analysis of a session (definitions: DESIGN.md, "Analysis"). Pure functions over numbers,
// so that every result can be checked against a hand-computed case.
//
// Uncertainty model (95 % intervals; docs/method.md states it in full, with a worked example):
//   - Type A: the standard error of the mean power of the run and of the idle level, with the
//     number of samples reduced for lag-1 autocorrelation (n_eff = n (1 - r) / (1 + r), r > 0),
//     as neighbouring 100 ms averages of a real machine are not independent. The idle level is
//     the baseline's, or interpolated in time between the idle windows before and after the run
//     (with an allowance for the interpolation itself).
//   - Type B, the meter's accuracy limits ±(a_reading |P| + a_range P_range), rectangular
//     (u = limit / √3). Correlated model (default): run and idle are read by the same meter on
//     the same fixed range, so the range term's offset is common and cancels in P_run - P_idle
//     (GUM 5.2, r = 1); the reading term is a common gain and applies to P_net; a stated share of
//     the range term (MeterAccuracy::notCommonShare) is taken as not common, independently for
//     the two windows. Conservative model, or ranges not fixed: each window's whole limit,
//     independently.
//   - Combined in quadrature; the coverage factor is Student's t at 97.5 % for the
//     Welch-Satterthwaite degrees of freedom (type B terms count as infinitely many).
//   - Energy per byte and per operation scale P_net by exact quantities (the run's wall time,
//     bytes and operations), so they carry the same relative interval.

#include <cipherwatt/instruments/message.h>

#include <QList>
#include <QString>

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace cipherwatt::core {

// One meter update as the analysis sees it: the power of the DUT's element over the interval
// (tSeconds - intervalSeconds, tSeconds], in session time.
struct PowerSample
{
    double tSeconds = 0.0;
    double intervalSeconds = 0.1;
    double watts = 0.0;
    bool valid = true;      // false: no data, over range
    bool duplicate = false; // the same update read twice: not a new measurement
    // The meter declared the update over range (an item, an EESR over-range or peak-over bit):
    // analysis_ranges.h.
    bool overRange = false;
    std::uint32_t missedBefore = 0;
    double wattHours = std::numeric_limits<double>::quiet_NaN(); // the integrator, if read
    double amps = std::numeric_limits<double>::quiet_NaN();      // the current, if read
    // The ranges in force over the update (URANge, IRANge), if read: analysis_ranges.h.
    double voltageRange = std::numeric_limits<double>::quiet_NaN(); // V
    double currentRange = std::numeric_limits<double>::quiet_NaN(); // A
};

// How the meter's accuracy enters a difference of two readings (see the top of this file).
enum class UncertaintyModel : std::uint8_t { Correlated, Conservative };
QString uncertaintyModelName(UncertaintyModel model); // "correlated", "conservative"
std::optional<UncertaintyModel> uncertaintyModelFromName(const QString &name);

// The share of the range term taken as not common to two windows on the same range: the
// specification's own figure for how far the range error moves after zero-level compensation
// is 0.02 % of range per °C (DC voltage, IM WT310-02EN 7.3), a tenth of the DC range term per
// degree; 25 % allows 2.5 °C between windows, and the meter's linearity between the two levels.
inline constexpr double kNotCommonShare = 0.25;

struct MeterAccuracy
{
    double ofReading = 0.001;   // fraction of the reading
    double ofRange = 0.002;     // fraction of the power range
    double powerRangeWatts = 0; // voltage range x current range
    // The current range, for charge: the WT300 family states its DC current accuracy in the
    // same form and figures as its DC power accuracy (fractions of reading and of range).
    double currentRangeAmps = 0;
    UncertaintyModel model = UncertaintyModel::Correlated;
    double notCommonShare = kNotCommonShare;
    // Both ranges fixed for the whole session: false when auto-range was on, and then no part
    // of the range term is common to two windows.
    bool rangesFixed = true;
    // False for a power source on the DUT as the meter (RAPL, a fuel gauge, hwmon), whose maker
    // specifies no accuracy: a budget then has no meter terms, only the statistical ones.
    bool specified = true;
};

// Standard uncertainty (1 sigma) the meter's accuracy limits give a mean power `watts`.
double meterUncertainty(double watts, const MeterAccuracy &accuracy);

// Student's t quantile for a two-sided 95 % interval with `dof` degrees of freedom (exact
// table values for 1..4, the Cornish-Fisher expansion above; 1.959964 for infinity).
double studentT95(double dof);

struct MeanStats
{
    int count = 0;     // samples used
    double mean = 0.0; // W
    double sd = 0.0;   // W, sample standard deviation
    double lag1 = 0.0; // lag-1 autocorrelation of the samples used
    double effectiveCount = 0.0;
    double standardError = 0.0; // W
};
MeanStats meanStats(const std::vector<double> &watts);

// A value with its standard uncertainty and effective degrees of freedom.
struct UncertainValue
{
    double value = std::numeric_limits<double>::quiet_NaN();
    double u = std::numeric_limits<double>::quiet_NaN();
    double dof = std::numeric_limits<double>::infinity();
};
UncertainValue meanValue(const MeanStats &stats); // the mean, its standard error, n_eff - 1

// The terms of an uncertainty budget of a net value (run − idle); every sensitivity is 1.
enum class BudgetTerm : std::uint8_t {
    RunMean,             // A: the run's mean
    IdleMean,            // A: the idle level (one window, or two interpolated)
    IdleInterpolation,   // B: the interpolation between two idle windows
    MeterReading,        // B: the reading term, a common gain, on the net value
    MeterRangeNotCommon, // B: the range term's share not common to the two windows
    MeterAtRun,          // B: the whole limit at the run's level (not correlated)
    MeterAtIdle,         // B: the whole limit at the idle level (not correlated)
};
QString budgetTermKey(BudgetTerm term); // as stored: "run_mean", "idle_mean", ...
std::optional<BudgetTerm> budgetTermFromKey(const QString &key);
bool isTypeA(BudgetTerm term);
instruments::Message budgetTermTitle(BudgetTerm term); // "run mean (type A)", ...

struct BudgetComponent
{
    BudgetTerm term = BudgetTerm::RunMean;
    double u = 0.0;                                       // standard uncertainty (W or A)
    double dof = std::numeric_limits<double>::infinity(); // type B: infinite
};

struct UncertaintyBudget
{
    UncertaintyModel model = UncertaintyModel::Correlated;
    std::vector<BudgetComponent> components;
    double u = std::numeric_limits<double>::quiet_NaN();        // combined
    double dof = std::numeric_limits<double>::infinity();       // Welch-Satterthwaite
    double coverage = std::numeric_limits<double>::quiet_NaN(); // k for 95 %
    double component(BudgetTerm term) const;                    // its u, 0 when absent
    bool empty() const { return components.empty(); }
};

// How the idle level under a run was obtained.
enum class IdleSource : std::uint8_t {
    Baseline,     // the baseline before the runs, the only idle window
    Interpolated, // between the nearest idle windows before and after the run
    Before,       // the nearest idle window before the run (none after it)
    After,        // the nearest idle window after the run (none before it)
};
QString idleSourceName(IdleSource source); // "baseline", "interpolated", "before", "after"
std::optional<IdleSource> idleSourceFromName(const QString &name);
instruments::Message idleSourceText(IdleSource source); // "the baseline before the runs", ...
instruments::Message uncertaintyModelText(UncertaintyModel model);

struct BaselineResult
{
    MeanStats stats;
    MeanStats current;               // A, over the same updates (those with a current reading)
    int excluded = 0;                // samples in the span not used (invalid, duplicates)
    double seconds = 0.0;            // span covered
    double driftWattsPerHour = 0.0;  // least-squares slope
    double driftStandardError = 0.0; // of the slope, W/h
    double driftWatts = 0.0;         // slope x span
    // The trend is significant (|slope| beyond its 95 % interval's half-width) and |drift|
    // over the span exceeds the threshold: noise alone does not make a baseline drift.
    bool drifting = false;
};

// The samples whose whole interval lies in [start, end] (session seconds).
BaselineResult analyseBaseline(const std::vector<PowerSample> &samples, double start, double end,
                               double driftThreshold);

// An idle window of the session: the baseline before the runs, an idle window between runs, the
// post-baseline. Listed in time order.
struct IdleWindow
{
    double startSeconds = 0.0;
    double endSeconds = 0.0;
    BaselineResult result;
};

// The idle level under a run: power and (where read) current, with their uncertainties.
struct IdleLevel
{
    IdleSource source = IdleSource::Baseline;
    UncertainValue power;   // W
    UncertainValue current; // A; NaN when no window read it
    // The interpolation's own allowance (standard uncertainty), zero unless interpolated: the
    // level may move between the windows along any monotonic path, so it is taken as
    // rectangular over the change between them: |ΔP| / √12.
    double interpolationWatts = 0.0;
    double interpolationAmps = 0.0;
    int before = -1; // the windows used (indices), -1: none
    int after = -1;
};

// The idle level of one window alone (source Baseline).
IdleLevel idleLevelOf(const BaselineResult &baseline);
// The idle level under a run whose loop spans [runStart, runEnd]: interpolated linearly in time
// (between the windows' centres) from the nearest windows with samples that end before the run
// starts and start after it ends; one side alone when the other has none.
IdleLevel idleLevelAt(const std::vector<IdleWindow> &windows, double runStart, double runEnd);

struct RunInput
{
    double windowStart = 0.0; // session seconds: the worker's measured loop
    double windowEnd = 0.0;
    double seconds = 0.0; // the loop's wall time as the worker measured it
    std::uint64_t bytes = 0;
    std::uint64_t operations = 0; // iterations (buffers processed, or key operations)
    std::uint64_t cycles = 0;
    QString counter;
    bool cyclesReal = true; // false: the counter's ticks are not core cycles (an emulated board)
    double updateSeconds = 0.1;
    // The ranges the session set (V, A; NaN: not fixed), and whether the meter was left on
    // auto-range by the operator's choice (analysis_ranges.h).
    double voltageRange = std::numeric_limits<double>::quiet_NaN();
    double currentRange = std::numeric_limits<double>::quiet_NaN();
    bool autoRange = false;
};

// A secondary power source's view of one run (a RAPL zone, a fuel gauge, a hwmon input read on
// the DUT): the same difference run − idle over its own readings, against idle windows taken
// at the same times as the meter's, and the cross-check against the primary meter. Their makers
// do not specify these sensors' accuracy: the intervals carry the statistical part only (type
// A, with the same autocorrelation allowance as the meter's), never a type B term.
struct SourceRunResult
{
    QString resource; // as the worker resolved it: "rapl:package-0"
    int count = 0;    // readings wholly inside the run
    int excludedBoundary = 0;
    double runWatts = std::numeric_limits<double>::quiet_NaN();
    double idleWatts = std::numeric_limits<double>::quiet_NaN();
    double netWatts = std::numeric_limits<double>::quiet_NaN();
    double netUncertainty = std::numeric_limits<double>::quiet_NaN(); // standard, W
    double netDof = std::numeric_limits<double>::infinity();
    double netLow = std::numeric_limits<double>::quiet_NaN(); // 95 %
    double netHigh = std::numeric_limits<double>::quiet_NaN();
    double energyPerByteNj = std::numeric_limits<double>::quiet_NaN();
    double energyPerByteNjLow = std::numeric_limits<double>::quiet_NaN();
    double energyPerByteNjHigh = std::numeric_limits<double>::quiet_NaN();
    // The cross-check: this source's net power ÷ the primary meter's, with its 95 % interval
    // (first-order propagation of both relative standard uncertainties, taken as independent;
    // Welch-Satterthwaite degrees of freedom). NaN when either net power's interval reaches
    // zero: a ratio to a value that may be zero has no interval.
    double ratio = std::numeric_limits<double>::quiet_NaN();
    double ratioLow = std::numeric_limits<double>::quiet_NaN();
    double ratioHigh = std::numeric_limits<double>::quiet_NaN();
    QList<instruments::Message> flags; // "short run", "no readings", ...
};

struct RunResult
{
    MeanStats run;
    int excludedBoundary = 0; // samples only partly inside the loop
    int excludedInvalid = 0;  // no data, over range
    int excludedDuplicates = 0;
    // Updates missed inside the loop: gaps between received updates, and whole update
    // intervals missing at the loop's start and end (none within 0.2 intervals of an edge).
    std::uint32_t missed = 0;
    double netWatts = 0.0;
    double netUncertainty = 0.0; // combined standard uncertainty, W
    double coverage = 0.0;       // k for 95 %
    UncertaintyBudget budget;    // of the net power, term by term (empty: stored before it)
    IdleSource idleSource = IdleSource::Baseline;
    double idleWatts = std::numeric_limits<double>::quiet_NaN(); // the idle level used
    double netLow = 0.0;
    double netHigh = 0.0;
    double energyJoules = 0.0;
    double energyPerByteNj = 0.0;
    double energyPerByteNjLow = 0.0;
    double energyPerByteNjHigh = 0.0;
    double energyPerOperationUj = 0.0;
    double energyPerOperationUjLow = 0.0;
    double energyPerOperationUjHigh = 0.0;
    // The same difference for the current, when the meter read it (NaN otherwise): the charge
    // one operation costs, as a microcontroller's papers give it (µC = µA·s).
    double netAmps = std::numeric_limits<double>::quiet_NaN();
    double netAmpsLow = std::numeric_limits<double>::quiet_NaN();
    double netAmpsHigh = std::numeric_limits<double>::quiet_NaN();
    double chargePerOperationUc = std::numeric_limits<double>::quiet_NaN();
    double chargePerOperationUcLow = std::numeric_limits<double>::quiet_NaN();
    double chargePerOperationUcHigh = std::numeric_limits<double>::quiet_NaN();
    double throughputBytesPerSecond = 0.0;
    double cyclesPerByte = 0.0;
    QString counter;
    bool integratorRead = false;
    double integratorWh = 0.0; // the meter's WH over the samples used
    double samplesWh = 0.0;    // the sum of P x interval over the same samples
    // "short run", "over range", "gaps", "integrator disagrees", ...
    QList<instruments::Message> flags;
    // A range change or an over-range reading inside the run (analysis_ranges.h): the run is
    // shown with its flags but left out of the medians and spreads over repeats.
    bool invalid = false;
    // The measuring program's own CPU use over the run's phase (cores; NaN: not measured):
    // on a DUT that is this computer it is part of what the meter sees (runner_program.cpp).
    double programCores = std::numeric_limits<double>::quiet_NaN();
    // What each secondary power source of the session saw of the run, in the session's order.
    std::vector<SourceRunResult> sources;
};

// P_net = P_run - P_idle and what follows from it, for one run.
RunResult analyseRun(const RunInput &input, const std::vector<PowerSample> &samples,
                     const IdleLevel &idle, const MeterAccuracy &accuracy, int minUpdates);
// The same against one baseline (idleLevelOf(baseline)).
RunResult analyseRun(const RunInput &input, const std::vector<PowerSample> &samples,
                     const BaselineResult &baseline, const MeterAccuracy &accuracy, int minUpdates);

// The budget of run − idle for one quantity (power, or current with the current range):
// `range` is the range in the quantity's unit.
UncertaintyBudget differenceBudget(const MeanStats &run, const UncertainValue &idle,
                                   double interpolation, const MeterAccuracy &accuracy,
                                   double range);

// A secondary source's view of a run: `readings` its readings in session time (a reading is the
// mean over (t − intervalSeconds, t], or with interval 0 the sensor's value at t), `idle` its
// idle level from the same idle windows as the meter's, `primary` the meter's result for the
// run. `input.updateSeconds` is the source's own reading interval (a fuel gauge's refresh
// period), for missed readings; fewer than `minReadings` inside the run is flagged.
SourceRunResult analyseSourceRun(const QString &resource, const RunInput &input,
                                 const std::vector<PowerSample> &readings, const IdleLevel &idle,
                                 int minReadings, const RunResult &primary);

// secondary ÷ primary for two net values with standard uncertainties and degrees of freedom
// (SourceRunResult::ratio): {ratio, low, high}, NaN when either 95 % interval reaches zero.
struct RatioInterval
{
    double value = std::numeric_limits<double>::quiet_NaN();
    double low = std::numeric_limits<double>::quiet_NaN();
    double high = std::numeric_limits<double>::quiet_NaN();
};
RatioInterval netRatio(const UncertainValue &secondary, const UncertainValue &primary);

// Median and range over repeats of the same (cipher, backend, operation, buffer).
struct Spread
{
    int count = 0;
    double median = 0.0;
    double min = 0.0;
    double max = 0.0;
};
Spread spreadOf(std::vector<double> values);

} // namespace cipherwatt::core
