#include "child_process.h"

#include <cipherwatt/ciphers/command.h>
#include <cipherwatt/ciphers/runner.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace cipherwatt::ciphers {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t maxLabelBytes = 100;
constexpr std::size_t maxArguments = 4096;
constexpr std::size_t maxArgumentBytes = std::size_t{1} << 20;
constexpr std::string_view bytesMarker = "cipherwatt-bytes:";
// How long output is still collected after the program exited (its pipes may hold more).
constexpr auto drainAfterExit = std::chrono::milliseconds(500);

double secondsBetween(Clock::time_point from, Clock::time_point to)
{
    return std::chrono::duration<double>(to - from).count();
}

std::string secondsText(double s)
{
    std::array<char, 32> text{};
    std::snprintf(text.data(), text.size(), "%g s", s);
    return text.data();
}

// Finds `cipherwatt-bytes: <n>` lines in the whole stream (also beyond what is stored).
class ByteCountScanner
{
public:
    void feed(std::string_view data)
    {
        for (const char c : data) {
            if (c == '\n') {
                endLine();
            } else if (m_line.size() < maxLine) {
                m_line.push_back(c);
            } else {
                m_overlong = true;
            }
        }
    }

    void finish()
    {
        if (!m_line.empty() || m_overlong)
            endLine();
    }

    std::optional<std::uint64_t> value() const { return m_value; }
    std::vector<std::string> notes() const
    {
        std::vector<std::string> out = m_notes;
        if (m_count > 1)
            out.push_back("the program printed " + std::to_string(m_count) +
                          " cipherwatt-bytes lines; the last one is used");
        return out;
    }

private:
    // A marker line is short; anything longer is some other output.
    static constexpr std::size_t maxLine = 80;

    void endLine()
    {
        std::string_view line = m_line;
        const auto first = line.find_first_not_of(" \t");
        line.remove_prefix(first == std::string_view::npos ? line.size() : first);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.remove_suffix(1);
        if (!m_overlong && line.substr(0, bytesMarker.size()) == bytesMarker) {
            std::string_view number = line.substr(bytesMarker.size());
            number.remove_prefix(std::min(number.find_first_not_of(" \t"), number.size()));
            std::uint64_t n = 0;
            const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
            if (number.empty() || ec != std::errc() || ptr != number.data() + number.size()) {
                m_notes.push_back("ignored a malformed line: " + std::string(line));
            } else {
                m_value = n;
                ++m_count;
            }
        }
        m_line.clear();
        m_overlong = false;
    }

    std::string m_line;
    bool m_overlong = false;
    std::optional<std::uint64_t> m_value;
    std::size_t m_count = 0;
    std::vector<std::string> m_notes;
};

void append(CapturedOutput &out, std::string_view data)
{
    out.totalBytes += data.size();
    const std::size_t room = maxCapturedOutputBytes - out.text.size();
    out.text.append(data.substr(0, room));
    out.truncated = out.truncated || data.size() > room;
}

} // namespace

std::string signalName(int sig)
{
    static constexpr std::array<std::pair<int, const char *>, 15> names{{
        {SIGHUP, "SIGHUP"},
        {SIGINT, "SIGINT"},
        {SIGQUIT, "SIGQUIT"},
        {SIGILL, "SIGILL"},
        {SIGTRAP, "SIGTRAP"},
        {SIGABRT, "SIGABRT"},
        {SIGBUS, "SIGBUS"},
        {SIGFPE, "SIGFPE"},
        {SIGKILL, "SIGKILL"},
        {SIGUSR1, "SIGUSR1"},
        {SIGSEGV, "SIGSEGV"},
        {SIGUSR2, "SIGUSR2"},
        {SIGPIPE, "SIGPIPE"},
        {SIGALRM, "SIGALRM"},
        {SIGTERM, "SIGTERM"},
    }};
    for (const auto &[number, name] : names) {
        if (number == sig)
            return name;
    }
    return "signal " + std::to_string(sig);
}

namespace {

// The running program: its output, its exit, and how it is stopped.
class Supervisor
{
public:
    Supervisor(detail::ChildProcess &child, CommandResult &result)
        : m_child(child)
        , m_result(result)
    {}

