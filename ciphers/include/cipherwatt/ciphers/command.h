#pragma once

// External commands: the coarse way to measure anything that runs on the DUT (a file
// encryptor, a script, a program CipherWatt cannot link). The command is timed from start to
// exit; the bytes it processed come from the operator or from a line it prints,
// `cipherwatt-bytes: <n>`. It runs without a shell, from an argument vector.

#include <cipherwatt/ciphers/types.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::ciphers {

inline constexpr double defaultCommandTimeoutSeconds = 3600.0;
// What is kept of each of stdout and stderr; the rest is counted, not stored.
inline constexpr std::size_t maxCapturedOutputBytes = std::size_t{1} << 20;
// After SIGTERM (timeout, cancel) the program has this long to exit before SIGKILL.
inline constexpr double commandKillGraceSeconds = 2.0;

// The program could not be started at all (not found, not executable): nothing ran.
class CommandStartError : public CipherError
{
public:
    using CipherError::CipherError;
};

struct CommandSpec
{
    std::string label;             // how the run is called in the plan and the results
    std::vector<std::string> argv; // argv[0] is looked up in PATH unless it contains '/'
    double timeoutSeconds = defaultCommandTimeoutSeconds;
    std::optional<std::uint64_t> bytes; // the operator's count of the bytes it processes
    int cpu = -1;                       // pin the program to this CPU; -1 = no pinning
};

enum class CommandStatus : std::uint8_t {
    Ok,        // exited with status 0
    Failed,    // exited with another status, or a signal ended it
    TimedOut,  // still running at the timeout: stopped with SIGTERM, then SIGKILL
    Cancelled, // stopped on request (serve's cancel, or its stdin closing)
};

std::string_view commandStatusName(CommandStatus status);

// "SIGSEGV" and the like for the common signals, "signal <n>" for the others.
std::string signalName(int signal);

struct CapturedOutput
{
    std::string text; // the first maxCapturedOutputBytes bytes
    std::uint64_t totalBytes = 0;
    bool truncated = false;
};

struct CommandResult
{
    CommandSpec spec;
    std::string program; // the file that ran (argv[0] resolved through PATH)
    long pid = 0;
    CommandStatus status = CommandStatus::Failed;
    std::string failure;         // one line saying why the status is not Ok
    std::optional<int> exitCode; // when the program exited
    std::optional<int> signal;   // when a signal ended it
    double seconds = 0.0;        // wall time, steady clock, start to exit
    double userSeconds = 0.0;    // CPU time of the program and its waited-for children
    double systemSeconds = 0.0;
    CapturedOutput out;
    CapturedOutput err;
    // The count used: the operator's when given, else the program's `cipherwatt-bytes:` line.
    std::optional<std::uint64_t> bytes;
    std::string bytesSource;                  // "operator", "output" or "none"
    std::optional<std::uint64_t> outputBytes; // what the program printed, even when not used
    double bytesPerSecond = 0.0;              // only for a successful run with a byte count
    std::vector<std::string> notes; // e.g. the operator's and the program's counts disagree

    // A run counts (is measured) only when the program exited with status 0.
    bool verified() const { return status == CommandStatus::Ok; }
};

struct CommandProgress
{
    double seconds = 0.0;
    std::uint64_t stdoutBytes = 0;
    std::uint64_t stderrBytes = 0;
};

// argv[0]'s file name, the label when the operator gives none.
std::string defaultCommandLabel(const std::vector<std::string> &argv);

// Throws CipherError naming the field: label (1..100 bytes, no control characters), argv
// (non-empty, no NUL bytes, bounded), timeout (> 0, at most a day), bytes (> 0), CPU.
void validateCommandSpec(const CommandSpec &spec);

// Runs the program on the calling thread with stdin from /dev/null and stdout/stderr captured,
// in a process group of its own, so that a timeout or `cancel` stops whatever it started; what
// is left of that group when it exits is killed too, so nothing of it runs on into the next
// measurement. If the worker dies, the kernel kills the program (PR_SET_PDEATHSIG).
// `progress` is called about once a second. Throws CommandStartError when the program cannot
// be started, CipherError when the system refuses a pipe or a process; every other outcome,
// failures included, is a result.
CommandResult runCommand(const CommandSpec &spec,
                         const std::function<void(const CommandProgress &)> &progress = {},
                         const std::atomic<bool> *cancel = nullptr);

} // namespace cipherwatt::ciphers
