#include "table.h"

#include <cipherwatt/ciphers/plugin.h>

#include <cstring>
#include <set>

namespace cipherwatt::ciphers::plugin {

namespace {

// Limits of cipher_plugin.h; the worker refuses anything outside them rather than guess.
constexpr std::size_t maxNameChars = 32;
constexpr std::size_t maxIdChars = 48;
constexpr std::size_t maxTextChars = 200;
constexpr std::size_t maxKeyBytes = 256;
constexpr std::size_t maxIvBytes = 64;
constexpr std::size_t maxBlockBytes = 256;
constexpr std::size_t maxMinInputBytes = std::size_t{1} << 20;
constexpr std::size_t maxVectorBytes = std::size_t{1} << 16;
constexpr std::uint32_t maxCiphers = 256;
constexpr std::uint32_t maxVectors = 1024;

[[noreturn]] void refuse(const std::string &what)
{
    throw PluginError(what);
}

// Reads a string of the table without running past `maxChars`: a plugin that forgot a
// terminator must not make the worker read on through its memory.
std::string text(const char *p, const std::string &what, std::size_t maxChars, bool required)
{
    if (p == nullptr) {
        if (required)
            refuse(what + " is NULL");
        return {};
    }
    const std::size_t n = strnlen(p, maxChars + 1);
    if (n > maxChars)
        refuse(what + " is longer than " + std::to_string(maxChars) + " characters");
    if (required && n == 0)
        refuse(what + " is empty");
    std::string s(p, n);
    for (const char c : s) {
        if (c < 0x20 || c > 0x7e)
            refuse(what + " has a character that is not printable ASCII");
    }
    return s;
}

std::vector<std::string> idParts(std::string_view id)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const auto dash = id.find('-', start);
        parts.emplace_back(id.substr(start, dash - start));
        if (dash == std::string_view::npos)
            return parts;
        start = dash + 1;
    }
}

// DESIGN.md's form: lower case <algorithm>-<key bits>-<mode>; new ids must carry the key size.
void checkId(const std::string &id, unsigned keyBits, const std::string &where)
{
    const auto parts = idParts(id);
    bool syntax = id.size() <= maxIdChars && parts.size() >= 2;
    for (const auto &part : parts) {
        syntax =
            syntax && !part.empty() &&
            part.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789") == std::string::npos;
    }
    if (!syntax)
        refuse(where + ": id '" + id +
               "' is not of the form <algorithm>-<key bits>-<mode> (lower-case letters and "
               "digits in parts joined by single '-', at most " +
               std::to_string(maxIdChars) + " characters)");
    if (findCipher(id) != nullptr)
        return; // a built-in id (or another plugin's) is taken as it is; shapes are compared
    const std::string bits = std::to_string(keyBits);
    bool hasBits = false;
    for (std::size_t i = 1; i < parts.size(); ++i)
        hasBits = hasBits || parts[i] == bits;
    if (!hasBits)
        refuse(where + ": id '" + id +
               "' does not name its key size: one part after the "
               "algorithm must be key_bits (" +
               bits + ")");
}

void checkRange(std::uint64_t value, std::uint64_t min, std::uint64_t max, const std::string &what)
{
    if (value < min || value > max)
        refuse(what + " is " + std::to_string(value) + "; it must be " + std::to_string(min) +
               ".." + std::to_string(max));
}

Bytes hexField(const char *p, const std::string &what, std::size_t maxBytes, bool required)
{
    const std::string hex = text(p, what, 2 * maxBytes, required);
    try {
        return fromHex(hex, what);
    } catch (const CipherError &e) {
        refuse(e.what());
    }
}

