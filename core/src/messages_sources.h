#pragma once

// The messages about a session's secondary power sources on the DUT (RAPL, fuel gauges, hwmon
// inputs; SessionSettings::sources). Listed in the core's catalogue with the rest
// (messages.cpp).

#include "messages.h"

namespace cipherwatt::core::msg {

inline constexpr MessageTemplate kSourceNeedsZone{
    "core.sources.zone", "cipherwatt::core::SessionSettings",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionSettings",
                      "%1: rapl: needs a zone (rapl:package-0, rapl:core)")};
inline constexpr MessageTemplate kSourceNeedsBatteryName{
    "core.sources.battery", "cipherwatt::core::SessionSettings",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionSettings",
                      "%1: battery: needs a name (battery:BAT0), or none at all")};
inline constexpr MessageTemplate kSourceNeedsLabel{
    "core.sources.hwmon", "cipherwatt::core::SessionSettings",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionSettings",
                      "%1: hwmon: needs a sensor and a label (hwmon:ina3221/VDD_IN)")};
inline constexpr MessageTemplate kNotASource{
    "core.sources.unknown", "cipherwatt::core::SessionSettings",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionSettings",
                      "%1: not a power source on the DUT (rapl:<zone>, battery[:<name>], "
                      "hwmon:<sensor>/<label>)")};
inline constexpr MessageTemplate kSourceTwice{
    "core.sources.twice", "cipherwatt::core::SessionSettings",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionSettings", "%1: given twice")};
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
inline constexpr MessageTemplate kSourceRunsLengthened{
    "core.sources.lengthened", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "runs lengthened to %1 s: power source %2 gives a reading every %3 s, and "
                      "each run needs %4 of them")};
inline constexpr MessageTemplate kSourceRunsShort{
    "core.sources.short", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "runs of %1 s are too short for power source %2, which gives a reading "
                      "every %3 s: each run needs %4 of them (%5 s); its figures will be "
                      "flagged short")};

} // namespace cipherwatt::core::msg
