#pragma once

// Adiantum's building blocks (the custom backend), public so that their own published vectors
// can be checked on their own, not only through Adiantum.

#include <cipherwatt/ciphers/types.h>

#include <array>
#include <cstdint>

namespace cipherwatt::ciphers {

// NH (4 passes, stride 2) of a message of at most 1024 bytes, a multiple of 16, under a
// 1072-byte key. Throws CipherError on other lengths.
std::array<std::uint8_t, 32> nhHash(ByteView key, ByteView message);

// NHPoly1305: NH of each 1024-byte chunk (the last zero-padded to a multiple of 16), then
// Poly1305 over the NH outputs without the final "+ s". Key = 16-byte Poly1305 r || 1072-byte
// NH key (the Linux layout).
std::array<std::uint8_t, 16> nhPoly1305(ByteView key, ByteView message);

// The Poly1305 MAC (RFC 8439) with key r || s, through Botan.
std::array<std::uint8_t, 16> poly1305(ByteView key, ByteView message);

} // namespace cipherwatt::ciphers
