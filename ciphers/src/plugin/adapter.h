#pragma once

// Internal: a plugin cipher behind the library's Cipher interface.

#include "table.h"

#include <cipherwatt/ciphers/cipher.h>

#include <memory>
#include <string>

namespace cipherwatt::ciphers::plugin {

// What every result of a plugin's cipher says about where the code came from.
struct Identity
{
    std::string backend; // "plugin:<name>"
    std::string library; // "<name> <version> (<path>, plugin ABI <n>)"
    std::string fileName;
};

// `info` is the catalogue entry (the built-in one when the plugin shares its id); `entry` and
// `identity` belong to the loaded plugin and outlive the cipher.
std::unique_ptr<Cipher> makeCipher(const CipherInfo &info, const CipherEntry &entry,
                                   const Identity &identity);

} // namespace cipherwatt::ciphers::plugin
