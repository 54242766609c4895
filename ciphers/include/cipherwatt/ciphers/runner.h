#pragma once

#include <cipherwatt/ciphers/catalogue.h>
#include <cipherwatt/ciphers/cipher.h>
#include <cipherwatt/ciphers/isa.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace cipherwatt::ciphers {

inline constexpr std::size_t maxBufferBytes = std::size_t{1} << 30; // 1 GiB
inline constexpr std::uint64_t maxIterations = 1'000'000'000'000ULL;
inline constexpr double maxRunSeconds = 24.0 * 3600.0;

// How a run cuts its work into buffers.
enum class Chunking : std::uint8_t {
    // Every buffer is a message of its own: a fresh IV/nonce/tweak start (a disk sector, a
    // kernel crypto request, a network packet). The default, and the papers' method.
    Message,
    // One long message processed a buffer at a time, the key stream continuing (a file read
    // in 4 KiB pieces; what `openssl speed` and `botan speed` measure). Stream ciphers and CTR.
    Stream,
};

std::string_view chunkingName(Chunking chunking);
std::optional<Chunking> parseChunking(std::string_view name);

// What a run encrypts (an experiment's payload factor).
enum class PayloadKind : std::uint8_t {
    Random, // bytes from the run's seed
    Zeros,  // all zero
    File,   // the first buffer's worth of a file on the DUT (text, audio, video, images)
};

std::string_view payloadKindName(PayloadKind kind);
std::optional<PayloadKind> parsePayloadKind(std::string_view name);

struct Payload
{
    PayloadKind kind = PayloadKind::Random;
    std::string path; // File: an absolute path on the DUT, a regular file at least a buffer long
};

// One benchmark run: (cipher, backend, operation, buffer size, iterations or minimum seconds).
struct RunSpec
{
    std::string cipherId;
    std::string backend;
    Operation operation = Operation::Encrypt;
    std::size_t bufferBytes = 4096;
    std::uint64_t iterations = 0; // exactly one of iterations and seconds is > 0
    double seconds = 0.0;
    int cpu = -1; // pin the running thread to this CPU; -1 = no pinning
    std::uint64_t seed = 1;
    Chunking chunking = Chunking::Message;
    // The instruction-set level of this run (an experiment's ISA factor); none: the worker's
    // (--isa). Only for backends that follow the limit in a running worker (isaFollowsLimit),
    // at most the worker's own level.
    std::optional<Isa> isa;
    // The payload; none: random bytes from the seed, each iteration encrypting the last one's
    // ciphertext in place (as the libraries' own speed tools do). Given: every iteration
    // encrypts the payload itself (out of place), so that its contents are what is measured.
    std::optional<Payload> payload;
    // A buffer that is not a whole number of blocks, for a mode that takes only whole blocks
    // (ECB, CBC): padded with zeros to the next block (the third paper's ECB, which the cipher
    // then processes), instead of refused. The run's bytes stay the buffer's (the payload).
    bool padWithZeros = false;
};

struct RunProgress
{
    std::uint64_t iterations = 0;
    std::uint64_t bytes = 0;
    double seconds = 0.0;
};

struct RunResult
{
    RunSpec spec;
    std::uint64_t iterations = 0;
    std::uint64_t bytes = 0; // iterations x buffer; key agreement: iterations x 32
    double seconds = 0.0;    // wall time of the measured loop, steady clock
    std::uint64_t cycles = 0;
    std::string counter;    // CycleCounter::kind()
    double counterHz = 0.0; // counter ticks per wall second over the run
    double bytesPerSecond = 0.0;
    double cyclesPerByte = 0.0;
    double cyclesPerOperation = 0.0;
    std::uint64_t warmupIterations = 0;
    bool verified = false; // decrypt(encrypt(x)) == x, or both sides agree
    bool cancelled = false;
    // Known-answer vectors checked right before the run. Plugin backends only: the operator's
    // code is checked every time it is measured; the built-in backends by the self-test.
    std::size_t knownAnswerVectors = 0;
    int cpu = -1;            // CPU the loop was pinned to, -1 if not pinned
    Isa isa = Isa::Portable; // the level in force during the loop
    Provenance provenance;
    // Per message: the bytes the cipher processed (the buffer, padded to whole blocks when
    // asked) and the bytes it put out (ciphertext and any tag). Key agreement: 0.
    std::uint64_t processedBytes = 0;
    std::uint64_t outputBytes = 0;
    // SHA-256 of the payload as encrypted (before padding), lower-case hex; empty for a run
    // without a payload given. A file's contents never leave the DUT, only this.
    std::string payloadSha256;
};

// Throws CipherError naming the offending parameter (unknown cipher or backend, operation the
// cipher does not have, buffer size, iteration count, seconds, CPU).
void validateRunSpec(const RunSpec &spec);

// Runs the benchmark on the calling thread. `progress` is called at most four times a second;
// `cancel` (may be null) stops the loop early, and the result says so. Throws CipherError when
// the run cannot start, a plugin cipher fails a known-answer vector before it, or the
// verification after it fails (no result pretends to be good).
RunResult runBenchmark(const RunSpec &spec,
                       const std::function<void(const RunProgress &)> &progress = {},
                       const std::atomic<bool> *cancel = nullptr);

} // namespace cipherwatt::ciphers
