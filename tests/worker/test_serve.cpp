// `cipherwatt-bench serve`: the JSON Lines protocol, malformed input, cancel, and what happens
// when stdin closes in the middle of a run.

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

using cipherwatt::test::Child;
using cipherwatt::test::waitFor;
using Json = nlohmann::json;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> serveArgs(const std::filesystem::path &sysfs = {})
{
    std::vector<std::string> args{CIPHERWATT_BENCH_EXE, "serve"};
    if (!sysfs.empty()) {
        args.push_back("--sysfs-root");
        args.push_back(sysfs.string());
    }
    return args;
}

} // namespace

TEST_CASE("serve greets with version and system information", "[serve]")
{
    Child worker(serveArgs());
    const Json hello = waitFor(worker, "hello");
    CHECK(hello["protocol"] == 4);
    CHECK(hello["dut_kind"] == "linux");
    CHECK(hello["progress_interval_s"] == 1.0);
    CHECK(hello["version"] == CIPHERWATT_VERSION);
    CHECK_FALSE(hello["system"]["cpu_model"].get<std::string>().empty());
    CHECK(hello["system"]["logical_cores"].get<int>() >= 1);
    CHECK(hello["system"]["libraries"].contains("openssl"));
    worker.closeStdin();
    waitFor(worker, "bye");
    CHECK(worker.wait(10s) == 0);
}

TEST_CASE("malformed commands get an error event and the worker keeps serving", "[serve]")
{
    Child worker(serveArgs());
    waitFor(worker, "hello");
    for (const char *bad : {"this is not json", "[1,2,3]", "{\"cmd\": 42}", "{\"id\": 1}",
                            "{\"cmd\": \"fly\", \"id\": 2}",
                            "{\"cmd\": \"run\", \"id\": 3, \"cipher\": \"nope\", \"backend\": "
                            "\"openssl\", \"buffer\": 4096, \"iterations\": 1}",
                            "{\"cmd\": \"run\", \"id\": 4, \"cipher\": \"aes-128-ecb\", "
                            "\"backend\": \"openssl\", \"buffer\": -1, \"iterations\": 1}",
                            "{\"cmd\": \"run\", \"id\": 5, \"cipher\": \"aes-128-ecb\", "
                            "\"backend\": \"openssl\", \"buffer\": \"big\", \"iterations\": 1}"}) {
        INFO(bad);
        worker.writeLine(bad);
        const Json err = waitFor(worker, "error");
        CHECK_FALSE(err["message"].get<std::string>().empty());
    }
    worker.writeLine(R"({"cmd": "sysinfo", "id": 9})");
    const Json info = waitFor(worker, "sysinfo");
    CHECK(info["id"] == 9);
    worker.writeLine(R"({"cmd": "quit"})");
    CHECK(worker.wait(10s) == 0);
}

TEST_CASE("serve runs, reports progress, refuses a second run and cancels", "[serve]")
{
    Child worker(serveArgs());
    waitFor(worker, "hello");
    worker.writeLine(R"({"cmd":"run","id":1,"cipher":"aes-128-gcm","backend":"botan",)"
                     R"("op":"decrypt","buffer":4096,"iterations":500})");
    CHECK(waitFor(worker, "run_start")["id"] == 1);
    const Json end = waitFor(worker, "run_end");
    CHECK(end["id"] == 1);
    CHECK(end["result"]["bytes"] == 500 * 4096);
    CHECK(end["result"]["verified"] == true);

    worker.writeLine(R"({"cmd":"run","id":2,"cipher":"aes-128-ctr","backend":"openssl",)"
                     R"("op":"encrypt","buffer":4096,"seconds":60})");
    waitFor(worker, "run_start");
    const Json progress = waitFor(worker, "progress");
    CHECK(progress["id"] == 2);
    worker.writeLine(R"({"cmd":"run","id":3,"cipher":"aes-128-ctr","backend":"openssl",)"
                     R"("op":"encrypt","buffer":4096,"iterations":1})");
    const Json busy = waitFor(worker, "error");
    CHECK(busy["id"] == 3);
    CHECK_THAT(busy["message"].get<std::string>(), Catch::Contains("busy"));
    worker.writeLine(R"({"cmd":"cancel","id":4})");
    const Json cancelled = waitFor(worker, "run_end", 10s);
    CHECK(cancelled["id"] == 2);
    CHECK(cancelled["result"]["cancelled"] == true);
    CHECK(cancelled["result"]["seconds"].get<double>() < 30);
    worker.closeStdin();
    CHECK(worker.wait(10s) == 0);
}

