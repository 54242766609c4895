#include "qemu_process.h"

#include "loopback.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>

namespace cipherwatt::test {

namespace {

using Clock = std::chrono::steady_clock;

// Whether something listens on 127.0.0.1:`port`, read from /proc/net/tcp (connecting to find
// out would be the one connection qemu takes).
bool listening(std::uint16_t port)
{
    std::ifstream table("/proc/net/tcp");
    std::string line;
    char wanted[32];
    std::snprintf(wanted, sizeof wanted, "0100007F:%04X", port);
    std::getline(table, line); // the header
    while (std::getline(table, line)) {
        std::istringstream fields(line);
        std::string slot;
        std::string local;
        std::string remote;
        std::string state;
        fields >> slot >> local >> remote >> state;
        if (local == wanted && state == "0A") // TCP_LISTEN
            return true;
    }
    return false;
}

} // namespace

QemuProcess::QemuProcess(Uart uart)
    : m_uart(uart)
{
    std::string why;
    for (int attempt = 0; attempt < 3; ++attempt) {
        if (start(freeLoopbackPort(), why))
            return;
    }
    throw std::runtime_error(why);
}

bool QemuProcess::start(std::uint16_t port, std::string &why)
{
    m_qemu.start(m_uart == Uart::Pty
                     ? std::string("pty")
                     : "tcp:127.0.0.1:" + std::to_string(port) + ",server=on,wait=on,nodelay=on",
                 "unix:" + (m_dir.path() / "monitor").string() + ",server=on,wait=off");
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    while (Clock::now() < deadline) {
        // qemu names its pseudo-terminal: "char device redirected to /dev/pts/5 (label ...)".
        if (const std::string text = log();
            m_uart == Uart::Pty && text.find("/dev/pts/") != std::string::npos) {
            const std::size_t at = text.find("/dev/pts/");
            const std::size_t end = text.find_first_of(" \n", at);
            if (end != std::string::npos) {
                m_pty = text.substr(at, end - at);
                return true;
            }
        }
        if (m_uart == Uart::Tcp && listening(port)) {
            m_port = port;
            return true;
        }
        if (m_qemu.exited()) {
            why = "qemu-system-arm exited at start: " + log();
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    kill();
    why = "qemu-system-arm's UART did not open in 10 s: " + log();
    return false;
}

QemuProcess::~QemuProcess()
{
    kill();
}

QString QemuProcess::resource() const
{
    if (m_uart == Uart::Pty)
        return QStringLiteral("serial:%1").arg(QString::fromStdString(m_pty));
    return QStringLiteral("tcp:127.0.0.1:%1").arg(m_port);
}

void QemuProcess::monitor(const std::string &command)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const std::string path = (m_dir.path() / "monitor").string();
    std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
    if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
        if (fd >= 0)
            ::close(fd);
        throw std::runtime_error("cannot reach qemu's monitor: " +
                                 std::string(std::strerror(errno)));
    }
    const std::string line = command + "\n";
    const ssize_t sent = ::send(fd, line.data(), line.size(), MSG_NOSIGNAL);
    // The monitor echoes the command once it has taken it; wait (bounded) for that.
    std::string seen;
    const auto deadline = Clock::now() + std::chrono::seconds(5);
    timeval slice{0, 100000};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &slice, sizeof slice);
    while (sent > 0 && seen.find(command) == std::string::npos && Clock::now() < deadline) {
        char chunk[512];
        const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
        if (n > 0)
            seen.append(chunk, static_cast<std::size_t>(n));
        else if (n == 0)
            break;
    }
    ::close(fd);
}

void QemuProcess::pause()
{
    m_qemu.signal(SIGSTOP);
}

void QemuProcess::resume()
{
    m_qemu.signal(SIGCONT);
}

void QemuProcess::kill()
{
    m_qemu.kill();
}

std::string QemuProcess::log() const
{
    return m_qemu.log();
}

} // namespace cipherwatt::test
