// Plugins in the cipher library: loading and the table checks, lookup through the backend
// "plugin:<name>", the example XTEA plugin against published vectors and against Botan, the
// known-answer check before a run, and the per-user plugin directory.

#include "temp_dir.h"

#include <cipherwatt/ciphers/catalogue.h>
#include <cipherwatt/ciphers/cipher.h>
#include <cipherwatt/ciphers/kat.h>
#include <cipherwatt/ciphers/plugin.h>
#include <cipherwatt/ciphers/runner.h>

#include <botan/cipher_mode.h>
#include <botan/stream_cipher.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <random>

using namespace cipherwatt::ciphers;
namespace fs = std::filesystem;

namespace {

std::string testPlugin(const std::string &name)
{
    return std::string(CIPHERWATT_TEST_PLUGIN_DIR) + "/" + name + ".so";
}

const PluginInfo &xtea()
{
    static const PluginInfo info = loadPlugin(CIPHERWATT_XTEA_PLUGIN, "test");
    return info;
}

Bytes randomBytes(std::mt19937 &rng, std::size_t n)
{
    Bytes out(n);
    for (auto &b : out)
        b = static_cast<std::uint8_t>(rng());
    return out;
}

RunSpec runSpec(std::string cipher, std::string backend, Operation op)
{
    RunSpec s;
    s.cipherId = std::move(cipher);
    s.backend = std::move(backend);
    s.operation = op;
    s.bufferBytes = 4096;
    s.iterations = 200;
    return s;
}

} // namespace

TEST_CASE("the example plugin loads and its ciphers join the catalogue", "[plugins]")
{
    const PluginInfo &p = xtea();
    CHECK(p.name == "xtea");
    CHECK(p.backend == "plugin:xtea");
    CHECK(p.version == "1.0.0");
    CHECK(p.abiVersion == 1);
    CHECK(p.origin == "test");
    CHECK(p.path.is_absolute());
    CHECK(p.cipherIds == std::vector<std::string>{"xtea-128-ecb", "xtea-128-cbc", "xtea-128-ctr"});
    CHECK(p.vectorCount == 9);

    const CipherInfo *ecb = findCipher("xtea-128-ecb");
    REQUIRE(ecb != nullptr);
    CHECK(ecb->family == "XTEA");
    CHECK(ecb->keyBits == 128);
    CHECK(ecb->keyBytes() == 16);
    CHECK(ecb->blockBits == 64);
    CHECK(ecb->ivKind == IvKind::None);
    CHECK(ecb->wholeBlocksOnly);
    const CipherInfo *ctr = findCipher("xtea-128-ctr");
    REQUIRE(ctr != nullptr);
    CHECK(ctr->ivKind == IvKind::Iv);
    CHECK(ctr->ivBytes == 8);
    CHECK(ctr->minInputBytes == 1);
    CHECK_FALSE(ctr->wholeBlocksOnly);

    CHECK(backends("xtea-128-ecb") == std::vector<std::string>{"plugin:xtea"});
    CHECK(isBackendName("plugin:xtea"));
    CHECK(isPluginBackend("plugin:xtea"));
    CHECK_FALSE(isPluginBackend("openssl"));
    CHECK(createCipher("xtea-128-ecb", "botan") == nullptr);
    CHECK(createCipher("aes-128-ecb", "plugin:xtea") == nullptr);
    CHECK_THROWS_WITH(createCipherOrThrow("aes-128-ecb", "plugin:xtea"),
                      Catch::Contains("backends with it: botan, openssl"));
    const auto versions = libraryVersions();
    const auto it = std::find_if(versions.begin(), versions.end(),
                                 [](const auto &v) { return v.first == "plugin:xtea"; });
    REQUIRE(it != versions.end());
    CHECK_THAT(it->second, Catch::StartsWith("xtea 1.0.0 (") && Catch::Contains("ABI 1"));

    // The same file again is the same plugin, not a second backend.
    CHECK(loadPlugin(CIPHERWATT_XTEA_PLUGIN, "again").origin == "test");
    const auto names = backendNames();
    CHECK(std::count(names.begin(), names.end(), "plugin:xtea") == 1);
}

