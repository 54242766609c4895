/* CCM from NIST SP 800-38C: formatting of B0, the associated data and the counter blocks
 * (appendix A.2), CBC-MAC generation (§6.1) and CTR encryption of payload and tag. */
#include "ccm.h"

#include "bytes.h"
#include "status.h"

#include <string.h>

typedef struct
{
    const cw_aes128_enc *key;
    uint8_t y[CW_AES_BLOCK]; /* the running CBC-MAC value */
    size_t fill;             /* bytes absorbed into y since the last encryption */
} cbc_mac;

static void mac_absorb(cbc_mac *m, const uint8_t *data, size_t len)
{
    for (size_t i = 0; i < len; ++i) {
        m->y[m->fill++] ^= data[i];
        if (m->fill == CW_AES_BLOCK) {
            cw_aes128_encrypt_block(m->key->ek, m->y, m->y);
            m->fill = 0;
        }
    }
}

/* Zero padding to the block boundary (A.2.2, A.2.3). */
static void mac_pad(cbc_mac *m)
{
    if (m->fill != 0) {
        cw_aes128_encrypt_block(m->key->ek, m->y, m->y);
        m->fill = 0;
    }
}

static int check_params(size_t nonce_len, size_t aad_len, size_t len, size_t tag_len)
{
    if (nonce_len < 7 || nonce_len > 13 || tag_len < 4 || tag_len > 16 || tag_len % 2 != 0)
        return CW_ERR_PARAM;
    const size_t q = 15 - nonce_len;
    if (q < 8 && (uint64_t)len >> (8 * q) != 0)
        return CW_ERR_PARAM;
    if ((uint64_t)aad_len >> 32 != 0)
        return CW_ERR_PARAM;
    return CW_OK;
}

/* T = MSB_t(CBC-MAC(B0 || encoded AAD || payload)). */
static void compute_tag(const cw_aes128_enc *key, const uint8_t *nonce, size_t nonce_len,
                        const uint8_t *aad, size_t aad_len, const uint8_t *payload, size_t len,
                        size_t tag_len, uint8_t tag[CW_AES_BLOCK])
{
    const size_t q = 15 - nonce_len;
    uint8_t b0[CW_AES_BLOCK];
    b0[0] = (uint8_t)((aad_len > 0 ? 0x40 : 0) | ((tag_len - 2) / 2) << 3 | (q - 1));
    memcpy(b0 + 1, nonce, nonce_len);
    size_t n = len;
    for (size_t i = 0; i < q; ++i, n >>= 8)
        b0[15 - i] = (uint8_t)n;

    cbc_mac m = {.key = key, .fill = 0};
    memset(m.y, 0, sizeof m.y);
    mac_absorb(&m, b0, sizeof b0);
    if (aad_len > 0) {
        uint8_t prefix[6];
        size_t prefix_len;
        if (aad_len < 0xff00) {
            prefix[0] = (uint8_t)(aad_len >> 8);
            prefix[1] = (uint8_t)aad_len;
            prefix_len = 2;
        } else {
            prefix[0] = 0xff;
            prefix[1] = 0xfe;
            for (size_t i = 0; i < 4; ++i)
                prefix[2 + i] = (uint8_t)((uint64_t)aad_len >> (24 - 8 * i));
            prefix_len = 6;
        }
        mac_absorb(&m, prefix, prefix_len);
        mac_absorb(&m, aad, aad_len);
        mac_pad(&m);
    }
    mac_absorb(&m, payload, len);
    mac_pad(&m);
    memcpy(tag, m.y, tag_len);
}

/* Counter block j: flags = q - 1, then the nonce, then j in q bytes (A.3). */
static void counter_block(uint8_t ctr[CW_AES_BLOCK], const uint8_t *nonce, size_t nonce_len,
                          uint32_t j)
{
    const size_t q = 15 - nonce_len;
    memset(ctr, 0, CW_AES_BLOCK);
    ctr[0] = (uint8_t)(q - 1);
    memcpy(ctr + 1, nonce, nonce_len);
    for (size_t i = 0; i < q && i < 4; ++i)
        ctr[15 - i] = (uint8_t)(j >> (8 * i));
}

/* Payload XOR S_1 || S_2 || ...; returns S_0 for the tag. */
static void ctr_crypt(const cw_aes128_enc *key, const uint8_t *nonce, size_t nonce_len,
                      const uint8_t *in, uint8_t *out, size_t len, uint8_t s0[CW_AES_BLOCK])
{
    uint8_t ctr[CW_AES_BLOCK];
    uint8_t stream[CW_AES_BLOCK];
    counter_block(ctr, nonce, nonce_len, 0);
    cw_aes128_encrypt_block(key->ek, ctr, s0);
    uint32_t j = 1;
    for (size_t off = 0; off < len; off += CW_AES_BLOCK, ++j) {
        counter_block(ctr, nonce, nonce_len, j);
        cw_aes128_encrypt_block(key->ek, ctr, stream);
        const size_t n = len - off < CW_AES_BLOCK ? len - off : CW_AES_BLOCK;
        cw_xor_bytes(out + off, in + off, stream, n);
    }
}

int cw_ccm_seal(const cw_aes128_enc *key, const uint8_t *nonce, size_t nonce_len,
                const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                size_t tag_len)
{
    const int status = check_params(nonce_len, aad_len, len, tag_len);
    if (status != CW_OK)
        return status;
    uint8_t tag[CW_AES_BLOCK];
    uint8_t s0[CW_AES_BLOCK];
    compute_tag(key, nonce, nonce_len, aad, aad_len, in, len, tag_len, tag); /* before in = out */
    ctr_crypt(key, nonce, nonce_len, in, out, len, s0);
    cw_xor_bytes(out + len, tag, s0, tag_len);
    return CW_OK;
}

int cw_ccm_open(const cw_aes128_enc *key, const uint8_t *nonce, size_t nonce_len,
                const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                size_t tag_len)
{
    if (len < tag_len)
        return CW_ERR_PARAM;
    const size_t plain_len = len - tag_len;
    const int status = check_params(nonce_len, aad_len, plain_len, tag_len);
    if (status != CW_OK)
        return status;
    uint8_t received[CW_AES_BLOCK];
    memcpy(received, in + plain_len, tag_len); /* before in = out overwrites nothing of it */
    uint8_t s0[CW_AES_BLOCK];
    ctr_crypt(key, nonce, nonce_len, in, out, plain_len, s0);
    uint8_t tag[CW_AES_BLOCK];
    compute_tag(key, nonce, nonce_len, aad, aad_len, out, plain_len, tag_len, tag);
    cw_xor_bytes(tag, tag, s0, tag_len);
    if (!cw_equal_ct(tag, received, tag_len)) {
        memset(out, 0, plain_len);
        return CW_ERR_AUTH;
    }
    return CW_OK;
}
