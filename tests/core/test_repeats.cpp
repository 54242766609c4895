// The mean over repeats and the comparison of two results (repeats.h), against hand-computed
// cases. The budgets are the worked example of docs/method.md: a WT332 on its 300 V x 0.5 A =
// 150 W range at 50 Hz, ±(0.1 % of reading + 0.1 % of range) (IM WT310-02EN 7.3.2):
//   run_mean    0.005 W (ν 99)        idle_mean 0.005 W (ν 99, the shared baseline)
//   meter_reading  0.001 |P| / √3     (0.0014434 W at 2.5 W; relative g = 5.7735e-4)
//   meter_range_not_common  √2 x 0.25 x 0.001 x 150 / √3 = 0.0306186 W
// Student's t at 97.5 % from the published table (t(2) = 4.302653, t(120) = 1.97993,
// t(∞) = 1.959964), interpolated in 1/ν where ν falls between table rows.

#include <cipherwatt/core/repeats.h>
#include <cipherwatt/core/results.h>

#include <catch2/catch.hpp>

#include <cmath>

using namespace cipherwatt::core;

namespace {

constexpr double kRangeNotCommon = 0.0306186; // W
constexpr double kGain = 5.7735e-4;           // 0.001 / √3

// One repeat's budget of a net power `net` (the worked example's terms).
UncertaintyBudget exampleBudget(double net)
{
    UncertaintyBudget b;
    b.components = {{BudgetTerm::RunMean, 0.005, 99.0},
                    {BudgetTerm::IdleMean, 0.005, 99.0},
                    {BudgetTerm::MeterReading, 0.001 * net / std::sqrt(3.0)},
                    {BudgetTerm::MeterRangeNotCommon, kRangeNotCommon}};
    double u2 = 0.0;
    for (const BudgetComponent &c : b.components)
        u2 += c.u * c.u;
    b.u = std::sqrt(u2);
    b.dof = std::pow(b.u, 4) / (2 * std::pow(0.005, 4) / 99.0);
    b.coverage = 1.959964; // ν ≈ 77 600
    return b;
}

std::vector<RepeatValue> repeatsOf(const std::vector<double> &nets,
                                   std::vector<UncertaintyBudget> &budgets)
{
    budgets.clear();
    budgets.reserve(nets.size());
    std::vector<RepeatValue> out;
    for (const double net : nets) {
        budgets.push_back(exampleBudget(net));
        const double half = budgets.back().coverage * budgets.back().u;
        out.push_back({net, net - half, net + half, &budgets.back(), 1.0});
    }
    return out;
}

MeanInterval known(double mean, double u, double uGain, double dof = INFINITY)
{
    MeanInterval m;
    m.count = 3;
    m.mean = mean;
    m.u = u;
    m.uGain = uGain;
    m.dof = dof;
    m.coverage = 1.959964;
    m.low = mean - 1.959964 * u;
    m.high = mean + 1.959964 * u;
    return m;
}

MeterSetup meter(const QString &serial)
{
    MeterSetup m;
    m.identity.model = QStringLiteral("WT332");
    m.identity.serial = serial;
    m.mode = QStringLiteral("RMS");
    m.voltageRange = {300.0, false};
    m.currentRange = {0.5, false};
    return m;
}

} // namespace

TEST_CASE("repeats: one valid repeat gives that run's own interval", "[repeats]")
{
    std::vector<UncertaintyBudget> budgets;
    const MeanInterval m = meanOfRepeats(repeatsOf({2.5}, budgets));
    // u = √(0.005² + 0.005² + 0.0014434² + 0.0306186²) = 0.0314576 W, k = 1.96
    CHECK(m.count == 1);
    CHECK(m.mean == Approx(2.5));
    CHECK(m.u == Approx(0.0314576).epsilon(1e-5));
    CHECK(m.low == Approx(2.5 - 1.959964 * 0.0314576).epsilon(1e-6));
    CHECK(m.high == Approx(2.5 + 1.959964 * 0.0314576).epsilon(1e-6));
    CHECK(m.uRepeats == Approx(0.005));
    CHECK(m.uGain == Approx(0.0014434).epsilon(1e-4));
}

