#include <cipherwatt/ciphers/cycle_counter.h>
#include <cipherwatt/ciphers/kat.h>
#include <cipherwatt/ciphers/plugin.h>
#include <cipherwatt/ciphers/runner.h>

#include <botan/hash.h>
#include <botan/hex.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <fstream>
#include <sched.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace cipherwatt::ciphers {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// splitmix64: inputs are reproducible from the seed without depending on a library's RNG.
class InputGenerator
{
public:
    explicit InputGenerator(std::uint64_t seed)
        : m_state(seed)
    {}

    Bytes bytes(std::size_t n)
    {
        Bytes out(n);
        for (std::size_t i = 0; i < n; i += 8) {
            std::uint64_t v = next();
            for (std::size_t j = i; j < std::min(n, i + 8); ++j) {
                out[j] = static_cast<std::uint8_t>(v);
                v >>= 8;
            }
        }
        return out;
    }

private:
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    std::uint64_t m_state;
};

// Pins the calling thread for the lifetime of the object and restores the previous mask.
class CpuPin
{
public:
    explicit CpuPin(int cpu)
    {
        if (cpu < 0)
            return;
        if (sched_getaffinity(0, sizeof m_previous, &m_previous) != 0)
            throw CipherError("--cpu: cannot read the CPU affinity");
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(static_cast<std::size_t>(cpu), &set);
        if (sched_setaffinity(0, sizeof set, &set) != 0)
            throw CipherError("--cpu " + std::to_string(cpu) +
                              ": cannot pin to that CPU (not online or not allowed)");
        m_pinned = true;
    }
    ~CpuPin()
    {
        if (m_pinned)
            sched_setaffinity(0, sizeof m_previous, &m_previous);
    }
    CpuPin(const CpuPin &) = delete;
    CpuPin &operator=(const CpuPin &) = delete;

private:
    cpu_set_t m_previous{};
    bool m_pinned = false;
};

// The buffer's length rounded up to whole blocks when the run pads a partial one.
std::size_t processedLength(const RunSpec &spec, const CipherInfo &info)
{
    const std::size_t block = info.blockBytes();
    if (!spec.padWithZeros || !info.wholeBlocksOnly || block == 0)
        return spec.bufferBytes;
    return (spec.bufferBytes + block - 1) / block * block;
}

// A payload file on this machine: refused, naming the file, when it is not an absolute path
// to a regular file, or is shorter than a buffer (a payload is never repeated or filled up).
void checkPayloadFile(const std::string &path, std::size_t n)
{
    const std::string what = "payload file " + path;
    if (path.empty() || path.front() != '/' || path.find('\0') != std::string::npos)
        throw CipherError("payload: a file must be given by its absolute path on the DUT, got '" +
                          path + "'");
    struct stat st
    {
    };
    if (::stat(path.c_str(), &st) != 0)
        throw CipherError(what + ": " + std::generic_category().message(errno));
    if (!S_ISREG(st.st_mode))
        throw CipherError(what + ": not a regular file");
    if (static_cast<std::uint64_t>(st.st_size) < n)
        throw CipherError(what + ": " + std::to_string(st.st_size) + " bytes, shorter than the " +
                          std::to_string(n) + "-byte buffer");
}

// Its first `n` bytes.
Bytes readPayloadFile(const std::string &path, std::size_t n)
{
    const std::string what = "payload file " + path;
    checkPayloadFile(path, n);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw CipherError(what + ": cannot be read");
    Bytes out(n);
    in.read(reinterpret_cast<char *>(out.data()), static_cast<std::streamsize>(n));
    if (static_cast<std::size_t>(in.gcount()) != n)
        throw CipherError(what + ": could not read " + std::to_string(n) + " bytes");
    return out;
}

std::string sha256Hex(const Bytes &bytes)
{
    const auto hash = Botan::HashFunction::create_or_throw("SHA-256");
    hash->update(bytes.data(), bytes.size());
    return Botan::hex_encode(hash->final(), false);
}

