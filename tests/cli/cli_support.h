#pragma once

// What the command line's tests share: the executable run to its end, the scripted simulated
// meter's profile (tests/data/sim/worker-threshold.profile: net power 8.5 W), and stderr's
// line count (each error is one line).

#include <algorithm>
#include <chrono>
#include <process.h>
#include <string>
#include <vector>

namespace cipherwatt::test {

inline const std::string kThresholdProfile =
    std::string(CIPHERWATT_TEST_DATA) + "/sim/worker-threshold.profile";

// `cipherwatt-cli <args>`, killed after two minutes.
inline ProcessResult cli(std::vector<std::string> args)
{
    args.insert(args.begin(), CIPHERWATT_CLI_EXE);
    return runProcess(args, {}, std::chrono::seconds(120));
}

// `args` with the local DUT's worker reading the fake sysfs tree at `root` (--sysfs-root).
inline std::vector<std::string> withFakeSysfs(const std::string &root,
                                              std::vector<std::string> args)
{
    for (const std::string &a :
         {std::string("--dut"), std::string("local"), std::string("--worker"),
          std::string(CIPHERWATT_BENCH_EXE), std::string("--sysfs-root"), root})
        args.push_back(a);
    return args;
}

inline int lines(const std::string &text)
{
    return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

} // namespace cipherwatt::test
