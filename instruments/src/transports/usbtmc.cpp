// The public USBTMC entry points: discovery, resource selectors, and opening a transport.

#include "transports/usbtmc_libusb.h"
#include "transports/usbtmc_transport.h"

#include <cipherwatt/instruments/usbtmc.h>

#include <QRegularExpression>

namespace cipherwatt::instruments {

QString UsbtmcDevice::resource() const
{
    if (!serial.isEmpty())
        return QStringLiteral("usbtmc:") + serial;
    return QStringLiteral("usbtmc:%1.%2").arg(bus).arg(address);
}

Result<std::vector<UsbtmcDevice>> findUsbtmcDevices(std::uint16_t vendorId)
{
    auto context = usbtmc::createContext();
    if (!context)
        return context.error();
    auto candidates = usbtmc::scanUsbtmc(context->get(), vendorId);
    if (!candidates)
        return candidates.error();
    std::vector<UsbtmcDevice> devices;
    devices.reserve(candidates->size());
    for (usbtmc::Candidate &candidate : *candidates)
        devices.push_back(std::move(candidate.info));
    return devices;
}

Result<UsbtmcSelector> UsbtmcSelector::parse(QStringView resource)
{
    static const QString prefix = QStringLiteral("usbtmc");
    UsbtmcSelector selector;
    if (resource == prefix)
        return selector;
    if (!resource.startsWith(prefix + QLatin1Char(':')) || resource.size() == prefix.size() + 1) {
        return Error{
            ErrorCode::BadResource,
            QStringLiteral("\"%1\" is not usbtmc, usbtmc:<serial> or usbtmc:<bus>.<address>")
                .arg(resource)};
    }
    const QString rest = resource.mid(prefix.size() + 1).toString();
    static const QRegularExpression busAddress(QStringLiteral("^(\\d{1,3})\\.(\\d{1,3})$"));
    if (const auto match = busAddress.match(rest); match.hasMatch()) {
        selector.bus = match.captured(1).toInt();
        selector.address = match.captured(2).toInt();
        if (selector.bus > 255 || selector.address > 127 || selector.address < 1) {
            return Error{ErrorCode::BadResource,
                         QStringLiteral("\"%1\": no USB device can have bus %2, address %3")
                             .arg(resource)
                             .arg(selector.bus)
                             .arg(selector.address)};
        }
        return selector;
    }
    if (rest.contains(QRegularExpression(QStringLiteral("[\\s:]")))) {
        return Error{ErrorCode::BadResource,
                     QStringLiteral("\"%1\": a serial has no spaces or colons").arg(resource)};
    }
    selector.serial = rest;
    return selector;
}

bool UsbtmcSelector::matches(const UsbtmcDevice &device) const
{
    if (vendorId != 0 && device.vendorId != vendorId)
        return false;
    if (bus >= 0 && device.bus != bus)
        return false;
    if (address >= 0 && device.address != address)
        return false;
    if (!serial.isEmpty() && serial.compare(device.serial, Qt::CaseInsensitive) != 0 &&
        serial.compare(device.iSerial, Qt::CaseInsensitive) != 0)
        return false;
    return true;
}

QString UsbtmcSelector::toString() const
{
    if (!serial.isEmpty())
        return QStringLiteral("usbtmc:") + serial;
    if (bus >= 0 && address >= 0)
        return QStringLiteral("usbtmc:%1.%2").arg(bus).arg(address);
    return QStringLiteral("usbtmc");
}

Result<std::unique_ptr<Transport>> openUsbtmc(const UsbtmcSelector &selector)
{
    auto transport = usbtmc::UsbtmcTransport::create(selector);
    if (!transport)
        return transport.error();
    if (auto opened = (*transport)->open(); !opened)
        return opened.error();
    return std::unique_ptr<Transport>(std::move(*transport));
}

} // namespace cipherwatt::instruments
