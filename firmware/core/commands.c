/* The commands with parameters: `kat` (one known-answer computation), `run` (checked here,
 * measured by run.c) and `check` (a dry run: would these runs be accepted?). */
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

/* Why a command's parameters are refused: the error code (PROTOCOL.md) and the message. */
typedef struct
{
    const char *code;
    cw_text text;
} problem;

static bool fail(problem *p, const char *code, const char *message)
{
    p->code = code;
    p->text.len = 0;
    cw_text_add(&p->text, message);
    return false;
}

/* The cipher, backend and implementation a command names. */
static bool cipher_fields(const cw_json_object *cmd, cw_run_target *target, problem *p)
{
    const cw_json_field *cipher = cw_json_find(cmd, "cipher");
    const cw_json_field *backend = cw_json_find(cmd, "backend");
    if (cipher == NULL || cipher->type != CW_JSON_STRING)
        return fail(p, "field", "cipher: a cipher id is required");
    target->info = cw_find_cipher(cipher->value, cipher->len);
    if (target->info == NULL) {
        fail(p, "cipher", "unknown cipher ");
        cw_text_quote(&p->text, cipher->value, cipher->len);
        cw_text_add(&p->text, " (see list)");
        return false;
    }
    if (backend == NULL || backend->type != CW_JSON_STRING)
        return fail(p, "field", "backend: a backend name is required");
    target->backend = cw_find_backend(backend->value, backend->len);
    if (target->backend == NULL) {
        fail(p, "backend", "unknown backend ");
        cw_text_quote(&p->text, backend->value, backend->len);
        cw_text_add(&p->text, "; backends:");
        for (size_t i = 0; i < cw_backend_count(); ++i) {
            if (cw_backend_at(i) != NULL) {
                cw_text_add(&p->text, " ");
                cw_text_add(&p->text, cw_backend_name_at(i));
            }
        }
        return false;
    }
    target->impl = cw_find_impl(target->backend, target->info->id);
    if (target->impl == NULL) {
        fail(p, "backend", target->backend->name);
        cw_text_add(&p->text, " has no ");
        cw_text_add(&p->text, target->info->id);
        return false;
    }
    return true;
}

/* "encrypt" or "decrypt"; when absent, encryption if `required` is false. */
static bool op_field(const cw_json_object *cmd, bool required, bool *decrypt, problem *p)
{
    const cw_json_field *op = cw_json_find(cmd, "op");
    if (op == NULL && !required) {
        *decrypt = false;
        return true;
    }
    if (cw_json_is(op, "encrypt") || cw_json_is(op, "decrypt")) {
        *decrypt = cw_json_is(op, "decrypt");
        return true;
    }
    return fail(p, "field", "op: must be encrypt or decrypt");
}

static bool hex_field(const cw_json_object *cmd, const char *name, uint8_t *out, size_t max,
                      size_t *len, problem *p)
{
    const cw_json_field *f = cw_json_find(cmd, name);
    if (f != NULL && f->type == CW_JSON_STRING && cw_hex_decode(f->value, f->len, out, max, len))
        return true;
    fail(p, "field", name);
    if (f == NULL) {
        cw_text_add(&p->text, ": required (hex)");
    } else {
        cw_text_add(&p->text, ": must be hex of at most ");
        cw_text_u64(&p->text, max);
        cw_text_add(&p->text, " bytes");
    }
    return false;
}

/* The catalogue's length rules for a message; `what` names the field. */
static bool length_ok(const cw_cipher_info *info, const char *what, size_t len, problem *p)
{
    if (len >= info->min_input && (info->unit <= 1 || len % info->unit == 0))
        return true;
    fail(p, "field", what);
    cw_text_add(&p->text, ": ");
    cw_text_add(&p->text, info->id);
    if (len < info->min_input) {
        cw_text_add(&p->text, " needs at least ");
        cw_text_u64(&p->text, info->min_input);
        cw_text_add(&p->text, " bytes");
    } else {
        cw_text_add(&p->text, " needs a multiple of ");
        cw_text_u64(&p->text, info->unit);
        cw_text_add(&p->text, " bytes (no padding)");
    }
    return false;
}

/* ---- kat ---- */

typedef struct
{
    cw_run_target target;
    bool decrypt;
    size_t key_len;
    size_t iv_len;
    size_t aad_len;
    size_t len; /* input bytes */
    uint64_t offset;
} kat_request;

