// Reply parsers and the response framer. Expected values are the meter's documented encodings
// (reference wt300.md 5.4: NR3 text, NAN/INF, #4NNNN + big-endian IEEE-754 float32, 9.91E+37
// no data, 9.9E+37 over range) and hand-encoded IEEE-754 bit patterns.

#include <cipherwatt/instruments/scpi.h>
#include <cipherwatt/instruments/transport.h>

#include <catch2/catch.hpp>

#include <cmath>

using namespace cipherwatt::instruments;

namespace {

QByteArray floatBlock(std::initializer_list<std::uint32_t> words)
{
    QByteArray payload;
    for (const std::uint32_t w : words) {
        payload += static_cast<char>(w >> 24);
        payload += static_cast<char>((w >> 16) & 0xff);
        payload += static_cast<char>((w >> 8) & 0xff);
        payload += static_cast<char>(w & 0xff);
    }
    return "#4" + QByteArray::number(payload.size()).rightJustified(4, '0') + payload;
}

} // namespace

TEST_CASE("ASCII numeric replies: NR1, NR2, NR3 and the special values", "[scpi]")
{
    auto r = scpi::parseAsciiValues("104.75E+00,105.02E+00,-0.38E+00,1,2.5,NAN,INF,-INF", 8);
    REQUIRE(r.ok());
    const auto &v = *r;
    CHECK(v[0].value == Approx(104.75));
    CHECK(v[1].value == Approx(105.02));
    CHECK(v[2].value == Approx(-0.38));
    CHECK(v[3].value == 1.0);
    CHECK(v[4].value == 2.5);
    CHECK(v[5].state == ValueState::NoData);
    CHECK(std::isnan(v[5].value));
    CHECK(v[6].state == ValueState::OverRange);
    CHECK(v[7].state == ValueState::OverRange);
    for (int i = 0; i < 5; ++i)
        CHECK(v[static_cast<std::size_t>(i)].state == ValueState::Valid);
}

TEST_CASE("ASCII codes 9.91E+37 and 9.9E+37 are no data and over range", "[scpi]")
{
    auto r = scpi::parseAsciiValues("9.91E+37,9.9E+37,-9.9E+37,9.8E+37", 4);
    REQUIRE(r.ok());
    CHECK((*r)[0].state == ValueState::NoData);
    CHECK((*r)[1].state == ValueState::OverRange);
    CHECK((*r)[2].state == ValueState::OverRange);
    CHECK((*r)[3].state == ValueState::Valid); // a large number, not a code
}

TEST_CASE("ASCII replies with odd spacing, a header, CR and lower case", "[scpi]")
{
    auto spaced = scpi::parseAsciiValues("  1.0E+00 , 2.0E+00,\t3 \r", 3);
    REQUIRE(spaced.ok());
    CHECK((*spaced)[2].value == 3.0);
    auto headed = scpi::parseAsciiValues(":NUMERIC:NORMAL:VALUE 1.5E+00,nan", 2);
    REQUIRE(headed.ok());
    CHECK((*headed)[0].value == 1.5);
    CHECK((*headed)[1].state == ValueState::NoData);
}

TEST_CASE("malformed, truncated and oversized ASCII replies are protocol errors", "[scpi]")
{
    for (const char *bad :
         {"", "1.0,,2.0", "1.0,abc", "1.0,2.0,", "0x10,1", "1e,2", "1.2.3,4", "1.0;2.0", "--1,2"}) {
        INFO(bad);
        auto r = scpi::parseAsciiValues(bad, 2);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == ErrorCode::Protocol);
    }
    auto tooMany = scpi::parseAsciiValues("1,2,3", 2);
    REQUIRE_FALSE(tooMany.ok());
    CHECK(tooMany.error().message.english().contains(QStringLiteral("more than the 2")));
    auto tooFew = scpi::parseAsciiValues("1", 2);
    REQUIRE_FALSE(tooFew.ok());
    CHECK(tooFew.error().message.english().contains(QStringLiteral("1 values, expected 2")));
}

