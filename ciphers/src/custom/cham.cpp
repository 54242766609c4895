// CHAM (Koo et al., ICISC 2017; round counts revised by Roh et al., ICISC 2019): the key
// schedule, the portable reference path and the choice of SIMD kernels (cham_simd.cpp), which
// are tested against the portable path.

#include "block_cipher.h"
#include "cham_simd.h"
#include "endian.h"

#include <cipherwatt/ciphers/isa.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <span>
#include <vector>

namespace cipherwatt::ciphers::custom {

namespace {

struct ChamVariant
{
    unsigned blockBits;
    unsigned keyBits;
    unsigned originalRounds; // ICISC 2017
    unsigned revisedRounds;  // ICISC 2019: only the round counts changed
};

constexpr std::array<ChamVariant, 3> kVariants{{
    {64, 128, 80, 88},
    {128, 128, 80, 112},
    {128, 256, 96, 120},
}};

const ChamVariant &variantOrThrow(unsigned blockBits, unsigned keyBits)
{
    const auto it = std::find_if(kVariants.begin(), kVariants.end(), [&](const ChamVariant &v) {
        return v.blockBits == blockBits && v.keyBits == keyBits;
    });
    if (it == kVariants.end())
        throw CipherError("CHAM-" + std::to_string(blockBits) + "/" + std::to_string(keyBits) +
                          " does not exist; use 64/128, 128/128 or 128/256");
    return *it;
}

// Word is std::uint16_t for CHAM-64 and std::uint32_t for CHAM-128.
template<typename Word>
class Cham final : public BlockCipher
{
public:
    Cham(unsigned blockBits, unsigned keyBits, unsigned rounds)
        : m_blockBits(blockBits)
        , m_keyBits(keyBits)
        , m_rounds(rounds)
        , m_keyWords(keyBits / kWordBits)
        , m_keyMask(2 * m_keyWords - 1)
    {
        // Chosen once: the ISA limit is set before ciphers are created, and a kernel switch
        // in the middle of a measurement would change what is measured.
        m_kernels = sizeof(Word) == 4 ? cham128Kernels(isaLimit()) : cham64Kernels(isaLimit());
        rebuildSimdSchedule(); // for the all-zero key, so the paths agree even before setKey
    }

    std::size_t blockBytes() const override { return 4 * sizeof(Word); }

    void setKey(ByteView key) override
    {
        if (key.size() != m_keyBits / 8)
            throw CipherError("CHAM: key must be " + std::to_string(m_keyBits / 8) + " bytes");
        // 2k/w round keys; the second half is stored with the index's low bit flipped
        // (RK[(i + k/w) ^ 1]), as in the paper's key schedule.
        for (unsigned i = 0; i < m_keyWords; ++i) {
            const Word k = loadLe<Word>(key.data() + i * sizeof(Word));
            const Word k1 = std::rotl(k, 1);
            m_roundKeys[i] = static_cast<Word>(k ^ k1 ^ std::rotl(k, 8));
            m_roundKeys[(i + m_keyWords) ^ 1] = static_cast<Word>(k ^ k1 ^ std::rotl(k, 11));
        }
        rebuildSimdSchedule();
    }

    void encryptBlocks(const std::uint8_t *in, std::uint8_t *out, std::size_t blocks) const override
    {
        // Widest kernel first; each leaves fewer blocks than its lanes to the next one.
        for (const ChamKernel &kernel : m_kernels) {
            const std::size_t done =
                kernel.encrypt(m_simdSchedule.data(), m_rounds, in, out, blocks);
            in += done * blockBytes();
            out += done * blockBytes();
            blocks -= done;
        }
        for (std::size_t b = 0; b < blocks; ++b, in += blockBytes(), out += blockBytes()) {
            Word x[4];
            loadBlock(in, x);
            encryptBlock(x);
            storeBlock(out, x);
        }
    }

    void decryptBlocks(const std::uint8_t *in, std::uint8_t *out, std::size_t blocks) const override
    {
        for (const ChamKernel &kernel : m_kernels) {
            const std::size_t done =
                kernel.decrypt(m_simdSchedule.data(), m_rounds, in, out, blocks);
            in += done * blockBytes();
            out += done * blockBytes();
            blocks -= done;
        }
        for (std::size_t b = 0; b < blocks; ++b, in += blockBytes(), out += blockBytes()) {
            Word x[4];
            loadBlock(in, x);
            decryptBlock(x);
            storeBlock(out, x);
        }
    }

    std::string implementation() const override
    {
        return "CHAM-" + std::to_string(m_blockBits) + "/" + std::to_string(m_keyBits) + ", " +
               std::to_string(m_rounds) + " rounds, " +
               std::string(m_kernels.empty() ? "portable" : m_kernels.front().name);
    }

private:
    static constexpr unsigned kWordBits = 8 * sizeof(Word);

    void rebuildSimdSchedule()
    {
        if (!m_kernels.empty())
            m_simdSchedule =
                chamSchedule(std::span<const Word>(m_roundKeys.data(), m_keyMask + 1), m_rounds);
    }

    static void loadBlock(const std::uint8_t *in, Word (&x)[4])
    {
        for (std::size_t j = 0; j < 4; ++j)
            x[j] = loadLe<Word>(in + j * sizeof(Word));
    }

    static void storeBlock(std::uint8_t *out, const Word (&x)[4])
    {
        for (std::size_t j = 0; j < 4; ++j)
            storeLe<Word>(out + j * sizeof(Word), x[j]);
    }

