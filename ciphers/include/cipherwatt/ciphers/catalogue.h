#pragma once

#include <cipherwatt/ciphers/types.h>

#include <algorithm>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::ciphers {

enum class Operation : std::uint8_t { Encrypt, Decrypt, KeyGen, Agree };

std::string_view operationName(Operation op);
std::optional<Operation> parseOperation(std::string_view name);

enum class CipherKind : std::uint8_t {
    Block,        // a block cipher mode without authentication (ECB, CBC, CTR, XTS)
    Stream,       // a stream cipher (ChaCha20, RC4)
    Aead,         // authenticated encryption with a tag (GCM, CCM, ChaCha20-Poly1305)
    KeyAgreement, // X25519
};

// What the per-message parameter of a cipher is called on the command line and in vector files.
enum class IvKind : std::uint8_t { None, Iv, Nonce, Tweak };

std::string_view ivKindName(IvKind kind);

// One entry of the catalogue. Ids follow DESIGN.md: lower case `<algorithm>-<key bits>-<mode>`.
// `keyBits` is the nominal key size benchmarks use; algorithms with variable keys accept any
// length in [keyMinBytes, keyMaxBytes] (known-answer vectors use such lengths).
struct CipherInfo
{
    std::string_view id;
    std::string_view family;
    std::string_view mode;
    CipherKind kind = CipherKind::Block;
    unsigned keyBits = 0;
    unsigned blockBits = 0; // 0 for stream ciphers and key agreement
    std::size_t keyMinBytes = 0;
    std::size_t keyMaxBytes = 0;
    IvKind ivKind = IvKind::None;
    std::size_t ivBytes = 0; // the length benchmarks use
    std::size_t ivMinBytes = 0;
    std::size_t ivMaxBytes = 0;
    std::size_t tagBytes = 0;
    std::size_t minInputBytes = 0; // smallest message (XTS: one block)
    bool wholeBlocksOnly = false;  // ECB and CBC process whole blocks, without padding
    std::string_view note;         // conventions that change the meaning of the bytes

    // The key length benchmarks use: the fixed length, or the nominal one for variable keys.
    std::size_t keyBytes() const
    {
        return keyMinBytes == keyMaxBytes
                   ? keyMinBytes
                   : std::clamp<std::size_t>(keyBits / 8, keyMinBytes, keyMaxBytes);
    }
    std::size_t blockBytes() const { return blockBits / 8; }
    bool isKeyAgreement() const { return kind == CipherKind::KeyAgreement; }
    // Stream ciphers and CTR can also process one long message in pieces (Cipher::stream*).
    bool isStreamable() const { return kind == CipherKind::Stream || mode == "CTR"; }
    std::vector<Operation> operations() const;
};

// The whole catalogue, in a stable order (families grouped), followed by the ciphers that
// plugins added (plugin.h). A deque: entries keep their address when a plugin adds more.
const std::deque<CipherInfo> &catalogue();

// Null when no cipher has this id.
const CipherInfo *findCipher(std::string_view id);

// Every id, for error messages that list the valid choices.
std::string validCipherIds(std::string_view separator = ", ");

} // namespace cipherwatt::ciphers
