#include <cipherwatt/instruments/transport.h>

namespace cipherwatt::instruments {

void ResponseFramer::append(QByteArrayView bytes)
{
    m_buffer.append(bytes);
}

void ResponseFramer::clear()
{
    m_buffer.clear();
    m_scan = 0;
    m_blockEnd = 0;
    m_inString = false;
}

std::optional<Result<QByteArray>> ResponseFramer::take()
{
    const qsizetype size = m_buffer.size();
    qsizetype i = m_scan;
    while (i < size) {
        const char c = m_buffer[i];
        if (m_inString) {
            if (c == '"')
                m_inString = false; // a doubled quote re-enters at the next character
            ++i;
            continue;
        }
        if (c == '"') {
            m_inString = true;
            ++i;
            continue;
        }
        if (c == '#' && i + 1 < size && m_buffer[i + 1] >= '1' && m_buffer[i + 1] <= '9') {
            // Definite-length block: its bytes may contain LF, so skip over them whole.
            const qsizetype digits = m_buffer[i + 1] - '0';
            if (i + 2 + digits > size)
                break; // header incomplete
            qsizetype length = 0;
            for (qsizetype k = 0; k < digits; ++k) {
                const char d = m_buffer[i + 2 + k];
                if (d < '0' || d > '9') {
                    clear();
                    return Result<QByteArray>(
                        Error{ErrorCode::Protocol,
                              QStringLiteral("binary block length is not a number")});
                }
                length = length * 10 + (d - '0');
            }
            if (length > kMaxMessage) {
                clear();
                return Result<QByteArray>(
                    Error{ErrorCode::Protocol,
                          QStringLiteral("binary block of %1 bytes is larger than any reply "
                                         "of this meter")
                              .arg(length)});
            }
            if (i + 2 + digits + length > size)
                break; // block incomplete: resume at its '#'
            i += 2 + digits + length;
            m_blockEnd = i;
            continue;
        }
        if (c == '#' && i + 1 >= size)
            break; // cannot tell yet whether a block starts here
        if (c == '\n') {
            QByteArray message = m_buffer.left(i);
            // CR+LF terminators (serial): the CR goes too, unless it is a block's last byte.
            if (message.endsWith('\r') && i - 1 >= m_blockEnd)
                message.chop(1);
            m_buffer.remove(0, i + 1);
            m_scan = 0;
            m_blockEnd = 0;
            m_inString = false;
            return Result<QByteArray>(std::move(message));
        }
        ++i;
    }
    m_scan = i;
    if (m_buffer.size() > kMaxMessage) {
        const qsizetype dropped = m_buffer.size();
        clear();
        return Result<QByteArray>(
            Error{ErrorCode::Protocol,
                  QStringLiteral("reply of more than %1 bytes without a terminator").arg(dropped)});
    }
    return std::nullopt;
}

} // namespace cipherwatt::instruments
