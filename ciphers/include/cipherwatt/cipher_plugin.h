/*
 * cipherwatt/cipher_plugin.h: the C interface between cipherwatt-bench (the worker that runs on
 * the device under test) and a shared library holding the operator's own cipher code.
 *
 * A plugin lets CipherWatt measure a cipher it does not ship, with exactly the method it uses
 * for its own backends: the worker checks the plugin's known-answer vectors, warms up, runs the
 * timed loop with a cycle counter, and checks decrypt(encrypt(x)) = x afterwards. Its ciphers
 * appear in `cipherwatt-bench list`, `kat`, `run`, `self-test` and `serve` under the backend
 * name "plugin:<name>".
 *
 * Writing a plugin
 *   1. Include this header (pure C99; also valid C++).
 *   2. Fill one `cw_plugin` table with a `cw_plugin_cipher` entry per cipher.
 *   3. Define the entry point `cipherwatt_plugin` (declared below) to return that table.
 *   4. Build a shared library, e.g.
 *        cc -std=c99 -shared -fPIC -O2 -I/usr/local/include my_cipher.c -o my_cipher.so
 *   5. Run `cipherwatt-bench --plugin ./my_cipher.so self-test`, or copy the file to
 *      ${XDG_DATA_HOME:-~/.local/share}/cipherwatt/plugins/ to have it loaded every time.
 *
 * The worker refuses a plugin whose table breaks a rule stated here, with one line naming the
 * file and the rule; nothing of a refused plugin is used. The table and everything it points to
 * must stay valid and unchanged while the library is loaded (static const data is the natural
 * choice). The worker never unloads a plugin it accepted.
 *
 * Threads: the worker calls a plugin from one thread at a time (not necessarily the same one).
 * Signals and exceptions: plugin code must not throw C++ exceptions across this interface.
 * A plugin that crashes takes the worker process down with it; the host notices the dead worker
 * and marks the run failed.
 *
 * Versioning: CIPHERWATT_PLUGIN_ABI_VERSION changes whenever a struct or a function signature
 * changes in an incompatible way. The first member of `cw_plugin`, `abi_version`, keeps its
 * type and place in every version, so a worker can always tell which version a plugin was built
 * for and refuse it by name instead of misreading it.
 */
#ifndef CIPHERWATT_CIPHER_PLUGIN_H
#define CIPHERWATT_CIPHER_PLUGIN_H

/* A C99 header, also read by C++: C headers and typedefs are what it must use. */
/* NOLINTBEGIN(modernize-deprecated-headers, modernize-use-using) */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface. A plugin stores it in cw_plugin.abi_version. */
#define CIPHERWATT_PLUGIN_ABI_VERSION 1

/* The name of the one symbol a plugin exports (see cipherwatt_plugin() below). */
#define CIPHERWATT_PLUGIN_ENTRY "cipherwatt_plugin"

/* Exports the entry point even when the plugin is built with -fvisibility=hidden. */
#if defined(__GNUC__) || defined(__clang__)
#define CIPHERWATT_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define CIPHERWATT_PLUGIN_EXPORT
#endif

/* Return codes of create(), encrypt() and decrypt(). Anything but CW_OK makes the worker stop
 * what it was doing (a known-answer check fails, a run ends with an error); it names the code
 * in its message. */
enum {
    CW_OK = 0,
    CW_ERR_KEY = 1,    /* the key is unusable (wrong length, a weak key the cipher refuses) */
    CW_ERR_IV = 2,     /* the IV, nonce or tweak is unusable */
    CW_ERR_LENGTH = 3, /* the message length is not one this cipher can process */
    CW_ERR_MEMORY = 4, /* an allocation failed */
    CW_ERR_OTHER = 5   /* anything else */
};

/* What the per-message parameter of a cipher is called (the worker's `--iv`, `--nonce` and
 * `--tweak` options and the catalogue's `iv_kind`). */
enum {
    CW_IV_NONE = 0,  /* no per-message parameter; iv_bytes must be 0 */
    CW_IV_IV = 1,    /* an initialisation vector (CBC) or initial counter block (CTR) */
    CW_IV_NONCE = 2, /* a nonce (stream ciphers) */
    CW_IV_TWEAK = 3  /* a tweak (XTS, wide-block modes) */
};

/*
 * create: makes a context for one key and one IV (nonce, tweak).
 *   key      key_bytes bytes (the length declared for the cipher; the worker checks it).
 *   iv       iv_bytes bytes, or NULL when the cipher's iv_kind is CW_IV_NONE.
 *   ctx      where to store the new context. On CW_OK *ctx must be non-NULL; the worker owns it
 *            from then on and releases it with destroy(). On any other code *ctx is ignored and
 *            the plugin must have released whatever it allocated.
 * The key and IV buffers belong to the worker and are only valid during the call: copy what is
 * needed (typically the expanded key schedule and the IV). The worker calls create() again
 * whenever the key or the IV changes, and before the timed loop of a run, never inside it.
 */
typedef int (*cw_create_fn)(const uint8_t *key, size_t key_len, const uint8_t *iv, size_t iv_len,
                            void **ctx);

