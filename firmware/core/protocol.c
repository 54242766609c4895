/* Line framing, command parsing and the commands that answer at once (hello, list, kat,
 * cancel, reset); selftest.c and run.c do the long ones. */
#include "protocol.h"

#include "../boards/board.h"
#include "../ciphers/status.h"
#include "arena.h"
#include "backend.h"
#include "build_id.h"
#include "catalogue.h"
#include "config.h"
#include "crc32.h"
#include "json.h"
#include "kat_vectors.h"
#include "platform.h"
#include "run.h"
#include "selftest.h"
#include "text.h"
#include "uart.h"

#include <string.h>

_Alignas(8) cw_arena_t cw_arena;

#define FRAME_TAIL 10 /* " #" and 8 hex digits */
#define NONBLOCKING_ROOM 256

static char line[CW_LINE_MAX];
static size_t line_len;
static bool line_too_long;
static bool line_damaged;
static bool running;
static bool cancel_requested;

extern const uint8_t __cw_image_end[];
extern const uint8_t cw_vector_table[];

void cw_protocol_set_running(bool on)
{
    running = on;
    cancel_requested = false;
}

bool cw_protocol_cancel_requested(void)
{
    return cancel_requested;
}

/* Events answering the host during a run must not wait: they are dropped when the ring is
 * full (the run's own events matter more). */
static bool begin(const char *event, const cw_id *id)
{
    if (running)
        return cw_out_try_begin(event, id, NONBLOCKING_ROOM);
    cw_out_begin(event, id);
    return true;
}

void cw_protocol_error(const cw_id *id, const char *code, const char *message)
{
    static const cw_id unknown = {.text = "", .present = false};
    if (!begin("error", id != NULL ? id : &unknown))
        return;
    cw_out_key("code");
    cw_out_string(code);
    cw_out_key("message");
    cw_out_string(message);
    cw_out_end();
}

static void error_text(const cw_id *id, const char *code, const cw_text *t)
{
    cw_protocol_error(id, code, t->buf);
}

/* ---- hello ---- */

static uint32_t image_crc(void)
{
    static uint32_t crc;
    static bool done;
    if (!done) {
        crc = cw_crc32(cw_vector_table, (size_t)(__cw_image_end - cw_vector_table));
        done = true;
    }
    return crc;
}

static void hex32_string(uint32_t v, bool prefix)
{
    static const char digits[] = "0123456789abcdef";
    char text[11];
    size_t n = 0;
    if (prefix) {
        text[n++] = '0';
        text[n++] = 'x';
    }
    for (int i = 0; i < 8; ++i)
        text[n++] = digits[(v >> (28 - 4 * i)) & 15U];
    cw_out_string_n(text, n);
}

void cw_protocol_hello(const cw_id *id)
{
    cw_out_begin("hello", id);
    cw_out_key("protocol");
    cw_out_u64(CW_PROTOCOL_VERSION);
    cw_out_key("kind");
    cw_out_string("cipherwatt-firmware");
    cw_out_key("version");
    cw_out_string(CW_VERSION);
    cw_out_key("build");
    cw_out_string(CW_BUILD_ID);
    cw_out_key("image_crc32");
    hex32_string(image_crc(), false);
    cw_out_key("compiler");
    cw_out_string(CW_COMPILER);
    cw_out_key("board");
    cw_out_string(cw_board.name);
    cw_out_key("board_description");
    cw_out_string(cw_board.description);
    cw_out_key("core");
    cw_out_string(cw_core_name());
    cw_out_key("cpuid");
    hex32_string(cw_cpuid(), true);
    cw_out_key("clock_hz");
    cw_out_u64(cw_board.clock_hz);
    cw_out_key("counter");
    cw_out_string(cw_counter_kind());
    cw_out_key("counter_hz");
    cw_out_u64(cw_counter_hz());
    cw_out_key("cycles_real");
    cw_out_bool(cw_cycles_real());
    cw_out_key("counter_note");
    cw_out_string(cw_counter_note());
    cw_out_key("marker");
    cw_out_string(cw_board.marker);
    cw_out_key("uart_baud");
    cw_out_u64(cw_board.uart_baud);
    cw_out_key("idle");
    cw_out_string("wfi");
    cw_out_key("uptime_ms");
    cw_out_u64(cw_muldiv(cw_ticks(), 1000, cw_board.clock_hz));
    cw_out_key("max_line");
    cw_out_u64(CW_LINE_MAX);
    cw_out_key("max_buffer");
    cw_out_u64(CW_MAX_BUFFER);
    cw_out_key("max_kat_bytes");
    cw_out_u64(CW_KAT_MAX);
    cw_out_key("max_aad_bytes");
    cw_out_u64(CW_AAD_MAX);
    cw_out_key("stack_bytes");
    cw_out_u64(cw_stack_size());
    cw_out_key("stack_peak_bytes");
    cw_out_u64(cw_stack_peak());
    cw_out_key("backends");
    cw_out_array_begin();
    for (size_t i = 0; i < cw_backend_count(); ++i) {
        if (cw_backend_at(i) != NULL)
            cw_out_string(cw_backend_name_at(i));
    }
    cw_out_array_end();
    cw_out_key("backends_unavailable");
    cw_out_array_begin();
    for (size_t i = 0; i < cw_backend_count(); ++i) {
        if (cw_backend_at(i) == NULL)
            cw_out_string(cw_backend_name_at(i));
    }
    cw_out_array_end();
    cw_out_key("ciphers");
    cw_out_u64(cw_catalogue_count);
    cw_out_key("vectors");
    cw_out_u64(cw_kat_vector_count);
    cw_out_end();
}

