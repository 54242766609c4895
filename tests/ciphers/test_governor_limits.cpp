// What governor pinning accepts and touches, against a fake sysfs tree: a frequency is a whole
// number of kHz inside the hardware range (cpuinfo_min_freq..cpuinfo_max_freq), CPU numbers are
// those the kernel lists as present, and pinning writes only the cpufreq attributes. Expected
// values follow the kernel's documentation (Documentation/admin-guide/pm/cpufreq.rst: the
// scaling_min/max_freq limits, scaling_setspeed working only under the userspace governor, the
// generic governors; Documentation/ABI/testing/sysfs-devices-system-cpu: the `present` list).

#include "fake_sysfs.h"

#include <cipherwatt/ciphers/governor.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using cipherwatt::ciphers::defaultJournalPath;
using cipherwatt::ciphers::documentedGovernors;
using cipherwatt::ciphers::Governor;
using cipherwatt::ciphers::isDocumentedGovernor;
using cipherwatt::ciphers::parseCpuList;
using cipherwatt::ciphers::PinOptions;
using cipherwatt::test::FakeSysfs;

namespace {

// Every regular file under the tree, by path relative to it, with its contents.
std::map<std::string, std::string> snapshot(const FakeSysfs &tree)
{
    std::map<std::string, std::string> files;
    for (const auto &entry : fs::recursive_directory_iterator(tree.root())) {
        if (!entry.is_regular_file())
            continue;
        std::ifstream stream(entry.path());
        std::ostringstream text;
        text << stream.rdbuf();
        files[fs::relative(entry.path(), tree.root()).string()] = text.str();
    }
    return files;
}

std::set<std::string> changed(const std::map<std::string, std::string> &before,
                              const std::map<std::string, std::string> &after)
{
    std::set<std::string> names;
    for (const auto &[name, text] : after) {
        const auto old = before.find(name);
        if (old == before.end() || old->second != text)
            names.insert(name);
    }
    for (const auto &[name, text] : before) {
        if (!after.contains(name))
            names.insert(name);
    }
    return names;
}

// Gives the CPUs scaling_setspeed, which reads "<unsupported>" while a governor other than
// userspace is attached (cpufreq.rst).
void addSetspeed(const FakeSysfs &tree, const std::vector<unsigned> &cpus)
{
    for (const unsigned cpu : cpus)
        tree.write(FakeSysfs::cpufreq(cpu, "scaling_setspeed"), "<unsupported>");
}

void requireUntouched(const FakeSysfs &tree, const std::map<std::string, std::string> &before)
{
    CHECK(changed(before, snapshot(tree)).empty());
    CHECK_FALSE(fs::exists(defaultJournalPath(tree.root())));
}

} // namespace

TEST_CASE("governor pin at a frequency sets scaling_min_freq and scaling_max_freq to it",
          "[governor]")
{
    const FakeSysfs tree({0, 1});
    addSetspeed(tree, {0, 1});
    Governor governor(tree.root());
    PinOptions options;
    options.frequencyKHz = 2000000;
    const auto result = governor.pin(options);
    CHECK(result.mismatches.empty());
    for (const unsigned cpu : {0U, 1U}) {
        CHECK(tree.cpuFile(cpu, "scaling_governor") == "performance");
        CHECK(tree.cpuFile(cpu, "scaling_min_freq") == "2000000");
        CHECK(tree.cpuFile(cpu, "scaling_max_freq") == "2000000");
        // Only the userspace governor takes scaling_setspeed: left alone under performance.
        CHECK(tree.cpuFile(cpu, "scaling_setspeed") == "<unsupported>");
    }
    governor.restore();
    CHECK(tree.cpuFile(0, "scaling_min_freq") == "400000");
    CHECK(tree.cpuFile(0, "scaling_max_freq") == "3000000");
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
}

