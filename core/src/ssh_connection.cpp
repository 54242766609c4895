#include "ssh_connection.h"

#include "messages.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <cstring>
#include <memory>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

Q_LOGGING_CATEGORY(lcSsh, "cipherwatt.core.ssh", QtWarningMsg)

namespace cipherwatt::core {

namespace detail {

void wipe(QByteArray &secret)
{
    if (!secret.isEmpty())
        explicit_bzero(secret.data(), static_cast<std::size_t>(secret.size()));
    secret.clear();
}

void wipe(QString &secret)
{
    secret.fill(QChar(u'\0'));
    secret.clear();
}

namespace {

constexpr int kPasswordAttempts = 3;
constexpr int kPassphraseAttempts = 3;
constexpr qsizetype kMaxCommandOutput = 1 << 20;

QString home()
{
    return QDir::homePath();
}

// Keepalives of the TCP stack: a DUT that vanished without a word (cable, power) ends the link
// within about 15 s instead of the kernel's two hours.
void enableKeepalive(int fd)
{
    const int on = 1;
    const int idleSeconds = 5;
    const int intervalSeconds = 2;
    const int probes = 3;
    const unsigned int unackedMs = 15000;
    if (setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on) != 0 ||
        setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idleSeconds, sizeof idleSeconds) != 0 ||
        setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &intervalSeconds, sizeof intervalSeconds) != 0 ||
        setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &probes, sizeof probes) != 0 ||
        setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &unackedMs, sizeof unackedMs) != 0)
        qCWarning(lcSsh) << "cannot enable TCP keepalives:" << qt_error_string(errno);
}

extern "C" int passphraseCallback(const char *, char *buffer, size_t length, int echo, int,
                                  void *userdata)
{
    auto *request = static_cast<SecretRequest *>(userdata);
    request->asked = true;
    std::optional<QString> answer;
    try {
        if (request->options->askSecret)
            answer = request->options->askSecret(request->prompt, echo != 0);
    } catch (...) {
        answer.reset();
    }
    if (!answer) {
        request->declined = true;
        return -1;
    }
    QByteArray bytes = answer->toUtf8();
    wipe(*answer);
    const bool fits = static_cast<std::size_t>(bytes.size()) < length;
    if (fits) {
        std::memcpy(buffer, bytes.constData(), static_cast<std::size_t>(bytes.size()));
        buffer[bytes.size()] = '\0';
    }
    wipe(bytes);
    return fits ? 0 : -1;
}

struct KeyDeleter
{
    void operator()(ssh_key key) const { ssh_key_free(key); }
};
using KeyPtr = std::unique_ptr<std::remove_pointer_t<ssh_key>, KeyDeleter>;

struct ChannelDeleter
{
    void operator()(ssh_channel channel) const
    {
        ssh_channel_close(channel);
        ssh_channel_free(channel);
    }
};
using ChannelPtr = std::unique_ptr<std::remove_pointer_t<ssh_channel>, ChannelDeleter>;

} // namespace

SshConnection::SshConnection(SshOptions options, NoteFunction note)
    : m_options(std::move(options))
    , m_note(std::move(note))
{
    if (m_options.userKnownHosts.isEmpty())
        m_options.userKnownHosts = home() + QStringLiteral("/.ssh/known_hosts");
    if (m_options.appKnownHosts.isEmpty())
        m_options.appKnownHosts = defaultAppKnownHosts();
}

SshConnection::~SshConnection()
{
    if (m_session) {
        ssh_disconnect(m_session);
        ssh_free(m_session);
    }
}

QString SshConnection::lastError() const
{
    return m_session ? QString::fromUtf8(ssh_get_error(m_session)) : QString();
}

// The caller says which DUT (the runner prefixes "DUT <resource>: ").
Error SshConnection::error(ErrorCode code, const Message &what) const
{
    return Error{code, what};
}

void SshConnection::setIoTimeout(int seconds)
{
    long timeout = seconds;
    ssh_options_set(m_session, SSH_OPTIONS_TIMEOUT, &timeout);
}

Result<void> SshConnection::open()
{
    for (const QString &assignment : m_options.environment) {
        static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*="));
        if (!name.match(assignment).hasMatch())
            return error(ErrorCode::Usage, Message(msg::kSshEnvironment).arg(assignment));
    }
    if (auto r = connect(); !r)
        return r;
    if (auto r = checkHostKey(); !r)
        return r;
    return authenticate();
}

