/*
 * An example CipherWatt plugin: XTEA in ECB, CBC and CTR, in portable C99.
 *
 * XTEA is the block cipher of R. M. Needham and D. J. Wheeler, "Tea extensions" (Cambridge
 * Computer Laboratory, 1997): a 64-bit block, a 128-bit key, and 32 cycles of two Feistel
 * rounds each. Words are read big-endian, as in the published test vectors below.
 *
 * It uses nothing of CipherWatt but the installed header, and builds with one command:
 *     cc -std=c99 -shared -fPIC -O2 -I/usr/local/include xtea.c -o xtea.so
 * Try it with:
 *     cipherwatt-bench --plugin ./xtea.so self-test
 *     cipherwatt-bench --plugin ./xtea.so run --cipher xtea-128-ctr --backend plugin:xtea \
 *         --op encrypt --buffer 4096 --seconds 5 --json
 */
#include <cipherwatt/cipher_plugin.h>

#include <stdlib.h>
#include <string.h>

#define XTEA_BLOCK 8
#define XTEA_CYCLES 32
#define XTEA_DELTA 0x9E3779B9u

typedef struct xtea_context
{
    /* The key added in each of the 64 rounds: sum + key word, computed once per key. */
    uint32_t round_keys[2 * XTEA_CYCLES];
    /* CBC: the first chaining block; CTR: the initial counter block. */
    uint8_t iv[XTEA_BLOCK];
} xtea_context;

static uint32_t load_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static void store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void schedule(xtea_context *ctx, const uint8_t *key)
{
    uint32_t k[4];
    uint32_t sum = 0;
    int i;
    for (i = 0; i < 4; ++i)
        k[i] = load_be32(key + 4 * i);
    for (i = 0; i < XTEA_CYCLES; ++i) {
        ctx->round_keys[2 * i] = sum + k[sum & 3];
        sum += XTEA_DELTA;
        ctx->round_keys[2 * i + 1] = sum + k[(sum >> 11) & 3];
    }
}

/* in and out may be the same block: both words are read before either is written. */
static void encrypt_block(const xtea_context *ctx, const uint8_t *in, uint8_t *out)
{
    uint32_t v0 = load_be32(in);
    uint32_t v1 = load_be32(in + 4);
    int i;
    for (i = 0; i < XTEA_CYCLES; ++i) {
        v0 += (((v1 << 4) ^ (v1 >> 5)) + v1) ^ ctx->round_keys[2 * i];
        v1 += (((v0 << 4) ^ (v0 >> 5)) + v0) ^ ctx->round_keys[2 * i + 1];
    }
    store_be32(out, v0);
    store_be32(out + 4, v1);
}

static void decrypt_block(const xtea_context *ctx, const uint8_t *in, uint8_t *out)
{
    uint32_t v0 = load_be32(in);
    uint32_t v1 = load_be32(in + 4);
    int i;
    for (i = XTEA_CYCLES - 1; i >= 0; --i) {
        v1 -= (((v0 << 4) ^ (v0 >> 5)) + v0) ^ ctx->round_keys[2 * i + 1];
        v0 -= (((v1 << 4) ^ (v1 >> 5)) + v1) ^ ctx->round_keys[2 * i];
    }
    store_be32(out, v0);
    store_be32(out + 4, v1);
}

static int xtea_create(const uint8_t *key, size_t key_len, const uint8_t *iv, size_t iv_len,
                       void **out)
{
    xtea_context *ctx;
    if (key_len != 16)
        return CW_ERR_KEY;
    if (iv_len != 0 && iv_len != XTEA_BLOCK)
        return CW_ERR_IV;
    ctx = (xtea_context *)malloc(sizeof *ctx);
    if (ctx == NULL)
        return CW_ERR_MEMORY;
    schedule(ctx, key);
    memset(ctx->iv, 0, sizeof ctx->iv);
    if (iv_len == XTEA_BLOCK)
        memcpy(ctx->iv, iv, XTEA_BLOCK);
    *out = ctx;
    return CW_OK;
}

static void xtea_destroy(void *ctx)
{
    /* The round keys are key material: clear them before the memory goes back. */
    volatile uint8_t *p = (volatile uint8_t *)ctx;
    size_t i;
    for (i = 0; i < sizeof(xtea_context); ++i)
        p[i] = 0;
    free(ctx);
}

static int ecb_encrypt(void *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t off;
    if (len % XTEA_BLOCK != 0)
        return CW_ERR_LENGTH;
    for (off = 0; off < len; off += XTEA_BLOCK)
        encrypt_block((const xtea_context *)ctx, in + off, out + off);
    return CW_OK;
}