TEST_CASE("FLOAT blocks: big-endian float32 and the special codes", "[scpi]")
{
    // 230.0f = 0x43660000, 1.0f = 0x3F800000, -0.5f = 0xBF000000.
    const QByteArray reply =
        floatBlock({0x43660000, 0x3F800000, 0xBF000000, scpi::kFloatNoData, scpi::kFloatOverRange});
    CHECK(reply.startsWith("#40020"));
    auto r = scpi::parseFloatValues(reply, 5);
    REQUIRE(r.ok());
    CHECK((*r)[0].value == 230.0);
    CHECK((*r)[1].value == 1.0);
    CHECK((*r)[2].value == -0.5);
    CHECK((*r)[3].state == ValueState::NoData);
    CHECK((*r)[4].state == ValueState::OverRange);
}

TEST_CASE("FLOAT blocks with payload bytes that look like terminators", "[scpi]")
{
    // 0x0A0A0A0A is a valid (tiny) float whose bytes are all LF.
    auto r = scpi::parseFloatValues(floatBlock({0x0A0A0A0A, 0x3F800000}), 2);
    REQUIRE(r.ok());
    CHECK((*r)[0].state == ValueState::Valid);
    CHECK((*r)[1].value == 1.0);
}

TEST_CASE("FLOAT blocks with wrong lengths or headers are protocol errors", "[scpi]")
{
    const QByteArray good = floatBlock({0x3F800000, 0x3F800000});
    CHECK_FALSE(scpi::parseFloatValues(good, 3).ok());         // fewer values than items
    CHECK_FALSE(scpi::parseFloatValues(good.left(9), 2).ok()); // truncated payload
    CHECK_FALSE(scpi::parseFloatValues(good + "xx", 2).ok());  // trailing garbage
    CHECK_FALSE(scpi::parseFloatValues("#", 1).ok());
    CHECK_FALSE(scpi::parseFloatValues("#4", 1).ok());
    CHECK_FALSE(scpi::parseFloatValues("#4001", 1).ok());
    CHECK_FALSE(scpi::parseFloatValues("#A0004abcd", 1).ok());
    CHECK_FALSE(scpi::parseFloatValues("#40x04abcd", 1).ok());
    CHECK_FALSE(scpi::parseFloatValues("1.0E+00", 1).ok()); // ASCII where FLOAT was set
    auto r = scpi::parseFloatValues(floatBlock({0x3F800000}) + "\r", 1); // CR left over
    CHECK(r.ok());
}

TEST_CASE("integers, reals, booleans, error entries and *IDN?", "[scpi]")
{
    CHECK(*scpi::parseInteger("1", "EESR") == 1);
    CHECK(*scpi::parseInteger(":STATUS:EESR 4097", "EESR") == 4097);
    CHECK(*scpi::parseInteger("+12", "n") == 12);
    CHECK_FALSE(scpi::parseInteger("1.5", "n").ok());
    CHECK_FALSE(scpi::parseInteger("", "n").ok());
    CHECK_FALSE(scpi::parseInteger("12a", "n").ok());
    CHECK(*scpi::parseReal("100.0E-03", "rate") == Approx(0.1));
    CHECK(*scpi::parseReal(":RATE 1.000E+00", "rate") == 1.0);
    CHECK_FALSE(scpi::parseReal("NAN", "rate").ok());
    CHECK_FALSE(scpi::parseReal("1,2", "rate").ok());
    CHECK(*scpi::parseBoolean("1", "x"));
    CHECK_FALSE(*scpi::parseBoolean("OFF", "x"));
    CHECK_FALSE(scpi::parseBoolean("2", "x").ok());

    auto e = scpi::parseErrorEntry("113,\"Undefined header\"");
    REQUIRE(e.ok());
    CHECK(e->code == 113);
    CHECK(e->message == QStringLiteral("Undefined header"));
    CHECK(scpi::parseErrorEntry("0,\"No error\"")->code == 0);
    CHECK(scpi::parseErrorEntry("813")->code == 813);
    CHECK(scpi::parseErrorEntry("-113,\"Undefined header\"")->code == -113);
    CHECK(scpi::parseErrorEntry("221,\"Setting \"\"A\"\" conflict\"")->message ==
          QStringLiteral("Setting \"A\" conflict"));
    CHECK_FALSE(scpi::parseErrorEntry("oops").ok());

    auto idn = scpi::parseIdn("YOKOGAWA,WT310,C2PH13047V,F1.03");
    REQUIRE(idn.ok());
    CHECK(idn->manufacturer == QStringLiteral("YOKOGAWA"));
    CHECK(idn->model == QStringLiteral("WT310"));
    CHECK(idn->serial == QStringLiteral("C2PH13047V"));
    CHECK(idn->firmware == QStringLiteral("F1.03"));
    CHECK_FALSE(scpi::parseIdn("hello").ok());
    CHECK_FALSE(scpi::parseIdn("a,b,c,d,e").ok());
}

