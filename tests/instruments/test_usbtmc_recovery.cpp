// The USBTMC transport through the real libusb code path, against USB devices emulated with
// umockdev (tests/data/usb) whose USBTMC side the emulator (usbtmc_emulator.h) plays: timeouts
// and the abort-bulk-in/out sequences, waiting for a late reply, interrupt() from another
// thread, protocol errors and a meter that disappears. Expected sequences come from the USBTMC
// 1.0 rules (../shared/reference/wt300.md section 2), never from the transport's own output.

#include "usbtmc_test_support.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

using namespace std::chrono_literals;
using namespace cipherwatt::test::usbtmc_spec;
using Catch::Matchers::Contains;
using cipherwatt::instruments::ErrorCode;
using cipherwatt::test::Bytes;
using cipherwatt::test::ControlRequest;
using cipherwatt::test::find;
using cipherwatt::test::isClass;
using cipherwatt::test::kWt332Idn;
using cipherwatt::test::millisecondsSince;
using cipherwatt::test::named;
using cipherwatt::test::open;
using cipherwatt::test::query;
using cipherwatt::test::requireNoViolations;
using cipherwatt::test::UsbBench;
using cipherwatt::test::UsbEvent;
using cipherwatt::test::UsbtmcEmulator;
using cipherwatt::test::withMsgId;
using Clock = std::chrono::steady_clock;

TEST_CASE("A query without a reply times out, aborts the bulk-IN transfer and recovers", "[usbtmc]")
{
    UsbBench bench;
    auto transport = open("usbtmc:C3TL08017E");
    UsbtmcEmulator &meter = bench.wt332();
    meter.setPendingPolls(0, 2);
    meter.forget();

    REQUIRE_OK(transport->write(":COMM:WAIT? 1"));
    const auto start = Clock::now();
    auto reply = transport->read(300ms);
    const auto elapsed = millisecondsSince(start);
    REQUIRE_FALSE(reply.ok());
    CHECK(reply.error().code == ErrorCode::Timeout);
    CHECK(elapsed >= 300);
    CHECK(elapsed < 2500);

    const std::vector<Bytes> requests = withMsgId(meter.bulkOutTransfers(), 0x02);
    REQUIRE(requests.size() == 1);
    const std::uint8_t tag = requests[0][1];
    const std::vector<UsbEvent> events = meter.events();
    const std::size_t initiate =
        find(events, 0, [](const UsbEvent &e) { return isClass(e, kInitiateAbortBulkIn); });
    REQUIRE(initiate < events.size());
    const ControlRequest &abort = events[initiate].control;
    CHECK(abort.requestType == 0xA2);
    CHECK(abort.value == tag);
    CHECK(abort.index == 0x82);
    CHECK(abort.length == 2);
    // The host reads bulk-IN until the short packet that ends the aborted transfer, then
    // polls CHECK_ABORT_BULK_IN_STATUS while it is PENDING (twice here) until SUCCESS.
    const std::size_t shortPacket = find(events, initiate, [](const UsbEvent &e) {
        return e.kind == UsbEvent::Kind::BulkInRead && e.bytes.empty();
    });
    const std::size_t check = find(
        events, initiate, [](const UsbEvent &e) { return isClass(e, kCheckAbortBulkInStatus); });
    CHECK(shortPacket < check);
    const auto checks = named(meter.classRequests(), kCheckAbortBulkInStatus);
    REQUIRE(checks.size() == 3);
    for (const ControlRequest &c : checks) {
        CHECK(c.requestType == 0xA2);
        CHECK(c.index == 0x82);
        CHECK(c.length == 8);
    }

    CHECK(query(*transport, "*IDN?") == kWt332Idn);

    SECTION("a reply that comes after the timeout does not leak into the next exchange")
    {
        meter.reply(":COMM:WAIT? 1", "1", 600ms);
        REQUIRE_OK(transport->write(":COMM:WAIT? 1"));
        auto late = transport->read(200ms);
        REQUIRE_FALSE(late.ok());
        CHECK(late.error().code == ErrorCode::Timeout);
        CHECK(query(*transport, "*IDN?") == kWt332Idn);
        std::this_thread::sleep_for(700ms);
        CHECK(query(*transport, "*IDN?") == kWt332Idn);
    }
    requireNoViolations(meter);
}

TEST_CASE("A reply that takes longer than a second is awaited up to the caller's timeout",
          "[usbtmc]")
{
    // The driver sends `:COMM:WAIT 1` and a query the meter answers at its next update.
    UsbBench bench;
    auto transport = open("usbtmc:C3TL08017E");
    bench.wt332().reply(":NUM:NORM:VAL?", "230.1E+00,0.512E+00,117.8E+00", 1500ms);
    const auto start = Clock::now();
    CHECK(query(*transport, ":NUM:NORM:VAL?", 4000ms) == "230.1E+00,0.512E+00,117.8E+00");
    CHECK(millisecondsSince(start) >= 1500);
    CHECK(named(bench.wt332().classRequests(), kInitiateAbortBulkIn).empty());
    requireNoViolations(bench.wt332());
}

