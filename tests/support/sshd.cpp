#include "sshd.h"

#include "loopback.h"
#include "process.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <netinet/in.h>
#include <poll.h>
#include <pwd.h>
#include <sstream>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace cipherwatt::test {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

const char *const kSshd = "/usr/sbin/sshd";
const char *const kKeygen = "/usr/bin/ssh-keygen";

std::string readText(const fs::path &file)
{
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void keygen(const fs::path &file, const std::string &passphrase = {})
{
    const auto r = runProcess(
        {kKeygen, "-q", "-t", "ed25519", "-N", passphrase, "-C", "cipherwatt-test", "-f", file}, {},
        30s);
    if (r.exitCode != 0)
        throw std::runtime_error("ssh-keygen failed: " + r.err);
}

// "<type> <base64>" of a public key file.
std::string keyFields(const fs::path &publicKey)
{
    std::istringstream in(readText(publicKey));
    std::string type;
    std::string base64;
    in >> type >> base64;
    return type + " " + base64;
}

// sshd answers with its version line once it listens.
bool greets(std::uint16_t port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(port);
    bool ok = false;
    if (::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0) {
        pollfd p{fd, POLLIN, 0};
        char banner[8] = {};
        ok = ::poll(&p, 1, 2000) == 1 && ::read(fd, banner, 7) == 7 &&
             std::string(banner) == "SSH-2.0";
    }
    ::close(fd);
    return ok;
}

std::map<pid_t, pid_t> parents()
{
    std::map<pid_t, pid_t> out;
    for (const auto &entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos)
            continue;
        const std::string stat = readText(entry.path() / "stat");
        const auto close = stat.rfind(')');
        if (close == std::string::npos)
            continue;
        std::istringstream fields(stat.substr(close + 2));
        char state = 0;
        pid_t ppid = 0;
        fields >> state >> ppid;
        out[static_cast<pid_t>(std::stol(name))] = ppid;
    }
    return out;
}

} // namespace

void writeLines(const fs::path &file, const std::vector<std::string> &lines)
{
    std::ofstream out(file, std::ios::trunc);
    for (const auto &line : lines)
        out << line << '\n';
}

SshServer::SshServer(SshServerOptions options)
    : m_options(options)
{
    if (::access(kSshd, X_OK) != 0 || ::access(kKeygen, X_OK) != 0)
        throw std::runtime_error(
            "OpenSSH is missing (/usr/sbin/sshd, /usr/bin/ssh-keygen): run "
            "packaging/install-deps.sh, which installs openssh-server and openssh-client");
    keygen(dir() / "host_key");
    keygen(dir() / "other_host_key");
    keygen(clientKey());
    keygen(passphraseKey(), passphrase);
    keygen(unauthorizedKey());
    writeLines(dir() / "authorized_keys", {keyFields(fs::path(clientKey()) += ".pub"),
                                           keyFields(fs::path(passphraseKey()) += ".pub")});
    const auto lf = runProcess({kKeygen, "-lf", (dir() / "host_key.pub").string()}, {}, 30s);
    std::istringstream fields(lf.out);
    std::string bits;
    fields >> bits >> m_fingerprint;
    // sshd's privilege separation directory (Debian creates it at boot, not at install).
    std::error_code ec;
    fs::create_directories("/run/sshd", ec);
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (startOn(freeLoopbackPort())) {
            const std::string host = "[127.0.0.1]:" + std::to_string(m_port);
            writeLines(knownHosts(), {host + " " + keyFields(dir() / "host_key.pub")});
            m_otherKeyLine = host + " " + keyFields(dir() / "other_host_key.pub");
            return;
        }
    }
    throw std::runtime_error("sshd did not start; its log:\n" + log());
}

SshServer::~SshServer()
{
    stop();
}

