/* CHAM from the ICISC 2017 paper's description: key schedule
 *   RK[i] = K[i] ^ ROL(K[i], 1) ^ ROL(K[i], 8),  RK[(i + k/w) ^ 1] = K[i] ^ ROL(K[i], 1) ^
 * ROL(K[i], 11) and round i (counter i XORed into the first word) even i: X'[3] = ROL((X[0] ^ i) +
 * (ROL(X[1], 1) ^ RK[i mod 2k/w]), 8) odd i:  X'[3] = ROL((X[0] ^ i) + (ROL(X[1], 8) ^ RK[i mod
 * 2k/w]), 1) with the other words moving one place down. Four rounds are unrolled so that no word
 * moves: after them every word is back in its slot. */
#include "cham.h"

#include "bytes.h"

void cw_cham64_setkey(cw_cham64 *ctx, const uint8_t key[CW_CHAM_KEY], unsigned rounds)
{
    for (unsigned i = 0; i < 8; ++i) {
        const uint16_t k = cw_load16_le(key + 2 * i);
        const uint16_t k1 = cw_rol16(k, 1);
        ctx->rk[i] = (uint16_t)(k ^ k1 ^ cw_rol16(k, 8));
        ctx->rk[(i + 8) ^ 1] = (uint16_t)(k ^ k1 ^ cw_rol16(k, 11));
    }
    ctx->rounds = rounds;
}

void cw_cham128_setkey(cw_cham128 *ctx, const uint8_t key[CW_CHAM_KEY], unsigned rounds)
{
    for (unsigned i = 0; i < 4; ++i) {
        const uint32_t k = cw_load32_le(key + 4 * i);
        const uint32_t k1 = cw_rol32(k, 1);
        ctx->rk[i] = k ^ k1 ^ cw_rol32(k, 8);
        ctx->rk[(i + 4) ^ 1] = k ^ k1 ^ cw_rol32(k, 11);
    }
    ctx->rounds = rounds;
}

/* 16-bit arithmetic: the sum wraps at 2^16. */
#define ENC64(x, y, i, a, b, rk) x = cw_rol16((uint16_t)((x ^ (i)) + (cw_rol16(y, a) ^ (rk))), b)
#define DEC64(x, y, i, a, b, rk)                                                                   \
    x = (uint16_t)((uint16_t)(cw_ror16(x, b) - (cw_rol16(y, a) ^ (rk))) ^ (i))

void cw_cham64_encrypt_block(const cw_cham64 *ctx, const uint8_t in[8], uint8_t out[8])
{
    uint16_t x0 = cw_load16_le(in), x1 = cw_load16_le(in + 2);
    uint16_t x2 = cw_load16_le(in + 4), x3 = cw_load16_le(in + 6);
    for (unsigned i = 0; i < ctx->rounds; i += 4) {
        const uint16_t *rk = ctx->rk + (i % 16);
        ENC64(x0, x1, i, 1, 8, rk[0]);
        ENC64(x1, x2, i + 1, 8, 1, rk[1]);
        ENC64(x2, x3, i + 2, 1, 8, rk[2]);
        ENC64(x3, x0, i + 3, 8, 1, rk[3]);
    }
    cw_store16_le(out, x0);
    cw_store16_le(out + 2, x1);
    cw_store16_le(out + 4, x2);
    cw_store16_le(out + 6, x3);
}

void cw_cham64_decrypt_block(const cw_cham64 *ctx, const uint8_t in[8], uint8_t out[8])
{
    uint16_t x0 = cw_load16_le(in), x1 = cw_load16_le(in + 2);
    uint16_t x2 = cw_load16_le(in + 4), x3 = cw_load16_le(in + 6);
    for (unsigned i = ctx->rounds; i > 0; i -= 4) {
        const unsigned r = i - 4;
        const uint16_t *rk = ctx->rk + (r % 16);
        DEC64(x3, x0, r + 3, 8, 1, rk[3]);
        DEC64(x2, x3, r + 2, 1, 8, rk[2]);
        DEC64(x1, x2, r + 1, 8, 1, rk[1]);
        DEC64(x0, x1, r, 1, 8, rk[0]);
    }
    cw_store16_le(out, x0);
    cw_store16_le(out + 2, x1);
    cw_store16_le(out + 4, x2);
    cw_store16_le(out + 6, x3);
}

#define ENC128(x, y, i, a, b, rk) x = cw_rol32((x ^ (i)) + (cw_rol32(y, a) ^ (rk)), b)
#define DEC128(x, y, i, a, b, rk) x = (cw_ror32(x, b) - (cw_rol32(y, a) ^ (rk))) ^ (i)

void cw_cham128_encrypt_block(const cw_cham128 *ctx, const uint8_t in[16], uint8_t out[16])
{
    uint32_t x0 = cw_load32_le(in), x1 = cw_load32_le(in + 4);
    uint32_t x2 = cw_load32_le(in + 8), x3 = cw_load32_le(in + 12);
    for (unsigned i = 0; i < ctx->rounds; i += 4) {
        const uint32_t *rk = ctx->rk + (i % 8);
        ENC128(x0, x1, i, 1, 8, rk[0]);
        ENC128(x1, x2, i + 1, 8, 1, rk[1]);
        ENC128(x2, x3, i + 2, 1, 8, rk[2]);
        ENC128(x3, x0, i + 3, 8, 1, rk[3]);
    }
    cw_store32_le(out, x0);
    cw_store32_le(out + 4, x1);
    cw_store32_le(out + 8, x2);
    cw_store32_le(out + 12, x3);
}

void cw_cham128_decrypt_block(const cw_cham128 *ctx, const uint8_t in[16], uint8_t out[16])
{
    uint32_t x0 = cw_load32_le(in), x1 = cw_load32_le(in + 4);
    uint32_t x2 = cw_load32_le(in + 8), x3 = cw_load32_le(in + 12);
    for (unsigned i = ctx->rounds; i > 0; i -= 4) {
        const unsigned r = i - 4;
        const uint32_t *rk = ctx->rk + (r % 8);
        DEC128(x3, x0, r + 3, 8, 1, rk[3]);
        DEC128(x2, x3, r + 2, 1, 8, rk[2]);
        DEC128(x1, x2, r + 1, 8, 1, rk[1]);
        DEC128(x0, x1, r, 1, 8, rk[0]);
    }
    cw_store32_le(out, x0);
    cw_store32_le(out + 4, x1);
    cw_store32_le(out + 8, x2);
    cw_store32_le(out + 12, x3);
}
