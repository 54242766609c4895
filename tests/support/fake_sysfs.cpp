#include "fake_sysfs.h"

#include <fstream>

namespace cipherwatt::test {

namespace fs = std::filesystem;

FakeSysfs::FakeSysfs(const std::vector<unsigned> &cpus, FakeTurbo turbo)
{
    fs::permissions(root(), fs::perms(0755));
    for (const unsigned cpu : cpus) {
        write(cpufreq(cpu, "scaling_governor"), "powersave");
        write(cpufreq(cpu, "scaling_available_governors"), availableGovernors);
        write(cpufreq(cpu, "scaling_min_freq"), "400000");
        write(cpufreq(cpu, "scaling_max_freq"), "3000000");
        write(cpufreq(cpu, "cpuinfo_min_freq"), "400000");
        write(cpufreq(cpu, "cpuinfo_max_freq"), "3500000");
        write(cpufreq(cpu, "scaling_cur_freq"), "1200000");
    }
    if (turbo == FakeTurbo::IntelPstate)
        write("sys/devices/system/cpu/intel_pstate/no_turbo", "0");
    if (turbo == FakeTurbo::Boost)
        write("sys/devices/system/cpu/cpufreq/boost", "1");
}

void FakeSysfs::write(const std::string &relative, const std::string &value) const
{
    const fs::path file = root() / relative;
    for (fs::path dir = file.parent_path(); dir != root(); dir = dir.parent_path()) {
        fs::create_directories(dir);
        fs::permissions(dir, fs::perms(0755));
    }
    std::ofstream(file) << value << '\n';
    fs::permissions(file, fs::perms(0644));
}

std::string FakeSysfs::read(const std::string &relative) const
{
    std::ifstream stream(root() / relative);
    std::string value;
    std::getline(stream, value);
    return value;
}

std::string FakeSysfs::cpufreq(unsigned cpu, const std::string &file)
{
    return "sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq/" + file;
}

std::string FakeSysfs::cpuFile(unsigned cpu, const std::string &file) const
{
    return read(cpufreq(cpu, file));
}

fs::path FakeSysfs::sharedJournal() const
{
    const fs::path dir = root() / "run";
    fs::create_directories(dir);
    fs::permissions(dir, fs::perms(01777));
    return dir / "governor-journal";
}

} // namespace cipherwatt::test
