#pragma once

// Internal: the reports' tables of repeats and comparisons (docs/method.md, "Repeats" and
// "Comparing two results").

#include "document.h"

#include <cipherwatt/core/results.h>
#include <cipherwatt/core/storage.h>

#include <vector>

namespace cipherwatt::report {

// Per result row repeated at least once: valid repeats, median and spread, the mean with its
// 95 % interval (net power and energy per byte), its type A and common terms and ν.
Table repeatsTable(const core::SessionData &d);
// Session `s` against the first, result by result: difference and ratio of the means with
// their 95 % intervals, net power and energy per byte, marked "not significant" where an
// interval includes 0 (a ratio's, 1).
Table differencesTable(const std::vector<core::SessionData> &sessions,
                       const std::vector<core::ComparisonRow> &rows, std::size_t s);
// An experiment's ISA factor: each result at a level against the first level (energy per
// byte, means over repeats, difference and ratio with their 95 % intervals).
Table isaEffectTable(const core::SessionData &d);
// A factor whose levels are names (ISA, governor, chunking), the same way: its effects against
// `reference`, the level held in `member`.
Table namedEffectTable(const std::vector<core::FactorEffect> &effects, const QString &reference,
                       QString core::ResultKey::*member);
// An experiment's payload factor, the same way (core::payloadEffects).
Table payloadEffectTable(const core::SessionData &d);
// An experiment's frequency factor: each result at every level (core::frequencyCurves), its
// energy per byte, net power, throughput and EDP, and the energy-optimal level marked.
Table frequencyTable(const core::SessionData &d);
// Any result repeated more than once.
bool anyRepeated(const core::SessionData &d);

} // namespace cipherwatt::report
