// `cipherwatt-cli run --dut ssh://...` through the real executable and a real sshd on loopback:
// the SSH options end to end, and the refusal of an unknown host key when nobody can be asked.

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <catch2/catch.hpp>

#include <algorithm>
#include <fake_power.h>
#include <fake_sysfs.h>
#include <filesystem>
#include <fstream>
#include <process.h>
#include <sshd.h>
#include <sstream>
#include <temp_dir.h>
#include <unistd.h>

using cipherwatt::test::FakeSysfs;
using cipherwatt::test::runProcess;
using cipherwatt::test::SshServer;
using cipherwatt::test::TempDir;
namespace fs = std::filesystem;

namespace {

constexpr const char *kProfile = CIPHERWATT_TEST_DATA "/sim/ssh-worker-threshold.profile";

// The CLI with a home of its own: its known_hosts files, and no agent of the developer's.
cipherwatt::test::ProcessResult cli(const TempDir &home, std::vector<std::string> args)
{
    args.insert(args.begin(), CIPHERWATT_CLI_EXE);
    return runProcess(args, {}, std::chrono::seconds(120),
                      {"HOME=" + home.path().string(),
                       "XDG_DATA_HOME=" + (home.path() / "data").string(), "SSH_AUTH_SOCK="});
}

std::vector<std::string> runArgs(const SshServer &server, const std::string &db,
                                 const FakeSysfs &tree)
{
    return {"run",
            "--meter",
            std::string("sim:") + kProfile,
            "--dut",
            server.resource(),
            "--ssh-key",
            server.clientKey().string(),
            "--remote-worker",
            CIPHERWATT_BENCH_EXE,
            "--sysfs-root",
            tree.root().string(),
            "--plan",
            "chacha20/botan:encrypt",
            "--baseline",
            "2",
            "--seconds",
            "3",
            "--min-updates",
            "20",
            "--governor",
            "none",
            "--db",
            db,
            "--label",
            "over ssh"};
}

std::string sha256File(const char *path)
{
    QFile in(QString::fromUtf8(path));
    REQUIRE(in.open(QIODevice::ReadOnly));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    REQUIRE(hash.addData(&in));
    return hash.result().toHex().toStdString();
}

std::vector<std::string> errorLines(const std::string &err)
{
    std::vector<std::string> out;
    std::istringstream in(err);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("cipherwatt-cli: session ", 0) == 0)
            out.push_back(line);
    }
    return out;
}

} // namespace

TEST_CASE("ssh: run --dut ssh:// with --accept-new-host-key measures and records the key", "[cli]")
{
    SshServer server;
    TempDir home;
    FakeSysfs tree({0});
    const std::string db = (home.path() / "s.sqlite").string();
    auto args = runArgs(server, db, tree);
    args.emplace_back("--accept-new-host-key");
    const auto r = cli(home, args);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.out, Catch::Contains("chacha20") && Catch::Contains("done"));
    CHECK_THAT(r.err, Catch::Contains("accepting the new host key ssh-ed25519 " +
                                      server.hostFingerprint()));
    const fs::path known = home.path() / "data" / "cipherwatt" / "known_hosts";
    REQUIRE(fs::exists(known));
    std::ifstream in(known);
    std::string line;
    std::getline(in, line);
    CHECK(line.rfind("[127.0.0.1]:" + std::to_string(server.port()) + " ssh-ed25519 ", 0) == 0);

    // Known now: the same command without the flag runs, and shows where it ran.
    args.pop_back();
    const auto again = cli(home, args);
    INFO(again.err);
    CHECK(again.exitCode == 0);
    const auto show = cli(home, {"show", "1", "--db", db, "--json"});
    const QJsonObject session =
        QJsonDocument::fromJson(QByteArray::fromStdString(show.out)).object();
    const QJsonObject dut = session[QStringLiteral("dut_setup")].toObject();
    CHECK(dut[QStringLiteral("host")].toString() == QStringLiteral("127.0.0.1"));
    CHECK(dut[QStringLiteral("user")].toString().toStdString() == server.user());
    const QJsonObject analysis = session[QStringLiteral("results")]
                                     .toArray()[0]
                                     .toObject()[QStringLiteral("analysis")]
                                     .toObject();
    CHECK(analysis[QStringLiteral("net_w")].toDouble() == Approx(8.5).epsilon(0.005));
}