bool SshServer::startOn(std::uint16_t port)
{
    m_port = port;
    const fs::path config = dir() / "sshd_config";
    std::vector<std::string> lines{"ListenAddress 127.0.0.1",
                                   "Port " + std::to_string(port),
                                   "HostKey " + (dir() / "host_key").string(),
                                   "AuthorizedKeysFile " + (dir() / "authorized_keys").string(),
                                   m_options.passwordAuthentication ? "PasswordAuthentication yes"
                                                                    : "PasswordAuthentication no",
                                   "KbdInteractiveAuthentication no",
                                   "UsePAM no",
                                   "StrictModes no",
                                   "PermitRootLogin prohibit-password",
                                   "PidFile " + (dir() / "sshd.pid").string(),
                                   "SetEnv XDG_CACHE_HOME=" + (dir() / "cache").string(),
                                   "LogLevel VERBOSE"};
    if (m_options.sftp)
        lines.emplace_back("Subsystem sftp internal-sftp");
    writeLines(config, lines);
    const std::string logFile = (dir() / "sshd.log").string();
    const std::string configFile = config.string();
    m_pid = ::fork();
    if (m_pid < 0)
        throw std::runtime_error("fork failed");
    if (m_pid == 0) {
        const int log = ::open(logFile.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
        const int null = ::open("/dev/null", O_RDONLY);
        ::dup2(null, 0);
        ::dup2(log, 1);
        ::dup2(log, 2);
        ::execl(kSshd, kSshd, "-D", "-e", "-f", configFile.c_str(), static_cast<char *>(nullptr));
        ::_exit(127);
    }
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_pid = -1; // exited: most likely the port was taken meanwhile
            return false;
        }
        if (greets(port))
            return true;
        std::this_thread::sleep_for(50ms);
    }
    stop();
    return false;
}

void SshServer::stop()
{
    if (m_pid <= 0)
        return;
    for (const pid_t child : descendants())
        ::kill(child, SIGKILL);
    ::kill(m_pid, SIGTERM);
    for (int i = 0; i < 100; ++i) {
        int status = 0;
        if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_pid = -1;
            return;
        }
        std::this_thread::sleep_for(50ms);
    }
    ::kill(m_pid, SIGKILL);
    int status = 0;
    ::waitpid(m_pid, &status, 0);
    m_pid = -1;
}

std::string SshServer::user() const
{
    passwd entry{};
    passwd *found = nullptr;
    std::vector<char> buffer(16384);
    ::getpwuid_r(::getuid(), &entry, buffer.data(), buffer.size(), &found);
    return found ? found->pw_name : std::to_string(::getuid());
}

std::string SshServer::resource() const
{
    return "ssh://" + user() + "@127.0.0.1:" + std::to_string(m_port);
}

std::vector<pid_t> SshServer::descendants() const
{
    std::vector<pid_t> out;
    if (m_pid <= 0)
        return out;
    const auto tree = parents();
    std::vector<pid_t> frontier{m_pid};
    while (!frontier.empty()) {
        const pid_t parent = frontier.back();
        frontier.pop_back();
        for (const auto &[pid, ppid] : tree) {
            if (ppid == parent) {
                out.push_back(pid);
                frontier.push_back(pid);
            }
        }
    }
    return out;
}

void SshServer::killConnections() const
{
    for (const pid_t pid : descendants()) {
        if (processName(pid).rfind("sshd", 0) == 0)
            ::kill(pid, SIGKILL);
    }
}

std::string SshServer::log() const
{
    return readText(dir() / "sshd.log");
}

std::vector<pid_t> processesWithArgument(const std::string &needle)
{
    std::vector<pid_t> out;
    for (const auto &entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos)
            continue;
        std::istringstream cmdline(readText(entry.path() / "cmdline"));
        std::string argument;
        while (std::getline(cmdline, argument, '\0')) {
            if (argument.find(needle) != std::string::npos) {
                out.push_back(static_cast<pid_t>(std::stol(name)));
                break;
            }
        }
    }
    return out;
}

std::string processName(pid_t pid)
{
    std::string name = readText("/proc/" + std::to_string(pid) + "/comm");
    if (!name.empty() && name.back() == '\n')
        name.pop_back();
    return name;
}

} // namespace cipherwatt::test
