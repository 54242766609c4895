#pragma once

// Internal: the table of backends. Callers use the lookup functions in cipher.h.

#include <cipherwatt/ciphers/cipher.h>

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::ciphers::detail {

// The built-in backends are plain functions; a plugin backend's functions carry the plugin.
struct Backend
{
    std::string name;
    std::function<std::unique_ptr<Cipher>(const CipherInfo &info)> createCipher;
    std::function<std::unique_ptr<KeyAgreement>(const CipherInfo &info)> createKeyAgreement;
    std::function<std::string()> libraryVersion;
};

// Built-in backends first, then those plugins added (registry.h).
const std::deque<Backend> &backendTable();

std::unique_ptr<Cipher> createBotanCipher(const CipherInfo &info);
std::unique_ptr<KeyAgreement> createBotanKeyAgreement(const CipherInfo &info);
std::string botanVersion();

std::unique_ptr<Cipher> createOpensslCipher(const CipherInfo &info);
std::unique_ptr<KeyAgreement> createOpensslKeyAgreement(const CipherInfo &info);
std::string opensslVersion();

std::unique_ptr<Cipher> createCustomCipher(const CipherInfo &info);
std::unique_ptr<KeyAgreement> createCustomKeyAgreement(const CipherInfo &info);
std::string customVersion();

// Allows subclasses of Cipher/KeyAgreement to live in backend files while the constructors
// stay protected.
class CipherBase : public Cipher
{
protected:
    using Cipher::Cipher;
};

class KeyAgreementBase : public KeyAgreement
{
protected:
    using KeyAgreement::KeyAgreement;
};

const std::vector<std::pair<std::string_view, std::string_view>> &embeddedVectorFiles();

} // namespace cipherwatt::ciphers::detail
