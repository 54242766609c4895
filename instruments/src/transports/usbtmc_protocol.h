#pragma once

// USBTMC 1.0 / USB488 framing and constants, without any I/O. Facts: ../shared/reference/
// wt300.md section 2 (from the USBTMC spec as libsigrok, python-usbtmc and the Linux usbtmc
// driver implement it). All multi-byte fields on the wire are little-endian.

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <array>
#include <cstdint>
#include <optional>
#include <span>

namespace cipherwatt::instruments::usbtmc {

inline constexpr std::uint8_t kInterfaceClass = 0xFE; // application specific
inline constexpr std::uint8_t kInterfaceSubClass = 0x03;
inline constexpr std::uint8_t kProtocolUsbtmc = 0;
inline constexpr std::uint8_t kProtocolUsb488 = 1;

inline constexpr int kHeaderSize = 12;

// Bulk MsgID values.
inline constexpr std::uint8_t kDevDepMsgOut = 1;
inline constexpr std::uint8_t kRequestDevDepMsgIn = 2;
inline constexpr std::uint8_t kDevDepMsgIn = 2;

// bmTransferAttributes.
inline constexpr std::uint8_t kAttrEom = 0x01;
inline constexpr std::uint8_t kAttrTermCharEnabled = 0x02;

// Class requests (bRequest).
enum class Request : std::uint8_t {
    InitiateAbortBulkOut = 1,
    CheckAbortBulkOutStatus = 2,
    InitiateAbortBulkIn = 3,
    CheckAbortBulkInStatus = 4,
    InitiateClear = 5,
    CheckClearStatus = 6,
    GetCapabilities = 7,
    IndicatorPulse = 64,
    ReadStatusByte = 128, // USB488
    RenControl = 160,     // USB488
    GoToLocal = 161,      // USB488
    LocalLockout = 162,   // USB488
};

// bmRequestType of class requests: device-to-host, class, to the interface or an endpoint.
inline constexpr std::uint8_t kRequestTypeInterface = 0xA1;
inline constexpr std::uint8_t kRequestTypeEndpoint = 0xA2;

// USBTMC_status values.
inline constexpr std::uint8_t kStatusSuccess = 0x01;
inline constexpr std::uint8_t kStatusPending = 0x02;
inline constexpr std::uint8_t kStatusFailed = 0x80;
inline constexpr std::uint8_t kStatusTransferNotInProgress = 0x81;

inline constexpr int kCapabilitiesSize = 0x18;

// "INITIATE_CLEAR", "GET_CAPABILITIES", ... for messages.
const char *requestName(Request request);

// GET_CAPABILITIES, decoded. The USB488 part is only filled for protocol 1 interfaces; its
// bytes are 12..15 (python-usbtmc reads them from byte 4, which is the USBTMC part).
struct Capabilities
{
    std::uint16_t bcdUsbtmc = 0;
    bool indicatorPulse = false;
    bool talkOnly = false;
    bool listenOnly = false;
    bool termChar = false;
    bool usb488 = false;
    std::uint16_t bcdUsb488 = 0;
    bool is4882 = false;
    bool acceptsRemoteLocal = false; // REN_CONTROL, GO_TO_LOCAL, LOCAL_LOCKOUT
    bool trigger = false;
    bool scpi = false;
    bool sr1 = false;
    bool rl1 = false;
    bool dt1 = false;

    QString toString() const;
};

// nullopt when the reply is short or its status is not SUCCESS.
std::optional<Capabilities> parseCapabilities(std::span<const std::uint8_t> reply,
                                              int interfaceProtocol);

using Header = std::array<std::uint8_t, kHeaderSize>;

// bTag runs 1..255 and never takes the value 0.
inline std::uint8_t nextTag(std::uint8_t tag)
{
    return tag == 255 ? std::uint8_t{1} : static_cast<std::uint8_t>(tag + 1);
}

Header devDepMsgOutHeader(std::uint8_t tag, std::uint32_t transferSize, bool eom);
Header requestDevDepMsgInHeader(std::uint8_t tag, std::uint32_t transferSize);

// A DEV_DEP_MSG_OUT transfer: header, payload, zero padding to a multiple of 4.
QByteArray devDepMsgOut(std::uint8_t tag, QByteArrayView payload, bool eom);

struct InHeader
{
    std::uint32_t transferSize = 0;
    std::uint8_t attributes = 0;
    bool eom() const { return (attributes & kAttrEom) != 0; }
};

// Checks a DEV_DEP_MSG_IN header against the request it answers; the error says what is wrong.
struct InHeaderCheck
{
    std::optional<InHeader> header;
    QString error;
};
InHeaderCheck checkDevDepMsgInHeader(std::span<const std::uint8_t> bytes, std::uint8_t tag,
                                     std::uint32_t requested);

// Yokogawa reports the instrument serial as hex-encoded ASCII in iSerial
// ("4333544C303830313745" is "C3TL08017E"); anything else is returned unchanged.
QString decodeSerial(const QString &iSerial);

// Per-vendor deviations from the specification, as libsigrok keeps them
// (src/scpi/scpi_usbtmc_libusb.c).
struct VendorQuirks
{
    std::uint16_t vendorId = 0;
    const char *vendor = "";
    // The device advertises RL1 but must not get REN_CONTROL / LOCAL_LOCKOUT / GO_TO_LOCAL.
    bool skipRemoteLocal = false;
};
const VendorQuirks &quirksFor(std::uint16_t vendorId);

QString hexDump(QByteArrayView bytes, qsizetype limit = 64);

// "0x82", for endpoints and status codes in messages.
QString hex8(unsigned value);

inline std::span<const std::uint8_t> bytesOf(const QByteArray &bytes)
{
    return {reinterpret_cast<const std::uint8_t *>(bytes.constData()),
            static_cast<std::size_t>(bytes.size())};
}

} // namespace cipherwatt::instruments::usbtmc
