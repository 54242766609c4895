#include "text.h"

#include <string.h>

void cw_text_add_n(cw_text *t, const char *s, size_t n)
{
    const size_t room = sizeof t->buf - 1 - t->len;
    if (n > room)
        n = room;
    memcpy(t->buf + t->len, s, n);
    t->len += n;
    t->buf[t->len] = '\0';
}

void cw_text_add(cw_text *t, const char *s)
{
    cw_text_add_n(t, s, strlen(s));
}

void cw_text_u64(cw_text *t, uint64_t v)
{
    char tmp[21];
    size_t n = 0;
    do {
        tmp[sizeof tmp - 1 - n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    cw_text_add_n(t, tmp + sizeof tmp - n, n);
}

void cw_text_quote(cw_text *t, const char *s, size_t n)
{
    char shown[CW_QUOTE_MAX];
    const size_t k = n < CW_QUOTE_MAX ? n : CW_QUOTE_MAX;
    for (size_t i = 0; i < k; ++i)
        shown[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
    cw_text_add(t, "'");
    cw_text_add_n(t, shown, k);
    cw_text_add(t, n > k ? "...'" : "'");
}

static int nibble(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool cw_hex_decode(const char *s, size_t n, uint8_t *out, size_t max, size_t *out_len)
{
    if (n % 2 != 0 || n / 2 > max)
        return false;
    for (size_t i = 0; i < n / 2; ++i) {
        const int hi = nibble(s[2 * i]);
        const int lo = nibble(s[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return false;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    *out_len = n / 2;
    return true;
}

uint64_t cw_muldiv(uint64_t a, uint64_t b, uint64_t c)
{
    if (c == 0)
        return 0;
    /* The 128-bit product from 32-bit halves, then long division by c. */
    const uint64_t a_lo = (uint32_t)a, a_hi = a >> 32, b_lo = (uint32_t)b, b_hi = b >> 32;
    const uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
    const uint64_t mid = (p0 >> 32) + (uint32_t)p1 + (uint32_t)p2;
    const uint64_t lo = mid << 32 | (uint32_t)p0;
    const uint64_t hi = p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
    if (hi >= c)
        return UINT64_MAX;
    uint64_t q = 0;
    uint64_t r = hi;
    for (int i = 63; i >= 0; --i) {
        const bool carry = (r >> 63) != 0;
        r = r << 1 | ((lo >> i) & 1U);
        if (carry || r >= c) {
            r -= c;
            q |= 1ULL << i;
        }
    }
    return q;
}
