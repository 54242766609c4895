#include "usbtmc_test_support.h"

#include <algorithm>
#include <iterator>

namespace cipherwatt::test {

using instruments::Transport;
using instruments::UsbtmcSelector;

UsbtmcSelector selector(const char *resource)
{
    auto parsed = UsbtmcSelector::parse(QString::fromLatin1(resource));
    INFO(resource << ": " << failure(parsed));
    REQUIRE(parsed.ok());
    return *parsed;
}

std::unique_ptr<Transport> open(const UsbtmcSelector &which)
{
    auto transport = instruments::openUsbtmc(which);
    INFO(which.toString().toStdString() << ": " << failure(transport));
    REQUIRE(transport.ok());
    return std::move(transport).value();
}

std::unique_ptr<Transport> open(const char *resource)
{
    return open(selector(resource));
}

std::string query(Transport &transport, const char *message, std::chrono::milliseconds timeout)
{
    REQUIRE_OK(transport.write(message));
    auto reply = transport.read(timeout);
    INFO(message << ": " << failure(reply));
    REQUIRE(reply.ok());
    return reply->toStdString();
}

void requireNoViolations(const UsbtmcEmulator &device)
{
    const std::vector<std::string> violations = device.violations();
    for (const std::string &violation : violations)
        UNSCOPED_INFO("the device saw: " << violation);
    CHECK(violations.empty());
}

std::uint32_t le32(const Bytes &bytes, std::size_t offset)
{
    REQUIRE(offset + 4 <= bytes.size());
    return usbtmc_spec::le32(bytes.data() + offset);
}

std::vector<Bytes> withMsgId(const std::vector<Bytes> &transfers, std::uint8_t msgId)
{
    std::vector<Bytes> out;
    std::copy_if(transfers.begin(), transfers.end(), std::back_inserter(out),
                 [msgId](const Bytes &t) { return !t.empty() && t[0] == msgId; });
    return out;
}

std::vector<ControlRequest> named(const std::vector<ControlRequest> &requests, std::uint8_t request)
{
    std::vector<ControlRequest> out;
    std::copy_if(requests.begin(), requests.end(), std::back_inserter(out),
                 [request](const ControlRequest &r) { return r.request == request; });
    return out;
}

std::vector<UsbEvent> ofKind(const std::vector<UsbEvent> &events, UsbEvent::Kind kind)
{
    std::vector<UsbEvent> out;
    std::copy_if(events.begin(), events.end(), std::back_inserter(out),
                 [kind](const UsbEvent &e) { return e.kind == kind; });
    return out;
}

bool isClass(const UsbEvent &event, std::uint8_t request)
{
    return event.kind == UsbEvent::Kind::Control && event.control.request == request &&
           (event.control.requestType == 0xA1 || event.control.requestType == 0xA2);
}

long long millisecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start)
        .count();
}

} // namespace cipherwatt::test
