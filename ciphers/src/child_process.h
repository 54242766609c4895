#pragma once

// Internal: one external program, started with fork and execv (no shell), for command.cpp.

#include <chrono>
#include <string>
#include <sys/resource.h>
#include <sys/types.h>
#include <vector>

namespace cipherwatt::ciphers::detail {

// The child runs in a process group of its own (pgid = pid) with stdin on /dev/null and
// stdout/stderr on pipes the parent reads; it gets SIGKILL if the worker dies.
class ChildProcess
{
public:
    // Throws CommandStartError when argv[0] cannot be found or executed (no process is left
    // behind), CipherError when the system refuses a pipe, a fork or the CPU pinning.
    ChildProcess(const std::vector<std::string> &argv, int cpu);
    // Kills the group and reaps the child if that has not happened yet.
    ~ChildProcess();
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;

    pid_t pid() const { return m_pid; }
    const std::string &program() const { return m_program; }
    // Taken just before fork(): the start of the timed interval.
    std::chrono::steady_clock::time_point started() const { return m_started; }
    int stdoutFd() const { return m_stdout; }
    int stderrFd() const { return m_stderr; }
    // Becomes readable when the child exits; -1 where pidfd_open is missing (then poll briefly).
    int exitFd() const { return m_pidfd; }

    // True once the child has exited. It stays a zombie, so its pid and process group id
    // cannot be reused before reap().
    bool hasExited() const;
    // Signals the whole group (and the child itself, should it have left the group).
    void signalGroup(int signal) const;
    // Closes one of the output pipes (after end of file).
    void closeOutput(int fd);

    struct Exit
    {
        int status = 0; // as from waitpid
        rusage usage{};
    };
    Exit reap();

private:
    pid_t m_pid = -1;
    bool m_reaped = false;
    std::string m_program;
    std::chrono::steady_clock::time_point m_started;
    int m_stdout = -1;
    int m_stderr = -1;
    int m_pidfd = -1;
};

// argv[0] resolved as execvp would (PATH, or as given when it contains '/'). Throws
// CommandStartError naming the program when nothing executable is found.
std::string resolveProgram(const std::string &name);

} // namespace cipherwatt::ciphers::detail
