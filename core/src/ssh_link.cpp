// The SSH worker link: connection, host key, authentication and worker deployment happen in
// start() on the DUT thread (libssh blocks; the thread is the link's own). Then the worker's
// channel is read whenever its socket has data (a QSocketNotifier) and on a short timer, for
// what libssh already took off the socket while writing; commands go out as queued calls.

#include "messages.h"
#include "ssh_connection.h"
#include "ssh_deploy.h"

#include <QElapsedTimer>
#include <QSocketNotifier>
#include <QTimer>

#include <libssh/callbacks.h>

namespace cipherwatt::core {

namespace {

constexpr int kIoTimeoutSeconds = 10; // a blocking read or write on a live link
constexpr int kPollMs = 100;

class SshWorkerLink final : public WorkerLink
{
public:
    explicit SshWorkerLink(SshOptions options)
        : m_options(std::move(options))
    {
        connect(&m_poll, &QTimer::timeout, this, &SshWorkerLink::pump);
    }

    ~SshWorkerLink() override
    {
        blockSignals(true);
        if (m_channel && !m_done) {
            closeInput();
            QElapsedTimer clock;
            clock.start();
            while (!m_done && clock.elapsed() < detail::kWorkerGoodbyeMs) {
                ssh_channel_poll_timeout(m_channel, kPollMs, 0);
                pump();
            }
            if (!m_done)
                ssh_channel_request_send_signal(m_channel, "KILL");
        }
        releaseChannel();
    }

    void start() override
    {
        const auto note = [this](const Message &text) { emit this->note(text); };
        m_connection = std::make_unique<detail::SshConnection>(m_options, note);
        if (auto opened = m_connection->open(); !opened) {
            m_connection.reset();
            emit failed(opened.error().message);
            return;
        }
        m_connection->setIoTimeout(kIoTimeoutSeconds);
        auto worker = detail::deployWorker(*m_connection, m_options, note);
        if (!worker) {
            m_connection.reset();
            emit failed(worker.error().message);
            return;
        }
        if (!worker->uploaded)
            emit this->note(Message(msg::kSshWorkerHow).arg(worker->how));
        QStringList global = m_options.workerGlobal;
        for (const QString &plugin : m_options.uploadPlugins) {
            auto remote = detail::deployPlugin(*m_connection, *worker, plugin, note);
            if (!remote) {
                m_connection.reset();
                emit failed(remote.error().message);
                return;
            }
            global << QStringLiteral("--plugin") << *remote;
        }
        // `exec`: the worker replaces the shell, so it is the process sshd signals and waits for.
        const QStringList argv =
            QStringList{worker->path} + global +
            QStringList{QStringLiteral("serve"), QStringLiteral("--single-instance")} +
            m_options.serveArguments;
        const QByteArray command = "exec " + m_connection->commandLine(argv).toUtf8();
        m_channel = ssh_channel_new(m_connection->session());
        if (!m_channel || ssh_channel_open_session(m_channel) != SSH_OK ||
            ssh_channel_request_exec(m_channel, command.constData()) != SSH_OK) {
            const QString why = m_connection->lastError();
            releaseChannel();
            emit failed(Message(msg::kSshCannotStartWorker).arg(why));
            return;
        }
        qCInfo(lcSsh) << "worker started:" << command;
        ssh_callbacks_init(&m_callbacks);
        m_callbacks.userdata = this;
        m_callbacks.channel_exit_signal_function = &SshWorkerLink::onExitSignal;
        ssh_set_channel_callbacks(m_channel, &m_callbacks);
        m_notifier =
            new QSocketNotifier(ssh_get_fd(m_connection->session()), QSocketNotifier::Read, this);
        connect(m_notifier, &QSocketNotifier::activated, this, &SshWorkerLink::pump);
        m_poll.start(kPollMs);
        emit started();
        for (const QByteArray &line : std::exchange(m_pending, {}))
            writeLine(line);
        pump();
    }

    void writeLine(const QByteArray &line) override
    {
        if (m_done || m_inputClosed)
            return;
        if (!m_channel) {
            m_pending << line;
            return;
        }
        const QByteArray data = line + '\n';
        qsizetype offset = 0;
        while (offset < data.size()) {
            const int n = ssh_channel_write(m_channel, data.constData() + offset,
                                            static_cast<uint32_t>(data.size() - offset));
            if (n == SSH_ERROR) {
                lost(Message::plain(m_connection->lastError()));
                return;
            }
            offset += n;
        }
        pump(); // writing may have taken the worker's answer off the socket
    }

    void closeInput() override
    {
        if (m_channel && !m_inputClosed && !m_done)
            ssh_channel_send_eof(m_channel);
        m_inputClosed = true;
    }

