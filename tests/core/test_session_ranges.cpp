// Sessions and the meter's ranges (issue 17), on the scripted simulated WT332
// (tests/data/sim/worker-threshold.profile: 4.0 W idle, 12.5 W while the worker runs, at
// 230 V and power factor 0.92): auto-range refused unless allowed and then flagged, the mode
// and fixed ranges applied and stored, the range advisor's ranges fixed before the baseline,
// and a run measured across a range change left out of the medians.

#include <cipherwatt/core/results.h>
#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/storage.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <session_helpers.h>
#include <temp_dir.h>

using namespace cipherwatt::core;
using cipherwatt::instruments::Range;
using cipherwatt::test::hasFlag;
using cipherwatt::test::localOptions;
using cipherwatt::test::phaseKinds;
using cipherwatt::test::phaseOf;
using cipherwatt::test::TempDir;

namespace {

SessionSettings settings(double runSeconds = 3.0)
{
    return cipherwatt::test::thresholdSettings(QStringLiteral("chacha20/botan:encrypt"), 2.0,
                                               runSeconds, 20);
}

} // namespace

TEST_CASE("session ranges: auto-range is refused with the fix named, nothing stored",
          "[session][ranges]")
{
    TempDir dir;
    const RunnerOptions opts = localOptions(dir.path());
    SessionSettings s = settings();
    s.currentRange = Range{true, 0.0};
    bool rejected = false;
    const auto out = cipherwatt::test::runSession(s, opts, [&](SessionRunner &runner) {
        QObject::connect(&runner, &SessionRunner::finished, &runner,
                         [&] { rejected = runner.rejectedSettings(); });
    });
    CHECK(out.status == SessionStatus::Failed);
    CHECK(rejected);
    CHECK(out.session == 0);
    CHECK(out.reason.contains(QStringLiteral("auto-range (U 300 V, I auto)")));
    CHECK(out.reason.contains(QStringLiteral("--voltage-range and --current-range")));
    CHECK(out.reason.contains(QStringLiteral("--ranges auto-fix")));
    CHECK(out.reason.contains(QStringLiteral("--allow-auto-range")));
}

TEST_CASE("session ranges: auto-range allowed flags every result, stored as asked",
          "[session][ranges]")
{
    TempDir dir;
    const RunnerOptions opts = localOptions(dir.path());
    SessionSettings s = settings();
    s.voltageRange = Range{true, 0.0};
    s.currentRange = Range{true, 0.0};
    s.allowAutoRange = true;
    s.repeats = 2;
    const auto out = cipherwatt::test::runSession(s, opts);
    INFO(out.reason.toStdString());
    REQUIRE(out.status == SessionStatus::Complete);
    const SessionData d = cipherwatt::test::loadSession(opts.databasePath, out.session);
    CHECK(d.meter.voltageRange.automatic);
    CHECK(d.meter.currentRange.automatic);
    CHECK(d.settings.allowAutoRange);
    REQUIRE(d.runs.size() == 2);
    for (const StoredRun &r : d.runs) {
        REQUIRE(r.analysis);
        CHECK(hasFlag(r.analysis->flags, "core.analysis.auto-range"));
        // 12.5 W at 230 V stays on the WT332's smallest ranges: no change, still measured.
        CHECK_FALSE(r.analysis->invalid);
        CHECK(std::fabs(r.analysis->netWatts - 8.5) <= 0.005 * 8.5);
    }
    CHECK(out.warnings.join(QLatin1Char('\n')).contains(QStringLiteral("as the operator allowed")));
}

TEST_CASE("session ranges: the mode and fixed ranges are applied, read with every update and "
          "stored",
          "[session][ranges]")
{
    TempDir dir;
    const RunnerOptions opts = localOptions(dir.path());
    SessionSettings s = settings();
    s.meterMode = cipherwatt::instruments::MeasurementMode::Dc;
    s.voltageRange = Range{false, 600};
    s.currentRange = Range{false, 1};
    const auto out = cipherwatt::test::runSession(s, opts);
    INFO(out.reason.toStdString());
    REQUIRE(out.status == SessionStatus::Complete);
    const SessionData d = cipherwatt::test::loadSession(opts.databasePath, out.session);
    CHECK(d.meter.mode == QStringLiteral("DC"));
    CHECK(d.meter.voltageRange.value == 600);
    CHECK_FALSE(d.meter.voltageRange.automatic);
    CHECK(d.meter.currentRange.value == 1);
    CHECK(d.meter.powerRangeWatts == Approx(600));
    // DC mode: the WT332's DC figures, ±(0.1 % of reading + 0.2 % of range) (IM WT310-02EN
    // section 7.3.2).
    CHECK(d.meter.accuracyOfReading == Approx(0.001));
    CHECK(d.meter.accuracyOfRange == Approx(0.002));
    CHECK(d.meter.items.contains(QStringLiteral("Urange1 [V]")));
    CHECK(d.meter.items.contains(QStringLiteral("Irange1 [A]")));
    CHECK(d.settings.voltageRange->value == 600);
    // Every update carries the ranges.
    const auto column = d.meter.items.indexOf(QStringLiteral("Irange1 [A]"));
    REQUIRE(column >= 0);
    REQUIRE(!d.samples.empty());
    for (const StoredSample &sample : d.samples)
        CHECK(sample.values.at(static_cast<std::size_t>(column)) == Approx(1.0));
    REQUIRE(d.runs.size() == 1);
    CHECK_FALSE(d.runs[0].analysis->invalid);
}

