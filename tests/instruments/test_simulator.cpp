// The simulated WT332 against the meter's documented behaviour (reference wt300.md): message
// syntax (3), status model and update synchronisation (6), error codes (7), FLOAT data (5.4),
// integration (4, 6.3). Values the simulator draws come from its profile, set here.

#include <cipherwatt/instruments/scpi.h>
#include <cipherwatt/instruments/simulator.h>
#include <cipherwatt/instruments/wt300.h>

#include <QElapsedTimer>
#include <catch2/catch.hpp>

#include <thread>
#include <unistd.h>

using namespace cipherwatt::instruments;

namespace {

SimProfile quietProfile(double watts)
{
    SimProfile p;
    p.load = SimProfile::Load::Script;
    p.steps = {{0.0, watts}};
    p.noise = 0.0;
    return p;
}

// Sends a message and returns the response ("" when none).
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

} // namespace

TEST_CASE("simulator: identity marks it as simulated", "[sim]")
{
    Wt300Simulator sim;
    const auto idn = scpi::parseIdn(ask(sim, "*IDN?"));
    REQUIRE(idn.ok());
    CHECK(idn->manufacturer == QStringLiteral("YOKOGAWA"));
    CHECK(idn->model == QStringLiteral("WT332"));
    CHECK(idn->firmware.contains(QLatin1String(kSimulatorFirmwareTag)));
}

TEST_CASE("simulator: headers and verbose replies", "[sim]")
{
    Wt300Simulator sim;
    ask(sim, ":COMM:HEAD ON");
    CHECK(ask(sim, ":RATE?").startsWith(":RATE "));
    ask(sim, ":COMM:HEAD OFF");
    ask(sim, ":RATE 1S");
    CHECK(*scpi::parseReal(ask(sim, ":RATE?"), "rate") == 1.0);
    ask(sim, ":COMM:VERB ON");
    CHECK(ask(sim, ":NUM:FORM?") == "ASCII");
    ask(sim, ":COMM:VERB OFF");
    CHECK(ask(sim, ":NUMERIC:FORMAT?") == "ASC");
    // Long and short forms, any case, optional nodes, compound messages and relative headers.
    ask(sim, ":numeric:normal:number 2;:num:item2 p,sigm");
    CHECK(ask(sim, ":NUM:NORM:NUM?;:NUM:ITEM2?") == "2;P,SIGM");
    ask(sim, ":INP:VOLT:RANG 150V;AUTO OFF");
    CHECK(ask(sim, ":INPUT:VOLTAGE:RANGE?;AUTO?") == "1.5E+02;0");
}

TEST_CASE("simulator: :COMM:WAIT ends at each update and EESR? clears on reading", "[sim]")
{
    Wt300Simulator sim(quietProfile(5.0));
    setUp100ms(sim);
    QElapsedTimer timer;
    ask(sim, ":COMM:WAIT 1");
    timer.start();
    std::vector<qint64> periods;
    for (int i = 0; i < 5; ++i) {
        CHECK((scpi::parseInteger(ask(sim, ":STAT:EESR?"), "eesr").value() & 1) == 1);
        CHECK(*scpi::parseInteger(ask(sim, ":STAT:EESR?"), "eesr") == 0); // read cleared it
        ask(sim, ":COMM:WAIT 1");
        periods.push_back(timer.restart());
    }
    for (const qint64 ms : periods) {
        CHECK(ms >= 80);
        CHECK(ms <= 130);
    }
}

TEST_CASE("simulator: a wait without an enabled filter blocks until cancelled", "[sim]")
{
    Wt300Simulator sim;
    ask(sim, ":STAT:FILT1 NEV");
    ask(sim, ":STAT:EESR?");
    std::atomic<bool> cancel{false};
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(700));
        cancel = true;
    });
    QElapsedTimer timer;
    timer.start();
    const auto outcome = sim.execute(":COMM:WAIT 1;:STAT:EESR?", &cancel);
    canceller.join();
    CHECK_FALSE(outcome.hasResponse);
    CHECK(timer.elapsed() >= 650); // the meter updates every 500 ms, yet nothing ended the wait
}

