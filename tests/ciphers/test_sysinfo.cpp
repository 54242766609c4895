// System information: sysfs sensors from a fake tree in a fresh temporary directory, /proc
// parsing from canned cpuinfo text, and a smoke test of the real /proc.

#include "fake_sysfs.h"

#include <cipherwatt/ciphers/sysinfo.h>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using Catch::Matchers::Contains;
using cipherwatt::ciphers::collectSystemInfo;
using cipherwatt::ciphers::describeCpu;
using cipherwatt::ciphers::formatSystemInfo;
using cipherwatt::ciphers::readTemperatures;
using cipherwatt::test::FakeSysfs;
using cipherwatt::test::FakeTurbo;

namespace {

// The thermal zones and hwmon devices of a typical AMD desktop, plus a zone whose driver fails.
void writeSensors(const FakeSysfs &tree)
{
    tree.write("sys/class/thermal/thermal_zone0/type", "acpitz");
    tree.write("sys/class/thermal/thermal_zone0/temp", "27800");
    tree.write("sys/class/thermal/thermal_zone10/type", "x86_pkg_temp");
    tree.write("sys/class/thermal/thermal_zone10/temp", "-5500");
    tree.write("sys/class/thermal/thermal_zone2/type", "iwlwifi_1");
    tree.write("sys/class/thermal/thermal_zone2/temp", "");
    tree.write("sys/class/thermal/cooling_device0/type", "Processor");
    tree.write("sys/class/hwmon/hwmon0/name", "k10temp");
    tree.write("sys/class/hwmon/hwmon0/temp1_input", "51250");
    tree.write("sys/class/hwmon/hwmon0/temp1_label", "Tctl");
    tree.write("sys/class/hwmon/hwmon0/temp3_input", "40000");
    tree.write("sys/class/hwmon/hwmon0/in0_input", "1200");
}

// Excerpt of /proc/cpuinfo on a Raspberry Pi 4 running 64-bit Raspberry Pi OS.
constexpr const char *raspberryPi4 = R"(processor	: 0
BogoMIPS	: 108.00
Features	: fp asimd evtstrm crc32 cpuid
CPU implementer	: 0x41
CPU architecture: 8
CPU variant	: 0x0
CPU part	: 0xd08
CPU revision	: 3

processor	: 1
BogoMIPS	: 108.00
Features	: fp asimd evtstrm crc32 cpuid
CPU implementer	: 0x41
CPU architecture: 8
CPU variant	: 0x0
CPU part	: 0xd08
CPU revision	: 3

Hardware	: BCM2835
Revision	: c03114
Serial		: 10000000d1a2b3c4
Model		: Raspberry Pi 4 Model B Rev 1.4
)";

// Three of the six cores of a big.LITTLE RK3399 board (mainline arm64 kernel: no "Model" line; the
// board name is only in the device tree).
constexpr const char *rk3399 = R"(processor	: 0
Features	: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid
CPU implementer	: 0x41
CPU part	: 0xd03

processor	: 1
Features	: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid
CPU implementer	: 0x41
CPU part	: 0xd03

processor	: 4
Features	: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid
CPU implementer	: 0x41
CPU part	: 0xd08
)";

// Excerpt (flags shortened) of /proc/cpuinfo on a Core i7-8650U laptop.
constexpr const char *x86 = R"(processor	: 0
vendor_id	: GenuineIntel
model name	: Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz
flags		: fpu vme de pse tsc sse sse2 ht nx lm pni pclmulqdq ssse3 fma sse4_1 aes avx f16c avx2 bmi2

processor	: 1
vendor_id	: GenuineIntel
model name	: Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz
flags		: fpu vme de pse tsc sse sse2 ht nx lm pni pclmulqdq ssse3 fma sse4_1 aes avx f16c avx2 bmi2
)";

} // namespace

TEST_CASE("sysinfo reads thermal zones and hwmon sensors", "[sysinfo]")
{
    const FakeSysfs tree({}, FakeTurbo::None);
    writeSensors(tree);
    std::vector<std::string> warnings;
    const auto readings = readTemperatures(tree.root(), warnings);

    REQUIRE(readings.size() == 4);
    REQUIRE(readings[0].sensor == "thermal_zone0");
    REQUIRE(readings[0].label == "acpitz");
    REQUIRE(readings[0].celsius == Approx(27.8));
    REQUIRE(readings[1].sensor == "thermal_zone10"); // after zone 2, which failed
    REQUIRE(readings[1].label == "x86_pkg_temp");
    REQUIRE(readings[1].celsius == Approx(-5.5));
    REQUIRE(readings[2].sensor == "hwmon0/temp1");
    REQUIRE(readings[2].label == "k10temp Tctl");
    REQUIRE(readings[2].celsius == Approx(51.25));
    REQUIRE(readings[3].sensor == "hwmon0/temp3");
    REQUIRE(readings[3].label == "k10temp temp3");
    REQUIRE(readings[3].celsius == Approx(40.0));

    REQUIRE(warnings.size() == 1);
    REQUIRE_THAT(warnings.front(), Contains("thermal_zone2/temp"));
}