TEST_CASE("serve runs the self-test of the planned ciphers", "[serve]")
{
    Child worker(serveArgs());
    waitFor(worker, "hello");
    worker.writeLine(R"({"cmd":"selftest","id":1,"ciphers":["aes-128-xts","chacha20"]})");
    const Json st = waitFor(worker, "selftest");
    CHECK(st["passed"] == true);
    CHECK(st["results"].size() == 5); // aes-128-xts on three backends, chacha20 on two
    worker.writeLine(R"({"cmd":"selftest","id":2,"ciphers":["no-such-cipher"]})");
    CHECK(waitFor(worker, "selftest")["passed"] == false);
    worker.closeStdin();
    CHECK(worker.wait(10s) == 0);
}

TEST_CASE("stdin closing mid-run stops the run and restores the governor", "[serve][governor]")
{
    const cipherwatt::test::FakeSysfs tree({0, 1});
    const auto &root = tree.root();

    Child worker(serveArgs(root));
    waitFor(worker, "hello");
    worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin","fix_frequency":true})");
    const Json pinned = waitFor(worker, "governor");
    CHECK(pinned["result"]["applied"]["cpus"][0]["governor"] == "performance");
    CHECK(tree.cpuFile(1, "scaling_governor") == "performance");

    worker.writeLine(R"({"cmd":"run","id":2,"cipher":"chacha20","backend":"botan",)"
                     R"("op":"encrypt","buffer":4096,"seconds":120})");
    waitFor(worker, "progress");
    const auto closedAt = std::chrono::steady_clock::now();
    worker.closeStdin(); // the host died or the SSH link dropped
    const Json restored = waitFor(worker, "governor", 10s);
    CHECK(restored["result"]["restored"] == true);
    waitFor(worker, "bye");
    CHECK(worker.wait(10s) == 0);
    CHECK(std::chrono::steady_clock::now() - closedAt < 5s);
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    CHECK(tree.cpuFile(1, "scaling_max_freq") == "3000000");
}

TEST_CASE("a worker killed while pinned is restored by the next one", "[serve][governor]")
{
    const cipherwatt::test::FakeSysfs tree({0, 1});
    const auto &root = tree.root();
    {
        Child worker(serveArgs(root));
        waitFor(worker, "hello");
        worker.writeLine(R"({"cmd":"governor","id":1,"action":"pin"})");
        waitFor(worker, "governor");
        worker.kill(SIGKILL);
        CHECK(worker.wait(10s) == -1);
    }
    CHECK(tree.cpuFile(0, "scaling_governor") == "performance");
    Child next(serveArgs(root));
    waitFor(next, "hello");
    const Json restored = waitFor(next, "governor");
    CHECK(restored["result"]["restored"] == true);
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    next.closeStdin();
    CHECK(next.wait(10s) == 0);
}

