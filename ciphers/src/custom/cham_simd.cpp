// CHAM, word-sliced SIMD paths. A batch of blocks is transposed so that each register holds
// one word position of several blocks (32-bit words for CHAM-128, 16-bit for CHAM-64); CHAM's
// add/rotate/xor rounds then run unchanged on whole registers. The round code is written once
// with GCC/Clang vector extensions and inlined into each instruction set's kernel, whose target
// attribute decides the instructions; each instruction set adds its broadcasts and its
// transposition.

#include "cham_simd.h"

#include <array>
#include <bit>
#include <cstring>
#include <type_traits>
#include <utility>

#if defined(__x86_64__)
#include <immintrin.h>
#endif
#if defined(__aarch64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <arm_neon.h>
#endif

namespace cipherwatt::ciphers::custom {

namespace {

typedef std::uint32_t U32x4 __attribute__((vector_size(16)));
typedef std::uint32_t U32x8 __attribute__((vector_size(32)));
typedef std::uint32_t U32x16 __attribute__((vector_size(64)));
typedef std::uint16_t U16x8 __attribute__((vector_size(16)));
typedef std::uint16_t U16x16 __attribute__((vector_size(32)));
typedef std::uint16_t U16x32 __attribute__((vector_size(64)));
typedef std::uint8_t U8x16 __attribute__((vector_size(16)));
typedef std::uint8_t U8x32 __attribute__((vector_size(32)));
typedef std::uint8_t U8x64 __attribute__((vector_size(64)));

template<std::size_t Bytes>
using ByteVector =
    std::conditional_t<Bytes == 16, U8x16, std::conditional_t<Bytes == 32, U8x32, U8x64>>;
template<std::size_t Bytes>
using DwordVector =
    std::conditional_t<Bytes == 16, U32x4, std::conditional_t<Bytes == 32, U32x8, U32x16>>;
// The register holding `Bytes` bytes of CHAM words (std::uint16_t or std::uint32_t).
template<typename Word, std::size_t Bytes>
using WordVector = std::conditional_t<
    sizeof(Word) == 4, DwordVector<Bytes>,
    std::conditional_t<Bytes == 16, U16x8, std::conditional_t<Bytes == 32, U16x16, U16x32>>>;
template<typename V>
constexpr int kWordBits = 8 * sizeof(std::declval<V &>()[0]);

// One register group: element j holds word j of every block of the group.
template<typename V>
using Words = std::array<V, 4>;

// The schedule holds, per round i, three constants as 16-byte patterns (copies of the word): a
// 128-bit path then loads a constant with one instruction instead of moving a scalar into a
// register and shuffling it; the wider paths broadcast the first 32 bits from memory.
constexpr std::size_t kEntryWords = 12; // std::uint32_t
constexpr std::size_t kCounterAt = 0;   // i
constexpr std::size_t kKeyAt = 4;       // RK[i mod 2k/w]
// RK[i mod 2k/w] ^ ROL(i + 1, a), a being round i's rotation of x1. The inverse rounds form
// one serial chain (each needs the word recovered just before); leaving the counter XOR off a
// recovered word and folding it into the next round's key keeps that XOR off the chain.
constexpr std::size_t kFoldedKeyAt = 8;

// The helpers below take registers by reference, never by value: they are compiled without a
// target attribute, and passing 256/512-bit vectors by value there changes the calling
// convention (Clang rejects it, GCC warns). Once inlined into a kernel they use its
// instructions.

template<typename V>
[[gnu::always_inline]] inline void splat(V &out,
                                         const std::uint32_t *pattern) requires(sizeof(V) == 16)
{
    std::memcpy(&out, pattern, sizeof out);
}

// vpbroadcastd ymm/zmm, m32 is a plain load. Written with vector extensions instead
// (`V{} + pattern[0]`), GCC merges the scalar loads of neighbouring constants into vector loads
// and rebuilds the broadcasts with permutes and lane inserts.
#if defined(__x86_64__)
template<typename V>
[[gnu::target("avx2")]] inline void splat(V &out,
                                          const std::uint32_t *pattern) requires(sizeof(V) == 32)
{
    out = __builtin_bit_cast(V, _mm256_set1_epi32(static_cast<int>(*pattern)));
}

template<typename V>
[[gnu::target("avx512f")]] inline void splat(V &out,
                                             const std::uint32_t *pattern) requires(sizeof(V) == 64)
{
    out = __builtin_bit_cast(V, _mm512_set1_epi32(static_cast<int>(*pattern)));
}
#endif

// Byte permutations, each the same within every 128-bit lane, so that one pshufb (or tbl, rev16)
// does them.
enum class BytePermutation {
    RotateLeft32,  // every 32-bit word rotated left by 8
    RotateRight32, // ... right by 8
    Swap16,        // every 16-bit word rotated by 8
    // Each 128-bit lane holds two blocks of four 16-bit words. Pair: word j of both blocks
    // side by side as 32-bit unit j, which makes a 32-bit transposition gather word j of eight
    // blocks. Unpair undoes it.
    Pair,
    Unpair,
};

constexpr int sourceByte(BytePermutation p, std::size_t i)
{
    const std::size_t lane = i - i % 16;
    const std::size_t unit = i % 16 / 2; // 16-bit unit within the lane
    switch (p) {
    case BytePermutation::RotateLeft32:
        return static_cast<int>(i - i % 4 + (i + 3) % 4);
    case BytePermutation::RotateRight32:
        return static_cast<int>(i - i % 4 + (i + 1) % 4);
    case BytePermutation::Swap16:
        return static_cast<int>(i ^ 1);
    case BytePermutation::Pair:
        return static_cast<int>(lane + 2 * (unit % 2 * 4 + unit / 2) + i % 2);
    case BytePermutation::Unpair:
        return static_cast<int>(lane + 2 * (unit % 4 * 2 + unit / 4) + i % 2);
    }
    return 0;
}

template<BytePermutation P, typename B, std::size_t... I>
[[gnu::always_inline]] inline void permute(B &out, const B &b, std::index_sequence<I...>)
{
    out = __builtin_shufflevector(b, b, sourceByte(P, I)...);
}

template<BytePermutation P, typename V>
[[gnu::always_inline]] inline void permuteBytes(V &out, const V &x)
{
    using B = ByteVector<sizeof(V)>;
    B b;
    permute<P>(b, __builtin_bit_cast(B, x), std::make_index_sequence<sizeof(V)>{});
    out = __builtin_bit_cast(V, b);
}

// Rotations by 8 move whole bytes: one byte shuffle instead of two shifts and an OR (GCC does
// not find the shuffle by itself). AVX-512F rotates 32-bit words natively (vprold), which
// compilers pick for the shift/OR form.
template<bool Left, typename V>
[[gnu::always_inline]] inline void rotate8(V &out, const V &x)
{
    if constexpr (kWordBits<V> == 16)
        permuteBytes<BytePermutation::Swap16>(out, x);
    else if constexpr (sizeof(V) == 64)
        out = Left ? (x << 8) | (x >> 24) : (x >> 8) | (x << 24);
    else if constexpr (Left)
        permuteBytes<BytePermutation::RotateLeft32>(out, x);
    else
        permuteBytes<BytePermutation::RotateRight32>(out, x);
}

// Other rotations: shifts and an OR, except on NEON, where shift-and-insert (sri) saves the OR
// and GCC does not use it by itself.
template<int N, typename V>
[[gnu::always_inline]] inline void shiftRotl(V &out, const V &x)
{
    constexpr int bits = kWordBits<V>;
#if defined(__aarch64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if constexpr (sizeof(V) == 16 && bits == 32) {
        const auto v = __builtin_bit_cast(uint32x4_t, x);
        out = __builtin_bit_cast(V, vsriq_n_u32(vshlq_n_u32(v, N), v, 32 - N));
        return;
    } else if constexpr (sizeof(V) == 16) {
        const auto v = __builtin_bit_cast(uint16x8_t, x);
        out = __builtin_bit_cast(V, vsriq_n_u16(vshlq_n_u16(v, N), v, 16 - N));
        return;
    }
#endif
    out = (x << N) | (x >> (bits - N));
}

template<int N, typename V>
[[gnu::always_inline]] inline void rotl(V &out, const V &x)
{
    if constexpr (N == 8)
        rotate8<true>(out, x);
    else
        shiftRotl<N>(out, x);
}

template<int N, typename V>
[[gnu::always_inline]] inline void rotr(V &out, const V &x)
{
    if constexpr (N == 8)
        rotate8<false>(out, x);
    else
        shiftRotl<kWordBits<V> - N>(out, x);
}

// Round i on x0 in place: x0 = ROL((x0 ^ i) + (ROL(x1, A) ^ RK), B); `entry` is round i's.
template<int A, int B, typename V>
[[gnu::always_inline]] inline void forward(V &x0, const V &x1, const std::uint32_t *entry)
{
    V counter, key, t;
    splat(counter, entry + kCounterAt);
    splat(key, entry + kKeyAt);
    rotl<A>(t, x1);
    const V sum = (x0 ^ counter) + (t ^ key);
    rotl<B>(x0, sum);
}

// Round i undone up to its counter XOR, on y in place: y = ROR(y, B) - (ROL(x1, A) ^ key).
template<int A, int B, typename V>
[[gnu::always_inline]] inline void unmix(V &y, const V &x1, const std::uint32_t *keyPattern)
{
    V key, t, r;
    splat(key, keyPattern);
    rotl<A>(t, x1);
    rotr<B>(r, y);
    y = r - (t ^ key);
}

template<int A, int B, typename V>
[[gnu::always_inline]] inline void backward(V &y, const V &x1, const std::uint32_t *entry)
{
    V counter;
    splat(counter, entry + kCounterAt);
    unmix<A, B>(y, x1, entry + kKeyAt);
    y ^= counter;
}

// Constant indices only, so the words stay in registers.
template<typename V>
[[gnu::always_inline]] inline void rotateWords(Words<V> &x, unsigned by)
{
    switch (by % 4) {
    case 1:
        x = {x[1], x[2], x[3], x[0]};
        break;
    case 2:
        x = {x[2], x[3], x[0], x[1]};
        break;
    case 3:
        x = {x[3], x[0], x[1], x[2]};
        break;
    default:
        break;
    }
}

// Four rounds per step keep the rotation amounts and word roles constant (2k/w, 8 or 16, is a
// multiple of 4, so the key index stays aligned too). All groups advance round by round, so
// their independent chains overlap in the pipeline.
template<typename V, std::size_t Groups>
[[gnu::always_inline]] inline void encryptGroups(std::array<Words<V>, Groups> &s,
                                                 const std::uint32_t *schedule, unsigned rounds)
{
    const unsigned rest = rounds % 4;
    const unsigned full = rounds - rest;
    for (unsigned i = 0; i < full; i += 4) {
        const std::uint32_t *e = schedule + std::size_t{i} * kEntryWords;
#pragma GCC unroll 4
        for (auto &x : s)
            forward<1, 8>(x[0], x[1], e);
#pragma GCC unroll 4
        for (auto &x : s)
            forward<8, 1>(x[1], x[2], e + kEntryWords);
#pragma GCC unroll 4
        for (auto &x : s)
            forward<1, 8>(x[2], x[3], e + 2 * kEntryWords);
#pragma GCC unroll 4
        for (auto &x : s)
            forward<8, 1>(x[3], x[0], e + 3 * kEntryWords);
    }
    // Up to three more rounds; `full` is even, so the parities continue as above.
    const std::uint32_t *e = schedule + std::size_t{full} * kEntryWords;
#pragma GCC unroll 4
    for (auto &x : s) {
        if (rest > 0)
            forward<1, 8>(x[0], x[1], e);
        if (rest > 1)
            forward<8, 1>(x[1], x[2], e + kEntryWords);
        if (rest > 2)
            forward<1, 8>(x[2], x[3], e + 2 * kEntryWords);
        rotateWords(x, rest); // word j of the result is now x[(j + rest) % 4]
    }
}

template<typename V, std::size_t Groups>
[[gnu::always_inline]] inline void decryptGroups(std::array<Words<V>, Groups> &s,
                                                 const std::uint32_t *schedule, unsigned rounds)
{
    const unsigned rest = rounds % 4;
    const unsigned full = rounds - rest;
    const std::uint32_t *top = schedule + std::size_t{full} * kEntryWords;
#pragma GCC unroll 4
    for (auto &x : s) {
        rotateWords(x, 4 - rest);
        if (rest > 2)
            backward<1, 8>(x[2], x[3], top + 2 * kEntryWords);
        if (rest > 1)
            backward<8, 1>(x[1], x[2], top + kEntryWords);
        if (rest > 0)
            backward<1, 8>(x[0], x[1], top);
    }
    for (unsigned i = full; i > 0; i -= 4) {
        // Rounds i - 1 down to i - 4. Words recovered here keep their counter until the end of
        // the step; the folded keys account for it.
        const std::uint32_t *e = schedule + std::size_t{i - 4} * kEntryWords;
#pragma GCC unroll 4
        for (auto &x : s)
            unmix<8, 1>(x[3], x[0], e + 3 * kEntryWords + kKeyAt);
#pragma GCC unroll 4
        for (auto &x : s)
            unmix<1, 8>(x[2], x[3], e + 2 * kEntryWords + kFoldedKeyAt);
#pragma GCC unroll 4
        for (auto &x : s)
            unmix<8, 1>(x[1], x[2], e + kEntryWords + kFoldedKeyAt);
#pragma GCC unroll 4
        for (auto &x : s)
            unmix<1, 8>(x[0], x[1], e + kFoldedKeyAt);
#pragma GCC unroll 4
        for (auto &x : s) {
            for (std::size_t j = 0; j < 4; ++j) {
                V counter;
                splat(counter, e + j * kEntryWords + kCounterAt);
                x[j] ^= counter;
            }
        }
    }
}

} // namespace

