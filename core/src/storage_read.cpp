// Reading and editing stored sessions.

#include "messages.h"
#include "numbers.h"
#include "storage_sql.h"

#include <cipherwatt/core/format.h>
#include <cipherwatt/core/records_json.h>

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

namespace cipherwatt::core {

using namespace sql;

Result<std::vector<SessionSummary>> Storage::sessions(const SessionFilter &filter)
{
    if (auto r = flush(); !r)
        return r.error();
    QStringList where;
    QVariantList values;
    if (!filter.bench.isEmpty()) {
        where << QStringLiteral("s.bench = ?");
        values << filter.bench;
    }
    if (!filter.operatorName.isEmpty()) {
        where << QStringLiteral("s.operator = ?");
        values << filter.operatorName;
    }
    return summaries(where, values);
}

// The sessions' summaries matching every condition of `where` (each with its `?`).
Result<std::vector<SessionSummary>> Storage::summaries(const QStringList &where,
                                                       const QVariantList &values)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
                  "SELECT s.id, s.label, s.operator, s.notes, s.status, s.status_reason, "
                  "s.created_utc, s.simulated, s.meter, s.dut, (SELECT count(*) FROM runs r "
                  "WHERE r.session_id = s.id), (SELECT %1 FROM tags t WHERE t.session_id = "
                  "s.id), s.status_message, s.bench, s.host, s.uid FROM sessions s %2 ORDER BY "
                  "s.id")
                  .arg(dialect("group_concat(tag, char(10))", "string_agg(tag, chr(10))"),
                       where.isEmpty()
                           ? QString()
                           : QStringLiteral("WHERE ") + where.join(QStringLiteral(" AND "))));
    for (const QVariant &v : values)
        q.addBindValue(v);
    if (!q.exec())
        return sqlError(QStringLiteral("sessions"), q.lastError().text());
    std::vector<SessionSummary> out;
    while (q.next()) {
        SessionSummary s;
        s.id = q.value(0).toLongLong();
        s.label = q.value(1).toString();
        s.operatorName = q.value(2).toString();
        s.notes = q.value(3).toString();
        s.status = parseStatus(q.value(4).toString()).value_or(SessionStatus::Failed);
        s.statusReason = message(q.value(12).toString(), q.value(5).toString());
        s.createdUtc = q.value(6).toString();
        s.simulated = q.value(7).toBool();
        s.meter = meterSetupFromJson(jsonObject(q.value(8).toString())).description;
        s.dut = dutSetupFromJson(jsonObject(q.value(9).toString())).description;
        s.runs = q.value(10).toInt();
        const QString tags = q.value(11).toString();
        if (!tags.isEmpty())
            s.tags = tags.split(QLatin1Char('\n'));
        s.tags.sort();
        s.bench = q.value(13).toString();
        s.host = q.value(14).toString();
        s.uid = q.value(15).toString();
        out.push_back(std::move(s));
    }
    return out;
}

Result<SessionData> Storage::load(qint64 session)
{
    return loadAfter(session, {});
}

