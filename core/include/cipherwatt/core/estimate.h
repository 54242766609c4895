#pragma once

// What a session set-up will take before it starts: the runs the plan expands to (as the runner
// expands it, plan.h) and about how long the session lasts, counted as the runner counts its
// progress (the baselines, each run's planned length and the settle pause before it, the pilot
// runs of automatic run lengths). Runs of a fixed number of iterations and external programs
// take as long as they take: the estimate then says so instead of guessing.

#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/session.h>

#include <vector>

namespace cipherwatt::core {

struct SessionEstimate
{
    int runs = 0;
    double seconds = 0.0; // what can be counted
    int runsUnknown = 0;  // runs whose length is not known before they run (not in `seconds`)
    // The waits before the baseline for a quiet DUT and for stable idle power, at their longest
    // (not in `seconds`: they end as soon as the DUT is ready, often at once).
    double waitAtMostSeconds = 0.0;
    bool valid = false; // the plan resolved against the catalogue
};

// `meterIntervalSeconds`: the meter's update interval (0.1 s for the WT300 at 100 ms);
// `pilotSeconds` as RunnerOptions::pilotSeconds.
SessionEstimate estimateSession(const SessionSettings &settings,
                                const std::vector<CatalogueEntry> &catalogue,
                                double meterIntervalSeconds = 0.1, double pilotSeconds = 0.5);

} // namespace cipherwatt::core