/* ---- list ---- */

static void list(const cw_id *id)
{
    cw_out_begin("list", id);
    cw_out_key("ciphers");
    cw_out_array_begin();
    for (size_t c = 0; c < cw_catalogue_count; ++c) {
        const cw_cipher_info *info = &cw_catalogue[c];
        cw_out_object_begin();
        cw_out_key("id");
        cw_out_string(info->id);
        cw_out_key("family");
        cw_out_string(info->family);
        cw_out_key("mode");
        cw_out_string(info->mode);
        cw_out_key("key_bits");
        cw_out_u64(info->key_bits);
        cw_out_key("block_bits");
        cw_out_u64(info->block_bits);
        cw_out_key("key_bytes");
        cw_out_u64(info->key_bits / 8U);
        cw_out_key("key_bytes_min");
        cw_out_u64(info->key_bits / 8U);
        cw_out_key("key_bytes_max");
        cw_out_u64(info->key_bits / 8U);
        cw_out_key("iv_kind");
        cw_out_string(cw_iv_kind_name(info->iv_kind));
        cw_out_key("iv_bytes");
        cw_out_u64(info->iv_bytes);
        cw_out_key("iv_bytes_min");
        cw_out_u64(info->iv_min);
        cw_out_key("iv_bytes_max");
        cw_out_u64(info->iv_max);
        cw_out_key("tag_bytes");
        cw_out_u64(info->tag_bytes);
        cw_out_key("operations");
        cw_out_raw("[\"encrypt\",\"decrypt\"]");
        cw_out_key("note");
        cw_out_string(info->note);
        cw_out_key("backends");
        cw_out_array_begin();
        for (size_t b = 0; b < cw_backend_count(); ++b) {
            const cw_backend *backend = cw_backend_at(b);
            if (backend != NULL && cw_find_impl(backend, info->id) != NULL)
                cw_out_string(backend->name);
        }
        cw_out_array_end();
        cw_out_key("implementations");
        cw_out_array_begin();
        for (size_t b = 0; b < cw_backend_count(); ++b) {
            const cw_backend *backend = cw_backend_at(b);
            const cw_impl *impl = backend != NULL ? cw_find_impl(backend, info->id) : NULL;
            if (impl == NULL)
                continue;
            cw_out_object_begin();
            cw_out_key("backend");
            cw_out_string(backend->name);
            cw_out_key("implementation");
            cw_out_string(impl->implementation);
            cw_out_key("ctx_bytes");
            cw_out_u64(impl->ctx_bytes);
            cw_out_object_end();
        }
        cw_out_array_end();
        cw_out_key("min_input_bytes");
        cw_out_u64(info->min_input);
        cw_out_key("input_multiple");
        cw_out_u64(info->unit);
        cw_out_object_end();
    }
    cw_out_array_end();
    cw_out_end();
}

/* ---- shared field checks ---- */

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

/* ---- kat ---- */

static void kat(const cw_json_object *cmd, const cw_id *id)
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

/* ---- run ---- */

static void run(const cw_json_object *cmd, const cw_id *id)
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

/* ---- framing and dispatch ---- */

static bool read_id(const cw_json_object *cmd, cw_id *id)
{
    id->present = false;
    const cw_json_field *f = cw_json_find(cmd, "id");
    if (f == NULL || f->type == CW_JSON_NULL)
        return true;
    uint64_t v;
    if (!cw_json_u64(f, 9007199254740991ULL, &v) || f->len >= sizeof id->text)
        return false;
    memcpy(id->text, f->value, f->len);
    id->text[f->len] = '\0';
    id->present = true;
    return true;
}

