/* LEA-128 (KS X 3246, ISO/IEC 29192-2): 128-bit block of four little-endian 32-bit words,
 * 128-bit key, 24 rounds. */
#ifndef CW_LEA_H
#define CW_LEA_H

#include <stdint.h>

#define CW_LEA_BLOCK 16
#define CW_LEA128_KEY 16
#define CW_LEA128_ROUNDS 24

/* LEA-128's round key is (T0, T1, T2, T1, T3, T1): four distinct words per round are kept. */
typedef struct
{
    uint32_t rk[CW_LEA128_ROUNDS][4];
} cw_lea128;

void cw_lea128_setkey(cw_lea128 *ctx, const uint8_t key[CW_LEA128_KEY]);
void cw_lea128_encrypt_block(const cw_lea128 *ctx, const uint8_t in[16], uint8_t out[16]);
void cw_lea128_decrypt_block(const cw_lea128 *ctx, const uint8_t in[16], uint8_t out[16]);

#endif
