#pragma once

#include <cstdint>
#include <string_view>

namespace cipherwatt::ciphers {

// Counts CPU cycles of the calling thread. Prefers the kernel's hardware cycle counter
// (perf_event_open, PERF_COUNT_HW_CPU_CYCLES); where the kernel or the VM does not allow it, falls
// back to the time-stamp counter (x86-64: TSC, which ticks at a constant reference rate, not the
// core clock) or the ARMv8 virtual counter, and says so in kind().
class CycleCounter
{
public:
    CycleCounter();
    ~CycleCounter();
    CycleCounter(const CycleCounter &) = delete;
    CycleCounter &operator=(const CycleCounter &) = delete;

    // "perf-cycles", "tsc", "cntvct" or "none".
    std::string_view kind() const { return m_kind; }
    bool isCoreCycles() const { return m_fd >= 0; }
    std::uint64_t read() const;

private:
    int m_fd = -1;
    std::string_view m_kind = "none";
};

} // namespace cipherwatt::ciphers
