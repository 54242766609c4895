/* A small JSON reader for the host's commands: one flat object of fields. Strings at the top
 * level are decoded in place; arrays and objects are checked and kept as text (an array of
 * strings can be walked with cw_json_next_string). Numbers are read by the accessors below. */
#ifndef CW_JSON_H
#define CW_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CW_JSON_MAX_FIELDS 16

typedef enum {
    CW_JSON_NULL,
    CW_JSON_BOOL,
    CW_JSON_NUMBER,
    CW_JSON_STRING,
    CW_JSON_ARRAY,
    CW_JSON_OBJECT,
} cw_json_type;

typedef struct
{
    const char *key;
    size_t key_len;
    cw_json_type type;
    char *value; /* decoded string, or the value's text (number, true/false/null, [..], {..}) */
    size_t len;
} cw_json_field;

typedef struct
{
    cw_json_field fields[CW_JSON_MAX_FIELDS];
    size_t count;
} cw_json_object;

/* Parses `text` (modified in place). Returns NULL, or a short reason it is not a JSON object. */
const char *cw_json_parse(char *text, size_t len, cw_json_object *object);

const cw_json_field *cw_json_find(const cw_json_object *object, const char *key);
bool cw_json_is(const cw_json_field *field, const char *string); /* a string field equal to it */

/* A non-negative integer written without fraction or exponent, at most `max`. */
bool cw_json_u64(const cw_json_field *field, uint64_t max, uint64_t *value);
/* A positive number of seconds (fraction and exponent allowed) in microseconds, rounded down,
 * at most `max_us`. */
bool cw_json_micros(const cw_json_field *field, uint64_t max_us, uint64_t *value);
bool cw_json_bool(const cw_json_field *field, bool *value);

/* Walks an array field's strings: returns false at the end or on an element that is not a
 * string (then *error is set). */
typedef struct
{
    char *p;
    char *end;
} cw_json_iter;
cw_json_iter cw_json_iterate(const cw_json_field *array);
bool cw_json_next_string(cw_json_iter *it, const char **string, size_t *len, bool *error);
/* Walks an array field's elements of any type: the element's text and type, false at the end. */
bool cw_json_next_value(cw_json_iter *it, char **text, size_t *len, cw_json_type *type);

#endif