/*
 * encrypt / decrypt: process one whole message of `len` bytes.
 *   Every call is a message of its own that starts from the state create() left: the IV as
 *   given, the key stream at its beginning. A call must not leave anything behind that changes
 *   the result of a later call (no CBC chaining or counter carried across calls). This is how
 *   the worker measures: every buffer is one message, as a disk sector or a network packet.
 *   in, out  `len` bytes each. They are either the same pointer (in-place processing, which
 *            every plugin must support) or do not overlap at all.
 *   len      at least min_input_bytes, and a multiple of block_bytes when whole_blocks is set;
 *            the worker checks both before calling.
 * Returns CW_OK, or an error code (out is then ignored).
 */
typedef int (*cw_crypt_fn)(void *ctx, const uint8_t *in, uint8_t *out, size_t len);

/* destroy: releases a context made by create(). Never called with NULL. */
typedef void (*cw_destroy_fn)(void *ctx);

/*
 * A known-answer vector, in hexadecimal text (upper or lower case, no spaces), as published.
 * The worker checks every vector of a cipher in `self-test` and immediately before measuring a
 * run of that cipher; a vector that does not match refuses the run. Copy vectors from a
 * published, third-party source and name it in `source`: vectors computed with the plugin
 * itself prove nothing.
 */
typedef struct cw_plugin_vector
{
    const char *source;     /* where the vector was published, e.g. a paper's appendix; may be
                               NULL, but a named source is what makes the vector evidence */
    const char *key;        /* 2 * key_bytes hex digits */
    const char *iv;         /* 2 * iv_bytes hex digits; NULL or "" when iv_kind is CW_IV_NONE */
    const char *plaintext;  /* at least min_input_bytes, whole blocks when whole_blocks is set */
    const char *ciphertext; /* as many bytes as the plaintext */
} cw_plugin_vector;

/*
 * One cipher of a plugin. Strings are printable ASCII; lengths are checked by the worker.
 */
typedef struct cw_plugin_cipher
{
    /* The catalogue id, lower case, in CipherWatt's form <algorithm>-<key bits>-<mode>, e.g.
     * "xtea-128-ctr": letters a-z, digits and single '-' between parts, at most 48 characters,
     * and one part after the first must be the key size in bits (key_bits). An id the worker
     * already has (e.g. "lea-128-ecb") is taken as it is, and allowed when every size below
     * equals the built-in one: the plugin is then one more backend of that cipher, and the
     * built-in third-party vectors check it too. Two plugins may offer the same new id only
     * with the same sizes. */
    const char *id;
    const char *family;         /* e.g. "XTEA"; 1..32 characters */
    const char *mode;           /* e.g. "ECB", "CBC", "CTR", "stream", "wide block"; 1..32 */
    const char *implementation; /* what runs, reported with every result, e.g. "portable C,
                                   gcc -O2"; may be NULL; at most 200 characters */
    const char *note;           /* conventions that change the bytes (endianness, counter
                                   layout); may be NULL; at most 200 characters */
    uint32_t key_bits;          /* nominal key size in bits, as in the id; 1..8 * key_bytes */
    uint32_t key_bytes;         /* the key length create() takes: 1..256 */
    uint32_t iv_kind;           /* CW_IV_NONE, CW_IV_IV, CW_IV_NONCE or CW_IV_TWEAK */
    uint32_t iv_bytes;          /* 0 with CW_IV_NONE, otherwise 1..64 */
    uint32_t block_bytes;       /* the block size: 1 for a stream cipher, at most 256 */
    uint32_t min_input_bytes;   /* shortest message: 1..1048576 */
    /* Non-zero: message lengths are multiples of block_bytes (ECB, CBC without padding), and
     * min_input_bytes must then be a multiple of block_bytes too. */
    uint32_t whole_blocks;
    cw_create_fn create;             /* required */
    cw_crypt_fn encrypt;             /* required */
    cw_crypt_fn decrypt;             /* required */
    cw_destroy_fn destroy;           /* required */
    const cw_plugin_vector *vectors; /* known-answer vectors, NULL when vector_count is 0 */
    uint32_t vector_count;           /* 0..1024 */
} cw_plugin_cipher;

/*
 * The table a plugin returns.
 */
typedef struct cw_plugin
{
    uint32_t abi_version;    /* CIPHERWATT_PLUGIN_ABI_VERSION; first in every version */
    const char *name;        /* [a-z0-9_-], 1..32 characters; the backend is "plugin:<name>".
                                Two plugins with the same name are not loaded together. */
    const char *version;     /* the plugin's own version, e.g. "1.0.0"; 1..32 characters */
    const char *description; /* may be NULL; at most 200 characters */
    const cw_plugin_cipher *ciphers; /* cipher_count entries */
    uint32_t cipher_count;           /* 1..256; ids unique within the plugin */
} cw_plugin;

/*
 * The entry point: the one symbol a plugin exports. The worker calls it once, right after
 * loading the library; it returns the plugin's table (never NULL) and must not run ciphers or
 * print anything.
 */
CIPHERWATT_PLUGIN_EXPORT const cw_plugin *cipherwatt_plugin(void);

#ifdef __cplusplus
}
#endif

/* NOLINTEND(modernize-deprecated-headers, modernize-use-using) */

#endif /* CIPHERWATT_CIPHER_PLUGIN_H */
