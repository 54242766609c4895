#include <cipherwatt/ciphers/catalogue.h>
#include <cipherwatt/ciphers/cipher.h>

#include <catch2/catch.hpp>

#include <regex>
#include <set>

using namespace cipherwatt::ciphers;

TEST_CASE("catalogue ids are unique and follow the naming rule", "[catalogue]")
{
    // DESIGN.md: lower case <algorithm>-<key bits>-<mode>, plus the named exceptions.
    // "-r<n>" marks CHAM's original round counts.
    const std::regex rule("[a-z0-9]+(-[0-9]+){0,2}(-[a-z][a-z0-9]*(-[0-9]+)?)?(-r[0-9]+)?|"
                          "chacha20-poly1305|adiantum-xchacha(12|20)-aes");
    std::set<std::string_view> seen;
    for (const auto &c : catalogue()) {
        INFO(c.id);
        CHECK(seen.insert(c.id).second);
        CHECK(std::regex_match(std::string(c.id), rule));
        CHECK(c.keyMinBytes <= c.keyBytes());
        CHECK(c.keyBytes() <= c.keyMaxBytes);
        CHECK(c.ivMinBytes <= c.ivBytes);
        CHECK(c.ivBytes <= c.ivMaxBytes);
    }
    for (const char *id :
         {"aes-128-xts", "aes-256-xts", "chacha20", "aes-128-ccm-8", "blowfish-128-cbc", "x25519"})
        CHECK(findCipher(id) != nullptr);
}

TEST_CASE("lookup: create returns null, createOrThrow explains", "[catalogue]")
{
    CHECK(createCipher("no-such-cipher", "openssl") == nullptr);
    CHECK(createCipher("aes-128-ecb", "no-such-backend") == nullptr);
    CHECK(createCipher("x25519", "openssl") == nullptr); // a key agreement, not a cipher
    CHECK_THROWS_WITH(createCipherOrThrow("no-such-cipher", "openssl"),
                      Catch::Contains("valid ids") && Catch::Contains("aes-128-xts"));
    CHECK_THROWS_WITH(createCipherOrThrow("aes-128-ecb", "nope"),
                      Catch::Contains("valid backends") && Catch::Contains("botan"));
    // Botan 2 has no RC2: the error names the backends that do.
    CHECK(createCipher("rc2-128-ecb", "botan") == nullptr);
    CHECK_THROWS_WITH(createCipherOrThrow("rc2-128-ecb", "botan"), Catch::Contains("openssl"));
}

TEST_CASE("backends(id) lists what this machine has", "[catalogue]")
{
    // The custom backend's XTS layer is also offered over AES, so the IEEE vectors check it.
    CHECK(backends("aes-128-xts") == std::vector<std::string>{"botan", "openssl", "custom"});
    CHECK(backends("aes-128-gcm") == std::vector<std::string>{"botan", "openssl"});
    CHECK(backends("xchacha20") == std::vector<std::string>{"botan"}); // OpenSSL has none
    CHECK(backends("lea-256-xts") == std::vector<std::string>{"custom"});
    CHECK(backends("adiantum-xchacha12-aes") == std::vector<std::string>{"custom"});
    CHECK(backends("x25519") == std::vector<std::string>{"botan", "openssl"});
    CHECK(backends("unknown").empty());
    // Every entry is provided by at least one backend here.
    for (const auto &c : catalogue()) {
        INFO(c.id);
        CHECK_FALSE(backends(c.id).empty());
    }
}

TEST_CASE("ciphers refuse bad lengths with a message naming the parameter", "[catalogue]")
{
    for (const auto &backend : backends("aes-128-xts")) {
        INFO(backend);
        auto xts = createCipherOrThrow("aes-128-xts", backend);
        CHECK_THROWS_WITH(xts->setKey(Bytes(16, 1)), Catch::Contains("key must be 32 bytes"));
        Bytes key(32);
        for (std::size_t i = 0; i < key.size(); ++i)
            key[i] = static_cast<std::uint8_t>(i);
        xts->setKey(key);
        CHECK_THROWS_WITH(xts->encrypt(Bytes(8), {}, Bytes(32)), Catch::Contains("tweak"));
        CHECK_THROWS_WITH(xts->encrypt(Bytes(16), {}, Bytes(15)), Catch::Contains("at least 16"));
        CHECK_THROWS_WITH(xts->encrypt(Bytes(16), Bytes(4), Bytes(32)),
                          Catch::Contains("associated data"));

        if (backend == "custom")
            continue; // the custom backend has AES only under its XTS layer
        auto cbc = createCipherOrThrow("aes-128-cbc", backend);
        cbc->setKey(Bytes(16));
        CHECK_THROWS_WITH(cbc->encrypt(Bytes(16), {}, Bytes(20)),
                          Catch::Contains("multiple of 16"));

        auto gcm = createCipherOrThrow("aes-128-gcm", backend);
        CHECK_THROWS_WITH(gcm->encrypt(Bytes(12), {}, Bytes(16)), Catch::Contains("no key"));
    }
}

TEST_CASE("streaming in pieces equals encrypting one long message", "[catalogue]")
{
    Bytes plain(1000);
    for (std::size_t i = 0; i < plain.size(); ++i)
        plain[i] = static_cast<std::uint8_t>(i * 7);
    for (const auto &info : catalogue()) {
        if (!info.isStreamable())
            continue;
        for (const auto &backend : backends(info.id)) {
            INFO(info.id << " on " << backend);
            auto cipher = createCipherOrThrow(info.id, backend);
            cipher->setKey(Bytes(info.keyBytes(), 0x42));
            const Bytes iv(info.ivBytes, 0x24);
            const Bytes whole = cipher->encrypt(iv, {}, plain);
            cipher->streamStart(iv);
            Bytes pieces;
            // Odd piece sizes cross block boundaries of every cipher here.
            for (std::size_t at = 0, step = 1; at < plain.size(); at += step, step = step * 3 + 1) {
                const std::size_t n = std::min(step, plain.size() - at);
                Bytes out(n);
                cipher->streamProcess(ByteView(plain).subspan(at, n), out);
                pieces.insert(pieces.end(), out.begin(), out.end());
            }
            CHECK(pieces == whole);
        }
    }
    auto xts = createCipherOrThrow("aes-128-xts", "openssl");
    Bytes key(32);
    for (std::size_t i = 0; i < key.size(); ++i)
        key[i] = static_cast<std::uint8_t>(i);
    xts->setKey(key);
    CHECK_THROWS_WITH(xts->streamStart(Bytes(16)), Catch::Contains("only stream ciphers and CTR"));
}
