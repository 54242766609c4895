#include "catalogue.h"

#include <string.h>

#define CTR_NOTE "IV = initial counter block, incremented as a big-endian integer"

/* clang-format off */
#define BLOCK(id, family, mode, key, block, note, min, unit)                                       \
    {id, family, mode, note, key, block, CW_KIND_BLOCK, CW_IV_NONE, 0, 0, 0, 0, min, unit}
#define WITH_IV(id, family, mode, key, block, note, min, unit)                                     \
    {id, family, mode, note, key, block, CW_KIND_BLOCK, CW_IV_IV, (block) / 8, (block) / 8,       \
     (block) / 8, 0, min, unit}
#define CCM(id, tag)                                                                               \
    {id, "AES", "CCM", "", 128, 128, CW_KIND_AEAD, CW_IV_NONCE, 12, 7, 13, tag, 0, 1}

const cw_cipher_info cw_catalogue[] = {
    BLOCK("aes-128-ecb", "AES", "ECB", 128, 128, "", 16, 16),
    WITH_IV("aes-128-cbc", "AES", "CBC", 128, 128, "", 16, 16),
    WITH_IV("aes-128-ctr", "AES", "CTR", 128, 128, CTR_NOTE, 1, 1),
    CCM("aes-128-ccm-8", 8),
    CCM("aes-128-ccm-16", 16),
    {"chacha20", "ChaCha", "stream", "RFC 8439: 96-bit nonce, 32-bit block counter starting at 0",
     256, 0, CW_KIND_STREAM, CW_IV_NONCE, 12, 12, 12, 0, 0, 1},
    BLOCK("cham-64-128-ecb", "CHAM", "ECB", 128, 64, "88 rounds (revised, 2019)", 8, 8),
    BLOCK("cham-64-128-ecb-r80", "CHAM", "ECB", 128, 64, "80 rounds (original, 2017)", 8, 8),
    BLOCK("cham-128-128-ecb", "CHAM", "ECB", 128, 128, "112 rounds (revised, 2019)", 16, 16),
    BLOCK("cham-128-128-ecb-r80", "CHAM", "ECB", 128, 128, "80 rounds (original, 2017)", 16, 16),
    BLOCK("lea-128-ecb", "LEA", "ECB", 128, 128, "", 16, 16),
    WITH_IV("lea-128-ctr", "LEA", "CTR", 128, 128, CTR_NOTE, 1, 1),
    BLOCK("xxtea-128-ecb8", "XXTEA", "ECB", 128, 64,
          "8-byte blocks (32 cycles each), little-endian words", 8, 8),
    BLOCK("xxtea-128-wide", "XXTEA", "wide block", 128, 32,
          "the whole buffer is one XXTEA block (6 + 52/n cycles), little-endian words", 8, 4),
};
/* clang-format on */

const size_t cw_catalogue_count = sizeof cw_catalogue / sizeof cw_catalogue[0];

const cw_cipher_info *cw_find_cipher(const char *id, size_t len)
{
    for (size_t i = 0; i < cw_catalogue_count; ++i) {
        if (strlen(cw_catalogue[i].id) == len && memcmp(cw_catalogue[i].id, id, len) == 0)
            return &cw_catalogue[i];
    }
    return NULL;
}

const char *cw_iv_kind_name(uint8_t kind)
{
    return kind == CW_IV_IV ? "iv" : kind == CW_IV_NONCE ? "nonce" : "none";
}
