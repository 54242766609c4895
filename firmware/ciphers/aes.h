/* AES-128 block cipher (NIST FIPS-197), portable C11. One 1 KiB table for encryption and one
 * for decryption (the "equivalent inverse cipher" of FIPS-197 §5.3.5), each derived at compile
 * time from the S-box; columns are little-endian words (row 0 in the low byte). */
#ifndef CW_AES_H
#define CW_AES_H

#include <stdint.h>

#define CW_AES_BLOCK 16
#define CW_AES128_KEY 16
#define CW_AES128_WORDS 44 /* 4 * (10 rounds + 1) */

/* Encryption round keys: enough for ECB/CBC encryption, CTR and CCM. */
typedef struct
{
    uint32_t ek[CW_AES128_WORDS];
} cw_aes128_enc;

/* Both directions: ECB and CBC. */
typedef struct
{
    uint32_t ek[CW_AES128_WORDS];
    uint32_t dk[CW_AES128_WORDS];
} cw_aes128;

void cw_aes128_expand(uint32_t ek[CW_AES128_WORDS], const uint8_t key[CW_AES128_KEY]);
/* Decryption round keys for the equivalent inverse cipher, from the encryption ones. */
void cw_aes128_expand_dec(uint32_t dk[CW_AES128_WORDS], const uint32_t ek[CW_AES128_WORDS]);
void cw_aes128_encrypt_block(const uint32_t ek[CW_AES128_WORDS], const uint8_t in[CW_AES_BLOCK],
                             uint8_t out[CW_AES_BLOCK]);
void cw_aes128_decrypt_block(const uint32_t dk[CW_AES128_WORDS], const uint8_t in[CW_AES_BLOCK],
                             uint8_t out[CW_AES_BLOCK]);

#endif
