#include <cipherwatt/instruments/scpi.h>

#include <QtEndian>

#include <cmath>
#include <cstring>
#include <limits>

namespace cipherwatt::instruments::scpi {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

QByteArrayView trimmed(QByteArrayView text)
{
    qsizetype begin = 0;
    qsizetype end = text.size();
    while (begin < end && isSpace(text[begin]))
        ++begin;
    while (end > begin && isSpace(text[end - 1]))
        --end;
    return text.sliced(begin, end - begin);
}

Error protocolError(const QString &message)
{
    return Error{ErrorCode::Protocol, Message::plain(message)};
}

// The reply as text for an error message: printable ASCII, shortened.
QString excerpt(QByteArrayView reply)
{
    constexpr qsizetype kMax = 40;
    QString out;
    for (qsizetype i = 0; i < reply.size() && i < kMax; ++i) {
        const auto c = static_cast<unsigned char>(reply[i]);
        out += (c >= 0x20 && c < 0x7f) ? QChar(c) : QChar(u'.');
    }
    if (reply.size() > kMax)
        out += QStringLiteral("...");
    return QLatin1Char('"') + out + QLatin1Char('"');
}

bool equalsIgnoreCase(QByteArrayView a, const char *b)
{
    const auto n = static_cast<qsizetype>(std::strlen(b));
    if (a.size() != n)
        return false;
    for (qsizetype i = 0; i < n; ++i) {
        char c = a[i];
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
        if (c != b[i])
            return false;
    }
    return true;
}

// A number in NR1, NR2 or NR3 form: [+-] digits [. digits] [E [+-] digits]. Stricter than
// strtod on purpose: "0x10", "1e", "  " or "1.2.3" from a garbled reply must not pass.
bool isNumber(QByteArrayView t)
{
    qsizetype i = 0;
    const qsizetype n = t.size();
    if (i < n && (t[i] == '+' || t[i] == '-'))
        ++i;
    qsizetype digits = 0;
    while (i < n && t[i] >= '0' && t[i] <= '9') {
        ++i;
        ++digits;
    }
    if (i < n && t[i] == '.') {
        ++i;
        while (i < n && t[i] >= '0' && t[i] <= '9') {
            ++i;
            ++digits;
        }
    }
    if (digits == 0)
        return false;
    if (i < n && (t[i] == 'E' || t[i] == 'e')) {
        ++i;
        if (i < n && (t[i] == '+' || t[i] == '-'))
            ++i;
        qsizetype expDigits = 0;
        while (i < n && t[i] >= '0' && t[i] <= '9') {
            ++i;
            ++expDigits;
        }
        if (expDigits == 0)
            return false;
    }
    return i == n;
}

std::optional<Value> parseAsciiValue(QByteArrayView field)
{
    const QByteArrayView t = trimmed(field);
    if (equalsIgnoreCase(t, "NAN"))
        return Value{kNaN, ValueState::NoData};
    if (equalsIgnoreCase(t, "INF") || equalsIgnoreCase(t, "+INF") || equalsIgnoreCase(t, "-INF"))
        return Value{kNaN, ValueState::OverRange};
    if (!isNumber(t))
        return std::nullopt;
    bool ok = false;
    const double x = t.toByteArray().toDouble(&ok); // locale-independent (C locale)
    if (!ok)
        return std::nullopt;
    return classify(x);
}

} // namespace

Value classify(double x)
{
    if (std::isnan(x))
        return {kNaN, ValueState::NoData};
    const double magnitude = std::fabs(x);
    // 9.91E+37 and 9.9E+37 are 1 % apart; the bands sit halfway so that the float32 roundings
    // of both codes (9.9099998E+37, 9.8999998E+37) land in their own band.
    if (magnitude >= 9.905e37)
        return {kNaN, ValueState::NoData};
    if (magnitude >= 9.895e37 || std::isinf(x))
        return {kNaN, ValueState::OverRange};
    return {x, ValueState::Valid};
}

