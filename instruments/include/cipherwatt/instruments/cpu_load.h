#pragma once

// The CPU load the simulated meter's power model follows (simulator.h, SimProfile::loadProcess),
// public so that a test's simulated on-chip counter (a fake RAPL zone) can follow the same load
// as the simulated meter.

#include <QString>

#include <chrono>
#include <cstdint>

namespace cipherwatt::instruments {

// CPU load in cores between two calls: of the whole host (the aggregate line of /proc/stat),
// or of the processes with one name descended from a root process (their CPU time, from
// /proc/<pid>/task/<tid>/schedstat, or utime + stime of /proc/<pid>/stat).
class CpuLoad
{
public:
    explicit CpuLoad(QString process = {}, qint64 root = 0); // root 0: this process
    double sample();

private:
    bool readHost(std::uint64_t &busy, std::uint64_t &total) const;
    double readProcesses() const; // CPU seconds of the named processes

    QString m_process;
    qint64 m_root = 0;
    std::uint64_t m_busy = 0;
    double m_processSeconds = 0;
    std::uint64_t m_total = 0;
    std::chrono::steady_clock::time_point m_when;
    int m_cpus = 1;
};

} // namespace cipherwatt::instruments
