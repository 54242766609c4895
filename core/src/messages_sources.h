#pragma once

// The messages about a session's secondary power sources on the DUT (RAPL, fuel gauges, hwmon
// inputs; SessionSettings::sources). Listed in the core's catalogue with the rest
// (messages.cpp).

#include "messages.h"

namespace cipherwatt::core::msg {

inline constexpr MessageTemplate kSourcesNeedProtocol{
    "core.sources.protocol", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "power sources on the DUT need a worker of protocol 4; the DUT's speaks %1 "
                      "(update cipherwatt-bench on the DUT)")};
inline constexpr MessageTemplate kSourcesOnMcu{
    "core.sources.mcu", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "a microcontroller has no power sources of its own to read (%1): measure "
                      "it with the meter alone")};
inline constexpr MessageTemplate kSourceRefused{
    "core.sources.refused", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "power source %1: %2")};
inline constexpr MessageTemplate kSourceStopped{
    "core.sources.stopped", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "power source %1 stopped: %2; its figures end there")};
inline constexpr MessageTemplate kSourceSampling{
    "core.sources.sampling", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "power source %1 (%2, %3) read every %4 s beside the meter; its maker "
                      "does not specify its accuracy")};

} // namespace cipherwatt::core::msg