TEST_CASE("governor pin under userspace also sets scaling_setspeed", "[governor]")
{
    const FakeSysfs tree({0, 1});
    addSetspeed(tree, {0, 1});
    PinOptions options;
    options.governor = "userspace";
    options.frequencyKHz = 1800000;
    const auto result = Governor(tree.root()).pin(options);
    CHECK(result.mismatches.empty());
    for (const unsigned cpu : {0U, 1U}) {
        CHECK(tree.cpuFile(cpu, "scaling_governor") == "userspace");
        CHECK(tree.cpuFile(cpu, "scaling_setspeed") == "1800000");
        CHECK(tree.cpuFile(cpu, "scaling_min_freq") == "1800000");
        CHECK(tree.cpuFile(cpu, "scaling_max_freq") == "1800000");
    }
}

TEST_CASE("governor pin takes frequencies only inside cpuinfo_min_freq..cpuinfo_max_freq",
          "[governor]")
{
    // The fake CPUs' hardware range is 400000..3500000 kHz.
    const FakeSysfs tree({0, 1});
    addSetspeed(tree, {0, 1});
    const auto before = snapshot(tree);
    for (const std::uint64_t kHz : {399999ULL, 3500001ULL, 1ULL, 4294967295ULL}) {
        INFO(kHz << " kHz");
        PinOptions options;
        options.frequencyKHz = kHz;
        CHECK_THROWS_WITH(Governor(tree.root()).pin(options),
                          Contains(std::to_string(kHz) + " kHz is outside the hardware range "
                                                         "400000..3500000 kHz"));
        requireUntouched(tree, before);
    }
    for (const std::uint64_t kHz : {400000ULL, 3500000ULL}) {
        INFO(kHz << " kHz");
        Governor governor(tree.root());
        PinOptions options;
        options.frequencyKHz = kHz;
        CHECK(governor.pin(options).mismatches.empty());
        CHECK(tree.cpuFile(1, "scaling_max_freq") == std::to_string(kHz));
        governor.restore();
    }
}

TEST_CASE("governor pin refuses both a fixed maximum and a frequency", "[governor]")
{
    const FakeSysfs tree({0});
    const auto before = snapshot(tree);
    PinOptions options;
    options.fixFrequency = true;
    options.frequencyKHz = 2000000;
    CHECK_THROWS_WITH(Governor(tree.root()).pin(options), Contains("exclude each other"));
    requireUntouched(tree, before);
}

TEST_CASE("governor pin under userspace without scaling_setspeed is refused before writing",
          "[governor]")
{
    const FakeSysfs tree({0});
    const auto before = snapshot(tree);
    PinOptions options;
    options.governor = "userspace";
    options.frequencyKHz = 2000000;
    CHECK_THROWS_WITH(Governor(tree.root()).pin(options),
                      Contains("scaling_setspeed does not exist"));
    requireUntouched(tree, before);
}

TEST_CASE("governor pin checks CPU numbers against the present CPUs", "[governor]")
{
    const FakeSysfs tree({0, 1, 3});
    tree.write("sys/devices/system/cpu/present", "0-1,3");
    Governor governor(tree.root());
    REQUIRE(governor.presentCpus() == std::vector<unsigned>{0, 1, 3});
    const auto before = snapshot(tree);
    PinOptions options;
    options.cpus = {1, 2};
    CHECK_THROWS_WITH(governor.pin(options), Contains("cpu2 is not present (present CPUs: 0-1,3)"));
    options.cpus = {4095};
    CHECK_THROWS_WITH(governor.pin(options), Contains("cpu4095 is not present"));
    requireUntouched(tree, before);
    options.cpus = {3};
    CHECK(governor.pin(options).mismatches.empty());
    CHECK(tree.cpuFile(3, "scaling_governor") == "performance");
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
}

TEST_CASE("governor pin writes only the cpufreq attributes, the turbo switch and its journal",
          "[governor]")
{
    const FakeSysfs tree({0, 1});
    addSetspeed(tree, {0, 1});
    tree.write("sys/devices/system/cpu/present", "0-1");
    const auto before = snapshot(tree);
    Governor governor(tree.root());
    PinOptions options;
    options.governor = "userspace";
    options.frequencyKHz = 2500000;
    options.disableTurbo = true;
    REQUIRE(governor.pin(options).mismatches.empty());
    std::set<std::string> expected{"sys/devices/system/cpu/intel_pstate/no_turbo",
                                   fs::relative(defaultJournalPath(tree.root()), tree.root())};
    for (const unsigned cpu : {0U, 1U}) {
        for (const char *file :
             {"scaling_governor", "scaling_min_freq", "scaling_max_freq", "scaling_setspeed"})
            expected.insert(FakeSysfs::cpufreq(cpu, file));
    }
    CHECK(changed(before, snapshot(tree)) == expected);

    // Restore puts every file back and removes the journal. A real kernel answers
    // "<unsupported>" for scaling_setspeed again once userspace is gone; a fake file cannot.
    governor.restore();
    std::set<std::string> left = changed(before, snapshot(tree));
    CHECK(left == std::set<std::string>{FakeSysfs::cpufreq(0, "scaling_setspeed"),
                                        FakeSysfs::cpufreq(1, "scaling_setspeed")});
}

