#pragma once

// Text tables of stored sessions for the terminal: the paper's columns (Tables 4 and 5 of the
// first paper) plus energy per byte with its 95 % interval.

#include <cipherwatt/core/storage.h>

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace cipherwatt::cli {

// Columns padded to their widest cell; numbers right-aligned.
QString formatTable(const QStringList &header, const QList<QStringList> &rows,
                    const QList<bool> &numeric);

// One row per cipher, backend, operation and buffer (repeats as medians): runs, run time, net
// power ± 95 %, throughput, cycles per byte, energy per byte ± 95 %, the most severe flag;
// each column in the unit its values share (core/format.h).
QString resultsTable(const core::SessionData &session);
// "Flags:" and every flag with its severity, the most severe first; empty when there are none.
QString flagsText(const core::SessionData &session);

// Per operation, as the papers on microcontrollers give it: payload and tag bytes, time,
// cycles (marked when not real core cycles) and energy per operation with its 95 % interval.
QString perOperationTable(const core::SessionData &session);

// Everything `show` prints: set-up, method, baseline, results, flags, events.
QString sessionText(const core::SessionData &session);

QJsonObject sessionJson(const core::SessionData &session);
QJsonObject summaryJson(const core::SessionSummary &summary);

} // namespace cipherwatt::cli
