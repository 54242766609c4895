#pragma once

// Where the sessions are kept (DESIGN.md, "Public contracts", Database): the path of a SQLite
// file (the default), or a PostgreSQL URI for a shared lab database,
// `postgresql://<user>@<host>[:<port>]/<database>[?sslmode=…&connect_timeout=…&service=…]`.
// A password is never taken from the URI: libpq finds it in ~/.pgpass, the service file or
// PGPASSWORD, so CipherWatt neither stores nor shows one.

#include <cipherwatt/core/error.h>

#include <QString>

#include <optional>

namespace cipherwatt::core {

struct DatabaseLocation
{
    enum class Kind { Sqlite, Postgres };
    Kind kind = Kind::Sqlite;
    QString text; // as given (a path, or a URI without a password): how messages name it

    QString path; // SQLite

    // PostgreSQL. An empty host: libpq's default (its Unix socket); port 0: libpq's default.
    QString user;
    QString host;
    int port = 0;
    QString database;
    QString sslMode;         // empty: libpq's default (prefer)
    int connectTimeout = 10; // seconds: a server that does not answer is an error, not a hang
    QString service;

    bool isPostgres() const { return kind == Kind::Postgres; }
    // The connect options of Qt's QPSQL driver ("sslmode=require;connect_timeout=10").
    QString connectOptions() const;
};

// A path is a SQLite file; `postgresql://` or `postgres://` a PostgreSQL database; any other
// scheme, a malformed URI, a password in it, a missing database name or an unknown or invalid
// parameter a usage error naming what is wrong.
Result<DatabaseLocation> parseDatabase(const QString &text);

// A password the operator typed (the window's dialog) for a role on a server: kept in this
// process's memory only, and given to every connection to that role and server (the library's,
// the runner's, the journal's) until it is forgotten or the program ends. Never stored, logged,
// put in the environment or handed to another program.
void rememberDatabasePassword(const DatabaseLocation &location, const QString &password);
void forgetDatabasePassword(const DatabaseLocation &location);
std::optional<QString> rememberedDatabasePassword(const DatabaseLocation &location);

// Whether `error` is a lab database's server refusing or not answering a connection (a missing
// or wrong password among the reasons), rather than a database that is not CipherWatt's or a
// failed statement.
bool isConnectionError(const Error &error);

} // namespace cipherwatt::core
