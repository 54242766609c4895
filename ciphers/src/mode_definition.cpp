// Modes by their definitions, built from an ECB cipher: the evidence for a mode over a block
// cipher that has published vectors of its own only in ECB.

#include <cipherwatt/ciphers/catalogue.h>
#include <cipherwatt/ciphers/cipher.h>
#include <cipherwatt/ciphers/kat.h>

#include <algorithm>
#include <cctype>
#include <random>

namespace cipherwatt::ciphers {

namespace {

Bytes randomBytes(std::mt19937_64 &rng, std::size_t n)
{
    Bytes b(n);
    for (auto &x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

// CBC (SP 800-38A 6.2).
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

// XTS (IEEE 1619 5.3.1, whole blocks): T = E_K2(tweak), C_j = E_K1(P_j xor T_j) xor T_j,
// T_j+1 = T_j * x in GF(2^128), little-endian.
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

// CTR (SP 800-38A 6.5): key stream = E(counter), the counter incremented as a big-endian
// integer over the whole block.
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

} // namespace

const CipherInfo *ecbSibling(const CipherInfo &info)
{
    std::string mode(info.mode);
    std::transform(mode.begin(), mode.end(), mode.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::string id(info.id);
    const auto at = id.find("-" + mode);
    if (mode == "ecb" || at == std::string::npos)
        return nullptr;
    id.replace(at, mode.size() + 1, "-ecb");
    return findCipher(id);
}

ModeDefinitionCheck checkModeByDefinition(const CipherInfo &info, const std::string &backend,
                                          std::uint64_t seed)
{
    ModeDefinitionCheck check;
    const CipherInfo *ecbInfo = ecbSibling(info);
    if (ecbInfo == nullptr || (info.mode != "CBC" && info.mode != "CTR" && info.mode != "XTS")) {
        check.message = "no definition to compare " + std::string(info.id) + " with";
        return check;
    }
    try {
        std::mt19937_64 rng(seed);
        auto mode = createCipherOrThrow(info.id, backend);
        auto ecb = createCipherOrThrow(ecbInfo->id, backend);
        for (const std::size_t blocks : {1U, 3U, 64U, 256U}) {
            const Bytes key = randomBytes(rng, info.keyBytes());
            const Bytes iv = randomBytes(rng, info.ivBytes);
            const Bytes plain = randomBytes(rng, blocks * info.blockBytes());
            mode->setKey(key);
            Bytes expected;
            if (info.mode == "CBC") {
                ecb->setKey(key);
                expected = cbcByDefinition(*ecb, iv, plain);
            } else if (info.mode == "CTR") {
                ecb->setKey(key);
                expected = ctrByDefinition(*ecb, iv, plain);
            } else {
                auto tweakEcb = createCipherOrThrow(ecbInfo->id, backend);
                const std::size_t half = key.size() / 2;
                ecb->setKey(ByteView(key).first(half));
                tweakEcb->setKey(ByteView(key).subspan(half));
                expected = xtsByDefinition(*ecb, *tweakEcb, iv, plain);
            }
            if (mode->encrypt(iv, {}, plain) != expected) {
                check.message = std::string(info.id) + " on " + backend + " differs from " +
                                std::string(info.mode) + " built from " + std::string(ecbInfo->id) +
                                " (" + std::to_string(blocks) + " blocks)";
                return check;
            }
            Bytes back(expected.size());
            if (!mode->decrypt(iv, {}, expected, back) || back != plain) {
                check.message =
                    std::string(info.id) + " on " + backend + " does not decrypt what it encrypted";
                return check;
            }
        }
    } catch (const CipherError &e) {
        check.message = e.what();
        return check;
    }
    check.agreed = true;
    return check;
}

} // namespace cipherwatt::ciphers
