// The plausibility limits against the manual's over-range rule, computed by hand here: a
// voltage or current is over range past 140 % of its rated range (280 % with crest factor 6A;
// the WT310HC/EH's 40 A range 110 %, 220 % with 6A), IM WT310E-02EN section 1.5; crest factor
// 6 and 6A ranges are half the crest factor 3 ones (IM WT310E-01EN page 2-7). A reading at
// 139 % of a range is plausible, one at 141 % is not.

#include <cipherwatt/instruments/plausibility.h>
#include <cipherwatt/instruments/wt300.h>

#include <catch2/catch.hpp>

#include <cmath>

using namespace cipherwatt::instruments;

namespace {

const ModelInfo &model(const char *name)
{
    const Wt300Model *m = findWt300Model(QString::fromLatin1(name));
    REQUIRE(m != nullptr);
    return m->info;
}

Range fixed(double value)
{
    return Range{false, value};
}

Range automatic(double now)
{
    return Range{true, now};
}

// Whether `value` of `item` passes, as the driver decides (|value| <= limit).
bool plausible(double value, const Item &item, const RangeLimits &limits, int elements)
{
    return std::fabs(value) <= plausibleLimit(item, limits, elements);
}

} // namespace

TEST_CASE("plausibility: WT332, crest factor 3, fixed 300 V and 0.5 A ranges", "[plausibility]")
{
    const RangeLimits l = rangeLimits(model("WT332"), CrestFactor::Three, fixed(300.0), fixed(0.5));
    // 1.4 x 300 V = 420 V; 1.4 x 0.5 A = 0.7 A; 420 V x 0.7 A = 294 W.
    CHECK(l.volts == Approx(420.0));
    CHECK(l.amps == Approx(0.7));
    const Item u{Function::U, 1};
    const Item i{Function::I, 1};
    const Item p{Function::P, 1};
    CHECK(plausible(417.0, u, l, 2));        // 139 % of 300 V
    CHECK(plausible(-417.0, u, l, 2));       // DC of either sign
    CHECK_FALSE(plausible(423.0, u, l, 2));  // 141 %
    CHECK(plausible(0.695, i, l, 2));        // 139 % of 0.5 A
    CHECK_FALSE(plausible(0.705, i, l, 2));  // 141 %
    CHECK(plausible(291.06, p, l, 2));       // 99 % of 294 W
    CHECK_FALSE(plausible(296.94, p, l, 2)); // 101 %
    CHECK_FALSE(plausible(1e30, p, l, 2));
    CHECK(plausible(291.06, Item{Function::S, 1}, l, 2));
    CHECK_FALSE(plausible(-296.94, Item{Function::Q, 3}, l, 2));
    // Σ of the WT332's two elements: twice as much.
    CHECK(plausibleLimit(Item{Function::P, kSigma}, l, 2) == Approx(588.0));
    CHECK(plausible(587.0, Item{Function::P, kSigma}, l, 2));
    CHECK_FALSE(plausible(589.0, Item{Function::P, kSigma}, l, 2));
    CHECK(plausibleLimit(Item{Function::U, kSigma}, l, 2) == Approx(840.0));
    // Functions the manual gives no limit for are not checked.
    for (const Function f : {Function::Lambda, Function::Phi, Function::FU, Function::UPPeak,
                             Function::WH, Function::Time}) {
        CHECK(std::isinf(plausibleLimit(Item{f, 1}, l, 2)));
    }
}

TEST_CASE("plausibility: auto-range counts the model's largest range", "[plausibility]")
{
    // WT332, crest factor 3: 600 V and 20 A are the largest, whatever range it is on now.
    const RangeLimits l =
        rangeLimits(model("WT332"), CrestFactor::Three, automatic(15.0), automatic(0.5));
    CHECK(l.volts == Approx(840.0)); // 1.4 x 600 V
    CHECK(l.amps == Approx(28.0));   // 1.4 x 20 A
    CHECK(plausibleLimit(Item{Function::P, 1}, l, 2) == Approx(23520.0));
    // Crest factor 6 halves the ranges: 300 V and 10 A are the largest.
    const RangeLimits six =
        rangeLimits(model("WT332"), CrestFactor::Six, automatic(15.0), automatic(0.5));
    CHECK(six.volts == Approx(420.0)); // 1.4 x 300 V
    CHECK(six.amps == Approx(14.0));   // 1.4 x 10 A
    // WT333: three elements for Σ.
    const RangeLimits w333 =
        rangeLimits(model("WT333"), CrestFactor::Three, fixed(150.0), fixed(1.0));
    CHECK(plausibleLimit(Item{Function::P, kSigma}, w333, 3) == Approx(3 * 210.0 * 1.4));
}