    // Even rounds rotate x1 by 1 and the sum by 8, odd rounds the other way round. The casts
    // keep the arithmetic modulo 2^w, since uint16_t operands are promoted to int.
    template<int RotX1, int RotSum>
    Word forward(unsigned i, Word x0, Word x1) const
    {
        const auto a = static_cast<Word>(x0 ^ static_cast<Word>(i));
        const auto b = static_cast<Word>(std::rotl(x1, RotX1) ^ m_roundKeys[i & m_keyMask]);
        return std::rotl(static_cast<Word>(a + b), RotSum);
    }

    // Inverts a round up to its final XOR with the counter: returns s with x0 = s ^ i, given the
    // round output y and x1 = x1Bare ^ x1Counter. rotl distributes over XOR, so a counter still
    // on x1 joins the key term instead of lengthening the serial chain of the inverse rounds.
    template<int RotX1, int RotSum>
    Word unmix(unsigned i, Word y, Word x1Bare, unsigned x1Counter = 0) const
    {
        const auto k = static_cast<Word>(m_roundKeys[i & m_keyMask] ^
                                         std::rotl(static_cast<Word>(x1Counter), RotX1));
        return static_cast<Word>(std::rotr(y, RotSum) -
                                 static_cast<Word>(std::rotl(x1Bare, RotX1) ^ k));
    }

    Word forwardAny(unsigned i, Word x0, Word x1) const
    {
        return i % 2 == 0 ? forward<1, 8>(i, x0, x1) : forward<8, 1>(i, x0, x1);
    }

    Word backwardAny(unsigned i, Word y, Word x1) const
    {
        const Word s = i % 2 == 0 ? unmix<1, 8>(i, y, x1) : unmix<8, 1>(i, y, x1);
        return static_cast<Word>(s ^ static_cast<Word>(i));
    }

    // Four rounds per step so the words never move; 2k/w (8 or 16) is a multiple of 4, so the
    // parity pattern and the key index stay aligned. A remainder of rounds runs one by one.
    void encryptBlock(Word (&x)[4]) const
    {
        const unsigned full = m_rounds - m_rounds % 4;
        for (unsigned i = 0; i < full; i += 4) {
            x[0] = forward<1, 8>(i, x[0], x[1]);
            x[1] = forward<8, 1>(i + 1, x[1], x[2]);
            x[2] = forward<1, 8>(i + 2, x[2], x[3]);
            x[3] = forward<8, 1>(i + 3, x[3], x[0]);
        }
        for (unsigned i = full; i < m_rounds; ++i) {
            const Word y = forwardAny(i, x[0], x[1]);
            x[0] = x[1];
            x[1] = x[2];
            x[2] = x[3];
            x[3] = y;
        }
    }

    void decryptBlock(Word (&x)[4]) const
    {
        const unsigned full = m_rounds - m_rounds % 4;
        for (unsigned i = m_rounds; i-- > full;) {
            const Word y = x[3];
            x[3] = x[2];
            x[2] = x[1];
            x[1] = x[0];
            x[0] = backwardAny(i, y, x[1]);
        }
        for (unsigned i = full; i > 0; i -= 4) {
            const Word s3 = unmix<8, 1>(i - 1, x[3], x[0]);
            const Word s2 = unmix<1, 8>(i - 2, x[2], s3, i - 1);
            const Word s1 = unmix<8, 1>(i - 3, x[1], s2, i - 2);
            const Word s0 = unmix<1, 8>(i - 4, x[0], s1, i - 3);
            x[3] = static_cast<Word>(s3 ^ static_cast<Word>(i - 1));
            x[2] = static_cast<Word>(s2 ^ static_cast<Word>(i - 2));
            x[1] = static_cast<Word>(s1 ^ static_cast<Word>(i - 3));
            x[0] = static_cast<Word>(s0 ^ static_cast<Word>(i - 4));
        }
    }

    unsigned m_blockBits;
    unsigned m_keyBits;
    unsigned m_rounds;
    unsigned m_keyWords;
    unsigned m_keyMask; // 2k/w - 1; 2k/w is 8 or 16
    std::array<Word, 16> m_roundKeys{};
    std::vector<ChamKernel> m_kernels;         // widest first; empty: portable only
    std::vector<std::uint32_t> m_simdSchedule; // what the kernels read, from m_roundKeys
};

} // namespace

unsigned chamRevisedRounds(unsigned blockBits, unsigned keyBits)
{
    return variantOrThrow(blockBits, keyBits).revisedRounds;
}

unsigned chamOriginalRounds(unsigned blockBits, unsigned keyBits)
{
    return variantOrThrow(blockBits, keyBits).originalRounds;
}

std::unique_ptr<BlockCipher> makeCham(unsigned blockBits, unsigned keyBits, unsigned rounds)
{
    variantOrThrow(blockBits, keyBits);
    // The round counter is XORed into a w-bit word; beyond 2^16 rounds CHAM-64 is undefined.
    if (rounds == 0 || rounds > 0xffff)
        throw CipherError("CHAM: rounds must be 1..65535, got " + std::to_string(rounds));
    if (blockBits == 64)
        return std::make_unique<Cham<std::uint16_t>>(blockBits, keyBits, rounds);
    return std::make_unique<Cham<std::uint32_t>>(blockBits, keyBits, rounds);
}

} // namespace cipherwatt::ciphers::custom
