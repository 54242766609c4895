// Opening a database: recognising it, migrating it (storage_schema.cpp), and marking sessions
// whose program died.

#include "messages_database.h"
#include "storage_sql.h"

#include <cipherwatt/core/records_json.h>

#include <QDateTime>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QThread>
#include <QTimeZone>
#include <QUuid>
#include <QtEndian>

#include <cmath>

namespace cipherwatt::core {

namespace sql {

QString jsonText(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QJsonObject jsonObject(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

QString messageText(const Message &message)
{
    return message.isEmpty() ? QString() : jsonText(message.toJson());
}

Message message(const QString &stored, const QString &english)
{
    registerMessageCatalogue();
    if (stored.isEmpty())
        return english.isEmpty() ? Message() : Message::plain(english);
    return Message::fromJson(jsonObject(stored));
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

QString text(const QString &s)
{
    return s.isNull() ? QStringLiteral("") : s;
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

QString lockPath(const QString &db, qint64 session)
{
    return db + QStringLiteral(".session-%1.lock").arg(session);
}

} // namespace sql

namespace {

// How long a statement waits for another program's lock on a SQLite file.
constexpr int kSqliteBusyTimeoutMs = 5000;

// WAL is recorded in the file, so this changes something only the first time a database is
// opened. The change needs the file to itself, and SQLite does not wait for it (the statement
// already reads, and waiting while reading could deadlock): when another program is creating
// the same database at that moment (two benches on a new shared journal), the statement fails
// with "database is locked" or leaves the mode as it was. Retried for as long as a plain
// statement waits, so only a database held for longer is refused. Returns why it failed.
std::optional<QString> switchToWal(const QString &connection)
{
    QSqlQuery q(QSqlDatabase::database(connection));
    const QDeadlineTimer deadline(kSqliteBusyTimeoutMs);
    for (;;) {
        const bool ran = q.exec(QStringLiteral("PRAGMA journal_mode=WAL")) && q.next();
        const QString mode = ran ? q.value(0).toString() : QString();
        const QSqlError error = q.lastError();
        q.finish();
        if (mode.compare(QLatin1String("wal"), Qt::CaseInsensitive) == 0)
            return std::nullopt;
        // SQLITE_BUSY (5) and SQLITE_LOCKED (6) pass; any other error (a read-only file) stays.
        const bool busy = error.nativeErrorCode() == QLatin1String("5") ||
                          error.nativeErrorCode() == QLatin1String("6");
        if (!ran && !busy)
            return error.text();
        if (deadline.hasExpired())
            return ran ? QStringLiteral("the journal mode stayed %1").arg(mode) : error.text();
        QThread::msleep(20);
    }
}

// Whether the SQLite file at `path` is a CipherWatt database (or an empty one), read through a
// read-only connection that leaves the file and its -wal as they are. The error says why not.
Result<void> recogniseReadOnly(const QString &path)
{
    const QString connection =
        QStringLiteral("cipherwatt-probe-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    Result<void> verdict;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=%1")
                                 .arg(kSqliteBusyTimeoutMs));
        if (!db.open()) {
            verdict = Error{ErrorCode::Refused, Message(msg::kNotOurs).arg(db.lastError().text())};
        } else {
            QSqlQuery q(db);
            const auto value = [&](const QString &sql) -> std::optional<qint64> {
                if (!q.exec(sql) || !q.next())
                    return std::nullopt;
                const qint64 v = q.value(0).toLongLong();
                q.finish();
                return v;
            };
            // One read transaction for the three: outside one each statement reads its own
            // snapshot, and a program creating the schema (tables and pragmas in one
            // transaction) meanwhile could show tables from after its commit beside pragmas from
            // before it. The objects first all the same (the transaction's snapshot is taken by
            // its first read).
            const bool began = q.exec(QStringLiteral("BEGIN"));
            const auto objects = value(QStringLiteral("SELECT count(*) FROM sqlite_master"));
            const auto application = value(QStringLiteral("PRAGMA application_id"));
            const auto version = value(QStringLiteral("PRAGMA user_version"));
            if (began)
                q.exec(QStringLiteral("COMMIT"));
            if (!application || !version || !objects)
                verdict =
                    Error{ErrorCode::Refused, Message(msg::kNotOurs).arg(q.lastError().text())};
            else if (*application != kApplicationId &&
                     !(*application == 0 && *version == 0 && *objects == 0))
                verdict = Error{ErrorCode::Refused, Message(msg::kNotOursPlain)};
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    return verdict;
}

} // namespace

QString Storage::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/cipherwatt/sessions.sqlite");
}

Storage::Storage(DatabaseLocation location, QString connection)
    : m_location(std::move(location))
    , m_path(m_location.text)
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
    return Error{ErrorCode::Storage, Message(msg::kDatabaseError).arg(m_path, what, detail)};
}

Result<void> Storage::exec(const QString &sql)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(sql))
        return sqlError(sql.left(40).simplified(), q.lastError().text());
    return {};
}

Result<void> Storage::beginWrite(const QString &what)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    if (m_location.isPostgres()) {
        if (!db.transaction())
            return sqlError(what, db.lastError().text());
        return {};
    }
    // QSQLITE's commit() and rollback() end it: they send COMMIT and ROLLBACK as they are.
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return sqlError(what, q.lastError().text());
    return {};
}

