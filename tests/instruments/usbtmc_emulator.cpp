// The usbdevfs side of the emulator (URBs submitted, reaped and discarded through the umockdev
// ioctl handler), its behaviour switches and record, and the bench of emulated devices. The
// USBTMC device itself is in usbtmc_device.cpp.

#include "usbtmc_emulator.h"

#include "usbtmc_spec.h"

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <linux/usbdevice_fs.h>
#include <stdexcept>
#include <sys/ioctl.h>

namespace cipherwatt::test {

namespace {

using namespace usbtmc_spec;

UMockdevIoctlData *resolve(UMockdevIoctlData *data, std::size_t offset, std::size_t length)
{
    GError *error = nullptr;
    UMockdevIoctlData *resolved = umockdev_ioctl_data_resolve(data, offset, length, &error);
    if (error)
        g_error_free(error);
    return resolved;
}

} // namespace

usbdevfs_urb *UsbtmcEmulator::urbOf(UMockdevIoctlData *urb)
{
    return reinterpret_cast<usbdevfs_urb *>(urb->data);
}

std::uint8_t *UsbtmcEmulator::bufferOf(UMockdevIoctlData *urb)
{
    return static_cast<std::uint8_t *>(urbOf(urb)->buffer);
}

UsbtmcEmulator::UsbtmcEmulator(UMockdevTestbed *testbed, Config config)
    : m_testbed(testbed)
    , m_handler(umockdev_ioctl_base_new())
    , m_config(std::move(config))
{
    g_signal_connect(m_handler, "handle-ioctl", G_CALLBACK(&UsbtmcEmulator::onIoctl), this);
    GError *error = nullptr;
    if (umockdev_testbed_attach_ioctl(m_testbed, m_config.devnode.c_str(), m_handler, &error) ==
        FALSE) {
        const std::string message = error ? error->message : "unknown error";
        if (error)
            g_error_free(error);
        g_object_unref(m_handler);
        throw std::runtime_error("cannot attach to " + m_config.devnode + ": " + message);
    }
}

UsbtmcEmulator::~UsbtmcEmulator()
{
    g_signal_handlers_disconnect_by_data(m_handler, this);
    umockdev_testbed_detach_ioctl(m_testbed, m_config.devnode.c_str(), nullptr);
    g_object_unref(m_handler);
    const std::lock_guard lock(m_mutex);
    for (auto *queue : {&m_pendingIn, &m_pendingOut, &m_completed, &m_discarded}) {
        for (Urb &urb : *queue)
            release(urb);
        queue->clear();
    }
}

void UsbtmcEmulator::release(Urb &urb)
{
    if (urb.buffer)
        g_object_unref(urb.buffer);
    if (urb.urb)
        g_object_unref(urb.urb);
    urb = {};
}

// --- behaviour ---

void UsbtmcEmulator::reply(const std::string &query, const std::string &response,
                           std::chrono::milliseconds delay)
{
    const std::lock_guard lock(m_mutex);
    m_script[query] = {response, delay};
}

void UsbtmcEmulator::setString(std::uint8_t index, const std::string &text)
{
    const std::lock_guard lock(m_mutex);
    m_config.strings[index] = text;
}

void UsbtmcEmulator::setCapabilities(const std::array<std::uint8_t, 24> &capabilities)
{
    const std::lock_guard lock(m_mutex);
    m_config.capabilities = capabilities;
}

void UsbtmcEmulator::setMaxPartSize(std::size_t bytes)
{
    const std::lock_guard lock(m_mutex);
    m_maxPart = bytes;
}

void UsbtmcEmulator::setSplitTransfers(bool split)
{
    const std::lock_guard lock(m_mutex);
    m_splitTransfers = split;
}

void UsbtmcEmulator::corruptNextReply(Corruption corruption)
{
    const std::lock_guard lock(m_mutex);
    m_corruption = corruption;
}

void UsbtmcEmulator::queueStaleReply(const std::string &response, std::uint8_t tag)
{
    const std::lock_guard lock(m_mutex);
    const std::string data = response + "\n";
    Transfer transfer;
    transfer.bytes = {kDevDepMsgIn, tag, static_cast<std::uint8_t>(~tag), 0};
    appendLe32(transfer.bytes, static_cast<std::uint32_t>(data.size()));
    transfer.bytes.insert(transfer.bytes.end(), {1, 0, 0, 0});
    transfer.bytes.insert(transfer.bytes.end(), data.begin(), data.end());
    transfer.bytes.resize((transfer.bytes.size() + 3) / 4 * 4, 0);
    m_fifo.push_back(std::move(transfer));
}

void UsbtmcEmulator::setBulkOutStalled(bool stalled)
{
    const std::lock_guard lock(m_mutex);
    m_outStalled = stalled;
}

void UsbtmcEmulator::setPendingPolls(int clear, int abort)
{
    const std::lock_guard lock(m_mutex);
    m_clearPolls = clear;
    m_abortPolls = abort;
}

void UsbtmcEmulator::unplug()
{
    const std::lock_guard lock(m_mutex);
    m_unplugged = true;
    for (auto *queue : {&m_pendingIn, &m_pendingOut}) {
        for (Urb &urb : *queue) {
            urbOf(urb.urb)->status = -ENODEV;
            urbOf(urb.urb)->actual_length = 0;
            m_completed.push_back(urb);
        }
        queue->clear();
    }
}

void UsbtmcEmulator::replug()
{
    const std::lock_guard lock(m_mutex);
    m_unplugged = false;
    m_input.clear();
    m_output.clear();
    m_inRequest.reset();
    m_inInProgress = false;
    m_inSent = 0;
    m_fifo.clear();
    m_outHalted = false;
    m_outInProgress.reset();
    m_clearing = false;
    m_abortingIn = false;
}

void UsbtmcEmulator::setInstrument(std::function<void(const std::string &)> onMessage,
                                   std::function<void()> onClear)
{
    const std::lock_guard lock(m_mutex);
    m_onMessage = std::move(onMessage);
    m_onClear = std::move(onClear);
}

void UsbtmcEmulator::answer(const std::string &response)
{
    const std::lock_guard lock(m_mutex);
    if (!m_unplugged)
        m_output.push_back({response + "\n", 0, std::chrono::steady_clock::now()});
}

// --- record ---

std::vector<UsbEvent> UsbtmcEmulator::events() const
{
    const std::lock_guard lock(m_mutex);
    return m_events;
}

std::vector<std::vector<std::uint8_t>> UsbtmcEmulator::bulkOutTransfers() const
{
    const std::lock_guard lock(m_mutex);
    std::vector<std::vector<std::uint8_t>> transfers;
    for (const UsbEvent &event : m_events) {
        if (event.kind == UsbEvent::Kind::BulkOut)
            transfers.push_back(event.bytes);
    }
    return transfers;
}

std::vector<ControlRequest> UsbtmcEmulator::classRequests() const
{
    const std::lock_guard lock(m_mutex);
    std::vector<ControlRequest> requests;
    for (const UsbEvent &event : m_events) {
        if (event.kind == UsbEvent::Kind::Control &&
            (event.control.requestType == 0xA1 || event.control.requestType == 0xA2))
            requests.push_back(event.control);
    }
    return requests;
}

std::vector<std::string> UsbtmcEmulator::messages() const
{
    const std::lock_guard lock(m_mutex);
    return m_messages;
}

std::vector<std::string> UsbtmcEmulator::violations() const
{
    const std::lock_guard lock(m_mutex);
    return m_violations;
}

std::size_t UsbtmcEmulator::bulkInFifoBytes() const
{
    const std::lock_guard lock(m_mutex);
    std::size_t bytes = 0;
    for (const Transfer &transfer : m_fifo)
        bytes += transfer.bytes.size() - transfer.taken;
    return bytes;
}

void UsbtmcEmulator::forget()
{
    const std::lock_guard lock(m_mutex);
    m_events.clear();
    m_messages.clear();
    m_violations.clear();
}

bool UsbtmcEmulator::waitFor(const std::function<bool()> &condition,
                             std::chrono::milliseconds timeout) const
{
    std::unique_lock lock(m_mutex);
    return m_changed.wait_for(lock, timeout, condition);
}

bool UsbtmcEmulator::waitUntilHostWaits(std::chrono::milliseconds timeout) const
{
    return waitFor(
        [this] { return !m_pendingIn.empty() && m_inRequest.has_value() && m_fifo.empty(); },
        timeout);
}

bool UsbtmcEmulator::waitUntilOutStalled(std::chrono::milliseconds timeout) const
{
    return waitFor([this] { return !m_pendingOut.empty(); }, timeout);
}

void UsbtmcEmulator::violation(std::string text)
{
    m_violations.push_back(std::move(text));
}

// --- usbdevfs ---

gboolean UsbtmcEmulator::onIoctl(UMockdevIoctlBase * /*handler*/, UMockdevIoctlClient *client,
                                 gpointer self)
{
    return static_cast<UsbtmcEmulator *>(self)->handleIoctl(client) ? TRUE : FALSE;
}

bool UsbtmcEmulator::handleIoctl(UMockdevIoctlClient *client)
{
    const std::lock_guard lock(m_mutex);
    const gulong request = umockdev_ioctl_client_get_request(client);
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
    const bool reaping = request == USBDEVFS_REAPURB || request == USBDEVFS_REAPURBNDELAY;
    if (m_unplugged && !reaping) {
        umockdev_ioctl_client_complete(client, -1, ENODEV);
        return true;
    }
    auto intArgument = [arg]() -> unsigned {
        UMockdevIoctlData *data = resolve(arg, 0, sizeof(unsigned));
        const unsigned value = data ? *reinterpret_cast<unsigned *>(data->data) : 0;
        if (data)
            g_object_unref(data);
        return value;
    };

    switch (request) {
    case USBDEVFS_GET_CAPABILITIES: {
        UMockdevIoctlData *data = resolve(arg, 0, sizeof(std::uint32_t));
        *reinterpret_cast<std::uint32_t *>(data->data) =
            USBDEVFS_CAP_BULK_CONTINUATION | USBDEVFS_CAP_NO_PACKET_SIZE_LIM |
            USBDEVFS_CAP_ZERO_PACKET | USBDEVFS_CAP_REAP_AFTER_DISCONNECT;
        g_object_unref(data);
        umockdev_ioctl_client_complete(client, 0, 0);
        break;
    }
    case USBDEVFS_DISCONNECT_CLAIM: {
        UMockdevIoctlData *data = resolve(arg, 0, sizeof(usbdevfs_disconnect_claim));
        const auto *claim = reinterpret_cast<usbdevfs_disconnect_claim *>(data->data);
        m_events.push_back({UsbEvent::Kind::DisconnectClaim, {}, {}, claim->interface});
        g_object_unref(data);
        umockdev_ioctl_client_complete(client, 0, 0);
        break;
    }
    case USBDEVFS_CLAIMINTERFACE:
        m_events.push_back({UsbEvent::Kind::Claim, {}, {}, intArgument()});
        umockdev_ioctl_client_complete(client, 0, 0);
        break;
    case USBDEVFS_RELEASEINTERFACE:
        m_events.push_back({UsbEvent::Kind::Release, {}, {}, intArgument()});
        umockdev_ioctl_client_complete(client, 0, 0);
        break;
    case USBDEVFS_IOCTL: // re-attaching the kernel driver after release
        umockdev_ioctl_client_complete(client, 0, 0);
        break;
    case USBDEVFS_GETDRIVER:
        umockdev_ioctl_client_complete(client, -1, ENODATA);
        break;
    case USBDEVFS_CLEAR_HALT: {
        const unsigned endpoint = intArgument();
        m_events.push_back({UsbEvent::Kind::ClearHalt, {}, {}, endpoint});
        if (endpoint == m_config.bulkOut)
            m_outHalted = false;
        umockdev_ioctl_client_complete(client, 0, 0);
        break;
    }
    case USBDEVFS_SUBMITURB:
        submit(client, arg);
        break;
    case USBDEVFS_DISCARDURB:
        discard(client, arg);
        break;
    case USBDEVFS_REAPURB:
    case USBDEVFS_REAPURBNDELAY:
        reap(client, arg);
        break;
    default:
        umockdev_ioctl_client_complete(client, -1, ENOTTY);
        break;
    }
    m_changed.notify_all();
    return true;
}

void UsbtmcEmulator::submit(UMockdevIoctlClient *client, UMockdevIoctlData *arg)
{
    Urb urb;
    urb.urb = resolve(arg, 0, sizeof(usbdevfs_urb));
    if (!urb.urb) {
        umockdev_ioctl_client_complete(client, -1, EFAULT);
        return;
    }
    urb.clientAddress = urb.urb->client_addr;
    usbdevfs_urb *u = urbOf(urb.urb);
    if (u->buffer_length > 0) {
        urb.buffer = resolve(urb.urb, offsetof(usbdevfs_urb, buffer),
                             static_cast<std::size_t>(u->buffer_length));
    }
    u->status = 0;
    u->actual_length = 0;
    if (u->type == USBDEVFS_URB_TYPE_CONTROL) {
        control(urb);
        m_completed.push_back(urb);
    } else if (u->type == USBDEVFS_URB_TYPE_BULK && u->endpoint == m_config.bulkOut) {
        bulkOut(urb);
    } else if (u->type == USBDEVFS_URB_TYPE_BULK && u->endpoint == m_config.bulkIn) {
        m_pendingIn.push_back(urb);
    } else {
        violation("URB of type " + std::to_string(u->type) + " on endpoint " +
                  hexByte(u->endpoint));
        u->status = -EPIPE;
        m_completed.push_back(urb);
    }
    pump();
    umockdev_ioctl_client_complete(client, 0, 0);
}

void UsbtmcEmulator::discard(UMockdevIoctlClient *client, UMockdevIoctlData *arg)
{
    // The argument is the URB's address in the client itself.
    const gulong address = *reinterpret_cast<gulong *>(arg->data);
    for (auto *queue : {&m_pendingIn, &m_pendingOut}) {
        const auto found = std::find_if(queue->begin(), queue->end(), [address](const Urb &urb) {
            return urb.clientAddress == address;
        });
        if (found != queue->end()) {
            m_discarded.push_back(*found);
            queue->erase(found);
            umockdev_ioctl_client_complete(client, 0, 0);
            return;
        }
    }
    umockdev_ioctl_client_complete(client, -1, EINVAL);
}

void UsbtmcEmulator::reap(UMockdevIoctlClient *client, UMockdevIoctlData *arg)
{
    pump();
    Urb urb;
    if (!m_discarded.empty()) {
        urb = m_discarded.front();
        m_discarded.pop_front();
        urbOf(urb.urb)->status = -ENOENT;
    } else if (!m_completed.empty()) {
        urb = m_completed.front();
        m_completed.pop_front();
    } else {
        umockdev_ioctl_client_complete(client, -1, m_unplugged ? ENODEV : EAGAIN);
        return;
    }
    UMockdevIoctlData *pointer = resolve(arg, 0, sizeof(void *));
    umockdev_ioctl_data_set_ptr(pointer, 0, urb.urb);
    g_object_unref(pointer);
    release(urb);
    umockdev_ioctl_client_complete(client, 0, 0);
}

// --- bench ---

std::array<std::uint8_t, 24> UsbBench::usb488Capabilities()
{
    std::array<std::uint8_t, 24> caps{};
    caps[0] = kSuccess;
    caps[2] = 0x00; // bcdUSBTMC 1.00
    caps[3] = 0x01;
    caps[12] = 0x00; // bcdUSB488 1.00
    caps[13] = 0x01;
    caps[14] = 0x06; // USB488.2, accepts REN_CONTROL / GO_TO_LOCAL / LOCAL_LOCKOUT
    caps[15] = 0x0F; // SCPI, SR1, RL1, DT1
    return caps;
}

UsbBench::UsbBench()
    : m_testbed(umockdev_testbed_new())
{
    for (const char *file : {"wt332.umockdev", "wt310-usbtmc.umockdev", "yokogawa-other.umockdev",
                             "usb488-other-vendor.umockdev"}) {
        std::string path = CIPHERWATT_TEST_DATA;
        path.append("/usb/").append(file);
        GError *error = nullptr;
        if (umockdev_testbed_add_from_file(m_testbed, path.c_str(), &error) == FALSE) {
            std::string message = "cannot load " + path;
            message.append(": ").append(error ? error->message : "unknown error");
            if (error)
                g_error_free(error);
            g_object_unref(m_testbed);
            throw std::runtime_error(message);
        }
    }

    UsbtmcEmulator::Config wt332;
    wt332.devnode = "/dev/bus/usb/001/004";
    wt332.strings = {{1, "YOKOGAWA"}, {2, "WT300"}, {3, "4333544C303830313745"}};
    wt332.capabilities = usb488Capabilities();
    m_wt332 = std::make_unique<UsbtmcEmulator>(m_testbed, wt332);
    m_wt332->reply("*IDN?", "YOKOGAWA,WT332,C3TL08017E,F1.03");

    UsbtmcEmulator::Config wt310;
    wt310.devnode = "/dev/bus/usb/001/005";
    wt310.interfaceNumber = 1;
    wt310.bulkOut = 0x02;
    wt310.bulkIn = 0x81;
    wt310.maxPacket = 64;
    wt310.strings = {{1, "YOKOGAWA"}, {2, "WT310"}, {3, "C2PH13047V"}};
    wt310.capabilities[0] = kSuccess;
    wt310.capabilities[3] = 0x01; // bcdUSBTMC 1.00, no USB488
    m_wt310 = std::make_unique<UsbtmcEmulator>(m_testbed, wt310);
    m_wt310->reply("*IDN?", "YOKOGAWA,WT310,C2PH13047V,F2.01");

    UsbtmcEmulator::Config agilent;
    agilent.devnode = "/dev/bus/usb/002/002";
    agilent.strings = {{1, "Agilent Technologies"}, {2, "34410A"}, {3, "MY47000419"}};
    agilent.capabilities = usb488Capabilities();
    m_agilent = std::make_unique<UsbtmcEmulator>(m_testbed, agilent);
    m_agilent->reply("*IDN?", "Agilent Technologies,34410A,MY47000419,2.35-2.35-0.09-46-09");
}

UsbBench::~UsbBench()
{
    m_wt332.reset();
    m_wt310.reset();
    m_agilent.reset();
    g_object_unref(m_testbed);
}

} // namespace cipherwatt::test
