#include "out.h"

#include "crc32.h"
#include "uart.h"

#include <string.h>

#define MAX_NESTING 8

static uint32_t crc;
static unsigned depth;
static unsigned count[MAX_NESTING]; /* values written at each level */
static bool after_key;

static void emit(const char *s, size_t n)
{
    crc = cw_crc32_update(crc, s, n);
    cw_uart_write(s, n);
}

static void emits(const char *s)
{
    emit(s, strlen(s));
}

/* Before a value: a comma between array elements (objects put theirs before the key). */
static void before_value(void)
{
    if (after_key) {
        after_key = false;
        return;
    }
    if (count[depth]++ > 0)
        emit(",", 1);
}

void cw_out_begin(const char *event, const cw_id *id)
{
    crc = CW_CRC32_INIT;
    depth = 0;
    count[0] = 0;
    after_key = false;
    emit("{", 1);
    count[0] = 0;
    cw_out_key("event");
    cw_out_string(event);
    if (id != NULL) {
        cw_out_key("id");
        cw_out_raw(id->present ? id->text : "null");
    }
}

bool cw_out_try_begin(const char *event, const cw_id *id, size_t room)
{
    if (cw_uart_tx_free() < room)
        return false;
    cw_out_begin(event, id);
    return true;
}

void cw_out_end(void)
{
    static const char digits[] = "0123456789abcdef";
    emit("}", 1);
    const uint32_t value = crc ^ 0xffffffffU;
    char tail[11] = " #";
    for (int i = 0; i < 8; ++i)
        tail[2 + i] = digits[(value >> (28 - 4 * i)) & 15U];
    tail[10] = '\n';
    cw_uart_write(tail, sizeof tail); /* not part of the checksummed text */
}

void cw_out_key(const char *key)
{
    if (count[depth]++ > 0)
        emit(",", 1);
    emit("\"", 1);
    emits(key);
    emit("\":", 2);
    after_key = true;
}

void cw_out_string_n(const char *s, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    before_value();
    emit("\"", 1);
    size_t run = 0; /* characters that need no escape, written in one go */
    for (size_t i = 0; i < n; ++i) {
        const unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        emit(s + run, i - run);
        run = i + 1;
        if (c == '"' || c == '\\') {
            const char esc[2] = {'\\', (char)c};
            emit(esc, 2);
        } else {
            const char esc[6] = {'\\', 'u', '0', '0', digits[c >> 4], digits[c & 15U]};
            emit(esc, 6);
        }
    }
    emit(s + run, n - run);
    emit("\"", 1);
}

void cw_out_string(const char *s)
{
    cw_out_string_n(s, strlen(s));
}

void cw_out_hex(const uint8_t *data, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    before_value();
    emit("\"", 1);
    char chunk[32];
    size_t k = 0;
    for (size_t i = 0; i < n; ++i) {
        chunk[k++] = digits[data[i] >> 4];
        chunk[k++] = digits[data[i] & 15U];
        if (k == sizeof chunk) {
            emit(chunk, k);
            k = 0;
        }
    }
    emit(chunk, k);
    emit("\"", 1);
}

static size_t format_u64(char out[21], uint64_t v)
{
    char tmp[21];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    for (size_t i = 0; i < n; ++i)
        out[i] = tmp[n - 1 - i];
    return n;
}

void cw_out_u64(uint64_t v)
{
    char text[21];
    before_value();
    emit(text, format_u64(text, v));
}

void cw_out_i32(int32_t v)
{
    char text[21];
    before_value();
    if (v < 0) {
        emit("-", 1);
        emit(text, format_u64(text, (uint64_t)(-(int64_t)v)));
    } else {
        emit(text, format_u64(text, (uint64_t)v));
    }
}

void cw_out_fixed(uint64_t value, unsigned decimals)
{
    uint64_t scale = 1;
    for (unsigned i = 0; i < decimals; ++i)
        scale *= 10;
    char text[21];
    before_value();
    emit(text, format_u64(text, value / scale));
    if (decimals == 0)
        return;
    char frac[20];
    uint64_t rest = value % scale;
    for (unsigned i = decimals; i-- > 0;) {
        frac[i] = (char)('0' + rest % 10);
        rest /= 10;
    }
    emit(".", 1);
    emit(frac, decimals);
}

void cw_out_bool(bool v)
{
    cw_out_raw(v ? "true" : "false");
}

void cw_out_null(void)
{
    cw_out_raw("null");
}

void cw_out_raw(const char *json)
{
    before_value();
    emits(json);
}

static void open_level(const char *bracket)
{
    before_value();
    emit(bracket, 1);
    if (depth + 1 < MAX_NESTING)
        ++depth;
    count[depth] = 0;
}

static void close_level(const char *bracket)
{
    emit(bracket, 1);
    if (depth > 0)
        --depth;
}

void cw_out_object_begin(void)
{
    open_level("{");
}

void cw_out_object_end(void)
{
    close_level("}");
}

void cw_out_array_begin(void)
{
    open_level("[");
}

void cw_out_array_end(void)
{
    close_level("]");
}
