#pragma once

// Internal: the checks a plugin's table must pass, and what is kept of it afterwards. Nothing
// here runs plugin code; it only reads the table the entry point returned.

#include <cipherwatt/cipher_plugin.h>
#include <cipherwatt/ciphers/catalogue.h>
#include <cipherwatt/ciphers/kat.h>

#include <string>
#include <vector>

namespace cipherwatt::ciphers::plugin {

// One cipher after every check: owned copies of its strings and sizes, and its functions.
struct CipherEntry
{
    std::string id;
    std::string family;
    std::string mode;
    std::string implementation;
    std::string note;
    unsigned keyBits = 0;
    std::size_t keyBytes = 0;
    IvKind ivKind = IvKind::None;
    std::size_t ivBytes = 0;
    std::size_t blockBytes = 0;
    std::size_t minInputBytes = 0;
    bool wholeBlocks = false;
    cw_create_fn create = nullptr;
    cw_crypt_fn encrypt = nullptr;
    cw_crypt_fn decrypt = nullptr;
    cw_destroy_fn destroy = nullptr;
    std::vector<KatVector> vectors; // cipherId and bytes; backend and origin set by the loader
};

struct Table
{
    unsigned abiVersion = 0;
    std::string name;
    std::string version;
    std::string description;
    std::vector<CipherEntry> ciphers;
};

// Checks everything cipher_plugin.h promises the worker. Throws PluginError with what is wrong
// (the loader adds the file name).
Table checkTable(const cw_plugin &table);

// The catalogue entry a plugin cipher describes. Its string views point into `entry`, which
// must therefore not move afterwards.
CipherInfo catalogueEntry(const CipherEntry &entry);

// Empty when a plugin cipher with the shape `offered` may share the id of `existing` (a
// built-in cipher or another plugin's); otherwise the first difference, for the message.
std::string shapeMismatch(const CipherInfo &existing, const CipherInfo &offered);

} // namespace cipherwatt::ciphers::plugin
