#include <cipherwatt/ciphers/isa.h>
#include <cipherwatt/ciphers/types.h>

#include <botan/cpuid.h>

#include <atomic>

#if defined(__aarch64__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

namespace cipherwatt::ciphers {

namespace {

bool cpuHas(Isa isa)
{
    switch (isa) {
    case Isa::Portable:
        return true;
#if defined(__x86_64__)
    // libgcc checks both the CPUID bits and that the OS saves the wider registers (XGETBV).
    case Isa::Sse2: // the level includes SSSE3..SSE4.2, AES-NI and PCLMULQDQ where present
        return __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("sse4.1");
    case Isa::Avx2:
        return __builtin_cpu_supports("avx2");
    case Isa::Avx512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
#elif defined(__aarch64__)
    case Isa::Neon:
        return (getauxval(AT_HWCAP) & HWCAP_ASIMD) != 0;
#endif
    default:
        return false;
    }
}

std::atomic<int> g_limit{-1}; // -1: not set, bestIsa()

// Botan chooses implementations from its CPUID bits when an object is created, so clearing
// the bits above the level caps everything created afterwards.
void capBotan(Isa limit)
{
    Botan::CPUID::initialize(); // back to what the CPU has, then clear
#if defined(__x86_64__)
    using C = Botan::CPUID;
    if (limit < Isa::Avx512) {
        for (const auto bit :
             {C::CPUID_AVX512F_BIT, C::CPUID_AVX512DQ_BIT, C::CPUID_AVX512BW_BIT,
              C::CPUID_AVX512_ICL_BIT, C::CPUID_AVX512_AES_BIT, C::CPUID_AVX512_CLMUL_BIT})
            C::clear_cpuid_bit(bit);
    }
    if (limit < Isa::Avx2)
        C::clear_cpuid_bit(C::CPUID_AVX2_BIT);
    if (limit < Isa::Sse2) {
        for (const auto bit :
             {C::CPUID_SSE2_BIT, C::CPUID_SSSE3_BIT, C::CPUID_SSE41_BIT, C::CPUID_SSE42_BIT,
              C::CPUID_AESNI_BIT, C::CPUID_CLMUL_BIT, C::CPUID_SHA_BIT})
            C::clear_cpuid_bit(bit);
    }
#elif defined(__aarch64__)
    using C = Botan::CPUID;
    if (limit < Isa::Neon) {
        for (const auto bit : {C::CPUID_ARM_NEON_BIT, C::CPUID_ARM_SVE_BIT, C::CPUID_ARM_AES_BIT,
                               C::CPUID_ARM_PMULL_BIT, C::CPUID_ARM_SHA1_BIT, C::CPUID_ARM_SHA2_BIT,
                               C::CPUID_ARM_SHA3_BIT, C::CPUID_ARM_SHA2_512_BIT,
                               C::CPUID_ARM_SM3_BIT, C::CPUID_ARM_SM4_BIT})
            C::clear_cpuid_bit(bit);
    }
#else
    (void)limit;
#endif
}

} // namespace

std::string_view isaName(Isa isa)
{
    switch (isa) {
    case Isa::Portable:
        return "portable";
    case Isa::Sse2:
        return "sse2";
    case Isa::Avx2:
        return "avx2";
    case Isa::Avx512:
        return "avx512";
    case Isa::Neon:
        return "neon";
    }
    return "?";
}

std::optional<Isa> parseIsa(std::string_view name)
{
    for (const Isa isa : {Isa::Portable, Isa::Sse2, Isa::Avx2, Isa::Avx512, Isa::Neon}) {
        if (isaName(isa) == name)
            return isa;
    }
    return std::nullopt;
}

bool isaCompiledIn(Isa isa)
{
#if defined(__x86_64__)
    return isa == Isa::Portable || isa == Isa::Sse2 || isa == Isa::Avx2 || isa == Isa::Avx512;
#elif defined(__aarch64__)
    return isa == Isa::Portable || isa == Isa::Neon;
#else
    return isa == Isa::Portable;
#endif
}

std::vector<Isa> supportedIsas()
{
    std::vector<Isa> out;
    for (const Isa isa : {Isa::Portable, Isa::Sse2, Isa::Avx2, Isa::Avx512, Isa::Neon}) {
        if (isaCompiledIn(isa) && cpuHas(isa))
            out.push_back(isa);
    }
    return out;
}

Isa bestIsa()
{
    return supportedIsas().back();
}

Isa isaLimit()
{
    const int v = g_limit.load(std::memory_order_relaxed);
    return v < 0 ? bestIsa() : static_cast<Isa>(v);
}

void applyIsaLimit(Isa limit)
{
    if (!isaCompiledIn(limit) || !cpuHas(limit)) {
        std::string have;
        for (const Isa isa : supportedIsas())
            have += std::string(have.empty() ? "" : ", ") + std::string(isaName(isa));
        throw CipherError("--isa " + std::string(isaName(limit)) +
                          ": not available on this CPU/build; available: " + have);
    }
    capBotan(limit);
    g_limit.store(static_cast<int>(limit), std::memory_order_relaxed);
}

bool isaFollowsLimit(std::string_view backend)
{
    return backend == "custom" || backend == "botan";
}

std::pair<std::string, std::string> opensslIsaEnvironment(Isa limit)
{
#if defined(__x86_64__)
    // OPENSSL_ia32cap = "~<word 0 mask>:~<word 1 mask>" clears capability bits (see
    // OPENSSL_ia32cap(3)). Word 0 is CPUID.1 EDX | ECX << 32, word 1 is CPUID.7 EBX | ECX << 32.
    // Avx2 clears AVX-512 F/DQ/IFMA/PF/ER/CD/BW/VL and VBMI/VBMI2/VNNI/BITALG/VPOPCNTDQ (VAES,
    // VPCLMULQDQ and GFNI have 256-bit VEX forms and stay); Sse2 also clears those three, AVX2,
    // AVX, FMA and F16C; Portable also SSE3, PCLMULQDQ, SSSE3, SSE4.1/4.2, AES-NI and SHA (SSE2
    // itself is part of x86-64).
    switch (limit) {
    case Isa::Avx512:
        return {"OPENSSL_ia32cap", ""};
    case Isa::Avx2:
        return {"OPENSSL_ia32cap", ":~0x5842dc230000"};
    case Isa::Sse2:
        return {"OPENSSL_ia32cap", "~0x3000100000000000:~0x5f42dc230020"};
    case Isa::Portable:
        return {"OPENSSL_ia32cap", "~0x3218120300000000:~0x5f42fc230020"};
    default:
        return {};
    }
#elif defined(__aarch64__)
    // OPENSSL_armcap is the capability word itself: 0 = no NEON, no crypto extensions.
    return {"OPENSSL_armcap", limit == Isa::Portable ? "0" : ""};
#else
    (void)limit;
    return {};
#endif
}

} // namespace cipherwatt::ciphers
