// `cipherwatt-cli run|show|export` with a microcontroller DUT: the firmware on qemu-system-arm,
// `--dut tcp:127.0.0.1:<port>`, the simulated meter, the third paper's payloads.

#include "qemu_process.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStringList>
#include <catch2/catch.hpp>

#include <process.h>
#include <temp_dir.h>

using cipherwatt::test::QemuProcess;
using cipherwatt::test::runProcess;
using cipherwatt::test::TempDir;

namespace {

cipherwatt::test::ProcessResult cli(std::vector<std::string> args)
{
    args.insert(args.begin(), CIPHERWATT_CLI_EXE);
    return runProcess(args, {}, std::chrono::seconds(120));
}

// The CSV's rows, split on commas (the cells used here hold none).
QList<QStringList> csvRows(const std::string &path)
{
    QFile file(QString::fromStdString(path));
    REQUIRE(file.open(QIODevice::ReadOnly));
    QList<QStringList> rows;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (!line.trimmed().isEmpty())
            rows << QString::fromUtf8(line.trimmed()).split(QLatin1Char(','));
    }
    return rows;
}

} // namespace

TEST_CASE("cipherwatt-cli measures the firmware on qemu, stores, shows and exports the session",
          "[mcu]")
{
    QemuProcess board;
    TempDir dir;
    const std::string db = (dir.path() / "s.sqlite").string();
    const auto r = cli({"run", "--meter", "sim", "--dut", board.resource().toStdString(), "--db",
                        db, "--label", "AES-CCM-8 on a Cortex-M3", "--plan",
                        "aes-128-ccm-8/firmware:encrypt", "--buffer", "5,20,50,100", "--seconds",
                        "0.5", "--baseline", "1", "--min-updates", "3"});
    INFO(r.err << "\nqemu: " << board.log());
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.err, Catch::Contains("the governor is not pinned: a microcontroller has none"));
    CHECK_THAT(r.err, Catch::Contains("SIMULATED"));
    CHECK_THAT(r.out, Catch::Contains("time µs/op") && Catch::Contains("energy µJ/op (95 %)") &&
                          Catch::Contains("charge µC/op (95 %)") && Catch::Contains("tag B") &&
                          Catch::Contains("* not real core cycles: the board is emulated"));

    const auto list = cli({"sessions", "--db", db, "--json"});
    REQUIRE(list.exitCode == 0);
    const QJsonArray sessions =
        QJsonDocument::fromJson(QByteArray::fromStdString(list.out)).array();
    REQUIRE(sessions.size() == 1);
    const std::string id = std::to_string(sessions[0].toObject().value("id").toInt());

    const auto show = cli({"show", id, "--db", db});
    INFO(show.err);
    REQUIRE(show.exitCode == 0);
    CHECK_THAT(show.out,
               Catch::Contains("DUT:           " + board.resource().toStdString() +
                               ": Arm Cortex-M3 at 25 MHz, board mps2-an385 (1 cores, armv7-m)"));
    CHECK_THAT(show.out, Catch::Contains("Governor:      not pinned: a microcontroller has no CPU "
                                         "governor"));
    CHECK_THAT(show.out, Catch::Contains("CPU pinning:   none (a microcontroller: one core)"));
    CHECK_THAT(show.out, Catch::Contains("Per operation (one message of the payload's bytes):"));

    const std::string exported = (dir.path() / "export.csv").string();
    const std::string pdf = (dir.path() / "report.pdf").string();
    const auto exportRun = cli({"export", id, "--db", db, "--csv", exported, "--pdf", pdf});
    INFO(exportRun.err);
    REQUIRE(exportRun.exitCode == 0);
    // The PDF's per-operation table (read back with poppler's pdftotext): a row for each
    // payload, CCM-8's 8-byte tag, and the cycles marked as not real (the backend is not
    // matched by name: the PDF sets "fi" as a ligature).
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    INFO("pdftotext must be installed (poppler-utils)");
    REQUIRE_FALSE(pdftotext.isEmpty());
    const auto text =
        runProcess({pdftotext.toStdString(), "-layout", pdf, "-"}, {}, std::chrono::seconds(30));
    REQUIRE(text.exitCode == 0);
    // (headers are text: they may wrap between their words, "time [µs/" "op]")
    CHECK_THAT(text.out, Catch::Contains("Per operation") && Catch::Contains("time [µs/") &&
                             Catch::Contains("charge [µC/op]") &&
                             Catch::Contains("Not real core cycles: the board was emulated"));
    QStringList rowsFound;
    const QRegularExpression pdfRow(QStringLiteral(
        "aes-128-ccm-8 +\\S+ +encrypt +([0-9]+) +8 +1 +[0-9]+\\.[0-9]{3} +[0-9]+\\.[0-9]\\*"));
    for (const QString &line : QString::fromStdString(text.out).split(QLatin1Char('\n'))) {
        if (const auto m = pdfRow.match(line); m.hasMatch())
            rowsFound << m.captured(1);
    }
    CHECK(rowsFound == QStringList{"5", "20", "50", "100"});
    {
        const QList<QStringList> rows = csvRows(exported);
        REQUIRE(rows.size() == 5); // the header and the four payloads
        const QStringList &header = rows[0];
        const auto column = [&](const char *name) {
            const qsizetype c = header.indexOf(QString::fromUtf8(name));
            REQUIRE(c >= 0);
            return c;
        };
        QStringList payloads;
        for (qsizetype k = 1; k < rows.size(); ++k) {
            const QStringList &row = rows[k];
            payloads << row[column("buffer [B]")];
            CHECK(row[column("status")] == QStringLiteral("done"));
            CHECK(row[column("tag [B]")] == QStringLiteral("8")); // CCM-8: an 8-byte tag
            CHECK(row[column("cycles are core cycles")] == QStringLiteral("no"));
            // Time per operation is the run's time over its messages.
            const double seconds = row[column("run time [s]")].toDouble();
            const double iterations = row[column("iterations")].toDouble();
            REQUIRE(iterations > 0);
            CHECK(row[column("time per operation [us]")].toDouble() ==
                  Approx(seconds / iterations * 1e6).epsilon(1e-5));
            CHECK_FALSE(row[column("energy per operation [µJ]")].isEmpty());
            // Charge per operation: the net current times the loop's time over its messages
            // (Q = I t), in µC.
            const double amps = row[column("net current [A]")].toDouble();
            // (the CSV's current has 9 decimals, its charge 6: rounding margins)
            CHECK(row[column("charge per operation [µC]")].toDouble() ==
                  Approx(amps * seconds / iterations * 1e6)
                      .margin(1e-9 * seconds / iterations * 1e6 + 1e-6));
        }
        CHECK(payloads == QStringList{"5", "20", "50", "100"});
    }
}
