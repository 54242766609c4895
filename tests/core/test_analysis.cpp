// The analysis against hand-computed cases. Every expected number below was worked out by hand
// (the arithmetic is in the comments), and Student's t quantiles come from any t table.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/records_json.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <power_series.h>

using namespace cipherwatt::core;
using cipherwatt::instruments::englishTexts;
using cipherwatt::test::updates;

namespace {

MeterAccuracy wt332At300V500mA()
{
    // WT332 DC power: ±(0.1 % of reading + 0.2 % of range); range 300 V x 0.5 A = 150 W. The
    // conservative model (each window's whole limit): the correlated one is in test_budget.cpp.
    MeterAccuracy a{0.001, 0.002, 150.0};
    a.model = UncertaintyModel::Conservative;
    return a;
}

} // namespace

TEST_CASE("Student's t for 95 % matches the table", "[analysis]")
{
    CHECK(studentT95(1) == Approx(12.706).margin(0.001));
    CHECK(studentT95(2) == Approx(4.303).margin(0.001));
    CHECK(studentT95(3) == Approx(3.182).margin(0.001));
    CHECK(studentT95(4) == Approx(2.776).margin(0.001));
    CHECK(studentT95(5) == Approx(2.571).margin(0.001));
    CHECK(studentT95(10) == Approx(2.228).margin(0.001));
    CHECK(studentT95(20) == Approx(2.086).margin(0.001));
    CHECK(studentT95(30) == Approx(2.042).margin(0.001));
    CHECK(studentT95(120) == Approx(1.980).margin(0.001));
    CHECK(studentT95(std::numeric_limits<double>::infinity()) == Approx(1.960).margin(0.001));
    // Between table rows it moves monotonically.
    CHECK(studentT95(2.5) < studentT95(2));
    CHECK(studentT95(2.5) > studentT95(3));
}

TEST_CASE("mean statistics with lag-1 autocorrelation", "[analysis]")
{
    // 1, 2, 3, 4: mean 2.5; squares of deviations 2.25 + 0.25 + 0.25 + 2.25 = 5, sd = √(5/3) =
    // 1.290994; lag-1: (0.75 - 0.25 + 0.75) / 5 = 0.25; n_eff = 4 x 0.75 / 1.25 = 2.4;
    // standard error 1.290994 / √2.4 = 0.833333.
    const MeanStats trend = meanStats({1, 2, 3, 4});
    CHECK(trend.count == 4);
    CHECK(trend.mean == Approx(2.5));
    CHECK(trend.sd == Approx(1.290994));
    CHECK(trend.lag1 == Approx(0.25));
    CHECK(trend.effectiveCount == Approx(2.4));
    CHECK(trend.standardError == Approx(0.833333));
    // 1, 3, 1, 3: negative autocorrelation does not inflate n (n_eff = n).
    const MeanStats alternating = meanStats({1, 3, 1, 3});
    CHECK(alternating.lag1 < 0);
    CHECK(alternating.effectiveCount == 4.0);
    CHECK(alternating.standardError == Approx(std::sqrt(4.0 / 3.0) / 2.0));
    CHECK(meanStats({5}).sd == 0.0);
    CHECK(std::isnan(meanStats({}).mean));
}

