#include "messages.h"

#include <cipherwatt/instruments/error.h>

namespace cipherwatt::instruments {

Message errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BadResource:
        return msg::kBadResource;
    case ErrorCode::NotFound:
        return msg::kNotFound;
    case ErrorCode::Access:
        return msg::kAccess;
    case ErrorCode::Io:
        return msg::kIo;
    case ErrorCode::Timeout:
        return msg::kTimeout;
    case ErrorCode::Protocol:
        return msg::kProtocol;
    case ErrorCode::Instrument:
        return msg::kInstrument;
    case ErrorCode::Unsupported:
        return msg::kUnsupported;
    case ErrorCode::Disconnected:
        return msg::kDisconnected;
    case ErrorCode::Cancelled:
        return msg::kCancelled;
    }
    return msg::kError;
}

Message Error::describe() const
{
    return Message(msg::kWithDetail).arg(errorCodeName(code), message);
}

} // namespace cipherwatt::instruments
