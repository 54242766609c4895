// External commands through the real worker: `exec` on the command line and serve's `exec`
// command (bytes from the program or the operator, failure, timeout, cancel, stdin closing).

#include "process.h"
#include "worker_events.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <csignal>
#include <fstream>
#include <unistd.h>

using cipherwatt::test::Child;
using cipherwatt::test::runProcess;
using cipherwatt::test::waitFor;
using Json = nlohmann::json;
using namespace std::chrono_literals;

namespace {

cipherwatt::test::ProcessResult bench(std::vector<std::string> args)
{
    args.insert(args.begin(), CIPHERWATT_BENCH_EXE);
    return runProcess(args);
}

Json lastEvent(const std::string &out)
{
    const auto start = out.rfind('\n', out.size() - 2);
    return Json::parse(out.substr(start == std::string::npos ? 0 : start + 1));
}

bool processGone(long pid)
{
    for (int i = 0; i < 200; ++i) {
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string line;
        if (!std::getline(stat, line))
            return true;
        const auto close = line.rfind(')');
        if (close != std::string::npos && line.size() > close + 2 && line[close + 2] == 'Z')
            return true;
        usleep(10'000);
    }
    return false;
}

} // namespace

TEST_CASE("exec --json runs a program and takes the bytes from its output", "[worker][exec]")
{
    const auto r = bench({"exec", "--json", "--label", "enc", "--", "sh", "-c",
                          "echo cipherwatt-bytes: 65536; echo to stderr >&2"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.out, Catch::StartsWith("{\"event\":\"run_start\""));
    const Json end = lastEvent(r.out);
    REQUIRE(end["event"] == "run_end");
    const Json &res = end["result"];
    CHECK(res["kind"] == "exec");
    CHECK(res["label"] == "enc");
    CHECK(res["argv"] == Json::array({"sh", "-c",
                                      "echo cipherwatt-bytes: 65536; echo to "
                                      "stderr >&2"}));
    CHECK(res["status"] == "ok");
    CHECK(res["verified"] == true);
    CHECK(res["exit_code"] == 0);
    CHECK(res["signal"].is_null());
    CHECK(res["bytes"] == 65536);
    CHECK(res["bytes_source"] == "output");
    CHECK(res["bytes_operator"].is_null());
    CHECK(res["seconds"].get<double>() > 0);
    CHECK(res["bytes_per_second"].get<double>() > 0);
    CHECK(res["stdout"]["text"] == "cipherwatt-bytes: 65536\n");
    CHECK(res["stdout"]["truncated"] == false);
    CHECK(res["stderr"]["text"] == "to stderr\n");
}

TEST_CASE("exec takes the operator's byte count and fails on a non-zero exit", "[worker][exec]")
{
    auto r = bench({"exec", "--bytes", "1000000", "--", "true"});
    CHECK(r.exitCode == 0);
    CHECK_THAT(r.out,
               Catch::StartsWith("true  ok  ") && Catch::Contains("1000000 bytes (operator)"));

    r = bench({"exec", "--json", "--bytes", "10", "--", "sh", "-c", "echo some; exit 4"});
    CHECK(r.exitCode == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK_THAT(r.err, Catch::Contains("sh: exit status 4"));
    const Json res = lastEvent(r.out)["result"];
    CHECK(res["status"] == "failed");
    CHECK(res["verified"] == false);
    CHECK(res["exit_code"] == 4);
    CHECK(res["stdout"]["text"] == "some\n"); // kept with the failed run
    CHECK(res["bytes_per_second"] == 0);
}

TEST_CASE("exec refuses bad input with exit 1", "[worker][exec]")
{
    auto usage = [](const std::vector<std::string> &args, const std::string &what) {
        const auto r = bench(args);
        INFO(r.err);
        CHECK(r.exitCode == 1);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK_THAT(r.err, Catch::Contains(what));
    };
    usage({"exec", "true"}, "after --");
    usage({"exec", "--"}, "argv");
    usage({"exec", "--timeout", "0", "--", "true"}, "--timeout");
    usage({"exec", "--bytes", "0", "--", "true"}, "--bytes");
    usage({"exec", "--cpu", "5000", "--", "true"}, "--cpu");
    usage({"exec", "--", "cipherwatt-no-such-program"}, "not found in PATH");
    usage({"exec", "--", "/nonexistent/prog"}, "No such file");
    // Options after -- belong to the program, also the worker's global ones.
    const auto r = bench({"exec", "--", "echo", "--isa", "mmx", "--plugin", "x.so"});
    CHECK(r.exitCode == 0);
}

TEST_CASE("exec stops a program at its timeout", "[worker][exec]")
{
    const auto r = bench({"exec", "--json", "--timeout", "0.5", "--", "sleep", "30"});
    CHECK(r.exitCode == 2);
    const Json res = lastEvent(r.out)["result"];
    CHECK(res["status"] == "timeout");
    CHECK(res["signal"] == "SIGTERM");
    CHECK(res["seconds"].get<double>() < 3);
    CHECK_THAT(r.err, Catch::Contains("timed out after 0.5 s"));
}

TEST_CASE("serve exec: bytes from output and operator, failure, missing program", "[serve][exec]")
{
    Child worker({CIPHERWATT_BENCH_EXE, "serve"});
    waitFor(worker, "hello");
    worker.writeLine(R"({"cmd":"exec","id":11,"label":"job","argv":["sh","-c",)"
                     R"("echo cipherwatt-bytes: 123"]})");
    const Json start = waitFor(worker, "run_start");
    CHECK(start["id"] == 11);
    CHECK(start["run"]["kind"] == "exec");
    CHECK(start["run"]["label"] == "job");
    Json end = waitFor(worker, "run_end");
    CHECK(end["id"] == 11);
    CHECK(end["result"]["bytes"] == 123);
    CHECK(end["result"]["bytes_source"] == "output");
    CHECK(end["result"]["verified"] == true);

    // Both given and disagreeing: the operator's count is used and the difference reported.
    worker.writeLine(R"({"cmd":"exec","id":12,"argv":["sh","-c","echo cipherwatt-bytes: 5"],)"
                     R"("bytes":4096,"timeout":30})");
    end = waitFor(worker, "run_end");
    CHECK(end["result"]["label"] == "sh");
    CHECK(end["result"]["bytes"] == 4096);
    CHECK(end["result"]["bytes_source"] == "operator");
    CHECK(end["result"]["bytes_output"] == 5);
    CHECK_THAT(end["result"]["notes"][0].get<std::string>(), Catch::Contains("operator's count"));

    worker.writeLine(R"({"cmd":"exec","id":13,"argv":["sh","-c","echo bad >&2; exit 1"]})");
    end = waitFor(worker, "run_end");
    CHECK(end["result"]["status"] == "failed");
    CHECK(end["result"]["verified"] == false);
    CHECK(end["result"]["stderr"]["text"] == "bad\n");

    worker.writeLine(R"({"cmd":"exec","id":14,"argv":["cipherwatt-no-such-program"]})");
    const Json err = waitFor(worker, "error");
    CHECK(err["id"] == 14);
    CHECK_THAT(err["message"].get<std::string>(), Catch::Contains("not found in PATH"));

    for (const char *bad : {R"({"cmd":"exec","id":21})", R"({"cmd":"exec","id":22,"argv":[]})",
                            R"({"cmd":"exec","id":23,"argv":"sh -c true"})",
                            R"({"cmd":"exec","id":24,"argv":["sh",1]})",
                            R"({"cmd":"exec","id":25,"argv":["echo","a\u0000b"]})",
                            R"({"cmd":"exec","id":26,"argv":["true"],"timeout":0})",
                            R"({"cmd":"exec","id":27,"argv":["true"],"bytes":-3})"}) {
        INFO(bad);
        worker.writeLine(bad);
        const Json e = waitFor(worker, "error");
        CHECK_FALSE(e["message"].get<std::string>().empty());
    }
    worker.writeLine(R"({"cmd":"sysinfo","id":99})");
    CHECK(waitFor(worker, "sysinfo")["id"] == 99);
    worker.closeStdin();
    CHECK(worker.wait(10s) == 0);
}

TEST_CASE("serve exec: timeout, cancel, and stdin closing stop the program", "[serve][exec]")
{
    Child worker({CIPHERWATT_BENCH_EXE, "serve"});
    waitFor(worker, "hello");
    worker.writeLine(R"({"cmd":"exec","id":1,"argv":["sleep","30"],"timeout":0.5})");
    Json end = waitFor(worker, "run_end");
    CHECK(end["result"]["status"] == "timeout");
    CHECK(end["result"]["seconds"].get<double>() < 3);

    worker.writeLine(R"({"cmd":"exec","id":2,"argv":["sleep","30"]})");
    waitFor(worker, "run_start");
    const Json progress = waitFor(worker, "progress", 5s); // the reading thread stays responsive
    CHECK(progress["id"] == 2);
    worker.writeLine(R"({"cmd":"exec","id":3,"argv":["true"]})");
    const Json busy = waitFor(worker, "error");
    CHECK(busy["id"] == 3);
    CHECK_THAT(busy["message"].get<std::string>(), Catch::Contains("busy"));
    worker.writeLine(R"({"cmd":"cancel"})");
    end = waitFor(worker, "run_end", 10s);
    CHECK(end["id"] == 2);
    CHECK(end["result"]["status"] == "cancelled");
    CHECK(end["result"]["verified"] == false);

    // The host goes away mid-run: the program is stopped before the worker exits.
    worker.writeLine(R"({"cmd":"exec","id":4,"argv":["sleep","60"]})");
    waitFor(worker, "run_start");
    const Json first = waitFor(worker, "progress", 5s);
    CHECK(first["id"] == 4);
    const auto closedAt = std::chrono::steady_clock::now();
    worker.closeStdin();
    end = waitFor(worker, "run_end", 10s);
    CHECK(end["result"]["status"] == "cancelled");
    const long pid = end["result"]["pid"].get<long>();
    waitFor(worker, "bye");
    CHECK(worker.wait(10s) == 0);
    CHECK(std::chrono::steady_clock::now() - closedAt < 5s);
    CHECK(processGone(pid));
}
