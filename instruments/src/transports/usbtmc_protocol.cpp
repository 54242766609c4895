#include "transports/usbtmc_protocol.h"

#include <QStringList>

#include <algorithm>

namespace cipherwatt::instruments::usbtmc {

namespace {

void putLe32(Header &header, std::size_t offset, std::uint32_t value)
{
    for (std::size_t i = 0; i < 4; ++i)
        header.at(offset + i) = static_cast<std::uint8_t>(value >> (8 * i));
}

std::uint32_t getLe32(std::span<const std::uint8_t> bytes, std::size_t offset)
{
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < 4; ++i)
        value |= static_cast<std::uint32_t>(bytes[offset + i]) << (8 * i);
    return value;
}

std::uint16_t getLe16(std::span<const std::uint8_t> bytes, std::size_t offset)
{
    return static_cast<std::uint16_t>(bytes[offset] | (bytes[offset + 1] << 8));
}

Header commonHeader(std::uint8_t msgId, std::uint8_t tag, std::uint32_t transferSize)
{
    Header header{};
    header[0] = msgId;
    header[1] = tag;
    header[2] = static_cast<std::uint8_t>(~tag);
    header[3] = 0;
    putLe32(header, 4, transferSize);
    return header;
}

bool bit(std::uint8_t byte, int n)
{
    return (byte & (1U << n)) != 0;
}

// libsigrok's blacklist_remote, keyed by vendor only (its Rigol entries are per product and
// not needed here).
constexpr VendorQuirks kQuirks[] = {
    {0x0B21, "Yokogawa", true}, // all Yokogawa devices advertise RL1 but must not get REN
    {0xF4EC, "Siglent", true},  // all Siglent SDS devices, same
};
constexpr VendorQuirks kNoQuirks{};

} // namespace

const char *requestName(Request request)
{
    switch (request) {
    case Request::InitiateAbortBulkOut:
        return "INITIATE_ABORT_BULK_OUT";
    case Request::CheckAbortBulkOutStatus:
        return "CHECK_ABORT_BULK_OUT_STATUS";
    case Request::InitiateAbortBulkIn:
        return "INITIATE_ABORT_BULK_IN";
    case Request::CheckAbortBulkInStatus:
        return "CHECK_ABORT_BULK_IN_STATUS";
    case Request::InitiateClear:
        return "INITIATE_CLEAR";
    case Request::CheckClearStatus:
        return "CHECK_CLEAR_STATUS";
    case Request::GetCapabilities:
        return "GET_CAPABILITIES";
    case Request::IndicatorPulse:
        return "INDICATOR_PULSE";
    case Request::ReadStatusByte:
        return "READ_STATUS_BYTE";
    case Request::RenControl:
        return "REN_CONTROL";
    case Request::GoToLocal:
        return "GO_TO_LOCAL";
    case Request::LocalLockout:
        return "LOCAL_LOCKOUT";
    }
    return "class request";
}

QString Capabilities::toString() const
{
    QStringList parts;
    parts << QStringLiteral("USBTMC %1.%2")
                 .arg(bcdUsbtmc >> 8, 0, 16)
                 .arg(bcdUsbtmc & 0xFF, 2, 16, QLatin1Char('0'));
    if (termChar)
        parts << QStringLiteral("TermChar");
    if (listenOnly)
        parts << QStringLiteral("listen-only");
    if (talkOnly)
        parts << QStringLiteral("talk-only");
    if (usb488) {
        parts << QStringLiteral("USB488 %1.%2")
                     .arg(bcdUsb488 >> 8, 0, 16)
                     .arg(bcdUsb488 & 0xFF, 2, 16, QLatin1Char('0'));
        const std::pair<bool, const char *> flags[] = {
            {is4882, "488.2"},    {acceptsRemoteLocal, "REN/GTL/LLO"},
            {trigger, "TRIGGER"}, {scpi, "SCPI"},
            {sr1, "SR1"},         {rl1, "RL1"},
            {dt1, "DT1"},
        };
        for (const auto &[set, name] : flags) {
            if (set)
                parts << QLatin1String(name);
        }
    }
    return parts.join(QStringLiteral(", "));
}

