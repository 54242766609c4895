#include "storage_backends.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>
#include <catch2/catch.hpp>

#include <postgres.h>

namespace cipherwatt::test {

using namespace cipherwatt::core;

const char *backendName(Backend backend)
{
    return backend == Backend::Sqlite ? "SQLite" : "PostgreSQL";
}

TestDatabase::TestDatabase(Backend backend, const char *stem)
    : m_backend(backend)
{
    if (backend == Backend::Sqlite) {
        m_dir = std::make_unique<TempDir>();
        m_location =
            QString::fromStdString((m_dir->path() / (std::string(stem) + ".sqlite")).string());
    } else {
        m_name = sharedPostgres().createDatabase(stem);
        m_location = QString::fromStdString(sharedPostgres().uri(m_name));
    }
}

TestDatabase::~TestDatabase()
{
    close();
}

void TestDatabase::close()
{
    if (m_connection.isEmpty())
        return;
    QSqlDatabase::database(m_connection).close();
    QSqlDatabase::removeDatabase(m_connection);
    m_connection.clear();
}

QString TestDatabase::connection()
{
    if (!m_connection.isEmpty())
        return m_connection;
    m_connection = QUuid::createUuid().toString();
    if (m_backend == Backend::Sqlite) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
        db.setDatabaseName(m_location);
        REQUIRE(db.open());
    } else {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_connection);
        db.setHostName(QStringLiteral("127.0.0.1"));
        db.setPort(sharedPostgres().port());
        db.setUserName(QString::fromLatin1(PostgresServer::user));
        db.setDatabaseName(QString::fromStdString(m_name));
        INFO(db.lastError().text().toStdString());
        REQUIRE(db.open());
    }
    return m_connection;
}

qint64 TestDatabase::value(const QString &sql)
{
    QSqlQuery q(QSqlDatabase::database(connection()));
    INFO(sql.toStdString() << ": " << q.lastError().text().toStdString());
    REQUIRE(q.exec(sql));
    REQUIRE(q.next());
    return q.value(0).toLongLong();
}

void TestDatabase::exec(const QString &sql)
{
    QSqlQuery q(QSqlDatabase::database(connection()));
    const bool ok = q.exec(sql);
    INFO(sql.toStdString() << ": " << q.lastError().text().toStdString());
    REQUIRE(ok);
}

QByteArray TestDatabase::fingerprint()
{
    close();
    if (m_backend == Backend::Postgres)
        return QCryptographicHash::hash(QByteArray::fromStdString(sharedPostgres().dump(m_name)),
                                        QCryptographicHash::Sha256);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &file : {m_location, m_location + QStringLiteral("-wal")}) {
        QFile f(file);
        if (f.exists()) {
            REQUIRE(f.open(QIODevice::ReadOnly));
            hash.addData(f.readAll());
        }
    }
    return hash.result();
}

qint64 TestDatabase::schemaVersion()
{
    return value(m_backend == Backend::Sqlite
                     ? QStringLiteral("PRAGMA user_version")
                     : QStringLiteral("SELECT schema_version FROM cipherwatt_meta"));
}

void TestDatabase::setSchemaVersion(qint64 version)
{
    exec((m_backend == Backend::Sqlite ? QStringLiteral("PRAGMA user_version = %1")
                                       : QStringLiteral("UPDATE cipherwatt_meta SET "
                                                        "schema_version = %1"))
             .arg(version));
}

std::unique_ptr<Storage> openOk(const QString &location)
{
    auto s = Storage::open(location);
    INFO((s ? QString() : s.error().message.english()).toStdString());
    REQUIRE(s.ok());
    return std::move(*s);
}

} // namespace cipherwatt::test
