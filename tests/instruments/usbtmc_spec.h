#pragma once

// USBTMC 1.0 / USB488 numbers and little-endian helpers for the tests and the emulator, written
// out from the specification (../shared/reference/wt300.md section 2) rather than taken from
// the library under test.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cipherwatt::test::usbtmc_spec {

// Bulk MsgID values.
inline constexpr std::uint8_t kDevDepMsgOut = 1;
inline constexpr std::uint8_t kRequestDevDepMsgIn = 2;
inline constexpr std::uint8_t kDevDepMsgIn = 2;

// USBTMC_status values.
inline constexpr std::uint8_t kSuccess = 0x01;
inline constexpr std::uint8_t kPending = 0x02;
inline constexpr std::uint8_t kFailed = 0x80;
inline constexpr std::uint8_t kTransferNotInProgress = 0x81;

// Class requests (bRequest).
inline constexpr std::uint8_t kInitiateAbortBulkOut = 1;
inline constexpr std::uint8_t kCheckAbortBulkOutStatus = 2;
inline constexpr std::uint8_t kInitiateAbortBulkIn = 3;
inline constexpr std::uint8_t kCheckAbortBulkInStatus = 4;
inline constexpr std::uint8_t kInitiateClear = 5;
inline constexpr std::uint8_t kCheckClearStatus = 6;
inline constexpr std::uint8_t kGetCapabilities = 7;
inline constexpr std::uint8_t kIndicatorPulse = 64;
inline constexpr std::uint8_t kReadStatusByte = 128;
inline constexpr std::uint8_t kRenControl = 160;
inline constexpr std::uint8_t kGoToLocal = 161;
inline constexpr std::uint8_t kLocalLockout = 162;

inline std::uint16_t le16(const std::uint8_t *bytes)
{
    return static_cast<std::uint16_t>(bytes[0] | (bytes[1] << 8));
}

inline std::uint32_t le32(const std::uint8_t *bytes)
{
    return static_cast<std::uint32_t>(bytes[0]) | (static_cast<std::uint32_t>(bytes[1]) << 8) |
           (static_cast<std::uint32_t>(bytes[2]) << 16) |
           (static_cast<std::uint32_t>(bytes[3]) << 24);
}

inline void appendLe32(std::vector<std::uint8_t> &bytes, std::uint32_t value)
{
    for (int i = 0; i < 4; ++i)
        bytes.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

// Header + payload rounded up to a multiple of 4, as every bulk message is padded.
inline std::size_t padded(std::size_t bytes)
{
    return (bytes + 3) / 4 * 4;
}

inline std::string hexByte(unsigned value)
{
    static const char digits[] = "0123456789abcdef";
    return std::string("0x") + digits[(value >> 4) & 0xF] + digits[value & 0xF];
}

} // namespace cipherwatt::test::usbtmc_spec
