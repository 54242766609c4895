#pragma once

#include "temp_dir.h"

#include <filesystem>
#include <string>
#include <vector>

namespace cipherwatt::test {

enum class FakeTurbo { IntelPstate, Boost, None };

// A sysfs tree in a fresh temporary directory, as an Intel laptop with intel_pstate in passive
// mode shows it: every CPU in `cpus` at powersave, 400-3000 MHz of a 400-3500 MHz range,
// turbo on. `FakeSysfs({}, FakeTurbo::None)` is an empty tree to write other layouts into.
// Everything is readable by others, like the real sysfs, for tests that drop privileges.
class FakeSysfs
{
public:
    static constexpr const char *availableGovernors =
        "conservative ondemand userspace powersave performance schedutil";

    explicit FakeSysfs(const std::vector<unsigned> &cpus = {0, 1, 2, 3},
                       FakeTurbo turbo = FakeTurbo::IntelPstate);

    const std::filesystem::path &root() const { return m_dir.path(); }

    // `value` plus a newline, to a file relative to the root; missing directories are created.
    void write(const std::string &relative, const std::string &value) const;
    // The first line of a file relative to the root, without its newline.
    std::string read(const std::string &relative) const;

    // "sys/devices/system/cpu/cpu<N>/cpufreq/<file>", relative to the root.
    static std::string cpufreq(unsigned cpu, const std::string &file);
    std::string cpuFile(unsigned cpu, const std::string &file) const;

    // A directory anyone may create files in, for a journal an unprivileged child writes.
    std::filesystem::path sharedJournal() const;

private:
    TempDir m_dir;
};

} // namespace cipherwatt::test
