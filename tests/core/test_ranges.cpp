// The meter's ranges in the analysis and the session (issue 17): range changes and over range
// invalidate a run and leave it out of the medians; auto-range is refused unless allowed and
// then flags every run; fixed ranges and the mode are applied and stored; the range advisor
// picks the ranges a hand computation gives.
//
// The advisor's expected ranges follow its stated rule (range_advisor.h) by hand: the
// smallest range R with X_rms <= R and X_pk <= 0.9 x 3 x R; the accuracy figures are the
// manual's (IM WT310-02EN / IM WT310E-02EN section 7.3.2).

#include <cipherwatt/core/analysis_ranges.h>
#include <cipherwatt/core/range_advisor.h>
#include <cipherwatt/core/records_json.h>
#include <cipherwatt/core/results.h>
#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/storage.h>
#include <cipherwatt/instruments/wt300.h>

#include <QFile>
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <session_helpers.h>
#include <temp_dir.h>

using namespace cipherwatt::core;
using cipherwatt::instruments::findWt300Model;
using cipherwatt::instruments::PowerAccuracy;
using cipherwatt::instruments::Range;
using cipherwatt::test::hasFlag;
using cipherwatt::test::TempDir;

namespace {

// Updates of 100 ms ending at 0.1, 0.2, ... 2.0 s on 300 V and 0.5 A.
std::vector<PowerSample> steadySamples()
{
    std::vector<PowerSample> s;
    for (int k = 1; k <= 20; ++k) {
        PowerSample p;
        p.tSeconds = 0.1 * k;
        p.watts = 10.0;
        p.voltageRange = 300;
        p.currentRange = 0.5;
        s.push_back(p);
    }
    return s;
}

RunInput window(double start, double end)
{
    RunInput in;
    in.windowStart = start;
    in.windowEnd = end;
    in.voltageRange = 300;
    in.currentRange = 0.5;
    return in;
}

RangeAdvisorInput advisorFor(const char *model, bool dc = false)
{
    const auto *m = findWt300Model(QString::fromLatin1(model));
    REQUIRE(m != nullptr);
    RangeAdvisorInput in;
    in.model = m->idnModel;
    in.voltageRanges = m->info.voltageRanges;
    in.currentRanges = m->info.currentRanges;
    in.accuracy = dc ? m->powerAccuracyDc : m->powerAccuracyAc;
    return in;
}

LoadPeaks load(double u, double uPeak, double i, double iPeak, double watts)
{
    LoadPeaks p;
    p.add(u, i, uPeak, iPeak, watts);
    return p;
}

} // namespace

TEST_CASE("ranges: steady ranges leave a run as it is", "[ranges]")
{
    RunResult r;
    checkRanges(window(0.5, 1.5), steadySamples(), r);
    CHECK_FALSE(r.invalid);
    CHECK(r.flags.isEmpty());
}

TEST_CASE("ranges: a range change inside the run invalidates it, outside it does not", "[ranges]")
{
    std::vector<PowerSample> s = steadySamples();
    for (std::size_t k = 9; k < s.size(); ++k)
        s[k].currentRange = 1.0; // from the update ending at 1.0 s
    RunResult inside;
    checkRanges(window(0.5, 1.5), s, inside);
    CHECK(inside.invalid);
    REQUIRE(hasFlag(inside.flags, "core.analysis.range-changed"));
    CHECK(inside.flags.front().english() ==
          QStringLiteral("range changed inside the run (300 V × 0.5 A to 300 V × 1 A): left out "
                         "of the medians"));
    // A run that ended before the change is untouched.
    RunResult before;
    checkRanges(window(0.1, 0.8), s, before);
    CHECK_FALSE(before.invalid);
    // A run wholly on another range than the session set (the baseline's) is invalid too.
    RunResult after;
    checkRanges(window(1.2, 1.9), s, after);
    CHECK(after.invalid);
}

