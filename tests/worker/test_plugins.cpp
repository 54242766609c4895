// Plugins through the real worker: --plugin on every command, the per-user directory, bad
// plugins refused with exit 1, known-answer checks, and a plugin that crashes the worker.

#include "process.h"
#include "temp_dir.h"
#include "worker_events.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>

using cipherwatt::test::Child;
using cipherwatt::test::Environment;
using cipherwatt::test::runProcess;
using cipherwatt::test::waitFor;
using Json = nlohmann::json;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

constexpr const char *xteaPlugin = CIPHERWATT_XTEA_PLUGIN;

std::string testPlugin(const std::string &name)
{
    return std::string(CIPHERWATT_TEST_PLUGIN_DIR) + "/" + name + ".so";
}

cipherwatt::test::ProcessResult bench(std::vector<std::string> args, const Environment &env = {})
{
    args.insert(args.begin(), CIPHERWATT_BENCH_EXE);
    return runProcess(args, {}, std::chrono::seconds(60), env);
}

std::vector<Json> events(const std::string &out)
{
    std::vector<Json> list;
    std::size_t pos = 0;
    while (pos < out.size()) {
        const auto nl = out.find('\n', pos);
        list.push_back(Json::parse(out.substr(pos, nl - pos)));
        pos = nl + 1;
    }
    return list;
}

const Json *findEntry(const Json &array, const std::string &key, const std::string &value)
{
    const auto it =
        std::find_if(array.begin(), array.end(), [&](const Json &e) { return e[key] == value; });
    return it == array.end() ? nullptr : &*it;
}

// The sanitizers' own SEGV handler would turn the crash into an abort report; the test wants
// to see what a DUT sees.
Environment defaultSegv()
{
    const char *asan = std::getenv("ASAN_OPTIONS"); // NOLINT(concurrency-mt-unsafe)
    return {"ASAN_OPTIONS=" + std::string(asan != nullptr ? asan : "") + ":handle_segv=0"};
}

} // namespace

TEST_CASE("plugin ciphers appear in list under plugin:<name>", "[worker][plugins]")
{
    const auto r = bench({"list", "--json", "--plugin", xteaPlugin});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.err.empty());
    const Json list = Json::parse(r.out);
    const Json *ctr = findEntry(list, "id", "xtea-128-ctr");
    REQUIRE(ctr != nullptr);
    CHECK((*ctr)["backends"] == Json::array({"plugin:xtea"}));
    CHECK((*ctr)["block_bits"] == 64);
    CHECK((*ctr)["iv_kind"] == "iv");
    CHECK((*ctr)["iv_bytes"] == 8);
    CHECK(findEntry(list, "id", "aes-128-xts") != nullptr); // the built-in ones stay
    const auto text = bench({std::string("--plugin=") + xteaPlugin, "list"});
    CHECK_THAT(text.out, Catch::Contains("plugin:xtea") &&
                             Catch::Contains("plugin xtea 1.0.0 (plugin:xtea, command line)"));
}

TEST_CASE("kat on a plugin cipher computes the published answer", "[worker][plugins]")
{
    // Botan, src/tests/data/block/xtea.vec, second vector.
    auto r = bench({"kat", "--plugin", xteaPlugin, "--cipher", "xtea-128-ecb", "--backend",
                    "plugin:xtea", "--encrypt", "--key", "00112233445566778899aabbccddeeff",
                    "--input", "0123456789abcdef"});
    CHECK(r.exitCode == 0);
    CHECK(r.out == "b8bf2821622b5b30\n");
    r = bench({"kat", "--plugin", xteaPlugin, "--cipher", "xtea-128-ecb", "--backend",
               "plugin:xtea", "--decrypt", "--key", "00112233445566778899aabbccddeeff", "--input",
               "b8bf2821622b5b30"});
    CHECK(r.out == "0123456789abcdef\n");
    // Without the plugin, neither the cipher nor the backend exists.
    r = bench({"kat", "--cipher", "xtea-128-ecb", "--backend", "plugin:xtea", "--encrypt", "--key",
               "00112233445566778899aabbccddeeff", "--input", "0123456789abcdef"});
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains("unknown cipher"));
}

