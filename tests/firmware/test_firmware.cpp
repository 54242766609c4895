// The Cortex-M firmware (firmware/) on qemu-system-arm -M mps2-an385, through its UART on a TCP
// port: the protocol of firmware/PROTOCOL.md, the self-test, the published vectors of
// tests/data/kat (read here, independently of the copy the firmware embeds), runs, cancel,
// errors and reset.

#include "process.h"
#include "qemu_board.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using cipherwatt::test::QemuBoard;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

using Clock = std::chrono::steady_clock;

// The ids the firmware carries (firmware/README.md).
const std::set<std::string> carried{
    "aes-128-ecb",          "aes-128-cbc",         "aes-128-ctr",
    "aes-128-ccm-8",        "aes-128-ccm-16",      "chacha20",
    "cham-64-128-ecb",      "cham-64-128-ecb-r80", "cham-128-128-ecb",
    "cham-128-128-ecb-r80", "lea-128-ecb",         "lea-128-ctr",
    "xxtea-128-ecb8",       "xxtea-128-wide"};

struct Vector
{
    std::string cipher;
    std::string origin;
    std::map<std::string, std::string> fields;
};

// The vector file format of tests/data/kat/README.md, read here from scratch.
std::vector<Vector> readVectors(const std::string &file)
{
    std::ifstream in(std::string(CIPHERWATT_TEST_DATA) + "/kat/" + file);
    REQUIRE(in.good());
    std::vector<Vector> out;
    std::string group;
    std::string line;
    bool open = false;
    int number = 0;
    auto trim = [](std::string s) {
        const auto b = s.find_first_not_of(" \t\r");
        const auto e = s.find_last_not_of(" \t\r");
        return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
    };
    while (std::getline(in, line)) {
        ++number;
        line = trim(line);
        if (line.empty()) {
            open = false;
            continue;
        }
        if (line[0] == '#')
            continue;
        if (line[0] == '[') {
            group = line.substr(1, line.size() - 2);
            open = false;
            continue;
        }
        const auto eq = line.find('=');
        REQUIRE(eq != std::string::npos);
        if (!open) {
            out.push_back({group, file + ":" + std::to_string(number), {}});
            open = true;
        }
        out.back().fields[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
    }
    return out;
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

json listCiphers(QemuBoard &board)
{
    const json list = board.request({{"cmd", "list"}});
    REQUIRE(list["event"] == "list");
    return list["ciphers"];
}

json runToEnd(QemuBoard &board, const json &command, std::chrono::milliseconds timeout,
              std::vector<json> *progress = nullptr)
{
    const std::int64_t id = board.send(command);
    const json start = board.waitFor("run_start");
    REQUIRE(start["id"] == id);
    const auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
        const auto e = board.next(
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
        if (!e)
            break;
        INFO("event: " << e->dump());
        REQUIRE((*e)["id"] == id);
        if ((*e)["event"] == "progress" && progress != nullptr)
            progress->push_back(*e);
        if ((*e)["event"] == "run_end")
            return (*e)["result"];
        REQUIRE((*e)["event"] == "progress");
    }
    FAIL("the run did not end in " << timeout.count() << " ms");
    return {};
}

// The result's derived figures agree with its counts.
void checkConsistent(const json &r)
{
    const double cycles = r["cycles"].get<double>();
    const double hz = r["counter_hz"].get<double>();
    const double bytes = r["bytes"].get<double>();
    const double iterations = r["iterations"].get<double>();
    REQUIRE(cycles > 0);
    CHECK(r["bytes"] == r["iterations"].get<std::uint64_t>() * r["buffer"].get<std::uint64_t>());
    CHECK(r["seconds"].get<double>() == Approx(cycles / hz).margin(2e-6));
    CHECK(r["bytes_per_second"].get<double>() == Approx(bytes * hz / cycles).epsilon(1e-6));
    CHECK(r["cycles_per_byte"].get<double>() == Approx(cycles / bytes).margin(1e-3));
    CHECK(r["cycles_per_op"].get<double>() == Approx(cycles / iterations).margin(1e-3));
    CHECK(r["counter"] == "systick");
    CHECK(r["cycles_real"] == false);
    CHECK(r["verified"] == true);
    // The warm-up between run_start leaving and the timed loop: at least 50 ms.
    CHECK(r["start_offset_seconds"].get<double>() >= 0.05);
    CHECK(r["start_offset_seconds"].get<double>() < 1.0);
}

} // namespace

TEST_CASE("The framing checksum is CRC-32 as zlib has it")
{
    // The standard check value of CRC-32/ISO-HDLC.
    CHECK(cipherwatt::test::crc32("123456789") == 0xcbf43926U);
}

TEST_CASE("hello at reset and on request: protocol, version, board, core, clock and counter")
{
    QemuBoard board;
    const json hello = board.waitFor("hello");
    INFO(hello.dump());
    CHECK_FALSE(hello.contains("id")); // sent by the reset, not asked for
    CHECK(hello["protocol"] == 2);     // the worker protocol's version whose messages it speaks
    CHECK(hello["kind"] == "cipherwatt-firmware");
    CHECK(hello["dut_kind"] == "mcu");
    CHECK(hello["progress_interval_s"].get<double>() == Approx(1.0));
    CHECK(hello["version"] == CIPHERWATT_VERSION);
    CHECK_FALSE(hello["build"].get<std::string>().empty());
    CHECK(hello["image_crc32"].get<std::string>().size() == 8);
    CHECK(hello["board"] == "mps2-an385");
    CHECK(hello["core"] == "cortex-m3");
    CHECK(hello["clock_hz"] == 25000000);
    // qemu models no DWT cycle counter: the firmware finds out and says its cycles are not real.
    CHECK(hello["counter"] == "systick");
    CHECK(hello["counter_hz"] == hello["clock_hz"]);
    CHECK(hello["cycles_real"] == false);
    CHECK(hello["marker"] == "none");
    CHECK(hello["backends"] == json::array({"firmware"}));
    CHECK(hello["max_line"].get<int>() >= 1024);
    CHECK(hello["max_buffer"].get<int>() >= 100);
    CHECK(hello["vectors"].get<int>() > 0);

    const json asked = board.request({{"cmd", "hello"}, {"id", 41}});
    CHECK(asked["event"] == "hello");
    CHECK(asked["id"] == 41);
    CHECK(asked["image_crc32"] == hello["image_crc32"]);
    CHECK(asked["uptime_ms"].get<std::uint64_t>() >= hello["uptime_ms"].get<std::uint64_t>());

    // A command without an id is answered with "id": null (only the reset's hello has none).
    board.sendRaw(cipherwatt::test::frame(R"({"cmd":"hello"})") + "\n");
    const json anonymous = board.waitFor("hello");
    REQUIRE(anonymous.contains("id"));
    CHECK(anonymous["id"].is_null());
}

TEST_CASE("list: the carried ciphers, each as the worker's catalogue has it")
{
    QemuBoard board;
    board.waitFor("hello");
    const json ciphers = listCiphers(board);
    std::set<std::string> ids;
    for (const auto &c : ciphers) {
        ids.insert(c["id"]);
        CHECK(c["backends"] == json::array({"firmware"}));
        CHECK(c["operations"] == json::array({"encrypt", "decrypt"}));
        REQUIRE(c["implementations"].size() == 1);
        CHECK(c["implementations"][0]["ctx_bytes"].get<int>() > 0);
        CHECK(c["iv_bytes_min"].get<int>() <= c["iv_bytes"].get<int>());
        CHECK(c["iv_bytes"].get<int>() <= c["iv_bytes_max"].get<int>());
        if (c["mode"] == "CCM") {
            CHECK(c["iv_bytes_min"] == 7); // SP 800-38C: 7 to 13-byte nonces
            CHECK(c["iv_bytes_max"] == 13);
        }
    }
    CHECK(ids == carried);

    // Same ids, families, modes and sizes as `cipherwatt-bench list --json`.
    const auto worker = cipherwatt::test::runProcess({CIPHERWATT_BENCH_EXE, "list", "--json"});
    REQUIRE(worker.exitCode == 0);
    std::map<std::string, json> catalogue;
    for (const auto &c : json::parse(worker.out))
        catalogue[c["id"]] = c;
    for (const auto &c : ciphers) {
        INFO(c["id"]);
        REQUIRE(catalogue.count(c["id"]) == 1);
        const json &w = catalogue[c["id"]];
        for (const char *field : {"family", "mode", "key_bits", "block_bits", "key_bytes",
                                  "iv_kind", "iv_bytes", "tag_bytes", "operations", "note"})
            CHECK(c[field] == w[field]);
    }
}

TEST_CASE("selftest: every carried cipher passes its vectors")
{
    QemuBoard board;
    const json hello = board.waitFor("hello");
    const json result = board.request({{"cmd", "selftest"}});
    INFO(result.dump());
    CHECK(result["event"] == "selftest");
    CHECK(result["passed"] == true);
    std::set<std::string> ids;
    for (const auto &e : result["results"]) {
        ids.insert(e["cipher"]);
        CHECK(e["backend"] == "firmware");
        CHECK(e["status"] == "passed");
        CHECK(e["failed"] == 0);
        CHECK(e["passed"].get<int>() >= 1);
        CHECK(e["stack_bytes"].get<int>() > 0);
        CHECK(e["stack_bytes"].get<int>() < hello["stack_bytes"].get<int>());
    }
    CHECK(ids == carried);
    // The stack painted at reset: its deepest point so far leaves room to spare.
    const json after = board.request({{"cmd", "hello"}});
    CHECK(after["stack_peak_bytes"].get<int>() > 0);
    CHECK(after["stack_peak_bytes"].get<int>() < hello["stack_bytes"].get<int>() / 2);

    // A chosen few; an unknown id fails, as in the worker.
    const json some =
        board.request({{"cmd", "selftest"}, {"ciphers", {"lea-128-ctr", "no-such-cipher"}}});
    CHECK(some["passed"] == false);
    REQUIRE(some["results"].size() == 2);
    CHECK(some["results"][0]["cipher"] == "lea-128-ctr");
    CHECK(some["results"][0]["status"] == "passed");
    CHECK(some["results"][1]["cipher"] == "no-such-cipher");
    CHECK(some["results"][1]["status"] == "failed");
}

TEST_CASE("kat reproduces the published vectors of tests/data/kat")
{
    QemuBoard board;
    board.waitFor("hello");
    std::map<std::string, json> info;
    for (const auto &c : listCiphers(board))
        info[c["id"]] = c;

    std::map<std::string, int> checked;
    for (const char *file :
         {"aes.vec", "aes_ccm.vec", "chacha20.vec", "cham.vec", "lea.vec", "xxtea.vec"}) {
        for (const Vector &v : readVectors(file)) {
            if (info.count(v.cipher) == 0)
                continue;
            INFO(v.origin << " [" << v.cipher << "]");
            const json &c = info[v.cipher];
            json command{{"cmd", "kat"},
                         {"cipher", v.cipher},
                         {"backend", "firmware"},
                         {"key", v.fields.at("Key")}};
            for (const char *name : {"IV", "Nonce"}) {
                if (v.fields.count(name) != 0)
                    command[c["iv_kind"].get<std::string>()] = v.fields.at(name);
            }
            if (v.fields.count("AAD") != 0 && !v.fields.at("AAD").empty())
                command["aad"] = v.fields.at("AAD");
            if (v.fields.count("Offset") != 0)
                command["offset"] = std::stoull(v.fields.at("Offset"));

            command["op"] = "encrypt";
            command["input"] = v.fields.at("In");
            const json enc = board.request(command);
            REQUIRE(enc["event"] == "kat");
            CHECK(enc["output"] == lower(v.fields.at("Out")));

            // Decryption too: of every AEAD vector (the published tag is accepted), and of the
            // first three of the others; a forged tag refused for the first three AEAD vectors.
            // (The self-test decrypts all of them; each byte to the emulated UART costs about
            // 0.1 ms, so the test sends what matters.)
            const bool aead = c["tag_bytes"].get<int>() > 0;
            if (aead || checked[v.cipher] < 3) {
                command["op"] = "decrypt";
                command["input"] = v.fields.at("Out");
                const json dec = board.request(command);
                REQUIRE(dec["event"] == "kat");
                CHECK(dec["output"] == lower(v.fields.at("In")));
            }

            if (aead && checked[v.cipher] < 3) {
                std::string forged = lower(v.fields.at("Out"));
                forged.back() = forged.back() == '0' ? '1' : '0';
                command["input"] = forged;
                const json refused = board.request(command);
                CHECK(refused["event"] == "error");
                CHECK(refused["code"] == "auth");
            }
            ++checked[v.cipher];
        }
    }
    for (const auto &id : carried) {
        INFO(id);
        CHECK(checked[id] >= 1);
    }
    // Published sources: FIPS-197 and SP 800-38A (AES), SP 800-38C and RFC 3610 (CCM),
    // RFC 8439 (ChaCha20), the CHAM papers, the LEA standard and KISA vectors, XXTEA.
    CHECK(checked["aes-128-ccm-8"] >= 10);
    CHECK(checked["chacha20"] >= 9);
    CHECK(checked["lea-128-ecb"] >= 10);
}

TEST_CASE("kat checks its parameters and answers with short errors")
{
    QemuBoard board;
    board.waitFor("hello");
    const json base{{"cmd", "kat"},
                    {"cipher", "aes-128-cbc"},
                    {"backend", "firmware"},
                    {"op", "encrypt"},
                    {"key", "000102030405060708090a0b0c0d0e0f"},
                    {"iv", "000102030405060708090a0b0c0d0e0f"},
                    {"input", "00112233445566778899aabbccddeeff"}};
    auto errorFor = [&](json command) {
        const json e = board.request(std::move(command));
        INFO(e.dump());
        CHECK(e["event"] == "error");
        CHECK(e["message"].get<std::string>().size() < 200);
        return e;
    };
    json c = base;
    c["nonce"] = c["iv"];
    c.erase("iv");
    CHECK(errorFor(c)["code"] == "field"); // CBC takes "iv", not "nonce"
    c = base;
    c["key"] = "0011";
    CHECK(errorFor(c)["code"] == "field");
    c = base;
    c["input"] = "00112233445566778899aabbccddeeff00112233"; // 20 bytes
    CHECK(errorFor(c)["message"].get<std::string>().find("multiple of 16") != std::string::npos);
    c = base;
    c["input"] = "zz";
    CHECK(errorFor(c)["code"] == "field");
    c = base;
    c["backend"] = "openssl";
    CHECK(errorFor(c)["code"] == "backend");
    c = base;
    const std::string longName(300, 'q');
    c["cipher"] = longName;
    const json unknown = errorFor(c);
    CHECK(unknown["code"] == "cipher");
    // Never more than a short prefix of what the host sent.
    CHECK(unknown["message"].get<std::string>().find(std::string(25, 'q')) == std::string::npos);
    CHECK(board.request(base)["event"] == "kat"); // and it still works
}

TEST_CASE("a run by iterations ends with the counts and figures it promises")
{
    QemuBoard board;
    board.waitFor("hello");
    const json r = runToEnd(board,
                            {{"cmd", "run"},
                             {"cipher", "aes-128-ccm-16"},
                             {"backend", "firmware"},
                             {"op", "encrypt"},
                             {"buffer", 100},
                             {"iterations", 2000}},
                            30s);
    INFO(r.dump());
    CHECK(r["cipher"] == "aes-128-ccm-16");
    CHECK(r["backend"] == "firmware");
    CHECK(r["op"] == "encrypt");
    CHECK(r["iterations"] == 2000);
    CHECK(r["bytes"] == 200000);
    CHECK(r["tag_bytes"] == 16);
    CHECK(r["cancelled"] == false);
    CHECK(r["counter_hz"] == 25000000);
    checkConsistent(r);

    const json d = runToEnd(board,
                            {{"cmd", "run"},
                             {"cipher", "xxtea-128-wide"},
                             {"backend", "firmware"},
                             {"op", "decrypt"},
                             {"buffer", 4096},
                             {"iterations", 50}},
                            30s);
    CHECK(d["op"] == "decrypt");
    CHECK(d["iterations"] == 50);
    checkConsistent(d);
}

TEST_CASE("a run by seconds stops by itself, with progress on the way")
{
    QemuBoard board;
    board.waitFor("hello");
    std::vector<json> progress;
    const auto start = Clock::now();
    const json r = runToEnd(board,
                            {{"cmd", "run"},
                             {"cipher", "lea-128-ctr"},
                             {"backend", "firmware"},
                             {"op", "encrypt"},
                             {"buffer", 64},
                             {"seconds", 1.5}},
                            20s, &progress);
    const double wall = std::chrono::duration<double>(Clock::now() - start).count();
    INFO(r.dump());
    CHECK(r["seconds"].get<double>() >= 1.5);
    CHECK(r["seconds"].get<double>() < 2.0);
    CHECK(wall > 1.4);
    CHECK(wall < 10.0);
    CHECK(r["iterations"].get<std::uint64_t>() > 0);
    checkConsistent(r);
    // Twice a second: an event at least every progress_interval_s (1 s), the host's watchdog.
    REQUIRE(progress.size() >= 2);
    double last = 0.0;
    for (const auto &p : progress) {
        CHECK(p["iterations"].get<std::uint64_t>() <= r["iterations"].get<std::uint64_t>());
        CHECK(p["seconds"].get<double>() < r["seconds"].get<double>());
        CHECK(p["seconds"].get<double>() - last < 1.0);
        last = p["seconds"].get<double>();
    }
    CHECK(r["seconds"].get<double>() - last < 1.0);
}

TEST_CASE("check: each run of a plan judged as run would judge it, nothing measured")
{
    QemuBoard board;
    board.waitFor("hello");
    const json verdicts = board.request(
        {{"cmd", "check"},
         {"runs",
          {{{"cipher", "aes-128-ccm-8"},
            {"backend", "firmware"},
            {"buffer", 100},
            {"iterations", 10}},
           {{"cipher", "aes-128-ecb"},
            {"backend", "firmware"},
            {"buffer", 100},
            {"iterations", 10}},
           {{"cipher", "aes-256-xts"}, {"backend", "firmware"}, {"seconds", 1}},
           {{"cipher", "lea-128-ctr"}, {"backend", "openssl"}, {"seconds", 1}},
           {{"cipher", "chacha20"}, {"backend", "firmware"}, {"buffer", 1000000}, {"seconds", 1}},
           {{"cipher", "chacha20"}, {"backend", "firmware"}, {"op", "decrypt"}, {"seconds", 0.5}},
           "not a run"}}});
    INFO(verdicts.dump());
    CHECK(verdicts["event"] == "check");
    const json &runs = verdicts["runs"];
    REQUIRE(runs.size() == 7);
    CHECK(runs[0]["ok"] == true);
    CHECK(runs[1]["ok"] == false); // 100 bytes are not whole AES blocks
    CHECK(runs[1]["message"].get<std::string>().find("multiple of 16") != std::string::npos);
    CHECK(runs[2]["ok"] == false); // not carried
    CHECK(runs[3]["ok"] == false); // no such backend here
    CHECK(runs[4]["ok"] == false); // larger than max_buffer
    CHECK(runs[5]["ok"] == true);
    CHECK(runs[6]["ok"] == false);
    // Nothing ran: the next event is the answer to the next command.
    CHECK(board.request({{"cmd", "hello"}})["event"] == "hello");
}

TEST_CASE("bad frames, bad checksums, long lines and bad commands get errors, and the firmware "
          "goes on")
{
    QemuBoard board;
    board.waitFor("hello");
    auto errorAfter = [&](const std::string &raw) {
        board.sendRaw(raw);
        const json e = board.waitFor("error");
        INFO(raw.substr(0, 80) << " -> " << e.dump());
        CHECK(e["message"].get<std::string>().size() < 200);
        return e;
    };
    json e = errorAfter("this is not a frame\n");
    CHECK(e["code"] == "frame");
    CHECK(e["id"].is_null());

    const std::string hello = R"({"cmd":"hello","id":5})";
    std::string damaged = cipherwatt::test::frame(hello);
    damaged[damaged.size() - 1] = damaged.back() == '0' ? '1' : '0';
    e = errorAfter(damaged + "\n");
    CHECK(e["code"] == "frame");
    CHECK(e["message"].get<std::string>().find("checksum") != std::string::npos);

    e = errorAfter(cipherwatt::test::frame(R"({"cmd":"hello",)") + "\n");
    CHECK(e["code"] == "json");

    e = errorAfter(cipherwatt::test::frame(R"(["hello"])") + "\n");
    CHECK(e["code"] == "json");

    e = errorAfter(std::string(5000, '{') + "\n");
    CHECK(e["code"] == "frame");
    CHECK(e["message"].get<std::string>().find("too long") != std::string::npos);

    e = errorAfter(cipherwatt::test::frame(R"({"cmd":"fly","id":7})") + "\n");
    CHECK(e["code"] == "command");
    CHECK(e["id"] == 7);

    e = errorAfter(cipherwatt::test::frame(R"({"cmd":"run","id":8,"cipher":"aes-128-ecb",)"
                                           R"("backend":"firmware","buffer":10,"iterations":1})") +
                   "\n");
    CHECK(e["id"] == 8);
    CHECK(e["code"] == "field");

    // A line ended with CR LF, and blank lines (which resynchronise), are fine.
    board.sendRaw("\n\r\n" + cipherwatt::test::frame(hello) + "\r\n");
    const json answer = board.waitFor("hello");
    CHECK(answer["id"] == 5);
    CHECK(board.request({{"cmd", "list"}})["event"] == "list");
}

TEST_CASE("cancel stops a run at once, and other commands meanwhile are refused as busy")
{
    QemuBoard board;
    board.waitFor("hello");
    const std::int64_t id = board.send({{"cmd", "run"},
                                        {"cipher", "chacha20"},
                                        {"backend", "firmware"},
                                        {"buffer", 256},
                                        {"seconds", 60}});
    board.waitFor("run_start");
    std::this_thread::sleep_for(300ms);
    const json busy = board.request({{"cmd", "selftest"}});
    CHECK(busy["event"] == "error");
    CHECK(busy["code"] == "busy");

    const auto asked = Clock::now();
    const std::int64_t cancelId = board.send({{"cmd", "cancel"}});
    const json ack = board.waitFor("cancel");
    CHECK(ack["id"] == cancelId);
    CHECK(ack["running"] == true);
    const json end = board.waitFor("run_end", 5s);
    CHECK(std::chrono::duration<double>(Clock::now() - asked).count() < 2.0);
    CHECK(end["id"] == id);
    CHECK(end["result"]["cancelled"] == true);
    CHECK(end["result"]["seconds"].get<double>() < 10.0);
    checkConsistent(end["result"]);

    const json idle = board.request({{"cmd", "cancel"}});
    CHECK(idle["running"] == false);
    CHECK(board.request({{"cmd", "selftest"}, {"ciphers", {"chacha20"}}})["passed"] == true);
}

TEST_CASE("reset: the board restarts and says hello again")
{
    QemuBoard board;
    board.waitFor("hello");
    const json ack = board.request({{"cmd", "reset"}});
    CHECK(ack["event"] == "reset");
    const json hello = board.waitFor("hello");
    CHECK_FALSE(hello.contains("id"));
    CHECK(hello["uptime_ms"].get<std::uint64_t>() < 1000);
    CHECK(board.request({{"cmd", "hello"}})["event"] == "hello");
}
