#include "modes.h"

#include "endian.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace cipherwatt::ciphers::custom {

namespace {

// Blocks handled per call into the block cipher: enough for 8- or 16-way SIMD paths, small
// enough to stay in L1 with its tweak or counter buffer.
constexpr std::size_t batchBlocks = 32;

void xorInto(std::uint8_t *out, const std::uint8_t *a, const std::uint8_t *b, std::size_t n)
{
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) { // word at a time; the compiler widens it further
        std::uint64_t x = 0;
        std::uint64_t y = 0;
        std::memcpy(&x, a + i, 8);
        std::memcpy(&y, b + i, 8);
        x ^= y;
        std::memcpy(out + i, &x, 8);
    }
    for (; i < n; ++i)
        out[i] = static_cast<std::uint8_t>(a[i] ^ b[i]);
}

// Multiplication by x in GF(2^128) with the IEEE 1619 byte order (little-endian) and the
// reduction polynomial x^128 + x^7 + x^2 + x + 1 (0x87).
void mulAlpha(const std::uint8_t *in, std::uint8_t *out)
{
    const std::uint64_t lo = loadLe64(in);
    const std::uint64_t hi = loadLe64(in + 8);
    const std::uint64_t carry = hi >> 63;
    storeLe64(out + 8, (hi << 1) | (lo >> 63));
    storeLe64(out, (lo << 1) ^ (carry * 0x87));
}

class CustomMode : public detail::CipherBase
{
public:
    CustomMode(const CipherInfo &info, std::unique_ptr<BlockCipher> cipher)
        : CipherBase(info)
        , m_cipher(std::move(cipher))
        , m_block(m_cipher->blockBytes())
    {}

    Provenance provenance() const override
    {
        return customProvenance(m_cipher->implementation() + ", " + std::string(info().mode));
    }

protected:
    void doSetKey(ByteView key) override { m_cipher->setKey(key); }

    std::unique_ptr<BlockCipher> m_cipher;
    std::size_t m_block;
};

class Ecb final : public CustomMode
{
public:
    using CustomMode::CustomMode;

protected:
    void doEncrypt(ByteView, ByteView, ByteView in, MutableByteView out) override
    {
        m_cipher->encryptBlocks(in.data(), out.data(), in.size() / m_block);
    }
    bool doDecrypt(ByteView, ByteView, ByteView in, MutableByteView out) override
    {
        m_cipher->decryptBlocks(in.data(), out.data(), in.size() / m_block);
        return true;
    }
};

class Cbc final : public CustomMode
{
public:
    using CustomMode::CustomMode;

protected:
    void doEncrypt(ByteView iv, ByteView, ByteView in, MutableByteView out) override
    {
        // Encryption is serial by construction (each block chains on the previous output).
        const std::uint8_t *chain = iv.data();
        for (std::size_t at = 0; at < in.size(); at += m_block) {
            xorInto(out.data() + at, in.data() + at, chain, m_block);
            m_cipher->encryptBlocks(out.data() + at, out.data() + at, 1);
            chain = out.data() + at;
        }
    }
    bool doDecrypt(ByteView iv, ByteView, ByteView in, MutableByteView out) override
    {
        // Decryption is parallel: decrypt a batch, then XOR with the previous ciphertexts,
        // which are saved first because `out` may be `in`.
        std::array<std::uint8_t, 16 * (batchBlocks + 1)> saved{};
        std::memcpy(saved.data(), iv.data(), m_block);
        for (std::size_t at = 0; at < in.size();) {
            const std::size_t n = std::min(batchBlocks, (in.size() - at) / m_block);
            std::memcpy(saved.data() + m_block, in.data() + at, n * m_block);
            m_cipher->decryptBlocks(in.data() + at, out.data() + at, n);
            xorInto(out.data() + at, out.data() + at, saved.data(), n * m_block);
            std::memcpy(saved.data(), saved.data() + n * m_block, m_block);
            at += n * m_block;
        }
        return true;
    }
};

// CTR with the whole block as a big-endian counter (SP 800-38A's standard increment).
class Ctr final : public CustomMode
{
public:
    using CustomMode::CustomMode;

protected:
    void doEncrypt(ByteView iv, ByteView, ByteView in, MutableByteView out) override
    {
        doStreamStart(iv);
        doStreamProcess(in, out);
    }
    bool doDecrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out) override
    {
        doEncrypt(iv, aad, in, out);
        return true;
    }
    void doStreamStart(ByteView iv) override
    {
        std::memcpy(m_counter.data(), iv.data(), m_block);
        m_used = 0; // no key stream buffered
        m_available = 0;
    }
    void doStreamProcess(ByteView in, MutableByteView out) override
    {
        std::size_t at = 0;
        while (at < in.size()) {
            if (m_used == m_available)
                refill();
            const std::size_t n = std::min(m_available - m_used, in.size() - at);
            xorInto(out.data() + at, in.data() + at, m_keyStream.data() + m_used, n);
            m_used += n;
            at += n;
        }
    }

private:
    void refill()
    {
        for (std::size_t b = 0; b < batchBlocks; ++b) {
            std::memcpy(m_keyStream.data() + b * m_block, m_counter.data(), m_block);
            for (std::size_t i = m_block; i-- > 0;) { // big-endian increment
                if (++m_counter[i] != 0)
                    break;
            }
        }
        m_available = batchBlocks * m_block;
        m_cipher->encryptBlocks(m_keyStream.data(), m_keyStream.data(), batchBlocks);
        m_used = 0;
    }

    std::array<std::uint8_t, 16> m_counter{};
    std::array<std::uint8_t, 16 * batchBlocks> m_keyStream{};
    std::size_t m_used = 0;
    std::size_t m_available = 0;
};

