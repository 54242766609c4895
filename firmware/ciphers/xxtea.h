/* XXTEA, "Corrected Block TEA" (Wheeler and Needham, 1998): a block of n >= 2 little-endian
 * 32-bit words under a 128-bit key, 6 + 52/n cycles. Works in place. */
#ifndef CW_XXTEA_H
#define CW_XXTEA_H

#include <stddef.h>
#include <stdint.h>

#define CW_XXTEA_KEY 16

typedef struct
{
    uint32_t key[4];
} cw_xxtea;

void cw_xxtea_setkey(cw_xxtea *ctx, const uint8_t key[CW_XXTEA_KEY]);
/* `data` holds `words` (>= 2) little-endian words, encrypted or decrypted in place. */
void cw_xxtea_encrypt(const cw_xxtea *ctx, uint8_t *data, size_t words);
void cw_xxtea_decrypt(const cw_xxtea *ctx, uint8_t *data, size_t words);

#endif
