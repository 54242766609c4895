// The simulated WT332's crest factor and the faults the recovery tests use: their text forms,
// and what each does at the SCPI level. The crest factor rules are the manual's (IM
// WT310E-01EN section 2.7 and page 2-7, IM WT310E-02EN section 1.5), as the reference and
// plausibility.h quote them.

#include <cipherwatt/instruments/scpi.h>
#include <cipherwatt/instruments/simulator.h>

#include <QElapsedTimer>
#include <QThread>
#include <catch2/catch.hpp>

using namespace cipherwatt::instruments;

namespace {

SimProfile quietProfile(double watts, const char *model = "WT332")
{
    SimProfile p;
    p.model = QString::fromLatin1(model);
    p.load = SimProfile::Load::Script;
    p.steps = {{0.0, watts}};
    p.noise = 0.0;
    return p;
}

QByteArray ask(Wt300Simulator &sim, const char *message)
{
    return sim.execute(message).response;
}

void setUp100ms(Wt300Simulator &sim)
{
    for (const char *c :
         {"*CLS", ":COMM:HEAD OFF", ":COMM:VERB ON", ":RATE 100MS", ":STAT:FILT1 FALL",
          ":NUM:NORM:NUM 3", ":NUM:NORM:ITEM1 U,1", ":NUM:NORM:ITEM2 I,1", ":NUM:NORM:ITEM3 P,1"})
        ask(sim, c);
    ask(sim, ":STAT:EESR?");
}

// The values of the next update, in ASCII.
QByteArray nextValues(Wt300Simulator &sim)
{
    ask(sim, ":COMM:WAIT 1");
    ask(sim, ":STAT:EESR?");
    return ask(sim, ":NUM:NORM:VAL?");
}

int errorCode(Wt300Simulator &sim)
{
    return scpi::parseErrorEntry(ask(sim, ":STAT:ERR?"))->code;
}

} // namespace

TEST_CASE("simulator: crest factor 3, 6 and 6A, their ranges and over-range limits", "[sim]")
{
    SECTION("crest factor 6 halves the ranges and sets the largest")
    {
        Wt300Simulator sim(quietProfile(5.0));
        setUp100ms(sim);
        CHECK(ask(sim, ":INP:CFAC?") == "3");
        ask(sim, ":INP:CFAC 6");
        CHECK(ask(sim, ":INP:CFAC?") == "6");
        CHECK(*scpi::parseReal(ask(sim, ":INP:VOLT:RANG?"), "U") == 300.0); // 600 V / 2
        CHECK(*scpi::parseReal(ask(sim, ":INP:CURR:RANG?"), "I") == 10.0);  // 20 A / 2
        ask(sim, ":INP:VOLT:RANG 75V"); // a crest factor 6 range (150 V / 2)
        CHECK(errorCode(sim) == 0);
        CHECK(*scpi::parseReal(ask(sim, ":INP:VOLT:RANG?"), "U") == 75.0);
        ask(sim, ":INP:VOLT:RANG 600V"); // a crest factor 3 range only
        CHECK(errorCode(sim) == 224);
        // 6A is a WT300E setting: the WT332 refuses it.
        ask(sim, ":INP:CFAC A6");
        CHECK(errorCode(sim) == 224);
    }
    SECTION("crest factor 6A doubles the over-range limit: 230 V on the 150 V range is 153 %")
    {
        Wt300Simulator sim(quietProfile(5.0, "WT332E"));
        setUp100ms(sim);
        ask(sim, ":INP:VOLT:RANG 150V");
        nextValues(sim);                          // may have been measured before the range changed
        CHECK(nextValues(sim).startsWith("INF")); // beyond 140 % of 150 V = 210 V
        ask(sim, ":INP:CFAC A6");
        CHECK(errorCode(sim) == 0);
        CHECK(ask(sim, ":INP:CFAC?") == "A6");
        ask(sim, ":INP:VOLT:RANG 150V");
        nextValues(sim);
        CHECK(nextValues(sim).startsWith("2.3000E+02")); // within 280 % of 150 V = 420 V
    }
    SECTION("a profile sets the crest factor at power-on")
    {
        auto p = SimProfile::parse(QStringLiteral("model WT310E\ncrest_factor 6A\n"));
        REQUIRE(p.ok());
        CHECK(p->crestFactor == CrestFactor::SixA);
        CHECK_FALSE(SimProfile::parse(QStringLiteral("model WT310\ncrest_factor 6A\n")).ok());
        CHECK_FALSE(SimProfile::parse(QStringLiteral("crest_factor 4\n")).ok());
        Wt300Simulator sim(*p);
        ask(sim, ":COMM:HEAD OFF");
        CHECK(ask(sim, ":INP:CFAC?") == "A6");
        CHECK(*scpi::parseReal(ask(sim, ":INP:CURR:RANG?"), "I") == 10.0);
    }
}

