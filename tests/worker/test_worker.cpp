// cipherwatt-bench's command line, through the real executable.

#include "fake_sysfs.h"
#include "process.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <string>

using cipherwatt::test::runProcess;
using Json = nlohmann::json;

namespace {

cipherwatt::test::ProcessResult bench(std::vector<std::string> args)
{
    args.insert(args.begin(), CIPHERWATT_BENCH_EXE);
    return runProcess(args);
}

std::size_t lineCount(const std::string &s)
{
    return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

// A usage error: exit 1, one line on stderr naming `what`, nothing on stdout.
void expectUsageError(const std::vector<std::string> &args, const std::string &what)
{
    const auto r = bench(args);
    INFO(r.err);
    CHECK(r.exitCode == 1);
    CHECK(r.out.empty());
    CHECK(lineCount(r.err) == 1);
    CHECK_THAT(r.err, Catch::Contains(what));
}

} // namespace

TEST_CASE("the version option prints the project version", "[worker]")
{
    const auto r = bench({"--version"});
    CHECK(r.exitCode == 0);
    CHECK(r.out == std::string("cipherwatt-bench ") + CIPHERWATT_VERSION + "\n");
}

TEST_CASE("list --json describes the catalogue and the backends here", "[worker]")
{
    const auto r = bench({"list", "--json"});
    REQUIRE(r.exitCode == 0);
    const Json list = Json::parse(r.out);
    REQUIRE(list.is_array());
    const auto xts = std::find_if(list.begin(), list.end(),
                                  [](const Json &c) { return c["id"] == "aes-128-xts"; });
    REQUIRE(xts != list.end());
    CHECK((*xts)["key_bits"] == 128);
    CHECK((*xts)["block_bits"] == 128);
    CHECK((*xts)["mode"] == "XTS");
    CHECK((*xts)["iv_kind"] == "tweak");
    CHECK((*xts)["backends"] == Json::array({"botan", "openssl", "custom"}));
    const auto text = bench({"list"});
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("chacha20-poly1305"));
}

TEST_CASE("self-test passes and reports every cipher and backend", "[worker]")
{
    const auto r = bench({"self-test", "--json"});
    INFO(r.out.substr(0, 2000));
    REQUIRE(r.exitCode == 0);
    const Json report = Json::parse(r.out);
    CHECK(report["passed"] == true);
    std::size_t passedEntries = 0;
    for (const auto &e : report["results"]) {
        CHECK(e["failed"] == 0);
        if (e["status"] == "passed")
            ++passedEntries;
    }
    CHECK(passedEntries > 40);
    const auto text = bench({"self-test"});
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("0 failed"));
}

TEST_CASE("modes without vectors of their own are vouched for by their block cipher", "[worker]")
{
    // LEA-XTS has no published vectors: LEA's (KS X 3246) and the XTS definition stand in.
    const auto r = bench({"self-test", "--json"});
    REQUIRE(r.exitCode == 0);
    const Json report = Json::parse(r.out);
    std::set<std::string> vouched;
    for (const auto &e : report["results"]) {
        for (const auto &m : e["messages"]) {
            if (m.get<std::string>().rfind("no vectors of its own:", 0) == 0) {
                CHECK(e["status"] == "passed");
                vouched.insert(e["cipher"].get<std::string>());
            }
        }
    }
    for (const char *id : {"lea-128-xts", "lea-256-xts", "cham-128-128-xts", "cham-128-256-xts",
                           "cham-64-128-ctr", "rc6-128-cbc"})
        CHECK(vouched.count(id) == 1);
    // And through serve, as the session runner asks before measuring.
    const auto serve = runProcess({CIPHERWATT_BENCH_EXE, "serve"},
                                  R"({"cmd":"selftest","id":1,"ciphers":["lea-128-xts"]})"
                                  "\n");
    CHECK_THAT(serve.out, Catch::Contains(R"("passed":true)"));
}

