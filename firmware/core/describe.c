/* The events that describe the firmware: `hello` (who and what it is, how it counts) and
 * `list` (the ciphers it carries, on which backends). */
#include "../boards/board.h"
#include "backend.h"
#include "build_id.h"
#include "catalogue.h"
#include "config.h"
#include "crc32.h"
#include "kat_vectors.h"
#include "out.h"
#include "platform.h"
#include "protocol.h"
#include "text.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

extern const uint8_t __cw_image_end[];
extern const uint8_t cw_vector_table[];

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
    cw_out_key("dut_kind");
    cw_out_string("mcu");
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
    cw_out_key("progress_interval_s");
    cw_out_fixed(2U * CW_PROGRESS_MS, 3);
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

void cw_protocol_list(const cw_id *id)
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