TEST_CASE("ssh: an unknown host key with neither a terminal nor --accept-new-host-key: "
          "exit 2, one line with the fingerprint",
          "[cli]")
{
    SshServer server;
    TempDir home;
    FakeSysfs tree({0});
    const std::string db = (home.path() / "s.sqlite").string();
    const auto r = cli(home, runArgs(server, db, tree)); // stdin is a pipe, not a terminal
    INFO(r.err);
    CHECK(r.exitCode == 2);
    const auto failures = errorLines(r.err);
    REQUIRE(failures.size() == 1);
    CHECK_THAT(failures[0],
               Catch::Contains(server.hostFingerprint()) && Catch::Contains("not accepted"));
    CHECK_FALSE(fs::exists(home.path() / "data" / "cipherwatt" / "known_hosts"));
    CHECK(cipherwatt::test::processesWithArgument(tree.root().string()).empty());
}

TEST_CASE("ssh: run --plugin uploads the plugin beside the remote worker and measures it",
          "[cli][plugins]")
{
    SshServer server;
    TempDir home;
    FakeSysfs tree({0});
    const std::string db = (home.path() / "s.sqlite").string();
    auto args = runArgs(server, db, tree);
    const auto plan = std::find(args.begin(), args.end(), "--plan");
    REQUIRE(plan != args.end());
    *std::next(plan) = "xtea-128-cbc/plugin:xtea:encrypt";
    args.insert(args.end(), {"--plugin", CIPHERWATT_XTEA_PLUGIN, "--accept-new-host-key"});
    // The DUT's cache is the default one, ${XDG_CACHE_HOME}/cipherwatt, which this server sets
    // inside its own folder: empty, so the plugin is uploaded.
    const auto r = cli(home, args);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.err, Catch::Contains("plugin xtea.so: uploaded to ") &&
                          Catch::Contains("verified on the DUT); uploaded over SFTP"));
    CHECK(fs::exists(server.dir() / "cache" / "cipherwatt" / "plugins" /
                     sha256File(CIPHERWATT_XTEA_PLUGIN) / "xtea.so"));
    CHECK_THAT(r.out, Catch::Contains("xtea-128-cbc") && Catch::Contains("plugin:xtea") &&
                          Catch::Contains("done"));
}