KatVector checkVector(const cw_plugin_vector &v, const CipherEntry &c, const std::string &where)
{
    KatVector out;
    out.cipherId = c.id;
    out.key = hexField(v.key, where + " key", maxKeyBytes, true);
    out.iv = hexField(v.iv, where + " iv", maxIvBytes, false);
    out.in = hexField(v.plaintext, where + " plaintext", maxVectorBytes, true);
    out.out = hexField(v.ciphertext, where + " ciphertext", maxVectorBytes, true);
    text(v.source, where + " source", maxTextChars, false);
    if (out.key.size() != c.keyBytes)
        refuse(where + ": key has " + std::to_string(out.key.size()) + " bytes; the cipher takes " +
               std::to_string(c.keyBytes));
    if (out.iv.size() != c.ivBytes)
        refuse(where + ": iv has " + std::to_string(out.iv.size()) + " bytes; the cipher takes " +
               std::to_string(c.ivBytes));
    if (out.in.size() != out.out.size())
        refuse(where + ": plaintext and ciphertext differ in length");
    if (out.in.size() < c.minInputBytes || (c.wholeBlocks && out.in.size() % c.blockBytes != 0))
        refuse(where + ": plaintext of " + std::to_string(out.in.size()) +
               " bytes is not a message length the cipher takes");
    return out;
}

CipherEntry checkCipher(const cw_plugin_cipher &c, std::size_t index)
{
    const std::string at = "cipher " + std::to_string(index + 1);
    CipherEntry e;
    e.id = text(c.id, at + " id", maxIdChars, true);
    const std::string where = at + " ('" + e.id + "')";
    e.family = text(c.family, where + " family", maxNameChars, true);
    e.mode = text(c.mode, where + " mode", maxNameChars, true);
    e.implementation = text(c.implementation, where + " implementation", maxTextChars, false);
    e.note = text(c.note, where + " note", maxTextChars, false);

    checkRange(c.key_bytes, 1, maxKeyBytes, where + " key_bytes");
    checkRange(c.key_bits, 1, 8ULL * c.key_bytes, where + " key_bits");
    checkRange(c.iv_kind, CW_IV_NONE, CW_IV_TWEAK, where + " iv_kind");
    if (c.iv_kind == CW_IV_NONE && c.iv_bytes != 0)
        refuse(where + ": iv_bytes is " + std::to_string(c.iv_bytes) + " with iv_kind CW_IV_NONE");
    if (c.iv_kind != CW_IV_NONE)
        checkRange(c.iv_bytes, 1, maxIvBytes, where + " iv_bytes");
    checkRange(c.block_bytes, 1, maxBlockBytes, where + " block_bytes");
    checkRange(c.min_input_bytes, 1, maxMinInputBytes, where + " min_input_bytes");
    if (c.whole_blocks != 0 && c.min_input_bytes % c.block_bytes != 0)
        refuse(where + ": min_input_bytes " + std::to_string(c.min_input_bytes) +
               " is not a whole number of " + std::to_string(c.block_bytes) + "-byte blocks");
    checkId(e.id, c.key_bits, where);

    for (const auto &[fn, name] :
         {std::pair{c.create == nullptr, "create"}, std::pair{c.encrypt == nullptr, "encrypt"},
          std::pair{c.decrypt == nullptr, "decrypt"}, std::pair{c.destroy == nullptr, "destroy"}}) {
        if (fn)
            refuse(where + ": " + name + " is NULL");
    }
    e.create = c.create;
    e.encrypt = c.encrypt;
    e.decrypt = c.decrypt;
    e.destroy = c.destroy;
    e.keyBits = c.key_bits;
    e.keyBytes = c.key_bytes;
    e.ivKind = static_cast<IvKind>(c.iv_kind); // CW_IV_* and IvKind share their order
    e.ivBytes = c.iv_bytes;
    e.blockBytes = c.block_bytes;
    e.minInputBytes = c.min_input_bytes;
    // A whole number of one-byte blocks is every length: the rule would only divide by zero
    // later (stream ciphers have no block size in the catalogue).
    e.wholeBlocks = c.whole_blocks != 0 && c.block_bytes > 1;

    checkRange(c.vector_count, 0, maxVectors, where + " vector_count");
    if (c.vector_count > 0 && c.vectors == nullptr)
        refuse(where + ": vectors is NULL with vector_count " + std::to_string(c.vector_count));
    for (std::uint32_t i = 0; i < c.vector_count; ++i)
        e.vectors.push_back(
            checkVector(c.vectors[i], e, where + " vector " + std::to_string(i + 1)));
    return e;
}

std::string sizeText(std::size_t min, std::size_t max)
{
    return min == max ? std::to_string(min) : std::to_string(min) + ".." + std::to_string(max);
}

} // namespace

