// `cipherwatt-cli run|sessions|show` through the real executable, with the scripted simulated
// meter (tests/data/sim/worker-threshold.profile: net power 8.5 W) and the real local worker.

#include "cli_support.h"

#include <cipherwatt/core/storage.h>

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QThread>
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <fake_sysfs.h>
#include <filesystem>
#include <process.h>
#include <temp_dir.h>

using cipherwatt::test::Child;
using cipherwatt::test::FakeSysfs;
using cipherwatt::test::runProcess;
using cipherwatt::test::TempDir;

using cipherwatt::test::cli;
using cipherwatt::test::lines;

namespace {

const std::string &kProfile = cipherwatt::test::kThresholdProfile;

} // namespace

TEST_CASE("run measures, stores and prints the paper's table, sessions and show find it", "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto r = cli({"run",
                        "--meter",
                        "sim:" + kProfile,
                        "--plan",
                        "aes-128-xts/openssl:encrypt",
                        "--baseline",
                        "3",
                        "--seconds",
                        "4",
                        "--min-updates",
                        "30",
                        "--db",
                        db,
                        "--label",
                        "CLI, \"quoted\" 리아",
                        "--tag",
                        "a",
                        "--tag",
                        "b",
                        "--governor",
                        "none",
                        "--worker",
                        CIPHERWATT_BENCH_EXE});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    // The paper's columns, each with the unit its values share: the simulated DUT draws
    // 12.5 W busy over 4.0 W idle, so the net power is 8.5 W, in watts.
    CHECK_THAT(r.out, Catch::Contains("run time [s]") && Catch::Contains("net power [W] ± 95 %") &&
                          Catch::Contains("throughput [") && Catch::Contains("cycles/B") &&
                          Catch::Contains("energy [") && Catch::Contains("J/B] ± 95 %"));
    CHECK_THAT(r.out, Catch::Matches("(.|\n)*aes-128-xts +openssl +enc +4 KiB +1 (.|\n)*") &&
                          Catch::Contains(" 8.5") && Catch::Contains("done"));
    // No exponent forms: the unit carries the magnitude.
    CHECK_THAT(r.out, !Catch::Contains(")e-"));
    CHECK_THAT(r.err, Catch::Contains("SIMULATED"));

    const auto list = cli({"sessions", "--db", db});
    REQUIRE(list.exitCode == 0);
    CHECK_THAT(list.out, Catch::Contains("CLI, \"quoted\" 리아") && Catch::Contains("complete") &&
                             Catch::Contains("SIMULATED") && Catch::Contains("a, b"));
    // One identifier for the session, and its start in ISO 8601 with the zone's offset.
    CHECK_THAT(
        list.out,
        Catch::Contains("S1 ") &&
            Catch::Matches(
                "(.|\n)*\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} [+-]\\d{2}:\\d{2}(.|\n)*"));
    CHECK(cli({"show", "S1", "--db", db}).exitCode == 0);
    const auto badId = cli({"show", "X1", "--db", db});
    CHECK(badId.exitCode == 1);
    CHECK_THAT(badId.err, Catch::Contains("session id") && Catch::Contains("'X1'"));
    const auto show = cli({"show", "1", "--db", db});
    REQUIRE(show.exitCode == 0);
    CHECK_THAT(show.out, Catch::Contains("Baseline:") && Catch::Contains("SIMULATED meter") &&
                             Catch::Contains("aes-128-xts"));
    const auto json = cli({"show", "1", "--db", db, "--json"});
    REQUIRE(json.exitCode == 0);
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json.out)).object();
    CHECK(o[QStringLiteral("status")].toString() == QStringLiteral("complete"));
    const QJsonObject analysis =
        o[QStringLiteral("results")].toArray()[0].toObject()[QStringLiteral("analysis")].toObject();
    CHECK(analysis[QStringLiteral("net_w")].toDouble() == Approx(8.5).epsilon(0.005));
    const auto listJson = cli({"sessions", "--db", db, "--json"});
    CHECK(QJsonDocument::fromJson(QByteArray::fromStdString(listJson.out)).array().size() == 1);
}

