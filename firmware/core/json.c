/* JSON as in RFC 8259, restricted to what commands need: an object at the top, nesting up to
 * eight levels inside it, strings with every escape (\u decoded to UTF-8, surrogate pairs
 * joined). */
#include "json.h"

#include <string.h>

#define MAX_DEPTH 8

typedef struct
{
    char *p;
    char *end;
    const char *error;
} parser;

static void skip_ws(parser *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
        ++s->p;
}

static bool fail(parser *s, const char *why)
{
    if (s->error == NULL)
        s->error = why;
    return false;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static bool read_u16(parser *s, const char *at, uint32_t *cp)
{
    if (s->end - at < 4)
        return fail(s, "bad \\u escape");
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
        const int h = hex_value(at[i]);
        if (h < 0)
            return fail(s, "bad \\u escape");
        v = v << 4 | (uint32_t)h;
    }
    *cp = v;
    return true;
}

/* s->p is after the opening quote. With `out`, the decoded bytes are written there (never past
 * the source position). Leaves s->p after the closing quote. */
static bool string_body(parser *s, char *out, size_t *out_len)
{
    size_t n = 0;
    while (s->p < s->end) {
        const char c = *s->p++;
        if (c == '"') {
            if (out_len != NULL)
                *out_len = n;
            return true;
        }
        if ((unsigned char)c < 0x20)
            return fail(s, "control character in a string");
        if (c != '\\') {
            if (out != NULL)
                out[n] = c;
            ++n;
            continue;
        }
        if (s->p >= s->end)
            break;
        const char e = *s->p++;
        char simple = 0;
        switch (e) {
        case '"':
        case '\\':
        case '/':
            simple = e;
            break;
        case 'b':
            simple = '\b';
            break;
        case 'f':
            simple = '\f';
            break;
        case 'n':
            simple = '\n';
            break;
        case 'r':
            simple = '\r';
            break;
        case 't':
            simple = '\t';
            break;
        case 'u': {
            uint32_t cp;
            if (!read_u16(s, s->p, &cp))
                return false;
            s->p += 4;
            if (cp >= 0xDC00 && cp <= 0xDFFF)
                return fail(s, "bad \\u escape");
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                uint32_t low;
                if (s->end - s->p < 6 || s->p[0] != '\\' || s->p[1] != 'u' ||
                    !read_u16(s, s->p + 2, &low) || low < 0xDC00 || low > 0xDFFF)
                    return fail(s, "bad \\u escape");
                s->p += 6;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            }
            char utf8[4];
            size_t k;
            if (cp < 0x80) {
                utf8[0] = (char)cp;
                k = 1;
            } else if (cp < 0x800) {
                utf8[0] = (char)(0xC0 | cp >> 6);
                utf8[1] = (char)(0x80 | (cp & 0x3F));
                k = 2;
            } else if (cp < 0x10000) {
                utf8[0] = (char)(0xE0 | cp >> 12);
                utf8[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
                utf8[2] = (char)(0x80 | (cp & 0x3F));
                k = 3;
            } else {
                utf8[0] = (char)(0xF0 | cp >> 18);
                utf8[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
                utf8[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
                utf8[3] = (char)(0x80 | (cp & 0x3F));
                k = 4;
            }
            if (out != NULL)
                memcpy(out + n, utf8, k);
            n += k;
            continue;
        }
        default:
            return fail(s, "bad escape in a string");
        }
        if (out != NULL)
            out[n] = simple;
        ++n;
    }
    return fail(s, "unterminated string");
}

static bool digits(parser *s)
{
    const char *start = s->p;
    while (s->p < s->end && *s->p >= '0' && *s->p <= '9')
        ++s->p;
    return s->p > start;
}

static bool number(parser *s)
{
    if (s->p < s->end && *s->p == '-')
        ++s->p;
    if (s->p < s->end && *s->p == '0')
        ++s->p;
    else if (!digits(s))
        return fail(s, "bad number");
    if (s->p < s->end && *s->p == '.') {
        ++s->p;
        if (!digits(s))
            return fail(s, "bad number");
    }
    if (s->p < s->end && (*s->p == 'e' || *s->p == 'E')) {
        ++s->p;
        if (s->p < s->end && (*s->p == '+' || *s->p == '-'))
            ++s->p;
        if (!digits(s))
            return fail(s, "bad number");
    }
    return true;
}

static bool literal(parser *s, const char *word)
{
    const size_t n = strlen(word);
    if ((size_t)(s->end - s->p) < n || memcmp(s->p, word, n) != 0)
        return fail(s, "unexpected character");
    s->p += n;
    return true;
}

static bool value(parser *s, int depth, cw_json_type *type);

static bool container(parser *s, int depth, char close)
{
    if (depth >= MAX_DEPTH)
        return fail(s, "nested too deeply");
    ++s->p;
    skip_ws(s);
    if (s->p < s->end && *s->p == close) {
        ++s->p;
        return true;
    }
    for (;;) {
        skip_ws(s);
        if (close == '}') {
            if (s->p >= s->end || *s->p != '"')
                return fail(s, "expected a field name");
            ++s->p;
            if (!string_body(s, NULL, NULL))
                return false;
            skip_ws(s);
            if (s->p >= s->end || *s->p != ':')
                return fail(s, "expected ':'");
            ++s->p;
            skip_ws(s);
        }
        cw_json_type ignored;
        if (!value(s, depth + 1, &ignored))
            return false;
        skip_ws(s);
        if (s->p < s->end && *s->p == ',') {
            ++s->p;
            continue;
        }
        if (s->p < s->end && *s->p == close) {
            ++s->p;
            return true;
        }
        return fail(s, "expected ',' or a closing bracket");
    }
}

static bool value(parser *s, int depth, cw_json_type *type)
{
    if (s->p >= s->end)
        return fail(s, "unexpected end");
    switch (*s->p) {
    case '"':
        *type = CW_JSON_STRING;
        ++s->p;
        return string_body(s, NULL, NULL);
    case '{':
        *type = CW_JSON_OBJECT;
        return container(s, depth, '}');
    case '[':
        *type = CW_JSON_ARRAY;
        return container(s, depth, ']');
    case 't':
        *type = CW_JSON_BOOL;
        return literal(s, "true");
    case 'f':
        *type = CW_JSON_BOOL;
        return literal(s, "false");
    case 'n':
        *type = CW_JSON_NULL;
        return literal(s, "null");
    default:
        *type = CW_JSON_NUMBER;
        return number(s);
    }
}

const char *cw_json_parse(char *text, size_t len, cw_json_object *object)
{
    parser s = {.p = text, .end = text + len, .error = NULL};
    object->count = 0;
    skip_ws(&s);
    if (s.p >= s.end || *s.p != '{')
        return "not a JSON object";
    ++s.p;
    skip_ws(&s);
    if (s.p < s.end && *s.p == '}') {
        ++s.p;
    } else {
        for (;;) {
            skip_ws(&s);
            if (s.p >= s.end || *s.p != '"')
                return "expected a field name";
            char *key = ++s.p;
            size_t key_len;
            if (!string_body(&s, key, &key_len))
                return s.error;
            skip_ws(&s);
            if (s.p >= s.end || *s.p != ':')
                return "expected ':'";
            ++s.p;
            skip_ws(&s);
            if (object->count == CW_JSON_MAX_FIELDS)
                return "too many fields";
            cw_json_field *f = &object->fields[object->count];
            f->key = key;
            f->key_len = key_len;
            char *start = s.p;
            if (s.p < s.end && *s.p == '"') {
                f->type = CW_JSON_STRING;
                f->value = ++s.p;
                if (!string_body(&s, f->value, &f->len))
                    return s.error;
            } else {
                if (!value(&s, 1, &f->type))
                    return s.error;
                f->value = start;
                f->len = (size_t)(s.p - start);
            }
            for (size_t i = 0; i < object->count; ++i) {
                const cw_json_field *g = &object->fields[i];
                if (g->key_len == key_len && memcmp(g->key, key, key_len) == 0)
                    return "a field appears twice";
            }
            ++object->count;
            skip_ws(&s);
            if (s.p < s.end && *s.p == ',') {
                ++s.p;
                continue;
            }
            if (s.p < s.end && *s.p == '}') {
                ++s.p;
                break;
            }
            return "expected ',' or '}'";
        }
    }
    skip_ws(&s);
    if (s.p != s.end)
        return "text after the object";
    return NULL;
}

const cw_json_field *cw_json_find(const cw_json_object *object, const char *key)
{
    const size_t n = strlen(key);
    for (size_t i = 0; i < object->count; ++i) {
        const cw_json_field *f = &object->fields[i];
        if (f->key_len == n && memcmp(f->key, key, n) == 0)
            return f;
    }
    return NULL;
}

bool cw_json_is(const cw_json_field *field, const char *string)
{
    const size_t n = strlen(string);
    return field != NULL && field->type == CW_JSON_STRING && field->len == n &&
           memcmp(field->value, string, n) == 0;
}

bool cw_json_u64(const cw_json_field *field, uint64_t max, uint64_t *value)
{
    if (field == NULL || field->type != CW_JSON_NUMBER || field->len == 0 || field->len > 20)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < field->len; ++i) {
        const char c = field->value[i];
        if (c < '0' || c > '9')
            return false;
        const uint64_t d = (uint64_t)(c - '0');
        if (v > (max - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *value = v;
    return true;
}

bool cw_json_micros(const cw_json_field *field, uint64_t max_us, uint64_t *value)
{
    if (field == NULL || field->type != CW_JSON_NUMBER)
        return false;
    const char *p = field->value;
    const char *end = p + field->len;
    if (p < end && *p == '-')
        return false;
    /* Mantissa digits as one integer m with `scale` digits after the point: value = m * 10^-scale
     * * 10^exponent. Leading zeros and digits beyond what matters are dropped. */
    uint64_t m = 0;
    int scale = 0;
    bool fraction = false;
    int dropped = 0;
    for (; p < end && ((*p >= '0' && *p <= '9') || *p == '.'); ++p) {
        if (*p == '.') {
            fraction = true;
            continue;
        }
        if (m < 100000000000000000ULL) {
            m = m * 10 + (uint64_t)(*p - '0');
            if (fraction)
                ++scale;
        } else if (!fraction) {
            ++dropped; /* integer digits beyond 18: far past any limit */
        }
    }
    long exponent = 0;
    if (p < end && (*p == 'e' || *p == 'E')) {
        ++p;
        const bool negative = p < end && *p == '-';
        if (p < end && (*p == '+' || *p == '-'))
            ++p;
        for (; p < end; ++p) {
            if (exponent < 1000)
                exponent = exponent * 10 + (*p - '0');
        }
        if (negative)
            exponent = -exponent;
    }
    long shift = 6 + exponent - scale + dropped; /* microseconds = m * 10^shift */
    if (m == 0)
        return false;
    while (shift > 0) {
        if (m > max_us / 10)
            return false;
        m *= 10;
        --shift;
    }
    while (shift < 0 && m != 0) {
        m /= 10;
        ++shift;
    }
    if (m == 0 || m > max_us)
        return false;
    *value = m;
    return true;
}

bool cw_json_bool(const cw_json_field *field, bool *value)
{
    if (field == NULL || field->type != CW_JSON_BOOL)
        return false;
    *value = field->value[0] == 't';
    return true;
}

cw_json_iter cw_json_iterate(const cw_json_field *array)
{
    cw_json_iter it = {.p = array->value + 1, .end = array->value + array->len - 1};
    return it;
}

bool cw_json_next_string(cw_json_iter *it, const char **string, size_t *len, bool *error)
{
    parser s = {.p = it->p, .end = it->end, .error = NULL};
    skip_ws(&s);
    if (s.p < s.end && *s.p == ',')
        ++s.p;
    skip_ws(&s);
    if (s.p >= s.end) {
        *error = false;
        return false;
    }
    if (*s.p != '"') {
        *error = true;
        return false;
    }
    char *out = ++s.p;
    if (!string_body(&s, out, len)) {
        *error = true;
        return false;
    }
    *string = out;
    it->p = s.p;
    return true;
}

bool cw_json_next_value(cw_json_iter *it, char **text, size_t *len, cw_json_type *type)
{
    parser s = {.p = it->p, .end = it->end, .error = NULL};
    skip_ws(&s);
    if (s.p < s.end && *s.p == ',')
        ++s.p;
    skip_ws(&s);
    if (s.p >= s.end)
        return false;
    char *start = s.p;
    if (!value(&s, 1, type)) /* the array was checked when the command was read */
        return false;
    *text = start;
    *len = (size_t)(s.p - start);
    it->p = s.p;
    return true;
}
