#include "backend.h"
#include "text_io.h"

#include <cipherwatt/ciphers/cipher.h>
#include <cipherwatt/ciphers/kat.h>

#include <algorithm>
#include <charconv>

namespace cipherwatt::ciphers {

namespace {

// Lines are split at '\n' already; only blanks and a CRLF file's '\r' are trimmed.
std::string_view trim(std::string_view text)
{
    return detail::trim(text, " \t\r");
}

std::size_t parseCount(std::string_view value, const std::string &where)
{
    std::size_t n = 0;
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || ptr != value.data() + value.size())
        throw CipherError(where + ": not a decimal number: " + std::string(value));
    return n;
}

class VectorParser
{
public:
    explicit VectorParser(std::string_view fileName)
        : m_fileName(fileName)
    {}

    void line(std::string_view raw, std::size_t number)
    {
        const std::string_view text = trim(raw);
        const std::string where = m_fileName + ":" + std::to_string(number);
        if (text.empty()) {
            flush();
            return;
        }
        if (text.front() == '#')
            return;
        if (text.front() == '[') {
            flush();
            if (text.back() != ']')
                throw CipherError(where + ": unterminated group header");
            m_info = findCipher(text.substr(1, text.size() - 2));
            if (!m_info)
                throw CipherError(where + ": unknown cipher id " + std::string(text));
            return;
        }
        const auto eq = text.find('=');
        if (eq == std::string_view::npos)
            throw CipherError(where + ": expected 'Name = value'");
        if (!m_info)
            throw CipherError(where + ": field before the first [cipher-id] group");
        const std::string_view name = trim(text.substr(0, eq));
        const std::string_view value = trim(text.substr(eq + 1));
        if (!m_open) {
            m_current = KatVector{};
            m_current.cipherId = std::string(m_info->id);
            m_current.origin = where;
            m_open = true;
        }
        field(name, value, where);
    }

    std::vector<KatVector> finish()
    {
        flush();
        return std::move(m_vectors);
    }

private:
    void field(std::string_view name, std::string_view value, const std::string &where)
    {
        const std::string label = where + " " + std::string(name);
        const std::string_view ivName = m_info->ivKind == IvKind::Iv      ? "IV"
                                        : m_info->ivKind == IvKind::Nonce ? "Nonce"
                                        : m_info->ivKind == IvKind::Tweak ? "Tweak"
                                                                          : "";
        if (name == "Key")
            m_current.key = fromHex(value, label);
        else if (!ivName.empty() && name == ivName)
            m_current.iv = fromHex(value, label);
        else if (name == "AAD" && m_info->kind == CipherKind::Aead)
            m_current.aad = fromHex(value, label);
        else if (name == "In")
            m_current.in = fromHex(value, label);
        else if (name == "Out")
            m_current.out = fromHex(value, label);
        else if (name == "Offset" && m_info->kind == CipherKind::Stream)
            m_current.offset = parseCount(value, label);
        else if (name == "Iterations" && m_info->isKeyAgreement())
            m_current.iterations = static_cast<unsigned>(parseCount(value, label));
        else
            throw CipherError(label + ": field not used by " + std::string(m_info->id));
        m_seen.push_back(std::string(name));
    }

    void flush()
    {
        if (!m_open)
            return;
        for (const char *required : {"Key", "In", "Out"}) {
            if (std::find(m_seen.begin(), m_seen.end(), required) == m_seen.end())
                throw CipherError(m_current.origin + ": vector lacks " + required);
        }
        m_vectors.push_back(std::move(m_current));
        m_seen.clear();
        m_open = false;
    }