Result<void> SshConnection::connect()
{
    m_session = ssh_new();
    if (!m_session)
        return error(ErrorCode::Io, Message(msg::kSshNoSession));
    const QByteArray host = m_options.target.host.toUtf8();
    const QByteArray user = m_options.target.user.toUtf8();
    const QByteArray userKnown = QFile::encodeName(m_options.userKnownHosts);
    const QByteArray appKnown = QFile::encodeName(m_options.appKnownHosts);
    unsigned int port = m_options.target.port;
    long timeout = std::max(1, m_options.connectTimeoutSeconds);
    // The user's ~/.ssh/config could turn host key checking off (StrictHostKeyChecking no makes
    // libssh call unknown keys known): this link reads no configuration and checks always.
    bool processConfig = false;
    int strict = 1;
    // Small writes (a command, an SFTP request) go out at once, not after a delayed ACK.
    int noDelay = 1;
    ssh_options_set(m_session, SSH_OPTIONS_NODELAY, &noDelay);
    ssh_options_set(m_session, SSH_OPTIONS_PROCESS_CONFIG, &processConfig);
    ssh_options_set(m_session, SSH_OPTIONS_HOST, host.constData());
    ssh_options_set(m_session, SSH_OPTIONS_USER, user.constData());
    ssh_options_set(m_session, SSH_OPTIONS_PORT, &port);
    ssh_options_set(m_session, SSH_OPTIONS_TIMEOUT, &timeout);
    ssh_options_set(m_session, SSH_OPTIONS_STRICTHOSTKEYCHECK, &strict);
    // Both files at connect time, so the key types recorded for this host are negotiated first.
    ssh_options_set(m_session, SSH_OPTIONS_KNOWNHOSTS, userKnown.constData());
    ssh_options_set(m_session, SSH_OPTIONS_GLOBAL_KNOWNHOSTS, appKnown.constData());
    qCInfo(lcSsh) << "connecting to" << target();
    if (ssh_connect(m_session) != SSH_OK)
        return error(ErrorCode::NotFound, Message(msg::kSshConnect)
                                              .arg(m_options.target.host)
                                              .arg(m_options.target.port)
                                              .arg(lastError()));
    enableKeepalive(ssh_get_fd(m_session));
    return {};
}

Result<void> SshConnection::checkHostKey()
{
    ssh_key raw = nullptr;
    if (ssh_get_server_publickey(m_session, &raw) != SSH_OK)
        return error(ErrorCode::Protocol, Message(msg::kSshNoHostKey).arg(lastError()));
    const KeyPtr key(raw);
    unsigned char *hash = nullptr;
    size_t hashLength = 0;
    if (ssh_get_publickey_hash(key.get(), SSH_PUBLICKEY_HASH_SHA256, &hash, &hashLength) != 0)
        return error(ErrorCode::Protocol, Message(msg::kSshHashHostKey));
    char *fingerprint = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hashLength);
    ssh_clean_pubkey_hash(&hash);
    HostKeyInfo info;
    info.host = m_options.target.host;
    info.port = m_options.target.port;
    info.type = QString::fromLatin1(ssh_key_type_to_char(ssh_key_type(key.get())));
    info.sha256Fingerprint = QString::fromLatin1(fingerprint);
    ssh_string_free_char(fingerprint);

    // Each file on its own: a key in either one is known (as OpenSSH takes any matching line);
    // another key for this host in either one, with no match anywhere, is a changed key.
    bool known = false;
    for (const QString &file : {m_options.userKnownHosts, m_options.appKnownHosts}) {
        const QByteArray path = QFile::encodeName(file);
        ssh_options_set(m_session, SSH_OPTIONS_KNOWNHOSTS, path.constData());
        ssh_options_set(m_session, SSH_OPTIONS_GLOBAL_KNOWNHOSTS, path.constData());
        switch (ssh_session_is_known_server(m_session)) {
        case SSH_KNOWN_HOSTS_OK:
            known = true;
            break;
        case SSH_KNOWN_HOSTS_CHANGED:
        case SSH_KNOWN_HOSTS_OTHER:
            if (info.knownHostsFile.isEmpty())
                info.knownHostsFile = file;
            break;
        case SSH_KNOWN_HOSTS_ERROR:
            return error(ErrorCode::Refused, Message(msg::kSshCheckHostKey).arg(file, lastError()));
        case SSH_KNOWN_HOSTS_UNKNOWN:
        case SSH_KNOWN_HOSTS_NOT_FOUND:
            break;
        }
        if (known)
            break;
    }
    if (known) {
        qCInfo(lcSsh) << "host key known:" << info.sha256Fingerprint;
        return {};
    }
    if (!info.knownHostsFile.isEmpty()) {
        info.state = HostKeyInfo::State::Changed;
        return error(ErrorCode::Refused, describeHostKey(info));
    }
    bool accepted = false;
    try {
        accepted = m_options.confirmHostKey && m_options.confirmHostKey(info);
    } catch (...) {
        accepted = false;
    }
    if (!accepted)
        return error(ErrorCode::Cancelled,
                     Message(msg::kSshNotAccepted).arg(describeHostKey(info)));
    const QByteArray appKnown = QFile::encodeName(m_options.appKnownHosts);
    ssh_options_set(m_session, SSH_OPTIONS_KNOWNHOSTS, appKnown.constData());
    if (ssh_session_update_known_hosts(m_session) != SSH_OK)
        return error(ErrorCode::Io,
                     Message(msg::kSshRecordHostKey).arg(m_options.appKnownHosts, lastError()));
    m_note(Message(msg::kSshAcceptedHostKey)
               .arg(info.type, info.sha256Fingerprint, m_options.target.host,
                    m_options.appKnownHosts));
    return {};
}

