#pragma once

#include <cipherwatt/ciphers/governor.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::ciphers {

struct TemperatureReading
{
    std::string sensor; // where it came from: "thermal_zone0", "hwmon1/temp2"
    std::string label;  // what it measures: zone type, or hwmon name and label ("k10temp Tctl")
    double celsius = 0.0;
};

// What /proc/cpuinfo says about the processor, reduced to what a benchmark record needs.
struct CpuDescription
{
    std::string model;
    std::vector<std::string> features; // crypto-relevant flags only, in a fixed order
    unsigned processors = 0;           // "processor" entries
};

// The DUT's environment, recorded with every session (DESIGN.md, phase 1).
struct SystemInfo
{
    std::string cpuModel;
    unsigned logicalCores = 0; // online CPUs
    std::string architecture;  // uname machine: "x86_64", "aarch64", "armv7l"
    std::string kernel;        // uname sysname and release: "Linux 6.1.0-18-amd64"
    std::string hostname;
    GovernorState governor; // empty without cpufreq
    std::vector<TemperatureReading> temperatures;
    std::vector<std::string> cpuFeatures;
    // Whatever could not be read; a value missing from the record is explained here.
    std::vector<std::string> warnings;
};

// Parses /proc/cpuinfo text. x86 names its model in "model name"; ARM kernels give the board
// ("Model", "Hardware" or the device tree's model) and the core only as "CPU part" numbers.
CpuDescription describeCpu(std::string_view cpuinfo, std::string_view deviceTreeModel = {});

// thermal_zone* and hwmon*/temp*_input under `<sysfsRoot>/sys/class`. Unreadable sensors are
// skipped and named in `warnings`.
std::vector<TemperatureReading> readTemperatures(const std::filesystem::path &sysfsRoot,
                                                 std::vector<std::string> &warnings);

// Never throws for a missing or unreadable source: it is left empty and named in `warnings`.
// /proc and uname are always the real system's; only sysfs paths go through `sysfsRoot`.
SystemInfo collectSystemInfo(const std::filesystem::path &sysfsRoot = "/");

std::string formatSystemInfo(const SystemInfo &info);

} // namespace cipherwatt::ciphers
