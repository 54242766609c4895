#include <cipherwatt/core/estimate.h>

#include <algorithm>
#include <set>
#include <tuple>

namespace cipherwatt::core {

SessionEstimate estimateSession(const SessionSettings &settings,
                                const std::vector<CatalogueEntry> &catalogue,
                                double meterIntervalSeconds, double pilotSeconds)
{
    SessionEstimate e;
    const auto entries = resolvePlan(settings.planSpec, catalogue);
    if (!entries)
        return e;
    const std::vector<PlannedRun> runs = expandPlan(*entries, catalogue, settings);
    e.valid = true;
    e.runs = static_cast<int>(runs.size());
    e.seconds = settings.baselineSeconds + settings.postBaselineSeconds;
    if (!runs.empty()) // an idle window before every run but the first
        e.seconds += settings.idleBetweenSeconds * static_cast<double>(runs.size() - 1);
    // A frequency or governor level idles at its level before its first run, each time it is
    // pinned (runner_runs.cpp, levelIdleSeconds): once per level and pass in expandPlan's order.
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (runs[i].pinLevel().any() && (i == 0 || runs[i - 1].pinLevel() != runs[i].pinLevel()))
            e.seconds += levelIdleSeconds(settings);
    }
    // An automatic run spans the updates asked for with the runner's headroom
    // (runner_runs.cpp, onPilotEnd), after one pilot run per kind of run.
    const double automatic = (settings.minUpdates * 1.15 + 3) * meterIntervalSeconds;
    std::set<std::tuple<QString, QString, QString, std::size_t>> pilots;
    for (const PlannedRun &r : runs) {
        e.seconds += settings.settleSeconds;
        if (r.entry.isCommand()) {
            ++e.runsUnknown;
            continue;
        }
        switch (settings.runLength.kind) {
        case RunLength::Kind::Seconds:
            e.seconds += settings.runLength.seconds;
            break;
        case RunLength::Kind::Automatic:
            e.seconds += automatic;
            pilots.emplace(r.entry.cipher, r.entry.backend, r.entry.operation, r.bufferBytes);
            break;
        case RunLength::Kind::Iterations:
            ++e.runsUnknown;
            break;
        }
    }
    e.seconds += static_cast<double>(pilots.size()) * pilotSeconds;
    e.waitAtMostSeconds = settings.waitForQuietSeconds + settings.waitForStableSeconds;
    return e;
}

} // namespace cipherwatt::core
