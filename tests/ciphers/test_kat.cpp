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

// The test's own readings of the modes. The library builds a mode's output block by block
// (ciphers/src/mode_definition.cpp); these take the standards' other direction or closed form
// and check a ciphertext against its plaintext, so a shared mistake would have to be made twice
// in two different shapes. Before they vouch for any cipher, they reproduce the published
// AES-CBC, AES-CTR and XTS-AES vectors (the first test case below).

Bytes ecbBlock(Cipher &ecb, const Bytes &in, bool forward)
{
    if (forward)
        return ecb.encrypt({}, {}, in);
    Bytes out(in.size());
    REQUIRE(ecb.decrypt({}, {}, in, out));
    return out;
}

Bytes blockAt(const Bytes &data, std::size_t j, std::size_t bs)
{
    const auto first = data.begin() + static_cast<std::ptrdiff_t>(j * bs);
    const auto last =
        data.begin() + static_cast<std::ptrdiff_t>(std::min(data.size(), (j + 1) * bs));
    return {first, last};
}

Bytes xorBytes(Bytes a, const Bytes &b)
{
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        a[i] ^= b[i];
    return a;
}

// SP 800-38A §6.2, CBC decryption: P_j = CIPH^-1_K(C_j) xor C_{j-1}, with C_0 = IV.
bool cbcHolds(Cipher &ecb, const Bytes &iv, const Bytes &plain, const Bytes &cipher)
{
    const std::size_t bs = ecb.info().blockBytes();
    if (cipher.size() != plain.size() || plain.size() % bs != 0)
        return false;
    for (std::size_t j = 0; j * bs < plain.size(); ++j) {
        const Bytes previous = j == 0 ? iv : blockAt(cipher, j - 1, bs);
        if (xorBytes(ecbBlock(ecb, blockAt(cipher, j, bs), false), previous) !=
            blockAt(plain, j, bs))
            return false;
    }
    return true;
}

// SP 800-38A §6.5 with the standard incrementing function of Appendix B.1 over the whole
// block: T_j = (IV + j) mod 2^b, computed at once for each j; C_j = P_j xor CIPH_K(T_j), the
// last block cut to the plaintext's length.
bool ctrHolds(Cipher &ecb, const Bytes &iv, const Bytes &plain, const Bytes &cipher)
{
    const std::size_t bs = iv.size();
    if (cipher.size() != plain.size())
        return false;
    for (std::size_t j = 0; j * bs < plain.size(); ++j) {
        Bytes counter = iv;
        std::uint64_t add = j;
        unsigned carry = 0;
        for (std::size_t k = bs; k-- > 0;) {
            const unsigned sum = counter[k] + static_cast<unsigned>(add & 0xFF) + carry;
            counter[k] = static_cast<std::uint8_t>(sum);
            carry = sum >> 8;
            add >>= 8;
        }
        const Bytes p = blockAt(plain, j, bs);
        if (xorBytes(blockAt(cipher, j, bs), ecbBlock(ecb, counter, true)) != p)
            return false;
    }
    return true;
}

// GF(2^128) as IEEE 1619 §5.2 reads a 16-byte block: byte 0 holds the lowest coefficients,
// bit 0 of a byte the lowest of its eight; reduction by x^128 + x^7 + x^2 + x + 1.
struct Gf128
{
    std::uint64_t lo = 0, hi = 0; // coefficients of x^0..x^63 and x^64..x^127

    static Gf128 fromBytes(const Bytes &b)
    {
        Gf128 v;
        for (int i = 7; i >= 0; --i) {
            v.lo = (v.lo << 8) | b[static_cast<std::size_t>(i)];
            v.hi = (v.hi << 8) | b[static_cast<std::size_t>(i + 8)];
        }
        return v;
    }
    Bytes bytes() const
    {
        Bytes b(16);
        for (std::size_t i = 0; i < 8; ++i) {
            b[i] = static_cast<std::uint8_t>(lo >> (8 * i));
            b[i + 8] = static_cast<std::uint8_t>(hi >> (8 * i));
        }
        return b;
    }
    bool bit(int k) const { return ((k < 64 ? lo >> k : hi >> (k - 64)) & 1U) != 0; }
};

// a * b mod P by schoolbook shift-and-add over b's coefficients, highest first.
Gf128 gfMultiply(const Gf128 &a, const Gf128 &b)
{
    Gf128 r;
    for (int k = 127; k >= 0; --k) {
        const bool top = (r.hi >> 63) != 0;
        r.hi = (r.hi << 1) | (r.lo >> 63);
        r.lo <<= 1;
        if (top)
            r.lo ^= 0x87;
        if (b.bit(k)) {
            r.lo ^= a.lo;
            r.hi ^= a.hi;
        }
    }
    return r;
}

// alpha^j (alpha = x) by square-and-multiply.
Gf128 alphaPower(std::uint64_t j)
{
    Gf128 result{1, 0};
    Gf128 base{2, 0};
    for (; j != 0; j >>= 1) {
        if ((j & 1U) != 0)
            result = gfMultiply(result, base);
        base = gfMultiply(base, base);
    }
    return result;
}

