#include "qemu_board.h"

#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sstream>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace cipherwatt::test {

namespace {

using Clock = std::chrono::steady_clock;

// A port nobody listens on now: bound to 0 by us, read back and closed for qemu to take.
std::uint16_t freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) != 0) {
        if (fd >= 0)
            ::close(fd);
        throw std::runtime_error("cannot find a free TCP port");
    }
    ::close(fd);
    return ntohs(address.sin_port);
}

int connectTo(std::uint16_t port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(port);
    if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0) {
        // Commands are small and answered at once: no Nagle delay on either side.
        const int on = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
        return fd;
    }
    if (fd >= 0)
        ::close(fd);
    return -1;
}

int remainingMs(Clock::time_point deadline)
{
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left < 0 ? 0 : static_cast<int>(left);
}

} // namespace

std::uint32_t crc32(std::string_view data)
{
    std::uint32_t crc = 0xffffffffU;
    for (const char c : data) {
        crc ^= static_cast<std::uint8_t>(c);
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc >> 1) ^ ((crc & 1U) != 0 ? 0xedb88320U : 0U);
    }
    return crc ^ 0xffffffffU;
}

std::string frame(std::string_view json)
{
    char tail[16];
    std::snprintf(tail, sizeof tail, " #%08x", crc32(json));
    return std::string(json) + tail;
}

QemuBoard::QemuBoard()
{
    // The port is free when chosen but not reserved: should another program take it first,
    // qemu exits at once and the next attempt takes another.
    std::string why;
    for (int attempt = 0; attempt < 3; ++attempt) {
        if (start(freePort(), why))
            return;
    }
    throw std::runtime_error(why);
}

bool QemuBoard::start(std::uint16_t port, std::string &why)
{
    const std::string serial =
        "tcp:127.0.0.1:" + std::to_string(port) + ",server=on,wait=on,nodelay=on";
    // wait=on: the board starts when the test has connected, so the hello sent at reset
    // reaches it.
    std::vector<std::string> argv{CIPHERWATT_QEMU_SYSTEM_ARM,
                                  "-M",
                                  "mps2-an385",
                                  "-display",
                                  "none",
                                  "-monitor",
                                  "none",
                                  "-serial",
                                  serial,
                                  "-kernel",
                                  CIPHERWATT_FIRMWARE_ELF};
    std::vector<char *> args;
    for (auto &a : argv)
        args.push_back(a.data());
    args.push_back(nullptr);
    const std::string logPath = (m_dir.path() / "qemu.log").string();
    const pid_t parent = ::getpid();
    m_qemu = ::fork();
    if (m_qemu < 0)
        throw std::runtime_error("fork failed");
    if (m_qemu == 0) {
        // qemu must not outlive a test that crashed or was killed.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            _exit(126);
        const int log = ::open(logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int null = ::open("/dev/null", O_RDONLY);
        ::dup2(null, 0);
        ::dup2(log, 1);
        ::dup2(log, 2);
        ::execv(args[0], args.data());
        _exit(127);
    }
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    while (m_socket < 0 && Clock::now() < deadline) {
        m_socket = connectTo(port);
        if (m_socket >= 0)
            return true;
        int status = 0;
        if (::waitpid(m_qemu, &status, WNOHANG) == m_qemu) {
            m_qemu = -1;
            why = "qemu-system-arm exited at start: " + log();
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ::kill(m_qemu, SIGKILL);
    ::waitpid(m_qemu, nullptr, 0);
    m_qemu = -1;
    why = "qemu-system-arm's UART port did not open in 10 s: " + log();
    return false;
}

QemuBoard::~QemuBoard()
{
    if (m_socket >= 0)
        ::close(m_socket);
    if (m_qemu > 0) {
        ::kill(m_qemu, SIGKILL);
        ::waitpid(m_qemu, nullptr, 0);
    }
}

std::string QemuBoard::log() const
{
    std::ifstream in(m_dir.path() / "qemu.log");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void QemuBoard::sendRaw(std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t n = ::send(m_socket, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (n <= 0) {
            if (n < 0 && errno == EINTR)
                continue;
            FAIL("cannot write to the board's UART: " << std::strerror(errno));
        }
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
}

std::int64_t QemuBoard::send(nlohmann::json command)
{
    if (!command.contains("id"))
        command["id"] = m_nextId++;
    sendRaw(frame(command.dump()) + "\n");
    return command["id"].get<std::int64_t>();
}

std::optional<nlohmann::json> QemuBoard::next(std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        if (const auto lf = m_buffer.find('\n'); lf != std::string::npos) {
            const std::string line = m_buffer.substr(0, lf);
            m_buffer.erase(0, lf + 1);
            INFO("line from the firmware: " << line);
            REQUIRE(line.size() > 10);
            const std::string_view json(line.data(), line.size() - 10);
            REQUIRE(line.substr(line.size() - 10, 2) == " #");
            REQUIRE(frame(json) == line); // its CRC-32, lowercase hex
            return nlohmann::json::parse(json);
        }
        pollfd fd{m_socket, POLLIN, 0};
        const int ready = ::poll(&fd, 1, remainingMs(deadline));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            return std::nullopt;
        char chunk[4096];
        const ssize_t n = ::recv(m_socket, chunk, sizeof chunk, 0);
        if (n <= 0)
            FAIL("the board's UART connection ended; qemu said: " << log());
        m_buffer.append(chunk, static_cast<std::size_t>(n));
    }
}

nlohmann::json QemuBoard::waitFor(std::string_view event, std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
        auto e = next(std::chrono::milliseconds(remainingMs(deadline)));
        if (!e)
            break;
        if ((*e)["event"] == event)
            return *e;
    }
    FAIL("no '" << event << "' event from the firmware in " << timeout.count() << " ms");
    return {};
}

nlohmann::json QemuBoard::request(nlohmann::json command, std::chrono::milliseconds timeout)
{
    const std::int64_t id = send(std::move(command));
    const auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
        auto e = next(std::chrono::milliseconds(remainingMs(deadline)));
        if (!e)
            break;
        if (e->contains("id") && (*e)["id"] == id)
            return *e;
    }
    FAIL("no answer to command " << id << " in " << timeout.count() << " ms");
    return {};
}

} // namespace cipherwatt::test