TEST_CASE("run refuses bad input before storing anything", "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const std::vector<std::string> base{
        "run",  "--meter",  "sim:" + kProfile,    "--db",       db, "--label", "x", "--governor",
        "none", "--worker", CIPHERWATT_BENCH_EXE, "--baseline", "1"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        return cli(args);
    };
    const auto unknown = with({"--plan", "aes-999-xts"});
    CHECK(unknown.exitCode == 1);
    CHECK_THAT(unknown.err, Catch::Contains("unknown cipher 'aes-999-xts'; valid ids:") &&
                                Catch::Contains("lea-128-xts"));
    const auto badBackend = with({"--plan", "lea-128-xts/openssl"});
    CHECK(badBackend.exitCode == 1);
    CHECK_THAT(badBackend.err, Catch::Contains("(it has custom)"));
    const auto noMeter = cli({"run", "--meter", "tcp:127.0.0.1:9", "--db", db, "--label", "x",
                              "--plan", "chacha20", "--worker", CIPHERWATT_BENCH_EXE});
    CHECK(noMeter.exitCode == 2);
    CHECK(lines(noMeter.err) == 1);
    CHECK_THAT(noMeter.err, Catch::Contains("127.0.0.1:9"));
    const auto noWorker = cli({"run", "--meter", "sim", "--db", db, "--label", "x", "--plan",
                               "chacha20", "--worker", "/nonexistent/cipherwatt-bench"});
    CHECK(noWorker.exitCode == 2);
    CHECK_THAT(noWorker.err, Catch::Contains("/nonexistent/cipherwatt-bench"));
    for (const std::vector<std::string> &bad :
         {std::vector<std::string>{"--plan", "chacha20", "--seconds", "-1"},
          {"--plan", "chacha20", "--iterations", "5", "--seconds", "5"},
          {"--plan", "chacha20", "--buffer", "0"},
          {"--plan", "chacha20", "--governor", "turbo"},
          {"--plan", "chacha20", "--paper-method"},
          {"--plan", "chacha20", "--plugin", "/nonexistent/plugin.so"},
          {"--plan", "chacha20", "--isa", "mmx"},
          {"--plan", "chacha20", "--command-timeout", "0"},
          {"--plan-preset", "no-such-paper"}}) {
        const auto r = with(bad);
        INFO(r.err);
        CHECK(r.exitCode == 1);
        CHECK(lines(r.err) == 1);
    }
    // An adb DUT's serial and plugins are refused by its kind, after the meter said what it is.
    const auto badSerial = with({"--plan", "chacha20", "--dut", "adb:0a1b;reboot"});
    CHECK(badSerial.exitCode == 1);
    CHECK_THAT(badSerial.err, Catch::Contains("adb serial \"0a1b;reboot\": use letters"));
    const auto adbPlugin =
        with({"--plan", "chacha20", "--dut", "adb", "--plugin", CIPHERWATT_XTEA_PLUGIN});
    CHECK(adbPlugin.exitCode == 1);
    CHECK_THAT(adbPlugin.err, Catch::Contains("plugins are not pushed to an Android device"));
    const auto notLoaded = with({"--plan", "xtea-128-cbc/plugin:xtea"});
    CHECK(notLoaded.exitCode == 1);
    CHECK_THAT(notLoaded.err, Catch::Contains("no plugin 'xtea' is loaded on this DUT"));
    CHECK(cli({"run", "--plan", "chacha20"}).exitCode == 1); // no label
    CHECK_FALSE(std::filesystem::exists(db));
    const auto missing = cli({"show", "7", "--db", db});
    CHECK(missing.exitCode == 2);
}

TEST_CASE("run loads a plugin into the worker and measures its cipher", "[cli][plugins]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto r = cli({"run",
                        "--meter",
                        "sim:" + kProfile,
                        "--db",
                        db,
                        "--label",
                        "xtea",
                        "--governor",
                        "none",
                        "--worker",
                        CIPHERWATT_BENCH_EXE,
                        "--plugin",
                        CIPHERWATT_XTEA_PLUGIN,
                        "--plan",
                        "xtea-128-cbc/plugin:xtea:encrypt",
                        "--baseline",
                        "1",
                        "--seconds",
                        "2",
                        "--min-updates",
                        "10"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.out, Catch::Contains("xtea-128-cbc") && Catch::Contains("plugin:xtea"));
}