#if defined(__x86_64__)

namespace {

// The loads transpose 4x4 32-bit units inside each 128-bit lane: four rows (blocks) in, four
// columns (word positions) out. A transposition is its own inverse, so the stores use the same
// one; which block lands in which lane does not matter as long as the way back is the same.

[[gnu::target("ssse3")]] inline void transpose(Words<U32x4> &x)
{
    const auto a = __builtin_bit_cast(__m128i, x[0]);
    const auto b = __builtin_bit_cast(__m128i, x[1]);
    const auto c = __builtin_bit_cast(__m128i, x[2]);
    const auto d = __builtin_bit_cast(__m128i, x[3]);
    const __m128i lo01 = _mm_unpacklo_epi32(a, b); // a0 b0 a1 b1
    const __m128i hi01 = _mm_unpackhi_epi32(a, b); // a2 b2 a3 b3
    const __m128i lo23 = _mm_unpacklo_epi32(c, d);
    const __m128i hi23 = _mm_unpackhi_epi32(c, d);
    x[0] = __builtin_bit_cast(U32x4, _mm_unpacklo_epi64(lo01, lo23)); // a0 b0 c0 d0
    x[1] = __builtin_bit_cast(U32x4, _mm_unpackhi_epi64(lo01, lo23));
    x[2] = __builtin_bit_cast(U32x4, _mm_unpacklo_epi64(hi01, hi23));
    x[3] = __builtin_bit_cast(U32x4, _mm_unpackhi_epi64(hi01, hi23));
}

[[gnu::target("avx2")]] inline void transpose(Words<U32x8> &x)
{
    const auto a = __builtin_bit_cast(__m256i, x[0]);
    const auto b = __builtin_bit_cast(__m256i, x[1]);
    const auto c = __builtin_bit_cast(__m256i, x[2]);
    const auto d = __builtin_bit_cast(__m256i, x[3]);
    const __m256i lo01 = _mm256_unpacklo_epi32(a, b);
    const __m256i hi01 = _mm256_unpackhi_epi32(a, b);
    const __m256i lo23 = _mm256_unpacklo_epi32(c, d);
    const __m256i hi23 = _mm256_unpackhi_epi32(c, d);
    x[0] = __builtin_bit_cast(U32x8, _mm256_unpacklo_epi64(lo01, lo23));
    x[1] = __builtin_bit_cast(U32x8, _mm256_unpackhi_epi64(lo01, lo23));
    x[2] = __builtin_bit_cast(U32x8, _mm256_unpacklo_epi64(hi01, hi23));
    x[3] = __builtin_bit_cast(U32x8, _mm256_unpackhi_epi64(hi01, hi23));
}

// The zero-masked forms with an all-ones mask compile to the plain instructions; the unmasked
// intrinsics trip GCC 12's -Wuninitialized on the undefined pass-through operand inside
// avx512fintrin.h.
[[gnu::target("avx512f")]] inline void transpose(Words<U32x16> &x)
{
    constexpr __mmask16 all32 = 0xffff;
    constexpr __mmask8 all64 = 0xff;
    const auto a = __builtin_bit_cast(__m512i, x[0]);
    const auto b = __builtin_bit_cast(__m512i, x[1]);
    const auto c = __builtin_bit_cast(__m512i, x[2]);
    const auto d = __builtin_bit_cast(__m512i, x[3]);
    const __m512i lo01 = _mm512_maskz_unpacklo_epi32(all32, a, b);
    const __m512i hi01 = _mm512_maskz_unpackhi_epi32(all32, a, b);
    const __m512i lo23 = _mm512_maskz_unpacklo_epi32(all32, c, d);
    const __m512i hi23 = _mm512_maskz_unpackhi_epi32(all32, c, d);
    x[0] = __builtin_bit_cast(U32x16, _mm512_maskz_unpacklo_epi64(all64, lo01, lo23));
    x[1] = __builtin_bit_cast(U32x16, _mm512_maskz_unpackhi_epi64(all64, lo01, lo23));
    x[2] = __builtin_bit_cast(U32x16, _mm512_maskz_unpacklo_epi64(all64, hi01, hi23));
    x[3] = __builtin_bit_cast(U32x16, _mm512_maskz_unpackhi_epi64(all64, hi01, hi23));
}

// Explicit unaligned loads and stores: from memcpy into the array of registers GCC makes one
// 128-byte copy through the stack, whose narrower stores the wide loads then cannot forward.
[[gnu::target("ssse3")]] inline void loadDwords(const std::uint8_t *in, Words<U32x4> &r)
{
    for (std::size_t j = 0; j < 4; ++j)
        r[j] =
            __builtin_bit_cast(U32x4, _mm_loadu_si128(reinterpret_cast<const __m128i *>(in) + j));
}

[[gnu::target("ssse3")]] inline void storeDwords(const Words<U32x4> &r, std::uint8_t *out)
{
    for (std::size_t j = 0; j < 4; ++j)
        _mm_storeu_si128(reinterpret_cast<__m128i *>(out) + j, __builtin_bit_cast(__m128i, r[j]));
}

[[gnu::target("avx2")]] inline void loadDwords(const std::uint8_t *in, Words<U32x8> &r)
{
    for (std::size_t j = 0; j < 4; ++j)
        r[j] = __builtin_bit_cast(U32x8,
                                  _mm256_loadu_si256(reinterpret_cast<const __m256i *>(in) + j));
}

[[gnu::target("avx2")]] inline void storeDwords(const Words<U32x8> &r, std::uint8_t *out)
{
    for (std::size_t j = 0; j < 4; ++j)
        _mm256_storeu_si256(reinterpret_cast<__m256i *>(out) + j,
                            __builtin_bit_cast(__m256i, r[j]));
}

[[gnu::target("avx512f")]] inline void loadDwords(const std::uint8_t *in, Words<U32x16> &r)
{
    for (std::size_t j = 0; j < 4; ++j)
        r[j] = __builtin_bit_cast(U32x16, _mm512_loadu_si512(in + 64 * j));
}

[[gnu::target("avx512f")]] inline void storeDwords(const Words<U32x16> &r, std::uint8_t *out)
{
    for (std::size_t j = 0; j < 4; ++j)
        _mm512_storeu_si512(out + 64 * j, __builtin_bit_cast(__m512i, r[j]));
}

// Register j is loaded with the j-th quarter of the group's bytes: per 128-bit lane one
// CHAM-128 block, or two CHAM-64 blocks whose words are paired up first.
template<typename V>
[[gnu::always_inline]] inline void loadWords(const std::uint8_t *in, Words<V> &x)
{
    Words<DwordVector<sizeof(V)>> r;
    loadDwords(in, r);
    if constexpr (kWordBits<V> == 16) {
        for (auto &v : r)
            permuteBytes<BytePermutation::Pair>(v, v);
    }
    transpose(r);
    for (std::size_t j = 0; j < 4; ++j)
        x[j] = __builtin_bit_cast(V, r[j]);
}

template<typename V>
[[gnu::always_inline]] inline void storeWords(const Words<V> &x, std::uint8_t *out)
{
    Words<DwordVector<sizeof(V)>> r;
    for (std::size_t j = 0; j < 4; ++j)
        r[j] = __builtin_bit_cast(DwordVector<sizeof(V)>, x[j]);
    transpose(r);
    if constexpr (kWordBits<V> == 16) {
        for (auto &v : r)
            permuteBytes<BytePermutation::Unpair>(v, v);
    }
    storeDwords(r, out);
}

} // namespace

