/* ChaCha20 (RFC 8439): 256-bit key, 96-bit nonce, 32-bit block counter. Every message starts at
 * block counter 0 (the catalogue's convention). */
#ifndef CW_CHACHA20_H
#define CW_CHACHA20_H

#include <stddef.h>
#include <stdint.h>

#define CW_CHACHA20_KEY 32
#define CW_CHACHA20_NONCE 12

typedef struct
{
    uint32_t key[8];
} cw_chacha20;

void cw_chacha20_setkey(cw_chacha20 *ctx, const uint8_t key[CW_CHACHA20_KEY]);
/* out = in XOR key stream from block `counter` on; in may equal out. */
void cw_chacha20_xor(const cw_chacha20 *ctx, const uint8_t nonce[CW_CHACHA20_NONCE],
                     uint32_t counter, const uint8_t *in, uint8_t *out, size_t len);

#endif
