#include "messages.h"

#include <cipherwatt/core/error.h>

namespace cipherwatt::core {

Message errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::Usage:
        return msg::kErrorUsage;
    case ErrorCode::NotFound:
        return msg::kErrorNotFound;
    case ErrorCode::Refused:
        return msg::kErrorRefused;
    case ErrorCode::Storage:
        return msg::kErrorStorage;
    case ErrorCode::Io:
        return msg::kErrorIo;
    case ErrorCode::Meter:
        return msg::kErrorMeter;
    case ErrorCode::Dut:
        return msg::kErrorDut;
    case ErrorCode::Protocol:
        return msg::kErrorProtocol;
    case ErrorCode::Unsupported:
        return msg::kErrorUnsupported;
    case ErrorCode::Cancelled:
        return msg::kErrorCancelled;
    }
    return msg::kErrorIo;
}

Error Error::fromMeter(const instruments::Error &error)
{
    return Error{error.code == instruments::ErrorCode::BadResource ? ErrorCode::Usage
                                                                   : ErrorCode::Meter,
                 error.describe()};
}

} // namespace cipherwatt::core
