#include "backend.h"
#include "text_io.h"

#include <cipherwatt/ciphers/cipher.h>
#include <cipherwatt/ciphers/kat.h>
#include <cipherwatt/ciphers/plugin.h>

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

// The generic layer: groups of `Name = value` records, blank-line separated.
class RecordParser
{
public:
    explicit RecordParser(std::string_view fileName)
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
            if (text.back() != ']' || text.size() < 3)
                throw CipherError(where + ": malformed group header");
            m_group = std::string(text.substr(1, text.size() - 2));
            return;
        }
        const auto eq = text.find('=');
        if (eq == std::string_view::npos)
            throw CipherError(where + ": expected 'Name = value'");
        if (m_group.empty())
            throw CipherError(where + ": field before the first [group]");
        if (!m_open) {
            m_current = VectorRecord{};
            m_current.group = m_group;
            m_current.origin = where;
            m_open = true;
        }
        std::string name(trim(text.substr(0, eq)));
        if (m_current.find(name))
            throw CipherError(where + ": " + name + " given twice in one vector");
        m_current.fields.emplace_back(std::move(name), std::string(trim(text.substr(eq + 1))));
    }

    std::vector<VectorRecord> finish()
    {
        flush();
        return std::move(m_records);
    }

private:
    void flush()
    {
        if (m_open)
            m_records.push_back(std::move(m_current));
        m_open = false;
    }

    std::string m_fileName;
    std::string m_group;
    VectorRecord m_current;
    bool m_open = false;
    std::vector<VectorRecord> m_records;
};

// The cipher layer: the group is a catalogue id and the fields are the ones that cipher takes.
KatVector toKatVector(const VectorRecord &record)
{
    const CipherInfo *info = findCipher(record.group);
    if (!info)
        throw CipherError(record.origin + ": unknown cipher id [" + record.group + "]");
    const std::string_view ivName = info->ivKind == IvKind::Iv      ? "IV"
                                    : info->ivKind == IvKind::Nonce ? "Nonce"
                                    : info->ivKind == IvKind::Tweak ? "Tweak"
                                                                    : "";
    KatVector v;
    v.cipherId = record.group;
    v.origin = record.origin;
    for (const auto &[name, value] : record.fields) {
        const std::string label = record.origin + " " + name;
        if (name == "Key")
            v.key = fromHex(value, label);
        else if (!ivName.empty() && name == ivName)
            v.iv = fromHex(value, label);
        else if (name == "AAD" && info->kind == CipherKind::Aead)
            v.aad = fromHex(value, label);
        else if (name == "In")
            v.in = fromHex(value, label);
        else if (name == "Out")
            v.out = fromHex(value, label);
        else if (name == "Offset" && info->kind == CipherKind::Stream)
            v.offset = parseCount(value, label);
        else if (name == "Iterations" && info->isKeyAgreement())
            v.iterations = static_cast<unsigned>(parseCount(value, label));
        else
            throw CipherError(label + ": field not used by " + record.group);
    }
    for (const char *required : {"Key", "In", "Out"}) {
        if (!record.find(required))
            throw CipherError(record.origin + ": vector lacks " + required);
    }
    return v;
}

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

const std::string *VectorRecord::find(std::string_view name) const
{
    for (const auto &[n, value] : fields) {
        if (n == name)
            return &value;
    }
    return nullptr;
}

Bytes VectorRecord::hex(std::string_view name) const
{
    const std::string *value = find(name);
    if (!value)
        throw CipherError(origin + ": vector lacks " + std::string(name));
    return fromHex(*value, origin + " " + std::string(name));
}

std::vector<VectorRecord> parseVectorRecords(std::string_view text, std::string_view fileName)
{
    RecordParser parser(fileName);
    std::size_t number = 0;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        parser.line(text.substr(0, nl), ++number);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    }
    return parser.finish();
}

std::vector<KatVector> parseVectorFile(std::string_view text, std::string_view fileName)
{
    std::vector<KatVector> out;
    for (const auto &record : parseVectorRecords(text, fileName))
        out.push_back(toKatVector(record));
    return out;
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

std::vector<KatVector> vectorsFor(std::string_view cipherId, std::string_view backend)
{
    std::vector<KatVector> out;
    for (const auto &v : builtinVectors()) {
        if (v.cipherId == cipherId)
            out.push_back(v);
    }
    for (const auto &v : pluginVectors()) {
        if (v.cipherId == cipherId && v.backend == backend)
            out.push_back(v);
    }
    return out;
}

} // namespace cipherwatt::ciphers
