/* The backend "firmware": the portable C ciphers of this folder behind the backend table. Each
 * entry adapts one catalogue id to its cipher and mode; lengths were checked by the caller. */
#include "../core/backend.h"
#include "aes.h"
#include "ccm.h"
#include "chacha20.h"
#include "cham.h"
#include "lea.h"
#include "modes.h"
#include "status.h"
#include "xxtea.h"

#include <string.h>

CW_CHECK_CTX(cw_aes128);
CW_CHECK_CTX(cw_chacha20);
CW_CHECK_CTX(cw_cham64);
CW_CHECK_CTX(cw_cham128);
CW_CHECK_CTX(cw_lea128);
CW_CHECK_CTX(cw_xxtea);

/* ---- AES-128 ---- */

static void aes_enc(const void *ek, const uint8_t *in, uint8_t *out)
{
    cw_aes128_encrypt_block(ek, in, out);
}

static void aes_dec(const void *dk, const uint8_t *in, uint8_t *out)
{
    cw_aes128_decrypt_block(dk, in, out);
}

static int aes_setup(void *ctx, const uint8_t *key, size_t key_len)
{
    cw_aes128 *a = ctx;
    (void)key_len;
    cw_aes128_expand(a->ek, key);
    cw_aes128_expand_dec(a->dk, a->ek);
    return CW_OK;
}

static int aes_setup_enc(void *ctx, const uint8_t *key, size_t key_len)
{
    cw_aes128_enc *a = ctx;
    (void)key_len;
    cw_aes128_expand(a->ek, key);
    return CW_OK;
}

static int aes_ecb_enc(const void *ctx, const cw_message *m)
{
    cw_ecb(((const cw_aes128 *)ctx)->ek, aes_enc, 16, m->in, m->out, m->len);
    return CW_OK;
}

static int aes_ecb_dec(const void *ctx, const cw_message *m)
{
    cw_ecb(((const cw_aes128 *)ctx)->dk, aes_dec, 16, m->in, m->out, m->len);
    return CW_OK;
}

static int aes_cbc_enc(const void *ctx, const cw_message *m)
{
    cw_cbc_encrypt(((const cw_aes128 *)ctx)->ek, aes_enc, 16, m->iv, m->in, m->out, m->len);
    return CW_OK;
}

static int aes_cbc_dec(const void *ctx, const cw_message *m)
{
    cw_cbc_decrypt(((const cw_aes128 *)ctx)->dk, aes_dec, 16, m->iv, m->in, m->out, m->len);
    return CW_OK;
}

static int aes_ctr(const void *ctx, const cw_message *m)
{
    cw_ctr(((const cw_aes128_enc *)ctx)->ek, aes_enc, 16, m->iv, m->in, m->out, m->len);
    return CW_OK;
}

static int aes_ccm8_seal(const void *ctx, const cw_message *m)
{
    return cw_ccm_seal(ctx, m->iv, m->iv_len, m->aad, m->aad_len, m->in, m->len, m->out, 8);
}

static int aes_ccm8_open(const void *ctx, const cw_message *m)
{
    return cw_ccm_open(ctx, m->iv, m->iv_len, m->aad, m->aad_len, m->in, m->len, m->out, 8);
}

static int aes_ccm16_seal(const void *ctx, const cw_message *m)
{
    return cw_ccm_seal(ctx, m->iv, m->iv_len, m->aad, m->aad_len, m->in, m->len, m->out, 16);
}

static int aes_ccm16_open(const void *ctx, const cw_message *m)
{
    return cw_ccm_open(ctx, m->iv, m->iv_len, m->aad, m->aad_len, m->in, m->len, m->out, 16);
}

/* ---- ChaCha20 ---- */

static int chacha_setup(void *ctx, const uint8_t *key, size_t key_len)
{
    (void)key_len;
    cw_chacha20_setkey(ctx, key);
    return CW_OK;
}

static int chacha_xor(const void *ctx, const cw_message *m)
{
    uint64_t offset = m->offset;
    const uint8_t *in = m->in;
    uint8_t *out = m->out;
    size_t len = m->len;
    if (offset % 64 != 0) {
        /* Start inside a block: its key stream from a zero block, then whole blocks. */
        uint8_t block[64] = {0};
        const size_t skip = (size_t)(offset % 64);
        cw_chacha20_xor(ctx, m->iv, (uint32_t)(offset / 64), block, block, 64);
        const size_t n = len < 64 - skip ? len : 64 - skip;
        for (size_t i = 0; i < n; ++i)
            out[i] = (uint8_t)(in[i] ^ block[skip + i]);
        in += n;
        out += n;
        len -= n;
        offset += n;
    }
    cw_chacha20_xor(ctx, m->iv, (uint32_t)(offset / 64), in, out, len);
    return CW_OK;
}