    // Returns the time the program exited.
    Clock::time_point run(const std::function<void(const CommandProgress &)> &progress,
                          const std::atomic<bool> *cancel)
    {
        const auto start = m_child.started();
        const auto deadline =
            start + std::chrono::duration_cast<Clock::duration>(
                        std::chrono::duration<double>(m_result.spec.timeoutSeconds));
        auto nextProgress = start + std::chrono::seconds(1);
        for (;;) {
            if (m_child.hasExited())
                return Clock::now();
            const auto now = Clock::now();
            if (m_stopAt == Clock::time_point{}) {
                if (cancel != nullptr && cancel->load())
                    stop(CommandStatus::Cancelled, now);
                else if (now >= deadline)
                    stop(CommandStatus::TimedOut, now);
            } else if (!m_killed && now >= killTime()) {
                m_child.signalGroup(SIGKILL);
                m_killed = true;
            }
            if (progress && now >= nextProgress) {
                nextProgress = now + std::chrono::seconds(1);
                progress(
                    {secondsBetween(start, now), m_result.out.totalBytes, m_result.err.totalBytes});
            }
            auto wake = std::min(now + std::chrono::milliseconds(100), nextProgress);
            if (m_stopAt == Clock::time_point{})
                wake = std::min(wake, deadline);
            else if (!m_killed)
                wake = std::min(wake, killTime());
            // Without a pidfd the exit is only seen by looking: often, so timing stays close.
            if (m_child.exitFd() < 0)
                wake = std::min(wake, now + std::chrono::milliseconds(2));
            pollOnce(wake - now, true);
        }
    }

    // After the exit: what is left in the pipes, until both close or drainAfterExit passes.
    void drain()
    {
        const auto until = Clock::now() + drainAfterExit;
        while (m_child.stdoutFd() >= 0 || m_child.stderrFd() >= 0) {
            const auto now = Clock::now();
            if (now >= until) {
                m_result.notes.emplace_back("output written after the program exited was cut "
                                            "off: a process outside its group kept the pipes");
                return;
            }
            pollOnce(until - now, false);
        }
    }

    void finish() { m_scanner.finish(); }
    const ByteCountScanner &scanner() const { return m_scanner; }
    CommandStatus stopReason() const { return m_stopReason; }
    bool stopped() const { return m_stopAt != Clock::time_point{}; }
    bool killed() const { return m_killed; }

private:
    Clock::time_point killTime() const
    {
        return m_stopAt + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(commandKillGraceSeconds));
    }

    void stop(CommandStatus why, Clock::time_point now)
    {
        m_stopReason = why;
        m_stopAt = now;
        m_child.signalGroup(SIGTERM);
    }

    void pollOnce(Clock::duration wait, bool watchExit)
    {
        std::array<pollfd, 3> fds{};
        nfds_t n = 0;
        for (const int fd : {m_child.stdoutFd(), m_child.stderrFd()}) {
            if (fd >= 0)
                fds[n++] = {fd, POLLIN, 0};
        }
        if (watchExit && m_child.exitFd() >= 0)
            fds[n++] = {m_child.exitFd(), POLLIN, 0};
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(wait).count();
        const int ready = poll(fds.data(), n, static_cast<int>(std::clamp<long long>(ms, 0, 1000)));
        if (ready <= 0)
            return; // timeout, or EINTR: the caller looks again
        for (nfds_t i = 0; i < n; ++i) {
            if (fds[i].revents != 0 && fds[i].fd != m_child.exitFd())
                readFrom(fds[i].fd);
        }
    }

    void readFrom(int fd)
    {
        std::array<char, 65536> buffer{};
        const ssize_t r = read(fd, buffer.data(), buffer.size());
        if (r > 0) {
            const std::string_view data(buffer.data(), static_cast<std::size_t>(r));
            if (fd == m_child.stdoutFd()) {
                append(m_result.out, data);
                m_scanner.feed(data);
            } else {
                append(m_result.err, data);
            }
        } else if (r == 0 || (errno != EAGAIN && errno != EINTR)) {
            m_child.closeOutput(fd);
        }
    }

    detail::ChildProcess &m_child;
    CommandResult &m_result;
    ByteCountScanner m_scanner;
    Clock::time_point m_stopAt{};
    CommandStatus m_stopReason = CommandStatus::Ok;
    bool m_killed = false;
};

void classify(CommandResult &r, const Supervisor &supervisor, int status)
{
    if (WIFEXITED(status))
        r.exitCode = WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        r.signal = WTERMSIG(status);
    const std::string ended = r.exitCode ? "exit status " + std::to_string(*r.exitCode)
                              : r.signal ? "killed by " + signalName(*r.signal)
                                         : "ended with wait status " + std::to_string(status);
    if (supervisor.stopped()) {
        r.status = supervisor.stopReason();
        const std::string how = supervisor.killed() ? "SIGTERM, then SIGKILL after " +
                                                          secondsText(commandKillGraceSeconds)
                                                    : "SIGTERM";
        r.failure = (r.status == CommandStatus::Cancelled
                         ? std::string("cancelled")
                         : "timed out after " + secondsText(r.spec.timeoutSeconds)) +
                    "; stopped with " + how + " (" + ended + ")";
    } else if (r.exitCode == 0) {
        r.status = CommandStatus::Ok;
    } else {
        r.status = CommandStatus::Failed;
        r.failure = ended;
    }
}

