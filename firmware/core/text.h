/* Short texts for messages (bounded, never longer than their buffer) and hex decoding. */
#ifndef CW_TEXT_H
#define CW_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CW_QUOTE_MAX 24 /* characters of the host's input an error message may repeat */

typedef struct
{
    char buf[192];
    size_t len;
} cw_text;

void cw_text_add(cw_text *t, const char *s);
void cw_text_add_n(cw_text *t, const char *s, size_t n);
void cw_text_u64(cw_text *t, uint64_t v);
/* 'prefix' of the host's text: at most CW_QUOTE_MAX characters (then "..."), anything outside
 * printable ASCII shown as '?'. */
void cw_text_quote(cw_text *t, const char *s, size_t n);

/* Hex digits (either case) to bytes; false when odd, not hex, or longer than `max` bytes. */
bool cw_hex_decode(const char *s, size_t n, uint8_t *out, size_t max, size_t *out_len);

/* floor(a * b / c) without overflow of the product (UINT64_MAX if the quotient overflows). */
uint64_t cw_muldiv(uint64_t a, uint64_t b, uint64_t c);

#endif