TEST_CASE("simulator: error queue codes and overflow", "[sim]")
{
    Wt300Simulator sim;
    ask(sim, ":COMM:HEAD OFF");
    ask(sim, ":NOSUCH:COMMAND 1");
    CHECK(ask(sim, ":STAT:ERR?") == "113,\"Undefined header\"");
    CHECK(ask(sim, ":STAT:ERR?") == "0,\"No error\"");
    ask(sim, ":NUM:NORM:NUM 0");
    CHECK(scpi::parseErrorEntry(ask(sim, ":STAT:ERR?"))->code == 222);
    ask(sim, ":NUM:NORM:ITEM1 P,2"); // the WT332 has no element 2
    CHECK(scpi::parseErrorEntry(ask(sim, ":STAT:ERR?"))->code == 224);
    ask(sim, ":NUM:NORM:ITEM300 P,1");
    CHECK(scpi::parseErrorEntry(ask(sim, ":STAT:ERR?"))->code == 114);
    ask(sim, ":RATE");
    CHECK(scpi::parseErrorEntry(ask(sim, ":STAT:ERR?"))->code == 109);
    ask(sim, ":RATE 300MS");
    CHECK(scpi::parseErrorEntry(ask(sim, ":STAT:ERR?"))->code == 224);
    ask(sim, ":STAT:QMES OFF");
    ask(sim, ":NOSUCH");
    CHECK(ask(sim, ":STAT:ERR?") == "113");
    for (int i = 0; i < 40; ++i)
        ask(sim, ":NOSUCH");
    int last = 0;
    for (int i = 0; i < 40; ++i) {
        const int code = scpi::parseErrorEntry(ask(sim, ":STAT:ERR?"))->code;
        if (code == 0)
            break;
        last = code;
    }
    CHECK(last == 350);
    ask(sim, ":NOSUCH");
    ask(sim, "*CLS");
    CHECK(ask(sim, ":STAT:ERR?") == "0");
}

TEST_CASE("simulator: integration states and their errors", "[sim]")
{
    Wt300Simulator sim(quietProfile(36.0));
    setUp100ms(sim);
    ask(sim, ":NUM:NORM:NUM 2;:NUM:NORM:ITEM1 WH,1;:NUM:NORM:ITEM2 TIME");
    CHECK(ask(sim, ":INTEG:STAT?") == "RESET");
    ask(sim, ":INTEG:STOP");
    CHECK(scpi::parseErrorEntry(ask(sim, ":STAT:ERR?"))->code == 844);
    ask(sim, ":INTEG:STAR");
    CHECK(ask(sim, ":INTEG:STAT?") == "START");
    ask(sim, ":INTEG:STAR");
    CHECK(scpi::parseErrorEntry(ask(sim, ":STAT:ERR?"))->code == 842);
    ask(sim, ":INTEG:RES");
    CHECK(scpi::parseErrorEntry(ask(sim, ":STAT:ERR?"))->code == 845);
    ask(sim, ":RATE 1S");
    CHECK(scpi::parseErrorEntry(ask(sim, ":STAT:ERR?"))->code == 813);
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    ask(sim, ":INTEG:STOP");
    ask(sim, ":NUM:FORM FLO"); // TIME in ASCII is whole seconds (NR1)
    const auto values = scpi::parseFloatValues(ask(sim, ":NUM:NORM:VAL?"), 2);
    REQUIRE(values.ok());
    const double seconds = (*values)[1].value;
    CHECK(seconds >= 0.85); // the last update before STOP, up to one interval early
    // 36 W for t seconds is 0.01 Wh per second.
    CHECK((*values)[0].value == Approx(36.0 * seconds / 3600.0).epsilon(1e-4));
    ask(sim, ":INTEG:RES");
    CHECK(ask(sim, ":INTEG:STAT?") == "RESET");
    CHECK(scpi::parseFloatValues(ask(sim, ":NUM:NORM:VAL?"), 2)->at(0).value == 0.0);
}

