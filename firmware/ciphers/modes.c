/* ECB, CBC and CTR from NIST SP 800-38A, sections 6.1, 6.2 and 6.5. */
#include "modes.h"

#include "bytes.h"

#include <string.h>

void cw_ecb(const void *key, cw_block_fn fn, size_t block, const uint8_t *in, uint8_t *out,
            size_t len)
{
    for (size_t off = 0; off + block <= len; off += block)
        fn(key, in + off, out + off);
}

void cw_cbc_encrypt(const void *key, cw_block_fn encrypt, size_t block, const uint8_t *iv,
                    const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t chain[CW_MAX_BLOCK];
    memcpy(chain, iv, block);
    for (size_t off = 0; off + block <= len; off += block) {
        cw_xor_bytes(chain, chain, in + off, block);
        encrypt(key, chain, chain);
        memcpy(out + off, chain, block);
    }
}

void cw_cbc_decrypt(const void *key, cw_block_fn decrypt, size_t block, const uint8_t *iv,
                    const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t chain[CW_MAX_BLOCK];
    uint8_t next[CW_MAX_BLOCK];
    uint8_t plain[CW_MAX_BLOCK];
    memcpy(chain, iv, block);
    for (size_t off = 0; off + block <= len; off += block) {
        memcpy(next, in + off, block); /* in place: keep the ciphertext before overwriting it */
        decrypt(key, next, plain);
        cw_xor_bytes(out + off, plain, chain, block);
        memcpy(chain, next, block);
    }
}

static void increment_be(uint8_t *counter, size_t n)
{
    for (size_t i = n; i-- > 0;) {
        if (++counter[i] != 0)
            break;
    }
}

void cw_ctr(const void *key, cw_block_fn encrypt, size_t block, const uint8_t *iv,
            const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t counter[CW_MAX_BLOCK];
    uint8_t stream[CW_MAX_BLOCK];
    memcpy(counter, iv, block);
    size_t off = 0;
    while (off < len) {
        encrypt(key, counter, stream);
        increment_be(counter, block);
        const size_t n = len - off < block ? len - off : block;
        cw_xor_bytes(out + off, in + off, stream, n);
        off += n;
    }
}
