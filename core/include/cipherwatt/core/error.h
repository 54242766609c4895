#pragma once

// The core's error type: its own codes (what went wrong, for the front ends to act on) and a
// message by identifier (cipherwatt/instruments/message.h). A meter's error keeps its own
// code inside the message it gives; the core says the meter failed.

#include <cipherwatt/instruments/error.h>
#include <cipherwatt/instruments/message.h>

#include <QMetaType>

namespace cipherwatt::core {

using instruments::Message;
using instruments::MessageTemplate;

enum class ErrorCode : std::uint8_t {
    Usage,       // what the operator asked cannot work: a plan, a resource, a label, an option
    NotFound,    // no such session, file or host
    Refused,     // a database that is not CipherWatt's or is newer, a file that must not be
                 // replaced: left untouched
    Storage,     // the database could not be read or written
    Io,          // a file could not be written or read
    Meter,       // the meter failed (the message carries its own error)
    Dut,         // the DUT or its worker failed
    Protocol,    // the worker said something that breaks the protocol
    Unsupported, // possible in general, not here (a back end this build lacks)
    Cancelled,   // stopped on request
};

// "usage error", "not found", ...
Message errorCodeName(ErrorCode code);

struct Error
{
    Error() = default;
    Error(ErrorCode c, Message m)
        : code(c)
        , message(std::move(m))
    {}
    // The meter's error, as the core passes it on.
    static Error fromMeter(const instruments::Error &error);

    ErrorCode code = ErrorCode::Io;
    Message message;

    QString toString() const { return message.english(); }
};

template<typename T>
using Result = instruments::Result<T, Error>;

// Makes the core's message templates known to Message::fromJson (messages stored with their
// identifiers). Storage::open() calls it; calling it again does nothing.
void registerMessageCatalogue();

} // namespace cipherwatt::core

Q_DECLARE_METATYPE(cipherwatt::core::Error)