TEST_CASE("serve bounds a command line and quotes bad input by a short prefix", "[serve]")
{
    Child worker(serveArgs());
    waitFor(worker, "hello");
    // Over the protocol's 1 MiB: dropped as it arrives, one error, and the worker goes on.
    worker.writeLine(R"({"cmd":"list","pad":")" + std::string(20 * 1024 * 1024, 'a') + "\"}");
    CHECK(waitFor(worker, "error")["message"] == "command longer than 1048576 bytes: ignored");
    // An unknown command with a long name: named by a short prefix, never echoed whole.
    worker.writeLine(R"({"cmd":")" + std::string(500'000, 'x') + R"(","id":8})");
    const Json unknown = waitFor(worker, "error");
    CHECK(unknown["message"].get<std::string>().size() < 300);
    CHECK_THAT(unknown["message"].get<std::string>(), Catch::StartsWith("xxxx"));
    CHECK_THAT(unknown["message"].get<std::string>(), Catch::Contains("unknown command 'xxx"));
    // A buffer that is not a whole number is refused, not rounded.
    worker.writeLine(R"({"cmd":"run","id":9,"cipher":"chacha20","backend":"botan",)"
                     R"("buffer":4096.5,"iterations":10})");
    const Json fraction = waitFor(worker, "error");
    CHECK(fraction["message"] == "run: field 'buffer' must be a whole number");
    worker.writeLine(R"({"cmd":"sysinfo","id":10})");
    CHECK(waitFor(worker, "sysinfo")["id"] == 10);
    worker.closeStdin();
    CHECK(worker.wait(10s) == 0);
}

TEST_CASE("serve checks a plan without measuring it, and says hello again on request", "[serve]")
{
    Child worker(serveArgs());
    waitFor(worker, "hello");
    worker.writeLine(
        R"({"cmd":"check","id":3,"runs":[)"
        R"({"cipher":"aes-128-xts","backend":"openssl","op":"encrypt","buffer":4096,"seconds":1},)"
        R"({"cipher":"aes-128-xts","backend":"openssl","op":"encrypt","buffer":7,"seconds":1},)"
        R"({"cipher":"chacha20","backend":"botan","op":"decrypt","buffer":4096,)"
        R"("iterations":2000000000000}]})");
    const Json check = waitFor(worker, "check");
    CHECK(check["id"] == 3);
    REQUIRE(check["runs"].size() == 3);
    CHECK(check["runs"][0]["ok"] == true);
    CHECK(check["runs"][1]["ok"] == false);
    CHECK_THAT(check["runs"][1]["message"].get<std::string>(),
               Catch::Contains("aes-128-xts needs at least 16 bytes"));
    CHECK(check["runs"][2]["ok"] == false);
    CHECK_THAT(check["runs"][2]["message"].get<std::string>(), Catch::Contains("--iterations"));
    worker.writeLine(R"({"cmd":"hello","id":4})");
    CHECK(waitFor(worker, "hello")["protocol"] == 4);
    worker.closeStdin();
    CHECK(worker.wait(10s) == 0);
}

TEST_CASE("activity reads the DUT's CPU counters from --proc-root", "[serve][activity]")
{
    const cipherwatt::test::TempDir proc;
    std::filesystem::create_directories(proc.path() / "self");
    // proc(5): user nice system idle iowait irq softirq steal guest guest_nice.
    std::ofstream(proc.path() / "stat") << "cpu  1000 20 300 5000 40 5 6 7 8 9\n"
                                           "cpu0 500 10 150 2500 20 3 3 4 4 5\n"
                                           "cpu1 500 10 150 2500 20 2 3 3 4 4\n"
                                           "intr 12345 0 0\nctxt 999\n";
    // A comm with a space and a ')' in it: the fields are counted from the last ')'. After it:
    // state (0) ... utime (11) = 25, stime (12) = 7, cutime (13) = 3, cstime (14) = 2.
    std::ofstream(proc.path() / "self" / "stat")
        << "4242 (bench a) b) S 1 4242 4242 0 -1 4194304 100 0 0 0 25 7 3 2 20 0 1 0 77 0 0\n";
    std::vector<std::string> args = serveArgs();
    args.insert(args.end(), {"--proc-root", proc.path().string()});
    Child worker(args);
    waitFor(worker, "hello");
    worker.writeLine(R"({"cmd": "activity", "id": 7})");
    const Json a = waitFor(worker, "activity");
    CHECK(a["id"] == 7);
    CHECK(a["cpus"] == 2);               // cpu0 and cpu1
    CHECK(a["busy_ticks"] == 1338);      // 1000 + 20 + 300 + 5 + 6 + 7 (guest is in user)
    CHECK(a["total_ticks"] == 6378);     // 1338 + idle 5000 + iowait 40
    CHECK(a["own_ticks"] == 37);         // 25 + 7 + 3 + 2
    CHECK(a["ticks_per_second"] == 100); // USER_HZ on Linux
    // A /proc/stat without cpuN lines is an error naming the file; the worker keeps serving.
    std::ofstream(proc.path() / "stat") << "cpu  1 2 3 4\n";
    worker.writeLine(R"({"cmd": "activity", "id": 8})");
    const Json err = waitFor(worker, "error");
    CHECK(err["id"] == 8);
    CHECK(err["message"].get<std::string>().find((proc.path() / "stat").string()) !=
          std::string::npos);
    worker.closeStdin();
    CHECK(worker.wait(10s) == 0);
}

