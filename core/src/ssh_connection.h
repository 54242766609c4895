#pragma once

// Internal to the SSH DUT code: one libssh session, blocking, used on one thread. open()
// connects, checks the host key and authenticates (ssh.h, steps 1-3); afterwards short commands
// run on channels of their own and files go up over SFTP, or through an exec channel where the
// server has no SFTP subsystem (ssh_upload.cpp).

#include <cipherwatt/core/ssh.h>

#include <QByteArray>
#include <QFile>
#include <QLoggingCategory>
#include <QString>

#include <cstdint>
#include <functional>
#include <libssh/libssh.h>
#include <libssh/sftp.h>
#include <memory>
#include <optional>

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
    // Runs one command line on a channel of its own, bounded by `timeoutMs` (from the end of
    // the input). `input`, when given, is written to its stdin, then closed.
    Result<RemoteResult> run(const QString &commandLine, int timeoutMs, QIODevice *input = nullptr);
    // How a file went up.
    enum class UploadMethod : std::uint8_t {
        Sftp,
        Exec, // `umask 077; cat > file` on an exec channel: the server has no SFTP subsystem
    };
    // Copies `local` to `remote` (through a temporary name, then renamed), mode 0700, making
    // the missing directories down to it with mode 0700 (and `privateDir` and those below it
    // private, when they existed). Over SFTP; through an exec channel when the server has no
    // SFTP subsystem: it refuses the subsystem request (OpenSSH without `Subsystem sftp`), or
    // accepts it and ends the channel before SFTP's version reply (dropbear without
    // sftp-server). Every path on the command line is quoted (shellCommand).
    Result<UploadMethod> upload(const QString &local, const QString &privateDir,
                                const QString &remote);
    // Removes a remote file (a failed upload), the way files go up here; errors are only logged.
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

    struct SftpDeleter
    {
        void operator()(sftp_session sftp) const { sftp_free(sftp); }
    };
    using SftpPtr = std::unique_ptr<std::remove_pointer_t<sftp_session>, SftpDeleter>;
    // An SFTP session, or null when the server has none (the cases of upload()).
    Result<SftpPtr> openSftp();
    Result<void> uploadOverSftp(sftp_session sftp, QFile &in, const QString &privateDir,
                                const QString &remote);
    Result<void> uploadThroughExec(QFile &in, const QString &privateDir, const QString &remote);

    SshOptions m_options;
    NoteFunction m_note;
    ssh_session m_session = nullptr;
    std::optional<bool> m_hasSftp; // known after the first upload
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