TEST_CASE("kat computes published answers on both backends", "[worker]")
{
    // FIPS-197 Appendix C.1.
    for (const char *backend : {"botan", "openssl"}) {
        INFO(backend);
        auto r = bench({"kat", "--cipher", "aes-128-ecb", "--backend", backend, "--encrypt",
                        "--key", "000102030405060708090a0b0c0d0e0f", "--input",
                        "00112233445566778899aabbccddeeff"});
        CHECK(r.exitCode == 0);
        CHECK(r.out == "69c4e0d86a7b0430d8cdb78070b4c55a\n");
        r = bench({"kat", "--cipher", "aes-128-ecb", "--backend", backend, "--decrypt", "--key",
                   "000102030405060708090a0b0c0d0e0f", "--input",
                   "69C4E0D86A7B0430D8CDB78070B4C55A"});
        CHECK(r.exitCode == 0);
        CHECK(r.out == "00112233445566778899aabbccddeeff\n");
    }
    // RFC 7748 §5.2, first X25519 vector.
    const auto x =
        bench({"kat", "--cipher", "x25519", "--backend", "openssl", "--key",
               "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4", "--input",
               "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c"});
    CHECK(x.exitCode == 0);
    CHECK(x.out == "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552\n");
}

TEST_CASE("kat rejects bad input with one line naming the parameter", "[worker]")
{
    const std::vector<std::string> good{
        "kat",     "--cipher",           "aes-128-cbc", "--backend",
        "openssl", "--encrypt",          "--key",       std::string(32, '0'),
        "--iv",    std::string(32, '0'), "--input",     std::string(32, '0')};
    CHECK(bench(good).exitCode == 0);
    auto with = [&](const std::string &option, const std::string &value) {
        auto args = good;
        const auto it = std::find(args.begin(), args.end(), option);
        REQUIRE(it != args.end());
        *(it + 1) = value;
        return args;
    };
    expectUsageError(with("--cipher", "aes-999-cbc"), "valid ids");
    expectUsageError(with("--backend", "gnutls"), "valid backends");
    expectUsageError(with("--key", "zz"), "--key");
    expectUsageError(with("--key", "abc"), "--key");
    expectUsageError(with("--key", std::string(30, '0')), "key must be 16 bytes");
    expectUsageError(with("--iv", std::string(30, '0')), "iv must be 16 bytes");
    expectUsageError(with("--input", std::string(40, '0')), "multiple of 16");
    expectUsageError(with("--input", std::string(30, '0')), "at least 16");
    auto tweak = good;
    tweak[8] = "--tweak";
    expectUsageError(tweak, "--tweak");
    auto both = good;
    both.push_back("--decrypt");
    expectUsageError(both, "exactly one of --encrypt and --decrypt");
    expectUsageError({"kat", "--cipher", "aes-128-ecb"}, "--backend");
    expectUsageError({"frobnicate"}, "unknown command");
}

TEST_CASE("kat verifies AEAD tags and reports a forged one as a failure", "[worker]")
{
    // RFC 8439 §2.8.2: "Ladies and Gentlemen of the class of '99: ..." under ChaCha20-Poly1305.
    const std::string sealed =
        "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69"
        "da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675"
        "945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116"
        "1ae10b594f09e26a7e902ecbd0600691";
    auto open = [](const std::string &input) {
        return bench({"kat", "--cipher", "chacha20-poly1305", "--backend", "openssl", "--decrypt",
                      "--key", "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
                      "--nonce", "070000004041424344454647", "--aad", "50515253c0c1c2c3c4c5c6c7",
                      "--input", input});
    };
    const auto genuine = open(sealed);
    CHECK(genuine.exitCode == 0);
    CHECK_THAT(genuine.out, Catch::StartsWith("4c616469657320616e642047656e746c656d656e"));

    std::string forged = sealed;
    forged.back() = '0'; // last tag byte 0x91 -> 0x90
    const auto r = open(forged);
    CHECK(r.exitCode == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains("authentication failed"));
}

