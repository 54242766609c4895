// The DUT's own power sources (issue 20) against fake sysfs trees whose values a ticker
// advances in real time. Every expected value is worked out by hand from what the helper
// writes, with the kernel ABI's units (powercap: µJ; power_supply: µW, µA, µV, µWh, µAh;
// hwmon: µW, mA, mV).

#include "fake_power.h"

#include <cipherwatt/ciphers/power_sources.h>
#include <cipherwatt/ciphers/types.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <thread>
#include <unistd.h>

using namespace cipherwatt::ciphers;
using cipherwatt::test::FakePowerTree;
using cipherwatt::test::Ticker;
using namespace std::chrono_literals;

namespace {

std::map<std::string, PowerSourceInfo> byResource(const std::vector<PowerSourceInfo> &infos)
{
    std::map<std::string, PowerSourceInfo> out;
    for (const auto &info : infos)
        out[info.resource] = info;
    return out;
}

std::string errorOf(const std::function<void()> &f)
{
    try {
        f();
    } catch (const CipherError &e) {
        return e.what();
    }
    return {};
}

} // namespace

TEST_CASE("RAPL: one wrap-around of the energy counter, by hand", "[power][rapl]")
{
    // No wrap: 350 − 100. One wrap in a range of 1000 µJ: (1000 − 900) + 100.
    CHECK(RaplZone::energyDelta(100, 350, 1000) == 250);
    CHECK(RaplZone::energyDelta(900, 100, 1000) == 200);
    CHECK(RaplZone::energyDelta(0, 1000, 1000) == 1000);
    CHECK(RaplZone::energyDelta(999, 0, 1000) == 1);
    CHECK(errorOf([] { (void)RaplZone::energyDelta(1001, 5, 1000); }) ==
          "energy counter 1001 µJ beyond its range of 1000 µJ");
}

TEST_CASE("RAPL: two zones advancing in real time, one wrapping inside the sampling",
          "[power][rapl]")
{
    FakePowerTree tree;
    // package-0 draws 10 W with a range of 4 J: its counter wraps every 0.4 s. Its core
    // subzone draws 4 W and starts 1 J below the end of a real-sized range.
    constexpr double kPackageWatts = 10.0;
    constexpr double kCoreWatts = 4.0;
    constexpr std::uint64_t kPackageRange = 4'000'000;
    constexpr std::uint64_t kCoreRange = 262'143'328'850;
    constexpr std::uint64_t kCoreStart = kCoreRange - 1'000'000;
    tree.addRaplZone("intel-rapl:0", "package-0", kPackageRange);
    tree.addRaplZone("intel-rapl:0:0", "core", kCoreRange);
    tree.setRaplEnergy("intel-rapl:0:0", kCoreStart);
    tree.write("sys/devices/virtual/powercap/intel-rapl/name", "intel-rapl"); // the control type

    const auto infos = byResource(findPowerSources(tree.root()));
    REQUIRE(infos.size() == 2);
    REQUIRE(infos.count("rapl:package-0") == 1);
    REQUIRE(infos.count("rapl:package-0/core") == 1);
    CHECK(infos.at("rapl:package-0").readable);
    CHECK(infos.at("rapl:package-0").unit == "uJ");
    CHECK(infos.at("rapl:package-0").files.front() == "/sys/class/powercap/intel-rapl:0/energy_uj");

    auto package = openPowerSource(tree.root(), "rapl:package");
    auto core = openPowerSource(tree.root(), "rapl:core");
    CHECK(package->info().resource == "rapl:package-0");
    CHECK(core->info().resource == "rapl:package-0/core");

    Ticker ticker(2ms, 10s, [&](double t) {
        const auto packageEnergy = static_cast<std::uint64_t>(kPackageWatts * 1e6 * t);
        const auto coreEnergy = static_cast<std::uint64_t>(kCoreWatts * 1e6 * t);
        tree.setRaplEnergy("intel-rapl:0", packageEnergy % kPackageRange);
        tree.setRaplEnergy("intel-rapl:0:0", (kCoreStart + coreEnergy) % kCoreRange);
    });
    std::this_thread::sleep_for(20ms);
    std::map<std::string, std::vector<PowerReading>> readings;
    CHECK_FALSE(package->read()); // the first read starts the first interval
    CHECK_FALSE(core->read());
    for (int i = 0; i < 12; ++i) {
        std::this_thread::sleep_for(100ms);
        for (auto *source : {package.get(), core.get()})
            if (auto r = source->read())
                readings[source->info().resource].push_back(*r);
    }
    ticker.stop();

    for (const auto &[resource, expected] : {std::pair{"rapl:package-0", kPackageWatts},
                                             std::pair{"rapl:package-0/core", kCoreWatts}}) {
        INFO(resource);
        const auto &rs = readings[resource];
        REQUIRE(rs.size() == 12);
        double joules = 0.0;
        double seconds = 0.0;
        bool wrapped = false;
        for (const PowerReading &r : rs) {
            // A wrap handled wrongly is off by the whole range (±40 W or more here).
            CHECK(r.watts > expected * 0.5);
            CHECK(r.watts < expected * 1.5);
            joules += r.watts * r.spanSeconds;
            seconds += r.spanSeconds;
            wrapped = wrapped || r.wrapped;
        }
        CHECK(wrapped);
        CHECK(joules / seconds == Approx(expected).epsilon(0.05));
    }
}