TEST_CASE("run measures a plugin cipher after checking its vectors", "[worker][plugins]")
{
    const auto r = bench({"run", "--plugin", xteaPlugin, "--cipher", "xtea-128-cbc", "--backend",
                          "plugin:xtea", "--op", "decrypt", "--buffer", "4096", "--iterations",
                          "300", "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const auto list = events(r.out);
    REQUIRE(list.back()["event"] == "run_end");
    const Json &res = list.back()["result"];
    CHECK(res["backend"] == "plugin:xtea");
    CHECK(res["bytes"] == 300 * 4096);
    CHECK(res["verified"] == true);
    CHECK(res["kat_vectors_checked"] == 1);
    CHECK(res["cycles"].get<std::uint64_t>() > 0);
    CHECK(res["provenance"]["backend"] == "plugin:xtea");
    CHECK_THAT(res["provenance"]["library"].get<std::string>(), Catch::Contains("xtea.so"));
}

TEST_CASE("self-test runs the plugin's vectors and reports them like the others",
          "[worker][plugins]")
{
    auto r = bench(
        {"self-test", "--json", "--plugin", xteaPlugin, "--plugin", testPlugin("toy_no_vectors")});
    INFO(r.out.substr(0, 2000));
    REQUIRE(r.exitCode == 0);
    const Json report = Json::parse(r.out);
    CHECK(report["passed"] == true);
    for (const auto &[id, count] : {std::pair{"xtea-128-ecb", 6}, std::pair{"xtea-128-cbc", 1},
                                    std::pair{"xtea-128-ctr", 2}}) {
        const Json *e = findEntry(report["results"], "cipher", id);
        REQUIRE(e != nullptr);
        CHECK((*e)["backend"] == "plugin:xtea");
        CHECK((*e)["status"] == "passed");
        CHECK((*e)["passed"] == count);
    }
    // Vectors are optional; a cipher without any is listed as unchecked, not passed.
    const Json *none = findEntry(report["results"], "cipher", "novec-128-ecb");
    REQUIRE(none != nullptr);
    CHECK((*none)["status"] == "unavailable");
    CHECK_THAT((*none)["messages"][0].get<std::string>(), Catch::Contains("no known-answer"));

    // A plugin with a wrong vector fails the self-test (exit 2) and its runs are refused.
    r = bench({"self-test", "--plugin", testPlugin("toy_wrong_vector")});
    CHECK(r.exitCode == 2);
    CHECK_THAT(r.out, Catch::Contains("plugin:wrongkat") && Catch::Contains("FAIL"));
    r = bench({"run", "--plugin", testPlugin("toy_wrong_vector"), "--cipher", "toy-128-ecb",
               "--backend", "plugin:wrongkat", "--op", "encrypt", "--buffer", "64", "--iterations",
               "10", "--json"});
    CHECK(r.exitCode == 2);
    CHECK_THAT(r.err, Catch::Contains("nothing measured"));
    CHECK_THAT(r.out, !Catch::Contains("run_end"));

    // A plugin claiming a built-in id meets the built-in third-party vectors.
    r = bench({"self-test", "--json", "--plugin", testPlugin("toy_collide")});
    CHECK(r.exitCode == 2);
    const Json collide = Json::parse(r.out);
    bool failedOnPlugin = false;
    for (const auto &e : collide["results"]) {
        if (e["cipher"] == "aes-128-ecb" && e["backend"] == "plugin:collide")
            failedOnPlugin = e["status"] == "failed";
        if (e["cipher"] == "aes-128-ecb" && e["backend"] != "plugin:collide")
            CHECK(e["status"] == "passed");
    }
    CHECK(failedOnPlugin);
}

TEST_CASE("a bad plugin on the command line is refused: exit 1, one line", "[worker][plugins]")
{
    for (const auto &[name, rule] :
         {std::pair{"toy_bad_abi", "ABI version 2"}, std::pair{"toy_no_entry", "no entry point"},
          std::pair{"toy_null_decrypt", "decrypt is NULL"}, std::pair{"toy_bad_id", "id 'Toy"}}) {
        const auto r = bench({"--plugin", testPlugin(name), "list"});
        INFO(r.err);
        CHECK(r.exitCode == 1);
        CHECK(r.out.empty());
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK_THAT(r.err, Catch::Contains(std::string(name) + ".so") && Catch::Contains(rule));
    }
    const auto missing = bench({"list", "--plugin", "/nonexistent/plugin.so"});
    CHECK(missing.exitCode == 1);
    CHECK_THAT(missing.err, Catch::Contains("/nonexistent/plugin.so: no such file"));
    const auto noValue = bench({"list", "--plugin"});
    CHECK(noValue.exitCode == 1);
    CHECK_THAT(noValue.err, Catch::Contains("--plugin: missing value"));
}

TEST_CASE("plugins in the per-user directory load, broken ones are warned about",
          "[worker][plugins]")
{
    const cipherwatt::test::TempDir home;
    const fs::path dir = home.path() / "cipherwatt" / "plugins";
    fs::create_directories(dir);
    fs::copy_file(xteaPlugin, dir / "xtea.so");
    fs::copy_file(testPlugin("toy_bad_abi"), dir / "broken.so");
    const Environment env{"XDG_DATA_HOME=" + home.path().string()};

    const auto r = bench({"list", "--json"}, env);
    REQUIRE(r.exitCode == 0);
    CHECK(findEntry(Json::parse(r.out), "id", "xtea-128-ecb") != nullptr);
    CHECK_THAT(r.err, Catch::StartsWith("cipherwatt-bench: warning: plugin ") &&
                          Catch::Contains("broken.so") && Catch::Contains("skipped"));

    Child worker({CIPHERWATT_BENCH_EXE, "serve"}, env);
    const Json hello = waitFor(worker, "hello");
    REQUIRE(hello["plugins"].size() == 1);
    const Json &p = hello["plugins"][0];
    CHECK(p["name"] == "xtea");
    CHECK(p["backend"] == "plugin:xtea");
    CHECK(p["version"] == "1.0.0");
    CHECK(p["origin"] == "user directory");
    CHECK(p["abi"] == 1);
    CHECK(p["vectors"] == 9);
    CHECK(p["ciphers"] == Json::array({"xtea-128-ecb", "xtea-128-cbc", "xtea-128-ctr"}));
    CHECK_THAT(p["path"].get<std::string>(), Catch::EndsWith("cipherwatt/plugins/xtea.so"));
    REQUIRE(hello["plugin_warnings"].size() == 1);
    CHECK_THAT(hello["plugin_warnings"][0].get<std::string>(), Catch::Contains("broken.so"));
    CHECK(hello["system"]["libraries"].contains("plugin:xtea"));
    worker.writeLine(R"({"cmd":"run","id":1,"cipher":"xtea-128-ecb","backend":"plugin:xtea",)"
                     R"("op":"encrypt","buffer":4096,"iterations":100})");
    const Json end = waitFor(worker, "run_end");
    CHECK(end["result"]["verified"] == true);
    CHECK(end["result"]["kat_vectors_checked"] == 6);
    worker.writeLine(R"({"cmd":"selftest","id":2,"ciphers":["xtea-128-ctr"]})");
    const Json st = waitFor(worker, "selftest");
    CHECK(st["passed"] == true);
    CHECK(st["results"].size() == 1);
    worker.closeStdin();
    CHECK(worker.wait(10s) == 0);
}

TEST_CASE("a plugin that crashes in encrypt takes its worker down, no other", "[worker][plugins]")
{
    const std::string crash = testPlugin("toy_crash");
    // Loading and listing run no cipher code.
    const auto list = bench({"list", "--plugin", crash});
    CHECK(list.exitCode == 0);
    CHECK_THAT(list.out, Catch::Contains("crash-128-ecb") && Catch::Contains("plugin:crash"));

    // A worker serving the same plugin, alive before and after the crash next to it.
    Child bystander({CIPHERWATT_BENCH_EXE, "--plugin", crash, "serve"});
    waitFor(bystander, "hello");

    const auto r =
        bench({"run", "--plugin", crash, "--cipher", "crash-128-ecb", "--backend", "plugin:crash",
               "--op", "encrypt", "--buffer", "64", "--iterations", "10", "--json"},
              defaultSegv());
    CHECK(r.exitCode == -1);
    CHECK(r.signal == SIGSEGV);
    CHECK_THAT(r.out, Catch::Contains("run_start") && !Catch::Contains("run_end"));

    // Through serve: the worker dies mid-run; its host sees the output end without run_end.
    Child victim({CIPHERWATT_BENCH_EXE, "--plugin", crash, "serve"}, defaultSegv());
    waitFor(victim, "hello");
    victim.writeLine(R"({"cmd":"run","id":1,"cipher":"crash-128-ecb","backend":"plugin:crash",)"
                     R"("op":"encrypt","buffer":64,"iterations":10})");
    waitFor(victim, "run_start");
    CHECK_FALSE(victim.readLine(10s).has_value());
    CHECK(victim.wait(10s) == -1);
    CHECK(victim.termSignal() == SIGSEGV);

    bystander.writeLine(R"({"cmd":"sysinfo","id":5})");
    CHECK(waitFor(bystander, "sysinfo")["id"] == 5);
    bystander.closeStdin();
    CHECK(bystander.wait(10s) == 0);
}
