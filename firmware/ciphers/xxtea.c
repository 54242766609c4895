/* XXTEA from the algorithm in Wheeler and Needham's "Correction to xtea" (1998): with
 * delta = 0x9e3779b9 and e = (sum >> 2) & 3, each cycle adds to every word v[p], in order,
 *   MX = ((z >> 5 ^ y << 2) + (y >> 3 ^ z << 4)) ^ ((sum ^ y) + (k[(p & 3) ^ e] ^ z))
 * where z is the word before v[p] (already updated) and y the word after it (cyclically). */
#include "xxtea.h"

#include "bytes.h"

#define DELTA 0x9e3779b9U

static inline uint32_t mx(uint32_t y, uint32_t z, uint32_t sum, uint32_t k)
{
    return (((z >> 5) ^ (y << 2)) + ((y >> 3) ^ (z << 4))) ^ ((sum ^ y) + (k ^ z));
}

void cw_xxtea_setkey(cw_xxtea *ctx, const uint8_t key[CW_XXTEA_KEY])
{
    for (unsigned i = 0; i < 4; ++i)
        ctx->key[i] = cw_load32_le(key + 4 * i);
}

void cw_xxtea_encrypt(const cw_xxtea *ctx, uint8_t *data, size_t words)
{
    const size_t last = words - 1;
    unsigned cycles = 6 + (unsigned)(52 / words);
    uint32_t sum = 0;
    uint32_t z = cw_load32_le(data + 4 * last);
    while (cycles-- > 0) {
        sum += DELTA;
        const unsigned e = (sum >> 2) & 3;
        size_t p = 0;
        for (; p < last; ++p) {
            const uint32_t y = cw_load32_le(data + 4 * (p + 1));
            z = cw_load32_le(data + 4 * p) + mx(y, z, sum, ctx->key[(p & 3) ^ e]);
            cw_store32_le(data + 4 * p, z);
        }
        const uint32_t y = cw_load32_le(data);
        z = cw_load32_le(data + 4 * last) + mx(y, z, sum, ctx->key[(p & 3) ^ e]);
        cw_store32_le(data + 4 * last, z);
    }
}

void cw_xxtea_decrypt(const cw_xxtea *ctx, uint8_t *data, size_t words)
{
    const size_t last = words - 1;
    unsigned cycles = 6 + (unsigned)(52 / words);
    uint32_t sum = cycles * DELTA;
    uint32_t y = cw_load32_le(data);
    while (cycles-- > 0) {
        const unsigned e = (sum >> 2) & 3;
        size_t p = last;
        for (; p > 0; --p) {
            const uint32_t z = cw_load32_le(data + 4 * (p - 1));
            y = cw_load32_le(data + 4 * p) - mx(y, z, sum, ctx->key[(p & 3) ^ e]);
            cw_store32_le(data + 4 * p, y);
        }
        const uint32_t z = cw_load32_le(data + 4 * last);
        y = cw_load32_le(data) - mx(y, z, sum, ctx->key[(p & 3) ^ e]);
        cw_store32_le(data, y);
        sum -= DELTA;
    }
}
