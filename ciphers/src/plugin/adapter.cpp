#include "adapter.h"

#include "../backend.h"

#include <algorithm>

namespace cipherwatt::ciphers::plugin {

namespace {

std::string codeName(int code)
{
    switch (code) {
    case CW_ERR_KEY:
        return "CW_ERR_KEY";
    case CW_ERR_IV:
        return "CW_ERR_IV";
    case CW_ERR_LENGTH:
        return "CW_ERR_LENGTH";
    case CW_ERR_MEMORY:
        return "CW_ERR_MEMORY";
    case CW_ERR_OTHER:
        return "CW_ERR_OTHER";
    default:
        return "unknown code " + std::to_string(code);
    }
}

// The plugin's create() runs whenever the key or the IV changes, never per message: a run
// encrypts every buffer under one IV, so the timed loop calls only encrypt() or decrypt().
class PluginCipher final : public detail::CipherBase
{
public:
    PluginCipher(const CipherInfo &info, const CipherEntry &entry, const Identity &identity)
        : CipherBase(info)
        , m_entry(entry)
        , m_identity(identity)
    {}
    ~PluginCipher() override { release(); }
    PluginCipher(const PluginCipher &) = delete;
    PluginCipher &operator=(const PluginCipher &) = delete;

    Provenance provenance() const override
    {
        Provenance p;
        p.backend = m_identity.backend;
        p.library = m_identity.library;
        p.implementation = m_entry.implementation.empty() ? m_entry.family + " " + m_entry.mode +
                                                                " from " + m_identity.fileName
                                                          : m_entry.implementation;
        p.providerNote = "the operator's plugin: --isa does not reach its code";
        return p;
    }

protected:
    void doSetKey(ByteView key) override
    {
        release();
        m_key.assign(key.begin(), key.end());
    }

    void doEncrypt(ByteView iv, ByteView, ByteView in, MutableByteView out) override
    {
        process(m_entry.encrypt, "encrypt", iv, in, out);
    }

    bool doDecrypt(ByteView iv, ByteView, ByteView in, MutableByteView out) override
    {
        process(m_entry.decrypt, "decrypt", iv, in, out);
        return true; // no tag: nothing can fail to authenticate
    }

private:
    [[noreturn]] void fail(const char *function, int code) const
    {
        throw CipherError(std::string(info().id) + " (" + m_identity.backend + "): " + function +
                          "() returned " + codeName(code));
    }

    void prepare(ByteView iv)
    {
        if (m_context != nullptr && std::equal(iv.begin(), iv.end(), m_iv.begin(), m_iv.end()))
            return;
        release();
        void *context = nullptr;
        const int code = m_entry.create(m_key.data(), m_key.size(),
                                        iv.empty() ? nullptr : iv.data(), iv.size(), &context);
        if (code != CW_OK)
            fail("create", code);
        if (context == nullptr)
            throw CipherError(std::string(info().id) + " (" + m_identity.backend +
                              "): create() returned CW_OK without a context");
        m_context = context;
        m_iv.assign(iv.begin(), iv.end());
    }

    void process(cw_crypt_fn function, const char *name, ByteView iv, ByteView in,
                 MutableByteView out)
    {
        prepare(iv);
        const int code = function(m_context, in.data(), out.data(), in.size());
        if (code != CW_OK)
            fail(name, code);
    }

    void release()
    {
        if (m_context != nullptr)
            m_entry.destroy(m_context);
        m_context = nullptr;
    }

    const CipherEntry &m_entry;
    const Identity &m_identity;
    Bytes m_key;
    Bytes m_iv;
    void *m_context = nullptr;
};

} // namespace

std::unique_ptr<Cipher> makeCipher(const CipherInfo &info, const CipherEntry &entry,
                                   const Identity &identity)
{
    return std::make_unique<PluginCipher>(info, entry, identity);
}

} // namespace cipherwatt::ciphers::plugin
