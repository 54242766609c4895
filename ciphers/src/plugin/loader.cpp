// Loading plugins: dlopen, the entry point, the table checks (table.cpp), and registration of
// the ciphers in the catalogue and of the backend "plugin:<name>" in the backend table.

#include "../registry.h"
#include "adapter.h"
#include "table.h"

#include <cipherwatt/ciphers/plugin.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <dlfcn.h>
#include <map>

namespace cipherwatt::ciphers {

namespace {

struct LoadedPlugin
{
    PluginInfo info;
    plugin::Identity identity;
    plugin::Table table;
    std::map<std::string, const plugin::CipherEntry *, std::less<>> byId;
};

// Never shrinks: registered ciphers point into these records for the rest of the process.
std::deque<LoadedPlugin> &registry()
{
    static std::deque<LoadedPlugin> plugins;
    return plugins;
}

std::vector<std::string> &warnings()
{
    static std::vector<std::string> list;
    return list;
}

std::vector<KatVector> &vectors()
{
    static std::vector<KatVector> list;
    return list;
}

// Closes the library unless the plugin was accepted.
class Handle
{
public:
    explicit Handle(void *handle)
        : m_handle(handle)
    {}
    ~Handle()
    {
        if (m_handle != nullptr)
            dlclose(m_handle);
    }
    Handle(const Handle &) = delete;
    Handle &operator=(const Handle &) = delete;

    void *get() const { return m_handle; }
    void keep() { m_handle = nullptr; }

private:
    void *m_handle;
};

// glibc keeps dlerror()'s state per thread, and plugins are loaded before other threads start.
std::string dlerrorText()
{
    const char *e = dlerror(); // NOLINT(concurrency-mt-unsafe)
    return e != nullptr ? e : "unknown error";
}

std::filesystem::path checkedPath(const std::filesystem::path &path)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status))
        throw PluginError("plugin " + path.string() + ": no such file");
    if (!std::filesystem::is_regular_file(status))
        throw PluginError("plugin " + path.string() + ": not a regular file");
    // A name without '/' would make dlopen search the library path instead of this file.
    auto canonical = std::filesystem::canonical(path, ec);
    if (ec)
        throw PluginError("plugin " + path.string() + ": " + ec.message());
    return canonical;
}

const cw_plugin *callEntry(void *handle, const std::string &where)
{
    dlerror(); // NOLINT(concurrency-mt-unsafe): see dlerrorText()
    void *symbol = dlsym(handle, CIPHERWATT_PLUGIN_ENTRY);
    if (symbol == nullptr)
        throw PluginError(where + ": no entry point '" CIPHERWATT_PLUGIN_ENTRY
                                  "' (a plugin exports it; see cipherwatt/cipher_plugin.h)");
    // POSIX guarantees that dlsym's object pointer converts to a function pointer.
    const auto entry = reinterpret_cast<const cw_plugin *(*)()>(symbol);
    const cw_plugin *table = entry();
    if (table == nullptr)
        throw PluginError(where + ": " CIPHERWATT_PLUGIN_ENTRY "() returned NULL");
    return table;
}

// Ids the plugin shares with the catalogue must have the same shape there.
void checkAgainstCatalogue(const plugin::Table &table, const std::string &where)
{
    for (const auto &entry : table.ciphers) {
        const CipherInfo *existing = findCipher(entry.id);
        if (existing == nullptr)
            continue;
        const std::string mismatch =
            plugin::shapeMismatch(*existing, plugin::catalogueEntry(entry));
        if (!mismatch.empty()) {
            std::string message = where;
            message.append(": cipher '")
                .append(entry.id)
                .append("' is already in the catalogue and ");
            throw PluginError(message + mismatch);
        }
    }
}

void registerPlugin(LoadedPlugin &record)
{
    for (const auto &entry : record.table.ciphers) {
        record.byId.emplace(entry.id, &entry);
        if (findCipher(entry.id) == nullptr)
            detail::addCatalogueEntry(plugin::catalogueEntry(entry));
        for (KatVector v : entry.vectors) {
            v.backend = record.info.backend;
            v.origin = record.info.backend + " " + entry.id + " vector " +
                       std::to_string(record.info.vectorCount + 1);
            vectors().push_back(std::move(v));
            ++record.info.vectorCount;
        }
        record.info.cipherIds.push_back(entry.id);
    }
    const LoadedPlugin *self = &record;
    detail::Backend backend;
    backend.name = record.info.backend;
    backend.createCipher = [self](const CipherInfo &info) -> std::unique_ptr<Cipher> {
        const auto it = self->byId.find(info.id);
        if (it == self->byId.end())
            return nullptr;
        return plugin::makeCipher(info, *it->second, self->identity);
    };
    backend.createKeyAgreement = [](const CipherInfo &) { return nullptr; };
    backend.libraryVersion = [self] { return self->identity.library; };
    detail::addBackend(std::move(backend));
}

} // namespace

