// `cipherwatt-cli show` and `compare` on repeated results, through the real executable with the
// scripted simulated meter (tests/data/sim/worker-threshold.profile: net power 8.5 W). The
// expected means, differences and ratios are worked out here from the runs' own stored net
// powers (the arithmetic mean, b − a, b / a); the intervals' arithmetic is checked against
// hand-computed cases in tests/core/test_repeats.cpp.

#include "cli_support.h"
#include "fake_sysfs.h"

#include <cipherwatt/core/csv.h>

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <temp_dir.h>

using cipherwatt::test::cli;
using cipherwatt::test::TempDir;

namespace {

const std::string &kProfile = cipherwatt::test::kThresholdProfile;

cipherwatt::test::ProcessResult measure(const std::string &db, const char *repeats,
                                        const char *currentRange)
{
    return cli({"run",
                "--meter",
                "sim:" + kProfile,
                "--plan",
                "aes-128-xts/openssl:encrypt",
                "--baseline",
                "2",
                "--seconds",
                "2",
                "--min-updates",
                "10",
                "--repeats",
                repeats,
                "--voltage-range",
                "300",
                "--current-range",
                currentRange,
                "--db",
                db,
                "--label",
                "repeats",
                "--governor",
                "none",
                "--worker",
                CIPHERWATT_BENCH_EXE});
}

QJsonObject showJson(const std::string &db, const char *id)
{
    const auto shown = cli({"show", id, "--db", db, "--json"});
    REQUIRE(shown.exitCode == 0);
    return QJsonDocument::fromJson(QByteArray::fromStdString(shown.out)).object();
}

// The net powers of a session's runs, as stored.
std::vector<double> netPowers(const QJsonObject &session)
{
    std::vector<double> out;
    for (const QJsonValue &r : session[QStringLiteral("results")].toArray())
        out.push_back(r.toObject()[QStringLiteral("analysis")]
                          .toObject()[QStringLiteral("net_w")]
                          .toDouble());
    return out;
}

QJsonObject netMean(const QJsonObject &session)
{
    const QJsonArray repeats = session[QStringLiteral("repeats")].toArray();
    REQUIRE(repeats.size() == 1);
    return repeats[0].toObject()[QStringLiteral("net_w")].toObject();
}

} // namespace

