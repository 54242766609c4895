#pragma once

// Internal to the SSH DUT code: one libssh session, blocking, used on one thread. open()
// connects, checks the host key and authenticates (ssh.h, steps 1-3); afterwards short commands
// run on channels of their own and files go up over SFTP.

#include <cipherwatt/core/ssh.h>

#include <QByteArray>
#include <QLoggingCategory>
#include <QString>

#include <functional>
#include <libssh/libssh.h>

Q_DECLARE_LOGGING_CATEGORY(lcSsh)

namespace cipherwatt::core::detail {

class SshConnection
{
public:
    using NoteFunction = std::function<void(const Message &)>;

    SshConnection(SshOptions options, NoteFunction note);
    ~SshConnection();
    SshConnection(const SshConnection &) = delete;
    SshConnection &operator=(const SshConnection &) = delete;

    Result<void> open();

    // `argv` quoted, behind `env` with the options' environment.
    QString commandLine(const QStringList &argv) const;
    // Runs one command line on a channel of its own, bounded by `timeoutMs`.
    Result<RemoteResult> run(const QString &commandLine, int timeoutMs);
    // Copies `local` to `remote` over SFTP (through a temporary name, then renamed), mode 0700,
    // making the missing directories of `privateDir` (and below it) with mode 0700.
    Result<void> upload(const QString &local, const QString &privateDir, const QString &remote);
    // Removes a remote file over SFTP (a failed upload); errors are only logged.
    void remove(const QString &remote);

    ssh_session session() const { return m_session; }
    QString target() const { return m_options.target.toString(); }
    QString lastError() const;
    // Reads and writes that block longer than this fail; set after connecting.
    void setIoTimeout(int seconds);

private:
    Result<void> connect();
    Result<void> checkHostKey();
    Result<void> authenticate();
    bool tryAgent(QStringList &tried);
    Result<bool> tryKeyFile(const QString &file, bool explicitlyGiven, QStringList &tried);
    Result<bool> tryPassword(QStringList &tried);
    Error error(ErrorCode code, const Message &what) const;

    SshOptions m_options;
    NoteFunction m_note;
    ssh_session m_session = nullptr;
};

// For the passphrase callback: what the operator answered while libssh imported a key.
struct SecretRequest
{
    const SshOptions *options = nullptr;
    QString prompt;
    bool asked = false;
    bool declined = false;
};

// Overwrites the bytes of a secret before it is released.
void wipe(QByteArray &secret);
void wipe(QString &secret);

} // namespace cipherwatt::core::detail