TEST_CASE("repeats: the mean of three repeats combines their scatter with the common terms",
          "[repeats]")
{
    // 2.48, 2.50, 2.52 W: mean 2.50, s = 0.02, s/√3 = 0.0115470 (ν 2). Common: idle_mean
    // 0.005 (ν 99), range not common 0.0306186, gain 5.7735e-4 x 2.5 = 0.0014434.
    // u² = 1.33333e-4 + 2.5e-5 + 9.375e-4 + 2.0833e-6 = 1.097917e-3, u = 0.0331348 W;
    // ν = u⁴ / (0.011547⁴ / 2 + 0.005⁴ / 99) = 1.205422e-6 / 8.895202e-9 = 135.51;
    // t(135.5) = 1.95996 + (1.97993 − 1.95996) x 120 / 135.51 = 1.97764; ±0.065529 W.
    std::vector<UncertaintyBudget> budgets;
    const MeanInterval m = meanOfRepeats(repeatsOf({2.48, 2.50, 2.52}, budgets));
    CHECK(m.count == 3);
    CHECK(m.mean == Approx(2.50));
    CHECK(m.uRepeats == Approx(0.0115470).epsilon(1e-5));
    CHECK(m.uGain == Approx(0.0014434).epsilon(1e-4));
    CHECK(m.u == Approx(0.0331348).epsilon(1e-5));
    CHECK(m.dof == Approx(135.51).epsilon(1e-3));
    CHECK(m.coverage == Approx(1.97764).epsilon(2e-4));
    CHECK(m.high - m.mean == Approx(0.065529).epsilon(3e-4));
    CHECK(m.mean - m.low == Approx(0.065529).epsilon(3e-4));
}

TEST_CASE("repeats: five repeats", "[repeats]")
{
    // 2.46 ... 2.54 W in steps of 0.02: s = √(0.004 / 4) = 0.0316228, s/√5 = 0.0141421 (ν 4).
    // u² = 2.0e-4 + 2.5e-5 + 9.375e-4 + 2.0833e-6 = 1.164583e-3, u = 0.0341260 W;
    // ν = 1.356254e-6 / (4.0e-8 / 4 + 6.3131e-12) = 135.54, k = 1.97764: ±0.067489 W.
    std::vector<UncertaintyBudget> budgets;
    const MeanInterval m = meanOfRepeats(repeatsOf({2.46, 2.48, 2.50, 2.52, 2.54}, budgets));
    CHECK(m.count == 5);
    CHECK(m.mean == Approx(2.50));
    CHECK(m.uRepeats == Approx(0.0141421).epsilon(1e-5));
    CHECK(m.u == Approx(0.0341260).epsilon(1e-5));
    CHECK(m.dof == Approx(135.54).epsilon(1e-3));
    CHECK(m.high - m.mean == Approx(0.067489).epsilon(3e-4));
}

TEST_CASE("repeats: the meter's common terms do not average down", "[repeats]")
{
    // Five identical repeats: no scatter. What is left is what every repeat shares:
    // √(0.005² + 0.0306186² + 0.0014434²) = 0.0310577 W, not 0.0314576 / √5 = 0.0140683 W.
    std::vector<UncertaintyBudget> budgets;
    const MeanInterval m = meanOfRepeats(repeatsOf({2.5, 2.5, 2.5, 2.5, 2.5}, budgets));
    CHECK(m.uRepeats == Approx(0.0).margin(1e-12));
    CHECK(m.u == Approx(0.0310577).epsilon(1e-5));
    CHECK(m.uCommon == Approx(0.0310577).epsilon(1e-5));
    // ν = 0.0310577⁴ / (0.005⁴ / 99) = 147 379: k = 1.96.
    CHECK(m.coverage == Approx(1.95998).epsilon(1e-4));
    CHECK(m.u > 0.0314576 / std::sqrt(5.0) * 2);
}

