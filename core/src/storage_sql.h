#pragma once

// Internal to the storage: how values become SQL parameters and back, and what a Storage
// object keeps between calls.

#include <cipherwatt/core/storage.h>

#include <QByteArray>
#include <QJsonObject>
#include <QLockFile>
#include <QVariant>

#include <chrono>
#include <map>
#include <memory>
#include <vector>

namespace cipherwatt::core {

struct Storage::Pending
{
    using Clock = std::chrono::steady_clock;
    std::vector<std::pair<qint64, StoredSample>> samples;
    std::vector<std::pair<qint64, StoredReading>> readings;
    Clock::time_point oldest;
    std::map<qint64, qint64> nextSeq;        // by session
    std::map<qint64, qint64> nextReadingSeq; // by session
    // Sessions this object is running: a lock file beside a SQLite file; none (nullptr) on
    // PostgreSQL, where an advisory lock of the connection marks them.
    std::map<qint64, std::unique_ptr<QLockFile>> running;
};

// The statements of schema step `version` (from 1), in SQLite's or PostgreSQL's words.
QStringList schemaStatements(int version, bool postgres);

namespace sql {

QString jsonText(const QJsonObject &json);
QJsonObject jsonObject(const QString &text);
// A message's stored form (its identifier and arguments), and back: a plain message of
// `english` when nothing was stored beside it (written before schema 2).
QString messageText(const Message &message);
Message message(const QString &stored, const QString &english);
QVariant nullable(double v);    // NaN: NULL
QVariant nullableId(qint64 id); // 0: NULL
QVariant nullableNs(qint64 ns); // -1: NULL
// A null QString binds as SQL NULL; the text columns are NOT NULL with '' for "none".
QString text(const QString &s);
QByteArray packValues(const std::vector<double> &values);
std::vector<double> unpackValues(const QByteArray &blob);
QString lockPath(const QString &db, qint64 session);

} // namespace sql

} // namespace cipherwatt::core