TEST_CASE("XTEA from the plugin gives the published answers", "[plugins]")
{
    xtea();
    // Botan, src/tests/data/block/xtea.vec (vectors 1, 2, 4 and 6), and Crypto++,
    // TestVectors/tea.txt, XTEA test 32 (the full 32 cycles; from ~klockstone/teavect.htm).
    const std::vector<std::array<const char *, 3>> published{
        {"00112233445566778899aabbccddeeff", "fefefefefefefefe", "36552e889d6a41cf"},
        {"00112233445566778899aabbccddeeff", "0123456789abcdef", "b8bf2821622b5b30"},
        {"d94576cd1a5f99e4155dc7bec5d33df2", "d51399607f7aa9d7", "782e4e131c5ba746"},
        {"c6462b48afd604b75fcc455506ffd411", "3b905e951e4fafe7", "776f4965deb65775"},
        {"27f917b1c1da899360e2acaaa6eb923d", "af20a390547571aa", "d26428af0a202283"},
    };
    auto cipher = createCipherOrThrow("xtea-128-ecb", "plugin:xtea");
    for (const auto &[key, plain, expected] : published) {
        INFO(key << " " << plain);
        cipher->setKey(fromHex(key));
        const Bytes c = cipher->encrypt({}, {}, fromHex(plain));
        CHECK(toHex(c) == expected);
        Bytes back(c.size());
        CHECK(cipher->decrypt({}, {}, c, back));
        CHECK(toHex(back) == plain);
    }
}

TEST_CASE("XTEA CBC and CTR in the plugin agree with Botan's modes over XTEA", "[plugins]")
{
    xtea();
    std::mt19937 rng(1997);
    auto cbc = createCipherOrThrow("xtea-128-cbc", "plugin:xtea");
    auto ctr = createCipherOrThrow("xtea-128-ctr", "plugin:xtea");
    auto botanCbc = Botan::Cipher_Mode::create_or_throw("XTEA/CBC/NoPadding", Botan::ENCRYPTION);
    auto botanCtr = Botan::StreamCipher::create_or_throw("CTR-BE(XTEA)");
    for (const std::size_t len : {8U, 16U, 64U, 4096U}) {
        INFO("CBC, " << len << " bytes");
        const Bytes key = randomBytes(rng, 16);
        const Bytes iv = randomBytes(rng, 8);
        const Bytes plain = randomBytes(rng, len);
        cbc->setKey(key);
        botanCbc->set_key(key);
        botanCbc->start(iv);
        Botan::secure_vector<std::uint8_t> expected(plain.begin(), plain.end());
        botanCbc->finish(expected);
        const Bytes mine = cbc->encrypt(iv, {}, plain);
        CHECK(mine == Bytes(expected.begin(), expected.end()));
        Bytes inPlace = plain;
        cbc->encrypt(iv, {}, inPlace, inPlace);
        CHECK(inPlace == mine);
        CHECK(cbc->decrypt(iv, {}, inPlace, inPlace));
        CHECK(inPlace == plain);
    }
    // CTR: odd lengths, and a counter block that carries across all eight bytes.
    for (const std::size_t len : {1U, 7U, 9U, 100U, 4099U}) {
        for (const bool carry : {false, true}) {
            INFO("CTR, " << len << " bytes, carry " << carry);
            const Bytes key = randomBytes(rng, 16);
            Bytes iv = randomBytes(rng, 8);
            if (carry)
                std::fill(iv.begin() + 1, iv.end(), 0xff);
            const Bytes plain = randomBytes(rng, len);
            ctr->setKey(key);
            botanCtr->set_key(key);
            botanCtr->set_iv(iv.data(), iv.size());
            Bytes expected = plain;
            botanCtr->cipher1(expected.data(), expected.size());
            CHECK(ctr->encrypt(iv, {}, plain) == expected);
            Bytes back(len);
            CHECK(ctr->decrypt(iv, {}, expected, back));
            CHECK(back == plain);
        }
    }
}

TEST_CASE("a plugin's own vectors vouch for its backend only", "[plugins]")
{
    xtea();
    std::size_t mine = 0;
    for (const auto &v : pluginVectors()) {
        if (v.backend != "plugin:xtea")
            continue;
        ++mine;
        INFO(v.origin);
        CHECK(runVector(v, v.backend).status == KatStatus::Passed);
    }
    CHECK(mine == 9);
    CHECK(vectorsFor("xtea-128-ecb", "plugin:xtea").size() == 6);
    CHECK(vectorsFor("xtea-128-ctr", "plugin:xtea").size() == 2);
    CHECK(vectorsFor("xtea-128-ecb", "botan").empty());
    // Built-in ids keep their built-in vectors.
    CHECK_FALSE(vectorsFor("aes-128-ecb", "openssl").empty());
}

