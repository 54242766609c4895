// The uncertainty budget and the idle level under a run, against hand-computed cases. The
// meter's figures are the WT332's (IM WT310-02EN 7.3.2, accuracy at 12 months): active power
// ±(0.1 % of reading + 0.1 % of range) at 45-66 Hz, ±(0.1 % + 0.2 %) in DC. Every expected
// number is worked out in the comments from the model in docs/method.md.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/records_json.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <power_series.h>

using namespace cipherwatt::core;
using cipherwatt::test::updates;

namespace {

void append(std::vector<PowerSample> &to, const std::vector<PowerSample> &more)
{
    to.insert(to.end(), more.begin(), more.end());
}

RunInput window(double start, double end)
{
    RunInput in;
    in.windowStart = start;
    in.windowEnd = end;
    in.seconds = end - start;
    in.bytes = 1000;
    in.operations = 1000;
    return in;
}

} // namespace

TEST_CASE("budget: 2.5 W net on the 150 W range, correlated and conservative, by hand",
          "[analysis][budget]")
{
    // A mains DUT on the WT332's 300 V x 0.5 A = 150 W range at 50 Hz: ±(0.1 % of reading +
    // 0.1 % of range). Idle alternates 39.95 / 40.05 W, the run 42.45 / 42.55 W (100 updates
    // each): means 40 and 42.5 W, net 2.5 W. sd = √(100 x 0.0025 / 99) = 0.0502519 W; lag-1
    // is negative, so n_eff = 100 and each standard error is 0.00502519 W (ν = 99).
    std::vector<PowerSample> samples =
        updates(0.1, 100, [](double, int i) { return i % 2 == 0 ? 39.95 : 40.05; });
    const BaselineResult baseline = analyseBaseline(samples, 0.0, 10.0, 0.01);
    append(samples, updates(20.1, 100, [](double, int i) { return i % 2 == 0 ? 42.45 : 42.55; }));
    MeterAccuracy accuracy{0.001, 0.001, 150.0};

    SECTION("correlated: the range offset cancels, the reading term applies to the net power")
    {
        const RunResult r = analyseRun(window(20.0, 30.0), samples, baseline, accuracy, 100);
        CHECK(r.netWatts == Approx(2.5));
        const UncertaintyBudget &b = r.budget;
        CHECK(b.model == UncertaintyModel::Correlated);
        CHECK(b.component(BudgetTerm::RunMean) == Approx(0.00502519));
        CHECK(b.component(BudgetTerm::IdleMean) == Approx(0.00502519));
        // Reading: 0.001 x 2.5 / √3 = 0.00144338 W.
        CHECK(b.component(BudgetTerm::MeterReading) == Approx(0.00144338));
        // Not common: √2 x 0.25 x 0.001 x 150 / √3 = 0.0306186 W.
        CHECK(b.component(BudgetTerm::MeterRangeNotCommon) == Approx(0.0306186));
        CHECK(b.component(BudgetTerm::MeterAtRun) == 0.0);
        // u = √(2 x 0.00502519² + 0.00144338² + 0.0306186²) = 0.0314657 W; ν = u⁴ /
        // (2 x 0.00502519⁴ / 99) = 76 093, k = 1.960: ±0.0616716 W, 2.47 % of 2.5 W.
        CHECK(r.netUncertainty == Approx(0.0314657).epsilon(1e-5));
        CHECK(b.dof == Approx(76093).epsilon(1e-3));
        CHECK(r.coverage == Approx(1.960).margin(0.001));
        CHECK(r.netHigh - r.netWatts == Approx(0.0616716).epsilon(1e-4));
        CHECK((r.netHigh - r.netWatts) / r.netWatts < 0.03); // the target
        CHECK(r.idleSource == IdleSource::Baseline);
        CHECK(r.idleWatts == Approx(40.0));
    }

    SECTION("no accuracy specified (a power source on the DUT as the meter): the statistical "
            "terms alone, whatever the model")
    {
        accuracy.specified = false;
        for (const UncertaintyModel model :
             {UncertaintyModel::Correlated, UncertaintyModel::Conservative}) {
            accuracy.model = model;
            const RunResult r = analyseRun(window(20.0, 30.0), samples, baseline, accuracy, 100);
            CHECK(r.netWatts == Approx(2.5));
            CHECK(r.budget.components.size() == 2);
            // u = √2 x 0.00502519 = 0.00710669 W, ν = u⁴ / (2 x 0.00502519⁴ / 99) = 198,
            // t(198) = 1.97202: ±0.0140146 W.
            CHECK(r.netUncertainty == Approx(0.00710669).epsilon(1e-5));
            CHECK(r.budget.dof == Approx(198).epsilon(1e-6));
            CHECK(r.netHigh - r.netWatts == Approx(0.0140146).epsilon(1e-4));
        }
    }

    SECTION("conservative: each window's whole limit, independently (the earlier model)")
    {
        accuracy.model = UncertaintyModel::Conservative;
        const RunResult r = analyseRun(window(20.0, 30.0), samples, baseline, accuracy, 100);
        // At the run (0.001 x 42.5 + 0.15) / √3 = 0.111140 W, at idle (0.04 + 0.15) / √3 =
        // 0.109697 W; u = √(2 x 0.00502519² + 0.111140² + 0.109697²) = 0.156320 W.
        CHECK(r.budget.model == UncertaintyModel::Conservative);
        CHECK(r.budget.component(BudgetTerm::MeterAtRun) == Approx(0.111140).epsilon(1e-5));
        CHECK(r.budget.component(BudgetTerm::MeterAtIdle) == Approx(0.109697).epsilon(1e-5));
        CHECK(r.budget.component(BudgetTerm::MeterReading) == 0.0);
        CHECK(r.netUncertainty == Approx(0.156320).epsilon(1e-5));
    }

    SECTION("auto-range: nothing is common, whatever model was asked for")
    {
        accuracy.rangesFixed = false;
        const RunResult r = analyseRun(window(20.0, 30.0), samples, baseline, accuracy, 100);
        CHECK(r.budget.model == UncertaintyModel::Conservative);
        CHECK(r.netUncertainty == Approx(0.156320).epsilon(1e-5));
    }

    SECTION("stored and read back, term by term")
    {
        const RunResult r = analyseRun(window(20.0, 30.0), samples, baseline, accuracy, 100);
        const RunResult back = runResultFromJson(toJson(r));
        REQUIRE(back.budget.components.size() == r.budget.components.size());
        for (std::size_t i = 0; i < r.budget.components.size(); ++i) {
            CHECK(back.budget.components[i].term == r.budget.components[i].term);
            CHECK(back.budget.components[i].u == r.budget.components[i].u);
            CHECK(back.budget.components[i].dof == r.budget.components[i].dof);
        }
        CHECK(std::isinf(back.budget.components.back().dof)); // type B: stored as null
        CHECK(back.budget.dof == r.budget.dof);
        CHECK(back.budget.model == UncertaintyModel::Correlated);
        CHECK(back.idleSource == IdleSource::Baseline);
        CHECK(back.idleWatts == r.idleWatts);
    }
}

