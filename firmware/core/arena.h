/* The firmware's one big piece of RAM, shared by whatever runs: a benchmark's buffers, or a
 * known-answer computation's inputs and outputs. Only one of them runs at a time. */
#ifndef CW_ARENA_H
#define CW_ARENA_H

#include "config.h"

#include <stdint.h>

typedef union {
    struct
    {
        uint8_t plain[CW_MAX_BUFFER];
        uint8_t ctext[CW_MAX_BUFFER + CW_MAX_TAG];
        uint8_t work[CW_MAX_BUFFER + CW_MAX_TAG];
    } run;
    struct
    {
        uint8_t key[CW_MAX_KEY];
        uint8_t iv[CW_MAX_IV];
        uint8_t aad[CW_AAD_MAX];
        uint8_t in[CW_KAT_MAX + CW_MAX_TAG];
        uint8_t out[CW_KAT_MAX + CW_MAX_TAG];
    } kat;
} cw_arena_t;

extern _Alignas(8) cw_arena_t cw_arena;

#endif