PluginInfo loadPlugin(const std::filesystem::path &path, std::string_view origin)
{
    const std::filesystem::path file = checkedPath(path);
    const std::string where = "plugin " + file.string();
    for (const auto &loaded : registry()) {
        if (loaded.info.path == file)
            return loaded.info;
    }
    // RTLD_NOW: an unresolved symbol refuses the plugin here, not in the middle of a run.
    // RTLD_LOCAL: its symbols cannot replace the worker's or another plugin's.
    Handle handle(dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL));
    if (handle.get() == nullptr)
        throw PluginError(where + ": cannot load: " + dlerrorText());
    const cw_plugin *raw = callEntry(handle.get(), where);
    plugin::Table table;
    try {
        table = plugin::checkTable(*raw);
    } catch (const PluginError &e) {
        throw PluginError(where + ": " + e.what());
    }
    const std::string backend = "plugin:" + table.name;
    for (const auto &loaded : registry()) {
        if (loaded.info.backend == backend)
            throw PluginError(where + ": the name '" + table.name + "' is taken by " +
                              loaded.info.path.string());
    }
    checkAgainstCatalogue(table, where);

    LoadedPlugin &record = registry().emplace_back();
    record.table = std::move(table);
    record.info.name = record.table.name;
    record.info.backend = backend;
    record.info.version = record.table.version;
    record.info.description = record.table.description;
    record.info.path = file;
    record.info.origin = std::string(origin);
    record.info.abiVersion = record.table.abiVersion;
    record.identity.backend = backend;
    record.identity.library = record.table.name + " " + record.table.version + " (" +
                              file.string() + ", plugin ABI " +
                              std::to_string(record.table.abiVersion) + ")";
    record.identity.fileName = file.filename().string();
    registerPlugin(record);
    handle.keep();
    return record.info;
}

std::filesystem::path userPluginDirectory()
{
    // Read once at start-up, before any thread exists.
    const char *xdg = std::getenv("XDG_DATA_HOME"); // NOLINT(concurrency-mt-unsafe)
    std::filesystem::path base;
    if (xdg != nullptr && std::filesystem::path(xdg).is_absolute()) {
        base = xdg;
    } else {
        const char *home = std::getenv("HOME"); // NOLINT(concurrency-mt-unsafe)
        if (home == nullptr || *home == '\0')
            return {};
        base = std::filesystem::path(home) / ".local" / "share";
    }
    return base / "cipherwatt" / "plugins";
}

std::vector<std::string> loadPluginDirectory(const std::filesystem::path &dir,
                                             std::string_view origin)
{
    std::vector<std::string> found;
    std::error_code ec;
    if (dir.empty() || !std::filesystem::exists(dir, ec))
        return found;
    std::vector<std::filesystem::path> files;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".so")
            files.push_back(it->path());
    }
    if (ec) {
        found.push_back("plugin directory " + dir.string() + ": " + ec.message());
    }
    std::sort(files.begin(), files.end());
    for (const auto &file : files) {
        try {
            loadPlugin(file, origin);
        } catch (const PluginError &e) {
            found.emplace_back(e.what());
        }
    }
    warnings().insert(warnings().end(), found.begin(), found.end());
    return found;
}

std::vector<PluginInfo> loadedPlugins()
{
    std::vector<PluginInfo> out;
    for (const auto &p : registry())
        out.push_back(p.info);
    return out;
}

std::vector<std::string> pluginWarnings()
{
    return warnings();
}

bool isPluginBackend(std::string_view backend)
{
    return std::any_of(registry().begin(), registry().end(),
                       [backend](const LoadedPlugin &p) { return p.info.backend == backend; });
}

const std::vector<KatVector> &pluginVectors()
{
    return vectors();
}

} // namespace cipherwatt::ciphers
