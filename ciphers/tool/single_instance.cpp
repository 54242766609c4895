#include "single_instance.h"

#include <cipherwatt/ciphers/types.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace cipherwatt::bench {

namespace fs = std::filesystem;
using ciphers::CipherError;
using namespace std::chrono_literals;

namespace {

// The old worker restores the governor and joins its run; a benchmark loop notices the
// cancellation at once, an external command gets SIGTERM and 2 s before SIGKILL.
constexpr auto termGrace = 15s;
constexpr auto killGrace = 5s;

std::string errnoText(int error)
{
    return std::strerror(error); // NOLINT(concurrency-mt-unsafe): message text only
}

// Missing directories are made private: the lock says which process to signal.
void makePrivateDirectories(const fs::path &dir)
{
    if (dir.empty() || fs::exists(dir))
        return;
    makePrivateDirectories(dir.parent_path());
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
        throw CipherError("cannot create " + dir.string() + ": " + errnoText(errno));
}

pid_t readOwner(int fd)
{
    char buffer[32] = {};
    const ssize_t n = pread(fd, buffer, sizeof buffer - 1, 0);
    if (n <= 0)
        return 0;
    pid_t pid = 0;
    const auto [end, ec] = std::from_chars(buffer, buffer + n, pid);
    return ec == std::errc() && pid > 1 ? pid : 0;
}

// Only a `serve` of the same user is ever signalled: a stale pid may belong to anything now.
bool isOurServe(pid_t pid)
{
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    bool sameUser = false;
    while (std::getline(status, line)) {
        if (line.rfind("Uid:", 0) == 0) {
            std::istringstream fields(line.substr(4));
            unsigned long uid = 0;
            fields >> uid;
            sameUser = fields && uid == getuid();
            break;
        }
    }
    if (!sameUser)
        return false;
    std::ifstream cmdline("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
    std::string argument;
    while (std::getline(cmdline, argument, '\0')) {
        if (argument == "serve")
            return true;
    }
    return false;
}

} // namespace

fs::path defaultInstanceLockPath(const fs::path &sysfsRoot)
{
    const fs::path root = sysfsRoot.empty() ? fs::path("/") : sysfsRoot.lexically_normal();
    if (root != "/")
        return root / "cipherwatt-serve.lock";
    // NOLINTBEGIN(concurrency-mt-unsafe): read before any thread starts
    if (const char *runtime = std::getenv("XDG_RUNTIME_DIR"); runtime && *runtime == '/')
        return fs::path(runtime) / "cipherwatt" / "serve.lock";
    if (const char *cache = std::getenv("XDG_CACHE_HOME"); cache && *cache == '/')
        return fs::path(cache) / "cipherwatt" / "serve.lock";
    if (const char *home = std::getenv("HOME"); home && *home == '/')
        return fs::path(home) / ".cache" / "cipherwatt" / "serve.lock";
    // NOLINTEND(concurrency-mt-unsafe)
    throw CipherError("--single-instance: neither XDG_RUNTIME_DIR nor HOME is set; give "
                      "--instance-lock <file>");
}

InstanceLock::InstanceLock(const fs::path &path)
{
    makePrivateDirectories(path.parent_path());
    m_fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (m_fd < 0)
        throw CipherError("cannot open the worker lock " + path.string() + ": " + errnoText(errno));
    const auto start = std::chrono::steady_clock::now();
    auto signalledAt = start;
    bool killed = false;
    while (::flock(m_fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EINTR) {
            const int error = errno;
            ::close(m_fd);
            throw CipherError("cannot lock " + path.string() + ": " + errnoText(error));
        }
        const auto now = std::chrono::steady_clock::now();
        const pid_t owner = readOwner(m_fd);
        if (owner != 0 && owner != m_replaced && isOurServe(owner)) {
            ::kill(owner, SIGTERM);
            m_replaced = owner;
            signalledAt = now;
        } else if (m_replaced != 0 && !killed && now - signalledAt > termGrace) {
            ::kill(m_replaced, SIGKILL);
            killed = true;
            signalledAt = now;
        } else if ((killed && now - signalledAt > killGrace) ||
                   (m_replaced == 0 && now - start > termGrace)) {
            ::close(m_fd);
            throw CipherError("another worker" +
                              (owner != 0 ? " (pid " + std::to_string(owner) + ")" : "") +
                              " holds " + path.string() + " and did not stop");
        }
        std::this_thread::sleep_for(50ms);
    }
    const std::string pid = std::to_string(getpid()) + "\n";
    if (::ftruncate(m_fd, 0) != 0 ||
        ::pwrite(m_fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
        const int error = errno;
        ::close(m_fd);
        throw CipherError("cannot write " + path.string() + ": " + errnoText(error));
    }
}

InstanceLock::~InstanceLock()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

} // namespace cipherwatt::bench
