#include "messages.h"
#include "worker_records.h"

#include <cipherwatt/core/dut.h>
#include <cipherwatt/core/dut_kinds.h>
#include <cipherwatt/protocol/codec.h>

#include <QCoreApplication>
#include <QFileInfo>
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
    auto parsed = parseDut(text);
    if (!parsed)
        return parsed.error();
    DutResource r;
    const QString prefix = QLatin1String(parsed->kind->resource.prefix);
    if (prefix == QLatin1String("local"))
        return r;
    r.kind = prefix == QLatin1String("ssh") ? Kind::Ssh : Kind::Other;
    r.prefix = prefix;
    r.text = text.trimmed();
    r.user = parsed->values.value(QStringLiteral("user"));
    r.host = parsed->values.value(QStringLiteral("host"));
    r.port = static_cast<quint16>(parsed->values.value(QStringLiteral("port")).toUInt());
    return r;
}

QString DutResource::toString() const
{
    if (kind == Kind::Local)
        return QStringLiteral("local");
    if (kind == Kind::Other)
        return text.isEmpty() ? prefix : text;
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
            const LineSplitter::Lines in = m_out.append(m_process.readAllStandardOutput());
            for (int k = 0; k < in.tooLong; ++k)
                emit lineTooLong();
            for (const QByteArray &line : in.lines)
                emit lineReceived(line);
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
                emit failed(Message(msg::kCannotStartWorker)
                                .arg(m_options.program, m_process.errorString()));
        });
        connect(&m_process, &QProcess::finished, this,
                [this](int code, QProcess::ExitStatus status) {
                    if (status == QProcess::CrashExit) {
                        emit crashed();
                        emit finished(Message(msg::kWorkerCrashed), false);
                    } else if (code != 0)
                        emit finished(Message(msg::kWorkerExitCode).arg(code), false);
                    else
                        emit finished(Message(msg::kWorkerExited), true);
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
            emit failed(msg::kWorkerNotFound);
            return;
        }
        QStringList args = m_options.global;
        args << QStringLiteral("serve");
        if (!m_options.sysfsRoot.isEmpty())
            args << QStringLiteral("--sysfs-root") << m_options.sysfsRoot;
        if (!m_options.procRoot.isEmpty())
            args << QStringLiteral("--proc-root") << m_options.procRoot;
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
    LineSplitter m_out;
    QByteArray m_err;
};

} // namespace

LineSplitter::LineSplitter(qsizetype maxLine)
    : m_maxLine(maxLine > 0 ? maxLine : static_cast<qsizetype>(protocol::kMaxLineBytes))
{}

LineSplitter::Lines LineSplitter::append(const QByteArray &bytes)
{
    Lines out;
    qsizetype from = 0;
    for (qsizetype lf = bytes.indexOf('\n'); lf >= 0; lf = bytes.indexOf('\n', from)) {
        if (m_dropping) {
            ++out.tooLong;
            m_dropping = false;
        } else if (m_buffer.size() + (lf - from) > m_maxLine) {
            ++out.tooLong;
        } else {
            m_buffer.append(bytes.constData() + from, lf - from);
            out.lines.push_back(m_buffer);
        }
        m_buffer.clear();
        from = lf + 1;
    }
    if (!m_dropping) {
        m_buffer.append(bytes.constData() + from, bytes.size() - from);
        if (m_buffer.size() > m_maxLine) {
            m_dropping = true;
            m_buffer.clear();
        }
    }
    return out;
}

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
                        const auto decoded = protocol::decodeEvent(std::string_view(
                            line.constData(), static_cast<std::size_t>(line.size())));
                        if (!decoded) {
                            emit protocolError(Message(msg::kWorkerProtocol)
                                                   .arg(QString::fromStdString(decoded.error())));
                            return;
                        }
                        if (const auto *hello = std::get_if<protocol::HelloEvent>(&decoded->body);
                            hello && !helloSeen) {
                            helloSeen = true;
                            emit ready(toRecord(*hello), now);
                            return;
                        }
                        emit this->event(toRecord(*decoded), now);
                    });
            connect(m_link, &WorkerLink::lineTooLong, m_context, [this] {
                emit protocolError(Message(msg::kWorkerLineTooLong)
                                       .arg(static_cast<qint64>(protocol::kMaxLineBytes)));
            });
            connect(m_link, &WorkerLink::diagnostic, this, &Dut::diagnostic);
            connect(m_link, &WorkerLink::note, this, &Dut::note);
            connect(m_link, &WorkerLink::deviceProperties, this, &Dut::deviceProperties);
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

