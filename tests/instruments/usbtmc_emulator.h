#pragma once

// The instrument's side of USBTMC for a device node of a umockdev test bed. libusb reaches the
// device through usbdevfs ioctls (SUBMITURB, REAPURBNDELAY, DISCARDURB, CLEAR_HALT, ...); the
// emulator answers them from a umockdev ioctl handler the way a USBTMC/USB488 instrument would
// (USBTMC 1.0 as summarised in ../shared/reference/wt300.md section 2): it parses bulk-OUT
// messages, frames DEV_DEP_MSG_IN replies, answers the class requests, and records everything
// for the tests. It also checks the host's framing against the specification and keeps a list
// of violations, so a test can require that the device saw none.
//
// The handler runs on umockdev's worker thread; every public member is thread-safe.

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <umockdev.h>

struct usbdevfs_urb;
#include <vector>

namespace cipherwatt::test {

// The setup packet of a control transfer as the device received it.
struct ControlRequest
{
    std::uint8_t requestType = 0;
    std::uint8_t request = 0;
    std::uint16_t value = 0;
    std::uint16_t index = 0;
    std::uint16_t length = 0;
};

struct UsbEvent
{
    enum class Kind {
        BulkOut,         // bytes: the transfer as it arrived
        Control,         // control: the setup packet
        ClearHalt,       // endpoint: USBDEVFS_CLEAR_HALT, i.e. CLEAR_FEATURE(ENDPOINT_HALT)
        DisconnectClaim, // endpoint: interface; the kernel driver was detached and the
                         // interface claimed in one step
        Claim,           // endpoint: interface
        Release,         // endpoint: interface
        BulkInRead,      // bytes: what one bulk-IN URB received
    };
    Kind kind = Kind::BulkOut;
    std::vector<std::uint8_t> bytes;
    ControlRequest control;
    unsigned endpoint = 0;
};

class UsbtmcEmulator
{
public:
    struct Config
    {
        std::string devnode; // "/dev/bus/usb/001/004"
        int interfaceNumber = 0;
        std::uint8_t bulkOut = 0x01;
        std::uint8_t bulkIn = 0x82;
        std::size_t maxPacket = 512;
        std::map<std::uint8_t, std::string> strings; // string descriptors by index
        std::array<std::uint8_t, 24> capabilities{}; // the GET_CAPABILITIES reply
    };

    // Attaches to `config.devnode` of `testbed`; detaches on destruction.
    UsbtmcEmulator(UMockdevTestbed *testbed, Config config);
    ~UsbtmcEmulator();
    UsbtmcEmulator(const UsbtmcEmulator &) = delete;
    UsbtmcEmulator &operator=(const UsbtmcEmulator &) = delete;

    // --- behaviour ---
    // `query` (a program message ending in '?', without LF) is answered with `response` (the
    // LF terminator is added), available `delay` after the query arrived. Queries without a
    // script get no reply, as a meter that is stuck or waits for an event it never sees.
    void reply(const std::string &query, const std::string &response,
               std::chrono::milliseconds delay = std::chrono::milliseconds{0});
    void setString(std::uint8_t index, const std::string &text);
    void setCapabilities(const std::array<std::uint8_t, 24> &capabilities);
    // The device sends at most `bytes` of a reply per DEV_DEP_MSG_IN and clears EOM on all
    // parts but the last (0: no limit beyond the host's TransferSize).
    void setMaxPartSize(std::size_t bytes);
    // The device ends a USB transfer after the 12-byte header, so the data of each reply part
    // comes in a transfer of its own.
    void setSplitTransfers(bool split);
    enum class Corruption { None, Tag, MsgId };
    void corruptNextReply(Corruption corruption);
    // Bytes of an earlier, unread reply (framed with `tag`) wait in the bulk-IN FIFO, as after a
    // program that died in the middle of an exchange.
    void queueStaleReply(const std::string &response, std::uint8_t tag);
    // While stalled the device takes the header packet of a bulk-OUT transfer and NAKs the
    // rest: the transfer stays pending and counts as in progress for INITIATE_ABORT_BULK_OUT.
    void setBulkOutStalled(bool stalled);
    // How many times CHECK_CLEAR_STATUS / CHECK_ABORT_BULK_IN_STATUS answer PENDING (with an
    // empty FIFO) before SUCCESS.
    void setPendingPolls(int clear, int abort);
    // The device disappears: pending URBs end with ENODEV and every later ioctl fails so.
    void unplug();
    // The device is back (plugged in again), with empty buffers, as after a power-on.
    void replug();

    // An instrument behind the device (instead of the reply script): `onMessage` gets every
    // program message (LF removed) and `onClear` every INITIATE_CLEAR, both called with the
    // emulator's lock held, so they must only take note; the instrument gives its replies
    // with answer() from a thread of its own.
    void setInstrument(std::function<void(const std::string &)> onMessage,
                       std::function<void()> onClear);
    // A response message (LF added) ready to go out at the next REQUEST_DEV_DEP_MSG_IN.
    void answer(const std::string &response);

    // --- record ---
    std::vector<UsbEvent> events() const;
    std::vector<std::vector<std::uint8_t>> bulkOutTransfers() const;
    std::vector<ControlRequest> classRequests() const; // bmRequestType 0xA1 / 0xA2 only
    std::vector<std::string> messages() const;         // program messages, LF removed
    std::vector<std::string> violations() const;
    std::size_t bulkInFifoBytes() const;
    void forget(); // clears events, messages and violations

