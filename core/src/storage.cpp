#include "messages.h"

#include <cipherwatt/core/storage.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLockFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QUuid>
#include <QVariant>
#include <QtEndian>

#include <chrono>
#include <cmath>
#include <map>

namespace cipherwatt::core {

namespace {

using Clock = std::chrono::steady_clock;

// Unwritten samples are written once the oldest is this old: well inside the promise that a
// crash loses at most the last second.
constexpr auto kFlushAge = std::chrono::milliseconds(500);
constexpr std::size_t kFlushCount = 64;

// Forward migrations: step k brings a database from version k - 1 to version k. A new schema
// version appends a step; released steps never change.
const char *const kMigrations[] = {
    // 1: the first schema.
    R"(
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    label TEXT NOT NULL,
    operator TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL,
    status_reason TEXT NOT NULL DEFAULT '',
    created_utc TEXT NOT NULL,
    started_utc TEXT,
    ended_utc TEXT,
    origin_utc_ms INTEGER NOT NULL,
    simulated INTEGER NOT NULL,
    settings TEXT NOT NULL,
    meter TEXT NOT NULL,
    dut TEXT NOT NULL,
    analysis TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE tags (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    PRIMARY KEY (session_id, tag)
);
CREATE TABLE phases (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    label TEXT NOT NULL DEFAULT '',
    run_id INTEGER,
    start_ns INTEGER NOT NULL,
    end_ns INTEGER
);
CREATE INDEX phases_session ON phases(session_id);
CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    cipher TEXT NOT NULL,
    backend TEXT NOT NULL,
    operation TEXT NOT NULL,
    buffer_bytes INTEGER NOT NULL,
    repeat INTEGER NOT NULL,
    status TEXT NOT NULL,
    error TEXT NOT NULL DEFAULT '',
    start_ns INTEGER,
    end_ns INTEGER,
    window_start_ns INTEGER,
    window_end_ns INTEGER,
    request TEXT NOT NULL DEFAULT '{}',
    result TEXT NOT NULL DEFAULT '{}',
    analysis TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX runs_session ON runs(session_id);
CREATE TABLE samples (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    t_ns INTEGER NOT NULL,
    meter_seq INTEGER NOT NULL,
    interval_ms INTEGER NOT NULL,
    flags INTEGER NOT NULL,
    missed INTEGER NOT NULL,
    phase_id INTEGER,
    run_id INTEGER,
    power REAL,
    wh REAL,
    vals BLOB,
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
CREATE TABLE events (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    t_ns INTEGER NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX events_session ON events(session_id);
)",
};
static_assert(std::size(kMigrations) == kSchemaVersion);

QString toJsonText(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QJsonObject fromJsonText(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

QVariant nullable(double v)
{
    return std::isfinite(v) ? QVariant(v) : QVariant(QMetaType(QMetaType::Double));
}

QVariant nullableId(qint64 id)
{
    return id > 0 ? QVariant(id) : QVariant(QMetaType(QMetaType::LongLong));
}

QVariant nullableNs(qint64 ns)
{
    return ns >= 0 ? QVariant(ns) : QVariant(QMetaType(QMetaType::LongLong));
}

// Item values as little-endian IEEE-754 doubles, whatever the host's byte order.
QByteArray packValues(const std::vector<double> &values)
{
    QByteArray blob(static_cast<qsizetype>(values.size() * 8), Qt::Uninitialized);
    for (std::size_t i = 0; i < values.size(); ++i)
        qToLittleEndian(values[i], blob.data() + 8 * i);
    return blob;
}

std::vector<double> unpackValues(const QByteArray &blob)
{
    std::vector<double> values(static_cast<std::size_t>(blob.size() / 8));
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = qFromLittleEndian<double>(blob.constData() + 8 * i);
    return values;
}

// A null QString binds as SQL NULL; the text columns are NOT NULL with '' for "none".
QString text(const QString &s)
{
    return s.isNull() ? QStringLiteral("") : s;
}

QString lockPath(const QString &db, qint64 session)
{
    return db + QStringLiteral(".session-%1.lock").arg(session);
}

} // namespace

struct Storage::Pending
{
    std::vector<std::pair<qint64, StoredSample>> samples;
    Clock::time_point oldest;
    std::map<qint64, qint64> nextSeq;                     // by session
    std::map<qint64, std::unique_ptr<QLockFile>> running; // sessions this object is running
};

QString Storage::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/cipherwatt/sessions.sqlite");
}

Storage::Storage(QString path, QString connection)
    : m_path(std::move(path))
    , m_connection(std::move(connection))
    , m_pending(std::make_unique<Pending>())
{}

Storage::~Storage()
{
    (void)flush();
    m_pending.reset();
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
}

Error Storage::sqlError(const QString &what, const QString &detail) const
{
    return Error{instruments::ErrorCode::Io,
                 QStringLiteral("database %1: %2: %3").arg(m_path, what, detail)};
}

Result<void> Storage::exec(const QString &sql)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(sql))
        return sqlError(sql.left(40).simplified(), q.lastError().text());
    return {};
}

Result<std::unique_ptr<Storage>> Storage::open(const QString &path)
{
    const QFileInfo info(path);
    const auto refuse = [&](const QString &why) {
        return Error{instruments::ErrorCode::Unsupported,
                     english(msg::kDatabaseRefused).arg(path, why)};
    };
    // Look at the file before SQLite does: a foreign file is never opened for writing.
    if (info.exists()) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return Error{instruments::ErrorCode::Access,
                         QStringLiteral("database %1: %2").arg(path, file.errorString())};
        const QByteArray head = file.read(16);
        if (!head.isEmpty() && head != QByteArray("SQLite format 3\0", 16))
            return refuse(english(msg::kNotSqlite));
    } else if (!QDir().mkpath(info.absolutePath())) {
        return Error{instruments::ErrorCode::Access, english(msg::kNoFolder).arg(path)};
    }