Result<void> Storage::checkPath(const QString &path)
{
    auto location = parseDatabase(path);
    if (!location)
        return location.error();
    if (location->isPostgres())
        return {};
    const QFileInfo info(path);
    if (!info.exists()) {
        // Only the default database's folder is made; a folder named by the operator that does
        // not exist is a typing error more often than a wish.
        if (!QDir(info.absolutePath()).exists() &&
            QFileInfo(defaultPath()).absoluteFilePath() != info.absoluteFilePath())
            return Error{ErrorCode::Usage,
                         Message(msg::kNoSuchFolder).arg(path, info.absolutePath())};
        return {};
    }
    // Look at the file before SQLite does: a foreign file is never opened for writing (SQLite
    // would checkpoint and delete a WAL-mode file's -wal when the connection closes).
    const auto refuse = [&](const Message &why) {
        return Error{ErrorCode::Refused, Message(msg::kDatabaseRefused).arg(path, why)};
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{ErrorCode::Io,
                     Message(msg::kDatabaseUnreadable).arg(path, file.errorString())};
    const QByteArray head = file.read(100); // the database header (sqlite.org/fileformat)
    if (!head.isEmpty() && !head.startsWith(QByteArray("SQLite format 3\0", 16)))
        return refuse(Message(msg::kNotSqlite));
    // Offset 68: the application id, big-endian. Ours there: ours. Otherwise the file is
    // foreign, empty, or ours with its first pages still in the -wal: SQLite, read-only, tells
    // which without changing a byte.
    const bool ours = head.size() >= 72 && qFromBigEndian<quint32>(head.constData() + 68) ==
                                               static_cast<quint32>(kApplicationId);
    if (!head.isEmpty() && !ours) {
        if (auto recognised = recogniseReadOnly(path); !recognised)
            return refuse(recognised.error().message);
    }
    return {};
}

Result<std::unique_ptr<Storage>> Storage::open(const QString &path)
{
    if (auto checked = checkPath(path); !checked)
        return checked.error();
    auto location = parseDatabase(path);
    if (!location)
        return location.error();
    auto storage = location->isPostgres() ? openPostgres(*location) : openSqlite(*location);
    if (!storage)
        return storage.error();
    if (auto r = (*storage)->recoverOrphans(); !r)
        return r.error();
    return storage;
}

Result<std::unique_ptr<Storage>> Storage::openSqlite(const DatabaseLocation &location)
{
    const QString &path = location.path;
    const auto refuse = [&](const Message &why) {
        return Error{ErrorCode::Refused, Message(msg::kDatabaseRefused).arg(path, why)};
    };
    const QFileInfo info(path);
    if (!info.exists() && !QDir(info.absolutePath()).exists() &&
        !QDir().mkpath(info.absolutePath()))
        return Error{ErrorCode::Io, Message(msg::kNoFolder).arg(path)};

    const QString connection =
        QStringLiteral("cipherwatt-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    std::unique_ptr<Storage> storage(new Storage(location, connection));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(kSqliteBusyTimeoutMs));
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
    // One snapshot for the three, as in recogniseReadOnly(): another program may commit the
    // schema between two statements (two benches creating one shared journal at once).
    const bool began = q.exec(QStringLiteral("BEGIN"));
    const auto endRead = [&] {
        if (began)
            QSqlQuery(QSqlDatabase::database(connection)).exec(QStringLiteral("COMMIT"));
    };
    if (!q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) || !q.next()) {
        const QString detail = q.lastError().text();
        endRead();
        return refuse(Message(msg::kNotOurs).arg(detail));
    }
    const qint64 objects = q.value(0).toLongLong();
    q.finish(); // no statement may stay open: journal_mode cannot change inside one
    const auto version = pragma("user_version");
    const auto application = pragma("application_id");
    const QString detail = q.lastError().text();
    endRead(); // and no transaction either
    if (!version || !application)
        return refuse(Message(msg::kNotOurs).arg(detail));
    const bool empty = objects == 0 && *version == 0 && *application == 0;
    if (!empty && *application != kApplicationId)
        return refuse(Message(msg::kNotOursPlain));
    if (*version > kSchemaVersion)
        return refuse(Message(msg::kNewerSchema).arg(*version).arg(kSchemaVersion));

    if (const auto failed = switchToWal(connection))
        return storage->sqlError(QStringLiteral("PRAGMA journal_mode=WAL"), *failed);
    for (const char *setup : {"PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON"}) {
        if (auto r = storage->exec(QLatin1String(setup)); !r)
            return r.error();
    }
    if (auto r = storage->migrate(); !r)
        return r.error();

    return storage;
}

Result<std::unique_ptr<Storage>> Storage::openPostgres(const DatabaseLocation &location)
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return Error{ErrorCode::Storage, Message(msg::kPgNoDriver).arg(location.text)};
    const QString connection =
        QStringLiteral("cipherwatt-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    std::unique_ptr<Storage> storage(new Storage(location, connection));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
        db.setDatabaseName(location.database);
        db.setHostName(location.host);
        if (location.port > 0)
            db.setPort(location.port);
        db.setUserName(location.user);
        // A password the operator typed in this program, or none: libpq then reads ~/.pgpass,
        // the service file or PGPASSWORD.
        if (const auto password = rememberedDatabasePassword(location))
            db.setPassword(*password);
        db.setConnectOptions(location.connectOptions());
        if (!db.open())
            return Error{ErrorCode::Storage,
                         Message(msg::kPgCannotConnect)
                             .arg(location.text, db.lastError().text().simplified())};
    }
    // The server's notices ("… already exists, skipping") are not the operator's business.
    if (auto r = storage->exec(QStringLiteral("SET client_min_messages TO warning")); !r)
        return r.error();
    if (auto r = storage->recognisePostgres(); !r)
        return r.error();
    if (auto r = storage->migrate(); !r)
        return r.error();
    return storage;
}

