#include "adiantum.h"

#include "endian.h"
#include "modes.h"

#include <cipherwatt/ciphers/adiantum_parts.h>

#include <botan/block_cipher.h>
#include <botan/mac.h>
#include <botan/stream_cipher.h>

#include <cstring>

namespace cipherwatt::ciphers::custom {

namespace {

constexpr std::size_t blockBytes = 16;
constexpr std::size_t tweakBytes = 32;
constexpr std::size_t aesKeyBytes = 32;
constexpr std::size_t polyKeyBytes = 16;

using Block = std::array<std::uint8_t, blockBytes>;

// a + b and a - b modulo 2^128, little-endian (Adiantum's "+" and "-" on the hash).
Block add128(const std::uint8_t *a, const std::uint8_t *b)
{
    Block r{};
    unsigned carry = 0;
    for (std::size_t i = 0; i < blockBytes; ++i) {
        const unsigned s = unsigned{a[i]} + unsigned{b[i]} + carry;
        r[i] = static_cast<std::uint8_t>(s);
        carry = s >> 8;
    }
    return r;
}

Block sub128(const std::uint8_t *a, const std::uint8_t *b)
{
    Block r{};
    int borrow = 0;
    for (std::size_t i = 0; i < blockBytes; ++i) {
        const int d = int{a[i]} - int{b[i]} - borrow;
        r[i] = static_cast<std::uint8_t>(d);
        borrow = d < 0 ? 1 : 0;
    }
    return r;
}

// Poly1305 evaluated without the final "+ s": a Poly1305 MAC whose s half is zero.
void polyStart(Botan::MessageAuthenticationCode &mac, const std::uint8_t *r)
{
    std::array<std::uint8_t, 2 * polyKeyBytes> key{};
    std::memcpy(key.data(), r, polyKeyBytes);
    mac.set_key(key.data(), key.size());
}

// NHPoly1305 with Poly1305 key r and NH key `nhKey` (Adiantum's message hash).
Block nhPoly1305With(Botan::MessageAuthenticationCode &mac, const std::uint8_t *r,
                     const std::uint8_t *nhKey, ByteView message)
{
    polyStart(mac, r);
    std::array<std::uint8_t, nhMessageBytes> padded{};
    for (std::size_t at = 0; at < message.size(); at += nhMessageBytes) {
        const std::size_t n = std::min(nhMessageBytes, message.size() - at);
        const std::size_t units = (n + blockBytes - 1) / blockBytes * blockBytes;
        const std::uint8_t *chunk = message.data() + at;
        if (units != n) { // zero-pad the last partial 16-byte unit
            std::memset(padded.data(), 0, units);
            std::memcpy(padded.data(), chunk, n);
            chunk = padded.data();
        }
        const auto h = nh(nhKey, chunk, units);
        mac.update(h.data(), h.size());
    }
    Block out{};
    mac.final(out.data());
    return out;
}

class Adiantum final : public detail::CipherBase
{
public:
    Adiantum(const CipherInfo &info, unsigned rounds)
        : CipherBase(info)
        , m_rounds(rounds)
        , m_stream(Botan::StreamCipher::create_or_throw("ChaCha(" + std::to_string(rounds) + ")"))
        , m_aes(Botan::BlockCipher::create_or_throw("AES-256"))
        , m_poly(Botan::MessageAuthenticationCode::create_or_throw("Poly1305"))
    {}

    Provenance provenance() const override
    {
        return customProvenance("Adiantum-XChaCha" + std::to_string(m_rounds) + "-AES: Botan " +
                                m_stream->name() + " (" + m_stream->provider() +
                                "), Botan AES-256 (" + m_aes->provider() + "), Botan Poly1305 (" +
                                m_poly->provider() + "), NH portable");
    }

protected:
    void doSetKey(ByteView key) override
    {
        // Sub-keys: the XChaCha key stream under nonce 1 || 0^23 gives, in order, K_E
        // (AES-256), K_T (Poly1305 for the tweak), K_M (Poly1305 for the message) and K_N (NH).
        m_stream->set_key(key.data(), key.size());
        std::array<std::uint8_t, 24> nonce{};
        nonce[0] = 1;
        m_stream->set_iv(nonce.data(), nonce.size());
        std::array<std::uint8_t, aesKeyBytes + 2 * polyKeyBytes + nhKeyBytes> derived{};
        m_stream->write_keystream(derived.data(), derived.size());
        m_aes->set_key(derived.data(), aesKeyBytes);
        std::memcpy(m_tweakKey.data(), derived.data() + aesKeyBytes, polyKeyBytes);
        std::memcpy(m_messageKey.data(), derived.data() + aesKeyBytes + polyKeyBytes, polyKeyBytes);
        std::memcpy(m_nhKey.data(), derived.data() + aesKeyBytes + 2 * polyKeyBytes, nhKeyBytes);
    }

    void doEncrypt(ByteView tweak, ByteView, ByteView in, MutableByteView out) override
    {
        const std::size_t left = in.size() - blockBytes;
        const Block h = hash(tweak, in.first(left));
        const Block pm = add128(in.data() + left, h.data());
        Block cm{};
        m_aes->encrypt_n(pm.data(), cm.data(), 1);
        streamXor(cm, in.first(left), out.first(left));
        const Block h2 = hash(tweak, ByteView(out.data(), left));
        const Block cr = sub128(cm.data(), h2.data());
        std::memcpy(out.data() + left, cr.data(), blockBytes);
    }

