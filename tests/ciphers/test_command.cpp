// External commands as runs (command.h): no shell, byte counts from the operator or the
// program, captured output, exit status, timeout, cancel, and what is left behind.

#include <cipherwatt/ciphers/command.h>

#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace cipherwatt::ciphers;

namespace {

CommandSpec spec(std::vector<std::string> argv)
{
    CommandSpec s;
    s.label = defaultCommandLabel(argv);
    s.argv = std::move(argv);
    s.timeoutSeconds = 30;
    return s;
}

CommandSpec shell(const std::string &script)
{
    return spec({"sh", "-c", script});
}

// A process counts as gone once it no longer exists or is a zombie waiting for its reaper.
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

TEST_CASE("command: bytes come from the program's cipherwatt-bytes line", "[command]")
{
    const auto r = runCommand(shell("echo working; echo 'cipherwatt-bytes: 4096'; echo err >&2"));
    CHECK(r.status == CommandStatus::Ok);
    CHECK(r.verified());
    CHECK(r.exitCode == 0);
    CHECK_FALSE(r.signal);
    REQUIRE(r.bytes);
    CHECK(*r.bytes == 4096);
    CHECK(r.bytesSource == "output");
    CHECK(r.outputBytes == std::optional<std::uint64_t>(4096));
    CHECK(r.out.text == "working\ncipherwatt-bytes: 4096\n");
    CHECK(r.err.text == "err\n");
    CHECK(r.seconds > 0);
    CHECK(r.bytesPerSecond == Approx(4096.0 / r.seconds));
    CHECK((r.program == "/usr/bin/sh" || r.program == "/bin/sh"));
    CHECK(r.notes.empty());
}

TEST_CASE("command: the operator's byte count wins and a disagreement is reported", "[command]")
{
    CommandSpec s = shell("true");
    s.bytes = 1000;
    auto r = runCommand(s);
    CHECK(r.bytes == std::optional<std::uint64_t>(1000));
    CHECK(r.bytesSource == "operator");
    CHECK(r.notes.empty());

    s = shell("echo cipherwatt-bytes: 999");
    s.bytes = 1000;
    r = runCommand(s);
    CHECK(r.bytes == std::optional<std::uint64_t>(1000));
    CHECK(r.bytesSource == "operator");
    CHECK(r.outputBytes == std::optional<std::uint64_t>(999));
    REQUIRE(r.notes.size() == 1);
    CHECK_THAT(r.notes[0], Catch::Contains("999") && Catch::Contains("operator's count is used"));
}

TEST_CASE("command: odd byte lines are reported, not guessed at", "[command]")
{
    auto r = runCommand(shell("echo 'cipherwatt-bytes: lots'"));
    CHECK_FALSE(r.bytes);
    CHECK(r.bytesSource == "none");
    CHECK_THAT(r.notes[0], Catch::Contains("malformed"));

    // The last line counts; a line without a newline at the end counts too.
    r = runCommand(shell("echo cipherwatt-bytes: 5; printf '  cipherwatt-bytes: 7'"));
    CHECK(r.bytes == std::optional<std::uint64_t>(7));
    CHECK_THAT(r.notes[0], Catch::Contains("2 cipherwatt-bytes lines"));

    r = runCommand(shell("echo nothing to count"));
    CHECK_FALSE(r.bytes);
    CHECK(r.verified()); // a run without a count still ran; only energy per byte is missing
    CHECK_THAT(r.notes[0], Catch::Contains("no byte count"));
}

TEST_CASE("command: a non-zero exit or a signal fails the run", "[command]")
{
    auto r = runCommand(shell("echo partial; exit 3"));
    CHECK(r.status == CommandStatus::Failed);
    CHECK_FALSE(r.verified());
    CHECK(r.exitCode == 3);
    CHECK(r.failure == "exit status 3");
    CHECK(r.out.text == "partial\n");
    CHECK(r.bytesPerSecond == 0);

    r = runCommand(shell("kill -SEGV $$"));
    CHECK(r.status == CommandStatus::Failed);
    CHECK_FALSE(r.exitCode);
    CHECK(r.signal == SIGSEGV);
    CHECK(r.failure == "killed by SIGSEGV");
}

TEST_CASE("command: no shell is involved", "[command]")
{
    const auto r = runCommand(spec({"echo", "$HOME", "a;b", "*", "two words"}));
    CHECK(r.out.text == "$HOME a;b * two words\n");
    // stdin is /dev/null: cat ends at once instead of waiting for the worker's input.
    const auto cat = runCommand(spec({"cat"}));
    CHECK(cat.verified());
    CHECK(cat.out.text.empty());
}

TEST_CASE("command: a program that cannot start is an error, not a result", "[command]")
{
    CHECK_THROWS_AS(runCommand(spec({"cipherwatt-no-such-program"})), CommandStartError);
    CHECK_THROWS_WITH(runCommand(spec({"cipherwatt-no-such-program"})),
                      Catch::Contains("not found in PATH"));
    CHECK_THROWS_AS(runCommand(spec({"/nonexistent/program"})), CommandStartError);
    CHECK_THROWS_WITH(runCommand(spec({"/nonexistent/program"})), Catch::Contains("No such file"));
    // A file that exists but is not a program: execv refuses it (no shell guesses).
    char name[] = "/tmp/cipherwatt-not-a-program-XXXXXX";
    const int fd = mkstemp(name);
    REQUIRE(fd >= 0);
    REQUIRE(write(fd, "echo hi\n", 8) == 8);
    close(fd);
    chmod(name, 0700);
    CHECK_THROWS_AS(runCommand(spec({name})), CommandStartError);
    CHECK_THROWS_WITH(runCommand(spec({name})), Catch::Contains("Exec format error"));
    unlink(name);
}

TEST_CASE("command: a timeout stops the program, with SIGKILL if SIGTERM is ignored", "[command]")
{
    CommandSpec s = spec({"sleep", "30"});
    s.timeoutSeconds = 0.3;
    auto r = runCommand(s);
    CHECK(r.status == CommandStatus::TimedOut);
    CHECK(r.signal == SIGTERM);
    CHECK(r.seconds >= 0.3);
    CHECK(r.seconds < 2.0);
    CHECK_THAT(r.failure, Catch::Contains("timed out after 0.3 s"));

    s = shell("trap '' TERM; echo started; while :; do sleep 0.05; done");
    s.timeoutSeconds = 0.3;
    r = runCommand(s);
    CHECK(r.status == CommandStatus::TimedOut);
    CHECK(r.signal == SIGKILL);
    CHECK(r.seconds >= 0.3 + commandKillGraceSeconds);
    CHECK(r.seconds < 0.3 + commandKillGraceSeconds + 2.0);
    CHECK(r.out.text == "started\n");
    CHECK_THAT(r.failure, Catch::Contains("then SIGKILL"));
}

TEST_CASE("command: cancel stops it, and progress comes about once a second", "[command]")
{
    std::atomic<bool> cancel{false};
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(1300));
        cancel = true;
    });
    int reports = 0;
    const auto r = runCommand(
        spec({"sleep", "30"}),
        [&](const CommandProgress &p) {
            ++reports;
            CHECK(p.seconds >= 0.9);
        },
        &cancel);
    canceller.join();
    CHECK(r.status == CommandStatus::Cancelled);
    CHECK_FALSE(r.verified());
    CHECK(r.seconds < 5);
    CHECK(reports >= 1);
}

