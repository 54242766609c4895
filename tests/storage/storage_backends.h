#pragma once

// The storage tests run against both back ends: a SQLite file in a temporary directory, and a
// fresh database on the executable's one PostgreSQL server (tests/support/postgres.h).
// A TestDatabase names one, and looks at it through its own connection, independently of
// Storage.

#include <cipherwatt/core/storage.h>

#include <QString>

#include <memory>
#include <string>
#include <temp_dir.h>

namespace cipherwatt::test {

enum class Backend { Sqlite, Postgres };

const char *backendName(Backend backend);

class TestDatabase
{
public:
    explicit TestDatabase(Backend backend, const char *stem = "sessions");
    ~TestDatabase();
    TestDatabase(const TestDatabase &) = delete;
    TestDatabase &operator=(const TestDatabase &) = delete;

    Backend backend() const { return m_backend; }
    // What --db takes: the file's path, or the database's URI.
    QString location() const { return m_location; }
    std::string name() const { return m_name; } // PostgreSQL: the database's name

    // Through a separate connection.
    qint64 value(const QString &sql);
    void exec(const QString &sql);
    // The whole database as bytes (the SQLite file and its -wal after this connection closes,
    // or pg_dump's text): equal, untouched.
    QByteArray fingerprint();
    void close();
    // The schema version where each back end keeps it.
    qint64 schemaVersion();
    void setSchemaVersion(qint64 version);

private:
    QString connection();

    Backend m_backend;
    std::unique_ptr<TempDir> m_dir;
    QString m_location;
    std::string m_name;
    QString m_connection;
};

std::unique_ptr<core::Storage> openOk(const QString &location);

} // namespace cipherwatt::test
