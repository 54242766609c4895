// `serve` pinning through pkexec, as for a local DUT whose user may not write cpufreq, with a
// fake `pkexec` first on PATH. The fake runs the command it is given as the test's own user and
// without PKEXEC_UID, so the helper is not in privileged mode and may use the fake tree; one
// fake sets PKEXEC_UID as the real pkexec does, and the helper then refuses that tree. Also:
// pkexec missing, dismissed (exit 126) or refusing (exit 127) is one clear error, nothing is
// left pinned and nothing pretends to be; and `auto` picks pkexec in a local session, sudo over
// SSH. The same for `su -c` (a rooted Android phone, as Magisk's su takes one command line).

#include "fake_sysfs.h"
#include "process.h"
#include "temp_dir.h"
#include "worker_events.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using cipherwatt::test::Child;
using cipherwatt::test::Environment;
using cipherwatt::test::FakeSysfs;
using cipherwatt::test::serve;
using cipherwatt::test::TempDir;
using cipherwatt::test::waitFor;
using Json = nlohmann::json;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

// The events up to the end of output.
std::vector<Json> remainingEvents(Child &worker)
{
    std::vector<Json> events;
    while (const auto line = worker.readLine(20s))
        events.push_back(Json::parse(*line));
    return events;
}

const std::vector<std::string> viaPkexec{"--governor-helper", "pkexec"};

// Readable and runnable by anyone: some tests run the worker as nobody.
void writeScript(const fs::path &file, const std::string &text)
{
    std::ofstream(file) << text;
    fs::permissions(file, fs::perms(0755));
}

std::string readWhole(const fs::path &file)
{
    std::ifstream stream(file);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

// A directory for fake helpers, put first on PATH; outside the pkexec-less tests the real
// programs stay reachable after it (the helper itself needs none).
class FakeBin
{
public:
    FakeBin() { fs::permissions(m_dir.path(), fs::perms(0755)); }

    const fs::path &path() const { return m_dir.path(); }
    std::string pathVariable() const { return "PATH=" + path().string() + ":/usr/bin:/bin"; }
    fs::path log() const { return path() / "helper.log"; }

    // pkexec as if the operator authenticated: records its arguments, checks what the real one
    // needs (no internal agent, an absolute path: the worker's own) and runs the command.
    void configuredPkexec(const std::string &environment = {}) const
    {
        const std::string self = fs::canonical(CIPHERWATT_BENCH_EXE).string();
        writeScript(path() / "pkexec",
                    "#!/bin/sh\n"
                    "echo \"$*\" >> '" +
                        log().string() +
                        "'\n"
                        "[ \"$1\" = --disable-internal-agent ] || exit 99\n"
                        "shift\n"
                        "case \"$1\" in /*) ;; *) echo \"not absolute: $1\" >&2; exit 98;; esac\n"
                        "[ \"$1\" = '" +
                        self +
                        "' ] || { echo \"not the worker: $1\" >&2; exit 97; }\n"
                        "exec " +
                        environment + " \"$@\"\n");
    }

    // pkexec giving up as the real one does: its line on stderr and its exit code.
    void failingPkexec(const std::string &line, int exitCode) const
    {
        // As nobody it cannot write the log: that is no concern of the test.
        writeScript(path() / "pkexec", "#!/bin/sh\n{ echo \"$*\" >> '" + log().string() +
                                           "'; } 2>/dev/null\necho '" + line + "' >&2\nexit " +
                                           std::to_string(exitCode) + "\n");
    }

    // A rooted phone's su: `su -c <command line>` runs the line with the device's shell.
    void rootedSu() const
    {
        writeScript(path() / "su", "#!/bin/sh\n"
                                   "printf '%s\\n' \"$*\" >> '" +
                                       log().string() +
                                       "'\n"
                                       "[ \"$1\" = -c ] && [ $# -eq 2 ] || exit 99\n"
                                       "exec /bin/sh -c \"$2\"\n");
    }

private:
    TempDir m_dir;
};

// After a failed pin: the settings as they were, no journal, the worker still serving, and at
// the end no restore (nothing was pinned) before its goodbye.
void checkNothingPinned(Child &worker, const FakeSysfs &tree)
{
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    CHECK(tree.cpuFile(0, "scaling_min_freq") == "400000");
    CHECK_FALSE(fs::exists(tree.root() / "cipherwatt-governor-journal"));
    worker.writeLine(R"({"cmd":"governor","id":2,"action":"show"})");
    const Json shown = waitFor(worker, "governor");
    CHECK(shown["state"]["cpus"][0]["governor"] == "powersave");
    worker.closeStdin();
    const auto events = remainingEvents(worker);
    REQUIRE_FALSE(events.empty());
    CHECK(events.back()["event"] == "bye");
    for (const auto &event : events)
        CHECK(event["event"] != "governor");
    CHECK(worker.wait(10s) == 0);
}

Json pinError(Child &worker)
{
    waitFor(worker, "hello");
    worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin","fix_frequency":true})");
    const Json error = waitFor(worker, "error");
    CHECK(error["id"] == 1);
    return error;
}

} // namespace

