#pragma once

// The firmware on qemu-system-arm -M mps2-an385 for the host's tests: its UART a TCP server on
// 127.0.0.1 that the DUT link (or cipherwatt-cli) connects to, and its monitor on a Unix socket
// for what happens to a real board from outside (a reset). qemu waits for the link before it
// starts the board, so the board's start-up greeting reaches it; qemu is killed when this goes
// (and with the test process, if that dies first). Every wait is bounded.

#include "qemu_arm.h"
#include "temp_dir.h"

#include <QString>

#include <cstdint>
#include <string>

namespace cipherwatt::test {

class QemuProcess
{
public:
    // Where the board's UART is: a TCP server on 127.0.0.1 (qemu waits for the link before it
    // starts the board), or a pseudo-terminal, a serial port as a USB adapter gives one (the
    // board starts at once).
    enum class Uart : std::uint8_t { Tcp, Pty };
    explicit QemuProcess(Uart uart = Uart::Tcp); // started, or throws std::runtime_error
    ~QemuProcess();
    QemuProcess(const QemuProcess &) = delete;
    QemuProcess &operator=(const QemuProcess &) = delete;

    quint16 port() const { return m_port; }
    QString resource() const; // "tcp:127.0.0.1:<port>" or "serial:/dev/pts/<n>"

    // A command to qemu's monitor ("system_reset": the board's reset line).
    void monitor(const std::string &command);
    void pause();  // SIGSTOP: the board falls silent, the connection stays
    void resume(); // SIGCONT
    void kill();   // the board is gone, its connection closed
    std::string log() const;

private:
    bool start(std::uint16_t port, std::string &why);

    TempDir m_dir;
    Uart m_uart = Uart::Tcp;
    QemuArm m_qemu{CIPHERWATT_QEMU_SYSTEM_ARM, CIPHERWATT_FIRMWARE_ELF, m_dir.path() / "qemu.log"};
    quint16 m_port = 0;
    std::string m_pty; // Pty: the device
};

} // namespace cipherwatt::test