TEST_CASE("baseline: whole updates only, drift as a least-squares slope", "[analysis]")
{
    // 100 updates ending at 0.1 ... 10.0 s, P = 5 + 0.001 t: slope 0.001 W/s = 3.6 W/h.
    const auto samples = updates(0.1, 100, [](double t, int) { return 5.0 + 0.001 * t; });
    // Window [1.0, 5.0]: updates ending at 1.1 ... 5.0 lie wholly inside: 40 of them.
    const BaselineResult b = analyseBaseline(samples, 1.0, 5.0, 0.01);
    CHECK(b.stats.count == 40);
    CHECK(b.stats.mean == Approx(5.0 + 0.001 * (1.1 + 5.0) / 2));
    CHECK(b.driftWattsPerHour == Approx(3.6));
    // Over the 3.9 s between the first and last update: 3.6 W/h x 3.9 / 3600 h = 0.0039 W, below
    // 1 % of 5 W (and 5 mW): not drifting.
    CHECK(b.driftWatts == Approx(0.0039));
    CHECK_FALSE(b.drifting);

    // Ten times steeper over the whole 9.9 s span: 36 W/h x 9.9 s = 0.099 W > 0.05 W.
    const auto steep = updates(0.1, 100, [](double t, int) { return 5.0 + 0.01 * t; });
    const BaselineResult d = analyseBaseline(steep, 0.0, 10.0, 0.01);
    CHECK(d.driftWattsPerHour == Approx(36.0));
    CHECK(d.driftWatts == Approx(0.099));
    CHECK(d.drifting);

    // Noise is not drift: alternating ±0.1 W around 5 W has no significant slope, whatever
    // the fitted line says over a short span.
    const auto noisy = updates(0.1, 20, [](double, int i) { return i % 2 == 0 ? 4.9 : 5.1; });
    const BaselineResult n = analyseBaseline(noisy, 0.0, 2.0, 0.001);
    CHECK(n.driftStandardError > 0);
    CHECK_FALSE(n.drifting);

    // Invalid and duplicate updates are not used, and counted.
    auto flawed = updates(0.1, 20, [](double, int) { return 4.0; });
    flawed[3].valid = false;
    flawed[4].duplicate = true;
    const BaselineResult f = analyseBaseline(flawed, 0.0, 2.0, 0.01);
    CHECK(f.stats.count == 18);
    CHECK(f.excluded == 2);
}

TEST_CASE("run: net power, energy per byte and the 95 % interval by hand", "[analysis]")
{
    // Baseline: 50 updates of exactly 4.0 W (standard error 0).
    const auto idle = updates(0.1, 50, [](double, int) { return 4.0; });
    const BaselineResult baseline = analyseBaseline(idle, 0.0, 5.0, 0.01);
    REQUIRE(baseline.stats.count == 50);

    // The run's loop is [10.0, 20.05]: updates ending at 10.1 ... 20.0 are inside (100), the
    // one ending at 20.1 straddles the end. Values alternate 12.4 / 12.6, and an update
    // straddling the start (10.05) reads 8 W.
    std::vector<PowerSample> samples = idle;
    PowerSample straddle;
    straddle.tSeconds = 10.05;
    straddle.watts = 8.0;
    samples.push_back(straddle);
    for (const PowerSample &s :
         updates(10.1, 101, [](double, int i) { return i % 2 == 0 ? 12.4 : 12.6; }))
        samples.push_back(s);

    RunInput in;
    in.windowStart = 10.0;
    in.windowEnd = 20.05;
    in.seconds = 10.0;
    in.bytes = 10000ULL * 4096; // 10 000 buffers of 4096 B
    in.operations = 10000;
    in.cycles = 40960000ULL * 2; // 2 cycles per byte
    in.counter = QStringLiteral("tsc");

    const RunResult r = analyseRun(in, samples, baseline, wt332At300V500mA(), 100);
    CHECK(r.run.count == 100);
    CHECK(r.excludedBoundary == 2);
    CHECK(r.run.mean == Approx(12.5));
    // sd: every deviation is ±0.1, so √(100 x 0.01 / 99) = 0.100504; lag-1 is negative, so
    // n_eff = 100 and the standard error is 0.0100504.
    CHECK(r.run.sd == Approx(0.100504));
    CHECK(r.run.standardError == Approx(0.0100504));
    CHECK(r.netWatts == Approx(8.5));
    // Meter: (0.001 x 12.5 + 0.002 x 150) / √3 = 0.180422 and (0.001 x 4 + 0.3) / √3 =
    // 0.175514; u = √(0.0100504² + 0.180422² + 0.175514²) = √0.0634583 = 0.251909.
    CHECK(meterUncertainty(12.5, wt332At300V500mA()) == Approx(0.180422));
    CHECK(r.netUncertainty == Approx(0.251909).epsilon(1e-5));
    // Welch-Satterthwaite: ν = 0.0634583² / (0.0100504⁴ / 99) ≈ 3.9e7, so k = 1.960.
    CHECK(r.coverage == Approx(1.960).margin(0.001));
    CHECK(r.netLow == Approx(8.5 - 1.959964 * 0.251909).epsilon(1e-5));
    CHECK(r.netHigh == Approx(8.5 + 1.959964 * 0.251909).epsilon(1e-5));
    // E = 8.5 W x 10 s = 85 J; per byte 85 / 40 960 000 = 2.07520e-6 J = 2075.20 nJ; per
    // operation 85 / 10 000 = 8.5 mJ = 8500 µJ.
    CHECK(r.energyJoules == Approx(85.0));
    CHECK(r.energyPerByteNj == Approx(2075.195));
    CHECK(r.energyPerOperationUj == Approx(8500.0));
    CHECK(r.energyPerByteNjLow == Approx(2075.195 * r.netLow / 8.5));
    CHECK(r.throughputBytesPerSecond == Approx(4096000.0));
    CHECK(r.cyclesPerByte == Approx(2.0));
    CHECK(r.flags.isEmpty());

    // The same run judged against 150 required updates is flagged as short.
    const RunResult shortRun = analyseRun(in, samples, baseline, wt332At300V500mA(), 150);
    REQUIRE(shortRun.flags.size() == 1);
    CHECK(shortRun.flags[0].english().startsWith(QStringLiteral("short run: 100 updates")));
}

