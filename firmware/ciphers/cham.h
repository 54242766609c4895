/* CHAM-64/128 and CHAM-128/128 (Koo et al., ICISC 2017; round counts revised by Roh et al.,
 * ICISC 2019: 88 and 112, the originals 80 and 80). Words are loaded little-endian, as in the
 * KISA reference code and tests/data/kat/cham.vec. The round count is a parameter (a multiple
 * of 4). */
#ifndef CW_CHAM_H
#define CW_CHAM_H

#include <stdint.h>

#define CW_CHAM_KEY 16

typedef struct
{
    uint16_t rk[16]; /* 2k/w = 16 round keys of 16 bits */
    unsigned rounds;
} cw_cham64;

typedef struct
{
    uint32_t rk[8]; /* 2k/w = 8 round keys of 32 bits */
    unsigned rounds;
} cw_cham128;

void cw_cham64_setkey(cw_cham64 *ctx, const uint8_t key[CW_CHAM_KEY], unsigned rounds);
void cw_cham64_encrypt_block(const cw_cham64 *ctx, const uint8_t in[8], uint8_t out[8]);
void cw_cham64_decrypt_block(const cw_cham64 *ctx, const uint8_t in[8], uint8_t out[8]);

void cw_cham128_setkey(cw_cham128 *ctx, const uint8_t key[CW_CHAM_KEY], unsigned rounds);
void cw_cham128_encrypt_block(const cw_cham128 *ctx, const uint8_t in[16], uint8_t out[16]);
void cw_cham128_decrypt_block(const cw_cham128 *ctx, const uint8_t in[16], uint8_t out[16]);

#endif
