// The USBTMC transport through the real libusb code path, against USB devices emulated with
// umockdev (tests/data/usb) whose USBTMC side the emulator (usbtmc_emulator.h) plays: resource
// strings, discovery, selection, what opening sends (kernel driver detach, GET_CAPABILITIES,
// the clear sequence, the remote/local quirk) and permission errors. Expected bytes and
// sequences come from the USBTMC 1.0 / USB488 rules (../shared/reference/wt300.md section 2),
// never from the transport's own output.

#include "usbtmc_test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <grp.h>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace std::chrono_literals;
using namespace cipherwatt::test::usbtmc_spec;
using Catch::Matchers::Contains;
using cipherwatt::instruments::ErrorCode;
using cipherwatt::instruments::errorCodeName;
using cipherwatt::instruments::findUsbtmcDevices;
using cipherwatt::instruments::openUsbtmc;
using cipherwatt::instruments::UsbtmcDevice;
using cipherwatt::instruments::UsbtmcSelector;
using cipherwatt::test::Bytes;
using cipherwatt::test::ControlRequest;
using cipherwatt::test::find;
using cipherwatt::test::isClass;
using cipherwatt::test::kWt310Idn;
using cipherwatt::test::kWt332Idn;
using cipherwatt::test::named;
using cipherwatt::test::ofKind;
using cipherwatt::test::open;
using cipherwatt::test::query;
using cipherwatt::test::requireNoViolations;
using cipherwatt::test::selector;
using cipherwatt::test::UsbBench;
using cipherwatt::test::UsbEvent;
using cipherwatt::test::UsbtmcEmulator;
using Clock = std::chrono::steady_clock;

TEST_CASE("USBTMC resource strings select devices by serial or bus.address", "[usbtmc]")
{
    const UsbtmcSelector any = selector("usbtmc");
    CHECK(any.serial.isEmpty());
    CHECK(any.bus == -1);
    CHECK(any.address == -1);
    CHECK(any.toString() == QStringLiteral("usbtmc"));

    const UsbtmcSelector bySerial = selector("usbtmc:C3TL08017E");
    CHECK(bySerial.serial == QStringLiteral("C3TL08017E"));
    CHECK(bySerial.toString() == QStringLiteral("usbtmc:C3TL08017E"));

    for (const char *resource : {"usbtmc:1.4", "usbtmc:001.004"}) {
        const UsbtmcSelector byAddress = selector(resource);
        CHECK(byAddress.bus == 1);
        CHECK(byAddress.address == 4);
        CHECK(byAddress.serial.isEmpty());
        CHECK(byAddress.toString() == QStringLiteral("usbtmc:1.4"));
    }

    for (const char *bad : {"usbtmc:", "usbtmcx", "tcp:127.0.0.1:5025", "usbtmc:1.200",
                            "usbtmc:1.0", "usbtmc:a b", "usbtmc:1:4"}) {
        const auto parsed = UsbtmcSelector::parse(QString::fromLatin1(bad));
        INFO(bad);
        REQUIRE_FALSE(parsed.ok());
        CHECK(parsed.error().code == ErrorCode::BadResource);
    }
}

TEST_CASE("Discovery lists Yokogawa USBTMC interfaces and decodes hex-encoded serials", "[usbtmc]")
{
    UsbBench bench;

    auto found = findUsbtmcDevices();
    REQUIRE_OK(found);
    std::vector<UsbtmcDevice> devices = *found;
    std::sort(devices.begin(), devices.end(), [](const UsbtmcDevice &a, const UsbtmcDevice &b) {
        return std::tie(a.bus, a.address) < std::tie(b.bus, b.address);
    });
    // The WT332 and the WT310; not the Yokogawa device without USBTMC, not the Agilent.
    REQUIRE(devices.size() == 2);

    const UsbtmcDevice &wt332 = devices[0];
    CHECK(wt332.bus == 1);
    CHECK(wt332.address == 4);
    CHECK(wt332.vendorId == 0x0B21);
    CHECK(wt332.productId == 0x0025);
    CHECK(wt332.iSerial == QStringLiteral("4333544C303830313745"));
    CHECK(wt332.serial == QStringLiteral("C3TL08017E"));
    CHECK(wt332.product == QStringLiteral("WT300"));
    CHECK(wt332.interfaceNumber == 0);
    CHECK(wt332.interfaceProtocol == 1);
    CHECK(wt332.resource() == QStringLiteral("usbtmc:C3TL08017E"));

    const UsbtmcDevice &wt310 = devices[1];
    CHECK(wt310.address == 5);
    CHECK(wt310.serial == QStringLiteral("C2PH13047V")); // not hex: kept as reported
    CHECK(wt310.interfaceNumber == 1);
    CHECK(wt310.interfaceProtocol == 0);

    auto all = findUsbtmcDevices(0);
    REQUIRE_OK(all);
    CHECK(all->size() == 3);
    CHECK(std::any_of(all->begin(), all->end(), [](const UsbtmcDevice &d) {
        return d.vendorId == 0x0957 && d.bus == 2 && d.address == 2 &&
               d.serial == QStringLiteral("MY47000419");
    }));

    SECTION("hex that does not decode to printable ASCII is kept")
    {
        bench.wt332().setString(3, "0102030405");
        auto again = findUsbtmcDevices();
        REQUIRE_OK(again);
        const auto it = std::find_if(again->begin(), again->end(),
                                     [](const UsbtmcDevice &d) { return d.address == 4; });
        REQUIRE(it != again->end());
        CHECK(it->serial == QStringLiteral("0102030405"));
        CHECK(it->resource() == QStringLiteral("usbtmc:0102030405"));
    }
    SECTION("lower-case hex decodes too")
    {
        bench.wt332().setString(3, "4333544c303830313745");
        auto again = findUsbtmcDevices();
        REQUIRE_OK(again);
        const auto it = std::find_if(again->begin(), again->end(),
                                     [](const UsbtmcDevice &d) { return d.address == 4; });
        REQUIRE(it != again->end());
        CHECK(it->serial == QStringLiteral("C3TL08017E"));
    }
}

