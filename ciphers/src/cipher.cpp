#include "registry.h"

#include <cipherwatt/ciphers/cipher.h>

#include <algorithm>
#include <string>

namespace cipherwatt::ciphers {

namespace {

std::string lengthError(const CipherInfo &info, std::string_view what, std::size_t got,
                        std::size_t min, std::size_t max)
{
    std::string range =
        min == max ? std::to_string(min) : std::to_string(min) + ".." + std::to_string(max);
    return std::string(info.id) + ": " + std::string(what) + " must be " + range + " bytes, got " +
           std::to_string(got);
}

std::string backendList()
{
    std::string out;
    for (const auto &b : detail::backendTable()) {
        if (!out.empty())
            out += ", ";
        out += b.name;
    }
    return out;
}

const detail::Backend *findBackend(std::string_view name)
{
    const auto &table = detail::backendTable();
    const auto it = std::find_if(table.begin(), table.end(),
                                 [name](const detail::Backend &b) { return b.name == name; });
    return it == table.end() ? nullptr : &*it;
}

const CipherInfo &cipherOrThrow(std::string_view cipherId)
{
    const CipherInfo *info = findCipher(cipherId);
    if (!info)
        throw CipherError("unknown cipher '" + std::string(cipherId) +
                          "'; valid ids: " + validCipherIds());
    return *info;
}

const detail::Backend &backendOrThrow(std::string_view name)
{
    const detail::Backend *backend = findBackend(name);
    if (!backend)
        throw CipherError("unknown backend '" + std::string(name) +
                          "'; valid backends: " + backendList());
    return *backend;
}

std::string joined(const std::vector<std::string> &items)
{
    std::string out;
    for (const auto &s : items)
        out += (out.empty() ? "" : ", ") + s;
    return out.empty() ? "none" : out;
}

} // namespace

void Cipher::setKey(ByteView key)
{
    if (key.size() < m_info.keyMinBytes || key.size() > m_info.keyMaxBytes)
        throw CipherError(
            lengthError(m_info, "key", key.size(), m_info.keyMinBytes, m_info.keyMaxBytes));
    m_keySet = false;
    m_streaming = false;
    m_passed = {};
    doSetKey(key);
    m_keySet = true;
}

void Cipher::checkNewMessage(ByteView iv, ByteView aad, std::size_t textBytes)
{
    if (!m_keySet)
        throw CipherError(std::string(m_info.id) + ": no key set");
    if (m_info.ivKind == IvKind::None) {
        if (!iv.empty())
            throw CipherError(std::string(m_info.id) + " takes no IV, nonce or tweak");
    } else if (iv.size() < m_info.ivMinBytes || iv.size() > m_info.ivMaxBytes) {
        throw CipherError(lengthError(m_info, ivKindName(m_info.ivKind), iv.size(),
                                      m_info.ivMinBytes, m_info.ivMaxBytes));
    }
    if (m_info.kind != CipherKind::Aead && !aad.empty())
        throw CipherError(std::string(m_info.id) + " takes no associated data");
    if (textBytes < m_info.minInputBytes)
        throw CipherError(std::string(m_info.id) + ": input must be at least " +
                          std::to_string(m_info.minInputBytes) + " bytes, got " +
                          std::to_string(textBytes));
    if (m_info.wholeBlocksOnly && textBytes % m_info.blockBytes() != 0)
        throw CipherError(std::string(m_info.id) + ": input must be a multiple of " +
                          std::to_string(m_info.blockBytes()) + " bytes (no padding), got " +
                          std::to_string(textBytes));
    m_passed = {iv.size(), aad.size(), textBytes, true};
}

void Cipher::encrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out)
{
    checkMessage(iv, aad, in.size());
    if (out.size() != in.size() + m_info.tagBytes)
        throw CipherError(std::string(m_info.id) + ": output buffer has the wrong size");
    doEncrypt(iv, aad, in, out);
}

bool Cipher::decrypt(ByteView iv, ByteView aad, ByteView in, MutableByteView out)
{
    if (in.size() < m_info.tagBytes)
        throw CipherError(std::string(m_info.id) + ": ciphertext shorter than the tag");
    checkMessage(iv, aad, in.size() - m_info.tagBytes);
    if (out.size() != in.size() - m_info.tagBytes)
        throw CipherError(std::string(m_info.id) + ": output buffer has the wrong size");
    return doDecrypt(iv, aad, in, out);
}

Bytes Cipher::encrypt(ByteView iv, ByteView aad, ByteView in)
{
    Bytes out(in.size() + m_info.tagBytes);
    encrypt(iv, aad, in, out);
    return out;
}