static void dispatch(const cw_json_object *cmd, const cw_id *id)
{
    const cw_json_field *name = cw_json_find(cmd, "cmd");
    if (name == NULL || name->type != CW_JSON_STRING) {
        cw_protocol_error(id, "command",
                          "malformed command: expected an object with a \"cmd\" string");
        return;
    }
    if (cw_json_is(name, "cancel")) {
        /* Sent even if it has to wait for room: the run stops right after it anyway. */
        const bool was_running = running;
        cancel_requested = running;
        cw_out_begin("cancel", id);
        cw_out_key("running");
        cw_out_bool(was_running);
        cw_out_end();
        return;
    }
    static const char *const known[] = {"hello", "list", "selftest", "kat", "run", "reset"};
    bool is_known = false;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i)
        is_known = is_known || cw_json_is(name, known[i]);
    if (!is_known) {
        cw_text t = {.len = 0};
        cw_text_add(&t, "unknown command ");
        cw_text_quote(&t, name->value, name->len);
        cw_text_add(&t, "; commands: hello, list, selftest, kat, run, cancel, reset");
        error_text(id, "command", &t);
        return;
    }
    if (running) {
        cw_protocol_error(id, "busy", "busy: a run is in progress (send cancel first)");
        return;
    }
    if (cw_json_is(name, "hello")) {
        cw_protocol_hello(id);
    } else if (cw_json_is(name, "list")) {
        list(id);
    } else if (cw_json_is(name, "selftest")) {
        cw_selftest(cw_json_find(cmd, "ciphers"), id);
    } else if (cw_json_is(name, "kat")) {
        kat(cmd, id);
    } else if (cw_json_is(name, "run")) {
        run(cmd, id);
    } else {
        cw_out_begin("reset", id);
        cw_out_end();
        cw_uart_flush();
        cw_reset();
    }
}

static bool is_hex_digit(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static void handle_line(char *text, size_t n)
{
    if (n > 0 && text[n - 1] == '\r')
        --n;
    size_t blank = 0;
    while (blank < n && (text[blank] == ' ' || text[blank] == '\t'))
        ++blank;
    if (blank == n)
        return; /* empty lines resynchronise; they are not commands */
    bool framed = n >= FRAME_TAIL && text[n - 10] == ' ' && text[n - 9] == '#';
    uint32_t sent = 0;
    for (size_t i = n - 8; framed && i < n; ++i) {
        framed = is_hex_digit(text[i]);
        const char c = text[i];
        sent = sent << 4 | (uint32_t)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    if (!framed) {
        cw_protocol_error(NULL, "frame", "bad frame: a line is <JSON> #<CRC-32 in 8 hex digits>");
        return;
    }
    const size_t json_len = n - FRAME_TAIL;
    const uint32_t crc = cw_crc32(text, json_len);
    if (crc != sent) {
        static const char digits[] = "0123456789abcdef";
        char hex[9];
        for (int i = 0; i < 8; ++i)
            hex[i] = digits[(crc >> (28 - 4 * i)) & 15U];
        hex[8] = '\0';
        cw_text t = {.len = 0};
        cw_text_add(&t, "bad checksum: the CRC-32 of the line's JSON text is ");
        cw_text_add(&t, hex);
        cw_text_add(&t, "; line discarded");
        error_text(NULL, "frame", &t);
        return;
    }
    static cw_json_object cmd;
    const char *why = cw_json_parse(text, json_len, &cmd);
    if (why != NULL) {
        cw_text t = {.len = 0};
        cw_text_add(&t, "malformed command: ");
        cw_text_add(&t, why);
        error_text(NULL, "json", &t);
        return;
    }
    cw_id id;
    if (!read_id(&cmd, &id)) {
        cw_protocol_error(NULL, "field", "id: must be a whole number from 0 to 2^53-1");
        return;
    }
    dispatch(&cmd, &id);
}

bool cw_protocol_poll(void)
{
    bool any = false;
    int c;
    while ((c = cw_uart_read()) >= 0) {
        any = true;
        if (cw_uart_rx_overrun) {
            cw_uart_rx_overrun = false;
            line_damaged = true;
        }
        if (c != '\n') {
            if (line_len < sizeof line)
                line[line_len++] = (char)c;
            else
                line_too_long = true;
            continue;
        }
        /* The line is taken before it is handled: a run started by it reads the next lines
         * into the same buffer. */
        const size_t n = line_len;
        const bool too_long = line_too_long;
        const bool damaged = line_damaged;
        line_len = 0;
        line_too_long = false;
        line_damaged = false;
        if (too_long) {
            cw_text t = {.len = 0};
            cw_text_add(&t, "line too long: more than ");
            cw_text_u64(&t, CW_LINE_MAX);
            cw_text_add(&t, " bytes; discarded");
            error_text(NULL, "frame", &t);
        } else if (damaged) {
            cw_protocol_error(NULL, "frame", "bytes were lost (receive overrun); line discarded");
        } else {
            handle_line(line, n);
        }
        if (running && cancel_requested)
            break; /* the run stops first; the rest waits */
    }
    return any;
}
