#include "postgres.h"

#include "loopback.h"
#include "process.h"

#include <chrono>
#include <fstream>
#include <iterator>
#include <memory>
#include <pwd.h>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace cipherwatt::test {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

// The newest /usr/lib/postgresql/<version>/bin (Debian's layout), else the PATH's.
fs::path serverBin()
{
    fs::path best;
    int bestVersion = -1;
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator("/usr/lib/postgresql", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos)
            continue;
        const int version = std::stoi(name);
        if (version > bestVersion && fs::exists(entry.path() / "bin" / "initdb")) {
            bestVersion = version;
            best = entry.path() / "bin";
        }
    }
    if (best.empty())
        throw std::runtime_error("PostgreSQL's server programs (initdb, pg_ctl) are not "
                                 "installed: packaging/install-deps.sh installs postgresql");
    return best;
}

std::string readText(const fs::path &file)
{
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

PostgresServer::PostgresServer(PostgresOptions options)
    : m_options(options)
    , m_bin(serverBin())
{
    const fs::path data = m_dir.path() / "data";
    fs::create_directory(data);
    if (::geteuid() == 0) {
        // The server refuses to run as root: its files belong to the postgres account, which
        // must be able to reach them.
        const passwd *pg = ::getpwnam("postgres");
        if (pg == nullptr)
            throw std::runtime_error("running as root, and there is no postgres account");
        ::chmod(m_dir.path().c_str(), 0755);
        if (::chown(data.c_str(), pg->pw_uid, pg->pw_gid) != 0 ||
            ::chown(m_dir.path().c_str(), pg->pw_uid, pg->pw_gid) != 0)
            throw std::runtime_error("cannot give the server's directory to postgres");
    }
    asServer({tool("initdb"), "-D", data.string(), "-A", "trust", "-U", user, "-E", "UTF8",
              "--locale=C", "--no-sync"});
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (startOn(freeLoopbackPort()))
            return;
    }
    throw std::runtime_error("PostgreSQL did not start; its log:\n" + log());
}

PostgresServer::~PostgresServer()
{
    if (m_running) {
        try {
            asServer({tool("pg_ctl"), "-D", (m_dir.path() / "data").string(), "stop", "-m",
                      "immediate", "-w", "-t", "30"});
        } catch (const std::exception &) {
            // Nothing else to do in a destructor: the directory goes anyway.
        }
    }
}

std::string PostgresServer::tool(const char *name) const
{
    return (m_bin / name).string();
}

std::string PostgresServer::asServer(std::vector<std::string> argv) const
{
    if (::geteuid() == 0)
        argv.insert(argv.begin(), {"/usr/sbin/runuser", "-u", "postgres", "--"});
    const auto r = runProcess(argv, {}, 60s);
    if (r.exitCode != 0)
        throw std::runtime_error(argv.front() + " " + argv.at(argv.size() > 4 ? 4 : 0) +
                                 " failed: " + r.err + r.out);
    return r.out;
}

bool PostgresServer::startOn(std::uint16_t port)
{
    std::string settings = "-p " + std::to_string(port) + " -c listen_addresses=127.0.0.1 -k " +
                           m_dir.path().string() + " -c max_connections=50";
    if (!m_options.durable)
        settings += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off";
    try {
        asServer({tool("pg_ctl"), "-D", (m_dir.path() / "data").string(), "-o", settings, "-l",
                  (m_dir.path() / "server.log").string(), "start", "-w", "-t", "30"});
    } catch (const std::exception &) {
        return false;
    }
    m_port = port;
    m_running = true;
    return true;
}

