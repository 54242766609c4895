#include "child_process.h"

#include "text_io.h"

#include <cipherwatt/ciphers/command.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>

#if __has_include(<linux/close_range.h>)
#include <linux/close_range.h>
#endif

namespace cipherwatt::ciphers::detail {

namespace {

// What the child reports through the status pipe when it cannot reach execv's success.
enum class Stage : int { Redirect = 1, Pin = 2, Exec = 3 };

struct Failure
{
    int stage = 0;
    int error = 0;
};

class Fd
{
public:
    Fd() = default;
    explicit Fd(int fd)
        : m_fd(fd)
    {}
    ~Fd() { reset(); }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;

    int get() const { return m_fd; }
    int release() { return std::exchange(m_fd, -1); }
    void reset(int fd = -1)
    {
        if (m_fd >= 0)
            close(m_fd);
        m_fd = fd;
    }

private:
    int m_fd = -1;
};

struct Pipe
{
    Fd read;
    Fd write;
};

void makePipe(Pipe &p)
{
    std::array<int, 2> fds{};
    if (pipe2(fds.data(), O_CLOEXEC) != 0)
        throw CipherError("cannot create a pipe: " + errnoText(errno));
    p.read.reset(fds[0]);
    p.write.reset(fds[1]);
}

// Everything below runs in the forked child of a possibly multi-threaded process: only
// async-signal-safe calls until execv.
[[noreturn]] void report(int statusFd, Stage stage, int error)
{
    const Failure f{static_cast<int>(stage), error};
    [[maybe_unused]] const ssize_t n = write(statusFd, &f, sizeof f);
    _exit(127);
}

bool moveTo(int fd, int target)
{
    if (fd == target) // dup2 would keep FD_CLOEXEC, and exec would close it
        return fcntl(fd, F_SETFD, 0) == 0;
    return dup2(fd, target) == target;
}

// The worker's other descriptors (the protocol pipes of `serve`, perf counters) must not reach
// the program: all of them close on exec.
void closeOthersOnExec(int maxFd)
{
#if defined(SYS_close_range) && defined(CLOSE_RANGE_CLOEXEC)
    if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) == 0)
        return;
#endif
    for (int fd = 3; fd < maxFd; ++fd)
        fcntl(fd, F_SETFD, FD_CLOEXEC);
}

struct ChildSetup
{
    pid_t parent = 0;
    int devNull = -1;
    int out = -1;
    int err = -1;
    int status = -1;
    int cpu = -1;
    cpu_set_t cpus{};
    int maxFd = 0;
    const char *program = nullptr;
    char *const *argv = nullptr;
};

[[noreturn]] void childSide(const ChildSetup &s)
{
    setpgid(0, 0);
    // The program must not outlive a worker that is killed: the host could not reach it.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != s.parent) // the worker died before prctl took effect
        _exit(127);
    // Handlers are reset by exec, but ignored signals (SIGPIPE in the worker) stay ignored.
    struct sigaction dfl = {};
    dfl.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; ++sig)
        sigaction(sig, &dfl, nullptr);
    sigset_t none;
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &none, nullptr); // the only thread of the child
    if (!moveTo(s.devNull, 0) || !moveTo(s.out, 1) || !moveTo(s.err, 2))
        report(s.status, Stage::Redirect, errno);
    if (s.cpu >= 0 && sched_setaffinity(0, sizeof s.cpus, &s.cpus) != 0)
        report(s.status, Stage::Pin, errno);
    closeOthersOnExec(s.maxFd);
    execv(s.program, s.argv);
    report(s.status, Stage::Exec, errno);
}

std::string quoted(const std::string &s)
{
    return "'" + s + "'";
}

} // namespace

std::string resolveProgram(const std::string &name)
{
    if (name.find('/') != std::string::npos) {
        if (access(name.c_str(), X_OK) != 0)
            throw CommandStartError("cannot run " + quoted(name) + ": " + errnoText(errno));
        return name;
    }
    // The worker sets no environment variables once threads run, so reading PATH is safe.
    const char *env = std::getenv("PATH"); // NOLINT(concurrency-mt-unsafe)
    const std::string path = env != nullptr && *env != '\0' ? env : "/usr/local/bin:/usr/bin:/bin";
    std::size_t start = 0;
    for (;;) {
        const auto colon = path.find(':', start);
        // POSIX: an empty PATH entry is the current directory.
        const std::string_view dir = std::string_view(path).substr(start, colon - start);
        std::string candidate(dir.empty() ? std::string_view(".") : dir);
        candidate.append("/").append(name);
        struct stat st = {};
        if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
            access(candidate.c_str(), X_OK) == 0)
            return candidate;
        if (colon == std::string::npos)
            break;
        start = colon + 1;
    }
    throw CommandStartError("cannot run " + quoted(name) + ": not found in PATH (" + path + ")");
}

