#pragma once

// The one serializer of what a session stores (records.h, session.h, analysis.h): the JSON of
// the database's columns and of `cipherwatt-cli show --json`. Reading is lenient (a field that
// is missing gets its default, so databases written by earlier versions read as they were
// meant); fields it does not know are kept in the record's `extra` and written back.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/records.h>
#include <cipherwatt/core/session.h>

#include <QJsonArray>
#include <QJsonObject>

namespace cipherwatt::core {

QJsonObject toJson(const SessionSettings &settings);
SessionSettings settingsFromJson(const QJsonObject &json);

QJsonObject toJson(const MeterSetup &meter);
MeterSetup meterSetupFromJson(const QJsonObject &json);

QJsonObject toJson(const DutSetup &dut);
DutSetup dutSetupFromJson(const QJsonObject &json);

QJsonObject toJson(const SessionAnalysis &analysis);
SessionAnalysis sessionAnalysisFromJson(const QJsonObject &json);

QJsonObject toJson(const RunResult &result);
RunResult runResultFromJson(const QJsonObject &json);

QJsonObject toJson(const WorkerRequest &request);
WorkerRequest workerRequestFromJson(const QJsonObject &json);

QJsonObject toJson(const WorkerResult &result);
WorkerResult workerResultFromJson(const QJsonObject &json);

// A phase's activity; an empty object (a phase without one) reads as none.
QJsonObject toJson(const DutActivity &activity);
std::optional<DutActivity> dutActivityFromJson(const QJsonObject &json);

QJsonObject toJson(const BaselineResult &baseline, double startSeconds, double endSeconds);

// Messages as stored: their English texts (what a reader of the database sees) under `key`,
// and the messages themselves, with their identifiers, under `key`_messages.
void putMessages(QJsonObject &json, const QString &key, const QList<Message> &messages);
QList<Message> takeMessages(const QJsonObject &json, const QString &key);

} // namespace cipherwatt::core