TEST_CASE("serve --governor-helper pkexec pins and restores through pkexec and says so",
          "[serve][governor][pkexec]")
{
    FakeSysfs tree({0, 1});
    const FakeBin bin;
    bin.configuredPkexec();
    Child worker(serve(tree, viaPkexec), {bin.pathVariable()});
    const Json hello = waitFor(worker, "hello");
    CHECK(hello["governor_helper"] ==
          Json{{"option", "pkexec"}, {"method", "pkexec"}, {"reason", "--governor-helper pkexec"}});

    worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin","fix_frequency":true})");
    const Json pinned = waitFor(worker, "governor");
    CHECK(pinned["id"] == 1);
    CHECK(pinned["method"] == "pkexec");
    // The result is what the session stores: it says how pinning was done.
    CHECK(pinned["result"]["method"] == "pkexec");
    CHECK(pinned["result"]["mismatches"].empty());
    CHECK(pinned["result"]["applied"]["cpus"][1]["governor"] == "performance");
    CHECK(tree.cpuFile(1, "scaling_min_freq") == "3500000");
    CHECK(tree.cpuFile(1, "scaling_max_freq") == "3500000");

    worker.closeStdin(); // end of input: restored through pkexec as well
    const Json restored = waitFor(worker, "governor");
    CHECK(restored["action"] == "restore");
    CHECK(restored["method"] == "pkexec");
    CHECK(restored["result"]["method"] == "pkexec");
    CHECK(restored["result"]["restored"] == true);
    CHECK(worker.wait(10s) == 0);
    CHECK(tree.cpuFile(1, "scaling_governor") == "powersave");
    CHECK(tree.cpuFile(1, "scaling_max_freq") == "3000000");

    const std::string self = fs::canonical(CIPHERWATT_BENCH_EXE).string();
    const std::string fakeRoot = " --sysfs-root " + tree.root().string() + "\n";
    CHECK(readWhole(bin.log()) ==
          "--disable-internal-agent " + self +
              " governor set --governor performance --fix-frequency --json" + fakeRoot +
              "--disable-internal-agent " + self + " governor restore --json" + fakeRoot);
}

TEST_CASE("serve through pkexec: a frequency is passed on as whole kHz",
          "[serve][governor][pkexec]")
{
    FakeSysfs tree({0});
    const FakeBin bin;
    bin.configuredPkexec();
    Child worker(serve(tree, viaPkexec), {bin.pathVariable()});
    waitFor(worker, "hello");
    worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin","frequency_khz":2200000})");
    const Json pinned = waitFor(worker, "governor");
    CHECK(pinned["result"]["mismatches"].empty());
    CHECK(tree.cpuFile(0, "scaling_min_freq") == "2200000");
    CHECK(tree.cpuFile(0, "scaling_max_freq") == "2200000");
    CHECK_THAT(readWhole(bin.log()), Catch::Contains("set --governor performance --frequency "
                                                     "2200000 --json"));
    // Not an integer (the protocol's codec refuses it), or out of sysfs's range (the worker).
    for (const auto &[kHz, message] :
         {std::pair{"2.5", "governor: field 'frequency_khz' must be a whole number"},
          {"\"2200000\"", "governor: field 'frequency_khz' must be a whole number"},
          {"-1", "governor: field 'frequency_khz' must not be negative"},
          {"0", "frequency_khz: must be a whole number of kHz from 1 to 4294967295"},
          {"4294967296", "frequency_khz: must be a whole number of kHz from 1 to 4294967295"}}) {
        INFO(kHz);
        worker.writeLine(
            std::string(R"({"cmd":"governor","id":2,"action":"pin","frequency_khz":)") + kHz + "}");
        CHECK(waitFor(worker, "error")["message"] == message);
    }
}

