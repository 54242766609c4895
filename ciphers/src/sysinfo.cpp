#include "text_io.h"

#include <cipherwatt/ciphers/sysinfo.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <iomanip>
#include <optional>
#include <set>
#include <sstream>
#include <sys/utsname.h>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace cipherwatt::ciphers {

namespace fs = std::filesystem;

using detail::errnoText;
using detail::joinWords;
using detail::readFile;
using detail::splitWords;
using detail::trim;

namespace {

// The flags that decide which cipher code paths a library can take, in the order reported.
// x86: AES-NI and carry-less multiply (GCM), the SIMD levels ChaCha20 implementations pick
// from, VAES/VPCLMULQDQ (wide AES and GHASH), SHA extensions. ARM: NEON/ASIMD and the
// Armv8 crypto extensions.
constexpr std::array relevantFeatures{
    "aes",    "pclmulqdq", "sse2",  "ssse3", "avx",  "avx2", "avx512f", "vaes",   "vpclmulqdq",
    "sha_ni", "neon",      "asimd", "pmull", "sha1", "sha2", "sha3",    "sha512",
};

// Arm Ltd. (implementer 0x41) core names by "CPU part", as in the Arm technical reference
// manuals' MIDR tables. The Raspberry Pi models are 0xb76, 0xc07, 0xd03, 0xd08 and 0xd0b.
struct ArmPart
{
    unsigned part;
    std::string_view name;
};

constexpr std::array armParts{
    ArmPart{0xb76, "ARM1176"},     ArmPart{0xc07, "Cortex-A7"},   ArmPart{0xc08, "Cortex-A8"},
    ArmPart{0xc09, "Cortex-A9"},   ArmPart{0xc0f, "Cortex-A15"},  ArmPart{0xd03, "Cortex-A53"},
    ArmPart{0xd04, "Cortex-A35"},  ArmPart{0xd05, "Cortex-A55"},  ArmPart{0xd07, "Cortex-A57"},
    ArmPart{0xd08, "Cortex-A72"},  ArmPart{0xd09, "Cortex-A73"},  ArmPart{0xd0a, "Cortex-A75"},
    ArmPart{0xd0b, "Cortex-A76"},  ArmPart{0xd0c, "Neoverse-N1"}, ArmPart{0xd0d, "Cortex-A77"},
    ArmPart{0xd40, "Neoverse-V1"}, ArmPart{0xd41, "Cortex-A78"},  ArmPart{0xd44, "Cortex-X1"},
    ArmPart{0xd46, "Cortex-A510"}, ArmPart{0xd47, "Cortex-A710"}, ArmPart{0xd48, "Cortex-X2"},
    ArmPart{0xd49, "Neoverse-N2"}, ArmPart{0xd4b, "Cortex-A78C"}, ArmPart{0xd4f, "Neoverse-V2"},
    ArmPart{0xd80, "Cortex-A520"}, ArmPart{0xd81, "Cortex-A720"}, ArmPart{0xd82, "Cortex-X4"},
};

std::optional<std::string> readTrimmed(const fs::path &file)
{
    std::string text;
    if (readFile(file, text) != 0)
        return std::nullopt;
    return std::string(trim(text));
}

std::optional<long long> parseInteger(std::string_view text, int base = 10)
{
    long long value = 0;
    const auto *end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value, base);
    if (text.empty() || ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

// Entries named <prefix><number><suffix>, sorted by number (thermal_zone10 after thermal_zone9).
std::vector<std::pair<long long, fs::path>>
numberedEntries(const fs::path &dir, std::string_view prefix, std::string_view suffix = {})
{
    std::vector<std::pair<long long, fs::path>> entries;
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.size() <= prefix.size() + suffix.size() || name.rfind(prefix, 0) != 0 ||
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
            continue;
        const std::string_view digits = std::string_view(name).substr(
            prefix.size(), name.size() - prefix.size() - suffix.size());
        if (digits.front() == '-' || digits.front() == '+')
            continue;
        if (const auto number = parseInteger(digits))
            entries.emplace_back(*number, entry.path());
    }
    std::sort(entries.begin(), entries.end());
    return entries;
}

// Splits cpuinfo into "key: value" pairs, in order; a key may repeat once per processor.
std::vector<std::pair<std::string_view, std::string_view>> cpuinfoFields(std::string_view text)
{
    std::vector<std::pair<std::string_view, std::string_view>> fields;
    while (!text.empty()) {
        const auto end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        const auto colon = line.find(':');
        if (colon != std::string_view::npos)
            fields.emplace_back(trim(line.substr(0, colon)), trim(line.substr(colon + 1)));
    }
    return fields;
}

std::string armCoreName(std::string_view implementer, std::string_view part)
{
    const auto number = parseInteger(part.substr(part.rfind("0x") == 0 ? 2 : 0), 16);
    if (implementer == "0x41" && number) {
        for (const auto &known : armParts) {
            if (known.part == *number)
                return std::string(known.name);
        }
    }
    return "CPU part " + std::string(part) + " (implementer " + std::string(implementer) + ")";
}

// "Cortex-A72", or "4x Cortex-A55 + 4x Cortex-A76" on big.LITTLE, in order of appearance.
std::string armCores(const std::vector<std::pair<std::string_view, std::string_view>> &fields)
{
    std::vector<std::pair<std::string, unsigned>> cores;
    std::string_view implementer;
    for (const auto &[key, value] : fields) {
        if (key == "CPU implementer")
            implementer = value;
        if (key != "CPU part")
            continue;
        const std::string name = armCoreName(implementer, value);
        const auto found = std::find_if(cores.begin(), cores.end(),
                                        [&name](const auto &core) { return core.first == name; });
        if (found == cores.end()) {
            cores.emplace_back(name, 1);
        } else {
            ++found->second;
        }
    }
    std::string text;
    for (const auto &[name, count] : cores) {
        text += text.empty() ? "" : " + ";
        text += cores.size() > 1 ? std::to_string(count) + "x " + name : name;
    }
    return text;
}

std::string_view
firstValue(const std::vector<std::pair<std::string_view, std::string_view>> &fields,
           std::string_view key)
{
    for (const auto &[name, value] : fields) {
        if (name == key && !value.empty())
            return value;
    }
    return {};
}

std::string formatCelsius(double celsius)
{
    std::ostringstream text;
    text << std::fixed << std::setprecision(1) << celsius << " °C";
    return text.str();
}

void readThermalZones(const fs::path &root, std::vector<TemperatureReading> &readings,
                      std::vector<std::string> &warnings)
{
    for (const auto &[number, dir] : numberedEntries(root / "sys/class/thermal", "thermal_zone")) {
        const std::string sensor = dir.filename().string();
        const std::string type = readTrimmed(dir / "type").value_or("");
        std::string text;
        const int error = readFile(dir / "temp", text);
        const auto milli = error == 0 ? parseInteger(trim(text)) : std::nullopt;
        if (!milli) {
            warnings.push_back("cannot read temperature " + (dir / "temp").string() + ": " +
                               (error != 0 ? errnoText(error) : "not a number"));
            continue;
        }
        readings.push_back({sensor, type, static_cast<double>(*milli) / 1000.0});
    }
}

void readHwmon(const fs::path &root, std::vector<TemperatureReading> &readings,
               std::vector<std::string> &warnings)
{
    for (const auto &[number, dir] : numberedEntries(root / "sys/class/hwmon", "hwmon")) {
        const std::string name = readTrimmed(dir / "name").value_or(dir.filename().string());
        for (const auto &[channel, input] : numberedEntries(dir, "temp", "_input")) {
            const std::string channelName = "temp" + std::to_string(channel);
            const std::string label =
                readTrimmed(dir / (channelName + "_label")).value_or(channelName);
            std::string text;
            const int error = readFile(input, text);
            const auto milli = error == 0 ? parseInteger(trim(text)) : std::nullopt;
            if (!milli) {
                warnings.push_back("cannot read temperature " + input.string() + ": " +
                                   (error != 0 ? errnoText(error) : "not a number"));
                continue;
            }
            readings.push_back({dir.filename().string() + "/" + channelName, name + " " + label,
                                static_cast<double>(*milli) / 1000.0});
        }
    }
}

} // namespace