TEST_CASE("activity counts the worker's own threads and the programs it ran", "[serve][activity]")
{
    Child worker(serveArgs());
    waitFor(worker, "hello");
    worker.writeLine(R"({"cmd": "activity", "id": 1})");
    const Json before = waitFor(worker, "activity");
    // About a second of cipher work on the run's thread, which has ended when run_end comes.
    worker.writeLine(R"({"cmd":"run","id":2,"cipher":"aes-128-ctr","backend":"openssl",)"
                     R"("buffer":4096,"seconds":1.0})");
    waitFor(worker, "run_end");
    worker.writeLine(R"({"cmd": "activity", "id": 3})");
    const Json after = waitFor(worker, "activity");
    const double hz = after["ticks_per_second"].get<double>();
    const double own = (after["own_ticks"].get<double>() - before["own_ticks"].get<double>()) / hz;
    const double busy =
        (after["busy_ticks"].get<double>() - before["busy_ticks"].get<double>()) / hz;
    // The loop ran for 1 s of wall time on a thread that has ended by now. Its CPU time still
    // counts: even with a dozen other busy tasks sharing two cores it gets well over two ticks
    // (0.02 s), while the reading thread alone, idle on its input, stays under one. It is
    // never more than the whole machine was busy (plus the counters' one-tick granularity).
    CHECK(own > 0.02);
    CHECK(own <= busy + 0.02);
    worker.closeStdin();
    CHECK(worker.wait(10s) == 0);
}

