#pragma once

// libusb plumbing shared by USBTMC discovery and the transport: owning handles, the mapping of
// libusb errors to ErrorCode, and the scan for USBTMC interfaces.

#include <cipherwatt/instruments/error.h>
#include <cipherwatt/instruments/usbtmc.h>

#include <QLoggingCategory>

#include <cstdint>
#include <libusb.h>
#include <memory>
#include <optional>
#include <vector>

Q_DECLARE_LOGGING_CATEGORY(lcUsbtmc)

namespace cipherwatt::instruments::usbtmc {

struct ContextDeleter
{
    void operator()(libusb_context *context) const { libusb_exit(context); }
};
using ContextPtr = std::unique_ptr<libusb_context, ContextDeleter>;

struct HandleDeleter
{
    void operator()(libusb_device_handle *handle) const { libusb_close(handle); }
};
using HandlePtr = std::unique_ptr<libusb_device_handle, HandleDeleter>;

struct TransferDeleter
{
    void operator()(libusb_transfer *transfer) const { libusb_free_transfer(transfer); }
};
using TransferPtr = std::unique_ptr<libusb_transfer, TransferDeleter>;

// A counted reference to a libusb_device, so it outlives the device list it came from.
class DeviceRef
{
public:
    DeviceRef() = default;
    explicit DeviceRef(libusb_device *device);
    ~DeviceRef();
    DeviceRef(const DeviceRef &other);
    DeviceRef &operator=(const DeviceRef &other);
    DeviceRef(DeviceRef &&other) noexcept;
    DeviceRef &operator=(DeviceRef &&other) noexcept;

    libusb_device *get() const { return m_device; }

private:
    libusb_device *m_device = nullptr;
};

Result<ContextPtr> createContext();

// "<what>: <libusb's description>", with the code libusb's error maps to.
Error libusbError(int code, const QString &what);
ErrorCode errorCodeFor(int libusbCode);

// The endpoints and numbers of a USBTMC interface, read from the descriptors.
struct InterfaceInfo
{
    int configuration = 0; // bConfigurationValue
    int number = 0;        // bInterfaceNumber
    int protocol = 0;      // 0 USBTMC, 1 USB488
    std::uint8_t bulkOut = 0;
    std::uint8_t bulkIn = 0;
    std::uint8_t interruptIn = 0; // 0: none
    int bulkOutMaxPacket = 0;
    int bulkInMaxPacket = 0;
};

// The first USBTMC interface (class 0xFE, subclass 3, protocol 0 or 1) with a bulk-OUT and a
// bulk-IN endpoint, in the active configuration or else the first one.
std::optional<InterfaceInfo> findUsbtmcInterface(libusb_device *device);

struct Candidate
{
    UsbtmcDevice info;
    InterfaceInfo interface;
    DeviceRef device;
    QString problem;           // why the strings could not be read
    bool accessDenied = false; // ... because the device node may not be opened
};

// Every USBTMC interface of `vendorId` (0: any vendor), with its strings read where the device
// can be opened.
Result<std::vector<Candidate>> scanUsbtmc(libusb_context *context, std::uint16_t vendorId);

// "usbtmc:C3TL08017E (USB 001.004, 0b21:0025, WT300), usbtmc:1.5 (...)" or "none", with the
// udev hint once at the end when a device could not be opened; for NotFound messages.
QString describeAttached(const std::vector<Candidate> &candidates);

QString usbAddress(int bus, int address);

// What to do about LIBUSB_ERROR_ACCESS.
QString accessHint();

} // namespace cipherwatt::instruments::usbtmc