Result<SessionData> Storage::loadAfter(qint64 session, const Holding &after)
{
    if (auto r = flush(); !r)
        return r.error();
    auto found = summaries({QStringLiteral("s.id = ?")}, {session});
    if (!found)
        return found.error();
    SessionData d;
    if (!found->empty())
        d.summary = found->front();
    else
        return Error{ErrorCode::NotFound, Message(msg::kNoSuchSession).arg(m_path).arg(session)};
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT settings, meter, dut, analysis, started_utc, ended_utc, "
                             "origin_utc_ms FROM sessions WHERE id = ?"));
    q.addBindValue(session);
    if (!q.exec() || !q.next())
        return sqlError(QStringLiteral("session"), q.lastError().text());
    d.settings = settingsFromJson(jsonObject(q.value(0).toString()));
    d.meter = meterSetupFromJson(jsonObject(q.value(1).toString()));
    d.dut = dutSetupFromJson(jsonObject(q.value(2).toString()));
    d.analysis = sessionAnalysisFromJson(jsonObject(q.value(3).toString()));
    d.startedUtc = q.value(4).toString();
    d.endedUtc = q.value(5).toString();
    d.originUtcMs = q.value(6).toLongLong();

    q.prepare(QStringLiteral(
        "SELECT id, kind, label, coalesce(run_id, 0), start_ns, "
        "coalesce(end_ns, -1), label_message, activity FROM phases WHERE session_id = ? "
        "ORDER BY id"));
    q.addBindValue(session);
    if (!q.exec())
        return sqlError(QStringLiteral("phases"), q.lastError().text());
    while (q.next()) {
        StoredPhase p;
        p.id = q.value(0).toLongLong();
        p.kind = parsePhase(q.value(1).toString()).value_or(PhaseKind::Prepare);
        p.label = message(q.value(6).toString(), q.value(2).toString());
        p.runId = q.value(3).toLongLong();
        p.startNs = q.value(4).toLongLong();
        p.endNs = q.value(5).toLongLong();
        p.activity = dutActivityFromJson(jsonObject(q.value(7).toString()));
        d.phases.push_back(p);
    }

    q.prepare(QStringLiteral(
        "SELECT id, ordinal, cipher, backend, operation, buffer_bytes, repeat, status, error, "
        "coalesce(start_ns, -1), coalesce(end_ns, -1), coalesce(window_start_ns, -1), "
        "coalesce(window_end_ns, -1), request, result, analysis, error_message FROM runs WHERE "
        "session_id = ? ORDER BY ordinal, id"));
    q.addBindValue(session);
    if (!q.exec())
        return sqlError(QStringLiteral("runs"), q.lastError().text());
    while (q.next()) {
        StoredRun r;
        r.id = q.value(0).toLongLong();
        r.ordinal = q.value(1).toInt();
        r.cipher = q.value(2).toString();
        r.backend = q.value(3).toString();
        r.operation = q.value(4).toString();
        r.bufferBytes = q.value(5).toLongLong();
        r.repeat = q.value(6).toInt();
        r.status = parseRunStatus(q.value(7).toString()).value_or(RunStatus::Failed);
        r.error = message(q.value(16).toString(), q.value(8).toString());
        r.startNs = q.value(9).toLongLong();
        r.endNs = q.value(10).toLongLong();
        r.windowStartNs = q.value(11).toLongLong();
        r.windowEndNs = q.value(12).toLongLong();
        if (const QJsonObject j = jsonObject(q.value(13).toString()); !j.isEmpty())
            r.request = workerRequestFromJson(j);
        if (const QJsonObject j = jsonObject(q.value(14).toString()); !j.isEmpty())
            r.result = workerResultFromJson(j);
        if (const QJsonObject j = jsonObject(q.value(15).toString()); !j.isEmpty())
            r.analysis = runResultFromJson(j);
        d.runs.push_back(std::move(r));
    }

    q.prepare(QStringLiteral("SELECT t_ns, meter_seq, interval_ms, flags, missed, "
                             "coalesce(phase_id, 0), coalesce(run_id, 0), power, wh, vals FROM "
                             "samples WHERE session_id = ? AND seq > ? ORDER BY seq"));
    q.addBindValue(session);
    q.addBindValue(after.samples);
    if (!q.exec())
        return sqlError(QStringLiteral("samples"), q.lastError().text());
    while (q.next()) {
        StoredSample s;
        s.tNs = q.value(0).toLongLong();
        s.meterSequence = q.value(1).toULongLong();
        s.intervalMs = q.value(2).toLongLong();
        s.flags = q.value(3).toUInt();
        s.missedBefore = q.value(4).toUInt();
        s.phaseId = q.value(5).toLongLong();
        s.runId = q.value(6).toLongLong();
        const QVariant power = q.value(7);
        s.power = power.isNull() ? kNaN : power.toDouble();
        const QVariant wh = q.value(8);
        s.wattHours = wh.isNull() ? kNaN : wh.toDouble();
        s.values = unpackValues(q.value(9).toByteArray());
        d.samples.push_back(std::move(s));
    }

    q.prepare(QStringLiteral("SELECT t_ns, kind, text, message FROM events WHERE session_id = ? "
                             "ORDER BY %1 %2")
                  .arg(dialect("rowid", "id"), dialect("LIMIT -1 OFFSET ?", "OFFSET ?")));
    q.addBindValue(session);
    q.addBindValue(after.events);
    if (!q.exec())
        return sqlError(QStringLiteral("events"), q.lastError().text());
    while (q.next())
        d.events.push_back({q.value(0).toLongLong(), q.value(1).toString(),
                            message(q.value(3).toString(), q.value(2).toString())});

    q.prepare(QStringLiteral("SELECT source, t_ns, span_ns, watts FROM source_readings WHERE "
                             "session_id = ? AND seq > ? ORDER BY seq"));
    q.addBindValue(session);
    q.addBindValue(after.readings);
    if (!q.exec())
        return sqlError(QStringLiteral("source readings"), q.lastError().text());
    while (q.next())
        d.readings.push_back({q.value(0).toInt(), q.value(1).toLongLong(), q.value(2).toLongLong(),
                              q.value(3).toDouble()});
    return d;
}

