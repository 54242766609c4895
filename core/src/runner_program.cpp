// The measuring program must not measure itself (issue 17 §4). When the DUT is this computer,
// CipherWatt's own work (the meter's reading thread, storage, the window's live plot) is part of
// what the meter sees; it cancels in P_net only when it is the same in the baseline and in the
// run. Its CPU time (every thread of this process, CLOCK_PROCESS_CPUTIME_ID) is read at every
// phase boundary; each phase's average is stored (the baseline's with the session's analysis,
// each run's with its result), and a run is flagged when the difference from the baseline,
// at the power a busy core draws in that run, could bias its net power by more than a third of
// its standard uncertainty (a bias of u/3 lowers the true coverage of a ±1.96 u interval from
// 95 % to about 94 %) and is larger than the jitter of the program's own periodic work.

#include "messages.h"
#include "run_record.h"

#include <cipherwatt/core/dut.h>
#include <cipherwatt/core/runner.h>

#include <cmath>
#include <ctime>
#include <limits>

namespace cipherwatt::core {

namespace {

double processCpuSeconds()
{
    timespec t{};
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) != 0)
        return std::numeric_limits<double>::quiet_NaN();
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

// Below this a worker is not taken as the measure of a busy core (a run that waited on I/O).
constexpr double kMinWorkerCores = 0.05;
// Differences below this are the jitter of the program's periodic work, not a change of it:
// 0.004 cores were measured between a 3 s baseline and a 3 s run doing the same work
// (tests/core/test_session_idle.cpp, on the 2-core VM of docs/benchmarks.md).
constexpr double kProgramJitterCores = 0.01;

} // namespace

void SessionRunner::closeProgramPhase(qint64 nextPhase)
{
    const double cpu = processCpuSeconds();
    const qint64 now = steadyNs();
    if (m_programPhase > 0 && now > m_programWallFromNs && std::isfinite(cpu) &&
        std::isfinite(m_programCpuFrom))
        m_programCores[m_programPhase] =
            (cpu - m_programCpuFrom) / (static_cast<double>(now - m_programWallFromNs) / 1e9);
    m_programPhase = nextPhase;
    m_programCpuFrom = cpu;
    m_programWallFromNs = now;
}

void SessionRunner::programFlags(RunRecord &run) const
{
    if (!run.stored.analysis)
        return;
    RunResult &a = *run.stored.analysis;
    const auto here = m_programCores.find(run.phaseId);
    if (here == m_programCores.end())
        return;
    a.programCores = here->second;
    const auto base = m_programCores.find(m_baselinePhase);
    const auto resource = DutResource::parse(m_settings.dutResource);
    // Only a DUT that is this computer sees the program's work.
    if (base == m_programCores.end() || !resource || resource->kind != DutResource::Kind::Local)
        return;
    double workerCores = 1.0; // the worker's loop keeps one core busy
    if (const auto act = m_activity.find(run.phaseId);
        act != m_activity.end() && act->second.workerCores() > kMinWorkerCores)
        workerCores = act->second.workerCores();
    const double perCore = std::fabs(a.netWatts) / workerCores;
    const double difference = std::fabs(here->second - base->second);
    const double bias = difference * perCore;
    if (difference >= kProgramJitterCores && bias > a.netUncertainty / 3.0)
        a.flags << Message(msg::kProgramCpuChanged)
                       .arg(base->second, 0, 'f', 3)
                       .arg(here->second, 0, 'f', 3)
                       .arg(perCore, 0, 'g', 3)
                       .arg(bias, 0, 'g', 2)
                       .arg(a.netUncertainty, 0, 'g', 2);
}

} // namespace cipherwatt::core
