// `cipherwatt-cli meter probe|log` with a power source on the DUT (issue 20), read through the
// local DUT's worker on a fake sysfs tree that a ticker advances. Expected powers are worked out
// by hand from what the helper writes (powercap energy_uj in µJ, hwmon power1_input in µW).

#include "cli_support.h"

#include <cipherwatt/core/csv.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <fake_power.h>
#include <fstream>
#include <load_following_rapl.h>
#include <map>
#include <temp_dir.h>

using cipherwatt::test::cli;
using cipherwatt::test::FakePowerTree;
using cipherwatt::test::TempDir;
using cipherwatt::test::Ticker;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> withDut(const FakePowerTree &tree, std::vector<std::string> args)
{
    return cipherwatt::test::withFakeSysfs(tree.root().string(), std::move(args));
}

} // namespace

TEST_CASE("meter probe reads a RAPL zone on the DUT, wrap-around included, and says the "
          "accuracy is unspecified",
          "[cli][sources]")
{
    // 12 W with a range of 5 J: the counter wraps every 0.42 s.
    constexpr double kWatts = 12.0;
    constexpr std::uint64_t kRange = 5'000'000;
    FakePowerTree tree;
    tree.addRaplZone("intel-rapl:0", "package-0", kRange);
    const Ticker ticker(2ms, 60s, [&tree](double t) {
        tree.setRaplEnergy("intel-rapl:0", static_cast<std::uint64_t>(kWatts * 1e6 * t) % kRange);
    });

    const auto json = cli(withDut(tree, {"meter", "probe", "rapl:package", "--json", "--interval",
                                         "0.1", "--seconds", "1.05"}));
    INFO(json.err);
    REQUIRE(json.exitCode == 0);
    const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(json.out)).object();
    CHECK(doc[QStringLiteral("source")][QStringLiteral("resource")] ==
          QStringLiteral("rapl:package-0"));
    CHECK(doc[QStringLiteral("source")][QStringLiteral("unit")] == QStringLiteral("uJ"));
    CHECK(doc[QStringLiteral("accuracy")] == QStringLiteral("unspecified"));
    const QJsonArray samples = doc[QStringLiteral("samples")].toArray();
    CHECK(samples.size() == 10); // reads at 0, 0.1, ..., 1.0 s: ten differences
    double joules = 0.0;
    double seconds = 0.0;
    bool wrapped = false;
    for (const auto &v : samples) {
        const QJsonObject s = v.toObject();
        CHECK(s[QStringLiteral("watts")].toDouble() > kWatts * 0.5);
        CHECK(s[QStringLiteral("watts")].toDouble() < kWatts * 1.5);
        joules += s[QStringLiteral("watts")].toDouble() * s[QStringLiteral("span_s")].toDouble();
        seconds += s[QStringLiteral("span_s")].toDouble();
        wrapped = wrapped || s[QStringLiteral("wrapped")].toBool();
    }
    CHECK(wrapped);
    CHECK(joules / seconds == Approx(kWatts).epsilon(0.05));
    CHECK(doc[QStringLiteral("count")].toInt() == samples.size());
    CHECK(doc[QStringLiteral("ci95_w")].toDouble() > 0.0);

    const auto text = cli(withDut(
        tree, {"meter", "probe", "rapl:package-0", "--interval", "0.2", "--seconds", "0.5"}));
    REQUIRE(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("Source:     rapl:package-0 (rapl) on DUT") &&
                             Catch::Contains("Accuracy:   accuracy not specified by the sensor's "
                                             "maker: only the statistical part is given") &&
                             Catch::Contains("95 % interval of the mean"));

    // A zone the DUT does not have: one line naming it and the zones there are, exit 2.
    const auto missing = cli(withDut(tree, {"meter", "probe", "rapl:dram"}));
    CHECK(missing.exitCode == 2);
    CHECK_THAT(missing.err,
               Catch::EndsWith("rapl:dram: no RAPL zone of that name (zones here: package-0)\n"));
    CHECK(cipherwatt::test::lines(missing.err) == 1);
}

