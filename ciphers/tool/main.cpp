// cipherwatt-bench: the worker that runs on the device under test (see DESIGN.md).

#include "commands.h"
#include "options.h"

#include <cipherwatt/ciphers/types.h>

#include <iostream>
#include <string>
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
      [--chunking message|stream] [--json]
                            one benchmark run (JSON Lines events with --json); message:
                            every buffer a message with its own IV (default); stream: one
                            long message a buffer at a time (stream ciphers and CTR)
  serve [--sysfs-root <dir>] [--journal <file>]
                            JSON commands on stdin, JSON Lines events on stdout
  governor show|set|restore [--sysfs-root <dir>] [--journal <file>] [--json]
      set: [--governor <name>] [--fix-frequency] [--no-turbo] [--cpus <list>]
                            pin or restore the CPU frequency governor

exit codes: 0 success, 1 usage error, 2 failure
)";

} // namespace

int main(int argc, char **argv)
{
    using namespace cipherwatt::bench;
    std::vector<std::string> args(argv + 1, argv + argc);
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
            return commandGovernor(std::move(args));
        if (command == "serve")
            return commandServe(std::move(args));
        std::cerr << "cipherwatt-bench: unknown command '" << command
                  << "'; commands: --version, list, self-test, kat, run, serve, governor\n";
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
