#pragma once

// USBTMC over libusb (USB Test & Measurement Class, USBTMC 1.0 and USB488). Facts and sources:
// ../shared/reference/wt300.md, section 2.

#include <cipherwatt/instruments/transport.h>

#include <QString>

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
    QString product; // iProduct
    int interfaceNumber = 0;
    int interfaceProtocol = 0; // 0 USBTMC, 1 USB488

    // "usbtmc:<serial>" when there is a serial, else "usbtmc:<bus>.<address>".
    QString resource() const;
};

// Every Yokogawa USBTMC interface libusb can see. An empty list is not an error.
Result<std::vector<UsbtmcDevice>> findUsbtmcDevices();

// What `usbtmc`, `usbtmc:<serial>` and `usbtmc:<bus>.<address>` select.
struct UsbtmcSelector
{
    QString serial;   // empty: any
    int bus = -1;     // -1: any
    int address = -1; // -1: any
};

// Opens the first device matching `selector`; NotFound names what was looked for and what is
// attached. The transport detaches the kernel `usbtmc` driver, claims the interface, and
// sends INITIATE_CLEAR on open.
Result<std::unique_ptr<Transport>> openUsbtmc(const UsbtmcSelector &selector);

} // namespace cipherwatt::instruments
