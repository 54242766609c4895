#pragma once

#include <cipherwatt/ciphers/catalogue.h>
#include <cipherwatt/ciphers/types.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::ciphers {

// Which code actually ran, recorded with every result.
struct Provenance
{
    std::string backend;        // "botan", "openssl", "custom"
    std::string library;        // e.g. "Botan 2.19.3", "OpenSSL 3.0.22 25 Aug 2026"
    std::string implementation; // what the library reports, e.g. Botan provider "aes_ni"
    std::string providerNote;   // e.g. OpenSSL provider "legacy" and why it was loaded
};

// A symmetric cipher with a key set once and one message per call. Callers see only this
// interface; the concrete backend classes stay inside the library.
//
// Message conventions (the same for every backend, so vectors run unchanged against each):
// - ECB/CBC: whole blocks, no padding. CBC: the IV is the first chaining block.
// - CTR: the IV is the initial 128-bit counter block, incremented as a big-endian integer.
// - XTS: the tweak is 16 bytes (dm-crypt plain64: little-endian data-unit number, zero padded);
//   one call is one data unit; lengths that are not whole blocks use ciphertext stealing.
// - Stream ciphers: each call starts the key stream at block 0 for the given nonce.
// - AEAD: encrypt writes ciphertext ‖ tag; decrypt takes ciphertext ‖ tag, and returns false
//   (with `out` zeroed) when the tag does not verify.
class Cipher
{
public:
    virtual ~Cipher() = default;
    Cipher(const Cipher &) = delete;
    Cipher &operator=(const Cipher &) = delete;

    const CipherInfo &info() const { return m_info; }
    virtual Provenance provenance() const = 0;

    // Throws CipherError on a key of the wrong length or one the library refuses.
    void setKey(ByteView key);

    // `out` must be in.size() + tagBytes long. Throws CipherError on bad lengths.
    void encrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out);
    // `out` must be in.size() - tagBytes long. Returns false when authentication fails.
    [[nodiscard]] bool decrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out);

    // Convenience for tests and known-answer checks.
    Bytes encrypt(ByteView iv, ByteView aad, ByteView in);

    // One long message under `iv`, processed in pieces: each streamProcess() continues the key
    // stream where the previous one stopped (as a file encryptor reading 4 KiB at a time, or
    // `openssl speed`). Only where info().isStreamable(); throws CipherError otherwise. The
    // same call encrypts and decrypts.
    void streamStart(ByteView iv);
    void streamProcess(ByteView in, MutableByteView out);

protected:
    explicit Cipher(const CipherInfo &info)
        : m_info(info)
    {}

    virtual void doSetKey(ByteView key) = 0;
    virtual void doEncrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out) = 0;
    virtual bool doDecrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out) = 0;
    // Backends of streamable ciphers override both; the public functions refuse the others.
    virtual void doStreamStart(ByteView iv);
    virtual void doStreamProcess(ByteView in, MutableByteView out);

private:
    void checkMessage(ByteView iv, ByteView aad, std::size_t textBytes)
    {
        if (!m_passed.checked || m_passed.iv != iv.size() || m_passed.aad != aad.size() ||
            m_passed.text != textBytes)
            checkNewMessage(iv, aad, textBytes);
    }
    void checkNewMessage(ByteView iv, ByteView aad, std::size_t textBytes);

    // The lengths checkMessage() last passed (under the key in force): a run's buffers all
    // have the same, and checking them again costs more than 1 % of a 4 KiB AES-XTS buffer.
    struct Shape
    {
        std::size_t iv = 0;
        std::size_t aad = 0;
        std::size_t text = 0;
        bool checked = false;
    };

    const CipherInfo &m_info;
    bool m_keySet = false;
    bool m_streaming = false;
    Shape m_passed;
};

struct KeyPair
{
    Bytes privateKey;
    Bytes publicKey;
};

// Key agreement (X25519): keys are 32-byte strings as in RFC 7748.
class KeyAgreement
{
public:
    virtual ~KeyAgreement() = default;
    KeyAgreement(const KeyAgreement &) = delete;
    KeyAgreement &operator=(const KeyAgreement &) = delete;

    const CipherInfo &info() const { return m_info; }
    virtual Provenance provenance() const = 0;

    virtual KeyPair generate() = 0;
    // The RFC 7748 function X25519(scalar, u). Throws CipherError on wrong lengths.
    virtual Bytes agree(ByteView privateKey, ByteView peerPublicKey) = 0;

protected:
    explicit KeyAgreement(const CipherInfo &info)
        : m_info(info)
    {}

private:
    const CipherInfo &m_info;
};

// Backends by name, as in Botan's lookup: `create*` returns null when the backend lacks the
// cipher, `create*OrThrow` throws CipherError naming the valid choices.
std::vector<std::string> backendNames();
bool isBackendName(std::string_view name);
std::vector<std::string> backends(std::string_view cipherId);
std::unique_ptr<Cipher> createCipher(std::string_view cipherId, std::string_view backend);
std::unique_ptr<Cipher> createCipherOrThrow(std::string_view cipherId, std::string_view backend);
std::unique_ptr<KeyAgreement> createKeyAgreement(std::string_view cipherId,
                                                 std::string_view backend);
std::unique_ptr<KeyAgreement> createKeyAgreementOrThrow(std::string_view cipherId,
                                                        std::string_view backend);

// Library versions of every backend, e.g. {"botan", "Botan 2.19.3 (...)"}.
std::vector<std::pair<std::string, std::string>> libraryVersions();

} // namespace cipherwatt::ciphers
