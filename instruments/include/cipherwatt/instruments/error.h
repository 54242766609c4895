#pragma once

// The one error type of the instruments module, and the result type every fallible device or
// network call returns. Exceptions never leave this module; the UI maps codes to translated
// text and shows the message as detail.

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

// A short, stable English name of the code ("timeout", "protocol error", ...).
QString errorCodeName(ErrorCode code);

struct Error
{
    ErrorCode code = ErrorCode::Io;
    QString message;        // one line, says what was tried and what happened
    int instrumentCode = 0; // the meter's own code (e.g. 113, 813) for ErrorCode::Instrument

    // "<code name>: <message>", for logs and command-line output.
    QString toString() const;
};

template<typename T>
class [[nodiscard]] Result
{
public:
    Result(T value) // NOLINT(google-explicit-constructor): results read like values
        : m_value(std::move(value))
    {}
    Result(Error error) // NOLINT(google-explicit-constructor)
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

    const Error &error() const { return std::get<Error>(m_value); }

private:
    std::variant<T, Error> m_value;
};

template<>
class [[nodiscard]] Result<void>
{
public:
    Result() = default;
    Result(Error error) // NOLINT(google-explicit-constructor)
        : m_error(std::move(error))
    {}

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

} // namespace cipherwatt::instruments

Q_DECLARE_METATYPE(cipherwatt::instruments::Error)
