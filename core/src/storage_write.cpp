// Writing sessions: what the runner stores while it measures.

#include "storage_sql.h"

#include <cipherwatt/core/records_json.h>

#include <QDateTime>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <QUuid>

namespace cipherwatt::core {

using namespace sql;

namespace {

// Unwritten samples are written once the oldest is this old: well inside the promise that a
// crash loses at most the last second.
constexpr auto kFlushAge = std::chrono::milliseconds(500);
constexpr std::size_t kFlushCount = 64;

} // namespace

Result<qint64> Storage::createSession(const SessionSettings &settings, const MeterSetup &meter,
                                      const DutSetup &dut, qint64 originUtcMs, bool simulated)
{
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    const QString host = QSysInfo::machineHostName();
    // The row, its tags and the mark that this object runs it become visible together: a
    // program opening the database meanwhile must not take the new session for one whose
    // program is gone (recoverOrphans()).
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    if (auto r = beginWrite(QStringLiteral("new session")); !r)
        return r.error();
    auto id = insertReturningId(
        QStringLiteral("INSERT INTO sessions (label, operator, bench, host, uid, notes, status, "
                       "created_utc, started_utc, origin_utc_ms, simulated, settings, meter, "
                       "dut) VALUES (?, ?, ?, ?, ?, ?, 'running', ?, ?, ?, ?, ?, ?, ?)"),
        {text(settings.label), text(settings.operatorName),
         text(settings.bench.trimmed().isEmpty() ? host : settings.bench.trimmed()), text(host),
         QUuid::createUuid().toString(QUuid::WithoutBraces), text(settings.notes), now, now,
         originUtcMs, simulated ? 1 : 0, jsonText(toJson(settings)), jsonText(toJson(meter)),
         jsonText(toJson(dut))},
        QStringLiteral("new session"));
    if (!id) {
        db.rollback();
        return id.error();
    }
    if (auto r = setTags(*id, settings.tags); !r) {
        db.rollback();
        return r.error();
    }
    // Held while this process runs the session: open() elsewhere leaves it alone.
    holdSession(*id);
    if (!db.commit()) {
        const QString detail = db.lastError().text();
        db.rollback();
        releaseSession(*id);
        return sqlError(QStringLiteral("new session"), detail);
    }
    m_pending->nextSeq[*id] = 1;
    return *id;
}

Result<void> Storage::setStatus(qint64 session, SessionStatus status, const Message &reason)
{
    if (auto r = flush(); !r)
        return r;
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(
        QStringLiteral("UPDATE sessions SET status = ?, status_reason = ?, status_message = ?, "
                       "ended_utc = CASE WHEN CAST(? AS TEXT) = 'running' THEN ended_utc ELSE "
                       "coalesce(ended_utc, ?) END WHERE id = ?"));
    q.addBindValue(statusName(status));
    q.addBindValue(text(reason.english()));
    q.addBindValue(text(messageText(reason)));
    q.addBindValue(statusName(status));
    q.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    q.addBindValue(session);
    if (!q.exec())
        return sqlError(QStringLiteral("session status"), q.lastError().text());
    if (status != SessionStatus::Running)
        releaseSession(session);
    return {};
}

Result<void> Storage::setSessionJson(qint64 session, const QString &column, const QString &json)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("UPDATE sessions SET %1 = ? WHERE id = ?").arg(column));
    q.addBindValue(json);
    q.addBindValue(session);
    if (!q.exec())
        return sqlError(QStringLiteral("session %1").arg(column), q.lastError().text());
    return {};
}

Result<void> Storage::setDut(qint64 session, const DutSetup &dut)
{
    return setSessionJson(session, QStringLiteral("dut"), jsonText(toJson(dut)));
}

Result<void> Storage::setMeter(qint64 session, const MeterSetup &meter)
{
    return setSessionJson(session, QStringLiteral("meter"), jsonText(toJson(meter)));
}

