/* A benchmark run, as the worker's runner does it (ciphers/src/runner.cpp): key, IV and input
 * from a seeded generator, real ciphertext made first, a warm-up, then the timed loop of whole
 * messages (encryption in place; decryption of real ciphertext, tags verified every time) for a
 * number of iterations or at least a number of seconds, then decrypt(encrypt(x)) = x. */
#ifndef CW_RUN_H
#define CW_RUN_H

#include "backend.h"
#include "catalogue.h"
#include "out.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct
{
    const cw_cipher_info *info;
    const cw_backend *backend;
    const cw_impl *impl;
} cw_run_target;

typedef struct
{
    cw_run_target target;
    bool decrypt;
    size_t buffer;       /* plaintext bytes per message */
    uint64_t iterations; /* exactly one of iterations and micros is non-zero */
    uint64_t micros;
    uint64_t seed;
    bool progress; /* a progress event every CW_PROGRESS_MS */
} cw_run_spec;

/* Sends run_start, progress events and run_end (or an error). */
void cw_run(const cw_run_spec *spec, const cw_id *id);

#endif
