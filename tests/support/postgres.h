#pragma once

// A real PostgreSQL server for the storage tests: `initdb` into a temporary directory (as the
// `postgres` account when the tests run as root, since the server refuses root), `pg_ctl
// start` on 127.0.0.1 with a random free port and its Unix socket in that directory, stopped
// (`pg_ctl stop -m immediate`) and removed at the end. Every wait is bounded. The constructor
// throws when the server's programs are missing or it does not start, so a test fails instead
// of skipping (packaging/install-deps.sh installs `postgresql`). One server serves a whole
// test executable (sharedPostgres()); each test makes its own database in it.

#include "temp_dir.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cipherwatt::test {

struct PostgresOptions
{
    // false: fsync and synchronous commit off, for quick tests; true: the server's durable
    // defaults, for benchmarks.
    bool durable = false;
};

class PostgresServer
{
public:
    static constexpr const char *user = "cw"; // the superuser initdb makes

    explicit PostgresServer(PostgresOptions options = {});
    ~PostgresServer();
    PostgresServer(const PostgresServer &) = delete;
    PostgresServer &operator=(const PostgresServer &) = delete;

    std::uint16_t port() const { return m_port; }
    // postgresql://cw@127.0.0.1:<port>/<database>
    std::string uri(const std::string &database) const;
    // A new empty database with a unique name made from `stem`; its name.
    std::string createDatabase(const std::string &stem);
    // psql -At on `database`: the output, one line per row, columns split by '|'. Throws with
    // psql's error when the statement fails.
    std::string sql(const std::string &database, const std::string &statement) const;
    // pg_dump of `database` (schema and data, without the random key of its \restrict lines):
    // equal dumps, an untouched database.
    std::string dump(const std::string &database) const;
    // pg_terminate_backend() for every other connection to `database`: the server ends them
    // as if the network had dropped; how many it ended.
    int terminateConnections(const std::string &database) const;
    // A login role `role` with `password`, which the server then asks for (scram-sha-256) on
    // 127.0.0.1 (the superuser keeps connecting without one), owning a new database made from
    // `stem`: its URI, postgresql://<role>@127.0.0.1:<port>/<database>?connect_timeout=5.
    std::string passwordDatabase(const std::string &role, const std::string &password,
                                 const std::string &stem);
    // pg_ctl stop -m fast / start again on the same port: the server gone and back.
    void stop();
    void start();
    bool running() const { return m_running; }
    std::string log() const;

private:
    std::string tool(const char *name) const;
    // argv run as the server's account (the `postgres` user under root); throws on failure.
    std::string asServer(std::vector<std::string> argv) const;
    bool startOn(std::uint16_t port);

    TempDir m_dir;
    PostgresOptions m_options;
    std::filesystem::path m_bin;
    std::uint16_t m_port = 0;
    bool m_running = false;
    int m_databases = 0;
};

// The executable's one server, started on first use and stopped when the program exits.
PostgresServer &sharedPostgres();

} // namespace cipherwatt::test
