// The USBTMC transport through the real libusb code path, against USB devices emulated with
// umockdev (tests/data/usb) whose USBTMC side the emulator (usbtmc_emulator.h) plays: how
// program messages and replies are framed on the wire (DEV_DEP_MSG_OUT, REQUEST_DEV_DEP_MSG_IN,
// DEV_DEP_MSG_IN, bTag, EOM, padding, replies over several transfers). Expected bytes come from
// the USBTMC 1.0 rules and the example in ../shared/reference/wt300.md section 2, never from the
// transport's own output.

#include "usbtmc_test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace std::chrono_literals;
using namespace cipherwatt::test::usbtmc_spec;
using cipherwatt::test::Bytes;
using cipherwatt::test::kWt332Idn;
using cipherwatt::test::le32;
using cipherwatt::test::ofKind;
using cipherwatt::test::open;
using cipherwatt::test::query;
using cipherwatt::test::requireNoViolations;
using cipherwatt::test::UsbBench;
using cipherwatt::test::UsbEvent;
using cipherwatt::test::UsbtmcEmulator;
using cipherwatt::test::withMsgId;
using Clock = std::chrono::steady_clock;

TEST_CASE("Program messages go out as DEV_DEP_MSG_OUT with LF, zero padding and EOM", "[usbtmc]")
{
    UsbBench bench;
    auto transport = open("usbtmc:C3TL08017E");
    UsbtmcEmulator &meter = bench.wt332();
    meter.forget();

    REQUIRE_OK(transport->write("*IDN?"));
    auto reply = transport->read(2000ms);
    REQUIRE_OK(reply);
    CHECK(reply->toStdString() == kWt332Idn);

    const std::vector<Bytes> transfers = meter.bulkOutTransfers();
    REQUIRE(transfers.size() == 2);
    // wt300.md 2.1: the first transfer after open has bTag 1.
    const Bytes expected{0x01, 0x01, 0xFE, 0x00, 0x06, 0x00, 0x00, 0x00, 0x01, 0x00,
                         0x00, 0x00, 0x2A, 0x49, 0x44, 0x4E, 0x3F, 0x0A, 0x00, 0x00};
    CHECK(transfers[0] == expected);

    const Bytes &request = transfers[1];
    REQUIRE(request.size() == 12);
    CHECK(request[0] == 0x02); // REQUEST_DEV_DEP_MSG_IN
    CHECK(request[1] == 0x02); // the next bTag
    CHECK(request[2] == 0xFD);
    CHECK(request[3] == 0x00);
    CHECK(le32(request, 4) >= kWt332Idn.size() + 1);
    CHECK(request[8] == 0x00); // no TermChar: the WT332 does not advertise it
    CHECK(request[9] == 0x00);
    CHECK(request[10] == 0x00);
    CHECK(request[11] == 0x00);

    for (const std::string message : {"A", "AB", "ABC", "ABCD", ":RATE 100MS"}) {
        INFO(message);
        meter.forget();
        REQUIRE_OK(transport->write(QByteArray::fromStdString(message)));
        const auto sent = meter.bulkOutTransfers();
        REQUIRE(sent.size() == 1);
        const Bytes &t = sent[0];
        const std::size_t payload = message.size() + 1; // with LF
        CHECK(t.size() == padded(12 + payload));
        CHECK(t[0] == 0x01);
        CHECK(le32(t, 4) == payload);
        CHECK(t[8] == 0x01); // EOM
        CHECK(std::string(t.begin() + 12, t.begin() + 12 + static_cast<long>(payload)) ==
              message + "\n");
        CHECK(std::all_of(t.begin() + 12 + static_cast<long>(payload), t.end(),
                          [](std::uint8_t b) { return b == 0; }));
        CHECK(meter.messages() == std::vector<std::string>{message});
    }
    requireNoViolations(meter);
}

TEST_CASE("bTag runs 1..255 and wraps without taking the value 0", "[usbtmc]")
{
    UsbBench bench;
    auto transport = open("usbtmc:1.4");
    UsbtmcEmulator &meter = bench.wt332();

    for (int i = 0; i < 200; ++i)
        REQUIRE_OK(transport->write(":RATE 100MS"));
    for (int i = 0; i < 40; ++i)
        REQUIRE(query(*transport, "*IDN?") == kWt332Idn);

    const std::vector<Bytes> transfers = meter.bulkOutTransfers();
    REQUIRE(transfers.size() == 280);
    int wraps = 0;
    for (std::size_t i = 0; i < transfers.size(); ++i) {
        const std::uint8_t tag = transfers[i].at(1);
        INFO("transfer " << i);
        REQUIRE(tag != 0);
        REQUIRE(transfers[i].at(2) == static_cast<std::uint8_t>(~tag));
        const unsigned expected =
            i == 0 ? 1 : (transfers[i - 1].at(1) == 255 ? 1 : transfers[i - 1].at(1) + 1U);
        REQUIRE(tag == expected);
        wraps += tag == 1 && i > 0 ? 1 : 0;
    }
    CHECK(wraps == 1);
    requireNoViolations(meter);
}

