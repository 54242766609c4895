/* The commands with parameters: `kat` (one known-answer computation) and `run` (checked here,
 * measured by run.c). */
#include "../ciphers/status.h"
#include "arena.h"
#include "backend.h"
#include "catalogue.h"
#include "config.h"
#include "json.h"
#include "out.h"
#include "protocol.h"
#include "run.h"
#include "text.h"

#include <string.h>

static void error_text(const cw_id *id, const char *code, const cw_text *t)
{
    cw_protocol_error(id, code, t->buf);
}

/* The cipher, backend and implementation a command names; false after an error event. */
static bool cipher_fields(const cw_json_object *cmd, const cw_id *id, cw_run_target *target)
{
    const cw_json_field *cipher = cw_json_find(cmd, "cipher");
    const cw_json_field *backend = cw_json_find(cmd, "backend");
    cw_text t = {.len = 0};
    if (cipher == NULL || cipher->type != CW_JSON_STRING) {
        cw_protocol_error(id, "field", "cipher: a cipher id is required");
        return false;
    }
    target->info = cw_find_cipher(cipher->value, cipher->len);
    if (target->info == NULL) {
        cw_text_add(&t, "unknown cipher ");
        cw_text_quote(&t, cipher->value, cipher->len);
        cw_text_add(&t, " (see list)");
        error_text(id, "cipher", &t);
        return false;
    }
    if (backend == NULL || backend->type != CW_JSON_STRING) {
        cw_protocol_error(id, "field", "backend: a backend name is required");
        return false;
    }
    target->backend = cw_find_backend(backend->value, backend->len);
    if (target->backend == NULL) {
        cw_text_add(&t, "unknown backend ");
        cw_text_quote(&t, backend->value, backend->len);
        cw_text_add(&t, "; backends:");
        for (size_t i = 0; i < cw_backend_count(); ++i) {
            if (cw_backend_at(i) != NULL) {
                cw_text_add(&t, " ");
                cw_text_add(&t, cw_backend_name_at(i));
            }
        }
        error_text(id, "backend", &t);
        return false;
    }
    target->impl = cw_find_impl(target->backend, target->info->id);
    if (target->impl == NULL) {
        cw_text_add(&t, target->backend->name);
        cw_text_add(&t, " has no ");
        cw_text_add(&t, target->info->id);
        error_text(id, "backend", &t);
        return false;
    }
    return true;
}

/* "encrypt" or "decrypt" (default when absent: `fallback`, or an error when there is none). */
static bool op_field(const cw_json_object *cmd, const cw_id *id, int fallback, bool *decrypt)
{
    const cw_json_field *op = cw_json_find(cmd, "op");
    if (op == NULL && fallback >= 0) {
        *decrypt = fallback == 1;
        return true;
    }
    if (cw_json_is(op, "encrypt") || cw_json_is(op, "decrypt")) {
        *decrypt = cw_json_is(op, "decrypt");
        return true;
    }
    cw_protocol_error(id, "field", "op: must be encrypt or decrypt");
    return false;
}

static bool hex_field(const cw_json_object *cmd, const cw_id *id, const char *name, uint8_t *out,
                      size_t max, size_t *len)
{
    const cw_json_field *f = cw_json_find(cmd, name);
    if (f != NULL && f->type == CW_JSON_STRING && cw_hex_decode(f->value, f->len, out, max, len))
        return true;
    cw_text t = {.len = 0};
    cw_text_add(&t, name);
    cw_text_add(&t, f == NULL ? ": required (hex)" : ": must be hex of at most ");
    if (f != NULL) {
        cw_text_u64(&t, max);
        cw_text_add(&t, " bytes");
    }
    error_text(id, "field", &t);
    return false;
}

/* Message length rules of the catalogue; `what` names the field in the error. */
static bool length_ok(const cw_id *id, const cw_cipher_info *info, const char *what, size_t len)
{
    cw_text t = {.len = 0};
    if (len < info->min_input || (info->unit > 1 && len % info->unit != 0)) {
        cw_text_add(&t, what);
        cw_text_add(&t, ": ");
        cw_text_add(&t, info->id);
        if (len < info->min_input) {
            cw_text_add(&t, " needs at least ");
            cw_text_u64(&t, info->min_input);
            cw_text_add(&t, " bytes");
        } else {
            cw_text_add(&t, " needs a multiple of ");
            cw_text_u64(&t, info->unit);
            cw_text_add(&t, " bytes (no padding)");
        }
        error_text(id, "field", &t);
        return false;
    }
    return true;
}

