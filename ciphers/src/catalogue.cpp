#include "registry.h"

#include <cipherwatt/ciphers/catalogue.h>

#include <algorithm>
#include <array>
#include <tuple>

namespace cipherwatt::ciphers {

namespace {

// Builders keep the table readable: one line per catalogue entry.
CipherInfo blockMode(std::string_view id, std::string_view family, std::string_view mode,
                     unsigned keyBits, unsigned blockBits)
{
    CipherInfo c;
    c.id = id;
    c.family = family;
    c.mode = mode;
    c.kind = CipherKind::Block;
    c.keyBits = keyBits;
    c.blockBits = blockBits;
    c.keyMinBytes = c.keyMaxBytes = keyBits / 8;
    const std::size_t block = blockBits / 8;
    if (mode == "ECB") {
        c.wholeBlocksOnly = true;
        c.minInputBytes = block;
    } else if (mode == "CBC") {
        c.wholeBlocksOnly = true;
        c.minInputBytes = block;
        c.ivKind = IvKind::Iv;
        c.ivBytes = c.ivMinBytes = c.ivMaxBytes = block;
    } else if (mode == "CTR") {
        c.ivKind = IvKind::Iv;
        c.ivBytes = c.ivMinBytes = c.ivMaxBytes = block;
        c.minInputBytes = 1;
        c.note = "IV = initial counter block, incremented as a big-endian integer";
    } else if (mode == "XTS") {
        c.keyMinBytes = c.keyMaxBytes = 2 * keyBits / 8;
        c.ivKind = IvKind::Tweak;
        c.ivBytes = c.ivMinBytes = c.ivMaxBytes = block;
        c.minInputBytes = block;
        c.note = "key = Key1 || Key2; tweak = little-endian data-unit number (plain64); "
                 "one call is one data unit; ciphertext stealing for partial blocks";
    }
    return c;
}

CipherInfo variableKey(CipherInfo c, std::size_t minBytes, std::size_t maxBytes)
{
    c.keyMinBytes = minBytes;
    c.keyMaxBytes = maxBytes;
    return c;
}

CipherInfo withNote(CipherInfo c, std::string_view note)
{
    c.note = note;
    return c;
}

CipherInfo aead(std::string_view id, std::string_view family, std::string_view mode,
                unsigned keyBits, unsigned blockBits, std::size_t nonceBytes, std::size_t nonceMin,
                std::size_t nonceMax, std::size_t tagBytes)
{
    CipherInfo c;
    c.id = id;
    c.family = family;
    c.mode = mode;
    c.kind = CipherKind::Aead;
    c.keyBits = keyBits;
    c.blockBits = blockBits;
    c.keyMinBytes = c.keyMaxBytes = keyBits / 8;
    c.ivKind = IvKind::Nonce;
    c.ivBytes = nonceBytes;
    c.ivMinBytes = nonceMin;
    c.ivMaxBytes = nonceMax;
    c.tagBytes = tagBytes;
    return c;
}

CipherInfo stream(std::string_view id, std::string_view family, unsigned keyBits,
                  std::size_t nonceBytes, std::string_view note)
{
    CipherInfo c;
    c.id = id;
    c.family = family;
    c.mode = "stream";
    c.kind = CipherKind::Stream;
    c.keyBits = keyBits;
    c.keyMinBytes = c.keyMaxBytes = keyBits / 8;
    if (nonceBytes > 0) {
        c.ivKind = IvKind::Nonce;
        c.ivBytes = c.ivMinBytes = c.ivMaxBytes = nonceBytes;
    }
    c.note = note;
    return c;
}

std::vector<CipherInfo> buildCatalogue()
{
    std::vector<CipherInfo> t;
    for (const unsigned bits : {128U, 192U, 256U}) {
        static constexpr std::array<std::array<std::string_view, 3>, 3> ids{{
            {"aes-128-ecb", "aes-128-cbc", "aes-128-ctr"},
            {"aes-192-ecb", "aes-192-cbc", "aes-192-ctr"},
            {"aes-256-ecb", "aes-256-cbc", "aes-256-ctr"},
        }};
        const auto &row = ids[(bits - 128) / 64];
        t.push_back(blockMode(row[0], "AES", "ECB", bits, 128));
        t.push_back(blockMode(row[1], "AES", "CBC", bits, 128));
        t.push_back(blockMode(row[2], "AES", "CTR", bits, 128));
    }
    t.push_back(blockMode("aes-128-xts", "AES", "XTS", 128, 128));
    t.push_back(blockMode("aes-256-xts", "AES", "XTS", 256, 128));
    // GCM with 96-bit nonces (SP 800-38D's recommended length); CCM with L = 15 - nonce bytes,
    // 12-byte nonces by default so buffers up to 16 MiB fit (L = 3).
    t.push_back(aead("aes-128-gcm", "AES", "GCM", 128, 128, 12, 12, 12, 16));
    t.push_back(aead("aes-192-gcm", "AES", "GCM", 192, 128, 12, 12, 12, 16));
    t.push_back(aead("aes-256-gcm", "AES", "GCM", 256, 128, 12, 12, 12, 16));
    t.push_back(aead("aes-128-ccm-8", "AES", "CCM", 128, 128, 12, 7, 13, 8));
    t.push_back(aead("aes-128-ccm-16", "AES", "CCM", 128, 128, 12, 7, 13, 16));
    t.push_back(aead("aes-192-ccm-8", "AES", "CCM", 192, 128, 12, 7, 13, 8));
    t.push_back(aead("aes-192-ccm-16", "AES", "CCM", 192, 128, 12, 7, 13, 16));
    t.push_back(aead("aes-256-ccm-8", "AES", "CCM", 256, 128, 12, 7, 13, 8));
    t.push_back(aead("aes-256-ccm-16", "AES", "CCM", 256, 128, 12, 7, 13, 16));

    t.push_back(stream("chacha20", "ChaCha", 256, 12,
                       "RFC 8439: 96-bit nonce, 32-bit block counter starting at 0"));
    t.push_back(stream("xchacha20", "ChaCha", 256, 24,
                       "XChaCha20 (draft-irtf-cfrg-xchacha): 192-bit nonce, counter from 0"));
    t.push_back(aead("chacha20-poly1305", "ChaCha", "AEAD", 256, 0, 12, 12, 12, 16));

    t.push_back(variableKey(blockMode("blowfish-128-ecb", "Blowfish", "ECB", 128, 64), 1, 56));
    t.push_back(variableKey(blockMode("blowfish-128-cbc", "Blowfish", "CBC", 128, 64), 1, 56));
    t.push_back(withNote(blockMode("des-56-ecb", "DES", "ECB", 64, 64),
                         "8-byte key including parity bits (56 effective)"));
    t.push_back(withNote(blockMode("des-56-cbc", "DES", "CBC", 64, 64),
                         "8-byte key including parity bits (56 effective)"));
    t.push_back(withNote(variableKey(blockMode("3des-168-ecb", "3DES", "ECB", 192, 64), 16, 24),
                         "EDE; 24-byte keys are 3-key, 16-byte keys 2-key (K3 = K1)"));
    t.push_back(withNote(variableKey(blockMode("3des-168-cbc", "3DES", "CBC", 192, 64), 16, 24),
                         "EDE; 24-byte keys are 3-key, 16-byte keys 2-key (K3 = K1)"));
    t.push_back(withNote(variableKey(blockMode("rc2-128-ecb", "RC2", "ECB", 128, 64), 1, 128),
                         "effective key bits = 8 x key length (RFC 2268)"));
    t.push_back(withNote(variableKey(blockMode("rc2-128-cbc", "RC2", "CBC", 128, 64), 1, 128),
                         "effective key bits = 8 x key length (RFC 2268)"));
    t.push_back(
        variableKey(stream("rc4-128", "RC4", 128, 0, "no IV; key stream from offset 0"), 1, 256));

    t.push_back(blockMode("seed-128-ecb", "SEED", "ECB", 128, 128));
    t.push_back(blockMode("seed-128-cbc", "SEED", "CBC", 128, 128));
    for (const auto &[ecb, cbc, bits] : {std::tuple{"aria-128-ecb", "aria-128-cbc", 128U},
                                         std::tuple{"aria-192-ecb", "aria-192-cbc", 192U},
                                         std::tuple{"aria-256-ecb", "aria-256-cbc", 256U}}) {
        t.push_back(blockMode(ecb, "ARIA", "ECB", bits, 128));
        t.push_back(blockMode(cbc, "ARIA", "CBC", bits, 128));
    }
    for (const auto &[ecb, cbc, bits] :
         {std::tuple{"camellia-128-ecb", "camellia-128-cbc", 128U},
          std::tuple{"camellia-192-ecb", "camellia-192-cbc", 192U},
          std::tuple{"camellia-256-ecb", "camellia-256-cbc", 256U}}) {
        t.push_back(blockMode(ecb, "Camellia", "ECB", bits, 128));
        t.push_back(blockMode(cbc, "Camellia", "CBC", bits, 128));
    }

    // Custom backend (CipherWatt's own code): CHAM with the revised round counts by default
    // and the original ones under "-r<rounds>", LEA, RC6, XXTEA and Adiantum.
    for (const auto &[id, block, key, mode, note] :
         {std::tuple{"cham-64-128-ecb", 64U, 128U, "ECB", "88 rounds (revised, 2019)"},
          std::tuple{"cham-64-128-ctr", 64U, 128U, "CTR", "88 rounds (revised, 2019)"},
          std::tuple{"cham-64-128-ecb-r80", 64U, 128U, "ECB", "80 rounds (original, 2017)"},
          std::tuple{"cham-64-128-ctr-r80", 64U, 128U, "CTR", "80 rounds (original, 2017)"},
          std::tuple{"cham-128-128-ecb", 128U, 128U, "ECB", "112 rounds (revised, 2019)"},
          std::tuple{"cham-128-128-xts", 128U, 128U, "XTS", "112 rounds (revised, 2019)"},
          std::tuple{"cham-128-128-ecb-r80", 128U, 128U, "ECB", "80 rounds (original, 2017)"},
          std::tuple{"cham-128-128-xts-r80", 128U, 128U, "XTS", "80 rounds (original, 2017)"},
          std::tuple{"cham-128-256-ecb", 128U, 256U, "ECB", "120 rounds (revised, 2019)"},
          std::tuple{"cham-128-256-xts", 128U, 256U, "XTS", "120 rounds (revised, 2019)"},
          std::tuple{"cham-128-256-ecb-r96", 128U, 256U, "ECB", "96 rounds (original, 2017)"},
          std::tuple{"cham-128-256-xts-r96", 128U, 256U, "XTS", "96 rounds (original, 2017)"}}) {
        CipherInfo c = blockMode(id, "CHAM", mode, key, block);
        c.note = note;
        t.push_back(c);
    }
    for (const auto &[id, bits, mode] :
         {std::tuple{"lea-128-ecb", 128U, "ECB"}, std::tuple{"lea-192-ecb", 192U, "ECB"},
          std::tuple{"lea-256-ecb", 256U, "ECB"}, std::tuple{"lea-128-xts", 128U, "XTS"},
          std::tuple{"lea-192-xts", 192U, "XTS"}, std::tuple{"lea-256-xts", 256U, "XTS"},
          std::tuple{"lea-128-ctr", 128U, "CTR"}})
        t.push_back(blockMode(id, "LEA", mode, bits, 128));
    t.push_back(variableKey(blockMode("rc6-128-ecb", "RC6", "ECB", 128, 128), 16, 32));
    t.push_back(variableKey(blockMode("rc6-128-cbc", "RC6", "CBC", 128, 128), 16, 32));
    t.push_back(withNote(blockMode("xxtea-128-ecb8", "XXTEA", "ECB", 128, 64),
                         "8-byte blocks (32 cycles each), little-endian words"));
    CipherInfo wide = blockMode("xxtea-128-wide", "XXTEA", "wide block", 128, 32);
    wide.minInputBytes = 8;
    wide.wholeBlocksOnly = true; // whole 32-bit words
    wide.note = "the whole buffer is one XXTEA block (6 + 52/n cycles), little-endian words";
    t.push_back(wide);
    for (const auto &[id, note] :
         {std::pair{"adiantum-xchacha12-aes", "XChaCha12 + AES-256 + NH/Poly1305 (standard)"},
          std::pair{"adiantum-xchacha20-aes", "XChaCha20 + AES-256 + NH/Poly1305"}}) {
        CipherInfo a = blockMode(id, "Adiantum", "wide block", 256, 0);
        a.ivKind = IvKind::Tweak;
        a.ivBytes = a.ivMinBytes = a.ivMaxBytes = 32; // the Linux convention
        a.minInputBytes = 16;
        a.note = note;
        t.push_back(a);
    }
    t.push_back(stream("xchacha12", "ChaCha", 256, 24,
                       "XChaCha12 (as in Adiantum): 192-bit nonce, counter from 0"));

    CipherInfo x25519;
    x25519.id = "x25519";
    x25519.family = "Curve25519";
    x25519.mode = "key agreement";
    x25519.kind = CipherKind::KeyAgreement;
    x25519.keyBits = 256;
    x25519.keyMinBytes = x25519.keyMaxBytes = 32;
    x25519.note = "RFC 7748 X25519; keygen = new key pair, agree = one shared secret";
    t.push_back(x25519);
    return t;
}

} // namespace

namespace detail {

std::deque<CipherInfo> &mutableCatalogue()
{
    static std::deque<CipherInfo> table = [] {
        const std::vector<CipherInfo> builtin = buildCatalogue();
        return std::deque<CipherInfo>(builtin.begin(), builtin.end());
    }();
    return table;
}

const CipherInfo &addCatalogueEntry(const CipherInfo &info)
{
    return mutableCatalogue().emplace_back(info);
}

} // namespace detail

std::string_view operationName(Operation op)
{
    switch (op) {
    case Operation::Encrypt:
        return "encrypt";
    case Operation::Decrypt:
        return "decrypt";
    case Operation::KeyGen:
        return "keygen";
    case Operation::Agree:
        return "agree";
    }
    return "?";
}

std::optional<Operation> parseOperation(std::string_view name)
{
    for (const Operation op :
         {Operation::Encrypt, Operation::Decrypt, Operation::KeyGen, Operation::Agree}) {
        if (operationName(op) == name)
            return op;
    }
    return std::nullopt;
}

std::string_view ivKindName(IvKind kind)
{
    switch (kind) {
    case IvKind::None:
        return "none";
    case IvKind::Iv:
        return "iv";
    case IvKind::Nonce:
        return "nonce";
    case IvKind::Tweak:
        return "tweak";
    }
    return "?";
}

std::vector<Operation> CipherInfo::operations() const
{
    if (isKeyAgreement())
        return {Operation::KeyGen, Operation::Agree};
    return {Operation::Encrypt, Operation::Decrypt};
}

const std::deque<CipherInfo> &catalogue()
{
    return detail::mutableCatalogue();
}

const CipherInfo *findCipher(std::string_view id)
{
    const auto &t = catalogue();
    const auto it =
        std::find_if(t.begin(), t.end(), [id](const CipherInfo &c) { return c.id == id; });
    return it == t.end() ? nullptr : &*it;
}

std::string validCipherIds(std::string_view separator)
{
    std::string out;
    for (const auto &c : catalogue()) {
        if (!out.empty())
            out += separator;
        out += c.id;
    }
    return out;
}

} // namespace cipherwatt::ciphers
