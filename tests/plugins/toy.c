/*
 * Test plugins: one toy cipher, built in variants (one compile definition each) that break one
 * rule of cipherwatt/cipher_plugin.h apiece, so the tests can see each refused with its message.
 *
 * The toy "cipher" XORs the message with the repeated key. It is no cipher and claims nothing:
 * its vector follows from that definition (key 000102...0f over zero bytes gives the key back).
 */
#include <cipherwatt/cipher_plugin.h>

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#ifndef TOY_NAME
#define TOY_NAME "toy"
#endif
#ifndef TOY_ID
#define TOY_ID "toy-128-ecb"
#endif
#ifndef TOY_BLOCK
#define TOY_BLOCK 8
#endif

typedef struct toy_context
{
    uint8_t key[16];
} toy_context;

#ifdef TOY_UNRESOLVED
/* Defined nowhere: dlopen with RTLD_NOW must refuse the library. */
extern int cipherwatt_toy_missing_symbol(void);
#endif

static int toy_create(const uint8_t *key, size_t key_len, const uint8_t *iv, size_t iv_len,
                      void **out)
{
    toy_context *ctx;
    (void)iv;
    if (key_len != 16)
        return CW_ERR_KEY;
    if (iv_len != 0)
        return CW_ERR_IV;
    ctx = (toy_context *)malloc(sizeof *ctx);
    if (ctx == NULL)
        return CW_ERR_MEMORY;
    memcpy(ctx->key, key, 16);
    *out = ctx;
    return CW_OK;
}

static int toy_xor(void *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    const toy_context *c = (const toy_context *)ctx;
    size_t i;
#ifdef TOY_UNRESOLVED
    if (cipherwatt_toy_missing_symbol() != 0)
        return CW_ERR_OTHER;
#endif
    for (i = 0; i < len; ++i)
        out[i] = (uint8_t)(in[i] ^ c->key[i % 16]);
    return CW_OK;
}

static int toy_encrypt(void *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
#ifdef TOY_CRASH
    /* What a buggy plugin does to the worker: the process dies by SIGSEGV. */
    (void)ctx;
    (void)in;
    (void)out;
    (void)len;
    raise(SIGSEGV);
    return CW_ERR_OTHER;
#else
    return toy_xor(ctx, in, out, len);
#endif
}

static void toy_destroy(void *ctx)
{
    free(ctx);
}

#if defined(TOY_NO_VECTORS) || defined(TOY_CRASH) || defined(TOY_COLLIDE)
#define TOY_VECTORS NULL, 0
#else
#define TOY_VECTORS vectors, 1

#ifdef TOY_WRONG_VECTOR
#define TOY_CIPHERTEXT "0001020304050608" /* the last byte is off by one */
#else
#define TOY_CIPHERTEXT "0001020304050607"
#endif

#ifdef TOY_BAD_VECTOR
#define TOY_KEY "000102030405060708090a0b0c0d0e" /* 15 bytes for a 16-byte key */
#else
#define TOY_KEY "000102030405060708090a0b0c0d0e0f"
#endif

static const cw_plugin_vector vectors[] = {
    {"by definition: XOR with the repeated key", TOY_KEY, NULL, "0000000000000000", TOY_CIPHERTEXT},
};
#endif

#if defined(TOY_BAD_SIZE)
#define TOY_KEY_BYTES 0
#else
#define TOY_KEY_BYTES 16
#endif

#if defined(TOY_NULL_DECRYPT)
#define TOY_DECRYPT NULL
#else
#define TOY_DECRYPT toy_xor
#endif

static const cw_plugin_cipher ciphers[] = {
    {TOY_ID, "Toy", "ECB", "XOR with the key (test plugin)", NULL, 128, TOY_KEY_BYTES, CW_IV_NONE,
     0, TOY_BLOCK, TOY_BLOCK, 1, toy_create, toy_encrypt, TOY_DECRYPT, toy_destroy, TOY_VECTORS},
#ifdef TOY_DUPLICATE_ID
    {TOY_ID, "Toy", "ECB", NULL, NULL, 128, 16, CW_IV_NONE, 0, TOY_BLOCK, TOY_BLOCK, 1, toy_create,
     toy_encrypt, toy_xor, toy_destroy, NULL, 0},
#endif
};

static const cw_plugin plugin = {
#ifdef TOY_BAD_ABI
    CIPHERWATT_PLUGIN_ABI_VERSION + 1,
#else
    CIPHERWATT_PLUGIN_ABI_VERSION,
#endif
    TOY_NAME,
    "0.1",
    "a test plugin",
    ciphers,
    (uint32_t)(sizeof ciphers / sizeof ciphers[0]),
};

#ifdef TOY_NO_ENTRY
/* Exported under a name the worker does not look for. */
CIPHERWATT_PLUGIN_EXPORT const cw_plugin *cipherwatt_plugin_v0(void);
const cw_plugin *cipherwatt_plugin_v0(void)
#else
const cw_plugin *cipherwatt_plugin(void)
#endif
{
    return &plugin;
}
