// Whole sessions with an SSH DUT (the real sshd on loopback, the simulated meter): the known
// net power, the link dropping mid-run, a reconnect that must not leave two workers, and
// governor pinning through sudo on the DUT.

#include "ssh_support.h"

#include <cipherwatt/core/records_json.h>
#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/storage.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>
#include <catch2/catch.hpp>

#include <cmath>
#include <fake_sysfs.h>
#include <filesystem>
#include <fstream>
#include <memory>
#include <session_helpers.h>
#include <sshd.h>
#include <temp_dir.h>

using namespace cipherwatt::core;
using namespace cipherwatt::test;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

SessionSettings settingsFor(const SshServer &server, const QString &plan)
{
    SessionSettings s = thresholdSettings(plan, 3.0, 4.0, 30);
    s.label = QStringLiteral("ssh");
    s.dutResource = QString::fromStdString(server.resource());
    return s;
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeScript(const fs::path &file, const std::string &text)
{
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
    fs::permissions(file, fs::perms::owner_all);
}

} // namespace

TEST_CASE("a whole session over SSH measures the scripted net power, and no secret is stored",
          "[ssh]")
{
    SshServer server;
    TempDir dir;
    SshOptions ssh = sshOptions(server);
    ssh.keyFile = qs(server.passphraseKey());
    ssh.askSecret = [](const QString &, bool) -> std::optional<QString> {
        return QString::fromUtf8(SshServer::passphrase);
    };
    RunnerOptions opts;
    opts.databasePath = qs(dir.path() / "sessions.sqlite");
    opts.linkFactory = makeSshLinkFactory(ssh);
    const SessionOutcome out = runSession(
        settingsFor(server, QStringLiteral("aes-128-xts/openssl:encrypt,chacha20/botan:decrypt")),
        opts);
    INFO(out.reason.toStdString());
    REQUIRE(out.status == SessionStatus::Complete);
    const SessionData d = loadSession(opts.databasePath, out.session);
    REQUIRE(d.runs.size() == 2);
    for (const StoredRun &r : d.runs) {
        INFO(r.cipher.toStdString());
        CHECK(r.status == RunStatus::Done);
        const RunResult a = r.analysis.value_or(RunResult{});
        CHECK(std::fabs(a.netWatts - 8.5) <= 0.005 * 8.5);
        CHECK(a.run.count >= 35);
    }
    // The remote worker read its own DUT's counters for the baseline and each run (protocol
    // `activity`): over the phase's length, on the DUT's cores.
    int withActivity = 0;
    for (const StoredPhase &p : d.phases) {
        if (p.kind != PhaseKind::Baseline && p.kind != PhaseKind::Run)
            continue;
        INFO(phaseName(p.kind).toStdString());
        REQUIRE(p.activity);
        CHECK(p.activity->cpus == d.dut.system.logicalCores);
        CHECK(p.activity->seconds > 0.5);
        ++withActivity;
    }
    CHECK(withActivity == 3);
    // Recorded as a local DUT is, plus where and as whom.
    CHECK(d.dut.host == QStringLiteral("127.0.0.1"));
    CHECK(d.dut.user.toStdString() == server.user());
    CHECK(d.dut.port == server.port());
    CHECK(d.dut.description.startsWith(QString::fromStdString(server.resource()) +
                                       QStringLiteral(": ")));
    CHECK_FALSE(d.dut.system.cpuModel.isEmpty());
    CHECK_FALSE(d.dut.system.kernel.isEmpty());
    CHECK_FALSE(d.dut.system.architecture.isEmpty());
    CHECK_FALSE(d.dut.system.libraries.isEmpty());
    CHECK(d.dut.linkNotes.size() == 1);
    // The passphrase is nowhere in the database.
    const QByteArray secret(SshServer::passphrase);
    CHECK_FALSE(fileBytes(opts.databasePath).contains(secret));
    CHECK_FALSE(fileBytes(opts.databasePath + QStringLiteral("-wal")).contains(secret));
    CHECK_FALSE(QJsonDocument(toJson(d.dut)).toJson().contains("phrase_key"));
}