Result<void> SshConnection::authenticate()
{
    if (ssh_userauth_none(m_session, nullptr) == SSH_AUTH_SUCCESS)
        return {};
    const auto methods = static_cast<unsigned>(ssh_userauth_list(m_session, nullptr));
    QStringList tried;
    if ((methods & SSH_AUTH_METHOD_PUBLICKEY) != 0) {
        if (m_options.useAgent && tryAgent(tried))
            return {};
        QStringList files{m_options.keyFile};
        if (m_options.keyFile.isEmpty()) {
            files.clear();
            for (const char *name : {"id_ed25519", "id_ecdsa", "id_rsa"})
                files << home() + QStringLiteral("/.ssh/") + QLatin1String(name);
        }
        for (const QString &file : files) {
            auto done = tryKeyFile(file, !m_options.keyFile.isEmpty(), tried);
            if (!done)
                return done.error();
            if (*done)
                return {};
        }
    }
    if (m_options.allowPassword && (methods & SSH_AUTH_METHOD_PASSWORD) != 0) {
        auto done = tryPassword(tried);
        if (!done)
            return done.error();
        if (*done)
            return {};
    }
    QStringList offered;
    if ((methods & SSH_AUTH_METHOD_PUBLICKEY) != 0)
        offered << QStringLiteral("publickey");
    if ((methods & SSH_AUTH_METHOD_PASSWORD) != 0)
        offered << QStringLiteral("password");
    if ((methods & SSH_AUTH_METHOD_INTERACTIVE) != 0)
        offered << QStringLiteral("keyboard-interactive");
    return error(ErrorCode::Refused,
                 Message(msg::kSshAuthenticationFailedTried)
                     .arg(m_options.target.user,
                          tried.isEmpty() ? QStringLiteral("nothing") : tried.join(u", "),
                          offered.isEmpty() ? QStringLiteral("nothing") : offered.join(u", ")));
}

bool SshConnection::tryAgent(QStringList &tried)
{
    QString socket = m_options.agentSocket;
    if (socket.isEmpty())
        socket = qEnvironmentVariable("SSH_AUTH_SOCK");
    if (socket.isEmpty())
        return false;
    const QByteArray path = QFile::encodeName(socket);
    ssh_options_set(m_session, SSH_OPTIONS_IDENTITY_AGENT, path.constData());
    const int rc = ssh_userauth_agent(m_session, nullptr);
    tried << QStringLiteral("the SSH agent");
    if (rc == SSH_AUTH_SUCCESS) {
        qCInfo(lcSsh) << "authenticated with the agent";
        return true;
    }
    return false;
}

Result<bool> SshConnection::tryKeyFile(const QString &file, bool explicitlyGiven,
                                       QStringList &tried)
{
    if (!QFileInfo::exists(file)) {
        if (explicitlyGiven)
            return error(ErrorCode::NotFound, Message(msg::kSshKeyNotFound).arg(file));
        return false;
    }
    // With the public half beside it, ask the server first: no passphrase prompt for a key
    // the server would refuse anyway.
    const QByteArray publicPath = QFile::encodeName(file + QStringLiteral(".pub"));
    ssh_key publicRaw = nullptr;
    if (QFileInfo::exists(file + QStringLiteral(".pub")) &&
        ssh_pki_import_pubkey_file(publicPath.constData(), &publicRaw) == SSH_OK) {
        const KeyPtr publicKey(publicRaw);
        if (ssh_userauth_try_publickey(m_session, nullptr, publicKey.get()) != SSH_AUTH_SUCCESS) {
            tried << QStringLiteral("%1 (refused)").arg(file);
            return false;
        }
    }
    const QByteArray path = QFile::encodeName(file);
    SecretRequest request;
    request.options = &m_options;
    request.prompt = QStringLiteral("Passphrase for %1: ").arg(file);
    ssh_key privateRaw = nullptr;
    for (int attempt = 1; attempt <= kPassphraseAttempts; ++attempt) {
        request.asked = false;
        if (ssh_pki_import_privkey_file(path.constData(), nullptr, passphraseCallback, &request,
                                        &privateRaw) == SSH_OK)
            break;
        privateRaw = nullptr;
        if (request.declined) {
            tried << QStringLiteral("%1 (no passphrase given)").arg(file);
            return false;
        }
        if (!request.asked)
            return error(ErrorCode::Refused, Message(msg::kSshCannotReadKey).arg(file));
        request.prompt = QStringLiteral("Wrong passphrase. Passphrase for %1: ").arg(file);
    }
    if (!privateRaw) {
        tried << QStringLiteral("%1 (wrong passphrase)").arg(file);
        return false;
    }
    const KeyPtr privateKey(privateRaw);
    const int rc = ssh_userauth_publickey(m_session, nullptr, privateKey.get());
    if (rc == SSH_AUTH_SUCCESS) {
        qCInfo(lcSsh) << "authenticated with" << file;
        return true;
    }
    if (rc == SSH_AUTH_ERROR)
        return error(ErrorCode::Io, Message(msg::kSshAuthenticationFailed).arg(lastError()));
    tried << QStringLiteral("%1 (refused)").arg(file);
    return false;
}

