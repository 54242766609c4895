/* Backends: who implements which catalogue cipher. The portable C ciphers are the backend
 * "firmware" (ciphers/firmware_backend.c); a board's hardware (an AES peripheral) adds its own
 * in one file that defines a cw_backend and registers it with CW_REGISTER_BACKEND. The linker
 * collects the registrations (section .cw_backends, arch/cortex-m/cortex-m.ld), so nothing else
 * changes. */
#ifndef CW_BACKEND_H
#define CW_BACKEND_H

#include "config.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One message. Lengths were checked against the catalogue before the call. */
typedef struct
{
    const uint8_t *iv; /* IV or nonce, iv_len bytes (NULL when the cipher takes none) */
    size_t iv_len;
    const uint8_t *aad; /* AEAD only */
    size_t aad_len;
    const uint8_t *in;
    uint8_t *out; /* may equal in */
    /* Encrypt: len bytes of plaintext in, len + tag bytes out (AEAD: ciphertext || tag).
     * Decrypt: len bytes in (AEAD: ciphertext || tag), len - tag bytes out. */
    size_t len;
    /* Stream ciphers: the message starts at this key-stream byte offset (known-answer vectors
     * that start at block counter 1 or 42); 0 everywhere else. */
    uint64_t offset;
} cw_message;

typedef struct
{
    const char *cipher;         /* catalogue id */
    const char *implementation; /* a few words for the report, e.g. "portable C, T-table" */
    uint16_t ctx_bytes;         /* key schedule and state, at most CW_CTX_MAX */
    int (*setup)(void *ctx, const uint8_t *key, size_t key_len);
    /* CW_OK, CW_ERR_AUTH (decrypt: tag mismatch, output wiped) or another CW_ERR_* */
    int (*encrypt)(const void *ctx, const cw_message *m);
    int (*decrypt)(const void *ctx, const cw_message *m);
} cw_impl;

typedef struct
{
    const char *name;    /* "firmware", or e.g. "cc13xx-aes" */
    const char *library; /* provenance, e.g. "CipherWatt firmware ciphers" */
    /* Optional: powers up a peripheral; non-zero leaves the backend out (its name is then in
     * `hello`'s "backends_unavailable"). */
    int (*init)(void);
    const cw_impl *impls;
    size_t impl_count;
} cw_backend;

#define CW_REGISTER_BACKEND(backend)                                                               \
    __attribute__((used, section(".cw_backends." #backend))) static const cw_backend               \
        *const cw_backend_entry_##backend = &(backend)

/* A context type fits the shared context area. */
#define CW_CHECK_CTX(type) _Static_assert(sizeof(type) <= CW_CTX_MAX, #type " exceeds CW_CTX_MAX")

/* Tells the build's size report (cmake/SizeReport.cmake) how much context RAM a backend's
 * cipher needs: an array of that size in a section the linker script does not allocate (it
 * costs no memory), listed in the map file. `cipher` is the id with '-' written as '_'. */
#define CW_REPORT_CTX(backend, cipher, type)                                                       \
    __attribute__((used, section(".cw_sizes.ctx." #backend "." #cipher))) static const uint8_t     \
        cw_ctx_size_##backend##_##cipher[sizeof(type)]

void cw_backends_init(void);
size_t cw_backend_count(void);
const cw_backend *cw_backend_at(size_t i); /* NULL when it failed to initialise */
const char *cw_backend_name_at(size_t i);
const cw_backend *cw_find_backend(const char *name, size_t len);
const cw_impl *cw_find_impl(const cw_backend *backend, const char *cipher);

/* The context every cipher works in (one at a time). */
void *cw_ctx_area(void);

#endif