    void kill() override
    {
        if (!m_channel || m_done)
            return;
        ssh_channel_request_send_signal(m_channel, "KILL");
        end(Message(msg::kSshWorkerKilled), false);
    }

    QString description() const override { return m_options.target.toString(); }

private:
    static void onExitSignal(ssh_session, ssh_channel, const char *signal, int, const char *,
                             const char *, void *userdata)
    {
        static_cast<SshWorkerLink *>(userdata)->m_exitSignal = QString::fromLatin1(signal);
    }

    void pump()
    {
        if (!m_channel || m_done)
            return;
        if (!drain(0) || !drain(1)) {
            lost(Message::plain(m_connection->lastError()));
            return;
        }
        if (ssh_channel_is_eof(m_channel) == 0)
            return;
        // The worker closed its output: its exit status follows (or the link went away).
        flush();
        const int status = ssh_channel_get_exit_status(m_channel);
        if (status == SSH_ERROR)
            lost(Message::plain(m_connection->lastError()));
        else if (status == -1 && !m_exitSignal.isEmpty())
            end(Message(msg::kSshWorkerKilledBy).arg(m_exitSignal), false);
        else if (status == -1)
            lost(Message(msg::kSshChannelClosed));
        else if (status == 0)
            end(msg::kWorkerExited, true);
        else
            end(Message(msg::kWorkerExitCode).arg(status), false);
    }

    // Reads what is there (a bounded amount, so the event loop keeps turning); false when the
    // link failed. Lines of the worker's output are bounded (LineSplitter); its stderr is read
    // the same way and passed on as diagnostics.
    bool drain(int stream)
    {
        char chunk[16384];
        for (int i = 0; i < 64 && !m_done; ++i) {
            const int n = ssh_channel_read_nonblocking(m_channel, chunk, sizeof chunk, stream);
            if (n == SSH_ERROR)
                return false;
            if (n <= 0)
                break;
            const LineSplitter::Lines in =
                (stream == 1 ? m_err : m_out).append(QByteArray(chunk, n));
            for (int k = 0; k < in.tooLong; ++k) {
                if (stream == 0)
                    emit lineTooLong();
            }
            for (const QByteArray &line : in.lines) {
                if (stream == 1)
                    emit diagnostic(QString::fromUtf8(line));
                else
                    emit lineReceived(line);
            }
        }
        return true;
    }

    // The last lines, ended by the end of the stream instead of a newline.
    void flush()
    {
        for (int stream : {0, 1}) {
            const LineSplitter::Lines in = (stream == 1 ? m_err : m_out).append("\n");
            for (const QByteArray &line : in.lines) {
                if (line.isEmpty())
                    continue;
                if (stream == 1)
                    emit diagnostic(QString::fromUtf8(line));
                else
                    emit lineReceived(line);
            }
        }
    }

    void lost(const Message &why)
    {
        end(Message(msg::kSshLinkLostTo)
                .arg(m_options.target.host)
                .arg(m_options.target.port)
                .arg(why),
            false);
    }

    void end(const Message &reason, bool clean)
    {
        if (m_done)
            return;
        m_done = true;
        m_poll.stop();
        if (m_notifier)
            m_notifier->setEnabled(false);
        qCInfo(lcSsh) << reason.english();
        emit finished(reason, clean);
    }

    void releaseChannel()
    {
        delete m_notifier;
        m_notifier = nullptr;
        if (m_channel) {
            ssh_remove_channel_callbacks(m_channel, &m_callbacks);
            ssh_channel_close(m_channel);
            ssh_channel_free(m_channel);
            m_channel = nullptr;
        }
        m_connection.reset();
    }

    SshOptions m_options;
    std::unique_ptr<detail::SshConnection> m_connection;
    ssh_channel m_channel = nullptr;
    ssh_channel_callbacks_struct m_callbacks{};
    QString m_exitSignal;
    QSocketNotifier *m_notifier = nullptr;
    QTimer m_poll;
    LineSplitter m_out;
    LineSplitter m_err;
    QList<QByteArray> m_pending; // written before the worker ran
    bool m_inputClosed = false;
    bool m_done = false;
};

} // namespace

Result<RemoteResult> runRemoteCommand(const SshOptions &options, const QStringList &argv,
                                      int timeoutMs)
{
    detail::SshConnection connection(options,
                                     [](const Message &text) { qCInfo(lcSsh) << text.english(); });
    if (auto opened = connection.open(); !opened)
        return opened.error();
    return connection.run(connection.commandLine(argv), timeoutMs);
}

std::unique_ptr<WorkerLink> makeSshWorkerLink(const SshOptions &options)
{
    return std::make_unique<SshWorkerLink>(options);
}

Dut::LinkFactory makeSshLinkFactory(SshOptions options)
{
    return [options = std::move(options)] { return makeSshWorkerLink(options); };
}

} // namespace cipherwatt::core