TEST_CASE("ranges: an over-range update inside the run invalidates it", "[ranges]")
{
    std::vector<PowerSample> s = steadySamples();
    s[7].overRange = true; // ends at 0.8 s
    s[7].valid = false;
    s[8].overRange = true;
    s[8].valid = false;
    RunResult r;
    checkRanges(window(0.5, 1.5), s, r);
    CHECK(r.invalid);
    REQUIRE(hasFlag(r.flags, "core.analysis.over-range-run"));
    CHECK(r.flags.front().english().contains(QStringLiteral("(2 updates)")));
    // Through the analysis of the run: flagged and invalid, its figures still computed.
    BaselineResult baseline;
    baseline.stats = meanStats({4.0, 4.1, 3.9});
    const RunResult a = analyseRun(window(0.5, 1.5), s, baseline, MeterAccuracy{}, 5);
    CHECK(a.invalid);
    CHECK(hasFlag(a.flags, "core.analysis.over-range-run"));
    CHECK(a.netWatts == Approx(6.0));
}

TEST_CASE("ranges: auto-range allowed by the operator flags the run without invalidating it",
          "[ranges]")
{
    RunInput in = window(0.5, 1.5);
    in.autoRange = true;
    in.voltageRange = in.currentRange = std::nan("");
    RunResult r;
    checkRanges(in, steadySamples(), r);
    CHECK_FALSE(r.invalid);
    CHECK(hasFlag(r.flags, "core.analysis.auto-range"));
}

TEST_CASE("ranges: invalid runs are left out of the medians and spreads over repeats", "[ranges]")
{
    SessionData d;
    const auto run = [&](int ordinal, double net, bool invalid) {
        StoredRun r;
        r.ordinal = ordinal;
        r.cipher = QStringLiteral("aes-128-xts");
        r.backend = QStringLiteral("openssl");
        r.operation = QStringLiteral("encrypt");
        r.bufferBytes = 4096;
        r.status = RunStatus::Done;
        RunResult a;
        a.netWatts = net;
        a.netLow = net - 0.1;
        a.netHigh = net + 0.1;
        if (invalid) {
            std::vector<PowerSample> over = steadySamples();
            over[7].overRange = true;
            checkRanges(window(0.5, 1.5), over, a); // sets a.invalid and its flag
        }
        r.analysis = a;
        d.runs.push_back(r);
    };
    run(1, 8.0, false);
    run(2, 50.0, true);
    run(3, 8.2, false);
    const std::vector<ResultRow> rows = resultRows(d);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].measured == 3);
    CHECK(rows[0].invalid == 1);
    CHECK(rows[0].netWatts.value == Approx(8.1)); // median of 8.0 and 8.2
    CHECK(rows[0].netWatts.max == Approx(8.2));
    CHECK(rows[0].netWatts.high == Approx(8.3));
    CHECK(hasFlag(rows[0].flags, "core.analysis.over-range-run"));
}

TEST_CASE("ranges: the advisor picks the smallest ranges with headroom", "[ranges]")
{
    // A 30 W mains DUT: 230 V (peak 230 x √2 = 325.3 V), I = 30 / (0.92 x 230) = 0.1418 A
    // with a switched-mode supply's crest factor 2.5 (peak 0.3545 A).
    const LoadPeaks dut = load(230, 325.3, 0.1418, 0.3545, 30);
    SECTION("WT332: 300 V x 0.5 A")
    {
        const RangeAdvice a = adviseRanges(dut, advisorFor("WT332"));
        REQUIRE(a.chosen);
        CHECK(a.chosen->volts == 300);
        CHECK(a.chosen->amps == 0.5);
        CHECK(a.chosen->powerRangeWatts == Approx(150));
        // 45-66 Hz: ±(0.1 % of 30 W + 0.1 % of 150 W) = ±0.18 W, range term ±0.15 W.
        CHECK(a.chosen->limitWatts == Approx(0.18));
        CHECK(a.chosen->rangeTermWatts == Approx(0.15));
        CHECK(a.chosen->standardUncertaintyWatts == Approx(0.18 / std::sqrt(3.0)));
        // In a net power on these fixed ranges a quarter of the range term is not common to
        // the two windows: √2 x 0.25 x 0.15 W = 0.0530 W.
        CHECK(a.chosen->netRangeTermWatts == Approx(0.0530330).epsilon(1e-5));
        // Shown beside it: the next current range and the next voltage range.
        REQUIRE(a.alternatives.size() == 3);
        CHECK(a.alternatives[1].amps == 1);
        CHECK(a.alternatives[1].rangeTermWatts == Approx(0.3));
        CHECK(a.alternatives[2].volts == 600);
    }
    SECTION("WT310: 300 V x 0.2 A (0.1 A is below 0.1418 A rms)")
    {
        const RangeAdvice a = adviseRanges(dut, advisorFor("WT310"));
        REQUIRE(a.chosen);
        CHECK(a.chosen->volts == 300);
        CHECK(a.chosen->amps == 0.2);
        CHECK(a.chosen->rangeTermWatts == Approx(0.06)); // 0.1 % of 60 W
    }
    SECTION("WT332E: the 45-66 Hz range term is 0.05 %")
    {
        const RangeAdvice a = adviseRanges(dut, advisorFor("WT332E"));
        REQUIRE(a.chosen);
        CHECK(a.chosen->rangeTermWatts == Approx(0.075));
    }
}