TEST_CASE("simulator: FLOAT data, scripted power and the open element", "[sim]")
{
    Wt300Simulator sim(quietProfile(12.5));
    setUp100ms(sim);
    ask(sim, ":NUM:NORM:NUM 4;:NUM:NORM:ITEM4 LAMB,3");
    ask(sim, ":COMM:WAIT 1");
    ask(sim, ":STAT:EESR?");
    ask(sim, ":NUM:FORM FLO");
    const QByteArray reply = ask(sim, ":NUM:NORM:VAL?");
    CHECK(reply.startsWith("#40016"));
    const auto values = scpi::parseFloatValues(reply, 4);
    REQUIRE(values.ok());
    CHECK((*values)[0].value == Approx(230.0));
    CHECK((*values)[2].value == Approx(12.5));
    CHECK((*values)[3].state == ValueState::NoData); // nothing on element 3: no power factor
    sim.setPower(20.0);
    ask(sim, ":COMM:WAIT 1");
    ask(sim, ":STAT:EESR?");
    CHECK(scpi::parseFloatValues(ask(sim, ":NUM:NORM:VAL?"), 4)->at(2).value == Approx(20.0));
}

TEST_CASE("simulator: injected no-data and over-range updates", "[sim]")
{
    Wt300Simulator sim(quietProfile(5.0));
    setUp100ms(sim);
    ask(sim, ":STAT:FILT7 RISE"); // OVR1
    SimFault over;
    over.kind = SimFault::Kind::OverRange;
    over.count = 2;
    sim.inject(over);
    ask(sim, ":COMM:WAIT 1");
    const auto eesr = *scpi::parseInteger(ask(sim, ":STAT:EESR?"), "eesr");
    CHECK((eesr & (1 << 6)) != 0);
    CHECK(ask(sim, ":NUM:NORM:VAL?") == "INF,INF,INF");
    SimFault none;
    none.kind = SimFault::Kind::NoData;
    none.count = 1;
    sim.inject(none);
    for (int i = 0; i < 3; ++i) {
        ask(sim, ":COMM:WAIT 1");
        ask(sim, ":STAT:EESR?");
        if (ask(sim, ":NUM:NORM:VAL?") == "NAN,NAN,NAN")
            return;
    }
    FAIL("no update without data");
}

TEST_CASE("simulator: profile and fault texts", "[sim]")
{
    auto p = SimProfile::parse(QStringLiteral("load threshold # two levels\nidle_power 3.5\n"
                                              "busy_power 9\nthreshold_cores 0.6\nnoise 0\n"));
    REQUIRE(p.ok());
    CHECK(p->load == SimProfile::Load::Threshold);
    CHECK(p->idlePower == 3.5);
    CHECK(p->busyPower == 9.0);
    auto bad = SimProfile::parse(QStringLiteral("idle_power 3\nvoltage lots\n"));
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().message.english().contains(QStringLiteral("line 2")));
    CHECK_FALSE(SimProfile::parse(QStringLiteral("load script\n")).ok());
    CHECK_FALSE(SimProfile::parse(QStringLiteral("model WT9000\n")).ok());
    CHECK_FALSE(SimProfile::parse(QStringLiteral("colour blue\n")).ok());
    auto parent = SimProfile::parse(QStringLiteral("load_source worker\nload_root parent\n"));
    REQUIRE(parent.ok());
    CHECK(parent->loadProcess == QStringLiteral("cipherwatt-bench"));
    CHECK(parent->loadRoot == static_cast<qint64>(::getppid()));
    CHECK(SimProfile::parse(QStringLiteral("load_root self\n"))->loadRoot == 0);
    CHECK_FALSE(SimProfile::parse(QStringLiteral("load_root grandparent\n")).ok());

    auto f = SimFault::parse(QStringLiteral("stall@3:2.5"));
    REQUIRE(f.ok());
    CHECK(f->kind == SimFault::Kind::Stall);
    CHECK(f->atSeconds == 3.0);
    CHECK(f->seconds == 2.5);
    CHECK(SimFault::parse(QStringLiteral("error@1:813"))->code == 813);
    CHECK(SimFault::parse(QStringLiteral("drop@0.5"))->kind == SimFault::Kind::Drop);
    CHECK_FALSE(SimFault::parse(QStringLiteral("drop")).ok());
    CHECK_FALSE(SimFault::parse(QStringLiteral("nodata@1:2.5")).ok());
    CHECK_FALSE(SimFault::parse(QStringLiteral("melt@1:2")).ok());
}