TEST_CASE("Devices open by serial and by bus.address, and NotFound names what is attached",
          "[usbtmc]")
{
    UsbBench bench;

    for (const char *resource : {"usbtmc:C3TL08017E", "usbtmc:c3tl08017e",
                                 "usbtmc:4333544C303830313745", "usbtmc:1.4", "usbtmc:001.004"}) {
        INFO(resource);
        auto transport = open(resource);
        CHECK(transport->kind() == QStringLiteral("usbtmc"));
        CHECK(transport->describe() == QStringLiteral("USB 001.004 (serial C3TL08017E)"));
        CHECK(transport->bytesPerSecond() == 0.0);
        CHECK(query(*transport, "*IDN?") == kWt332Idn);
    }

    {
        auto transport = open("usbtmc:1.5");
        CHECK(transport->describe() == QStringLiteral("USB 001.005 (serial C2PH13047V)"));
        CHECK(query(*transport, "*IDN?") == kWt310Idn);
        // Class requests went to interface 1, bulk transfers to 0x02 / 0x81 (checked by the
        // device, which flags anything else).
        const auto requests = bench.wt310().classRequests();
        REQUIRE_FALSE(requests.empty());
        CHECK(std::all_of(requests.begin(), requests.end(), [](const ControlRequest &r) {
            return r.requestType != 0xA1 || r.index == 1;
        }));
        CHECK_FALSE(bench.wt310().messages().empty());
    }

    {
        auto transport = open("usbtmc");
        const std::string idn = query(*transport, "*IDN?");
        CHECK((idn == kWt332Idn || idn == kWt310Idn));
    }

    for (const char *missing : {"usbtmc:NOSUCH", "usbtmc:2.2", "usbtmc:1.9"}) {
        INFO(missing);
        auto transport = openUsbtmc(selector(missing));
        REQUIRE_FALSE(transport.ok());
        const auto &error = transport.error();
        CHECK(error.code == ErrorCode::NotFound);
        const std::string message = error.message.english().toStdString();
        CHECK_THAT(message, Contains(missing));
        CHECK_THAT(message, Contains("usbtmc:C3TL08017E"));
        CHECK_THAT(message, Contains("usbtmc:C2PH13047V"));
        CHECK_THAT(message, Contains("USB 001.004"));
        CHECK(message.find('\n') == std::string::npos);
    }

    requireNoViolations(bench.wt332());
    requireNoViolations(bench.wt310());
}