TEST_CASE("idle level: interpolated between the windows around a run, by hand",
          "[analysis][budget]")
{
    // Idle 4.0 W exactly in [0, 10], 4.2 W exactly in [30, 40] (centres 5 and 35 s); the run
    // reads 12.6 W exactly.
    std::vector<PowerSample> samples = updates(0.1, 100, [](double, int) { return 4.0; });
    append(samples, updates(15.1, 100, [](double, int) { return 12.6; }));
    append(samples, updates(30.1, 100, [](double, int) { return 4.2; }));
    std::vector<IdleWindow> windows{{0.0, 10.0, analyseBaseline(samples, 0.0, 10.0, 0.01)},
                                    {30.0, 40.0, analyseBaseline(samples, 30.0, 40.0, 0.01)}};

    SECTION("a run centred between the windows")
    {
        // Run [15, 25], centre 20: f = (20 - 5) / 30 = 0.5, idle 4.1 W; the interpolation's
        // allowance |4.2 - 4.0| / √12 = 0.0577350 W.
        const IdleLevel idle = idleLevelAt(windows, 15.0, 25.0);
        CHECK(idle.source == IdleSource::Interpolated);
        CHECK(idle.before == 0);
        CHECK(idle.after == 1);
        CHECK(idle.power.value == Approx(4.1));
        CHECK(idle.interpolationWatts == Approx(0.0577350));
        const RunResult r =
            analyseRun(window(15.0, 25.0), samples, idle, MeterAccuracy{0.001, 0.002, 150.0}, 100);
        CHECK(r.netWatts == Approx(8.5));
        // Reading 0.001 x 8.5 / √3 = 0.00490748; not common √2 x 0.25 x 0.3 / √3 = 0.0612372;
        // u = √(0.0577350² + 0.00490748² + 0.0612372²) = 0.0843055 W (both means exact).
        CHECK(r.budget.component(BudgetTerm::IdleInterpolation) == Approx(0.0577350));
        CHECK(r.netUncertainty == Approx(0.0843055).epsilon(1e-5));
        CHECK(r.idleSource == IdleSource::Interpolated);
    }

    SECTION("a run nearer the first window weighs it more")
    {
        // Centre 12.5: f = (12.5 - 5) / 30 = 0.25, idle 0.75 x 4.0 + 0.25 x 4.2 = 4.05 W.
        CHECK(idleLevelAt(windows, 10.0, 15.0).power.value == Approx(4.05));
    }

    SECTION("one side only: the nearest window, and which side it was")
    {
        const IdleLevel before = idleLevelAt(windows, 41.0, 50.0);
        CHECK(before.source == IdleSource::Before);
        CHECK(before.power.value == Approx(4.2));
        CHECK(before.interpolationWatts == 0.0);
        const IdleLevel only = idleLevelAt({windows[0]}, 15.0, 25.0);
        CHECK(only.source == IdleSource::Baseline);
        CHECK(only.power.value == Approx(4.0));
    }

    SECTION("statistics of two windows propagate with their weights")
    {
        // Windows whose means carry standard errors 0.01 and 0.02 W with 99 degrees of
        // freedom each, weights 0.75 and 0.25: u = √(0.0075² + 0.005²) = 0.00901388 W and
        // ν = u⁴ / (0.0075⁴ / 99 + 0.005⁴ / 99) = 6.60e-9 / (3.1640625e-9 + 6.25e-10) x 99
        // = 172.5.
        std::vector<IdleWindow> noisy = windows;
        noisy[0].result.stats.standardError = 0.01;
        noisy[0].result.stats.effectiveCount = 100;
        noisy[1].result.stats.standardError = 0.02;
        noisy[1].result.stats.effectiveCount = 100;
        const IdleLevel idle = idleLevelAt(noisy, 10.0, 15.0);
        CHECK(idle.power.u == Approx(0.00901388).epsilon(1e-5));
        CHECK(idle.power.dof == Approx(172.5).epsilon(1e-3));
    }
}

