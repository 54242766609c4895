// LEA, word-sliced SIMD paths. A batch of blocks is transposed so that each register holds one
// 32-bit word position of several blocks; LEA's add/rotate/xor rounds then run unchanged on
// whole registers. The round code is written once with GCC/Clang vector extensions (which act
// lane-wise on 32-bit words) and inlined into each instruction set's kernel, whose target
// attribute decides the instructions; each instruction set only adds its own transposition.

#include "lea_simd.h"

#include <array>

#if defined(__x86_64__)
#include <immintrin.h>
#endif
#if defined(__aarch64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <arm_neon.h>
#endif

namespace cipherwatt::ciphers::custom {

namespace {

using U32x4 = std::uint32_t __attribute__((vector_size(16)));
using U32x8 = std::uint32_t __attribute__((vector_size(32)));
using U32x16 = std::uint32_t __attribute__((vector_size(64)));

// One register group: element j holds word j of every block of the group.
template<typename V>
using Slice = std::array<V, 4>;

// The helpers below take registers by reference, never by value: they are compiled without a
// target attribute, and passing 256/512-bit vectors by value there would change the calling
// convention (GCC and Clang reject that). Once inlined into a kernel they use its instructions.

template<int N, typename V>
[[gnu::always_inline]] inline void rotateLeft(V &x)
{
    x = (x << N) | (x >> (32 - N));
}

#if defined(__aarch64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
// GCC 12 builds the generic form from SHL, USHR and ORR; SHL + SRI (shift right and insert)
// needs one instruction less.
template<int N>
[[gnu::always_inline]] inline void rotateLeft(U32x4 &x)
{
    const auto v = __builtin_bit_cast(uint32x4_t, x);
    x = __builtin_bit_cast(U32x4, vsriq_n_u32(vshlq_n_u32(v, N), v, 32 - N));
}
#endif

// One round, outputs written in place: afterwards the state (X0, X1, X2, X3) is (d, b, c, a),
// so two calls with the roles swapped bring it back to (a, b, c, d) without register moves.
// XOR with a scalar broadcasts it to every lane.
template<typename V>
[[gnu::always_inline]] inline void encryptRound(V &a, V &b, V &c, V &d,
                                                const std::array<std::uint32_t, 6> &rk)
{
    V t0 = (a ^ rk[0]) + (b ^ rk[1]);
    V t1 = (b ^ rk[2]) + (c ^ rk[3]);
    V t2 = (c ^ rk[4]) + (d ^ rk[5]);
    rotateLeft<9>(t0);
    rotateLeft<32 - 5>(t1);
    rotateLeft<32 - 3>(t2);
    d = t0;
    b = t1;
    c = t2;
}

// The inverse round in place: afterwards the state is (d, a, b, c), so the roles rotate by one
// register per round and come back after four.
template<typename V>
[[gnu::always_inline]] inline void decryptRound(V &a, V &b, V &c, V &d,
                                                const std::array<std::uint32_t, 6> &rk,
                                                const std::array<std::uint32_t, 2> &dk)
{
    rotateLeft<32 - 9>(a);
    rotateLeft<5>(b);
    rotateLeft<3>(c);
    a -= d ^ rk[0];
    b -= a ^ dk[0];
    c -= b ^ dk[1];
    a ^= rk[1];
    b ^= rk[3];
    c ^= rk[5];
}

// The kernels run two register groups per iteration, advancing round by round: one group's
// rounds form a dependency chain about as long as the vector units need for its operations (the
// inverse round more so), and a second, independent chain fills the gaps; the groups also share
// the broadcast round keys. With AVX2 on the development VM two groups ran about 20% faster
// than one, and four gained nothing reliable. A last single group takes a leftover register's
// worth of blocks.
template<typename V, std::size_t Groups>
[[gnu::always_inline]] inline void encryptSlices(std::array<Slice<V>, Groups> &s,
                                                 const LeaSchedule &ks)
{
    for (unsigned i = 0; i < ks.rounds; i += 2) {
#pragma GCC unroll 4
        for (auto &x : s)
            encryptRound(x[0], x[1], x[2], x[3], ks.enc[i]);
#pragma GCC unroll 4
        for (auto &x : s)
            encryptRound(x[3], x[1], x[2], x[0], ks.enc[i + 1]);
    }
}

template<typename V, std::size_t Groups>
[[gnu::always_inline]] inline void decryptSlices(std::array<Slice<V>, Groups> &s,
                                                 const LeaSchedule &ks)
{
    for (unsigned i = ks.rounds; i > 0; i -= 4) {
#pragma GCC unroll 4
        for (auto &x : s)
            decryptRound(x[0], x[1], x[2], x[3], ks.enc[i - 1], ks.dec[i - 1]);
#pragma GCC unroll 4
        for (auto &x : s)
            decryptRound(x[3], x[0], x[1], x[2], ks.enc[i - 2], ks.dec[i - 2]);
#pragma GCC unroll 4
        for (auto &x : s)
            decryptRound(x[2], x[3], x[0], x[1], ks.enc[i - 3], ks.dec[i - 3]);
#pragma GCC unroll 4
        for (auto &x : s)
            decryptRound(x[1], x[2], x[3], x[0], ks.enc[i - 4], ks.dec[i - 4]);
    }
}

template<bool Encrypt, typename V, std::size_t Groups>
[[gnu::always_inline]] inline void cryptSlices(std::array<Slice<V>, Groups> &s,
                                               const LeaSchedule &ks)
{
    if constexpr (Encrypt)
        encryptSlices(s, ks);
    else
        decryptSlices(s, ks);
}

} // namespace

#if defined(__x86_64__)

namespace {

constexpr std::size_t kSse2Blocks = 4; // blocks per register
constexpr std::size_t kAvx2Blocks = 8;
constexpr std::size_t kAvx512Blocks = 16;

// The x86 loads transpose 4x4 words inside each 128-bit lane: four rows (blocks) in, four
// columns (word positions) out. A transposition is its own inverse, so the stores use the same
// one. Which block ends up in which lane does not matter as long as the way back is the same.
// __builtin_bit_cast rather than std::bit_cast: the latter is a function, and returning a
// 256/512-bit vector from a function compiled without AVX changes the ABI (Clang rejects it).

inline void transposeSse2(__m128i &a, __m128i &b, __m128i &c, __m128i &d)
{
    const __m128i ab01 = _mm_unpacklo_epi32(a, b);
    const __m128i ab23 = _mm_unpackhi_epi32(a, b);
    const __m128i cd01 = _mm_unpacklo_epi32(c, d);
    const __m128i cd23 = _mm_unpackhi_epi32(c, d);
    a = _mm_unpacklo_epi64(ab01, cd01);
    b = _mm_unpackhi_epi64(ab01, cd01);
    c = _mm_unpacklo_epi64(ab23, cd23);
    d = _mm_unpackhi_epi64(ab23, cd23);
}

inline void loadSse2(const std::uint8_t *in, Slice<U32x4> &x)
{
    const auto *p = reinterpret_cast<const __m128i *>(in);
    __m128i a = _mm_loadu_si128(p);
    __m128i b = _mm_loadu_si128(p + 1);
    __m128i c = _mm_loadu_si128(p + 2);
    __m128i d = _mm_loadu_si128(p + 3);
    transposeSse2(a, b, c, d);
    x = {__builtin_bit_cast(U32x4, a), __builtin_bit_cast(U32x4, b), __builtin_bit_cast(U32x4, c),
         __builtin_bit_cast(U32x4, d)};
}

inline void storeSse2(const Slice<U32x4> &x, std::uint8_t *out)
{
    auto a = __builtin_bit_cast(__m128i, x[0]);
    auto b = __builtin_bit_cast(__m128i, x[1]);
    auto c = __builtin_bit_cast(__m128i, x[2]);
    auto d = __builtin_bit_cast(__m128i, x[3]);
    transposeSse2(a, b, c, d);
    auto *p = reinterpret_cast<__m128i *>(out);
    _mm_storeu_si128(p, a);
    _mm_storeu_si128(p + 1, b);
    _mm_storeu_si128(p + 2, c);
    _mm_storeu_si128(p + 3, d);
}

template<bool Encrypt, std::size_t Groups>
inline void batchSse2(const LeaSchedule &ks, const std::uint8_t *in, std::uint8_t *out)
{
    std::array<Slice<U32x4>, Groups> s{};
#pragma GCC unroll 4
    for (std::size_t g = 0; g < Groups; ++g)
        loadSse2(in + 64 * g, s[g]);
    cryptSlices<Encrypt>(s, ks);
#pragma GCC unroll 4
    for (std::size_t g = 0; g < Groups; ++g)
        storeSse2(s[g], out + 64 * g);
}

template<bool Encrypt>
std::size_t cryptSse2(const LeaSchedule &ks, const std::uint8_t *in, std::uint8_t *out,
                      std::size_t blocks)
{
    std::size_t done = 0;
    for (; blocks - done >= 2 * kSse2Blocks; done += 2 * kSse2Blocks)
        batchSse2<Encrypt, 2>(ks, in + 16 * done, out + 16 * done);
    if (blocks - done >= kSse2Blocks) {
        batchSse2<Encrypt, 1>(ks, in + 16 * done, out + 16 * done);
        done += kSse2Blocks;
    }
    return done;
}

[[gnu::target("avx2")]] inline void transposeAvx2(__m256i &a, __m256i &b, __m256i &c, __m256i &d)
{
    const __m256i ab01 = _mm256_unpacklo_epi32(a, b);
    const __m256i ab23 = _mm256_unpackhi_epi32(a, b);
    const __m256i cd01 = _mm256_unpacklo_epi32(c, d);
    const __m256i cd23 = _mm256_unpackhi_epi32(c, d);
    a = _mm256_unpacklo_epi64(ab01, cd01);
    b = _mm256_unpackhi_epi64(ab01, cd01);
    c = _mm256_unpacklo_epi64(ab23, cd23);
    d = _mm256_unpackhi_epi64(ab23, cd23);
}

// Register j holds blocks 2j and 2j + 1, one per 128-bit lane.
[[gnu::target("avx2")]] inline void loadAvx2(const std::uint8_t *in, Slice<U32x8> &x)
{
    const auto *p = reinterpret_cast<const __m256i *>(in);
    __m256i a = _mm256_loadu_si256(p);
    __m256i b = _mm256_loadu_si256(p + 1);
    __m256i c = _mm256_loadu_si256(p + 2);
    __m256i d = _mm256_loadu_si256(p + 3);
    transposeAvx2(a, b, c, d);
    x = {__builtin_bit_cast(U32x8, a), __builtin_bit_cast(U32x8, b), __builtin_bit_cast(U32x8, c),
         __builtin_bit_cast(U32x8, d)};
}

[[gnu::target("avx2")]] inline void storeAvx2(const Slice<U32x8> &x, std::uint8_t *out)
{
    auto a = __builtin_bit_cast(__m256i, x[0]);
    auto b = __builtin_bit_cast(__m256i, x[1]);
    auto c = __builtin_bit_cast(__m256i, x[2]);
    auto d = __builtin_bit_cast(__m256i, x[3]);
    transposeAvx2(a, b, c, d);
    auto *p = reinterpret_cast<__m256i *>(out);
    _mm256_storeu_si256(p, a);
    _mm256_storeu_si256(p + 1, b);
    _mm256_storeu_si256(p + 2, c);
    _mm256_storeu_si256(p + 3, d);
}

template<bool Encrypt, std::size_t Groups>
[[gnu::target("avx2")]] inline void batchAvx2(const LeaSchedule &ks, const std::uint8_t *in,
                                              std::uint8_t *out)
{
    std::array<Slice<U32x8>, Groups> s{};
#pragma GCC unroll 4
    for (std::size_t g = 0; g < Groups; ++g)
        loadAvx2(in + 128 * g, s[g]);
    cryptSlices<Encrypt>(s, ks);
#pragma GCC unroll 4
    for (std::size_t g = 0; g < Groups; ++g)
        storeAvx2(s[g], out + 128 * g);
}

template<bool Encrypt>
[[gnu::target("avx2")]] std::size_t cryptAvx2(const LeaSchedule &ks, const std::uint8_t *in,
                                              std::uint8_t *out, std::size_t blocks)
{
    std::size_t done = 0;
    for (; blocks - done >= 2 * kAvx2Blocks; done += 2 * kAvx2Blocks)
        batchAvx2<Encrypt, 2>(ks, in + 16 * done, out + 16 * done);
    if (blocks - done >= kAvx2Blocks) {
        batchAvx2<Encrypt, 1>(ks, in + 16 * done, out + 16 * done);
        done += kAvx2Blocks;
    }
    return done;
}

// The zero-masked forms with an all-ones mask compile to the plain instructions; the unmasked
// intrinsics trip GCC 12's -Wmaybe-uninitialized on the undefined source register of their
// header (GCC bug 105593).
[[gnu::target("avx512f")]] inline void transposeAvx512(__m512i &a, __m512i &b, __m512i &c,
                                                       __m512i &d)
{
    constexpr __mmask16 all = 0xffff;
    constexpr __mmask8 all64 = 0xff;
    const __m512i ab01 = _mm512_maskz_unpacklo_epi32(all, a, b);
    const __m512i ab23 = _mm512_maskz_unpackhi_epi32(all, a, b);
    const __m512i cd01 = _mm512_maskz_unpacklo_epi32(all, c, d);
    const __m512i cd23 = _mm512_maskz_unpackhi_epi32(all, c, d);
    a = _mm512_maskz_unpacklo_epi64(all64, ab01, cd01);
    b = _mm512_maskz_unpackhi_epi64(all64, ab01, cd01);
    c = _mm512_maskz_unpacklo_epi64(all64, ab23, cd23);
    d = _mm512_maskz_unpackhi_epi64(all64, ab23, cd23);
}

// Register j holds blocks 4j .. 4j + 3, one per 128-bit lane.
[[gnu::target("avx512f")]] inline void loadAvx512(const std::uint8_t *in, Slice<U32x16> &x)
{
    __m512i a = _mm512_loadu_si512(in);
    __m512i b = _mm512_loadu_si512(in + 64);
    __m512i c = _mm512_loadu_si512(in + 128);
    __m512i d = _mm512_loadu_si512(in + 192);
    transposeAvx512(a, b, c, d);
    x = {__builtin_bit_cast(U32x16, a), __builtin_bit_cast(U32x16, b),
         __builtin_bit_cast(U32x16, c), __builtin_bit_cast(U32x16, d)};
}

[[gnu::target("avx512f")]] inline void storeAvx512(const Slice<U32x16> &x, std::uint8_t *out)
{
    auto a = __builtin_bit_cast(__m512i, x[0]);
    auto b = __builtin_bit_cast(__m512i, x[1]);
    auto c = __builtin_bit_cast(__m512i, x[2]);
    auto d = __builtin_bit_cast(__m512i, x[3]);
    transposeAvx512(a, b, c, d);
    _mm512_storeu_si512(out, a);
    _mm512_storeu_si512(out + 64, b);
    _mm512_storeu_si512(out + 128, c);
    _mm512_storeu_si512(out + 192, d);
}

template<bool Encrypt, std::size_t Groups>
[[gnu::target("avx512f")]] inline void batchAvx512(const LeaSchedule &ks, const std::uint8_t *in,
                                                   std::uint8_t *out)
{
    std::array<Slice<U32x16>, Groups> s{};
#pragma GCC unroll 4
    for (std::size_t g = 0; g < Groups; ++g)
        loadAvx512(in + 256 * g, s[g]);
    cryptSlices<Encrypt>(s, ks);
#pragma GCC unroll 4
    for (std::size_t g = 0; g < Groups; ++g)
        storeAvx512(s[g], out + 256 * g);
}

template<bool Encrypt>
[[gnu::target("avx512f")]] std::size_t cryptAvx512(const LeaSchedule &ks, const std::uint8_t *in,
                                                   std::uint8_t *out, std::size_t blocks)
{
    std::size_t done = 0;
    for (; blocks - done >= 2 * kAvx512Blocks; done += 2 * kAvx512Blocks)
        batchAvx512<Encrypt, 2>(ks, in + 16 * done, out + 16 * done);
    if (blocks - done >= kAvx512Blocks) {
        batchAvx512<Encrypt, 1>(ks, in + 16 * done, out + 16 * done);
        done += kAvx512Blocks;
    }
    return done;
}

} // namespace

LeaKernelPair leaKernelsSse2()
{
    return {cryptSse2<true>, cryptSse2<false>};
}

LeaKernelPair leaKernelsAvx2()
{
    return {cryptAvx2<true>, cryptAvx2<false>};
}

LeaKernelPair leaKernelsAvx512()
{
    return {cryptAvx512<true>, cryptAvx512<false>};
}

#endif // __x86_64__

#if defined(__aarch64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__

namespace {

constexpr std::size_t kNeonBlocks = 4; // blocks per register

// NEON loads and stores with de-interleaving, so no separate transposition is needed:
// vld4q_u32 puts word j of four consecutive blocks into register j.
template<bool Encrypt, std::size_t Groups>
inline void batchNeon(const LeaSchedule &ks, const std::uint8_t *in, std::uint8_t *out)
{
    std::array<Slice<U32x4>, Groups> s{};
#pragma GCC unroll 4
    for (std::size_t g = 0; g < Groups; ++g) {
        const uint32x4x4_t r = vld4q_u32(reinterpret_cast<const std::uint32_t *>(in + 64 * g));
        s[g] = {__builtin_bit_cast(U32x4, r.val[0]), __builtin_bit_cast(U32x4, r.val[1]),
                __builtin_bit_cast(U32x4, r.val[2]), __builtin_bit_cast(U32x4, r.val[3])};
    }
    cryptSlices<Encrypt>(s, ks);
#pragma GCC unroll 4
    for (std::size_t g = 0; g < Groups; ++g) {
        const uint32x4x4_t r{
            {__builtin_bit_cast(uint32x4_t, s[g][0]), __builtin_bit_cast(uint32x4_t, s[g][1]),
             __builtin_bit_cast(uint32x4_t, s[g][2]), __builtin_bit_cast(uint32x4_t, s[g][3])}};
        vst4q_u32(reinterpret_cast<std::uint32_t *>(out + 64 * g), r);
    }
}

template<bool Encrypt>
std::size_t cryptNeon(const LeaSchedule &ks, const std::uint8_t *in, std::uint8_t *out,
                      std::size_t blocks)
{
    std::size_t done = 0;
    for (; blocks - done >= 2 * kNeonBlocks; done += 2 * kNeonBlocks)
        batchNeon<Encrypt, 2>(ks, in + 16 * done, out + 16 * done);
    if (blocks - done >= kNeonBlocks) {
        batchNeon<Encrypt, 1>(ks, in + 16 * done, out + 16 * done);
        done += kNeonBlocks;
    }
    return done;
}

} // namespace

LeaKernelPair leaKernelsNeon()
{
    return {cryptNeon<true>, cryptNeon<false>};
}

#endif // __aarch64__

} // namespace cipherwatt::ciphers::custom