TEST_CASE("Opening detaches the kernel driver, reads the capabilities and clears the device",
          "[usbtmc]")
{
    UsbBench bench;
    UsbtmcEmulator &meter = bench.wt332();
    // A reply nobody read is still in the bulk-IN FIFO, and the clear takes a while.
    meter.queueStaleReply("2.5E+00", 0x42);
    meter.setPendingPolls(2, 0);

    auto transport = open("usbtmc:C3TL08017E");
    const std::vector<UsbEvent> events = meter.events();
    const std::size_t claim = find(events, 0, [](const UsbEvent &e) {
        return e.kind == UsbEvent::Kind::DisconnectClaim || e.kind == UsbEvent::Kind::Claim;
    });
    REQUIRE(claim < events.size());
    CHECK(events[claim].kind == UsbEvent::Kind::DisconnectClaim);
    CHECK(events[claim].endpoint == 0);

    const std::size_t caps =
        find(events, claim, [](const UsbEvent &e) { return isClass(e, kGetCapabilities); });
    REQUIRE(caps < events.size());
    CHECK(events[caps].control.requestType == 0xA1);
    CHECK(events[caps].control.index == 0);
    CHECK(events[caps].control.length == 0x18);

    const std::size_t initiate =
        find(events, caps, [](const UsbEvent &e) { return isClass(e, kInitiateClear); });
    REQUIRE(initiate < events.size());
    CHECK(events[initiate].control.length == 1);
    // CHECK_CLEAR_STATUS: PENDING with bmClear.0 (the host drains the stale reply), PENDING
    // twice, SUCCESS; then CLEAR_FEATURE(ENDPOINT_HALT) on bulk-OUT.
    const auto checks = named(meter.classRequests(), kCheckClearStatus);
    CHECK(checks.size() == 4);
    const std::size_t drained = find(events, initiate, [](const UsbEvent &e) {
        return e.kind == UsbEvent::Kind::BulkInRead && !e.bytes.empty();
    });
    std::size_t lastCheck = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (isClass(events[i], kCheckClearStatus))
            lastCheck = i;
    }
    CHECK(drained < lastCheck);
    const std::size_t halt = find(
        events, lastCheck, [](const UsbEvent &e) { return e.kind == UsbEvent::Kind::ClearHalt; });
    REQUIRE(halt < events.size());
    CHECK(events[halt].endpoint == 0x01);
    CHECK(meter.bulkInFifoBytes() == 0);

    CHECK(query(*transport, "*IDN?") == kWt332Idn);

    SECTION("clear() runs the same sequence")
    {
        meter.forget();
        REQUIRE_OK(transport->clear());
        const auto requests = meter.classRequests();
        REQUIRE(requests.size() >= 2);
        CHECK(requests.front().request == kInitiateClear);
        CHECK(requests.back().request == kCheckClearStatus);
        const auto halts = ofKind(meter.events(), UsbEvent::Kind::ClearHalt);
        REQUIRE(halts.size() == 1);
        CHECK(halts[0].endpoint == 0x01);
        CHECK(query(*transport, "*IDN?") == kWt332Idn);
    }
    SECTION("closing releases the interface")
    {
        transport->close();
        const auto releases = ofKind(meter.events(), UsbEvent::Kind::Release);
        REQUIRE(releases.size() == 1);
        CHECK(releases[0].endpoint == 0);
    }
    requireNoViolations(meter);
}

TEST_CASE("The clear sequence on the WT310 uses its interface 1 and bulk-OUT 0x02", "[usbtmc]")
{
    UsbBench bench;
    auto transport = open("usbtmc:C2PH13047V");
    const auto requests = bench.wt310().classRequests();
    REQUIRE(named(requests, kInitiateClear).size() == 1);
    CHECK(named(requests, kInitiateClear)[0].index == 1);
    const auto halts = ofKind(bench.wt310().events(), UsbEvent::Kind::ClearHalt);
    REQUIRE(halts.size() == 1);
    CHECK(halts[0].endpoint == 0x02);
    // 64-byte packets: a reply of 12 + 51 + LF = 64 bytes ends on a full packet.
    bench.wt310().reply(":FULL?", std::string(51, 'y'));
    CHECK(query(*transport, ":FULL?") == std::string(51, 'y'));
    CHECK(query(*transport, "*IDN?") == kWt310Idn);
    requireNoViolations(bench.wt310());
}