TEST_CASE("interrupt() from another thread cancels a blocked read and the link recovers",
          "[usbtmc]")
{
    UsbBench bench;
    auto transport = open("usbtmc:C3TL08017E");
    UsbtmcEmulator &meter = bench.wt332();
    meter.forget();

    REQUIRE_OK(transport->write(":COMM:WAIT? 1"));
    std::atomic<Clock::time_point> interruptedAt{};
    std::atomic<bool> waited{false};
    std::thread stopper([&] {
        waited = meter.waitUntilHostWaits(5000ms);
        std::this_thread::sleep_for(200ms); // the read is well inside its wait
        interruptedAt = Clock::now();
        transport->interrupt();
    });
    const auto start = Clock::now();
    auto reply = transport->read(10000ms);
    const auto returned = Clock::now();
    stopper.join();
    REQUIRE(waited);
    REQUIRE_FALSE(reply.ok());
    CHECK(reply.error().code == ErrorCode::Cancelled);
    const auto latency =
        std::chrono::duration_cast<std::chrono::milliseconds>(returned - interruptedAt.load())
            .count();
    INFO("read returned " << latency << " ms after interrupt(), " << millisecondsSince(start)
                          << " ms after it started");
    CHECK(latency < 100);

    const auto requests = withMsgId(meter.bulkOutTransfers(), 0x02);
    REQUIRE(requests.size() == 1);
    const auto aborts = named(meter.classRequests(), kInitiateAbortBulkIn);
    REQUIRE(aborts.size() == 1);
    // Interrupted stays interrupted until the owner clears it (transport.h): a stop that races
    // the start of the next call is never lost.
    auto stillCancelled = transport->write("*IDN?");
    REQUIRE_FALSE(stillCancelled.ok());
    CHECK(stillCancelled.error().code == ErrorCode::Cancelled);
    transport->clearInterrupt();
    CHECK(query(*transport, "*IDN?") == kWt332Idn);

    SECTION("an interrupt that comes before the read cancels it")
    {
        transport->interrupt();
        const auto before = Clock::now();
        auto cancelled = transport->read(5000ms);
        REQUIRE_FALSE(cancelled.ok());
        CHECK(cancelled.error().code == ErrorCode::Cancelled);
        CHECK(millisecondsSince(before) < 100);
        transport->clearInterrupt();
        CHECK(query(*transport, "*IDN?") == kWt332Idn);
    }
    SECTION("a write the meter does not take is cancelled and its transfer aborted")
    {
        meter.setBulkOutStalled(true);
        meter.forget();
        std::thread stopWrite([&] {
            waited = meter.waitUntilOutStalled(5000ms);
            transport->interrupt();
        });
        auto written = transport->write(":RATE 100MS");
        stopWrite.join();
        REQUIRE(waited);
        REQUIRE_FALSE(written.ok());
        CHECK(written.error().code == ErrorCode::Cancelled);
        const auto transfers = meter.bulkOutTransfers();
        REQUIRE(transfers.size() == 1);
        const std::vector<UsbEvent> events = meter.events();
        const std::size_t initiate =
            find(events, 0, [](const UsbEvent &e) { return isClass(e, kInitiateAbortBulkOut); });
        REQUIRE(initiate < events.size());
        CHECK(events[initiate].control.requestType == 0xA2);
        CHECK(events[initiate].control.value == transfers[0][1]);
        CHECK(events[initiate].control.index == 0x01);
        const std::size_t check = find(events, initiate, [](const UsbEvent &e) {
            return isClass(e, kCheckAbortBulkOutStatus);
        });
        REQUIRE(check < events.size());
        CHECK(events[check].control.length == 8);
        const std::size_t halt = find(
            events, check, [](const UsbEvent &e) { return e.kind == UsbEvent::Kind::ClearHalt; });
        REQUIRE(halt < events.size());
        CHECK(events[halt].endpoint == 0x01);
        meter.setBulkOutStalled(false);
        transport->clearInterrupt();
        CHECK(query(*transport, "*IDN?") == kWt332Idn);
    }
    requireNoViolations(meter);
}

TEST_CASE("A reply with a wrong bTag or MsgID is a protocol error and the device is cleared",
          "[usbtmc]")
{
    UsbBench bench;
    auto transport = open("usbtmc:C3TL08017E");
    UsbtmcEmulator &meter = bench.wt332();

    const auto corruption =
        GENERATE(UsbtmcEmulator::Corruption::Tag, UsbtmcEmulator::Corruption::MsgId);
    meter.corruptNextReply(corruption);
    meter.forget();
    REQUIRE_OK(transport->write("*IDN?"));
    auto reply = transport->read(2000ms);
    REQUIRE_FALSE(reply.ok());
    CHECK(reply.error().code == ErrorCode::Protocol);
    CHECK_THAT(reply.error().message.english().toStdString(),
               Contains(corruption == UsbtmcEmulator::Corruption::Tag ? "bTag" : "MsgID"));
    CHECK(named(meter.classRequests(), kInitiateClear).size() == 1);
    CHECK(query(*transport, "*IDN?") == kWt332Idn);
    requireNoViolations(meter);
}

TEST_CASE("Unplugging the meter during a read gives Disconnected", "[usbtmc]")
{
    UsbBench bench;
    auto transport = open("usbtmc:C3TL08017E");
    UsbtmcEmulator &meter = bench.wt332();
    REQUIRE_OK(transport->write(":COMM:WAIT? 1"));
    std::thread unplugger([&] {
        if (meter.waitUntilHostWaits(5000ms))
            meter.unplug();
    });
    auto reply = transport->read(5000ms);
    unplugger.join();
    REQUIRE_FALSE(reply.ok());
    CHECK(reply.error().code == ErrorCode::Disconnected);
    auto written = transport->write("*IDN?");
    REQUIRE_FALSE(written.ok());
    CHECK(written.error().code == ErrorCode::Disconnected);
    transport->close();
}
