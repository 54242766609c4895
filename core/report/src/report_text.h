#pragma once

// Internal: the texts the session and comparison reports share (set-up, method, flags).

#include <cipherwatt/core/format.h>
#include <cipherwatt/core/storage.h>

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace cipherwatt::report {

QList<QPair<QString, QString>> meterFacts(const core::SessionData &d);
QList<QPair<QString, QString>> dutFacts(const core::SessionData &d);
QStringList methodParagraphs(const core::SessionData &d);
// Every flag: the baseline's, each run's, runs that gave no result; the most severe first.
QList<core::Message> sessionFlags(const core::SessionData &d);

// "8.51 ± 0.49" in `unit`, for values in the base unit.
QString cell(double value, double low, double high, const core::format::Unit &unit);
QString cell(double value, const core::format::Unit &unit);

} // namespace cipherwatt::report
