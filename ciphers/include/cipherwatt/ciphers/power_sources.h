#pragma once

// Power sources on the DUT itself, read from sysfs by the worker (issue 20): RAPL energy
// counters (Linux powercap), battery fuel gauges (power_supply) and hwmon power, current and
// voltage inputs. Each reader takes the sysfs root (tests point it at a fake tree) and follows
// the kernel's ABI documents for files and units:
//   Documentation/ABI/testing/sysfs-class-powercap   energy_uj (µJ), max_energy_range_uj (µJ)
//   Documentation/ABI/testing/sysfs-class-power      power_now (µW), current_now (µA),
//       voltage_now (µV), energy_now (µWh), charge_now (µAh), status, type
//   Documentation/hwmon/sysfs-interface              power*_input (µW), curr*_input (mA),
//       in*_input (mV), *_label, name
// The accuracy of these sensors is not specified by their makers: a reading carries a value,
// never an uncertainty.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cipherwatt::ciphers {

// What a source is and whether it can be read here.
struct PowerSourceInfo
{
    std::string resource; // "rapl:package-0", "rapl:package-0/core", "battery:BAT0",
                          // "hwmon:ina3221/VDD_IN"
    std::string kind;     // "rapl", "battery", "hwmon"
    std::string method;   // what is read: "energy_uj", "power_now", "current_now*voltage_now",
                          // "energy_now", "charge_now*voltage_now", "power_input",
                          // "curr_input*in_input"
    std::string unit;     // the unit of the files read: "uJ", "uW", "uA*uV", "uWh", "uAh*uV",
                          // "mA*mV"
    std::vector<std::string> files; // the files read, under the sysfs root
    bool readable = false;
    std::string problem; // why it cannot be read or used now (empty when it can)
};

// One reading: a mean power over `spanSeconds` ending at `seconds`, or (span 0) the sensor's
// instantaneous value at `seconds`.
struct PowerReading
{
    double seconds = 0.0; // steady clock (CLOCK_MONOTONIC), seconds
    double watts = 0.0;
    double spanSeconds = 0.0;
    bool wrapped = false; // RAPL: the counter wrapped around inside the span
    // A fuel gauge's refresh period as seen so far (median of the intervals between changes).
    std::optional<double> updateInterval;
};

class PowerSource
{
public:
    virtual ~PowerSource() = default;
    PowerSource(const PowerSource &) = delete;
    PowerSource &operator=(const PowerSource &) = delete;

    const PowerSourceInfo &info() const { return m_info; }

    // Reads the sensor now. nullopt when there is nothing new yet: a counter's first read (no
    // interval yet), a gauge that has not refreshed since the previous read. Throws CipherError
    // naming the file and what was wrong.
    virtual std::optional<PowerReading> read() = 0;

protected:
    PowerSource() = default;
    PowerSourceInfo m_info;
};

// One RAPL zone, `<root>/sys/class/powercap/intel-rapl:N[:M]`: `energy_uj` differenced over
// each interval, one wrap-around at `max_energy_range_uj` handled.
class RaplZone final : public PowerSource
{
public:
    // `zone` is the directory name ("intel-rapl:0:1").
    RaplZone(const std::filesystem::path &sysfsRoot, const std::string &zone);
    std::optional<PowerReading> read() override;

    // The energy between two counter values, in µJ. The counter counts from 0 up to its range
    // and starts again at 0, so a smaller value means one wrap: (range − previous) + current.
    // Throws CipherError when a value lies beyond the range.
    static std::uint64_t energyDelta(std::uint64_t previous, std::uint64_t current,
                                     std::uint64_t range);

    static std::vector<PowerSourceInfo> list(const std::filesystem::path &sysfsRoot);
    // Every zone as (name as in the resource string, directory name).
    static std::vector<std::pair<std::string, std::string>>
    zones(const std::filesystem::path &sysfsRoot);

