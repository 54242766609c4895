// Every third-party vector against every backend that has the cipher; then proof that every
// (cipher, backend) the catalogue claims is backed by third-party evidence.

#include <cipherwatt/ciphers/catalogue.h>
#include <cipherwatt/ciphers/cipher.h>
#include <cipherwatt/ciphers/kat.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
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

// The ECB entry with the same block cipher, key size and round count: the id with its mode
// replaced ("cham-128-128-xts-r80" -> "cham-128-128-ecb-r80").
const CipherInfo *blockCipherOf(const CipherInfo &info)
{
    std::string mode(info.mode);
    std::transform(mode.begin(), mode.end(), mode.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::string id(info.id);
    const auto at = id.find("-" + mode);
    if (at == std::string::npos)
        return nullptr;
    id.replace(at, mode.size() + 1, "-ecb");
    return findCipher(id);
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

// XTS by its definition (IEEE 1619 §5.3.1, whole blocks) over an ECB cipher that passed its
// vectors: T = E_K2(tweak), C_j = E_K1(P_j xor T_j) xor T_j, T_j+1 = T_j * x.
Bytes xtsByDefinition(Cipher &data, Cipher &tweakCipher, const Bytes &tweak, const Bytes &plain)
{
    Bytes t = tweakCipher.encrypt({}, {}, tweak);
    Bytes out;
    for (std::size_t i = 0; i < plain.size(); i += 16) {
        Bytes block(plain.begin() + static_cast<std::ptrdiff_t>(i),
                    plain.begin() + static_cast<std::ptrdiff_t>(i + 16));
        for (std::size_t j = 0; j < 16; ++j)
            block[j] ^= t[j];
        block = data.encrypt({}, {}, block);
        for (std::size_t j = 0; j < 16; ++j)
            block[j] ^= t[j];
        out.insert(out.end(), block.begin(), block.end());
        const bool carry = (t[15] & 0x80) != 0;
        for (std::size_t j = 15; j > 0; --j)
            t[j] = static_cast<std::uint8_t>((t[j] << 1) | (t[j - 1] >> 7));
        t[0] = static_cast<std::uint8_t>((t[0] << 1) ^ (carry ? 0x87 : 0));
    }
    return out;
}

// CTR by its definition (SP 800-38A §6.5): key stream = E(counter), counter += 1 big-endian.
Bytes ctrByDefinition(Cipher &ecb, Bytes counter, const Bytes &plain)
{
    Bytes out;
    const std::size_t bs = counter.size();
    for (std::size_t i = 0; i < plain.size(); i += bs) {
        const Bytes ks = ecb.encrypt({}, {}, counter);
        for (std::size_t j = 0; j < bs && i + j < plain.size(); ++j)
            out.push_back(static_cast<std::uint8_t>(plain[i + j] ^ ks[j]));
        for (std::size_t j = bs; j-- > 0;) {
            if (++counter[j] != 0)
                break;
        }
    }
    return out;
}

// Modes without published vectors for this block cipher: compare with the mode built by its
// definition from the ECB cipher of the same backend, which passed its published vectors. (The
// worker's self-test does the same with the library's own definitions, mode_definition.cpp;
// these are written independently of both.)
void checkModeByDefinition(const CipherInfo &info, const std::string &backend, std::mt19937 &rng)
{
    const CipherInfo *ecbInfo = blockCipherOf(info);
    REQUIRE(ecbInfo);
    INFO("block cipher " << ecbInfo->id << " must have passed its vectors on " << backend);
    REQUIRE(evidence().passed.count({std::string(ecbInfo->id), backend}));
    auto mode = createCipherOrThrow(info.id, backend);
    auto ecb = createCipherOrThrow(ecbInfo->id, backend);
    for (const std::size_t blocks : {1U, 3U, 64U, 256U}) {
        const Bytes key = randomBytes(rng, info.keyBytes());
        const Bytes iv = randomBytes(rng, info.ivBytes);
        const Bytes plain = randomBytes(rng, blocks * info.blockBytes());
        mode->setKey(key);
        if (info.mode == "CBC") {
            ecb->setKey(key);
            CHECK(mode->encrypt(iv, {}, plain) == cbcByDefinition(*ecb, iv, plain));
        } else if (info.mode == "CTR") {
            ecb->setKey(key);
            CHECK(mode->encrypt(iv, {}, plain) == ctrByDefinition(*ecb, iv, plain));
        } else if (info.mode == "XTS") {
            auto tweakEcb = createCipherOrThrow(ecbInfo->id, backend);
            const std::size_t half = key.size() / 2;
            ecb->setKey(ByteView(key).first(half));
            tweakEcb->setKey(ByteView(key).subspan(half));
            CHECK(mode->encrypt(iv, {}, plain) == xtsByDefinition(*ecb, *tweakEcb, iv, plain));
        } else {
            FAIL("no definition to compare " << info.id << " with");
        }
    }
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
            // Otherwise another backend must have passed vectors for this id, and the two must
            // agree on random keys, parameters and lengths.
            std::string reference;
            for (const auto &other : backends(info.id)) {
                if (other != backend && evidence().passed.count({std::string(info.id), other}))
                    reference = other;
            }
            if (reference.empty() &&
                (info.mode == "CBC" || info.mode == "CTR" || info.mode == "XTS")) {
                checkModeByDefinition(info, backend, rng);
                continue;
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
        for (std::size_t other = 1; other < names.size(); ++other) {
            auto b = createCipherOrThrow(info.id, names[other]);
            for (const std::size_t len : {1U, 17U, 31U, 100U, 1000U, 4096U, 4099U}) {
                if (len < info.minInputBytes || (info.wholeBlocksOnly && len % info.blockBytes()))
                    continue;
                INFO(info.id << " length " << len);
                const Bytes key = randomBytes(rng, info.keyBytes());
                const Bytes iv = randomBytes(rng, info.ivBytes);
                const Bytes aad =
                    info.kind == CipherKind::Aead ? randomBytes(rng, len % 40) : Bytes{};
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
}