TEST_CASE("ranges: the peak decides when the crest factor is high", "[ranges]")
{
    // 0.09 A rms fits 0.1 A, but a peak of 0.45 A is beyond 0.9 x 3 x 0.1 = 0.27 A; 0.2 A
    // takes 0.54 A.
    RangeAdvice a = adviseRanges(load(230, 325.3, 0.09, 0.45, 19), advisorFor("WT310"));
    REQUIRE(a.chosen);
    CHECK(a.chosen->amps == 0.2);
    // Without a peak reading the assumed crest factor 2.5 gives 0.225 A: 0.1 A holds it.
    a = adviseRanges(load(230, std::nan(""), 0.09, std::nan(""), 19), advisorFor("WT310"));
    REQUIRE(a.chosen);
    CHECK(a.chosen->amps == 0.1);
}

TEST_CASE("ranges: a DC load, and loads no range holds", "[ranges]")
{
    // 12 V DC at 2 A on a WT332E: 15 V (12 <= 15) x 2 A (2 <= 2); DC ±(0.1 % of 24 W + 0.2 % of
    // 30 W) = ±0.084 W.
    RangeAdvice a = adviseRanges(load(12, 12, 2, 2, 24), advisorFor("WT332E", true));
    REQUIRE(a.chosen);
    CHECK(a.chosen->volts == 15);
    CHECK(a.chosen->amps == 2);
    CHECK(a.chosen->limitWatts == Approx(0.084));
    // 25 A rms is more than the WT332's 20 A range.
    a = adviseRanges(load(230, 325, 25, 35, 5000), advisorFor("WT332"));
    CHECK_FALSE(a.chosen);
    CHECK(a.problem.id() == QStringLiteral("core.ranges.no-range-holds"));
    CHECK(a.problem.english().contains(QStringLiteral("20 A")));
    // Over range while probing: the load is not known.
    LoadPeaks over = load(230, 325, 0.1, 0.25, 20);
    over.addOverRange();
    a = adviseRanges(over, advisorFor("WT332"));
    CHECK_FALSE(a.chosen);
    CHECK(a.problem.id() == QStringLiteral("core.ranges.probe-over-range"));
    CHECK(adviseRanges(LoadPeaks{}, advisorFor("WT332")).problem.id() ==
          QStringLiteral("core.ranges.no-readings"));
}

TEST_CASE("ranges: the meter's set-up asked for is stored with the settings", "[ranges]")
{
    SessionSettings s;
    s.meterMode = cipherwatt::instruments::MeasurementMode::Dc;
    s.voltageRange = Range{false, 300};
    s.currentRange = Range{true, 0};
    s.allowAutoRange = true;
    const SessionSettings back = settingsFromJson(toJson(s));
    CHECK(back.meterMode == cipherwatt::instruments::MeasurementMode::Dc);
    REQUIRE(back.voltageRange);
    CHECK_FALSE(back.voltageRange->automatic);
    CHECK(back.voltageRange->value == 300);
    REQUIRE(back.currentRange);
    CHECK(back.currentRange->automatic);
    CHECK(back.allowAutoRange);
    CHECK_FALSE(back.rangesAutoFix);
    // Settings without them read as before (and write nothing new).
    const QJsonObject plain = toJson(SessionSettings{});
    CHECK_FALSE(plain.contains(QStringLiteral("voltage_range")));
    CHECK_FALSE(settingsFromJson(plain).voltageRange);
}