std::string PostgresServer::passwordDatabase(const std::string &role, const std::string &password,
                                             const std::string &stem)
{
    sql("postgres", "CREATE ROLE " + role + " LOGIN PASSWORD '" + password + "'");
    // The first matching line decides: this role's goes before initdb's `trust` lines.
    const fs::path hba = m_dir.path() / "data" / "pg_hba.conf";
    std::string lines;
    {
        std::ifstream in(hba);
        lines.assign(std::istreambuf_iterator<char>(in), {});
    }
    {
        std::ofstream out(hba, std::ios::trunc);
        out << "host all " << role << " 127.0.0.1/32 scram-sha-256\n" << lines;
        if (!out)
            throw std::runtime_error("cannot write " + hba.string());
    }
    asServer({tool("pg_ctl"), "-D", (m_dir.path() / "data").string(), "reload"});
    // The server reads the file again when it gets to the signal: wait (bounded) until the role
    // is asked for its password (`-w`: psql never prompts).
    for (int attempt = 0; attempt < 100; ++attempt) {
        const auto r =
            runProcess({tool("psql"), "-X", "-w", "-At", "-h", "127.0.0.1", "-p",
                        std::to_string(m_port), "-U", role, "-d", "postgres", "-c", "SELECT 1"},
                       {}, 10s, {"PGCONNECT_TIMEOUT=10"});
        if (r.exitCode != 0 && r.err.find("password") != std::string::npos) {
            const std::string name = createDatabase(stem);
            sql("postgres", "ALTER DATABASE " + name + " OWNER TO " + role);
            return "postgresql://" + role + "@127.0.0.1:" + std::to_string(m_port) + "/" + name +
                   "?connect_timeout=5";
        }
        std::this_thread::sleep_for(50ms);
    }
    throw std::runtime_error("the server did not start asking " + role + " for a password");
}

void PostgresServer::stop()
{
    asServer({tool("pg_ctl"), "-D", (m_dir.path() / "data").string(), "stop", "-m", "fast", "-w",
              "-t", "30"});
    m_running = false;
}

void PostgresServer::start()
{
    if (!startOn(m_port))
        throw std::runtime_error("PostgreSQL did not start again; its log:\n" + log());
}

std::string PostgresServer::uri(const std::string &database) const
{
    return std::string("postgresql://") + user + "@127.0.0.1:" + std::to_string(m_port) + "/" +
           database;
}

std::string PostgresServer::createDatabase(const std::string &stem)
{
    const std::string name =
        stem + "_" + std::to_string(::getpid()) + "_" + std::to_string(++m_databases);
    sql("postgres", "CREATE DATABASE " + name);
    return name;
}

std::string PostgresServer::sql(const std::string &database, const std::string &statement) const
{
    const auto r =
        runProcess({tool("psql"), "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1",
                    "-p", std::to_string(m_port), "-U", user, "-d", database, "-c", statement},
                   {}, 60s, {"PGCONNECT_TIMEOUT=10"});
    if (r.exitCode != 0)
        throw std::runtime_error("psql: " + statement + ": " + r.err);
    std::string out = r.out;
    while (!out.empty() && out.back() == '\n')
        out.pop_back();
    return out;
}

std::string PostgresServer::dump(const std::string &database) const
{
    const auto r = runProcess(
        {tool("pg_dump"), "-h", "127.0.0.1", "-p", std::to_string(m_port), "-U", user, database},
        {}, 60s);
    if (r.exitCode != 0)
        throw std::runtime_error("pg_dump: " + r.err);
    // pg_dump (15.14 and later) brackets its output with \restrict and \unrestrict lines
    // holding a random key, different in every dump: they say nothing of the database.
    std::istringstream lines(r.out);
    std::string out;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("\\restrict ", 0) != 0 && line.rfind("\\unrestrict ", 0) != 0)
            out += line + '\n';
    }
    return out;
}

int PostgresServer::terminateConnections(const std::string &database) const
{
    return std::stoi(sql("postgres", "SELECT count(pg_terminate_backend(pid)) FROM "
                                     "pg_stat_activity WHERE datname = '" +
                                         database + "' AND pid <> pg_backend_pid()"));
}

std::string PostgresServer::log() const
{
    return readText(m_dir.path() / "server.log");
}

PostgresServer &sharedPostgres()
{
    static const std::unique_ptr<PostgresServer> server = std::make_unique<PostgresServer>();
    return *server;
}

} // namespace cipherwatt::test
