#pragma once

// Transports carry SCPI program messages to a meter and response messages back. Which one is
// used follows from the prefix of the resource string (libsigrok's model): usbtmc, tcp,
// serial, sim. A transport belongs to one thread; only interrupt() is thread-safe.

#include <cipherwatt/instruments/error.h>

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <chrono>
#include <memory>
#include <optional>

namespace cipherwatt::instruments {

class Transport
{
public:
    virtual ~Transport() = default;
    Transport() = default;
    Transport(const Transport &) = delete;
    Transport &operator=(const Transport &) = delete;

    virtual Result<void> open() = 0;
    virtual void close() = 0;

    // Sends one program message. `message` carries no terminator: the transport adds its own
    // framing (LF on TCP, CR+LF on serial, a USBTMC header with EOM on USB).
    virtual Result<void> write(const QByteArray &message) = 0;

    // Receives one response message, without its terminator. Definite-length blocks
    // (`#4NNNN...`) are returned whole even when they contain LF bytes.
    virtual Result<QByteArray> read(std::chrono::milliseconds timeout) = 0;

    // Device clear: USBTMC INITIATE_CLEAR, otherwise discard buffered input. Recovers a meter
    // stuck after a timeout.
    virtual Result<void> clear() = 0;

    // Thread-safe: from now until clearInterrupt(), reads and writes return
    // ErrorCode::Cancelled, a blocked one within ~100 ms. A cancelled exchange may leave a
    // reply in flight; the driver resynchronises before it talks again.
    virtual void interrupt() = 0;
    virtual void clearInterrupt() = 0;

    // "usbtmc", "tcp", "serial", "sim".
    virtual QString kind() const = 0;
    // What was opened, for messages: "USB 001.004 (serial C3TL08017E)", "127.0.0.1:5025".
    virtual QString describe() const = 0;
    // Bytes per second the link can carry, or 0 when it is not the bottleneck (USB, TCP).
    virtual double bytesPerSecond() const { return 0.0; }
};

// Frames a byte stream (TCP, serial, the in-process simulator) into response messages: a
// message ends at LF (an optional CR before it is dropped) outside a definite-length block
// (`#<n><n digits of length><bytes>`). Bytes arrive in any pieces; take() returns each
// complete message once.
class ResponseFramer
{
public:
    void append(QByteArrayView bytes);
    // The next complete message without its terminator; std::nullopt while it is incomplete.
    // A malformed block header or a message longer than kMaxMessage gives an Error, and the
    // buffered bytes are dropped.
    std::optional<Result<QByteArray>> take();
    void clear();
    qsizetype buffered() const { return m_buffer.size(); }

    // Largest message accepted: far above any WT300 reply, so only a foreign or broken device
    // gets there.
    static constexpr qsizetype kMaxMessage = qsizetype{1} << 20;

private:
    QByteArray m_buffer;
    qsizetype m_scan = 0;     // bytes of m_buffer already known not to end a message
    qsizetype m_blockEnd = 0; // end of the last definite-length block in the message
    bool m_inString = false;  // m_scan is inside "string data", where LF and '#' are text
};

} // namespace cipherwatt::instruments