TEST_CASE("meter log writes every reading of a hwmon input with its source", "[cli][sources]")
{
    FakePowerTree tree;
    // INA3221 rail VDD_IN: 1480 mA × 5080 mV = 7 518 400 µW = 7.5184 W.
    tree.addHwmon("hwmon1", "ina3221",
                  {{"in1_label", "VDD_IN"},
                   {"in1_input", "5080"},
                   {"curr1_label", "VDD_IN"},
                   {"curr1_input", "1480"}});
    const TempDir dir;
    const auto csvPath = dir.path() / "rail.csv";
    const auto r = cli(withDut(tree, {"meter", "log", "hwmon:ina3221/VDD_IN", "--seconds", "0.45",
                                      "--interval", "0.1", "--csv", csvPath.string()}));
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.err, Catch::Contains("accuracy not specified by the sensor's maker") &&
                          Catch::Contains("5 readings of hwmon:ina3221/VDD_IN logged to"));
    QFile file(QString::fromStdString(csvPath.string()));
    REQUIRE(file.open(QIODevice::ReadOnly));
    const auto rows = cipherwatt::core::parseCsv(QString::fromUtf8(file.readAll()));
    REQUIRE(rows.size() == 6);
    CHECK(rows[0] == QStringList{QStringLiteral("time_s"), QStringLiteral("utc"),
                                 QStringLiteral("source"), QStringLiteral("watts"),
                                 QStringLiteral("span_s"), QStringLiteral("wrapped"),
                                 QStringLiteral("update_interval_s")});
    for (qsizetype i = 1; i < rows.size(); ++i) {
        CHECK(rows[i][2] == QStringLiteral("hwmon:ina3221/VDD_IN"));
        CHECK(rows[i][3].toDouble() == Approx(7.5184).epsilon(1e-9));
    }
}