QString StoredRun::payload() const
{
    if (!request || request->payload.isEmpty())
        return {};
    if (request->payload == QLatin1String("file"))
        return QStringLiteral("file:") + request->payloadFile;
    return request->payload;
}

QString StoredRun::label() const
{
    return QStringLiteral("%1/%2 %3 %4 B #%5")
        .arg(cipher,
             format::backendWithLevels(backend, isa(), chunking(), payload(), frequencyKHz(),
                                       governor()),
             operation)
        .arg(bufferBytes)
        .arg(repeat);
}

Result<void> Storage::rename(qint64 session, const QString &label)
{
    if (label.trimmed().isEmpty())
        return Error{ErrorCode::Usage, Message(msg::kEmptyLabel)};
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("UPDATE sessions SET label = ? WHERE id = ?"));
    q.addBindValue(text(label));
    q.addBindValue(session);
    if (!q.exec())
        return sqlError(QStringLiteral("rename"), q.lastError().text());
    return {};
}

Result<void> Storage::setNotes(qint64 session, const QString &notes)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("UPDATE sessions SET notes = ? WHERE id = ?"));
    q.addBindValue(text(notes));
    q.addBindValue(session);
    if (!q.exec())
        return sqlError(QStringLiteral("notes"), q.lastError().text());
    return {};
}

Result<void> Storage::setTags(qint64 session, const QStringList &tags)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("DELETE FROM tags WHERE session_id = ?"));
    q.addBindValue(session);
    if (!q.exec())
        return sqlError(QStringLiteral("tags"), q.lastError().text());
    q.prepare(
        QStringLiteral("INSERT INTO tags (session_id, tag) VALUES (?, ?) ON CONFLICT DO NOTHING"));
    for (const QString &tag : tags) {
        if (tag.trimmed().isEmpty())
            continue;
        q.addBindValue(session);
        q.addBindValue(tag.trimmed());
        if (!q.exec())
            return sqlError(QStringLiteral("tags"), q.lastError().text());
    }
    return {};
}

Result<void> Storage::remove(qint64 session)
{
    if (auto r = flush(); !r)
        return r;
    if (m_pending->running.count(session) != 0)
        return Error{ErrorCode::Refused, Message(msg::kSessionRunning).arg(session)};
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    if (auto r = beginWrite(QStringLiteral("delete")); !r)
        return r;
    QSqlQuery q(db);
    for (const char *table : {"samples", "source_readings", "events", "phases", "runs", "tags"}) {
        q.prepare(QStringLiteral("DELETE FROM %1 WHERE session_id = ?").arg(QLatin1String(table)));
        q.addBindValue(session);
        if (!q.exec()) {
            const QString detail = q.lastError().text();
            db.rollback();
            return sqlError(QStringLiteral("delete"), detail);
        }
    }
    q.prepare(QStringLiteral("DELETE FROM sessions WHERE id = ?"));
    q.addBindValue(session);
    if (!q.exec() || q.numRowsAffected() != 1) {
        const QString detail = q.lastError().text();
        db.rollback();
        return q.numRowsAffected() == 0
                   ? Error{ErrorCode::NotFound,
                           Message(msg::kNoSuchSession).arg(m_path).arg(session)}
                   : sqlError(QStringLiteral("delete"), detail);
    }
    if (!db.commit())
        return sqlError(QStringLiteral("delete"), db.lastError().text());
    return {};
}

} // namespace cipherwatt::core
