// Botan 2 backend. Botan 2.19 has no ECB Cipher_Mode, so ECB goes through BlockCipher::encrypt_n;
// CTR and the stream ciphers are StreamCiphers; everything else is a Cipher_Mode by name.

#include "backend.h"

#include <botan/aead.h>
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/cpuid.h>
#include <botan/curve25519.h>
#include <botan/exceptn.h>
#include <botan/stream_cipher.h>
#include <botan/system_rng.h>
#include <botan/version.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>

namespace cipherwatt::ciphers::detail {

namespace {

// Botan's name of the block cipher behind a catalogue entry; nullopt where Botan 2 lacks it.
std::optional<std::string> blockCipherName(const CipherInfo &info)
{
    const std::string bits = std::to_string(info.keyBits);
    if (info.family == "AES")
        return "AES-" + bits;
    if (info.family == "ARIA")
        return "ARIA-" + bits;
    if (info.family == "Camellia")
        return "Camellia-" + bits;
    if (info.family == "SEED")
        return "SEED";
    if (info.family == "Blowfish")
        return "Blowfish";
    if (info.family == "DES")
        return "DES";
    if (info.family == "3DES")
        return "TripleDES";
    return std::nullopt; // RC2 is not in Botan 2
}

std::string botanError(const CipherInfo &info, const std::exception &e)
{
    return std::string(info.id) + " (botan): " + e.what();
}

Provenance botanProvenance(std::string implementation)
{
    Provenance p;
    p.backend = "botan";
    p.library = botanVersion();
    p.implementation = std::move(implementation);
    p.providerNote = "CPU features: " + Botan::CPUID::to_string();
    return p;
}

class BotanEcb final : public CipherBase
{
public:
    BotanEcb(const CipherInfo &info, std::unique_ptr<Botan::BlockCipher> cipher)
        : CipherBase(info)
        , m_cipher(std::move(cipher))
    {}

    Provenance provenance() const override
    {
        return botanProvenance(m_cipher->name() + " provider " + m_cipher->provider());
    }

protected:
    void doSetKey(ByteView key) override
    {
        try {
            m_cipher->set_key(key.data(), key.size());
        } catch (const std::exception &e) {
            throw CipherError(botanError(info(), e));
        }
    }
    void doEncrypt(ByteView, ByteView, ByteView in, MutableByteView out) override
    {
        m_cipher->encrypt_n(in.data(), out.data(), in.size() / m_cipher->block_size());
    }
    bool doDecrypt(ByteView, ByteView, ByteView in, MutableByteView out) override
    {
        m_cipher->decrypt_n(in.data(), out.data(), in.size() / m_cipher->block_size());
        return true;
    }

private:
    std::unique_ptr<Botan::BlockCipher> m_cipher;
};

// CTR, ChaCha20, XChaCha20 and RC4. Each message restarts the key stream: a new IV for the
// ciphers that take one, a new key schedule for RC4 (which has no IV).
class BotanStream final : public CipherBase
{
public:
    BotanStream(const CipherInfo &info, std::unique_ptr<Botan::StreamCipher> cipher)
        : CipherBase(info)
        , m_cipher(std::move(cipher))
    {}

    Provenance provenance() const override
    {
        return botanProvenance(m_cipher->name() + " provider " + m_cipher->provider());
    }

protected:
    void doSetKey(ByteView key) override
    {
        try {
            m_key.assign(key.begin(), key.end());
            m_cipher->set_key(key.data(), key.size());
        } catch (const std::exception &e) {
            throw CipherError(botanError(info(), e));
        }
    }
    void doEncrypt(ByteView iv, ByteView, ByteView in, MutableByteView out) override
    {
        restart(iv);
        m_cipher->cipher(in.data(), out.data(), in.size());
    }
    bool doDecrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out) override
    {
        doEncrypt(iv, aad, in, out);
        return true;
    }
    void doStreamStart(ByteView iv) override { restart(iv); }
    void doStreamProcess(ByteView in, MutableByteView out) override
    {
        m_cipher->cipher(in.data(), out.data(), in.size());
    }

private:
    void restart(ByteView iv)
    {
        if (info().ivKind == IvKind::None)
            m_cipher->set_key(m_key.data(), m_key.size());
        else
            m_cipher->set_iv(iv.data(), iv.size());
    }

