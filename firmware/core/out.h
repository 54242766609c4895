/* Writes events to the host: one JSON object per line, followed by " #" and the CRC-32 of the
 * JSON text in 8 lowercase hex digits, then "\n" (PROTOCOL.md). The text streams into the UART
 * ring as it is made; the CRC is kept on the way. */
#ifndef CW_OUT_H
#define CW_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The id of the command an event answers: the command's own JSON text for it (a number), or
 * absent. */
typedef struct
{
    char text[24];
    bool present;
} cw_id;

/* Starts `{"event":"<name>"` and `,"id":<id>`: the command's id, or null when it had none.
 * With id NULL there is no "id" field at all: events nobody asked for (the hello at reset). */
void cw_out_begin(const char *event, const cw_id *id);
/* Like cw_out_begin, but gives up (returns false, writes nothing) unless `room` bytes are free
 * in the transmit ring: for events sent while a run is measured, which must never wait. */
bool cw_out_try_begin(const char *event, const cw_id *id, size_t room);
/* Ends the object and the line. */
void cw_out_end(void);

/* A field name in the current object; the value follows. */
void cw_out_key(const char *key);
/* Values (after a key, or as array elements). */
void cw_out_string(const char *s);
void cw_out_string_n(const char *s, size_t n);  /* escaped as JSON needs */
void cw_out_hex(const uint8_t *data, size_t n); /* as a string of lowercase hex digits */
void cw_out_u64(uint64_t v);
void cw_out_i32(int32_t v);
/* value / 10^decimals with exactly `decimals` digits after the point. */
void cw_out_fixed(uint64_t value, unsigned decimals);
void cw_out_bool(bool v);
void cw_out_null(void);
void cw_out_raw(const char *json); /* a literal JSON value */
void cw_out_object_begin(void);
void cw_out_object_end(void);
void cw_out_array_begin(void);
void cw_out_array_end(void);

#endif
