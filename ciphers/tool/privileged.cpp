#include "privileged.h"

#include "options.h"

#include <cstdlib>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

namespace cipherwatt::bench {

namespace {

// pkexec and sudo put the caller's uid there themselves; the caller cannot choose it.
std::optional<std::string> callerUid(const char *variable)
{
    const char *value = std::getenv(variable); // NOLINT(concurrency-mt-unsafe): before threads
    if (value == nullptr || *value == '\0' || std::string_view(value) == "0")
        return std::nullopt;
    return std::string(value);
}

bool isOption(const std::string &arg, std::string_view name)
{
    return arg == name || (arg.size() > name.size() && arg.compare(0, name.size(), name) == 0 &&
                           arg[name.size()] == '=');
}

} // namespace

std::string PrivilegedCaller::describe() const
{
    return helper + " (for uid " + uid + ")";
}

std::optional<PrivilegedCaller> privilegedCaller()
{
    if (geteuid() != 0)
        return std::nullopt;
    if (auto uid = callerUid("PKEXEC_UID"))
        return PrivilegedCaller{"pkexec", *uid};
    if (auto uid = callerUid("SUDO_UID"))
        return PrivilegedCaller{"sudo", *uid};
    return std::nullopt;
}

void checkPrivilegedCommandLine(const std::vector<std::string> &args,
                                const PrivilegedCaller &caller)
{
    // The journal and its directory are created by root: readable by all, writable by root
    // alone, whatever umask the caller left behind.
    ::umask(022);
    for (const auto &arg : args) {
        for (const std::string_view option : {"--plugin", "--isa"}) {
            if (isOption(arg, option)) {
                throw UsageError(std::string(option) + " is refused under " + caller.describe() +
                                 ": as root only the governor commands run, and nothing is "
                                 "loaded");
            }
        }
    }
    const std::string command = args.empty() ? std::string() : args.front();
    const std::string action = args.size() < 2 ? std::string() : args[1];
    // A RAPL counter read for the worker (rapl_counter.h): the zone's name is checked there,
    // and --sysfs-root refused.
    if (command == "rapl-counter")
        return;
    if (command != "governor") {
        throw UsageError("under " + caller.describe() +
                         " only `governor show|set|restore` and `rapl-counter` run as root, "
                         "not '" +
                         command + "': run it as yourself");
    }
    if (action != "show" && action != "set" && action != "restore") {
        throw UsageError("under " + caller.describe() +
                         " only `governor show|set|restore` runs as root, not 'governor " + action +
                         "'");
    }
}

} // namespace cipherwatt::bench