TEST_CASE("show and compare give the mean over repeats, differences and ratios with their "
          "intervals",
          "[cli]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    for (const auto &[repeats, range] : {std::pair{"3", "1"}, {"2", "1"}, {"1", "2"}}) {
        const auto r = measure(db, repeats, range);
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
    }

    // show: the table across repeats, beside the median and spread.
    const auto shown = cli({"show", "1", "--db", db});
    REQUIRE(shown.exitCode == 0);
    CHECK_THAT(shown.out, Catch::Contains("Across repeats") && Catch::Contains("median [W]") &&
                              Catch::Contains("spread [W]") && Catch::Contains("mean [W] ± 95 %") &&
                              Catch::Contains("s/√n"));

    // show --json: the mean is the arithmetic mean of the three stored net powers, its
    // standard uncertainty combines s/√3 (worked out here) and the common part.
    const QJsonObject s1 = showJson(db, "1");
    const std::vector<double> p1 = netPowers(s1);
    REQUIRE(p1.size() == 3);
    const double mean1 = (p1[0] + p1[1] + p1[2]) / 3;
    double squares = 0;
    for (const double p : p1)
        squares += (p - mean1) * (p - mean1);
    const double uRepeats = std::sqrt(squares / 2) / std::sqrt(3.0);
    const QJsonObject m1 = netMean(s1);
    CHECK(s1[QStringLiteral("repeats")].toArray()[0].toObject()[QStringLiteral("valid")].toInt() ==
          3);
    CHECK(m1[QStringLiteral("mean")].toDouble() == Approx(mean1).epsilon(1e-12));
    CHECK(m1[QStringLiteral("u_repeats")].toDouble() == Approx(uRepeats).epsilon(1e-9));
    const double u = m1[QStringLiteral("u")].toDouble();
    const double common = m1[QStringLiteral("u_common")].toDouble();
    CHECK(u * u == Approx(uRepeats * uRepeats + common * common).epsilon(1e-9));
    const double k = m1[QStringLiteral("k")].toDouble();
    CHECK(k >= 1.959);
    CHECK(m1[QStringLiteral("mean_high")].toDouble() == Approx(mean1 + k * u).epsilon(1e-9));
    CHECK(m1[QStringLiteral("mean_low")].toDouble() == Approx(mean1 - k * u).epsilon(1e-9));
    // The gain term: the meter's reading accuracy (as stored with the session) / √3, of the
    // mean.
    const double reading = s1[QStringLiteral("meter_setup")]
                               .toObject()[QStringLiteral("accuracy_of_reading")]
                               .toDouble();
    REQUIRE(reading > 0);
    CHECK(m1[QStringLiteral("u_gain")].toDouble() ==
          Approx(reading * std::fabs(mean1) / std::sqrt(3.0)).epsilon(1e-6));

    // compare, a session against itself: a difference of exactly 0 and a ratio of exactly 1,
    // not significant; same meter.
    const auto self = cli({"compare", "1", "1", "--db", db});
    INFO(self.err);
    REQUIRE(self.exitCode == 0);
    CHECK_THAT(self.out, Catch::Contains("difference [W]") && Catch::Contains("ratio") &&
                             Catch::Contains("1.000 (") && Catch::Contains("not significant") &&
                             Catch::Contains("same meter, mode and ranges"));

    // compare S1 S2 S3 with a CSV: S2 on the same meter and ranges, S3 on another current
    // range. The differences and ratios of the means are worked out from show --json.
    const std::string csvPath = (dir.path() / "c.csv").string();
    const auto compared = cli({"compare", "1", "2", "3", "--db", db, "--csv", csvPath});
    INFO(compared.err);
    REQUIRE(compared.exitCode == 0);
    CHECK_THAT(compared.out, Catch::Contains("against S1") &&
                                 Catch::Contains("different meters or ranges: independent"));
    QFile file(QString::fromStdString(csvPath));
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QList<QStringList> rows = cipherwatt::core::parseCsv(QString::fromUtf8(file.readAll()));
    REQUIRE(rows.size() == 4);
    const QStringList &header = rows[0];
    const auto col = [&](const char *name) {
        const qsizetype c = header.indexOf(QString::fromUtf8(name));
        REQUIRE(c >= 0);
        return c;
    };
    const qsizetype mean = col("net power mean [W]");
    const qsizetype same = col("same meter as first session");
    const qsizetype diff = col("net power difference from first session [W]");
    const qsizetype diffLow = col("net power difference 95% low [W]");
    const qsizetype diffHigh = col("net power difference 95% high [W]");
    const qsizetype ratio = col("net power ratio to first session");
    const qsizetype ratioLow = col("net power ratio 95% low");
    const qsizetype ratioHigh = col("net power ratio 95% high");
    const qsizetype significant = col("net power difference significant");
    CHECK(rows[1][0] == "S1");
    CHECK(rows[1][diff].isEmpty()); // the reference has no difference from itself
    CHECK(rows[1][mean].toDouble() == Approx(mean1).epsilon(1e-6));
    const double mean2 = netMean(showJson(db, "2"))[QStringLiteral("mean")].toDouble();
    const double mean3 = netMean(showJson(db, "3"))[QStringLiteral("mean")].toDouble();
    CHECK(rows[2][same] == "yes");
    CHECK(rows[3][same] == "no");
    for (const auto &[row, b] : {std::pair{2, mean2}, {3, mean3}}) {
        const QStringList &r = rows[row];
        CHECK(r[diff].toDouble() == Approx(b - mean1).margin(2e-6));
        CHECK(r[ratio].toDouble() == Approx(b / mean1).epsilon(1e-5));
        const double low = r[diffLow].toDouble();
        const double high = r[diffHigh].toDouble();
        CHECK(low < r[diff].toDouble());
        CHECK(high > r[diff].toDouble());
        const bool excludes1 = r[ratioLow].toDouble() > 1 || r[ratioHigh].toDouble() < 1;
        CHECK(r[significant] == ((low > 0 || high < 0) && excludes1 ? "yes" : "no"));
    }
}

TEST_CASE("run --order random:SEED stores the seed, show names it, a bad order is one line",
          "[cli][order]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto bad = cli({"run", "--meter", "sim:" + kProfile, "--plan", "chacha20", "--order",
                          "shuffled", "--db", db, "--label", "order"});
    CHECK(bad.exitCode != 0);
    CHECK_THAT(bad.err, Catch::Contains("--order: 'shuffled'"));
    CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);

    const auto r = cli({"run",
                        "--meter",
                        "sim:" + kProfile,
                        "--plan",
                        "aes-128-xts/openssl:encrypt,chacha20/botan:encrypt",
                        "--baseline",
                        "2",
                        "--seconds",
                        "1",
                        "--min-updates",
                        "10",
                        "--repeats",
                        "2",
                        "--order",
                        "random:11",
                        "--db",
                        db,
                        "--label",
                        "order",
                        "--governor",
                        "none",
                        "--worker",
                        CIPHERWATT_BENCH_EXE});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const auto shown = cli({"show", "1", "--db", db});
    CHECK_THAT(shown.out, Catch::Contains("Run order:") &&
                              Catch::Contains("random within each pass, seed 11"));
    const QJsonObject settings = showJson(db, "1")[QStringLiteral("settings")].toObject();
    CHECK(settings[QStringLiteral("run_order")].toString() == QStringLiteral("random"));
    CHECK(settings[QStringLiteral("run_order_seed")].toInteger() == 11);
}

