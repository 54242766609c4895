#include "messages.h"

#include <cipherwatt/core/dut.h>

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QProcess>
#include <QStandardPaths>
#include <QUrl>

#include <chrono>

Q_LOGGING_CATEGORY(lcDut, "cipherwatt.core.dut", QtWarningMsg)

namespace cipherwatt::core {

std::int64_t steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

Result<DutResource> DutResource::parse(const QString &text)
{
    const QString t = text.trimmed();
    if (t == QLatin1String("local"))
        return DutResource{};
    const auto bad = [&](const QString &why) {
        return Error{instruments::ErrorCode::BadResource,
                     english(msg::kBadDutResource).arg(text, why)};
    };
    if (!t.startsWith(QLatin1String("ssh://")))
        return bad(english(msg::kUnknownDutKind));
    const QUrl url(t, QUrl::StrictMode);
    if (!url.isValid() || url.userName().isEmpty() || url.host().isEmpty() ||
        !url.path().isEmpty() || url.hasQuery() || url.hasFragment() || !url.password().isEmpty())
        return bad(english(msg::kExpectedSsh));
    DutResource r;
    r.kind = Kind::Ssh;
    r.user = url.userName();
    r.host = url.host();
    const int port = url.port(22);
    if (port < 1 || port > 65535)
        return bad(english(msg::kBadSshPort));
    r.port = static_cast<quint16>(port);
    return r;
}

QString DutResource::toString() const
{
    if (kind == Kind::Local)
        return QStringLiteral("local");
    return QStringLiteral("ssh://%1@%2:%3").arg(user, host).arg(port);
}

QString findLocalWorker()
{
    const QString dir = QCoreApplication::applicationDirPath();
    // Installed side by side; in the build tree the worker is built in ciphers/.
    for (const QString &candidate : {dir + QStringLiteral("/cipherwatt-bench"),
                                     dir + QStringLiteral("/../ciphers/cipherwatt-bench")}) {
        const QFileInfo info(candidate);
        if (info.isFile() && info.isExecutable())
            return info.canonicalFilePath();
    }
    return QStandardPaths::findExecutable(QStringLiteral("cipherwatt-bench"));
}

namespace {

class LocalWorkerLink final : public WorkerLink
{
public:
    explicit LocalWorkerLink(LocalWorkerOptions options)
        : m_options(std::move(options))
    {
        if (m_options.program.isEmpty())
            m_options.program = findLocalWorker();
        connect(&m_process, &QProcess::started, this, &WorkerLink::started);
        connect(&m_process, &QProcess::readyReadStandardOutput, this, [this] {
            m_out += m_process.readAllStandardOutput();
            qsizetype lf = 0;
            while ((lf = m_out.indexOf('\n')) >= 0) {
                const QByteArray line = m_out.left(lf);
                m_out.remove(0, lf + 1);
                emit lineReceived(line);
            }
        });
        connect(&m_process, &QProcess::readyReadStandardError, this, [this] {
            m_err += m_process.readAllStandardError();
            qsizetype lf = 0;
            while ((lf = m_err.indexOf('\n')) >= 0) {
                emit diagnostic(QString::fromUtf8(m_err.left(lf)));
                m_err.remove(0, lf + 1);
            }
        });
        connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
            if (e == QProcess::FailedToStart)
                emit failed(english(msg::kCannotStartWorker)
                                .arg(m_options.program, m_process.errorString()));
        });
        connect(&m_process, &QProcess::finished, this,
                [this](int code, QProcess::ExitStatus status) {
                    if (status == QProcess::CrashExit) {
                        emit crashed();
                        emit finished(english(msg::kWorkerCrashed), false);
                    } else if (code != 0)
                        emit finished(english(msg::kWorkerExitCode).arg(code), false);
                    else
                        emit finished(english(msg::kWorkerExited), true);
                });
    }

