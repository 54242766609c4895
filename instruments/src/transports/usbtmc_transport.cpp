#include "transports/usbtmc_transport.h"

#include "messages.h"

#include <algorithm>
#include <span>
#include <sys/time.h>

namespace cipherwatt::instruments::usbtmc {

namespace {

using namespace std::chrono_literals;

// A program message is only refused while the meter's input buffer is full.
constexpr auto kWriteTimeout = 5000ms;
// A blocked transfer looks at the interrupt flag at least this often, even if libusb is not
// woken by libusb_interrupt_event_handler().
constexpr auto kWaitSlice = 50ms;
// One bulk-OUT transfer carries at most this much, header included (USBTMC_BUFSIZE of the
// Linux driver); longer messages are split.
constexpr int kMaxOutTransfer = 4096;
constexpr int kMaxOutPayload = kMaxOutTransfer - kHeaderSize;
// Bulk-IN reads ask for a multiple of wMaxPacketSize near this size.
constexpr int kBulkInBuffer = 4096;

struct Completion
{
    int completed = 0;
    libusb_transfer_status status = LIBUSB_TRANSFER_ERROR;
    int actual = 0;
};

void LIBUSB_CALL onTransferDone(libusb_transfer *transfer)
{
    auto *completion = static_cast<Completion *>(transfer->user_data);
    completion->status = transfer->status;
    completion->actual = transfer->actual_length;
    completion->completed = 1;
}

timeval toTimeval(std::chrono::microseconds duration)
{
    timeval tv{};
    tv.tv_sec = static_cast<time_t>(duration.count() / 1'000'000);
    tv.tv_usec = static_cast<suseconds_t>(duration.count() % 1'000'000);
    return tv;
}

Error notOpen()
{
    return Error{ErrorCode::Io, QStringLiteral("the USBTMC transport is not open")};
}

Error withContext(const Error &error, const QString &context)
{
    return Error{error.code, context + QStringLiteral(": ") + error.message.english(), 0};
}

QString shortened(const QByteArray &message)
{
    constexpr qsizetype kShown = 40;
    QString text = QString::fromLatin1(message.left(kShown));
    if (message.size() > kShown)
        text += QStringLiteral("…");
    return text;
}

} // namespace

Result<std::unique_ptr<UsbtmcTransport>> UsbtmcTransport::create(const UsbtmcSelector &selector)
{
    auto context = createContext();
    if (!context)
        return context.error();
    return std::unique_ptr<UsbtmcTransport>(new UsbtmcTransport(selector, std::move(*context)));
}

UsbtmcTransport::UsbtmcTransport(UsbtmcSelector selector, ContextPtr context)
    : m_selector(std::move(selector))
    , m_context(std::move(context))
{}

UsbtmcTransport::~UsbtmcTransport()
{
    close();
}

Result<void> UsbtmcTransport::open()
{
    close();
    m_interrupted = false;
    auto candidates = scanUsbtmc(m_context.get(), m_selector.vendorId);
    if (!candidates)
        return candidates.error();
    const auto match =
        std::find_if(candidates->begin(), candidates->end(),
                     [this](const Candidate &c) { return m_selector.matches(c.info); });
    if (match == candidates->end()) {
        return Error{
            ErrorCode::NotFound,
            Message(msg::kNoUsbtmcMatch).arg(m_selector.toString(), describeAttached(*candidates))};
    }
    if (auto claimed = claim(*match); !claimed) {
        close();
        return claimed.error();
    }
    readCapabilities();
    if (auto cleared = clearSequence(); !cleared) {
        if (cleared.error().code == ErrorCode::Disconnected) {
            close();
            return withContext(cleared.error(), QStringLiteral("device clear on open failed"));
        }
        // Some devices refuse INITIATE_CLEAR while idle; the next exchange shows whether the
        // meter answers.
        qCWarning(lcUsbtmc).noquote()
            << "device clear on open failed:" << cleared.error().toString();
    }
    enterRemote();
    qCDebug(lcUsbtmc).noquote() << "opened" << describe() << "interface" << m_interface.number
                                << "bulk-OUT" << hex8(m_interface.bulkOut) << "bulk-IN"
                                << hex8(m_interface.bulkIn) << "interrupt-IN"
                                << hex8(m_interface.interruptIn);
    return {};
}

Result<void> UsbtmcTransport::claim(const Candidate &candidate)
{
    m_device = candidate.info;
    m_interface = candidate.interface;
    const QString where = QStringLiteral("USB ") + usbAddress(m_device.bus, m_device.address);
    libusb_device_handle *handle = nullptr;
    if (const int rc = libusb_open(candidate.device.get(), &handle); rc != LIBUSB_SUCCESS)
        return libusbError(rc, QStringLiteral("cannot open %1").arg(where));
    m_handle.reset(handle);
    // Linux binds its usbtmc driver to the interface; libusb detaches it when claiming and
    // attaches it again on release.
    if (const int rc = libusb_set_auto_detach_kernel_driver(handle, 1);
        rc != LIBUSB_SUCCESS && rc != LIBUSB_ERROR_NOT_SUPPORTED)
        qCWarning(lcUsbtmc) << "cannot enable kernel driver detach:" << libusb_strerror(rc);
    int active = 0;
    if (libusb_get_configuration(handle, &active) == LIBUSB_SUCCESS &&
        active != m_interface.configuration) {
        if (const int rc = libusb_set_configuration(handle, m_interface.configuration);
            rc != LIBUSB_SUCCESS)
            return libusbError(rc, QStringLiteral("cannot select configuration %1 of %2")
                                       .arg(m_interface.configuration)
                                       .arg(where));
    }
    if (const int rc = libusb_claim_interface(handle, m_interface.number); rc != LIBUSB_SUCCESS) {
        return libusbError(
            rc,
            QStringLiteral("cannot claim interface %1 of %2").arg(m_interface.number).arg(where));
    }
    m_claimed = true;
    return {};
}

void UsbtmcTransport::close()
{
    if (!m_handle)
        return;
    goToLocal();
    if (m_claimed) {
        const int rc = libusb_release_interface(m_handle.get(), m_interface.number);
        if (rc != LIBUSB_SUCCESS && rc != LIBUSB_ERROR_NO_DEVICE)
            qCWarning(lcUsbtmc) << "cannot release the interface:" << libusb_strerror(rc);
    }
    m_claimed = false;
    m_remote = false;
    m_handle.reset();
    qCDebug(lcUsbtmc).noquote() << "closed" << describe();
}

QString UsbtmcTransport::describe() const
{
    if (m_device.address == 0)
        return m_selector.toString();
    QString text = QStringLiteral("USB ") + usbAddress(m_device.bus, m_device.address);
    if (!m_device.serial.isEmpty())
        text += QStringLiteral(" (serial %1)").arg(m_device.serial);
    return text;
}

void UsbtmcTransport::interrupt()
{
    m_interrupted.store(true);
    libusb_interrupt_event_handler(m_context.get());
}

void UsbtmcTransport::clearInterrupt()
{
    m_interrupted.store(false);
}

std::uint8_t UsbtmcTransport::takeTag()
{
    m_tag = nextTag(m_tag);
    return m_tag;
}

Result<void> UsbtmcTransport::write(const QByteArray &message)
{
    if (!m_handle)
        return notOpen();
    if (m_interrupted.load())
        return Error{ErrorCode::Cancelled,
                     QStringLiteral("write to %1 interrupted").arg(describe())};
    // The meter takes LF as the program message terminator (wt300.md section 3).
    const QByteArray payload = message + '\n';
    const auto deadline = Clock::now() + kWriteTimeout;
    for (qsizetype offset = 0; offset < payload.size(); offset += kMaxOutPayload) {
        const qsizetype size = std::min<qsizetype>(kMaxOutPayload, payload.size() - offset);
        const bool eom = offset + size == payload.size();
        const std::uint8_t tag = takeTag();
        const QByteArray transfer =
            devDepMsgOut(tag, QByteArrayView(payload).sliced(offset, size), eom);
        qCDebug(lcUsbtmc).noquote() << "out" << hexDump(transfer);
        if (auto sent = bulkOut(transfer, deadline); !sent) {
            if (sent.error().code == ErrorCode::Timeout ||
                sent.error().code == ErrorCode::Cancelled)
                abortBulkOut(tag);
            return withContext(
                sent.error(),
                QStringLiteral("cannot send \"%1\" to %2").arg(shortened(message), describe()));
        }
    }
    return {};
}

Result<QByteArray> UsbtmcTransport::read(std::chrono::milliseconds timeout)
{
    if (!m_handle)
        return notOpen();
    if (m_interrupted.load())
        return Error{ErrorCode::Cancelled,
                     QStringLiteral("read from %1 interrupted").arg(describe())};
    const auto deadline = Clock::now() + timeout;
    QByteArray message;
    for (;;) {
        const qsizetype room = ResponseFramer::kMaxMessage - message.size();
        if (room <= 0) {
            // The rest of the reply is still queued in the device; only a clear drops it.
            if (auto cleared = clearSequence(); !cleared)
                qCWarning(lcUsbtmc).noquote() << cleared.error().toString();
            return Error{ErrorCode::Protocol,
                         QStringLiteral("reply from %1 is longer than %2 bytes")
                             .arg(describe())
                             .arg(ResponseFramer::kMaxMessage)};
        }
        const auto requested = static_cast<std::uint32_t>(room);
        const std::uint8_t tag = takeTag();
        const Header header = requestDevDepMsgInHeader(tag, requested);
        const QByteArray request(reinterpret_cast<const char *>(header.data()), kHeaderSize);
        qCDebug(lcUsbtmc).noquote() << "request" << hexDump(request);
        if (auto sent = bulkOut(request, deadline); !sent) {
            if (sent.error().code == ErrorCode::Timeout ||
                sent.error().code == ErrorCode::Cancelled)
                abortBulkOut(tag);
            return withContext(sent.error(),
                               QStringLiteral("cannot ask %1 for a reply").arg(describe()));
        }
        auto part = readPart(tag, requested, deadline);
        if (!part) {
            const Error &error = part.error();
            switch (error.code) {
            case ErrorCode::Timeout:
                abortBulkIn(tag);
                return Error{ErrorCode::Timeout,
                             Message(msg::kNoReplyFrom).arg(describe()).arg(timeout.count())};
            case ErrorCode::Cancelled:
                abortBulkIn(tag);
                return Error{ErrorCode::Cancelled,
                             QStringLiteral("read from %1 interrupted").arg(describe())};
            case ErrorCode::Protocol:
                // The device and the host disagree on the transfer; a device clear resets both.
                if (auto cleared = clearSequence(); !cleared)
                    qCWarning(lcUsbtmc).noquote() << cleared.error().toString();
                break;
            default:
                break;
            }
            return withContext(error, QStringLiteral("reading from %1").arg(describe()));
        }
        message += part->data;
        if (part->eom)
            break;
        qCDebug(lcUsbtmc) << "EOM not set after" << message.size() << "bytes; asking for more";
    }
    if (message.endsWith('\n')) {
        message.chop(1);
        if (message.endsWith('\r'))
            message.chop(1);
    }
    return message;
}

Result<void> UsbtmcTransport::clear()
{
    if (!m_handle)
        return notOpen();
    return clearSequence();
}

Result<UsbtmcTransport::Part> UsbtmcTransport::readPart(std::uint8_t tag, std::uint32_t requested,
                                                        Clock::time_point deadline)
{
    const int chunk = bulkInChunk();
    QByteArray buffer;
    std::optional<InHeader> header;
    qsizetype expected = kHeaderSize;
    // A reply may come in several transfers (without a header of their own) and may be preceded
    // by the zero-length packet that ended the previous one.
    while (buffer.size() < expected) {
        const qsizetype old = buffer.size();
        buffer.resize(old + chunk);
        auto got = bulkTransfer(m_interface.bulkIn, buffer.data() + old, chunk, deadline, true);
        if (!got)
            return got.error();
        buffer.resize(old + *got);
        if (*got > 0)
            qCDebug(lcUsbtmc).noquote() << "in" << hexDump(QByteArrayView(buffer).sliced(old));
        if (!header && buffer.size() >= kHeaderSize) {
            const InHeaderCheck check = checkDevDepMsgInHeader(bytesOf(buffer), tag, requested);
            if (!check.header)
                return Error{ErrorCode::Protocol, check.error};
            header = check.header;
            expected = kHeaderSize + static_cast<qsizetype>(header->transferSize);
        }
    }
    if (buffer.size() - expected > 3) {
        return Error{ErrorCode::Protocol, QStringLiteral("%1 bytes follow a reply of %2 bytes")
                                              .arg(buffer.size() - expected)
                                              .arg(header->transferSize)};
    }
    return Part{buffer.mid(kHeaderSize, header->transferSize), header->eom()};
}

Result<void> UsbtmcTransport::bulkOut(const QByteArray &transfer, Clock::time_point deadline)
{
    QByteArray buffer = transfer; // libusb takes a mutable buffer
    const auto size = static_cast<int>(buffer.size());
    auto sent = bulkTransfer(m_interface.bulkOut, buffer.data(), size, deadline, true);
    if (!sent)
        return sent.error();
    if (*sent != size)
        return Error{ErrorCode::Io,
                     QStringLiteral("bulk-OUT took %1 of %2 bytes").arg(*sent).arg(size)};
    return {};
}

Result<int> UsbtmcTransport::bulkTransfer(std::uint8_t endpoint, char *data, int length,
                                          Clock::time_point deadline, bool interruptible)
{
    const QString what = QStringLiteral("bulk transfer on endpoint %1").arg(hex8(endpoint));
    if (interruptible && m_interrupted.load())
        return Error{ErrorCode::Cancelled, what + QStringLiteral(" interrupted")};
    const TransferPtr transfer(libusb_alloc_transfer(0));
    if (!transfer)
        return Error{ErrorCode::Io, what + QStringLiteral(": out of memory")};
    Completion completion;
    libusb_fill_bulk_transfer(transfer.get(), m_handle.get(), endpoint,
                              reinterpret_cast<unsigned char *>(data), length, &onTransferDone,
                              &completion, 0);
    if (const int rc = libusb_submit_transfer(transfer.get()); rc != LIBUSB_SUCCESS)
        return libusbError(rc, what);

    // One transfer stays queued until it completes, the deadline passes or interrupt() is
    // called: a reply the meter holds back until its next update is not an error.
    enum class Stop { No, Deadline, Interrupt };
    Stop stop = Stop::No;
    while (completion.completed == 0) {
        if (stop == Stop::No) {
            if (interruptible && m_interrupted.load())
                stop = Stop::Interrupt;
            else if (Clock::now() >= deadline)
                stop = Stop::Deadline;
            if (stop != Stop::No)
                libusb_cancel_transfer(transfer.get());
        }
        auto slice = std::chrono::duration_cast<std::chrono::microseconds>(kWaitSlice);
        if (stop == Stop::No) {
            const auto left =
                std::chrono::duration_cast<std::chrono::microseconds>(deadline - Clock::now());
            slice = std::clamp(left, std::chrono::microseconds{1000}, slice);
        }
        timeval tv = toTimeval(slice);
        const int rc =
            libusb_handle_events_timeout_completed(m_context.get(), &tv, &completion.completed);
        if (rc != LIBUSB_SUCCESS && rc != LIBUSB_ERROR_INTERRUPTED)
            qCWarning(lcUsbtmc) << "libusb event handling failed:" << libusb_strerror(rc);
    }

    if (stop == Stop::Interrupt)
        return Error{ErrorCode::Cancelled, what + QStringLiteral(" interrupted")};
    switch (completion.status) {
    case LIBUSB_TRANSFER_COMPLETED:
        return completion.actual;
    case LIBUSB_TRANSFER_CANCELLED:
    case LIBUSB_TRANSFER_TIMED_OUT:
        return Error{ErrorCode::Timeout, what + QStringLiteral(" timed out")};
    case LIBUSB_TRANSFER_NO_DEVICE:
        return Error{ErrorCode::Disconnected, what + QStringLiteral(": the device is gone")};
    case LIBUSB_TRANSFER_STALL:
        return Error{ErrorCode::Io, what + QStringLiteral(": endpoint halted")};
    case LIBUSB_TRANSFER_OVERFLOW:
        return Error{ErrorCode::Protocol,
                     what + QStringLiteral(": the device sent more than asked")};
    case LIBUSB_TRANSFER_ERROR:
        break;
    }
    return Error{ErrorCode::Io, what + QStringLiteral(" failed")};
}

int UsbtmcTransport::bulkInChunk() const
{
    const int packet = std::max(m_interface.bulkInMaxPacket, 1);
    return std::max(1, kBulkInBuffer / packet) * packet;
}

} // namespace cipherwatt::instruments::usbtmc