TEST_CASE("serve through a real pkexec's environment: the helper refuses the fake tree",
          "[serve][governor][pkexec]")
{
    if (::geteuid() != 0) {
        WARN("not root: the helper cannot be root for another user here");
        return;
    }
    // As the real pkexec does: PKEXEC_UID is the caller's uid, and the helper runs as root.
    FakeSysfs tree({0});
    const FakeBin bin;
    bin.configuredPkexec("env PKEXEC_UID=1000");
    Child worker(serve(tree, viaPkexec), {bin.pathVariable()});
    const Json error = pinError(worker);
    CHECK(error["message"] ==
          "governor pinning through pkexec failed: --sysfs-root is refused under pkexec (for uid "
          "1000): it would let the calling user write files as root");
    checkNothingPinned(worker, tree);
}

TEST_CASE("serve through pkexec: missing, dismissed or refused is one clear error and nothing "
          "is pinned",
          "[serve][governor][pkexec]")
{
    FakeSysfs tree({0});
    const FakeBin bin;

    SECTION("pkexec is not installed")
    {
        Child worker(serve(tree, viaPkexec), {"PATH=" + bin.path().string()});
        const std::string message = pinError(worker)["message"];
        CHECK_THAT(message, Catch::StartsWith("governor pinning needs root and pkexec is not "
                                              "installed here; install it (Debian: apt install "
                                              "pkexec)") &&
                                Catch::Contains("NOPASSWD:"));
        CHECK(message.find('\n') == std::string::npos);
        checkNothingPinned(worker, tree);
    }
    SECTION("the operator dismisses the authentication dialog (exit 126)")
    {
        bin.failingPkexec("Error executing command as another user: Request dismissed", 126);
        Child worker(serve(tree, viaPkexec), {bin.pathVariable()});
        CHECK(pinError(worker)["message"] ==
              "governor pinning needs root: the pkexec authentication was dismissed, so nothing "
              "was changed");
        checkNothingPinned(worker, tree);
        CHECK(fs::exists(bin.log())); // it was asked
    }
    SECTION("polkit does not authorize (exit 127)")
    {
        bin.failingPkexec("Error executing command as another user: Not authorized", 127);
        Child worker(serve(tree, viaPkexec), {bin.pathVariable()});
        CHECK(pinError(worker)["message"] ==
              "governor pinning needs root: pkexec refused (Not authorized)");
        checkNothingPinned(worker, tree);
    }
    SECTION("no polkit agent in the session (exit 127)")
    {
        bin.failingPkexec("Error executing command as another user: No authentication agent "
                          "found.",
                          127);
        Child worker(serve(tree, viaPkexec), {bin.pathVariable()});
        const std::string message = pinError(worker)["message"];
        CHECK_THAT(message,
                   Catch::StartsWith("governor pinning needs root: pkexec refused (No "
                                     "authentication agent found.); this session has no polkit "
                                     "agent to ask for the password") &&
                       Catch::Contains("--governor-helper sudo") && Catch::Contains("NOPASSWD:"));
        checkNothingPinned(worker, tree);
    }
    SECTION("polkit's daemon is not running (exit 127)")
    {
        bin.failingPkexec("Error getting authority: Error initializing authority: Could not "
                          "connect: No such file or directory",
                          127);
        Child worker(serve(tree, viaPkexec), {bin.pathVariable()});
        CHECK_THAT(pinError(worker)["message"].get<std::string>(),
                   Catch::StartsWith("governor pinning needs root: pkexec refused (Error getting "
                                     "authority: Error initializing authority: Could not "
                                     "connect: No such file or directory); polkit's daemon "
                                     "cannot be reached here") &&
                       Catch::Contains("NOPASSWD:"));
        checkNothingPinned(worker, tree);
    }
    SECTION("pkexec runs the helper, but the kernel says no")
    {
        bin.configuredPkexec();
        tree.write(FakeSysfs::cpufreq(0, "scaling_available_governors"), "powersave");
        Child worker(serve(tree, viaPkexec), {bin.pathVariable()});
        CHECK(pinError(worker)["message"] ==
              "governor pinning through pkexec failed: governor \"performance\" is not available "
              "on cpu0; available: powersave");
        checkNothingPinned(worker, tree);
    }
}

