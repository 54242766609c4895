#include "rapl_counter.h"

#include "commands.h"
#include "options.h"

#include <cipherwatt/ciphers/types.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ; // NOLINT(readability-redundant-declaration): POSIX names it here

namespace cipherwatt::bench {

using cipherwatt::ciphers::CipherError;

namespace {

// Later readings come every 0.1 s or so: a helper silent this long is stuck.
constexpr double kAnswerSeconds = 5.0;
// After its input closes the helper exits at once; after this it is killed.
constexpr auto kExitGrace = std::chrono::seconds(2);

std::string errnoText(int error)
{
    return std::strerror(error); // NOLINT(concurrency-mt-unsafe): a message, read at once
}

// The counter as the kernel writes it: decimal digits and a newline.
std::optional<std::uint64_t> parseCounter(const std::string &text)
{
    if (text.empty() || text.size() > 20 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    try {
        return std::stoull(text);
    } catch (const std::exception &) {
        return std::nullopt;
    }
}

std::string trimmed(std::string text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\r'))
        text.pop_back();
    return text;
}

} // namespace

bool isRaplZoneDirectory(const std::string &name)
{
    const std::string prefix = "intel-rapl:";
    if (name.rfind(prefix, 0) != 0 || name.size() > prefix.size() + 8)
        return false;
    const std::string rest = name.substr(prefix.size());
    const auto colon = rest.find(':');
    const auto digits = [](const std::string &part) {
        return !part.empty() &&
               std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    if (colon == std::string::npos)
        return digits(rest);
    return digits(rest.substr(0, colon)) && digits(rest.substr(colon + 1));
}

int commandRaplCounter(std::vector<std::string> args,
                       const std::optional<PrivilegedCaller> &privileged)
{
    if (args.empty())
        throw UsageError("rapl-counter needs a zone's directory name (intel-rapl:0)");
    const std::string zone = args.front();
    args.erase(args.begin());
    Options opts(std::move(args));
    const auto rootOption = opts.value("--sysfs-root");
    opts.finish();
    if (privileged && rootOption)
        throw UsageError("--sysfs-root is refused under " + privileged->describe() +
                         ": as root only /sys is read");
    if (!isRaplZoneDirectory(zone))
        throw UsageError("\"" + zone.substr(0, 40) +
                         "\" is not a RAPL zone's directory name (intel-rapl:<n>[:<m>])");
    const std::filesystem::path file =
        std::filesystem::path(rootOption.value_or("/")) / "sys/class/powercap" / zone / "energy_uj";
    // One reading for each line asked; the end of the input ends the helper.
    std::string line;
    while (std::getline(std::cin, line)) {
        std::ifstream in(file);
        std::string text;
        if (!in || !std::getline(in, text))
            throw CipherError("cannot read " + file.string() + ": " + errnoText(errno));
        const auto value = parseCounter(trimmed(text));
        if (!value)
            throw CipherError(file.string() + ": not a counter (\"" + text.substr(0, 40) + "\")");
        std::cout << *value << '\n' << std::flush;
    }
    return ExitOk;
}

RaplCounterHelper::RaplCounterHelper(GovernorMethod method, const std::string &zone,
                                     const std::string &sysfsRoot, std::string resource)
    : m_method(method)
    , m_resource(std::move(resource))
{
    if (!isRaplZoneDirectory(zone))
        throw CipherError(m_resource + ": \"" + zone + "\" is not a RAPL zone's directory name");
    const std::string self = selfPath();
    m_rule = sudoersLine(userName(), self, "rapl-counter");
    std::vector<std::string> command{self, "rapl-counter", zone};
    // A fake tree (tests) is passed on; as root for another user the helper refuses it.
    if (std::filesystem::path(sysfsRoot).lexically_normal() != "/") {
        command.emplace_back("--sysfs-root");
        command.push_back(sysfsRoot);
    }
    const std::vector<std::string> argv = helperCommand(method, command);

    int in[2] = {-1, -1};
    int out[2] = {-1, -1};
    int err[2] = {-1, -1};
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) {
        const int error = errno;
        for (const int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) {
            if (fd >= 0)
                ::close(fd);
        }
        throw CipherError(m_resource + ": cannot start the counter's helper: " + errnoText(error));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
    std::vector<char *> cargv;
    cargv.reserve(argv.size() + 1);
    for (const std::string &a : argv)
        cargv.push_back(
            const_cast<char *>(a.c_str())); // NOLINT(cppcoreguidelines-pro-type-const-cast)
    cargv.push_back(nullptr);
    const int spawned = posix_spawnp(&m_pid, cargv[0], &actions, nullptr, cargv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    for (const int fd : {in[0], out[1], err[1]})
        ::close(fd);
    m_in = in[1];
    m_out = out[0];
    m_err = err[0];
    if (spawned != 0) {
        m_pid = -1;
        stop();
        HelperOutcome outcome;
        outcome.started = false;
        throw CipherError(m_resource + ": " +
                          helperProblem(m_method, "reading energy_uj", m_rule, outcome));
    }
    // The first answer may wait for the operator (pkexec's dialog).
    (void)exchange(helperTimeoutSeconds(m_method));
}

RaplCounterHelper::~RaplCounterHelper()
{
    stop();
}

std::uint64_t RaplCounterHelper::read()
{
    return exchange(kAnswerSeconds);
}

std::uint64_t RaplCounterHelper::exchange(double timeoutSeconds)
{
    if (m_pid < 0)
        throw CipherError(m_resource + ": the counter's helper has ended");
    const char ask = '\n';
    if (::write(m_in, &ask, 1) != 1)
        fail(false, {}); // it has gone: its exit says why
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(timeoutSeconds));
    for (;;) {
        const auto newline = m_pending.find('\n');
        if (newline != std::string::npos) {
            const std::string line = m_pending.substr(0, newline);
            m_pending.erase(0, newline + 1);
            if (const auto value = parseCounter(trimmed(line)))
                return *value;
            fail(false, "its answer is not a counter (\"" + line.substr(0, 40) + "\")");
        }
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0)
            fail(true, {});
        pollfd p{m_out, POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(left.count()));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            continue; // the deadline says
        char buffer[256];
        const ssize_t n = ::read(m_out, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            fail(false, {});
        m_pending.append(buffer, static_cast<std::size_t>(n));
    }
}

void RaplCounterHelper::fail(bool timedOut, const std::string &why)
{
    HelperOutcome outcome;
    outcome.timedOut = timedOut;
    outcome.timeoutSeconds = helperTimeoutSeconds(m_method);
    if (timedOut && m_pid >= 0)
        ::kill(m_pid, SIGKILL);
    // Its exit status (stop() waits for it) and what it said on standard error.
    const int errFd = m_err;
    m_err = -1;
    stop();
    if (errFd >= 0) {
        char buffer[512];
        for (;;) {
            pollfd p{errFd, POLLIN, 0};
            if (::poll(&p, 1, 1000) <= 0)
                break;
            const ssize_t n = ::read(errFd, buffer, sizeof buffer);
            if (n <= 0)
                break;
            outcome.err.append(buffer, static_cast<std::size_t>(n));
            if (outcome.err.size() > 8192)
                break;
        }
        ::close(errFd);
    }
    outcome.exitCode = m_exitCode;
    outcome.failure = why.empty() ? std::string("it ended without an answer") : why;
    if (!why.empty())
        throw CipherError(m_resource + ": reading energy_uj through " +
                          governorMethodName(m_method) + ": " + why);
    throw CipherError(m_resource + ": " +
                      helperProblem(m_method, "reading energy_uj", m_rule, outcome));
}

void RaplCounterHelper::stop()
{
    if (m_in >= 0) {
        ::close(m_in);
        m_in = -1;
    }
    if (m_pid >= 0) {
        using Clock = std::chrono::steady_clock;
        const auto deadline = Clock::now() + kExitGrace;
        int status = 0;
        pid_t done = 0;
        while ((done = ::waitpid(m_pid, &status, WNOHANG)) == 0 && Clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        if (done == 0) {
            ::kill(m_pid, SIGKILL);
            done = ::waitpid(m_pid, &status, 0);
        }
        if (done == m_pid && WIFEXITED(status))
            m_exitCode = WEXITSTATUS(status);
        m_pid = -1;
    }
    for (int *fd : {&m_out, &m_err}) {
        if (*fd >= 0) {
            ::close(*fd);
            *fd = -1;
        }
    }
}

} // namespace cipherwatt::bench
