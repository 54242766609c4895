// The adb worker link: finding the device, reading what it is and deploying the worker happen in
// start() on the DUT thread (blocking adb commands, as the SSH link's libssh calls). Then
// `adb shell` carries the protocol: its stdin is the worker's, its stdout the worker's.

#include "adb_device.h"
#include "messages_adb.h"
#include "ssh_deploy.h"

#include <cipherwatt/core/adb.h>
#include <cipherwatt/core/ssh.h>

#include <QProcess>

#include <csignal>

namespace cipherwatt::core {

namespace {

// adb's own status when the device went away or the transport failed (adb's client exits
// with 1 for "error: ..." lines and 255 when the shell session broke).
constexpr int kAdbTransportError = 255;

class AdbWorkerLink final : public WorkerLink
{
public:
    explicit AdbWorkerLink(AdbOptions options)
        : m_options(std::move(options))
    {
        connect(&m_process, &QProcess::started, this, [this] {
            emit started();
            for (const QByteArray &line : std::exchange(m_pending, {}))
                writeLine(line);
        });
        connect(&m_process, &QProcess::readyReadStandardOutput, this, [this] {
            const LineSplitter::Lines in = m_out.append(m_process.readAllStandardOutput());
            for (int k = 0; k < in.tooLong; ++k)
                emit lineTooLong();
            for (const QByteArray &line : in.lines)
                emit lineReceived(line);
        });
        connect(&m_process, &QProcess::readyReadStandardError, this, [this] {
            const LineSplitter::Lines in = m_err.append(m_process.readAllStandardError());
            for (const QByteArray &line : in.lines)
                emit diagnostic(QString::fromUtf8(line));
        });
        connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
            if (e == QProcess::FailedToStart)
                emit failed(Message(msg::kAdbCannotStartWorker).arg(m_process.errorString()));
        });
        connect(&m_process, &QProcess::finished, this, &AdbWorkerLink::onFinished);
    }

    ~AdbWorkerLink() override
    {
        blockSignals(true);
        if (m_process.state() != QProcess::NotRunning) {
            m_process.closeWriteChannel();
            if (!m_process.waitForFinished(detail::kWorkerGoodbyeMs)) {
                m_process.kill();
                m_process.waitForFinished(1000);
            }
        }
    }

    void start() override
    {
        const auto note = [this](const Message &text) { emit this->note(text); };
        detail::AdbDeviceAccess device(m_options, note);
        auto properties = device.open();
        if (!properties) {
            emit failed(properties.error().message);
            return;
        }
        m_options.serial = device.serial();
        emit deviceProperties(*properties);
        auto worker = device.deployWorker();
        if (!worker) {
            emit failed(worker.error().message);
            return;
        }
        const bool rooted = device.checkRootAndLoad();
        // Android has no /run and no XDG directories: the worker's lock and governor journal
        // live in a directory of its own beside the pushed copies.
        const QString state = m_options.remoteBase + QStringLiteral("/cipherwatt-state");
        QStringList argv =
            QStringList{*worker} + m_options.workerGlobal +
            QStringList{QStringLiteral("serve"), QStringLiteral("--single-instance")};
        // A rooted phone: the worker, unprivileged itself, pins through su.
        if (rooted)
            argv << QStringLiteral("--governor-helper") << QStringLiteral("su");
        if (!m_options.serveArguments.contains(QStringLiteral("--journal")))
            argv << QStringLiteral("--journal") << state + QStringLiteral("/governor-journal");
        argv << m_options.serveArguments;
        // `exec`: the worker replaces the device's shell, so it is what adbd ends.
        const QString command = QStringLiteral("mkdir -p %1 && export XDG_RUNTIME_DIR=%1 "
                                               "XDG_CACHE_HOME=%1 && exec %2")
                                    .arg(shellQuote(state), shellCommand(argv));
        m_process.start(m_options.program,
                        {QStringLiteral("-s"), m_options.serial, QStringLiteral("shell"),
                         QStringLiteral("-T"), command});
    }

    void writeLine(const QByteArray &line) override
    {
        if (m_process.state() == QProcess::Running)
            m_process.write(line + '\n');
        else if (!m_ended)
            m_pending << line;
    }

    void closeInput() override { m_process.closeWriteChannel(); }
    void kill() override { m_process.kill(); }
    QString description() const override
    {
        return m_options.serial.isEmpty() ? QStringLiteral("adb")
                                          : QStringLiteral("adb:") + m_options.serial;
    }

private:
    void onFinished(int code, QProcess::ExitStatus status)
    {
        m_ended = true;
        const QString where = description();
        if (status == QProcess::CrashExit) {
            emit finished(Message(msg::kAdbLinkLost).arg(where, Message(msg::kAdbShellKilled)),
                          false);
        } else if (code == 0) {
            emit finished(msg::kWorkerExited, true);
        } else if (code == kAdbTransportError) {
            emit finished(
                Message(msg::kAdbLinkLost).arg(where, Message(msg::kAdbShellExit).arg(code)),
                false);
        } else if (code > 128 && code < 128 + 32) {
            // The device's shell reports a worker killed by signal N as 128 + N.
            const int signalNumber = code - 128;
            if (signalNumber == SIGSEGV || signalNumber == SIGBUS || signalNumber == SIGILL ||
                signalNumber == SIGFPE || signalNumber == SIGABRT)
                emit crashed();
            emit finished(Message(msg::kWorkerExitCode).arg(code), false);
        } else {
            emit finished(Message(msg::kWorkerExitCode).arg(code), false);
        }
    }

    AdbOptions m_options;
    QProcess m_process;
    LineSplitter m_out;
    LineSplitter m_err;
    QList<QByteArray> m_pending; // written before the worker ran
    bool m_ended = false;
};

} // namespace

std::unique_ptr<WorkerLink> makeAdbWorkerLink(const AdbOptions &options)
{
    return std::make_unique<AdbWorkerLink>(options);
}

Dut::LinkFactory makeAdbLinkFactory(AdbOptions options)
{
    return [options = std::move(options)] { return makeAdbWorkerLink(options); };
}

} // namespace cipherwatt::core
