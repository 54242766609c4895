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

// A power source on the DUT as the session's meter (`--meter rapl:package-0`, or `auto` with no
// WT300 attached).
inline constexpr MessageTemplate kSourceMeter{
    "core.source-meter.measuring", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the meter is power source %1 on the DUT (%2, %3), read every %4 s: not a "
                      "calibrated instrument; its maker does not specify its accuracy, so every "
                      "interval is the statistical part only")};
inline constexpr MessageTemplate kSourceMeterNoRanges{
    "core.source-meter.ranges", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "%1: a power source on the DUT has no ranges to set (--voltage-range, "
                      "--current-range, --ranges are for a WT300)")};
inline constexpr MessageTemplate kAutoSourceMeter{
    "core.source-meter.auto", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "meter auto: no WT300 on USB; the DUT's %1 is the meter (%2)")};
inline constexpr MessageTemplate kAutoSimulated{
    "core.source-meter.auto-sim", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "meter auto: no WT300 on USB and no power source on the DUT that can be "
                      "read now (%1): the simulated WT332 is the meter")};
inline constexpr MessageTemplate kAutoNoSources{
    "core.source-meter.auto-none", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the DUT has none")};

// The power sources' resource kinds, as the window's meter form offers them (source_meter.h).
inline constexpr MessageTemplate kKindRapl{
    "core.source-kind.rapl", "cipherwatt::core::PowerSource",
    QT_TRANSLATE_NOOP("cipherwatt::core::PowerSource", "RAPL zone on the DUT")};
inline constexpr MessageTemplate kKindRaplHelp{
    "core.source-kind.rapl-help", "cipherwatt::core::PowerSource",
    QT_TRANSLATE_NOOP("cipherwatt::core::PowerSource",
                      "The DUT's RAPL energy counter (Intel, AMD since Linux 5.8) read by its "
                      "worker every 0.1 s: the CPU package or the platform (psys), not the wall. "
                      "Its maker specifies no accuracy: intervals are statistical only. Root-only "
                      "on current kernels: read through sudo or pkexec.")};
inline constexpr MessageTemplate kFieldRaplZone{
    "core.source-kind.rapl-zone", "cipherwatt::core::PowerSource",
    QT_TRANSLATE_NOOP("cipherwatt::core::PowerSource", "Zone:")};
inline constexpr MessageTemplate kFieldRaplZoneHelp{
    "core.source-kind.rapl-zone-help", "cipherwatt::core::PowerSource",
    QT_TRANSLATE_NOOP("cipherwatt::core::PowerSource",
                      "package-0, psys, or a subzone such as package-0/core "
                      "(cipherwatt-bench sources lists them)")};
inline constexpr MessageTemplate kKindBattery{
    "core.source-kind.battery", "cipherwatt::core::PowerSource",
    QT_TRANSLATE_NOOP("cipherwatt::core::PowerSource", "Battery of the DUT")};
inline constexpr MessageTemplate kKindBatteryHelp{
    "core.source-kind.battery-help", "cipherwatt::core::PowerSource",
    QT_TRANSLATE_NOOP("cipherwatt::core::PowerSource",
                      "The DUT's fuel gauge, read by its worker: the whole machine on battery, "
                      "refreshed every few seconds (runs are lengthened to match). It must be "
                      "discharging. Its maker specifies no accuracy: intervals are statistical "
                      "only.")};
inline constexpr MessageTemplate kFieldBatteryName{
    "core.source-kind.battery-name", "cipherwatt::core::PowerSource",
    QT_TRANSLATE_NOOP("cipherwatt::core::PowerSource", "Battery:")};
inline constexpr MessageTemplate kFieldBatteryNameHelp{
    "core.source-kind.battery-name-help", "cipherwatt::core::PowerSource",
    QT_TRANSLATE_NOOP("cipherwatt::core::PowerSource", "BAT0; empty: the DUT's only battery")};
inline constexpr MessageTemplate kKindHwmon{
    "core.source-kind.hwmon", "cipherwatt::core::PowerSource",
    QT_TRANSLATE_NOOP("cipherwatt::core::PowerSource", "hwmon sensor on the DUT")};
inline constexpr MessageTemplate kKindHwmonHelp{
    "core.source-kind.hwmon-help", "cipherwatt::core::PowerSource",
    QT_TRANSLATE_NOOP("cipherwatt::core::PowerSource",
                      "A power, or current and voltage, input of the DUT's hwmon (INA219, INA226, "
                      "INA3221 boards, Jetson modules, USB-C PD controllers), read by its worker "
                      "every 0.1 s. Its maker specifies no accuracy here: intervals are "
                      "statistical only.")};
inline constexpr MessageTemplate kFieldHwmonInput{
    "core.source-kind.hwmon-input", "cipherwatt::core::PowerSource",
    QT_TRANSLATE_NOOP("cipherwatt::core::PowerSource", "Sensor/label:")};
inline constexpr MessageTemplate kFieldHwmonInputHelp{
    "core.source-kind.hwmon-input-help", "cipherwatt::core::PowerSource",
    QT_TRANSLATE_NOOP("cipherwatt::core::PowerSource",
                      "The sensor's name and the input's label, e.g. ina3221/VDD_IN")};

} // namespace cipherwatt::core::msg