    const QString connection =
        QStringLiteral("cipherwatt-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    std::unique_ptr<Storage> storage(new Storage(path, connection));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
        if (!db.open())
            return storage->sqlError(QStringLiteral("open"), db.lastError().text());
    }
    QSqlQuery q(QSqlDatabase::database(connection));
    const auto pragma = [&](const char *name) -> std::optional<qint64> {
        if (!q.exec(QStringLiteral("PRAGMA %1").arg(QLatin1String(name))) || !q.next())
            return std::nullopt;
        const qint64 value = q.value(0).toLongLong();
        q.finish();
        return value;
    };
    const auto version = pragma("user_version");
    const auto application = pragma("application_id");
    if (!version || !application)
        return refuse(english(msg::kNotOurs).arg(q.lastError().text()));
    if (!q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) || !q.next())
        return refuse(english(msg::kNotOurs).arg(q.lastError().text()));
    const bool empty = q.value(0).toLongLong() == 0 && *version == 0 && *application == 0;
    q.finish(); // no statement may stay open: journal_mode cannot change inside one
    if (!empty && *application != kApplicationId)
        return refuse(english(msg::kNotOursPlain));
    if (*version > kSchemaVersion)
        return refuse(english(msg::kNewerSchema).arg(*version).arg(kSchemaVersion));

    for (const char *setup :
         {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON"}) {
        if (auto r = storage->exec(QLatin1String(setup)); !r)
            return r.error();
    }
    if (auto r = storage->migrate(); !r)
        return r.error();

    // Sessions left `running` whose runner is gone (its lock file is free or stale).
    std::vector<qint64> orphans;
    if (q.exec(QStringLiteral("SELECT id FROM sessions WHERE status = 'running'"))) {
        while (q.next())
            orphans.push_back(q.value(0).toLongLong());
    }
    for (const qint64 id : orphans) {
        QLockFile lock(lockPath(path, id));
        lock.setStaleLockTime(std::chrono::milliseconds(0)); // only a live process holds it
        if (!lock.tryLock(0))
            continue;
        if (auto r = storage->setStatus(id, SessionStatus::Interrupted,
                                        QStringLiteral("the program ended while the session was "
                                                       "running; everything stored up to then "
                                                       "is kept"));
            !r)
            return r.error();
        lock.unlock();
        ++storage->m_recovered;
    }
    return storage;
}

Result<void> Storage::migrate()
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next())
        return sqlError(QStringLiteral("schema version"), q.lastError().text());
    const int from = q.value(0).toInt();
    for (int version = from + 1; version <= kSchemaVersion; ++version) {
        if (!db.transaction())
            return sqlError(QStringLiteral("migration"), db.lastError().text());
        const QStringList statements = QString::fromLatin1(kMigrations[version - 1])
                                           .split(QLatin1Char(';'), Qt::SkipEmptyParts);
        for (const QString &statement : statements) {
            if (statement.trimmed().isEmpty())
                continue;
            if (!q.exec(statement)) {
                const QString detail = q.lastError().text();
                db.rollback();
                return sqlError(QStringLiteral("migration to schema %1").arg(version), detail);
            }
        }
        if (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(version)) ||
            !q.exec(QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId)) ||
            !db.commit()) {
            const QString detail = q.lastError().text();
            db.rollback();
            return sqlError(QStringLiteral("migration to schema %1").arg(version), detail);
        }
    }
    return {};
}