TEST_CASE("sysinfo without sensors reads nothing and warns about nothing", "[sysinfo]")
{
    const FakeSysfs tree({}, FakeTurbo::None);
    std::vector<std::string> warnings;
    REQUIRE(readTemperatures(tree.root(), warnings).empty());
    REQUIRE(warnings.empty());
}

TEST_CASE("sysinfo describes an x86 CPU", "[sysinfo]")
{
    const auto cpu = describeCpu(x86);
    REQUIRE(cpu.model == "Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz");
    REQUIRE(cpu.processors == 2);
    REQUIRE(cpu.features ==
            std::vector<std::string>{"aes", "pclmulqdq", "sse2", "ssse3", "avx", "avx2"});
}

TEST_CASE("sysinfo describes a Raspberry Pi 4", "[sysinfo]")
{
    const auto cpu = describeCpu(raspberryPi4, "Raspberry Pi 4 Model B Rev 1.4");
    REQUIRE(cpu.model == "Raspberry Pi 4 Model B Rev 1.4 (Cortex-A72)");
    REQUIRE(cpu.processors == 2);
    REQUIRE(cpu.features == std::vector<std::string>{"asimd"}); // no crypto extensions on a Pi 4
}

TEST_CASE("sysinfo describes a big.LITTLE board from its device tree", "[sysinfo]")
{
    using namespace std::string_view_literals;
    const auto cpu = describeCpu(rk3399, "Pine64 RockPro64 v2.1\0"sv);
    REQUIRE(cpu.model == "Pine64 RockPro64 v2.1 (2x Cortex-A53 + 1x Cortex-A72)");
    REQUIRE(cpu.processors == 3);
    REQUIRE(cpu.features == std::vector<std::string>{"aes", "asimd", "pmull", "sha1", "sha2"});
    REQUIRE(describeCpu(rk3399).model == "2x Cortex-A53 + 1x Cortex-A72");
}

TEST_CASE("sysinfo collects the real system with a fake sysfs", "[sysinfo]")
{
    const FakeSysfs tree({}, FakeTurbo::None);
    writeSensors(tree);
    for (unsigned cpu = 0; cpu < 2; ++cpu) {
        const std::string dir = "sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq/";
        tree.write(dir + "scaling_governor", "schedutil");
        tree.write(dir + "scaling_available_governors", "performance schedutil");
        tree.write(dir + "scaling_min_freq", "600000");
        tree.write(dir + "scaling_max_freq", "1800000");
        tree.write(dir + "cpuinfo_min_freq", "600000");
        tree.write(dir + "cpuinfo_max_freq", "1800000");
    }

    const auto info = collectSystemInfo(tree.root());
    REQUIRE_FALSE(info.cpuModel.empty());
    REQUIRE(info.logicalCores >= 1);
    REQUIRE_FALSE(info.architecture.empty());
    REQUIRE_THAT(info.kernel, Contains("Linux"));
    REQUIRE_FALSE(info.hostname.empty());
    REQUIRE(info.governor.cpus.size() == 2);
    REQUIRE(info.governor.cpus[1].governor == "schedutil");
    REQUIRE(info.governor.cpus[1].curKHz == 0); // no scaling_cur_freq in this tree
    REQUIRE(info.temperatures.size() == 4);
    REQUIRE(info.warnings.size() == 1); // the failing thermal zone

    const std::string text = formatSystemInfo(info);
    REQUIRE_THAT(text, Contains(info.cpuModel) && Contains("schedutil") &&
                           Contains("k10temp Tctl") && Contains("40.0 °C") &&
                           Contains("warning: cannot read temperature"));
}

TEST_CASE("sysinfo with a sysfs that has no cpufreq and no sensors", "[sysinfo]")
{
    const FakeSysfs tree({}, FakeTurbo::None);
    const auto info = collectSystemInfo(tree.root());
    REQUIRE(info.governor.empty());
    REQUIRE(info.temperatures.empty());
    REQUIRE(info.warnings.empty());
    REQUIRE_FALSE(info.cpuModel.empty());
    REQUIRE(info.logicalCores >= 1);
}

TEST_CASE("sysinfo reports an unreadable cpufreq tree as a warning", "[sysinfo]")
{
    const FakeSysfs tree({}, FakeTurbo::None);
    tree.write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance");
    const auto info = collectSystemInfo(tree.root());
    REQUIRE(info.governor.empty());
    REQUIRE(info.warnings.size() == 1);
    REQUIRE_THAT(info.warnings.front(), Contains("scaling_available_governors"));
}
