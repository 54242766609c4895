// Every third-party vector against every backend that has the cipher; then proof that every
// (cipher, backend) the catalogue claims is backed by third-party evidence.

#include <cipherwatt/ciphers/catalogue.h>
#include <cipherwatt/ciphers/cipher.h>
#include <cipherwatt/ciphers/kat.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

using namespace cipherwatt::ciphers;

namespace {

std::vector<KatVector> vectorsFromDisk()
{
    std::vector<KatVector> all;
    const std::filesystem::path dir = std::filesystem::path(CIPHERWATT_TEST_DATA) / "kat";
    std::vector<std::filesystem::path> files;
    for (const auto &entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() == ".vec")
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto &path : files) {
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        const std::string s = text.str();
        // Each file must say where its bytes come from.
        INFO(path.filename().string());
        REQUIRE(s.find("# Source:") != std::string::npos);
        auto v = parseVectorFile(s, path.filename().string());
        all.insert(all.end(), v.begin(), v.end());
    }
    return all;
}

struct Evidence
{
    std::set<std::pair<std::string, std::string>> passed; // (cipher id, backend)
};

const Evidence &evidence()
{
    static const Evidence e = [] {
        Evidence out;
        for (const auto &v : vectorsFromDisk()) {
            for (const auto &backend : backendNames()) {
                if (runVector(v, backend).status == KatStatus::Passed)
                    out.passed.emplace(v.cipherId, backend);
            }
        }
        return out;
    }();
    return e;
}

Bytes randomBytes(std::mt19937 &rng, std::size_t n)
{
    Bytes b(n);
    for (auto &x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

const CipherInfo *ecbSibling(const CipherInfo &info)
{
    for (const auto &c : catalogue()) {
        if (c.family == info.family && c.keyBits == info.keyBits && c.mode == "ECB")
            return &c;
    }
    return nullptr;
}

// CBC by its definition (SP 800-38A 6.2) over an ECB cipher that passed its vectors.
Bytes cbcByDefinition(Cipher &ecb, const Bytes &iv, const Bytes &plain)
{
    const std::size_t bs = ecb.info().blockBytes();
    Bytes out;
    Bytes chain = iv;
    for (std::size_t i = 0; i < plain.size(); i += bs) {
        Bytes block(plain.begin() + static_cast<std::ptrdiff_t>(i),
                    plain.begin() + static_cast<std::ptrdiff_t>(i + bs));
        for (std::size_t j = 0; j < bs; ++j)
            block[j] ^= chain[j];
        chain = ecb.encrypt({}, {}, block);
        out.insert(out.end(), chain.begin(), chain.end());
    }
    return out;
}

} // namespace

TEST_CASE("every vector file passes on every backend that has the cipher", "[kat]")
{
    const auto vectors = vectorsFromDisk();
    REQUIRE(vectors.size() > 300);
    std::map<std::string, std::size_t> passed;
    std::map<std::string, std::size_t> unavailable;
    for (const auto &v : vectors) {
        for (const auto &backend : backendNames()) {
            const KatOutcome outcome = runVector(v, backend);
            if (outcome.status == KatStatus::Unavailable) {
                ++unavailable[backend + ": " + outcome.message];
                continue;
            }
            INFO(backend << " " << v.cipherId << " " << outcome.message);
            CHECK(outcome.status == KatStatus::Passed);
            if (outcome.status == KatStatus::Passed)
                ++passed[backend];
        }
    }
    for (const auto &[backend, n] : passed)
        WARN(backend << ": " << n << " vectors passed");
    for (const auto &[why, n] : unavailable)
        WARN("skipped " << n << " vector(s): " << why);
}

TEST_CASE("the worker carries exactly the vector files of tests/data/kat", "[kat]")
{
    // The CMake list of embedded files must not fall behind the directory.
    CHECK(builtinVectors().size() == vectorsFromDisk().size());
}

TEST_CASE("every (cipher, backend) the catalogue claims is backed by third-party evidence", "[kat]")
{
    std::mt19937 rng(20261121);
    for (const auto &info : catalogue()) {
        for (const auto &backend : backends(info.id)) {
            INFO(info.id << " on " << backend);
            if (evidence().passed.count({std::string(info.id), backend}))
                continue;
            if (info.mode == "CBC") {
                // No published CBC vectors: compare with CBC built from the ECB cipher of the
                // same backend, which passed its published vectors.
                const CipherInfo *ecbInfo = ecbSibling(info);
                REQUIRE(ecbInfo);
                REQUIRE(evidence().passed.count({std::string(ecbInfo->id), backend}));
                auto cbc = createCipherOrThrow(info.id, backend);
                auto ecb = createCipherOrThrow(ecbInfo->id, backend);
                const Bytes key = randomBytes(rng, info.keyBytes());
                cbc->setKey(key);
                ecb->setKey(key);
                for (const std::size_t blocks : {1U, 3U, 64U}) {
                    const Bytes iv = randomBytes(rng, info.ivBytes);
                    const Bytes plain = randomBytes(rng, blocks * info.blockBytes());
                    CHECK(cbc->encrypt(iv, {}, plain) == cbcByDefinition(*ecb, iv, plain));
                }
                continue;
            }
            // Otherwise another backend must have passed vectors for this id, and the two must
            // agree on random keys, parameters and lengths.
            std::string reference;
            for (const auto &other : backends(info.id)) {
                if (other != backend && evidence().passed.count({std::string(info.id), other}))
                    reference = other;
            }
            INFO("no vector passed on this backend and no vector-proven backend to compare");
            REQUIRE_FALSE(reference.empty());
            if (info.isKeyAgreement())
                continue; // X25519 has vectors on both backends
            auto mine = createCipherOrThrow(info.id, backend);
            auto theirs = createCipherOrThrow(info.id, reference);
            for (const std::size_t len : {16U, 64U, 4096U}) {
                const Bytes key = randomBytes(rng, info.keyBytes());
                const Bytes iv = randomBytes(rng, info.ivBytes);
                const Bytes aad = info.kind == CipherKind::Aead ? randomBytes(rng, 13) : Bytes{};
                const Bytes plain = randomBytes(rng, len);
                mine->setKey(key);
                theirs->setKey(key);
                CHECK(mine->encrypt(iv, aad, plain) == theirs->encrypt(iv, aad, plain));
            }
        }
    }
}

TEST_CASE("backends agree with each other on random inputs and odd lengths", "[kat]")
{
    std::mt19937 rng(7);
    for (const auto &info : catalogue()) {
        const auto names = backends(info.id);
        if (names.size() < 2 || info.isKeyAgreement())
            continue;
        auto a = createCipherOrThrow(info.id, names[0]);
        auto b = createCipherOrThrow(info.id, names[1]);
        for (const std::size_t len : {1U, 17U, 31U, 100U, 1000U, 4096U, 4099U}) {
            if (len < info.minInputBytes || (info.wholeBlocksOnly && len % info.blockBytes()))
                continue;
            INFO(info.id << " length " << len);
            const Bytes key = randomBytes(rng, info.keyBytes());
            const Bytes iv = randomBytes(rng, info.ivBytes);
            const Bytes aad = info.kind == CipherKind::Aead ? randomBytes(rng, len % 40) : Bytes{};
            const Bytes plain = randomBytes(rng, len);
            a->setKey(key);
            b->setKey(key);
            const Bytes ca = a->encrypt(iv, aad, plain);
            CHECK(ca == b->encrypt(iv, aad, plain));
            Bytes back(plain.size());
            CHECK(b->decrypt(iv, aad, ca, back));
            CHECK(back == plain);
        }
    }
}