Result<qint64> Storage::createSession(const SessionSettings &settings, const QJsonObject &meter,
                                      const QJsonObject &dut, qint64 originUtcMs, bool simulated)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    q.prepare(QStringLiteral(
        "INSERT INTO sessions (label, operator, notes, status, created_utc, started_utc, "
        "origin_utc_ms, simulated, settings, meter, dut) VALUES (?, ?, ?, 'running', ?, ?, ?, ?, "
        "?, ?, ?)"));
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    q.addBindValue(text(settings.label));
    q.addBindValue(text(settings.operatorName));
    q.addBindValue(text(settings.notes));
    q.addBindValue(now);
    q.addBindValue(now);
    q.addBindValue(originUtcMs);
    q.addBindValue(simulated ? 1 : 0);
    q.addBindValue(toJsonText(settings.toJson()));
    q.addBindValue(toJsonText(meter));
    q.addBindValue(toJsonText(dut));
    if (!q.exec())
        return sqlError(QStringLiteral("new session"), q.lastError().text());
    const qint64 id = q.lastInsertId().toLongLong();
    if (auto r = setTags(id, settings.tags); !r)
        return r.error();
    // Held while this process runs the session: open() elsewhere leaves it alone.
    auto lock = std::make_unique<QLockFile>(lockPath(m_path, id));
    lock->setStaleLockTime(std::chrono::milliseconds(0));
    if (lock->tryLock(0))
        m_pending->running[id] = std::move(lock);
    m_pending->nextSeq[id] = 1;
    return id;
}

Result<void> Storage::setStatus(qint64 session, SessionStatus status, const QString &reason)
{
    if (auto r = flush(); !r)
        return r;
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("UPDATE sessions SET status = ?, status_reason = ?, ended_utc = "
                             "CASE WHEN ? = 'running' THEN ended_utc ELSE coalesce(ended_utc, ?) "
                             "END WHERE id = ?"));
    q.addBindValue(statusName(status));
    q.addBindValue(text(reason));
    q.addBindValue(statusName(status));
    q.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    q.addBindValue(session);
    if (!q.exec())
        return sqlError(QStringLiteral("session status"), q.lastError().text());
    if (status != SessionStatus::Running)
        m_pending->running.erase(session);
    return {};
}

Result<void> Storage::setSessionJson(qint64 session, const char *column, const QJsonObject &json)
{
    static const QStringList allowed{QStringLiteral("meter"), QStringLiteral("dut"),
                                     QStringLiteral("analysis"), QStringLiteral("settings")};
    const QString name = QLatin1String(column);
    if (!allowed.contains(name))
        return sqlError(QStringLiteral("session field"), name);
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("UPDATE sessions SET %1 = ? WHERE id = ?").arg(name));
    q.addBindValue(toJsonText(json));
    q.addBindValue(session);
    if (!q.exec())
        return sqlError(QStringLiteral("session %1").arg(name), q.lastError().text());
    return {};
}

Result<qint64> Storage::beginPhase(qint64 session, PhaseKind kind, const QString &label,
                                   qint64 runId, qint64 startNs)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral(
        "INSERT INTO phases (session_id, kind, label, run_id, start_ns) VALUES (?, ?, ?, ?, ?)"));
    q.addBindValue(session);
    q.addBindValue(phaseName(kind));
    q.addBindValue(text(label));
    q.addBindValue(nullableId(runId));
    q.addBindValue(startNs);
    if (!q.exec())
        return sqlError(QStringLiteral("new phase"), q.lastError().text());
    return q.lastInsertId().toLongLong();
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

Result<qint64> Storage::addRun(qint64 session, const StoredRun &run)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("INSERT INTO runs (session_id, ordinal, cipher, backend, operation, "
                             "buffer_bytes, repeat, status, request) VALUES (?, ?, ?, ?, ?, ?, ?, "
                             "?, ?)"));
    q.addBindValue(session);
    q.addBindValue(run.ordinal);
    q.addBindValue(run.cipher);
    q.addBindValue(run.backend);
    q.addBindValue(run.operation);
    q.addBindValue(run.bufferBytes);
    q.addBindValue(run.repeat);
    q.addBindValue(run.status);
    q.addBindValue(toJsonText(run.request));
    if (!q.exec())
        return sqlError(QStringLiteral("new run"), q.lastError().text());
    return q.lastInsertId().toLongLong();
}

