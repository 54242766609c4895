/* The known-answer self-test: every carried vector (kat_vectors.h) on every backend that has
 * its cipher, encryption, decryption, and for AEADs a forged tag that must be refused. */
#ifndef CW_SELFTEST_H
#define CW_SELFTEST_H

#include "json.h"
#include "out.h"

/* `ciphers`: NULL for all, else an array of cipher ids (unknown ones fail, as in the worker). */
void cw_selftest(const cw_json_field *ciphers, const cw_id *id);

#endif
