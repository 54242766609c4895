// cipherwatt-bench: the worker that runs on the device under test (see DESIGN.md).

#include "commands.h"
#include "options.h"
#include "privileged.h"
#include "rapl_counter.h"
#include "sources.h"

#include <cipherwatt/ciphers/isa.h>
#include <cipherwatt/ciphers/plugin.h>
#include <cipherwatt/ciphers/types.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

constexpr const char *usage = R"(usage: cipherwatt-bench <command> [options]

commands:
  --version                 print the version
  list [--json]             the cipher catalogue and the backends available here
  self-test [--json]        run every known-answer test; exit 0 when all pass
  kat --cipher <id> --backend <name> (--encrypt|--decrypt) --key <hex>
      [--iv <hex>] [--tweak <hex>] [--nonce <hex>] [--aad <hex>] --input <hex>
                            one known-answer computation, printed as one line of hex
  run --cipher <id> --backend <name> --op <encrypt|decrypt|keygen|agree> --buffer <bytes>
      (--iterations <n> | --seconds <s>) [--cpu <n>] [--seed <n>]
      [--chunking message|stream] [--payload random|zeros|file:<path>] [--pad zeros] [--json]
                            one benchmark run (JSON Lines events with --json); message:
                            every buffer a message with its own IV (default); stream: one
                            long message a buffer at a time (stream ciphers and CTR);
                            --payload: what every iteration encrypts (a file: its first
                            buffer's worth); --pad zeros: ECB/CBC buffers padded to blocks
  exec [--label <text>] [--bytes <n>] [--timeout <s>] [--cpu <n>] [--json] -- <program> [args]
                            run an external program (no shell), timed from start to exit;
                            bytes from --bytes or from its line 'cipherwatt-bytes: <n>'
  serve [--sysfs-root <dir>] [--proc-root <dir>] [--journal <file>]
      [--governor-helper auto|sudo|pkexec|su|none] [--single-instance | --instance-lock <file>]
                            JSON commands on stdin, JSON Lines events on stdout; when this
                            user cannot write cpufreq the governor is pinned through
                            `sudo -n` (started over SSH) or `pkexec` (a local session)
                            (auto), or `su -c` (a rooted Android phone, chosen by the host);
                            one serve per user and machine with --single-instance
                            (an older one is ended first); --proc-root (default /proc)
                            is where `activity` reads stat and self/stat (tests)
  governor show|set|restore [--sysfs-root <dir>] [--journal <file>] [--json]
      set: [--governor <name>] [--fix-frequency | --frequency <kHz>] [--no-turbo]
           [--cpus <list>]
                            pin or restore the CPU frequency governor; run as root for
                            another user (pkexec, sudo) only these commands are accepted,
                            with the kernel's governor names and no --sysfs-root, --journal,
                            --plugin or --isa
  sources [--sysfs-root <dir>] [--json]
                            the power sources on this machine: RAPL zones, batteries, hwmon
                            power inputs (resource, kind, method, unit, readable)
  sample <resource> [--interval <s>] [--seconds <s>] [--sysfs-root <dir>] [--json]
                            read one of them every --interval s (default 1) for --seconds
                            (default 10); serve's `sample` command does the same for a host
  rapl-counter <zone> [--sysfs-root <dir>]
                            print a RAPL zone's energy_uj (intel-rapl:<n>[:<m>]) once for
                            each line read; serve runs it through the governor's helper
                            when this user may not read the counter (root-only since Linux
                            5.10); run as root for another user, no --sysfs-root

global options:
  --isa auto|portable|sse2|avx2|avx512|neon
                            cap every backend at this instruction-set level (SIMD on/off);
                            results report what ran
  --plugin <file.so>        load a cipher plugin (repeatable); its ciphers are on the backend
                            plugin:<name>. Plugins in $XDG_DATA_HOME/cipherwatt/plugins
                            (~/.local/share/cipherwatt/plugins) are loaded too

exit codes: 0 success, 1 usage error, 2 failure
)";

// Global options may stand anywhere before a `--` (after it, they belong to `exec`'s program)
// and are removed from `args`. Returns every value given, in order.
std::vector<std::string> takeGlobal(std::vector<std::string> &args, const std::string &name)
{
    using cipherwatt::bench::UsageError;
    std::vector<std::string> values;
    const std::string prefix = name + "=";
    for (auto it = args.begin(); it != args.end() && *it != "--";) {
        if (*it == name) {
            if (it + 1 == args.end())
                throw UsageError(name + ": missing value");
            values.push_back(*(it + 1));
            it = args.erase(it, it + 2);
        } else if (it->rfind(prefix, 0) == 0) {
            values.push_back(it->substr(prefix.size()));
            it = args.erase(it);
        } else {
            ++it;
        }
    }
    return values;
}

// `--isa <level>` applies to the whole process.
std::optional<cipherwatt::ciphers::Isa> takeIsa(std::vector<std::string> &args)
{
    using cipherwatt::bench::UsageError;
    const auto values = takeGlobal(args, "--isa");
    if (values.empty() || values.back() == "auto")
        return std::nullopt;
    const auto isa = cipherwatt::ciphers::parseIsa(values.back());
    if (!isa)
        throw UsageError("--isa: must be auto, portable, sse2, avx2, avx512 or neon, got '" +
                         values.back() + "'");
    return isa;
}

