#pragma once

// Internal to the custom backend: word-sliced SIMD kernels for LEA. lea.cpp owns the key
// schedule and picks the kernels once per object from isaLimit(); the portable path in lea.cpp
// stays the reference these kernels are tested against.

#include <array>
#include <cstddef>
#include <cstdint>

namespace cipherwatt::ciphers::custom {

// The expanded key as every LEA path reads it.
struct LeaSchedule
{
    unsigned rounds = 0; // 24, 28 or 32; always a multiple of 4, the kernels rely on it
    // Per round the six words RK0..RK5 of the specification.
    std::array<std::array<std::uint32_t, 6>, 32> enc{};
    // Per round {RK1 ^ RK2, RK3 ^ RK4}: the inverse round is a serial chain (each word needs
    // the one recovered before it), and folding these XORs shortens that chain by two
    // operations per round.
    std::array<std::array<std::uint32_t, 2>, 32> dec{};
};

// A kernel encrypts or decrypts the largest multiple of its register width (4, 8 or 16 blocks of
// 16 bytes) that fits in `blocks`, and returns how many blocks that was; the caller passes the
// rest to a narrower path. `in` may equal `out`.
using LeaKernel = std::size_t (*)(const LeaSchedule &schedule, const std::uint8_t *in,
                                  std::uint8_t *out, std::size_t blocks);

struct LeaKernelPair
{
    LeaKernel encrypt = nullptr;
    LeaKernel decrypt = nullptr;
};

// The kernels of each instruction-set level. Only the levels of the architecture being built
// exist; the caller checks isaLimit() before using one, the kernels do not check the CPU.
#if defined(__x86_64__)
LeaKernelPair leaKernelsSse2();   // SSE2 (baseline on x86-64): 4 blocks per register
LeaKernelPair leaKernelsAvx2();   // AVX2: 8 blocks per register
LeaKernelPair leaKernelsAvx512(); // AVX-512F: 16 blocks per register, native rotates
#endif
#if defined(__aarch64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
LeaKernelPair leaKernelsNeon(); // NEON (baseline on aarch64): 4 blocks per register
#endif

} // namespace cipherwatt::ciphers::custom
