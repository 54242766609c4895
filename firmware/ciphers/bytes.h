/* Byte-order helpers for the portable ciphers: explicit little- and big-endian loads and stores,
 * so the code is correct on any host (memcpy-free shifts compile to single loads on Cortex-M3). */
#ifndef CW_BYTES_H
#define CW_BYTES_H

#include <stddef.h>
#include <stdint.h>

static inline uint32_t cw_load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void cw_store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static inline uint16_t cw_load16_le(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static inline void cw_store16_le(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static inline uint32_t cw_rol32(uint32_t x, unsigned n)
{
    return (x << (n & 31U)) | (x >> ((32U - n) & 31U));
}

static inline uint32_t cw_ror32(uint32_t x, unsigned n)
{
    return (x >> (n & 31U)) | (x << ((32U - n) & 31U));
}

static inline uint16_t cw_rol16(uint16_t x, unsigned n)
{
    return (uint16_t)((x << (n & 15U)) | (x >> ((16U - n) & 15U)));
}

static inline uint16_t cw_ror16(uint16_t x, unsigned n)
{
    return (uint16_t)((x >> (n & 15U)) | (x << ((16U - n) & 15U)));
}

static inline void cw_xor_bytes(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; ++i)
        out[i] = (uint8_t)(a[i] ^ b[i]);
}

/* Compares in time independent of where the first difference is (tags). */
static inline int cw_equal_ct(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t diff = 0;
    for (size_t i = 0; i < n; ++i)
        diff |= (uint8_t)(a[i] ^ b[i]);
    return diff == 0;
}

#endif
