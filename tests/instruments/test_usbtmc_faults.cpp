// Recovery of the WT300 driver over USB: the simulated WT332 behind the emulated USBTMC device
// (usbtmc_sim_meter.h) sends a malformed reply, stalls, or is unplugged and plugged in again.
// What the host must do comes from the USBTMC 1.0 rules (reference wt300.md section 2.3): a
// device clear (INITIATE_CLEAR, CHECK_CLEAR_STATUS, CLEAR_FEATURE on bulk-OUT) after a reply
// that breaks the exchange, INITIATE_ABORT_BULK_IN after a read timeout, and for a device that
// went away opening it again. The stream goes on with the gap marked.

#include "usbtmc_sim_meter.h"
#include "usbtmc_test_support.h"

#include <cipherwatt/instruments/meter.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

using namespace std::chrono_literals;
using namespace cipherwatt::test::usbtmc_spec;
using cipherwatt::instruments::Error;
using cipherwatt::instruments::ErrorCode;
using cipherwatt::instruments::Function;
using cipherwatt::instruments::MeterConfig;
using cipherwatt::instruments::OpenOptions;
using cipherwatt::instruments::PowerMeter;
using cipherwatt::instruments::Result;
using cipherwatt::instruments::Sample;
using cipherwatt::instruments::SimFault;
using cipherwatt::instruments::SimProfile;
using cipherwatt::test::isClass;
using cipherwatt::test::millisecondsSince;
using cipherwatt::test::named;
using cipherwatt::test::requireNoViolations;
using cipherwatt::test::SimulatedUsbMeter;
using cipherwatt::test::UsbBench;
using cipherwatt::test::UsbEvent;
using Clock = std::chrono::steady_clock;
using Action = PowerMeter::RecoveryAction;
namespace SampleFlag = cipherwatt::instruments::SampleFlag;

namespace {

SimProfile wt332()
{
    SimProfile p;
    p.model = QStringLiteral("WT332");
    p.serial = QStringLiteral("C3TL08017E"); // the serial of the emulated device (iSerial)
    p.load = SimProfile::Load::Script;
    p.steps = {{0.0, 50.0}};
    p.noise = 0.0;
    return p;
}

std::unique_ptr<PowerMeter> openUsb()
{
    OpenOptions options;
    options.timeout = 500ms;
    auto meter = cipherwatt::instruments::openMeter(QStringLiteral("usbtmc:C3TL08017E"), options);
    INFO(cipherwatt::test::failure(meter));
    REQUIRE(meter.ok());
    MeterConfig config;
    config.elements = {1};
    config.functions = {Function::U, Function::I, Function::P};
    REQUIRE_OK((*meter)->configure(config));
    REQUIRE_OK((*meter)->startStream());
    return std::move(*meter);
}

std::vector<Sample> take(PowerMeter &meter, int n)
{
    std::vector<Sample> samples;
    for (int i = 0; i < n; ++i) {
        auto s = meter.nextSample();
        REQUIRE_OK(s);
        samples.push_back(*s);
    }
    return samples;
}

// As MeterAcquisition goes about it (RecoveryPolicy in meter.h): resynchronise while the link
// answers, reconnect once that failed or the link is gone; `pause` apart, at most `attempts`.
// Returns the actions taken; the last one succeeded.
std::vector<Action> recoverFrom(PowerMeter &meter, Error error, int attempts,
                                std::chrono::milliseconds pause)
{
    std::vector<Action> actions;
    bool resyncFailed = false;
    for (int i = 0; i < attempts; ++i) {
        if (i > 0)
            std::this_thread::sleep_for(pause);
        const bool alive = error.code == ErrorCode::Protocol || error.code == ErrorCode::Timeout;
        const Action action = alive && !resyncFailed ? Action::Resynchronise : Action::Reconnect;
        actions.push_back(action);
        auto back = meter.recover(action);
        if (back.ok())
            return actions;
        INFO("attempt " << i + 1 << ": " << cipherwatt::test::failure(back));
        resyncFailed = resyncFailed || action == Action::Resynchronise;
        error = back.error();
    }
    FAIL("the meter did not come back in " << attempts << " attempts");
    return actions;
}

// The first sample after the recovery: it carries the gap, and the updates it says were missed
// are the whole intervals of the host clock since the last good one.
void checkGap(const Sample &last, const Sample &next)
{
    CHECK((next.flags & SampleFlag::Gap) != 0);
    CHECK(next.missedBefore >= 1);
    CHECK(next.sequence == last.sequence + 1 + next.missedBefore);
    const double intervals = static_cast<double>(next.hostNs - last.hostNs) / 1e8;
    CHECK(static_cast<double>(next.missedBefore + 1) == Approx(intervals).margin(0.6));
}

} // namespace

