// A power source on the DUT as the session's only meter (issue 20): `--meter rapl:<zone>`,
// `--meter battery`, and `--meter auto` with no WT300 on USB. The local DUT's worker reads a
// fake sysfs tree that a test helper advances from the load of the test's own workers, so the
// net power each session must recover is known by construction (expected values by hand, in
// each case's comment). No accuracy is specified for these sources: the budgets must hold the
// statistical terms alone, and every output must name the source as the meter.

#include "cli_support.h"

#include <cipherwatt/core/csv.h>
#include <cipherwatt/instruments/cpu_load.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QString>
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <fake_power.h>
#include <load_following_rapl.h>
#include <mutex>
#include <temp_dir.h>
#include <unistd.h>

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

QJsonObject shownJson(const std::string &db, const char *id)
{
    const auto shown = cli({"show", id, "--db", db, "--json"});
    REQUIRE(shown.exitCode == 0);
    return QJsonDocument::fromJson(QByteArray::fromStdString(shown.out)).object();
}

// The budget's terms by key, and its combined standard uncertainty.
std::map<QString, double> budgetTerms(const QJsonObject &analysis)
{
    std::map<QString, double> terms;
    const QJsonObject budget = analysis[QStringLiteral("budget")].toObject();
    for (const QJsonValue &t : budget[QStringLiteral("terms")].toArray())
        terms[t[QStringLiteral("term")].toString()] = t[QStringLiteral("u_w")].toDouble();
    return terms;
}

} // namespace

