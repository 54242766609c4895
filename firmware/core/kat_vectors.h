/* Known-answer vectors carried by the firmware, generated at build time from the same third-
 * party files the worker embeds (the .vec files of tests/data/kat), for the ciphers it has
 * (cmake/GenerateVectors.cmake). */
#ifndef CW_KAT_VECTORS_H
#define CW_KAT_VECTORS_H

#include <stddef.h>
#include <stdint.h>

typedef struct
{
    const char *cipher;  /* catalogue id */
    const char *origin;  /* "<file>:<line>" of the vector in tests/data/kat */
    const uint8_t *data; /* key || iv || aad || in || out */
    uint16_t key_len;
    uint16_t iv_len;
    uint16_t aad_len;
    uint16_t in_len;
    uint16_t out_len;
    uint32_t offset; /* stream ciphers: key-stream offset of In/Out in bytes */
} cw_kat_vector;

extern const cw_kat_vector cw_kat_vectors[];
extern const size_t cw_kat_vector_count;

#endif
