// Adiantum's building blocks against their own published vectors (tests/data/kat/parts).

#include <cipherwatt/ciphers/adiantum_parts.h>
#include <cipherwatt/ciphers/kat.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace cipherwatt::ciphers;

namespace {

std::vector<VectorRecord> records(const std::string &file, const std::string &group)
{
    const auto path = std::filesystem::path(CIPHERWATT_TEST_DATA) / "kat" / "parts" / file;
    std::ifstream in(path);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    REQUIRE(text.str().find("# Source:") != std::string::npos);
    auto all = parseVectorRecords(text.str(), file);
    for (const auto &r : all)
        REQUIRE(r.group == group);
    return all;
}

template<std::size_t N>
Bytes toBytes(const std::array<std::uint8_t, N> &a)
{
    return Bytes(a.begin(), a.end());
}

} // namespace

TEST_CASE("NH matches google/adiantum's vectors", "[parts]")
{
    const auto vectors = records("nh.vec", "nh");
    REQUIRE(vectors.size() >= 10);
    for (const auto &v : vectors) {
        INFO(v.origin);
        CHECK(toBytes(nhHash(v.hex("Key"), v.hex("In"))) == v.hex("Out"));
    }
    CHECK_THROWS_AS(nhHash(Bytes(1072), Bytes(17)), CipherError);
}

TEST_CASE("NHPoly1305 matches the Linux testmgr vectors", "[parts]")
{
    const auto vectors = records("nhpoly1305.vec", "nhpoly1305");
    REQUIRE(vectors.size() >= 6);
    for (const auto &v : vectors) {
        INFO(v.origin);
        CHECK(toBytes(nhPoly1305(v.hex("Key"), v.hex("In"))) == v.hex("Out"));
    }
}

TEST_CASE("Poly1305 matches RFC 8439 and the Poly1305-AES paper", "[parts]")
{
    const auto vectors = records("poly1305.vec", "poly1305");
    REQUIRE(vectors.size() >= 12);
    for (const auto &v : vectors) {
        INFO(v.origin);
        CHECK(toBytes(poly1305(v.hex("Key"), v.hex("In"))) == v.hex("Out"));
    }
}

TEST_CASE("the vector record parser reports bad files by line", "[parts]")
{
    CHECK_THROWS_WITH(parseVectorRecords("Key = 00\n", "x.vec"), Catch::Contains("x.vec:1"));
    CHECK_THROWS_WITH(parseVectorRecords("[g]\nKey 00\n", "x.vec"), Catch::Contains("x.vec:2"));
    CHECK_THROWS_WITH(parseVectorRecords("[g]\nKey = 00\nKey = 01\n", "x.vec"),
                      Catch::Contains("twice"));
    CHECK_THROWS_WITH(parseVectorFile("[nope]\nKey = 00\nIn = 00\nOut = 00\n", "x.vec"),
                      Catch::Contains("unknown cipher id"));
    CHECK_THROWS_WITH(parseVectorFile("[aes-128-ecb]\nKey = 0\nIn = 00\nOut = 00\n", "x.vec"),
                      Catch::Contains("x.vec:2 Key"));
    CHECK_THROWS_WITH(parseVectorFile("[aes-128-ecb]\nTweak = 00\nKey = 00\n", "x.vec"),
                      Catch::Contains("not used by aes-128-ecb"));
}