#endif // __x86_64__

#if defined(__aarch64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__

namespace {

// vld4q de-interleaves while loading: word j of consecutive blocks lands in register j, so no
// separate transposition is needed (and vst4q interleaves back).
[[gnu::always_inline]] inline void loadWords(const std::uint8_t *in, Words<U32x4> &x)
{
    const uint32x4x4_t r = vld4q_u32(reinterpret_cast<const std::uint32_t *>(in));
    for (std::size_t j = 0; j < 4; ++j)
        x[j] = __builtin_bit_cast(U32x4, r.val[j]);
}

[[gnu::always_inline]] inline void loadWords(const std::uint8_t *in, Words<U16x8> &x)
{
    const uint16x8x4_t r = vld4q_u16(reinterpret_cast<const std::uint16_t *>(in));
    for (std::size_t j = 0; j < 4; ++j)
        x[j] = __builtin_bit_cast(U16x8, r.val[j]);
}

[[gnu::always_inline]] inline void storeWords(const Words<U32x4> &x, std::uint8_t *out)
{
    uint32x4x4_t r;
    for (std::size_t j = 0; j < 4; ++j)
        r.val[j] = __builtin_bit_cast(uint32x4_t, x[j]);
    vst4q_u32(reinterpret_cast<std::uint32_t *>(out), r);
}

[[gnu::always_inline]] inline void storeWords(const Words<U16x8> &x, std::uint8_t *out)
{
    uint16x8x4_t r;
    for (std::size_t j = 0; j < 4; ++j)
        r.val[j] = __builtin_bit_cast(uint16x8_t, x[j]);
    vst4q_u16(reinterpret_cast<std::uint16_t *>(out), r);
}

} // namespace

