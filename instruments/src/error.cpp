#include <cipherwatt/instruments/error.h>

namespace cipherwatt::instruments {

QString errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BadResource:
        return QStringLiteral("bad resource");
    case ErrorCode::NotFound:
        return QStringLiteral("not found");
    case ErrorCode::Access:
        return QStringLiteral("access denied");
    case ErrorCode::Io:
        return QStringLiteral("I/O error");
    case ErrorCode::Timeout:
        return QStringLiteral("timeout");
    case ErrorCode::Protocol:
        return QStringLiteral("protocol error");
    case ErrorCode::Instrument:
        return QStringLiteral("meter error");
    case ErrorCode::Unsupported:
        return QStringLiteral("unsupported");
    case ErrorCode::Disconnected:
        return QStringLiteral("disconnected");
    case ErrorCode::Cancelled:
        return QStringLiteral("cancelled");
    }
    return QStringLiteral("error");
}

QString Error::toString() const
{
    return errorCodeName(code) + QStringLiteral(": ") + message;
}

} // namespace cipherwatt::instruments
