#include "process.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace cipherwatt::test {

namespace {

using Clock = std::chrono::steady_clock;

// The test's environment with `overrides` replacing variables of the same name.
std::vector<std::string> environmentWith(const Environment &overrides)
{
    std::vector<std::string> out;
    for (char **e = environ; *e != nullptr; ++e) {
        const std::string entry(*e);
        const std::string name = entry.substr(0, entry.find('=') + 1);
        const bool replaced =
            std::any_of(overrides.begin(), overrides.end(),
                        [&](const std::string &o) { return o.rfind(name, 0) == 0; });
        if (!replaced)
            out.push_back(entry);
    }
    out.insert(out.end(), overrides.begin(), overrides.end());
    return out;
}

std::vector<char *> pointers(const std::vector<std::string> &strings)
{
    std::vector<char *> out;
    out.reserve(strings.size() + 1);
    for (const auto &s : strings)
        out.push_back(const_cast<char *>(s.c_str()));
    out.push_back(nullptr);
    return out;
}

pid_t spawn(const std::vector<std::string> &argv, int stdinFd, int stdoutFd, int stderrFd,
            const std::vector<int> &closeInChild, const Environment &environment)
{
    const std::vector<char *> args = pointers(argv);
    const std::vector<std::string> envStrings = environmentWith(environment);
    const std::vector<char *> env = pointers(envStrings);
    const pid_t pid = fork();
    if (pid < 0)
        throw std::runtime_error("fork failed");
    if (pid == 0) {
        dup2(stdinFd, 0);
        dup2(stdoutFd, 1);
        dup2(stderrFd, 2);
        for (int fd : closeInChild)
            close(fd);
        execve(args[0], args.data(), env.data());
        _exit(127);
    }
    return pid;
}

int exitCodeOf(int status)
{
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int remainingMs(Clock::time_point deadline)
{
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left < 0 ? 0 : static_cast<int>(left);
}

} // namespace

ProcessResult runProcess(const std::vector<std::string> &argv, const std::string &input,
                         std::chrono::milliseconds timeout, const Environment &environment)
{
    int in[2];
    int out[2];
    int err[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0)
        throw std::runtime_error("pipe failed");
    const pid_t pid = spawn(argv, in[0], out[1], err[1], {}, environment);
    close(in[0]);
    close(out[1]);
    close(err[1]);
    signal(SIGPIPE, SIG_IGN);

    ProcessResult result;
    std::size_t written = 0;
    if (input.empty()) {
        close(in[1]);
        in[1] = -1;
    }
    const auto deadline = Clock::now() + timeout;
    bool outOpen = true;
    bool errOpen = true;
    while (outOpen || errOpen) {
        pollfd fds[3];
        nfds_t n = 0;
        if (outOpen)
            fds[n++] = {out[0], POLLIN, 0};
        if (errOpen)
            fds[n++] = {err[0], POLLIN, 0};
        if (in[1] >= 0)
            fds[n++] = {in[1], POLLOUT, 0};
        const int ready = poll(fds, n, remainingMs(deadline));
        if (ready == 0) {
            result.timedOut = true;
            ::kill(pid, SIGKILL);
            break;
        }
        if (ready < 0 && errno == EINTR)
            continue;
        for (nfds_t i = 0; i < n; ++i) {
            if (!fds[i].revents)
                continue;
            if (fds[i].fd == in[1]) {
                const ssize_t w = write(in[1], input.data() + written, input.size() - written);
                if (w > 0)
                    written += static_cast<std::size_t>(w);
                if (w < 0 || written == input.size()) {
                    close(in[1]);
                    in[1] = -1;
                }
                continue;
            }
            char buf[4096];
            const ssize_t r = read(fds[i].fd, buf, sizeof buf);
            std::string &target = fds[i].fd == out[0] ? result.out : result.err;
            if (r > 0) {
                target.append(buf, static_cast<std::size_t>(r));
            } else {
                (fds[i].fd == out[0] ? outOpen : errOpen) = false;
            }
        }
    }
    if (in[1] >= 0)
        close(in[1]);
    close(out[0]);
    close(err[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    result.exitCode = result.timedOut ? -1 : exitCodeOf(status);
    result.signal = !result.timedOut && WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return result;
}

Child::Child(const std::vector<std::string> &argv, const Environment &environment)
{
    int in[2];
    int out[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0)
        throw std::runtime_error("pipe failed");
    signal(SIGPIPE, SIG_IGN);
    m_pid = spawn(argv, in[0], out[1], 2, {}, environment);
    close(in[0]);
    close(out[1]);
    m_in = in[1];
    m_out = out[0];
}

Child::~Child()
{
    if (!m_exited && m_pid > 0) {
        ::kill(m_pid, SIGKILL);
        waitpid(m_pid, &m_status, 0);
    }
    if (m_in >= 0)
        close(m_in);
    if (m_out >= 0)
        close(m_out);
}

void Child::writeLine(const std::string &line)
{
    const std::string data = line + "\n";
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t w = write(m_in, data.data() + done, data.size() - done);
        if (w <= 0)
            throw std::runtime_error("write to child failed");
        done += static_cast<std::size_t>(w);
    }
}

void Child::closeStdin()
{
    if (m_in >= 0) {
        close(m_in);
        m_in = -1;
    }
}

std::optional<std::string> Child::readLine(std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        const auto nl = m_buffer.find('\n');
        if (nl != std::string::npos) {
            std::string line = m_buffer.substr(0, nl);
            m_buffer.erase(0, nl + 1);
            return line;
        }
        pollfd fd{m_out, POLLIN, 0};
        const int ready = poll(&fd, 1, remainingMs(deadline));
        if (ready == 0)
            return std::nullopt;
        if (ready < 0) {
            if (errno == EINTR)
                continue;
            return std::nullopt;
        }
        char buf[4096];
        const ssize_t r = read(m_out, buf, sizeof buf);
        if (r <= 0)
            return std::nullopt;
        m_buffer.append(buf, static_cast<std::size_t>(r));
    }
}

int Child::wait(std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    while (!m_exited) {
        const pid_t r = waitpid(m_pid, &m_status, WNOHANG);
        if (r == m_pid) {
            m_exited = true;
            break;
        }
        if (Clock::now() >= deadline) {
            ::kill(m_pid, SIGKILL);
            waitpid(m_pid, &m_status, 0);
            m_exited = true;
            return -1;
        }
        usleep(10'000);
    }
    return exitCodeOf(m_status);
}

int Child::termSignal() const
{
    return m_exited && WIFSIGNALED(m_status) ? WTERMSIG(m_status) : 0;
}

void Child::kill(int signal)
{
    ::kill(m_pid, signal);
}

} // namespace cipherwatt::test