Result<void> Storage::setAnalysis(qint64 session, const SessionAnalysis &analysis)
{
    return setSessionJson(session, QStringLiteral("analysis"), jsonText(toJson(analysis)));
}

Result<qint64> Storage::beginPhase(qint64 session, PhaseKind kind, const Message &label,
                                   qint64 runId, qint64 startNs)
{
    return insertReturningId(
        QStringLiteral("INSERT INTO phases (session_id, kind, label, label_message, run_id, "
                       "start_ns) VALUES (?, ?, ?, ?, ?, ?)"),
        {session, phaseName(kind), text(label.english()), text(messageText(label)),
         nullableId(runId), startNs},
        QStringLiteral("new phase"));
}

Result<void> Storage::endPhase(qint64 phase, qint64 endNs)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("UPDATE phases SET end_ns = ? WHERE id = ?"));
    q.addBindValue(endNs);
    q.addBindValue(phase);
    if (!q.exec())
        return sqlError(QStringLiteral("phase end"), q.lastError().text());
    return {};
}

Result<void> Storage::setPhaseActivity(qint64 phase, const DutActivity &activity)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("UPDATE phases SET activity = ? WHERE id = ?"));
    q.addBindValue(jsonText(toJson(activity)));
    q.addBindValue(phase);
    if (!q.exec())
        return sqlError(QStringLiteral("phase activity"), q.lastError().text());
    return {};
}

Result<qint64> Storage::addRun(qint64 session, const StoredRun &run)
{
    return insertReturningId(
        QStringLiteral("INSERT INTO runs (session_id, ordinal, cipher, backend, operation, "
                       "buffer_bytes, repeat, status, request) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
                       "?)"),
        {session, run.ordinal, run.cipher, run.backend, run.operation, run.bufferBytes, run.repeat,
         runStatusName(run.status), jsonText(run.request ? toJson(*run.request) : QJsonObject())},
        QStringLiteral("new run"));
}

Result<void> Storage::updateRun(const StoredRun &run)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral(
        "UPDATE runs SET status = ?, error = ?, error_message = ?, start_ns = ?, end_ns = ?, "
        "window_start_ns = ?, window_end_ns = ?, request = ?, result = ?, analysis = ? WHERE "
        "id = ?"));
    q.addBindValue(runStatusName(run.status));
    q.addBindValue(text(run.error.english()));
    q.addBindValue(text(messageText(run.error)));
    q.addBindValue(nullableNs(run.startNs));
    q.addBindValue(nullableNs(run.endNs));
    q.addBindValue(nullableNs(run.windowStartNs));
    q.addBindValue(nullableNs(run.windowEndNs));
    q.addBindValue(jsonText(run.request ? toJson(*run.request) : QJsonObject()));
    q.addBindValue(jsonText(run.result ? toJson(*run.result) : QJsonObject()));
    q.addBindValue(jsonText(run.analysis ? toJson(*run.analysis) : QJsonObject()));
    q.addBindValue(run.id);
    if (!q.exec())
        return sqlError(QStringLiteral("run"), q.lastError().text());
    return {};
}

Result<void> Storage::addEvent(qint64 session, const StoredEvent &event)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral(
        "INSERT INTO events (session_id, t_ns, kind, text, message) VALUES (?, ?, ?, "
        "?, ?)"));
    q.addBindValue(session);
    q.addBindValue(event.tNs);
    q.addBindValue(text(event.kind));
    q.addBindValue(text(event.text.english()));
    q.addBindValue(text(messageText(event.text)));
    if (!q.exec())
        return sqlError(QStringLiteral("event"), q.lastError().text());
    return {};
}