// The operator's count wins: it is what the plan says the command processes. The program's
// own line is kept beside it, and a disagreement is reported, never resolved silently.
void countBytes(CommandResult &r, const ByteCountScanner &scanner)
{
    r.outputBytes = scanner.value();
    const auto notes = scanner.notes();
    r.notes.insert(r.notes.end(), notes.begin(), notes.end());
    if (r.spec.bytes) {
        r.bytes = r.spec.bytes;
        r.bytesSource = "operator";
        if (r.outputBytes && *r.outputBytes != *r.spec.bytes)
            r.notes.push_back("the program reported " + std::to_string(*r.outputBytes) +
                              " bytes, the operator gave " + std::to_string(*r.spec.bytes) +
                              "; the operator's count is used");
    } else if (r.outputBytes) {
        r.bytes = r.outputBytes;
        r.bytesSource = "output";
    } else {
        r.bytesSource = "none";
        r.notes.emplace_back("no byte count: give one, or let the program print "
                             "'cipherwatt-bytes: <n>'; energy per byte cannot be computed");
    }
    if (r.verified() && r.bytes && r.seconds > 0)
        r.bytesPerSecond = static_cast<double>(*r.bytes) / r.seconds;
}

double toSeconds(const timeval &t)
{
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

} // namespace

std::string_view commandStatusName(CommandStatus status)
{
    switch (status) {
    case CommandStatus::Ok:
        return "ok";
    case CommandStatus::Failed:
        return "failed";
    case CommandStatus::TimedOut:
        return "timeout";
    case CommandStatus::Cancelled:
        return "cancelled";
    }
    return "?";
}

std::string defaultCommandLabel(const std::vector<std::string> &argv)
{
    if (argv.empty())
        return {};
    const std::string &program = argv.front();
    const auto slash = program.find_last_of('/');
    return slash == std::string::npos ? program : program.substr(slash + 1);
}

void validateCommandSpec(const CommandSpec &spec)
{
    if (spec.argv.empty() || spec.argv.front().empty())
        throw CipherError("argv: give the program and its arguments (argv[0] is empty)");
    if (spec.argv.size() > maxArguments)
        throw CipherError("argv: at most " + std::to_string(maxArguments) + " arguments");
    std::size_t total = 0;
    for (std::size_t i = 0; i < spec.argv.size(); ++i) {
        total += spec.argv[i].size() + 1;
        if (spec.argv[i].find('\0') != std::string::npos)
            throw CipherError("argv[" + std::to_string(i) + "]: contains a NUL byte");
    }
    if (total > maxArgumentBytes)
        throw CipherError("argv: longer than " + std::to_string(maxArgumentBytes) + " bytes");
    if (spec.label.empty() || spec.label.size() > maxLabelBytes)
        throw CipherError("label: must be 1.." + std::to_string(maxLabelBytes) + " bytes");
    if (std::any_of(spec.label.begin(), spec.label.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        throw CipherError("label: control characters are not allowed");
    if (!std::isfinite(spec.timeoutSeconds) || spec.timeoutSeconds <= 0 ||
        spec.timeoutSeconds > maxRunSeconds)
        throw CipherError("timeout: must be > 0 and at most " +
                          std::to_string(static_cast<int>(maxRunSeconds)) + " seconds");
    if (spec.bytes && *spec.bytes == 0)
        throw CipherError("bytes: must be at least 1");
    if (spec.cpu >= 0) {
        const long cpus = sysconf(_SC_NPROCESSORS_CONF);
        if (spec.cpu >= cpus || spec.cpu >= CPU_SETSIZE)
            throw CipherError("cpu: no CPU " + std::to_string(spec.cpu) + " (this machine has " +
                              std::to_string(cpus) + ")");
    } else if (spec.cpu != -1) {
        throw CipherError("cpu: must be a CPU number, or -1 for no pinning");
    }
}

CommandResult runCommand(const CommandSpec &spec,
                         const std::function<void(const CommandProgress &)> &progress,
                         const std::atomic<bool> *cancel)
{
    validateCommandSpec(spec);
    CommandResult result;
    result.spec = spec;
    detail::ChildProcess child(spec.argv, spec.cpu);
    result.program = child.program();
    result.pid = child.pid();
    Supervisor supervisor(child, result);
    const auto exited = supervisor.run(progress, cancel);
    result.seconds = secondsBetween(child.started(), exited);
    // Whatever the program left running in its group would load the DUT during the next
    // measurement. The program itself is a zombie until reaped, so its group id is still ours.
    child.signalGroup(SIGKILL);
    supervisor.drain();
    supervisor.finish();
    const auto exit = child.reap();
    result.userSeconds = toSeconds(exit.usage.ru_utime);
    result.systemSeconds = toSeconds(exit.usage.ru_stime);
    classify(result, supervisor, exit.status);
    countBytes(result, supervisor.scanner());
    return result;
}

} // namespace cipherwatt::ciphers
