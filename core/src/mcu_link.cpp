// The link to a board running the CipherWatt firmware (cipherwatt/core/mcu.h): a serial port or
// a TCP byte stream, the firmware's framing, the greeting, and the watch over a board that
// resets, faults, corrupts lines or falls silent. Lives in the Dut's thread, like the other
// links; every wait is a deadline checked by a timer, never a blocking call.

#include "messages_mcu.h"

#include <cipherwatt/core/mcu.h>
#include <cipherwatt/protocol/codec.h>

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QSerialPort>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <limits>
#include <map>
#include <optional>

Q_LOGGING_CATEGORY(lcMcu, "cipherwatt.core.mcu", QtWarningMsg)

namespace cipherwatt::core {

namespace {

// The link's own commands carry ids far above the Dut's (which count from 1), so that their
// answers are told apart and kept from the Dut.
constexpr std::int64_t kSyncId = std::int64_t{1} << 40;
constexpr std::int64_t kHelloId = kSyncId + 1;
constexpr std::int64_t kCancelId = kSyncId + 2;

constexpr int kTickMs = 50;
// The oldest worker protocol a board may speak (firmware/PROTOCOL.md, "hello").
constexpr int kOldestFirmwareProtocol = 2;
// Before the board's hello says its own: the protocol's line limit on the qemu board.
constexpr qsizetype kDefaultMaxLine = 2048;
// The longest answer a command gets (`list`): the protocol asks hosts to take 16 KiB.
constexpr qsizetype kLongestAnswer = qsizetype{16} * 1024;

class McuLink final : public WorkerLink
{
public:
    explicit McuLink(McuLinkOptions options)
        : m_options(std::move(options))
        , m_lines(mcu::kMaxBoardLine)
        , m_timer(this)
    {
        m_timer.setInterval(kTickMs);
        connect(&m_timer, &QTimer::timeout, this, &McuLink::tick);
    }

    ~McuLink() override
    {
        blockSignals(true);
        if (m_device != nullptr && m_state != State::Ended) {
            // A run left going would heat the board through the next session's baseline.
            if (m_runId)
                sendCommand(protocol::CancelCommand{}, kCancelId);
            closeDevice();
        }
    }

    void start() override
    {
        m_clock.start();
        m_state = State::Opening;
        m_stateSinceMs = 0;
        m_timer.start();
        if (m_options.transport == McuLinkOptions::Transport::Tcp) {
            auto *socket = new QTcpSocket(this);
            m_device = socket;
            connect(socket, &QTcpSocket::connected, this, [this, socket] {
                socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
                beginSync();
            });
            connect(socket, &QTcpSocket::errorOccurred, this,
                    [this, socket] { deviceFailed(socket->errorString()); });
            connect(socket, &QTcpSocket::readyRead, this, &McuLink::readBytes);
            socket->connectToHost(m_options.host, m_options.port);
            return;
        }
        auto *serial = new QSerialPort(this);
        m_device = serial;
        serial->setPortName(m_options.device);
        serial->setBaudRate(m_options.baud);
        serial->setDataBits(QSerialPort::Data8);
        serial->setParity(QSerialPort::NoParity);
        serial->setStopBits(QSerialPort::OneStop);
        serial->setFlowControl(QSerialPort::NoFlowControl);
        connect(serial, &QSerialPort::errorOccurred, this,
                [this, serial](QSerialPort::SerialPortError e) {
                    if (e != QSerialPort::NoError && e != QSerialPort::TimeoutError)
                        deviceFailed(serial->errorString());
                });
        connect(serial, &QSerialPort::readyRead, this, &McuLink::readBytes);
        if (!serial->open(QIODevice::ReadWrite))
            return; // errorOccurred said why
        // What the board sent before this host came is not for it.
        serial->clear(QSerialPort::Input);
        beginSync();
    }

    void writeLine(const QByteArray &line) override
    {
        if (m_state == State::Ended)
            return;
        if (m_state != State::Ready) {
            m_queue.push_back(line);
            return;
        }
        send(line);
    }

    void closeInput() override
    {
        if (m_state == State::Ended)
            return;
        if (m_state == State::Ready && m_runId)
            sendCommand(protocol::CancelCommand{}, kCancelId);
        end(msg::kMcuClosed, true);
    }

    void kill() override { end(msg::kMcuClosed, false); }

    QString description() const override { return m_options.resource; }

private:
    enum class State : std::uint8_t { Idle, Opening, Syncing, Draining, Greeting, Ready, Ended };

    struct Pending
    {
        bool run = false;
        qint64 sentMs = 0;
        qsizetype bytes = 0;
    };