TEST_CASE("the link dropping mid-run interrupts the session, and the DUT's worker restores "
          "its governor and exits",
          "[ssh]")
{
    SshServer server;
    TempDir dir;
    FakeSysfs tree({0, 1});
    const std::string root = tree.root().string();
    SshOptions ssh = sshOptions(server);
    ssh.serveArguments << QStringLiteral("--sysfs-root") << QString::fromStdString(root);
    RunnerOptions opts;
    opts.databasePath = qs(dir.path() / "sessions.sqlite");
    opts.linkFactory = makeSshLinkFactory(ssh);
    SessionSettings s = settingsFor(server, QStringLiteral("chacha20/botan:encrypt"));
    s.pinGovernor = true;
    s.baselineSeconds = 2;
    s.runLength.seconds = 60;
    bool dropped = false;
    QString pinnedDuringRun;
    const SessionOutcome out = runSession(s, opts, [&](SessionRunner &runner) {
        QObject::connect(&runner, &SessionRunner::runUpdated, &runner, [&](const RunUpdate &u) {
            if (u.status != RunStatus::Running || dropped)
                return;
            dropped = true;
            QTimer::singleShot(1500, &runner, [&] {
                pinnedDuringRun = QString::fromStdString(tree.cpuFile(0, "scaling_governor"));
                server.killConnections();
            });
        });
    });
    REQUIRE(dropped);
    CHECK(pinnedDuringRun == QStringLiteral("performance"));
    REQUIRE(out.status == SessionStatus::Interrupted);
    CHECK(out.reason.contains(QStringLiteral("SSH link to 127.0.0.1")));
    CHECK(out.reason.contains(QStringLiteral("lost")));
    const SessionData d = loadSession(opts.databasePath, out.session);
    CHECK(d.summary.status == SessionStatus::Interrupted);
    CHECK(d.summary.statusReason.english() == out.reason);
    CHECK(d.samples.size() >= 30); // the baseline and the run so far are kept
    REQUIRE(d.runs.size() == 1);
    CHECK(d.runs[0].status == RunStatus::Interrupted);
    // The worker on the DUT saw its input close: it stopped, restored and exited.
    CHECK(waitUntilGone(root, 20s));
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    CHECK(tree.cpuFile(1, "scaling_governor") == "powersave");
}

TEST_CASE("a worker path and sysfs root full of shell syntax reach the DUT as they are", "[ssh]")
{
    SshServer server;
    FakeSysfs tree({0});
    // sshd runs commands in the home directory: that is where a word the shell took apart
    // would leave its mark.
    const fs::path trap = fs::path(QDir::homePath().toStdString()) / "cipherwatt-quoting-trap";
    const std::string hostile = "it's a \"dir\"; $(touch cipherwatt-quoting-trap) `true` & *";
    const fs::path bin = server.dir() / hostile;
    fs::create_directories(bin);
    fs::copy_file(CIPHERWATT_BENCH_EXE, bin / "cipherwatt-bench");
    const fs::path root = server.dir() / ("root " + hostile);
    fs::create_directory_symlink(tree.root(), root);
    SshOptions ssh = sshOptions(server);
    ssh.remoteWorker = qs(bin / "cipherwatt-bench");
    ssh.serveArguments << QStringLiteral("--sysfs-root") << qs(root);
    {
        SshDut dut(ssh);
        INFO(dut.report.failure.toStdString());
        REQUIRE(dut.report.ready);
        CHECK(dut.report.hello.executable == qs(bin / "cipherwatt-bench"));
        dut.dut().pin({});
        REQUIRE(dut.awaitEvent(QStringLiteral("governor")));
        CHECK(tree.cpuFile(0, "scaling_governor") == "performance");
        dut.finish();
        CHECK(dut.report.clean);
    }
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    CHECK_FALSE(fs::exists(trap));
}