// The work of one iteration, behind one call so the timed loop is the same for every kind.
class Workload
{
public:
    virtual ~Workload() = default;
    virtual void iterate() = 0;
    virtual bool verify() = 0;
    virtual std::uint64_t bytesPerIteration() const = 0;
    virtual Provenance provenance() const = 0;
    virtual std::uint64_t processedBytes() const { return 0; }
    virtual std::uint64_t outputBytes() const { return 0; }
    virtual std::string payloadSha256() const { return {}; }
};

// Without a payload given, encryption runs in place, as the libraries' own speed tools do
// (each iteration encrypts the last one's ciphertext); with one, every iteration encrypts the
// payload itself into a separate buffer. Decryption reads real ciphertext of the payload (so
// AEAD tags are verified every time) into a separate buffer.
class CipherWorkload final : public Workload
{
public:
    CipherWorkload(const RunSpec &spec, const CipherInfo &info)
        : m_cipher(createCipherOrThrow(spec.cipherId, spec.backend))
        , m_decrypt(spec.operation == Operation::Decrypt)
        , m_stream(spec.chunking == Chunking::Stream)
        , m_fromPayload(spec.payload.has_value())
        , m_payloadBytes(spec.bufferBytes)
        , m_bytes(processedLength(spec, info))
    {
        InputGenerator gen(spec.seed);
        m_cipher->setKey(gen.bytes(info.keyBytes()));
        m_iv = gen.bytes(info.ivBytes);
        const PayloadKind kind = spec.payload ? spec.payload->kind : PayloadKind::Random;
        if (kind == PayloadKind::File)
            m_plain = readPayloadFile(spec.payload->path, spec.bufferBytes);
        else if (kind == PayloadKind::Zeros)
            m_plain = Bytes(spec.bufferBytes, 0);
        else
            m_plain = gen.bytes(spec.bufferBytes);
        if (m_fromPayload)
            m_sha256 = sha256Hex(m_plain);
        m_plain.resize(m_bytes, 0); // zero padding to whole blocks, when asked
        m_cipherText = m_cipher->encrypt(m_iv, {}, m_plain); // real ciphertext for decryption
        m_work = m_decrypt ? Bytes(m_bytes) : m_cipherText;
        if (m_stream)
            m_cipher->streamStart(m_iv);
    }

    void iterate() override
    {
        if (m_stream) {
            const ByteView in = m_decrypt       ? ByteView(m_cipherText)
                                : m_fromPayload ? ByteView(m_plain)
                                                : ByteView(m_work);
            m_cipher->streamProcess(in, m_work);
        } else if (!m_decrypt && m_fromPayload) {
            m_cipher->encrypt(m_iv, {}, m_plain, m_work);
        } else if (!m_decrypt) {
            m_cipher->encrypt(m_iv, {}, ByteView(m_work.data(), m_bytes), m_work);
        } else if (!m_cipher->decrypt(m_iv, {}, m_cipherText, m_work)) {
            throw CipherError(std::string(m_cipher->info().id) +
                              ": authentication of real ciphertext failed during the run");
        }
    }

    bool verify() override
    {
        Bytes c = m_cipher->encrypt(m_iv, {}, m_plain);
        Bytes p(m_plain.size());
        return m_cipher->decrypt(m_iv, {}, c, p) && p == m_plain && c == m_cipherText;
    }

    // The payload's bytes: padding is the cipher's cost of a message, not data it carries.
    std::uint64_t bytesPerIteration() const override { return m_payloadBytes; }
    Provenance provenance() const override { return m_cipher->provenance(); }
    std::uint64_t processedBytes() const override { return m_bytes; }
    std::uint64_t outputBytes() const override { return m_cipherText.size(); }
    std::string payloadSha256() const override { return m_sha256; }

private:
    std::unique_ptr<Cipher> m_cipher;
    bool m_decrypt;
    bool m_stream;
    bool m_fromPayload;
    std::size_t m_payloadBytes;
    std::size_t m_bytes; // processed per message: the payload, padded when asked
    std::string m_sha256;
    Bytes m_iv;
    Bytes m_plain;
    Bytes m_cipherText;
    Bytes m_work;
};

