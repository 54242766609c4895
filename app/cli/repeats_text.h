#pragma once

// Repeats and comparisons for the terminal (docs/method.md, "Repeats" and "Comparing two
// results"): the mean of the valid repeats with its 95 % interval beside the median and the
// spread; a session against a reference, result by result, as difference and ratio with their
// 95 % intervals, marked "not significant" when the interval includes 0 (the ratio's, 1).

#include <cipherwatt/core/storage.h>

#include <QJsonArray>
#include <QString>

#include <vector>

namespace cipherwatt::cli {

// Empty when no result was repeated.
QString repeatsText(const core::SessionData &session);
// `show --json`'s "repeats": per result row, each quantity's median, spread and mean interval.
QJsonArray repeatsJson(const core::SessionData &session);
// What `compare` prints: every later session against the first.
// An experiment's ISA factor: energy per byte at each level against the first (results.h,
// isaEffects); empty without one.
QString isaEffectText(const core::SessionData &session);
QJsonArray isaEffectJson(const core::SessionData &session);
// An experiment's payload factor: energy per byte with each payload against the first
// (core::payloadEffects), with whether any differs beyond its interval; empty without one.
QString payloadEffectText(const core::SessionData &session);
QJsonArray payloadEffectJson(const core::SessionData &session);
// An experiment's governor and chunking factors: energy per byte at each level against the
// first (core::governorEffects, core::chunkingEffects); empty without one.
QString governorEffectText(const core::SessionData &session);
QJsonArray governorEffectJson(const core::SessionData &session);
QString chunkingEffectText(const core::SessionData &session);
QJsonArray chunkingEffectJson(const core::SessionData &session);
// An experiment's frequency factor: each cipher's results at every level, its energy-optimal
// level and the levels not told apart from it (core::frequencyCurves); empty without one.
QString frequencyCurveText(const core::SessionData &session);
QJsonArray frequencyCurveJson(const core::SessionData &session);
QString comparisonText(const std::vector<core::SessionData> &sessions);

} // namespace cipherwatt::cli
