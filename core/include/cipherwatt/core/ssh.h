#pragma once

// DUTs over SSH (`ssh://<user>@<host>[:<port>]`, DESIGN.md): the same worker, protocol and
// phases as a local DUT, on one SSH channel for the whole session (libssh).
//
// Order of a connection, and nothing runs before the step ahead of it succeeded:
//   1. TCP connect with a timeout; TCP keepalives, so a silently dead link ends within seconds.
//   2. The host key, against the user's known_hosts and the application's own. Unknown: the
//      front end is asked (confirmHostKey) and an accepted key is recorded in the application's
//      file. Changed: refused, with a warning; never asked, never "accept everything".
//   3. Authentication: the SSH agent, then the key file (or ~/.ssh/id_ed25519, id_ecdsa,
//      id_rsa when none is given) with its passphrase asked through askSecret, then a password
//      through askSecret, only when allowPassword is set. Secrets are never stored.
//   4. The worker: the configured path or `cipherwatt-bench` on the DUT's PATH, whose
//      `--version` must match this build; else a copy uploaded earlier; else, when allowed, an
//      upload over SFTP to a private cache directory, checked by SHA-256 and by running it.
//      A binary for another architecture (ELF machine against `uname -m`) is never uploaded.
//   5. The operator's plugins (uploadPlugins), uploaded as the worker is, when present.
//   6. `serve --single-instance` on one channel (an older worker of the same user is ended).
//
// Every remote command line is made of fixed words, paths CipherWatt chose and values it
// parsed, each single-quoted for the remote POSIX shell (shellQuote). The account's login
// shell must be a POSIX shell (sh, bash, dash, zsh, ash).

#include <cipherwatt/core/dut.h>

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace cipherwatt::core {

struct HostKeyInfo
{
    enum class State : std::uint8_t {
        Unknown, // in neither known_hosts file: the operator may accept it
        Changed, // a known_hosts file has another key for this host: always refused
    };
    QString host;
    quint16 port = 22;
    QString type;              // "ssh-ed25519", "ecdsa-sha2-nistp256", ...
    QString sha256Fingerprint; // "SHA256:<base64>", as `ssh-keygen -lf` prints it
    State state = State::Unknown;
    QString knownHostsFile; // Changed: the file with the other key
};

// The warning for a changed key, or the question for an unknown one, in plain words.
Message describeHostKey(const HostKeyInfo &info);

struct SshOptions
{
    DutResource target; // kind Ssh

    // Authentication.
    QString keyFile; // empty: ~/.ssh/id_ed25519, id_ecdsa, id_rsa (those present)
    bool useAgent = true;
    QString agentSocket; // empty: $SSH_AUTH_SOCK
    bool allowPassword = false;
    int connectTimeoutSeconds = 10;

    // Host keys. Empty: ~/.ssh/known_hosts, and defaultAppKnownHosts().
    QString userKnownHosts;
    QString appKnownHosts;

    // The worker on the DUT.
    QString remoteWorker;     // empty: `cipherwatt-bench` on the DUT's PATH
    QString uploadWorker;     // empty: findLocalWorker() (used only if its architecture fits)
    bool allowUpload = true;  // upload a matching build when the DUT's is missing or stale
    QString remoteCacheDir;   // empty: ${XDG_CACHE_HOME:-$HOME/.cache}/cipherwatt on the DUT
    QStringList workerGlobal; // options before `serve` (--isa, --plugin with a DUT path)
    // The operator's plugins (local shared libraries): each is uploaded beside the worker with
    // the same architecture check and SHA-256 verification, and loaded with --plugin.
    QStringList uploadPlugins;
    QStringList serveArguments; // options after `serve` (--sysfs-root, --instance-lock, ...)
    // NAME=value pairs set (with `env`) for every command run on the DUT: tests put a fake
    // `sudo` or `sha256sum` first on PATH. Names must be [A-Za-z_][A-Za-z0-9_]*.
    QStringList environment;

    // Front-end callbacks, called on the DUT thread while the connection is made (it waits for
    // the answer). The GUI marshals them to its own thread with a blocking queued call; the CLI
    // answers on the terminal. Unset callbacks answer "no".
    //
    // An unknown host key: true accepts it (and records it in appKnownHosts).
    std::function<bool(const HostKeyInfo &)> confirmHostKey;
    // A key passphrase or a password; nullopt when the operator declines. The answer is used
    // once and overwritten; nothing keeps it.
    std::function<std::optional<QString>(const QString &prompt, bool echo)> askSecret;
    // Before a worker is uploaded (why: missing or stale); unset: allowUpload decides alone.
    std::function<bool(const QString &why)> confirmUpload;
};

// QStandardPaths::GenericDataLocation + "/cipherwatt/known_hosts".
QString defaultAppKnownHosts();

// One word for a POSIX shell: 'text' with every ' as '\''. Safe for any string.
QString shellQuote(const QString &word);
// Every word quoted, joined by spaces.
QString shellCommand(const QStringList &argv);

// What one remote command printed and how it ended.
struct RemoteResult
{
    int exitCode = -1; // -1 when a signal ended it
    QByteArray out;
    QByteArray err;
};

// Connects as the link does (host key, authentication), runs `argv` (quoted) with the
// options' environment, and disconnects. For tests and connection checks.
Result<RemoteResult> runRemoteCommand(const SshOptions &options, const QStringList &argv,
                                      int timeoutMs = 30000);

// The link for Dut/RunnerOptions::linkFactory. Its description() is the target's resource
// string (`ssh://lab@pi4:22`); before started() it emits note() saying what it did (host key
// accepted, which worker runs, an upload and its checksum).
std::unique_ptr<WorkerLink> makeSshWorkerLink(const SshOptions &options);
Dut::LinkFactory makeSshLinkFactory(SshOptions options);

} // namespace cipherwatt::core