// Sessions left `running` whose runner is gone: its lock file is free or stale (SQLite), or no
// connection holds its advisory lock (PostgreSQL).
Result<void> Storage::recoverOrphans()
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    std::vector<qint64> orphans;
    if (!q.exec(QStringLiteral("SELECT id FROM sessions WHERE status = 'running'")))
        return sqlError(QStringLiteral("interrupted sessions"), q.lastError().text());
    while (q.next())
        orphans.push_back(q.value(0).toLongLong());
    q.finish();
    for (const qint64 id : orphans) {
        if (!takeOrphan(id))
            continue;
        auto closed = closeInterrupted(id);
        releaseSession(id);
        if (!closed)
            return closed.error();
        if (*closed)
            ++m_recovered;
    }
    return {};
}

// PostgreSQL's advisory locks: two 32-bit keys, CipherWatt's application id and the session.
void Storage::holdSession(qint64 session)
{
    if (!m_location.isPostgres()) {
        auto lock = std::make_unique<QLockFile>(sql::lockPath(m_path, session));
        lock->setStaleLockTime(std::chrono::milliseconds(0)); // only a live process holds it
        if (lock->tryLock(0))
            m_pending->running[session] = std::move(lock);
        return;
    }
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (q.exec(QStringLiteral("SELECT pg_try_advisory_lock(%1, %2)")
                   .arg(kApplicationId)
                   .arg(static_cast<qint32>(session))))
        m_pending->running[session] = nullptr;
}

bool Storage::takeOrphan(qint64 session)
{
    if (!m_location.isPostgres()) {
        auto lock = std::make_unique<QLockFile>(sql::lockPath(m_path, session));
        lock->setStaleLockTime(std::chrono::milliseconds(0));
        if (!lock->tryLock(0))
            return false;
        m_pending->running[session] = std::move(lock);
        return true;
    }
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(QStringLiteral("SELECT pg_try_advisory_lock(%1, %2)")
                    .arg(kApplicationId)
                    .arg(static_cast<qint32>(session))) ||
        !q.next() || !q.value(0).toBool())
        return false;
    m_pending->running[session] = nullptr;
    return true;
}