Result<void> Storage::updateRun(const StoredRun &run)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral(
        "UPDATE runs SET status = ?, error = ?, start_ns = ?, end_ns = ?, window_start_ns = ?, "
        "window_end_ns = ?, request = ?, result = ?, analysis = ? WHERE id = ?"));
    q.addBindValue(run.status);
    q.addBindValue(text(run.error));
    q.addBindValue(nullableNs(run.startNs));
    q.addBindValue(nullableNs(run.endNs));
    q.addBindValue(nullableNs(run.windowStartNs));
    q.addBindValue(nullableNs(run.windowEndNs));
    q.addBindValue(toJsonText(run.request));
    q.addBindValue(toJsonText(run.result));
    q.addBindValue(toJsonText(run.analysis));
    q.addBindValue(run.id);
    if (!q.exec())
        return sqlError(QStringLiteral("run"), q.lastError().text());
    return {};
}

Result<void> Storage::addEvent(qint64 session, const StoredEvent &event)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(
        QStringLiteral("INSERT INTO events (session_id, t_ns, kind, text) VALUES (?, ?, ?, ?)"));
    q.addBindValue(session);
    q.addBindValue(event.tNs);
    q.addBindValue(text(event.kind));
    q.addBindValue(text(event.text));
    if (!q.exec())
        return sqlError(QStringLiteral("event"), q.lastError().text());
    return {};
}

Result<void> Storage::addSample(qint64 session, const StoredSample &sample)
{
    if (m_pending->samples.empty())
        m_pending->oldest = Clock::now();
    m_pending->samples.emplace_back(session, sample);
    if (m_pending->samples.size() >= kFlushCount || Clock::now() - m_pending->oldest >= kFlushAge)
        return flush();
    return {};
}

Result<void> Storage::flush()
{
    if (!m_pending || m_pending->samples.empty())
        return {};
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    if (!db.transaction())
        return sqlError(QStringLiteral("samples"), db.lastError().text());
    QSqlQuery q(db);
    q.prepare(QStringLiteral(
        "INSERT INTO samples (session_id, seq, t_ns, meter_seq, interval_ms, flags, missed, "
        "phase_id, run_id, power, wh, vals) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const auto &[session, s] : m_pending->samples) {
        qint64 &seq = m_pending->nextSeq[session];
        if (seq == 0) {
            QSqlQuery max(db);
            max.prepare(QStringLiteral("SELECT coalesce(max(seq), 0) + 1 FROM samples WHERE "
                                       "session_id = ?"));
            max.addBindValue(session);
            seq = max.exec() && max.next() ? max.value(0).toLongLong() : 1;
        }
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
        if (!q.exec()) {
            const QString detail = q.lastError().text();
            db.rollback();
            m_pending->samples.clear();
            return sqlError(QStringLiteral("samples"), detail);
        }
    }
    m_pending->samples.clear();
    if (!db.commit())
        return sqlError(QStringLiteral("samples"), db.lastError().text());
    return {};
}

Result<std::vector<SessionSummary>> Storage::sessions()
{
    if (auto r = flush(); !r)
        return r.error();
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral(
            "SELECT s.id, s.label, s.operator, s.notes, s.status, s.status_reason, "
            "s.created_utc, s.simulated, s.meter, s.dut, (SELECT count(*) FROM runs r WHERE "
            "r.session_id = s.id), (SELECT group_concat(tag, char(10)) FROM tags t WHERE "
            "t.session_id = s.id) FROM sessions s ORDER BY s.id")))
        return sqlError(QStringLiteral("sessions"), q.lastError().text());
    std::vector<SessionSummary> out;
    while (q.next()) {
        SessionSummary s;
        s.id = q.value(0).toLongLong();
        s.label = q.value(1).toString();
        s.operatorName = q.value(2).toString();
        s.notes = q.value(3).toString();
        s.status = parseStatus(q.value(4).toString()).value_or(SessionStatus::Failed);
        s.statusReason = q.value(5).toString();
        s.createdUtc = q.value(6).toString();
        s.simulated = q.value(7).toBool();
        s.meter = fromJsonText(q.value(8).toString())[QStringLiteral("description")].toString();
        s.dut = fromJsonText(q.value(9).toString())[QStringLiteral("description")].toString();
        s.runs = q.value(10).toInt();
        const QString tags = q.value(11).toString();
        if (!tags.isEmpty())
            s.tags = tags.split(QLatin1Char('\n'));
        s.tags.sort();
        out.push_back(std::move(s));
    }
    return out;
}

