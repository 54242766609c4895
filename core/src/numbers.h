#pragma once

// Constants and the one rule for "an update belongs to a window" shared by the analysis files
// (analysis.cpp, analysis_budget.cpp, analysis_ranges.cpp) and the files that store or show
// missing values as NaN. One definition each, so that the unity build of the main preset
// (CIPHERWATT_UNITY_BUILD) sees no two.

#include <cipherwatt/core/analysis.h>

#include <limits>

namespace cipherwatt::core {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Seconds: timestamps equal to a window's boundary count as inside it; a window ending as a run
// starts is before it.
inline constexpr double kEpsilon = 1e-9;

// An update lies inside [start, end] when the whole interval it averages does.
inline bool inside(const PowerSample &s, double start, double end)
{
    return s.tSeconds - s.intervalSeconds >= start - kEpsilon && s.tSeconds <= end + kEpsilon;
}

} // namespace cipherwatt::core