Result<bool> SshConnection::tryPassword(QStringList &tried)
{
    const QString prompt =
        QStringLiteral("Password for %1@%2: ").arg(m_options.target.user, m_options.target.host);
    for (int attempt = 1; attempt <= kPasswordAttempts; ++attempt) {
        std::optional<QString> answer;
        try {
            if (m_options.askSecret)
                answer = m_options.askSecret(prompt, false);
        } catch (...) {
            answer.reset();
        }
        if (!answer) {
            tried << QStringLiteral("password (none given)");
            return false;
        }
        QByteArray password = answer->toUtf8();
        wipe(*answer);
        const int rc = ssh_userauth_password(m_session, nullptr, password.constData());
        wipe(password);
        if (rc == SSH_AUTH_SUCCESS)
            return true;
        if (rc == SSH_AUTH_ERROR)
            return error(ErrorCode::Io, Message(msg::kSshAuthenticationFailed).arg(lastError()));
    }
    tried << QStringLiteral("password (refused %1 times)").arg(kPasswordAttempts);
    return false;
}

QString SshConnection::commandLine(const QStringList &argv) const
{
    return shellCommand(QStringList{QStringLiteral("env")} + m_options.environment + argv);
}

Result<RemoteResult> SshConnection::run(const QString &commandLine, int timeoutMs, QIODevice *input)
{
    const ChannelPtr channel(ssh_channel_new(m_session));
    if (!channel || ssh_channel_open_session(channel.get()) != SSH_OK)
        return error(ErrorCode::Io, Message(msg::kSshNoChannel).arg(lastError()));
    const QByteArray command = commandLine.toUtf8();
    qCInfo(lcSsh) << "running" << commandLine;
    if (ssh_channel_request_exec(channel.get(), command.constData()) != SSH_OK)
        return error(ErrorCode::Io, Message(msg::kSshCannotRun).arg(lastError()));
    // The input goes first, whole: a command that stops reading early ends its channel, which
    // ends the writing; its exit status and stderr then say why.
    bool writing = input != nullptr;
    while (writing && !input->atEnd()) {
        const QByteArray chunk = input->read(32768);
        writing = !chunk.isEmpty() && ssh_channel_write(channel.get(), chunk.constData(),
                                                        static_cast<uint32_t>(chunk.size())) ==
                                          static_cast<int>(chunk.size());
    }
    if (input)
        ssh_channel_send_eof(channel.get());
    RemoteResult result;
    QElapsedTimer clock;
    clock.start();
    char buffer[16384];
    for (;;) {
        bool got = false;
        for (const int stream : {0, 1}) {
            const int n =
                ssh_channel_read_nonblocking(channel.get(), buffer, sizeof buffer, stream);
            if (n == SSH_ERROR)
                return error(ErrorCode::Dut, Message(msg::kSshLinkLost).arg(lastError()));
            if (n > 0) {
                QByteArray &sink = stream == 0 ? result.out : result.err;
                if (sink.size() < kMaxCommandOutput)
                    sink.append(buffer, n);
                got = true;
            }
        }
        if (!got && ssh_channel_is_eof(channel.get()) != 0)
            break;
        if (clock.elapsed() > timeoutMs)
            return error(ErrorCode::Dut,
                         Message(msg::kSshCommandTimeout).arg(commandLine).arg(timeoutMs / 1000));
        if (!got && ssh_channel_poll_timeout(channel.get(), 100, 0) == SSH_ERROR)
            return error(ErrorCode::Dut, Message(msg::kSshLinkLost).arg(lastError()));
    }
    const int status = ssh_channel_get_exit_status(channel.get());
    if (status == SSH_ERROR || (input && !writing && status == 0))
        return error(ErrorCode::Dut, Message(msg::kSshLinkLost).arg(lastError()));
    result.exitCode = status;
    return result;
}

} // namespace detail
} // namespace cipherwatt::core