TEST_CASE("reconnecting ends the older worker first, so two never run", "[ssh]")
{
    SshServer server;
    FakeSysfs tree({0});
    const std::string root = tree.root().string();
    SshOptions ssh = sshOptions(server);
    ssh.serveArguments << QStringLiteral("--sysfs-root") << QString::fromStdString(root);

    auto first = std::make_unique<SshDut>(ssh);
    const DutReport &a = first->report;
    INFO(a.failure.toStdString());
    REQUIRE(a.ready);
    CHECK_FALSE(a.hello.replacedWorker);
    const qint64 firstPid = a.hello.pid;
    first->dut().pin({});
    REQUIRE(first->awaitEvent(QStringLiteral("governor")));
    CHECK(tree.cpuFile(0, "scaling_governor") == "performance");
    REQUIRE(processesWithArgument(root).size() == 1);

    // The host lost track of the first link (as after a network drop) and connects again.
    SshDut second(ssh);
    const DutReport &b = second.report;
    REQUIRE(b.ready);
    CHECK(b.hello.replacedWorker == firstPid);
    CHECK(b.hello.pid != firstPid);
    // The first worker treated SIGTERM as the end of its input: restored, said bye, exited.
    waitFor(
        first->report, [](const DutReport &r) { return !r.finished.isEmpty(); }, 20s);
    CHECK(a.clean);
    bool restoredByFirst = false;
    for (const WorkerEvent &e : a.events) {
        if (const auto *g = std::get_if<worker::GovernorDone>(&e.body);
            g && g->action == QLatin1String("restore"))
            restoredByFirst = g->reason.contains(u"SIGTERM");
    }
    CHECK(restoredByFirst);
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    const auto running = processesWithArgument(root);
    REQUIRE(running.size() == 1);
    CHECK(running[0] == b.hello.pid);

    second.finish();
    CHECK(b.clean);
    first.reset();
    CHECK(waitUntilGone(root, 10s));
}

TEST_CASE("pinning on the DUT through sudo -n: refused with the sudoers line, or done and "
          "undone at the end of input",
          "[ssh]")
{
    SshServer server;
    FakeSysfs tree({0, 1});
    const std::string root = tree.root().string();
    const fs::path bin = server.dir() / "fakebin";
    const fs::path log = server.dir() / "sudo.log";
    SshOptions ssh = sshOptions(server);
    ssh.serveArguments << QStringLiteral("--sysfs-root") << QString::fromStdString(root)
                       << QStringLiteral("--governor-helper") << QStringLiteral("sudo");
    ssh.environment << QStringLiteral("PATH=") + qs(bin) + QStringLiteral(":/usr/bin:/bin");

    SECTION("sudo wants a password")
    {
        writeScript(bin / "sudo", "#!/bin/sh\necho 'sudo: a password is required' >&2\nexit 1\n");
        SshDut dut(ssh);
        REQUIRE(dut.report.ready);
        const int id = dut.dut().pin({});
        const auto error = dut.awaitEvent(QStringLiteral("error"));
        REQUIRE(error);
        CHECK(error->id == id);
        const QString message = std::get<worker::Failure>(error->body).message;
        CHECK(message.contains(
            QStringLiteral("governor pinning needs root: sudo -n refused (a password is "
                           "required)")));
        CHECK(message.contains(QStringLiteral(" ALL=(root) NOPASSWD: ") +
                               QStringLiteral(CIPHERWATT_BENCH_EXE) +
                               QStringLiteral(" governor *")));
        CHECK_FALSE(message.contains(u'\n'));
        CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    }
    SECTION("sudo is configured")
    {
        writeScript(bin / "sudo", "#!/bin/sh\n[ \"$1\" = -n ] || exit 99\nshift\necho \"$*\" >> '" +
                                      log.string() + "'\nexec \"$@\"\n");
        SshDut dut(ssh);
        const DutReport &r = dut.report;
        REQUIRE(r.ready);
        dut.dut().pin({});
        const auto pinned = dut.awaitEvent(QStringLiteral("governor"));
        REQUIRE(pinned);
        CHECK(std::get<worker::GovernorDone>(pinned->body).method == QStringLiteral("sudo"));
        CHECK(tree.cpuFile(0, "scaling_governor") == "performance");
        const std::size_t before = r.events.size();
        dut.finish(); // end of input: the worker restores through sudo too, then exits
        CHECK(r.clean);
        const auto restored = dut.awaitEvent(QStringLiteral("governor"), before);
        REQUIRE(restored);
        CHECK(std::get<worker::GovernorDone>(restored->body).method == QStringLiteral("sudo"));
        CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
        std::ifstream in(log);
        std::string setLine;
        std::string restoreLine;
        std::getline(in, setLine);
        std::getline(in, restoreLine);
        CHECK(setLine == std::string(CIPHERWATT_BENCH_EXE) +
                             " governor set --governor performance --json --sysfs-root " + root);
        CHECK(restoreLine ==
              std::string(CIPHERWATT_BENCH_EXE) + " governor restore --json --sysfs-root " + root);
    }
}
