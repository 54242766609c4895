#pragma once

// The firmware's board for the host's tests: qemu-system-arm -M mps2-an385 running a kernel
// (the firmware's ELF), without a display, its UART0 and monitor where the caller says (qemu's
// -serial and -monitor syntax), what it prints in a log file. qemu dies with the test process
// (PR_SET_PDEATHSIG), and is killed when this goes.

#include <filesystem>
#include <string>
#include <sys/types.h>

namespace cipherwatt::test {

class QemuArm
{
public:
    QemuArm(std::string qemu, std::string kernel, std::filesystem::path logFile);
    ~QemuArm();
    QemuArm(const QemuArm &) = delete;
    QemuArm &operator=(const QemuArm &) = delete;

    // Starts qemu (after killing a previous one); throws std::runtime_error when it cannot fork.
    void start(const std::string &serial, const std::string &monitor);
    bool running() const { return m_pid > 0; }
    // Whether qemu has ended since it started (reaped here, so running() is false afterwards).
    bool exited();
    void signal(int number) const; // SIGSTOP, SIGCONT to a running qemu
    void kill();                   // SIGKILL and reap
    std::string log() const;       // what qemu printed

private:
    std::string m_qemu;
    std::string m_kernel;
    std::filesystem::path m_logFile;
    pid_t m_pid = -1;
};

} // namespace cipherwatt::test