TEST_CASE("run --source: the simulated WT332 primary and a fake RAPL zone secondary, both net "
          "powers recovered and their ratio right, across wrap-arounds",
          "[cli][sources]")
{
    // One simulated DUT seen two ways. The simulated meter and the fake RAPL zone both follow
    // the CPU load of this test's workers (cipherwatt-bench below this process), busy at 0.1
    // cores or more:
    //   meter: idle 4.0 W, busy 10.0 W  -> net 6.0 W
    //   RAPL:  idle 2.0 W, busy  5.0 W  -> net 3.0 W, so RAPL / meter = 0.5
    // RAPL's range is 10 J: the counter wraps every 2 s busy, 5 s idle, so inside runs too.
    constexpr double kRaplIdle = 2.0;
    constexpr double kRaplBusy = 5.0;
    constexpr std::uint64_t kRange = 10'000'000;
    FakePowerTree tree;
    tree.addRaplZone("intel-rapl:0", "package-0", kRange);
    tree.setRaplEnergy("intel-rapl:0", 0);
    const cipherwatt::test::LoadFollowingRapl rapl(tree, "intel-rapl:0", kRange, kRaplIdle,
                                                   kRaplBusy);

    const TempDir dir;
    const std::string profile = (dir.path() / "dut.profile").string();
    std::ofstream(profile) << "load threshold\nload_source worker\nthreshold_cores 0.1\n"
                              "idle_power 4.0\nbusy_power 10.0\nnoise 0.02\nseed 20261125\n";
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto r = cli(withDut(tree, {"run",
                                      "--meter",
                                      "sim:" + profile,
                                      "--plan",
                                      "chacha20/botan:encrypt,aes-128-ctr/openssl:encrypt",
                                      "--source",
                                      "rapl:package",
                                      "--baseline",
                                      "3",
                                      "--seconds",
                                      "2.5",
                                      "--min-updates",
                                      "10",
                                      "--voltage-range",
                                      "300",
                                      "--current-range",
                                      "0.5",
                                      "--db",
                                      db,
                                      "--label",
                                      "two meters"}));
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.err, Catch::Contains("power source rapl:package-0 (rapl, energy_uj) read every "
                                      "0.1 s beside the meter"));

    const auto shown = cli({"show", "1", "--db", db, "--json"});
    REQUIRE(shown.exitCode == 0);
    const QJsonObject session =
        QJsonDocument::fromJson(QByteArray::fromStdString(shown.out)).object();
    const QJsonArray sources =
        session[QStringLiteral("dut_setup")][QStringLiteral("sources")].toArray();
    REQUIRE(sources.size() == 1);
    const QJsonObject source = sources[0].toObject();
    CHECK(source[QStringLiteral("requested")] == QStringLiteral("rapl:package"));
    CHECK(source[QStringLiteral("resource")] == QStringLiteral("rapl:package-0"));
    CHECK(source[QStringLiteral("method")] == QStringLiteral("energy_uj"));
    // A reading every 0.1 s from the plan's check to the end: well over the baseline's 30.
    CHECK(source[QStringLiteral("readings")].toInt() > 60);

    const QJsonArray runs = session[QStringLiteral("results")].toArray();
    REQUIRE(runs.size() == 2);
    for (const QJsonValue &v : runs) {
        const QJsonObject run = v.toObject();
        INFO(run[QStringLiteral("cipher")].toString().toStdString());
        REQUIRE(run[QStringLiteral("status")] == QStringLiteral("done"));
        const QJsonObject a = run[QStringLiteral("analysis")].toObject();
        CHECK(a[QStringLiteral("net_w")].toDouble() == Approx(6.0).epsilon(0.05));
        const QJsonArray bySource = a[QStringLiteral("sources")].toArray();
        REQUIRE(bySource.size() == 1);
        const QJsonObject x = bySource[0].toObject();
        CHECK(x[QStringLiteral("resource")] == QStringLiteral("rapl:package-0"));
        // 2.5 s of readings every 0.1 s, less the two the run's edges cut.
        CHECK(x[QStringLiteral("readings")].toInt() >= 20);
        CHECK(x[QStringLiteral("idle_w")].toDouble() == Approx(kRaplIdle).epsilon(0.05));
        CHECK(x[QStringLiteral("net_w")].toDouble() == Approx(kRaplBusy - kRaplIdle).epsilon(0.05));
        const double ratio = x[QStringLiteral("ratio")].toDouble();
        CHECK(ratio == Approx(0.5).epsilon(0.08));
        CHECK(x[QStringLiteral("ratio_low")].toDouble() < ratio);
        CHECK(x[QStringLiteral("ratio_high")].toDouble() > ratio);
        // The energy per byte scales the same net power by the run's own bytes and time.
        // (net × seconds / bytes, with bytes = throughput × seconds).
        const double perByte = x[QStringLiteral("net_w")].toDouble() /
                               a[QStringLiteral("throughput_bps")].toDouble() * 1e9;
        CHECK(x[QStringLiteral("energy_per_byte_nj")].toDouble() == Approx(perByte).epsilon(1e-6));
    }

    const auto text = cli({"show", "1", "--db", db});
    REQUIRE(text.exitCode == 0);
    CHECK_THAT(text.out,
               Catch::Contains("Sources:") &&
                   Catch::Contains("rapl:package-0 (rapl: energy_uj in uJ), read every 0.1 s") &&
                   Catch::Contains("Power sources on the DUT against the meter") &&
                   Catch::Contains("statistical only"));

    const std::string csvPath = (dir.path() / "runs.csv").string();
    const auto exported = cli({"export", "1", "--db", db, "--csv", csvPath});
    REQUIRE(exported.exitCode == 0);
    QFile runsCsv(QString::fromStdString(csvPath));
    REQUIRE(runsCsv.open(QIODevice::ReadOnly));
    const auto rows = cipherwatt::core::parseCsv(QString::fromUtf8(runsCsv.readAll()));
    REQUIRE(rows.size() == 3);
    const qsizetype column = rows[0].indexOf(QStringLiteral("rapl:package-0 / meter net power"));
    REQUIRE(column > 0);
    for (qsizetype i = 1; i < rows.size(); ++i)
        CHECK(rows[i][column].toDouble() == Approx(0.5).epsilon(0.08));

    // Every reading was stored with its source: the same count as the session's description
    // says, and what the fake zone was made to draw in each phase (medians: a reading that
    // straddles a phase's edge mixes the two levels).
    const std::string readingsPath = (dir.path() / "readings.csv").string();
    const auto readings = cli({"export", "1", "--db", db, "--readings", readingsPath});
    INFO(readings.err);
    REQUIRE(readings.exitCode == 0);
    QFile readingsCsv(QString::fromStdString(readingsPath));
    REQUIRE(readingsCsv.open(QIODevice::ReadOnly));
    const auto lines = cipherwatt::core::parseCsv(QString::fromUtf8(readingsCsv.readAll()));
    REQUIRE(lines.size() > 1);
    CHECK(lines[0] == QStringList{QStringLiteral("session"), QStringLiteral("source"),
                                  QStringLiteral("phase"), QStringLiteral("run"),
                                  QStringLiteral("time [s]"), QStringLiteral("utc"),
                                  QStringLiteral("span [s]"), QStringLiteral("power [W]")});
    CHECK(lines.size() - 1 == source[QStringLiteral("readings")].toInt());
    std::map<QString, std::vector<double>> byPhase;
    std::vector<double> spans;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        CHECK(lines[i][1] == QStringLiteral("rapl:package-0"));
        byPhase[lines[i][2]].push_back(lines[i][7].toDouble());
        spans.push_back(lines[i][6].toDouble());
    }
    const auto median = [](std::vector<double> v) {
        REQUIRE_FALSE(v.empty());
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
        return v[v.size() / 2];
    };
    CHECK(median(spans) == Approx(0.1).epsilon(0.2));
    CHECK(median(byPhase[QStringLiteral("baseline")]) == Approx(kRaplIdle).epsilon(0.05));
    CHECK(median(byPhase[QStringLiteral("run")]) == Approx(kRaplBusy).epsilon(0.05));
    CHECK(byPhase[QStringLiteral("run")].size() >= 40);
}

