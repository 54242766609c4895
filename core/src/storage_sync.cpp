// Sessions from another database (`cipherwatt-cli copy`, a bench's journal sent on to the lab
// database): what this one holds of a session, and storing what it lacks in one transaction.
// A run or phase is known again by the key it had where it was first written (origin_id), so
// sending the same part twice changes nothing and a later part updates the rows.

#include "messages.h"
#include "storage_sql.h"

#include <cipherwatt/core/records_json.h>

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <map>
#include <optional>

namespace cipherwatt::core {

using namespace sql;

Result<Storage::Holding> Storage::holding(const QString &uid)
{
    if (auto r = flush(); !r)
        return r.error();
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT s.id, (SELECT coalesce(max(seq), 0) FROM samples WHERE "
                             "session_id = s.id), (SELECT count(*) FROM events WHERE session_id "
                             "= s.id), (SELECT coalesce(max(seq), 0) FROM source_readings WHERE "
                             "session_id = s.id) FROM sessions s WHERE s.uid = ?"));
    q.addBindValue(uid);
    if (!q.exec())
        return sqlError(QStringLiteral("find session"), q.lastError().text());
    Holding h;
    if (q.next())
        h = {q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong(),
             q.value(3).toLongLong()};
    return h;
}

Result<void> Storage::reconnect()
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    db.close();
    // The server forgot this connection's advisory locks with it: holdSession() takes them
    // again when the sessions are next written.
    if (m_location.isPostgres()) {
        for (auto it = m_pending->running.begin(); it != m_pending->running.end();)
            it = it->second ? std::next(it) : m_pending->running.erase(it);
    }
    if (!db.open())
        return Error{ErrorCode::Storage, Message(msg::kDatabaseError)
                                             .arg(m_path, QStringLiteral("connect"),
                                                  db.lastError().text().simplified())};
    if (m_location.isPostgres())
        return exec(QStringLiteral("SET client_min_messages TO warning"));
    return {};
}

namespace {

// The new key of a row the session refers to: 0 (none) stays 0.
qint64 mapped(const std::map<qint64, qint64> &keys, qint64 old)
{
    const auto it = keys.find(old);
    return it == keys.end() ? 0 : it->second;
}

QVariant nullableText(const QString &t)
{
    return t.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(t);
}

} // namespace

