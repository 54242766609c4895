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

#include <fake_power.h>
#include <temp_dir.h>

using cipherwatt::test::cli;
using cipherwatt::test::FakePowerTree;
using cipherwatt::test::TempDir;
using cipherwatt::test::Ticker;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> withDut(const FakePowerTree &tree, std::vector<std::string> args)
{
    for (const std::string &a :
         {std::string("--dut"), std::string("local"), std::string("--worker"),
          std::string(CIPHERWATT_BENCH_EXE), std::string("--sysfs-root"), tree.root().string()})
        args.push_back(a);
    return args;
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