TEST_CASE("repeats: scatter alone takes Student's t with n − 1 degrees of freedom", "[repeats]")
{
    // A budget of its run mean only: 2.0, 2.5, 3.0 W, s = 0.5, s/√3 = 0.2886751, ν = 2,
    // t(2) = 4.302653: ±1.242083 W.
    UncertaintyBudget b;
    b.components = {{BudgetTerm::RunMean, 0.01, 50.0}};
    b.u = 0.01;
    b.dof = 50.0;
    b.coverage = 2.008559;
    std::vector<RepeatValue> r;
    for (const double v : {2.0, 2.5, 3.0})
        r.push_back({v, v - 0.02, v + 0.02, &b, 1.0});
    const MeanInterval m = meanOfRepeats(r);
    CHECK(m.dof == Approx(2.0));
    // (analysis.cpp's table holds t to four decimals, 4.3027: 1e-5 of the exact value.)
    CHECK(m.coverage == Approx(4.302653).epsilon(2e-5));
    CHECK(m.low == Approx(2.5 - 1.242083).epsilon(2e-5));
    CHECK(m.high == Approx(2.5 + 1.242083).epsilon(2e-5));
}

TEST_CASE("repeats: without a budget each repeat's whole uncertainty is common", "[repeats]")
{
    // Intervals ±0.196 (u ≤ 0.196 / 1.959964 = 0.1): 1.0 and 1.2, s = 0.141421, s/√2 = 0.1 (ν 1).
    // u = √(0.1² + 0.1²) = 0.141421; ν = 0.141421⁴ / (0.1⁴ / 1) = 4, t(4) = 2.776445.
    std::vector<RepeatValue> r{{1.0, 1.0 - 0.1959964, 1.0 + 0.1959964},
                               {1.2, 1.2 - 0.1959964, 1.2 + 0.1959964}};
    const MeanInterval m = meanOfRepeats(r);
    CHECK(m.mean == Approx(1.1));
    CHECK(m.u == Approx(0.141421).epsilon(1e-5));
    CHECK(m.dof == Approx(4.0).epsilon(1e-6));
    CHECK(m.high == Approx(1.1 + 2.776445 * 0.141421).epsilon(1e-5));
    CHECK(m.uGain == 0.0);
    // No value: no mean.
    CHECK(meanOfRepeats({{NAN, NAN, NAN}}).count == 0);
}

TEST_CASE("repeats: difference and ratio of two sessions on different meters", "[repeats]")
{
    // a = 2.50 ± (u 0.03), b = 3.00 ± (u 0.04), independent:
    // b − a = 0.50, u = √(0.03² + 0.04²) = 0.05, ±0.098 → [0.402, 0.598], significant.
    // b / a = 1.2; sensitivities −b/a² = −0.48, 1/a = 0.4:
    // u = √(0.2304 x 9e-4 + 0.16 x 1.6e-3) = √4.6336e-4 = 0.0215258.
    const MeanInterval a = known(2.5, 0.03, 0.0014434);
    const MeanInterval b = known(3.0, 0.04, 0.0017321);
    const MeanComparison c = compareMeans(a, b, false);
    CHECK_FALSE(c.correlated);
    CHECK(c.difference == Approx(0.5));
    CHECK(c.differenceU == Approx(0.05));
    CHECK(c.differenceLow == Approx(0.5 - 0.0979982).epsilon(1e-6));
    CHECK(c.differenceSignificant);
    CHECK(c.ratio == Approx(1.2));
    CHECK(c.ratioU == Approx(0.0215258).epsilon(1e-5));
    CHECK(c.ratioLow == Approx(1.2 - 1.959964 * 0.0215258).epsilon(1e-6));
    CHECK(c.ratioSignificant);
    // Finite degrees of freedom: ν = 0.05⁴ / (0.03⁴ / 4 + 0.04⁴ / 9) = 6.25e-6 / 4.86944e-7
    // = 12.835.
    const MeanComparison f = compareMeans(known(2.5, 0.03, 0, 4), known(3.0, 0.04, 0, 9), false);
    const double k = (f.differenceHigh - f.difference) / f.differenceU;
    // t(12) = 2.178813, t(13) = 2.160369: t(12.835) between them.
    CHECK(k < 2.178813);
    CHECK(k > 2.160369);
}

