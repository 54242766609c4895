#pragma once

// Internal to the custom backend: word-sliced SIMD kernels for CHAM (all three variants).
// cham.cpp owns the key schedule and picks the kernels once per object from isaLimit(); its
// portable path stays the reference these kernels are tested against.

#include <cipherwatt/ciphers/isa.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace cipherwatt::ciphers::custom {

// A kernel encrypts or decrypts the largest multiple of its lanes that fits in `blocks` (of 8
// bytes for CHAM-64, 16 for CHAM-128; `in` may equal `out`) and returns how many blocks it
// processed; the caller passes the rest to a narrower kernel or the portable path. Any round
// count works.
using ChamKernelFn = std::size_t (*)(const std::uint32_t *schedule, unsigned rounds,
                                     const std::uint8_t *in, std::uint8_t *out, std::size_t blocks);

struct ChamKernel
{
    std::string_view name; // for implementation(), e.g. "AVX2 8-way"
    std::size_t lanes;     // blocks per register; fewer blocks than this are left to the caller
    ChamKernelFn encrypt;
    ChamKernelFn decrypt;
};

// The per-round table the kernels read, built from the 2k/w round keys (8 or 16) of the
// portable key schedule: CHAM-64 words are 16-bit, CHAM-128 words 32-bit. Rebuild it whenever
// the key changes.
std::vector<std::uint32_t> chamSchedule(std::span<const std::uint16_t> roundKeys, unsigned rounds);
std::vector<std::uint32_t> chamSchedule(std::span<const std::uint32_t> roundKeys, unsigned rounds);

// The kernels this build and CPU can run without exceeding `limit`, widest first (the narrower
// ones take the remainders); empty when only the portable path applies.
std::vector<ChamKernel> cham64Kernels(Isa limit);
std::vector<ChamKernel> cham128Kernels(Isa limit);

} // namespace cipherwatt::ciphers::custom