static int ecb_decrypt(void *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t off;
    if (len % XTEA_BLOCK != 0)
        return CW_ERR_LENGTH;
    for (off = 0; off < len; off += XTEA_BLOCK)
        decrypt_block((const xtea_context *)ctx, in + off, out + off);
    return CW_OK;
}

/* Every call is one message, so chaining starts from the IV each time. */
static int cbc_encrypt(void *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    const xtea_context *c = (const xtea_context *)ctx;
    uint8_t chain[XTEA_BLOCK];
    size_t off;
    int i;
    if (len % XTEA_BLOCK != 0)
        return CW_ERR_LENGTH;
    memcpy(chain, c->iv, XTEA_BLOCK);
    for (off = 0; off < len; off += XTEA_BLOCK) {
        for (i = 0; i < XTEA_BLOCK; ++i)
            chain[i] ^= in[off + (size_t)i];
        encrypt_block(c, chain, chain);
        memcpy(out + off, chain, XTEA_BLOCK);
    }
    return CW_OK;
}

static int cbc_decrypt(void *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    const xtea_context *c = (const xtea_context *)ctx;
    uint8_t chain[XTEA_BLOCK];
    uint8_t saved[XTEA_BLOCK];
    size_t off;
    int i;
    if (len % XTEA_BLOCK != 0)
        return CW_ERR_LENGTH;
    memcpy(chain, c->iv, XTEA_BLOCK);
    for (off = 0; off < len; off += XTEA_BLOCK) {
        /* Kept before an in-place call overwrites it: it chains into the next block. */
        memcpy(saved, in + off, XTEA_BLOCK);
        decrypt_block(c, saved, out + off);
        for (i = 0; i < XTEA_BLOCK; ++i)
            out[off + (size_t)i] ^= chain[i];
        memcpy(chain, saved, XTEA_BLOCK);
    }
    return CW_OK;
}

/* CipherWatt's CTR convention: the IV is the initial counter block, incremented as one
 * big-endian integer; a last partial block uses the start of its key-stream block. */
static int ctr_process(void *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    const xtea_context *c = (const xtea_context *)ctx;
    uint8_t counter[XTEA_BLOCK];
    uint8_t stream[XTEA_BLOCK];
    size_t off;
    size_t i;
    int j;
    memcpy(counter, c->iv, XTEA_BLOCK);
    for (off = 0; off < len; off += XTEA_BLOCK) {
        const size_t n = len - off < XTEA_BLOCK ? len - off : XTEA_BLOCK;
        encrypt_block(c, counter, stream);
        for (i = 0; i < n; ++i)
            out[off + i] = in[off + i] ^ stream[i];
        for (j = XTEA_BLOCK - 1; j >= 0; --j) {
            if (++counter[j] != 0)
                break;
        }
    }
    return CW_OK;
}

/*
 * Known-answer vectors. ECB: from Botan's src/tests/data/block/xtea.vec (the first three, with
 * key 00112233..., and two more), and Crypto++'s TestVectors/tea.txt, XTEA test 32 (the
 * 32-cycle one; the file names its source as http://www.cix.co.uk/~klockstone/teavect.htm).
 * CBC and CTR have no published XTEA vectors; those below follow from the published ECB
 * vectors by the definition of each mode, without running any XTEA code:
 * - CBC with a zero IV encrypts P1 to E(P1); a second block P2 = E(P1) ^ P enters the cipher
 *   as P. With Botan's P1 = FEFE..FE (E = 36552E889D6A41CF) and P = 0123456789ABCDEF
 *   (E = B8BF2821622B5B30): P2 = 37766BEF14C18C20.
 * - CTR's first key-stream block is E(IV): with IV = FEFE..FE the key stream starts
 *   36552E889D6A41CF, so zero bytes encrypt to it and 0123456789ABCDEF to 37766BEF14C18C20.
 */
