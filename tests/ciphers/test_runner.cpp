#include <cipherwatt/ciphers/cycle_counter.h>
#include <cipherwatt/ciphers/runner.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
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

TEST_CASE("a payload is encrypted as given: zeros, a file's first bytes, padded to blocks when "
          "asked, with its SHA-256",
          "[runner][payload]")
{
    char dirTemplate[] = "/tmp/cw-payload-XXXXXX";
    REQUIRE(mkdtemp(dirTemplate) != nullptr);
    const std::filesystem::path dir(dirTemplate);
    const std::string text = (dir / "text.txt").string();
    {
        std::ofstream out(text, std::ios::binary);
        out << "abcdefghijklmnopqrstuvwxyz";
    }
    // FIPS 180-2, appendix B.1: SHA-256("abc"). The run hashes the bytes it encrypts.
    RunSpec s = spec("aes-128-ccm-8", "openssl", Operation::Encrypt, 100);
    s.bufferBytes = 3;
    s.payload = Payload{PayloadKind::File, text};
    RunResult r = runBenchmark(s);
    CHECK(r.verified);
    CHECK(r.payloadSha256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(r.bytes == 300);
    // SP 800-38C: CCM's output is the payload and the tag (8 bytes here), whatever its length.
    CHECK(r.processedBytes == 3);
    CHECK(r.outputBytes == 3 + 8);

    // The third paper's payloads: ECB pads 5 bytes with zeros to one block; CCM-16 adds 16.
    for (const char *backend : {"botan", "openssl"}) {
        INFO(backend);
        for (const Operation op : {Operation::Encrypt, Operation::Decrypt}) {
            RunSpec ecb = spec("aes-128-ecb", backend, op, 50);
            ecb.bufferBytes = 5;
            ecb.padWithZeros = true;
            ecb.payload = Payload{PayloadKind::Zeros, {}};
            r = runBenchmark(ecb);
            CHECK(r.verified);
            CHECK(r.bytes == 50U * 5U); // energy per byte stays per payload byte
            CHECK(r.processedBytes == 16);
            CHECK(r.outputBytes == 16);
            ecb.bufferBytes = 100;
            r = runBenchmark(ecb);
            CHECK(r.processedBytes == 112);
        }
        RunSpec ccm = spec("aes-128-ccm-16", backend, Operation::Decrypt, 50);
        ccm.bufferBytes = 50;
        ccm.payload = Payload{PayloadKind::Random, {}};
        r = runBenchmark(ccm);
        CHECK(r.verified);
        CHECK(r.outputBytes == 50 + 16);
        CHECK(r.payloadSha256.size() == 64);
    }
    // DES blocks are 8 bytes: 20 bytes pad to 24.
    RunSpec des = spec("des-56-cbc", "openssl", Operation::Encrypt, 20);
    des.bufferBytes = 20;
    des.padWithZeros = true;
    CHECK(runBenchmark(des).processedBytes == 24);
    // Without a payload given: as before, nothing hashed.
    CHECK(runBenchmark(spec("aes-128-xts", "botan", Operation::Encrypt, 10)).payloadSha256.empty());

    // Refused, naming what is wrong, before anything is measured.
    const auto rejects = [](const RunSpec &bad, const std::string &what) {
        CHECK_THROWS_WITH(validateRunSpec(bad), Catch::Contains(what));
    };
    RunSpec bad = s;
    bad.bufferBytes = 27; // the file has 26
    rejects(bad, "26 bytes, shorter than the 27-byte buffer");
    bad = s;
    bad.payload->path = "text.txt";
    rejects(bad, "absolute path");
    bad.payload->path = (dir / "missing").string();
    rejects(bad, "No such file");
    bad.payload->path = dir.string();
    rejects(bad, "not a regular file");
    bad = s;
    bad.payload = Payload{PayloadKind::Zeros, text};
    rejects(bad, "only a file payload names a file");
    RunSpec agreement = spec("x25519", "botan", Operation::Agree, 10);
    agreement.payload = Payload{PayloadKind::Zeros, {}};
    rejects(agreement, "encrypts no data");
    RunSpec unpadded = spec("aes-128-ecb", "botan", Operation::Encrypt, 10);
    unpadded.bufferBytes = 5;
    rejects(unpadded, "--pad zeros");
    std::filesystem::remove_all(dir);
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