Result<qint64> Storage::receive(const SessionData &d, const Holding &at)
{
    if (auto r = flush(); !r)
        return r.error();
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    const QString what = QStringLiteral("session %1").arg(d.summary.uid);
    if (auto r = beginWrite(what); !r)
        return r.error();
    std::optional<Error> failure;
    const auto insert = [&](const QString &sql, const QVariantList &values) -> qint64 {
        if (failure)
            return 0;
        auto id = insertReturningId(sql, values, what);
        if (!id) {
            failure = id.error();
            return 0;
        }
        return *id;
    };
    const auto run = [&](const QString &sql, const QVariantList &values) -> QSqlQuery {
        QSqlQuery q(db);
        if (failure)
            return q;
        q.prepare(sql);
        for (const QVariant &v : values)
            q.addBindValue(v);
        if (!q.exec())
            failure = sqlError(what, q.lastError().text());
        return q;
    };
    // The row of `table` first written as `origin` in this session, else 0.
    const auto known = [&](const char *table, qint64 session, qint64 origin) -> qint64 {
        QSqlQuery q = run(QStringLiteral("SELECT id FROM %1 WHERE session_id = ? AND origin_id = ?")
                              .arg(QLatin1String(table)),
                          {session, origin});
        return !failure && q.next() ? q.value(0).toLongLong() : 0;
    };

    const SessionSummary &s = d.summary;
    const QVariantList fields{text(s.label),
                              text(s.operatorName),
                              text(s.bench),
                              text(s.host),
                              text(s.notes),
                              statusName(s.status),
                              text(s.statusReason.english()),
                              text(messageText(s.statusReason)),
                              nullableText(d.startedUtc),
                              nullableText(d.endedUtc),
                              jsonText(toJson(d.settings)),
                              jsonText(toJson(d.meter)),
                              jsonText(toJson(d.dut)),
                              jsonText(toJson(d.analysis))};
    qint64 id = at.session;
    if (id == 0) {
        QVariantList values = fields;
        values << text(s.uid) << text(s.createdUtc) << d.originUtcMs << (s.simulated ? 1 : 0);
        id = insert(QStringLiteral("INSERT INTO sessions (label, operator, bench, host, notes, "
                                   "status, status_reason, status_message, started_utc, "
                                   "ended_utc, settings, meter, dut, analysis, uid, created_utc, "
                                   "origin_utc_ms, simulated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
                                   "?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                    values);
    } else {
        QVariantList values = fields;
        values << id;
        run(QStringLiteral("UPDATE sessions SET label = ?, operator = ?, bench = ?, host = ?, "
                           "notes = ?, status = ?, status_reason = ?, status_message = ?, "
                           "started_utc = ?, ended_utc = ?, settings = ?, meter = ?, dut = ?, "
                           "analysis = ? WHERE id = ?"),
            values);
        run(QStringLiteral("DELETE FROM tags WHERE session_id = ?"), {id});
    }
    for (const QString &t : s.tags)
        run(QStringLiteral("INSERT INTO tags (session_id, tag) VALUES (?, ?) ON CONFLICT DO "
                           "NOTHING"),
            {id, t});

    std::map<qint64, qint64> runs;
    for (const StoredRun &r : d.runs) {
        const QVariantList values{runStatusName(r.status),
                                  text(r.error.english()),
                                  text(messageText(r.error)),
                                  nullableNs(r.startNs),
                                  nullableNs(r.endNs),
                                  nullableNs(r.windowStartNs),
                                  nullableNs(r.windowEndNs),
                                  jsonText(r.request ? toJson(*r.request) : QJsonObject()),
                                  jsonText(r.result ? toJson(*r.result) : QJsonObject()),
                                  jsonText(r.analysis ? toJson(*r.analysis) : QJsonObject())};
        qint64 row = at.session == 0 ? 0 : known("runs", id, r.id);
        if (row != 0) {
            run(QStringLiteral("UPDATE runs SET status = ?, error = ?, error_message = ?, "
                               "start_ns = ?, end_ns = ?, window_start_ns = ?, window_end_ns = ?, "
                               "request = ?, result = ?, analysis = ? WHERE id = ?"),
                QVariantList(values) << row);
        } else {
            row = insert(QStringLiteral("INSERT INTO runs (status, error, error_message, start_ns, "
                                        "end_ns, window_start_ns, window_end_ns, request, result, "
                                        "analysis, session_id, origin_id, ordinal, cipher, "
                                        "backend, operation, buffer_bytes, repeat) VALUES (?, ?, "
                                        "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                         QVariantList(values) << id << r.id << r.ordinal << r.cipher << r.backend
                                              << r.operation << r.bufferBytes << r.repeat);
        }
        runs[r.id] = row;
    }
    std::map<qint64, qint64> phases;
    for (const StoredPhase &p : d.phases) {
        const QVariantList values{nullableNs(p.endNs),
                                  jsonText(p.activity ? toJson(*p.activity) : QJsonObject())};
        qint64 row = at.session == 0 ? 0 : known("phases", id, p.id);
        if (row != 0) {
            run(QStringLiteral("UPDATE phases SET end_ns = ?, activity = ? WHERE id = ?"),
                QVariantList(values) << row);
        } else {
            row =
                insert(QStringLiteral("INSERT INTO phases (end_ns, activity, session_id, "
                                      "origin_id, kind, label, label_message, run_id, start_ns) "
                                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                       QVariantList(values) << id << p.id << phaseName(p.kind)
                                            << text(p.label.english()) << text(messageText(p.label))
                                            << nullableId(mapped(runs, p.runId)) << p.startNs);
        }
        phases[p.id] = row;
    }
    if (!failure) {
        QSqlQuery sample(db);
        sample.prepare(QStringLiteral(
            "INSERT INTO samples (session_id, seq, t_ns, meter_seq, interval_ms, flags, missed, "
            "phase_id, run_id, power, wh, vals) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
        qint64 seq = at.samples;
        for (const StoredSample &x : d.samples) {
            for (const QVariant &v :
                 QVariantList{id, ++seq, x.tNs, static_cast<qint64>(x.meterSequence), x.intervalMs,
                              x.flags, x.missedBefore, nullableId(mapped(phases, x.phaseId)),
                              nullableId(mapped(runs, x.runId)), nullable(x.power),
                              nullable(x.wattHours), packValues(x.values)})
                sample.addBindValue(v);
            if (!sample.exec()) {
                failure = sqlError(what, sample.lastError().text());
                break;
            }
        }
    }
    if (!failure && !d.readings.empty()) {
        QSqlQuery reading(db);
        reading.prepare(QStringLiteral("INSERT INTO source_readings (session_id, seq, source, "
                                       "t_ns, span_ns, watts) VALUES (?, ?, ?, ?, ?, ?)"));
        qint64 seq = at.readings;
        for (const StoredReading &x : d.readings) {
            for (const QVariant &v : QVariantList{id, ++seq, x.source, x.tNs, x.spanNs, x.watts})
                reading.addBindValue(v);
            if (!reading.exec()) {
                failure = sqlError(what, reading.lastError().text());
                break;
            }
        }
    }
    for (const StoredEvent &e : d.events)
        run(QStringLiteral("INSERT INTO events (session_id, t_ns, kind, text, message) VALUES "
                           "(?, ?, ?, ?, ?)"),
            {id, e.tNs, text(e.kind), text(e.text.english()), text(messageText(e.text))});
    if (failure) {
        db.rollback();
        return *failure;
    }
    // Another bench opening the database leaves a session alone while it is being sent: marked
    // before the commit makes it visible as running.
    const bool taken = s.status == SessionStatus::Running && m_pending->running.count(id) == 0;
    if (taken)
        holdSession(id);
    if (!db.commit()) {
        const QString detail = db.lastError().text();
        db.rollback();
        if (taken)
            releaseSession(id);
        return sqlError(what, detail);
    }
    if (s.status != SessionStatus::Running)
        releaseSession(id);
    return id;
}

} // namespace cipherwatt::core