TEST_CASE("run: a net power within the meter's range error is flagged as not resolved",
          "[analysis]")
{
    // A microcontroller at 3.3 V: 15 mA idle (49.5 mW), 25 mA running (82.5 mW), so 33 mW
    // net, on the WT332's 150 W range, whose range term alone is 0.2 % x 150 W = ±0.3 W.
    const auto idle = updates(0.1, 50, [](double, int) { return 0.0495; });
    const BaselineResult baseline = analyseBaseline(idle, 0.0, 5.0, 0.01);
    std::vector<PowerSample> samples = idle;
    for (const PowerSample &s : updates(10.1, 100, [](double, int) { return 0.0825; }))
        samples.push_back(s);
    RunInput in;
    in.windowStart = 10.0;
    in.windowEnd = 20.0;
    in.seconds = 10.0;
    in.bytes = 1000ULL * 20;
    in.operations = 1000;
    const RunResult r = analyseRun(in, samples, baseline, wt332At300V500mA(), 100);
    CHECK(r.netWatts == Approx(0.033));
    const QStringList flags = englishTexts(r.flags);
    CHECK(flags.contains(QStringLiteral(
        "the meter cannot resolve this: the net power (0.033 W) is within the error its range "
        "alone allows (±0.3 W on the 150 W power range); use a lower current range")));
    CHECK(flags.contains(QStringLiteral("net power not distinguishable from idle")));

    // The same on a 15 V x 0.05 A = 0.75 W range: 0.2 % of it is ±0.0015 W, resolved.
    const RunResult low = analyseRun(in, samples, baseline, MeterAccuracy{0.001, 0.002, 0.75}, 100);
    for (const QString &f : englishTexts(low.flags))
        CHECK_FALSE(f.startsWith(QStringLiteral("the meter cannot resolve")));
}

