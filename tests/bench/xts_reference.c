/* The harness-free reference for the XTS comparison (tests/bench/compare_with_library_tools.py):
 * AES-XTS through OpenSSL's EVP interface in a plain C loop, 4096-byte buffers encrypted in
 * place, nothing else in the loop. Two ways of giving the tweak:
 *
 *   --tweak fixed       the key and the tweak set once, then EVP_EncryptUpdate per buffer: every
 *                       update is one whole data unit under the same tweak. This is what
 *                       `openssl speed -evp aes-128-xts` does (its EVP_Update_loop) and what
 *                       `cipherwatt-bench run` does (one tweak for the whole run; its OpenSSL
 *                       backend re-initialises the tweak only when it changes).
 *   --tweak per-buffer  a new tweak for every buffer, as a disk does: the buffer's data-unit
 *                       number, little-endian in the 16-byte tweak (dm-crypt's plain64 IV,
 *                       IEEE 1619's data unit sequence number), set with EVP_CipherInit_ex2
 *                       before each update.
 *
 * usage: bench_xts_reference [--cipher aes-128-xts|aes-256-xts] [--tweak fixed|per-buffer]
 *                            [--seconds S] [--buffer BYTES]
 * Prints one line: "<bytes per second> <buffers> <seconds>". A benchmark, not a test. */

#define _POSIX_C_SOURCE 199309L /* clock_gettime */

#include <openssl/evp.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* splitmix64, so that key and data are fixed and have no structure */
static uint64_t next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void fill(unsigned char *out, size_t n, uint64_t *state)
{
    for (size_t i = 0; i < n; ++i)
        out[i] = (unsigned char)next(state);
}

static int usage(const char *why)
{
    fprintf(stderr,
            "bench_xts_reference: %s\nusage: bench_xts_reference [--cipher aes-128-xts|"
            "aes-256-xts] [--tweak fixed|per-buffer] [--seconds S] [--buffer BYTES]\n",
            why);
    return 1;
}

int main(int argc, char **argv)
{
    const char *cipherName = "aes-128-xts";
    int perBuffer = 1;
    double seconds = 2.0;
    long bufferBytes = 4096;
    for (int i = 1; i < argc; ++i) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--cipher") == 0 && value) {
            cipherName = value;
        } else if (strcmp(argv[i], "--tweak") == 0 && value) {
            if (strcmp(value, "fixed") != 0 && strcmp(value, "per-buffer") != 0)
                return usage("--tweak: fixed or per-buffer");
            perBuffer = strcmp(value, "per-buffer") == 0;
        } else if (strcmp(argv[i], "--seconds") == 0 && value) {
            seconds = strtod(value, NULL);
            if (!(seconds > 0.0 && seconds <= 3600.0))
                return usage("--seconds: more than 0, at most 3600");
        } else if (strcmp(argv[i], "--buffer") == 0 && value) {
            bufferBytes = strtol(value, NULL, 10);
            if (bufferBytes < 16 || bufferBytes > (1L << 24))
                return usage("--buffer: 16 to 16777216 bytes");
        } else {
            return usage("unknown or incomplete argument");
        }
        ++i;
    }

    EVP_CIPHER *cipher = EVP_CIPHER_fetch(NULL, cipherName, NULL);
    if (!cipher || EVP_CIPHER_get_mode(cipher) != EVP_CIPH_XTS_MODE)
        return usage("--cipher: an XTS cipher OpenSSL knows (aes-128-xts, aes-256-xts)");
    const int keyBytes = EVP_CIPHER_get_key_length(cipher);
    unsigned char key[64];
    unsigned char tweak[16] = {0};
    unsigned char *buffer = malloc((size_t)bufferBytes);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint64_t seed = 20261122;
    fill(key, (size_t)keyBytes, &seed);
    fill(tweak, sizeof tweak, &seed);
    if (!buffer || !ctx)
        return usage("out of memory");
    fill(buffer, (size_t)bufferBytes, &seed);
    /* Key setup once (OpenSSL refuses XTS keys whose halves are equal; these are not). */
    if (EVP_EncryptInit_ex2(ctx, cipher, key, tweak, NULL) != 1)
        return usage("EVP_EncryptInit_ex2 failed");

    /* A warm-up of 50 ms, then the timed loop; the clock is read every 256 buffers. */
    uint64_t unit = 0;
    int outLength = 0;
    int ok = 1;
    double start = now();
    for (int warm = 1; warm >= 0 && ok; --warm) {
        const double until = start + (warm ? 0.05 : seconds);
        unit = 0;
        for (;;) {
            for (int i = 0; i < 256 && ok; ++i, ++unit) {
                if (perBuffer) {
                    for (int b = 0; b < 8; ++b)
                        tweak[b] = (unsigned char)(unit >> (8 * b));
                    ok = EVP_CipherInit_ex2(ctx, NULL, NULL, tweak, 1, NULL) == 1;
                }
                ok = ok &&
                     EVP_EncryptUpdate(ctx, buffer, &outLength, buffer, (int)bufferBytes) == 1 &&
                     outLength == bufferBytes;
            }
            if (!ok || now() >= until)
                break;
        }
        if (warm)
            start = now();
    }
    const double elapsed = now() - start;
    if (!ok)
        return usage("EVP_EncryptUpdate failed");
    printf("%.1f %llu %.6f\n", (double)unit * (double)bufferBytes / elapsed,
           (unsigned long long)unit, elapsed);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(cipher);
    free(buffer);
    return 0;
}