    qint64 nowMs() const { return m_clock.elapsed(); }

    void enter(State state)
    {
        m_state = state;
        m_stateSinceMs = nowMs();
    }

    // Seconds `bytes` take on the board's UART (10 bits a byte with start and stop bits).
    double wireSeconds(qsizetype bytes) const
    {
        const double baud = m_uartBaud > 0 ? m_uartBaud : std::max(m_options.baud, 1);
        return static_cast<double>(bytes) * 10.0 / baud;
    }

    // ---- Opening and the greeting ------------------------------------------------------------

    void beginSync()
    {
        m_syncStartMs = m_lastByteMs = nowMs();
        enter(State::Syncing);
        // A blank line ends whatever a previous host left half-sent; cancel ends a run it left
        // going (its end comes before anything else is answered).
        m_device->write("\n");
        sendCommand(protocol::CancelCommand{}, kSyncId);
    }

    void handshake(const protocol::Event &event, const QByteArray &json)
    {
        const bool ours = event.id.has_value();
        if (m_state == State::Syncing && ours && *event.id == kSyncId) {
            const auto *ack = std::get_if<protocol::CancelEvent>(&event.body);
            if (ack != nullptr && ack->running) {
                emit note(msg::kMcuCancelledPrevious);
                enter(State::Draining);
                return;
            }
            greet();
        } else if (m_state == State::Draining &&
                   (std::holds_alternative<protocol::RunEndEvent>(event.body) ||
                    std::holds_alternative<protocol::ErrorEvent>(event.body))) {
            greet();
        } else if (m_state == State::Greeting && ours && *event.id == kHelloId) {
            greeted(event, json);
        }
        // Anything else (the hello of a board that just started, a previous run's progress)
        // belongs to no one.
    }

    void greet()
    {
        enter(State::Greeting);
        sendCommand(protocol::HelloCommand{}, kHelloId);
    }

    void greeted(const protocol::Event &event, const QByteArray &json)
    {
        const auto *hello = std::get_if<protocol::HelloEvent>(&event.body);
        if (hello == nullptr) {
            const auto *error = std::get_if<protocol::ErrorEvent>(&event.body);
            failStart(Message(msg::kMcuRefused)
                          .arg(m_options.resource, error != nullptr
                                                       ? QString::fromStdString(error->message)
                                                       : QString::fromUtf8(json.left(80))));
            return;
        }
        const std::string kind = hello->dutKind.value_or("linux");
        if (kind != "mcu") {
            failStart(Message(msg::kMcuNotFirmware)
                          .arg(m_options.resource, QString::fromStdString(kind)));
            return;
        }
        // The firmware speaks protocol 2 (firmware/PROTOCOL.md); 3 added only `activity`,
        // which the host never asks of a board (it runs nothing else).
        if (hello->protocol < kOldestFirmwareProtocol || hello->protocol > protocol::kVersion) {
            failStart(Message(msg::kMcuProtocol)
                          .arg(m_options.resource)
                          .arg(hello->protocol)
                          .arg(protocol::kVersion));
            return;
        }
        m_progressInterval = hello->progressInterval.value_or(1.0);
        if (m_progressInterval <= 0)
            m_progressInterval = 1.0;
        m_maxLine = static_cast<qsizetype>(hello->maxLine.value_or(kDefaultMaxLine));
        m_uartBaud = static_cast<int>(hello->uartBaud.value_or(0));
        enter(State::Ready);
        emit started();
        emit lineReceived(json); // the Dut's greeting
        for (const QByteArray &line : std::exchange(m_queue, {}))
            send(line);
    }

    // ---- Commands -----------------------------------------------------------------------------

    void sendCommand(protocol::CommandBody body, std::int64_t id)
    {
        writeFramed(QByteArray::fromStdString(protocol::encodeCommand({id, std::move(body)})));
    }

    void writeFramed(const QByteArray &json) { m_device->write(mcu::frame(json) + '\n'); }

    // A command from the Dut: noted (what answers it, and by when) and sent.
    void send(const QByteArray &json)
    {
        const auto command = protocol::decodeCommand(
            std::string_view(json.constData(), static_cast<std::size_t>(json.size())));
        const std::optional<std::int64_t> id = command ? command->id : std::nullopt;
        const qsizetype framed = json.size() + 10;
        if (framed > m_maxLine) {
            // The board would drop it and answer without an id: answer it here, by its id.
            protocol::ErrorEvent error;
            error.message = Message(msg::kMcuCommandTooLong).arg(m_maxLine).english().toStdString();
            error.code = "frame";
            emit lineReceived(QByteArray::fromStdString(protocol::encodeEvent({id, error})));
            return;
        }
        if (command && std::holds_alternative<protocol::ResetCommand>(command->body))
            m_resetAsked = true;
        if (id)
            m_pending[*id] = {command &&
                                  std::holds_alternative<protocol::RunCommand>(command->body),
                              nowMs(), framed};
        writeFramed(json);
    }

