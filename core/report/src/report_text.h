#pragma once

// Internal: the texts the session and comparison reports share (set-up, method, flags).

#include <cipherwatt/core/storage.h>

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace cipherwatt::report {

QList<QPair<QString, QString>> meterFacts(const core::SessionData &d);
QList<QPair<QString, QString>> dutFacts(const core::SessionData &d);
QStringList methodParagraphs(const core::SessionData &d);
// Every flag: the baseline's, each run's, runs that gave no result, self-test refusals.
QStringList sessionFlags(const core::SessionData &d);

} // namespace cipherwatt::report
