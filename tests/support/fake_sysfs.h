#pragma once

#include <filesystem>
#include <string>

namespace cipherwatt::test {

// A fake cpufreq tree like an intel_pstate laptop's: `cpus` CPUs with governor "powersave",
// scaling 400..3000 MHz within a 400..3500 MHz hardware range, turbo on.
void makeFakeSysfs(const std::filesystem::path &root, unsigned cpus = 2);

std::string readFile(const std::filesystem::path &path);
void writeFile(const std::filesystem::path &path, const std::string &text);
std::filesystem::path cpufreqFile(const std::filesystem::path &root, unsigned cpu,
                                  const std::string &name);

} // namespace cipherwatt::test