#endif // __aarch64__

namespace {

// A group of four registers holds 4 * sizeof(V) bytes: sizeof(V) / sizeof(Word) blocks.
template<typename V, bool Encrypt, std::size_t Groups>
[[gnu::always_inline]] inline void batchBody(const std::uint32_t *schedule, unsigned rounds,
                                             const std::uint8_t *in, std::uint8_t *out)
{
    std::array<Words<V>, Groups> s;
#pragma GCC unroll 4
    for (std::size_t g = 0; g < Groups; ++g)
        loadWords(in + 4 * sizeof(V) * g, s[g]);
    if constexpr (Encrypt)
        encryptGroups(s, schedule, rounds);
    else
        decryptGroups(s, schedule, rounds);
#pragma GCC unroll 4
    for (std::size_t g = 0; g < Groups; ++g)
        storeWords(s[g], out + 4 * sizeof(V) * g);
}

// What every path shares; a path adds its name, the register groups per batch for each
// direction, and batch<Encrypt, Groups>() under its target attribute (the batch bodies are the
// same, but an attribute cannot depend on a template parameter). The inverse rounds are one
// serial chain per block, so decryption needs more independent groups in flight than
// encryption, whose chain advances three rounds per step.
template<typename Word, std::size_t RegisterBytes>
struct PathShape
{
    using V = WordVector<Word, RegisterBytes>;
    static constexpr std::size_t kBlockBytes = 4 * sizeof(Word);
    static constexpr std::size_t kLanes = RegisterBytes / sizeof(Word);
};

template<class Path, bool Encrypt,
         std::size_t Groups = Encrypt ? Path::kEncryptGroups : Path::kDecryptGroups>
std::size_t cryptPath(const std::uint32_t *schedule, unsigned rounds, const std::uint8_t *in,
                      std::uint8_t *out, std::size_t blocks)
{
    constexpr std::size_t batchBlocks = Groups * Path::kLanes;
    std::size_t done = 0;
    for (; blocks - done >= batchBlocks; done += batchBlocks) {
        const std::size_t offset = Path::kBlockBytes * done;
        Path::template batch<Encrypt, Groups>(schedule, rounds, in + offset, out + offset);
    }
    // The remainder in smaller batches, down to one group.
    if constexpr (Groups > 1) {
        const std::size_t offset = Path::kBlockBytes * done;
        done += cryptPath<Path, Encrypt, Groups / 2>(schedule, rounds, in + offset, out + offset,
                                                     blocks - done);
    }
    return done;
}

template<class Path>
ChamKernel kernelOf()
{
    return {Path::kName, Path::kLanes, cryptPath<Path, true>, cryptPath<Path, false>};
}

#if defined(__x86_64__)

template<typename Word>
struct Ssse3Path : PathShape<Word, 16>
{
    static constexpr std::string_view kName = sizeof(Word) == 4 ? "SSSE3 4-way" : "SSSE3 8-way";
    static constexpr std::size_t kEncryptGroups = 2;
    static constexpr std::size_t kDecryptGroups = 3; // 16 registers: four groups would spill