TEST_CASE("run: charge per operation from the current, with its 95 % interval by hand",
          "[analysis]")
{
    // A microcontroller on a 3.3 V DC supply through the WT332's 15 V x 0.05 A range: 15 mA
    // idle (50 updates, exactly), a run whose current alternates 24.9 / 25.1 mA (100 updates).
    const auto withCurrent = [](double first, int count, auto amps) {
        std::vector<PowerSample> out =
            updates(first, count, [&](double t, int i) { return 3.3 * amps(t, i); });
        for (std::size_t i = 0; i < out.size(); ++i)
            out[i].amps = amps(out[i].tSeconds, static_cast<int>(i));
        return out;
    };
    const auto idle = withCurrent(0.1, 50, [](double, int) { return 0.015; });
    const BaselineResult baseline = analyseBaseline(idle, 0.0, 5.0, 0.01);
    REQUIRE(baseline.current.count == 50);
    CHECK(baseline.current.mean == Approx(0.015));
    std::vector<PowerSample> samples = idle;
    for (const PowerSample &s :
         withCurrent(10.1, 100, [](double, int i) { return i % 2 == 0 ? 0.0249 : 0.0251; }))
        samples.push_back(s);
    RunInput in;
    in.windowStart = 10.0;
    in.windowEnd = 20.05;
    in.seconds = 10.0;
    in.bytes = 1000ULL * 16;
    in.operations = 1000;
    // 0.1 % of reading + 0.2 % of the 0.05 A range (the WT300 family's DC accuracy).
    MeterAccuracy accuracy{0.001, 0.002, 15.0 * 0.05};
    accuracy.currentRangeAmps = 0.05;
    accuracy.model = UncertaintyModel::Conservative;
    const RunResult r = analyseRun(in, samples, baseline, accuracy, 100);
    // Net current 25 - 15 = 10 mA. Run: deviations ±0.1 mA, sd √(100 x 1e-8 / 99) =
    // 1.00504e-4 A, lag-1 negative so n_eff = 100, standard error 1.00504e-5 A. Meter:
    // (0.001 x 0.025 + 0.002 x 0.05) / √3 = 1.25e-4 / √3 = 7.21688e-5 A at the run,
    // (0.001 x 0.015 + 1e-4) / √3 = 6.63953e-5 A at idle. u² = 1.010106e-10 + 5.208333e-9 +
    // 4.408333e-9 = 9.717677e-9, u = 9.857828e-5 A; ν ≈ 9e5, so k = 1.960.
    CHECK(r.netAmps == Approx(0.010));
    CHECK(r.netAmpsHigh - r.netAmps == Approx(1.959964 * 9.857828e-5).epsilon(1e-4));
    // Per operation: 0.010 A x 10 s / 1000 = 1e-4 C = 100 µC, ±(1.932099e-4 x 10 / 1000) C
    // = ±1.932099 µC.
    CHECK(r.chargePerOperationUc == Approx(100.0));
    CHECK(r.chargePerOperationUcLow == Approx(100.0 - 1.932099).epsilon(1e-5));
    CHECK(r.chargePerOperationUcHigh == Approx(100.0 + 1.932099).epsilon(1e-5));
    // Stored and read back.
    const RunResult back = runResultFromJson(toJson(r));
    CHECK(back.chargePerOperationUc == r.chargePerOperationUc);
    CHECK(back.netAmpsLow == r.netAmpsLow);

    // Without current readings (or without the range), no charge is made up.
    std::vector<PowerSample> noCurrent = samples;
    for (PowerSample &s : noCurrent)
        s.amps = std::numeric_limits<double>::quiet_NaN();
    const BaselineResult blind = analyseBaseline(noCurrent, 0.0, 5.0, 0.01);
    CHECK(std::isnan(analyseRun(in, noCurrent, blind, accuracy, 100).chargePerOperationUc));
    CHECK(std::isnan(
        analyseRun(in, samples, baseline, wt332At300V500mA(), 100).chargePerOperationUc));
}