int Dut::send(const QByteArray &line)
{
    WorkerLink *link = m_link;
    QMetaObject::invokeMethod(
        m_context, [link, line] { link->writeLine(line); }, Qt::QueuedConnection);
    return m_nextId - 1;
}

namespace {

QByteArray line(int id, protocol::CommandBody body)
{
    return QByteArray::fromStdString(protocol::encodeCommand({id, std::move(body)}));
}

} // namespace

int Dut::hello()
{
    return send(line(m_nextId++, protocol::HelloCommand{}));
}

int Dut::list()
{
    return send(line(m_nextId++, protocol::ListCommand{}));
}

int Dut::selfTest(const QStringList &ciphers)
{
    protocol::SelfTestCommand c;
    for (const QString &id : ciphers)
        c.ciphers.push_back(id.toStdString());
    return send(line(m_nextId++, c));
}

int Dut::pin(const PinRequest &request)
{
    protocol::GovernorCommand c;
    c.action = "pin";
    c.fixFrequency = request.fixFrequency;
    c.frequencyKHz = request.frequencyKHz;
    if (!request.governor.isEmpty())
        c.governor = request.governor.toStdString();
    c.disableTurbo = request.disableTurbo;
    return send(line(m_nextId++, c));
}

int Dut::restore()
{
    protocol::GovernorCommand c;
    c.action = "restore";
    return send(line(m_nextId++, c));
}

int Dut::run(const WorkerRequest &request)
{
    const protocol::RunRequest r = toProtocol(request);
    if (const auto *run = std::get_if<protocol::RunCommand>(&r))
        return send(line(m_nextId++, *run));
    return send(line(m_nextId++, std::get<protocol::ExecCommand>(r)));
}

int Dut::check(const std::vector<WorkerRequest> &runs)
{
    protocol::CheckCommand c;
    for (const WorkerRequest &r : runs) {
        const protocol::RunRequest p = toProtocol(r);
        if (const auto *run = std::get_if<protocol::RunCommand>(&p))
            c.runs.push_back(*run);
    }
    return send(line(m_nextId++, c));
}

int Dut::cancel()
{
    return send(line(m_nextId++, protocol::CancelCommand{}));
}

int Dut::activity()
{
    return send(line(m_nextId++, protocol::ActivityCommand{}));
}

int Dut::sources()
{
    return send(line(m_nextId++, protocol::SourcesCommand{}));
}

int Dut::sample(const QString &resource, double interval, double seconds)
{
    protocol::SampleCommand c;
    c.resource = resource.toStdString();
    c.interval = interval;
    if (seconds > 0.0)
        c.seconds = seconds;
    return send(line(m_nextId++, std::move(c)));
}

int Dut::sampleStop(const QString &resource)
{
    protocol::SampleStopCommand c;
    if (!resource.isEmpty())
        c.resource = resource.toStdString();
    return send(line(m_nextId++, std::move(c)));
}

int Dut::kat(const KatRequest &request)
{
    protocol::KatCommand c;
    c.cipher = request.cipher.toStdString();
    c.backend = request.backend.toStdString();
    c.op = request.operation.toStdString();
    c.key = request.key.toHex().toStdString();
    if (request.ivName == QLatin1String("iv"))
        c.iv = request.iv.toHex().toStdString();
    else if (request.ivName == QLatin1String("nonce"))
        c.nonce = request.iv.toHex().toStdString();
    if (!request.aad.isEmpty())
        c.aad = request.aad.toHex().toStdString();
    c.offset = request.offset;
    c.input = request.input.toHex().toStdString();
    return send(line(m_nextId++, c));
}

int Dut::reset()
{
    return send(line(m_nextId++, protocol::ResetCommand{}));
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
