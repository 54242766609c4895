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
    bool timedOut = false;
    std::string out;
    std::string err;
};

// Runs a program to completion with `input` on stdin; kills it after `timeout`.
ProcessResult runProcess(const std::vector<std::string> &argv, const std::string &input = {},
                         std::chrono::milliseconds timeout = std::chrono::seconds(60));

// A child with pipes on stdin/stdout for line protocols (the worker's `serve`).
class Child
{
public:
    explicit Child(const std::vector<std::string> &argv);
    ~Child();
    Child(const Child &) = delete;
    Child &operator=(const Child &) = delete;

    void writeLine(const std::string &line);
    void closeStdin();
    // The next stdout line, or nullopt on end of output or timeout.
    std::optional<std::string> readLine(std::chrono::milliseconds timeout);
    // Waits for exit; kills after `timeout`. Returns the exit code, -1 if signalled/killed.
    int wait(std::chrono::milliseconds timeout);
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
