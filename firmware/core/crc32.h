/* CRC-32 of IEEE 802.3 (reflected polynomial 0xedb88320, initial and final XOR 0xffffffff),
 * the same value as zlib's crc32(). */
#ifndef CW_CRC32_H
#define CW_CRC32_H

#include <stddef.h>
#include <stdint.h>

#define CW_CRC32_INIT 0xffffffffU

/* Running form: crc = cw_crc32_update(CW_CRC32_INIT, ...); ...; value = crc ^ 0xffffffff. */
uint32_t cw_crc32_update(uint32_t crc, const void *data, size_t len);
uint32_t cw_crc32(const void *data, size_t len);

#endif
