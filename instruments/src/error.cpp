#include "messages.h"

#include <cipherwatt/instruments/error.h>

namespace cipherwatt::instruments {

QString errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BadResource:
        return english(msg::kBadResource);
    case ErrorCode::NotFound:
        return english(msg::kNotFound);
    case ErrorCode::Access:
        return english(msg::kAccess);
    case ErrorCode::Io:
        return english(msg::kIo);
    case ErrorCode::Timeout:
        return english(msg::kTimeout);
    case ErrorCode::Protocol:
        return english(msg::kProtocol);
    case ErrorCode::Instrument:
        return english(msg::kInstrument);
    case ErrorCode::Unsupported:
        return english(msg::kUnsupported);
    case ErrorCode::Disconnected:
        return english(msg::kDisconnected);
    case ErrorCode::Cancelled:
        return english(msg::kCancelled);
    }
    return english(msg::kError);
}

QString Error::toString() const
{
    return english(msg::kWithDetail).arg(errorCodeName(code), message);
}

} // namespace cipherwatt::instruments