TEST_CASE("serve --governor-helper auto: pkexec in a local session, sudo over SSH, none as root",
          "[serve][governor][pkexec]")
{
    FakeSysfs tree({0});
    const FakeBin bin;
    if (::geteuid() == 0) {
        Child worker(serve(tree), {bin.pathVariable()});
        const Json hello = waitFor(worker, "hello");
        CHECK(hello["governor_helper"] ==
              Json{{"option", "auto"}, {"method", "in-process"}, {"reason", "running as root"}});
    } else {
        WARN("not root: cannot run the worker as another user to see auto choose a helper");
        return;
    }
    // As nobody, who may read the fake tree but not write it. A copy of the worker beside the
    // fakes, since nobody may not be able to reach the build tree (a clone under /root).
    bin.failingPkexec("Error executing command as another user: Request dismissed", 126);
    writeScript(bin.path() / "sudo", "#!/bin/sh\necho 'sudo: a password is required' >&2\n"
                                     "exit 1\n");
    const fs::path copy = bin.path() / "cipherwatt-bench";
    fs::copy_file(CIPHERWATT_BENCH_EXE, copy);
    fs::permissions(copy, fs::perms(0755));
    const std::vector<std::string> asNobody{
        "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
        copy.string(),      "serve",         "--sysfs-root",  tree.root().string()};

    SECTION("a local session")
    {
        Child worker(asNobody, {bin.pathVariable(), "SSH_CONNECTION=", "SSH_CLIENT="});
        const Json hello = waitFor(worker, "hello");
        CHECK(hello["governor_helper"] ==
              Json{{"option", "auto"},
                   {"method", "pkexec"},
                   {"reason", "not root and cpufreq is not writable; a local session"}});
        worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin"})");
        const Json error = waitFor(worker, "error");
        CHECK(error["message"] == "governor pinning needs root: the pkexec authentication was "
                                  "dismissed, so nothing was changed");
        checkNothingPinned(worker, tree);
    }
    SECTION("started over SSH")
    {
        Child worker(asNobody, {bin.pathVariable(), "SSH_CONNECTION=192.0.2.1 50000 192.0.2.2 22"});
        const Json hello = waitFor(worker, "hello");
        CHECK(hello["governor_helper"]["method"] == "sudo");
        CHECK(hello["governor_helper"]["reason"] ==
              "not root and cpufreq is not writable; started over SSH");
        worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin"})");
        const Json error = waitFor(worker, "error");
        CHECK_THAT(error["message"].get<std::string>(),
                   Catch::StartsWith("governor pinning needs root: sudo -n refused (a password "
                                     "is required)"));
        checkNothingPinned(worker, tree);
    }
}

TEST_CASE("serve --governor-helper su pins and restores through su -c, every word quoted",
          "[serve][governor][su]")
{
    // A tree whose path the device's shell would take apart if a word were not quoted.
    TempDir dir;
    FakeSysfs tree({0});
    const fs::path root = dir.path() / "it's $(touch su-trap) `x` & *";
    fs::create_directory_symlink(tree.root(), root);
    const FakeBin bin;
    bin.rootedSu();
    Child worker(
        {CIPHERWATT_BENCH_EXE, "serve", "--sysfs-root", root.string(), "--governor-helper", "su"},
        {bin.pathVariable()});
    const Json hello = waitFor(worker, "hello");
    CHECK(hello["governor_helper"] ==
          Json{{"option", "su"}, {"method", "su"}, {"reason", "--governor-helper su"}});
    worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin"})");
    const Json pinned = waitFor(worker, "governor");
    CHECK(pinned["method"] == "su");
    CHECK(pinned["result"]["method"] == "su");
    CHECK(tree.cpuFile(0, "scaling_governor") == "performance");
    worker.closeStdin();
    const Json restored = waitFor(worker, "governor");
    CHECK(restored["result"]["method"] == "su");
    CHECK(worker.wait(10s) == 0);
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");

    // POSIX single quotes, a ' written as '\'' (the shell's own rule, XCU 2.2.2).
    const std::string self = fs::canonical(CIPHERWATT_BENCH_EXE).string();
    const std::string quotedRoot =
        "'" + dir.path().string() + "/it'\\''s $(touch su-trap) `x` & *'";
    CHECK(readWhole(bin.log()) ==
          "-c '" + self + "' 'governor' 'set' '--governor' 'performance' '--json' '--sysfs-root' " +
              quotedRoot + "\n-c '" + self + "' 'governor' 'restore' '--json' '--sysfs-root' " +
              quotedRoot + "\n");
    CHECK_FALSE(fs::exists(fs::current_path() / "su-trap"));
}

TEST_CASE("serve --governor-helper su without su (a phone that is not rooted) is one clear "
          "error and nothing is pinned",
          "[serve][governor][su]")
{
    FakeSysfs tree({0});
    const FakeBin bin;
    Child worker(serve(tree, {"--governor-helper", "su"}), {"PATH=" + bin.path().string()});
    const std::string message = pinError(worker)["message"];
    CHECK(message == "governor pinning needs root and there is no su here (is the device "
                     "rooted?)");
    checkNothingPinned(worker, tree);
}