TEST_CASE("REN_CONTROL and LOCAL_LOCKOUT go to other USB488 devices, never to a Yokogawa one",
          "[usbtmc]")
{
    UsbBench bench;
    const auto remoteLocal = [](const std::vector<ControlRequest> &requests) {
        return named(requests, kRenControl).size() + named(requests, kGoToLocal).size() +
               named(requests, kLocalLockout).size();
    };

    SECTION("the WT332 advertises REN/GTL/LLO and RL1, and gets none of them")
    {
        auto transport = open("usbtmc:C3TL08017E");
        CHECK(query(*transport, "*IDN?") == kWt332Idn);
        transport->close();
        const auto requests = bench.wt332().classRequests();
        CHECK_FALSE(named(requests, kGetCapabilities).empty());
        CHECK(remoteLocal(requests) == 0);
        requireNoViolations(bench.wt332());
    }
    SECTION("an Agilent USB488 device with the same capabilities gets them")
    {
        UsbtmcSelector agilent = selector("usbtmc:2.2");
        agilent.vendorId = 0; // any vendor
        auto transport = open(agilent);
        CHECK(query(*transport, "*IDN?") ==
              "Agilent Technologies,34410A,MY47000419,2.35-2.35-0.09-46-09");
        transport->close();
        const auto requests = bench.agilent().classRequests();
        const auto ren = named(requests, kRenControl);
        REQUIRE(ren.size() == 1);
        CHECK(ren[0].value == 1);
        CHECK(ren[0].requestType == 0xA1);
        CHECK(named(requests, kLocalLockout).size() == 1);
        CHECK(named(requests, kGoToLocal).size() == 1);
        requireNoViolations(bench.agilent());
    }
    SECTION("USB488 capabilities are read from bytes 14 and 15, not byte 4")
    {
        // python-usbtmc's bug: REN/GTL/LLO and RL1 bits in the USBTMC interface byte.
        std::array<std::uint8_t, 24> caps{};
        caps[0] = 0x01;
        caps[3] = 0x01;
        caps[4] = 0x07;
        caps[13] = 0x01;
        bench.agilent().setCapabilities(caps);
        UsbtmcSelector agilent = selector("usbtmc:2.2");
        agilent.vendorId = 0;
        auto transport = open(agilent);
        transport->close();
        CHECK(remoteLocal(bench.agilent().classRequests()) == 0);
    }
}

TEST_CASE("Without permission on the device node, open fails with Access and a udev hint",
          "[usbtmc]")
{
    UsbBench bench;
    gchar *root = umockdev_testbed_get_root_dir(bench.testbed());
    const std::string rootDir(root);
    g_free(root);
    // mkdtemp() made the test bed private. An unprivileged child must read its sysfs and, for
    // libusb's udev monitor, create the socket umockdev emulates netlink with in its root.
    REQUIRE(::chmod(rootDir.c_str(), 0777) == 0);
    // umockdev's preload connects to a node's ioctl socket even when open() fails, and exits
    // when it cannot: the child must be able to connect.
    for (const auto &entry : std::filesystem::recursive_directory_iterator(rootDir + "/ioctl")) {
        if (entry.is_socket())
            REQUIRE(::chmod(entry.path().c_str(), 0777) == 0);
    }
    for (const char *node : {"/dev/bus/usb/001/004", "/dev/bus/usb/001/005"})
        REQUIRE(::chmod((rootDir + node).c_str(), 0444) == 0);

    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        // Root ignores file modes, so only an unprivileged process sees the EACCES a user
        // without the udev rule gets.
        constexpr uid_t nobody = 65534;
        ::close(fds[0]);
        std::string report;
        if (::geteuid() == 0 &&
            (::setgroups(0, nullptr) != 0 || ::setgid(nobody) != 0 || ::setuid(nobody) != 0)) {
            report = "cannot drop privileges";
        } else {
            for (const char *resource : {"usbtmc", "usbtmc:C3TL08017E"}) {
                auto parsed = UsbtmcSelector::parse(QString::fromLatin1(resource));
                auto transport = openUsbtmc(*parsed);
                report += std::string(resource) + "\t" +
                          (transport.ok() ? std::string("opened")
                                          : transport.error().toString().toStdString()) +
                          "\n";
            }
        }
        [[maybe_unused]] const auto written = ::write(fds[1], report.data(), report.size());
        ::_exit(0);
    }
    ::close(fds[1]);
    std::string report;
    char buffer[4096];
    for (ssize_t n = 0; (n = ::read(fds[0], buffer, sizeof buffer)) != 0;) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        report.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fds[0]);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    INFO(report);
    const std::string accessName = errorCodeName(ErrorCode::Access).english().toStdString();
    const std::string notFoundName = errorCodeName(ErrorCode::NotFound).english().toStdString();
    // Any device: found, but it may not be opened.
    CHECK_THAT(report, Contains("usbtmc\t" + accessName + ": cannot open USB 001.00"));
    CHECK_THAT(report, Contains("udev rule"));
    // By serial: the serial cannot be read, which the NotFound message says.
    CHECK_THAT(report, Contains("usbtmc:C3TL08017E\t" + notFoundName));
    CHECK_THAT(report, Contains("cannot read serial"));
    // The hint comes once per message, not once per device.
    const auto lineEnd = report.find('\n', report.find("usbtmc:C3TL08017E\t"));
    const std::string notFound = report.substr(report.find("usbtmc:C3TL08017E\t"), lineEnd);
    CHECK(notFound.find("udev rule") != std::string::npos);
    CHECK(notFound.find("udev rule") == notFound.rfind("udev rule"));
}