TEST_CASE("simulator: fault texts for recovery tests", "[sim]")
{
    auto dropFor = SimFault::parse(QStringLiteral("dropfor@2:1.5"));
    REQUIRE(dropFor.ok());
    CHECK(dropFor->kind == SimFault::Kind::DropFor);
    CHECK(dropFor->atSeconds == 2.0);
    CHECK(dropFor->seconds == 1.5);
    auto implausible = SimFault::parse(QStringLiteral("implausible@1:3"));
    REQUIRE(implausible.ok());
    CHECK(implausible->kind == SimFault::Kind::Implausible);
    CHECK(implausible->count == 3);
    CHECK(implausible->value == 1e30);
    CHECK(SimFault::parse(QStringLiteral("implausible@1:1:296.94"))->value == 296.94);
    auto garbage = SimFault::parse(QStringLiteral("garbage@1.5:2"));
    REQUIRE(garbage.ok());
    CHECK(garbage->kind == SimFault::Kind::Garbage);
    CHECK(garbage->count == 2);
    CHECK(garbage->garbage == SimFault::Garbage::Mixed);
    CHECK(SimFault::parse(QStringLiteral("garbage@1:1:huge"))->garbage == SimFault::Garbage::Huge);
    CHECK(SimFault::parse(QStringLiteral("garbage@1:1:TEXT"))->garbage == SimFault::Garbage::Text);
    CHECK(SimFault::parse(QStringLiteral("garbage@1:1:truncated"))->garbage ==
          SimFault::Garbage::Truncated);

    for (const char *bad :
         {"dropfor@1", "dropfor@1:0", "garbage@1:1:salad", "garbage@1:0.5", "implausible@1:1:lots",
          "implausible@1:1:1e39", "stall@1:2:3", "drop@1:2"}) {
        INFO(bad);
        auto f = SimFault::parse(QString::fromLatin1(bad));
        REQUIRE_FALSE(f.ok());
        // The error lists every form, so that whoever typed it sees the right one.
        CHECK(f.error().message.english().contains(QStringLiteral("dropfor@S:SECONDS")));
        CHECK(f.error().message.english().contains(QStringLiteral("garbage@S:REPLIES")));
    }

    auto profile = SimProfile::parse(QStringLiteral("fault stall@5:2\nfault garbage@1:1:text\n"));
    REQUIRE(profile.ok());
    REQUIRE(profile->faults.size() == 2);
    CHECK(profile->faults[0].kind == SimFault::Kind::Stall);
    CHECK(profile->faults[1].garbage == SimFault::Garbage::Text);
    auto badProfile = SimProfile::parse(QStringLiteral("noise 0\nfault melt@1\n"));
    REQUIRE_FALSE(badProfile.ok());
    CHECK(badProfile.error().message.english().contains(QStringLiteral("line 2")));
}

TEST_CASE("simulator: implausible values, malformed replies and drops", "[sim]")
{
    SECTION("implausible: element 1 reports the given power for that many updates")
    {
        Wt300Simulator sim(quietProfile(5.0));
        setUp100ms(sim);
        SimFault f;
        f.kind = SimFault::Kind::Implausible;
        f.count = 2;
        sim.inject(f);
        ask(sim, ":STAT:EESR?"); // the next wait ends at an update made after the injection
        CHECK(nextValues(sim) == "2.3000E+02,2.3629E-02,1.0000E+30");
        CHECK(nextValues(sim) == "2.3000E+02,2.3629E-02,1.0000E+30");
        CHECK(nextValues(sim) == "2.3000E+02,2.3629E-02,5.0000E+00");
    }
    SECTION("garbage: truncated, text and huge replies to VAL? in turn, other replies intact")
    {
        Wt300Simulator sim(quietProfile(5.0));
        setUp100ms(sim);
        const QByteArray good = nextValues(sim);
        SimFault f;
        f.kind = SimFault::Kind::Garbage;
        f.count = 3;
        sim.inject(f);
        CHECK(ask(sim, ":STAT:ERR?") == "0,\"No error\"");
        const QByteArray truncated = nextValues(sim);
        CHECK(truncated.size() == good.size() / 2);
        CHECK_FALSE(scpi::parseAsciiValues(truncated, 3).ok());
        CHECK_FALSE(scpi::parseAsciiValues(nextValues(sim), 3).ok());
        const QByteArray huge = nextValues(sim);
        CHECK(huge.size() > (qsizetype{1} << 20)); // more than any reader takes
        CHECK(nextValues(sim) == good);
    }
    SECTION("drop: the link closes and no connection is taken again")
    {
        Wt300Simulator sim(quietProfile(5.0));
        SimFault f;
        f.kind = SimFault::Kind::Drop;
        CHECK(sim.acceptsConnection());
        sim.inject(f);
        CHECK(sim.execute("*IDN?").dropped);
        CHECK_FALSE(sim.acceptsConnection());
        CHECK(sim.gone());
    }
    SECTION("dropfor: the link closes and connections are refused for the given time")
    {
        Wt300Simulator sim(quietProfile(5.0));
        SimFault f;
        f.kind = SimFault::Kind::DropFor;
        f.seconds = 0.5;
        sim.inject(f);
        QElapsedTimer timer;
        timer.start();
        CHECK(sim.execute("*IDN?").dropped);
        CHECK_FALSE(sim.acceptsConnection());
        CHECK_FALSE(sim.gone());
        while (!sim.acceptsConnection() && timer.elapsed() < 3000)
            QThread::msleep(20);
        CHECK(timer.elapsed() >= 450);
        CHECK(timer.elapsed() < 1500);
        CHECK(sim.execute("*IDN?").hasResponse);
    }
}
