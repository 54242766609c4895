#pragma once

// The USBTMC transport over libusb. One program message per DEV_DEP_MSG_OUT message (split into
// several transfers when long), one response message per REQUEST_DEV_DEP_MSG_IN exchange
// (repeated while the device clears EOM). Timeouts and interrupts end with the USBTMC abort
// sequences, so the next exchange starts from a clean device.
//
// Threading: each transport owns its libusb context and is used from one thread; interrupt() may
// be called from any thread. Reads and writes return Cancelled from then until clearInterrupt(),
// so a stop request racing the start of a read is never lost.

#include "transports/usbtmc_libusb.h"
#include "transports/usbtmc_protocol.h"

#include <cipherwatt/instruments/transport.h>
#include <cipherwatt/instruments/usbtmc.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>

namespace cipherwatt::instruments::usbtmc {

class UsbtmcTransport final : public Transport
{
public:
    using Clock = std::chrono::steady_clock;

    static Result<std::unique_ptr<UsbtmcTransport>> create(const UsbtmcSelector &selector);
    ~UsbtmcTransport() override;

    Result<void> open() override;
    void close() override;
    Result<void> write(const QByteArray &message) override;
    Result<QByteArray> read(std::chrono::milliseconds timeout) override;
    Result<void> clear() override;
    void interrupt() override;
    void clearInterrupt() override;
    QString kind() const override { return QStringLiteral("usbtmc"); }
    QString describe() const override;

private:
    UsbtmcTransport(UsbtmcSelector selector, ContextPtr context);

    struct Part
    {
        QByteArray data;
        bool eom = false;
    };

    std::uint8_t takeTag();
    Result<void> claim(const Candidate &candidate);
    Result<int> bulkTransfer(std::uint8_t endpoint, char *data, int length,
                             Clock::time_point deadline, bool interruptible);
    Result<void> bulkOut(const QByteArray &transfer, Clock::time_point deadline);
    Result<Part> readPart(std::uint8_t tag, std::uint32_t requested, Clock::time_point deadline);
    Result<QByteArray> controlIn(std::uint8_t requestType, Request request, std::uint16_t value,
                                 std::uint16_t index, std::uint16_t length);
    int bulkInChunk() const;
    void drainBulkIn();
    Result<void> clearSequence();
    void abortBulkIn(std::uint8_t tag);
    void abortBulkOut(std::uint8_t tag);
    void readCapabilities();
    void enterRemote();
    void goToLocal();

    UsbtmcSelector m_selector;
    ContextPtr m_context;
    HandlePtr m_handle;
    UsbtmcDevice m_device;
    InterfaceInfo m_interface;
    Capabilities m_capabilities;
    bool m_claimed = false;
    bool m_remote = false;
    std::uint8_t m_tag = 0; // the last bTag sent; 0 before the first transfer
    std::atomic<bool> m_interrupted{false};
};

} // namespace cipherwatt::instruments::usbtmc