TEST_CASE("ssh: without an SFTP subsystem the worker and a plugin go up through an exec channel "
          "and the run is measured",
          "[cli][plugins]")
{
    SshServer server({.sftp = false});
    TempDir home;
    FakeSysfs tree({0});
    const std::string db = (home.path() / "s.sqlite").string();
    auto args = runArgs(server, db, tree);
    // No worker on the DUT: this build's goes up, and the plugin beside it.
    *std::next(std::find(args.begin(), args.end(), "--remote-worker")) =
        (server.dir() / "nowhere" / "cipherwatt-bench").string();
    *std::next(std::find(args.begin(), args.end(), "--plan")) = "xtea-128-cbc/plugin:xtea:encrypt";
    args.insert(args.end(), {"--upload-worker", CIPHERWATT_BENCH_EXE, "--plugin",
                             CIPHERWATT_XTEA_PLUGIN, "--accept-new-host-key"});
    const auto r = cli(home, args);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);

    // The server refused the subsystem (its log), and both notes say which way was taken.
    CHECK_THAT(server.log(), Catch::Contains("subsystem request for sftp") &&
                                 Catch::Contains("subsystem not found"));
    const std::string exec = "uploaded through an exec channel (the server has no SFTP subsystem)";
    std::size_t notes = 0;
    std::istringstream err(r.err);
    for (std::string line; std::getline(err, line);)
        notes += line.find(exec) != std::string::npos ? 1U : 0U;
    CHECK(notes == 2);
    CHECK_THAT(r.err, !Catch::Contains("uploaded over SFTP"));

    // Byte for byte, private, and nothing half-written left behind.
    const fs::path cache = server.dir() / "cache" / "cipherwatt";
    const fs::path worker = cache / CIPHERWATT_VERSION / "cipherwatt-bench";
    const fs::path plugin = cache / "plugins" / sha256File(CIPHERWATT_XTEA_PLUGIN) / "xtea.so";
    REQUIRE(fs::exists(worker));
    REQUIRE(fs::exists(plugin));
    CHECK(sha256File(worker.c_str()) == sha256File(CIPHERWATT_BENCH_EXE));
    const auto permissions = [](const fs::path &p) {
        return fs::status(p).permissions() & fs::perms::all;
    };
    for (const fs::path &p : {worker, plugin, cache, worker.parent_path(), plugin.parent_path()})
        CHECK(permissions(p) == fs::perms::owner_all);
    CHECK_FALSE(fs::exists(fs::path(worker) += ".upload"));
    CHECK_FALSE(fs::exists(fs::path(plugin) += ".upload"));

    // The uploaded worker ran the plugin's cipher and the run was measured.
    CHECK_THAT(r.out, Catch::Contains("xtea-128-cbc") && Catch::Contains("plugin:xtea") &&
                          Catch::Contains("done"));
    CHECK_THAT(r.err, Catch::Contains(worker.string()));
}

TEST_CASE("ssh: SSH options are usage errors where they do not apply", "[cli]")
{
    TempDir home;
    const std::vector<std::string> base{"run",    "--meter",  std::string("sim:") + kProfile,
                                        "--plan", "chacha20", "--label",
                                        "x",      "--db",     (home.path() / "s.sqlite").string()};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        return cli(home, args);
    };
    for (const std::vector<std::string> &bad :
         {std::vector<std::string>{"--ssh-key", "k"},
          {"--accept-new-host-key"},
          {"--ssh-password"},
          {"--dut", "local", "--remote-worker", "/x"},
          {"--dut", "ssh://u@h", "--upload-worker", "/x", "--no-upload"},
          {"--dut", "ssh://u@h", "--worker", "/x"}}) {
        const auto r = with(bad);
        INFO(r.err);
        CHECK(r.exitCode == 1);
    }
    // A microcontroller runs its firmware, not the worker: the worker's options are refused,
    // not ignored, before anything is stored.
    const auto mcu = with({"--dut", "tcp:127.0.0.1:9", "--plugin", CIPHERWATT_XTEA_PLUGIN});
    INFO(mcu.err);
    CHECK(mcu.exitCode == 1);
    CHECK_THAT(mcu.err, Catch::Contains("tcp:127.0.0.1:9: a microcontroller runs the CipherWatt "
                                        "firmware, not the worker: --plugin does not apply"));
    CHECK_FALSE(fs::exists(home.path() / "s.sqlite"));
    CHECK_FALSE(fs::exists(home.path() / "s.sqlite"));
}

