#pragma once

// The meter's ranges over a run (issue 17). A reading is only as good as the range it was
// taken on: SPEC's power-measurement rules, which server-energy results follow, forbid
// auto-ranging and void readings outside the analyser's accuracy. So, for each run:
//
//   - a range change inside the run (the URANge/IRANge items read with every update differ
//     between two updates, or from the ranges the session set) invalidates it;
//   - an update the meter declared over range (an item over range, or an EESR over-range or
//     peak-over bit) invalidates it;
//   - a session the operator let run on auto-range (--allow-auto-range) flags every run.
//
// An invalid run keeps its figures and its flags but is left out of the medians and spreads
// over repeats (results.h). Updates count as in analyseRun: those whole inside the run.

#include <cipherwatt/core/analysis.h>

#include <vector>

namespace cipherwatt::core {

// Adds the range flags of the run to `result` and sets result.invalid when it must be left
// out. Called where the run is analysed (analyseRun).
void checkRanges(const RunInput &input, const std::vector<PowerSample> &samples, RunResult &result);

} // namespace cipherwatt::core