TEST_CASE("run: invalid, duplicate and missed updates are left out and counted", "[analysis]")
{
    const BaselineResult baseline =
        analyseBaseline(updates(0.1, 30, [](double, int) { return 4.0; }), 0.0, 3.0, 0.01);
    auto samples = updates(10.1, 30, [](double, int) { return 9.0; });
    samples[5].valid = false;
    samples[6].duplicate = true;
    samples[10].missedBefore = 2;
    RunInput in;
    in.windowStart = 10.0;
    in.windowEnd = 13.0;
    in.seconds = 3.0;
    in.bytes = 3000;
    in.operations = 3;
    const RunResult r = analyseRun(in, samples, baseline, wt332At300V500mA(), 10);
    CHECK(r.run.count == 28);
    CHECK(r.excludedInvalid == 1);
    CHECK(r.excludedDuplicates == 1);
    CHECK(r.missed == 2);
    CHECK(r.netWatts == Approx(5.0));
    CHECK(englishTexts(r.flags)
              .join(QLatin1Char(';'))
              .contains(QStringLiteral("1 update over range, implausible or without data")));
    CHECK(
        englishTexts(r.flags).join(QLatin1Char(';')).contains(QStringLiteral("2 updates missed")));
}

TEST_CASE("run: updates missing at the start or the end of the window count as missed",
          "[analysis]")
{
    const BaselineResult baseline =
        analyseBaseline(updates(0.1, 30, [](double, int) { return 4.0; }), 0.0, 3.0, 0.01);
    RunInput in;
    in.windowStart = 10.0;
    in.windowEnd = 25.05;
    in.seconds = 15.05;
    in.bytes = 15000;
    in.operations = 15;

    // The meter stopped 2.5 s early: updates end at 10.1 ... 22.5 (125 received). Expected in
    // [10.0, 25.05]: intervals ending at 10.1 ... 25.0, 150 of them, so 25 missed, all after
    // the last one: (25.05 - 22.5) / 0.1 = 25.5 whole intervals, 25 once the 0.2 guard is off.
    const RunResult late = analyseRun(in, updates(10.1, 125, [](double, int) { return 9.0; }),
                                      baseline, wt332At300V500mA(), 100);
    CHECK(late.run.count == 125);
    CHECK(late.missed == 25);
    CHECK(englishTexts(late.flags)
              .join(QLatin1Char(';'))
              .contains(QStringLiteral("25 updates missed")));

    // The meter started late: updates end at 12.05 ... 25.05 (131), the window opens at 10.0.
    // Before 12.05 the intervals ending at 10.15 ... 11.95 (19 whole ones) were expected:
    // (12.05 - 0.1 - 10.0) / 0.1 = 19.5, less the guard: 19.
    const RunResult early = analyseRun(in, updates(12.05, 131, [](double, int) { return 9.0; }),
                                       baseline, wt332At300V500mA(), 100);
    CHECK(early.run.count == 131);
    CHECK(early.missed == 19);

    // Complete data: the first update's interval starts at the window's start and the last
    // ends 0.05 s (half an interval) before its end: nothing is missed.
    const RunResult whole = analyseRun(in, updates(10.1, 150, [](double, int) { return 9.0; }),
                                       baseline, wt332At300V500mA(), 100);
    CHECK(whole.missed == 0);
    CHECK_FALSE(
        englishTexts(whole.flags).join(QLatin1Char(';')).contains(QStringLiteral("missed")));

    // Nothing at all: the 150 intervals of the window (150.5 less the guard).
    const RunResult none = analyseRun(in, {}, baseline, wt332At300V500mA(), 100);
    CHECK(none.missed == 150);
}

TEST_CASE("run: the integrator cross-check", "[analysis]")
{
    const BaselineResult baseline =
        analyseBaseline(updates(0.1, 30, [](double, int) { return 4.0; }), 0.0, 3.0, 0.01);
    // 36 W for 0.1 s is 0.001 Wh per update; WH counts up by exactly that.
    auto samples = updates(10.1, 50, [](double, int) { return 36.0; });
    for (std::size_t i = 0; i < samples.size(); ++i)
        samples[i].wattHours = 0.001 * static_cast<double>(i + 1);
    RunInput in;
    in.windowStart = 10.0;
    in.windowEnd = 15.0;
    in.seconds = 5.0;
    in.bytes = 5000;
    in.operations = 5;
    const RunResult agree = analyseRun(in, samples, baseline, wt332At300V500mA(), 10);
    CHECK(agree.integratorRead);
    // 49 update pairs inside: 0.049 Wh both ways.
    CHECK(agree.integratorWh == Approx(0.049));
    CHECK(agree.samplesWh == Approx(0.049));
    CHECK(agree.flags.isEmpty());

    for (std::size_t i = 0; i < samples.size(); ++i)
        samples[i].wattHours = 0.00105 * static_cast<double>(i + 1); // 5 % more
    const RunResult disagree = analyseRun(in, samples, baseline, wt332At300V500mA(), 10);
    CHECK(englishTexts(disagree.flags)
              .join(QLatin1Char(';'))
              .contains(QStringLiteral("integrator disagrees")));
}

