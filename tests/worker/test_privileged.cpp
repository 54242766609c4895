// The worker as root for another user, as pkexec (PKEXEC_UID) and sudo (SUDO_UID) start it:
// only `governor show|set|restore` with values it checks, nothing that names a file, no plugin.
// These tests need root (only root can be root for another user; elsewhere they say so and
// pass nothing). Every `set` below is refused before sysfs is read, so none can write the
// real /sys, on this machine (no cpufreq) or any other.

#include "process.h"
#include "temp_dir.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

using cipherwatt::test::Environment;
using cipherwatt::test::ProcessResult;
using cipherwatt::test::runProcess;
using cipherwatt::test::TempDir;
using Json = nlohmann::json;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

const Environment underPkexec{"PKEXEC_UID=1000"};
const Environment underSudo{"SUDO_UID=1000", "SUDO_USER=lab"};

ProcessResult bench(const std::vector<std::string> &args, const Environment &env)
{
    std::vector<std::string> argv{CIPHERWATT_BENCH_EXE};
    argv.insert(argv.end(), args.begin(), args.end());
    return runProcess(argv, {}, 30s, env);
}

bool root()
{
    if (::geteuid() == 0)
        return true;
    WARN("not root: the worker cannot run as root for another user here, nothing to check");
    return false;
}

// One line on stderr, the usage exit code, nothing on stdout.
void checkRefused(const ProcessResult &r, const std::string &expected)
{
    INFO(r.err);
    CHECK(r.exitCode == 1);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK_THAT(r.err, Catch::Contains(expected));
}

} // namespace

TEST_CASE("as root for another user only governor show|set|restore runs", "[governor][privileged]")
{
    if (!root())
        return;
    const std::vector<std::vector<std::string>> others{{"serve"},
                                                       {"self-test"},
                                                       {"list", "--json"},
                                                       {"--version"},
                                                       {"exec", "--", "/bin/true"},
                                                       {"run", "--cipher", "aes-128-xts",
                                                        "--backend", "openssl", "--op", "encrypt",
                                                        "--buffer", "4096", "--iterations", "10"}};
    for (const auto &args : others) {
        INFO(args.front());
        checkRefused(bench(args, underPkexec),
                     "under pkexec (for uid 1000) only `governor show|set|restore` and "
                     "`rapl-counter` run as root, not '" +
                         args.front() + "'");
    }
    checkRefused(bench({"serve"}, underSudo),
                 "under sudo (for uid 1000) only `governor show|set|restore` and `rapl-counter` "
                 "run as root");
    checkRefused(bench({"governor"}, underPkexec), "not 'governor '");
    checkRefused(bench({"governor", "pin"}, underPkexec), "not 'governor pin'");
    checkRefused(bench({}, underPkexec), "not ''");
}

TEST_CASE("as root for another user plugins, --isa, a sysfs root and a journal are refused",
          "[governor][privileged]")
{
    if (!root())
        return;
    const TempDir dir;
    const fs::path journal = dir.path() / "journal";
    const std::string fake = dir.path().string();
    checkRefused(bench({"--plugin", CIPHERWATT_XTEA_PLUGIN, "governor", "show"}, underPkexec),
                 "--plugin is refused under pkexec (for uid 1000)");
    checkRefused(
        bench({"governor", "show", std::string("--plugin=") + CIPHERWATT_XTEA_PLUGIN}, underPkexec),
        "--plugin is refused under pkexec");
    checkRefused(bench({"--isa", "portable", "governor", "show"}, underPkexec),
                 "--isa is refused under pkexec");
    for (const auto &action : {"show", "set", "restore"}) {
        INFO(action);
        checkRefused(bench({"governor", action, "--sysfs-root", fake}, underPkexec),
                     "--sysfs-root is refused under pkexec (for uid 1000): it would let the "
                     "calling user write files as root");
        checkRefused(bench({"governor", action, "--journal=" + journal.string()}, underPkexec),
                     "--journal is refused under pkexec");
        checkRefused(bench({"governor", action, "--journal", journal.string()}, underSudo),
                     "--journal is refused under sudo");
    }
    CHECK(fs::is_empty(dir.path()));
}

