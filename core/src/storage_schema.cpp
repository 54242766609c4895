// The schema: its forward migrations, written once in SQLite's words and given to PostgreSQL
// in its own (64-bit integers, doubles, bytea), the few steps each dialect needs beside them,
// and where each keeps the schema's version.

#include "messages.h"
#include "storage_sql.h"

#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <iterator>

namespace cipherwatt::core {

namespace {

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
    // 2: messages by identifier, beside the English texts the other columns keep.
    R"(
ALTER TABLE sessions ADD COLUMN status_message TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN error_message TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN message TEXT NOT NULL DEFAULT '';
ALTER TABLE phases ADD COLUMN label_message TEXT NOT NULL DEFAULT '';
)",
    // 3: what else kept the DUT busy in each phase (records_json.h, DutActivity).
    R"(
ALTER TABLE phases ADD COLUMN activity TEXT NOT NULL DEFAULT '{}';
)",
    // 4: the bench, the host and a unique id of each session (the same session in every
    // database it is copied to), the key a run or phase had where it was first written (a
    // session sent on from a bench's journal is updated row by row); indexes for the library's
    // filters and the tags' search.
    R"(
ALTER TABLE sessions ADD COLUMN bench TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN host TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN uid TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN origin_id INTEGER;
ALTER TABLE phases ADD COLUMN origin_id INTEGER;
CREATE INDEX sessions_bench ON sessions(bench);
CREATE INDEX sessions_operator ON sessions(operator);
CREATE INDEX tags_tag ON tags(tag);
)",
    // 5: every reading of the power sources on the DUT (issue 20), numbered per session as the
    // samples are; `source` is the index of the source in the session's DUT description.
    R"(
CREATE TABLE source_readings (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    source INTEGER NOT NULL,
    t_ns INTEGER NOT NULL,
    span_ns INTEGER NOT NULL,
    watts REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
)",
};
static_assert(std::size(kMigrations) == kSchemaVersion);

// What a step needs beyond the common statements, per dialect.
struct DialectStep
{
    int version;
    const char *sqlite;
    const char *postgres;
};
const DialectStep kDialectSteps[] = {
    // 4: sessions stored before get their unique id; PostgreSQL has no rowid to keep the events
    // in the order they came, so they get an identity column.
    {4,
     R"(
UPDATE sessions SET uid = lower(hex(randomblob(16))) WHERE uid = '';
CREATE UNIQUE INDEX sessions_uid ON sessions(uid);
)",
     R"(
UPDATE sessions SET uid = md5(random()::text || id::text) WHERE uid = '';
CREATE UNIQUE INDEX sessions_uid ON sessions(uid);
ALTER TABLE events ADD COLUMN id BIGINT GENERATED ALWAYS AS IDENTITY;
CREATE INDEX events_session_order ON events(session_id, id);
)"},
};

// A statement written for SQLite in PostgreSQL's words: SQLite's INTEGER is 64 bits (times in
// nanoseconds), its REAL a double; a key given by the database is an identity column.
QString toPostgres(QString statement)
{
    static const QRegularExpression key(QStringLiteral("\\bINTEGER PRIMARY KEY\\b"));
    static const QRegularExpression integer(QStringLiteral("\\bINTEGER\\b"));
    static const QRegularExpression real(QStringLiteral("\\bREAL\\b"));
    static const QRegularExpression blob(QStringLiteral("\\bBLOB\\b"));
    static const QRegularExpression rowid(QStringLiteral("\\)\\s*WITHOUT ROWID"));
    statement.replace(key, QStringLiteral("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"));
    statement.replace(integer, QStringLiteral("BIGINT"));
    statement.replace(real, QStringLiteral("DOUBLE PRECISION"));
    statement.replace(blob, QStringLiteral("BYTEA"));
    statement.replace(rowid, QStringLiteral(")"));
    return statement;
}

QStringList statementsOf(const char *script)
{
    QStringList out;
    for (const QString &s : QString::fromLatin1(script).split(QLatin1Char(';'))) {
        if (!s.trimmed().isEmpty())
            out << s.trimmed();
    }
    return out;
}

} // namespace

QStringList schemaStatements(int version, bool postgres)
{
    QStringList out = statementsOf(kMigrations[version - 1]);
    for (const DialectStep &step : kDialectSteps) {
        if (step.version == version)
            out += statementsOf(postgres ? step.postgres : step.sqlite);
    }
    if (postgres) {
        for (QString &s : out)
            s = toPostgres(s);
    }
    return out;
}

