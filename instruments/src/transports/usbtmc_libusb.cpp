#include "transports/usbtmc_libusb.h"

#include "messages.h"
#include "transports/usbtmc_protocol.h"

#include <QStringList>

#include <array>
#include <utility>

Q_LOGGING_CATEGORY(lcUsbtmc, "cipherwatt.instruments.usbtmc")

namespace cipherwatt::instruments::usbtmc {

namespace {

struct ConfigDeleter
{
    void operator()(libusb_config_descriptor *config) const
    {
        libusb_free_config_descriptor(config);
    }
};
using ConfigPtr = std::unique_ptr<libusb_config_descriptor, ConfigDeleter>;

struct DeviceListDeleter
{
    void operator()(libusb_device **list) const { libusb_free_device_list(list, 1); }
};
using DeviceListPtr = std::unique_ptr<libusb_device *, DeviceListDeleter>;

ConfigPtr configOf(libusb_device *device)
{
    libusb_config_descriptor *config = nullptr;
    if (libusb_get_active_config_descriptor(device, &config) == LIBUSB_SUCCESS)
        return ConfigPtr(config);
    if (libusb_get_config_descriptor(device, 0, &config) == LIBUSB_SUCCESS)
        return ConfigPtr(config);
    return nullptr;
}

bool isUsbtmc(const libusb_interface_descriptor &alt)
{
    return alt.bInterfaceClass == kInterfaceClass && alt.bInterfaceSubClass == kInterfaceSubClass &&
           (alt.bInterfaceProtocol == kProtocolUsbtmc || alt.bInterfaceProtocol == kProtocolUsb488);
}

std::optional<InterfaceInfo> endpointsOf(const libusb_interface_descriptor &alt, int configuration)
{
    InterfaceInfo info;
    info.configuration = configuration;
    info.number = alt.bInterfaceNumber;
    info.protocol = alt.bInterfaceProtocol;
    for (int i = 0; i < alt.bNumEndpoints; ++i) {
        const libusb_endpoint_descriptor &ep = alt.endpoint[i];
        const int type = ep.bmAttributes & LIBUSB_TRANSFER_TYPE_MASK;
        const bool in = (ep.bEndpointAddress & LIBUSB_ENDPOINT_DIR_MASK) == LIBUSB_ENDPOINT_IN;
        const int maxPacket = ep.wMaxPacketSize & 0x7FF;
        if (type == LIBUSB_TRANSFER_TYPE_BULK && !in && info.bulkOut == 0) {
            info.bulkOut = ep.bEndpointAddress;
            info.bulkOutMaxPacket = maxPacket;
        } else if (type == LIBUSB_TRANSFER_TYPE_BULK && in && info.bulkIn == 0) {
            info.bulkIn = ep.bEndpointAddress;
            info.bulkInMaxPacket = maxPacket;
        } else if (type == LIBUSB_TRANSFER_TYPE_INTERRUPT && in && info.interruptIn == 0) {
            info.interruptIn = ep.bEndpointAddress;
        }
    }
    if (info.bulkOut == 0 || info.bulkIn == 0)
        return std::nullopt;
    return info;
}

QString readString(libusb_device_handle *handle, std::uint8_t index)
{
    if (index == 0)
        return {};
    std::array<unsigned char, 256> text{};
    const int length = libusb_get_string_descriptor_ascii(handle, index, text.data(),
                                                          static_cast<int>(text.size()));
    if (length <= 0)
        return {};
    return QString::fromLatin1(reinterpret_cast<const char *>(text.data()), length).trimmed();
}

} // namespace

DeviceRef::DeviceRef(libusb_device *device)
    : m_device(device ? libusb_ref_device(device) : nullptr)
{}

DeviceRef::~DeviceRef()
{
    if (m_device)
        libusb_unref_device(m_device);
}

DeviceRef::DeviceRef(const DeviceRef &other)
    : DeviceRef(other.m_device)
{}

DeviceRef &DeviceRef::operator=(const DeviceRef &other)
{
    if (this != &other)
        *this = DeviceRef(other);
    return *this;
}

DeviceRef::DeviceRef(DeviceRef &&other) noexcept
    : m_device(std::exchange(other.m_device, nullptr))
{}

DeviceRef &DeviceRef::operator=(DeviceRef &&other) noexcept
{
    if (this != &other) {
        if (m_device)
            libusb_unref_device(m_device);
        m_device = std::exchange(other.m_device, nullptr);
    }
    return *this;
}

Result<ContextPtr> createContext()
{
    libusb_context *context = nullptr;
    if (const int rc = libusb_init(&context); rc != LIBUSB_SUCCESS)
        return libusbError(rc, QStringLiteral("cannot initialise libusb"));
    return ContextPtr(context);
}

ErrorCode errorCodeFor(int libusbCode)
{
    switch (libusbCode) {
    case LIBUSB_ERROR_ACCESS:
    case LIBUSB_ERROR_BUSY:
        return ErrorCode::Access;
    case LIBUSB_ERROR_NO_DEVICE:
        return ErrorCode::Disconnected;
    case LIBUSB_ERROR_TIMEOUT:
        return ErrorCode::Timeout;
    case LIBUSB_ERROR_INTERRUPTED:
        return ErrorCode::Cancelled;
    case LIBUSB_ERROR_OVERFLOW:
        return ErrorCode::Protocol;
    case LIBUSB_ERROR_NOT_FOUND:
        return ErrorCode::NotFound;
    case LIBUSB_ERROR_NOT_SUPPORTED:
        return ErrorCode::Unsupported;
    default:
        return ErrorCode::Io;
    }
}

Error libusbError(int code, const QString &what)
{
    QString message = what + QStringLiteral(": ") +
                      QString::fromUtf8(libusb_strerror(static_cast<libusb_error>(code)));
    if (code == LIBUSB_ERROR_ACCESS)
        message += QStringLiteral(" (") + accessHint() + QLatin1Char(')');
    else if (code == LIBUSB_ERROR_BUSY)
        message += QStringLiteral(" (another program has claimed the interface)");
    return Error{errorCodeFor(code), message};
}

QString accessHint()
{
    return QStringLiteral(
        "no permission on the USB device node: install the udev rule for Yokogawa meters, e.g. "
        "SUBSYSTEM==\"usb\", ATTRS{idVendor}==\"0b21\", TAG+=\"uaccess\", then replug");
}

std::optional<InterfaceInfo> findUsbtmcInterface(libusb_device *device)
{
    const ConfigPtr config = configOf(device);
    if (!config)
        return std::nullopt;
    for (int i = 0; i < config->bNumInterfaces; ++i) {
        const libusb_interface &interface = config->interface[i];
        for (int a = 0; a < interface.num_altsetting; ++a) {
            const libusb_interface_descriptor &alt = interface.altsetting[a];
            if (!isUsbtmc(alt))
                continue;
            if (auto info = endpointsOf(alt, config->bConfigurationValue))
                return info;
        }
    }
    return std::nullopt;
}

Result<std::vector<Candidate>> scanUsbtmc(libusb_context *context, std::uint16_t vendorId)
{
    libusb_device **raw = nullptr;
    const ssize_t count = libusb_get_device_list(context, &raw);
    if (count < 0)
        return libusbError(static_cast<int>(count), Message(msg::kCannotListUsb).english());
    const DeviceListPtr list(raw);

    std::vector<Candidate> found;
    for (ssize_t i = 0; i < count; ++i) {
        libusb_device *device = raw[i];
        libusb_device_descriptor descriptor{};
        if (libusb_get_device_descriptor(device, &descriptor) != LIBUSB_SUCCESS)
            continue;
        if (vendorId != 0 && descriptor.idVendor != vendorId)
            continue;
        const std::optional<InterfaceInfo> interface = findUsbtmcInterface(device);
        if (!interface)
            continue;

        Candidate candidate;
        candidate.interface = *interface;
        candidate.device = DeviceRef(device);
        UsbtmcDevice &info = candidate.info;
        info.bus = libusb_get_bus_number(device);
        info.address = libusb_get_device_address(device);
        info.vendorId = descriptor.idVendor;
        info.productId = descriptor.idProduct;
        info.interfaceNumber = interface->number;
        info.interfaceProtocol = interface->protocol;

        // Strings need the device open; without permission the device is still listed.
        libusb_device_handle *handle = nullptr;
        if (const int rc = libusb_open(device, &handle); rc == LIBUSB_SUCCESS) {
            const HandlePtr owned(handle);
            info.iSerial = readString(handle, descriptor.iSerialNumber);
            info.serial = decodeSerial(info.iSerial);
            info.product = readString(handle, descriptor.iProduct);
        } else {
            candidate.problem = QStringLiteral("cannot read serial: ") +
                                QString::fromUtf8(libusb_strerror(static_cast<libusb_error>(rc)));
            candidate.accessDenied = rc == LIBUSB_ERROR_ACCESS;
            qCWarning(lcUsbtmc).noquote()
                << "USB" << usbAddress(info.bus, info.address) << candidate.problem;
        }
        qCDebug(lcUsbtmc).noquote() << "found" << info.resource() << "at USB"
                                    << usbAddress(info.bus, info.address) << info.product;
        found.push_back(std::move(candidate));
    }
    return found;
}

QString usbAddress(int bus, int address)
{
    return QStringLiteral("%1.%2")
        .arg(bus, 3, 10, QLatin1Char('0'))
        .arg(address, 3, 10, QLatin1Char('0'));
}

QString describeAttached(const std::vector<Candidate> &candidates)
{
    if (candidates.empty())
        return QStringLiteral("none");
    QStringList entries;
    bool accessDenied = false;
    for (const Candidate &candidate : candidates) {
        accessDenied = accessDenied || candidate.accessDenied;
        const UsbtmcDevice &info = candidate.info;
        QString details = QStringLiteral("USB ") + usbAddress(info.bus, info.address);
        details += QStringLiteral(", %1:%2")
                       .arg(info.vendorId, 4, 16, QLatin1Char('0'))
                       .arg(info.productId, 4, 16, QLatin1Char('0'));
        if (!info.product.isEmpty())
            details += QStringLiteral(", ") + info.product;
        if (!candidate.problem.isEmpty())
            details += QStringLiteral(", ") + candidate.problem;
        entries << info.resource() + QStringLiteral(" (") + details + QLatin1Char(')');
    }
    QString text = entries.join(QStringLiteral(", "));
    if (accessDenied)
        text += QStringLiteral(" (") + accessHint() + QLatin1Char(')');
    return text;
}

} // namespace cipherwatt::instruments::usbtmc
