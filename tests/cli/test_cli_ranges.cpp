// `cipherwatt-cli run` and the meter's set-up (issue 17): auto-range refused with one line that
// names the fix (a usage error), allowed with --allow-auto-range and then flagged in what is
// printed and stored, fixed ranges applied, the advisor's options checked before anything runs.

#include "cli_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <catch2/catch.hpp>

#include <temp_dir.h>

using cipherwatt::test::cli;
using cipherwatt::test::lines;
using cipherwatt::test::TempDir;

namespace {

std::vector<std::string> base(const std::string &db)
{
    return {"run",
            "--meter",
            "sim:" + cipherwatt::test::kThresholdProfile,
            "--db",
            db,
            "--label",
            "ranges",
            "--governor",
            "none",
            "--worker",
            CIPHERWATT_BENCH_EXE,
            "--baseline",
            "2",
            "--plan",
            "chacha20/botan:encrypt",
            "--min-updates",
            "20"};
}

cipherwatt::test::ProcessResult run(const std::string &db, std::vector<std::string> extra)
{
    std::vector<std::string> args = base(db);
    args.insert(args.end(), extra.begin(), extra.end());
    return cli(args);
}

} // namespace

TEST_CASE("run: auto-range is refused in one line naming the fix, nothing stored", "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto r = run(db, {"--seconds", "2", "--voltage-range", "auto"});
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains("the meter is on auto-range (U auto, I 0.5 A)") &&
                          Catch::Contains("--voltage-range and --current-range") &&
                          Catch::Contains("--ranges auto-fix") &&
                          Catch::Contains("--allow-auto-range"));
    const auto list = cli({"sessions", "--db", db, "--json"});
    CHECK(QJsonDocument::fromJson(QByteArray::fromStdString(list.out)).array().isEmpty());
}

TEST_CASE("run: the meter options are checked before anything runs", "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    auto r = run(db, {"--mode", "ac"});
    CHECK(r.exitCode == 1);
    CHECK(lines(r.err) == 1);
    CHECK_THAT(r.err, Catch::Contains("--mode: must be rms, vmean or dc, got 'ac'"));
    r = run(db, {"--current-range", "-1"});
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains("--current-range"));
    r = run(db, {"--ranges", "auto"});
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains("--ranges: must be auto-fix, got 'auto'"));
    r = run(db, {"--ranges", "auto-fix", "--seconds", "2"});
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains("leave out --iterations and --seconds"));
    r = run(db, {"--ranges", "auto-fix", "--voltage-range", "300"});
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains("give no fixed --voltage-range or --current-range"));
    // A range the model does not have: the meter's model table says which it has.
    r = run(db, {"--seconds", "2", "--current-range", "0.3"});
    CHECK(r.exitCode == 2);
    CHECK_THAT(r.err, Catch::Contains("current range 0.3 A: the WT332 has 0.5, 1, 2, 5, 10, 20"));
}

TEST_CASE("run: auto-range allowed flags every result, fixed ranges are applied and stored",
          "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto allowed = run(db, {"--seconds", "2", "--voltage-range", "auto", "--current-range",
                                  "auto", "--allow-auto-range"});
    INFO(allowed.err);
    REQUIRE(allowed.exitCode == 0);
    CHECK_THAT(allowed.err, Catch::Contains("as the operator allowed"));
    CHECK_THAT(allowed.out,
               Catch::Contains("measured on auto-range (allowed by the operator): not for "
                               "publication"));

    const auto fixed = run(db, {"--seconds", "2", "--mode", "dc", "--voltage-range", "600",
                                "--current-range", "1", "--json"});
    INFO(fixed.err);
    REQUIRE(fixed.exitCode == 0);
    const auto show = cli({"show", "2", "--db", db, "--json"});
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(show.out)).object();
    const QJsonObject meter = o[QStringLiteral("meter_setup")].toObject();
    CHECK(meter[QStringLiteral("mode")].toString() == QStringLiteral("DC"));
    CHECK(meter[QStringLiteral("voltage_range")].toObject()[QStringLiteral("value")].toDouble() ==
          600);
    CHECK(meter[QStringLiteral("current_range")].toObject()[QStringLiteral("value")].toDouble() ==
          1);
    CHECK(meter[QStringLiteral("power_range_w")].toDouble() == 600);
    const QJsonObject settings = o[QStringLiteral("settings")].toObject();
    CHECK(settings[QStringLiteral("meter_mode")].toString() == QStringLiteral("DC"));
    CHECK(settings[QStringLiteral("voltage_range")].toDouble() == 600);
}

TEST_CASE("run: the idle options (stable wait, settle as idle) are checked, applied and stored",
          "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    auto r = run(db, {"--seconds", "2", "--settle-as-idle"});
    CHECK(r.exitCode == 1);
    CHECK(lines(r.err) == 1);
    CHECK_THAT(r.err, Catch::Contains("--settle-as-idle: give the settle pause's length"));
    r = run(db, {"--seconds", "2", "--wait-for-stable=-3"});
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains("--wait-for-stable"));

    // The scripted meter's idle power is flat: stable once a 2 s window has been seen.
    r = run(db, {"--seconds", "2", "--wait-for-stable=20", "--settle", "1", "--settle-as-idle"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.err, Catch::Contains("the idle power was stable after"));
    const auto show = cli({"show", "1", "--db", db, "--json"});
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(show.out)).object();
    const QJsonObject settings = o[QStringLiteral("settings")].toObject();
    CHECK(settings[QStringLiteral("wait_for_stable_seconds")].toDouble() == 20);
    CHECK(settings[QStringLiteral("settle_is_idle")].toBool());
    const QJsonObject analysis = o[QStringLiteral("analysis")].toObject();
    CHECK(analysis[QStringLiteral("idle_windows")].toArray().size() == 1);
    CHECK(analysis[QStringLiteral("program_baseline_cores")].isDouble());
    const auto text = cli({"show", "1", "--db", db});
    CHECK_THAT(text.out, Catch::Contains("the measuring program itself:"));
}
