// The custom backend: every length its ciphers accept, ciphertext stealing against OpenSSL's
// XTS, streaming, and in-place processing.

#include <cipherwatt/ciphers/catalogue.h>
#include <cipherwatt/ciphers/cipher.h>
#include <cipherwatt/ciphers/isa.h>
#include <cipherwatt/ciphers/kat.h>

#include <catch2/catch.hpp>

#include <random>

using namespace cipherwatt::ciphers;

namespace {

Bytes randomBytes(std::mt19937 &rng, std::size_t n)
{
    Bytes b(n);
    for (auto &x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

std::vector<const CipherInfo *> customCiphers()
{
    std::vector<const CipherInfo *> out;
    for (const auto &c : catalogue()) {
        if (createCipher(c.id, "custom"))
            out.push_back(&c);
    }
    return out;
}

bool lengthAllowed(const CipherInfo &info, std::size_t len)
{
    return len >= info.minInputBytes && (!info.wholeBlocksOnly || len % info.blockBytes() == 0);
}

} // namespace

TEST_CASE("custom backend: decrypt(encrypt(x)) = x for every length 16..4096 and odd ones",
          "[custom]")
{
    std::mt19937 rng(42);
    const auto ciphers = customCiphers();
    REQUIRE(ciphers.size() >= 20);
    for (const CipherInfo *info : ciphers) {
        auto cipher = createCipherOrThrow(info->id, "custom");
        cipher->setKey(randomBytes(rng, info->keyBytes()));
        std::size_t checked = 0;
        for (std::size_t len = 1; len <= 4096 + 33; len += (len < 80 ? 1 : 61)) {
            if (!lengthAllowed(*info, len))
                continue;
            INFO(info->id << " length " << len);
            const Bytes iv = randomBytes(rng, info->ivBytes);
            const Bytes plain = randomBytes(rng, len);
            const Bytes sealed = cipher->encrypt(iv, {}, plain);
            REQUIRE(sealed.size() == len);
            CHECK(sealed != plain);
            Bytes back(len);
            REQUIRE(cipher->decrypt(iv, {}, sealed, back));
            REQUIRE(back == plain);
            // In place gives the same bytes.
            Bytes inPlace = plain;
            cipher->encrypt(iv, {}, inPlace, inPlace);
            CHECK(inPlace == sealed);
            ++checked;
        }
        CHECK(checked > 0);
    }
}

TEST_CASE("custom XTS steals ciphertext exactly as OpenSSL does", "[custom]")
{
    // OpenSSL's XTS passed the IEEE 1619 vectors (kat test); compare every partial length.
    std::mt19937 rng(1619);
    for (const char *id : {"aes-128-xts", "aes-256-xts"}) {
        auto mine = createCipherOrThrow(id, "custom");
        auto theirs = createCipherOrThrow(id, "openssl");
        for (std::size_t len = 16; len <= 600; ++len) {
            INFO(id << " length " << len);
            const Bytes key = randomBytes(rng, findCipher(id)->keyBytes());
            const Bytes tweak = randomBytes(rng, 16);
            const Bytes plain = randomBytes(rng, len);
            mine->setKey(key);
            theirs->setKey(key);
            const Bytes c = mine->encrypt(tweak, {}, plain);
            REQUIRE(c == theirs->encrypt(tweak, {}, plain));
        }
    }
}

TEST_CASE("custom CTR streams in pieces like one message", "[custom]")
{
    std::mt19937 rng(5);
    for (const char *id : {"lea-128-ctr", "cham-64-128-ctr"}) {
        INFO(id);
        const CipherInfo &info = *findCipher(id);
        auto cipher = createCipherOrThrow(id, "custom");
        cipher->setKey(randomBytes(rng, info.keyBytes()));
        const Bytes iv = randomBytes(rng, info.ivBytes);
        const Bytes plain = randomBytes(rng, 3000);
        const Bytes whole = cipher->encrypt(iv, {}, plain);
        cipher->streamStart(iv);
        Bytes pieces;
        for (std::size_t at = 0, step = 7; at < plain.size(); at += step, step += 13) {
            const std::size_t n = std::min(step, plain.size() - at);
            Bytes out(n);
            cipher->streamProcess(ByteView(plain).subspan(at, n), out);
            pieces.insert(pieces.end(), out.begin(), out.end());
        }
        CHECK(pieces == whole);
    }
}

TEST_CASE("CTR counters carry across bytes as a big-endian integer", "[custom]")
{
    // Counter block ...00ff ff: the second block's counter is ...0100 00. Compare with ECB of
    // the two counter blocks (the SP 800-38A definition) through the same backend.
    const Bytes key(16, 7);
    Bytes iv(16, 0);
    iv[14] = 0xff;
    iv[15] = 0xff;
    auto ctr = createCipherOrThrow("lea-128-ctr", "custom");
    auto ecb = createCipherOrThrow("lea-128-ecb", "custom");
    ctr->setKey(key);
    ecb->setKey(key);
    Bytes counters = iv;
    Bytes next(16, 0);
    next[13] = 0x01;
    counters.insert(counters.end(), next.begin(), next.end());
    CHECK(ctr->encrypt(iv, {}, Bytes(32, 0)) == ecb->encrypt({}, {}, counters));
}

TEST_CASE("every instruction-set path agrees with the portable one", "[custom][isa]")
{
    const auto agreements = checkIsaAgreement();
    if (supportedIsas().size() > 1)
        CHECK(agreements.size() >= 20);
    for (const auto &a : agreements) {
        INFO(a.cipherId << " " << a.backend << " " << a.isa << ": " << a.message);
        CHECK(a.agreed);
    }
    CHECK(isaLimit() == bestIsa()); // restored
}