CpuDescription describeCpu(std::string_view cpuinfo, std::string_view deviceTreeModel)
{
    const auto fields = cpuinfoFields(cpuinfo);
    CpuDescription description;
    description.processors =
        static_cast<unsigned>(std::count_if(fields.begin(), fields.end(), [](const auto &field) {
            return field.first == "processor";
        }));

    const std::string cores = armCores(fields);
    if (cores.empty()) {
        description.model = firstValue(fields, "model name");
    } else {
        // Raspberry Pi kernels add "Model"; mainline arm64 kernels have only the device tree.
        std::string_view board = firstValue(fields, "Model");
        if (board.empty())
            board = trim(deviceTreeModel.substr(0, deviceTreeModel.find('\0')));
        if (board.empty())
            board = firstValue(fields, "Hardware");
        description.model = board.empty() ? cores : std::string(board) + " (" + cores + ")";
    }

    std::string_view flags = firstValue(fields, "flags");
    if (flags.empty())
        flags = firstValue(fields, "Features");
    const std::vector<std::string> flagList = splitWords(flags);
    const std::set<std::string, std::less<>> words(flagList.begin(), flagList.end());
    for (const char *feature : relevantFeatures) {
        if (words.contains(std::string_view(feature)))
            description.features.emplace_back(feature);
    }
    return description;
}

