#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace cipherwatt::test {

struct ProcessResult
{
    int exitCode = -1; // -1 when killed by a signal or timed out
    int signal = 0;    // the signal that ended it, 0 if it exited
    bool timedOut = false;
    std::string out;
    std::string err;
};

// Variables to set ("NAME=value") in a child's environment, on top of the test's own.
using Environment = std::vector<std::string>;

// Runs a program to completion with `input` on stdin; kills it after `timeout`.
ProcessResult runProcess(const std::vector<std::string> &argv, const std::string &input = {},
                         std::chrono::milliseconds timeout = std::chrono::seconds(60),
                         const Environment &environment = {});

// A child with pipes on stdin/stdout for line protocols (the worker's `serve`).
class Child
{
public:
    explicit Child(const std::vector<std::string> &argv, const Environment &environment = {});
    ~Child();
    Child(const Child &) = delete;
    Child &operator=(const Child &) = delete;

    void writeLine(const std::string &line);
    void closeStdin();
    // The next stdout line, or nullopt on end of output or timeout.
    std::optional<std::string> readLine(std::chrono::milliseconds timeout);
    // Waits for exit; kills after `timeout`. Returns the exit code, -1 if signalled/killed.
    int wait(std::chrono::milliseconds timeout);
    // After wait(): the signal that ended the child, 0 if it exited.
    int termSignal() const;
    void kill(int signal);
    pid_t pid() const { return m_pid; }

private:
    pid_t m_pid = -1;
    int m_in = -1;
    int m_out = -1;
    std::string m_buffer;
    bool m_exited = false;
    int m_status = 0;
};

} // namespace cipherwatt::test