    std::unique_ptr<Botan::StreamCipher> m_cipher;
    Botan::secure_vector<std::uint8_t> m_key;
};

// CBC, XTS, GCM, CCM and ChaCha20-Poly1305 through Cipher_Mode. CCM's name encodes L = 15 -
// nonce length, so one pair of mode objects is kept per nonce length seen.
class BotanMode final : public CipherBase
{
public:
    BotanMode(const CipherInfo &info, std::string name)
        : CipherBase(info)
        , m_name(std::move(name))
    {}

    static bool available(const std::string &name)
    {
        return Botan::Cipher_Mode::create(name, Botan::ENCRYPTION) != nullptr;
    }

    Provenance provenance() const override
    {
        auto &pair = const_cast<BotanMode *>(this)->modes(info().ivBytes);
        std::string impl = pair.enc->name() + " provider " + pair.enc->provider();
        if (auto bc = blockCipherName(info())) {
            if (auto cipher = Botan::BlockCipher::create(*bc))
                impl += "; " + cipher->name() + " provider " + cipher->provider();
        }
        return botanProvenance(impl);
    }

protected:
    void doSetKey(ByteView key) override
    {
        m_key.assign(key.begin(), key.end());
        m_modes.clear();
        modes(info().ivBytes); // surfaces a refused key now, not at the first message
    }

    void doEncrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out) override
    {
        run(*modes(iv.size()).enc, iv, aad, in, out);
    }

    bool doDecrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out) override
    {
        try {
            run(*modes(iv.size()).dec, iv, aad, in, out);
            return true;
        } catch (const Botan::Invalid_Authentication_Tag &) {
            std::fill(out.begin(), out.end(),
                      std::uint8_t{0}); // never expose unauthenticated bytes
            return false;
        }
    }

private:
    struct ModePair
    {
        std::unique_ptr<Botan::Cipher_Mode> enc;
        std::unique_ptr<Botan::Cipher_Mode> dec;
    };

    std::string nameFor(std::size_t nonceBytes) const
    {
        if (info().mode != "CCM")
            return m_name;
        return m_name + "(" + std::to_string(info().tagBytes) + "," +
               std::to_string(15 - nonceBytes) + ")";
    }

    ModePair &modes(std::size_t nonceBytes)
    {
        const std::size_t slot = info().mode == "CCM" ? nonceBytes : 0;
        auto it = m_modes.find(slot);
        if (it != m_modes.end())
            return it->second;
        ModePair pair;
        try {
            pair.enc = Botan::Cipher_Mode::create_or_throw(nameFor(nonceBytes), Botan::ENCRYPTION);
            pair.dec = Botan::Cipher_Mode::create_or_throw(nameFor(nonceBytes), Botan::DECRYPTION);
            pair.enc->set_key(m_key.data(), m_key.size());
            pair.dec->set_key(m_key.data(), m_key.size());
        } catch (const std::exception &e) {
            throw CipherError(botanError(info(), e));
        }
        return m_modes.emplace(slot, std::move(pair)).first->second;
    }

    void run(Botan::Cipher_Mode &mode, ByteView iv, ByteView aad, ByteView in, MutableByteView out)
    {
        try {
            if (info().kind == CipherKind::Aead)
                dynamic_cast<Botan::AEAD_Mode &>(mode).set_associated_data(aad.data(), aad.size());
            mode.start(iv.data(), iv.size());
            // Most of the message is processed in place in `out` (no copy when in == out);
            // only the tail that finish() needs (tag, ciphertext stealing, final blocks) goes
            // through a buffer. CCM buffers the whole message internally, so it all goes there.
            std::size_t head = 0;
            if (info().mode != "CCM") {
                const std::size_t unit = std::max<std::size_t>(mode.update_granularity(), 1);
                const std::size_t keep = std::max<std::size_t>(mode.minimum_final_size(), 1);
                if (in.size() > keep)
                    head = (in.size() - keep) / unit * unit;
            }
            if (head > 0) {
                if (out.data() != in.data())
                    std::memcpy(out.data(), in.data(), head);
                if (mode.process(out.data(), head) != head)
                    throw CipherError(std::string(info().id) + " (botan): short process()");
            }
            m_buffer.assign(in.begin() + static_cast<std::ptrdiff_t>(head), in.end());
            mode.finish(m_buffer);
            if (head + m_buffer.size() != out.size())
                throw CipherError(std::string(info().id) + " (botan): unexpected output size");
            if (!m_buffer.empty()) // an empty message may come with a null `out`
                std::memcpy(out.data() + head, m_buffer.data(), m_buffer.size());
        } catch (const Botan::Invalid_Authentication_Tag &) {
            throw;
        } catch (const CipherError &) {
            throw;
        } catch (const std::exception &e) {
            throw CipherError(botanError(info(), e));
        }
    }

    std::string m_name;
    Botan::secure_vector<std::uint8_t> m_key;
    Botan::secure_vector<std::uint8_t> m_buffer;
    std::map<std::size_t, ModePair> m_modes;
};