TEST_CASE("run --source battery: runs are lengthened to the fuel gauge's refresh period, and "
          "runs of a fixed length too short for it are a warning",
          "[cli][sources]")
{
    // A discharging battery whose gauge refreshes power_now every 0.5 s (a real one every few
    // seconds: the same arithmetic, scaled down). A run needs 10 of its readings, with the
    // meter's 15 % headroom and the two that cross the run's ends: (10 × 1.15 + 2) × 0.5 s
    // = 6.75 s, longer than the meter asks for at --min-updates 10: (10 × 1.15 + 3) × 0.1 s
    // = 1.45 s.
    FakePowerTree tree;
    tree.addBattery("BAT0", {{"status", "Discharging"}, {"power_now", "6000000"}});
    std::atomic<int> refreshes{0};
    const Ticker gauge(500ms, 120s, [&](double) {
        // The value changes at each refresh, by 1 µW (6.0 W).
        tree.setBattery("BAT0", "power_now", std::to_string(6'000'000 + (++refreshes % 2)));
    });
    const TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto run = [&](const std::vector<std::string> &length) {
        std::vector<std::string> args{
            "run",      "--meter", "sim",        "--plan",  "chacha20/botan:encrypt",
            "--source", "battery", "--baseline", "3",       "--min-updates",
            "10",       "--db",    db,           "--label", "gauge"};
        args.insert(args.end(), length.begin(), length.end());
        return cli(withDut(tree, args));
    };

    const auto automatic = run({});
    INFO(automatic.err);
    REQUIRE(automatic.exitCode == 0);
    // The period is measured between the changes the worker sees, reading every 0.1 s.
    CHECK_THAT(automatic.err, Catch::Contains("runs lengthened to ") &&
                                  Catch::Contains(" s: power source battery:BAT0 gives a reading "
                                                  "every 0.") &&
                                  Catch::Contains(" s, and each run needs 10 of them"));
    const auto shown = cli({"show", "1", "--db", db, "--json"});
    REQUIRE(shown.exitCode == 0);
    const QJsonObject session =
        QJsonDocument::fromJson(QByteArray::fromStdString(shown.out)).object();
    const QJsonObject source =
        session[QStringLiteral("dut_setup")][QStringLiteral("sources")].toArray()[0].toObject();
    CHECK(source[QStringLiteral("update_s")].toDouble() == Approx(0.5).margin(0.05));
    const QJsonArray runs = session[QStringLiteral("results")].toArray();
    REQUIRE(runs.size() == 1);
    const QJsonObject x = runs[0]
                              .toObject()[QStringLiteral("analysis")]
                              .toObject()[QStringLiteral("sources")]
                              .toArray()[0]
                              .toObject();
    INFO(QJsonDocument(x).toJson().toStdString());
    CHECK(x[QStringLiteral("readings")].toInt() >= 10);
    const auto flagged = [](const QJsonObject &figures, const char *word) {
        for (const QJsonValue &f : figures[QStringLiteral("flags")].toArray()) {
            if (f.toString().contains(QLatin1String(word)))
                return true;
        }
        return false;
    };
    CHECK_FALSE(flagged(x, "short"));
    // The gauge reads 6.0 W throughout: its net power is nothing, and says so.
    CHECK(x[QStringLiteral("idle_w")].toDouble() == Approx(6.0).epsilon(1e-5));
    CHECK(flagged(x, "not distinguishable from idle"));

    const auto fixed = run({"--seconds", "1"});
    INFO(fixed.err);
    REQUIRE(fixed.exitCode == 0);
    CHECK_THAT(fixed.err, Catch::Contains("runs of 1 s are too short for power source "
                                          "battery:BAT0, which gives a reading every 0.") &&
                              Catch::Contains("each run needs 10 of them"));
    // And its figures for the gauge say so.
    const auto second = cli({"show", "2", "--db", db, "--json"});
    REQUIRE(second.exitCode == 0);
    const QJsonObject y = QJsonDocument::fromJson(QByteArray::fromStdString(second.out))
                              .object()[QStringLiteral("results")]
                              .toArray()[0]
                              .toObject()[QStringLiteral("analysis")]
                              .toObject()[QStringLiteral("sources")]
                              .toArray()[0]
                              .toObject();
    CHECK(y[QStringLiteral("readings")].toInt() < 10);
    CHECK(flagged(y, "short run"));
}