TEST_CASE("run without samples or baseline reports why instead of a number", "[analysis]")
{
    const BaselineResult none =
        analyseBaseline(updates(0.1, 10, [](double, int) { return 4.0; }), 50.0, 60.0, 0.01);
    CHECK(none.stats.count == 0);
    RunInput in;
    in.windowStart = 10.0;
    in.windowEnd = 11.0;
    in.seconds = 1.0;
    in.bytes = 10;
    const RunResult r = analyseRun(in, updates(10.1, 10, [](double, int) { return 9.0; }), none,
                                   wt332At300V500mA(), 1);
    CHECK(std::isnan(r.netWatts));
    CHECK(englishTexts(r.flags).contains(QStringLiteral("no baseline")));
}

TEST_CASE("spread over repeats: median and range", "[analysis]")
{
    const Spread odd = spreadOf({3.0, 1.0, 2.0});
    CHECK(odd.count == 3);
    CHECK(odd.median == 2.0);
    CHECK(odd.min == 1.0);
    CHECK(odd.max == 3.0);
    CHECK(spreadOf({4.0, 1.0, 3.0, 2.0}).median == 2.5);
    CHECK(spreadOf({1.0, std::nan(""), 3.0}).count == 2);
    CHECK(std::isnan(spreadOf({}).median));
}

TEST_CASE("the stored form of a run's analysis reads back", "[analysis]")
{
    const BaselineResult baseline =
        analyseBaseline(updates(0.1, 30, [](double, int) { return 4.0; }), 0.0, 3.0, 0.01);
    RunInput in;
    in.windowStart = 10.0;
    in.windowEnd = 13.0;
    in.seconds = 3.0;
    in.bytes = 3000;
    in.operations = 3;
    const RunResult r = analyseRun(in, updates(10.1, 30, [](double, int) { return 9.0; }), baseline,
                                   wt332At300V500mA(), 100);
    const RunResult back = runResultFromJson(toJson(r));
    CHECK(back.netWatts == r.netWatts);
    CHECK(back.netLow == r.netLow);
    CHECK(back.energyPerByteNj == r.energyPerByteNj);
    CHECK(back.run.count == r.run.count);
    CHECK(back.flags == r.flags);
}

