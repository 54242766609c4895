// LEA (KS X 3246 / ISO/IEC 29192-2; Hong et al., WISA 2013): key schedule, the portable
// reference path, and the choice of SIMD kernel (lea_simd.cpp), which are tested against it.

#include "block_cipher.h"
#include "endian.h"
#include "lea_simd.h"

#include <cipherwatt/ciphers/isa.h>

#include <array>
#include <bit>
#include <cstring>
#include <string_view>

namespace cipherwatt::ciphers::custom {

namespace {

// Key-schedule constants: the first 256 fractional bits of sqrt(766965); 76, 69, 65 are "LEA"
// in ASCII.
constexpr std::array<std::uint32_t, 8> kDelta{0xc3efe9db, 0x44626b02, 0x79e27c8a, 0x78df30ec,
                                              0x715ea49e, 0xc785da0a, 0xe04ef22a, 0xe5c40957};
// Left rotations of the six key-schedule words updated per round.
constexpr std::array<int, 6> kKeyRot{1, 3, 6, 11, 13, 17};

// The kernels that run at one instruction-set level, widest first. Each takes what it can of
// the blocks left by the one before; the last one to three blocks go to the portable code. The
// modes pass whole batches of 32 blocks, and a single block (CBC encryption) is faster portable
// than padded into a register.
struct LeaPath
{
    std::string_view name;
    std::array<LeaKernelPair, 3> kernels{};
    std::size_t count = 0;
};

// Every level above Portable includes the ones below it, so a wider path may use the narrower
// kernels for its remainder.
LeaPath pathFor(Isa isa)
{
    switch (isa) {
#if defined(__x86_64__)
    case Isa::Avx512:
        return {"AVX-512 16-way", {leaKernelsAvx512(), leaKernelsAvx2(), leaKernelsSse2()}, 3};
    case Isa::Avx2:
        return {"AVX2 8-way", {leaKernelsAvx2(), leaKernelsSse2()}, 2};
    case Isa::Sse2:
        return {"SSE2 4-way", {leaKernelsSse2()}, 1};
#endif
#if defined(__aarch64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    case Isa::Neon:
        return {"NEON 4-way", {leaKernelsNeon()}, 1};
#endif
    default:
        return {"portable", {}, 0};
    }
}

class Lea final : public BlockCipher
{
public:
    explicit Lea(unsigned keyBits)
        : m_keyBits(keyBits)
        , m_rounds(16 + keyBits / 32 * 2) // 24, 28, 32
        , m_path(pathFor(isaLimit()))
    {
        m_schedule.rounds = m_rounds;
    }

    std::size_t blockBytes() const override { return 16; }

    void setKey(ByteView key) override
    {
        if (key.size() != m_keyBits / 8)
            throw CipherError("LEA: key must be " + std::to_string(m_keyBits / 8) + " bytes");
        std::array<std::uint32_t, 8> t{};
        for (std::size_t i = 0; i < key.size() / 4; ++i)
            t[i] = loadLe32(key.data() + 4 * i);

        for (unsigned i = 0; i < m_rounds; ++i) {
            auto &rk = m_schedule.enc[i];
            const auto r = static_cast<int>(i);
            switch (m_keyBits) {
            case 128: {
                // Only four words are updated; the spec repeats T1 as RK1, RK3 and RK5.
                const std::uint32_t d = kDelta[i % 4];
                for (std::size_t j = 0; j < 4; ++j)
                    t[j] = std::rotl(t[j] + std::rotl(d, r + static_cast<int>(j)), kKeyRot[j]);
                rk = {t[0], t[1], t[2], t[1], t[3], t[1]};
                break;
            }
            case 192: {
                const std::uint32_t d = kDelta[i % 6];
                for (std::size_t j = 0; j < 6; ++j) {
                    t[j] = std::rotl(t[j] + std::rotl(d, r + static_cast<int>(j)), kKeyRot[j]);
                    rk[j] = t[j];
                }
                break;
            }
            default: {
                // LEA-256 walks through its eight words six at a time: T[(6i + j) mod 8].
                const std::uint32_t d = kDelta[i % 8];
                for (std::size_t j = 0; j < 6; ++j) {
                    auto &w = t[(6 * std::size_t{i} + j) % 8];
                    w = std::rotl(w + std::rotl(d, r + static_cast<int>(j)), kKeyRot[j]);
                    rk[j] = w;
                }
                break;
            }
            }
            m_schedule.dec[i] = {rk[1] ^ rk[2], rk[3] ^ rk[4]};
        }
    }