    template<bool Encrypt, std::size_t Groups>
    [[gnu::target("ssse3")]] static void batch(const std::uint32_t *schedule, unsigned rounds,
                                               const std::uint8_t *in, std::uint8_t *out)
    {
        batchBody<typename Ssse3Path::V, Encrypt, Groups>(schedule, rounds, in, out);
    }
};

template<typename Word>
struct Avx2Path : PathShape<Word, 32>
{
    static constexpr std::string_view kName = sizeof(Word) == 4 ? "AVX2 8-way" : "AVX2 16-way";
    static constexpr std::size_t kEncryptGroups = 2;
    static constexpr std::size_t kDecryptGroups = 4;

    template<bool Encrypt, std::size_t Groups>
    [[gnu::target("avx2")]] static void batch(const std::uint32_t *schedule, unsigned rounds,
                                              const std::uint8_t *in, std::uint8_t *out)
    {
        batchBody<typename Avx2Path::V, Encrypt, Groups>(schedule, rounds, in, out);
    }
};

// AVX-512BW for the 16-bit lanes and 512-bit byte shuffles of CHAM-64; CHAM-128 needs only F.
template<typename Word>
struct Avx512Path : PathShape<Word, 64>
{
    static constexpr std::string_view kName =
        sizeof(Word) == 4 ? "AVX-512 16-way" : "AVX-512 32-way";
    static constexpr std::size_t kEncryptGroups = 2;
    static constexpr std::size_t kDecryptGroups = 4;

