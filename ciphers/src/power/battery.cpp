// Battery fuel gauges (Documentation/ABI/testing/sysfs-class-power). Units: power_now µW,
// current_now µA, voltage_now µV, energy_now µWh, charge_now µAh. The ABI makes current_now
// negative while discharging (since Linux 5.10; older drivers and ACPI's power_now report
// magnitudes), so the magnitude is taken: the status says the direction.

#include "files.h"

#include <cipherwatt/ciphers/power_sources.h>
#include <cipherwatt/ciphers/types.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace cipherwatt::ciphers {

namespace {

const std::filesystem::path kPowerSupply = "sys/class/power_supply";

// How many intervals between a gauge's refreshes the median is taken over.
constexpr std::size_t kIntervalsKept = 16;
// 1 µWh = 3.6 mJ; 1 µAh × 1 µV = 1e-12 Wh = 3.6 nJ.
constexpr double kJoulesPerMicrowattHour = 3.6e-3;
constexpr double kJoulesPerMicroampHourMicrovolt = 3.6e-9;

bool hasFile(const std::filesystem::path &file)
{
    std::error_code ec;
    return std::filesystem::exists(file, ec);
}

bool isBattery(const std::filesystem::path &dir)
{
    return power::readOptional(dir / "type").value_or("") == "Battery";
}

} // namespace

Battery::Battery(const std::filesystem::path &sysfsRoot, const std::string &name)
    : m_dir(sysfsRoot / kPowerSupply / name)
{
    if (!isBattery(m_dir))
        throw CipherError("battery:" + name + ": no battery of that name in " +
                          power::shown(sysfsRoot, sysfsRoot / kPowerSupply));
    m_info.resource = "battery:" + name;
    m_info.kind = "battery";
    // The ABI's alternatives, best first: the gauge's own power, then current × voltage, then
    // the change of the remaining energy or charge.
    std::vector<std::string> files;
    if (hasFile(m_dir / "power_now")) {
        m_method = Method::Power;
        m_info.method = "power_now";
        m_info.unit = "uW";
        files = {"power_now"};
    } else if (hasFile(m_dir / "current_now") && hasFile(m_dir / "voltage_now")) {
        m_method = Method::CurrentVoltage;
        m_info.method = "current_now*voltage_now";
        m_info.unit = "uA*uV";
        files = {"current_now", "voltage_now"};
    } else if (hasFile(m_dir / "energy_now")) {
        m_method = Method::Energy;
        m_info.method = "energy_now";
        m_info.unit = "uWh";
        files = {"energy_now"};
    } else if (hasFile(m_dir / "charge_now") && hasFile(m_dir / "voltage_now")) {
        m_method = Method::Charge;
        m_info.method = "charge_now*voltage_now";
        m_info.unit = "uAh*uV";
        files = {"charge_now", "voltage_now"};
    } else {
        throw CipherError(m_info.resource +
                          ": the gauge has none of power_now, current_now with voltage_now, "
                          "energy_now, charge_now with voltage_now");
    }
    for (const std::string &f : files)
        m_info.files.push_back(power::shown(sysfsRoot, m_dir / f));
    m_info.files.push_back(power::shown(sysfsRoot, m_dir / "status"));
    m_info.readable = true;
}

void Battery::requireDischarging() const
{
    const std::string status = power::readText(m_dir / "status");
    if (status != "Discharging")
        throw CipherError(m_info.resource + ": status is \"" + status +
                          "\", not \"Discharging\": a battery measures the DUT's power only "
                          "while the DUT runs on it (unplug the charger)");
}

std::optional<double> Battery::updateInterval() const
{
    if (m_intervals.empty())
        return std::nullopt;
    std::vector<double> sorted = m_intervals;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
}

std::optional<PowerReading> Battery::read()
{
    requireDischarging();
    std::vector<std::int64_t> raw;
    switch (m_method) {
    case Method::Power:
        raw = {power::readInteger(m_dir / "power_now")};
        break;
    case Method::CurrentVoltage:
        raw = {power::readInteger(m_dir / "current_now"),
               power::readInteger(m_dir / "voltage_now")};
        break;
    case Method::Energy:
        raw = {power::readInteger(m_dir / "energy_now")};
        break;
    case Method::Charge:
        raw = {power::readInteger(m_dir / "charge_now"), power::readInteger(m_dir / "voltage_now")};
        break;
    }
    const double now = powerClockSeconds();
    const bool first = !m_lastRaw;
    const bool changed = first || raw != *m_lastRaw;
    m_lastRaw = raw;
    if (!changed)
        return std::nullopt;
    // The first value was set at some unknown time before the first read: only a change seen
    // by a later read starts a refresh interval.
    const std::optional<double> previousChange = m_lastChange;
    const std::optional<std::vector<std::int64_t>> previousRaw = m_changedRaw;
    if (!first) {
        if (m_lastChange) {
            m_intervals.push_back(now - *m_lastChange);
            if (m_intervals.size() > kIntervalsKept)
                m_intervals.erase(m_intervals.begin());
        }
        m_lastChange = now;
    }
    m_changedRaw = raw;

    PowerReading r;
    r.seconds = now;
    r.updateInterval = updateInterval();
    switch (m_method) {
    case Method::Power:
        r.watts = std::fabs(static_cast<double>(raw[0])) * 1e-6;
        return r;
    case Method::CurrentVoltage:
        r.watts =
            std::fabs(static_cast<double>(raw[0])) * 1e-6 * static_cast<double>(raw[1]) * 1e-6;
        return r;
    case Method::Energy:
    case Method::Charge:
        break;
    }
    // A change of the remaining energy: a mean over the time between two refreshes that were
    // both seen happen.
    if (first || !previousChange || !previousRaw)
        return std::nullopt;
    r.spanSeconds = now - *previousChange;
    if (r.spanSeconds <= 0.0)
        return std::nullopt;
    const double drop = static_cast<double>((*previousRaw)[0] - raw[0]);
    const double joules =
        m_method == Method::Energy
            ? drop * kJoulesPerMicrowattHour
            : drop * (static_cast<double>((*previousRaw)[1]) + static_cast<double>(raw[1])) / 2.0 *
                  kJoulesPerMicroampHourMicrovolt;
    r.watts = joules / r.spanSeconds;
    return r;
}

std::vector<PowerSourceInfo> Battery::list(const std::filesystem::path &sysfsRoot)
{
    std::vector<PowerSourceInfo> out;
    for (const auto &dir : power::entries(sysfsRoot / kPowerSupply, "")) {
        if (!isBattery(dir))
            continue;
        const std::string name = dir.filename().string();
        try {
            const Battery battery(sysfsRoot, name);
            PowerSourceInfo info = battery.info();
            try {
                battery.requireDischarging(); // readable, but not a measurement now
            } catch (const CipherError &e) {
                info.problem = e.what();
            }
            out.push_back(std::move(info));
        } catch (const CipherError &e) {
            PowerSourceInfo info;
            info.resource = "battery:" + name;
            info.kind = "battery";
            info.problem = e.what();
            out.push_back(std::move(info));
        }
    }
    return out;
}

} // namespace cipherwatt::ciphers