class KeyAgreementWorkload final : public Workload
{
public:
    explicit KeyAgreementWorkload(const RunSpec &spec)
        : m_ka(createKeyAgreementOrThrow(spec.cipherId, spec.backend))
        , m_keygen(spec.operation == Operation::KeyGen)
        , m_alice(m_ka->generate())
        , m_bob(m_ka->generate())
    {}

    void iterate() override
    {
        if (m_keygen)
            m_last = m_ka->generate().publicKey;
        else
            m_last = m_ka->agree(m_alice.privateKey, m_bob.publicKey);
    }

    bool verify() override
    {
        return m_ka->agree(m_alice.privateKey, m_bob.publicKey) ==
               m_ka->agree(m_bob.privateKey, m_alice.publicKey);
    }

    std::uint64_t bytesPerIteration() const override { return 32; }
    Provenance provenance() const override { return m_ka->provenance(); }

private:
    std::unique_ptr<KeyAgreement> m_ka;
    bool m_keygen;
    KeyPair m_alice;
    KeyPair m_bob;
    Bytes m_last;
};

std::unique_ptr<Workload> makeWorkload(const RunSpec &spec, const CipherInfo &info)
{
    if (info.isKeyAgreement())
        return std::make_unique<KeyAgreementWorkload>(spec);
    return std::make_unique<CipherWorkload>(spec, info);
}

bool cancelled(const std::atomic<bool> *cancel)
{
    return cancel != nullptr && cancel->load(std::memory_order_relaxed);
}

// A plugin's code is checked against every vector that vouches for it before it is measured:
// the built-in third-party vectors when it shares a catalogue id, and those it ships itself.
std::size_t checkKnownAnswers(const RunSpec &spec)
{
    std::size_t passed = 0;
    for (const auto &v : vectorsFor(spec.cipherId, spec.backend)) {
        const KatOutcome outcome = runVector(v, spec.backend);
        if (outcome.status == KatStatus::Failed)
            throw CipherError(spec.cipherId + " (" + spec.backend +
                              "): known-answer check before the run failed, nothing measured: " +
                              outcome.message);
        if (outcome.status == KatStatus::Passed)
            ++passed;
    }
    return passed;
}

} // namespace

std::string_view chunkingName(Chunking chunking)
{
    return chunking == Chunking::Stream ? "stream" : "message";
}

std::optional<Chunking> parseChunking(std::string_view name)
{
    if (name == "message")
        return Chunking::Message;
    if (name == "stream")
        return Chunking::Stream;
    return std::nullopt;
}

std::string_view payloadKindName(PayloadKind kind)
{
    switch (kind) {
    case PayloadKind::Zeros:
        return "zeros";
    case PayloadKind::File:
        return "file";
    case PayloadKind::Random:
        break;
    }
    return "random";
}

std::optional<PayloadKind> parsePayloadKind(std::string_view name)
{
    for (const PayloadKind kind : {PayloadKind::Random, PayloadKind::Zeros, PayloadKind::File}) {
        if (name == payloadKindName(kind))
            return kind;
    }
    return std::nullopt;
}

namespace {

// A run's own level: one this CPU and build have, at most the worker's (--isa caps it), and
// for a backend that reads its level only when it loads, the worker's exactly.
void validateRunIsa(const RunSpec &spec)
{
    const Isa worker = isaLimit();
    const std::vector<Isa> levels = supportedIsas();
    const auto rank = [&levels](Isa isa) {
        return std::find(levels.begin(), levels.end(), isa) - levels.begin();
    };
    const std::string name(isaName(*spec.isa));
    if (!isaCompiledIn(*spec.isa) || rank(*spec.isa) == std::ssize(levels)) {
        std::string have;
        for (const Isa isa : levels)
            have += std::string(have.empty() ? "" : ", ") + std::string(isaName(isa));
        throw CipherError("isa " + name + ": not available on this CPU/build; available: " + have);
    }
    if (rank(*spec.isa) > rank(worker))
        throw CipherError("isa " + name + ": above this worker's level (--isa " +
                          std::string(isaName(worker)) + ")");
    if (*spec.isa != worker && !isaFollowsLimit(spec.backend))
        throw CipherError(
            "isa " + name + ": the " + spec.backend +
            " backend keeps the level the worker started with (" + std::string(isaName(worker)) +
            "); measure it at another level with a worker started with --isa " + name);
}

} // namespace

