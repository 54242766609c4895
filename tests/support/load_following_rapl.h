#pragma once

// A fake RAPL zone whose energy counter follows the CPU load of this test's workers
// (cipherwatt-bench processes below this process), as the simulated meter's power model does
// with `load_source worker`: the two see one simulated DUT, so a session with the simulated
// WT332 as primary and this zone as secondary knows both net powers. Header-only: only tests
// that link the instruments library (CpuLoad) include it.

#include "fake_power.h"

#include <cipherwatt/instruments/cpu_load.h>

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <unistd.h>
#include <utility>

namespace cipherwatt::test {

class LoadFollowingRapl
{
public:
    // `idleWatts` below `thresholdCores` of the workers' load, `busyWatts` at or above it; the
    // counter wraps at `range` µJ, as max_energy_range_uj says.
    LoadFollowingRapl(FakePowerTree &tree, std::string zone, std::uint64_t range, double idleWatts,
                      double busyWatts, double thresholdCores = 0.1)
        : m_tree(tree)
        , m_zone(std::move(zone))
        , m_range(range)
        , m_load(QStringLiteral("cipherwatt-bench"), static_cast<qint64>(::getpid()))
        , m_watts(idleWatts)
        , m_ticker(std::chrono::milliseconds(5), std::chrono::seconds(180),
                   [this, idleWatts, busyWatts, thresholdCores](double t) {
                       const std::lock_guard lock(m_mutex);
                       m_microjoules += m_watts * 1e6 * (t - m_last);
                       m_last = t;
                       // The load over the last 50 ms decides the power from here on: a
                       // worker on a busy machine is often off its CPU for a few ms, which a
                       // shorter window would take for idle (the simulated meter looks at
                       // whole 100 ms updates). A run's first 50 ms may count as idle: 2 % of
                       // a 2.5 s run at most.
                       if (t - m_windowStart >= 0.05) {
                           m_watts = m_load.sample() >= thresholdCores ? busyWatts : idleWatts;
                           m_windowStart = t;
                       }
                       m_tree.setRaplEnergy(m_zone,
                                            static_cast<std::uint64_t>(m_microjoules) % m_range);
                   })
    {}

private:
    FakePowerTree &m_tree;
    std::string m_zone;
    std::uint64_t m_range;
    std::mutex m_mutex;
    instruments::CpuLoad m_load;
    double m_microjoules = 0.0;
    double m_last = 0.0;
    double m_windowStart = 0.0;
    double m_watts;  // the power in force, decided by the last window
    Ticker m_ticker; // last: stopped first, before what it uses goes
};

} // namespace cipherwatt::test
