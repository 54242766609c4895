#pragma once

// The messages of the shared lab database (cipherwatt/core/database.h): what is wrong with a
// PostgreSQL URI, and reaching the server. Listed in the core's catalogue with the rest
// (messages.cpp).

#include "messages.h"

namespace cipherwatt::core::msg {

inline constexpr MessageTemplate kDatabaseScheme{
    "core.database.scheme", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "database %1: %2 databases are not supported; give the path of a SQLite "
                      "file or a postgresql:// URI")};
inline constexpr MessageTemplate kPgBadUri{
    "core.database.bad-uri", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "database %1: not a valid PostgreSQL URI "
                                                   "(postgresql://user@host:port/database)")};
inline constexpr MessageTemplate kPgPassword{
    "core.database.password", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "database %1: a password in the URI is not accepted (it would be stored "
                      "and shown): put it in ~/.pgpass, a service file or PGPASSWORD")};
inline constexpr MessageTemplate kPgNoDatabase{
    "core.database.no-database", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "database %1: name the database (postgresql://user@host:port/database)")};
inline constexpr MessageTemplate kPgParameter{
    "core.database.parameter", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "database %1: unknown parameter '%2' (known: sslmode, connect_timeout, "
                      "service)")};
inline constexpr MessageTemplate kPgParameterValue{
    "core.database.parameter-value", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "database %1: %2='%3' is not valid (%4)")};
inline constexpr MessageTemplate kPgNoDriver{
    "core.database.no-driver", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "database %1: Qt's PostgreSQL driver (QPSQL) is not installed (Debian: "
                      "libqt6sql6-psql)")};
inline constexpr MessageTemplate kPgCannotConnect{
    "core.database.cannot-connect", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "database %1: cannot connect: %2")};

// Sending a session on to the lab database (copy.h).
inline constexpr MessageTemplate kLabConnectionLost{
    "core.database.lab-lost", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "the lab database %1 stopped answering (%2): the updates are kept in the "
                      "local journal %3 and sent when it answers again")};
inline constexpr MessageTemplate kLabConnectionBack{
    "core.database.lab-back", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "the lab database answers again: %1 updates kept in the journal meanwhile "
                      "were sent")};
inline constexpr MessageTemplate kLabSessionLocal{
    "core.database.lab-local", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "the lab database %1 did not answer again: the session is complete in the "
                      "local journal %2; 'cipherwatt-cli sync --db %1' sends it")};

} // namespace cipherwatt::core::msg