TEST_CASE("session ranges: --ranges auto-fix fixes the advisor's ranges before the baseline",
          "[session][ranges]")
{
    TempDir dir;
    const RunnerOptions opts = localOptions(dir.path());
    SessionSettings s = settings();
    s.runLength.kind = RunLength::Kind::Automatic;
    s.voltageRange = Range{true, 0.0};
    s.currentRange = Range{true, 0.0};
    s.rangesAutoFix = true;
    const auto out = cipherwatt::test::runSession(s, opts);
    INFO(out.reason.toStdString());
    REQUIRE(out.status == SessionStatus::Complete);
    const SessionData d = cipherwatt::test::loadSession(opts.databasePath, out.session);
    // 230 V rms (325 V peak) and at most 12.5 / (0.92 x 230) = 0.059 A: 300 V and 0.5 A, the
    // smallest that hold them (range_advisor.h).
    CHECK_FALSE(d.meter.voltageRange.automatic);
    CHECK_FALSE(d.meter.currentRange.automatic);
    CHECK(d.meter.voltageRange.value == 300);
    CHECK(d.meter.currentRange.value == 0.5);
    CHECK(d.meter.powerRangeWatts == Approx(150));
    bool advised = false;
    for (const StoredEvent &e : d.events)
        advised = advised || e.text.id() == QLatin1String("core.runner.range-advice");
    CHECK(advised);
    REQUIRE(d.runs.size() == 1);
    REQUIRE(d.runs[0].analysis);
    CHECK_FALSE(hasFlag(d.runs[0].analysis->flags, "core.analysis.auto-range"));
    CHECK_FALSE(d.runs[0].analysis->invalid);
    CHECK(std::fabs(d.runs[0].analysis->netWatts - 8.5) <= 0.005 * 8.5);
}

TEST_CASE("session ranges: a range changed inside a run leaves that run out of the medians",
          "[session][ranges]")
{
    // The current range is set to 1 A at the front panel and back to 0.5 A 0.5 s later (the
    // simulator's `irange` faults), while the second of three repeats runs. Where exactly
    // each run lies in the simulator's time depends on the machine; the check takes the
    // stored IRANge column for what happened in each run.
    TempDir dir;
    const auto profile = dir.path() / "range.profile";
    {
        std::ifstream base(CIPHERWATT_TEST_DATA "/sim/worker-threshold.profile");
        std::ofstream out(profile);
        out << base.rdbuf() << "\nfault irange@9:1\nfault irange@9.5:0.5\n";
    }
    const RunnerOptions opts = localOptions(dir.path());
    SessionSettings s = settings(3.0);
    s.meterResource = QStringLiteral("sim:") + QString::fromStdString(profile.string());
    s.repeats = 3;
    const auto out = cipherwatt::test::runSession(s, opts);
    INFO(out.reason.toStdString());
    REQUIRE(out.status == SessionStatus::Complete);
    const SessionData d = cipherwatt::test::loadSession(opts.databasePath, out.session);
    const auto column = d.meter.items.indexOf(QStringLiteral("Irange1 [A]"));
    REQUIRE(column >= 0);
    REQUIRE(d.runs.size() == 3);
    int changed = 0;
    std::vector<double> valid;
    for (const StoredRun &r : d.runs) {
        REQUIRE(r.analysis);
        bool sawOther = false;
        for (const StoredSample &sample : d.samples) {
            // Updates whole inside the run's loop, as the analysis counts them.
            if (sample.tNs - sample.intervalMs * 1000000 >= r.windowStartNs &&
                sample.tNs <= r.windowEndNs)
                sawOther =
                    sawOther || sample.values.at(static_cast<std::size_t>(column)) != Approx(0.5);
        }
        INFO("run " << r.ordinal);
        CHECK(r.analysis->invalid == sawOther);
        CHECK(hasFlag(r.analysis->flags, "core.analysis.range-changed") == sawOther);
        if (sawOther)
            ++changed;
        else
            valid.push_back(r.analysis->netWatts);
    }
    // The faults fall in a run (or, on a slow machine, across the gap between two).
    REQUIRE(changed >= 1);
    REQUIRE(changed <= 2);
    const std::vector<ResultRow> rows = resultRows(d);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].invalid == changed);
    std::sort(valid.begin(), valid.end());
    const double median = valid.size() == 1 ? valid[0] : (valid[0] + valid[1]) / 2;
    CHECK(rows[0].netWatts.value == Approx(median));
    CHECK(hasFlag(rows[0].flags, "core.analysis.range-changed"));
}
