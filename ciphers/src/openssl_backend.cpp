// OpenSSL 3 backend through EVP. Blowfish, DES, RC2, RC4 and SEED live in the legacy provider;
// loading it explicitly disables the implicit default provider, so both are loaded (and the
// legacy one is named in each result's provenance).

#include "backend.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace cipherwatt::ciphers::detail {

namespace {

std::string opensslErrors()
{
    std::string out;
    while (const unsigned long code = ERR_get_error()) {
        char buf[256];
        ERR_error_string_n(code, buf, sizeof buf);
        if (!out.empty())
            out += "; ";
        out += buf;
    }
    return out.empty() ? "unknown OpenSSL error" : out;
}

[[noreturn]] void fail(const CipherInfo &info, std::string_view what)
{
    throw CipherError(std::string(info.id) + " (openssl): " + std::string(what) + ": " +
                      opensslErrors());
}

bool needsLegacy(const CipherInfo &info)
{
    return info.family == "Blowfish" || info.family == "DES" || info.family == "RC2" ||
           info.family == "RC4" || info.family == "SEED";
}

// The providers stay loaded for the life of the process; their handles are kept so that they
// remain reachable (LeakSanitizer) and could be unloaded.
bool loadProviders(bool legacy)
{
    static std::once_flag defaultOnce;
    static std::once_flag legacyOnce;
    static OSSL_PROVIDER *defaultProvider = nullptr;
    static OSSL_PROVIDER *legacyProvider = nullptr;
    std::call_once(defaultOnce, [] { defaultProvider = OSSL_PROVIDER_load(nullptr, "default"); });
    if (legacy) {
        std::call_once(legacyOnce, [] {
            legacyProvider = OSSL_PROVIDER_load(nullptr, "legacy");
            ERR_clear_error();
        });
        return legacyProvider != nullptr;
    }
    return defaultProvider != nullptr;
}

std::string opensslName(const CipherInfo &info)
{
    const std::string bits = std::to_string(info.keyBits);
    std::string mode(info.mode);
    if (info.family == "AES" || info.family == "ARIA" || info.family == "Camellia") {
        std::string fam = info.family == "AES"    ? "AES"
                          : info.family == "ARIA" ? "ARIA"
                                                  : "CAMELLIA";
        return fam + "-" + bits + "-" + mode;
    }
    if (info.id == "chacha20")
        return "ChaCha20";
    if (info.id == "chacha20-poly1305")
        return "ChaCha20-Poly1305";
    if (info.family == "Blowfish")
        return "BF-" + mode;
    if (info.family == "DES")
        return "DES-" + mode;
    if (info.family == "3DES")
        return "DES-EDE3-" + mode;
    if (info.family == "RC2")
        return "RC2-" + mode;
    if (info.family == "RC4")
        return "RC4";
    if (info.family == "SEED")
        return "SEED-" + mode;
    return {};
}

struct CtxDeleter
{
    void operator()(EVP_CIPHER_CTX *c) const { EVP_CIPHER_CTX_free(c); }
};
struct CipherDeleter
{
    void operator()(EVP_CIPHER *c) const { EVP_CIPHER_free(c); }
};
using CtxPtr = std::unique_ptr<EVP_CIPHER_CTX, CtxDeleter>;
using EvpCipherPtr = std::unique_ptr<EVP_CIPHER, CipherDeleter>;

constexpr std::size_t kTweakBytes = 16; // XTS (IEEE 1619)

int toInt(std::size_t n)
{
    return static_cast<int>(n);
}

class OpensslCipher final : public CipherBase
{
public:
    OpensslCipher(const CipherInfo &info, EvpCipherPtr cipher, bool legacy)
        : CipherBase(info)
        , m_cipher(std::move(cipher))
        , m_legacy(legacy)
        , m_enc(EVP_CIPHER_CTX_new())
        , m_dec(EVP_CIPHER_CTX_new())
    {
        if (!m_enc || !m_dec)
            fail(info, "EVP_CIPHER_CTX_new");
    }

