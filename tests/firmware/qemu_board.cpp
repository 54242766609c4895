#include "qemu_board.h"

#include "loopback.h"

#include <catch2/catch.hpp>

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace cipherwatt::test {

namespace {

using Clock = std::chrono::steady_clock;

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
        if (start(freeLoopbackPort(), why))
            return;
    }
    throw std::runtime_error(why);
}

bool QemuBoard::start(std::uint16_t port, std::string &why)
{
    // wait=on: the board starts when the test has connected, so the hello sent at reset
    // reaches it.
    m_qemu.start("tcp:127.0.0.1:" + std::to_string(port) + ",server=on,wait=on,nodelay=on", "none");
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    while (m_socket < 0 && Clock::now() < deadline) {
        m_socket = connectLoopback(port);
        if (m_socket >= 0)
            return true;
        if (m_qemu.exited()) {
            why = "qemu-system-arm exited at start: " + log();
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    m_qemu.kill();
    why = "qemu-system-arm's UART port did not open in 10 s: " + log();
    return false;
}

QemuBoard::~QemuBoard()
{
    if (m_socket >= 0)
        ::close(m_socket);
}

std::string QemuBoard::log() const
{
    return m_qemu.log();
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
