#include "qemu_arm.h"

#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace cipherwatt::test {

QemuArm::QemuArm(std::string qemu, std::string kernel, std::filesystem::path logFile)
    : m_qemu(std::move(qemu))
    , m_kernel(std::move(kernel))
    , m_logFile(std::move(logFile))
{}

QemuArm::~QemuArm()
{
    kill();
}

void QemuArm::start(const std::string &serial, const std::string &monitor)
{
    kill();
    std::vector<std::string> argv{m_qemu,  "-M",      "mps2-an385", "-display", "none",  "-monitor",
                                  monitor, "-serial", serial,       "-kernel",  m_kernel};
    std::vector<char *> args;
    for (auto &a : argv)
        args.push_back(a.data());
    args.push_back(nullptr);
    const std::string logPath = m_logFile.string();
    const pid_t parent = ::getpid();
    m_pid = ::fork();
    if (m_pid < 0)
        throw std::runtime_error("fork failed");
    if (m_pid == 0) {
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
}

bool QemuArm::exited()
{
    int status = 0;
    if (m_pid > 0 && ::waitpid(m_pid, &status, WNOHANG) == m_pid) {
        m_pid = -1;
        return true;
    }
    return false;
}

void QemuArm::signal(int number) const
{
    if (m_pid > 0)
        ::kill(m_pid, number);
}

void QemuArm::kill()
{
    if (m_pid > 0) {
        ::kill(m_pid, SIGKILL);
        ::waitpid(m_pid, nullptr, 0);
        m_pid = -1;
    }
}

std::string QemuArm::log() const
{
    std::ifstream in(m_logFile);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace cipherwatt::test
