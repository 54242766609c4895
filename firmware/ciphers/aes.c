/* AES-128 from NIST FIPS-197. Written from the standard: S-box §5.1.1, key expansion §5.2,
 * cipher §5.1, equivalent inverse cipher §5.3.5. The S-box and its inverse are listed once (they
 * were computed from their definition, the multiplicative inverse in GF(2^8) followed by the
 * affine transformation, and checked against FIPS-197 Figure 7); the round tables are derived
 * from them by the preprocessor. */
#include "aes.h"

#include "bytes.h"

/* clang-format off */
#define CW_AES_SBOX(X)                                                                             \
    X(0x63) X(0x7c) X(0x77) X(0x7b) X(0xf2) X(0x6b) X(0x6f) X(0xc5)                                \
    X(0x30) X(0x01) X(0x67) X(0x2b) X(0xfe) X(0xd7) X(0xab) X(0x76)                                \
    X(0xca) X(0x82) X(0xc9) X(0x7d) X(0xfa) X(0x59) X(0x47) X(0xf0)                                \
    X(0xad) X(0xd4) X(0xa2) X(0xaf) X(0x9c) X(0xa4) X(0x72) X(0xc0)                                \
    X(0xb7) X(0xfd) X(0x93) X(0x26) X(0x36) X(0x3f) X(0xf7) X(0xcc)                                \
    X(0x34) X(0xa5) X(0xe5) X(0xf1) X(0x71) X(0xd8) X(0x31) X(0x15)                                \
    X(0x04) X(0xc7) X(0x23) X(0xc3) X(0x18) X(0x96) X(0x05) X(0x9a)                                \
    X(0x07) X(0x12) X(0x80) X(0xe2) X(0xeb) X(0x27) X(0xb2) X(0x75)                                \
    X(0x09) X(0x83) X(0x2c) X(0x1a) X(0x1b) X(0x6e) X(0x5a) X(0xa0)                                \
    X(0x52) X(0x3b) X(0xd6) X(0xb3) X(0x29) X(0xe3) X(0x2f) X(0x84)                                \
    X(0x53) X(0xd1) X(0x00) X(0xed) X(0x20) X(0xfc) X(0xb1) X(0x5b)                                \
    X(0x6a) X(0xcb) X(0xbe) X(0x39) X(0x4a) X(0x4c) X(0x58) X(0xcf)                                \
    X(0xd0) X(0xef) X(0xaa) X(0xfb) X(0x43) X(0x4d) X(0x33) X(0x85)                                \
    X(0x45) X(0xf9) X(0x02) X(0x7f) X(0x50) X(0x3c) X(0x9f) X(0xa8)                                \
    X(0x51) X(0xa3) X(0x40) X(0x8f) X(0x92) X(0x9d) X(0x38) X(0xf5)                                \
    X(0xbc) X(0xb6) X(0xda) X(0x21) X(0x10) X(0xff) X(0xf3) X(0xd2)                                \
    X(0xcd) X(0x0c) X(0x13) X(0xec) X(0x5f) X(0x97) X(0x44) X(0x17)                                \
    X(0xc4) X(0xa7) X(0x7e) X(0x3d) X(0x64) X(0x5d) X(0x19) X(0x73)                                \
    X(0x60) X(0x81) X(0x4f) X(0xdc) X(0x22) X(0x2a) X(0x90) X(0x88)                                \
    X(0x46) X(0xee) X(0xb8) X(0x14) X(0xde) X(0x5e) X(0x0b) X(0xdb)                                \
    X(0xe0) X(0x32) X(0x3a) X(0x0a) X(0x49) X(0x06) X(0x24) X(0x5c)                                \
    X(0xc2) X(0xd3) X(0xac) X(0x62) X(0x91) X(0x95) X(0xe4) X(0x79)                                \
    X(0xe7) X(0xc8) X(0x37) X(0x6d) X(0x8d) X(0xd5) X(0x4e) X(0xa9)                                \
    X(0x6c) X(0x56) X(0xf4) X(0xea) X(0x65) X(0x7a) X(0xae) X(0x08)                                \
    X(0xba) X(0x78) X(0x25) X(0x2e) X(0x1c) X(0xa6) X(0xb4) X(0xc6)                                \
    X(0xe8) X(0xdd) X(0x74) X(0x1f) X(0x4b) X(0xbd) X(0x8b) X(0x8a)                                \
    X(0x70) X(0x3e) X(0xb5) X(0x66) X(0x48) X(0x03) X(0xf6) X(0x0e)                                \
    X(0x61) X(0x35) X(0x57) X(0xb9) X(0x86) X(0xc1) X(0x1d) X(0x9e)                                \
    X(0xe1) X(0xf8) X(0x98) X(0x11) X(0x69) X(0xd9) X(0x8e) X(0x94)                                \
    X(0x9b) X(0x1e) X(0x87) X(0xe9) X(0xce) X(0x55) X(0x28) X(0xdf)                                \
    X(0x8c) X(0xa1) X(0x89) X(0x0d) X(0xbf) X(0xe6) X(0x42) X(0x68)                                \
    X(0x41) X(0x99) X(0x2d) X(0x0f) X(0xb0) X(0x54) X(0xbb) X(0x16)