TEST_CASE("as root for another user rapl-counter reads one zone's counter under /sys, nothing "
          "else",
          "[rapl][privileged]")
{
    if (!root())
        return;
    const TempDir dir;
    for (const std::string zone :
         {"intel-rapl", "intel-rapl:", "intel-rapl:0/../../../etc", "../intel-rapl:0",
          "intel-rapl:0:1:2", "intel-rapl:x", "intel-rapl-mmio:0", ""}) {
        INFO("'" << zone << "'");
        checkRefused(bench({"rapl-counter", zone}, underSudo),
                     "is not a RAPL zone's directory name (intel-rapl:<n>[:<m>])");
    }
    checkRefused(
        bench({"rapl-counter", "intel-rapl:0", "--sysfs-root", dir.path().string()}, underPkexec),
        "--sysfs-root is refused under pkexec (for uid 1000): as root only /sys is read");
    checkRefused(
        bench({"--plugin", CIPHERWATT_XTEA_PLUGIN, "rapl-counter", "intel-rapl:0"}, underSudo),
        "--plugin is refused under sudo (for uid 1000)");
    checkRefused(bench({"rapl-counter", "intel-rapl:0", "--journal", "x"}, underSudo), "--journal");
}

TEST_CASE("as root for another user the plugins in the user's directory are not loaded",
          "[governor][privileged]")
{
    if (!root())
        return;
    const TempDir home;
    const fs::path plugins = home.path() / "cipherwatt" / "plugins";
    fs::create_directories(plugins);
    fs::copy_file(fs::path(CIPHERWATT_TEST_PLUGIN_DIR) / "toy_bad_abi.so", plugins / "broken.so");
    const std::string xdg = "XDG_DATA_HOME=" + home.path().string();
    // Without pkexec, any other command loads the directory and warns about the broken one.
    const auto plain = bench({"list"}, {xdg});
    CHECK(plain.exitCode == 0);
    CHECK_THAT(plain.err, Catch::Contains("broken.so"));
    const auto shown = bench({"governor", "show", "--json"}, {xdg, "PKEXEC_UID=1000"});
    INFO(shown.err);
    CHECK(shown.exitCode == 0);
    CHECK(shown.err.empty());
}

TEST_CASE("as root for another user governor names, frequencies and CPUs are checked",
          "[governor][privileged]")
{
    if (!root())
        return;
    for (const std::string governor : {"interactive", "Performance", "../../etc/passwd", ""}) {
        INFO("'" << governor << "'");
        checkRefused(bench({"governor", "set", "--governor", governor}, underPkexec),
                     "--governor: \"" + governor +
                         "\" is refused under pkexec (for uid 1000): "
                         "as root only the kernel's own governors are set (performance, powersave, "
                         "userspace, ondemand, conservative, schedutil)");
    }
    // sysfs takes kHz as a decimal unsigned int: no fractions, exponents, signs, hex or units.
    for (const std::string kHz : {"2.5e6", "2000000.0", "-1", "+2000000", "0x1E8480", "2000000kHz",
                                  "0", "4294967296", ""}) {
        INFO("'" << kHz << "'");
        checkRefused(bench({"governor", "set", "--frequency", kHz}, underPkexec),
                     "--frequency: must be a whole number from 1 to 4294967295");
    }
    checkRefused(
        bench({"governor", "set", "--fix-frequency", "--frequency", "2000000"}, underPkexec),
        "give at most one of --fix-frequency and --frequency");
    for (const std::string cpus : {"4096", "0,,1", "-1", "0-1", "a"}) {
        INFO("'" << cpus << "'");
        checkRefused(bench({"governor", "set", "--cpus", cpus}, underPkexec),
                     "--cpus: must be a whole number from 0 to 4095");
    }
    checkRefused(
        bench({"governor", "set", "--governor", "performance", "--mode", "x"}, underPkexec),
        "unexpected argument '--mode'");
    // A well-formed number of a CPU the kernel does not list as present fails before cpufreq
    // is read (exit 2: a failure, not a typing mistake).
    if (!fs::exists("/sys/devices/system/cpu/present"))
        return;
    const auto absent = bench({"governor", "set", "--cpus", "4095"}, underPkexec);
    INFO(absent.err);
    CHECK(absent.exitCode == 2);
    CHECK_THAT(absent.err, Catch::Contains("cpu4095 is not present (present CPUs: "));
}

TEST_CASE("as root for another user governor show reads the real sysfs", "[governor][privileged]")
{
    if (!root())
        return;
    for (const Environment &env : {underPkexec, underSudo}) {
        const auto shown = bench({"governor", "show", "--json"}, env);
        INFO(shown.err);
        REQUIRE(shown.exitCode == 0);
        const Json state = Json::parse(shown.out);
        CHECK(state["cpus"].is_array());
        CHECK(state.contains("turbo"));
        CHECK(bench({"governor", "show"}, env).exitCode == 0);
    }
    // A caller that is root already gains nothing from pkexec or sudo: no restrictions.
    CHECK(bench({"--version"}, {"PKEXEC_UID=0"}).exitCode == 0);
    CHECK(bench({"--version"}, {"SUDO_UID=0"}).exitCode == 0);
    CHECK(bench({"--version"}, {"PKEXEC_UID="}).exitCode == 0);
}