/* Only the parameter the cipher takes, under its own name (as `cipherwatt-bench kat`). */
static bool iv_field(const cw_json_object *cmd, const cw_cipher_info *info, size_t *iv_len,
                     problem *p)
{
    const char *iv_name = cw_iv_kind_name(info->iv_kind);
    static const char *const iv_names[] = {"iv", "nonce", "tweak"};
    for (size_t i = 0; i < 3; ++i) {
        if (cw_json_find(cmd, iv_names[i]) == NULL || strcmp(iv_names[i], iv_name) == 0)
            continue;
        fail(p, "field", iv_names[i]);
        cw_text_add(&p->text, ": ");
        cw_text_add(&p->text, info->id);
        if (info->iv_kind == CW_IV_NONE) {
            cw_text_add(&p->text, " takes no IV, nonce or tweak");
        } else {
            cw_text_add(&p->text, " takes ");
            cw_text_add(&p->text, iv_name);
            cw_text_add(&p->text, " instead");
        }
        return false;
    }
    *iv_len = 0;
    if (info->iv_kind == CW_IV_NONE)
        return true;
    if (!hex_field(cmd, iv_name, cw_arena.kat.iv, CW_MAX_IV, iv_len, p))
        return false;
    if (*iv_len >= info->iv_min && *iv_len <= info->iv_max)
        return true;
    fail(p, "field", iv_name);
    cw_text_add(&p->text, ": ");
    cw_text_add(&p->text, info->id);
    cw_text_add(&p->text, " takes ");
    cw_text_u64(&p->text, info->iv_min);
    if (info->iv_max != info->iv_min) {
        cw_text_add(&p->text, " to ");
        cw_text_u64(&p->text, info->iv_max);
    }
    cw_text_add(&p->text, " bytes");
    return false;
}

static bool kat_fields(const cw_json_object *cmd, kat_request *k, problem *p)
{
    if (!cipher_fields(cmd, &k->target, p) || !op_field(cmd, true, &k->decrypt, p))
        return false;
    const cw_cipher_info *info = k->target.info;
    if (!hex_field(cmd, "key", cw_arena.kat.key, CW_MAX_KEY, &k->key_len, p))
        return false;
    if (k->key_len != info->key_bits / 8U) {
        fail(p, "field", "key: ");
        cw_text_add(&p->text, info->id);
        cw_text_add(&p->text, " takes a ");
        cw_text_u64(&p->text, info->key_bits / 8U);
        cw_text_add(&p->text, "-byte key");
        return false;
    }
    if (!iv_field(cmd, info, &k->iv_len, p))
        return false;
    k->aad_len = 0;
    if (cw_json_find(cmd, "aad") != NULL) {
        if (info->kind != CW_KIND_AEAD) {
            fail(p, "field", "aad: ");
            cw_text_add(&p->text, info->id);
            cw_text_add(&p->text, " takes no associated data");
            return false;
        }
        if (!hex_field(cmd, "aad", cw_arena.kat.aad, CW_AAD_MAX, &k->aad_len, p))
            return false;
    }
    k->offset = 0;
    const cw_json_field *offset = cw_json_find(cmd, "offset");
    if (offset != NULL && (info->kind != CW_KIND_STREAM ||
                           !cw_json_u64(offset, (uint64_t)UINT32_MAX * 64U, &k->offset)))
        return fail(p, "field", "offset: stream ciphers only, a key-stream byte offset below 2^38");
    const size_t tag = info->tag_bytes;
    if (!hex_field(cmd, "input", cw_arena.kat.in, CW_KAT_MAX + (k->decrypt ? tag : 0), &k->len, p))
        return false;
    if (k->decrypt && k->len < tag)
        return fail(p, "field", "input: shorter than the tag");
    return length_ok(info, "input", k->decrypt ? k->len - tag : k->len, p);
}

void cw_protocol_kat(const cw_json_object *cmd, const cw_id *id)
{
    kat_request k;
    problem p;
    if (!kat_fields(cmd, &k, &p)) {
        cw_protocol_error(id, p.code, p.text.buf);
        return;
    }
    const cw_impl *impl = k.target.impl;
    void *ctx = cw_ctx_area();
    int status = impl->setup(ctx, cw_arena.kat.key, k.key_len);
    if (status == CW_OK) {
        const cw_message m = {.iv = k.iv_len > 0 ? cw_arena.kat.iv : NULL,
                              .iv_len = k.iv_len,
                              .aad = cw_arena.kat.aad,
                              .aad_len = k.aad_len,
                              .in = cw_arena.kat.in,
                              .out = cw_arena.kat.out,
                              .len = k.len,
                              .offset = k.offset};
        status = k.decrypt ? impl->decrypt(ctx, &m) : impl->encrypt(ctx, &m);
    }
    if (status == CW_ERR_AUTH) {
        cw_protocol_error(id, "auth", "decrypt: authentication failed (the tag does not match)");
        return;
    }
    if (status != CW_OK) {
        cw_protocol_error(id, "internal", "the cipher refused its input");
        return;
    }
    const size_t tag = k.target.info->tag_bytes;
    cw_out_begin("kat", id);
    cw_out_key("cipher");
    cw_out_string(k.target.info->id);
    cw_out_key("backend");
    cw_out_string(k.target.backend->name);
    cw_out_key("op");
    cw_out_string(k.decrypt ? "decrypt" : "encrypt");
    cw_out_key("output");
    cw_out_hex(cw_arena.kat.out, k.decrypt ? k.len - tag : k.len + tag);
    cw_out_end();
}

