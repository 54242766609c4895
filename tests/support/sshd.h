#pragma once

// A real OpenSSH server on 127.0.0.1 for the SSH DUT tests: its own host key, throwaway client
// keys, a random port, `UsePAM no`, run in the foreground (`sshd -D -e -f <config>`, the way
// that works on these machines; docs in /work/shared/reference/testing-without-hardware.md).
// The constructor throws when sshd or ssh-keygen is missing, so a test fails instead of
// skipping (packaging/install-deps.sh installs openssh-server and openssh-client).

#include "temp_dir.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <sys/types.h>
#include <vector>

namespace cipherwatt::test {

struct SshServerOptions
{
    // The server also offers passwords (which it then refuses: the tests know no password of
    // this machine's accounts).
    bool passwordAuthentication = false;
    // false: no `Subsystem sftp` line, so the server refuses the subsystem request, as dropbear
    // or a minimal image without sftp-server does.
    bool sftp = true;
};

class SshServer
{
public:
    static constexpr const char *passphrase = "correct horse 'battery'";

    // Sessions get XDG_CACHE_HOME=<dir>/cache (`SetEnv`), so a worker or plugin uploaded to the
    // DUT's default cache lands in this server's folder, never in the account's ~/.cache.
    explicit SshServer(SshServerOptions options = {});
    ~SshServer();
    SshServer(const SshServer &) = delete;
    SshServer &operator=(const SshServer &) = delete;

    std::uint16_t port() const { return m_port; }
    const std::filesystem::path &dir() const { return m_dir.path(); }
    std::string user() const;
    // ssh://<user>@127.0.0.1:<port>
    std::string resource() const;

    std::filesystem::path clientKey() const { return dir() / "client_key"; }     // authorized
    std::filesystem::path passphraseKey() const { return dir() / "phrase_key"; } // authorized
    std::filesystem::path unauthorizedKey() const { return dir() / "stranger_key"; }

    // `ssh-keygen -lf` of the host key: "SHA256:<base64>".
    std::string hostFingerprint() const { return m_fingerprint; }
    // A known_hosts file that knows this server's key, and a line with another key for it.
    std::filesystem::path knownHosts() const { return dir() / "known_hosts"; }
    std::string otherKeyLine() const { return m_otherKeyLine; }

    // SIGKILL to every sshd process serving a connection (the listener stays): the link drops
    // as if the network had, and the remote worker's stdin closes.
    void killConnections() const;
    // Processes started by the server (connection handlers, and what they run).
    std::vector<pid_t> descendants() const;
    std::string log() const;

private:
    bool startOn(std::uint16_t port);
    void stop();

    TempDir m_dir;
    SshServerOptions m_options;
    std::uint16_t m_port = 0;
    pid_t m_pid = -1;
    std::string m_fingerprint;
    std::string m_otherKeyLine;
};

// A file with one line per entry of `lines`.
void writeLines(const std::filesystem::path &file, const std::vector<std::string> &lines);

// Processes of this machine with an argument containing `needle` (e.g. a fake sysfs root).
std::vector<pid_t> processesWithArgument(const std::string &needle);

// The processes' name as /proc/<pid>/comm has it (15 bytes at most), "" when gone.
std::string processName(pid_t pid);

} // namespace cipherwatt::test
