#pragma once

// The firmware on an emulated board: qemu-system-arm -M mps2-an385 running the firmware's ELF,
// its UART0 on a TCP port on 127.0.0.1 that the test connects to with a plain socket. Every
// wait is bounded; qemu is killed when the board goes (and with the test process, if that dies
// first). Lines are the firmware's framing (firmware/PROTOCOL.md): JSON text, " #", CRC-32.

#include "qemu_arm.h"
#include "temp_dir.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cipherwatt::test {

// CRC-32 of IEEE 802.3 / zlib, written here from its definition (reflected 0xedb88320).
std::uint32_t crc32(std::string_view data);
// "<json> #<crc32>" (without the newline).
std::string frame(std::string_view json);

class QemuBoard
{
public:
    QemuBoard(); // started and connected, or throws std::runtime_error
    ~QemuBoard();
    QemuBoard(const QemuBoard &) = delete;
    QemuBoard &operator=(const QemuBoard &) = delete;

    void sendRaw(std::string_view bytes);
    // Frames and sends a command; returns its id (added when absent).
    std::int64_t send(nlohmann::json command);
    // The next event, or nullopt at the timeout. Fails the test on a line that is not a valid
    // frame or not JSON, or when the connection ends.
    std::optional<nlohmann::json> next(std::chrono::milliseconds timeout);
    // The next event named `event` (others are skipped); fails the test when none comes.
    nlohmann::json waitFor(std::string_view event,
                           std::chrono::milliseconds timeout = std::chrono::seconds(10));
    // Sends a command and returns the first event answering it (same id); fails on none.
    nlohmann::json request(nlohmann::json command,
                           std::chrono::milliseconds timeout = std::chrono::seconds(10));

    // What qemu printed (for failure messages).
    std::string log() const;

private:
    bool start(std::uint16_t port, std::string &why);

    TempDir m_dir;
    QemuArm m_qemu{CIPHERWATT_QEMU_SYSTEM_ARM, CIPHERWATT_FIRMWARE_ELF, m_dir.path() / "qemu.log"};
    int m_socket = -1;
    std::string m_buffer;
    std::int64_t m_nextId = 1;
};

} // namespace cipherwatt::test