Result<void> Storage::addSample(qint64 session, const StoredSample &sample)
{
    if (m_pending->samples.empty() && m_pending->readings.empty())
        m_pending->oldest = Pending::Clock::now();
    m_pending->samples.emplace_back(session, sample);
    if (m_pending->samples.size() + m_pending->readings.size() >= kFlushCount ||
        Pending::Clock::now() - m_pending->oldest >= kFlushAge)
        return flush();
    return {};
}

Result<void> Storage::addReading(qint64 session, const StoredReading &reading)
{
    if (m_pending->samples.empty() && m_pending->readings.empty())
        m_pending->oldest = Pending::Clock::now();
    m_pending->readings.emplace_back(session, reading);
    if (m_pending->samples.size() + m_pending->readings.size() >= kFlushCount ||
        Pending::Clock::now() - m_pending->oldest >= kFlushAge)
        return flush();
    return {};
}

namespace {

// The next number of a session's rows in `table` (numbered from 1 without gaps), asked once per
// session and then counted here.
qint64 &nextSeq(std::map<qint64, qint64> &next, QSqlDatabase &db, const char *table, qint64 session)
{
    qint64 &seq = next[session];
    if (seq == 0) {
        QSqlQuery max(db);
        max.prepare(QStringLiteral("SELECT coalesce(max(seq), 0) + 1 FROM %1 WHERE session_id = ?")
                        .arg(QLatin1String(table)));
        max.addBindValue(session);
        seq = max.exec() && max.next() ? max.value(0).toLongLong() : 1;
    }
    return seq;
}

} // namespace

Result<void> Storage::flush()
{
    if (!m_pending || (m_pending->samples.empty() && m_pending->readings.empty()))
        return {};
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    if (auto r = beginWrite(QStringLiteral("samples")); !r)
        return r;
    const auto failed = [&](const char *what, const QString &detail) {
        db.rollback();
        m_pending->samples.clear();
        m_pending->readings.clear();
        // The numbers counted here may be ahead of what was written: asked again next time.
        m_pending->nextSeq.clear();
        m_pending->nextReadingSeq.clear();
        return sqlError(QLatin1String(what), detail);
    };
    QSqlQuery q(db);
    q.prepare(QStringLiteral(
        "INSERT INTO samples (session_id, seq, t_ns, meter_seq, interval_ms, flags, missed, "
        "phase_id, run_id, power, wh, vals) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const auto &[session, s] : m_pending->samples) {
        qint64 &seq = nextSeq(m_pending->nextSeq, db, "samples", session);
        q.addBindValue(session);
        q.addBindValue(seq++);
        q.addBindValue(s.tNs);
        q.addBindValue(static_cast<qint64>(s.meterSequence));
        q.addBindValue(s.intervalMs);
        q.addBindValue(s.flags);
        q.addBindValue(s.missedBefore);
        q.addBindValue(nullableId(s.phaseId));
        q.addBindValue(nullableId(s.runId));
        q.addBindValue(nullable(s.power));
        q.addBindValue(nullable(s.wattHours));
        q.addBindValue(packValues(s.values));
        if (!q.exec())
            return failed("samples", q.lastError().text());
    }
    if (!m_pending->readings.empty()) {
        q.prepare(QStringLiteral("INSERT INTO source_readings (session_id, seq, source, t_ns, "
                                 "span_ns, watts) VALUES (?, ?, ?, ?, ?, ?)"));
        for (const auto &[session, r] : m_pending->readings) {
            qint64 &seq = nextSeq(m_pending->nextReadingSeq, db, "source_readings", session);
            q.addBindValue(session);
            q.addBindValue(seq++);
            q.addBindValue(r.source);
            q.addBindValue(r.tNs);
            q.addBindValue(r.spanNs);
            q.addBindValue(r.watts);
            if (!q.exec())
                return failed("source readings", q.lastError().text());
        }
    }
    m_pending->samples.clear();
    m_pending->readings.clear();
    if (!db.commit())
        return sqlError(QStringLiteral("samples"), db.lastError().text());
    return {};
}

} // namespace cipherwatt::core