TEST_CASE("run --vary isa measures each run at each level and show compares them with the first",
          "[cli][design]")
{
#if defined(__x86_64__)
    const std::string level = "sse2"; // every x86-64 CPU has it
#else
    const std::string level = "neon";
#endif
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto run = [&](const std::string &plan, const std::string &vary) {
        return cli({"run",
                    "--meter",
                    "sim:" + kProfile,
                    "--plan",
                    plan,
                    "--vary",
                    vary,
                    "--baseline",
                    "2",
                    "--seconds",
                    "1",
                    "--min-updates",
                    "10",
                    "--voltage-range",
                    "300",
                    "--current-range",
                    "0.5",
                    "--db",
                    db,
                    "--label",
                    "levels",
                    "--governor",
                    "none",
                    "--worker",
                    CIPHERWATT_BENCH_EXE});
    };
    const auto unknown = run("chacha20", "threads=2");
    CHECK(unknown.exitCode != 0);
    CHECK_THAT(unknown.err, Catch::Contains("--vary: 'threads=2'"));
    CHECK(std::count(unknown.err.begin(), unknown.err.end(), '\n') == 1);

    const auto r = run("lea-128-xts/custom:encrypt", "isa=portable," + level);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const QJsonObject session = showJson(db, "1");
    CHECK(session[QStringLiteral("settings")].toObject()[QStringLiteral("isa_levels")] ==
          QJsonArray{QStringLiteral("portable"), QString::fromStdString(level)});
    const QJsonArray runs = session[QStringLiteral("results")].toArray();
    REQUIRE(runs.size() == 2);
    // Energy per byte of each run by hand: net power x loop time / bytes (the worker's figures).
    double perByte[2] = {0, 0};
    for (int i = 0; i < 2; ++i) {
        const QJsonObject o = runs[i].toObject();
        const QString asked = i == 0 ? QStringLiteral("portable") : QString::fromStdString(level);
        CHECK(o[QStringLiteral("isa")].toString() == asked);
        const QJsonObject result = o[QStringLiteral("result")].toObject();
        CHECK(result[QStringLiteral("isa")].toString() == asked);
        const double net =
            o[QStringLiteral("analysis")].toObject()[QStringLiteral("net_w")].toDouble();
        CHECK(net == Approx(8.5).epsilon(0.05)); // the profile's net power, at either level
        perByte[i] = net * result[QStringLiteral("seconds")].toDouble() /
                     result[QStringLiteral("bytes")].toDouble() * 1e9;
    }
    const QJsonArray effects = session[QStringLiteral("isa_effects")].toArray();
    REQUIRE(effects.size() == 1);
    const QJsonObject e = effects[0].toObject();
    CHECK(e[QStringLiteral("isa")].toString() == QString::fromStdString(level));
    CHECK(e[QStringLiteral("reference_isa")].toString() == QStringLiteral("portable"));
    CHECK(e[QStringLiteral("difference_nj")].toDouble() ==
          Approx(perByte[1] - perByte[0]).epsilon(1e-6));
    CHECK(e[QStringLiteral("ratio")].toDouble() == Approx(perByte[1] / perByte[0]).epsilon(1e-6));
    CHECK(e[QStringLiteral("ratio_low")].toDouble() < e[QStringLiteral("ratio")].toDouble());
    CHECK(e[QStringLiteral("ratio_high")].toDouble() > e[QStringLiteral("ratio")].toDouble());
    const auto shown = cli({"show", "1", "--db", db});
    CHECK_THAT(shown.out, Catch::Contains("ISA levels:") && Catch::Contains("custom (portable)") &&
                              Catch::Contains("Energy per byte at each instruction-set level "
                                              "against portable"));

    // OpenSSL reads its level once: a level other than the worker's is refused before the
    // session starts, naming the backend.
    const auto refused = run("aes-128-xts/openssl:encrypt", "isa=portable," + level);
    CHECK(refused.exitCode != 0);
    CHECK_THAT(refused.err, Catch::Contains("the openssl backend keeps the level"));
}