TEST_CASE("run --meter rapl:package: a RAPL zone on the DUT is the only meter, its net power "
          "recovered with statistical intervals alone, and named as the meter everywhere",
          "[cli][sources][source-meter]")
{
    // The fake zone follows the test's workers: idle 2.0 W, busy 5.0 W (at 0.1 cores or more),
    // so every run's net power is 3.0 W. Its range is 10 J: the counter wraps every 2 s busy.
    constexpr double kIdle = 2.0;
    constexpr double kBusy = 5.0;
    constexpr std::uint64_t kRange = 10'000'000;
    FakePowerTree tree;
    tree.addRaplZone("intel-rapl:0", "package-0", kRange);
    tree.setRaplEnergy("intel-rapl:0", 0);
    const cipherwatt::test::LoadFollowingRapl rapl(tree, "intel-rapl:0", kRange, kIdle, kBusy);

    const TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto r =
        cli(withDut(tree, {"run", "--meter", "rapl:package", "--plan",
                           "chacha20/botan:encrypt,aes-128-ctr/openssl:encrypt", "--baseline", "3",
                           "--seconds", "2.5", "--min-updates", "10", "--cycles-model",
                           "1.35V,200mA", "--db", db, "--label", "rapl as the meter"}));
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.err, Catch::Contains("the meter is power source rapl:package-0 on the DUT (rapl, "
                                      "energy_uj), read every 0.1 s: not a calibrated instrument"));
    CHECK_THAT(r.err, !Catch::Contains("SIMULATED"));

    const QJsonObject session = shownJson(db, "1");
    const QJsonObject meter = session[QStringLiteral("meter_setup")].toObject();
    const QJsonObject source = meter[QStringLiteral("source")].toObject();
    CHECK(source[QStringLiteral("requested")] == QStringLiteral("rapl:package"));
    CHECK(source[QStringLiteral("resource")] == QStringLiteral("rapl:package-0"));
    CHECK(source[QStringLiteral("method")] == QStringLiteral("energy_uj"));
    CHECK(source[QStringLiteral("readings")].toInt() > 60);
    CHECK(meter[QStringLiteral("accuracy_of_reading")].toDouble() == 0.0);
    CHECK(meter[QStringLiteral("accuracy_of_range")].toDouble() == 0.0);
    CHECK(meter[QStringLiteral("identity")][QStringLiteral("transport")] == QStringLiteral("dut"));
    CHECK(meter[QStringLiteral("identity")][QStringLiteral("simulated")] == false);
    CHECK(meter[QStringLiteral("description")].toString().startsWith(
        QStringLiteral("rapl:package-0 on the DUT (RAPL energy counter of the CPU package only")));

    const QJsonArray runs = session[QStringLiteral("results")].toArray();
    REQUIRE(runs.size() == 2);
    for (const QJsonValue &v : runs) {
        const QJsonObject run = v.toObject();
        INFO(run[QStringLiteral("cipher")].toString().toStdString());
        REQUIRE(run[QStringLiteral("status")] == QStringLiteral("done"));
        const QJsonObject a = run[QStringLiteral("analysis")].toObject();
        CHECK(a[QStringLiteral("idle_w")].toDouble() == Approx(kIdle).epsilon(0.05));
        CHECK(a[QStringLiteral("net_w")].toDouble() == Approx(kBusy - kIdle).epsilon(0.05));
        // 2.5 s of 0.1 s readings, less those the run's edges cut.
        CHECK(a[QStringLiteral("samples")].toInt() >= 20);
        // Only the statistical terms: u = √(u_run² + u_idle²), no meter term at all.
        const auto terms = budgetTerms(a);
        CHECK(terms.size() == 2);
        REQUIRE(terms.count(QStringLiteral("run_mean")) == 1);
        REQUIRE(terms.count(QStringLiteral("idle_mean")) == 1);
        const double u = a[QStringLiteral("budget")][QStringLiteral("u_w")].toDouble();
        CHECK(u == Approx(std::hypot(terms.at(QStringLiteral("run_mean")),
                                     terms.at(QStringLiteral("idle_mean"))))
                       .epsilon(1e-9));
        CHECK(a[QStringLiteral("net_low_w")].toDouble() < a[QStringLiteral("net_w")].toDouble());
    }

    // The fourth paper's cycles model, as the run asked for it: kept with the settings and
    // shown beside each result, E/B = cycles/B ÷ f × I × V with no clock given: the counter's
    // own rate over the loop (cycles ÷ seconds), and model ÷ measured.
    const QJsonObject constants =
        session[QStringLiteral("settings")][QStringLiteral("cycles_model")].toObject();
    CHECK(constants[QStringLiteral("volts")].toDouble() == 1.35);
    CHECK(constants[QStringLiteral("amps")].toDouble() == Approx(0.2));
    const QJsonArray modelRows =
        session[QStringLiteral("cycles_model")][QStringLiteral("rows")].toArray();
    REQUIRE(modelRows.size() == 2);
    for (const QJsonValue &v : modelRows) {
        const QJsonObject row = v.toObject();
        INFO(row[QStringLiteral("label")].toString().toStdString());
        QJsonObject match;
        for (const QJsonValue &run : runs) {
            if (run[QStringLiteral("cipher")] == row[QStringLiteral("cipher")])
                match = run.toObject();
        }
        const QJsonObject result = match[QStringLiteral("result")].toObject();
        const double cycles = result[QStringLiteral("cycles")].toDouble();
        REQUIRE(cycles > 0);
        const double perByte = cycles / result[QStringLiteral("bytes")].toDouble();
        const double hertz = cycles / result[QStringLiteral("seconds")].toDouble();
        CHECK(row[QStringLiteral("clock")] == QStringLiteral("counter rate"));
        CHECK(row[QStringLiteral("clock_hz")].toDouble() == Approx(hertz).epsilon(1e-9));
        const double model = perByte / hertz * 0.2 * 1.35 * 1e9;
        CHECK(row[QStringLiteral("model_nj_per_byte")].toDouble() == Approx(model).epsilon(1e-9));
        const double measured =
            match[QStringLiteral("analysis")][QStringLiteral("energy_per_byte_nj")].toDouble();
        CHECK(row[QStringLiteral("ratio")].toDouble() == Approx(model / measured).epsilon(1e-9));
    }

    const auto text = cli({"show", "1", "--db", db});
    REQUIRE(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("Meter:") &&
                             Catch::Contains("rapl:package-0 on the DUT (RAPL energy counter") &&
                             Catch::Contains("a power source on the DUT, not a power meter: "
                                             "energy_uj in uJ, read every 0.1 s") &&
                             !Catch::Contains("meter rdg") &&
                             Catch::Contains("Cycles model:  V = 1.35 V, I = 200 mA per cycle, "
                                             "f = the run's clock") &&
                             Catch::Contains("Cycles model (the fourth paper's estimate, not a "
                                             "measurement"));
    // Given to `show` for one look, another model (nothing stored).
    const auto other = cli({"show", "1", "--db", db, "--cycles-model", "1V,1A,1GHz"});
    REQUIRE(other.exitCode == 0);
    CHECK_THAT(other.out, Catch::Contains("V = 1 V, I = 1 A per cycle, f = 1000 MHz"));
    const auto bad = cli({"show", "1", "--db", db, "--cycles-model", "1V"});
    CHECK(bad.exitCode == 1);
    CHECK_THAT(bad.err, Catch::Contains("--cycles-model 1V: needs a voltage"));

    const std::string csvPath = (dir.path() / "runs.csv").string();
    const std::string pdfPath = (dir.path() / "report.pdf").string();
    const auto exported = cli({"export", "1", "--db", db, "--csv", csvPath, "--pdf", pdfPath});
    INFO(exported.err);
    REQUIRE(exported.exitCode == 0);
    QFile runsCsv(QString::fromStdString(csvPath));
    REQUIRE(runsCsv.open(QIODevice::ReadOnly));
    const auto rows = cipherwatt::core::parseCsv(QString::fromUtf8(runsCsv.readAll()));
    REQUIRE(rows.size() == 3);
    const qsizetype column = rows[0].indexOf(QStringLiteral("meter"));
    REQUIRE(column > 0);
    const qsizetype ratioColumn =
        rows[0].indexOf(QStringLiteral("cycles model / measured energy per byte"));
    REQUIRE(ratioColumn > 0);
    for (qsizetype i = 1; i < rows.size(); ++i) {
        CHECK(rows[i][column] ==
              QStringLiteral("rapl:package-0: power source on the DUT, accuracy not specified"));
        CHECK(rows[i][ratioColumn].toDouble() > 0);
    }

    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    INFO("pdftotext must be installed (poppler-utils)");
    REQUIRE_FALSE(pdftotext.isEmpty());
    const auto pdf = cipherwatt::test::runProcess({pdftotext.toStdString(), pdfPath, "-"}, {},
                                                  std::chrono::seconds(30));
    REQUIRE(pdf.exitCode == 0);
    // (pdftotext keeps the PDF's line breaks: the phrases are short enough not to wrap; the
    // PDF sets "fi" as a ligature, so no phrase with it is matched)
    CHECK_THAT(pdf.out, Catch::Contains("power source on the DUT, not a power meter") &&
                            Catch::Contains("by its maker") &&
                            Catch::Contains("no accuracy term") && !Catch::Contains("SIMULATED"));
}

