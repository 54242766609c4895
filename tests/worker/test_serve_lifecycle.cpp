// `serve` as an SSH DUT needs it: SIGTERM handled like the end of input, one worker per user
// and machine (a reconnect ends the older one), and governor pinning through `sudo -n` when
// the worker may not write cpufreq itself. The `governor` command that sudo runs as root takes
// nothing that would let the caller write files or load code as root.

#include "fake_sysfs.h"
#include "process.h"
#include "temp_dir.h"
#include "worker_events.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using cipherwatt::test::Child;
using cipherwatt::test::FakeSysfs;
using cipherwatt::test::runProcess;
using cipherwatt::test::serve;
using cipherwatt::test::TempDir;
using cipherwatt::test::waitFor;
using Json = nlohmann::json;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

void writeScript(const fs::path &file, const std::string &text)
{
    std::ofstream(file) << text;
    fs::permissions(file, fs::perms::owner_all);
}

} // namespace

TEST_CASE("serve: SIGTERM stops the run, restores the governor and exits, as end of input does",
          "[serve][governor]")
{
    FakeSysfs tree({0, 1});
    Child worker(serve(tree));
    waitFor(worker, "hello");
    worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin"})");
    waitFor(worker, "governor");
    CHECK(tree.cpuFile(0, "scaling_governor") == "performance");
    worker.writeLine(R"({"cmd":"run","id":2,"cipher":"chacha20","backend":"botan",)"
                     R"("op":"encrypt","buffer":4096,"seconds":60})");
    waitFor(worker, "run_start");
    const auto start = std::chrono::steady_clock::now();
    worker.kill(SIGTERM);
    const Json end = waitFor(worker, "run_end", 10s);
    CHECK(end["result"]["cancelled"] == true);
    const Json restored = waitFor(worker, "governor", 10s);
    CHECK(restored["action"] == "restore");
    CHECK(restored["reason"] == "terminated by SIGTERM");
    CHECK(restored["result"]["restored"] == true);
    const Json bye = waitFor(worker, "bye");
    CHECK(bye["reason"] == "terminated by SIGTERM");
    CHECK(worker.wait(10s) == 0);
    CHECK(std::chrono::steady_clock::now() - start < 10s);
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    CHECK(tree.cpuFile(1, "scaling_governor") == "powersave");
}

TEST_CASE("serve --single-instance: a new worker ends the older one before it greets",
          "[serve][governor]")
{
    FakeSysfs tree({0});
    Child first(serve(tree, {"--single-instance"}));
    const Json hello = waitFor(first, "hello");
    CHECK_FALSE(hello.contains("replaced_worker"));
    CHECK(hello["pid"] == first.pid());
    first.writeLine(R"({"cmd":"governor","id":1,"action":"pin"})");
    waitFor(first, "governor");
    CHECK(tree.cpuFile(0, "scaling_governor") == "performance");
    // The lock of a fake tree lives in it: each fake machine has its own worker.
    CHECK(fs::exists(tree.root() / "cipherwatt-serve.lock"));

    Child second(serve(tree, {"--single-instance"}));
    const Json replacing = waitFor(second, "hello");
    CHECK(replacing["replaced_worker"] == first.pid());
    // By the time the new one greets, the old one has restored and gone.
    const Json restored = waitFor(first, "governor");
    CHECK(restored["reason"] == "terminated by SIGTERM");
    CHECK(first.wait(5s) == 0);
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");

    // Another lock file is another machine: both run.
    TempDir other;
    const std::string lock = (other.path() / "serve.lock").string();
    Child third(serve(tree, {"--instance-lock", lock}));
    const Json alone = waitFor(third, "hello");
    CHECK_FALSE(alone.contains("replaced_worker"));
    second.closeStdin();
    third.closeStdin();
    CHECK(second.wait(10s) == 0);
    CHECK(third.wait(10s) == 0);
}