TEST_CASE("run rejects bad parameters before measuring anything", "[worker]")
{
    const std::vector<std::string> base{"run",     "--cipher", "aes-128-xts", "--backend",
                                        "openssl", "--op",     "encrypt"};
    auto with = [&](std::vector<std::string> extra) {
        auto args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    expectUsageError(with({"--buffer", "0", "--iterations", "5"}), "--buffer");
    expectUsageError(with({"--buffer", "1099511627776", "--iterations", "5"}), "--buffer");
    expectUsageError(with({"--buffer", "4096", "--iterations", "-5"}), "--iterations");
    expectUsageError(with({"--buffer", "4096", "--iterations", "0"}), "--iterations");
    expectUsageError(with({"--buffer", "4096", "--seconds", "nan"}), "--seconds");
    expectUsageError(with({"--buffer", "4096"}), "exactly one of --iterations and --seconds");
    expectUsageError(with({"--buffer", "4096", "--iterations", "5", "--seconds", "1"}),
                     "exactly one of");
    expectUsageError(with({"--buffer", "4096", "--iterations", "5", "--cpu", "4000"}), "--cpu");
    expectUsageError(with({"--buffer", "8", "--iterations", "5"}), "at least 16");
    expectUsageError(with({"--buffer", "4096", "--iterations", "5", "--bogus"}), "--bogus");
    expectUsageError(with({"--buffer", "4096", "--iterations", "5", "--chunking", "sideways"}),
                     "--chunking");
    expectUsageError(with({"--buffer", "4096", "--iterations", "5", "--chunking", "stream"}),
                     "only for stream ciphers and CTR");
    expectUsageError({"run", "--cipher", "aes-128-xts", "--backend", "openssl", "--op", "agree",
                      "--buffer", "4096", "--iterations", "5"},
                     "--op");
}

TEST_CASE("run --json prints start and end events with a verified result", "[worker]")
{
    const auto r = bench({"run", "--cipher", "chacha20", "--backend", "openssl", "--op", "decrypt",
                          "--buffer", "4096", "--iterations", "300", "--cpu", "0", "--json"});
    REQUIRE(r.exitCode == 0);
    std::vector<Json> events;
    std::size_t pos = 0;
    while (pos < r.out.size()) {
        const auto nl = r.out.find('\n', pos);
        events.push_back(Json::parse(r.out.substr(pos, nl - pos)));
        pos = nl + 1;
    }
    REQUIRE(events.size() >= 2);
    CHECK(events.front()["event"] == "run_start");
    CHECK(events.front()["run"]["cipher"] == "chacha20");
    const Json &end = events.back();
    REQUIRE(end["event"] == "run_end");
    const Json &res = end["result"];
    CHECK(res["iterations"] == 300);
    CHECK(res["bytes"] == 300 * 4096);
    CHECK(res["verified"] == true);
    CHECK(res["cpu"] == 0);
    CHECK(res["op"] == "decrypt");
    CHECK(res["seconds"].get<double>() > 0);
    CHECK(res["provenance"]["backend"] == "openssl");
    CHECK_THAT(res["provenance"]["library"].get<std::string>(), Catch::Contains("OpenSSL 3"));
}

TEST_CASE("governor show, set and restore on a fake sysfs tree", "[worker][governor]")
{
    const cipherwatt::test::FakeSysfs tree({0, 1});
    const auto &root = tree.root();
    const std::string rootArg = root.string();
    auto show = bench({"governor", "show", "--sysfs-root", rootArg, "--json"});
    REQUIRE(show.exitCode == 0);
    CHECK(Json::parse(show.out)["cpus"][0]["governor"] == "powersave");

    auto set = bench(
        {"governor", "set", "--sysfs-root", rootArg, "--fix-frequency", "--no-turbo", "--json"});
    INFO(set.err);
    REQUIRE(set.exitCode == 0);
    const Json applied = Json::parse(set.out)["applied"];
    CHECK(applied["cpus"][1]["governor"] == "performance");
    CHECK(applied["cpus"][1]["min_khz"] == 3500000);
    CHECK(applied["turbo"]["enabled"] == false);
    CHECK(tree.cpuFile(0, "scaling_governor") == "performance");

    // A second worker (after a crash) restores from the journal, and again is harmless.
    auto restore = bench({"governor", "restore", "--sysfs-root", rootArg});
    CHECK(restore.exitCode == 0);
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    CHECK(tree.cpuFile(1, "scaling_min_freq") == "400000");
    CHECK(tree.read("sys/devices/system/cpu/intel_pstate/no_turbo") == "0");
    CHECK(bench({"governor", "restore", "--sysfs-root", rootArg}).exitCode == 0);

    auto badGovernor = bench({"governor", "set", "--sysfs-root", rootArg, "--governor", "turbo"});
    CHECK(badGovernor.exitCode != 0);
    CHECK_THAT(badGovernor.err, Catch::Contains("performance"));
    expectUsageError({"governor", "toggle", "--sysfs-root", rootArg}, "show, set, restore");
}

TEST_CASE("the isa option caps every backend and the result says what ran", "[worker][isa]")
{
    const auto info = bench({"serve"}); // hello carries the supported levels
    const Json hello = Json::parse(info.out.substr(0, info.out.find('\n')));
    const Json supported = hello["system"]["isa_supported"];
    REQUIRE(supported.size() >= 1);
    CHECK(supported[0] == "portable");

    auto runWith = [](const std::string &isa, const std::string &cipher,
                      const std::string &backend) {
        const auto r = bench({"run", "--isa", isa, "--cipher", cipher, "--backend", backend, "--op",
                              "encrypt", "--buffer", "4096", "--iterations", "20", "--json"});
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
        return Json::parse(r.out.substr(r.out.rfind("\n{", r.out.size() - 2) + 1))["result"];
    };
    // Without SIMD and AES instructions Botan falls back to its table AES ("base"), the custom
    // XTS layer runs over it, and OpenSSL gets a capability mask.
    const Json botan = runWith("portable", "aes-128-ecb", "botan");
    CHECK(botan["isa"] == "portable");
    CHECK_THAT(botan["provenance"]["implementation"].get<std::string>(),
               Catch::Contains("provider base"));
    const Json custom = runWith("portable", "aes-128-xts", "custom");
    CHECK_THAT(custom["provenance"]["implementation"].get<std::string>(),
               Catch::Contains("(base)"));
    const Json openssl = runWith("portable", "aes-128-xts", "openssl");
    CHECK_THAT(openssl["provenance"]["note"].get<std::string>(),
               Catch::Contains("OPENSSL_ia32cap=") || Catch::Contains("OPENSSL_armcap=0"));
    // At the architecture's top level (avx512, neon) OpenSSL is not masked at all; below it
    // (e.g. avx2 on a CPU without AVX-512) the mask clears what the level excludes.
    const std::string best = supported.back();
    const Json top = runWith(best, "aes-128-xts", "openssl");
    CHECK(top["isa"] == best);
    const std::string note = top["provenance"]["note"].get<std::string>();
    if (best == "avx512" || best == "neon")
        CHECK_THAT(note, !Catch::Contains("OPENSSL_"));
    else
        CHECK_THAT(note, Catch::Contains("OPENSSL_ia32cap="));

    // Every vector passes at every level this CPU has: on the portable paths (OpenSSL without
    // AES-NI and SIMD, Botan's table AES, the custom reference code) and on each SIMD level,
    // whose paths must also give the portable bytes.
    for (const auto &level : supported) {
        const auto r = bench({"self-test", "--isa", level.get<std::string>()});
        INFO(level << ": " << r.out.substr(r.out.size() > 400 ? r.out.size() - 400 : 0));
        CHECK(r.exitCode == 0);
        CHECK_THAT(r.out, Catch::Contains(" 0 failed") && Catch::Contains(" 0 differ"));
    }

    expectUsageError({"--isa", "mmx", "list"}, "--isa");
    for (const char *level : {"sse2", "avx2", "avx512", "neon"}) {
        if (std::find(supported.begin(), supported.end(), level) != supported.end())
            continue;
        expectUsageError({"list", "--isa", level}, "available");
    }
}