TEST_CASE("run --source: a source the DUT lacks or a wrong one is refused before anything is "
          "measured",
          "[cli][sources]")
{
    FakePowerTree tree;
    tree.addRaplZone("intel-rapl:0", "package-0", 10'000'000);
    tree.setRaplEnergy("intel-rapl:0", 0);
    tree.addBattery("BAT0", {{"status", "Charging"}, {"power_now", "9000000"}});
    const TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto run = [&](const char *source) {
        return cli(withDut(tree, {"run", "--meter", "sim", "--plan", "chacha20/botan:encrypt",
                                  "--source", source, "--baseline", "1", "--seconds", "0.5", "--db",
                                  db, "--label", "refused"}));
    };
    const auto wrong = run("wattmeter");
    CHECK(wrong.exitCode == 1);
    CHECK_THAT(wrong.err, Catch::Contains("--source wattmeter: not a power source on the DUT"));
    const auto missing = run("rapl:dram");
    CHECK(missing.exitCode == 1);
    // One line besides the simulated meter's mark.
    CHECK(cipherwatt::test::lines(missing.err) == 2);
    CHECK_THAT(missing.err, Catch::Contains("the meter is SIMULATED") &&
                                Catch::EndsWith("session failed: power source rapl:dram: no RAPL "
                                                "zone of that name (zones here: package-0)\n"));
    // A battery being charged measures the charger too: refused with its status.
    const auto charging = run("battery");
    CHECK(charging.exitCode == 1);
    CHECK_THAT(charging.err,
               Catch::Contains("power source battery: ") && Catch::Contains("Charging"));
    // Nothing was measured: no session was stored.
    const auto sessions = cli({"sessions", "--db", db, "--json"});
    CHECK(sessions.out.find("refused") == std::string::npos);
}
