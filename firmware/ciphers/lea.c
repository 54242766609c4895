/* LEA-128 from its specification (Hong et al., WISA 2013; KS X 3246). The key schedule constants
 * delta[0..3] are the first fraction words of sqrt(766965) in hexadecimal (76, 69, 65 are "LEA"
 * in ASCII): sqrt(766965) = 0x36b.c3efe9db 44626b02 79e27c8a 78df30ec...
 *
 * Key schedule (128-bit key, T = K as four little-endian words), for i = 0..23:
 *   T0 = ROL(T0 + ROL(d, i), 1), T1 = ROL(T1 + ROL(d, i+1), 3),
 *   T2 = ROL(T2 + ROL(d, i+2), 6), T3 = ROL(T3 + ROL(d, i+3), 11), d = delta[i mod 4]
 *   RK_i = (T0, T1, T2, T1, T3, T1)
 * Round: X0' = ROL((X0 ^ RK0) + (X1 ^ RK1), 9), X1' = ROR((X1 ^ RK2) + (X2 ^ RK3), 5),
 *        X2' = ROR((X2 ^ RK4) + (X3 ^ RK5), 3), X3' = X0. */
#include "lea.h"

#include "bytes.h"

static const uint32_t delta[4] = {0xc3efe9db, 0x44626b02, 0x79e27c8a, 0x78df30ec};

void cw_lea128_setkey(cw_lea128 *ctx, const uint8_t key[CW_LEA128_KEY])
{
    uint32_t t0 = cw_load32_le(key), t1 = cw_load32_le(key + 4);
    uint32_t t2 = cw_load32_le(key + 8), t3 = cw_load32_le(key + 12);
    for (unsigned i = 0; i < CW_LEA128_ROUNDS; ++i) {
        const uint32_t d = delta[i % 4];
        t0 = cw_rol32(t0 + cw_rol32(d, i), 1);
        t1 = cw_rol32(t1 + cw_rol32(d, i + 1), 3);
        t2 = cw_rol32(t2 + cw_rol32(d, i + 2), 6);
        t3 = cw_rol32(t3 + cw_rol32(d, i + 3), 11);
        ctx->rk[i][0] = t0;
        ctx->rk[i][1] = t1;
        ctx->rk[i][2] = t2;
        ctx->rk[i][3] = t3;
    }
}

/* One round on the words in slots (a, b, c, d) = (X0, X1, X2, X3); the new X0, X1, X2 go to
 * slots b, c, d and slot a keeps X0 as the new X3, so the roles move one slot per round and
 * return after four. */
#define ROUND(a, b, c, d, k)                                                                       \
    do {                                                                                           \
        d = cw_ror32((c ^ (k)[3]) + (d ^ (k)[1]), 3);                                              \
        c = cw_ror32((b ^ (k)[2]) + (c ^ (k)[1]), 5);                                              \
        b = cw_rol32((a ^ (k)[0]) + (b ^ (k)[1]), 9);                                              \
    } while (0)

void cw_lea128_encrypt_block(const cw_lea128 *ctx, const uint8_t in[16], uint8_t out[16])
{
    uint32_t x0 = cw_load32_le(in), x1 = cw_load32_le(in + 4);
    uint32_t x2 = cw_load32_le(in + 8), x3 = cw_load32_le(in + 12);
    for (unsigned i = 0; i < CW_LEA128_ROUNDS; i += 4) {
        ROUND(x0, x1, x2, x3, ctx->rk[i]);
        ROUND(x1, x2, x3, x0, ctx->rk[i + 1]);
        ROUND(x2, x3, x0, x1, ctx->rk[i + 2]);
        ROUND(x3, x0, x1, x2, ctx->rk[i + 3]);
    }
    cw_store32_le(out, x0);
    cw_store32_le(out + 4, x1);
    cw_store32_le(out + 8, x2);
    cw_store32_le(out + 12, x3);
}

void cw_lea128_decrypt_block(const cw_lea128 *ctx, const uint8_t in[16], uint8_t out[16])
{
    uint32_t x0 = cw_load32_le(in), x1 = cw_load32_le(in + 4);
    uint32_t x2 = cw_load32_le(in + 8), x3 = cw_load32_le(in + 12);
    for (unsigned i = CW_LEA128_ROUNDS; i-- > 0;) {
        const uint32_t *k = ctx->rk[i];
        /* The round run backwards: X0 was kept as X3', then X1, X2, X3 in turn. */
        const uint32_t p0 = x3;
        const uint32_t p1 = (cw_ror32(x0, 9) - (p0 ^ k[0])) ^ k[1];
        const uint32_t p2 = (cw_rol32(x1, 5) - (p1 ^ k[2])) ^ k[1];
        const uint32_t p3 = (cw_rol32(x2, 3) - (p2 ^ k[3])) ^ k[1];
        x0 = p0;
        x1 = p1;
        x2 = p2;
        x3 = p3;
    }
    cw_store32_le(out, x0);
    cw_store32_le(out + 4, x1);
    cw_store32_le(out + 8, x2);
    cw_store32_le(out + 12, x3);
}
