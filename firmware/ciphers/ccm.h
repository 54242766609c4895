/* AES-128-CCM (NIST SP 800-38C; RFC 3610): nonce of 7..13 bytes, tag of 4..16 bytes (even),
 * AAD below 2^32 bytes. Output of sealing is ciphertext || tag. */
#ifndef CW_CCM_H
#define CW_CCM_H

#include "aes.h"

#include <stddef.h>
#include <stdint.h>

/* out holds len + tag_len bytes; in may equal out. */
int cw_ccm_seal(const cw_aes128_enc *key, const uint8_t *nonce, size_t nonce_len,
                const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                size_t tag_len);
/* in holds len bytes = ciphertext || tag; out receives len - tag_len bytes, wiped when the tag
 * does not match (CW_ERR_AUTH). in may equal out. */
int cw_ccm_open(const cw_aes128_enc *key, const uint8_t *nonce, size_t nonce_len,
                const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                size_t tag_len);

#endif
