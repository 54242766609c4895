/* ChaCha20 from RFC 8439: the quarter round (§2.1), the block function (§2.3) and encryption
 * (§2.4). */
#include "chacha20.h"

#include "bytes.h"

#define QR(a, b, c, d)                                                                             \
    do {                                                                                           \
        a += b;                                                                                    \
        d = cw_rol32(d ^ a, 16);                                                                   \
        c += d;                                                                                    \
        b = cw_rol32(b ^ c, 12);                                                                   \
        a += b;                                                                                    \
        d = cw_rol32(d ^ a, 8);                                                                    \
        c += d;                                                                                    \
        b = cw_rol32(b ^ c, 7);                                                                    \
    } while (0)

void cw_chacha20_setkey(cw_chacha20 *ctx, const uint8_t key[CW_CHACHA20_KEY])
{
    for (unsigned i = 0; i < 8; ++i)
        ctx->key[i] = cw_load32_le(key + 4 * i);
}

static void block(const uint32_t input[16], uint8_t out[64])
{
    uint32_t x[16];
    for (unsigned i = 0; i < 16; ++i)
        x[i] = input[i];
    for (unsigned i = 0; i < 10; ++i) {
        QR(x[0], x[4], x[8], x[12]);
        QR(x[1], x[5], x[9], x[13]);
        QR(x[2], x[6], x[10], x[14]);
        QR(x[3], x[7], x[11], x[15]);
        QR(x[0], x[5], x[10], x[15]);
        QR(x[1], x[6], x[11], x[12]);
        QR(x[2], x[7], x[8], x[13]);
        QR(x[3], x[4], x[9], x[14]);
    }
    for (unsigned i = 0; i < 16; ++i)
        cw_store32_le(out + 4 * i, x[i] + input[i]);
}

void cw_chacha20_xor(const cw_chacha20 *ctx, const uint8_t nonce[CW_CHACHA20_NONCE],
                     uint32_t counter, const uint8_t *in, uint8_t *out, size_t len)
{
    /* "expand 32-byte k" */
    uint32_t state[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
    for (unsigned i = 0; i < 8; ++i)
        state[4 + i] = ctx->key[i];
    state[12] = counter;
    state[13] = cw_load32_le(nonce);
    state[14] = cw_load32_le(nonce + 4);
    state[15] = cw_load32_le(nonce + 8);
    uint8_t stream[64];
    for (size_t off = 0; off < len; off += 64) {
        block(state, stream);
        ++state[12];
        const size_t n = len - off < 64 ? len - off : 64;
        cw_xor_bytes(out + off, in + off, stream, n);
    }
}
