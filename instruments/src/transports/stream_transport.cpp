// TCP and serial transports: SCPI as a byte stream over a QIODevice, framed into messages by
// ResponseFramer. Blocking calls, used from the acquisition thread only; they wait in short
// slices so interrupt() is seen within ~50 ms.

#include "messages.h"
#include "transports/transports.h"

#include <QDeadlineTimer>
#include <QLoggingCategory>
#include <QSerialPort>
#include <QTcpSocket>

#include <atomic>

Q_LOGGING_CATEGORY(lcStream, "cipherwatt.instruments.stream", QtWarningMsg)

namespace cipherwatt::instruments {

namespace {

constexpr int kSliceMs = 50;

class StreamTransport : public Transport
{
public:
    Result<void> write(const QByteArray &message) override
    {
        if (auto ready = usable(); !ready)
            return ready;
        if (m_cancel.load())
            return cancelled();
        QByteArray bytes = message + terminator();
        if (device().write(bytes) != bytes.size())
            return ioError(QStringLiteral("write failed"));
        const QDeadlineTimer deadline(std::chrono::seconds(5));
        while (device().bytesToWrite() > 0) {
            if (m_cancel.load())
                return cancelled();
            if (!connected())
                return lost();
            if (deadline.hasExpired())
                return Error{ErrorCode::Timeout,
                             QStringLiteral("%1 does not take data").arg(describe())};
            device().waitForBytesWritten(kSliceMs);
        }
        return {};
    }

    Result<QByteArray> read(std::chrono::milliseconds timeout) override
    {
        if (auto ready = usable(); !ready)
            return ready.error();
        const QDeadlineTimer deadline(timeout);
        while (true) {
            if (auto message = m_framer.take())
                return *message;
            if (m_cancel.load())
                return cancelled();
            if (deadline.hasExpired())
                return Error{ErrorCode::Timeout,
                             Message(msg::kNoReplyFrom).arg(describe()).arg(timeout.count())};
            const auto remaining = deadline.remainingTime();
            if (!device().waitForReadyRead(
                    static_cast<int>(std::min<qint64>(kSliceMs, std::max<qint64>(1, remaining))))) {
                if (!connected())
                    return lost();
            }
            m_framer.append(device().readAll());
        }
    }

    Result<void> clear() override
    {
        if (connected()) {
            device().waitForReadyRead(0);
            device().readAll();
        }
        m_framer.clear();
        return {};
    }

    void interrupt() override { m_cancel = true; }
    void clearInterrupt() override { m_cancel = false; }

protected:
    virtual QIODevice &device() = 0;
    virtual bool connected() const = 0;
    virtual QByteArray terminator() const = 0;

    Error ioError(const QString &what) const
    {
        return Error{ErrorCode::Io,
                     QStringLiteral("%1: %2 (%3)").arg(describe(), what, m_deviceError())};
    }

    Error lost() const
    {
        return Error{ErrorCode::Disconnected,
                     Message(msg::kConnectionLost).arg(describe(), m_deviceError())};
    }

    static Error cancelled() { return Error{ErrorCode::Cancelled, QStringLiteral("interrupted")}; }

    Result<void> usable() const
    {
        if (!connected())
            return lost();
        return {};
    }

    std::function<QString()> m_deviceError = [] { return QString(); };
    ResponseFramer m_framer;
    std::atomic<bool> m_cancel{false};
};

class TcpTransport final : public StreamTransport
{
public:
    TcpTransport(QString host, quint16 port)
        : m_host(std::move(host))
        , m_port(port)
    {
        m_deviceError = [this] { return m_socket ? m_socket->errorString() : QString(); };
    }

    Result<void> open() override
    {
        m_socket = std::make_unique<QTcpSocket>();
        m_socket->connectToHost(m_host, m_port);
        const QDeadlineTimer deadline(std::chrono::seconds(5));
        while (m_socket->state() != QAbstractSocket::ConnectedState) {
            if (m_cancel.load())
                return cancelled();
            if (m_socket->state() == QAbstractSocket::UnconnectedState || deadline.hasExpired())
                return Error{ErrorCode::NotFound,
                             Message(msg::kCannotConnect)
                                 .arg(describe(), deadline.hasExpired()
                                                      ? Message(msg::kTimedOut)
                                                      : Message::plain(m_socket->errorString()))};
            m_socket->waitForConnected(kSliceMs);
        }
        m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        return {};
    }