#define BOTAN "Botan src/tests/data/block/xtea.vec"
#define DERIVED "derived from Botan's xtea.vec by the definition of the mode"
static const cw_plugin_vector ecb_vectors[] = {
    {BOTAN, "00112233445566778899AABBCCDDEEFF", NULL, "FEFEFEFEFEFEFEFE", "36552E889D6A41CF"},
    {BOTAN, "00112233445566778899AABBCCDDEEFF", NULL, "0123456789ABCDEF", "B8BF2821622B5B30"},
    {BOTAN, "00112233445566778899AABBCCDDEEFF", NULL,
     "FEFEFEFEFEFEFEFE0123456789ABCDEFFEFEFEFEFEFEFEFE0123456789ABCDEF",
     "36552E889D6A41CFB8BF2821622B5B3036552E889D6A41CFB8BF2821622B5B30"},
    {BOTAN, "D94576CD1A5F99E4155DC7BEC5D33DF2", NULL, "D51399607F7AA9D7", "782E4E131C5BA746"},
    {BOTAN, "A6BFB85FA91B8CA4197C8B502A62F972", NULL, "3DAADD7A9633E19B", "4DE5C07EA1564A64"},
    {"Crypto++ TestVectors/tea.txt, XTEA test 32 (from ~klockstone/teavect.htm)",
     "27F917B1C1DA899360E2ACAAA6EB923D", NULL, "AF20A390547571AA", "D26428AF0A202283"},
};
static const cw_plugin_vector cbc_vectors[] = {
    {DERIVED, "00112233445566778899AABBCCDDEEFF", "0000000000000000",
     "FEFEFEFEFEFEFEFE37766BEF14C18C20", "36552E889D6A41CFB8BF2821622B5B30"},
};
static const cw_plugin_vector ctr_vectors[] = {
    {DERIVED, "00112233445566778899AABBCCDDEEFF", "FEFEFEFEFEFEFEFE", "0000000000000000",
     "36552E889D6A41CF"},
    {DERIVED, "00112233445566778899AABBCCDDEEFF", "FEFEFEFEFEFEFEFE", "0123456789", "37766BEF14"},
};

#define COUNT(a) ((uint32_t)(sizeof(a) / sizeof((a)[0])))

/* Designated initializers name every field; those left out are zero (no IV, no note). */
static const cw_plugin_cipher ciphers[] = {
    {
        .id = "xtea-128-ecb",
        .family = "XTEA",
        .mode = "ECB",
        .implementation = "XTEA, portable C99 (CipherWatt example plugin)",
        .note = "64 Feistel rounds (32 cycles), big-endian words",
        .key_bits = 128,
        .key_bytes = 16,
        .iv_kind = CW_IV_NONE,
        .block_bytes = XTEA_BLOCK,
        .min_input_bytes = XTEA_BLOCK,
        .whole_blocks = 1,
        .create = xtea_create,
        .encrypt = ecb_encrypt,
        .decrypt = ecb_decrypt,
        .destroy = xtea_destroy,
        .vectors = ecb_vectors,
        .vector_count = COUNT(ecb_vectors),
    },
    {
        .id = "xtea-128-cbc",
        .family = "XTEA",
        .mode = "CBC",
        .implementation = "XTEA, portable C99 (CipherWatt example plugin)",
        .note = "64 Feistel rounds (32 cycles), big-endian words; no padding",
        .key_bits = 128,
        .key_bytes = 16,
        .iv_kind = CW_IV_IV,
        .iv_bytes = XTEA_BLOCK,
        .block_bytes = XTEA_BLOCK,
        .min_input_bytes = XTEA_BLOCK,
        .whole_blocks = 1,
        .create = xtea_create,
        .encrypt = cbc_encrypt,
        .decrypt = cbc_decrypt,
        .destroy = xtea_destroy,
        .vectors = cbc_vectors,
        .vector_count = COUNT(cbc_vectors),
    },
    {
        .id = "xtea-128-ctr",
        .family = "XTEA",
        .mode = "CTR",
        .implementation = "XTEA, portable C99 (CipherWatt example plugin)",
        .note = "IV = initial counter block, incremented as a big-endian integer",
        .key_bits = 128,
        .key_bytes = 16,
        .iv_kind = CW_IV_IV,
        .iv_bytes = XTEA_BLOCK,
        .block_bytes = XTEA_BLOCK,
        .min_input_bytes = 1,
        .whole_blocks = 0,
        .create = xtea_create,
        .encrypt = ctr_process,
        .decrypt = ctr_process,
        .destroy = xtea_destroy,
        .vectors = ctr_vectors,
        .vector_count = COUNT(ctr_vectors),
    },
};

static const cw_plugin plugin = {
    .abi_version = CIPHERWATT_PLUGIN_ABI_VERSION,
    .name = "xtea",
    .version = "1.0.0",
    .description = "XTEA (Needham and Wheeler, 1997) in ECB, CBC and CTR; CipherWatt's example",
    .ciphers = ciphers,
    .cipher_count = COUNT(ciphers),
};

const cw_plugin *cipherwatt_plugin(void)
{
    return &plugin;
}