    Provenance provenance() const override
    {
        Provenance p;
        p.backend = "openssl";
        p.library = opensslVersion();
        const OSSL_PROVIDER *prov = EVP_CIPHER_get0_provider(m_cipher.get());
        p.implementation = std::string(EVP_CIPHER_get0_name(m_cipher.get())) + " from the " +
                           (prov ? OSSL_PROVIDER_get0_name(prov) : "?") + " provider";
        if (m_legacy)
            p.providerNote = "legacy provider loaded (with default) for this cipher";
        // Read-only use of the environment; nothing in the worker calls setenv.
        if (const char *cap = std::getenv("OPENSSL_ia32cap")) // NOLINT(concurrency-mt-unsafe)
            p.providerNote +=
                std::string(p.providerNote.empty() ? "" : "; ") + "OPENSSL_ia32cap=" + cap;
        return p;
    }

protected:
    void doSetKey(ByteView key) override
    {
        m_key.assign(key.begin(), key.end());
        if (info().family == "3DES" && key.size() == 16) // 2-key: K3 = K1
            m_key.insert(m_key.end(), key.begin(), key.begin() + 8);
        initKey(m_enc.get(), 1);
        initKey(m_dec.get(), 0);
        m_lastTweak.clear();
        m_lastTweakDec.clear();
        m_ivLen = info().ivBytes;
    }

    void doEncrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out) override
    {
        if (info().kind == CipherKind::Aead) {
            aeadEncrypt(iv, aad, in, out);
            return;
        }
        startMessage(m_enc.get(), 1, iv);
        update(m_enc.get(), in.data(), in.size(), out.data());
    }

    bool doDecrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out) override
    {
        if (info().kind == CipherKind::Aead)
            return aeadDecrypt(iv, aad, in, out);
        startMessage(m_dec.get(), 0, iv);
        update(m_dec.get(), in.data(), in.size(), out.data());
        return true;
    }

    // Stream ciphers and CTR: encryption and decryption are the same XOR, so the encryption
    // context serves both.
    void doStreamStart(ByteView iv) override { startMessage(m_enc.get(), 1, iv); }
    void doStreamProcess(ByteView in, MutableByteView out) override
    {
        update(m_enc.get(), in.data(), in.size(), out.data());
    }