TEST_CASE("run --vary payload encrypts each payload, padded to blocks, and show compares them "
          "with the first",
          "[cli][design][payload]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    // A "text file" on the DUT (here the local machine): its first 5 bytes are the payload.
    const std::string text = (dir.path() / "text.txt").string();
    {
        std::ofstream out(text, std::ios::binary);
        out << "Power consumption analysis of cryptographic algorithms";
    }
    const auto run = [&](const std::string &plan, const std::string &vary, const std::string &pad) {
        return cli({"run",
                    "--meter",
                    "sim:" + kProfile,
                    "--plan",
                    plan,
                    "--vary",
                    vary,
                    "--pad",
                    pad,
                    "--buffer",
                    "5",
                    "--baseline",
                    "2",
                    "--seconds",
                    "1",
                    "--min-updates",
                    "10",
                    "--voltage-range",
                    "300",
                    "--current-range",
                    "0.5",
                    "--db",
                    db,
                    "--label",
                    "payloads",
                    "--governor",
                    "none",
                    "--worker",
                    CIPHERWATT_BENCH_EXE});
    };
    // Refused before anything is measured: ECB's 5 bytes without padding (the plan's check on
    // the DUT), and a file the DUT does not have.
    const auto unpadded = run("aes-128-ecb/botan:encrypt", "payload=zeros", "none");
    CHECK(unpadded.exitCode != 0);
    CHECK_THAT(unpadded.err, Catch::Contains("--pad zeros"));
    const auto missing =
        run("aes-128-ccm-8/openssl:encrypt", "payload=file:" + text + ".gone", "none");
    CHECK(missing.exitCode != 0);
    CHECK_THAT(missing.err, Catch::Contains("text.txt.gone") && Catch::Contains("No such file"));

    const auto r = run("aes-128-ecb/botan:encrypt,aes-128-ccm-8/openssl:encrypt",
                       "payload=random,zeros,file:" + text, "zeros");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const QJsonObject session = showJson(db, "1");
    CHECK(session[QStringLiteral("settings")].toObject()[QStringLiteral("pad_zeros")].toBool());
    const QJsonArray runs = session[QStringLiteral("results")].toArray();
    REQUIRE(runs.size() == 6);
    // The SHA-256 of what each run encrypted, by Qt's hash of the same bytes.
    const auto sha256 = [](const QByteArray &bytes) {
        return QString::fromLatin1(
            QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
    };
    const std::map<QString, QString> expected{
        {QStringLiteral("zeros"), sha256(QByteArray(5, '\0'))},
        {QStringLiteral("file"), sha256(QByteArray("Power"))}};
    for (const QJsonValue &v : runs) {
        const QJsonObject o = v.toObject();
        const QJsonObject result = o[QStringLiteral("result")].toObject();
        const QString payload = o[QStringLiteral("payload")].toString();
        const bool ecb = o[QStringLiteral("cipher")].toString() == QLatin1String("aes-128-ecb");
        INFO(payload.toStdString());
        CHECK(result[QStringLiteral("payload")].toString() ==
              payload.section(QLatin1Char(':'), 0, 0));
        if (const auto it = expected.find(result[QStringLiteral("payload")].toString());
            it != expected.end())
            CHECK(result[QStringLiteral("payload_sha256")].toString() == it->second);
        // ECB: one zero-padded block; CCM-8: the payload and an 8-byte tag (SP 800-38C).
        CHECK(result[QStringLiteral("processed_bytes")].toInteger() == (ecb ? 16 : 5));
        CHECK(result[QStringLiteral("output_bytes")].toInteger() == (ecb ? 16 : 13));
        CHECK(result[QStringLiteral("bytes")].toInteger() ==
              5 * result[QStringLiteral("iterations")].toInteger());
    }
    // Each cipher's zeros and file against random.
    const QJsonArray effects = session[QStringLiteral("payload_effects")].toArray();
    REQUIRE(effects.size() == 4);
    for (const QJsonValue &v : effects) {
        const QJsonObject e = v.toObject();
        CHECK(e[QStringLiteral("reference_payload")].toString() == QStringLiteral("random"));
        CHECK(e[QStringLiteral("payload")].toString() != QStringLiteral("random"));
        CHECK(e[QStringLiteral("ratio_low")].toDouble() < e[QStringLiteral("ratio")].toDouble());
    }
    const auto shown = cli({"show", "1", "--db", db});
    CHECK_THAT(shown.out, Catch::Contains("Payloads:") && Catch::Contains("Padding:") &&
                              Catch::Contains("botan [text.txt]") &&
                              Catch::Contains("Energy per byte with each payload against random"));
    const auto csvPath = (dir.path() / "runs.csv").string();
    REQUIRE(cli({"export", "1", "--db", db, "--csv", csvPath}).exitCode == 0);
    QFile csv(QString::fromStdString(csvPath));
    REQUIRE(csv.open(QIODevice::ReadOnly));
    const QString table = QString::fromUtf8(csv.readAll());
    CHECK(table.contains(QStringLiteral("payload SHA-256")));
    CHECK(table.contains(QStringLiteral("file:") + QString::fromStdString(text)));

    // A microcontroller's firmware encrypts buffers of its own: refused at once.
    const auto mcu =
        cli({"run", "--meter", "sim:" + kProfile, "--dut", "tcp:127.0.0.1:9", "--plan",
             "aes-128-ccm-8", "--vary", "payload=zeros", "--db", db, "--label", "board"});
    CHECK(mcu.exitCode == 1);
    CHECK_THAT(mcu.err, Catch::Contains("--vary payload: tcp:127.0.0.1:9 is a microcontroller"));
}

TEST_CASE("run --design reads an experiment from a file, the command line winning, and show "
          "--design writes it back so that it runs again in the same order",
          "[cli][design]")
{
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto write = [](const std::string &path, const std::string &text) {
        std::ofstream(path, std::ios::binary) << text;
    };
    const std::string design = (dir.path() / "payloads.design").string();
    write(design, "# two sizes, two payloads, shuffled\n"
                  "plan chacha20/botan:encrypt\n"
                  "buffer 16\n"
                  "buffer 4096\n"
                  "  vary payload=random,zeros\n"
                  "repeats 2\n"
                  "order random:7\n"
                  "seconds 1\n"
                  "min-updates 10\n"
                  "baseline 2\n");
    const auto run = [&](const std::string &file, const std::string &label,
                         std::vector<std::string> more = {}) {
        std::vector<std::string> args{"run",
                                      "--meter",
                                      "sim:" + kProfile,
                                      "--design",
                                      file,
                                      "--voltage-range",
                                      "300",
                                      "--current-range",
                                      "0.5",
                                      "--db",
                                      db,
                                      "--label",
                                      label,
                                      "--governor",
                                      "none",
                                      "--worker",
                                      CIPHERWATT_BENCH_EXE};
        args.insert(args.end(), more.begin(), more.end());
        return cli(args);
    };
    // The command line's --repeats wins over the file's.
    const auto first = run(design, "from a file", {"--repeats", "1"});
    INFO(first.err);
    REQUIRE(first.exitCode == 0);
    // The runs in the order measured: cipher, buffer and payload.
    const auto order = [&](const char *id) {
        QStringList runs;
        for (const QJsonValue &v : showJson(db, id)[QStringLiteral("results")].toArray()) {
            const QJsonObject o = v.toObject();
            runs << QStringLiteral("%1/%2/%3")
                        .arg(o[QStringLiteral("cipher")].toString())
                        .arg(o[QStringLiteral("buffer")].toInteger())
                        .arg(o[QStringLiteral("payload")].toString());
        }
        return runs;
    };
    const QStringList measured = order("1");
    CHECK(measured.size() == 4); // 2 sizes x 2 payloads, one repeat
    const auto shown = cli({"show", "1", "--db", db, "--design"});
    REQUIRE(shown.exitCode == 0);
    for (const char *line :
         {"plan chacha20/botan:encrypt", "buffer 16,4096", "vary payload=random,zeros", "repeats 1",
          "order random:7", "seconds 1", "min-updates 10", "baseline 2"})
        CHECK_THAT(shown.out, Catch::Contains(std::string("\n") + line + "\n"));
    // Run again from the written design: the same runs in the same order.
    const std::string again = (dir.path() / "again.design").string();
    write(again, shown.out);
    const auto second = run(again, "again");
    INFO(second.err);
    REQUIRE(second.exitCode == 0);
    CHECK(order("2") == measured);

    // Mistakes: one line naming the file, the line and what is wrong; nothing measured.
    write(design, "plan chacha20\ncolour blue\n");
    const auto unknown = run(design, "bad");
    CHECK(unknown.exitCode == 1);
    CHECK_THAT(unknown.err, Catch::Contains("line 2: 'colour' is not a design option"));
    CHECK(std::count(unknown.err.begin(), unknown.err.end(), '\n') == 1);
    write(design, "plan chacha20\nrepeats 2\nrepeats 3\n");
    CHECK_THAT(run(design, "bad").err, Catch::Contains("line 3: repeats is given twice"));
    const auto missing = run(design + ".gone", "bad");
    CHECK(missing.exitCode == 1);
    CHECK_THAT(missing.err, Catch::Contains("cannot be read"));
}

TEST_CASE("run --vary freq pins each level, idles at it, skips a level the DUT refuses, and show "
          "finds the energy-optimal frequency",
          "[cli][design]")
{
    // A fake cpufreq tree with a frequency table, and a simulated DUT whose idle and busy power
    // depend on the frequency the tree is pinned at (read by the simulator at every update):
    //   800 MHz: idle 3.0 W, net 6.0 W;  1600 MHz: idle 3.5 W, net 2.0 W;  2400 MHz: idle 5.0 W,
    //   net 4.0 W. 2000 MHz is inside the hardware range but not in the table: refused.
    // With the session's own baseline (idle 4.0 W at 3000 MHz, the tree's maximum) the net
    // powers would be 5.0, 1.5 and 5.0 W: only idle windows at each level give the above.
    const cipherwatt::test::FakeSysfs tree({0, 1});
    for (unsigned cpu : {0U, 1U})
        tree.write(cipherwatt::test::FakeSysfs::cpufreq(cpu, "scaling_available_frequencies"),
                   "800000 1600000 2400000 3000000");
    TempDir dir;
    const std::string profile = (dir.path() / "freq.profile").string();
    std::ofstream(profile)
        << "load threshold\nload_source worker\nthreshold_cores 0.1\n"
           "idle_power 4.0\nbusy_power 12.5\nnoise 0.05\nseed 20261125\n"
           "cpu_frequency_file "
        << (tree.root() / cipherwatt::test::FakeSysfs::cpufreq(0, "scaling_max_freq")).string()
        << "\ncpu_frequency_power 800000 3.0 6.0\n"
           "cpu_frequency_power 1600000 3.5 2.0\n"
           "cpu_frequency_power 2400000 5.0 4.0\n";
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto r = cli({"run",
                        "--meter",
                        "sim:" + profile,
                        "--plan",
                        "chacha20/botan:encrypt",
                        "--vary",
                        "freq=800MHz,2GHz,1.6GHz,2.4GHz",
                        "--baseline",
                        "2",
                        "--seconds",
                        "1.5",
                        "--min-updates",
                        "10",
                        "--voltage-range",
                        "300",
                        "--current-range",
                        "0.5",
                        "--db",
                        db,
                        "--label",
                        "sweep",
                        "--sysfs-root",
                        tree.root().string(),
                        "--worker",
                        CIPHERWATT_BENCH_EXE});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.err, Catch::Contains("the DUT refused the frequency level 2000 MHz"));
    // Restored at the end: the tree's own settings.
    CHECK(tree.cpuFile(0, "scaling_min_freq") == "400000");
    CHECK(tree.cpuFile(1, "scaling_max_freq") == "3000000");
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");

    const QJsonObject session = showJson(db, "1");
    const QJsonArray runs = session[QStringLiteral("results")].toArray();
    REQUIRE(runs.size() == 4);
    const std::map<qint64, std::pair<double, double>> expected{
        {800000, {3.0, 6.0}}, {1600000, {3.5, 2.0}}, {2400000, {5.0, 4.0}}};
    std::map<qint64, double> perByte;
    for (const QJsonValue &v : runs) {
        const QJsonObject o = v.toObject();
        const qint64 kHz = o[QStringLiteral("frequency_khz")].toInteger();
        INFO(kHz << " kHz: " << o[QStringLiteral("error")].toString().toStdString());
        if (kHz == 2000000) {
            CHECK(o[QStringLiteral("status")].toString() == QStringLiteral("skipped"));
            CHECK(o[QStringLiteral("error")].toString().contains(
                QStringLiteral("not one of its available frequencies")));
            continue;
        }
        REQUIRE(o[QStringLiteral("status")].toString() == QStringLiteral("done"));
        const QJsonObject result = o[QStringLiteral("result")].toObject();
        CHECK(result[QStringLiteral("frequency_khz")].toInteger() == kHz); // read back
        const QJsonObject analysis = o[QStringLiteral("analysis")].toObject();
        CHECK(analysis[QStringLiteral("idle_w")].toDouble() ==
              Approx(expected.at(kHz).first).margin(0.05));
        const double net = analysis[QStringLiteral("net_w")].toDouble();
        CHECK(net == Approx(expected.at(kHz).second).epsilon(0.05));
        perByte[kHz] = net * result[QStringLiteral("seconds")].toDouble() /
                       result[QStringLiteral("bytes")].toDouble() * 1e9;
    }
    REQUIRE(perByte.size() == 3);
    const qint64 best =
        std::min_element(perByte.begin(), perByte.end(), [](const auto &a, const auto &b) {
            return a.second < b.second;
        })->first;
    const QJsonArray curves = session[QStringLiteral("frequency_curves")].toArray();
    REQUIRE(curves.size() == 1);
    const QJsonObject curve = curves[0].toObject();
    CHECK(curve[QStringLiteral("optimum_khz")].toInteger() == best);
    const QJsonArray points = curve[QStringLiteral("points")].toArray();
    REQUIRE(points.size() == 3); // ascending, the refused level left out
    CHECK(points[0].toObject()[QStringLiteral("frequency_khz")].toInteger() == 800000);
    CHECK(points[2].toObject()[QStringLiteral("frequency_khz")].toInteger() == 2400000);
    for (const QJsonValue &v : points) {
        const QJsonObject p = v.toObject();
        const qint64 kHz = p[QStringLiteral("frequency_khz")].toInteger();
        CHECK(
            p[QStringLiteral("energy_per_byte_nj")].toObject()[QStringLiteral("mean")].toDouble() ==
            Approx(perByte.at(kHz)).epsilon(1e-6));
        if (kHz != best)
            CHECK(p[QStringLiteral("difference_from_optimum_nj")].toDouble() ==
                  Approx(perByte.at(kHz) - perByte.at(best)).epsilon(1e-6));
    }
    CHECK(curve[QStringLiteral("not_measured")].toArray().size() == 1);
    const auto shown = cli({"show", "1", "--db", db});
    CHECK_THAT(shown.out, Catch::Contains("CPU frequencies:") &&
                              Catch::Contains("Energy-optimal frequency") &&
                              Catch::Contains("@ 1600 MHz"));

    // Levels are pinned through the governor: not without it.
    const auto unpinned =
        cli({"run", "--meter", "sim:" + profile, "--plan", "chacha20", "--vary", "freq=800MHz",
             "--governor", "none", "--db", db, "--label", "unpinned"});
    CHECK(unpinned.exitCode != 0);
    CHECK_THAT(unpinned.err, Catch::Contains("--vary freq"));
    // Nor on a microcontroller, which has no frequency to pin: refused before anything opens.
    const auto board =
        cli({"run", "--meter", "sim:" + profile, "--dut", "tcp:127.0.0.1:9", "--plan", "chacha20",
             "--vary", "freq=800MHz", "--db", db, "--label", "board"});
    CHECK(board.exitCode != 0);
    CHECK_THAT(board.err, Catch::Contains("--vary freq: tcp:127.0.0.1:9 is a microcontroller"));
}

