/* Block cipher modes over any block cipher with 8- or 16-byte blocks (NIST SP 800-38A):
 * ECB, CBC and CTR. Every call is one whole message starting from the IV. `in` and `out` may be
 * the same buffer. Lengths are checked by the caller (whole blocks for ECB and CBC). */
#ifndef CW_MODES_H
#define CW_MODES_H

#include <stddef.h>
#include <stdint.h>

#define CW_MAX_BLOCK 16

typedef void (*cw_block_fn)(const void *key, const uint8_t *in, uint8_t *out);

void cw_ecb(const void *key, cw_block_fn fn, size_t block, const uint8_t *in, uint8_t *out,
            size_t len);
void cw_cbc_encrypt(const void *key, cw_block_fn encrypt, size_t block, const uint8_t *iv,
                    const uint8_t *in, uint8_t *out, size_t len);
void cw_cbc_decrypt(const void *key, cw_block_fn decrypt, size_t block, const uint8_t *iv,
                    const uint8_t *in, uint8_t *out, size_t len);
/* The IV is the initial counter block, incremented as one big-endian integer of the whole
 * block (SP 800-38A appendix B.1 with m = block bits). Any length; the last block is cut. */
void cw_ctr(const void *key, cw_block_fn encrypt, size_t block, const uint8_t *iv,
            const uint8_t *in, uint8_t *out, size_t len);

#endif
