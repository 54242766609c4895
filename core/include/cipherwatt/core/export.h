#pragma once

// CSV exports (RFC 4180, UTF-8, '.' as decimal separator whatever the locale; see csv.h).
// Every file is written to a temporary file and renamed into place: it appears complete or not
// at all.
//
//   samples:    one row per meter update: session, phase, run, time since the session's start
//               and as UTC, the meter's sequence number, every measured value (units in the
//               header), flags.
//   readings:   one row per reading of a power source on the DUT: session, the source's
//               resource string, phase and run in force when the reading's span ended, that
//               time since the session's start and as UTC, the span its mean covers (0: the
//               sensor's instantaneous value), the power.
//   runs:       one row per run, every result field with its 95 % interval, units in the
//               header, and the mean over repeats of the result it belongs to (results.h);
//               several sessions may share one file.
//   comparison: one row per (session, cipher, backend, operation, buffer): the means over
//               repeats, and the difference from the first session and the ratio to it with
//               their 95 % intervals and whether they are significant (repeats.h).

#include <cipherwatt/core/storage.h>

#include <QString>

#include <vector>

namespace cipherwatt::core {

Result<void> writeSamplesCsv(const std::vector<SessionData> &sessions, const QString &path);
Result<void> writeReadingsCsv(const std::vector<SessionData> &sessions, const QString &path);
Result<void> writeRunsCsv(const std::vector<SessionData> &sessions, const QString &path);
Result<void> writeComparisonCsv(const std::vector<SessionData> &sessions, const QString &path);

} // namespace cipherwatt::core
