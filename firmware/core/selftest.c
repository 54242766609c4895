#include "selftest.h"

#include "../ciphers/status.h"
#include "arena.h"
#include "backend.h"
#include "catalogue.h"
#include "kat_vectors.h"
#include "platform.h"
#include "protocol.h"
#include "text.h"

#include <string.h>

#define MAX_REQUESTED 32
#define MAX_MESSAGES 3 /* failures listed per entry; the counts say how many there were */

typedef struct
{
    unsigned passed;
    unsigned failed;
    size_t stack;
    cw_text messages[MAX_MESSAGES];
    unsigned message_count;
} tally;

static void note_failure(tally *t, const cw_kat_vector *v, const char *what)
{
    ++t->failed;
    if (t->message_count < MAX_MESSAGES) {
        cw_text *m = &t->messages[t->message_count++];
        m->len = 0;
        cw_text_add(m, v->origin);
        cw_text_add(m, ": ");
        cw_text_add(m, what);
    }
}

/* Runs one call with the stack probe around it. */
static int measured(tally *t, int (*fn)(const void *, const cw_message *), const void *ctx,
                    const cw_message *m)
{
    cw_stack_mark();
    const int status = fn(ctx, m);
    const size_t used = cw_stack_used_since_mark();
    if (used > t->stack)
        t->stack = used;
    return status;
}

static void check_vector(const cw_cipher_info *info, const cw_impl *impl, const cw_kat_vector *v,
                         tally *t)
{
    const uint8_t *key = v->data;
    const uint8_t *iv = key + v->key_len;
    const uint8_t *aad = iv + v->iv_len;
    const uint8_t *in = aad + v->aad_len;
    const uint8_t *out = in + v->in_len;
    void *ctx = cw_ctx_area();
    if (v->in_len > CW_KAT_MAX || v->out_len > CW_KAT_MAX + CW_MAX_TAG) {
        note_failure(t, v, "vector larger than CW_KAT_MAX");
        return;
    }
    cw_stack_mark();
    const int setup = impl->setup(ctx, key, v->key_len);
    const size_t used = cw_stack_used_since_mark();
    if (used > t->stack)
        t->stack = used;
    if (setup != CW_OK) {
        note_failure(t, v, "key setup refused the key");
        return;
    }
    cw_message m = {.iv = v->iv_len > 0 ? iv : NULL,
                    .iv_len = v->iv_len,
                    .aad = aad,
                    .aad_len = v->aad_len,
                    .in = in,
                    .out = cw_arena.kat.out,
                    .len = v->in_len,
                    .offset = v->offset};
    if (measured(t, impl->encrypt, ctx, &m) != CW_OK ||
        memcmp(cw_arena.kat.out, out, v->out_len) != 0) {
        note_failure(t, v, "encrypt gave another output than the published one");
        return;
    }
    m.in = out;
    m.len = v->out_len;
    if (measured(t, impl->decrypt, ctx, &m) != CW_OK) {
        note_failure(t, v, "decrypt rejected the published ciphertext");
        return;
    }
    if (memcmp(cw_arena.kat.out, in, v->in_len) != 0) {
        note_failure(t, v, "decrypt gave another output than the published plaintext");
        return;
    }
    if (info->kind == CW_KIND_AEAD) {
        memcpy(cw_arena.kat.in, out, v->out_len);
        cw_arena.kat.in[v->out_len - 1] ^= 0x01;
        m.in = cw_arena.kat.in;
        if (measured(t, impl->decrypt, ctx, &m) != CW_ERR_AUTH) {
            note_failure(t, v, "decrypt accepted a forged tag");
            return;
        }
    }
    ++t->passed;
}