TEST_CASE("the documented governors are the kernel's generic ones", "[governor]")
{
    CHECK(documentedGovernors() == std::vector<std::string>{"performance", "powersave", "userspace",
                                                            "ondemand", "conservative",
                                                            "schedutil"});
    CHECK(isDocumentedGovernor("schedutil"));
    CHECK_FALSE(isDocumentedGovernor("interactive")); // Android's, not in the kernel
    CHECK_FALSE(isDocumentedGovernor("Performance"));
    CHECK_FALSE(isDocumentedGovernor(""));
}

TEST_CASE("CPU lists in the kernel's format", "[governor]")
{
    CHECK(parseCpuList("0") == std::vector<unsigned>{0});
    CHECK(parseCpuList("0-3\n") == std::vector<unsigned>{0, 1, 2, 3});
    CHECK(parseCpuList("0-3,8,10-11") == std::vector<unsigned>{0, 1, 2, 3, 8, 10, 11});
    for (const char *bad : {"", "3-1", "a", "1,", ",1", "-1", "0-", "1 2", "0x1", "65536"}) {
        INFO("'" << bad << "'");
        CHECK_FALSE(parseCpuList(bad).has_value());
    }
}

TEST_CASE("governor pin takes only a frequency of the driver's table where it has one, and "
          "governor show lists the table",
          "[governor][design]")
{
    // A driver with a frequency table (acpi-cpufreq, cpufreq-dt) lists it in
    // scaling_available_frequencies; a limit between two entries would be rounded by the driver
    // (cpufreq.rst: the policy's limits select among the table's frequencies), so it is refused.
    const FakeSysfs tree({0, 1});
    for (unsigned cpu : {0U, 1U})
        tree.write(FakeSysfs::cpufreq(cpu, "scaling_available_frequencies"),
                   "3000000 800000 1600000 2400000 "); // the kernel's order is the driver's
    const auto state = Governor(tree.root()).read();
    REQUIRE(state.cpus.size() == 2);
    CHECK(state.cpus[0].availableKHz ==
          std::vector<std::uint64_t>{800000, 1600000, 2400000, 3000000});
    const std::string shown = cipherwatt::ciphers::formatGovernorState(state);
    CHECK_THAT(shown, Contains("available frequencies: 800 1600 2400 3000 MHz"));

    const auto before = snapshot(tree);
    PinOptions options;
    options.frequencyKHz = 2000000; // inside the hardware range, not in the table
    CHECK_THROWS_WITH(Governor(tree.root()).pin(options),
                      Contains("cpu0: 2000000 kHz is not one of its available frequencies "
                               "(800000 1600000 2400000 3000000 kHz"));
    requireUntouched(tree, before);

    Governor governor(tree.root());
    options.frequencyKHz = 1600000;
    CHECK(governor.pin(options).mismatches.empty());
    CHECK(tree.cpuFile(0, "scaling_min_freq") == "1600000");
    CHECK(tree.cpuFile(1, "scaling_max_freq") == "1600000");
    // A second level over the first: the journal keeps the settings from before both.
    options.frequencyKHz = 800000;
    CHECK_FALSE(governor.pin(options).journalCreated);
    CHECK(tree.cpuFile(1, "scaling_min_freq") == "800000");
    governor.restore();
    CHECK(tree.cpuFile(1, "scaling_min_freq") == "400000");
    CHECK(tree.cpuFile(1, "scaling_max_freq") == "3000000");
}