TEST_CASE("A long program message is split into transfers with EOM only on the last", "[usbtmc]")
{
    UsbBench bench;
    auto transport = open("usbtmc:C3TL08017E");
    UsbtmcEmulator &meter = bench.wt332();
    meter.forget();

    QByteArray message(":SYST:COMM:COMM ");
    while (message.size() < 10000)
        message += "WT300,";
    REQUIRE_OK(transport->write(message));

    const std::vector<Bytes> transfers = meter.bulkOutTransfers();
    REQUIRE(transfers.size() >= 2);
    std::string payloads;
    for (std::size_t i = 0; i < transfers.size(); ++i) {
        const Bytes &t = transfers[i];
        INFO("transfer " << i << " of " << transfers.size());
        REQUIRE(t.size() >= 12);
        CHECK(t[0] == 0x01);
        const std::uint32_t size = le32(t, 4);
        CHECK(t.size() == padded(12 + size));
        CHECK(t[8] == (i + 1 == transfers.size() ? 0x01 : 0x00));
        payloads.append(t.begin() + 12, t.begin() + 12 + size);
        if (i > 0)
            CHECK(t[1] == transfers[i - 1][1] + 1);
    }
    CHECK(payloads == message.toStdString() + "\n");
    CHECK(meter.messages() == std::vector<std::string>{message.toStdString()});
    requireNoViolations(meter);
}

TEST_CASE("A reply spread over several transfers and packets is reassembled", "[usbtmc]")
{
    UsbBench bench;
    auto transport = open("usbtmc:C3TL08017E");
    UsbtmcEmulator &meter = bench.wt332();

    SECTION("a 9006-byte FLOAT block with LF and NUL bytes inside takes several bulk-IN reads")
    {
        std::string block = "#49000";
        for (int i = 0; i < 9000; ++i)
            block += static_cast<char>((i * 37) % 256);
        meter.reply(":NUM:NORM:VAL?", block);
        meter.forget();
        CHECK(query(*transport, ":NUM:NORM:VAL?") == block);
        const auto reads = ofKind(meter.events(), UsbEvent::Kind::BulkInRead);
        CHECK(reads.size() >= 3);
        CHECK(withMsgId(meter.bulkOutTransfers(), 0x02).size() == 1); // one message part
    }
    SECTION("the header and the data come in separate transfers")
    {
        meter.setSplitTransfers(true);
        meter.forget();
        CHECK(query(*transport, "*IDN?") == kWt332Idn);
        const auto reads = ofKind(meter.events(), UsbEvent::Kind::BulkInRead);
        REQUIRE(reads.size() == 2);
        CHECK(reads[0].bytes.size() == 12);
        CHECK(reads[1].bytes.size() == padded(kWt332Idn.size() + 1));
        CHECK(query(*transport, "*IDN?") == kWt332Idn);
    }
    SECTION("a reply that ends on a full packet is followed by a zero-length packet")
    {
        // 12 + 4083 + LF = 4096 bytes: eight full 512-byte packets, then a zero-length one.
        const std::string reply(4083, 'x');
        meter.reply(":FULL?", reply);
        meter.forget();
        CHECK(query(*transport, ":FULL?") == reply);
        CHECK(query(*transport, "*IDN?") == kWt332Idn);
        const auto reads = ofKind(meter.events(), UsbEvent::Kind::BulkInRead);
        CHECK(std::any_of(reads.begin(), reads.end(),
                          [](const UsbEvent &e) { return e.bytes.empty(); }));
    }
    requireNoViolations(meter);
}

TEST_CASE("A reply sent with EOM clear is requested again until EOM", "[usbtmc]")
{
    UsbBench bench;
    auto transport = open("usbtmc:C3TL08017E");
    UsbtmcEmulator &meter = bench.wt332();
    std::string reply;
    for (int i = 0; reply.size() < 250; ++i)
        reply += std::to_string(i * 1.25) + ",";
    reply.pop_back();
    meter.reply(":NUM:NORM:VAL?", reply);
    meter.setMaxPartSize(100);
    meter.forget();

    CHECK(query(*transport, ":NUM:NORM:VAL?") == reply);
    const auto requests = withMsgId(meter.bulkOutTransfers(), 0x02);
    CHECK(requests.size() == (reply.size() + 1 + 99) / 100);
    requireNoViolations(meter);
}