TEST_CASE("run --meter auto: without a WT300 on USB the DUT's only RAPL package zone is the "
          "meter, and with nothing readable now the simulator, and why",
          "[cli][sources][source-meter]")
{
    const TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto run = [&](const FakePowerTree &tree, const char *label) {
        return cli(withDut(tree, {"run", "--meter", "auto", "--plan", "chacha20/botan:encrypt",
                                  "--baseline", "1", "--seconds", "1", "--min-updates", "5", "--db",
                                  db, "--label", label}));
    };
    {
        // A readable package zone (auto never reads a root-only one through a helper), a
        // charging battery and an INA3221 rail: the package zone.
        FakePowerTree tree;
        tree.addRaplZone("intel-rapl:0", "package-0", 10'000'000);
        tree.setRaplEnergy("intel-rapl:0", 0);
        std::atomic<std::uint64_t> uj{0};
        const Ticker counter(50ms, 60s, [&](double) {
            tree.setRaplEnergy("intel-rapl:0", uj += 150'000); // 3 W
        });
        tree.addBattery("BAT0", {{"status", "Charging"}, {"power_now", "9000000"}});
        const auto r = run(tree, "auto picks rapl");
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
        CHECK_THAT(r.err, Catch::Contains("meter auto: no WT300 on USB; the DUT's rapl:package-0 "
                                          "is the meter (RAPL energy counter of the CPU package "
                                          "only)") &&
                              !Catch::Contains("SIMULATED"));
        const QJsonObject meter = shownJson(db, "1")[QStringLiteral("meter_setup")].toObject();
        CHECK(meter[QStringLiteral("source")][QStringLiteral("resource")] ==
              QStringLiteral("rapl:package-0"));
        // Why this meter stays with the session.
        CHECK(QJsonDocument(meter[QStringLiteral("warnings")].toArray())
                  .toJson()
                  .contains("no WT300 on USB"));
    }
    {
        // Nothing auto may take: a charging battery, two packages, a hwmon rail. The simulator
        // is the meter, marked as always, and the note says why each source was not taken.
        FakePowerTree tree;
        tree.addBattery("BAT0", {{"status", "Charging"}, {"power_now", "9000000"}});
        tree.addRaplZone("intel-rapl:0", "package-0", 10'000'000);
        tree.addRaplZone("intel-rapl:1", "package-1", 10'000'000);
        tree.setRaplEnergy("intel-rapl:0", 1);
        tree.setRaplEnergy("intel-rapl:1", 1);
        const auto r = run(tree, "auto falls back");
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
        CHECK_THAT(r.err, Catch::Contains("meter auto: no WT300 on USB and no power source on the "
                                          "DUT that can be read now (") &&
                              Catch::Contains("rapl:package-0: one of 2 CPU packages") &&
                              Catch::Contains("battery:BAT0: ") && Catch::Contains("Charging") &&
                              Catch::Contains("the simulated WT332 is the meter") &&
                              Catch::Contains("the meter is SIMULATED"));
        const QJsonObject session = shownJson(db, "2");
        CHECK(session[QStringLiteral("meter_setup")][QStringLiteral("identity")]
                     [QStringLiteral("simulated")] == true);
        CHECK_FALSE(
            session[QStringLiteral("meter_setup")].toObject().contains(QStringLiteral("source")));
    }
}

TEST_CASE("run --meter battery: the fuel gauge is the meter, runs last its refresh period's "
          "worth of updates, and a charging battery is refused",
          "[cli][sources][source-meter]")
{
    // A discharging battery whose gauge refreshes power_now every 0.5 s with the mean power of
    // the workers' load over the period just ended (idle 6.0 W, busy 9.0 W at 0.1 cores or
    // more): net 3.0 W. With --min-updates 6, a run needs (6 × 1.15 + 2) × 0.5 s = 4.45 s.
    // A gauge's value counts toward a run only when its whole refresh period lies inside it.
    constexpr double kIdle = 6.0;
    constexpr double kBusy = 9.0;
    FakePowerTree tree;
    tree.addBattery("BAT0", {{"status", "Discharging"}, {"power_now", "6000000"}});
    // A gauge's value that does not change cannot be told from no refresh (the worker sees
    // refreshes as changes): like a real gauge's, this one's last digit moves (by 1 µW).
    std::mutex loadMutex;
    cipherwatt::instruments::CpuLoad load(QStringLiteral("cipherwatt-bench"),
                                          static_cast<qint64>(::getpid()));
    int refreshes = 0;
    const Ticker gauge(500ms, 120s, [&](double) {
        const std::lock_guard lock(loadMutex);
        const double watts = load.sample() >= 0.1 ? kBusy : kIdle;
        tree.setBattery("BAT0", "power_now",
                        std::to_string(std::llround(watts * 1e6) + (++refreshes % 2)));
    });
    const TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto r = cli(withDut(tree, {"run", "--meter", "battery", "--plan",
                                      "chacha20/botan:encrypt", "--baseline", "4", "--min-updates",
                                      "6", "--db", db, "--label", "gauge as the meter"}));
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.err, Catch::Contains("the meter is power source battery:BAT0 on the DUT") &&
                          Catch::Contains("runs lengthened to ") &&
                          Catch::Contains(" s: power source battery:BAT0 gives a reading every "
                                          "0.") &&
                          Catch::Contains("each run needs 6 of them"));
    const QJsonObject session = shownJson(db, "1");
    const QJsonObject meter = session[QStringLiteral("meter_setup")].toObject();
    CHECK(meter[QStringLiteral("source")][QStringLiteral("update_s")].toDouble() ==
          Approx(0.5).margin(0.1));
    CHECK(meter[QStringLiteral("interval_ms")].toInt() == Approx(500).margin(100));
    const QJsonArray runs = session[QStringLiteral("results")].toArray();
    REQUIRE(runs.size() == 1);
    const QJsonObject a = runs[0].toObject()[QStringLiteral("analysis")].toObject();
    INFO(QJsonDocument(runs[0].toObject()).toJson().toStdString());
    // Sized for 6 whole refresh periods with the meter's headroom: on a loaded machine the run
    // may go faster than its pilot and hold fewer, and then it says so.
    const int samples = a[QStringLiteral("samples")].toInt();
    CHECK(samples >= 4);
    if (samples < 6)
        CHECK(QJsonDocument(a[QStringLiteral("flags")].toArray()).toJson().contains("short run"));
    CHECK(a[QStringLiteral("idle_w")].toDouble() == Approx(kIdle).epsilon(0.03));
    CHECK(a[QStringLiteral("net_w")].toDouble() == Approx(kBusy - kIdle).epsilon(0.12));

    // A battery being charged measures the charger too: refused before anything is measured.
    FakePowerTree charging;
    charging.addBattery("BAT0", {{"status", "Charging"}, {"power_now", "9000000"}});
    const auto refused = cli(withDut(
        charging, {"run", "--meter", "battery", "--plan", "chacha20/botan:encrypt", "--baseline",
                   "1", "--seconds", "1", "--db", db, "--label", "charging"}));
    CHECK(refused.exitCode == 1);
    CHECK(cipherwatt::test::lines(refused.err) == 1);
    CHECK_THAT(refused.err, Catch::StartsWith("cipherwatt-cli: session failed: meter battery: ") &&
                                Catch::Contains("Charging"));
    const auto sessions = cli({"sessions", "--db", db, "--json"});
    CHECK(sessions.out.find("charging") == std::string::npos);

    // Ranges are a WT300's: asked of a source, a usage error naming it.
    const auto ranges = cli(withDut(
        tree, {"run", "--meter", "battery", "--plan", "chacha20/botan:encrypt", "--voltage-range",
               "300", "--baseline", "1", "--seconds", "1", "--db", db, "--label", "ranges"}));
    CHECK(ranges.exitCode == 1);
    CHECK_THAT(ranges.err, Catch::Contains("battery: a power source on the DUT has no ranges"));
}