TEST_CASE("USB: a malformed reply is cleared with INITIATE_CLEAR and streaming goes on",
          "[usbtmc][recovery]")
{
    const auto kind =
        GENERATE(SimFault::Garbage::Truncated, SimFault::Garbage::Text, SimFault::Garbage::Huge);
    UsbBench bench;
    SimulatedUsbMeter device(bench.wt332(), wt332());
    auto meter = openUsb();
    const std::vector<Sample> before = take(*meter, 3);

    SimFault garbage;
    garbage.kind = SimFault::Kind::Garbage;
    garbage.garbage = kind;
    device.simulator().inject(garbage);
    auto broken = meter->nextSample();
    REQUIRE_FALSE(broken.ok());
    CHECK(broken.error().code == ErrorCode::Protocol);

    bench.wt332().forget();
    const auto start = Clock::now();
    const auto actions = recoverFrom(*meter, broken.error(), 3, 200ms);
    CHECK(actions == std::vector<Action>{Action::Resynchronise});
    CHECK(millisecondsSince(start) < 3000);
    // The device clear (reference wt300.md 2.3): INITIATE_CLEAR, then CHECK_CLEAR_STATUS
    // until SUCCESS, then CLEAR_FEATURE(ENDPOINT_HALT) on bulk-OUT, before anything is sent.
    const std::vector<UsbEvent> events = bench.wt332().events();
    const std::size_t clear = cipherwatt::test::find(
        events, 0, [](const UsbEvent &e) { return isClass(e, kInitiateClear); });
    REQUIRE(clear < events.size());
    const std::size_t check = cipherwatt::test::find(
        events, clear, [](const UsbEvent &e) { return isClass(e, kCheckClearStatus); });
    const std::size_t halt = cipherwatt::test::find(
        events, check, [](const UsbEvent &e) { return e.kind == UsbEvent::Kind::ClearHalt; });
    const std::size_t sent = cipherwatt::test::find(
        events, clear, [](const UsbEvent &e) { return e.kind == UsbEvent::Kind::BulkOut; });
    CHECK(check < halt);
    CHECK(halt < sent);

    const std::vector<Sample> after = take(*meter, 5);
    checkGap(before.back(), after.front());
    for (std::size_t i = 1; i < after.size(); ++i)
        CHECK(after[i].sequence == after[i - 1].sequence + 1 + after[i].missedBefore);
    requireNoViolations(bench.wt332());
}

TEST_CASE("USB: a stalled meter is aborted, cleared and streams again when it answers",
          "[usbtmc][recovery]")
{
    UsbBench bench;
    SimulatedUsbMeter device(bench.wt332(), wt332());
    auto meter = openUsb();
    const std::vector<Sample> before = take(*meter, 3);

    SimFault stall;
    stall.kind = SimFault::Kind::Stall;
    stall.seconds = 1.5;
    bench.wt332().forget();
    device.simulator().inject(stall);
    const auto start = Clock::now();
    auto broken = meter->nextSample();
    REQUIRE_FALSE(broken.ok());
    CHECK(broken.error().code == ErrorCode::Timeout);
    // The read timed out: the transfer in progress is aborted (INITIATE_ABORT_BULK_IN with
    // its bTag) rather than left to deliver a late reply.
    CHECK(named(bench.wt332().classRequests(), kInitiateAbortBulkIn).size() == 1);

    recoverFrom(*meter, broken.error(), 6, 200ms);
    CHECK(millisecondsSince(start) >= 1400); // the meter answers only after its stall
    CHECK(millisecondsSince(start) < 6000);
    CHECK_FALSE(named(bench.wt332().classRequests(), kInitiateClear).empty());
    const std::vector<Sample> after = take(*meter, 5);
    checkGap(before.back(), after.front());
    CHECK(after.front().missedBefore >= 13); // 1.5 s of stall at 100 ms, less two intervals
    requireNoViolations(bench.wt332());
}

TEST_CASE("USB: a meter unplugged and plugged in again is opened again", "[usbtmc][recovery]")
{
    UsbBench bench;
    SimulatedUsbMeter device(bench.wt332(), wt332());
    auto meter = openUsb();
    const std::vector<Sample> before = take(*meter, 3);

    SimFault drop;
    drop.kind = SimFault::Kind::DropFor; // unplugged; back after 1 s
    drop.seconds = 1.0;
    device.simulator().inject(drop);
    const auto start = Clock::now();
    auto broken = meter->nextSample();
    REQUIRE_FALSE(broken.ok());
    CHECK(broken.error().code == ErrorCode::Disconnected);

    bench.wt332().forget();
    const auto actions = recoverFrom(*meter, broken.error(), 10, 250ms);
    CHECK(actions.size() >= 2); // the device is not there at first
    for (const Action a : actions)
        CHECK(a == Action::Reconnect);
    CHECK(millisecondsSince(start) >= 900);
    CHECK(millisecondsSince(start) < 5000);
    // Opened anew: the interface claimed again and the device cleared.
    const std::vector<UsbEvent> events = bench.wt332().events();
    const std::size_t claim = cipherwatt::test::find(events, 0, [](const UsbEvent &e) {
        return e.kind == UsbEvent::Kind::Claim || e.kind == UsbEvent::Kind::DisconnectClaim;
    });
    REQUIRE(claim < events.size());
    CHECK(cipherwatt::test::find(events, claim, [](const UsbEvent &e) {
              return isClass(e, kInitiateClear);
          }) < events.size());

    const std::vector<Sample> after = take(*meter, 5);
    checkGap(before.back(), after.front());
    CHECK(after.front().missedBefore >= 8);
}

TEST_CASE("USB: a meter that stays unplugged is not found again", "[usbtmc][recovery]")
{
    UsbBench bench;
    SimulatedUsbMeter device(bench.wt332(), wt332());
    auto meter = openUsb();
    take(*meter, 2);
    SimFault drop;
    drop.kind = SimFault::Kind::Drop;
    device.simulator().inject(drop);
    auto broken = meter->nextSample();
    REQUIRE_FALSE(broken.ok());
    CHECK(broken.error().code == ErrorCode::Disconnected);
    const auto start = Clock::now();
    for (int i = 0; i < 3; ++i) {
        auto back = meter->recover(Action::Reconnect);
        REQUIRE_FALSE(back.ok());
        INFO(cipherwatt::test::failure(back));
        CHECK((back.error().code == ErrorCode::Disconnected ||
               back.error().code == ErrorCode::NotFound || back.error().code == ErrorCode::Io));
    }
    CHECK(millisecondsSince(start) < 3000); // each attempt fails fast
}
