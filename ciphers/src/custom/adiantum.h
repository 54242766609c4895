#pragma once

// Adiantum (Crowley and Biggers, IACR ToSC 2018(4); Linux crypto/adiantum.c): a tweakable,
// length-preserving cipher for any length >= 16 bytes, built from XChaCha12 or XChaCha20,
// AES-256 on one block, and the NH + Poly1305 hash. Botan provides ChaCha (XChaCha with a
// 24-byte nonce), AES and Poly1305; NH is ours.

#include "../backend.h"

#include <array>
#include <cstdint>

namespace cipherwatt::ciphers::custom {

inline constexpr std::size_t nhKeyBytes = 1072;     // 1024-byte message unit + 3 x 16
inline constexpr std::size_t nhMessageBytes = 1024; // one NH call
inline constexpr std::size_t nhHashBytes = 32;

// NH as specified for Adiantum: 4 passes, stride 2, over a message whose length is a multiple
// of 16 and at most 1024 bytes. `key` holds 268 little-endian 32-bit words.
std::array<std::uint8_t, nhHashBytes> nh(const std::uint8_t *key, const std::uint8_t *message,
                                         std::size_t length);

std::unique_ptr<Cipher> makeAdiantum(const CipherInfo &info, unsigned chachaRounds);

} // namespace cipherwatt::ciphers::custom
