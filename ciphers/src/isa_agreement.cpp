#include <cipherwatt/ciphers/cipher.h>
#include <cipherwatt/ciphers/isa.h>
#include <cipherwatt/ciphers/kat.h>

#include <algorithm>
#include <random>

namespace cipherwatt::ciphers {

namespace {

// Lengths that exercise full SIMD batches, the remainders and ciphertext stealing.
std::vector<std::size_t> lengthsFor(const CipherInfo &info)
{
    std::vector<std::size_t> out;
    for (const std::size_t len : {16U, 64U, 100U, 512U, 1000U, 4096U, 4099U}) {
        if (len >= info.minInputBytes && (!info.wholeBlocksOnly || len % info.blockBytes() == 0))
            out.push_back(len);
    }
    return out;
}

} // namespace

std::vector<IsaAgreement> checkIsaAgreement(const std::vector<std::string> &cipherIds)
{
    std::vector<IsaAgreement> results;
    const Isa limit = isaLimit();
    std::vector<Isa> levels;
    for (const Isa isa : supportedIsas()) {
        if (isa != Isa::Portable && isa <= limit)
            levels.push_back(isa);
    }
    if (levels.empty())
        return results; // only the portable path is in use: nothing to compare
    const IsaLimitGuard restore;
    for (const auto &info : catalogue()) {
        if (info.isKeyAgreement() ||
            (!cipherIds.empty() &&
             std::find(cipherIds.begin(), cipherIds.end(), info.id) == cipherIds.end()))
            continue;
        for (const std::string backend : {"custom", "botan"}) {
            applyIsaLimit(Isa::Portable);
            auto reference = createCipher(info.id, backend);
            if (!reference)
                continue;
            std::mt19937_64 rng(0x6369706865727761ULL);
            auto bytes = [&rng](std::size_t n) {
                Bytes b(n);
                for (auto &x : b)
                    x = static_cast<std::uint8_t>(rng());
                return b;
            };
            const Bytes key = bytes(info.keyBytes());
            const Bytes iv = bytes(info.ivBytes);
            const Bytes aad = info.kind == CipherKind::Aead ? bytes(20) : Bytes{};
            reference->setKey(key);
            std::vector<std::pair<Bytes, Bytes>> expected; // (plaintext, ciphertext)
            for (const std::size_t len : lengthsFor(info)) {
                Bytes plain = bytes(len);
                Bytes sealed = reference->encrypt(iv, aad, plain);
                expected.emplace_back(std::move(plain), std::move(sealed));
            }
            for (const Isa isa : levels) {
                applyIsaLimit(isa);
                auto cipher = createCipherOrThrow(info.id, backend);
                cipher->setKey(key);
                IsaAgreement r{std::string(info.id), backend, std::string(isaName(isa)), true, {}};
                for (const auto &[plain, sealed] : expected) {
                    Bytes back(plain.size());
                    if (cipher->encrypt(iv, aad, plain) != sealed) {
                        r.agreed = false;
                        r.message = "encryption of " + std::to_string(plain.size()) +
                                    " bytes differs from the portable path (" +
                                    cipher->provenance().implementation + ")";
                        break;
                    }
                    if (!cipher->decrypt(iv, aad, sealed, back) || back != plain) {
                        r.agreed = false;
                        r.message = "decryption of " + std::to_string(plain.size()) +
                                    " bytes differs from the portable path";
                        break;
                    }
                }
                results.push_back(std::move(r));
            }
        }
    }
    return results;
}

} // namespace cipherwatt::ciphers