#define CW_AES_INV_SBOX(X)                                                                         \
    X(0x52) X(0x09) X(0x6a) X(0xd5) X(0x30) X(0x36) X(0xa5) X(0x38)                                \
    X(0xbf) X(0x40) X(0xa3) X(0x9e) X(0x81) X(0xf3) X(0xd7) X(0xfb)                                \
    X(0x7c) X(0xe3) X(0x39) X(0x82) X(0x9b) X(0x2f) X(0xff) X(0x87)                                \
    X(0x34) X(0x8e) X(0x43) X(0x44) X(0xc4) X(0xde) X(0xe9) X(0xcb)                                \
    X(0x54) X(0x7b) X(0x94) X(0x32) X(0xa6) X(0xc2) X(0x23) X(0x3d)                                \
    X(0xee) X(0x4c) X(0x95) X(0x0b) X(0x42) X(0xfa) X(0xc3) X(0x4e)                                \
    X(0x08) X(0x2e) X(0xa1) X(0x66) X(0x28) X(0xd9) X(0x24) X(0xb2)                                \
    X(0x76) X(0x5b) X(0xa2) X(0x49) X(0x6d) X(0x8b) X(0xd1) X(0x25)                                \
    X(0x72) X(0xf8) X(0xf6) X(0x64) X(0x86) X(0x68) X(0x98) X(0x16)                                \
    X(0xd4) X(0xa4) X(0x5c) X(0xcc) X(0x5d) X(0x65) X(0xb6) X(0x92)                                \
    X(0x6c) X(0x70) X(0x48) X(0x50) X(0xfd) X(0xed) X(0xb9) X(0xda)                                \
    X(0x5e) X(0x15) X(0x46) X(0x57) X(0xa7) X(0x8d) X(0x9d) X(0x84)                                \
    X(0x90) X(0xd8) X(0xab) X(0x00) X(0x8c) X(0xbc) X(0xd3) X(0x0a)                                \
    X(0xf7) X(0xe4) X(0x58) X(0x05) X(0xb8) X(0xb3) X(0x45) X(0x06)                                \
    X(0xd0) X(0x2c) X(0x1e) X(0x8f) X(0xca) X(0x3f) X(0x0f) X(0x02)                                \
    X(0xc1) X(0xaf) X(0xbd) X(0x03) X(0x01) X(0x13) X(0x8a) X(0x6b)                                \
    X(0x3a) X(0x91) X(0x11) X(0x41) X(0x4f) X(0x67) X(0xdc) X(0xea)                                \
    X(0x97) X(0xf2) X(0xcf) X(0xce) X(0xf0) X(0xb4) X(0xe6) X(0x73)                                \
    X(0x96) X(0xac) X(0x74) X(0x22) X(0xe7) X(0xad) X(0x35) X(0x85)                                \
    X(0xe2) X(0xf9) X(0x37) X(0xe8) X(0x1c) X(0x75) X(0xdf) X(0x6e)                                \
    X(0x47) X(0xf1) X(0x1a) X(0x71) X(0x1d) X(0x29) X(0xc5) X(0x89)                                \
    X(0x6f) X(0xb7) X(0x62) X(0x0e) X(0xaa) X(0x18) X(0xbe) X(0x1b)                                \
    X(0xfc) X(0x56) X(0x3e) X(0x4b) X(0xc6) X(0xd2) X(0x79) X(0x20)                                \
    X(0x9a) X(0xdb) X(0xc0) X(0xfe) X(0x78) X(0xcd) X(0x5a) X(0xf4)                                \
    X(0x1f) X(0xdd) X(0xa8) X(0x33) X(0x88) X(0x07) X(0xc7) X(0x31)                                \
    X(0xb1) X(0x12) X(0x10) X(0x59) X(0x27) X(0x80) X(0xec) X(0x5f)                                \
    X(0x60) X(0x51) X(0x7f) X(0xa9) X(0x19) X(0xb5) X(0x4a) X(0x0d)                                \
    X(0x2d) X(0xe5) X(0x7a) X(0x9f) X(0x93) X(0xc9) X(0x9c) X(0xef)                                \
    X(0xa0) X(0xe0) X(0x3b) X(0x4d) X(0xae) X(0x2a) X(0xf5) X(0xb0)                                \
    X(0xc8) X(0xeb) X(0xbb) X(0x3c) X(0x83) X(0x53) X(0x99) X(0x61)                                \
    X(0x17) X(0x2b) X(0x04) X(0x7e) X(0xba) X(0x77) X(0xd6) X(0x26)                                \
    X(0xe1) X(0x69) X(0x14) X(0x63) X(0x55) X(0x21) X(0x0c) X(0x7d)
