// RC6-32/20/b, portable reference path (Rivest, Robshaw, Sidney, Yin, "The RC6 Block Cipher",
// v1.1, 1998).

#include "block_cipher.h"
#include "endian.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace cipherwatt::ciphers::custom {

namespace {

// Data-dependent rotations use the low five bits only (lg w = 5).
std::uint32_t rotlBy(std::uint32_t x, std::uint32_t amount)
{
    return std::rotl(x, static_cast<int>(amount & 31U));
}

std::uint32_t rotrBy(std::uint32_t x, std::uint32_t amount)
{
    return std::rotr(x, static_cast<int>(amount & 31U));
}

// f(x) = x(2x + 1) mod 2^32, rotated by lg w = 5.
std::uint32_t quad(std::uint32_t x)
{
    return std::rotl(x * (2 * x + 1), 5);
}

constexpr unsigned kRounds = 20;
constexpr std::size_t kRoundKeys = 2 * kRounds + 4; // 44
constexpr std::uint32_t kP32 = 0xb7e15163;          // Odd((e - 2) * 2^32)
constexpr std::uint32_t kQ32 = 0x9e3779b9;          // Odd((phi - 1) * 2^32)
constexpr std::size_t kMaxKeyBytes = 255;           // b is a byte in RC6-w/r/b

class Rc6 final : public BlockCipher
{
public:
    std::size_t blockBytes() const override { return 16; }

    void setKey(ByteView key) override
    {
        if (key.size() > kMaxKeyBytes)
            throw CipherError("RC6: key must be at most 255 bytes");
        m_keyBytes = key.size();

        // c = max(1, ceil(b / 4)) words; a short last word is zero-padded at the top.
        std::array<std::uint32_t, (kMaxKeyBytes + 3) / 4> l{};
        const std::size_t c = std::max<std::size_t>(1, (key.size() + 3) / 4);
        for (std::size_t i = 0; i < key.size(); ++i)
            l[i / 4] |= std::uint32_t{key[i]} << (8 * (i % 4));

        m_s[0] = kP32;
        for (std::size_t i = 1; i < kRoundKeys; ++i)
            m_s[i] = m_s[i - 1] + kQ32;

        std::uint32_t a = 0, b = 0;
        std::size_t i = 0, j = 0;
        for (std::size_t s = 0; s < 3 * std::max(c, kRoundKeys); ++s) {
            a = m_s[i] = std::rotl(m_s[i] + a + b, 3);
            b = l[j] = rotlBy(l[j] + a + b, a + b);
            i = (i + 1) % kRoundKeys;
            j = (j + 1) % c;
        }
    }

    void encryptBlocks(const std::uint8_t *in, std::uint8_t *out, std::size_t blocks) const override
    {
        for (std::size_t n = 0; n < blocks; ++n, in += 16, out += 16) {
            std::uint32_t a = loadLe32(in), b = loadLe32(in + 4);
            std::uint32_t c = loadLe32(in + 8), d = loadLe32(in + 12);
            b += m_s[0];
            d += m_s[1];
            for (std::size_t i = 1; i <= kRounds; ++i) {
                const std::uint32_t t = quad(b);
                const std::uint32_t u = quad(d);
                const std::uint32_t na = rotlBy(a ^ t, u) + m_s[2 * i];
                const std::uint32_t nc = rotlBy(c ^ u, t) + m_s[2 * i + 1];
                // (A, B, C, D) = (B, C, D, A)
                a = b;
                b = nc;
                c = d;
                d = na;
            }
            a += m_s[2 * kRounds + 2];
            c += m_s[2 * kRounds + 3];
            storeLe32(out, a);
            storeLe32(out + 4, b);
            storeLe32(out + 8, c);
            storeLe32(out + 12, d);
        }
    }

    void decryptBlocks(const std::uint8_t *in, std::uint8_t *out, std::size_t blocks) const override
    {
        for (std::size_t n = 0; n < blocks; ++n, in += 16, out += 16) {
            std::uint32_t a = loadLe32(in), b = loadLe32(in + 4);
            std::uint32_t c = loadLe32(in + 8), d = loadLe32(in + 12);
            c -= m_s[2 * kRounds + 3];
            a -= m_s[2 * kRounds + 2];
            for (std::size_t i = kRounds; i >= 1; --i) {
                // (A, B, C, D) = (D, A, B, C), then undo the round.
                const std::uint32_t na = d, nb = a, nc = b, nd = c;
                const std::uint32_t u = quad(nd);
                const std::uint32_t t = quad(nb);
                c = rotrBy(nc - m_s[2 * i + 1], t) ^ u;
                a = rotrBy(na - m_s[2 * i], u) ^ t;
                b = nb;
                d = nd;
            }
            d -= m_s[1];
            b -= m_s[0];
            storeLe32(out, a);
            storeLe32(out + 4, b);
            storeLe32(out + 8, c);
            storeLe32(out + 12, d);
        }
    }

    std::string implementation() const override
    {
        return "RC6-32/20/" + std::to_string(m_keyBytes) + ", portable";
    }

private:
    std::size_t m_keyBytes = 0;
    std::array<std::uint32_t, kRoundKeys> m_s{};
};

} // namespace

std::unique_ptr<BlockCipher> makeRc6()
{
    return std::make_unique<Rc6>();
}

} // namespace cipherwatt::ciphers::custom