Result<void> Storage::migrate()
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    const bool postgres = m_location.isPostgres();
    QSqlQuery q(db);
    const QString what = QStringLiteral("schema");
    // SQLite: the write lock from the start, so that two programs creating one file at once
    // wait for each other (busy timeout) instead of failing to upgrade a read lock.
    if (!(postgres ? db.transaction() : q.exec(QStringLiteral("BEGIN IMMEDIATE"))))
        return sqlError(what, postgres ? db.lastError().text() : q.lastError().text());
    const auto rollback = [&] {
        if (postgres)
            db.rollback();
        else
            QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
    };
    const auto fail = [&](const QString &step) {
        const QString detail = q.lastError().text();
        rollback();
        return sqlError(step, detail);
    };
    // Benches opening a new lab database at once: one creates the schema, the others wait for
    // its commit and then find it current (PostgreSQL's DDL is transactional).
    if (postgres &&
        (!q.exec(QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(kApplicationId)) ||
         !q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS cipherwatt_meta (application_id "
                                "BIGINT NOT NULL, schema_version BIGINT NOT NULL)"))))
        return fail(what);
    if (!q.exec(postgres ? QStringLiteral("SELECT coalesce(max(schema_version), 0) FROM "
                                          "cipherwatt_meta")
                         : QStringLiteral("PRAGMA user_version")) ||
        !q.next())
        return fail(QStringLiteral("schema version"));
    const int from = q.value(0).toInt();
    q.finish();
    if (from > kSchemaVersion) {
        rollback();
        return Error{ErrorCode::Refused,
                     Message(msg::kDatabaseRefused)
                         .arg(m_path, Message(msg::kNewerSchema).arg(from).arg(kSchemaVersion))};
    }
    for (int version = from + 1; version <= kSchemaVersion; ++version) {
        for (const QString &statement : schemaStatements(version, postgres)) {
            if (!q.exec(statement))
                return fail(QStringLiteral("migration to schema %1").arg(version));
        }
    }
    if (from < kSchemaVersion) {
        const bool stamped =
            postgres ? q.exec(QStringLiteral("DELETE FROM cipherwatt_meta")) &&
                           q.exec(QStringLiteral("INSERT INTO cipherwatt_meta (application_id, "
                                                 "schema_version) VALUES (%1, %2)")
                                      .arg(kApplicationId)
                                      .arg(kSchemaVersion))
                     : q.exec(QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion)) &&
                           q.exec(QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId));
        if (!stamped)
            return fail(QStringLiteral("migration to schema %1").arg(kSchemaVersion));
    }
    if (!(postgres ? db.commit() : q.exec(QStringLiteral("COMMIT"))))
        return fail(what);
    return {};
}

// Whether a PostgreSQL database is CipherWatt's (or has no tables yet), read without changing
// anything: a database with tables but no cipherwatt_meta belongs to someone else.
Result<void> Storage::recognisePostgres()
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    const auto refuse = [&](const Message &why) {
        return Error{ErrorCode::Refused, Message(msg::kDatabaseRefused).arg(m_path, why)};
    };
    if (!q.exec(QStringLiteral(
            "SELECT count(*), count(*) FILTER (WHERE table_name = 'cipherwatt_meta') FROM "
            "information_schema.tables WHERE table_schema = current_schema()")) ||
        !q.next())
        return refuse(Message(msg::kNotOurs).arg(q.lastError().text()));
    const qint64 tables = q.value(0).toLongLong();
    const bool meta = q.value(1).toLongLong() > 0;
    q.finish();
    if (!meta && tables > 0)
        return refuse(Message(msg::kNotOursPlain));
    if (!meta)
        return {};
    if (!q.exec(QStringLiteral("SELECT application_id, schema_version FROM cipherwatt_meta")) ||
        !q.next() || q.value(0).toLongLong() != kApplicationId)
        return refuse(Message(msg::kNotOursPlain));
    const qint64 version = q.value(1).toLongLong();
    q.finish();
    if (version > kSchemaVersion)
        return refuse(Message(msg::kNewerSchema).arg(version).arg(kSchemaVersion));
    return {};
}

} // namespace cipherwatt::core