    void close() override
    {
        if (!m_socket)
            return;
        if (m_socket->state() == QAbstractSocket::ConnectedState) {
            m_socket->waitForBytesWritten(1000);
            m_socket->disconnectFromHost();
            if (m_socket->state() != QAbstractSocket::UnconnectedState)
                m_socket->waitForDisconnected(1000);
        }
        m_socket.reset();
    }

    QString kind() const override { return QStringLiteral("tcp"); }
    QString describe() const override { return QStringLiteral("%1:%2").arg(m_host).arg(m_port); }

protected:
    QIODevice &device() override { return *m_socket; }
    bool connected() const override
    {
        return m_socket && m_socket->state() == QAbstractSocket::ConnectedState;
    }
    QByteArray terminator() const override { return QByteArrayLiteral("\n"); }

private:
    QString m_host;
    quint16 m_port;
    std::unique_ptr<QTcpSocket> m_socket;
};

class SerialTransport final : public StreamTransport
{
public:
    SerialTransport(QString device, qint32 baud)
        : m_device(std::move(device))
        , m_baud(baud)
    {
        m_deviceError = [this] { return m_port ? m_port->errorString() : QString(); };
    }

    Result<void> open() override
    {
        m_port = std::make_unique<QSerialPort>();
        m_port->setPortName(m_device);
        if (!m_port->open(QIODevice::ReadWrite)) {
            const auto code = m_port->error() == QSerialPort::PermissionError ? ErrorCode::Access
                                                                              : ErrorCode::NotFound;
            const QString why = m_port->errorString();
            m_port.reset();
            return Error{code, Message(msg::kCannotOpenSerial).arg(m_device, why)};
        }
        // The meter's RS-232 defaults are 8N1 without handshaking (reference 1.3); only the
        // rate is the operator's choice and must match the meter's setting.
        if (!m_port->setBaudRate(m_baud) || !m_port->setDataBits(QSerialPort::Data8) ||
            !m_port->setParity(QSerialPort::NoParity) ||
            !m_port->setStopBits(QSerialPort::OneStop) ||
            !m_port->setFlowControl(QSerialPort::NoFlowControl)) {
            const QString why = m_port->errorString();
            m_port.reset();
            return Error{ErrorCode::Io, QStringLiteral("cannot set %1 to %2 baud 8N1: %3")
                                            .arg(m_device)
                                            .arg(m_baud)
                                            .arg(why)};
        }
        m_port->clear();
        return {};
    }

    void close() override
    {
        if (!m_port)
            return;
        m_port->waitForBytesWritten(1000);
        m_port->close();
        m_port.reset();
    }

    QString kind() const override { return QStringLiteral("serial"); }
    QString describe() const override
    {
        return QStringLiteral("%1 at %2 baud").arg(m_device).arg(m_baud);
    }
    // 8N1: ten bit times per byte.
    double bytesPerSecond() const override { return m_baud / 10.0; }

protected:
    QIODevice &device() override { return *m_port; }
    // An unplugged USB-serial adapter leaves the port open with a resource error.
    bool connected() const override
    {
        return m_port && m_port->isOpen() && m_port->error() != QSerialPort::ResourceError;
    }
    QByteArray terminator() const override { return QByteArrayLiteral("\r\n"); }

private:
    QString m_device;
    qint32 m_baud;
    std::unique_ptr<QSerialPort> m_port;
};

} // namespace

std::unique_ptr<Transport> makeTcpTransport(const QString &host, quint16 port)
{
    return std::make_unique<TcpTransport>(host, port);
}

std::unique_ptr<Transport> makeSerialTransport(const QString &device, qint32 baud)
{
    return std::make_unique<SerialTransport>(device, baud);
}

} // namespace cipherwatt::instruments