TEST_CASE("idle level: a warming DUT is recovered run by run with idle windows between runs",
          "[analysis][budget]")
{
    // Idle rises linearly by 0.1 W over 200 s (4.0 -> 4.1 W); each run adds exactly 8.5 W.
    // Idle windows of 5 s before every run and at the end. With the baseline alone, the
    // last run would report 8.5 + 0.09 W (1 % too much); interpolated, every run is within
    // 0.1 % of 8.5 W.
    const auto idleAt = [](double t) { return 4.0 + 0.1 * t / 200.0; };
    std::vector<PowerSample> samples;
    std::vector<IdleWindow> windows;
    std::vector<RunInput> runs;
    double t = 0.0;
    for (int k = 0; k < 10; ++k) {
        const double idleStart = t;
        const double idleEnd = t + 5.0;
        for (double u = idleStart + 0.1; u <= idleEnd + 1e-9; u += 0.1) {
            PowerSample s;
            s.tSeconds = u;
            s.watts = idleAt(u - 0.05);
            samples.push_back(s);
        }
        windows.push_back({idleStart, idleEnd, {}});
        t = idleEnd;
        if (k == 9)
            break;
        const double runStart = t;
        const double runEnd = t + 15.0;
        for (double u = runStart + 0.1; u <= runEnd + 1e-9; u += 0.1) {
            PowerSample s;
            s.tSeconds = u;
            s.watts = idleAt(u - 0.05) + 8.5;
            samples.push_back(s);
        }
        runs.push_back(window(runStart, runEnd));
        t = runEnd;
    }
    for (IdleWindow &w : windows)
        w.result = analyseBaseline(samples, w.startSeconds, w.endSeconds, 0.01);
    const MeterAccuracy accuracy{0.001, 0.001, 150.0};
    for (const RunInput &in : runs) {
        const RunResult r = analyseRun(
            in, samples, idleLevelAt(windows, in.windowStart, in.windowEnd), accuracy, 100);
        CHECK(r.idleSource == IdleSource::Interpolated);
        CHECK(std::fabs(r.netWatts - 8.5) < 0.001 * 8.5);
        CHECK(r.netLow <= 8.5);
        CHECK(r.netHigh >= 8.5);
        // Against the first baseline alone, the later runs are off by the warming.
        const RunResult stale = analyseRun(in, samples, windows.front().result, accuracy, 100);
        CHECK(stale.netWatts - 8.5 ==
              Approx(idleAt((in.windowStart + in.windowEnd) / 2) - idleAt(2.5)).margin(1e-3));
    }
}
