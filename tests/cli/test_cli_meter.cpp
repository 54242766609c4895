// `cipherwatt-cli meter probe|log` through the real executable.

#include "cli_support.h"

#include <cipherwatt/core/csv.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <catch2/catch.hpp>

#include <csignal>
#include <process.h>
#include <temp_dir.h>
#include <thread>

using cipherwatt::test::Child;
using cipherwatt::test::runProcess;
using cipherwatt::test::TempDir;

using cipherwatt::test::cli;
using cipherwatt::test::lines;

namespace {

QList<QStringList> readCsv(const std::filesystem::path &path)
{
    QFile file(QString::fromStdString(path.string()));
    REQUIRE(file.open(QIODevice::ReadOnly));
    return cipherwatt::core::parseCsv(QString::fromUtf8(file.readAll()));
}

} // namespace

TEST_CASE("the version option prints the project version", "[cli]")
{
    const auto r = cli({"--version"});
    CHECK(r.exitCode == 0);
    CHECK(r.out == std::string("cipherwatt-cli ") + CIPHERWATT_VERSION + "\n");
}

TEST_CASE("meter probe shows identity, set-up and samples", "[cli]")
{
    const auto r = cli({"meter", "probe", "sim", "--elements", "1", "--items", "U,I,P,PF"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.out, Catch::Contains("YOKOGAWA WT332") && Catch::Contains("[SIMULATED]") &&
                          Catch::Contains("update every 100 ms") && Catch::Contains("P1 [W]") &&
                          Catch::Contains("simulated"));

    const auto json = cli({"meter", "probe", "sim", "--json", "--rate", "250ms"});
    REQUIRE(json.exitCode == 0);
    const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(json.out)).object();
    CHECK(doc[QStringLiteral("identity")].toObject()[QStringLiteral("simulated")].toBool());
    CHECK(doc[QStringLiteral("interval_ms")].toInt() == 250);
    CHECK(doc[QStringLiteral("samples")].toArray().size() == 5);
}

TEST_CASE("meter errors are one line with the right exit code", "[cli]")
{
    const auto unreachable = cli({"meter", "probe", "tcp:127.0.0.1:9"});
    CHECK(unreachable.exitCode == 2);
    CHECK(lines(unreachable.err) == 1);
    CHECK_THAT(unreachable.err, Catch::Contains("127.0.0.1:9"));
    const auto unknown = cli({"meter", "probe", "gpib:7"}); // the operator's string: usage
    CHECK(unknown.exitCode == 1);
    CHECK_THAT(unknown.err, Catch::Contains("gpib"));
    const auto noDevice = cli({"meter", "probe", "serial:/dev/cipherwatt-absent"});
    CHECK(noDevice.exitCode == 2);
    CHECK_THAT(noDevice.err, Catch::Contains("/dev/cipherwatt-absent"));
    for (const std::vector<std::string> &bad :
         {std::vector<std::string>{"meter", "probe"},
          {"meter", "probe", "sim", "--rate", "300ms"},
          {"meter", "probe", "sim", "--items", "U,X"},
          {"meter", "probe", "sim", "--bogus"},
          {"meter", "log", "sim", "--csv", "/tmp/x.csv"},
          {"meter", "log", "sim", "--seconds", "-1", "--csv", "/tmp/x.csv"},
          {"meter", "frobnicate"},
          {"frobnicate"}}) {
        const auto r = cli(bad);
        INFO(r.err);
        CHECK(r.exitCode == 1);
        CHECK(lines(r.err) == 1);
    }
}

TEST_CASE("meter log writes every update with units, time and flags", "[cli]")
{
    TempDir dir;
    const auto csv = dir.path() / "log.csv";
    const auto r = cli({"meter", "log", "sim", "--seconds", "3", "--csv", csv.string(),
                        "--elements", "1", "--items", "U,I,P,PF", "--format", "ascii"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.err, Catch::Contains("0 missed, 0 duplicates") && Catch::Contains("SIMULATED"));
    const auto rows = readCsv(csv);
    REQUIRE(rows.size() >= 29);
    CHECK(rows[0] ==
          QStringList{"time_s", "utc", "sequence", "U1 [V]", "I1 [A]", "P1 [W]", "PF1", "flags"});
    CHECK(rows.size() - 1 <= 32);
    for (qsizetype i = 1; i < rows.size(); ++i) {
        CHECK(rows[i][2].toInt() == i); // every update, in order
        CHECK(rows[i][7] == QStringLiteral("simulated"));
        CHECK(rows[i][1].endsWith(QLatin1Char('Z')));
        bool ok = false;
        CHECK(rows[i][5].toDouble(&ok) > 0);
        CHECK(ok);
    }
}

TEST_CASE("Ctrl-C during meter log keeps what was logged", "[cli]")
{
    TempDir dir;
    const auto csv = dir.path() / "log.csv";
    Child child(
        {CIPHERWATT_CLI_EXE, "meter", "log", "sim", "--seconds", "60", "--csv", csv.string()});
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    CHECK_FALSE(std::filesystem::exists(csv)); // written atomically: not there while logging
    child.kill(SIGINT);
    CHECK(child.wait(std::chrono::seconds(10)) == 2);
    const auto rows = readCsv(csv);
    CHECK(rows.size() >= 8);
}

TEST_CASE("meter log to an unwritable place fails and leaves nothing", "[cli]")
{
    const auto r =
        cli({"meter", "log", "sim", "--seconds", "1", "--csv", "/nonexistent-dir/log.csv"});
    CHECK(r.exitCode == 2);
    CHECK(lines(r.err) >= 1);
    CHECK_THAT(r.err, Catch::Contains("/nonexistent-dir/log.csv"));
}