TEST_CASE("repeats: on the same meter and ranges the gain is common to both sessions", "[repeats]")
{
    // Gain only: a = 2 W, b = 4 W, u_gain = 0.005 x |P| (a: 0.01, b: 0.02).
    // Same meter: cov = 0.01 x 0.02 = 2e-4; u(b − a) = √(1e-4 + 4e-4 − 4e-4) = 0.01
    // (= 0.005 x (4 − 2)); u(b / a) = √(1e-4 + 0.25 x 4e-4 − 2 x 1 x 0.5 x 2e-4) = 0:
    // the gain cancels. Independent: u(b − a) = √5e-4 = 0.0223607, u(b / a) = √2e-4 = 0.0141421.
    const MeanInterval a = known(2.0, 0.01, 0.01);
    const MeanInterval b = known(4.0, 0.02, 0.02);
    const MeanComparison same = compareMeans(a, b, true);
    CHECK(same.correlated);
    CHECK(same.differenceU == Approx(0.01).epsilon(1e-9));
    CHECK(same.ratio == Approx(2.0));
    CHECK(same.ratioU == Approx(0.0).margin(1e-9));
    const MeanComparison other = compareMeans(a, b, false);
    CHECK(other.differenceU == Approx(0.02236068).epsilon(1e-6));
    CHECK(other.ratioU == Approx(0.01414214).epsilon(1e-6));

    // The worked budgets: the gain is a small share, so the covariance 0.0014434 x 0.0017321
    // = 2.5e-6 takes u(b − a) from 0.05 to √(2.5e-3 − 5e-6) = 0.0499500 and u(b / a) from
    // 0.0215258 to √(4.6336e-4 − 2 x 0.48 x 0.4 x 2.5e-6) = √4.6240e-4 = 0.0215035.
    const MeanComparison w =
        compareMeans(known(2.5, 0.03, 0.0014434), known(3.0, 0.04, 0.0017321), true);
    CHECK(w.differenceU == Approx(0.0499500).epsilon(1e-5));
    CHECK(w.ratioU == Approx(0.0215035).epsilon(1e-5));
}

TEST_CASE("repeats: a difference whose interval includes zero is not significant", "[repeats]")
{
    // a = 2.50, b = 2.55, both u 0.03: b − a = 0.05 ± 1.959964 x 0.0424264 = ±0.0831544 →
    // [−0.0332, 0.1332]; b / a = 1.02 ± 1.959964 x √(0.408² x 9e-4 + 0.4² x 9e-4) (= 0.0171412)
    // → [0.98640, 1.05360].
    const MeanComparison c = compareMeans(known(2.5, 0.03, 0), known(2.55, 0.03, 0), false);
    CHECK(c.differenceLow == Approx(0.05 - 0.0831544).epsilon(1e-5));
    CHECK_FALSE(c.differenceSignificant);
    CHECK(c.ratioLow == Approx(1.02 - 0.0335960).epsilon(1e-5));
    CHECK_FALSE(c.ratioSignificant);
    // A reference whose interval includes 0 has no ratio.
    const MeanComparison z = compareMeans(known(0.01, 0.03, 0), known(2.5, 0.03, 0), false);
    CHECK(z.valid());
    CHECK_FALSE(z.hasRatio());
    CHECK_FALSE(z.ratioSignificant);
}