ChildProcess::ChildProcess(const std::vector<std::string> &argv, int cpu)
    : m_program(resolveProgram(argv.at(0)))
{
    std::vector<char *> args;
    args.reserve(argv.size() + 1);
    for (const auto &a : argv)
        args.push_back(const_cast<char *>(a.c_str())); // execv's signature; it does not write
    args.push_back(nullptr);

    Pipe out;
    Pipe err;
    Pipe status;
    makePipe(out);
    makePipe(err);
    makePipe(status);
    Fd devNull(open("/dev/null", O_RDONLY | O_CLOEXEC));
    if (devNull.get() < 0)
        throw CipherError("cannot open /dev/null: " + errnoText(errno));

    ChildSetup setup;
    setup.parent = getpid();
    setup.devNull = devNull.get();
    setup.out = out.write.get();
    setup.err = err.write.get();
    setup.status = status.write.get();
    setup.cpu = cpu;
    CPU_ZERO(&setup.cpus);
    if (cpu >= 0)
        CPU_SET(static_cast<std::size_t>(cpu), &setup.cpus);
    setup.maxFd = static_cast<int>(std::min(sysconf(_SC_OPEN_MAX), 65536L));
    setup.program = m_program.c_str();
    setup.argv = args.data();

    // Signals stay blocked across fork so that no handler of the worker runs in the child
    // before it has reset them.
    sigset_t all;
    sigset_t previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    m_started = std::chrono::steady_clock::now();
    m_pid = fork();
    if (m_pid == 0)
        childSide(setup);
    const int forkError = errno;
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    if (m_pid < 0)
        throw CipherError("cannot start " + quoted(argv[0]) + ": fork: " + errnoText(forkError));
    setpgid(m_pid, m_pid); // also done by the child: whichever comes first, signals reach it
    out.write.reset();
    err.write.reset();
    status.write.reset();
    devNull.reset();

    // End of file: execv succeeded and closed the descriptor. A record: it failed.
    Failure failure;
    ssize_t n = 0;
    do {
        n = read(status.read.get(), &failure, sizeof failure);
    } while (n < 0 && errno == EINTR);
    if (n == static_cast<ssize_t>(sizeof failure)) {
        waitpid(m_pid, nullptr, 0);
        m_reaped = true;
        const std::string why = errnoText(failure.error);
        if (failure.stage == static_cast<int>(Stage::Pin))
            throw CipherError("cannot pin " + quoted(argv[0]) + " to CPU " + std::to_string(cpu) +
                              ": " + why);
        if (failure.stage == static_cast<int>(Stage::Redirect))
            throw CipherError("cannot redirect the output of " + quoted(argv[0]) + ": " + why);
        throw CommandStartError("cannot run " + quoted(argv[0]) + " (" + m_program + "): " + why);
    }
    m_stdout = out.read.release();
    m_stderr = err.read.release();
    for (const int fd : {m_stdout, m_stderr})
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
#ifdef SYS_pidfd_open
    m_pidfd = static_cast<int>(syscall(SYS_pidfd_open, m_pid, 0));
#endif
}

ChildProcess::~ChildProcess()
{
    if (!m_reaped && m_pid > 0) {
        signalGroup(SIGKILL);
        waitpid(m_pid, nullptr, 0);
    }
    for (const int fd : {m_stdout, m_stderr, m_pidfd}) {
        if (fd >= 0)
            close(fd);
    }
}

bool ChildProcess::hasExited() const
{
    siginfo_t info = {};
    return waitid(P_PID, static_cast<id_t>(m_pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           info.si_pid == m_pid;
}

void ChildProcess::signalGroup(int signal) const
{
    if (kill(-m_pid, signal) != 0)
        kill(m_pid, signal);
}

void ChildProcess::closeOutput(int fd)
{
    for (int *own : {&m_stdout, &m_stderr}) {
        if (*own == fd && fd >= 0) {
            close(fd);
            *own = -1;
        }
    }
}

ChildProcess::Exit ChildProcess::reap()
{
    Exit e;
    pid_t r = 0;
    do {
        r = wait4(m_pid, &e.status, 0, &e.usage);
    } while (r < 0 && errno == EINTR);
    m_reaped = true;
    return e;
}

} // namespace cipherwatt::ciphers::detail