class BotanX25519 final : public KeyAgreementBase
{
public:
    explicit BotanX25519(const CipherInfo &info)
        : KeyAgreementBase(info)
    {}

    Provenance provenance() const override { return botanProvenance("Curve25519 (donna)"); }

    KeyPair generate() override
    {
        Botan::Curve25519_PrivateKey key(Botan::system_rng());
        // Botan 2.19 only exposes the scalar DER-wrapped as an OCTET STRING (04 20 || k).
        const auto der = key.private_key_bits();
        if (der.size() != 34 || der[0] != 0x04 || der[1] != 0x20)
            throw CipherError("x25519 (botan): unexpected private key encoding");
        KeyPair pair;
        pair.publicKey = key.public_value();
        pair.privateKey.assign(der.begin() + 2, der.end());
        return pair;
    }

    Bytes agree(ByteView privateKey, ByteView peerPublicKey) override
    {
        if (privateKey.size() != 32 || peerPublicKey.size() != 32)
            throw CipherError("x25519: keys must be 32 bytes");
        try {
            const Botan::Curve25519_PrivateKey key(
                Botan::secure_vector<std::uint8_t>(privateKey.begin(), privateKey.end()));
            const auto shared = key.agree(peerPublicKey.data(), peerPublicKey.size());
            return {shared.begin(), shared.end()};
        } catch (const std::exception &e) {
            throw CipherError(std::string("x25519 (botan): ") + e.what());
        }
    }
};

} // namespace

std::string botanVersion()
{
    return "Botan " + Botan::short_version_string();
}

std::unique_ptr<Cipher> createBotanCipher(const CipherInfo &info)
{
    if (info.isKeyAgreement())
        return nullptr;
    if (info.kind == CipherKind::Stream || info.mode == "CTR") {
        std::string name;
        if (info.id == "chacha20" || info.id == "xchacha20")
            name = "ChaCha(20)";
        else if (info.id == "xchacha12")
            name = "ChaCha(12)"; // with a 24-byte nonce Botan's ChaCha is XChaCha
        else if (info.family == "RC4")
            name = "RC4";
        else if (auto bc = blockCipherName(info))
            name = "CTR-BE(" + *bc + ")";
        if (name.empty())
            return nullptr;
        auto cipher = Botan::StreamCipher::create(name);
        if (!cipher || (info.ivKind != IvKind::None && !cipher->valid_iv_length(info.ivBytes)))
            return nullptr;
        return std::make_unique<BotanStream>(info, std::move(cipher));
    }
    if (info.id == "chacha20-poly1305") {
        if (!BotanMode::available("ChaCha20Poly1305"))
            return nullptr;
        return std::make_unique<BotanMode>(info, "ChaCha20Poly1305");
    }
    const auto bc = blockCipherName(info);
    if (!bc)
        return nullptr;
    if (info.mode == "ECB") {
        auto cipher = Botan::BlockCipher::create(*bc);
        if (!cipher)
            return nullptr;
        return std::make_unique<BotanEcb>(info, std::move(cipher));
    }
    std::string name;
    if (info.mode == "CBC")
        name = *bc + "/CBC/NoPadding";
    else if (info.mode == "XTS")
        name = *bc + "/XTS";
    else if (info.mode == "GCM")
        name = *bc + "/GCM";
    else if (info.mode == "CCM")
        name = *bc + "/CCM";
    else
        return nullptr;
    const std::string probe = info.mode == "CCM" ? name + "(" + std::to_string(info.tagBytes) +
                                                       "," + std::to_string(15 - info.ivBytes) + ")"
                                                 : name;
    if (!BotanMode::available(probe))
        return nullptr;
    return std::make_unique<BotanMode>(info, name);
}

std::unique_ptr<KeyAgreement> createBotanKeyAgreement(const CipherInfo &info)
{
    if (info.id != "x25519")
        return nullptr;
    return std::make_unique<BotanX25519>(info);
}

} // namespace cipherwatt::ciphers::detail