TEST_CASE("repeats: the same meter means the same serial, mode and fixed ranges", "[repeats]")
{
    CHECK(sameMeterSetup(meter(QStringLiteral("C2XA12345")), meter(QStringLiteral("C2XA12345"))));
    CHECK_FALSE(sameMeterSetup(meter(QStringLiteral("C2XA12345")), meter(QStringLiteral("B"))));
    CHECK_FALSE(sameMeterSetup(meter(QString()), meter(QString())));
    MeterSetup other = meter(QStringLiteral("C2XA12345"));
    other.currentRange = {1.0, false};
    CHECK_FALSE(sameMeterSetup(meter(QStringLiteral("C2XA12345")), other));
    other = meter(QStringLiteral("C2XA12345"));
    other.mode = QStringLiteral("DC");
    CHECK_FALSE(sameMeterSetup(meter(QStringLiteral("C2XA12345")), other));
    other = meter(QStringLiteral("C2XA12345"));
    other.voltageRange.automatic = true;
    CHECK_FALSE(sameMeterSetup(other, other));
}

TEST_CASE("repeats: result rows carry the mean of the valid repeats", "[repeats]")
{
    // Three repeats of 2.48, 2.50, 2.52 W (the case above) and one invalid run of 9 W left
    // out; 10 s loops over 1e9 bytes: energy per byte = P x 10 nJ/B, so its mean and interval
    // are ten times the power's: 25.0 ± 0.65529 nJ/B.
    SessionData d;
    int ordinal = 0;
    for (const double net : {2.48, 2.50, 9.0, 2.52}) {
        StoredRun r;
        r.ordinal = ++ordinal;
        r.cipher = QStringLiteral("aes-128-xts");
        r.backend = QStringLiteral("openssl");
        r.operation = QStringLiteral("encrypt");
        r.bufferBytes = 4096;
        r.status = RunStatus::Done;
        RunResult a;
        a.budget = exampleBudget(net);
        const double half = a.budget.coverage * a.budget.u;
        a.netWatts = net;
        a.netLow = net - half;
        a.netHigh = net + half;
        a.energyPerByteNj = net * 10;
        a.energyPerByteNjLow = a.netLow * 10;
        a.energyPerByteNjHigh = a.netHigh * 10;
        a.invalid = net > 5;
        r.analysis = a;
        d.runs.push_back(r);
    }
    const std::vector<ResultRow> rows = resultRows(d);
    REQUIRE(rows.size() == 1);
    const MeanInterval &p = rows[0].netWatts.mean;
    CHECK(p.count == 3);
    CHECK(p.mean == Approx(2.50));
    CHECK(p.high - p.mean == Approx(0.065529).epsilon(3e-4));
    const MeanInterval &e = rows[0].energyPerByteNj.mean;
    CHECK(e.mean == Approx(25.0));
    CHECK(e.high - e.mean == Approx(0.65529).epsilon(3e-4));
    CHECK(e.uGain == Approx(0.014434).epsilon(1e-4));
    // The median and the spread stay as they were.
    CHECK(rows[0].netWatts.value == Approx(2.50));
    CHECK(rows[0].netWatts.min == Approx(2.48));
    CHECK(rows[0].netWatts.max == Approx(2.52));
}