    template<bool Encrypt, std::size_t Groups>
    [[gnu::target("avx512f,avx512bw")]] static void
    batch(const std::uint32_t *schedule, unsigned rounds, const std::uint8_t *in, std::uint8_t *out)
    {
        batchBody<typename Avx512Path::V, Encrypt, Groups>(schedule, rounds, in, out);
    }
};

#elif defined(__aarch64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__

template<typename Word>
struct NeonPath : PathShape<Word, 16>
{
    static constexpr std::string_view kName = sizeof(Word) == 4 ? "NEON 4-way" : "NEON 8-way";
    static constexpr std::size_t kEncryptGroups = 2;
    static constexpr std::size_t kDecryptGroups = 4;

    template<bool Encrypt, std::size_t Groups>
    static void batch(const std::uint32_t *schedule, unsigned rounds, const std::uint8_t *in,
                      std::uint8_t *out)
    {
        batchBody<typename NeonPath::V, Encrypt, Groups>(schedule, rounds, in, out);
    }
};

#endif

template<typename Word>
std::vector<ChamKernel> kernelsFor(Isa limit)
{
    std::vector<ChamKernel> kernels;
#if defined(__x86_64__)
    // isa.cpp only reports a level on CPUs that have all of it (sse2 includes SSSE3, avx512
    // includes BW), but the features are checked here too: an x86-64 CPU without SSSE3 (early
    // Opteron/Athlon 64) would fault on pshufb.
    if (limit >= Isa::Avx512 && __builtin_cpu_supports("avx512f") &&
        __builtin_cpu_supports("avx512bw"))
        kernels.push_back(kernelOf<Avx512Path<Word>>());
    if (limit >= Isa::Avx2 && __builtin_cpu_supports("avx2"))
        kernels.push_back(kernelOf<Avx2Path<Word>>());
    if (limit >= Isa::Sse2 && __builtin_cpu_supports("ssse3"))
        kernels.push_back(kernelOf<Ssse3Path<Word>>());
#elif defined(__aarch64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (limit == Isa::Neon)
        kernels.push_back(kernelOf<NeonPath<Word>>());
#else
    (void)limit;
#endif
    return kernels;
}

template<typename Word>
std::vector<std::uint32_t> scheduleFor(std::span<const Word> roundKeys, unsigned rounds)
{
    std::vector<std::uint32_t> schedule(std::size_t{rounds} * kEntryWords);
    const auto fill = [](std::uint32_t *pattern, Word value) {
        for (std::size_t c = 0; c < 16 / sizeof(Word); ++c)
            std::memcpy(reinterpret_cast<std::uint8_t *>(pattern) + c * sizeof(Word), &value,
                        sizeof value);
    };
    for (unsigned i = 0; i < rounds; ++i) {
        const Word key = roundKeys[i % roundKeys.size()];
        const int rotX1 = i % 2 == 0 ? 1 : 8;
        // rounds <= 65535 (makeCham), so the counter fits a CHAM-64 word.
        const auto folded = static_cast<Word>(key ^ std::rotl(static_cast<Word>(i + 1), rotX1));
        std::uint32_t *entry = schedule.data() + std::size_t{i} * kEntryWords;
        fill(entry + kCounterAt, static_cast<Word>(i));
        fill(entry + kKeyAt, key);
        fill(entry + kFoldedKeyAt, folded);
    }
    return schedule;
}

} // namespace

std::vector<std::uint32_t> chamSchedule(std::span<const std::uint16_t> roundKeys, unsigned rounds)
{
    return scheduleFor(roundKeys, rounds);
}

std::vector<std::uint32_t> chamSchedule(std::span<const std::uint32_t> roundKeys, unsigned rounds)
{
    return scheduleFor(roundKeys, rounds);
}

std::vector<ChamKernel> cham64Kernels(Isa limit)
{
    return kernelsFor<std::uint16_t>(limit);
}

std::vector<ChamKernel> cham128Kernels(Isa limit)
{
    return kernelsFor<std::uint32_t>(limit);
}

} // namespace cipherwatt::ciphers::custom
