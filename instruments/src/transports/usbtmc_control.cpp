// The control-endpoint side of the USBTMC transport: GET_CAPABILITIES, the device clear, the
// abort sequences that end a timed-out or interrupted transfer, and USB488 remote/local.

#include "transports/usbtmc_transport.h"

#include <thread>

namespace cipherwatt::instruments::usbtmc {

namespace {

using namespace std::chrono_literals;

// Class requests get libsigrok's TRANSFER_TIMEOUT.
constexpr auto kControlTimeout = 1000ms;
// While draining after an abort or clear the data is already queued, so the Linux usbtmc driver
// reads with a short timeout and gives up after 100 reads.
constexpr auto kDrainTimeout = 300ms;
constexpr int kMaxDrainReads = 100;
// CHECK_*_STATUS is repeated while the device answers PENDING, for at most about 2 s.
constexpr auto kPollInterval = 20ms;
constexpr int kMaxPolls = 100;

std::uint8_t byteAt(const QByteArray &bytes, qsizetype index)
{
    return static_cast<std::uint8_t>(bytes.at(index));
}

} // namespace

Result<QByteArray> UsbtmcTransport::controlIn(std::uint8_t requestType, Request request,
                                              std::uint16_t value, std::uint16_t index,
                                              std::uint16_t length)
{
    QByteArray reply(length, '\0');
    const int rc = libusb_control_transfer(
        m_handle.get(), requestType, static_cast<std::uint8_t>(request), value, index,
        reinterpret_cast<unsigned char *>(reply.data()), length,
        static_cast<unsigned>(std::chrono::milliseconds(kControlTimeout).count()));
    if (rc < 0)
        return libusbError(rc, QLatin1String(requestName(request)));
    reply.truncate(rc);
    if (reply.isEmpty()) {
        return Error{ErrorCode::Protocol,
                     QStringLiteral("%1: empty reply").arg(QLatin1String(requestName(request)))};
    }
    return reply;
}

void UsbtmcTransport::drainBulkIn()
{
    const int chunk = bulkInChunk();
    QByteArray buffer(chunk, '\0');
    for (int i = 0; i < kMaxDrainReads; ++i) {
        auto got = bulkTransfer(m_interface.bulkIn, buffer.data(), chunk,
                                Clock::now() + kDrainTimeout, false);
        if (!got) {
            if (got.error().code != ErrorCode::Timeout)
                qCWarning(lcUsbtmc).noquote() << "draining bulk-IN:" << got.error().toString();
            return;
        }
        qCDebug(lcUsbtmc) << "drained" << *got << "bytes";
        if (*got < chunk)
            return; // a short packet ends the transfer
    }
    qCWarning(lcUsbtmc) << "bulk-IN still sends data after" << kMaxDrainReads << "reads";
}

Result<void> UsbtmcTransport::clearSequence()
{
    const auto interface = static_cast<std::uint16_t>(m_interface.number);
    auto initiated = controlIn(kRequestTypeInterface, Request::InitiateClear, 0, interface, 1);
    if (!initiated)
        return initiated.error();
    if (byteAt(*initiated, 0) != kStatusSuccess) {
        return Error{
            ErrorCode::Io,
            QStringLiteral("INITIATE_CLEAR answered status %1").arg(hex8(byteAt(*initiated, 0)))};
    }
    for (int poll = 0;; ++poll) {
        if (poll == kMaxPolls)
            return Error{ErrorCode::Timeout,
                         QStringLiteral("device clear still pending after 2 s")};
        auto status = controlIn(kRequestTypeInterface, Request::CheckClearStatus, 0, interface, 2);
        if (!status)
            return status.error();
        const std::uint8_t code = byteAt(*status, 0);
        if (code == kStatusSuccess)
            break;
        if (code != kStatusPending) {
            return Error{ErrorCode::Io,
                         QStringLiteral("CHECK_CLEAR_STATUS answered status %1").arg(hex8(code))};
        }
        // bmClear bit 0: the bulk-IN FIFO holds data the host must read before the clear ends.
        if (status->size() >= 2 && (byteAt(*status, 1) & 0x01) != 0)
            drainBulkIn();
        else
            std::this_thread::sleep_for(kPollInterval);
    }
    if (const int rc = libusb_clear_halt(m_handle.get(), m_interface.bulkOut); rc != LIBUSB_SUCCESS)
        return libusbError(rc, QStringLiteral("CLEAR_FEATURE(ENDPOINT_HALT) on bulk-OUT"));
    qCDebug(lcUsbtmc) << "device clear done";
    return {};
}

void UsbtmcTransport::abortBulkIn(std::uint8_t tag)
{
    auto initiated =
        controlIn(kRequestTypeEndpoint, Request::InitiateAbortBulkIn, tag, m_interface.bulkIn, 2);
    std::uint8_t status = initiated ? byteAt(*initiated, 0) : 0;
    if (status == kStatusFailed) {
        qCDebug(lcUsbtmc) << "abort bulk-IN: no transfer in progress";
        return;
    }
    if (status == kStatusSuccess) {
        drainBulkIn();
        for (int poll = 0; poll < kMaxPolls; ++poll) {
            auto check = controlIn(kRequestTypeEndpoint, Request::CheckAbortBulkInStatus, 0,
                                   m_interface.bulkIn, 8);
            status = check ? byteAt(*check, 0) : 0;
            if (status == kStatusSuccess) {
                qCDebug(lcUsbtmc) << "abort bulk-IN done, bTag" << tag;
                return;
            }
            if (status != kStatusPending)
                break;
            // bmAbortBulkIn bit 0: more queued packets to read.
            if (check->size() >= 2 && (byteAt(*check, 1) & 0x01) != 0)
                drainBulkIn();
            else
                std::this_thread::sleep_for(kPollInterval);
        }
    }
    // The device lost track of the transfer (another bTag in progress, a failed request):
    // a device clear is the remaining way back to a known state.
    qCWarning(lcUsbtmc).noquote() << "abort bulk-IN of bTag" << tag << "ended with status"
                                  << hex8(status) << "; clearing the device";
    if (auto cleared = clearSequence(); !cleared)
        qCWarning(lcUsbtmc).noquote() << cleared.error().toString();
}

void UsbtmcTransport::abortBulkOut(std::uint8_t tag)
{
    auto initiated =
        controlIn(kRequestTypeEndpoint, Request::InitiateAbortBulkOut, tag, m_interface.bulkOut, 2);
    std::uint8_t status = initiated ? byteAt(*initiated, 0) : 0;
    if (status == kStatusFailed) {
        qCDebug(lcUsbtmc) << "abort bulk-OUT: no transfer in progress";
        return;
    }
    if (status == kStatusSuccess) {
        for (int poll = 0; poll < kMaxPolls; ++poll) {
            auto check = controlIn(kRequestTypeEndpoint, Request::CheckAbortBulkOutStatus, 0,
                                   m_interface.bulkOut, 8);
            status = check ? byteAt(*check, 0) : 0;
            if (status != kStatusPending)
                break;
            std::this_thread::sleep_for(kPollInterval);
        }
        if (status == kStatusSuccess) {
            // USBTMC 1.0, 4.2.1.3: the host clears the halt the abort left on bulk-OUT.
            if (const int rc = libusb_clear_halt(m_handle.get(), m_interface.bulkOut);
                rc == LIBUSB_SUCCESS) {
                qCDebug(lcUsbtmc) << "abort bulk-OUT done, bTag" << tag;
                return;
            }
        }
    }
    qCWarning(lcUsbtmc).noquote() << "abort bulk-OUT of bTag" << tag << "ended with status"
                                  << hex8(status) << "; clearing the device";
    if (auto cleared = clearSequence(); !cleared)
        qCWarning(lcUsbtmc).noquote() << cleared.error().toString();
}

void UsbtmcTransport::readCapabilities()
{
    m_capabilities = {};
    auto reply = controlIn(kRequestTypeInterface, Request::GetCapabilities, 0,
                           static_cast<std::uint16_t>(m_interface.number), kCapabilitiesSize);
    if (!reply) {
        qCWarning(lcUsbtmc).noquote() << reply.error().toString();
        return;
    }
    const auto caps = parseCapabilities(bytesOf(*reply), m_interface.protocol);
    if (!caps) {
        qCWarning(lcUsbtmc).noquote() << "GET_CAPABILITIES answered" << hexDump(*reply);
        return;
    }
    m_capabilities = *caps;
    qCDebug(lcUsbtmc).noquote() << "capabilities:" << m_capabilities.toString();
}

void UsbtmcTransport::enterRemote()
{
    if (!m_capabilities.acceptsRemoteLocal || !m_capabilities.rl1)
        return;
    const VendorQuirks &quirks = quirksFor(m_device.vendorId);
    if (quirks.skipRemoteLocal) {
        qCDebug(lcUsbtmc) << "not sending REN_CONTROL / LOCAL_LOCKOUT to a" << quirks.vendor
                          << "device";
        return;
    }
    const auto interface = static_cast<std::uint16_t>(m_interface.number);
    auto ren = controlIn(kRequestTypeInterface, Request::RenControl, 1, interface, 1);
    if (!ren || byteAt(*ren, 0) != kStatusSuccess) {
        qCWarning(lcUsbtmc) << "REN_CONTROL refused; staying in local mode";
        return;
    }
    m_remote = true;
    auto llo = controlIn(kRequestTypeInterface, Request::LocalLockout, 0, interface, 1);
    if (!llo || byteAt(*llo, 0) != kStatusSuccess)
        qCWarning(lcUsbtmc) << "LOCAL_LOCKOUT refused";
}

void UsbtmcTransport::goToLocal()
{
    if (!m_remote)
        return;
    auto gtl = controlIn(kRequestTypeInterface, Request::GoToLocal, 0,
                         static_cast<std::uint16_t>(m_interface.number), 1);
    if (!gtl || byteAt(*gtl, 0) != kStatusSuccess)
        qCWarning(lcUsbtmc) << "GO_TO_LOCAL refused";
    m_remote = false;
}

} // namespace cipherwatt::instruments::usbtmc