void validateRunSpec(const RunSpec &spec)
{
    const CipherInfo *info = findCipher(spec.cipherId);
    if (!info)
        throw CipherError("--cipher: unknown cipher '" + spec.cipherId +
                          "'; valid ids: " + validCipherIds());
    if (!isBackendName(spec.backend)) {
        std::string names;
        for (const auto &b : backendNames())
            names += (names.empty() ? "" : ", ") + b;
        throw CipherError("--backend: unknown backend '" + spec.backend + "'; valid: " + names);
    }
    const auto ops = info->operations();
    if (std::find(ops.begin(), ops.end(), spec.operation) == ops.end())
        throw CipherError("--op: " + spec.cipherId + " has no operation '" +
                          std::string(operationName(spec.operation)) + "'; it has " +
                          std::string(operationName(ops[0])) + " and " +
                          std::string(operationName(ops[1])));
    if (!info->isKeyAgreement()) {
        if (spec.bufferBytes == 0 || spec.bufferBytes > maxBufferBytes)
            throw CipherError("--buffer: must be 1.." + std::to_string(maxBufferBytes) +
                              " bytes, got " + std::to_string(spec.bufferBytes));
        if (info->wholeBlocksOnly && spec.bufferBytes % info->blockBytes() != 0 &&
            !spec.padWithZeros)
            throw CipherError("--buffer: " + spec.cipherId + " needs a multiple of " +
                              std::to_string(info->blockBytes()) +
                              " bytes (or padding with zeros: --pad zeros)");
        if (processedLength(spec, *info) < info->minInputBytes)
            throw CipherError("--buffer: " + spec.cipherId + " needs at least " +
                              std::to_string(info->minInputBytes) + " bytes");
        if (info->mode == "CCM" &&
            spec.bufferBytes >= (std::size_t{1} << (8 * (15 - info->ivBytes))))
            throw CipherError("--buffer: too large for CCM with a " +
                              std::to_string(info->ivBytes) + "-byte nonce");
    }
    if (spec.chunking == Chunking::Stream && !info->isStreamable())
        throw CipherError("--chunking stream: only for stream ciphers and CTR; " + spec.cipherId +
                          " processes every buffer as a message");
    if (spec.chunking == Chunking::Stream && isPluginBackend(spec.backend))
        throw CipherError("--chunking stream: plugin ciphers process every buffer as a message; "
                          "the plugin interface has no way to continue a key stream");
    const bool byCount = spec.iterations > 0;
    const bool byTime = spec.seconds > 0.0;
    if (byCount == byTime)
        throw CipherError("give exactly one of --iterations and --seconds");
    if (spec.iterations > maxIterations)
        throw CipherError("--iterations: at most " + std::to_string(maxIterations));
    if (byTime && (!std::isfinite(spec.seconds) || spec.seconds > maxRunSeconds))
        throw CipherError("--seconds: must be > 0 and at most " +
                          std::to_string(static_cast<int>(maxRunSeconds)));
    if (spec.cpu >= 0) {
        const long cpus = sysconf(_SC_NPROCESSORS_CONF);
        if (spec.cpu >= cpus || spec.cpu >= CPU_SETSIZE)
            throw CipherError("--cpu: no CPU " + std::to_string(spec.cpu) + " (this machine has " +
                              std::to_string(cpus) + ")");
    }
    if (spec.isa)
        validateRunIsa(spec);
    if (spec.payload && info->isKeyAgreement())
        throw CipherError("payload: " + spec.cipherId + " is key agreement; it encrypts no data");
    if (spec.payload && spec.payload->kind != PayloadKind::File && !spec.payload->path.empty())
        throw CipherError("payload: only a file payload names a file");
    // Checked here too, so that a plan's check on the DUT finds a missing or short file before
    // the session starts.
    if (spec.payload && spec.payload->kind == PayloadKind::File)
        checkPayloadFile(spec.payload->path, spec.bufferBytes);
}

