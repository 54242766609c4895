// The USBTMC instrument the emulator plays: control requests (string descriptors, GET_CAPABILITIES,
// clear, aborts, USB488 remote/local), bulk-OUT messages checked against the specification,
// and replies framed as DEV_DEP_MSG_IN and handed out to bulk-IN URBs with USB's short-packet
// rules.

#include "usbtmc_emulator.h"
#include "usbtmc_spec.h"

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <linux/usbdevice_fs.h>
#include <sys/ioctl.h>

namespace cipherwatt::test {

namespace {

using namespace usbtmc_spec;
using Clock = std::chrono::steady_clock;

std::string num(unsigned value)
{
    return std::to_string(value);
}

} // namespace

void UsbtmcEmulator::control(Urb &urb)
{
    usbdevfs_urb *u = urbOf(urb.urb);
    std::uint8_t *setup = bufferOf(urb.urb);
    if (u->buffer_length < 8 || setup == nullptr) {
        violation("control URB without a setup packet");
        u->status = -EPIPE;
        return;
    }
    const ControlRequest request{setup[0], setup[1], le16(setup + 2), le16(setup + 4),
                                 le16(setup + 6)};
    m_events.push_back({UsbEvent::Kind::Control, {}, request, 0});
    std::vector<std::uint8_t> reply;
    bool handled = false;
    if ((request.requestType & 0x60) == 0x00)
        handled = standardRequest(request, reply);
    else if (request.requestType == 0xA1)
        handled = interfaceRequest(request, reply);
    else if (request.requestType == 0xA2)
        handled = endpointRequest(request, reply);
    if (!handled) {
        u->status = -EPIPE; // the device stalls requests it does not know
        return;
    }
    const auto room = static_cast<std::size_t>(std::min<int>(u->buffer_length - 8, request.length));
    const std::size_t n = std::min(reply.size(), room);
    std::memcpy(setup + 8, reply.data(), n);
    u->actual_length = static_cast<int>(n);
}

bool UsbtmcEmulator::standardRequest(const ControlRequest &request,
                                     std::vector<std::uint8_t> &reply)
{
    constexpr std::uint8_t kGetDescriptor = 6;
    constexpr std::uint8_t kClearFeature = 1;
    constexpr std::uint8_t kStringDescriptor = 3;
    if (request.requestType == 0x80 && request.request == kGetDescriptor &&
        (request.value >> 8) == kStringDescriptor) {
        const auto index = static_cast<std::uint8_t>(request.value & 0xFF);
        if (index == 0) {
            reply = {4, kStringDescriptor, 0x09, 0x04}; // LANGID en-US
            return true;
        }
        const auto found = m_config.strings.find(index);
        if (found == m_config.strings.end())
            return false;
        reply = {0, kStringDescriptor};
        for (const char c : found->second)
            reply.insert(reply.end(), {static_cast<std::uint8_t>(c), 0});
        reply[0] = static_cast<std::uint8_t>(reply.size());
        return true;
    }
    if (request.requestType == 0x02 && request.request == kClearFeature && request.value == 0) {
        m_events.push_back({UsbEvent::Kind::ClearHalt, {}, {}, request.index});
        if (request.index == m_config.bulkOut)
            m_outHalted = false;
        return true;
    }
    return false;
}

bool UsbtmcEmulator::interfaceRequest(const ControlRequest &request,
                                      std::vector<std::uint8_t> &reply)
{
    if (request.index != m_config.interfaceNumber) {
        violation("class request " + num(request.request) + " to interface " + num(request.index) +
                  "; the USBTMC interface is " +
                  num(static_cast<unsigned>(m_config.interfaceNumber)));
    }
    auto expectLength = [&](std::uint16_t length) {
        if (request.length != length)
            violation("class request " + num(request.request) + " with wLength " +
                      num(request.length) + ", expected " + num(length));
    };
    switch (request.request) {
    case 7: // GET_CAPABILITIES
        expectLength(0x18);
        reply.assign(m_config.capabilities.begin(), m_config.capabilities.end());
        return true;
    case 5: // INITIATE_CLEAR: input, output and pending transfers are dropped; the bulk-IN
            // FIFO is left for the host to read; bulk-OUT stays halted until the host clears it
        expectLength(1);
        m_input.clear();
        m_output.clear();
        m_inRequest.reset();
        m_outInProgress.reset();
        m_outHalted = true;
        m_clearing = true;
        m_clearPollsLeft = m_clearPolls;
        if (m_onClear)
            m_onClear();
        reply = {kSuccess};
        return true;
    case 6: // CHECK_CLEAR_STATUS: bmClear bit 0 while the bulk-IN FIFO holds data
        expectLength(2);
        if (!m_clearing)
            violation("CHECK_CLEAR_STATUS without INITIATE_CLEAR");
        if (!m_fifo.empty()) {
            reply = {kPending, 1};
        } else if (m_clearPollsLeft > 0) {
            --m_clearPollsLeft;
            reply = {kPending, 0};
        } else {
            m_clearing = false;
            m_inInProgress = false;
            reply = {kSuccess, 0};
        }
        return true;
    case 160: // REN_CONTROL
    case 161: // GO_TO_LOCAL
    case 162: // LOCAL_LOCKOUT
    case 64:  // INDICATOR_PULSE
        expectLength(1);
        reply = {kSuccess};
        return true;
    case 128: // READ_STATUS_BYTE
        expectLength(3);
        reply = {kSuccess, static_cast<std::uint8_t>(request.value), 0};
        return true;
    default:
        return false;
    }
}

bool UsbtmcEmulator::endpointRequest(const ControlRequest &request,
                                     std::vector<std::uint8_t> &reply)
{
    auto expect = [&](std::uint16_t endpoint, std::uint16_t length) {
        if (request.index != endpoint || request.length != length) {
            violation("class request " + num(request.request) + " to endpoint " +
                      hexByte(request.index) + " with wLength " + num(request.length));
        }
    };
    const auto tag = static_cast<std::uint8_t>(request.value & 0xFF);
    switch (request.request) {
    case 3: // INITIATE_ABORT_BULK_IN
        expect(m_config.bulkIn, 2);
        if (!m_inInProgress) {
            reply = {kFailed, 0};
        } else if (tag != m_inTag) {
            reply = {kTransferNotInProgress, m_inTag};
        } else {
            // The reply that belongs to the aborted transfer is dropped; a short packet ends
            // the transfer.
            if (!m_output.empty() && (m_inRequest || m_output.front().sent > 0))
                m_output.pop_front();
            m_inRequest.reset();
            if (m_fifo.empty())
                m_fifo.push_back(Transfer{});
            m_inInProgress = false;
            m_abortingIn = true;
            m_abortPollsLeft = m_abortPolls;
            reply = {kSuccess, m_inTag};
        }
        return true;
    case 4: // CHECK_ABORT_BULK_IN_STATUS
        expect(m_config.bulkIn, 8);
        if (!m_abortingIn)
            violation("CHECK_ABORT_BULK_IN_STATUS without INITIATE_ABORT_BULK_IN");
        if (!m_fifo.empty()) {
            reply = {kPending, 1, 0, 0};
        } else if (m_abortPollsLeft > 0) {
            --m_abortPollsLeft;
            reply = {kPending, 0, 0, 0};
        } else {
            m_abortingIn = false;
            reply = {kSuccess, 0, 0, 0};
        }
        appendLe32(reply, m_inSent);
        return true;
    case 1: // INITIATE_ABORT_BULK_OUT
        expect(m_config.bulkOut, 2);
        if (!m_outInProgress) {
            reply = {kFailed, 0};
        } else if (tag != *m_outInProgress) {
            reply = {kTransferNotInProgress, *m_outInProgress};
        } else {
            m_outInProgress.reset();
            m_input.clear();
            m_outHalted = true;
            reply = {kSuccess, tag};
        }
        return true;
    case 2: // CHECK_ABORT_BULK_OUT_STATUS
        expect(m_config.bulkOut, 8);
        reply = {kSuccess, 0, 0, 0};
        appendLe32(reply, 0);
        return true;
    default:
        return false;
    }
}

// --- bulk endpoints ---

void UsbtmcEmulator::bulkOut(Urb &urb)
{
    usbdevfs_urb *u = urbOf(urb.urb);
    const std::uint8_t *data = bufferOf(urb.urb);
    std::vector<std::uint8_t> bytes(data, data + u->buffer_length);
    m_events.push_back({UsbEvent::Kind::BulkOut, bytes, {}, m_config.bulkOut});
    if (m_outHalted) {
        violation("bulk-OUT transfer while the endpoint is halted (no CLEAR_FEATURE after a "
                  "clear or abort)");
        u->status = -EPIPE;
        m_completed.push_back(urb);
        return;
    }
    if (m_outStalled) {
        if (bytes.size() >= 2)
            m_outInProgress = bytes[1];
        m_pendingOut.push_back(urb);
        return;
    }
    parseBulkOut(bytes);
    u->actual_length = u->buffer_length;
    m_completed.push_back(urb);
}

void UsbtmcEmulator::parseBulkOut(const std::vector<std::uint8_t> &bytes)
{
    if (bytes.size() < 12) {
        violation("bulk-OUT transfer of " + num(static_cast<unsigned>(bytes.size())) +
                  " bytes, shorter than a header");
        return;
    }
    const std::uint8_t msgId = bytes[0];
    const std::uint8_t tag = bytes[1];
    if (tag == 0)
        violation("bTag 0");
    if (bytes[2] != static_cast<std::uint8_t>(~tag))
        violation("bTagInverse " + hexByte(bytes[2]) + " for bTag " + hexByte(tag));
    if (bytes[3] != 0)
        violation("reserved header byte 3 is not 0");
    const std::uint32_t transferSize = le32(&bytes[4]);
    if (msgId == kDevDepMsgOut) {
        if ((bytes[8] & ~1U) != 0 || bytes[9] != 0 || bytes[10] != 0 || bytes[11] != 0)
            violation("DEV_DEP_MSG_OUT with reserved bits set in bytes 8..11");
        const std::size_t padded = (12 + std::size_t{transferSize} + 3) / 4 * 4;
        if (bytes.size() != padded) {
            violation("DEV_DEP_MSG_OUT of " + num(static_cast<unsigned>(bytes.size())) +
                      " bytes for TransferSize " + num(transferSize) + ", expected " +
                      num(static_cast<unsigned>(padded)));
            return;
        }
        if (std::any_of(bytes.begin() + 12 + transferSize, bytes.end(),
                        [](std::uint8_t b) { return b != 0; }))
            violation("non-zero padding");
        m_input.append(bytes.begin() + 12, bytes.begin() + 12 + transferSize);
        if ((bytes[8] & 1) != 0) {
            handleMessage(std::move(m_input));
            m_input.clear();
        }
    } else if (msgId == kRequestDevDepMsgIn) {
        if (bytes.size() != 12)
            violation("REQUEST_DEV_DEP_MSG_IN longer than its header");
        if ((bytes[8] & 0x02) != 0 && (m_config.capabilities[5] & 1) == 0)
            violation("TermChar requested from a device without TermChar support");
        if (transferSize == 0)
            violation("REQUEST_DEV_DEP_MSG_IN for 0 bytes");
        if (m_inRequest)
            violation("REQUEST_DEV_DEP_MSG_IN while the previous one is unanswered");
        m_inRequest = InRequest{tag, transferSize};
        m_inTag = tag;
        m_inInProgress = true;
    } else {
        violation("bulk-OUT MsgID " + num(msgId));
    }
}

void UsbtmcEmulator::handleMessage(std::string message)
{
    if (message.empty() || message.back() != '\n') {
        violation("program message without the LF terminator: " + message);
    } else {
        message.pop_back();
    }
    m_messages.push_back(message);
    if (m_onMessage) {
        m_onMessage(message);
        return;
    }
    if (message.empty() || message.back() != '?')
        return;
    const auto found = m_script.find(message);
    if (found == m_script.end())
        return;
    m_output.push_back({found->second.first + "\n", 0, Clock::now() + found->second.second});
}

void UsbtmcEmulator::pump()
{
    frameReply();
    fillBulkIn();
}

void UsbtmcEmulator::frameReply()
{
    if (!m_inRequest || m_output.empty() || m_output.front().ready > Clock::now())
        return;
    Response &response = m_output.front();
    const std::size_t remaining = response.bytes.size() - response.sent;
    std::size_t n = std::min<std::size_t>(remaining, m_inRequest->transferSize);
    if (m_maxPart > 0)
        n = std::min(n, m_maxPart);
    const bool eom = n == remaining;
    std::uint8_t msgId = kDevDepMsgIn;
    std::uint8_t tag = m_inRequest->tag;
    if (m_corruption == Corruption::Tag)
        tag = static_cast<std::uint8_t>(tag == 255 ? 1 : tag + 1);
    else if (m_corruption == Corruption::MsgId)
        msgId = kDevDepMsgOut;
    m_corruption = Corruption::None;

    std::vector<std::uint8_t> header{msgId, tag, static_cast<std::uint8_t>(~tag), 0};
    appendLe32(header, static_cast<std::uint32_t>(n));
    header.insert(header.end(), {static_cast<std::uint8_t>(eom ? 1 : 0), 0, 0, 0});
    std::vector<std::uint8_t> data(
        response.bytes.begin() + static_cast<std::ptrdiff_t>(response.sent),
        response.bytes.begin() + static_cast<std::ptrdiff_t>(response.sent + n));
    data.resize((header.size() + data.size() + 3) / 4 * 4 - header.size(), 0);
    if (m_splitTransfers) {
        m_fifo.push_back({header, 0});
        m_fifo.push_back({data, 0});
    } else {
        header.insert(header.end(), data.begin(), data.end());
        m_fifo.push_back({header, 0});
    }
    response.sent += n;
    if (eom)
        m_output.pop_front();
    m_inSent = static_cast<std::uint32_t>(n);
    m_inRequest.reset();
}

void UsbtmcEmulator::fillBulkIn()
{
    while (!m_pendingIn.empty() && !m_fifo.empty()) {
        Urb urb = m_pendingIn.front();
        m_pendingIn.pop_front();
        usbdevfs_urb *u = urbOf(urb.urb);
        const auto length = static_cast<std::size_t>(u->buffer_length);
        Transfer &transfer = m_fifo.front();
        const std::size_t left = transfer.bytes.size() - transfer.taken;
        if (left > length && length % m_config.maxPacket != 0) {
            // Babble: a packet does not fit into what the host asked for.
            violation("bulk-IN URB of " + num(static_cast<unsigned>(length)) +
                      " bytes is not a multiple of wMaxPacketSize " +
                      num(static_cast<unsigned>(m_config.maxPacket)));
            u->status = -EOVERFLOW;
            m_fifo.pop_front();
            m_completed.push_back(urb);
            continue;
        }
        const std::size_t n = std::min(left, length);
        if (n > 0)
            std::memcpy(bufferOf(urb.urb), transfer.bytes.data() + transfer.taken, n);
        m_events.push_back(
            {UsbEvent::Kind::BulkInRead,
             std::vector<std::uint8_t>(
                 transfer.bytes.begin() + static_cast<std::ptrdiff_t>(transfer.taken),
                 transfer.bytes.begin() + static_cast<std::ptrdiff_t>(transfer.taken + n)),
             {},
             m_config.bulkIn});
        transfer.taken += n;
        u->actual_length = static_cast<int>(n);
        if (transfer.taken == transfer.bytes.size()) {
            // A transfer that ends on a full packet is closed by a zero-length packet; it is
            // still to come when the URB filled up exactly at that point.
            const bool endsOnFullPacket =
                !transfer.bytes.empty() && transfer.bytes.size() % m_config.maxPacket == 0;
            m_fifo.pop_front();
            if (endsOnFullPacket && n == length)
                m_fifo.push_front(Transfer{});
        }
        if (m_fifo.empty() && !m_inRequest)
            m_inInProgress = false;
        m_completed.push_back(urb);
    }
}

} // namespace cipherwatt::test
