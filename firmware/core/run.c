#include "run.h"

#include "../boards/board.h"
#include "../ciphers/status.h"
#include "arena.h"
#include "build_id.h"
#include "config.h"
#include "platform.h"
#include "protocol.h"
#include "text.h"
#include "uart.h"

#include <string.h>

#define WARMUP_MIN_ITERATIONS 2
#define WARMUP_MAX_ITERATIONS 1000000U
#define CHUNK_MAX 1000000U

/* splitmix64: a seeded, reproducible filler for key, IV and input (not for secrets). */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void fill(uint64_t *state, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i += 8) {
        const uint64_t r = next_random(state);
        for (size_t k = 0; k < 8 && i + k < n; ++k)
            out[i + k] = (uint8_t)(r >> (8 * k));
    }
}

typedef struct
{
    const cw_run_spec *spec;
    void *ctx;
    uint8_t key[CW_MAX_KEY];
    uint8_t iv[CW_MAX_IV];
    cw_message encrypt_msg; /* in place on work */
    cw_message decrypt_msg; /* real ciphertext into work */
} workload;

static int iterate(const workload *w)
{
    const cw_impl *impl = w->spec->target.impl;
    return w->spec->decrypt ? impl->decrypt(w->ctx, &w->decrypt_msg)
                            : impl->encrypt(w->ctx, &w->encrypt_msg);
}

static void run_description(const cw_run_spec *spec)
{
    cw_out_object_begin();
    cw_out_key("cipher");
    cw_out_string(spec->target.info->id);
    cw_out_key("backend");
    cw_out_string(spec->target.backend->name);
    cw_out_key("op");
    cw_out_string(spec->decrypt ? "decrypt" : "encrypt");
    cw_out_key("buffer");
    cw_out_u64(spec->buffer);
    if (spec->iterations > 0) {
        cw_out_key("iterations");
        cw_out_u64(spec->iterations);
    } else {
        cw_out_key("seconds");
        cw_out_fixed(spec->micros, 6);
    }
    cw_out_key("cpu");
    cw_out_i32(-1);
    cw_out_key("seed");
    cw_out_u64(spec->seed);
    cw_out_key("chunking");
    cw_out_string("message");
    cw_out_object_end();
}

typedef struct
{
    uint64_t iterations;
    uint64_t cycles;
    uint64_t warmup;
    uint64_t start_offset; /* ticks from the UART going quiet to the timed loop */
    bool cancelled;
} outcome;

static void run_end(const cw_run_spec *spec, const cw_id *id, const outcome *o)
{
    const uint64_t hz = cw_counter_hz();
    const uint64_t bytes = o->iterations * spec->buffer;
    const cw_impl *impl = spec->target.impl;
    cw_out_begin("run_end", id);
    cw_out_key("result");
    cw_out_object_begin();
    cw_out_key("cipher");
    cw_out_string(spec->target.info->id);
    cw_out_key("backend");
    cw_out_string(spec->target.backend->name);
    cw_out_key("op");
    cw_out_string(spec->decrypt ? "decrypt" : "encrypt");
    cw_out_key("buffer");
    cw_out_u64(spec->buffer);
    cw_out_key("chunking");
    cw_out_string("message");
    cw_out_key("iterations");
    cw_out_u64(o->iterations);
    cw_out_key("bytes");
    cw_out_u64(bytes);
    cw_out_key("seconds");
    cw_out_fixed(cw_muldiv(o->cycles, 1000000, hz), 6);
    cw_out_key("cycles");
    cw_out_u64(o->cycles);
    cw_out_key("counter");
    cw_out_string(cw_counter_kind());
    cw_out_key("counter_hz");
    cw_out_u64(hz);
    cw_out_key("cycles_real");
    cw_out_bool(cw_cycles_real());
    cw_out_key("bytes_per_second");
    cw_out_fixed(cw_muldiv(bytes, hz * 1000U, o->cycles), 3);
    cw_out_key("cycles_per_byte");
    cw_out_fixed(cw_muldiv(o->cycles, 1000, bytes), 3);
    cw_out_key("cycles_per_op");
    cw_out_fixed(cw_muldiv(o->cycles, 1000, o->iterations), 3);
    cw_out_key("tag_bytes");
    cw_out_u64(spec->target.info->tag_bytes);
    cw_out_key("warmup_iterations");
    cw_out_u64(o->warmup);
    cw_out_key("start_offset_seconds");
    cw_out_fixed(cw_muldiv(o->start_offset, 1000000, hz), 6);
    cw_out_key("verified");
    cw_out_bool(true);
    cw_out_key("cancelled");
    cw_out_bool(o->cancelled);
    cw_out_key("kat_vectors_checked");
    cw_out_u64(0);
    cw_out_key("cpu");
    cw_out_i32(-1);
    cw_out_key("isa");
    cw_out_string("portable");
    cw_out_key("marker");
    cw_out_string(cw_board.marker);
    cw_out_key("provenance");
    cw_out_object_begin();
    cw_out_key("backend");
    cw_out_string(spec->target.backend->name);
    cw_out_key("library");
    cw_out_string(spec->target.backend->library);
    cw_out_key("implementation");
    cw_out_string(impl->implementation);
    cw_out_key("note");
    cw_out_string("firmware " CW_VERSION " (" CW_BUILD_ID "), " CW_COMPILER);
    cw_out_object_end();
    cw_out_object_end();
    cw_out_end();
}

static void progress(const cw_id *id, uint64_t iterations, uint64_t bytes, uint64_t cycles)
{
    /* Queued only when the ring has room: the UART interrupt sends it while the loop runs. */
    if (!cw_out_try_begin("progress", id, 160))
        return;
    cw_out_key("iterations");
    cw_out_u64(iterations);
    cw_out_key("bytes");
    cw_out_u64(bytes);
    cw_out_key("seconds");
    cw_out_fixed(cw_muldiv(cycles, 1000000, cw_counter_hz()), 6);
    cw_out_end();
}

