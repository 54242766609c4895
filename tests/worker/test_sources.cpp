// The worker's power sources (issue 20) through the real executable: `sources`, `sample`, and
// serve's `sources`, `sample` and `sample_stop`, on fake sysfs trees a ticker advances. Expected
// powers are worked out by hand from what the helper writes (powercap energy_uj in µJ).

#include "fake_power.h"
#include "process.h"
#include "temp_dir.h"
#include "worker_events.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using cipherwatt::test::Child;
using cipherwatt::test::FakePowerTree;
using cipherwatt::test::runProcess;
using cipherwatt::test::TempDir;
using cipherwatt::test::Ticker;
using cipherwatt::test::waitFor;
using Json = nlohmann::json;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> bench(const FakePowerTree &tree, std::vector<std::string> args)
{
    args.insert(args.begin(), CIPHERWATT_BENCH_EXE);
    args.push_back("--sysfs-root");
    args.push_back(tree.root().string());
    return args;
}

// package-0 at 10 W with a range of 4 J (a wrap every 0.4 s), as in the library's test.
constexpr double kPackageWatts = 10.0;
constexpr std::uint64_t kPackageRange = 4'000'000;

void addPackage(FakePowerTree &tree)
{
    tree.addRaplZone("intel-rapl:0", "package-0", kPackageRange);
    tree.addRaplZone("intel-rapl:0:0", "core", 262'143'328'850);
}

Ticker packageTicker(const FakePowerTree &tree)
{
    return Ticker(2ms, 20s, [&tree](double t) {
        tree.setRaplEnergy("intel-rapl:0",
                           static_cast<std::uint64_t>(kPackageWatts * 1e6 * t) % kPackageRange);
    });
}

} // namespace

TEST_CASE("sources lists RAPL zones, batteries and hwmon inputs, readable or not, and why",
          "[sources]")
{
    FakePowerTree tree;
    addPackage(tree);
    tree.addBattery(
        "BAT0", {{"status", "Charging"}, {"current_now", "1200000"}, {"voltage_now", "12600000"}});
    tree.addHwmon("hwmon3", "ina3221",
                  {{"in1_label", "VDD_IN"},
                   {"in1_input", "5080"},
                   {"curr1_label", "VDD_IN"},
                   {"curr1_input", "1480"}});

    const auto json = runProcess(bench(tree, {"sources", "--json"}));
    REQUIRE(json.exitCode == 0);
    const Json event = Json::parse(json.out);
    CHECK(event["event"] == "sources");
    REQUIRE(event["sources"].size() == 4);
    CHECK(event["sources"][0] == Json{{"resource", "rapl:package-0"},
                                      {"kind", "rapl"},
                                      {"method", "energy_uj"},
                                      {"unit", "uJ"},
                                      {"files",
                                       {"/sys/class/powercap/intel-rapl:0/energy_uj",
                                        "/sys/class/powercap/intel-rapl:0/max_energy_range_uj"}},
                                      {"readable", true}});
    CHECK(event["sources"][1]["resource"] == "rapl:package-0/core");
    CHECK(event["sources"][2]["resource"] == "battery:BAT0");
    CHECK(event["sources"][2]["method"] == "current_now*voltage_now");
    CHECK(event["sources"][2]["unit"] == "uA*uV");
    CHECK(event["sources"][2]["problem"] ==
          "battery:BAT0: status is \"Charging\", not \"Discharging\": a battery measures the "
          "DUT's power only while the DUT runs on it (unplug the charger)");
    CHECK(event["sources"][3]["resource"] == "hwmon:ina3221/VDD_IN");
    CHECK(event["sources"][3]["unit"] == "mA*mV");

    const auto text = runProcess(bench(tree, {"sources"}));
    REQUIRE(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("rapl:package-0/core") &&
                             Catch::Contains("hwmon:ina3221/VDD_IN") &&
                             Catch::Contains("do not specify their accuracy"));

    // The charging battery is refused with its status, exit code 2.
    const auto refused = runProcess(bench(tree, {"sample", "battery", "--seconds", "1"}));
    CHECK(refused.exitCode == 2);
    CHECK(refused.err == "cipherwatt-bench sample: battery:BAT0: status is \"Charging\", not "
                         "\"Discharging\": a battery measures the DUT's power only while the "
                         "DUT runs on it (unplug the charger)\n");
}