/* ---- CHAM ---- */

static void cham64_enc(const void *k, const uint8_t *in, uint8_t *out)
{
    cw_cham64_encrypt_block(k, in, out);
}

static void cham64_dec(const void *k, const uint8_t *in, uint8_t *out)
{
    cw_cham64_decrypt_block(k, in, out);
}

static void cham128_enc(const void *k, const uint8_t *in, uint8_t *out)
{
    cw_cham128_encrypt_block(k, in, out);
}

static void cham128_dec(const void *k, const uint8_t *in, uint8_t *out)
{
    cw_cham128_decrypt_block(k, in, out);
}

static int cham64_setup88(void *ctx, const uint8_t *key, size_t key_len)
{
    (void)key_len;
    cw_cham64_setkey(ctx, key, 88);
    return CW_OK;
}

static int cham64_setup80(void *ctx, const uint8_t *key, size_t key_len)
{
    (void)key_len;
    cw_cham64_setkey(ctx, key, 80);
    return CW_OK;
}

static int cham128_setup112(void *ctx, const uint8_t *key, size_t key_len)
{
    (void)key_len;
    cw_cham128_setkey(ctx, key, 112);
    return CW_OK;
}

static int cham128_setup80(void *ctx, const uint8_t *key, size_t key_len)
{
    (void)key_len;
    cw_cham128_setkey(ctx, key, 80);
    return CW_OK;
}

static int cham64_ecb_enc(const void *ctx, const cw_message *m)
{
    cw_ecb(ctx, cham64_enc, 8, m->in, m->out, m->len);
    return CW_OK;
}

static int cham64_ecb_dec(const void *ctx, const cw_message *m)
{
    cw_ecb(ctx, cham64_dec, 8, m->in, m->out, m->len);
    return CW_OK;
}

static int cham128_ecb_enc(const void *ctx, const cw_message *m)
{
    cw_ecb(ctx, cham128_enc, 16, m->in, m->out, m->len);
    return CW_OK;
}

static int cham128_ecb_dec(const void *ctx, const cw_message *m)
{
    cw_ecb(ctx, cham128_dec, 16, m->in, m->out, m->len);
    return CW_OK;
}

/* ---- LEA-128 ---- */

static void lea_enc(const void *k, const uint8_t *in, uint8_t *out)
{
    cw_lea128_encrypt_block(k, in, out);
}

static void lea_dec(const void *k, const uint8_t *in, uint8_t *out)
{
    cw_lea128_decrypt_block(k, in, out);
}

static int lea_setup(void *ctx, const uint8_t *key, size_t key_len)
{
    (void)key_len;
    cw_lea128_setkey(ctx, key);
    return CW_OK;
}

static int lea_ecb_enc(const void *ctx, const cw_message *m)
{
    cw_ecb(ctx, lea_enc, 16, m->in, m->out, m->len);
    return CW_OK;
}

static int lea_ecb_dec(const void *ctx, const cw_message *m)
{
    cw_ecb(ctx, lea_dec, 16, m->in, m->out, m->len);
    return CW_OK;
}

static int lea_ctr(const void *ctx, const cw_message *m)
{
    cw_ctr(ctx, lea_enc, 16, m->iv, m->in, m->out, m->len);
    return CW_OK;
}

/* ---- XXTEA ---- */

static int xxtea_setup(void *ctx, const uint8_t *key, size_t key_len)
{
    (void)key_len;
    cw_xxtea_setkey(ctx, key);
    return CW_OK;
}

static int xxtea_ecb8_enc(const void *ctx, const cw_message *m)
{
    if (m->out != m->in)
        memcpy(m->out, m->in, m->len);
    for (size_t off = 0; off + 8 <= m->len; off += 8)
        cw_xxtea_encrypt(ctx, m->out + off, 2);
    return CW_OK;
}