    // ---- Lines from the board -----------------------------------------------------------------

    void readBytes()
    {
        if (m_state == State::Ended)
            return;
        const QByteArray bytes = m_device->readAll();
        if (bytes.isEmpty())
            return;
        m_lastByteMs = nowMs();
        const LineSplitter::Lines in = m_lines.append(bytes);
        for (QByteArray line : in.lines) {
            if (line.endsWith('\r')) // a bridge that ends lines the Telnet way
                line.chop(1);
            if (line.trimmed().isEmpty())
                continue;
            onLine(line);
            if (m_state == State::Ended)
                return;
        }
        // A line past the limit ends the link at once: a board that streams garbage without
        // a newline would otherwise be waited on.
        if (in.tooLong > 0 || m_lines.dropping())
            badLine(Message(msg::kMcuLineTooLong).arg(mcu::kMaxBoardLine));
    }

    void badLine(const Message &why)
    {
        if (m_state == State::Ready)
            end(why, false);
        else
            ++m_damaged; // a line cut by the connection's start, or the wrong baud rate
    }

    void onLine(const QByteArray &line)
    {
        const mcu::Unframed unframed = mcu::unframe(line);
        if (!unframed.error.isEmpty()) {
            badLine(Message(msg::kMcuBadFrame)
                        .arg(unframed.error,
                             QString::fromStdString(protocol::quotePrefix(line.toStdString()))));
            return;
        }
        const QByteArray &json = unframed.json;
        const auto event = protocol::decodeEvent(
            std::string_view(json.constData(), static_cast<std::size_t>(json.size())));
        if (!event) {
            badLine(Message(msg::kMcuBadLine).arg(QString::fromStdString(event.error())));
            return;
        }
        if (m_state != State::Ready)
            handshake(*event, json);
        else
            fromBoard(*event, json);
    }

    void fromBoard(const protocol::Event &event, const QByteArray &json)
    {
        const protocol::EventBody &body = event.body;
        if (const auto *hello = std::get_if<protocol::HelloEvent>(&body); hello && !event.id) {
            // The start-up hello: the board restarted. Asked for (`reset`), it is news; if not,
            // whatever it was doing was cut off without a word.
            m_runId.reset();
            m_pending.clear();
            if (!std::exchange(m_resetAsked, false)) {
                end(Message(msg::kMcuBoardReset)
                        .arg(static_cast<qint64>(hello->uptimeMs.value_or(0))),
                    false);
                return;
            }
            emit lineReceived(json);
            return;
        }
        if (const auto *fault = std::get_if<protocol::FaultEvent>(&body)) {
            emit lineReceived(json);
            emit crashed();
            end(Message(msg::kMcuFault)
                    .arg(QString::fromStdString(fault->exception),
                         QString::fromStdString(fault->pc)),
                false);
            return;
        }
        const auto *error = std::get_if<protocol::ErrorEvent>(&body);
        if (error != nullptr && !event.id && error->code.value_or(std::string()) == "frame") {
            end(Message(msg::kMcuDamagedCommand).arg(QString::fromStdString(error->message)),
                false);
            return;
        }
        if (event.id) {
            const std::int64_t id = *event.id;
            if (const auto it = m_pending.find(id); it != m_pending.end()) {
                if (it->second.run && std::holds_alternative<protocol::RunStartEvent>(body))
                    m_runId = id;
                m_pending.erase(it);
            }
            if (m_runId && *m_runId == id &&
                (std::holds_alternative<protocol::RunEndEvent>(body) || error != nullptr))
                m_runId.reset();
            if (id >= kSyncId)
                return; // the link's own
        }
        emit lineReceived(json);
    }

    // ---- Deadlines ----------------------------------------------------------------------------

    void tick()
    {
        const qint64 now = nowMs();
        switch (m_state) {
        case State::Opening:
            if (now - m_stateSinceMs > ms(m_options.connectSeconds))
                failStart(Message(msg::kMcuConnectTimeout)
                              .arg(m_options.resource)
                              .arg(m_options.connectSeconds));
            return;
        case State::Syncing:
        case State::Draining:
        case State::Greeting:
            if (m_device != nullptr && m_device->bytesAvailable() > 0)
                readBytes();
            if (m_state != State::Ended && m_state != State::Ready &&
                now - m_syncStartMs > ms(m_options.greetingSeconds)) {
                failStart(m_damaged > 0 ? Message(msg::kMcuNoGreetingDamaged)
                                              .arg(m_options.resource)
                                              .arg(m_options.greetingSeconds)
                                              .arg(m_damaged)
                                              .arg(m_options.baud)
                                        : Message(msg::kMcuNoGreeting)
                                              .arg(m_options.resource)
                                              .arg(m_options.greetingSeconds));
            }
            return;
        case State::Ready:
            watch(now);
            return;
        default:
            return;
        }
    }

