#include "fake_sysfs.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace cipherwatt::test {

std::filesystem::path cpufreqFile(const std::filesystem::path &root, unsigned cpu,
                                  const std::string &name)
{
    return root / "sys/devices/system/cpu" / ("cpu" + std::to_string(cpu)) / "cpufreq" / name;
}

void writeFile(const std::filesystem::path &path, const std::string &text)
{
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::trunc);
    if (!(out << text))
        throw std::runtime_error("cannot write " + path.string());
}

std::string readFile(const std::filesystem::path &path)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string s = ss.str();
    while (!s.empty() && (s.back() == '\n' || s.back() == ' '))
        s.pop_back();
    return s;
}

void makeFakeSysfs(const std::filesystem::path &root, unsigned cpus)
{
    for (unsigned cpu = 0; cpu < cpus; ++cpu) {
        writeFile(cpufreqFile(root, cpu, "scaling_governor"), "powersave\n");
        writeFile(cpufreqFile(root, cpu, "scaling_available_governors"),
                  "conservative ondemand userspace powersave performance schedutil\n");
        writeFile(cpufreqFile(root, cpu, "scaling_min_freq"), "400000\n");
        writeFile(cpufreqFile(root, cpu, "scaling_max_freq"), "3000000\n");
        writeFile(cpufreqFile(root, cpu, "scaling_cur_freq"), "1200000\n");
        writeFile(cpufreqFile(root, cpu, "cpuinfo_min_freq"), "400000\n");
        writeFile(cpufreqFile(root, cpu, "cpuinfo_max_freq"), "3500000\n");
    }
    writeFile(root / "sys/devices/system/cpu/intel_pstate/no_turbo", "0\n");
}

} // namespace cipherwatt::test
