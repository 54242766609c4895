#pragma once

// The one error type of the instruments module, and the result type every fallible device or
// network call returns. Exceptions never leave this module; the UI maps codes to translated
// text and shows the message as detail.

#include <cipherwatt/instruments/message.h>

#include <QMetaType>
#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace cipherwatt::instruments {

enum class ErrorCode {
    BadResource,  // the resource string cannot be parsed
    NotFound,     // no such device, port or host
    Access,       // the device exists but may not be opened (permissions, busy)
    Io,           // a read or write failed
    Timeout,      // no reply within the deadline
    Protocol,     // a reply that breaks the framing or the expected format
    Instrument,   // the meter reported an error in its error queue (see Error::instrumentCode)
    Unsupported,  // a model, setting or item the meter does not have
    Disconnected, // the link dropped
    Cancelled,    // interrupted on request (stop, close)
};

// A short name of the code ("timeout", "protocol error", ...).
Message errorCodeName(ErrorCode code);

struct Error
{
    Error() = default;
    Error(ErrorCode c, Message m, int instrument = 0)
        : code(c)
        , message(std::move(m))
        , instrumentCode(instrument)
    {}
    // A detail with no template of its own (a protocol reply, a file's parse error): shown as
    // it is in every language.
    Error(ErrorCode c, const QString &text, int instrument = 0)
        : Error(c, Message::plain(text), instrument)
    {}

    ErrorCode code = ErrorCode::Io;
    Message message;        // one line, says what was tried and what happened
    int instrumentCode = 0; // the meter's own code (e.g. 113, 813) for ErrorCode::Instrument

    // "<code name>: <message>"
    Message describe() const;
    // describe() in English, for logs and command-line output.
    QString toString() const { return describe().english(); }
};

// A value, or the error that kept it from being made. E is the module's error type (this
// module's Error; core has its own).
template<typename T, typename E = Error>
class [[nodiscard]] Result
{
public:
    Result(T value) // NOLINT(google-explicit-constructor): results read like values
        : m_value(std::move(value))
    {}
    Result(E error) // NOLINT(google-explicit-constructor)
        : m_value(std::move(error))
    {}

    bool ok() const { return std::holds_alternative<T>(m_value); }
    explicit operator bool() const { return ok(); }

    T &value() & { return std::get<T>(m_value); }
    const T &value() const & { return std::get<T>(m_value); }
    T &&value() && { return std::get<T>(std::move(m_value)); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }

    const E &error() const { return std::get<E>(m_value); }

private:
    std::variant<T, E> m_value;
};

template<typename E>
class [[nodiscard]] Result<void, E>
{
public:
    Result() = default;
    Result(E error) // NOLINT(google-explicit-constructor)
        : m_error(std::move(error))
    {}

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const E &error() const { return *m_error; }

private:
    std::optional<E> m_error;
};

} // namespace cipherwatt::instruments

Q_DECLARE_METATYPE(cipherwatt::instruments::Error)