TEST_CASE("kill -9 in the middle of a run: interrupted, readable, at most a second lost, "
          "governor restored",
          "[cli]")
{
    TempDir dir;
    FakeSysfs tree({0, 1});
    const std::string db = (dir.path() / "s.sqlite").string();
    Child child({CIPHERWATT_CLI_EXE,
                 "run",
                 "--meter",
                 "sim:" + kProfile,
                 "--plan",
                 "chacha20/botan:encrypt",
                 "--baseline",
                 "2",
                 "--seconds",
                 "60",
                 "--db",
                 db,
                 "--label",
                 "killed",
                 "--governor",
                 "performance",
                 "--sysfs-root",
                 tree.root().string(),
                 "--worker",
                 CIPHERWATT_BENCH_EXE});
    QThread::msleep(5000); // preparation, 2 s of baseline, then well into the run
    CHECK(tree.cpuFile(0, "scaling_governor") == "performance");
    const qint64 killedAt = QDateTime::currentMSecsSinceEpoch();
    child.kill(SIGKILL);
    child.wait(std::chrono::seconds(10));

    // The orphaned worker sees its input end, restores the governor and exits.
    for (int i = 0; i < 50 && tree.cpuFile(0, "scaling_governor") != "powersave"; ++i)
        QThread::msleep(100);
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    CHECK(tree.cpuFile(1, "scaling_max_freq") == "3000000");

    auto storage = cipherwatt::core::Storage::open(QString::fromStdString(db));
    REQUIRE(storage.ok());
    CHECK((*storage)->recoveredSessions() == 1);
    auto data = (*storage)->load(1);
    REQUIRE(data.ok());
    CHECK(data->summary.status == cipherwatt::core::SessionStatus::Interrupted);
    REQUIRE(data->samples.size() >= 20);
    const qint64 lastSample = data->originUtcMs + data->samples.back().tNs / 1'000'000;
    INFO("last stored update " << killedAt - lastSample << " ms before the kill");
    CHECK(killedAt - lastSample <= 1000);
    // The loose ends are tied as they stood at the last stored update (issue 18): the run in
    // flight is interrupted with the reason, no phase stays open, and the session ended when
    // its last update was stored, not when the database was reopened.
    const auto &run = data->runs.at(0);
    CHECK(run.status == cipherwatt::core::RunStatus::Interrupted);
    CHECK(run.error.english().contains(QStringLiteral("program")));
    CHECK(run.endNs == data->samples.back().tNs);
    for (const auto &phase : data->phases)
        CHECK(phase.endNs >= phase.startNs);
    const QDateTime ended = QDateTime::fromString(data->endedUtc, Qt::ISODateWithMs);
    REQUIRE(ended.isValid());
    CHECK(std::llabs(ended.toMSecsSinceEpoch() - lastSample) <= 1);
}

TEST_CASE("export and compare write PDFs and CSVs, and refuse what they cannot do", "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto run =
        cli({"run", "--meter", "sim:" + kProfile, "--plan", "chacha20/botan:encrypt", "--baseline",
             "2", "--seconds", "2", "--min-updates", "10", "--db", db, "--label", "export me",
             "--governor", "none", "--worker", CIPHERWATT_BENCH_EXE});
    REQUIRE(run.exitCode == 0);
    const auto out = [&](const char *name) { return (dir.path() / name).string(); };
    const auto exported = cli({"export", "1", "--db", db, "--pdf", out("r.pdf"), "--csv",
                               out("r.csv"), "--samples", out("s.csv")});
    INFO(exported.err);
    REQUIRE(exported.exitCode == 0);
    for (const char *name : {"r.pdf", "r.csv", "s.csv"})
        CHECK(std::filesystem::file_size(out(name)) > 500);
    const auto compared =
        cli({"compare", "1", "1", "--db", db, "--pdf", out("c.pdf"), "--csv", out("c.csv")});
    INFO(compared.err);
    CHECK(compared.exitCode == 0);
    CHECK(std::filesystem::exists(out("c.pdf")));

    const auto unknown = cli({"export", "99", "--db", db, "--pdf", out("x.pdf")});
    CHECK(unknown.exitCode == 2);
    CHECK(lines(unknown.err) == 1);
    CHECK_THAT(unknown.err, Catch::Contains("no session 99"));
    CHECK(cli({"export", "1", "--db", db}).exitCode == 1); // no output asked
    CHECK(cli({"compare", "1", "--db", db, "--pdf", out("c.pdf")}).exitCode == 1); // one session
    const auto unwritable = cli({"export", "1", "--db", db, "--pdf", "/nonexistent-dir/r.pdf"});
    CHECK(unwritable.exitCode == 2);
    CHECK_THAT(unwritable.err, Catch::Contains("/nonexistent-dir/r.pdf"));
    CHECK_FALSE(std::filesystem::exists(out("x.pdf")));
}