void cw_protocol_kat(const cw_json_object *cmd, const cw_id *id)
{
    cw_run_target target;
    bool decrypt;
    if (!cipher_fields(cmd, id, &target) || !op_field(cmd, id, -1, &decrypt))
        return;
    const cw_cipher_info *info = target.info;
    cw_text t = {.len = 0};

    size_t key_len;
    if (!hex_field(cmd, id, "key", cw_arena.kat.key, CW_MAX_KEY, &key_len))
        return;
    if (key_len != info->key_bits / 8U) {
        cw_text_add(&t, "key: ");
        cw_text_add(&t, info->id);
        cw_text_add(&t, " takes a ");
        cw_text_u64(&t, info->key_bits / 8U);
        cw_text_add(&t, "-byte key");
        error_text(id, "field", &t);
        return;
    }

    /* Only the parameter this cipher takes, under its own name (as `cipherwatt-bench kat`). */
    const char *iv_name = cw_iv_kind_name(info->iv_kind);
    static const char *const iv_names[] = {"iv", "nonce", "tweak"};
    for (size_t i = 0; i < 3; ++i) {
        if (cw_json_find(cmd, iv_names[i]) != NULL && strcmp(iv_names[i], iv_name) != 0) {
            cw_text_add(&t, iv_names[i]);
            cw_text_add(&t, ": ");
            cw_text_add(&t, info->id);
            cw_text_add(&t,
                        info->iv_kind == CW_IV_NONE ? " takes no IV, nonce or tweak" : " takes ");
            if (info->iv_kind != CW_IV_NONE) {
                cw_text_add(&t, iv_name);
                cw_text_add(&t, " instead");
            }
            error_text(id, "field", &t);
            return;
        }
    }
    size_t iv_len = 0;
    if (info->iv_kind != CW_IV_NONE) {
        if (!hex_field(cmd, id, iv_name, cw_arena.kat.iv, CW_MAX_IV, &iv_len))
            return;
        if (iv_len < info->iv_min || iv_len > info->iv_max) {
            cw_text_add(&t, iv_name);
            cw_text_add(&t, ": ");
            cw_text_add(&t, info->id);
            cw_text_add(&t, " takes ");
            cw_text_u64(&t, info->iv_min);
            if (info->iv_max != info->iv_min) {
                cw_text_add(&t, " to ");
                cw_text_u64(&t, info->iv_max);
            }
            cw_text_add(&t, " bytes");
            error_text(id, "field", &t);
            return;
        }
    }
    size_t aad_len = 0;
    if (cw_json_find(cmd, "aad") != NULL) {
        if (info->kind != CW_KIND_AEAD) {
            cw_text_add(&t, "aad: ");
            cw_text_add(&t, info->id);
            cw_text_add(&t, " takes no associated data");
            error_text(id, "field", &t);
            return;
        }
        if (!hex_field(cmd, id, "aad", cw_arena.kat.aad, CW_AAD_MAX, &aad_len))
            return;
    }
    uint64_t offset = 0;
    const cw_json_field *offset_field = cw_json_find(cmd, "offset");
    if (offset_field != NULL) {
        if (info->kind != CW_KIND_STREAM ||
            !cw_json_u64(offset_field, (uint64_t)UINT32_MAX * 64U, &offset)) {
            cw_protocol_error(id, "field",
                              "offset: stream ciphers only, a key-stream byte offset below 2^38");
            return;
        }
    }
    const size_t tag = info->tag_bytes;
    size_t len;
    if (!hex_field(cmd, id, "input", cw_arena.kat.in, CW_KAT_MAX + (decrypt ? tag : 0), &len))
        return;
    if (decrypt && len < tag) {
        cw_protocol_error(id, "field", "input: shorter than the tag");
        return;
    }
    if (!length_ok(id, info, "input", decrypt ? len - tag : len))
        return;

    void *ctx = cw_ctx_area();
    int status = target.impl->setup(ctx, cw_arena.kat.key, key_len);
    if (status == CW_OK) {
        const cw_message m = {.iv = iv_len > 0 ? cw_arena.kat.iv : NULL,
                              .iv_len = iv_len,
                              .aad = cw_arena.kat.aad,
                              .aad_len = aad_len,
                              .in = cw_arena.kat.in,
                              .out = cw_arena.kat.out,
                              .len = len,
                              .offset = offset};
        status = decrypt ? target.impl->decrypt(ctx, &m) : target.impl->encrypt(ctx, &m);
    }
    if (status == CW_ERR_AUTH) {
        cw_protocol_error(id, "auth", "decrypt: authentication failed (the tag does not match)");
        return;
    }
    if (status != CW_OK) {
        cw_protocol_error(id, "internal", "the cipher refused its input");
        return;
    }
    cw_out_begin("kat", id);
    cw_out_key("cipher");
    cw_out_string(info->id);
    cw_out_key("backend");
    cw_out_string(target.backend->name);
    cw_out_key("op");
    cw_out_string(decrypt ? "decrypt" : "encrypt");
    cw_out_key("output");
    cw_out_hex(cw_arena.kat.out, decrypt ? len - tag : len + tag);
    cw_out_end();
}