private:
    void initKey(EVP_CIPHER_CTX *ctx, int enc)
    {
        if (EVP_CipherInit_ex2(ctx, m_cipher.get(), nullptr, nullptr, enc, nullptr) != 1)
            fail(info(), "cipher init");
        if (info().keyMinBytes != info().keyMaxBytes &&
            EVP_CIPHER_CTX_set_key_length(ctx, toInt(m_key.size())) != 1)
            fail(info(), "key length");
        if (info().family == "RC2") {
            auto bits = static_cast<unsigned int>(8 * m_key.size());
            OSSL_PARAM params[] = {OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_RC2_KEYBITS, &bits),
                                   OSSL_PARAM_construct_end()};
            if (EVP_CIPHER_CTX_set_params(ctx, params) != 1)
                fail(info(), "RC2 effective key bits");
        }
        if (info().mode == "CCM") {
            if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, toInt(info().ivBytes), nullptr) !=
                    1 ||
                EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, toInt(info().tagBytes), nullptr) !=
                    1)
                fail(info(), "CCM parameters");
        }
        if (EVP_CipherInit_ex2(ctx, nullptr, m_key.data(), nullptr, enc, nullptr) != 1)
            fail(info(), "key"); // e.g. XTS refuses Key1 == Key2
        EVP_CIPHER_CTX_set_padding(ctx, 0);
    }

    // How a message starts, decided once: the names are not compared again for every buffer.
    enum class Start : std::uint8_t { Nothing, Rekey, Tweak, ChachaNonce, Iv };

    static Start startFor(const CipherInfo &info)
    {
        if (info.mode == "ECB")
            return Start::Nothing;
        if (info.family == "RC4") // no IV: restart the key stream with a new key schedule
            return Start::Rekey;
        if (info.mode == "XTS")
            return Start::Tweak;
        if (info.id == "chacha20")
            return Start::ChachaNonce;
        return Start::Iv;
    }

    void startMessage(EVP_CIPHER_CTX *ctx, int enc, ByteView iv)
    {
        if (m_start == Start::Nothing)
            return;
        if (m_start == Start::Rekey) {
            if (EVP_CipherInit_ex2(ctx, nullptr, m_key.data(), nullptr, enc, nullptr) != 1)
                fail(info(), "RC4 re-key");
            return;
        }
        if (m_start == Start::Tweak) {
            // OpenSSL treats every update as one whole data unit starting from the context's
            // tweak, so the tweak only needs setting when it changes.
            // (The tweak is 16 bytes: a comparison of known length is inlined, not a call.)
            std::vector<std::uint8_t> &last = enc == 1 ? m_lastTweak : m_lastTweakDec;
            if (iv.size() == kTweakBytes && last.size() == kTweakBytes &&
                std::memcmp(last.data(), iv.data(), kTweakBytes) == 0)
                return;
            last.assign(iv.begin(), iv.end());
        }
        std::uint8_t chachaIv[16];
        const std::uint8_t *ivp = iv.data();
        if (m_start == Start::ChachaNonce) { // OpenSSL's IV = LE32 block counter || 96-bit nonce
            std::memset(chachaIv, 0, 4);
            std::memcpy(chachaIv + 4, iv.data(), 12);
            ivp = chachaIv;
        }
        if (EVP_CipherInit_ex2(ctx, nullptr, nullptr, ivp, enc, nullptr) != 1)
            fail(info(), "IV");
    }

    void update(EVP_CIPHER_CTX *ctx, const std::uint8_t *in, std::size_t n, std::uint8_t *out)
    {
        int len = 0;
        if (EVP_CipherUpdate(ctx, out, &len, in, toInt(n)) != 1 ||
            static_cast<std::size_t>(len) != n)
            fail(info(), "update");
    }

    void aeadStart(EVP_CIPHER_CTX *ctx, int enc, ByteView iv, ByteView aad, std::size_t textLen,
                   const std::uint8_t *expectedTag)
    {
        const bool ccm = info().mode == "CCM";
        if (ccm && iv.size() != m_ivLen) {
            // CCM's L = 15 - nonce length; change it on both contexts and re-key them.
            m_ivLen = iv.size();
            for (auto [c, e] : {std::pair{m_enc.get(), 1}, std::pair{m_dec.get(), 0}}) {
                if (EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, toInt(m_ivLen), nullptr) != 1)
                    fail(info(), "CCM nonce length");
                if (EVP_CipherInit_ex2(c, nullptr, m_key.data(), nullptr, e, nullptr) != 1)
                    fail(info(), "key");
            }
        }
        if (EVP_CipherInit_ex2(ctx, nullptr, nullptr, iv.data(), enc, nullptr) != 1)
            fail(info(), "nonce");
        if (enc == 0 && ccm &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, toInt(info().tagBytes),
                                const_cast<std::uint8_t *>(expectedTag)) != 1)
            fail(info(), "tag");
        int len = 0;
        if (ccm && EVP_CipherUpdate(ctx, nullptr, &len, nullptr, toInt(textLen)) != 1)
            fail(info(), "CCM length");
        if (!aad.empty() &&
            EVP_CipherUpdate(ctx, nullptr, &len, aad.data(), toInt(aad.size())) != 1)
            fail(info(), "associated data");
    }

    void aeadEncrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out)
    {
        EVP_CIPHER_CTX *ctx = m_enc.get();
        aeadStart(ctx, 1, iv, aad, in.size(), nullptr);
        int len = 0;
        if (info().mode == "CCM") {
            std::uint8_t dummy = 0; // non-null even when empty, as for decryption
            update(ctx, in.empty() ? &dummy : in.data(), in.size(),
                   in.empty() ? &dummy : out.data());
        } else if (!in.empty()) {
            update(ctx, in.data(), in.size(), out.data());
        }
        if (EVP_CipherFinal_ex(ctx, out.data() + in.size(), &len) != 1)
            fail(info(), "final");
        if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, toInt(info().tagBytes),
                                out.data() + in.size()) != 1)
            fail(info(), "get tag");
    }

    bool aeadDecrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out)
    {
        EVP_CIPHER_CTX *ctx = m_dec.get();
        const std::size_t textLen = in.size() - info().tagBytes;
        const std::uint8_t *tag = in.data() + textLen;
        aeadStart(ctx, 0, iv, aad, textLen, tag);
        int len = 0;
        bool ok = true;
        if (info().mode == "CCM") {
            // CCM verifies during the update; a bad tag fails it. With an empty message the
            // pointers must still be non-null: (NULL, NULL) means "set the length" to OpenSSL
            // and would skip the verification.
            std::uint8_t dummy = 0;
            std::uint8_t *o = textLen > 0 ? out.data() : &dummy;
            const std::uint8_t *i = textLen > 0 ? in.data() : &dummy;
            ok = EVP_CipherUpdate(ctx, o, &len, i, toInt(textLen)) == 1;
        } else {
            if (textLen > 0)
                update(ctx, in.data(), textLen, out.data());
            if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, toInt(info().tagBytes),
                                    const_cast<std::uint8_t *>(tag)) != 1)
                fail(info(), "set tag");
            ok = EVP_CipherFinal_ex(ctx, out.data() + textLen, &len) == 1;
        }
        if (!ok) {
            ERR_clear_error();
            std::fill(out.begin(), out.end(),
                      std::uint8_t{0}); // never expose unauthenticated bytes
        }
        return ok;
    }

    EvpCipherPtr m_cipher;
    bool m_legacy;
    CtxPtr m_enc;
    CtxPtr m_dec;
    Bytes m_key;
    Bytes m_lastTweak;
    Bytes m_lastTweakDec;
    Start m_start = startFor(info());
    std::size_t m_ivLen = 0;
};

