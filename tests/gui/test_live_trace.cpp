// The live trace (the model the plot draws from): points, duplicates, phases, the running
// baseline mean, and value ranges over blocks checked against every point.

#include <cipherwatt/instruments/measurement.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <measure/live_trace.h>
#include <random>

using cipherwatt::core::PhaseKind;
using cipherwatt::gui::Channel;
using cipherwatt::gui::LiveTrace;
namespace SampleFlag = cipherwatt::instruments::SampleFlag;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

} // namespace

TEST_CASE("live trace: value ranges over any span match a scan of every point", "[gui]")
{
    LiveTrace trace;
    std::mt19937 rng(7);
    std::normal_distribution<double> noise(0.0, 1.0);
    std::uniform_int_distribution<int> pick(0, 99);
    for (int i = 1; i <= 5000; ++i) {
        const double watts = pick(rng) < 3 ? kNaN : 10 + noise(rng);
        trace.append(i * 0.1, 0.1, 0, 0, watts, 230 + noise(rng), watts / 230);
    }
    std::uniform_real_distribution<double> at(-10.0, 510.0);
    for (int k = 0; k < 500; ++k) {
        double from = at(rng);
        double to = at(rng);
        if (from > to)
            std::swap(from, to);
        double lo = 0;
        double hi = 0;
        const bool any = trace.valueRange(Channel::Power, from, to, lo, hi);
        double scanLo = std::numeric_limits<double>::infinity();
        double scanHi = -scanLo;
        for (std::size_t i = 0; i < trace.size(); ++i) {
            const double v = trace.values(Channel::Power)[i];
            if (trace.times()[i] >= from && trace.times()[i] <= to && std::isfinite(v)) {
                scanLo = std::min(scanLo, v);
                scanHi = std::max(scanHi, v);
            }
        }
        INFO(from << " to " << to);
        REQUIRE(any == std::isfinite(scanLo));
        if (any) {
            CHECK(lo == scanLo);
            CHECK(hi == scanHi);
        }
    }
}

TEST_CASE("live trace: duplicates, phases, the running baseline and flags", "[gui]")
{
    LiveTrace trace;
    trace.beginPhase(PhaseKind::Prepare, QStringLiteral("prepared"), 0.0, 0.0);
    trace.append(0.1, 0.1, 0, 0, 3.0, 230, 0.1);
    trace.beginPhase(PhaseKind::Baseline, QStringLiteral("idle baseline"), 0.15, 60.0);
    // The update ending at 0.2 began before the baseline: not counted.
    trace.append(0.2, 0.1, 0, 0, 100.0, 230, 0.1);
    trace.append(0.3, 0.1, 0, 0, 4.0, 230, 0.1);
    trace.append(0.4, 0.1, SampleFlag::Duplicate, 0, 4.0, 230, 0.1);
    trace.append(0.5, 0.1, SampleFlag::OverRange, 0, kNaN, 230, kNaN);
    trace.append(0.8, 0.1, SampleFlag::Gap, 2, 6.0, 230, 0.1);
    CHECK(trace.updates() == 6);
    CHECK(trace.size() == 5);
    CHECK(trace.baselineCount() == 2);
    CHECK(trace.baselineMean() == Approx(5.0));
    CHECK_FALSE(trace.baselineFinal());
    trace.setFinalBaseline(4.5, 600);
    CHECK(trace.baselineMean() == 4.5);
    CHECK(trace.baselineCount() == 600);
    CHECK(trace.flagCount(SampleFlag::Duplicate) == 1);
    CHECK(trace.flagCount(SampleFlag::OverRange) == 1);
    CHECK(trace.flagCount(SampleFlag::Gap) == 1);
    CHECK(trace.flagCount(SampleFlag::NoData) == 0);
    REQUIRE(trace.flagged().size() == 3);
    CHECK(trace.flagged()[2].missedBefore == 2);

    const std::uint64_t revision = trace.labelRevision();
    trace.beginPhase(PhaseKind::Run, QStringLiteral("run"), 1.0, 10.0);
    CHECK(trace.labelRevision() > revision);
    CHECK(trace.phases()[1].end == 1.0); // the baseline ended where the run began
    CHECK(trace.phaseAt(0.5)->kind == PhaseKind::Baseline);
    CHECK(trace.phaseAt(0.05)->kind == PhaseKind::Prepare);
    CHECK(trace.phaseAt(1.5)->kind == PhaseKind::Run);
    CHECK(trace.openPhase() == &trace.phases().back());
    CHECK(trace.now() == 1.0);
    trace.append(1.1, 0.1, 0, 0, 12.5, 230, 0.06);
    CHECK(trace.now() == Approx(1.1));
    trace.endPhases(1.1);
    CHECK(trace.openPhase() == nullptr);
    CHECK(trace.phaseAt(2.0) == nullptr);
    CHECK(trace.nearest(0.26) == 2);
    CHECK(trace.nearest(99.0) == trace.size() - 1);
    CHECK_FALSE(trace.phases()[0].shaded());
    CHECK(trace.phases()[1].shaded());
    trace.clear();
    CHECK(trace.size() == 0);
    CHECK(trace.phases().empty());
    CHECK(std::isnan(trace.baselineMean()));
}