TEST_CASE("serve --governor-helper sudo: refusals name the sudoers rule, a configured sudo pins "
          "and restores",
          "[serve][governor]")
{
    FakeSysfs tree({0});
    TempDir bin;
    const std::string path = "PATH=" + bin.path().string() + ":/usr/bin:/bin";
    const auto helper = std::vector<std::string>{"--governor-helper", "sudo"};

    SECTION("no sudo at all")
    {
        Child worker(serve(tree, helper), {"PATH=" + bin.path().string()});
        waitFor(worker, "hello");
        worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin"})");
        const Json error = waitFor(worker, "error");
        CHECK(error["message"].get<std::string>().find(
                  "governor pinning needs root and sudo is not installed here") == 0);
        CHECK(error["message"].get<std::string>().find("NOPASSWD:") != std::string::npos);
    }
    SECTION("sudo refuses without a terminal")
    {
        writeScript(bin.path() / "sudo",
                    "#!/bin/sh\necho 'sudo: a terminal is required to read the password' >&2\n"
                    "exit 1\n");
        Child worker(serve(tree, helper), {path});
        waitFor(worker, "hello");
        worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin"})");
        const Json error = waitFor(worker, "error");
        CHECK(error["id"] == 1);
        CHECK(error["message"].get<std::string>().find(
                  "sudo -n refused (a terminal is required to read the password)") !=
              std::string::npos);
    }
    SECTION("the helper itself fails")
    {
        // sudo runs it, but the kernel's answer is still no: its own message comes through.
        writeScript(bin.path() / "sudo", "#!/bin/sh\nshift\nexec \"$@\"\n");
        tree.write(FakeSysfs::cpufreq(0, "scaling_available_governors"), "powersave");
        Child worker(serve(tree, helper), {path});
        waitFor(worker, "hello");
        worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin"})");
        const Json error = waitFor(worker, "error");
        CHECK(error["message"].get<std::string>().find(
                  "governor pinning through sudo failed: governor \"performance\" is not "
                  "available on cpu0") == 0);
    }
    SECTION("sudo is configured")
    {
        writeScript(bin.path() / "sudo", "#!/bin/sh\n[ \"$1\" = -n ] || exit 99\nshift\n"
                                         "exec \"$@\"\n");
        Child worker(serve(tree, helper), {path});
        waitFor(worker, "hello");
        worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin","fix_frequency":true})");
        const Json pinned = waitFor(worker, "governor");
        CHECK(pinned["method"] == "sudo");
        CHECK(pinned["result"]["applied"]["cpus"][0]["governor"] == "performance");
        CHECK(tree.cpuFile(0, "scaling_min_freq") == "3500000");
        worker.closeStdin();
        const Json restored = waitFor(worker, "governor");
        CHECK(restored["method"] == "sudo");
        CHECK(restored["result"]["restored"] == true);
        CHECK(worker.wait(10s) == 0);
        CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
        CHECK(tree.cpuFile(0, "scaling_min_freq") == "400000");
    }
}

TEST_CASE("governor run by sudo for another user takes no fake tree, journal or plugin",
          "[governor]")
{
    const auto plugin =
        runProcess({CIPHERWATT_BENCH_EXE, "--plugin", "/tmp/x.so", "governor", "show"});
    CHECK(plugin.exitCode == 1);
    CHECK(plugin.err.find("governor loads no plugins") != std::string::npos);
    if (geteuid() != 0)
        return; // only root can be "under sudo"
    FakeSysfs tree({0});
    const cipherwatt::test::Environment sudo{"SUDO_UID=1000", "SUDO_USER=lab"};
    for (const std::vector<std::string> &args :
         {std::vector<std::string>{CIPHERWATT_BENCH_EXE, "governor", "set", "--sysfs-root",
                                   tree.root().string()},
          {CIPHERWATT_BENCH_EXE, "governor", "restore", "--journal", "/etc/cipherwatt-test"}}) {
        const auto r = runProcess(args, {}, 30s, sudo);
        CHECK(r.exitCode == 1);
        CHECK(r.err.find("refused under sudo") != std::string::npos);
    }
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    CHECK_FALSE(fs::exists("/etc/cipherwatt-test"));
}