/* clang-format on */

/* Multiplication by x (02) in GF(2^8) with the AES polynomial x^8 + x^4 + x^3 + x + 1. */
#define CW_XT(s) (((((unsigned)(s)) << 1) ^ ((((unsigned)(s)) >> 7) * 0x1bU)) & 0xffU)
#define CW_M2(s) CW_XT(s)
#define CW_M4(s) CW_XT(CW_XT(s))
#define CW_M8(s) CW_XT(CW_XT(CW_XT(s)))
#define CW_M9(s) (CW_M8(s) ^ (unsigned)(s))
#define CW_MB(s) (CW_M8(s) ^ CW_M2(s) ^ (unsigned)(s))
#define CW_MD(s) (CW_M8(s) ^ CW_M4(s) ^ (unsigned)(s))
#define CW_ME(s) (CW_M8(s) ^ CW_M4(s) ^ CW_M2(s))

#define CW_BYTE(s) (uint8_t)(s),
/* MixColumns of the column (S[x], 0, 0, 0): rows 02 01 01 03 times S[x]. */
#define CW_TE(s)                                                                                   \
    ((uint32_t)CW_M2(s) | (uint32_t)(s) << 8 | (uint32_t)(s) << 16 |                               \
     (uint32_t)(CW_M2(s) ^ (unsigned)(s)) << 24),
/* InvMixColumns of the column (InvS[x], 0, 0, 0): rows 0e 09 0d 0b times InvS[x]. */
#define CW_TD(s)                                                                                   \
    ((uint32_t)CW_ME(s) | (uint32_t)CW_M9(s) << 8 | (uint32_t)CW_MD(s) << 16 |                     \
     (uint32_t)CW_MB(s) << 24),

static const uint8_t sbox[256] = {CW_AES_SBOX(CW_BYTE)};
static const uint8_t inv_sbox[256] = {CW_AES_INV_SBOX(CW_BYTE)};
static const uint32_t te[256] = {CW_AES_SBOX(CW_TE)};
static const uint32_t td[256] = {CW_AES_INV_SBOX(CW_TD)};

/* Row r of a column comes from the table rotated by 8r bits (the other three tables of the
 * classic four-table form). */
#define B0(w) ((w)&0xffU)
#define B1(w) (((w) >> 8) & 0xffU)
#define B2(w) (((w) >> 16) & 0xffU)
#define B3(w) ((w) >> 24)

static uint32_t sub_word(uint32_t w)
{
    return (uint32_t)sbox[B0(w)] | (uint32_t)sbox[B1(w)] << 8 | (uint32_t)sbox[B2(w)] << 16 |
           (uint32_t)sbox[B3(w)] << 24;
}

void cw_aes128_expand(uint32_t ek[CW_AES128_WORDS], const uint8_t key[CW_AES128_KEY])
{
    uint32_t rcon = 0x01;
    for (unsigned i = 0; i < 4; ++i)
        ek[i] = cw_load32_le(key + 4 * i);
    for (unsigned i = 4; i < CW_AES128_WORDS; ++i) {
        uint32_t t = ek[i - 1];
        if (i % 4 == 0) {
            /* RotWord moves byte 1 to row 0: a right rotation of the little-endian word. */
            t = sub_word(cw_ror32(t, 8)) ^ rcon;
            rcon = CW_XT(rcon);
        }
        ek[i] = ek[i - 4] ^ t;
    }
}

static uint32_t inv_mix_column(uint32_t w)
{
    /* td[sbox[x]] is InvMixColumns of (x, 0, 0, 0). */
    return td[sbox[B0(w)]] ^ cw_rol32(td[sbox[B1(w)]], 8) ^ cw_rol32(td[sbox[B2(w)]], 16) ^
           cw_rol32(td[sbox[B3(w)]], 24);
}

void cw_aes128_expand_dec(uint32_t dk[CW_AES128_WORDS], const uint32_t ek[CW_AES128_WORDS])
{
    for (unsigned round = 0; round <= 10; ++round) {
        for (unsigned c = 0; c < 4; ++c) {
            const uint32_t w = ek[4 * (10 - round) + c];
            dk[4 * round + c] = (round == 0 || round == 10) ? w : inv_mix_column(w);
        }
    }
}

