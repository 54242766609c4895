#include "backend.h"

#include <string.h>

extern const cw_backend *const __cw_backends_start[];
extern const cw_backend *const __cw_backends_end[];

#define MAX_BACKENDS 8

static bool usable[MAX_BACKENDS];
static _Alignas(8) uint8_t ctx_area[CW_CTX_MAX];

size_t cw_backend_count(void)
{
    const size_t n = (size_t)(__cw_backends_end - __cw_backends_start);
    return n < MAX_BACKENDS ? n : MAX_BACKENDS;
}

void cw_backends_init(void)
{
    for (size_t i = 0; i < cw_backend_count(); ++i) {
        const cw_backend *b = __cw_backends_start[i];
        usable[i] = b->init == NULL || b->init() == 0;
    }
}

const cw_backend *cw_backend_at(size_t i)
{
    return i < cw_backend_count() && usable[i] ? __cw_backends_start[i] : NULL;
}

const char *cw_backend_name_at(size_t i)
{
    return i < cw_backend_count() ? __cw_backends_start[i]->name : "";
}

const cw_backend *cw_find_backend(const char *name, size_t len)
{
    for (size_t i = 0; i < cw_backend_count(); ++i) {
        const cw_backend *b = cw_backend_at(i);
        if (b != NULL && strlen(b->name) == len && memcmp(b->name, name, len) == 0)
            return b;
    }
    return NULL;
}

const cw_impl *cw_find_impl(const cw_backend *backend, const char *cipher)
{
    for (size_t i = 0; i < backend->impl_count; ++i) {
        if (strcmp(backend->impls[i].cipher, cipher) == 0)
            return &backend->impls[i];
    }
    return NULL;
}

void *cw_ctx_area(void)
{
    return ctx_area;
}