    // The zone's directory name ("intel-rapl:0") and whether this process may read its
    // counter (root-only since Linux 5.10).
    const std::string &zone() const { return m_zone; }
    bool counterReadable() const;
    // Reads the counter through `reader` from now on (a helper that runs as root), said in the
    // source's method as "energy_uj through <how>". The range, the wrap-around and the units
    // stay this object's.
    using CounterReader = std::function<std::uint64_t()>;
    void readThrough(CounterReader reader, const std::string &how);

private:
    std::string m_zone;
    CounterReader m_reader;
    std::filesystem::path m_energy;
    std::uint64_t m_range = 0;
    std::optional<std::uint64_t> m_last;
    double m_lastSeconds = 0.0;
};

// A battery, `<root>/sys/class/power_supply/<name>` with type Battery: power_now, else
// current_now × voltage_now, else the change of energy_now, else the change of charge_now ×
// voltage_now. Refuses a battery whose status is not Discharging. A reading is given when the
// gauge's value changes (it refreshes every few seconds), and the refresh period is measured.
class Battery final : public PowerSource
{
public:
    Battery(const std::filesystem::path &sysfsRoot, const std::string &name);
    // Every read() checks the status too (a charger plugged in during a session).
    std::optional<PowerReading> read() override;
    // Throws CipherError naming the status unless it is "Discharging".
    void requireDischarging() const;

    static std::vector<PowerSourceInfo> list(const std::filesystem::path &sysfsRoot);

private:
    enum class Method : std::uint8_t { Power, CurrentVoltage, Energy, Charge };
    std::optional<double> updateInterval() const;

    std::filesystem::path m_dir;
    Method m_method = Method::Power;
    std::optional<std::vector<std::int64_t>> m_lastRaw; // the files' values at the last read
    std::optional<double> m_lastChange;                 // when they last changed
    std::optional<std::vector<std::int64_t>> m_changedRaw;
    std::vector<double> m_intervals; // between changes, the latest few
};

// A hwmon power input, `<root>/sys/class/hwmon/hwmonN/power<K>_input`, or a current input
// `curr<K>_input` times the voltage input `in<J>_input` of the same label.
class HwmonSensor final : public PowerSource
{
public:
    // `sensor` is the chip's `name` (or the directory name "hwmonN" when names repeat),
    // `label` the input's label (or "power<K>" for a power input without one).
    HwmonSensor(const std::filesystem::path &sysfsRoot, const std::string &sensor,
                const std::string &label);
    std::optional<PowerReading> read() override;

    static std::vector<PowerSourceInfo> list(const std::filesystem::path &sysfsRoot);

private:
    std::filesystem::path m_power;   // power<K>_input, or empty
    std::filesystem::path m_current; // curr<K>_input and in<J>_input otherwise
    std::filesystem::path m_voltage;
};

// Every source under `sysfsRoot`, RAPL zones first, then batteries, then hwmon inputs.
std::vector<PowerSourceInfo> findPowerSources(const std::filesystem::path &sysfsRoot);

// The source a resource string names: `rapl:<zone>` (a zone's name such as "package-0", a
// subzone as "package-0/core", or a name that is unique: "core", "package" for "package-0"),
// `battery` (the only battery) or `battery:<name>`, `hwmon:<sensor>/<label>`. Throws
// CipherError naming the resource and what was wrong (unknown, ambiguous, unreadable).
std::unique_ptr<PowerSource> openPowerSource(const std::filesystem::path &sysfsRoot,
                                             std::string_view resource);

// Reads `source` every `interval` seconds for `seconds` (0: until `stop`), handing each reading
// to `sink`; returns how many readings there were. Stops early when `stop` becomes true. A
// read that fails throws out of it (CipherError).
std::uint64_t samplePowerSource(PowerSource &source, double interval, double seconds,
                                const std::function<void(const PowerReading &)> &sink,
                                const std::atomic<bool> *stop = nullptr);

// The steady clock in seconds, as readings carry it.
double powerClockSeconds();

} // namespace cipherwatt::ciphers
