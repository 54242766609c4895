// The custom backend: ciphers neither Botan 2 nor OpenSSL 3 has (CHAM, LEA, RC6, XXTEA,
// Adiantum), and CipherWatt's own XTS layer, which is also offered over AES so it can be
// checked against the IEEE 1619 vectors.

#include "../backend.h"

#include "adiantum.h"
#include "block_cipher.h"
#include "endian.h"
#include "modes.h"
#include "xxtea.h"

#include <botan/block_cipher.h>

#include <cstring>

namespace cipherwatt::ciphers::detail {

namespace {

using custom::BlockCipher;

// Botan's AES as a custom block cipher, for the XTS layer.
class BotanBlock final : public BlockCipher
{
public:
    explicit BotanBlock(std::unique_ptr<Botan::BlockCipher> cipher)
        : m_cipher(std::move(cipher))
    {}
    std::size_t blockBytes() const override { return m_cipher->block_size(); }
    void setKey(ByteView key) override { m_cipher->set_key(key.data(), key.size()); }
    void encryptBlocks(const std::uint8_t *in, std::uint8_t *out, std::size_t n) const override
    {
        m_cipher->encrypt_n(in, out, n);
    }
    void decryptBlocks(const std::uint8_t *in, std::uint8_t *out, std::size_t n) const override
    {
        m_cipher->decrypt_n(in, out, n);
    }
    std::string implementation() const override
    {
        return "Botan " + m_cipher->name() + " (" + m_cipher->provider() + ")";
    }

private:
    std::unique_ptr<Botan::BlockCipher> m_cipher;
};

std::array<std::uint32_t, 4> xxteaKey(ByteView key)
{
    std::array<std::uint32_t, 4> k{};
    for (std::size_t i = 0; i < 4; ++i)
        k[i] = custom::loadLe32(key.data() + 4 * i);
    return k;
}

// XXTEA with 8-byte blocks (two words each), so the generic ECB/CBC modes apply.
class Xxtea8 final : public BlockCipher
{
public:
    std::size_t blockBytes() const override { return 8; }
    void setKey(ByteView key) override { m_key = xxteaKey(key); }
    void encryptBlocks(const std::uint8_t *in, std::uint8_t *out, std::size_t n) const override
    {
        if (in != out)
            std::memmove(out, in, 8 * n);
        for (std::size_t b = 0; b < n; ++b)
            custom::xxteaEncrypt(out + 8 * b, 2, m_key.data());
    }
    void decryptBlocks(const std::uint8_t *in, std::uint8_t *out, std::size_t n) const override
    {
        if (in != out)
            std::memmove(out, in, 8 * n);
        for (std::size_t b = 0; b < n; ++b)
            custom::xxteaDecrypt(out + 8 * b, 2, m_key.data());
    }
    std::string implementation() const override
    {
        return "XXTEA, 8-byte blocks, little-endian words, portable";
    }

private:
    std::array<std::uint32_t, 4> m_key{};
};

// XXTEA with the whole message as one block (n = length / 4 words, 6 + 52/n cycles).
class XxteaWide final : public CipherBase
{
public:
    explicit XxteaWide(const CipherInfo &info)
        : CipherBase(info)
    {}
    Provenance provenance() const override
    {
        return custom::customProvenance(
            "XXTEA, whole buffer as one block, little-endian words, portable");
    }

protected:
    void doSetKey(ByteView key) override { m_key = xxteaKey(key); }
    void doEncrypt(ByteView, ByteView, ByteView in, MutableByteView out) override
    {
        if (in.data() != out.data())
            std::memmove(out.data(), in.data(), in.size());
        custom::xxteaEncrypt(out.data(), in.size() / 4, m_key.data());
    }
    bool doDecrypt(ByteView, ByteView, ByteView in, MutableByteView out) override
    {
        if (in.data() != out.data())
            std::memmove(out.data(), in.data(), in.size());
        custom::xxteaDecrypt(out.data(), in.size() / 4, m_key.data());
        return true;
    }

private:
    std::array<std::uint32_t, 4> m_key{};
};

// The round count of a CHAM id: "-r<n>" selects the original (2017) count, otherwise the
// revised (2019) one.
unsigned chamRounds(const CipherInfo &info)
{
    const bool original = info.id.find("-r") != std::string_view::npos;
    return original ? custom::chamOriginalRounds(info.blockBits, info.keyBits)
                    : custom::chamRevisedRounds(info.blockBits, info.keyBits);
}

custom::BlockCipherFactory blockFactory(const CipherInfo &info)
{
    if (info.family == "CHAM") {
        const unsigned rounds = chamRounds(info);
        return [&info, rounds] { return custom::makeCham(info.blockBits, info.keyBits, rounds); };
    }
    if (info.family == "LEA")
        return [&info] { return custom::makeLea(info.keyBits); };
    if (info.family == "RC6")
        return [] { return custom::makeRc6(); };
    if (info.family == "XXTEA")
        return [] { return std::make_unique<Xxtea8>(); };
    if (info.family == "AES" && info.mode == "XTS") {
        return [&info]() -> std::unique_ptr<BlockCipher> {
            return std::make_unique<BotanBlock>(
                Botan::BlockCipher::create_or_throw("AES-" + std::to_string(info.keyBits)));
        };
    }
    return {};
}

} // namespace

std::unique_ptr<Cipher> createCustomCipher(const CipherInfo &info)
{
    if (info.id == "adiantum-xchacha12-aes")
        return custom::makeAdiantum(info, 12);
    if (info.id == "adiantum-xchacha20-aes")
        return custom::makeAdiantum(info, 20);
    if (info.id == "xxtea-128-wide")
        return std::make_unique<XxteaWide>(info);
    const auto factory = blockFactory(info);
    if (!factory)
        return nullptr;
    if (info.mode == "ECB")
        return custom::makeEcb(info, factory);
    if (info.mode == "CBC")
        return custom::makeCbc(info, factory);
    if (info.mode == "CTR")
        return custom::makeCtr(info, factory);
    if (info.mode == "XTS")
        return custom::makeXts(info, factory);
    return nullptr;
}

std::unique_ptr<KeyAgreement> createCustomKeyAgreement(const CipherInfo &)
{
    return nullptr;
}

std::string customVersion()
{
    return std::string("CipherWatt ") + CIPHERWATT_VERSION + " custom";
}

} // namespace cipherwatt::ciphers::detail
