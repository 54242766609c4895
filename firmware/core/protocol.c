/* Line framing, the command loop and error events; describe.c answers hello and list,
 * commands.c kat and run, selftest.c selftest. */
#include "protocol.h"

#include "arena.h"
#include "config.h"
#include "crc32.h"
#include "json.h"
#include "platform.h"
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
    static const char *const known[] = {"hello", "list",  "selftest", "kat",
                                        "run",   "check", "reset"};
    bool is_known = false;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i)
        is_known = is_known || cw_json_is(name, known[i]);
    if (!is_known) {
        cw_text t = {.len = 0};
        cw_text_add(&t, "unknown command ");
        cw_text_quote(&t, name->value, name->len);
        cw_text_add(&t, "; commands: hello, list, selftest, kat, run, check, cancel, reset");
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
        cw_protocol_list(id);
    } else if (cw_json_is(name, "selftest")) {
        cw_selftest(cw_json_find(cmd, "ciphers"), id);
    } else if (cw_json_is(name, "kat")) {
        cw_protocol_kat(cmd, id);
    } else if (cw_json_is(name, "run")) {
        cw_protocol_run(cmd, id);
    } else if (cw_json_is(name, "check")) {
        cw_protocol_check(cmd, id);
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