TEST_CASE("a secondary source's net power and its ratio to the meter, by hand", "[analysis]")
{
    // A source read every second (spans of 1 s). Idle window [0, 10]: readings ending at 1..10
    // alternating 2.0 and 2.2 W: mean 2.1, s = √(10 × 0.1² / 9) = 0.105409, s/√10 = 0.0333333
    // (lag-1 correlation negative: no reduction, 9 degrees of freedom). Run [20, 30]: readings
    // ending at 21..30 alternating 5.0 and 5.4 W: mean 5.2, s = 0.210819, s/√10 = 0.0666667;
    // one more ending at 20.5 straddles the start and is left out.
    std::vector<PowerSample> readings;
    for (int i = 1; i <= 10; ++i)
        readings.push_back({static_cast<double>(i), 1.0, i % 2 == 0 ? 2.2 : 2.0});
    readings.push_back({20.5, 1.0, 9.0});
    for (int i = 21; i <= 30; ++i)
        readings.push_back({static_cast<double>(i), 1.0, i % 2 == 0 ? 5.4 : 5.0});
    const BaselineResult idle = analyseBaseline(readings, 0.0, 10.0, 0.01);
    RunInput in;
    in.windowStart = 20.0;
    in.windowEnd = 30.0;
    in.seconds = 10.0;
    in.bytes = 1'000'000'000;
    in.operations = 1000;
    in.updateSeconds = 1.0;
    // The meter's result for the run: 6.2 W, standard uncertainty 0.062 W (1 %), ν infinite.
    RunResult primary;
    primary.netWatts = 6.2;
    primary.netUncertainty = 0.062;
    primary.budget.components.push_back({BudgetTerm::MeterReading, 0.062});
    primary.budget.u = 0.062;
    const SourceRunResult s = analyseSourceRun(QStringLiteral("rapl:package-0"), in, readings,
                                               idleLevelOf(idle), 5, primary);
    CHECK(s.resource == QStringLiteral("rapl:package-0"));
    CHECK(s.count == 10);
    CHECK(s.excludedBoundary == 1);
    CHECK(s.runWatts == Approx(5.2));
    CHECK(s.idleWatts == Approx(2.1));
    CHECK(s.netWatts == Approx(3.1));
    // u = √(0.0333333² + 0.0666667²) = 0.0745356 (no type B term: none is specified).
    CHECK(s.netUncertainty == Approx(0.0745356).epsilon(1e-5));
    // ν = u⁴ / (0.0333333⁴/9 + 0.0666667⁴/9) = 3.08642e-5 / 2.33196e-6 = 13.235.
    CHECK(s.netDof == Approx(13.235).epsilon(1e-3));
    // 3.1 W × 10 s / 1e9 B = 31 nJ/B.
    CHECK(s.energyPerByteNj == Approx(31.0));
    // Ratio 3.1 / 6.2 = 0.5; relative u: √((0.0745356/3.1)² + 0.01²) = √(5.78100e-4 + 1e-4)
    // = 0.0260404; ν = 0.0260404⁴ / (0.0240437⁴ / 13.235) = 18.21, t between t(19) = 2.093
    // and t(18) = 2.101: half-width 0.5 × 0.0260404 × t in [0.027251, 0.027355].
    CHECK(s.ratio == Approx(0.5));
    const double half = (s.ratioHigh - s.ratioLow) / 2;
    CHECK(half > 0.027251);
    CHECK(half < 0.027355);
    CHECK((s.ratioHigh + s.ratioLow) / 2 == Approx(0.5));
    CHECK(s.flags.isEmpty());

    // A ratio needs both net powers away from zero: here the source's interval reaches it.
    CHECK(std::isnan(netRatio({0.1, 0.1, 50}, {6.2, 0.062}).value));
    CHECK(std::isnan(netRatio({3.1, 0.07, 13}, {0.05, 0.062}).value));
    // Both with infinite degrees of freedom: k = 1.960; 3/6 with 1/30 relative each:
    // half = 1.959964 × 0.5 × √2/30 = 0.0461969.
    const RatioInterval r = netRatio({3.0, 0.1}, {6.0, 0.2});
    CHECK(r.value == Approx(0.5));
    CHECK(r.high - r.value == Approx(0.0461969).epsilon(1e-5));
    CHECK(r.value - r.low == Approx(0.0461969).epsilon(1e-5));

    // Fewer readings than asked for: flagged short for the source; none: no figures at all.
    const SourceRunResult few = analyseSourceRun(QStringLiteral("battery:BAT0"), in, readings,
                                                 idleLevelOf(idle), 20, primary);
    CHECK(englishTexts(few.flags).join(QLatin1Char('|')).contains(QStringLiteral("short run")));
    RunInput empty = in;
    empty.windowStart = 40.0;
    empty.windowEnd = 50.0;
    const SourceRunResult none = analyseSourceRun(QStringLiteral("battery:BAT0"), empty, readings,
                                                  idleLevelOf(idle), 5, primary);
    CHECK(none.count == 0);
    CHECK(std::isnan(none.netWatts));
    CHECK(std::isnan(none.ratio));
}