void Cipher::streamStart(ByteView iv)
{
    if (!m_info.isStreamable())
        throw CipherError(std::string(m_info.id) +
                          " cannot be processed as a stream (only stream ciphers and CTR)");
    checkMessage(iv, {}, m_info.minInputBytes);
    doStreamStart(iv);
    m_streaming = true;
}

void Cipher::streamProcess(ByteView in, MutableByteView out)
{
    if (!m_streaming)
        throw CipherError(std::string(m_info.id) + ": streamProcess() before streamStart()");
    if (out.size() != in.size())
        throw CipherError(std::string(m_info.id) + ": output buffer has the wrong size");
    doStreamProcess(in, out);
}

void Cipher::doStreamStart(ByteView)
{
    throw CipherError(std::string(m_info.id) + ": this backend cannot stream it");
}

void Cipher::doStreamProcess(ByteView, MutableByteView)
{
    throw CipherError(std::string(m_info.id) + ": this backend cannot stream it");
}

std::vector<std::string> backendNames()
{
    std::vector<std::string> names;
    for (const auto &b : detail::backendTable())
        names.emplace_back(b.name);
    return names;
}

bool isBackendName(std::string_view name)
{
    return findBackend(name) != nullptr;
}

std::vector<std::string> backends(std::string_view cipherId)
{
    std::vector<std::string> out;
    const CipherInfo *info = findCipher(cipherId);
    if (!info)
        return out;
    for (const auto &b : detail::backendTable()) {
        const bool has = info->isKeyAgreement() ? b.createKeyAgreement(*info) != nullptr
                                                : b.createCipher(*info) != nullptr;
        if (has)
            out.emplace_back(b.name);
    }
    return out;
}

std::unique_ptr<Cipher> createCipher(std::string_view cipherId, std::string_view backend)
{
    const CipherInfo *info = findCipher(cipherId);
    const detail::Backend *b = findBackend(backend);
    if (!info || !b || info->isKeyAgreement())
        return nullptr;
    return b->createCipher(*info);
}

std::unique_ptr<Cipher> createCipherOrThrow(std::string_view cipherId, std::string_view backend)
{
    const CipherInfo &info = cipherOrThrow(cipherId);
    const detail::Backend &b = backendOrThrow(backend);
    if (info.isKeyAgreement())
        throw CipherError(std::string(cipherId) + " is a key agreement, not a cipher");
    auto cipher = b.createCipher(info);
    if (!cipher)
        throw CipherError("backend '" + std::string(backend) + "' has no " + std::string(cipherId) +
                          " here; backends with it: " + joined(backends(cipherId)));
    return cipher;
}

std::unique_ptr<KeyAgreement> createKeyAgreement(std::string_view cipherId,
                                                 std::string_view backend)
{
    const CipherInfo *info = findCipher(cipherId);
    const detail::Backend *b = findBackend(backend);
    if (!info || !b || !info->isKeyAgreement())
        return nullptr;
    return b->createKeyAgreement(*info);
}

std::unique_ptr<KeyAgreement> createKeyAgreementOrThrow(std::string_view cipherId,
                                                        std::string_view backend)
{
    const CipherInfo &info = cipherOrThrow(cipherId);
    const detail::Backend &b = backendOrThrow(backend);
    if (!info.isKeyAgreement())
        throw CipherError(std::string(cipherId) + " is a cipher, not a key agreement");
    auto ka = b.createKeyAgreement(info);
    if (!ka)
        throw CipherError("backend '" + std::string(backend) + "' has no " + std::string(cipherId) +
                          " here; backends with it: " + joined(backends(cipherId)));
    return ka;
}

std::vector<std::pair<std::string, std::string>> libraryVersions()
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto &b : detail::backendTable())
        out.emplace_back(std::string(b.name), b.libraryVersion());
    return out;
}

namespace detail {

namespace {

std::deque<Backend> &mutableBackendTable()
{
    static std::deque<Backend> table{
        {"botan", &createBotanCipher, &createBotanKeyAgreement, &botanVersion},
        {"openssl", &createOpensslCipher, &createOpensslKeyAgreement, &opensslVersion},
        {"custom", &createCustomCipher, &createCustomKeyAgreement, &customVersion},
    };
    return table;
}

} // namespace

const std::deque<Backend> &backendTable()
{
    return mutableBackendTable();
}

void addBackend(Backend backend)
{
    mutableBackendTable().push_back(std::move(backend));
}

} // namespace detail

} // namespace cipherwatt::ciphers