/* ---- run and check ---- */

static bool run_fields(const cw_json_object *cmd, cw_run_spec *spec, problem *p)
{
    if (!cipher_fields(cmd, &spec->target, p) || !op_field(cmd, false, &spec->decrypt, p))
        return false;
    uint64_t value = 4096;
    const cw_json_field *buffer = cw_json_find(cmd, "buffer");
    if (buffer != NULL && !cw_json_u64(buffer, UINT32_MAX, &value))
        value = 0;
    if (value < 1 || value > CW_MAX_BUFFER) {
        fail(p, "field", "buffer: must be 1..");
        cw_text_u64(&p->text, CW_MAX_BUFFER);
        cw_text_add(&p->text, " bytes on this board");
        return false;
    }
    spec->buffer = (size_t)value;
    if (!length_ok(spec->target.info, "buffer", spec->buffer, p))
        return false;
    const cw_json_field *iterations = cw_json_find(cmd, "iterations");
    const cw_json_field *seconds = cw_json_find(cmd, "seconds");
    if ((iterations == NULL) == (seconds == NULL))
        return fail(p, "field", "give exactly one of iterations and seconds");
    spec->iterations = 0;
    spec->micros = 0;
    if (iterations != NULL &&
        (!cw_json_u64(iterations, 1000000000000ULL, &spec->iterations) || spec->iterations == 0))
        return fail(p, "field", "iterations: must be a whole number from 1 to 10^12");
    if (seconds != NULL && !cw_json_micros(seconds, 86400000000ULL, &spec->micros))
        return fail(p, "field", "seconds: must be from 0.000001 to 86400");
    spec->seed = 1;
    const cw_json_field *seed = cw_json_find(cmd, "seed");
    if (seed != NULL && !cw_json_u64(seed, UINT64_MAX, &spec->seed))
        return fail(p, "field", "seed: must be a whole number from 0 to 2^64-1");
    spec->progress = true;
    const cw_json_field *progress = cw_json_find(cmd, "progress");
    if (progress != NULL && !cw_json_bool(progress, &spec->progress))
        return fail(p, "field", "progress: must be true or false");
    const cw_json_field *chunking = cw_json_find(cmd, "chunking");
    if (chunking != NULL && !cw_json_is(chunking, "message"))
        return fail(p, "field", "chunking: the firmware processes every buffer as a message");
    return true;
}

void cw_protocol_run(const cw_json_object *cmd, const cw_id *id)
{
    cw_run_spec spec;
    problem p;
    if (!run_fields(cmd, &spec, &p)) {
        cw_protocol_error(id, p.code, p.text.buf);
        return;
    }
    cw_run(&spec, id);
}

void cw_protocol_check(const cw_json_object *cmd, const cw_id *id)
{
    const cw_json_field *runs = cw_json_find(cmd, "runs");
    if (runs == NULL || runs->type != CW_JSON_ARRAY) {
        cw_protocol_error(id, "field", "runs: must be an array of run commands");
        return;
    }
    /* One verdict per run, in order, each as `run` would decide it; nothing is measured. */
    static cw_json_object run;
    cw_out_begin("check", id);
    cw_out_key("runs");
    cw_out_array_begin();
    cw_json_iter it = cw_json_iterate(runs);
    char *text;
    size_t len;
    cw_json_type type;
    while (cw_json_next_value(&it, &text, &len, &type)) {
        problem p;
        cw_run_spec spec;
        bool ok;
        const char *why = type == CW_JSON_OBJECT ? cw_json_parse(text, len, &run) : "not an object";
        if (why != NULL) {
            ok = fail(&p, "field", "malformed run: ");
            cw_text_add(&p.text, why);
        } else {
            ok = run_fields(&run, &spec, &p);
        }
        cw_out_object_begin();
        cw_out_key("ok");
        cw_out_bool(ok);
        cw_out_key("message");
        cw_out_string(ok ? "" : p.text.buf);
        cw_out_object_end();
    }
    cw_out_array_end();
    cw_out_end();
}