// IEEE 1619 §5.3.1 and its decryption, §5.4.1, for whole blocks: T_j = E_K2(i) (x) alpha^j,
// P_j = D_K1(C_j xor T_j) xor T_j.
bool xtsHolds(Cipher &data, Cipher &tweakCipher, const Bytes &tweak, const Bytes &plain,
              const Bytes &cipher)
{
    if (cipher.size() != plain.size() || plain.size() % 16 != 0)
        return false;
    const Gf128 encryptedTweak = Gf128::fromBytes(tweakCipher.encrypt({}, {}, tweak));
    for (std::size_t j = 0; j * 16 < plain.size(); ++j) {
        const Bytes t = gfMultiply(encryptedTweak, alphaPower(j)).bytes();
        const Bytes p = xorBytes(ecbBlock(data, xorBytes(blockAt(cipher, j, 16), t), false), t);
        if (p != blockAt(plain, j, 16))
            return false;
    }
    return true;
}

// Whether `cipher` is `plain` under the mode of `info` with `key` and `iv`, by the readings
// above over the ECB cipher `ecbId` of `backend`.
bool modeHolds(const CipherInfo &info, std::string_view ecbId, const std::string &backend,
               const Bytes &key, const Bytes &iv, const Bytes &plain, const Bytes &cipher)
{
    auto ecb = createCipherOrThrow(ecbId, backend);
    if (info.mode == "CBC") {
        ecb->setKey(key);
        return cbcHolds(*ecb, iv, plain, cipher);
    }
    if (info.mode == "CTR") {
        ecb->setKey(key);
        return ctrHolds(*ecb, iv, plain, cipher);
    }
    REQUIRE(info.mode == "XTS");
    auto tweakEcb = createCipherOrThrow(ecbId, backend);
    const std::size_t half = key.size() / 2;
    ecb->setKey(ByteView(key).first(half));
    tweakEcb->setKey(ByteView(key).subspan(half));
    return xtsHolds(*ecb, *tweakEcb, iv, plain, cipher);
}

// Modes without published vectors for this block cipher: the mode's output must hold under the
// readings above over the ECB cipher of the same backend, which passed its published vectors.
void checkModeByDefinition(const CipherInfo &info, const std::string &backend, std::mt19937 &rng)
{
    const CipherInfo *ecbInfo = blockCipherOf(info);
    REQUIRE(ecbInfo);
    INFO("block cipher " << ecbInfo->id << " must have passed its vectors on " << backend);
    REQUIRE(evidence().passed.count({std::string(ecbInfo->id), backend}));
    REQUIRE((info.mode == "CBC" || info.mode == "CTR" || info.mode == "XTS"));
    auto mode = createCipherOrThrow(info.id, backend);
    for (const std::size_t blocks : {1U, 3U, 64U, 256U}) {
        const Bytes key = randomBytes(rng, info.keyBytes());
        const Bytes iv = randomBytes(rng, info.ivBytes);
        const Bytes plain = randomBytes(rng, blocks * info.blockBytes());
        mode->setKey(key);
        INFO(blocks << " blocks");
        CHECK(modeHolds(info, ecbInfo->id, backend, key, iv, plain, mode->encrypt(iv, {}, plain)));
    }
}

} // namespace

TEST_CASE("the test's readings of CBC, CTR and XTS reproduce the published AES vectors", "[kat]")
{
    // SP 800-38A F.2 and F.5 (AES-CBC, AES-CTR) and IEEE 1619 Annex B (XTS-AES), through each
    // backend's AES-ECB, which passed FIPS 197's vectors.
    std::size_t checked = 0;
    for (const auto &v : vectorsFromDisk()) {
        const CipherInfo *info = findCipher(v.cipherId);
        REQUIRE(info != nullptr);
        if (v.cipherId.rfind("aes-", 0) != 0 ||
            (info->mode != "CBC" && info->mode != "CTR" && info->mode != "XTS") ||
            (info->mode == "XTS" && v.in.size() % 16 != 0))
            continue;
        const CipherInfo *ecbInfo = blockCipherOf(*info);
        REQUIRE(ecbInfo != nullptr);
        for (const auto &backend : backends(ecbInfo->id)) {
            if (!evidence().passed.count({std::string(ecbInfo->id), backend}))
                continue;
            INFO(v.origin << " through " << ecbInfo->id << " on " << backend);
            CHECK(modeHolds(*info, ecbInfo->id, backend, v.key, v.iv, v.in, v.out));
            // One changed byte of the ciphertext must not hold.
            Bytes wrong = v.out;
            wrong[wrong.size() / 2] ^= 0x01;
            CHECK_FALSE(modeHolds(*info, ecbInfo->id, backend, v.key, v.iv, v.in, wrong));
            ++checked;
        }
    }
    // Six SP 800-38A vectors and the whole-block XTS-AES ones, on one backend at least.
    CHECK(checked >= 6 + 14);
}

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