    std::string m_fileName;
    const CipherInfo *m_info = nullptr;
    KatVector m_current;
    std::vector<std::string> m_seen;
    bool m_open = false;
    std::vector<KatVector> m_vectors;
};

KatOutcome failed(const KatVector &v, std::string message)
{
    return {KatStatus::Failed, v.origin + ": " + message};
}

KatOutcome runKeyAgreement(const KatVector &v, KeyAgreement &ka)
{
    // RFC 7748 §5.2: the iterated test feeds each result back as the next scalar.
    Bytes k = v.key;
    Bytes u = v.in;
    for (unsigned i = 0; i < v.iterations; ++i) {
        Bytes r = ka.agree(k, u);
        u = std::move(k);
        k = std::move(r);
    }
    if (k != v.out)
        return failed(v, "X25519 gave " + toHex(k) + ", expected " + toHex(v.out));
    return {KatStatus::Passed, {}};
}

// IEEE 1619 vector 1 uses Key1 = Key2, which SP 800-38E forbids and OpenSSL refuses; that
// refusal is the library's documented behaviour, not a wrong answer.
bool refusesEqualXtsHalves(Cipher &cipher, const Bytes &key)
{
    const std::size_t half = key.size() / 2;
    if (!std::equal(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(half),
                    key.begin() + static_cast<std::ptrdiff_t>(half)))
        return false;
    try {
        cipher.setKey(key);
        return false;
    } catch (const CipherError &) {
        return true;
    }
}

KatOutcome runCipher(const KatVector &v, Cipher &cipher)
{
    const CipherInfo &info = cipher.info();
    cipher.setKey(v.key);
    // Stream vectors at a key-stream offset: encrypt `offset` zero bytes ahead of the input.
    Bytes plain(v.offset, 0);
    plain.insert(plain.end(), v.in.begin(), v.in.end());
    Bytes got = cipher.encrypt(v.iv, v.aad, plain);
    got.erase(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(v.offset));
    if (got != v.out)
        return failed(v, "encrypt gave " + toHex(got) + ", expected " + toHex(v.out));

    Bytes cipherText(v.offset + info.tagBytes, 0);
    if (v.offset > 0) {
        cipherText = cipher.encrypt(v.iv, v.aad, Bytes(v.offset, 0));
        cipherText.insert(cipherText.end(), v.out.begin(), v.out.end());
    } else {
        cipherText = v.out;
    }
    Bytes back(cipherText.size() - info.tagBytes);
    if (!cipher.decrypt(v.iv, v.aad, cipherText, back))
        return failed(v, "decrypt rejected the published tag");
    back.erase(back.begin(), back.begin() + static_cast<std::ptrdiff_t>(v.offset));
    if (back != v.in)
        return failed(v, "decrypt gave " + toHex(back) + ", expected " + toHex(v.in));

    if (info.kind == CipherKind::Aead) {
        Bytes forged = v.out;
        forged.back() ^= 0x01;
        Bytes sink(forged.size() - info.tagBytes);
        if (cipher.decrypt(v.iv, v.aad, forged, sink))
            return failed(v, "decrypt accepted a forged tag");
    }
    return {KatStatus::Passed, {}};
}

} // namespace

std::vector<KatVector> parseVectorFile(std::string_view text, std::string_view fileName)
{
    VectorParser parser(fileName);
    std::size_t number = 0;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        parser.line(text.substr(0, nl), ++number);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    }
    return parser.finish();
}

KatOutcome runVector(const KatVector &vector, std::string_view backend)
{
    const CipherInfo *info = findCipher(vector.cipherId);
    if (!info)
        return failed(vector, "unknown cipher " + vector.cipherId);
    try {
        if (info->isKeyAgreement()) {
            auto ka = createKeyAgreement(info->id, backend);
            if (!ka)
                return {KatStatus::Unavailable,
                        std::string(backend) + " has no " + vector.cipherId};
            return runKeyAgreement(vector, *ka);
        }
        auto cipher = createCipher(info->id, backend);
        if (!cipher)
            return {KatStatus::Unavailable, std::string(backend) + " has no " + vector.cipherId};
        if (info->mode == "XTS" && refusesEqualXtsHalves(*cipher, vector.key))
            return {KatStatus::Unavailable,
                    std::string(backend) +
                        " refuses XTS keys with Key1 = Key2 (as SP 800-38E requires)"};
        return runCipher(vector, *cipher);
    } catch (const CipherError &e) {
        return failed(vector, e.what());
    }
}

const std::vector<KatVector> &builtinVectors()
{
    static const std::vector<KatVector> vectors = [] {
        std::vector<KatVector> all;
        for (const auto &[name, text] : detail::embeddedVectorFiles()) {
            auto v = parseVectorFile(text, name);
            all.insert(all.end(), std::make_move_iterator(v.begin()),
                       std::make_move_iterator(v.end()));
        }
        return all;
    }();
    return vectors;
}

} // namespace cipherwatt::ciphers