    // Waits until a bulk-IN URB and a REQUEST_DEV_DEP_MSG_IN are pending with nothing to send,
    // i.e. the host is blocked waiting for the meter.
    bool waitUntilHostWaits(std::chrono::milliseconds timeout) const;
    // Waits until a bulk-OUT URB is held back by setBulkOutStalled().
    bool waitUntilOutStalled(std::chrono::milliseconds timeout) const;

private:
    struct Urb
    {
        UMockdevIoctlData *urb = nullptr;    // owned reference
        UMockdevIoctlData *buffer = nullptr; // owned reference; null for zero-length URBs
        gulong clientAddress = 0;
    };
    struct Response
    {
        std::string bytes;
        std::size_t sent = 0;
        std::chrono::steady_clock::time_point ready;
    };
    struct InRequest
    {
        std::uint8_t tag = 0;
        std::uint32_t transferSize = 0;
    };
    struct Transfer // one USB transfer on bulk-IN, ended by a short packet
    {
        std::vector<std::uint8_t> bytes;
        std::size_t taken = 0;
    };

    static gboolean onIoctl(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer self);
    bool handleIoctl(UMockdevIoctlClient *client);
    void submit(UMockdevIoctlClient *client, UMockdevIoctlData *arg);
    void reap(UMockdevIoctlClient *client, UMockdevIoctlData *arg);
    void discard(UMockdevIoctlClient *client, UMockdevIoctlData *arg);
    void control(Urb &urb);
    bool standardRequest(const ControlRequest &request, std::vector<std::uint8_t> &reply);
    bool interfaceRequest(const ControlRequest &request, std::vector<std::uint8_t> &reply);
    bool endpointRequest(const ControlRequest &request, std::vector<std::uint8_t> &reply);
    void bulkOut(Urb &urb);
    void parseBulkOut(const std::vector<std::uint8_t> &bytes);
    void handleMessage(std::string message);
    void pump();
    void frameReply();
    void fillBulkIn();
    void violation(std::string text);
    bool waitFor(const std::function<bool()> &condition, std::chrono::milliseconds timeout) const;
    static void release(Urb &urb);
    static usbdevfs_urb *urbOf(UMockdevIoctlData *urb);
    static std::uint8_t *bufferOf(UMockdevIoctlData *urb);

    UMockdevTestbed *m_testbed;
    UMockdevIoctlBase *m_handler;
    Config m_config;

    mutable std::mutex m_mutex;
    mutable std::condition_variable m_changed;
    std::map<std::string, std::pair<std::string, std::chrono::milliseconds>> m_script;
    std::function<void(const std::string &)> m_onMessage;
    std::function<void()> m_onClear;
    std::size_t m_maxPart = 0;
    bool m_splitTransfers = false;
    Corruption m_corruption = Corruption::None;
    bool m_outStalled = false;
    int m_clearPolls = 0;
    int m_abortPolls = 0;
    bool m_unplugged = false;

    // Device state.
    std::string m_input; // a program message received in part (no EOM yet)
    std::deque<Response> m_output;
    std::optional<InRequest> m_inRequest;
    std::uint8_t m_inTag = 0;    // bTag of the bulk-IN transfer in progress or last finished
    bool m_inInProgress = false; // a REQUEST arrived and its reply is not fully read
    std::uint32_t m_inSent = 0;  // bytes of the current bulk-IN transfer queued
    std::deque<Transfer> m_fifo; // bulk-IN data the host has not read
    bool m_outHalted = false;    // set by a clear or abort until CLEAR_FEATURE(ENDPOINT_HALT)
    std::optional<std::uint8_t> m_outInProgress; // bTag of a bulk-OUT transfer cut short
    bool m_clearing = false;
    int m_clearPollsLeft = 0;
    bool m_abortingIn = false;
    int m_abortPollsLeft = 0;

    std::deque<Urb> m_pendingIn;
    std::deque<Urb> m_pendingOut;
    std::deque<Urb> m_completed;
    std::deque<Urb> m_discarded;

    // Record.
    std::vector<UsbEvent> m_events;
    std::vector<std::string> m_messages;
    std::vector<std::string> m_violations;
};

// A umockdev test bed with the devices of tests/data/usb loaded and emulated.
class UsbBench
{
public:
    UsbBench();
    ~UsbBench();
    UsbBench(const UsbBench &) = delete;
    UsbBench &operator=(const UsbBench &) = delete;

    UsbtmcEmulator &wt332() { return *m_wt332; }
    UsbtmcEmulator &wt310() { return *m_wt310; }
    UsbtmcEmulator &agilent() { return *m_agilent; }
    UMockdevTestbed *testbed() const { return m_testbed; }

    // The WT332's GET_CAPABILITIES reply: USBTMC 1.00, USB488 1.00, 488.2 + REN/GTL/LLO
    // (byte 14 = 0x06), SCPI + SR1 + RL1 + DT1 (byte 15 = 0x0F).
    static std::array<std::uint8_t, 24> usb488Capabilities();

private:
    UMockdevTestbed *m_testbed;
    std::unique_ptr<UsbtmcEmulator> m_wt332;
    std::unique_ptr<UsbtmcEmulator> m_wt310;
    std::unique_ptr<UsbtmcEmulator> m_agilent;
};

} // namespace cipherwatt::test