    void encryptBlocks(const std::uint8_t *in, std::uint8_t *out, std::size_t blocks) const override
    {
        for (std::size_t k = 0; k < m_path.count && blocks != 0; ++k) {
            const std::size_t done = m_path.kernels[k].encrypt(m_schedule, in, out, blocks);
            in += 16 * done;
            out += 16 * done;
            blocks -= done;
        }
        encryptPortable(in, out, blocks);
    }

    void decryptBlocks(const std::uint8_t *in, std::uint8_t *out, std::size_t blocks) const override
    {
        for (std::size_t k = 0; k < m_path.count && blocks != 0; ++k) {
            const std::size_t done = m_path.kernels[k].decrypt(m_schedule, in, out, blocks);
            in += 16 * done;
            out += 16 * done;
            blocks -= done;
        }
        decryptPortable(in, out, blocks);
    }

    std::string implementation() const override
    {
        return "LEA-" + std::to_string(m_keyBits) + ", " + std::to_string(m_rounds) + " rounds, " +
               std::string(m_path.name);
    }

private:
    void encryptPortable(const std::uint8_t *in, std::uint8_t *out, std::size_t blocks) const
    {
        for (std::size_t b = 0; b < blocks; ++b, in += 16, out += 16) {
            std::uint32_t x0 = loadLe32(in), x1 = loadLe32(in + 4);
            std::uint32_t x2 = loadLe32(in + 8), x3 = loadLe32(in + 12);
            for (unsigned i = 0; i < m_rounds; ++i) {
                const auto &rk = m_schedule.enc[i];
                const std::uint32_t y0 = std::rotl((x0 ^ rk[0]) + (x1 ^ rk[1]), 9);
                const std::uint32_t y1 = std::rotr((x1 ^ rk[2]) + (x2 ^ rk[3]), 5);
                const std::uint32_t y2 = std::rotr((x2 ^ rk[4]) + (x3 ^ rk[5]), 3);
                x3 = x0;
                x0 = y0;
                x1 = y1;
                x2 = y2;
            }
            storeLe32(out, x0);
            storeLe32(out + 4, x1);
            storeLe32(out + 8, x2);
            storeLe32(out + 12, x3);
        }
    }

    void decryptPortable(const std::uint8_t *in, std::uint8_t *out, std::size_t blocks) const
    {
        for (std::size_t b = 0; b < blocks; ++b, in += 16, out += 16) {
            std::uint32_t x0 = loadLe32(in), x1 = loadLe32(in + 4);
            std::uint32_t x2 = loadLe32(in + 8), x3 = loadLe32(in + 12);
            for (unsigned i = m_rounds; i-- > 0;) {
                const auto &rk = m_schedule.enc[i];
                const auto &dk = m_schedule.dec[i];
                const std::uint32_t p0 = x3;
                const std::uint32_t s1 = std::rotr(x0, 9) - (p0 ^ rk[0]);
                const std::uint32_t s2 = std::rotl(x1, 5) - (s1 ^ dk[0]);
                const std::uint32_t s3 = std::rotl(x2, 3) - (s2 ^ dk[1]);
                x0 = p0;
                x1 = s1 ^ rk[1];
                x2 = s2 ^ rk[3];
                x3 = s3 ^ rk[5];
            }
            storeLe32(out, x0);
            storeLe32(out + 4, x1);
            storeLe32(out + 8, x2);
            storeLe32(out + 12, x3);
        }
    }

    unsigned m_keyBits;
    unsigned m_rounds;
    // Chosen once: the level cannot change under a running cipher, and the provenance string
    // must name the code that actually ran.
    LeaPath m_path;
    LeaSchedule m_schedule;
};

} // namespace

std::unique_ptr<BlockCipher> makeLea(unsigned keyBits)
{
    if (keyBits != 128 && keyBits != 192 && keyBits != 256)
        throw CipherError("LEA-" + std::to_string(keyBits) +
                          " does not exist; use 128, 192 or 256");
    return std::make_unique<Lea>(keyBits);
}

} // namespace cipherwatt::ciphers::custom