RunResult runBenchmark(const RunSpec &spec,
                       const std::function<void(const RunProgress &)> &progress,
                       const std::atomic<bool> *cancel)
{
    validateRunSpec(spec);
    const CipherInfo &info = *findCipher(spec.cipherId);
    RunResult result;
    if (isPluginBackend(spec.backend))
        result.knownAnswerVectors = checkKnownAnswers(spec);
    CpuPin pin(spec.cpu);
    // The run's own level from here until the result is made (the worker's again afterwards).
    std::optional<IsaLimitGuard> level;
    if (spec.isa)
        level.emplace(*spec.isa);
    result.isa = isaLimit();
    auto work = makeWorkload(spec, info);

    result.spec = spec;
    result.cpu = spec.cpu;
    result.provenance = work->provenance();
    result.processedBytes = work->processedBytes();
    result.outputBytes = work->outputBytes();
    result.payloadSha256 = work->payloadSha256();

    // Warm up caches, branch predictors and the CPU clock; also calibrate how many iterations
    // fit in ~10 ms, which is how often the loop looks at the clock and the cancel flag.
    const auto warmStart = Clock::now();
    std::uint64_t warm = 0;
    while (warm < 2 || (secondsSince(warmStart) < 0.05 && warm < 1'000'000)) {
        work->iterate();
        ++warm;
    }
    result.warmupIterations = warm;
    const double perIteration = secondsSince(warmStart) / static_cast<double>(warm);
    const auto chunk =
        static_cast<std::uint64_t>(std::clamp(0.01 / std::max(perIteration, 1e-9), 1.0, 1e6));

    CycleCounter counter;
    std::uint64_t done = 0;
    const std::uint64_t bytesEach = work->bytesPerIteration();
    const auto start = Clock::now();
    const std::uint64_t cycles0 = counter.read();
    auto lastReport = start;
    for (;;) {
        std::uint64_t n = chunk;
        if (spec.iterations > 0)
            n = std::min(n, spec.iterations - done);
        for (std::uint64_t i = 0; i < n; ++i)
            work->iterate();
        done += n;
        const auto now = Clock::now();
        const double elapsed = std::chrono::duration<double>(now - start).count();
        if (spec.iterations > 0 ? done >= spec.iterations : elapsed >= spec.seconds)
            break;
        if (cancelled(cancel)) {
            result.cancelled = true;
            break;
        }
        if (progress && now - lastReport >= std::chrono::milliseconds(250)) {
            lastReport = now;
            progress(RunProgress{done, done * bytesEach, elapsed});
        }
    }
    const std::uint64_t cycles1 = counter.read();
    result.seconds = secondsSince(start);
    result.iterations = done;
    result.bytes = done * bytesEach;
    result.cycles = cycles1 - cycles0;
    result.counter = std::string(counter.kind());
    if (result.seconds > 0) {
        result.bytesPerSecond = static_cast<double>(result.bytes) / result.seconds;
        result.counterHz = static_cast<double>(result.cycles) / result.seconds;
    }
    if (result.bytes > 0)
        result.cyclesPerByte =
            static_cast<double>(result.cycles) / static_cast<double>(result.bytes);
    if (done > 0)
        result.cyclesPerOperation = static_cast<double>(result.cycles) / static_cast<double>(done);

    result.verified = work->verify();
    if (!result.verified)
        throw CipherError(spec.cipherId + " (" + spec.backend +
                          "): decrypt(encrypt(x)) != x after the run; result discarded");
    return result;
}

} // namespace cipherwatt::ciphers