TEST_CASE("run --vary governor pins each governor, idles under it, skips one the DUT lacks, and "
          "--vary chunking streams only the ciphers that can",
          "[cli][design][governor]")
{
    // A fake cpufreq tree without ondemand, and a simulated DUT whose idle and busy power
    // depend on the governor cpu0 runs (read by the simulator at every update):
    //   schedutil: idle 3.0 W, net 2.0 W;  performance: idle 4.5 W, net 6.0 W.
    const cipherwatt::test::FakeSysfs tree({0, 1});
    for (unsigned cpu : {0U, 1U})
        tree.write(cipherwatt::test::FakeSysfs::cpufreq(cpu, "scaling_available_governors"),
                   "performance powersave schedutil");
    TempDir dir;
    const std::string profile = (dir.path() / "governor.profile").string();
    std::ofstream(profile)
        << "load threshold\nload_source worker\nthreshold_cores 0.1\n"
           "idle_power 4.0\nbusy_power 12.5\nnoise 0.05\nseed 20261125\n"
           "cpu_governor_file "
        << (tree.root() / cipherwatt::test::FakeSysfs::cpufreq(0, "scaling_governor")).string()
        << "\ncpu_governor_power schedutil 3.0 2.0\n"
           "cpu_governor_power performance 4.5 6.0\n";
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto r = cli({"run",
                        "--meter",
                        "sim:" + profile,
                        "--plan",
                        "chacha20/botan:encrypt,aes-128-cbc/openssl:encrypt",
                        "--vary",
                        "governor=schedutil,ondemand,performance",
                        "--vary",
                        "chunking=message,stream",
                        "--baseline",
                        "2",
                        "--seconds",
                        "1.5",
                        "--min-updates",
                        "10",
                        "--voltage-range",
                        "300",
                        "--current-range",
                        "0.5",
                        "--db",
                        db,
                        "--label",
                        "governors",
                        "--sysfs-root",
                        tree.root().string(),
                        "--worker",
                        CIPHERWATT_BENCH_EXE});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.err, Catch::Contains("the DUT refused the governor level ondemand"));
    // Restored at the end: the tree's own governor.
    CHECK(tree.cpuFile(0, "scaling_governor") == "powersave");
    CHECK(tree.cpuFile(1, "scaling_governor") == "powersave");

    const QJsonObject session = showJson(db, "1");
    const QJsonArray runs = session[QStringLiteral("results")].toArray();
    // Per governor: chacha20 as messages and as a stream, AES-CBC as messages only.
    REQUIRE(runs.size() == 9);
    const std::map<QString, std::pair<double, double>> expected{
        {QStringLiteral("schedutil"), {3.0, 2.0}}, {QStringLiteral("performance"), {4.5, 6.0}}};
    std::map<std::pair<QString, QString>, double> perByte; // (governor, chunking) of chacha20
    int streams = 0;
    for (const QJsonValue &v : runs) {
        const QJsonObject o = v.toObject();
        const QString governor = o[QStringLiteral("governor")].toString();
        const QString chunking = o[QStringLiteral("chunking")].toString();
        const QString cipher = o[QStringLiteral("cipher")].toString();
        INFO(cipher.toStdString() << " " << governor.toStdString() << " " << chunking.toStdString()
                                  << ": " << o[QStringLiteral("error")].toString().toStdString());
        if (cipher == QLatin1String("aes-128-cbc"))
            CHECK(chunking == QStringLiteral("message"));
        if (governor == QLatin1String("ondemand")) {
            CHECK(o[QStringLiteral("status")].toString() == QStringLiteral("skipped"));
            CHECK(o[QStringLiteral("error")].toString().contains(QStringLiteral("not available")));
            continue;
        }
        REQUIRE(o[QStringLiteral("status")].toString() == QStringLiteral("done"));
        const QJsonObject result = o[QStringLiteral("result")].toObject();
        CHECK(result[QStringLiteral("governor")].toString() == governor); // read back
        CHECK(result[QStringLiteral("chunking")].toString() == chunking);
        streams += chunking == QLatin1String("stream") ? 1 : 0;
        const QJsonObject analysis = o[QStringLiteral("analysis")].toObject();
        CHECK(analysis[QStringLiteral("idle_w")].toDouble() ==
              Approx(expected.at(governor).first).margin(0.05));
        const double net = analysis[QStringLiteral("net_w")].toDouble();
        CHECK(net == Approx(expected.at(governor).second).epsilon(0.05));
        if (cipher == QLatin1String("chacha20"))
            perByte[{governor, chunking}] = net * result[QStringLiteral("seconds")].toDouble() /
                                            result[QStringLiteral("bytes")].toDouble() * 1e9;
    }
    CHECK(streams == 2);
    REQUIRE(perByte.size() == 4);
    // Each governor against the first (schedutil): the ratio of the energies per byte.
    const QJsonArray governors = session[QStringLiteral("governor_effects")].toArray();
    REQUIRE(governors.size() == 3); // chacha20 message and stream, AES-CBC message
    for (const QJsonValue &v : governors) {
        const QJsonObject e = v.toObject();
        CHECK(e[QStringLiteral("governor")].toString() == QStringLiteral("performance"));
        CHECK(e[QStringLiteral("reference_governor")].toString() == QStringLiteral("schedutil"));
        if (e[QStringLiteral("cipher")].toString() != QLatin1String("chacha20"))
            continue;
        const QString chunking = e[QStringLiteral("chunking")].toString();
        CHECK(e[QStringLiteral("ratio")].toDouble() ==
              Approx(perByte.at({QStringLiteral("performance"), chunking}) /
                     perByte.at({QStringLiteral("schedutil"), chunking}))
                  .epsilon(1e-6));
    }
    // Stream against message, at each governor: chacha20 only.
    const QJsonArray chunkings = session[QStringLiteral("chunking_effects")].toArray();
    REQUIRE(chunkings.size() == 2);
    for (const QJsonValue &v : chunkings) {
        const QJsonObject e = v.toObject();
        CHECK(e[QStringLiteral("cipher")].toString() == QStringLiteral("chacha20"));
        CHECK(e[QStringLiteral("chunking")].toString() == QStringLiteral("stream"));
    }
    const auto shown = cli({"show", "1", "--db", db});
    CHECK_THAT(shown.out, Catch::Contains("Governors:") && Catch::Contains("Chunking:") &&
                              Catch::Contains("under each CPU governor against schedutil") &&
                              Catch::Contains("with each chunking against message") &&
                              Catch::Contains("botan, stream @ performance"));
    // The design written back names both factors.
    const auto design = cli({"show", "1", "--db", db, "--design"});
    CHECK_THAT(design.out, Catch::Contains("vary governor=schedutil,ondemand,performance") &&
                               Catch::Contains("vary chunking=message,stream"));

    // A frequency and a governor factor together are refused, in either order, before anything
    // opens; so is a governor the kernel does not document, and the stream level alone for a
    // cipher that cannot stream (when the worker's catalogue is known).
    const auto both =
        cli({"run", "--meter", "sim:" + profile, "--plan", "chacha20", "--vary", "freq=800MHz",
             "--vary", "governor=performance", "--db", db, "--label", "both"});
    CHECK(both.exitCode != 0);
    CHECK_THAT(both.err, Catch::Contains("vary either freq or governor, not both"));
    const auto unknown = cli({"run", "--meter", "sim:" + profile, "--plan", "chacha20", "--vary",
                              "governor=turbo", "--db", db, "--label", "unknown"});
    CHECK(unknown.exitCode != 0);
    CHECK_THAT(unknown.err, Catch::Contains("'turbo' is not a level of governor (performance, "
                                            "powersave, userspace, ondemand, conservative, "
                                            "schedutil)"));
    const auto cbc =
        cli({"run", "--meter", "sim:" + profile, "--plan", "aes-128-cbc/openssl:encrypt", "--vary",
             "chunking=stream", "--baseline", "1", "--governor", "none", "--db", db, "--label",
             "cbc", "--worker", CIPHERWATT_BENCH_EXE});
    CHECK(cbc.exitCode != 0);
    CHECK_THAT(cbc.err, Catch::Contains("chunking=stream: aes-128-cbc/openssl cannot continue a "
                                        "key stream"));
}