// Plugins named on the command line must load: a refusal is a usage error. Those in the
// per-user directory are the operator's standing set: a broken one is reported and skipped.
void loadPlugins(const std::vector<std::string> &files)
{
    using namespace cipherwatt::ciphers;
    for (const auto &file : files)
        loadPlugin(file, "command line");
    for (const auto &warning : loadPluginDirectory(userPluginDirectory(), "user directory"))
        std::cerr << "cipherwatt-bench: warning: " << warning << "; skipped\n";
}

// OpenSSL reads its capability mask from the environment when libcrypto is loaded, before
// main() runs; so when the mask for the requested level is not in force yet, the worker runs
// itself again with it. Botan and the custom code are capped in-process afterwards.
void applyIsa(cipherwatt::ciphers::Isa isa, char **argv)
{
    using namespace cipherwatt::ciphers;
    applyIsaLimit(isa); // first: refuses a level this CPU lacks, with the list it has
    const auto [name, value] = opensslIsaEnvironment(isa);
    if (name.empty())
        return;
    const char *current = std::getenv(name.c_str()); // NOLINT(concurrency-mt-unsafe)
    const bool inForce = value.empty() ? current == nullptr : current && value == current;
    if (inForce)
        return;
    if (std::getenv("CIPHERWATT_ISA_EXEC")) // NOLINT(concurrency-mt-unsafe)
        throw CipherError("--isa: could not put " + name + " in force for OpenSSL");
    if (value.empty())
        unsetenv(name.c_str());
    else
        setenv(name.c_str(), value.c_str(), 1);
    setenv("CIPHERWATT_ISA_EXEC", "1", 1);
    execv("/proc/self/exe", argv);
    throw CipherError("--isa: cannot re-execute the worker: " + std::string(strerror(errno)));
}

} // namespace

int main(int argc, char **argv)
{
    using namespace cipherwatt::bench;
    std::vector<std::string> args(argv + 1, argv + argc);
    std::optional<PrivilegedCaller> privileged;
    try {
        // Root for another user (pkexec, sudo): the governor commands and nothing else, before
        // any option is acted on.
        privileged = privilegedCaller();
        if (privileged)
            checkPrivilegedCommandLine(args, *privileged);
        const auto plugins = takeGlobal(args, "--plugin");
        if (const auto isa = takeIsa(args))
            applyIsa(*isa, argv);
        // `governor` runs as root through pkexec or sudo (README): it must never load code of
        // the calling user's choosing, so it loads no plugin at all, not even the user's own.
        if (!args.empty() && (args.front() == "governor" || args.front() == "rapl-counter")) {
            if (!plugins.empty())
                throw UsageError(args.front() + ": --plugin is not accepted (" + args.front() +
                                 " loads no plugins)");
        } else {
            loadPlugins(plugins);
        }
    } catch (const UsageError &e) {
        std::cerr << "cipherwatt-bench: " << e.what() << '\n';
        return ExitUsage;
    } catch (const cipherwatt::ciphers::CipherError &e) {
        std::cerr << "cipherwatt-bench: " << e.what() << '\n';
        return ExitUsage;
    }
    if (args.empty()) {
        std::cerr << usage;
        return ExitUsage;
    }
    const std::string command = args.front();
    args.erase(args.begin());
    try {
        if (command == "--version" || command == "version") {
            std::cout << "cipherwatt-bench " << CIPHERWATT_VERSION << '\n';
            return ExitOk;
        }
        if (command == "--help" || command == "-h" || command == "help") {
            std::cout << usage;
            return ExitOk;
        }
        if (command == "list")
            return commandList(std::move(args));
        if (command == "self-test")
            return commandSelfTest(std::move(args));
        if (command == "kat")
            return commandKat(std::move(args));
        if (command == "run")
            return commandRun(std::move(args));
        if (command == "governor")
            return commandGovernor(std::move(args), privileged);
        if (command == "exec")
            return commandExec(std::move(args));
        if (command == "serve")
            return commandServe(std::move(args));
        if (command == "sources")
            return commandSources(std::move(args));
        if (command == "sample")
            return commandSample(std::move(args));
        if (command == "rapl-counter")
            return commandRaplCounter(std::move(args), privileged);
        std::cerr
            << "cipherwatt-bench: unknown command '" << command
            << "'; commands: --version, list, self-test, kat, run, exec, serve, governor, sources, "
               "sample, rapl-counter\n";
        return ExitUsage;
    } catch (const UsageError &e) {
        std::cerr << "cipherwatt-bench " << command << ": " << e.what() << '\n';
        return ExitUsage;
    } catch (const cipherwatt::ciphers::CipherError &e) {
        std::cerr << "cipherwatt-bench " << command << ": " << e.what() << '\n';
        return ExitFailure;
    } catch (const std::exception &e) {
        std::cerr << "cipherwatt-bench " << command << ": " << e.what() << '\n';
        return ExitFailure;
    }
}