/* encrypt(plain) = the ciphertext made before the run, and decrypt gives plain back. */
static bool verify(const workload *w, size_t ctext_len)
{
    const cw_run_spec *spec = w->spec;
    cw_message m = w->encrypt_msg;
    m.in = cw_arena.run.plain;
    m.out = cw_arena.run.work;
    if (spec->target.impl->encrypt(w->ctx, &m) != CW_OK ||
        memcmp(cw_arena.run.work, cw_arena.run.ctext, ctext_len) != 0)
        return false;
    m = w->decrypt_msg;
    m.in = cw_arena.run.work;
    m.out = cw_arena.run.work;
    return spec->target.impl->decrypt(w->ctx, &m) == CW_OK &&
           memcmp(cw_arena.run.work, cw_arena.run.plain, spec->buffer) == 0;
}

void cw_run(const cw_run_spec *spec, const cw_id *id)
{
    const cw_cipher_info *info = spec->target.info;
    const size_t ctext_len = spec->buffer + info->tag_bytes;

    cw_out_begin("run_start", id);
    cw_out_key("run");
    run_description(spec);
    cw_out_end();

    workload w = {.spec = spec, .ctx = cw_ctx_area()};
    uint64_t seed = spec->seed;
    fill(&seed, w.key, info->key_bits / 8U);
    fill(&seed, w.iv, info->iv_bytes);
    fill(&seed, cw_arena.run.plain, spec->buffer);
    const cw_message base = {.iv = info->iv_bytes > 0 ? w.iv : NULL,
                             .iv_len = info->iv_bytes,
                             .aad = NULL,
                             .aad_len = 0,
                             .offset = 0};
    w.encrypt_msg = base;
    w.encrypt_msg.in = cw_arena.run.work;
    w.encrypt_msg.out = cw_arena.run.work;
    w.encrypt_msg.len = spec->buffer;
    w.decrypt_msg = base;
    w.decrypt_msg.in = cw_arena.run.ctext;
    w.decrypt_msg.out = cw_arena.run.work;
    w.decrypt_msg.len = ctext_len;

    cw_message first = w.encrypt_msg;
    first.in = cw_arena.run.plain;
    first.out = cw_arena.run.ctext;
    if (spec->target.impl->setup(w.ctx, w.key, info->key_bits / 8U) != CW_OK ||
        spec->target.impl->encrypt(w.ctx, &first) != CW_OK) {
        cw_protocol_error(id, "internal", "the cipher refused the run's key or input");
        return;
    }
    memcpy(cw_arena.run.work, cw_arena.run.ctext, ctext_len);

    /* Nothing of ours on the wire while the loop is timed. */
    cw_uart_flush();
    const uint64_t quiet = cw_cycles(); /* run_start has left: the host's reference point */
    cw_protocol_set_running(true);
    const uint64_t hz = cw_counter_hz();

    /* Warm-up (caches, flash wait states, branch prediction), which also sizes the chunks
     * between which the loop looks at the clock and the UART: about 10 ms each. */
    outcome o = {.iterations = 0, .cycles = 0, .warmup = 0, .start_offset = 0, .cancelled = false};
    int status = CW_OK;
    const uint64_t warm_start = cw_cycles();
    while (status == CW_OK &&
           (o.warmup < WARMUP_MIN_ITERATIONS ||
            (cw_cycles() - warm_start < hz / 20 && o.warmup < WARMUP_MAX_ITERATIONS))) {
        status = iterate(&w);
        ++o.warmup;
    }
    const uint64_t per_iteration = (cw_cycles() - warm_start) / o.warmup;
    uint64_t chunk = per_iteration > 0 ? (hz / 100) / per_iteration : CHUNK_MAX;
    if (chunk < 1)
        chunk = 1;
    if (chunk > CHUNK_MAX)
        chunk = CHUNK_MAX;

    const uint64_t limit = spec->iterations > 0 ? 0 : cw_muldiv(spec->micros, hz, 1000000);
    cw_board_marker(true);
    const uint64_t start = cw_cycles();
    o.start_offset = start - quiet;
    uint64_t last_report = start;
    while (status == CW_OK) {
        uint64_t n = chunk;
        if (spec->iterations > 0 && spec->iterations - o.iterations < n)
            n = spec->iterations - o.iterations;
        for (uint64_t i = 0; i < n && status == CW_OK; ++i)
            status = iterate(&w);
        o.iterations += n;
        const uint64_t now = cw_cycles();
        if (spec->iterations > 0 ? o.iterations >= spec->iterations : now - start >= limit)
            break;
        (void)cw_protocol_poll();
        if (cw_protocol_cancel_requested()) {
            o.cancelled = true;
            break;
        }
        if (spec->progress && now - last_report >= hz / 1000U * CW_PROGRESS_MS) {
            last_report = now;
            progress(id, o.iterations, o.iterations * spec->buffer, now - start);
        }
    }
    o.cycles = cw_cycles() - start;
    cw_board_marker(false);
    cw_protocol_set_running(false);

    if (status == CW_ERR_AUTH) {
        cw_protocol_error(id, "auth",
                          "authentication of real ciphertext failed during the run; discarded");
        return;
    }
    if (status != CW_OK) {
        cw_protocol_error(id, "internal", "the cipher failed during the run; discarded");
        return;
    }
    if (!verify(&w, ctext_len)) {
        cw_protocol_error(id, "verify", "decrypt(encrypt(x)) != x after the run; discarded");
        return;
    }
    run_end(spec, id, &o);
}