static int xxtea_ecb8_dec(const void *ctx, const cw_message *m)
{
    if (m->out != m->in)
        memcpy(m->out, m->in, m->len);
    for (size_t off = 0; off + 8 <= m->len; off += 8)
        cw_xxtea_decrypt(ctx, m->out + off, 2);
    return CW_OK;
}

static int xxtea_wide_enc(const void *ctx, const cw_message *m)
{
    if (m->out != m->in)
        memcpy(m->out, m->in, m->len);
    cw_xxtea_encrypt(ctx, m->out, m->len / 4);
    return CW_OK;
}

static int xxtea_wide_dec(const void *ctx, const cw_message *m)
{
    if (m->out != m->in)
        memcpy(m->out, m->in, m->len);
    cw_xxtea_decrypt(ctx, m->out, m->len / 4);
    return CW_OK;
}

#define AES_T "portable C, 1 KiB T-table per direction"
#define UNROLLED "portable C, 4 rounds unrolled"

/* One row per catalogue id: the table below and the context sizes the build reports. */
/* clang-format off */
#define FIRMWARE_IMPLS(X)                                                                          \
    X(aes_128_ecb, "aes-128-ecb", AES_T, cw_aes128, aes_setup, aes_ecb_enc, aes_ecb_dec)           \
    X(aes_128_cbc, "aes-128-cbc", AES_T, cw_aes128, aes_setup, aes_cbc_enc, aes_cbc_dec)           \
    X(aes_128_ctr, "aes-128-ctr", AES_T, cw_aes128_enc, aes_setup_enc, aes_ctr, aes_ctr)           \
    X(aes_128_ccm_8, "aes-128-ccm-8", AES_T, cw_aes128_enc, aes_setup_enc, aes_ccm8_seal,          \
      aes_ccm8_open)                                                                               \
    X(aes_128_ccm_16, "aes-128-ccm-16", AES_T, cw_aes128_enc, aes_setup_enc, aes_ccm16_seal,       \
      aes_ccm16_open)                                                                              \
    X(chacha20, "chacha20", "portable C", cw_chacha20, chacha_setup, chacha_xor, chacha_xor)       \
    X(cham_64_128_ecb, "cham-64-128-ecb", UNROLLED, cw_cham64, cham64_setup88, cham64_ecb_enc,     \
      cham64_ecb_dec)                                                                              \
    X(cham_64_128_ecb_r80, "cham-64-128-ecb-r80", UNROLLED, cw_cham64, cham64_setup80,             \
      cham64_ecb_enc, cham64_ecb_dec)                                                              \
    X(cham_128_128_ecb, "cham-128-128-ecb", UNROLLED, cw_cham128, cham128_setup112,                \
      cham128_ecb_enc, cham128_ecb_dec)                                                            \
    X(cham_128_128_ecb_r80, "cham-128-128-ecb-r80", UNROLLED, cw_cham128, cham128_setup80,         \
      cham128_ecb_enc, cham128_ecb_dec)                                                            \
    X(lea_128_ecb, "lea-128-ecb", UNROLLED, cw_lea128, lea_setup, lea_ecb_enc, lea_ecb_dec)        \
    X(lea_128_ctr, "lea-128-ctr", UNROLLED, cw_lea128, lea_setup, lea_ctr, lea_ctr)                \
    X(xxtea_128_ecb8, "xxtea-128-ecb8", "portable C", cw_xxtea, xxtea_setup, xxtea_ecb8_enc,       \
      xxtea_ecb8_dec)                                                                              \
    X(xxtea_128_wide, "xxtea-128-wide", "portable C", cw_xxtea, xxtea_setup, xxtea_wide_enc,       \
      xxtea_wide_dec)
/* clang-format on */

#define AS_IMPL(ident, id, text, type, setup, enc, dec) {id, text, sizeof(type), setup, enc, dec},
#define AS_SIZE(ident, id, text, type, setup, enc, dec) CW_REPORT_CTX(firmware, ident, type);

static const cw_impl impls[] = {FIRMWARE_IMPLS(AS_IMPL)};
FIRMWARE_IMPLS(AS_SIZE)

static const cw_backend firmware_backend = {
    .name = "firmware",
    .library = "CipherWatt firmware ciphers (portable C11)",
    .init = NULL,
    .impls = impls,
    .impl_count = sizeof impls / sizeof impls[0],
};

CW_REGISTER_BACKEND(firmware_backend);