struct PkeyDeleter
{
    void operator()(EVP_PKEY *k) const { EVP_PKEY_free(k); }
};
struct PkeyCtxDeleter
{
    void operator()(EVP_PKEY_CTX *c) const { EVP_PKEY_CTX_free(c); }
};
using PkeyPtr = std::unique_ptr<EVP_PKEY, PkeyDeleter>;
using PkeyCtxPtr = std::unique_ptr<EVP_PKEY_CTX, PkeyCtxDeleter>;

class OpensslX25519 final : public KeyAgreementBase
{
public:
    explicit OpensslX25519(const CipherInfo &info)
        : KeyAgreementBase(info)
    {}

    Provenance provenance() const override
    {
        Provenance p;
        p.backend = "openssl";
        p.library = opensslVersion();
        p.implementation = "X25519 from the default provider";
        return p;
    }

    KeyPair generate() override
    {
        PkeyCtxPtr ctx(EVP_PKEY_CTX_new_id(EVP_PKEY_X25519, nullptr));
        EVP_PKEY *raw = nullptr;
        if (!ctx || EVP_PKEY_keygen_init(ctx.get()) != 1 || EVP_PKEY_keygen(ctx.get(), &raw) != 1)
            fail(info(), "key generation");
        PkeyPtr key(raw);
        KeyPair pair;
        pair.privateKey.resize(32);
        pair.publicKey.resize(32);
        std::size_t privLen = 32;
        std::size_t pubLen = 32;
        if (EVP_PKEY_get_raw_private_key(key.get(), pair.privateKey.data(), &privLen) != 1 ||
            EVP_PKEY_get_raw_public_key(key.get(), pair.publicKey.data(), &pubLen) != 1)
            fail(info(), "raw keys");
        return pair;
    }

    Bytes agree(ByteView privateKey, ByteView peerPublicKey) override
    {
        if (privateKey.size() != 32 || peerPublicKey.size() != 32)
            throw CipherError("x25519: keys must be 32 bytes");
        PkeyPtr priv(EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, privateKey.data(),
                                                  privateKey.size()));
        PkeyPtr peer(EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nullptr, peerPublicKey.data(),
                                                 peerPublicKey.size()));
        if (!priv || !peer)
            fail(info(), "raw key import");
        PkeyCtxPtr ctx(EVP_PKEY_CTX_new(priv.get(), nullptr));
        Bytes shared(32);
        std::size_t len = shared.size();
        if (!ctx || EVP_PKEY_derive_init(ctx.get()) != 1 ||
            EVP_PKEY_derive_set_peer(ctx.get(), peer.get()) != 1 ||
            EVP_PKEY_derive(ctx.get(), shared.data(), &len) != 1 || len != 32)
            fail(info(), "derive");
        return shared;
    }
};

} // namespace

std::string opensslVersion()
{
    return OpenSSL_version(OPENSSL_VERSION);
}

std::unique_ptr<Cipher> createOpensslCipher(const CipherInfo &info)
{
    if (info.isKeyAgreement())
        return nullptr;
    const std::string name = opensslName(info);
    if (name.empty())
        return nullptr;
    const bool legacy = needsLegacy(info);
    if (!loadProviders(legacy))
        return nullptr;
    EvpCipherPtr cipher(EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr));
    if (!cipher) {
        ERR_clear_error();
        return nullptr;
    }
    return std::make_unique<OpensslCipher>(info, std::move(cipher), legacy);
}

std::unique_ptr<KeyAgreement> createOpensslKeyAgreement(const CipherInfo &info)
{
    if (info.id != "x25519")
        return nullptr;
    loadProviders(false);
    return std::make_unique<OpensslX25519>(info);
}

} // namespace cipherwatt::ciphers::detail
