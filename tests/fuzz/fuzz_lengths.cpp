// libFuzzer target for the length-handling code of the custom backend: XTS ciphertext
// stealing, Adiantum's split of the message, XXTEA's whole-buffer block and CTR streaming.
// Every input must either be refused with CipherError (a length the cipher does not take) or
// round-trip, give the same bytes in place, and (XTS over AES) match OpenSSL.

#include <cipherwatt/ciphers/cipher.h>

#include <array>
#include <cstdint>
#include <cstring>

using namespace cipherwatt::ciphers;

namespace {

constexpr std::array<const char *, 9> ciphers{"aes-128-xts",
                                              "aes-256-xts",
                                              "lea-128-xts",
                                              "cham-128-256-xts",
                                              "adiantum-xchacha12-aes",
                                              "adiantum-xchacha20-aes",
                                              "xxtea-128-wide",
                                              "lea-128-ctr",
                                              "cham-64-128-ctr"};

[[noreturn]] void fail(const char *what)
{
    std::fprintf(stderr, "fuzz_lengths: %s\n", what);
    std::abort();
}

// Key, parameter and message bytes are taken from the input, repeated as needed.
Bytes material(const std::uint8_t *data, std::size_t size, std::size_t n, std::size_t skew)
{
    Bytes out(n);
    for (std::size_t i = 0; i < n; ++i)
        out[i] = static_cast<std::uint8_t>(size ? data[(i + skew) % size] + i / size : i);
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 3)
        return 0;
    const CipherInfo &info = *findCipher(ciphers[data[0] % ciphers.size()]);
    const std::size_t length = (std::size_t{data[1]} << 8 | data[2]) % 5000;
    data += 3;
    size -= 3;
    auto cipher = createCipher(info.id, "custom");
    if (!cipher)
        fail("custom backend lacks a cipher it lists");
    Bytes key = material(data, size, info.keyBytes(), 0);
    if (info.mode == "XTS" &&
        std::memcmp(key.data(), key.data() + key.size() / 2, key.size() / 2) == 0)
        key[0] ^= 1; // equal halves are refused by OpenSSL, which we compare with
    cipher->setKey(key);
    const Bytes iv = material(data, size, info.ivBytes, 7);
    const Bytes plain = material(data, size, length, 13);

    Bytes sealed;
    try {
        sealed = cipher->encrypt(iv, {}, plain);
    } catch (const CipherError &) {
        const bool refusable = length < info.minInputBytes ||
                               (info.wholeBlocksOnly && length % info.blockBytes() != 0);
        if (!refusable)
            fail("a valid length was refused");
        return 0;
    }
    if (sealed.size() != plain.size())
        fail("the ciphertext length differs from the plaintext length");
    Bytes back(plain.size());
    if (!cipher->decrypt(iv, {}, sealed, back) || back != plain)
        fail("decrypt(encrypt(x)) != x");
    Bytes inPlace = plain;
    cipher->encrypt(iv, {}, inPlace, inPlace);
    if (inPlace != sealed)
        fail("in-place encryption differs");
    if (info.family == "AES") {
        auto reference = createCipher(info.id, "openssl");
        reference->setKey(key);
        if (reference->encrypt(iv, {}, plain) != sealed)
            fail("custom XTS differs from OpenSSL's");
    }
    if (info.isStreamable() && length > 0) {
        // Split the message at a point taken from the input: streaming must not care.
        const std::size_t cut = size ? data[0] % (length + 1) : length / 2;
        cipher->streamStart(iv);
        Bytes pieces(length);
        cipher->streamProcess(ByteView(plain).first(cut), MutableByteView(pieces).first(cut));
        cipher->streamProcess(ByteView(plain).subspan(cut), MutableByteView(pieces).subspan(cut));
        if (pieces != sealed)
            fail("streaming in two pieces differs");
    }
    return 0;
}