TEST_CASE("ssh: meter probe reads a RAPL zone on an SSH DUT through its worker", "[cli][sources]")
{
    // 7.5 W on a fake RAPL zone that a ticker advances; the worker reads it on the far side of
    // the SSH link (same machine, real sshd) and streams its readings back.
    constexpr double kWatts = 7.5;
    constexpr std::uint64_t kRange = 1'000'000'000;
    SshServer server;
    TempDir home;
    cipherwatt::test::FakePowerTree tree;
    tree.addRaplZone("intel-rapl:0", "package-0", kRange);
    const cipherwatt::test::Ticker ticker(
        std::chrono::milliseconds(2), std::chrono::seconds(90), [&tree](double t) {
            tree.setRaplEnergy("intel-rapl:0",
                               static_cast<std::uint64_t>(kWatts * 1e6 * t) % kRange);
        });
    const auto r = cli(home, {"meter", "probe", "rapl:package", "--json", "--interval", "0.1",
                              "--seconds", "1.05", "--dut", server.resource(), "--ssh-key",
                              server.clientKey().string(), "--remote-worker", CIPHERWATT_BENCH_EXE,
                              "--sysfs-root", tree.root().string(), "--accept-new-host-key"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object();
    CHECK(doc[QStringLiteral("source")][QStringLiteral("resource")] ==
          QStringLiteral("rapl:package-0"));
    CHECK(doc[QStringLiteral("accuracy")] == QStringLiteral("unspecified"));
    const QJsonArray samples = doc[QStringLiteral("samples")].toArray();
    CHECK(samples.size() == 10);
    double joules = 0.0;
    double seconds = 0.0;
    for (const auto &v : samples) {
        joules += v[QStringLiteral("watts")].toDouble() * v[QStringLiteral("span_s")].toDouble();
        seconds += v[QStringLiteral("span_s")].toDouble();
    }
    CHECK(joules / seconds == Approx(kWatts).epsilon(0.05));
}

TEST_CASE("ssh: run --meter auto with no WT300 takes the SSH DUT's RAPL package zone as the "
          "meter",
          "[cli][sources][source-meter]")
{
    // A fake RAPL zone drawing 7.5 W throughout on the far side of the SSH link: auto finds no
    // WT300 on USB, asks the DUT's worker for its sources and takes the zone; the session's idle
    // level is the zone's 7.5 W (the runs add nothing: the zone does not follow the load).
    constexpr double kWatts = 7.5;
    constexpr std::uint64_t kRange = 1'000'000'000;
    SshServer server;
    TempDir home;
    cipherwatt::test::FakePowerTree tree;
    tree.addRaplZone("intel-rapl:0", "package-0", kRange);
    const cipherwatt::test::Ticker ticker(
        std::chrono::milliseconds(2), std::chrono::seconds(90), [&tree](double t) {
            tree.setRaplEnergy("intel-rapl:0",
                               static_cast<std::uint64_t>(kWatts * 1e6 * t) % kRange);
        });
    const std::string db = (home.path() / "s.sqlite").string();
    const auto r = cli(home, {"run",
                              "--meter",
                              "auto",
                              "--plan",
                              "chacha20/botan:encrypt",
                              "--baseline",
                              "1.5",
                              "--seconds",
                              "1",
                              "--min-updates",
                              "5",
                              "--label",
                              "auto over ssh",
                              "--db",
                              db,
                              "--dut",
                              server.resource(),
                              "--ssh-key",
                              server.clientKey().string(),
                              "--remote-worker",
                              CIPHERWATT_BENCH_EXE,
                              "--sysfs-root",
                              tree.root().string(),
                              "--accept-new-host-key"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.err, Catch::Contains("meter auto: no WT300 on USB; the DUT's rapl:package-0 is "
                                      "the meter"));
    const auto shown = cli(home, {"show", "1", "--db", db, "--json"});
    REQUIRE(shown.exitCode == 0);
    const QJsonObject session =
        QJsonDocument::fromJson(QByteArray::fromStdString(shown.out)).object();
    CHECK(session[QStringLiteral("meter_setup")][QStringLiteral("source")]
                 [QStringLiteral("resource")] == QStringLiteral("rapl:package-0"));
    CHECK(session[QStringLiteral("simulated")] == false);
    const QJsonObject baseline =
        session[QStringLiteral("analysis")][QStringLiteral("baseline")].toObject();
    INFO(QJsonDocument(baseline).toJson().toStdString());
    CHECK(baseline[QStringLiteral("mean_w")].toDouble() == Approx(kWatts).epsilon(0.03));
}