TEST_CASE("plausibility: crest factor 6A allows 280 %", "[plausibility]")
{
    // WT332E at crest factor 6A, 150 V and 0.5 A ranges: 2.8 x 150 V = 420 V, 2.8 x 0.5 A =
    // 1.4 A, so 290 V (193 %) is a reading here and not at crest factor 3.
    const RangeLimits a = rangeLimits(model("WT332E"), CrestFactor::SixA, fixed(150.0), fixed(0.5));
    CHECK(a.volts == Approx(420.0));
    CHECK(a.amps == Approx(1.4));
    CHECK(plausible(290.0, Item{Function::U, 1}, a, 2));
    CHECK(plausible(417.0, Item{Function::U, 1}, a, 2));       // 278 %
    CHECK_FALSE(plausible(423.0, Item{Function::U, 1}, a, 2)); // 282 %
    const RangeLimits three =
        rangeLimits(model("WT332E"), CrestFactor::Three, fixed(150.0), fixed(0.5));
    CHECK_FALSE(plausible(290.0, Item{Function::U, 1}, three, 2));
    // Auto-range at 6A: the largest range is 300 V (600 V / 2), 280 % of it 840 V.
    CHECK(rangeLimits(model("WT332E"), CrestFactor::SixA, automatic(30.0), automatic(1.0)).volts ==
          Approx(840.0));
}

TEST_CASE("plausibility: the WT310EH's 40 A range is over range past 110 %", "[plausibility]")
{
    const ModelInfo &eh = model("WT310EH");
    // Crest factor 3: the 40 A range allows 44 A (110 %), the 20 A range 28 A (140 %).
    CHECK(rangeLimits(eh, CrestFactor::Three, fixed(300.0), fixed(40.0)).amps == Approx(44.0));
    CHECK(rangeLimits(eh, CrestFactor::Three, fixed(300.0), fixed(20.0)).amps == Approx(28.0));
    CHECK(rangeLimits(eh, CrestFactor::Three, fixed(300.0), automatic(1.0)).amps == Approx(44.0));
    // Crest factor 6A: the largest range is 20 A and allows 220 %, 44 A.
    CHECK(rangeLimits(eh, CrestFactor::SixA, fixed(300.0), fixed(20.0)).amps == Approx(44.0));
    // Crest factor 6, largest range 20 A: the manual's 110 % is written for a 40 A range this
    // crest factor does not have; the wider 140 % (28 A) is taken (plausibility.h).
    CHECK(rangeLimits(eh, CrestFactor::Six, fixed(300.0), fixed(20.0)).amps == Approx(28.0));
    // The WT310HC, its WT300-series twin.
    CHECK(rangeLimits(model("WT310HC"), CrestFactor::Three, fixed(300.0), fixed(40.0)).amps ==
          Approx(44.0));
    // Other models keep 140 % on their largest range: 1.4 x 20 A.
    CHECK(rangeLimits(model("WT310E"), CrestFactor::Three, fixed(300.0), fixed(20.0)).amps ==
          Approx(28.0));
}

TEST_CASE("plausibility: an unknown crest factor takes the widest limit", "[plausibility]")
{
    // Fixed 300 V / 0.5 A on a WT332E: 6A's 280 % is the widest, 840 V and 1.4 A.
    const RangeLimits l =
        rangeLimits(model("WT332E"), CrestFactor::Unknown, fixed(300.0), fixed(0.5));
    CHECK(l.volts == Approx(840.0));
    CHECK(l.amps == Approx(1.4));
    // Auto-range: crest factor 3's 1.4 x 600 V and 6A's 2.8 x 300 V are both 840 V.
    CHECK(
        rangeLimits(model("WT332E"), CrestFactor::Unknown, automatic(15.0), automatic(1.0)).volts ==
        Approx(840.0));
    // WT310EH auto-range: 44 A either way (1.1 x 40 A, 2.2 x 20 A).
    CHECK(
        rangeLimits(model("WT310EH"), CrestFactor::Unknown, automatic(15.0), automatic(1.0)).amps ==
        Approx(44.0));
    CHECK(crestFactorName(CrestFactor::SixA) == QStringLiteral("6A"));
    CHECK(crestFactorName(CrestFactor::Unknown) == QStringLiteral("unknown"));
}