class Xts final : public detail::CipherBase
{
public:
    Xts(const CipherInfo &info, std::unique_ptr<BlockCipher> data,
        std::unique_ptr<BlockCipher> tweak)
        : CipherBase(info)
        , m_data(std::move(data))
        , m_tweak(std::move(tweak))
    {}

    Provenance provenance() const override
    {
        return customProvenance(m_data->implementation() + ", XTS (IEEE 1619) by CipherWatt");
    }

protected:
    void doSetKey(ByteView key) override
    {
        const std::size_t half = key.size() / 2;
        m_data->setKey(key.first(half));
        m_tweak->setKey(key.subspan(half));
    }

    void doEncrypt(ByteView iv, ByteView, ByteView in, MutableByteView out) override
    {
        run(iv, in, out, true);
    }
    bool doDecrypt(ByteView iv, ByteView, ByteView in, MutableByteView out) override
    {
        run(iv, in, out, false);
        return true;
    }

private:
    static constexpr std::size_t block = 16;

    void crypt(const std::uint8_t *in, std::uint8_t *out, std::size_t blocks, bool encrypt) const
    {
        if (encrypt)
            m_data->encryptBlocks(in, out, blocks);
        else
            m_data->decryptBlocks(in, out, blocks);
    }

    // C = E(P xor T) xor T for `blocks` blocks, tweaks from m_tweaks.
    void batch(const std::uint8_t *in, std::uint8_t *out, std::size_t blocks, bool encrypt)
    {
        xorInto(out, in, m_tweaks.data(), blocks * block);
        crypt(out, out, blocks, encrypt);
        xorInto(out, out, m_tweaks.data(), blocks * block);
    }

    void run(ByteView iv, ByteView in, MutableByteView out, bool encrypt)
    {
        const std::size_t full = in.size() / block;
        const std::size_t partial = in.size() % block;
        // With ciphertext stealing the last full block is handled with the partial one.
        const std::size_t bulk = partial != 0 ? full - 1 : full;
        std::array<std::uint8_t, block> t{};
        m_tweak->encryptBlocks(iv.data(), t.data(), 1);
        // The running tweak lives in two 64-bit words (IEEE 1619 byte order is little-endian).
        std::uint64_t lo = loadLe64(t.data());
        std::uint64_t hi = loadLe64(t.data() + 8);
        std::size_t done = 0;
        while (done < bulk) {
            const std::size_t n = std::min(batchBlocks, bulk - done);
            for (std::size_t b = 0; b < n; ++b) {
                storeLe64(m_tweaks.data() + b * block, lo);
                storeLe64(m_tweaks.data() + b * block + 8, hi);
                const std::uint64_t carry = hi >> 63;
                hi = (hi << 1) | (lo >> 63);
                lo = (lo << 1) ^ (0x87 & (0 - carry));
            }
            batch(in.data() + done * block, out.data() + done * block, n, encrypt);
            done += n;
        }
        if (partial != 0) {
            storeLe64(t.data(), lo);
            storeLe64(t.data() + 8, hi);
            steal(in.data() + bulk * block, out.data() + bulk * block, partial, t, encrypt);
        }
    }

    // IEEE 1619 §5.3.2 / 5.4.2: the last full block and the partial block, tweaks T_m-1 = t and
    // T_m = t * alpha. Decryption uses the two tweaks in the opposite order.
    void steal(const std::uint8_t *in, std::uint8_t *out, std::size_t partial,
               const std::array<std::uint8_t, block> &t, bool encrypt)
    {
        std::array<std::uint8_t, block> next{};
        mulAlpha(t.data(), next.data());
        const auto &first = encrypt ? t : next;
        const auto &second = encrypt ? next : t;
        std::array<std::uint8_t, block> cc{};
        std::memcpy(m_tweaks.data(), first.data(), block);
        batch(in, cc.data(), 1, encrypt);
        std::array<std::uint8_t, block> pp{};
        std::memcpy(pp.data(), in + block, partial);
        std::memcpy(pp.data() + partial, cc.data() + partial, block - partial);
        std::memcpy(out + block, cc.data(), partial); // may overwrite in + block: read above
        std::memcpy(m_tweaks.data(), second.data(), block);
        batch(pp.data(), out, 1, encrypt);
    }

    std::unique_ptr<BlockCipher> m_data;
    std::unique_ptr<BlockCipher> m_tweak;
    std::array<std::uint8_t, block * batchBlocks> m_tweaks{};
};

} // namespace

Provenance customProvenance(std::string implementation)
{
    Provenance p;
    p.backend = "custom";
    p.library = std::string("CipherWatt ") + CIPHERWATT_VERSION;
    p.implementation = std::move(implementation);
    return p;
}

std::unique_ptr<Cipher> makeEcb(const CipherInfo &info, const BlockCipherFactory &factory)
{
    return std::make_unique<Ecb>(info, factory());
}

std::unique_ptr<Cipher> makeCbc(const CipherInfo &info, const BlockCipherFactory &factory)
{
    return std::make_unique<Cbc>(info, factory());
}

std::unique_ptr<Cipher> makeCtr(const CipherInfo &info, const BlockCipherFactory &factory)
{
    return std::make_unique<Ctr>(info, factory());
}

std::unique_ptr<Cipher> makeXts(const CipherInfo &info, const BlockCipherFactory &factory)
{
    auto data = factory();
    if (data->blockBytes() != 16)
        return nullptr; // XTS is defined for 128-bit blocks only
    return std::make_unique<Xts>(info, std::move(data), factory());
}

} // namespace cipherwatt::ciphers::custom