TEST_CASE("serve measures a run at a level of its own, then at its own again, and refuses a "
          "backend that cannot follow",
          "[serve][isa]")
{
#if defined(__x86_64__)
    const std::string lower = "sse2"; // every x86-64 CPU has it
#else
    const std::string lower = "portable";
#endif
    Child worker(serveArgs());
    const Json hello = waitFor(worker, "hello");
    const std::string own = hello["system"]["isa"].get<std::string>();
    // LEA (the custom code) and AES-GCM (Botan) at portable: the result says the level used.
    worker.writeLine(R"({"cmd":"run","id":1,"cipher":"lea-128-xts","backend":"custom",)"
                     R"("op":"encrypt","buffer":4096,"iterations":200,"isa":"portable"})");
    CHECK(waitFor(worker, "run_start")["run"]["isa"] == "portable");
    Json end = waitFor(worker, "run_end");
    CHECK(end["result"]["isa"] == "portable");
    CHECK(end["result"]["verified"] == true);
    worker.writeLine(R"({"cmd":"run","id":2,"cipher":"aes-128-gcm","backend":"botan",)"
                     R"("op":"decrypt","buffer":4096,"iterations":200,"isa":")" +
                     lower + R"("})");
    end = waitFor(worker, "run_end");
    CHECK(end["id"] == 2);
    CHECK(end["result"]["isa"] == lower);
    CHECK(end["result"]["verified"] == true);
    // No level of its own: the worker's again.
    worker.writeLine(R"({"cmd":"run","id":3,"cipher":"lea-128-xts","backend":"custom",)"
                     R"("op":"encrypt","buffer":4096,"iterations":200})");
    end = waitFor(worker, "run_end");
    CHECK(end["id"] == 3);
    CHECK(end["result"]["isa"] == own);

    worker.writeLine(
        R"({"cmd":"check","id":4,"runs":[)"
        R"({"cipher":"aes-128-xts","backend":"openssl","op":"encrypt","buffer":4096,"seconds":1,)"
        R"("isa":"portable"},)"
        R"({"cipher":"aes-128-xts","backend":"openssl","op":"encrypt","buffer":4096,"seconds":1,)"
        R"("isa":")" +
        own +
        R"("},)"
        R"({"cipher":"aes-128-xts","backend":"custom","op":"encrypt","buffer":4096,"seconds":1,)"
        R"("isa":"mmx"}]})");
    const Json check = waitFor(worker, "check");
    REQUIRE(check["runs"].size() == 3);
    if (own != "portable") {
        CHECK(check["runs"][0]["ok"] == false);
        CHECK_THAT(check["runs"][0]["message"].get<std::string>(),
                   Catch::Contains("the openssl backend keeps the level the worker started with (" +
                                   own + ")"));
    }
    CHECK(check["runs"][1]["ok"] == true); // its own level: nothing to change
    CHECK(check["runs"][2]["ok"] == false);
    CHECK_THAT(check["runs"][2]["message"].get<std::string>(),
               Catch::Contains("isa: must be portable, sse2, avx2, avx512 or neon, got 'mmx'"));
    worker.closeStdin();
    CHECK(worker.wait(10s) == 0);

    // A worker capped at portable measures nothing above it.
    auto capped = serveArgs();
    capped.insert(capped.begin() + 1, {"--isa", "portable"});
    Child low(capped);
    waitFor(low, "hello");
    low.writeLine(R"({"cmd":"check","id":1,"runs":[{"cipher":"lea-128-xts","backend":"custom",)"
                  R"("op":"encrypt","buffer":4096,"seconds":1,"isa":")" +
                  (lower == "portable" ? std::string("neon") : lower) + R"("}]})");
    const Json above = waitFor(low, "check");
    CHECK(above["runs"][0]["ok"] == false);
    CHECK_THAT(above["runs"][0]["message"].get<std::string>(),
               Catch::Contains("above this worker's level (--isa portable)"));
    low.closeStdin();
    CHECK(low.wait(10s) == 0);
}

TEST_CASE("serve runs at a governor level only when its CPUs run that governor, and reads it "
          "back after the loop",
          "[serve][governor][design]")
{
    const cipherwatt::test::FakeSysfs tree({0, 1});
    Child worker(serveArgs(tree.root()));
    waitFor(worker, "hello");
    // The fake tree runs powersave: a run at schedutil is refused before anything runs.
    worker.writeLine(R"({"cmd":"run","id":1,"cipher":"chacha20","backend":"botan",)"
                     R"("op":"encrypt","buffer":4096,"iterations":100,"governor":"schedutil"})");
    const Json refused = waitFor(worker, "error");
    CHECK(refused["id"] == 1);
    CHECK_THAT(refused["message"].get<std::string>(),
               Catch::Contains("governor: cpu0 runs powersave, not schedutil"));

    worker.writeLine(R"({"cmd":"governor","id":2,"action":"pin","governor":"schedutil"})");
    const Json pinned = waitFor(worker, "governor");
    CHECK(pinned["result"]["applied"]["cpus"][1]["governor"] == "schedutil");
    CHECK(tree.cpuFile(1, "scaling_governor") == "schedutil");
    worker.writeLine(R"({"cmd":"run","id":3,"cipher":"chacha20","backend":"botan",)"
                     R"("op":"encrypt","buffer":4096,"iterations":100,"cpu":0,)"
                     R"("governor":"schedutil","chunking":"stream"})");
    CHECK(waitFor(worker, "run_start")["run"]["governor"] == "schedutil");
    const Json end = waitFor(worker, "run_end");
    CHECK(end["result"]["verified"] == true);
    CHECK(end["result"]["governor"] == "schedutil");
    CHECK(end["result"]["chunking"] == "stream");
    // An external program under another governor is refused the same way.
    worker.writeLine(R"({"cmd":"exec","id":4,"argv":["true"],"governor":"performance"})");
    const Json program = waitFor(worker, "error");
    CHECK(program["id"] == 4);
    CHECK_THAT(program["message"].get<std::string>(),
               Catch::Contains("runs schedutil, not performance"));

    // Something else changes one CPU's governor during the run: no single governor is read back.
    worker.writeLine(R"({"cmd":"run","id":5,"cipher":"chacha20","backend":"botan",)"
                     R"("op":"encrypt","buffer":4096,"seconds":2,"governor":"schedutil"})");
    waitFor(worker, "progress");
    tree.write(cipherwatt::test::FakeSysfs::cpufreq(1, "scaling_governor"), "performance");
    CHECK(waitFor(worker, "run_end", 10s)["result"]["governor"] == "");
}