Result<SessionData> Storage::load(qint64 session)
{
    if (auto r = flush(); !r)
        return r.error();
    auto all = sessions();
    if (!all)
        return all.error();
    SessionData d;
    bool found = false;
    for (const SessionSummary &s : *all) {
        if (s.id == session) {
            d.summary = s;
            found = true;
        }
    }
    if (!found)
        return Error{instruments::ErrorCode::NotFound,
                     english(msg::kNoSuchSession).arg(m_path).arg(session)};
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT settings, meter, dut, analysis, started_utc, ended_utc, "
                             "origin_utc_ms FROM sessions WHERE id = ?"));
    q.addBindValue(session);
    if (!q.exec() || !q.next())
        return sqlError(QStringLiteral("session"), q.lastError().text());
    d.settings = fromJsonText(q.value(0).toString());
    d.meter = fromJsonText(q.value(1).toString());
    d.dut = fromJsonText(q.value(2).toString());
    d.analysis = fromJsonText(q.value(3).toString());
    d.startedUtc = q.value(4).toString();
    d.endedUtc = q.value(5).toString();
    d.originUtcMs = q.value(6).toLongLong();

    q.prepare(QStringLiteral("SELECT id, kind, label, coalesce(run_id, 0), start_ns, "
                             "coalesce(end_ns, -1) FROM phases WHERE session_id = ? ORDER BY id"));
    q.addBindValue(session);
    if (!q.exec())
        return sqlError(QStringLiteral("phases"), q.lastError().text());
    while (q.next()) {
        StoredPhase p;
        p.id = q.value(0).toLongLong();
        p.kind = parsePhase(q.value(1).toString()).value_or(PhaseKind::Prepare);
        p.label = q.value(2).toString();
        p.runId = q.value(3).toLongLong();
        p.startNs = q.value(4).toLongLong();
        p.endNs = q.value(5).toLongLong();
        d.phases.push_back(p);
    }

    q.prepare(QStringLiteral(
        "SELECT id, ordinal, cipher, backend, operation, buffer_bytes, repeat, status, error, "
        "coalesce(start_ns, -1), coalesce(end_ns, -1), coalesce(window_start_ns, -1), "
        "coalesce(window_end_ns, -1), request, result, analysis FROM runs WHERE session_id = ? "
        "ORDER BY ordinal, id"));
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
        r.status = q.value(7).toString();
        r.error = q.value(8).toString();
        r.startNs = q.value(9).toLongLong();
        r.endNs = q.value(10).toLongLong();
        r.windowStartNs = q.value(11).toLongLong();
        r.windowEndNs = q.value(12).toLongLong();
        r.request = fromJsonText(q.value(13).toString());
        r.result = fromJsonText(q.value(14).toString());
        r.analysis = fromJsonText(q.value(15).toString());
        d.runs.push_back(std::move(r));
    }

    q.prepare(QStringLiteral("SELECT t_ns, meter_seq, interval_ms, flags, missed, "
                             "coalesce(phase_id, 0), coalesce(run_id, 0), power, wh, vals FROM "
                             "samples WHERE session_id = ? ORDER BY seq"));
    q.addBindValue(session);
    if (!q.exec())
        return sqlError(QStringLiteral("samples"), q.lastError().text());
    constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
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

    q.prepare(QStringLiteral("SELECT t_ns, kind, text FROM events WHERE session_id = ? ORDER BY "
                             "rowid"));
    q.addBindValue(session);
    if (!q.exec())
        return sqlError(QStringLiteral("events"), q.lastError().text());
    while (q.next())
        d.events.push_back({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString()});
    return d;
}

Result<void> Storage::rename(qint64 session, const QString &label)
{
    if (label.trimmed().isEmpty())
        return Error{instruments::ErrorCode::BadResource, english(msg::kEmptyLabel)};
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
    q.prepare(QStringLiteral("INSERT OR IGNORE INTO tags (session_id, tag) VALUES (?, ?)"));
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
        return Error{instruments::ErrorCode::Unsupported,
                     english(msg::kSessionRunning).arg(session)};
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    if (!db.transaction())
        return sqlError(QStringLiteral("delete"), db.lastError().text());
    QSqlQuery q(db);
    for (const char *table : {"samples", "events", "phases", "runs", "tags"}) {
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
                   ? Error{instruments::ErrorCode::NotFound,
                           english(msg::kNoSuchSession).arg(m_path).arg(session)}
                   : sqlError(QStringLiteral("delete"), detail);
    }
    if (!db.commit())
        return sqlError(QStringLiteral("delete"), db.lastError().text());
    return {};
}

} // namespace cipherwatt::core
