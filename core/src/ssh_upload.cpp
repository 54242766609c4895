// SshConnection's uploads (ssh_connection.h): over SFTP where the server has the subsystem, else
// through an exec channel running a fixed script whose paths are positional arguments.

#include "messages.h"
#include "ssh_connection.h"

#include <fcntl.h>

namespace cipherwatt::core::detail {

namespace {

constexpr int kExecUploadTimeoutMs = 30000;

// The directories from the root down to `parent`, and which of them are `privateDir` or below.
struct Directories
{
    QStringList all;
    QStringList own;
};

Directories directoriesDownTo(const QString &parent, const QString &privateDir)
{
    Directories d;
    QString path;
    for (const QString &part : parent.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        path += QLatin1Char('/') + part;
        d.all << path;
        if (path == privateDir || path.startsWith(privateDir + QLatin1Char('/')))
            d.own << path;
    }
    return d;
}

} // namespace

Result<SshConnection::SftpPtr> SshConnection::openSftp()
{
    SftpPtr sftp(sftp_new(m_session));
    if (!sftp) {
        // sftp_new opens a session channel and requests the "sftp" subsystem. A server without
        // one answers SSH_MSG_CHANNEL_FAILURE (RFC 4254, 6.5), which libssh reports as
        // SSH_REQUEST_DENIED; the connection itself stays up.
        if (ssh_get_error_code(m_session) == SSH_REQUEST_DENIED && ssh_is_connected(m_session)) {
            qCInfo(lcSsh) << target() << "refused the sftp subsystem";
            return SftpPtr();
        }
        return error(ErrorCode::Io, Message(msg::kSshNoSftp).arg(lastError()));
    }
    if (sftp_init(sftp.get()) != SSH_OK) {
        // The request was granted but the subsystem's program is not there (dropbear without
        // sftp-server): the server ends the channel instead of sending SFTP's version packet.
        const ssh_channel channel = sftp->channel;
        if (ssh_is_connected(m_session) && channel &&
            (ssh_channel_is_eof(channel) != 0 || ssh_channel_is_closed(channel) != 0)) {
            qCInfo(lcSsh) << target() << "ended the sftp channel before SFTP's version";
            return SftpPtr();
        }
        return error(ErrorCode::Io, Message(msg::kSshNoSftp).arg(lastError()));
    }
    return sftp;
}

Result<SshConnection::UploadMethod>
SshConnection::upload(const QString &local, const QString &privateDir, const QString &remote)
{
    QFile in(local);
    if (!in.open(QIODevice::ReadOnly))
        return error(ErrorCode::NotFound,
                     Message(msg::kSshCannotRead).arg(local, in.errorString()));
    SftpPtr sftp;
    if (m_hasSftp.value_or(true)) {
        auto opened = openSftp();
        if (!opened)
            return opened.error();
        sftp = std::move(*opened);
        m_hasSftp = sftp != nullptr;
    }
    if (sftp) {
        if (auto sent = uploadOverSftp(sftp.get(), in, privateDir, remote); !sent)
            return sent.error();
        return UploadMethod::Sftp;
    }
    if (auto sent = uploadThroughExec(in, privateDir, remote); !sent)
        return sent.error();
    return UploadMethod::Exec;
}

Result<void> SshConnection::uploadOverSftp(sftp_session sftp, QFile &in, const QString &privateDir,
                                           const QString &remote)
{
    const auto sftpError = [&](const QString &what) {
        return error(ErrorCode::Io,
                     Message(msg::kSshSftpError).arg(what, lastError()).arg(sftp_get_error(sftp)));
    };
    // Every directory down to the file; the cache directory and those below it are private.
    const Directories dirs = directoriesDownTo(remote.section(QLatin1Char('/'), 0, -2), privateDir);
    for (const QString &path : dirs.all) {
        const QByteArray p = path.toUtf8();
        sftp_attributes attributes = sftp_stat(sftp, p.constData());
        if (attributes) {
            sftp_attributes_free(attributes);
        } else if (sftp_mkdir(sftp, p.constData(), 0700) != SSH_OK) {
            return sftpError(QStringLiteral("cannot create %1").arg(path));
        }
        if (dirs.own.contains(path) && sftp_chmod(sftp, p.constData(), 0700) != SSH_OK)
            return sftpError(QStringLiteral("cannot make %1 private").arg(path));
    }
    const QByteArray partial = (remote + QStringLiteral(".upload")).toUtf8();
    sftp_file file = sftp_open(sftp, partial.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0700);
    if (!file)
        return sftpError(QStringLiteral("cannot create %1").arg(QString::fromUtf8(partial)));
    bool written = true;
    while (written && !in.atEnd()) {
        const QByteArray chunk = in.read(32768);
        qsizetype offset = 0;
        while (written && offset < chunk.size()) {
            const ssize_t n = sftp_write(file, chunk.constData() + offset,
                                         static_cast<size_t>(chunk.size() - offset));
            written = n > 0;
            offset += n > 0 ? n : 0;
        }
    }
    const bool closed = sftp_close(file) == SSH_OK;
    if (!written || !closed)
        return sftpError(QStringLiteral("cannot write %1").arg(QString::fromUtf8(partial)));
    const QByteArray target = remote.toUtf8();
    sftp_chmod(sftp, partial.constData(), 0700);
    sftp_unlink(sftp, target.constData()); // SFTP 3 renames only onto a free name
    if (sftp_rename(sftp, partial.constData(), target.constData()) != SSH_OK)
        return sftpError(QStringLiteral("cannot rename the upload to %1").arg(remote));
    return {};
}

Result<void> SshConnection::uploadThroughExec(QFile &in, const QString &privateDir,
                                              const QString &remote)
{
    // Fixed text: the paths are its positional arguments ($1 the directory, $2 the temporary
    // name, $3 the file, then the private directories), each quoted by commandLine(). With
    // umask 077 every directory mkdir makes, and the file, are the owner's alone.
    const QString script = QStringLiteral(
        "umask 077 && mkdir -p -- \"$1\" && p=$2 && t=$3 && shift 3 && "
        "{ [ $# -eq 0 ] || chmod 700 -- \"$@\"; } && cat > \"$p\" && chmod 700 -- \"$p\" && "
        "mv -f -- \"$p\" \"$t\"");
    const QString parent = remote.section(QLatin1Char('/'), 0, -2);
    const Directories dirs = directoriesDownTo(parent, privateDir);
    const QString partial = remote + QStringLiteral(".upload");
    const QStringList argv = QStringList{QStringLiteral("sh"),
                                         QStringLiteral("-c"),
                                         script,
                                         QStringLiteral("sh"),
                                         parent,
                                         partial,
                                         remote} +
                             dirs.own;
    auto result = run(commandLine(argv), kExecUploadTimeoutMs, &in);
    if (!result)
        return result.error();
    if (result->exitCode != 0)
        return error(ErrorCode::Io, Message(msg::kSshExecUploadFailed)
                                        .arg(remote)
                                        .arg(result->exitCode)
                                        .arg(QString::fromUtf8(result->err).trimmed()));
    return {};
}

void SshConnection::remove(const QString &remote)
{
    if (!m_hasSftp.value_or(true)) {
        const auto removed = run(
            commandLine({QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("--"), remote}),
            kExecUploadTimeoutMs);
        if (!removed || removed->exitCode != 0)
            qCWarning(lcSsh) << "cannot remove" << remote << lastError();
        return;
    }
    const SftpPtr sftp(sftp_new(m_session));
    const QByteArray path = remote.toUtf8();
    if (!sftp || sftp_init(sftp.get()) != SSH_OK || sftp_unlink(sftp.get(), path.constData()) != 0)
        qCWarning(lcSsh) << "cannot remove" << remote << lastError();
}

} // namespace cipherwatt::core::detail