std::optional<Capabilities> parseCapabilities(std::span<const std::uint8_t> reply,
                                              int interfaceProtocol)
{
    if (reply.size() < static_cast<std::size_t>(kCapabilitiesSize) || reply[0] != kStatusSuccess)
        return std::nullopt;
    Capabilities caps;
    caps.bcdUsbtmc = getLe16(reply, 2);
    caps.indicatorPulse = bit(reply[4], 2);
    caps.talkOnly = bit(reply[4], 1);
    caps.listenOnly = bit(reply[4], 0);
    caps.termChar = bit(reply[5], 0);
    if (interfaceProtocol == kProtocolUsb488) {
        caps.usb488 = true;
        caps.bcdUsb488 = getLe16(reply, 12);
        caps.is4882 = bit(reply[14], 2);
        caps.acceptsRemoteLocal = bit(reply[14], 1);
        caps.trigger = bit(reply[14], 0);
        caps.scpi = bit(reply[15], 3);
        caps.sr1 = bit(reply[15], 2);
        caps.rl1 = bit(reply[15], 1);
        caps.dt1 = bit(reply[15], 0);
    }
    return caps;
}

Header devDepMsgOutHeader(std::uint8_t tag, std::uint32_t transferSize, bool eom)
{
    Header header = commonHeader(kDevDepMsgOut, tag, transferSize);
    header[8] = eom ? kAttrEom : 0;
    return header;
}

Header requestDevDepMsgInHeader(std::uint8_t tag, std::uint32_t transferSize)
{
    // No TermChar: the meter ends every reply with EOM, and TermChar is optional (caps[5]).
    return commonHeader(kRequestDevDepMsgIn, tag, transferSize);
}

QByteArray devDepMsgOut(std::uint8_t tag, QByteArrayView payload, bool eom)
{
    const Header header = devDepMsgOutHeader(tag, static_cast<std::uint32_t>(payload.size()), eom);
    QByteArray transfer(reinterpret_cast<const char *>(header.data()), kHeaderSize);
    transfer.append(payload);
    const auto padding = (4 - transfer.size() % 4) % 4;
    transfer.append(padding, '\0');
    return transfer;
}

InHeaderCheck checkDevDepMsgInHeader(std::span<const std::uint8_t> bytes, std::uint8_t tag,
                                     std::uint32_t requested)
{
    InHeaderCheck check;
    if (bytes.size() < static_cast<std::size_t>(kHeaderSize)) {
        check.error = QStringLiteral("reply header has %1 of 12 bytes").arg(bytes.size());
        return check;
    }
    if (bytes[0] != kDevDepMsgIn) {
        check.error =
            QStringLiteral("reply has MsgID %1, expected DEV_DEP_MSG_IN (2)").arg(bytes[0]);
        return check;
    }
    if (bytes[1] != tag || bytes[2] != static_cast<std::uint8_t>(~tag)) {
        check.error = QStringLiteral("reply has bTag %1/%2, expected %3/%4")
                          .arg(bytes[1])
                          .arg(bytes[2])
                          .arg(tag)
                          .arg(static_cast<std::uint8_t>(~tag));
        return check;
    }
    InHeader header;
    header.transferSize = getLe32(bytes, 4);
    header.attributes = bytes[8];
    if (header.transferSize > requested) {
        check.error = QStringLiteral("reply announces %1 bytes, more than the %2 requested")
                          .arg(header.transferSize)
                          .arg(requested);
        return check;
    }
    check.header = header;
    return check;
}

QString decodeSerial(const QString &iSerial)
{
    if (iSerial.isEmpty() || iSerial.size() % 2 != 0)
        return iSerial;
    const auto isHexDigit = [](QChar c) {
        const char16_t u = c.unicode();
        return (u >= '0' && u <= '9') || (u >= 'a' && u <= 'f') || (u >= 'A' && u <= 'F');
    };
    if (!std::all_of(iSerial.begin(), iSerial.end(), isHexDigit))
        return iSerial;
    const QByteArray bytes = QByteArray::fromHex(iSerial.toLatin1());
    for (const char byte : bytes) {
        if (byte < 0x20 || byte > 0x7E)
            return iSerial;
    }
    return QString::fromLatin1(bytes);
}

const VendorQuirks &quirksFor(std::uint16_t vendorId)
{
    for (const VendorQuirks &quirks : kQuirks) {
        if (quirks.vendorId == vendorId)
            return quirks;
    }
    return kNoQuirks;
}

QString hex8(unsigned value)
{
    return QStringLiteral("0x%1").arg(value, 2, 16, QLatin1Char('0'));
}

QString hexDump(QByteArrayView bytes, qsizetype limit)
{
    const QByteArray shown = bytes.first(std::min(bytes.size(), limit)).toByteArray();
    QString text = QString::fromLatin1(shown.toHex(' '));
    if (bytes.size() > limit)
        text += QStringLiteral(" … (%1 bytes)").arg(bytes.size());
    return text;
}

} // namespace cipherwatt::instruments::usbtmc