Table checkTable(const cw_plugin &table)
{
    // Only the first member is read before the version is known: a table of another ABI may
    // have another layout behind it.
    if (table.abi_version != CIPHERWATT_PLUGIN_ABI_VERSION)
        refuse("built for plugin ABI version " + std::to_string(table.abi_version) +
               "; this worker speaks version " + std::to_string(CIPHERWATT_PLUGIN_ABI_VERSION) +
               " (rebuild it against this worker's cipherwatt/cipher_plugin.h)");
    Table out;
    out.abiVersion = table.abi_version;
    out.name = text(table.name, "name", maxNameChars, true);
    if (out.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") != std::string::npos)
        refuse("name '" + out.name + "' has characters outside [a-z0-9_-]");
    out.version = text(table.version, "version", maxNameChars, true);
    out.description = text(table.description, "description", maxTextChars, false);
    checkRange(table.cipher_count, 1, maxCiphers, "cipher_count");
    if (table.ciphers == nullptr)
        refuse("ciphers is NULL");
    std::set<std::string> ids;
    for (std::uint32_t i = 0; i < table.cipher_count; ++i) {
        CipherEntry entry = checkCipher(table.ciphers[i], i);
        if (!ids.insert(entry.id).second)
            refuse("cipher " + std::to_string(i + 1) + ": id '" + entry.id +
                   "' appears twice in the plugin");
        out.ciphers.push_back(std::move(entry));
    }
    return out;
}

CipherInfo catalogueEntry(const CipherEntry &entry)
{
    CipherInfo c;
    c.id = entry.id;
    c.family = entry.family;
    c.mode = entry.mode;
    c.kind = entry.blockBytes == 1 ? CipherKind::Stream : CipherKind::Block;
    c.keyBits = entry.keyBits;
    c.blockBits = entry.blockBytes == 1 ? 0 : static_cast<unsigned>(8 * entry.blockBytes);
    c.keyMinBytes = c.keyMaxBytes = entry.keyBytes;
    c.ivKind = entry.ivKind;
    c.ivBytes = c.ivMinBytes = c.ivMaxBytes = entry.ivBytes;
    c.minInputBytes = entry.minInputBytes;
    c.wholeBlocksOnly = entry.wholeBlocks;
    c.note = entry.note;
    return c;
}

std::string shapeMismatch(const CipherInfo &existing, const CipherInfo &offered)
{
    if (existing.isKeyAgreement())
        return "it is a key agreement; plugins offer ciphers";
    if (existing.kind == CipherKind::Aead)
        return "it is an AEAD cipher with a tag; plugins offer ciphers without one";
    auto differs = [](const std::string &what, const std::string &have, const std::string &got) {
        return what + " is " + have + " in the catalogue but " + got + " in the plugin";
    };
    if (existing.keyMinBytes != offered.keyMinBytes || existing.keyMaxBytes != offered.keyMaxBytes)
        return differs("the key length", sizeText(existing.keyMinBytes, existing.keyMaxBytes),
                       sizeText(offered.keyMinBytes, offered.keyMaxBytes));
    if (existing.keyBits != offered.keyBits)
        return differs("key_bits", std::to_string(existing.keyBits),
                       std::to_string(offered.keyBits));
    if (existing.ivKind != offered.ivKind)
        return differs("the IV kind", std::string(ivKindName(existing.ivKind)),
                       std::string(ivKindName(offered.ivKind)));
    if (existing.ivMinBytes != offered.ivMinBytes || existing.ivMaxBytes != offered.ivMaxBytes)
        return differs("the IV length", sizeText(existing.ivMinBytes, existing.ivMaxBytes),
                       sizeText(offered.ivMinBytes, offered.ivMaxBytes));
    if (existing.blockBits != offered.blockBits)
        return differs("the block size", std::to_string(existing.blockBits / 8),
                       std::to_string(offered.blockBits / 8));
    if (existing.minInputBytes != offered.minInputBytes)
        return differs("min_input_bytes", std::to_string(existing.minInputBytes),
                       std::to_string(offered.minInputBytes));
    if (existing.wholeBlocksOnly != offered.wholeBlocksOnly)
        return differs("whole_blocks", existing.wholeBlocksOnly ? "set" : "clear",
                       offered.wholeBlocksOnly ? "set" : "clear");
    return {};
}

} // namespace cipherwatt::ciphers::plugin
