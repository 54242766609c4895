#include <cipherwatt/ciphers/cycle_counter.h>
#include <cipherwatt/ciphers/runner.h>

#include <catch2/catch.hpp>

#include <sched.h>

using namespace cipherwatt::ciphers;

namespace {

RunSpec spec(std::string cipher, std::string backend, Operation op, std::uint64_t iterations)
{
    RunSpec s;
    s.cipherId = std::move(cipher);
    s.backend = std::move(backend);
    s.operation = op;
    s.bufferBytes = 4096;
    s.iterations = iterations;
    return s;
}

} // namespace

TEST_CASE("a fixed-iteration run reports bytes, time, cycles and provenance", "[runner]")
{
    for (const char *backend : {"botan", "openssl"}) {
        for (const Operation op : {Operation::Encrypt, Operation::Decrypt}) {
            INFO(backend << " " << operationName(op));
            const RunResult r = runBenchmark(spec("aes-128-xts", backend, op, 200));
            CHECK(r.iterations == 200);
            CHECK(r.bytes == 200U * 4096U);
            CHECK(r.seconds > 0);
            CHECK(r.verified);
            CHECK_FALSE(r.cancelled);
            CHECK(r.bytesPerSecond == Approx(static_cast<double>(r.bytes) / r.seconds));
            CHECK(r.warmupIterations >= 2);
            CHECK(r.provenance.backend == backend);
            CHECK_FALSE(r.provenance.library.empty());
            CHECK_FALSE(r.provenance.implementation.empty());
            CHECK(r.counter != "");
            if (r.counter != "none") {
                CHECK(r.cycles > 0);
                CHECK(r.cyclesPerByte ==
                      Approx(static_cast<double>(r.cycles) / static_cast<double>(r.bytes)));
            }
        }
    }
}

TEST_CASE("AEAD decryption verifies real tags during the run", "[runner]")
{
    for (const char *id : {"aes-128-gcm", "aes-128-ccm-8", "chacha20-poly1305"}) {
        INFO(id);
        const RunResult r = runBenchmark(spec(id, "openssl", Operation::Decrypt, 50));
        CHECK(r.verified);
        CHECK(r.bytes == 50U * 4096U);
    }
}

TEST_CASE("a run by minimum seconds lasts at least that long", "[runner]")
{
    RunSpec s = spec("chacha20", "botan", Operation::Encrypt, 0);
    s.seconds = 0.3;
    const RunResult r = runBenchmark(s);
    CHECK(r.seconds >= 0.3);
    CHECK(r.seconds < 0.3 + 0.5);
    CHECK(r.iterations > 0);
}

TEST_CASE("progress comes at most four times a second and cancel stops the run", "[runner]")
{
    RunSpec s = spec("aes-128-ctr", "openssl", Operation::Encrypt, 0);
    s.seconds = 30;
    std::atomic<bool> cancel{false};
    int reports = 0;
    const RunResult r = runBenchmark(
        s,
        [&](const RunProgress &p) {
            ++reports;
            CHECK(p.bytes == p.iterations * 4096U);
            if (p.seconds >= 1.1)
                cancel = true;
        },
        &cancel);
    CHECK(r.cancelled);
    CHECK(r.seconds < 3);
    CHECK(reports <= 6); // ~1.1 s at <= 4 per second
    CHECK(reports >= 3);
}

TEST_CASE("stream chunking runs one long message a buffer at a time", "[runner]")
{
    for (const char *backend : {"botan", "openssl"}) {
        for (const Operation op : {Operation::Encrypt, Operation::Decrypt}) {
            INFO(backend << " " << operationName(op));
            RunSpec s = spec("chacha20", backend, op, 100);
            s.chunking = Chunking::Stream;
            const RunResult r = runBenchmark(s);
            CHECK(r.bytes == 100U * 4096U);
            CHECK(r.verified);
            CHECK(r.spec.chunking == Chunking::Stream);
        }
    }
    RunSpec xts = spec("aes-128-xts", "openssl", Operation::Encrypt, 10);
    xts.chunking = Chunking::Stream;
    CHECK_THROWS_WITH(validateRunSpec(xts), Catch::Contains("--chunking"));
}

TEST_CASE("key agreement runs generate keys and agree", "[runner]")
{
    for (const char *backend : {"botan", "openssl"}) {
        for (const Operation op : {Operation::KeyGen, Operation::Agree}) {
            INFO(backend << " " << operationName(op));
            RunSpec s = spec("x25519", backend, op, 20);
            const RunResult r = runBenchmark(s);
            CHECK(r.iterations == 20);
            CHECK(r.bytes == 20U * 32U);
            CHECK(r.verified);
        }
    }
}

TEST_CASE("CPU pinning applies to the run and is undone afterwards", "[runner]")
{
    cpu_set_t before;
    REQUIRE(sched_getaffinity(0, sizeof before, &before) == 0);
    RunSpec s = spec("aes-128-ecb", "openssl", Operation::Encrypt, 10);
    s.cpu = 0;
    const RunResult r = runBenchmark(s);
    CHECK(r.cpu == 0);
    cpu_set_t after;
    REQUIRE(sched_getaffinity(0, sizeof after, &after) == 0);
    CHECK(CPU_EQUAL(&before, &after));
}

TEST_CASE("bad run specifications name the parameter", "[runner]")
{
    RunSpec s = spec("aes-128-ecb", "openssl", Operation::Encrypt, 10);
    auto rejects = [](RunSpec bad, const std::string &what) {
        CHECK_THROWS_WITH(validateRunSpec(bad), Catch::Contains(what));
        CHECK_THROWS_AS(runBenchmark(bad), CipherError);
    };
    RunSpec bad = s;
    bad.cipherId = "nope";
    rejects(bad, "--cipher");
    bad = s;
    bad.backend = "nope";
    rejects(bad, "--backend");
    bad = s;
    bad.bufferBytes = 0;
    rejects(bad, "--buffer");
    bad.bufferBytes = maxBufferBytes + 1;
    rejects(bad, "--buffer");
    bad.bufferBytes = 100; // ECB needs whole blocks
    rejects(bad, "multiple of 16");
    bad = s;
    bad.operation = Operation::Agree;
    rejects(bad, "--op");
    bad = s;
    bad.seconds = 1;
    rejects(bad, "exactly one of");
    bad.iterations = 0;
    bad.seconds = 0;
    rejects(bad, "exactly one of");
    bad = s;
    bad.cpu = 100000;
    rejects(bad, "--cpu");
    bad = s;
    bad.cipherId = "aes-128-ccm-8";
    bad.bufferBytes = std::size_t{1} << 25; // beyond L = 3
    rejects(bad, "CCM");
}

TEST_CASE("the cycle counter counts forward and names itself", "[runner]")
{
    CycleCounter counter;
    const auto kind = counter.kind();
    CHECK((kind == "perf-cycles" || kind == "tsc" || kind == "cntvct" || kind == "none"));
    if (kind != "none") {
        const auto a = counter.read();
        volatile double x = 1;
        for (int i = 0; i < 100000; ++i)
            x = x * 1.0000001;
        CHECK(counter.read() > a);
    }
}