TEST_CASE("sources: a root-only RAPL energy file is named, with the way to read it", "[sources]")
{
    FakePowerTree tree;
    addPackage(tree);
    fs::permissions(tree.raplFile("intel-rapl:0", "energy_uj"),
                    fs::perms::owner_read); // 0400 root, as since Linux 5.10
    // The worker names the file as it reaches it: through the class directory's link.
    const fs::path energy = tree.root() / "sys/class/powercap/intel-rapl:0/energy_uj";
    // As root the file would be readable: the worker then runs as nobody, from a copy beside
    // the tree (nobody may not reach the build tree).
    const TempDir bin;
    std::vector<std::string> prefix;
    std::string worker = CIPHERWATT_BENCH_EXE;
    if (::geteuid() == 0) {
        fs::permissions(bin.path(), fs::perms(0755));
        worker = (bin.path() / "cipherwatt-bench").string();
        fs::copy_file(CIPHERWATT_BENCH_EXE, worker);
        fs::permissions(worker, fs::perms(0755));
        prefix = {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"};
    } else {
        // The test's own user may not read it either.
        fs::permissions(tree.raplFile("intel-rapl:0", "energy_uj"), fs::perms::none);
    }
    auto command = [&](std::vector<std::string> args) {
        std::vector<std::string> argv = prefix;
        argv.push_back(worker);
        argv.insert(argv.end(), args.begin(), args.end());
        argv.push_back("--sysfs-root");
        argv.push_back(tree.root().string());
        return argv;
    };
    const std::string why = "energy_uj is readable only by root on current kernels (PLATYPUS, "
                            "CVE-2020-8694): run the worker as root, read it through the "
                            "governor's helper (serve --governor-helper), or let a group read "
                            "it with a udev rule; CipherWatt does not widen access by itself";

    const auto listed = runProcess(command({"sources", "--json"}));
    REQUIRE(listed.exitCode == 0);
    const Json zone = Json::parse(listed.out)["sources"][0];
    CHECK(zone["resource"] == "rapl:package-0");
    CHECK(zone["readable"] == false);
    CHECK(zone["problem"] ==
          "cannot read " + energy.string() + ": Permission denied (" + why + ")");

    const auto sampled =
        runProcess(command({"sample", "rapl:package-0", "--interval", "0.1", "--seconds", "1"}));
    CHECK(sampled.exitCode == 2);
    CHECK(sampled.err == "cipherwatt-bench sample: cannot read " + energy.string() +
                             ": Permission denied (" + why + ")\n");
}

TEST_CASE("serve samples a RAPL zone across its wrap-around, beside a run, and stops on request",
          "[serve][sources]")
{
    FakePowerTree tree;
    addPackage(tree);
    tree.addBattery("BAT0", {{"status", "Discharging"}, {"power_now", "9000000"}});
    const Ticker ticker = packageTicker(tree);
    Child worker(bench(tree, {"serve"}));
    CHECK(waitFor(worker, "hello")["protocol"] == 4);

    worker.writeLine(R"({"cmd":"sources","id":1})");
    CHECK(waitFor(worker, "sources")["sources"].size() == 3);

    worker.writeLine(R"({"cmd":"sample","id":2,"resource":"rapl:package","interval":0.1,)"
                     R"("seconds":1.25})");
    const Json start = waitFor(worker, "sample_start");
    CHECK(start["id"] == 2);
    CHECK(start["source"]["resource"] == "rapl:package-0");
    CHECK(start["interval"] == 0.1);
    // A cipher run at the same time: sampling goes on beside it.
    worker.writeLine(R"({"cmd":"run","id":3,"cipher":"aes-128-ctr","backend":"openssl",)"
                     R"("buffer":4096,"seconds":0.3})");
    double joules = 0.0;
    double seconds = 0.0;
    bool wrapped = false;
    int samples = 0;
    bool runEnded = false;
    for (;;) {
        const auto line = worker.readLine(10s);
        REQUIRE(line);
        const Json e = Json::parse(*line);
        if (e["event"] == "run_end")
            runEnded = true;
        if (e["event"] == "sample_end") {
            CHECK(e["id"] == 2);
            CHECK(e["reason"] == "done");
            CHECK(e["samples"] == samples);
            break;
        }
        if (e["event"] != "sample")
            continue;
        CHECK(e["id"] == 2);
        CHECK(e["resource"] == "rapl:package-0");
        const double watts = e["watts"];
        CHECK(watts > kPackageWatts * 0.5);
        CHECK(watts < kPackageWatts * 1.5);
        joules += watts * e["span"].get<double>();
        seconds += e["span"].get<double>();
        wrapped = wrapped || e.value("wrapped", false);
        ++samples;
    }
    // Reads at 0, 0.1, ..., 1.2 s: the first starts the counting, twelve differences follow.
    CHECK(samples == 12);
    CHECK(wrapped);
    CHECK(joules / seconds == Approx(kPackageWatts).epsilon(0.05));
    if (!runEnded)
        waitFor(worker, "run_end");

    // Without `seconds`: until sample_stop. The gauge's value comes first (9 000 000 µW).
    worker.writeLine(R"({"cmd":"sample","id":4,"resource":"battery","interval":0.05})");
    CHECK(waitFor(worker, "sample_start")["source"]["method"] == "power_now");
    const Json first = waitFor(worker, "sample");
    CHECK(first["watts"] == Approx(9.0));
    CHECK(first["span"] == 0.0);
    worker.writeLine(R"({"cmd":"sample_stop","id":5,"resource":"battery:BAT0"})");
    const Json stopped = waitFor(worker, "sample_end");
    CHECK(stopped["id"] == 4);
    CHECK(stopped["reason"] == "stopped");

    // Refusals name what was wrong.
    worker.writeLine(R"({"cmd":"sample_stop","id":6})");
    CHECK(waitFor(worker, "error")["message"] == "sample_stop: no sampling goes on");
    worker.writeLine(R"({"cmd":"sample","id":7,"resource":"rapl:dram","interval":0.1})");
    CHECK(waitFor(worker, "error")["message"] ==
          "rapl:dram: no RAPL zone of that name (zones here: package-0, package-0/core)");
    worker.writeLine(R"({"cmd":"sample","id":8,"resource":"battery","interval":0})");
    CHECK(waitFor(worker, "error")["message"] == "interval: must be from 0.01 to 3600 s, got 0");

    // A charger plugged in while sampling: the sampling ends with the reason.
    worker.writeLine(R"({"cmd":"sample","id":9,"resource":"battery","interval":0.05})");
    waitFor(worker, "sample");
    tree.setBattery("BAT0", "status", "Charging");
    const Json failed = waitFor(worker, "sample_end");
    CHECK(failed["reason"] == "error");
    CHECK(failed["message"] ==
          "battery:BAT0: status is \"Charging\", not \"Discharging\": a battery measures the "
          "DUT's power only while the DUT runs on it (unplug the charger)");

    // End of input ends a sampling that is still going, before bye.
    worker.writeLine(R"({"cmd":"sample","id":10,"resource":"rapl:package-0","interval":0.1})");
    waitFor(worker, "sample_start");
    worker.closeStdin();
    CHECK(waitFor(worker, "sample_end")["reason"] == "shutdown");
    waitFor(worker, "bye");
    CHECK(worker.wait(10s) == 0);
}

namespace {

// Readable and runnable by anyone: one test runs the worker as nobody.
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

// Reads sample events of command `id` until `count` readings, checking each; returns their
// mean power over their spans.
double meanWatts(Child &worker, int id, int count)
{
    double joules = 0.0;
    double seconds = 0.0;
    for (int n = 0; n < count;) {
        const auto line = worker.readLine(10s);
        REQUIRE(line);
        const Json e = Json::parse(*line);
        REQUIRE(e["event"] != "sample_end");
        if (e["event"] != "sample")
            continue;
        CHECK(e["id"] == id);
        joules += e["watts"].get<double>() * e["span"].get<double>();
        seconds += e["span"].get<double>();
        ++n;
    }
    return joules / seconds;
}

} // namespace

TEST_CASE("serve reads a RAPL counter through the governor's helper: the helper reads, the "
          "worker counts",
          "[serve][sources][rapl]")
{
    FakePowerTree tree;
    addPackage(tree);
    const Ticker ticker = packageTicker(tree);
    const TempDir bin;
    const fs::path log = bin.path() / "helper.log";
    const std::string self = fs::canonical(CIPHERWATT_BENCH_EXE).string();
    const std::string path = "PATH=" + bin.path().string() + ":/usr/bin:/bin";

    SECTION("sudo -n runs the counter's helper, which answers each request")
    {
        // sudo as the sudoers line lets it: records its arguments, checks -n and runs them.
        writeScript(bin.path() / "sudo", "#!/bin/sh\necho \"$*\" >> '" + log.string() +
                                             "'\n[ \"$1\" = -n ] || exit 99\nshift\nexec \"$@\"\n");
        Child worker(bench(tree, {"serve", "--governor-helper", "sudo"}), {path});
        waitFor(worker, "hello");
        worker.writeLine(R"({"cmd":"sample","id":1,"resource":"rapl:package","interval":0.1})");
        const Json start = waitFor(worker, "sample_start");
        CHECK(start["source"]["method"] == "energy_uj through sudo");
        // 10 W, across wrap-arounds every 0.4 s: the worker's arithmetic on the helper's values.
        CHECK(meanWatts(worker, 1, 8) == Approx(kPackageWatts).epsilon(0.05));
        worker.writeLine(R"({"cmd":"sample_stop","id":2})");
        CHECK(waitFor(worker, "sample_end")["reason"] == "stopped");
        worker.closeStdin();
        CHECK(worker.wait(10s) == 0);
        // One helper for the whole sampling, with nothing but the zone (and the test's tree).
        CHECK(readWhole(log) == "-n " + self + " rapl-counter intel-rapl:0 --sysfs-root " +
                                    tree.root().string() + "\n");
    }

    SECTION("sudo -n refusing is one line with the sudoers rule to add; the worker goes on")
    {
        writeScript(bin.path() / "sudo",
                    "#!/bin/sh\necho 'sudo: a password is required' >&2\nexit 1\n");
        Child worker(bench(tree, {"serve", "--governor-helper", "sudo"}), {path});
        waitFor(worker, "hello");
        worker.writeLine(R"({"cmd":"sample","id":1,"resource":"rapl:package","interval":0.1})");
        const Json error = waitFor(worker, "error");
        CHECK(error["id"] == 1);
        const std::string message = error["message"];
        CHECK_THAT(message,
                   Catch::StartsWith("rapl:package-0: reading energy_uj needs root: "
                                     "sudo -n refused (a password is required); add "
                                     "this sudoers line on the DUT (visudo): ") &&
                       Catch::EndsWith(" ALL=(root) NOPASSWD: " + self + " rapl-counter *"));
        worker.writeLine(R"({"cmd":"sources","id":2})");
        CHECK(waitFor(worker, "sources")["id"] == 2);
        worker.closeStdin();
        CHECK(worker.wait(10s) == 0);
    }

    SECTION("as root for another user the helper refuses a tree of the caller's choosing")
    {
        if (::geteuid() != 0) {
            WARN("not root: the helper cannot run as root for another user here");
            return;
        }
        // sudo as the real one runs it: as root, with the caller's uid in SUDO_UID.
        writeScript(bin.path() / "sudo", "#!/bin/sh\nshift\nexec env SUDO_UID=1000 \"$@\"\n");
        Child worker(bench(tree, {"serve", "--governor-helper", "sudo"}), {path});
        waitFor(worker, "hello");
        worker.writeLine(R"({"cmd":"sample","id":1,"resource":"rapl:package","interval":0.1})");
        CHECK(waitFor(worker, "error")["message"] ==
              "rapl:package-0: reading energy_uj through sudo failed: --sysfs-root is refused "
              "under sudo (for uid 1000): as root only /sys is read");
        worker.closeStdin();
        CHECK(worker.wait(10s) == 0);
    }
}

TEST_CASE("serve as a user who may not read a RAPL counter asks pkexec (auto, a local "
          "session), and what the helper says reaches the host",
          "[serve][sources][rapl]")
{
    if (::geteuid() != 0) {
        WARN("not root: the test needs to run the worker as nobody");
        return;
    }
    FakePowerTree tree;
    addPackage(tree);
    fs::permissions(tree.raplFile("intel-rapl:0", "energy_uj"), fs::perms::owner_read);
    // nobody may not reach the build tree: the worker and a fake pkexec from a copy. The fake
    // runs the command as nobody still (it cannot become root), so the helper cannot read the
    // counter either, and says so through the worker.
    const TempDir bin;
    fs::permissions(bin.path(), fs::perms(0755));
    const std::string worker = (bin.path() / "cipherwatt-bench").string();
    fs::copy_file(CIPHERWATT_BENCH_EXE, worker);
    fs::permissions(worker, fs::perms(0755));
    writeScript(bin.path() / "pkexec", "#!/bin/sh\n[ \"$1\" = --disable-internal-agent ] || "
                                       "exit 99\nshift\nexec \"$@\"\n");
    Child serve(
        {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", worker, "serve",
         "--sysfs-root", tree.root().string()},
        {"PATH=" + bin.path().string() + ":/usr/bin:/bin", "SSH_CONNECTION=", "SSH_CLIENT="});
    waitFor(serve, "hello");
    serve.writeLine(R"({"cmd":"sample","id":1,"resource":"rapl:package","interval":0.1})");
    const Json error = waitFor(serve, "error");
    CHECK(error["message"] ==
          "rapl:package-0: reading energy_uj through pkexec failed: cannot read " +
              (tree.root() / "sys/class/powercap/intel-rapl:0/energy_uj").string() +
              ": Permission denied");
    serve.closeStdin();
    CHECK(serve.wait(10s) == 0);
}
