#pragma once

// Plugins: the operator's own cipher code, loaded from shared libraries that implement the C
// interface in <cipherwatt/cipher_plugin.h>. A plugin's ciphers join the catalogue and are
// reached like any other through the backend "plugin:<name>" (cipher.h), so the runner, the
// known-answer checks and the worker treat them exactly as the built-in backends.
//
// Loading is not thread-safe with respect to lookups: load plugins at start-up, before other
// threads use the catalogue. A loaded plugin stays loaded until the process exits.

#include <cipherwatt/ciphers/kat.h>
#include <cipherwatt/ciphers/types.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::ciphers {

// A plugin the worker refuses. The message is one line naming the file and what is wrong.
class PluginError : public CipherError
{
public:
    using CipherError::CipherError;
};

struct PluginInfo
{
    std::string name;    // from the plugin's table
    std::string backend; // "plugin:<name>"
    std::string version;
    std::string description;
    std::filesystem::path path; // canonical
    std::string origin;         // where it was found: "command line", "user directory", ...
    unsigned abiVersion = 0;
    std::vector<std::string> cipherIds;
    std::size_t vectorCount = 0; // known-answer vectors the plugin ships
};

// Loads one plugin, checks its whole table (ABI version, null pointers, sizes, ids, vectors)
// and registers its ciphers. Throws PluginError and keeps nothing of the plugin when any check
// fails. Loading a file that is already loaded returns the earlier load.
PluginInfo loadPlugin(const std::filesystem::path &path, std::string_view origin);

// The per-user plugin directory: $XDG_DATA_HOME/cipherwatt/plugins, or
// $HOME/.local/share/cipherwatt/plugins when XDG_DATA_HOME is unset, empty or relative (as the
// XDG base directory specification says). Empty when neither variable is usable.
std::filesystem::path userPluginDirectory();

// Loads every "*.so" file of `dir` in name order. One plugin's failure does not stop the
// others: each refusal becomes a warning, returned and also kept for pluginWarnings(). A missing
// directory is not an error.
std::vector<std::string> loadPluginDirectory(const std::filesystem::path &dir,
                                             std::string_view origin);

std::vector<PluginInfo> loadedPlugins();
std::vector<std::string> pluginWarnings();
bool isPluginBackend(std::string_view backend);

// The known-answer vectors plugins ship, each with KatVector::backend set to its plugin.
const std::vector<KatVector> &pluginVectors();

} // namespace cipherwatt::ciphers