TEST_CASE("a plugin cipher is checked, measured and verified like any backend", "[plugins]")
{
    xtea();
    for (const char *id : {"xtea-128-ecb", "xtea-128-cbc", "xtea-128-ctr"}) {
        for (const Operation op : {Operation::Encrypt, Operation::Decrypt}) {
            INFO(id << " " << operationName(op));
            const RunResult r = runBenchmark(runSpec(id, "plugin:xtea", op));
            CHECK(r.verified);
            CHECK(r.iterations == 200);
            CHECK(r.bytes == std::uint64_t{200} * 4096);
            CHECK(r.warmupIterations >= 2);
            CHECK(r.knownAnswerVectors == vectorsFor(id, "plugin:xtea").size());
            CHECK(r.provenance.backend == "plugin:xtea");
            CHECK_THAT(r.provenance.library, Catch::Contains("xtea 1.0.0"));
            CHECK_THAT(r.provenance.implementation, Catch::Contains("portable C99"));
            CHECK_THAT(r.provenance.providerNote, Catch::Contains("--isa does not reach"));
        }
    }
    // Built-in backends are checked by the self-test, not before every run.
    CHECK(runBenchmark(runSpec("aes-128-ecb", "openssl", Operation::Encrypt)).knownAnswerVectors ==
          0);
    RunSpec stream = runSpec("xtea-128-ctr", "plugin:xtea", Operation::Encrypt);
    stream.chunking = Chunking::Stream;
    CHECK_THROWS_WITH(validateRunSpec(stream), Catch::Contains("plugin ciphers process every"));
    // The catalogue's length rules guard the plugin: it never sees a partial ECB block.
    auto ecb = createCipherOrThrow("xtea-128-ecb", "plugin:xtea");
    ecb->setKey(Bytes(16, 1));
    CHECK_THROWS_WITH(ecb->encrypt({}, {}, Bytes(12)), Catch::Contains("multiple of 8"));
    CHECK_THROWS_WITH(ecb->setKey(Bytes(15)), Catch::Contains("key must be 16 bytes"));
}

TEST_CASE("bad plugins are refused with one line naming the file and the rule", "[plugins]")
{
    const auto before = backendNames();
    const auto catalogueSize = catalogue().size();
    const cipherwatt::test::TempDir dir;
    const fs::path notElf = dir.path() / "notes.so";
    std::ofstream(notElf) << "not a shared library\n";

    const std::vector<std::pair<std::string, std::string>> cases{
        {testPlugin("toy_bad_abi"), "built for plugin ABI version 2; this worker speaks version 1"},
        {testPlugin("toy_no_entry"), "no entry point 'cipherwatt_plugin'"},
        {testPlugin("toy_unresolved"), "cipherwatt_toy_missing_symbol"},
        {testPlugin("toy_null_decrypt"), "cipher 1 ('toy-128-ecb'): decrypt is NULL"},
        {testPlugin("toy_bad_id"), "id 'Toy_128_ECB' is not of the form"},
        {testPlugin("toy_bad_name"), "name 'Toy Plugin' has characters outside [a-z0-9_-]"},
        {testPlugin("toy_bad_size"), "key_bytes is 0; it must be 1..256"},
        {testPlugin("toy_bad_vector"), "vector 1: key has 15 bytes; the cipher takes 16"},
        {testPlugin("toy_duplicate_id"), "id 'toy-128-ecb' appears twice"},
        {testPlugin("toy_collide_mismatch"),
         "'aes-128-ecb' is already in the catalogue and the block size is 16 in the catalogue "
         "but 8 in the plugin"},
        {(dir.path() / "missing.so").string(), "no such file"},
        {dir.path().string(), "not a regular file"},
        {notElf.string(), "cannot load"},
    };
    for (const auto &[file, rule] : cases) {
        INFO(file);
        try {
            loadPlugin(file, "test");
            FAIL("accepted");
        } catch (const PluginError &e) {
            const std::string message = e.what();
            CHECK_THAT(message, Catch::StartsWith("plugin ") && Catch::Contains(rule));
            CHECK_THAT(message, Catch::Contains(fs::path(file).filename().string()));
            CHECK(message.find('\n') == std::string::npos);
        }
    }
    // Nothing of a refused plugin is kept.
    CHECK(backendNames() == before);
    CHECK(catalogue().size() == catalogueSize);
}

TEST_CASE("two plugins cannot share a name", "[plugins]")
{
    const cipherwatt::test::TempDir dir;
    const fs::path copy = dir.path() / "another-toy.so";
    fs::copy_file(testPlugin("toy"), copy);
    CHECK(loadPlugin(testPlugin("toy"), "test").backend == "plugin:toy");
    CHECK_THROWS_AS(loadPlugin(copy, "test"), PluginError);
    CHECK_THROWS_WITH(loadPlugin(copy, "test"), Catch::Contains("the name 'toy' is taken by"));
}