TEST_CASE("repeats: a frequency sweep's curve, its energy-optimal level, the levels not told "
          "apart from it, and the energy-delay product",
          "[repeats][design]")
{
    // Three repeats at each of three levels, given out of order, 10 s loops over 1e9 bytes
    // (energy per byte = P x 10 nJ/B, throughput 1e8 B/s), the worked example's budgets:
    //   1400 MHz: 2.04, 2.06, 2.08 W -> 20.6 nJ/B
    //    600 MHz: 2.48, 2.50, 2.52 W -> 25.0 nJ/B (± 0.655 nJ/B, the case above)
    //   1000 MHz: 2.00, 2.02, 2.04 W -> 20.2 nJ/B: the optimum.
    // The session names no meter serial, so the levels are taken as independent: u(difference) = √2
    // x 0.334 = 0.473 nJ/B and its 95 % half-width ≈ 0.93 nJ/B: 1400 MHz
    // (+0.4) is not told apart from 1000 MHz, 600 MHz (+4.8) is. A fourth level, refused, has
    // one skipped run. EDP of 1 MiB at 1000 MHz: 20.2e-9 J/B x 2^20 B x 2^20 B / 1e8 B/s =
    // 2.22101e-4 J·s.
    SessionData d;
    d.settings.frequencyLevelsKHz = {1400000, 600000, 1000000, 2000000};
    int ordinal = 0;
    const auto add = [&](std::uint64_t kHz, double net, RunStatus status) {
        StoredRun r;
        r.ordinal = ++ordinal;
        r.cipher = QStringLiteral("lea-128-xts");
        r.backend = QStringLiteral("custom");
        r.operation = QStringLiteral("encrypt");
        r.bufferBytes = 4096;
        r.status = status;
        WorkerRequest q;
        q.frequencyKHz = kHz;
        r.request = q;
        if (status == RunStatus::Done) {
            RunResult a;
            a.budget = exampleBudget(net);
            const double half = a.budget.coverage * a.budget.u;
            a.netWatts = net;
            a.netLow = net - half;
            a.netHigh = net + half;
            a.energyPerByteNj = net * 10;
            a.energyPerByteNjLow = a.netLow * 10;
            a.energyPerByteNjHigh = a.netHigh * 10;
            a.throughputBytesPerSecond = 1e8;
            r.analysis = a;
        } else {
            r.error = Message::plain(QStringLiteral("refused"));
        }
        d.runs.push_back(r);
    };
    for (const double net : {2.04, 2.06, 2.08})
        add(1400000, net, RunStatus::Done);
    for (const double net : {2.48, 2.50, 2.52})
        add(600000, net, RunStatus::Done);
    for (const double net : {2.00, 2.02, 2.04})
        add(1000000, net, RunStatus::Done);
    add(2000000, 0.0, RunStatus::Skipped);

    const std::vector<FrequencyCurve> curves = frequencyCurves(d);
    REQUIRE(curves.size() == 1);
    const FrequencyCurve &c = curves[0];
    CHECK_FALSE(c.key.frequencyKHz);
    CHECK(c.key.label() == QStringLiteral("lea-128-xts/custom encrypt 4096 B"));
    REQUIRE(c.points.size() == 3);
    CHECK(c.points[0].kHz == 600000);
    CHECK(c.points[1].kHz == 1000000);
    CHECK(c.points[2].kHz == 1400000);
    REQUIRE(c.optimum == std::size_t{1});
    CHECK(c.points[1].row.energyPerByteNj.mean.mean == Approx(20.2));
    CHECK(c.points[1].withOptimum);
    CHECK_FALSE(c.points[1].againstOptimum.valid());
    CHECK(c.points[2].againstOptimum.difference == Approx(0.4));
    CHECK(c.points[2].withOptimum);
    CHECK(c.points[0].againstOptimum.difference == Approx(4.8));
    CHECK_FALSE(c.points[0].withOptimum);
    CHECK(c.points[1].edpJouleSeconds == Approx(2.22101e-4).epsilon(1e-5));
    CHECK(c.points[1].edpLow < c.points[1].edpJouleSeconds);
    CHECK(c.points[1].edpHigh > c.points[1].edpJouleSeconds);
    REQUIRE(c.notMeasured.size() == 1);
    CHECK(c.notMeasured[0].english().contains(QStringLiteral("refused")));
    // Each level is a result of its own, named with its frequency.
    bool named = false;
    for (const ResultRow &row : resultRows(d))
        named = named || row.key.label() == QStringLiteral("lea-128-xts/custom @ 1000 MHz "
                                                           "encrypt 4096 B");
    CHECK(named);
}