void cw_protocol_run(const cw_json_object *cmd, const cw_id *id)
{
    cw_run_spec spec;
    if (!cipher_fields(cmd, id, &spec.target) || !op_field(cmd, id, 0, &spec.decrypt))
        return;
    const cw_cipher_info *info = spec.target.info;
    uint64_t value = 4096;
    const cw_json_field *buffer = cw_json_find(cmd, "buffer");
    if (buffer != NULL && !cw_json_u64(buffer, UINT32_MAX, &value))
        value = 0;
    if (value < 1 || value > CW_MAX_BUFFER) {
        cw_text t = {.len = 0};
        cw_text_add(&t, "buffer: must be 1..");
        cw_text_u64(&t, CW_MAX_BUFFER);
        cw_text_add(&t, " bytes on this board");
        error_text(id, "field", &t);
        return;
    }
    spec.buffer = (size_t)value;
    if (!length_ok(id, info, "buffer", spec.buffer))
        return;
    const cw_json_field *iterations = cw_json_find(cmd, "iterations");
    const cw_json_field *seconds = cw_json_find(cmd, "seconds");
    if ((iterations == NULL) == (seconds == NULL)) {
        cw_protocol_error(id, "field", "give exactly one of iterations and seconds");
        return;
    }
    spec.iterations = 0;
    spec.micros = 0;
    if (iterations != NULL &&
        (!cw_json_u64(iterations, 1000000000000ULL, &spec.iterations) || spec.iterations == 0)) {
        cw_protocol_error(id, "field", "iterations: must be a whole number from 1 to 10^12");
        return;
    }
    if (seconds != NULL && !cw_json_micros(seconds, 86400000000ULL, &spec.micros)) {
        cw_protocol_error(id, "field", "seconds: must be from 0.000001 to 86400");
        return;
    }
    spec.seed = 1;
    const cw_json_field *seed = cw_json_find(cmd, "seed");
    if (seed != NULL && !cw_json_u64(seed, UINT64_MAX, &spec.seed)) {
        cw_protocol_error(id, "field", "seed: must be a whole number from 0 to 2^64-1");
        return;
    }
    spec.progress = true;
    const cw_json_field *progress = cw_json_find(cmd, "progress");
    if (progress != NULL && !cw_json_bool(progress, &spec.progress)) {
        cw_protocol_error(id, "field", "progress: must be true or false");
        return;
    }
    const cw_json_field *chunking = cw_json_find(cmd, "chunking");
    if (chunking != NULL && !cw_json_is(chunking, "message")) {
        cw_protocol_error(id, "field",
                          "chunking: the firmware processes every buffer as a message");
        return;
    }
    cw_run(&spec, id);
}
