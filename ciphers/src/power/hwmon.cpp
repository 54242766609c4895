// hwmon power, current and voltage inputs (Documentation/hwmon/sysfs-interface): power*_input in
// µW; curr*_input in mA and in*_input in mV, whose product is µW. A chip that measures a rail's
// current and voltage (INA3221 on Jetson modules, USB-C PD controllers) gives both inputs the
// rail's name as their label; that label pairs them.

#include "files.h"

#include <cipherwatt/ciphers/power_sources.h>
#include <cipherwatt/ciphers/types.h>

#include <map>
#include <set>

namespace cipherwatt::ciphers {

namespace {

const std::filesystem::path kHwmon = "sys/class/hwmon";

// One input of a chip: power<K>, curr<K> or in<K>, and its label.
struct Input
{
    std::string base; // "power1"
    std::string label;
    bool labelled = false;
};

// The `<type><N>_input` files of a chip, with their labels.
std::vector<Input> inputs(const std::filesystem::path &dir, const std::string &type)
{
    std::vector<Input> out;
    for (const auto &file : power::entries(dir, type)) {
        const std::string name = file.filename().string();
        const std::string suffix = "_input";
        if (name.size() <= type.size() + suffix.size() ||
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
            continue;
        const std::string number =
            name.substr(type.size(), name.size() - type.size() - suffix.size());
        if (number.find_first_not_of("0123456789") != std::string::npos)
            continue;
        Input in;
        in.base = type + number;
        if (auto label = power::readOptional(dir / (in.base + "_label"));
            label && !label->empty()) {
            in.label = *label;
            in.labelled = true;
        } else {
            in.label = in.base;
        }
        out.push_back(std::move(in));
    }
    return out;
}

// A chip's sources: label -> (power input) or (current input, voltage input).
struct ChipSource
{
    std::string label;
    std::string power;
    std::string current;
    std::string voltage;
};

std::vector<ChipSource> chipSources(const std::filesystem::path &dir)
{
    std::vector<ChipSource> out;
    std::set<std::string> labels;
    for (const Input &p : inputs(dir, "power")) {
        if (labels.insert(p.label).second)
            out.push_back({p.label, p.base, {}, {}});
    }
    const std::vector<Input> voltages = inputs(dir, "in");
    for (const Input &c : inputs(dir, "curr")) {
        if (!c.labelled || labels.count(c.label) != 0)
            continue; // unlabelled currents pair with nothing; a power input of the label wins
        for (const Input &v : voltages) {
            if (v.labelled && v.label == c.label) {
                labels.insert(c.label);
                out.push_back({c.label, {}, c.base, v.base});
                break;
            }
        }
    }
    return out;
}

// The chips, by the name a resource uses: `name`, or the directory's name for a name that more
// than one chip has.
std::map<std::string, std::filesystem::path> chips(const std::filesystem::path &sysfsRoot)
{
    std::map<std::string, std::vector<std::filesystem::path>> byName;
    std::vector<std::string> order;
    for (const auto &dir : power::entries(sysfsRoot / kHwmon, "hwmon")) {
        const auto name = power::readOptional(dir / "name");
        if (!name || name->empty())
            continue;
        byName[*name].push_back(dir);
    }
    std::map<std::string, std::filesystem::path> out;
    for (const auto &[name, dirs] : byName) {
        if (dirs.size() == 1)
            out[name] = dirs.front();
        else
            for (const auto &dir : dirs)
                out[dir.filename().string()] = dir;
    }
    return out;
}

} // namespace

HwmonSensor::HwmonSensor(const std::filesystem::path &sysfsRoot, const std::string &sensor,
                         const std::string &label)
{
    m_info.resource = "hwmon:" + sensor + "/" + label;
    m_info.kind = "hwmon";
    const auto all = chips(sysfsRoot);
    const auto chip = all.find(sensor);
    if (chip == all.end()) {
        std::string names;
        for (const auto &[name, dir] : all)
            names += (names.empty() ? "" : ", ") + name;
        throw CipherError(m_info.resource + ": no hwmon chip named \"" + sensor + "\" (" +
                          (names.empty() ? std::string("none here") : "here: " + names) + ")");
    }
    const std::filesystem::path &dir = chip->second;
    for (const ChipSource &s : chipSources(dir)) {
        if (s.label != label)
            continue;
        if (!s.power.empty()) {
            m_power = dir / (s.power + "_input");
            m_info.method = "power_input";
            m_info.unit = "uW";
            m_info.files = {power::shown(sysfsRoot, m_power)};
        } else {
            m_current = dir / (s.current + "_input");
            m_voltage = dir / (s.voltage + "_input");
            m_info.method = "curr_input*in_input";
            m_info.unit = "mA*mV";
            m_info.files = {power::shown(sysfsRoot, m_current), power::shown(sysfsRoot, m_voltage)};
        }
        m_info.readable = true;
        return;
    }
    throw CipherError(m_info.resource + ": chip \"" + sensor +
                      "\" has no power input and no current and voltage inputs labelled \"" +
                      label + "\"");
}

std::optional<PowerReading> HwmonSensor::read()
{
    PowerReading r;
    if (!m_power.empty()) {
        r.watts = static_cast<double>(power::readInteger(m_power)) * 1e-6;
    } else {
        const auto milliamps = static_cast<double>(power::readInteger(m_current));
        const auto millivolts = static_cast<double>(power::readInteger(m_voltage));
        r.watts = milliamps * millivolts * 1e-6;
    }
    r.seconds = powerClockSeconds();
    return r;
}

std::vector<PowerSourceInfo> HwmonSensor::list(const std::filesystem::path &sysfsRoot)
{
    std::vector<PowerSourceInfo> out;
    for (const auto &[sensor, dir] : chips(sysfsRoot)) {
        for (const ChipSource &s : chipSources(dir)) {
            PowerSourceInfo info = HwmonSensor(sysfsRoot, sensor, s.label).info();
            for (const std::string &f : info.files) {
                const std::string problem = power::readProblem(sysfsRoot / f.substr(1));
                if (!problem.empty()) {
                    info.readable = false;
                    info.problem = "cannot read " + f + ": " + problem;
                    break;
                }
            }
            out.push_back(std::move(info));
        }
    }
    return out;
}

} // namespace cipherwatt::ciphers