TEST_CASE("a plugin may offer a built-in id, and the built-in vectors check it", "[plugins]")
{
    const auto catalogueSize = catalogue().size();
    loadPlugin(testPlugin("toy_collide"), "test");
    CHECK(catalogue().size() == catalogueSize); // the built-in entry serves both
    CHECK(findCipher("aes-128-ecb")->family == "AES");
    CHECK(backends("aes-128-ecb") ==
          std::vector<std::string>{"botan", "openssl", "plugin:collide"});
    // The toy is no AES: the FIPS-197 vectors of aes.vec catch it, on its backend only.
    const auto vectors = vectorsFor("aes-128-ecb", "plugin:collide");
    REQUIRE_FALSE(vectors.empty());
    CHECK(runVector(vectors.front(), "plugin:collide").status == KatStatus::Failed);
    CHECK(runVector(vectors.front(), "botan").status == KatStatus::Passed);
    CHECK_THROWS_WITH(runBenchmark(runSpec("aes-128-ecb", "plugin:collide", Operation::Encrypt)),
                      Catch::Contains("known-answer check before the run failed, nothing "
                                      "measured") &&
                          Catch::Contains("aes.vec"));
}

TEST_CASE("a plugin's wrong vector fails its check and refuses its runs", "[plugins]")
{
    loadPlugin(testPlugin("toy_wrong_vector"), "test");
    const auto vectors = vectorsFor("toy-128-ecb", "plugin:wrongkat");
    REQUIRE(vectors.size() == 1);
    const KatOutcome outcome = runVector(vectors.front(), "plugin:wrongkat");
    CHECK(outcome.status == KatStatus::Failed);
    CHECK_THAT(outcome.message, Catch::Contains("expected 0001020304050608"));
    CHECK_THROWS_WITH(runBenchmark(runSpec("toy-128-ecb", "plugin:wrongkat", Operation::Encrypt)),
                      Catch::Contains("nothing measured"));
}

TEST_CASE("the plugin directory loads every .so and reports the broken ones", "[plugins]")
{
    const cipherwatt::test::TempDir dir;
    fs::copy_file(testPlugin("toy_no_vectors"), dir.path() / "b-good.so");
    fs::copy_file(testPlugin("toy_bad_abi"), dir.path() / "a-broken.so");
    std::ofstream(dir.path() / "README.txt") << "not a plugin, and not looked at\n";
    const auto warnings = loadPluginDirectory(dir.path(), "user directory");
    REQUIRE(warnings.size() == 1);
    CHECK_THAT(warnings[0], Catch::Contains("a-broken.so") && Catch::Contains("ABI version 2"));
    CHECK(isPluginBackend("plugin:novectors"));
    CHECK(backends("novec-128-ecb") == std::vector<std::string>{"plugin:novectors"});
    const auto all = pluginWarnings();
    CHECK(std::find(all.begin(), all.end(), warnings[0]) != all.end());
    const auto plugins = loadedPlugins();
    const auto it = std::find_if(plugins.begin(), plugins.end(),
                                 [](const PluginInfo &p) { return p.name == "novectors"; });
    REQUIRE(it != plugins.end());
    CHECK(it->origin == "user directory");
    CHECK(it->vectorCount == 0);
    CHECK(loadPluginDirectory(dir.path() / "absent", "user directory").empty());
}

TEST_CASE("the per-user plugin directory follows XDG_DATA_HOME, else HOME", "[plugins]")
{
    // setenv is safe here: this test runs no threads.
    // NOLINTBEGIN(concurrency-mt-unsafe)
    const char *xdg = std::getenv("XDG_DATA_HOME");
    const std::string savedXdg = xdg != nullptr ? xdg : "";
    const char *home = std::getenv("HOME");
    const std::string savedHome = home != nullptr ? home : "";

    setenv("HOME", "/home/operator", 1);
    setenv("XDG_DATA_HOME", "/data/xdg", 1);
    CHECK(userPluginDirectory() == fs::path("/data/xdg/cipherwatt/plugins"));
    setenv("XDG_DATA_HOME", "", 1);
    CHECK(userPluginDirectory() == fs::path("/home/operator/.local/share/cipherwatt/plugins"));
    setenv("XDG_DATA_HOME", "relative/dir", 1); // the specification says to ignore it
    CHECK(userPluginDirectory() == fs::path("/home/operator/.local/share/cipherwatt/plugins"));
    unsetenv("XDG_DATA_HOME");
    CHECK(userPluginDirectory() == fs::path("/home/operator/.local/share/cipherwatt/plugins"));
    unsetenv("HOME");
    CHECK(userPluginDirectory().empty());

    setenv("HOME", savedHome.c_str(), 1);
    if (xdg != nullptr)
        setenv("XDG_DATA_HOME", savedXdg.c_str(), 1);
    // NOLINTEND(concurrency-mt-unsafe)
}
