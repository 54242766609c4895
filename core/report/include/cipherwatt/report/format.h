#pragma once

// How the reports (and the window's results tables) write numbers: one rule for both.

#include <cipherwatt/core/results.h>

#include <QString>

namespace cipherwatt::report {

// `decimals` after the point, "–" for a value that does not exist.
QString fixed(double value, int decimals);
// Enough decimals to show three significant digits of the smallest meaningful part.
QString adaptive(double value);
// A value with its 95 % interval, decimals chosen from the interval: "8.506 ± 0.494" when the
// interval is symmetric, "8.506 (8.012–9.100)" when not.
QString withInterval(const core::Estimate &e);
QString withInterval(double value, double low, double high);

} // namespace cipherwatt::report