static void entry(const char *cipher, const char *backend, const tally *t, size_t ctx_bytes)
{
    cw_out_object_begin();
    cw_out_key("cipher");
    cw_out_string(cipher);
    cw_out_key("backend");
    cw_out_string(backend);
    cw_out_key("status");
    cw_out_string(t->failed > 0 ? "failed" : t->passed > 0 ? "passed" : "unavailable");
    cw_out_key("passed");
    cw_out_u64(t->passed);
    cw_out_key("failed");
    cw_out_u64(t->failed);
    cw_out_key("unavailable");
    cw_out_u64(0);
    cw_out_key("messages");
    cw_out_array_begin();
    for (unsigned i = 0; i < t->message_count; ++i)
        cw_out_string(t->messages[i].buf);
    cw_out_array_end();
    cw_out_key("ctx_bytes");
    cw_out_u64(ctx_bytes);
    cw_out_key("stack_bytes");
    cw_out_u64(t->stack);
    cw_out_object_end();
}

void cw_selftest(const cw_json_field *ciphers, const cw_id *id)
{
    /* The request is read first (ids are decoded in place, once). */
    const char *requested[MAX_REQUESTED];
    size_t requested_len[MAX_REQUESTED];
    size_t requested_count = 0;
    if (ciphers != NULL) {
        if (ciphers->type != CW_JSON_ARRAY) {
            cw_protocol_error(id, "field", "ciphers: must be an array of cipher ids");
            return;
        }
        cw_json_iter it = cw_json_iterate(ciphers);
        bool error = false;
        while (requested_count < MAX_REQUESTED &&
               cw_json_next_string(&it, &requested[requested_count],
                                   &requested_len[requested_count], &error))
            ++requested_count;
        if (error) {
            cw_protocol_error(id, "field", "ciphers: must be an array of cipher ids");
            return;
        }
    }

    bool all_passed = true;
    /* Results are computed twice over: once to know "passed" (it comes first, as in the
     * worker's event), once while writing. Vectors are quick; this keeps RAM small. */
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1) {
            cw_out_begin("selftest", id);
            cw_out_key("passed");
            cw_out_bool(all_passed);
            cw_out_key("results");
            cw_out_array_begin();
        }
        for (size_t c = 0; c < cw_catalogue_count; ++c) {
            const cw_cipher_info *info = &cw_catalogue[c];
            bool want = ciphers == NULL;
            for (size_t r = 0; r < requested_count && !want; ++r)
                want = strlen(info->id) == requested_len[r] &&
                       memcmp(info->id, requested[r], requested_len[r]) == 0;
            if (!want)
                continue;
            for (size_t b = 0; b < cw_backend_count(); ++b) {
                const cw_backend *backend = cw_backend_at(b);
                const cw_impl *impl = backend != NULL ? cw_find_impl(backend, info->id) : NULL;
                if (impl == NULL)
                    continue;
                tally t;
                memset(&t, 0, sizeof t);
                for (size_t v = 0; v < cw_kat_vector_count; ++v) {
                    if (strcmp(cw_kat_vectors[v].cipher, info->id) == 0)
                        check_vector(info, impl, &cw_kat_vectors[v], &t);
                }
                if (t.failed > 0 || t.passed == 0)
                    all_passed = false;
                if (pass == 1)
                    entry(info->id, backend->name, &t, impl->ctx_bytes);
            }
        }
        /* A requested id the firmware does not know fails, as in the worker. */
        for (size_t r = 0; r < requested_count; ++r) {
            if (cw_find_cipher(requested[r], requested_len[r]) != NULL)
                continue;
            all_passed = false;
            if (pass == 1) {
                tally t;
                memset(&t, 0, sizeof t);
                t.failed = 1;
                t.message_count = 1;
                cw_text_add(&t.messages[0], "unknown cipher ");
                cw_text_quote(&t.messages[0], requested[r], requested_len[r]);
                cw_text out_id = {.len = 0};
                cw_text_add_n(&out_id, requested[r],
                              requested_len[r] < CW_QUOTE_MAX ? requested_len[r] : CW_QUOTE_MAX);
                entry(out_id.buf, "*", &t, 0);
            }
        }
    }
    cw_out_array_end();
    cw_out_key("isa_agreement");
    cw_out_raw("[]");
    cw_out_end();
}