    bool doDecrypt(ByteView tweak, ByteView, ByteView in, MutableByteView out) override
    {
        const std::size_t left = in.size() - blockBytes;
        const Block h = hash(tweak, in.first(left));
        const Block cm = add128(in.data() + left, h.data());
        streamXor(cm, in.first(left), out.first(left));
        Block pm{};
        m_aes->decrypt_n(cm.data(), pm.data(), 1);
        const Block h2 = hash(tweak, ByteView(out.data(), left));
        const Block pr = sub128(pm.data(), h2.data());
        std::memcpy(out.data() + left, pr.data(), blockBytes);
        return true;
    }

private:
    // The bulk: XChaCha under nonce C_M || 1 || 0^7.
    void streamXor(const Block &cm, ByteView in, MutableByteView out)
    {
        std::array<std::uint8_t, 24> nonce{};
        std::memcpy(nonce.data(), cm.data(), blockBytes);
        nonce[blockBytes] = 1;
        m_stream->set_iv(nonce.data(), nonce.size());
        m_stream->cipher(in.data(), out.data(), in.size());
    }

    // H(T, M) = Poly1305_KT(LE128(8 |M|) || T) + Poly1305_KM(NH(M) per 1024-byte chunk).
    Block hash(ByteView tweak, ByteView message)
    {
        std::array<std::uint8_t, blockBytes + tweakBytes> header{};
        storeLe64(header.data(), static_cast<std::uint64_t>(message.size()) * 8);
        std::memcpy(header.data() + blockBytes, tweak.data(), tweakBytes);
        polyStart(*m_poly, m_tweakKey.data());
        m_poly->update(header.data(), header.size());
        Block headerHash{};
        m_poly->final(headerHash.data());
        const Block messageHash =
            nhPoly1305With(*m_poly, m_messageKey.data(), m_nhKey.data(), message);
        return add128(headerHash.data(), messageHash.data());
    }

    unsigned m_rounds;
    std::unique_ptr<Botan::StreamCipher> m_stream;
    std::unique_ptr<Botan::BlockCipher> m_aes;
    std::unique_ptr<Botan::MessageAuthenticationCode> m_poly;
    std::array<std::uint8_t, polyKeyBytes> m_tweakKey{};
    std::array<std::uint8_t, polyKeyBytes> m_messageKey{};
    std::array<std::uint8_t, nhKeyBytes> m_nhKey{};
};

} // namespace

std::array<std::uint8_t, nhHashBytes> nh(const std::uint8_t *key, const std::uint8_t *message,
                                         std::size_t length)
{
    // Each 16-byte unit m0..m3 adds, for pass p, (m0 + k[4p]) * (m2 + k[4p+2]) and
    // (m1 + k[4p+1]) * (m3 + k[4p+3]) (32-bit additions, 64-bit products) to sum p; the key
    // window moves by 4 words per unit.
    std::array<std::uint64_t, 4> sums{};
    for (std::size_t at = 0; at < length; at += 16, key += 16) {
        const std::uint32_t m0 = loadLe32(message + at);
        const std::uint32_t m1 = loadLe32(message + at + 4);
        const std::uint32_t m2 = loadLe32(message + at + 8);
        const std::uint32_t m3 = loadLe32(message + at + 12);
        for (std::size_t p = 0; p < 4; ++p) {
            const std::uint8_t *k = key + 16 * p;
            sums[p] += std::uint64_t{static_cast<std::uint32_t>(m0 + loadLe32(k))} *
                       static_cast<std::uint32_t>(m2 + loadLe32(k + 8));
            sums[p] += std::uint64_t{static_cast<std::uint32_t>(m1 + loadLe32(k + 4))} *
                       static_cast<std::uint32_t>(m3 + loadLe32(k + 12));
        }
    }
    std::array<std::uint8_t, nhHashBytes> out{};
    for (std::size_t p = 0; p < 4; ++p)
        storeLe64(out.data() + 8 * p, sums[p]);
    return out;
}

std::unique_ptr<Cipher> makeAdiantum(const CipherInfo &info, unsigned chachaRounds)
{
    return std::make_unique<Adiantum>(info, chachaRounds);
}

} // namespace cipherwatt::ciphers::custom

namespace cipherwatt::ciphers {

std::array<std::uint8_t, 32> nhHash(ByteView key, ByteView message)
{
    if (key.size() != custom::nhKeyBytes || message.size() % 16 != 0 ||
        message.size() > custom::nhMessageBytes)
        throw CipherError("nh: key must be 1072 bytes and the message a multiple of 16 bytes, "
                          "at most 1024");
    return custom::nh(key.data(), message.data(), message.size());
}

std::array<std::uint8_t, 16> nhPoly1305(ByteView key, ByteView message)
{
    if (key.size() != custom::polyKeyBytes + custom::nhKeyBytes)
        throw CipherError("nhpoly1305: key must be 1088 bytes (16-byte r || 1072-byte NH key)");
    auto mac = Botan::MessageAuthenticationCode::create_or_throw("Poly1305");
    return custom::nhPoly1305With(*mac, key.data(), key.data() + custom::polyKeyBytes, message);
}

std::array<std::uint8_t, 16> poly1305(ByteView key, ByteView message)
{
    if (key.size() != 32)
        throw CipherError("poly1305: key must be 32 bytes (r || s)");
    auto mac = Botan::MessageAuthenticationCode::create_or_throw("Poly1305");
    mac->set_key(key.data(), key.size());
    mac->update(message.data(), message.size());
    std::array<std::uint8_t, 16> tag{};
    mac->final(tag.data());
    return tag;
}

} // namespace cipherwatt::ciphers