TEST_CASE("serve runs at a frequency level only when its CPU is pinned there, and reads it back "
          "after the loop",
          "[serve][governor][design]")
{
    const cipherwatt::test::FakeSysfs tree({0, 1});
    Child worker(serveArgs(tree.root()));
    waitFor(worker, "hello");
    // Not pinned (the fake tree's 400-3000 MHz): refused before anything runs, saying why.
    worker.writeLine(R"({"cmd":"run","id":1,"cipher":"chacha20","backend":"botan",)"
                     R"("op":"encrypt","buffer":4096,"iterations":100,"cpu":0,)"
                     R"("frequency_khz":1600000})");
    const Json refused = waitFor(worker, "error");
    CHECK(refused["id"] == 1);
    CHECK_THAT(refused["message"].get<std::string>(),
               Catch::Contains("frequency_khz: cpu0 is not pinned at 1600000 kHz "
                               "(scaling_min_freq 400000, scaling_max_freq 3000000 kHz)"));

    worker.writeLine(R"({"cmd":"governor","id":2,"action":"pin","frequency_khz":1600000})");
    const Json pinned = waitFor(worker, "governor");
    CHECK(pinned["result"]["applied"]["cpus"][1]["min_khz"] == 1600000);
    worker.writeLine(R"({"cmd":"run","id":3,"cipher":"chacha20","backend":"botan",)"
                     R"("op":"encrypt","buffer":4096,"iterations":100,"cpu":0,)"
                     R"("frequency_khz":1600000})");
    CHECK(waitFor(worker, "run_start")["run"]["frequency_khz"] == 1600000);
    const Json end = waitFor(worker, "run_end");
    CHECK(end["result"]["verified"] == true);
    CHECK(end["result"]["frequency_khz"] == 1600000);
    // An external program at another level is refused the same way.
    worker.writeLine(R"({"cmd":"exec","id":5,"argv":["true"],"cpu":0,)"
                     R"("frequency_khz":800000})");
    const Json program = waitFor(worker, "error");
    CHECK(program["id"] == 5);
    CHECK_THAT(program["message"].get<std::string>(),
               Catch::Contains("cpu0 is not pinned at 800000 kHz"));

    // Something else moves the limit during the run: the read-back says the CPU is not at one.
    worker.writeLine(R"({"cmd":"run","id":4,"cipher":"chacha20","backend":"botan",)"
                     R"("op":"encrypt","buffer":4096,"seconds":2,"cpu":0,)"
                     R"("frequency_khz":1600000})");
    waitFor(worker, "progress");
    tree.write(cipherwatt::test::FakeSysfs::cpufreq(0, "scaling_max_freq"), "3000000");
    CHECK(waitFor(worker, "run_end", 10s)["result"]["frequency_khz"] == 0);
}