TEST_CASE("the framer splits a byte stream into messages at LF outside blocks", "[scpi]")
{
    ResponseFramer f;
    CHECK_FALSE(f.take().has_value());
    f.append("1.0E+00,2.0E+00\r");
    CHECK_FALSE(f.take().has_value());
    f.append("\n0,\"No");
    auto first = f.take();
    REQUIRE(first.has_value());
    REQUIRE(first->ok());
    CHECK(**first == "1.0E+00,2.0E+00");
    f.append(" error\"\n");
    CHECK(**f.take() == "0,\"No error\"");

    // A block whose payload holds LF bytes arrives in pieces, the length split too.
    const QByteArray block = floatBlock({0x0A0A0A0A, 0x3F800000});
    f.append(block.left(3));
    CHECK_FALSE(f.take().has_value());
    f.append(block.mid(3, 5));
    CHECK_FALSE(f.take().has_value());
    f.append(block.mid(8) + "\n");
    auto whole = f.take();
    REQUIRE(whole.has_value());
    CHECK(**whole == block);

    // Quotes keep a LF inside string data; a block inside a compound reply stays whole.
    f.append("1;" + block + "\n");
    CHECK(**f.take() == "1;" + block);
}

TEST_CASE("the framer rejects a broken block header and runaway input", "[scpi]")
{
    ResponseFramer f;
    f.append("#4ab");
    CHECK_FALSE(f.take().has_value()); // length not complete yet
    f.append("cd\n");
    auto bad = f.take();
    REQUIRE(bad.has_value());
    CHECK_FALSE(bad->ok());
    CHECK(f.buffered() == 0);

    f.append(QByteArray(ResponseFramer::kMaxMessage + 10, 'x'));
    auto runaway = f.take();
    REQUIRE(runaway.has_value());
    CHECK_FALSE(runaway->ok());
    CHECK(f.buffered() == 0);
    f.append("ok\n");
    CHECK(**f.take() == "ok");
}

TEST_CASE("the framer keeps a block's last byte when it is a CR", "[scpi]")
{
    ResponseFramer f;
    const QByteArray block = floatBlock({0x3F80000D}); // payload ends in 0x0D
    f.append(block + "\n" + block + "\r\n");
    CHECK(**f.take() == block);
    CHECK(**f.take() == block); // CR+LF terminator: the CR after the block goes
}

TEST_CASE("FLOAT payload bytes that look like white space are data", "[scpi]")
{
    // 0x41200020 and 0x3F80000D end in a space and a CR.
    auto r = scpi::parseFloatValues(floatBlock({0x41200020, 0x3F80000D}), 2);
    REQUIRE(r.ok());
    CHECK((*r)[0].value == Approx(10.0000305));
    CHECK((*r)[1].value == Approx(1.0000015));
    auto headed = scpi::parseFloatValues(":NUM:NORM:VAL " + floatBlock({0x20202020}), 1);
    REQUIRE(headed.ok());
}
