#pragma once

// Little-endian word loads and stores for the custom ciphers, correct on any host: every
// algorithm here defines its bytes-to-words mapping as little-endian (KISA's CHAM and LEA,
// RC6, IEEE 1619's tweak, Adiantum's NH and hash arithmetic).

#include <bit>
#include <cstdint>
#include <cstring>

namespace cipherwatt::ciphers::custom {

template<typename Word>
constexpr Word byteSwap(Word w)
{
    Word swapped = 0;
    for (std::size_t i = 0; i < sizeof w; ++i)
        swapped = static_cast<Word>((swapped << 8) | ((w >> (8 * i)) & 0xff));
    return swapped;
}

template<typename Word>
inline Word loadLe(const std::uint8_t *p)
{
    Word w = 0;
    std::memcpy(&w, p, sizeof w);
    if constexpr (std::endian::native == std::endian::big)
        w = byteSwap(w);
    return w;
}

template<typename Word>
inline void storeLe(std::uint8_t *p, Word w)
{
    if constexpr (std::endian::native == std::endian::big)
        w = byteSwap(w);
    std::memcpy(p, &w, sizeof w);
}

inline std::uint32_t loadLe32(const std::uint8_t *p)
{
    return loadLe<std::uint32_t>(p);
}
inline void storeLe32(std::uint8_t *p, std::uint32_t w)
{
    storeLe(p, w);
}
inline std::uint64_t loadLe64(const std::uint8_t *p)
{
    return loadLe<std::uint64_t>(p);
}
inline void storeLe64(std::uint8_t *p, std::uint64_t w)
{
    storeLe(p, w);
}

} // namespace cipherwatt::ciphers::custom
