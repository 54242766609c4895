#pragma once

// Internal to the custom backend: raw block ciphers that the generic modes (ECB, CBC, CTR,
// XTS) are built on. Implementations take many blocks per call so SIMD paths can process
// several at once; the portable path is the reference every other path is tested against.

#include <cipherwatt/ciphers/types.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace cipherwatt::ciphers::custom {

class BlockCipher
{
public:
    virtual ~BlockCipher() = default;

    virtual std::size_t blockBytes() const = 0;
    // The key length has been checked against the catalogue before this is called.
    virtual void setKey(ByteView key) = 0;
    // `in` and `out` hold `blocks` whole blocks; they may be the same buffer.
    virtual void encryptBlocks(const std::uint8_t *in, std::uint8_t *out,
                               std::size_t blocks) const = 0;
    virtual void decryptBlocks(const std::uint8_t *in, std::uint8_t *out,
                               std::size_t blocks) const = 0;
    // What ran, for provenance: e.g. "CHAM-128/128, 112 rounds, portable".
    virtual std::string implementation() const = 0;
};

// CHAM (Koo et al., ICISC 2017; rounds revised by Roh et al., ICISC 2019). Words are loaded
// little-endian as in the KISA reference code. blockBits/keyBits: 64/128, 128/128, 128/256.
std::unique_ptr<BlockCipher> makeCham(unsigned blockBits, unsigned keyBits, unsigned rounds);
// The revised (2019) round counts: 88, 112, 120; the original (2017) ones: 80, 80, 96.
unsigned chamRevisedRounds(unsigned blockBits, unsigned keyBits);
unsigned chamOriginalRounds(unsigned blockBits, unsigned keyBits);

// LEA (KS X 3246, ISO/IEC 29192-2): 128-bit blocks, 128/192/256-bit keys, 24/28/32 rounds.
std::unique_ptr<BlockCipher> makeLea(unsigned keyBits);

// RC6-32/20/b (Rivest et al., 1998): 128-bit blocks, keys of 16, 24 or 32 bytes.
std::unique_ptr<BlockCipher> makeRc6();

} // namespace cipherwatt::ciphers::custom