QByteArrayView stripHeader(QByteArrayView reply)
{
    QByteArrayView t = trimmed(reply);
    // A header is a mnemonic path (":NUM:NORM:VAL", "RATE") followed by a space. Data never
    // starts with ':' and values never contain a space before their first separator.
    if (t.isEmpty())
        return t;
    const char first = t[0];
    const bool mnemonicStart = first == ':' || (first >= 'A' && first <= 'Z') ||
                               (first >= 'a' && first <= 'z') || first == '*';
    if (!mnemonicStart)
        return t;
    const qsizetype space = t.indexOf(' ');
    if (space < 0)
        return t;
    const qsizetype comma = t.indexOf(',');
    const qsizetype quote = t.indexOf('"');
    if ((comma >= 0 && comma < space) || (quote >= 0 && quote < space))
        return t;
    return trimmed(t.sliced(space + 1));
}

Result<std::vector<Value>> parseAsciiValues(QByteArrayView reply, qsizetype expected)
{
    const QByteArrayView body = stripHeader(reply);
    if (body.isEmpty())
        return protocolError(
            QStringLiteral("empty numeric reply (expected %1 values)").arg(expected));
    std::vector<Value> values;
    values.reserve(static_cast<std::size_t>(expected));
    qsizetype start = 0;
    while (true) {
        const qsizetype comma = body.indexOf(',', start);
        const qsizetype end = comma < 0 ? body.size() : comma;
        const QByteArrayView field = body.sliced(start, end - start);
        if (static_cast<qsizetype>(values.size()) == expected)
            return protocolError(QStringLiteral("numeric reply has more than the %1 values "
                                                "expected: %2")
                                     .arg(expected)
                                     .arg(excerpt(reply)));
        const auto value = parseAsciiValue(field);
        if (!value)
            return protocolError(QStringLiteral("value %1 of the numeric reply is not a number: "
                                                "%2")
                                     .arg(values.size() + 1)
                                     .arg(excerpt(trimmed(field))));
        values.push_back(*value);
        if (comma < 0)
            break;
        start = comma + 1;
    }
    if (static_cast<qsizetype>(values.size()) != expected)
        return protocolError(QStringLiteral("numeric reply has %1 values, expected %2")
                                 .arg(values.size())
                                 .arg(expected));
    return values;
}

Result<QByteArrayView> blockPayload(QByteArrayView reply)
{
    // Leading white space and a header may precede the block; trailing bytes are payload, so
    // the reply is not trimmed at its end (a float may end in 0x20 or 0x0D).
    qsizetype start = 0;
    while (start < reply.size() && isSpace(reply[start]))
        ++start;
    if (start < reply.size() && reply[start] != '#') {
        const qsizetype space = reply.indexOf(' ', start);
        const qsizetype hash = reply.indexOf('#', start);
        if (space >= 0 && hash > space && trimmed(reply.sliced(space, hash - space)).isEmpty())
            start = hash;
    }
    const QByteArrayView t = reply.sliced(start);
    if (t.size() < 2 || t[0] != '#')
        return protocolError(
            QStringLiteral("expected a binary block (#...), got %1").arg(excerpt(t)));
    const char d = t[1];
    if (d == '0') // indefinite length: the rest of the message
        return t.sliced(2);
    if (d < '1' || d > '9')
        return protocolError(
            QStringLiteral("binary block header is malformed: %1").arg(excerpt(t)));
    const qsizetype digits = d - '0';
    if (t.size() < 2 + digits)
        return protocolError(
            QStringLiteral("binary block header is truncated: %1").arg(excerpt(t)));
    qsizetype length = 0;
    for (qsizetype i = 0; i < digits; ++i) {
        const char c = t[2 + i];
        if (c < '0' || c > '9')
            return protocolError(
                QStringLiteral("binary block length is not a number: %1").arg(excerpt(t)));
        length = length * 10 + (c - '0');
    }
    const qsizetype begin = 2 + digits;
    if (t.size() - begin < length)
        return protocolError(QStringLiteral("binary block is truncated: %1 of %2 bytes")
                                 .arg(t.size() - begin)
                                 .arg(length));
    if (!trimmed(t.sliced(begin + length)).isEmpty())
        return protocolError(QStringLiteral("%1 unexpected bytes after a binary block of %2")
                                 .arg(t.size() - begin - length)
                                 .arg(length));
    return t.sliced(begin, length);
}

