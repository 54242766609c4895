#pragma once

// PDF reports of sessions and comparisons (the report issue). Rendered off-screen with
// QPainter on QPdfWriter and QCustomPlot for the charts, which stay vector graphics. A
// QApplication must exist (QCustomPlot is a widget); with no display, the offscreen platform
// serves (QT_QPA_PLATFORM=offscreen).
//
// Every page of a report with simulated data says so. Files are written to a temporary file
// and renamed into place.

#include <cipherwatt/core/storage.h>

#include <QString>

#include <vector>

namespace cipherwatt::report {

using core::Error;
using core::Result;
using core::SessionData;

// One session: set-up, method, results with 95 % intervals, bar charts of energy per byte
// (encryption, decryption, total), the power trace with its phases, flags, per-run details.
Result<void> writeSessionPdf(const SessionData &session, const QString &path);

// Two or more sessions side by side: the results with one column group per session and the
// differences from the first, overlaid power traces aligned at the first run's start, and
// grouped bar charts.
Result<void> writeComparisonPdf(const std::vector<SessionData> &sessions, const QString &path);

} // namespace cipherwatt::report