void cw_aes128_encrypt_block(const uint32_t ek[CW_AES128_WORDS], const uint8_t in[CW_AES_BLOCK],
                             uint8_t out[CW_AES_BLOCK])
{
    uint32_t s0 = cw_load32_le(in) ^ ek[0];
    uint32_t s1 = cw_load32_le(in + 4) ^ ek[1];
    uint32_t s2 = cw_load32_le(in + 8) ^ ek[2];
    uint32_t s3 = cw_load32_le(in + 12) ^ ek[3];
    const uint32_t *rk = ek + 4;
    for (unsigned round = 1; round < 10; ++round, rk += 4) {
        /* SubBytes, ShiftRows (row r from column c + r) and MixColumns in one lookup each. */
        const uint32_t t0 = te[B0(s0)] ^ cw_rol32(te[B1(s1)], 8) ^ cw_rol32(te[B2(s2)], 16) ^
                            cw_rol32(te[B3(s3)], 24) ^ rk[0];
        const uint32_t t1 = te[B0(s1)] ^ cw_rol32(te[B1(s2)], 8) ^ cw_rol32(te[B2(s3)], 16) ^
                            cw_rol32(te[B3(s0)], 24) ^ rk[1];
        const uint32_t t2 = te[B0(s2)] ^ cw_rol32(te[B1(s3)], 8) ^ cw_rol32(te[B2(s0)], 16) ^
                            cw_rol32(te[B3(s1)], 24) ^ rk[2];
        const uint32_t t3 = te[B0(s3)] ^ cw_rol32(te[B1(s0)], 8) ^ cw_rol32(te[B2(s1)], 16) ^
                            cw_rol32(te[B3(s2)], 24) ^ rk[3];
        s0 = t0;
        s1 = t1;
        s2 = t2;
        s3 = t3;
    }
    /* The last round has no MixColumns. */
#define LAST(a, b, c, d)                                                                           \
    ((uint32_t)sbox[B0(a)] | (uint32_t)sbox[B1(b)] << 8 | (uint32_t)sbox[B2(c)] << 16 |            \
     (uint32_t)sbox[B3(d)] << 24)
    cw_store32_le(out, LAST(s0, s1, s2, s3) ^ rk[0]);
    cw_store32_le(out + 4, LAST(s1, s2, s3, s0) ^ rk[1]);
    cw_store32_le(out + 8, LAST(s2, s3, s0, s1) ^ rk[2]);
    cw_store32_le(out + 12, LAST(s3, s0, s1, s2) ^ rk[3]);
#undef LAST
}

void cw_aes128_decrypt_block(const uint32_t dk[CW_AES128_WORDS], const uint8_t in[CW_AES_BLOCK],
                             uint8_t out[CW_AES_BLOCK])
{
    uint32_t s0 = cw_load32_le(in) ^ dk[0];
    uint32_t s1 = cw_load32_le(in + 4) ^ dk[1];
    uint32_t s2 = cw_load32_le(in + 8) ^ dk[2];
    uint32_t s3 = cw_load32_le(in + 12) ^ dk[3];
    const uint32_t *rk = dk + 4;
    for (unsigned round = 1; round < 10; ++round, rk += 4) {
        /* InvShiftRows takes row r from column c - r. */
        const uint32_t t0 = td[B0(s0)] ^ cw_rol32(td[B1(s3)], 8) ^ cw_rol32(td[B2(s2)], 16) ^
                            cw_rol32(td[B3(s1)], 24) ^ rk[0];
        const uint32_t t1 = td[B0(s1)] ^ cw_rol32(td[B1(s0)], 8) ^ cw_rol32(td[B2(s3)], 16) ^
                            cw_rol32(td[B3(s2)], 24) ^ rk[1];
        const uint32_t t2 = td[B0(s2)] ^ cw_rol32(td[B1(s1)], 8) ^ cw_rol32(td[B2(s0)], 16) ^
                            cw_rol32(td[B3(s3)], 24) ^ rk[2];
        const uint32_t t3 = td[B0(s3)] ^ cw_rol32(td[B1(s2)], 8) ^ cw_rol32(td[B2(s1)], 16) ^
                            cw_rol32(td[B3(s0)], 24) ^ rk[3];
        s0 = t0;
        s1 = t1;
        s2 = t2;
        s3 = t3;
    }
#define LAST(a, b, c, d)                                                                           \
    ((uint32_t)inv_sbox[B0(a)] | (uint32_t)inv_sbox[B1(b)] << 8 |                                  \
     (uint32_t)inv_sbox[B2(c)] << 16 | (uint32_t)inv_sbox[B3(d)] << 24)
    cw_store32_le(out, LAST(s0, s3, s2, s1) ^ rk[0]);
    cw_store32_le(out + 4, LAST(s1, s0, s3, s2) ^ rk[1]);
    cw_store32_le(out + 8, LAST(s2, s1, s0, s3) ^ rk[2]);
    cw_store32_le(out + 12, LAST(s3, s2, s1, s0) ^ rk[3]);
#undef LAST
}