    ~LocalWorkerLink() override
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.closeWriteChannel();
            // It restores the governor and says bye; give it a moment before insisting.
            if (!m_process.waitForFinished(5000)) {
                m_process.kill();
                m_process.waitForFinished(1000);
            }
        }
    }

    void start() override
    {
        if (m_options.program.isEmpty()) {
            emit failed(QStringLiteral("cipherwatt-bench was not found beside this program or "
                                       "on PATH"));
            return;
        }
        QStringList args = m_options.global;
        args << QStringLiteral("serve");
        if (!m_options.sysfsRoot.isEmpty())
            args << QStringLiteral("--sysfs-root") << m_options.sysfsRoot;
        if (!m_options.journal.isEmpty())
            args << QStringLiteral("--journal") << m_options.journal;
        qCInfo(lcDut) << "starting" << m_options.program << args;
        m_process.start(m_options.program, args);
    }

    void writeLine(const QByteArray &line) override
    {
        if (m_process.state() == QProcess::Running)
            m_process.write(line + '\n');
    }

    void closeInput() override { m_process.closeWriteChannel(); }
    void kill() override { m_process.kill(); }
    QString description() const override { return QStringLiteral("local"); }

private:
    LocalWorkerOptions m_options;
    QProcess m_process;
    QByteArray m_out;
    QByteArray m_err;
};

} // namespace

std::unique_ptr<WorkerLink> makeLocalWorkerLink(const LocalWorkerOptions &options)
{
    return std::make_unique<LocalWorkerLink>(options);
}

Dut::Dut(LinkFactory factory, QObject *parent)
    : QObject(parent)
{
    m_thread.setObjectName(QStringLiteral("dut"));
    m_context = new QObject;
    m_context->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();
    bool helloSeen = false;
    QMetaObject::invokeMethod(
        m_context,
        [this, factory = std::move(factory), helloSeen]() mutable {
            std::unique_ptr<WorkerLink> link = factory();
            m_link = link.release();
            m_link->setParent(m_context);
            m_description = m_link->description();
            connect(m_link, &WorkerLink::lineReceived, m_context,
                    [this, helloSeen](const QByteArray &line) mutable {
                        const qint64 now = steadyNs();
                        QJsonParseError error{};
                        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
                        if (!doc.isObject()) {
                            emit diagnostic(QStringLiteral("not a JSON event from the worker: %1")
                                                .arg(QString::fromUtf8(line.left(200))));
                            return;
                        }
                        const QJsonObject event = doc.object();
                        if (!helloSeen &&
                            event[QStringLiteral("event")] == QLatin1String("hello")) {
                            helloSeen = true;
                            emit ready(event, now);
                            return;
                        }
                        emit this->event(event, now);
                    });
            connect(m_link, &WorkerLink::diagnostic, this, &Dut::diagnostic);
            connect(m_link, &WorkerLink::note, this, &Dut::note);
            connect(m_link, &WorkerLink::failed, this, &Dut::failed);
            connect(m_link, &WorkerLink::crashed, this, &Dut::crashed);
            connect(m_link, &WorkerLink::finished, this, &Dut::finished);
        },
        Qt::BlockingQueuedConnection);
}

Dut::~Dut()
{
    // The link's destructor ends the worker politely (end of input, then kill).
    m_thread.quit();
    m_thread.wait();
}

void Dut::start()
{
    WorkerLink *link = m_link;
    QMetaObject::invokeMethod(
        m_context, [link] { link->start(); }, Qt::QueuedConnection);
}

int Dut::send(QJsonObject command)
{
    int id = 0;
    if (!command.contains(QStringLiteral("id"))) {
        id = m_nextId++;
        command[QStringLiteral("id")] = id;
    } else {
        id = command[QStringLiteral("id")].toInt();
    }
    const QByteArray line = QJsonDocument(command).toJson(QJsonDocument::Compact);
    WorkerLink *link = m_link;
    QMetaObject::invokeMethod(
        m_context, [link, line] { link->writeLine(line); }, Qt::QueuedConnection);
    return id;
}

void Dut::finish()
{
    WorkerLink *link = m_link;
    QMetaObject::invokeMethod(
        m_context, [link] { link->closeInput(); }, Qt::QueuedConnection);
}

void Dut::kill()
{
    WorkerLink *link = m_link;
    QMetaObject::invokeMethod(
        m_context, [link] { link->kill(); }, Qt::QueuedConnection);
}

} // namespace cipherwatt::core
