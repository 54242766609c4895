/* The ciphers the firmware knows, with the worker's ids and sizes (ciphers/src/catalogue.cpp):
 * what a cipher is, independent of who implements it (backend.h). */
#ifndef CW_CATALOGUE_H
#define CW_CATALOGUE_H

#include <stddef.h>
#include <stdint.h>

typedef enum { CW_KIND_BLOCK, CW_KIND_STREAM, CW_KIND_AEAD } cw_kind;
typedef enum { CW_IV_NONE, CW_IV_IV, CW_IV_NONCE } cw_iv_kind;

typedef struct
{
    const char *id;
    const char *family;
    const char *mode;
    const char *note;
    uint16_t key_bits;
    uint16_t block_bits; /* 0 for stream ciphers */
    uint8_t kind;        /* cw_kind */
    uint8_t iv_kind;     /* cw_iv_kind */
    uint8_t iv_bytes;    /* the length runs use */
    uint8_t iv_min;
    uint8_t iv_max;
    uint8_t tag_bytes;
    uint16_t min_input; /* shortest message in bytes */
    uint8_t unit;       /* a message is a whole number of these bytes (1: any length) */
} cw_cipher_info;

extern const cw_cipher_info cw_catalogue[];
extern const size_t cw_catalogue_count;

const cw_cipher_info *cw_find_cipher(const char *id, size_t len);
const char *cw_iv_kind_name(uint8_t kind); /* "none", "iv", "nonce" */

#endif
