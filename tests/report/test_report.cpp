// PDF and CSV exports of real sessions produced with the simulated meter, read back with
// poppler's tools (pdftotext, pdfinfo, pdfimages, pdffonts) and the CSV parser, and compared
// with the database. The pages are rendered to PNG (pdftoppm) under the build's
// test-artifacts folder, to be looked at.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/csv.h>
#include <cipherwatt/core/export.h>
#include <cipherwatt/core/results.h>
#include <cipherwatt/report/report.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <process.h>
#include <session_helpers.h>
#include <temp_dir.h>

using namespace cipherwatt::core;
using cipherwatt::test::runProcess;
using cipherwatt::test::TempDir;

namespace {

const QString kOddLabel = QStringLiteral("LEA, \"fast\" & CHAM\n두 번째 줄 (리아)");

// Two short sessions, measured once per test run by the "report: make the test sessions"
// fixture into CIPHERWATT_REPORT_SESSIONS (about 20 s that every test's process would spend
// again), and read from there; a test run on its own (no database there yet) measures them.
struct Sessions
{
    QString database = QStringLiteral(CIPHERWATT_REPORT_SESSIONS);
    std::vector<SessionData> data;

    explicit Sessions(bool fresh)
    {
        if (fresh) {
            for (const char *suffix : {"", "-wal", "-shm"})
                QFile::remove(database + QLatin1String(suffix));
        }
        if (QFileInfo::exists(database)) {
            for (const qint64 id : {1, 2})
                data.push_back(cipherwatt::test::loadSession(database, id));
            return;
        }
        QDir().mkpath(QFileInfo(database).absolutePath());
        RunnerOptions options;
        options.databasePath = database;
        options.localWorker.program = QStringLiteral(CIPHERWATT_BENCH_EXE);
        const QString profile =
            QStringLiteral(CIPHERWATT_TEST_DATA) + QStringLiteral("/sim/worker-threshold.profile");
        for (const QString &label : {kOddLabel, QStringLiteral("second session")}) {
            SessionSettings s;
            s.label = label;
            s.operatorName = QStringLiteral("김 연구원");
            s.tags = {QStringLiteral("x86"), QStringLiteral("report")};
            s.meterResource = QStringLiteral("sim:") + profile;
            s.planSpec = label == kOddLabel
                             ? QStringLiteral("aes-128-xts/openssl,lea-128-xts/custom:encrypt")
                             : QStringLiteral("aes-128-xts/openssl,chacha20/botan:encrypt");
            s.baselineSeconds = 3;
            s.runLength.kind = RunLength::Kind::Seconds;
            s.runLength.seconds = 3;
            s.minUpdates = 20;
            s.pinGovernor = false;
            const auto out = cipherwatt::test::runSession(s, options);
            REQUIRE(out.status == SessionStatus::Complete);
            data.push_back(cipherwatt::test::loadSession(database, out.session));
        }
        REQUIRE(data.at(0).summary.id == 1);
        REQUIRE(data.at(1).summary.id == 2);
    }
};

Sessions &sessions()
{
    static Sessions s(false);
    return s;
}

// `value` to three significant digits, written out ("2.40", "72.1", "655").
QString threeDigits(double value)
{
    const int decimals =
        std::max(0, 2 - static_cast<int>(std::floor(std::log10(std::fabs(value)))));
    return QString::number(value, 'f', decimals);
}

QString artifacts(const char *sub)
{
    const QString dir =
        QStringLiteral(CIPHERWATT_ARTIFACTS_DIR) + QLatin1Char('/') + QLatin1String(sub);
    QDir().mkpath(dir);
    return dir;
}

// A poppler tool (poppler-utils, installed by packaging/install-deps.sh).
std::string tool(std::vector<std::string> argv)
{
    const QString program = QStandardPaths::findExecutable(QString::fromStdString(argv.front()));
    INFO(argv.front() << " must be installed (poppler-utils)");
    REQUIRE_FALSE(program.isEmpty());
    argv.front() = program.toStdString();
    const auto r = runProcess(argv, {}, std::chrono::seconds(60));
    INFO(argv.front() << ": " << r.err);
    REQUIRE(r.exitCode == 0);
    return r.out;
}

QList<QStringList> readCsv(const QString &path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return parseCsv(QString::fromUtf8(f.readAll()));
}

int pageCount(const std::string &pdf)
{
    const std::string info = tool({"pdfinfo", pdf});
    const auto at = info.find("Pages:");
    REQUIRE(at != std::string::npos);
    return std::stoi(info.substr(at + 6));
}

void renderPages(const std::string &pdf, const QString &prefix)
{
    tool({"pdftoppm", "-r", "80", "-png", pdf, prefix.toStdString()});
}

// The typesetting of every page, from poppler's word boxes (pdftotext -bbox-layout): a heading
// (a horizontal line set larger than the body's 9 pt: 12 to 20 pt high) always has something
// of its own below it on the same page, above the footer; and no line of text ends in a number
// and "±" (a number wrapped away from its interval).
void checkTypesetting(const std::string &pdf)
{
    const QString xml = QString::fromStdString(tool({"pdftotext", "-bbox-layout", pdf, "-"}));
    const QRegularExpression lineRe(
        QStringLiteral("<line xMin=\"([\\d.]+)\" yMin=\"([\\d.]+)\" xMax=\"([\\d.]+)\" "
                       "yMax=\"([\\d.]+)\">(.*?)</line>"),
        QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpression wordRe(QStringLiteral(">([^<]*)</word>"));
    // A number whose interval went to the next line (a header may wrap after its "±").
    const QRegularExpression numberCutOff(QStringLiteral("[0-9]\\s*±$"));
    const QStringList pages = xml.split(QStringLiteral("<page "));
    REQUIRE(pages.size() > 1);
    for (qsizetype page = 1; page < pages.size(); ++page) {
        struct Line
        {
            double top, bottom, width;
            QString text;
        };
        std::vector<Line> lines;
        for (auto m = lineRe.globalMatch(pages[page]); m.hasNext();) {
            const auto l = m.next();
            QStringList words;
            for (auto w = wordRe.globalMatch(l.captured(5)); w.hasNext();)
                words << w.next().captured(1);
            lines.push_back({l.captured(2).toDouble(), l.captured(4).toDouble(),
                             l.captured(3).toDouble() - l.captured(1).toDouble(),
                             words.join(QLatin1Char(' '))});
        }
        INFO("page " << page << " of " << pdf);
        REQUIRE(!lines.empty());
        // The footer: the line that says "page N of M", the lowest on the page.
        const auto footer = std::find_if(lines.begin(), lines.end(), [&](const Line &l) {
            return l.text.startsWith(QStringLiteral("page %1 of ").arg(page));
        });
        REQUIRE(footer != lines.end());
        for (const Line &l : lines) {
            INFO(l.text.toStdString());
            CHECK_FALSE(numberCutOff.match(l.text).hasMatch());
            const double height = l.bottom - l.top;
            if (height < 12 || height > 20 || l.width < height)
                continue;
            const bool followed = std::any_of(lines.begin(), lines.end(), [&](const Line &o) {
                return o.top >= l.bottom && o.bottom <= footer->top;
            });
            CHECK(followed); // a heading stranded at the foot of its page
        }
    }
}

} // namespace

TEST_CASE("make the test sessions", "[.make-sessions]")
{
    const Sessions made(true);
    CHECK(made.data.size() == 2);
}

TEST_CASE("session PDF: the analysis' numbers, Korean text, simulated on every page, vector "
          "charts",
          "[report]")
{
    const SessionData &d = sessions().data.at(0);
    const QString pdf = artifacts("report") + QStringLiteral("/session.pdf");
    const auto written = cipherwatt::report::writeSessionPdf(d, pdf);
    INFO((written ? QString() : written.error().message.english()).toStdString());
    REQUIRE(written.ok());
    const std::string path = pdf.toStdString();
    const int pages = pageCount(path);
    CHECK(pages >= 3);
    CHECK_THAT(tool({"pdfinfo", path}), Catch::Contains("A4"));

    const QString text = QString::fromStdString(tool({"pdftotext", "-layout", path, "-"}));
    CHECK(text.contains(QStringLiteral("두 번째 줄 (리아)")));
    CHECK(text.contains(QStringLiteral("김 연구원")));
    // Throughput in one SI unit for the column, MB/s or GB/s at today's rates (the header
    // wraps between its words).
    const QRegularExpressionMatch rate =
        QRegularExpression(QStringLiteral("\\[([kMGT])B/s\\]")).match(text);
    REQUIRE(rate.hasMatch());
    const double rateScale =
        std::pow(10.0, 3 * (QStringLiteral("kMGT").indexOf(rate.captured(1)) + 1));
    CHECK_FALSE(text.contains(QStringLiteral("KB/s")));
    for (const ResultRow &row : resultRows(d)) {
        INFO(row.key.label().toStdString());
        REQUIRE(row.measured == 1);
        // The table's throughput in the unit its header names, and cycles per byte, as the
        // analysis has them, each to three significant digits.
        CHECK(text.contains(threeDigits(row.throughputBytesPerSecond / rateScale)));
        CHECK(text.contains(threeDigits(row.cyclesPerByte)));
        // The net power with its interval: "8.51 ± 0.50" style, value and half-width both.
        const double half = (row.netWatts.high - row.netWatts.low) / 2;
        const int decimals = std::clamp(1 - static_cast<int>(std::floor(std::log10(half))), 0, 8);
        CHECK(text.contains(QStringLiteral("%1 ± %2")
                                .arg(row.netWatts.value, 0, 'f', decimals)
                                .arg(half, 0, 'f', decimals)));
    }
    for (int page = 1; page <= pages; ++page) {
        INFO("page " << page);
        const std::string one =
            tool({"pdftotext", "-f", std::to_string(page), "-l", std::to_string(page), path, "-"});
        CHECK_THAT(one, Catch::Contains("SIMULATED METER"));
        CHECK_THAT(
            one, Catch::Contains("page " + std::to_string(page) + " of " + std::to_string(pages)));
    }
    // Charts are vector graphics: the PDF holds no raster image at all.
    const std::string images = tool({"pdfimages", "-list", path});
    CHECK(std::count(images.begin(), images.end(), '\n') == 2); // the two header lines
    CHECK_THAT(tool({"pdffonts", path}), Catch::Contains("NanumGothic") && Catch::Contains("yes"));
    checkTypesetting(path);
    renderPages(path, artifacts("report") + QStringLiteral("/session"));
}

TEST_CASE("session PDF: across repeats, the mean of the valid repeats and its interval", "[report]")
{
    // The first session's runs, each repeated twice more at ±0.2 W: the mean of every result
    // is its first run's value, by construction.
    SessionData d = sessions().data.at(0);
    const std::vector<StoredRun> first = d.runs;
    for (const double shift : {0.2, -0.2}) {
        for (StoredRun r : first) {
            REQUIRE(r.analysis);
            r.ordinal += static_cast<int>(first.size()) * (shift > 0 ? 1 : 2);
            r.repeat += shift > 0 ? 1 : 2;
            RunResult &a = *r.analysis;
            a.netWatts += shift;
            a.netLow += shift;
            a.netHigh += shift;
            d.runs.push_back(r);
        }
    }
    const QString pdf = artifacts("report") + QStringLiteral("/session-repeats.pdf");
    REQUIRE(cipherwatt::report::writeSessionPdf(d, pdf).ok());
    const std::string path = pdf.toStdString();
    const QString text = QString::fromStdString(tool({"pdftotext", "-layout", path, "-"}))
                             .replace(QChar(0xFB00), QStringLiteral("ff"))
                             .replace(QChar(0xFB01), QStringLiteral("fi"));
    CHECK(text.contains(QStringLiteral("Across repeats")));
    CHECK(text.contains(QStringLiteral("do not average down")));
    for (const StoredRun &r : first) {
        const ResultKey key = ResultKey::of(r);
        INFO(key.label().toStdString());
        const std::vector<ResultRow> rows = resultRows(d);
        const auto row = std::find_if(rows.begin(), rows.end(),
                                      [&](const ResultRow &x) { return x.key == key; });
        REQUIRE(row != rows.end());
        const MeanInterval &m = row->netWatts.mean;
        CHECK(m.count == 3);
        CHECK(m.mean == Approx(r.analysis->netWatts).epsilon(1e-12));
        // s = 0.2 W over three repeats: s/√3 = 0.11547 W, and the common terms on top.
        CHECK(m.uRepeats == Approx(0.2 / std::sqrt(3.0)).epsilon(1e-9));
        CHECK(m.u > m.uRepeats);
        // "8.5 ± 0.3" style: the mean to its interval's decimals.
        const double half = (m.high - m.low) / 2;
        const int decimals = std::clamp(1 - static_cast<int>(std::floor(std::log10(half))), 0, 8);
        CHECK(text.contains(
            QStringLiteral("%1 ± %2").arg(m.mean, 0, 'f', decimals).arg(half, 0, 'f', decimals)));
    }
    checkTypesetting(path);
    renderPages(path, artifacts("report") + QStringLiteral("/session-repeats"));
}

TEST_CASE("session PDF: a frequency sweep's table, its energy-optimal level and its curves",
          "[report][design]")
{
    // The first session's runs at three frequency levels: at 1000 MHz as measured, at 600 and
    // 1400 MHz with 1.5 and 1.25 times the net power (and energy per byte) at the same speed,
    // so 1000 MHz is the optimum of every result.
    SessionData d = sessions().data.at(0);
    d.settings.frequencyLevelsKHz = {600000, 1000000, 1400000};
    const std::vector<StoredRun> first = d.runs;
    d.runs.clear();
    int ordinal = 0;
    for (const auto &[kHz, factor] : std::vector<std::pair<std::uint64_t, double>>{
             {600000, 1.5}, {1000000, 1.0}, {1400000, 1.25}}) {
        for (StoredRun r : first) {
            REQUIRE(r.analysis);
            r.ordinal = ++ordinal;
            r.request = r.request.value_or(WorkerRequest{});
            r.request->frequencyKHz = kHz;
            RunResult &a = *r.analysis;
            for (double *v : {&a.netWatts, &a.netLow, &a.netHigh, &a.energyPerByteNj,
                              &a.energyPerByteNjLow, &a.energyPerByteNjHigh})
                *v *= factor;
            d.runs.push_back(r);
        }
    }
    const std::vector<FrequencyCurve> curves = frequencyCurves(d);
    REQUIRE_FALSE(curves.empty());
    for (const FrequencyCurve &c : curves) {
        if (c.points.size() == 3) {
            REQUIRE(c.optimum);
            CHECK(c.points[*c.optimum].kHz == 1000000);
        }
    }
    const QString pdf = artifacts("report") + QStringLiteral("/session-frequencies.pdf");
    REQUIRE(cipherwatt::report::writeSessionPdf(d, pdf).ok());
    const std::string path = pdf.toStdString();
    const QString text =
        QString::fromStdString(tool({"pdftotext", "-raw", path, "-"})).simplified();
    CHECK(text.contains(QStringLiteral("CPU frequencies")));
    CHECK(text.contains(QStringLiteral("1000 MHz")));
    CHECK(text.contains(QStringLiteral("optimum")));
    CHECK(text.contains(QStringLiteral("CPU frequency [MHz]")));
    CHECK(text.contains(QStringLiteral("every run at 600 MHz, 1000 MHz, 1400 MHz")));
    checkTypesetting(path);
    renderPages(path, artifacts("report") + QStringLiteral("/session-frequencies"));
}

TEST_CASE("session PDF: each payload against the first, and whether any differs",
          "[report][design]")
{
    // The first session's runs with three payloads: random as measured, zeros the same (no
    // difference), and a file at twice the net power and energy per byte (a difference well
    // outside the intervals, which the text must then count).
    SessionData d = sessions().data.at(0);
    d.settings.payloadLevels = {QStringLiteral("random"), QStringLiteral("zeros"),
                                QStringLiteral("file:/data/text.txt")};
    const std::vector<StoredRun> first = d.runs;
    d.runs.clear();
    int ordinal = 0;
    int results = 0;
    for (const auto &[payload, factor] :
         std::vector<std::pair<QString, double>>{{QStringLiteral("random"), 1.0},
                                                 {QStringLiteral("zeros"), 1.0},
                                                 {QStringLiteral("file:/data/text.txt"), 2.0}}) {
        for (StoredRun r : first) {
            REQUIRE(r.analysis);
            r.ordinal = ++ordinal;
            r.request = r.request.value_or(WorkerRequest{});
            r.request->payload = payload.section(QLatin1Char(':'), 0, 0);
            r.request->payloadFile = payload.section(QLatin1Char(':'), 1);
            RunResult &a = *r.analysis;
            for (double *v : {&a.netWatts, &a.netLow, &a.netHigh, &a.energyPerByteNj,
                              &a.energyPerByteNjLow, &a.energyPerByteNjHigh})
                *v *= factor;
            d.runs.push_back(r);
            results += payload == QLatin1String("zeros") ? 1 : 0;
        }
    }
    const std::vector<FactorEffect> effects = payloadEffects(d);
    REQUIRE(effects.size() == static_cast<std::size_t>(2 * results));
    int differ = 0;
    for (const FactorEffect &e : effects) {
        const MeanComparison &c = e.comparison.energyPerByteNj;
        REQUIRE(c.valid());
        if (e.row.key.payload == QLatin1String("zeros")) {
            CHECK(c.difference == Approx(0.0).margin(1e-9));
            CHECK_FALSE(c.significant());
        } else {
            CHECK(c.ratio == Approx(2.0));
            differ += c.significant() ? 1 : 0;
        }
    }
    CHECK(differ == results);
    const QString pdf = artifacts("report") + QStringLiteral("/session-payloads.pdf");
    REQUIRE(cipherwatt::report::writeSessionPdf(d, pdf).ok());
    const std::string path = pdf.toStdString();
    // The typeset text's ligatures (ﬀ, ﬁ) as letters.
    const QString text = QString::fromStdString(tool({"pdftotext", "-raw", path, "-"}))
                             .replace(QChar(0xFB00), QStringLiteral("ff"))
                             .replace(QChar(0xFB01), QStringLiteral("fi"))
                             .simplified();
    CHECK(text.contains(QStringLiteral("Payloads")));
    CHECK(text.contains(QStringLiteral("file text.txt")));
    CHECK(text.contains(QStringLiteral("random, zeros, /data/text.txt")));
    CHECK(text.contains(QStringLiteral("%1 of %2 results differ beyond their 95 % interval")
                            .arg(differ)
                            .arg(effects.size())));
    // The grouped bars: each pair's ratio to random above it.
    CHECK(text.contains(QStringLiteral("×2.000 (1.983 to 2.017)")));
    CHECK(text.contains(QStringLiteral("×1.000")));
    checkTypesetting(path);
    renderPages(path, artifacts("report") + QStringLiteral("/session-payloads"));

    // Two buffer sizes (in the same test: a report test's sessions take a while to make):
    // energy per byte against the size, on a logarithmic axis.
    // The first session's runs at 4 KiB as measured, again at 64 B with three times the energy
    // per byte: one curve per result, two points each, ascending.
    SessionData sized = sessions().data.at(0);
    sized.settings.bufferSizes = {64, 4096};
    const std::vector<StoredRun> measured = sized.runs;
    int next = static_cast<int>(measured.size());
    for (StoredRun r : measured) {
        REQUIRE(r.analysis);
        r.ordinal = ++next;
        r.bufferBytes = 64;
        for (double *v : {&r.analysis->energyPerByteNj, &r.analysis->energyPerByteNjLow,
                          &r.analysis->energyPerByteNjHigh})
            *v *= 3.0;
        sized.runs.push_back(r);
    }
    const std::vector<BufferCurve> curves = bufferCurves(sized);
    REQUIRE_FALSE(curves.empty());
    for (const BufferCurve &c : curves) {
        REQUIRE(c.points.size() == 2);
        CHECK(c.points[0].key.bufferBytes == 64);
        CHECK(c.points[1].key.bufferBytes == 4096);
        CHECK(c.points[0].energyPerByteNj.mean.mean ==
              Approx(3.0 * c.points[1].energyPerByteNj.mean.mean));
    }
    // One size: no curve.
    SessionData one = sessions().data.at(0);
    CHECK(bufferCurves(one).empty());
    const QString sizedPdf = artifacts("report") + QStringLiteral("/session-buffers.pdf");
    REQUIRE(cipherwatt::report::writeSessionPdf(sized, sizedPdf).ok());
    const std::string sizedPath = sizedPdf.toStdString();
    // The typeset text's ligature (ﬀ) as letters.
    const QString sizedText = QString::fromStdString(tool({"pdftotext", "-raw", sizedPath, "-"}))
                                  .replace(QChar(0xFB00), QStringLiteral("ff"))
                                  .simplified();
    CHECK(sizedText.contains(QStringLiteral("Buffer sizes")));
    CHECK(sizedText.contains(QStringLiteral("buffer size (logarithmic)")));
    CHECK(sizedText.contains(QStringLiteral("64 B")));
    checkTypesetting(sizedPath);
    renderPages(sizedPath, artifacts("report") + QStringLiteral("/session-buffers"));
}

TEST_CASE("session PDF: how the governor was pinned, and what was read back", "[report]")
{
    // The worker's governor answer as stored (ciphers/tool/governor_access.cpp): the method
    // it wrote cpufreq with, and the settings read back per CPU.
    const auto pinnedWith = [](const char *method) {
        CpuFrequency cpu;
        cpu.cpu = 0;
        cpu.governor = QStringLiteral("performance");
        cpu.minKHz = 1800000;
        cpu.maxKHz = 1800000;
        Pinning p;
        p.applied = true;
        p.method = QLatin1String(method);
        p.state.cpus.push_back(cpu);
        return p;
    };
    const std::pair<const char *, QString> cases[] = {
        {"pkexec", QStringLiteral("pinned through pkexec as applied (read back): CPU 0 "
                                  "performance, 1800–1800 MHz")},
        {"sudo", QStringLiteral("pinned through sudo as applied (read back)")},
        {"in-process", QStringLiteral("pinned by the worker as applied (read back)")}};
    for (const auto &[method, expected] : cases) {
        INFO(method);
        SessionData d = sessions().data.at(1);
        d.dut.pinning = pinnedWith(method);
        const QString pdf =
            artifacts("report") + QStringLiteral("/pinned-%1.pdf").arg(QLatin1String(method));
        REQUIRE(cipherwatt::report::writeSessionPdf(d, pdf).ok());
        const QString text =
            QString::fromStdString(tool({"pdftotext", "-raw", pdf.toStdString(), "-"}))
                .simplified();
        CHECK(text.contains(expected));
    }
}

TEST_CASE("comparison PDF: both sessions, their differences and the grouped charts", "[report]")
{
    const auto &all = sessions().data;
    const QString pdf = artifacts("report") + QStringLiteral("/comparison.pdf");
    REQUIRE(cipherwatt::report::writeComparisonPdf(all, pdf).ok());
    const std::string path = pdf.toStdString();
    CHECK(pageCount(path) >= 3);
    // The typesetter's ligatures (ﬀ, ﬁ) read back as such: spelt out for the checks.
    const QString text = QString::fromStdString(tool({"pdftotext", "-layout", path, "-"}))
                             .replace(QChar(0xFB00), QStringLiteral("ff"))
                             .replace(QChar(0xFB01), QStringLiteral("fi"));
    CHECK(text.contains(QStringLiteral("Comparison of 2 sessions")));
    CHECK(text.contains(QStringLiteral("second session")));
    // The differences from the reference session, by its identifier; never a bare percentage.
    CHECK(text.contains(QStringLiteral("Differences from S%1").arg(all.front().summary.id)));
    CHECK_FALSE(text.contains(QStringLiteral("Δ energy")));
    // aes-128-xts/openssl is in both: the ratio of its net powers (one run each: b / a of the
    // runs' values, worked out here) with its interval, and whether it is significant.
    const auto rows = compareSessions(all);
    const auto aes = std::find_if(rows.begin(), rows.end(), [](const ComparisonRow &r) {
        return r.key.cipher == QLatin1String("aes-128-xts") &&
               r.key.operation == QLatin1String("encrypt");
    });
    REQUIRE(aes != rows.end());
    REQUIRE(aes->sessions[0]);
    REQUIRE(aes->sessions[1]);
    const double ratio = aes->sessions[1]->netWatts.value / aes->sessions[0]->netWatts.value;
    CHECK((text.contains(QStringLiteral("%1 (").arg(ratio, 0, 'f', 3)) ||
           text.contains(QStringLiteral("%1 (").arg(ratio, 0, 'f', 4))));
    const MeanComparison c = compareResults(*aes->sessions[0], *aes->sessions[1],
                                            sameMeterSetup(all[0].meter, all[1].meter))
                                 .netWatts;
    REQUIRE(c.valid());
    CHECK(c.ratio == Approx(ratio));
    if (!c.significant())
        CHECK(text.contains(QStringLiteral("not significant")));
    const std::string images = tool({"pdfimages", "-list", path});
    CHECK(std::count(images.begin(), images.end(), '\n') == 2);
    checkTypesetting(path);
    renderPages(path, artifacts("report") + QStringLiteral("/comparison"));

    // One session is no comparison.
    CHECK_FALSE(cipherwatt::report::writeComparisonPdf({all.front()}, pdf + ".x").ok());
}

TEST_CASE("runs CSV: every result field and its interval, as stored", "[report]")
{
    const auto &all = sessions().data;
    TempDir dir;
    const QString csv = QString::fromStdString((dir.path() / "runs.csv").string());
    REQUIRE(writeRunsCsv(all, csv).ok());
    const auto rows = readCsv(csv);
    const QStringList header = rows.front();
    const auto column = [&](const char *name) {
        const auto i = header.indexOf(QLatin1String(name));
        REQUIRE(i >= 0);
        return i;
    };
    std::size_t expected = 0;
    for (const SessionData &d : all)
        expected += d.runs.size();
    REQUIRE(static_cast<std::size_t>(rows.size() - 1) == expected);
    qsizetype r = 1;
    for (const SessionData &d : all) {
        for (const StoredRun &run : d.runs) {
            const QStringList &row = rows[r++];
            const RunResult a = run.analysis.value_or(RunResult{});
            CHECK(row[column("session")] == QStringLiteral("S%1").arg(d.summary.id));
            CHECK(row[column("cipher")] == run.cipher);
            CHECK(row[column("net power [W]")].toDouble() == Approx(a.netWatts).margin(1e-6));
            CHECK(row[column("net power 95% low [W]")].toDouble() == Approx(a.netLow).margin(1e-6));
            CHECK(row[column("net power 95% high [W]")].toDouble() ==
                  Approx(a.netHigh).margin(1e-6));
            CHECK(row[column("energy per byte [nJ/B]")].toDouble() ==
                  Approx(a.energyPerByteNj).margin(1e-6));
            CHECK(row[column("bytes [B]")].toLongLong() == static_cast<qint64>(run.result->bytes));
            CHECK(row[column("simulated meter")] == QStringLiteral("yes"));
            // One run per result: its mean over repeats is the run, with the run's own interval.
            CHECK(row[column("valid repeats")] == QStringLiteral("1"));
            CHECK(row[column("net power mean of repeats [W]")].toDouble() ==
                  Approx(a.netWatts).margin(1e-6));
            CHECK(row[column("net power mean 95% low [W]")].toDouble() ==
                  Approx(a.netLow).margin(1e-6));
            CHECK(row[column("net power mean 95% high [W]")].toDouble() ==
                  Approx(a.netHigh).margin(1e-6));
            CHECK(row[column("net power mean u [W]")].toDouble() ==
                  Approx(a.netUncertainty).margin(1e-6));
        }
    }
}

TEST_CASE("samples CSV: one row per update, values as stored, UTC time", "[report]")
{
    const SessionData &d = sessions().data.at(0);
    TempDir dir;
    const QString csv = QString::fromStdString((dir.path() / "samples.csv").string());
    REQUIRE(writeSamplesCsv({d}, csv).ok());
    const auto rows = readCsv(csv);
    REQUIRE(static_cast<std::size_t>(rows.size() - 1) == d.samples.size());
    CHECK(rows[0].mid(0, 6) ==
          QStringList{"session", "phase", "run", "time [s]", "utc", "sequence"});
    CHECK(rows[0].contains(QStringLiteral("P1 [W]")));
    CHECK(rows[0].contains(QStringLiteral("U1 [V]")));
    CHECK(rows[0].back() == QStringLiteral("flags"));
    const auto p = rows[0].indexOf(QStringLiteral("P1 [W]"));
    for (std::size_t i = 0; i < d.samples.size(); ++i) {
        const QStringList &row = rows[static_cast<qsizetype>(i + 1)];
        const StoredSample &s = d.samples[i];
        if (std::isfinite(s.power))
            CHECK(row[p].toDouble() == Approx(s.power).epsilon(1e-8));
        CHECK(row[5].toULongLong() == s.meterSequence);
        CHECK(row[4].endsWith(QLatin1Char('Z')));
        CHECK(row.back().contains(QStringLiteral("simulated")));
    }
}

TEST_CASE("comparison CSV: odd labels survive the round trip", "[report]")
{
    const auto &all = sessions().data;
    TempDir dir;
    const QString csv = QString::fromStdString((dir.path() / "compare.csv").string());
    REQUIRE(writeComparisonCsv(all, csv).ok());
    const auto rows = readCsv(csv);
    REQUIRE(rows.size() > 2);
    bool odd = false;
    for (const QStringList &row : rows.mid(1)) {
        CHECK(row.size() == rows[0].size());
        odd |= row[1] == kOddLabel; // commas, quotes, a newline and Hangul, intact
    }
    CHECK(odd);
}

TEST_CASE("exports to places that cannot be written fail and leave nothing behind", "[report]")
{
    const SessionData &d = sessions().data.at(0);
    TempDir dir;
    const auto locked = dir.path() / "locked";
    std::filesystem::create_directory(locked);
    const QString missing = QStringLiteral("/nonexistent-cipherwatt/x");
    CHECK_FALSE(cipherwatt::report::writeSessionPdf(d, missing + ".pdf").ok());
    CHECK_FALSE(writeRunsCsv({d}, missing + ".csv").ok());
    // An existing file is replaced whole, never left half-written: no temporary files remain.
    const QString target = QString::fromStdString((locked / "r.csv").string());
    REQUIRE(writeRunsCsv({d}, target).ok());
    REQUIRE(writeRunsCsv({d}, target).ok());
    int files = 0;
    for ([[maybe_unused]] const auto &entry : std::filesystem::directory_iterator(locked))
        ++files;
    CHECK(files == 1);
}