TEST_CASE("command: timing runs from start to exit", "[command]")
{
    const auto r = runCommand(spec({"sleep", "0.3"}));
    CHECK(r.verified());
    CHECK(r.seconds >= 0.3);
    CHECK(r.seconds < 0.6);
}

TEST_CASE("command: output beyond 1 MiB is counted, not stored", "[command]")
{
    const auto r = runCommand(shell("head -c 1572864 /dev/zero; echo; echo cipherwatt-bytes: 12"));
    CHECK(r.verified());
    CHECK(r.out.totalBytes == 1572864 + 1 + 21);
    CHECK(r.out.text.size() == maxCapturedOutputBytes);
    CHECK(r.out.truncated);
    CHECK_FALSE(r.err.truncated);
    // The byte line after the cut is still read.
    CHECK(r.bytes == std::optional<std::uint64_t>(12));
}

TEST_CASE("command: what the program leaves running in its group is killed", "[command]")
{
    const auto r = runCommand(shell("sleep 30 & echo $!"));
    CHECK(r.verified());
    CHECK(r.seconds < 5); // the run ends when the program exits, not its leftovers
    const long leftover = std::stol(r.out.text);
    CHECK(processGone(leftover));
}

TEST_CASE("command: the program is pinned to the CPU asked for", "[command]")
{
    CommandSpec s = shell("grep Cpus_allowed_list /proc/self/status");
    s.cpu = 0;
    const auto r = runCommand(s);
    CHECK(r.verified());
    CHECK_THAT(r.out.text, Catch::Contains("Cpus_allowed_list:\t0\n"));
}

TEST_CASE("command: bad specifications name the field", "[command]")
{
    auto refused = [](const CommandSpec &s, const std::string &what) {
        INFO(what);
        CHECK_THROWS_WITH(validateCommandSpec(s), Catch::StartsWith(what));
    };
    refused(spec({}), "argv");
    refused(spec({""}), "argv");
    refused(spec({"echo", std::string("a\0b", 3)}), "argv[1]");
    CommandSpec s = spec({"true"});
    s.timeoutSeconds = 0;
    refused(s, "timeout");
    s.timeoutSeconds = 1e9;
    refused(s, "timeout");
    s = spec({"true"});
    s.bytes = 0;
    refused(s, "bytes");
    s = spec({"true"});
    s.cpu = 100000;
    refused(s, "cpu");
    s = spec({"true"});
    s.label = "two\nlines";
    refused(s, "label");
    s.label = "";
    refused(s, "label");
    CHECK(defaultCommandLabel({"/usr/bin/gzip", "-k"}) == "gzip");
    CHECK_NOTHROW(validateCommandSpec(spec({"true"})));
}
