#include <cipherwatt/ciphers/cycle_counter.h>

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace cipherwatt::ciphers {

namespace {

int openCycleEvent(bool excludeKernel)
{
    perf_event_attr attr{};
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof attr;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = excludeKernel ? 1 : 0; // perf_event_paranoid >= 2 allows user only
    attr.exclude_hv = 1;
    const long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    return static_cast<int>(fd);
}

} // namespace

CycleCounter::CycleCounter()
{
    m_fd = openCycleEvent(false);
    if (m_fd < 0)
        m_fd = openCycleEvent(true);
    if (m_fd >= 0) {
        std::uint64_t probe = 0;
        // Some hypervisors hand out the event but never count; treat that as unavailable.
        if (::read(m_fd, &probe, sizeof probe) != static_cast<ssize_t>(sizeof probe)) {
            ::close(m_fd);
            m_fd = -1;
        }
    }
    if (m_fd >= 0) {
        m_kind = "perf-cycles";
        return;
    }
#if defined(__x86_64__) || defined(__i386__)
    m_kind = "tsc";
#elif defined(__aarch64__)
    m_kind = "cntvct";
#endif
}

CycleCounter::~CycleCounter()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

std::uint64_t CycleCounter::read() const
{
    if (m_fd >= 0) {
        std::uint64_t value = 0;
        if (::read(m_fd, &value, sizeof value) == static_cast<ssize_t>(sizeof value))
            return value;
        return 0;
    }
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#elif defined(__aarch64__)
    std::uint64_t value = 0;
    asm volatile("isb; mrs %0, cntvct_el0" : "=r"(value));
    return value;
#else
    return 0;
#endif
}

} // namespace cipherwatt::ciphers
