// The command line under faults (issue 18): signals during a session, exports to special
// files and full devices, foreign databases, a meter that drops, and input that is wrong.
// Everything through the real executable, with the simulated meter and the real worker.

#include "../instruments/sim_process.h"
#include "cli_support.h"

#include <cipherwatt/core/storage.h>

#include <QElapsedTimer>
#include <QFile>
#include <QString>
#include <QThread>
#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <memory>
#include <process.h>
#include <sys/stat.h>
#include <temp_dir.h>
#include <thread>

using cipherwatt::core::RunStatus;
using cipherwatt::core::SessionStatus;
using cipherwatt::core::Storage;
using cipherwatt::test::Child;
using cipherwatt::test::runProcess;
using cipherwatt::test::SimProcess;
using cipherwatt::test::TempDir;

using cipherwatt::test::cli;
using cipherwatt::test::lines;

namespace {

const std::string kCli = "cipherwatt-cli";
const std::string &kProfile = cipherwatt::test::kThresholdProfile;

std::vector<std::string> longRun(const std::string &db, const std::string &plan)
{
    return {CIPHERWATT_CLI_EXE,
            "run",
            "--meter",
            "sim:" + kProfile,
            "--plan",
            plan,
            "--baseline",
            "2",
            "--seconds",
            "60",
            "--db",
            db,
            "--label",
            "stopped",
            "--governor",
            "none",
            "--worker",
            CIPHERWATT_BENCH_EXE};
}

std::string fileBytes(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The long session started with its stderr in `log`, once its run has begun (so a signal finds
// the handlers installed and a run in flight, however busy the machine).
std::unique_ptr<Child> startInRun(const std::string &db, const std::filesystem::path &log,
                                  const std::string &plan = "chacha20/botan:encrypt")
{
    std::vector<std::string> argv{"/bin/sh", "-c", "exec \"$0\" \"$@\" 2>\"$CW_TEST_LOG\""};
    const std::vector<std::string> session = longRun(db, plan);
    argv.insert(argv.end(), session.begin(), session.end());
    auto child =
        std::make_unique<Child>(argv, cipherwatt::test::Environment{"CW_TEST_LOG=" + log.string()});
    for (int i = 0; i < 600 && fileBytes(log).find("\n" + kCli + ": run: ") == std::string::npos;
         ++i)
        QThread::msleep(100);
    REQUIRE(fileBytes(log).find("\n" + kCli + ": run: ") != std::string::npos);
    QThread::msleep(1000); // well into the run
    return child;
}

cipherwatt::core::SessionData loadOnly(const std::string &db)
{
    auto storage = Storage::open(QString::fromStdString(db));
    REQUIRE(storage.ok());
    auto data = (*storage)->load(1);
    REQUIRE(data.ok());
    return *data;
}

} // namespace

TEST_CASE("SIGTERM ends a session as interrupted, not as cancelled by the operator", "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto child = startInRun(db, dir.path() / "err.log");
    child->kill(SIGTERM);
    CHECK(child->wait(std::chrono::seconds(15)) == 2);
    const auto data = loadOnly(db);
    CHECK(data.summary.status == SessionStatus::Interrupted);
    CHECK(data.summary.statusReason.english() == QStringLiteral("terminated by SIGTERM"));
    REQUIRE(data.runs.size() == 1);
    CHECK(data.runs[0].status == RunStatus::Interrupted);
}

TEST_CASE("a second Ctrl-C stops at once, with the session stored as stopped", "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    // A program that ignores SIGTERM: the first Ctrl-C waits for the worker to stop it.
    const auto child = startInRun(db, dir.path() / "err.log",
                                  "cmd:stubborn=/bin/sh -c 'trap \"\" TERM INT; sleep 30'");
    child->kill(SIGINT);
    QThread::msleep(200);
    REQUIRE(::kill(child->pid(), 0) == 0); // still stopping the program
    QElapsedTimer took;
    took.start();
    child->kill(SIGINT);
    const int code = child->wait(std::chrono::seconds(15));
    INFO("exit after " << took.elapsed() << " ms");
    CHECK(took.elapsed() < 1000);
    CHECK(code == 2);
    const auto data = loadOnly(db);
    CHECK(data.summary.status == SessionStatus::Cancelled);
    CHECK(data.summary.statusReason.english().contains(QStringLiteral("stopped at once")));
    REQUIRE(data.runs.size() == 1);
    CHECK(data.runs[0].status == RunStatus::Cancelled);
    CHECK(data.runs[0].endNs > data.runs[0].startNs);
}

TEST_CASE("exports write through FIFOs and devices, and say why they cannot", "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto run =
        cli({"run", "--meter", "sim:" + kProfile, "--plan", "chacha20/botan:encrypt", "--baseline",
             "2", "--seconds", "2", "--min-updates", "10", "--db", db, "--label", "export me",
             "--governor", "none", "--worker", CIPHERWATT_BENCH_EXE});
    REQUIRE(run.exitCode == 0);

    // A FIFO stays a FIFO, and its reader gets the CSV.
    const auto fifo = dir.path() / "fifo";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::string received;
    std::thread reader([&] { received = fileBytes(fifo); });
    const auto toFifo = cli({"export", "1", "--db", db, "--csv", fifo.string()});
    reader.join();
    INFO(toFifo.err);
    CHECK(toFifo.exitCode == 0);
    CHECK(std::filesystem::is_fifo(fifo));
    CHECK(received.rfind("session,run,cipher,", 0) == 0);
    CHECK(lines(received) == 2); // the header and the one run

    // A full device: the write's own reason (ENOSPC), and the device node stays as it was.
    struct stat before
    {
    };
    REQUIRE(::stat("/dev/full", &before) == 0);
    for (const char *option : {"--pdf", "--samples"}) {
        const auto full = cli({"export", "1", "--db", db, option, "/dev/full"});
        INFO(option << ": " << full.err);
        CHECK(full.exitCode == 2);
        CHECK(lines(full.err) == 1);
        CHECK_THAT(full.err, Catch::Contains("/dev/full: No space left on device"));
    }
    struct stat after
    {
    };
    REQUIRE(::stat("/dev/full", &after) == 0);
    CHECK(S_ISCHR(after.st_mode));
    CHECK(after.st_rdev == before.st_rdev);

    // A folder is refused, not replaced.
    const auto toFolder = cli({"export", "1", "--db", db, "--csv", dir.path().string()});
    CHECK(toFolder.exitCode == 2);
    CHECK_THAT(toFolder.err, Catch::Contains("it is a directory"));
    CHECK(std::filesystem::is_directory(dir.path()));
}

TEST_CASE("a foreign SQLite file in WAL mode is refused and left byte for byte", "[cli]")
{
    TempDir dir;
    const auto db = dir.path() / "foreign.sqlite";
    // Another program's database, its last transaction still in the -wal (the program ended
    // without a checkpoint).
    const auto made = runProcess({"/usr/bin/python3", "-c",
                                  "import os, sqlite3, sys\n"
                                  "c = sqlite3.connect(sys.argv[1])\n"
                                  "c.execute('PRAGMA journal_mode=WAL')\n"
                                  "c.execute('CREATE TABLE notes (t TEXT)')\n"
                                  "c.execute(\"INSERT INTO notes VALUES ('keep me')\")\n"
                                  "c.commit()\n"
                                  "os._exit(0)\n",
                                  db.string()});
    REQUIRE(made.exitCode == 0);
    const auto wal = std::filesystem::path(db.string() + "-wal");
    REQUIRE(std::filesystem::exists(wal));
    const std::string dbBefore = fileBytes(db);
    const std::string walBefore = fileBytes(wal);
    REQUIRE_FALSE(walBefore.empty());
    for (const std::vector<std::string> &command :
         {std::vector<std::string>{"sessions", "--db", db.string()},
          {"run", "--meter", "sim", "--plan", "chacha20", "--label", "x", "--db", db.string(),
           "--worker", CIPHERWATT_BENCH_EXE}}) {
        const auto r = cli(command);
        INFO(r.err);
        CHECK(r.exitCode == 2);
        CHECK(lines(r.err) == 1);
        CHECK_THAT(r.err, Catch::Contains("not a CipherWatt database"));
    }
    CHECK(fileBytes(db) == dbBefore);
    CHECK(std::filesystem::exists(wal));
    CHECK(fileBytes(wal) == walBefore);
}

TEST_CASE("wrong input is a usage error before the meter or the baseline", "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    // The options each case does not give itself.
    const auto run = [&](std::vector<std::string> args) {
        const auto given = [&](const char *option) {
            return std::find(args.begin(), args.end(), option) != args.end();
        };
        if (!given("--meter"))
            args.insert(args.end(), {"--meter", "sim:" + kProfile});
        if (!given("--db"))
            args.insert(args.end(), {"--db", db});
        args.insert(args.begin(), "run");
        args.insert(args.end(), {"--label", "x", "--governor", "none", "--worker",
                                 CIPHERWATT_BENCH_EXE, "--baseline", "1"});
        return cli(args);
    };
    struct Case
    {
        std::vector<std::string> args;
        std::string says;
    };
    for (const Case &c : std::vector<Case>{
             {{"--plan", "aes-128-xts:encrypt", "--buffer", "7"}, "at least 16 bytes"},
             {{"--plan", "chacha20:encrypt", "--iterations", "2000000000000"}, "cannot run"},
             {{"--plan", "chacha20", "--meter", "bogus:x"}, "unknown kind \"bogus\""},
             {{"--plan", "chacha20", "--dut", "ssh://root%3Btouch%20x@127.0.0.1"}, "the user"},
             {{"--plan", "chacha20", "--db", (dir.path() / "no" / "s.sqlite").string()},
              "does not exist"},
             {{"--plan", "chacha20", "--db", "mysql://lab@127.0.0.1/cw"},
              "mysql databases are not supported"},
             {{"--plan", "chacha20", "--db", "postgresql://lab:secret@127.0.0.1/cw"},
              "a password in the URI is not accepted"},
             {{"--plan", "chacha20", "--db", "postgresql://lab@127.0.0.1/cw?sslmode=yes"},
              "sslmode='yes' is not valid"}}) {
        const auto r = run(c.args);
        INFO(c.args[1] << " " << c.args.back() << ": " << r.err);
        CHECK(r.exitCode == 1);
        CHECK(lines(r.err) <= 2); // the simulated meter's note, then the one error
        CHECK_THAT(r.err, Catch::Contains(c.says));
    }
    CHECK_FALSE(std::filesystem::exists(db));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "no"));
    CHECK_FALSE(std::filesystem::exists("mysql:"));
    CHECK_FALSE(std::filesystem::exists("postgresql:"));
    const auto probe = cli({"meter", "probe", "bogus:1"});
    CHECK(probe.exitCode == 1);
    CHECK(lines(probe.err) == 1);
    for (const char *command : {"run", "export", "sessions", "compare"}) {
        const auto help = cli({command, "--help"});
        CHECK(help.exitCode == 0);
        CHECK_THAT(help.out, Catch::Contains("usage"));
    }
    for (const char *command : {"probe", "log"}) {
        const auto help = cli({"meter", command, "--help"});
        CHECK(help.exitCode == 0);
        CHECK_THAT(help.out, Catch::Contains("cipherwatt-cli meter log"));
    }
}

TEST_CASE("a meter that drops mid-run: one line on stderr, the run interrupted by it", "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    SimProcess sim({"--listen", "127.0.0.1:0", "--profile", kProfile, "--fault", "drop@6"});
    const auto r =
        cli({"run", "--meter", sim.resource().toStdString(), "--plan", "chacha20/botan:encrypt",
             "--baseline", "2", "--seconds", "30", "--db", db, "--label", "dropped", "--governor",
             "none", "--worker", CIPHERWATT_BENCH_EXE});
    INFO(r.err);
    CHECK(r.exitCode == 2);
    // Progress notes come first; the failure itself is said once, in the program's own words.
    CHECK_THAT(r.err, Catch::Contains("session interrupted: meter"));
    CHECK_THAT(r.err, !Catch::Contains("cipherwatt.instruments"));
    const auto data = loadOnly(db);
    CHECK(data.summary.status == SessionStatus::Interrupted);
    REQUIRE(data.runs.size() == 1);
    CHECK(data.runs[0].status == RunStatus::Interrupted);
    CHECK_FALSE(data.runs[0].error.english().contains(QStringLiteral("operator")));
}
