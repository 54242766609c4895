#pragma once

// USBTMC over libusb (USB Test & Measurement Class, USBTMC 1.0 and USB488). Facts and sources:
// ../shared/reference/wt300.md, section 2.

#include <cipherwatt/instruments/transport.h>

#include <QString>
#include <QStringView>

#include <cstdint>
#include <memory>
#include <vector>

namespace cipherwatt::instruments {

inline constexpr std::uint16_t kYokogawaVendorId = 0x0B21;

// A USBTMC interface (class 0xFE, subclass 3, protocol 0 or 1) on a Yokogawa device.
struct UsbtmcDevice
{
    int bus = 0;
    int address = 0;
    std::uint16_t vendorId = 0;
    std::uint16_t productId = 0;
    QString serial;  // the instrument serial, decoded from iSerial where it is hex-encoded ASCII
    QString iSerial; // the serial string descriptor as the device reports it
    QString product; // iProduct
    int interfaceNumber = 0;
    int interfaceProtocol = 0; // 0 USBTMC, 1 USB488

    // "usbtmc:<serial>" when there is a serial, else "usbtmc:<bus>.<address>".
    QString resource() const;
};

// Every Yokogawa USBTMC interface libusb can see. An empty list is not an error. `vendorId` 0
// lists USBTMC interfaces of every vendor.
Result<std::vector<UsbtmcDevice>> findUsbtmcDevices(std::uint16_t vendorId = kYokogawaVendorId);

// What `usbtmc`, `usbtmc:<serial>` and `usbtmc:<bus>.<address>` select.
struct UsbtmcSelector
{
    QString serial;                             // empty: any
    int bus = -1;                               // -1: any
    int address = -1;                           // -1: any
    std::uint16_t vendorId = kYokogawaVendorId; // 0: any vendor

    // Parses `usbtmc`, `usbtmc:<serial>` or `usbtmc:<bus>.<address>` (decimal, leading zeros
    // allowed, as lsusb prints them). BadResource for anything else.
    static Result<UsbtmcSelector> parse(QStringView resource);

    // A serial matches the decoded serial or the raw iSerial, ignoring case.
    bool matches(const UsbtmcDevice &device) const;
    // The resource string this selector was parsed from, in canonical form.
    QString toString() const;
};

// Opens the first device matching `selector`; NotFound names what was looked for and what is
// attached. The transport detaches the kernel `usbtmc` driver, claims the interface, and
// sends INITIATE_CLEAR on open.
Result<std::unique_ptr<Transport>> openUsbtmc(const UsbtmcSelector &selector);

} // namespace cipherwatt::instruments
