#pragma once

// XXTEA, the "corrected block TEA" (Wheeler and Needham, 1998). The reference code works on
// arrays of 32-bit words; how bytes become words is the implementation's choice, and so is how
// long a "block" is. CipherWatt loads words little-endian (as on every DUT it targets) and
// offers both block lengths: 8 bytes (ECB-like, 32 cycles per block) and the whole buffer as
// one block (6 + 52/n cycles), which changes the cost per byte several-fold.

#include <cstddef>
#include <cstdint>

namespace cipherwatt::ciphers::custom {

// `words` holds n >= 2 little-endian 32-bit words (n = bytes / 4), processed in place.
void xxteaEncrypt(std::uint8_t *words, std::size_t n, const std::uint32_t key[4]);
void xxteaDecrypt(std::uint8_t *words, std::size_t n, const std::uint32_t key[4]);

} // namespace cipherwatt::ciphers::custom