TEST_CASE("RAPL: a root-only energy file is named, with the way to read it", "[power][rapl]")
{
    FakePowerTree tree;
    tree.addRaplZone("intel-rapl:0", "package-0", 262'143'328'850);
    std::filesystem::permissions(tree.raplFile("intel-rapl:0", "energy_uj"),
                                 std::filesystem::perms::none);
    if (::geteuid() == 0) {
        // Root reads a file of mode 000 all the same; the worker's test runs this as nobody
        // ("sources: a root-only RAPL energy file ...").
        WARN("running as root: the refusal is checked by the worker test as nobody");
        return;
    }
    const auto infos = byResource(findPowerSources(tree.root()));
    const PowerSourceInfo &info = infos.at("rapl:package-0");
    CHECK_FALSE(info.readable);
    CHECK_THAT(info.problem,
               Catch::Contains("energy_uj: Permission denied") && Catch::Contains("CVE-2020-8694"));
    auto zone = openPowerSource(tree.root(), "rapl:package-0");
    const std::string error = errorOf([&] { (void)zone->read(); });
    CHECK_THAT(error, Catch::StartsWith(
                          "cannot read " +
                          (tree.root() / "sys/class/powercap/intel-rapl:0/energy_uj").string() +
                          ": Permission denied (energy_uj is readable only by "
                          "root"));
}

TEST_CASE("battery: every method of the ABI, and the gauge's refresh period detected",
          "[power][battery]")
{
    FakePowerTree tree;
    // The gauges refresh once a second (a real one every few seconds). Refresh k writes:
    //   BAT0 power_now   7 500 000 or 8 000 000 µW         -> 7.5 W or 8.0 W
    //   BAT1 current_now −1 500 000 or −1 600 000 µA at voltage_now 11 400 000 µV
    //                                                      -> 17.1 W or 18.24 W
    //   BAT2 energy_now  50 000 000 − 2 000·k µWh          -> 2 000 µWh/s = 7.2 W
    //   BAT3 charge_now  4 000 000 − 250·k µAh at 12 000 000 µV
    //                                                      -> 250 µAh·12 V/s = 3 mWh/s = 10.8 W
    const std::vector<std::pair<std::string, std::string>> discharging{{"status", "Discharging"}};
    tree.addBattery("BAT0", discharging);
    tree.addBattery("BAT1", discharging);
    tree.addBattery("BAT2", discharging);
    tree.addBattery("BAT3", discharging);
    tree.addBattery("AC", {}); // not a battery: its type is overwritten below
    tree.write("sys/class/power_supply/AC/type", "Mains");
    auto refresh = [&](int k) {
        tree.setBattery("BAT0", "power_now", k % 2 == 0 ? "7500000" : "8000000");
        tree.setBattery("BAT1", "current_now", k % 2 == 0 ? "-1500000" : "-1600000");
        tree.setBattery("BAT1", "voltage_now", "11400000");
        tree.setBattery("BAT2", "energy_now", std::to_string(50'000'000 - 2'000 * k));
        tree.setBattery("BAT3", "charge_now", std::to_string(4'000'000 - 250 * k));
        tree.setBattery("BAT3", "voltage_now", "12000000");
    };
    refresh(0);

    const auto infos = byResource(findPowerSources(tree.root()));
    REQUIRE(infos.size() == 4);
    CHECK(infos.at("battery:BAT0").method == "power_now");
    CHECK(infos.at("battery:BAT1").method == "current_now*voltage_now");
    CHECK(infos.at("battery:BAT2").method == "energy_now");
    CHECK(infos.at("battery:BAT3").method == "charge_now*voltage_now");
    CHECK(infos.at("battery:BAT3").unit == "uAh*uV");
    CHECK(errorOf([&] { (void)openPowerSource(tree.root(), "battery"); }) ==
          "battery: more than one battery (battery:BAT0, battery:BAT1, battery:BAT2, "
          "battery:BAT3): name one");

    std::vector<std::unique_ptr<PowerSource>> sources;
    for (const char *name : {"battery:BAT0", "battery:BAT1", "battery:BAT2", "battery:BAT3"})
        sources.push_back(openPowerSource(tree.root(), name));
    int k = 0;
    Ticker ticker(1000ms, 10s, [&](double t) {
        if (t > 0.5) // the first tick comes at once: refresh 0 is already there
            refresh(++k);
    });
    std::map<std::string, std::vector<PowerReading>> readings;
    const auto end = std::chrono::steady_clock::now() + 3600ms;
    while (std::chrono::steady_clock::now() < end) {
        for (auto &source : sources)
            if (auto r = source->read())
                readings[source->info().resource].push_back(*r);
        std::this_thread::sleep_for(20ms);
    }
    ticker.stop();

    // Instantaneous gauges: the value at the start, then one reading per refresh (3 or 4 in
    // 3.6 s, depending on where the ticker's second falls).
    for (const auto &[resource, values] :
         {std::pair<std::string, std::vector<double>>{"battery:BAT0", {7.5, 8.0}},
          std::pair<std::string, std::vector<double>>{"battery:BAT1", {17.1, 18.24}}}) {
        INFO(resource);
        const auto &rs = readings[resource];
        REQUIRE(rs.size() >= 3);
        for (const PowerReading &r : rs) {
            CHECK(r.spanSeconds == 0.0);
            CHECK((r.watts == Approx(values[0]) || r.watts == Approx(values[1])));
        }
        REQUIRE(rs.back().updateInterval);
        CHECK(*rs.back().updateInterval == Approx(1.0).margin(0.15));
    }
    // Energy and charge: a mean between two refreshes that were seen, so the first reading
    // comes with the second refresh after the start.
    for (const auto &[resource, expected] :
         {std::pair{"battery:BAT2", 7.2}, std::pair{"battery:BAT3", 10.8}}) {
        INFO(resource);
        const auto &rs = readings[resource];
        REQUIRE(rs.size() >= 1);
        double joules = 0.0;
        double seconds = 0.0;
        for (const PowerReading &r : rs) {
            CHECK(r.spanSeconds == Approx(1.0).margin(0.2));
            CHECK(r.watts == Approx(expected).epsilon(0.25));
            joules += r.watts * r.spanSeconds;
            seconds += r.spanSeconds;
        }
        CHECK(joules / seconds == Approx(expected).epsilon(0.06));
        REQUIRE(rs.back().updateInterval);
        CHECK(*rs.back().updateInterval == Approx(1.0).margin(0.15));
    }

    // The charger plugged in during a measurement: the next read refuses, naming the status.
    tree.setBattery("BAT0", "status", "Charging");
    CHECK(errorOf([&] { (void)sources[0]->read(); }) ==
          "battery:BAT0: status is \"Charging\", not \"Discharging\": a battery measures the "
          "DUT's power only while the DUT runs on it (unplug the charger)");
}

TEST_CASE("battery: a gauge that refreshes every 5 s, as laptops' do: one reading a refresh, the "
          "period measured",
          "[power][battery]")
{
    // energy_now falls by 10 000 µWh at each refresh, 5 s apart: 36 J / 5 s = 7.2 W. The worker
    // reads every 0.1 s; the first change it sees starts the first interval, so in 10.6 s it
    // sees the refreshes at 5 s and 10 s: one reading, the mean over the 5 s between them.
    FakePowerTree tree;
    tree.addBattery("BAT0", {{"status", "Discharging"}, {"energy_now", "40000000"}});
    const auto battery = openPowerSource(tree.root(), "battery:BAT0");
    int k = 0;
    Ticker gauge(5000ms, 20s, [&](double t) {
        if (t > 0.5) // the first tick comes at once
            tree.setBattery("BAT0", "energy_now", std::to_string(40'000'000 - 10'000 * ++k));
    });
    std::vector<PowerReading> readings;
    const auto end = std::chrono::steady_clock::now() + 10600ms;
    while (std::chrono::steady_clock::now() < end) {
        if (auto r = battery->read())
            readings.push_back(*r);
        std::this_thread::sleep_for(100ms);
    }
    gauge.stop();
    REQUIRE(readings.size() == 1);
    CHECK(readings[0].spanSeconds == Approx(5.0).margin(0.15));
    CHECK(readings[0].watts == Approx(7.2).epsilon(0.03));
    REQUIRE(readings[0].updateInterval);
    CHECK(*readings[0].updateInterval == Approx(5.0).margin(0.15));
}

TEST_CASE("battery: a charging battery is listed and refused, with its status", "[power][battery]")
{
    FakePowerTree tree;
    tree.addBattery("BAT1", {{"status", "Charging"}, {"power_now", "25000000"}});
    const auto infos = byResource(findPowerSources(tree.root()));
    REQUIRE(infos.size() == 1);
    const PowerSourceInfo &info = infos.at("battery:BAT1");
    CHECK(info.readable);
    CHECK(info.problem ==
          "battery:BAT1: status is \"Charging\", not \"Discharging\": a battery measures the "
          "DUT's power only while the DUT runs on it (unplug the charger)");
    CHECK(errorOf([&] { (void)openPowerSource(tree.root(), "battery"); }) == info.problem);
    tree.setBattery("BAT1", "status", "Full");
    CHECK_THAT(errorOf([&] { (void)openPowerSource(tree.root(), "battery:BAT1"); }),
               Catch::StartsWith("battery:BAT1: status is \"Full\""));
    CHECK(errorOf([&] { (void)openPowerSource(tree.root(), "battery:BAT9"); }) ==
          "battery:BAT9: no battery of that name in /sys/class/power_supply");
}

TEST_CASE("hwmon: power inputs, and current times voltage paired by label", "[power][hwmon]")
{
    FakePowerTree tree;
    // INA226: a power input without a label (3 250 000 µW); its unlabelled current and voltage
    // inputs pair with nothing.
    tree.addHwmon("hwmon0", "ina226",
                  {{"power1_input", "3250000"}, {"curr1_input", "650"}, {"in1_input", "5000"}});
    // INA3221 on a Jetson module: rails as labels. VDD_IN 1480 mA × 5080 mV = 7 518 400 µW;
    // VDD_CPU_GPU_CV 344 mA × 5072 mV = 1 744 768 µW. VDD_SOC has a voltage and no current;
    // in4 (a shunt voltage) has no label.
    tree.addHwmon("hwmon1", "ina3221",
                  {{"in1_label", "VDD_IN"},
                   {"in1_input", "5080"},
                   {"curr1_label", "VDD_IN"},
                   {"curr1_input", "1480"},
                   {"in2_label", "VDD_CPU_GPU_CV"},
                   {"in2_input", "5072"},
                   {"curr2_label", "VDD_CPU_GPU_CV"},
                   {"curr2_input", "344"},
                   {"in3_label", "VDD_SOC"},
                   {"in3_input", "5076"},
                   {"in4_input", "12"}});
    // A USB-C PD controller with a power input and current and voltage of the same label: the
    // power input is the one read (15 000 000 µW, not 2900 mA × 5000 mV).
    tree.addHwmon("hwmon2", "tps25750",
                  {{"power1_label", "VBUS"},
                   {"power1_input", "15000000"},
                   {"curr1_label", "VBUS"},
                   {"curr1_input", "2900"},
                   {"in0_label", "VBUS"},
                   {"in0_input", "5000"}});
    tree.addHwmon("hwmon3", "coretemp", {{"temp1_input", "45000"}});
    // Two chips of one name: told apart by their directories.
    tree.addHwmon("hwmon4", "ina219", {{"power1_input", "1000000"}});
    tree.addHwmon("hwmon10", "ina219", {{"power1_input", "2500000"}});

    const auto infos = byResource(findPowerSources(tree.root()));
    std::vector<std::string> names;
    for (const auto &[name, info] : infos)
        names.push_back(name);
    CHECK(names == std::vector<std::string>{"hwmon:hwmon10/power1", "hwmon:hwmon4/power1",
                                            "hwmon:ina226/power1", "hwmon:ina3221/VDD_CPU_GPU_CV",
                                            "hwmon:ina3221/VDD_IN", "hwmon:tps25750/VBUS"});
    CHECK(infos.at("hwmon:ina3221/VDD_IN").method == "curr_input*in_input");
    CHECK(infos.at("hwmon:ina3221/VDD_IN").unit == "mA*mV");
    CHECK(infos.at("hwmon:ina3221/VDD_IN").files ==
          std::vector<std::string>{"/sys/class/hwmon/hwmon1/curr1_input",
                                   "/sys/class/hwmon/hwmon1/in1_input"});
    CHECK(infos.at("hwmon:tps25750/VBUS").method == "power_input");

    const std::map<std::string, double> expected{{"hwmon:ina226/power1", 3.25},
                                                 {"hwmon:ina3221/VDD_IN", 7.5184},
                                                 {"hwmon:ina3221/VDD_CPU_GPU_CV", 1.744768},
                                                 {"hwmon:tps25750/VBUS", 15.0},
                                                 {"hwmon:hwmon4/power1", 1.0},
                                                 {"hwmon:hwmon10/power1", 2.5}};
    for (const auto &[resource, watts] : expected) {
        INFO(resource);
        auto source = openPowerSource(tree.root(), resource);
        const auto reading = source->read();
        REQUIRE(reading);
        CHECK(reading->watts == Approx(watts).epsilon(1e-12));
    }
    CHECK(errorOf([&] { (void)openPowerSource(tree.root(), "hwmon:ina3221/VDD_SOC"); }) ==
          "hwmon:ina3221/VDD_SOC: chip \"ina3221\" has no power input and no current and "
          "voltage inputs labelled \"VDD_SOC\"");
    CHECK(errorOf([&] { (void)openPowerSource(tree.root(), "hwmon:ina219/power1"); }) ==
          "hwmon:ina219/power1: no hwmon chip named \"ina219\" (here: coretemp, hwmon10, "
          "hwmon4, ina226, ina3221, tps25750)");
}

TEST_CASE("power sources: resource strings that name nothing are refused", "[power]")
{
    FakePowerTree tree;
    tree.addRaplZone("intel-rapl:0", "package-0", 1000);
    tree.addRaplZone("intel-rapl:1", "package-1", 1000);
    CHECK(errorOf([&] { (void)openPowerSource(tree.root(), "rapl:package"); }) ==
          "rapl:package: more than one RAPL zone fits (rapl:package-0, rapl:package-1): name "
          "one");
    CHECK(errorOf([&] { (void)openPowerSource(tree.root(), "rapl:dram"); }) ==
          "rapl:dram: no RAPL zone of that name (zones here: package-0, package-1)");
    CHECK(errorOf([&] { (void)openPowerSource(tree.root(), "rapl:"); }) ==
          "rapl:: name the zone, as in rapl:package-0");
    CHECK(errorOf([&] { (void)openPowerSource(tree.root(), "hwmon:ina226"); }) ==
          "hwmon:ina226: must be hwmon:<sensor>/<label>");
    CHECK(errorOf([&] { (void)openPowerSource(tree.root(), "battery"); }) ==
          "battery: no battery here");
    CHECK(errorOf([&] { (void)openPowerSource(tree.root(), "usbtmc"); }) ==
          "\"usbtmc\": not a power source (rapl:<zone>, battery[:<name>], "
          "hwmon:<sensor>/<label>)");
}

TEST_CASE("power sources: the sampler reads on a schedule and stops when told", "[power]")
{
    FakePowerTree tree;
    tree.addHwmon("hwmon0", "ina226", {{"power1_input", "3250000"}});
    auto source = openPowerSource(tree.root(), "hwmon:ina226/power1");
    std::vector<PowerReading> readings;
    const std::uint64_t count = samplePowerSource(
        *source, 0.1, 0.55, [&](const PowerReading &r) { readings.push_back(r); });
    // Reads at 0, 0.1, ..., 0.5 s: six.
    CHECK(count == 6);
    REQUIRE(readings.size() == 6);
    CHECK(readings.back().seconds - readings.front().seconds == Approx(0.5).margin(0.08));
    std::atomic<bool> stop{true};
    CHECK(samplePowerSource(
              *source, 0.1, 0.0, [](const PowerReading &) {}, &stop) == 0);
    CHECK(errorOf([&] { (void)samplePowerSource(*source, 0.0, 1.0, {}); }) ==
          "sampling interval must be above 0 s");
}