Result<std::vector<Value>> parseFloatValues(QByteArrayView reply, qsizetype expected)
{
    auto payload = blockPayload(reply);
    if (!payload)
        return payload.error();
    if (payload->size() != 4 * expected)
        return protocolError(QStringLiteral("FLOAT block has %1 bytes, expected %2 (%3 values)")
                                 .arg(payload->size())
                                 .arg(4 * expected)
                                 .arg(expected));
    std::vector<Value> values;
    values.reserve(static_cast<std::size_t>(expected));
    for (qsizetype i = 0; i < expected; ++i) {
        // FLOAT data is big-endian (MSB first), as every WT-family manual and reader shows.
        const auto bits = qFromBigEndian<std::uint32_t>(payload->data() + 4 * i);
        if (bits == kFloatNoData) {
            values.push_back({kNaN, ValueState::NoData});
        } else if (bits == kFloatOverRange) {
            values.push_back({kNaN, ValueState::OverRange});
        } else {
            float f = 0;
            std::memcpy(&f, &bits, sizeof f);
            values.push_back(classify(static_cast<double>(f)));
        }
    }
    return values;
}

Result<std::int64_t> parseInteger(QByteArrayView reply, const char *what)
{
    const QByteArrayView t = stripHeader(reply);
    bool ok = !t.isEmpty();
    qsizetype i = 0;
    if (ok && (t[0] == '+' || t[0] == '-'))
        i = 1;
    ok = ok && i < t.size();
    for (qsizetype k = i; ok && k < t.size(); ++k)
        ok = t[k] >= '0' && t[k] <= '9';
    std::int64_t value = 0;
    if (ok)
        value = t.toByteArray().toLongLong(&ok);
    if (!ok)
        return protocolError(QStringLiteral("%1: expected an integer, got %2")
                                 .arg(QLatin1String(what), excerpt(reply)));
    return value;
}

Result<double> parseReal(QByteArrayView reply, const char *what)
{
    const QByteArrayView t = stripHeader(reply);
    const auto value = parseAsciiValue(t);
    if (!value || t.contains(','))
        return protocolError(QStringLiteral("%1: expected a number, got %2")
                                 .arg(QLatin1String(what), excerpt(reply)));
    if (value->state != ValueState::Valid)
        return protocolError(QStringLiteral("%1: the meter has no valid value (%2)")
                                 .arg(QLatin1String(what), excerpt(reply)));
    return value->value;
}

Result<bool> parseBoolean(QByteArrayView reply, const char *what)
{
    const QByteArrayView t = stripHeader(reply);
    if (t == "1" || equalsIgnoreCase(t, "ON"))
        return true;
    if (t == "0" || equalsIgnoreCase(t, "OFF"))
        return false;
    return protocolError(QStringLiteral("%1: expected 1/0 or ON/OFF, got %2")
                             .arg(QLatin1String(what), excerpt(reply)));
}

Result<QueueEntry> parseErrorEntry(QByteArrayView reply)
{
    const QByteArrayView t = stripHeader(reply);
    const qsizetype comma = t.indexOf(',');
    const QByteArrayView codeText = trimmed(comma < 0 ? t : t.first(comma));
    auto code = parseInteger(codeText, "error queue");
    if (!code)
        return protocolError(
            QStringLiteral("error queue entry is malformed: %1").arg(excerpt(reply)));
    QueueEntry entry;
    entry.code = static_cast<int>(*code);
    if (comma >= 0) {
        QByteArrayView text = trimmed(t.sliced(comma + 1));
        if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
            text = text.sliced(1, text.size() - 2);
        // Inside a string, a doubled quote stands for one (IEEE 488.2 string data).
        entry.message = QString::fromLatin1(text.toByteArray().replace("\"\"", "\""));
    }
    return entry;
}

Result<IdnReply> parseIdn(QByteArrayView reply)
{
    const QByteArrayView t = stripHeader(reply);
    const QList<QByteArray> fields = t.toByteArray().split(',');
    if (fields.size() < 2 || fields.size() > 4 || trimmed(fields[1]).isEmpty())
        return protocolError(QStringLiteral("*IDN? reply is not maker,model,serial,firmware: %1")
                                 .arg(excerpt(reply)));
    IdnReply idn;
    idn.manufacturer = QString::fromLatin1(trimmed(fields[0]));
    idn.model = QString::fromLatin1(trimmed(fields[1]));
    if (fields.size() > 2)
        idn.serial = QString::fromLatin1(trimmed(fields[2]));
    if (fields.size() > 3)
        idn.firmware = QString::fromLatin1(trimmed(fields[3]));
    return idn;
}

} // namespace cipherwatt::instruments::scpi
