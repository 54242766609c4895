// XXTEA ("corrected block TEA", Wheeler and Needham, 1998), portable reference path. Works in
// place on the byte buffer so a 4096-byte block needs no word copy; on little-endian hosts every
// load and store below compiles to a plain 32-bit access.

#include "xxtea.h"

#include "endian.h"

#include <cipherwatt/ciphers/types.h>

#include <bit>
#include <cstring>

namespace cipherwatt::ciphers::custom {

namespace {

constexpr std::uint32_t kDelta = 0x9e3779b9;

// The report's MX: y is the word after the one being updated, z the one before (cyclically);
// the key word is chosen by the word index p and bits 2..3 of sum (e).
std::uint32_t mix(std::uint32_t y, std::uint32_t z, std::uint32_t sum, std::size_t p,
                  std::uint32_t e, const std::uint32_t (&k)[4])
{
    return (((z >> 5) ^ (y << 2)) + ((y >> 3) ^ (z << 4))) ^ ((sum ^ y) + (k[(p & 3) ^ e] ^ z));
}

std::uint32_t cycles(std::size_t n)
{
    return static_cast<std::uint32_t>(6 + 52 / n);
}

void checkWords(std::size_t n)
{
    // The 1998 reference treats n < 2 as "do nothing"; silently leaving plaintext in place
    // would be worse than failing.
    if (n < 2)
        throw CipherError("XXTEA: a block needs at least 2 words, got " + std::to_string(n));
}

} // namespace

void xxteaEncrypt(std::uint8_t *words, std::size_t n, const std::uint32_t key[4])
{
    checkWords(n);
    // A local copy: stores through `words` may alias `key` as far as the compiler knows.
    const std::uint32_t k[4] = {key[0], key[1], key[2], key[3]};
    std::uint8_t *const last = words + 4 * (n - 1);
    std::uint32_t z = loadLe32(last);
    std::uint32_t sum = 0;
    for (std::uint32_t q = cycles(n); q > 0; --q) {
        sum += kDelta;
        const std::uint32_t e = (sum >> 2) & 3;
        std::size_t p = 0;
        for (; p < n - 1; ++p) {
            const std::uint32_t y = loadLe32(words + 4 * (p + 1));
            z = loadLe32(words + 4 * p) + mix(y, z, sum, p, e, k);
            storeLe32(words + 4 * p, z);
        }
        const std::uint32_t y = loadLe32(words);
        z = loadLe32(last) + mix(y, z, sum, p, e, k);
        storeLe32(last, z);
    }
}

void xxteaDecrypt(std::uint8_t *words, std::size_t n, const std::uint32_t key[4])
{
    checkWords(n);
    const std::uint32_t k[4] = {key[0], key[1], key[2], key[3]};
    std::uint8_t *const last = words + 4 * (n - 1);
    const std::uint32_t q = cycles(n);
    std::uint32_t sum = q * kDelta; // mod 2^32, as in the reference
    std::uint32_t y = loadLe32(words);
    for (std::uint32_t round = q; round > 0; --round) {
        const std::uint32_t e = (sum >> 2) & 3;
        std::size_t p = n - 1;
        for (; p > 0; --p) {
            const std::uint32_t z = loadLe32(words + 4 * (p - 1));
            y = loadLe32(words + 4 * p) - mix(y, z, sum, p, e, k);
            storeLe32(words + 4 * p, y);
        }
        const std::uint32_t z = loadLe32(last);
        y = loadLe32(words) - mix(y, z, sum, p, e, k);
        storeLe32(words, y);
        sum -= kDelta;
    }
}

} // namespace cipherwatt::ciphers::custom