    // A board owes an event while a run goes on (at least every progress_interval_s), and an
    // answer to every other command (within answerSeconds plus the lines' time on the wire).
    void watch(qint64 now)
    {
        // Bytes that arrived while this thread was busy count before the clock does.
        if (m_device->bytesAvailable() > 0) {
            readBytes();
            if (m_state != State::Ready)
                return;
        }
        qint64 deadline = std::numeric_limits<qint64>::max();
        double promised = 0;
        const auto owe = [&](double seconds, qint64 from) {
            const qint64 by = from + ms(seconds * mcu::kSilenceFactor);
            if (by < deadline) {
                deadline = by;
                promised = seconds;
            }
        };
        if (m_runId)
            owe(m_progressInterval + wireSeconds(kDefaultMaxLine), m_lastByteMs);
        for (const auto &[id, pending] : m_pending)
            owe(m_options.answerSeconds + wireSeconds(pending.bytes + kLongestAnswer),
                std::max(pending.sentMs, m_lastByteMs));
        if (now <= deadline)
            return;
        end(Message(msg::kMcuSilent)
                .arg(static_cast<double>(now - m_lastByteMs) / 1000.0, 0, 'f', 1)
                .arg(promised, 0, 'f', 1),
            false);
    }

    static qint64 ms(double seconds) { return static_cast<qint64>(seconds * 1000.0); }

    // ---- The end ------------------------------------------------------------------------------

    void deviceFailed(const QString &why)
    {
        if (m_state == State::Ended)
            return;
        const QString what =
            m_options.transport == McuLinkOptions::Transport::Tcp
                ? m_options.host + QLatin1Char(':') + QString::number(m_options.port)
                : m_options.device;
        if (m_state == State::Opening)
            failStart(Message(msg::kMcuCannotOpen).arg(what, why));
        else if (m_state == State::Ready)
            end(Message(msg::kMcuLost).arg(why), false);
        else
            failStart(Message(msg::kMcuLost).arg(why));
    }

    void closeDevice()
    {
        if (m_device == nullptr)
            return;
        if (auto *socket = qobject_cast<QTcpSocket *>(m_device)) {
            socket->disconnect(this);
            socket->flush();
            socket->disconnectFromHost();
            if (socket->state() != QAbstractSocket::UnconnectedState)
                socket->waitForDisconnected(500);
            socket->abort();
        } else if (auto *serial = qobject_cast<QSerialPort *>(m_device)) {
            serial->disconnect(this);
            if (serial->isOpen()) {
                serial->flush();
                serial->waitForBytesWritten(500);
                serial->close();
            }
        }
    }

    void failStart(const Message &reason)
    {
        if (m_state == State::Ended)
            return;
        enter(State::Ended);
        m_timer.stop();
        closeDevice();
        emit failed(reason);
    }

    void end(const Message &reason, bool clean)
    {
        if (m_state == State::Ended)
            return;
        const bool started = m_state == State::Ready;
        enter(State::Ended);
        m_timer.stop();
        closeDevice();
        qCInfo(lcMcu) << m_options.resource << reason.english();
        if (started)
            emit finished(reason, clean);
        else
            emit failed(reason);
    }

    McuLinkOptions m_options;
    QIODevice *m_device = nullptr; // a QTcpSocket or QSerialPort, a child
    LineSplitter m_lines;
    QTimer m_timer;
    QElapsedTimer m_clock;
    State m_state = State::Idle;
    qint64 m_stateSinceMs = 0;
    qint64 m_syncStartMs = 0;
    qint64 m_lastByteMs = 0;
    int m_damaged = 0;
    double m_progressInterval = 1.0;
    qsizetype m_maxLine = kDefaultMaxLine;
    int m_uartBaud = 0;
    std::map<std::int64_t, Pending> m_pending;
    std::optional<std::int64_t> m_runId;
    bool m_resetAsked = false;
    std::vector<QByteArray> m_queue;
};

} // namespace

std::unique_ptr<WorkerLink> makeMcuLink(const McuLinkOptions &options)
{
    return std::make_unique<McuLink>(options);
}

} // namespace cipherwatt::core