std::vector<TemperatureReading> readTemperatures(const fs::path &sysfsRoot,
                                                 std::vector<std::string> &warnings)
{
    std::vector<TemperatureReading> readings;
    readThermalZones(sysfsRoot, readings, warnings);
    readHwmon(sysfsRoot, readings, warnings);
    return readings;
}

SystemInfo collectSystemInfo(const fs::path &sysfsRoot)
{
    SystemInfo info;
    utsname names{};
    if (::uname(&names) == 0) {
        info.architecture = names.machine;
        info.kernel = std::string(names.sysname) + " " + names.release;
        info.hostname = names.nodename;
    } else {
        info.warnings.push_back("uname failed: " + errnoText(errno));
    }

    std::string cpuinfo;
    if (const int error = readFile("/proc/cpuinfo", cpuinfo); error != 0)
        info.warnings.push_back("cannot read /proc/cpuinfo: " + errnoText(error));
    std::string deviceTreeModel;
    readFile("/proc/device-tree/model", deviceTreeModel); // absent on x86 and ACPI machines
    const CpuDescription cpu = describeCpu(cpuinfo, deviceTreeModel);
    info.cpuModel = cpu.model;
    info.cpuFeatures = cpu.features;
    if (info.cpuModel.empty())
        info.warnings.emplace_back("/proc/cpuinfo names no CPU model");

    const long online = ::sysconf(_SC_NPROCESSORS_ONLN);
    info.logicalCores = online > 0 ? static_cast<unsigned>(online) : cpu.processors;

    try {
        info.governor = Governor(sysfsRoot).read();
    } catch (const CipherError &error) {
        info.warnings.emplace_back(error.what());
    }
    info.temperatures = readTemperatures(sysfsRoot, info.warnings);
    return info;
}

std::string formatSystemInfo(const SystemInfo &info)
{
    const std::string features = joinWords(info.cpuFeatures);
    std::string text = "CPU: " + info.cpuModel +
                       "\nlogical cores: " + std::to_string(info.logicalCores) +
                       "\narchitecture: " + info.architecture + "\nkernel: " + info.kernel +
                       "\nhostname: " + info.hostname +
                       "\nCPU features: " + (features.empty() ? "none relevant" : features) + '\n';
    if (info.temperatures.empty())
        text += "temperatures: no sensors\n";
    for (const auto &reading : info.temperatures) {
        text += "temperature " + reading.sensor + " (" + reading.label +
                "): " + formatCelsius(reading.celsius) + '\n';
    }
    text += formatGovernorState(info.governor);
    for (const auto &warning : info.warnings)
        text += "warning: " + warning + '\n';
    return text;
}

} // namespace cipherwatt::ciphers
