#pragma once

// Helpers shared by the USBTMC test files: opening transports with Catch assertions, and
// reading the emulator's record.

#include "usbtmc_emulator.h"
#include "usbtmc_spec.h"

#include <cipherwatt/instruments/usbtmc.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::test {

using Bytes = std::vector<std::uint8_t>;

inline constexpr std::string_view kWt332Idn = "YOKOGAWA,WT332,C3TL08017E,F1.03";
inline constexpr std::string_view kWt310Idn = "YOKOGAWA,WT310,C2PH13047V,F2.01";

// The error of a failed result as text, or "" when it succeeded.
template<typename R>
std::string failure(const R &result)
{
    return result.ok() ? std::string() : result.error().toString().toStdString();
}

#define REQUIRE_OK(expression)                                                                     \
    do {                                                                                           \
        const auto &result_ = (expression);                                                        \
        INFO(cipherwatt::test::failure(result_));                                                  \
        REQUIRE(result_.ok());                                                                     \
    } while (false)

instruments::UsbtmcSelector selector(const char *resource);
std::unique_ptr<instruments::Transport> open(const instruments::UsbtmcSelector &which);
std::unique_ptr<instruments::Transport> open(const char *resource);
// write() then read(), both required to succeed; the reply as text.
std::string query(instruments::Transport &transport, const char *message,
                  std::chrono::milliseconds timeout = std::chrono::milliseconds{2000});
void requireNoViolations(const UsbtmcEmulator &device);

std::uint32_t le32(const Bytes &bytes, std::size_t offset);
std::vector<Bytes> withMsgId(const std::vector<Bytes> &transfers, std::uint8_t msgId);
std::vector<ControlRequest> named(const std::vector<ControlRequest> &requests,
                                  std::uint8_t request);
std::vector<UsbEvent> ofKind(const std::vector<UsbEvent> &events, UsbEvent::Kind kind);
bool isClass(const UsbEvent &event, std::uint8_t request);

// Index of the first event from `from` on that satisfies `match`, or events.size().
template<typename Match>
std::size_t find(const std::vector<UsbEvent> &events, std::size_t from, Match match)
{
    for (std::size_t i = from; i < events.size(); ++i) {
        if (match(events[i]))
            return i;
    }
    return events.size();
}

long long millisecondsSince(std::chrono::steady_clock::time_point start);

} // namespace cipherwatt::test