void Storage::releaseSession(qint64 session)
{
    const auto it = m_pending->running.find(session);
    if (it == m_pending->running.end())
        return;
    m_pending->running.erase(it);
    if (m_location.isPostgres()) {
        QSqlQuery q(QSqlDatabase::database(m_connection));
        q.exec(QStringLiteral("SELECT pg_advisory_unlock(%1, %2)")
                   .arg(kApplicationId)
                   .arg(static_cast<qint32>(session)));
    }
}

QString Storage::dialect(const char *sqlite, const char *postgres) const
{
    return QLatin1String(m_location.isPostgres() ? postgres : sqlite);
}

// `INSERT … RETURNING id` (SQLite 3.35 and PostgreSQL): the new row's key, the same way on
// both (QPSQL has no lastInsertId for identity columns).
Result<qint64> Storage::insertReturningId(const QString &sql, const QVariantList &values,
                                          const QString &what)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(sql + QStringLiteral(" RETURNING id"));
    for (const QVariant &v : values)
        q.addBindValue(v);
    if (!q.exec() || !q.next())
        return sqlError(what, q.lastError().text());
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    return id;
}

// A session whose program ended without closing it (killed, a power cut): what was stored is
// kept and its loose ends are tied as they stood at its last stored update. The run in flight
// and any other run still `running` become `interrupted`, open phases end at the last update,
// and the session ends `interrupted` at the last update's time (not at this reopening).
Result<bool> Storage::closeInterrupted(qint64 session)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    // Read and written in one transaction: a program that ended its session after the
    // caller's look at the running ones leaves it ended.
    if (auto r = beginWrite(QStringLiteral("interrupted session")); !r)
        return r.error();
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT origin_utc_ms, (SELECT max(t_ns) FROM samples WHERE "
                             "session_id = ?), (SELECT max(t_ns) FROM events WHERE session_id "
                             "= ?), (SELECT max(start_ns) FROM phases WHERE session_id = ?) "
                             "FROM sessions WHERE id = ? AND status = 'running'"));
    for (int i = 0; i < 4; ++i)
        q.addBindValue(session);
    if (!q.exec()) {
        const QString detail = q.lastError().text();
        db.rollback();
        return sqlError(QStringLiteral("interrupted session"), detail);
    }
    if (!q.next()) {
        q.finish();
        db.rollback();
        return false;
    }
    const qint64 originMs = q.value(0).toLongLong();
    // The last moment anything was stored: an update, else an event or a phase's start.
    qint64 lastNs = 0;
    for (int column = 1; column <= 3 && lastNs == 0; ++column) {
        if (!q.value(column).isNull())
            lastNs = q.value(column).toLongLong();
    }
    q.finish();
    const QString ended =
        QDateTime::fromMSecsSinceEpoch(originMs + lastNs / 1000000, QTimeZone::utc())
            .toString(Qt::ISODateWithMs);
    const Message runReason(msg::kRunEndedWithProgram);
    const Message sessionReason(msg::kProgramEnded);
    const auto run = [&](const QString &sql, const QVariantList &values) {
        QSqlQuery u(db);
        u.prepare(sql);
        for (const QVariant &v : values)
            u.addBindValue(v);
        return u.exec() ? QString() : u.lastError().text();
    };
    QString error = run(
        QStringLiteral("UPDATE runs SET status = 'interrupted', error = ?, "
                       "error_message = ?, end_ns = coalesce(end_ns, ?) WHERE "
                       "session_id = ? AND status = 'running'"),
        {sql::text(runReason.english()), sql::text(sql::messageText(runReason)), lastNs, session});
    if (error.isEmpty())
        error = run(QStringLiteral("UPDATE phases SET end_ns = %1(start_ns, ?) WHERE "
                                   "session_id = ? AND end_ns IS NULL")
                        .arg(dialect("max", "greatest")),
                    {lastNs, session});
    if (error.isEmpty())
        error = run(QStringLiteral("UPDATE sessions SET status = 'interrupted', status_reason = "
                                   "?, status_message = ?, ended_utc = ? WHERE id = ?"),
                    {sql::text(sessionReason.english()), sql::text(sql::messageText(sessionReason)),
                     ended, session});
    if (!error.isEmpty()) {
        db.rollback();
        return sqlError(QStringLiteral("interrupted session"), error);
    }
    if (!db.commit())
        return sqlError(QStringLiteral("interrupted session"), db.lastError().text());
    return true;
}

} // namespace cipherwatt::core
