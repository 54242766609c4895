#pragma once

// What keeps a Linux DUT's cores busy besides the worker: the kernel's cumulative CPU counters
// (/proc/stat) and the worker's own CPU time (/proc/self/stat), read together so that the host
// can subtract one from the other over a phase (protocol `activity`, messages.h).

#include <cstdint>
#include <filesystem>

namespace cipherwatt::ciphers {

struct CpuActivity
{
    unsigned cpus = 0;                // "cpuN" lines: the online cores
    std::uint64_t ticksPerSecond = 0; // USER_HZ, the unit of every count below
    std::uint64_t busyTicks = 0;      // user + nice + system + irq + softirq + steal
    std::uint64_t totalTicks = 0;     // busy + idle + iowait
    std::uint64_t ownTicks = 0;       // this process: utime + stime + cutime + cstime
};

// Reads `<procRoot>/stat` and `<procRoot>/self/stat` (tests point procRoot at a fake tree).
// Throws CipherError naming the file and what was wrong when either cannot be read or parsed.
CpuActivity readCpuActivity(const std::filesystem::path &procRoot = "/proc");

} // namespace cipherwatt::ciphers
