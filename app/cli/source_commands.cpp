// `cipherwatt-cli meter probe|log <source> [--dut <res>]`: a power source on the DUT itself
// (RAPL, a battery's fuel gauge, a hwmon input), read by the DUT's worker (`sample`, protocol 4)
// and streamed back with the worker's timestamps. The makers of these sensors do not specify
// their accuracy: the output says so and carries only the statistical part (the spread of the
// readings and the 95 % interval of their mean).

#include "source_commands.h"

#include "commands.h"
#include "dut_options.h"
#include "interrupt.h"
#include "options.h"

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/csv.h>
#include <cipherwatt/core/dut_kinds.h>
#include <cipherwatt/core/output_file.h>
#include <cipherwatt/core/runner.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>
#include <QTimer>

#include <cmath>
#include <functional>

namespace cipherwatt::cli {

using namespace core;

namespace {

constexpr const char *kAccuracyNote =
    "accuracy not specified by the sensor's maker: only the statistical part is given";

// How long the DUT may take to start its worker and answer (an SSH login, an upload).
constexpr int kStartTimeoutMs = 120'000;

// Reads one source through the DUT's worker until `seconds` have passed (or Ctrl-C), handing
// each reading to `onSample`.
class SourceReader : public QObject
{
public:
    SourceReader(Dut::LinkFactory factory, QString resource, double interval, double seconds)
        : m_dut(std::move(factory))
        , m_resource(std::move(resource))
        , m_interval(interval)
        , m_seconds(seconds)
    {
        connect(&m_dut, &Dut::ready, this, [this](const WorkerHello &hello, qint64) {
            m_start.stop();
            m_hello = hello;
            if (hello.protocol < 4) {
                fail(QStringLiteral("the DUT's worker speaks protocol %1; power sources need 4 "
                                    "(update cipherwatt-bench on the DUT)")
                         .arg(hello.protocol));
                return;
            }
            m_id = m_dut.sample(m_resource, m_interval, m_seconds);
        });
        connect(&m_dut, &Dut::event, this, &SourceReader::onEvent);
        connect(&m_dut, &Dut::failed, this, [this](const Message &why) { fail(why.english()); });
        connect(&m_dut, &Dut::protocolError, this,
                [this](const Message &why) { fail(why.english()); });
        connect(&m_dut, &Dut::finished, this, [this](const Message &why, bool) {
            if (!m_done)
                fail(why.english());
        });
        connect(&m_interrupt, &InterruptWatcher::interrupted, this, [this] {
            m_interrupted = true;
            if (m_id != 0)
                m_dut.sampleStop(m_resource);
            else
                fail(QStringLiteral("interrupted"));
        });
        m_start.setSingleShot(true);
        connect(&m_start, &QTimer::timeout, this, [this] {
            fail(QStringLiteral("the DUT's worker did not start within %1 s")
                     .arg(kStartTimeoutMs / 1000));
        });
    }

    std::function<void(const DutPowerSource &)> onStarted;
    std::function<bool(const worker::SourceSample &)> onSample; // false: stop
    std::function<int(const worker::SampleEnded &)> onEnded;    // the exit code

    int run()
    {
        m_start.start(kStartTimeoutMs);
        m_dut.start();
        return QCoreApplication::exec();
    }

    bool interrupted() const { return m_interrupted; }
    const DutPowerSource &source() const { return m_source; }
    QString dutDescription() const { return m_dut.description(); }

private:
    void onEvent(const WorkerEvent &event, qint64)
    {
        if (m_id == 0 || event.id != m_id)
            return;
        if (const auto *started = std::get_if<worker::SampleStarted>(&event.body)) {
            m_source = started->source;
            if (onStarted)
                onStarted(m_source);
        } else if (const auto *sample = std::get_if<worker::SourceSample>(&event.body)) {
            if (onSample && !onSample(*sample) && !m_stopping) {
                m_stopping = true;
                m_dut.sampleStop(m_resource);
            }
        } else if (const auto *ended = std::get_if<worker::SampleEnded>(&event.body)) {
            finish(onEnded ? onEnded(*ended) : ExitOk);
        } else if (const auto *failure = std::get_if<worker::Failure>(&event.body)) {
            fail(failure->message);
        }
    }

    void fail(const QString &why)
    {
        if (m_done)
            return;
        printError(QStringLiteral("%1 on DUT %2: %3").arg(m_resource, m_dut.description(), why));
        finish(ExitFailure);
    }

    void finish(int code)
    {
        if (m_done)
            return;
        m_done = true;
        m_dut.finish();
        QTimer::singleShot(0, qApp, [code] { QCoreApplication::exit(code); });
    }

    Dut m_dut;
    QString m_resource;
    double m_interval;
    double m_seconds;
    InterruptWatcher m_interrupt;
    QTimer m_start;
    WorkerHello m_hello;
    DutPowerSource m_source;
    int m_id = 0;
    bool m_stopping = false;
    bool m_done = false;
    bool m_interrupted = false;
};

// The mean of the readings, their standard deviation and the 95 % interval of the mean
// (Student's t): the statistical part, the only one there is for these sensors.
struct Statistics
{
    qsizetype n = 0;
    double mean = 0.0;
    double sd = 0.0;
    double halfWidth = 0.0; // 95 %
};

Statistics statistics(const std::vector<double> &values)
{
    Statistics s;
    s.n = static_cast<qsizetype>(values.size());
    if (values.empty())
        return s;
    double sum = 0.0;
    for (const double v : values)
        sum += v;
    s.mean = sum / static_cast<double>(values.size());
    if (values.size() < 2)
        return s;
    double squares = 0.0;
    for (const double v : values)
        squares += (v - s.mean) * (v - s.mean);
    const auto dof = static_cast<double>(values.size() - 1);
    s.sd = std::sqrt(squares / dof);
    s.halfWidth = studentT95(dof) * s.sd / std::sqrt(static_cast<double>(values.size()));
    return s;
}

QString statisticsText(const Statistics &s)
{
    if (s.n == 0)
        return QStringLiteral("no readings");
    if (s.n == 1)
        return QStringLiteral("%1 W (one reading: no spread)").arg(s.mean, 0, 'f', 6);
    return QStringLiteral("mean %1 W, standard deviation %2 W, 95 % interval of the mean ±%3 W "
                          "over %4 readings")
        .arg(s.mean, 0, 'f', 6)
        .arg(s.sd, 0, 'f', 6)
        .arg(s.halfWidth, 0, 'f', 6)
        .arg(s.n);
}

QJsonObject sourceJson(const DutPowerSource &s)
{
    return {{QStringLiteral("resource"), s.resource},
            {QStringLiteral("kind"), s.kind},
            {QStringLiteral("method"), s.method},
            {QStringLiteral("unit"), s.unit},
            {QStringLiteral("files"), QJsonArray::fromStringList(s.files)}};
}

Dut::LinkFactory dutLink(Options &opts)
{
    RunnerOptions runner;
    const QString dut = opts.value(QStringLiteral("--dut")).value_or(QStringLiteral("local"));
    runner.localWorker.program = opts.value(QStringLiteral("--worker")).value_or(QString());
    runner.localWorker.sysfsRoot = opts.value(QStringLiteral("--sysfs-root")).value_or(QString());
    configureDut(opts, dut, runner);
    auto link = makeDutLink(dut, runner.dutOptions, DutContext{runner.localWorker, runner.ssh});
    if (!link)
        throw UsageError(QStringLiteral("--dut %1: %2").arg(dut, link.error().toString()));
    return *link;
}

} // namespace

int probeSource(Options &opts, const QString &resource)
{
    const bool json = opts.flag(QStringLiteral("--json"));
    const double interval = parsePositive(
        QStringLiteral("--interval"),
        opts.value(QStringLiteral("--interval")).value_or(QStringLiteral("0.5")), 3600.0);
    const double seconds = parsePositive(
        QStringLiteral("--seconds"),
        opts.value(QStringLiteral("--seconds")).value_or(QStringLiteral("3")), 3600.0);
    SourceReader reader(dutLink(opts), resource, interval, seconds);
    opts.finish();
    std::vector<worker::SourceSample> samples;
    reader.onSample = [&](const worker::SourceSample &s) {
        samples.push_back(s);
        return true;
    };
    reader.onEnded = [&](const worker::SampleEnded &end) {
        if (end.reason == QLatin1String("error")) {
            printError(QStringLiteral("%1: %2").arg(end.resource, end.message));
            return static_cast<int>(ExitFailure);
        }
        std::vector<double> watts;
        for (const auto &s : samples)
            watts.push_back(s.watts);
        const Statistics stats = statistics(watts);
        const DutPowerSource &src = reader.source();
        std::optional<double> refresh;
        if (!samples.empty())
            refresh = samples.back().updateInterval;
        QTextStream out(stdout);
        if (json) {
            QJsonArray rows;
            for (const auto &s : samples) {
                QJsonObject row{{QStringLiteral("t_s"), s.t},
                                {QStringLiteral("watts"), s.watts},
                                {QStringLiteral("span_s"), s.span}};
                if (s.wrapped)
                    row[QStringLiteral("wrapped")] = true;
                rows.append(row);
            }
            QJsonObject doc{{QStringLiteral("source"), sourceJson(src)},
                            {QStringLiteral("dut"), reader.dutDescription()},
                            {QStringLiteral("interval_s"), interval},
                            {QStringLiteral("accuracy"), QStringLiteral("unspecified")},
                            {QStringLiteral("samples"), rows},
                            {QStringLiteral("count"), stats.n},
                            {QStringLiteral("mean_w"), stats.mean},
                            {QStringLiteral("sd_w"), stats.sd},
                            {QStringLiteral("ci95_w"), stats.halfWidth}};
            if (refresh)
                doc[QStringLiteral("update_interval_s")] = *refresh;
            out << QJsonDocument(doc).toJson(QJsonDocument::Compact) << '\n';
            return static_cast<int>(ExitOk);
        }
        out << "Source:     " << src.resource << " (" << src.kind << ") on DUT "
            << reader.dutDescription() << '\n'
            << "Reads:      " << src.method << " (" << src.unit
            << "): " << src.files.join(QStringLiteral(", ")) << '\n'
            << "Accuracy:   " << kAccuracyNote << '\n'
            << "Interval:   " << interval << " s";
        if (refresh)
            out << "; the gauge refreshes every " << QString::number(*refresh, 'f', 2) << " s";
        out << "\n\n";
        out << QStringLiteral("t_s").leftJustified(10) << QStringLiteral("watts").leftJustified(14)
            << "span_s\n";
        for (const auto &s : samples)
            out << QString::number(s.t, 'f', 3).leftJustified(10)
                << QString::number(s.watts, 'f', 6).leftJustified(14)
                << (s.span > 0.0 ? QString::number(s.span, 'f', 3) : QStringLiteral("-"))
                << (s.wrapped ? QStringLiteral("  (counter wrapped)") : QString()) << '\n';
        out << '\n' << "Power:      " << statisticsText(stats) << '\n';
        return static_cast<int>(ExitOk);
    };
    return reader.run();
}

int logSource(Options &opts, const QString &resource, double seconds, const QString &path)
{
    const double interval = parsePositive(
        QStringLiteral("--interval"),
        opts.value(QStringLiteral("--interval")).value_or(QStringLiteral("1")), 3600.0);
    SourceReader reader(dutLink(opts), resource, interval, seconds);
    opts.finish();
    OutputFile file(path);
    std::optional<CsvWriter> csv;
    QString writeError;
    std::vector<double> watts;
    QDateTime startUtc;
    reader.onStarted = [&](const DutPowerSource &src) {
        // The host's clock when sample_start arrived: the rows' UTC counts from it (within the
        // link's delay), their time_s is the worker's own clock.
        startUtc = QDateTime::currentDateTimeUtc();
        printNote(QStringLiteral("logging %1 (%2, %3) on DUT %4; %5")
                      .arg(src.resource, src.method, src.unit, reader.dutDescription(),
                           QLatin1String(kAccuracyNote)));
    };
    if (auto opened = file.open(); !opened) {
        printError(opened.error().message.english());
        return ExitFailure;
    }
    csv.emplace(file.device());
    csv->row({QStringLiteral("time_s"), QStringLiteral("utc"), QStringLiteral("source"),
              QStringLiteral("watts"), QStringLiteral("span_s"), QStringLiteral("wrapped"),
              QStringLiteral("update_interval_s")});
    reader.onSample = [&](const worker::SourceSample &s) {
        const QDateTime utc = startUtc.addMSecs(std::llround(s.t * 1000.0));
        const QStringList row{csvNumber(s.t, 3),
                              utc.toString(Qt::ISODateWithMs),
                              s.resource,
                              csvSignificant(s.watts),
                              s.span > 0.0 ? csvNumber(s.span, 6) : QString(),
                              s.wrapped ? QStringLiteral("1") : QString(),
                              s.updateInterval ? csvNumber(*s.updateInterval, 3) : QString()};
        if (!csv->row(row)) {
            writeError = file.abandon().message.english();
            return false;
        }
        watts.push_back(s.watts);
        return true;
    };
    bool committed = false;
    reader.onEnded = [&](const worker::SampleEnded &end) {
        if (!writeError.isEmpty()) {
            printError(writeError);
            return static_cast<int>(ExitFailure);
        }
        committed = true;
        if (auto done = file.commit(); !done) {
            printError(done.error().message.english());
            return static_cast<int>(ExitFailure);
        }
        const QString summary =
            QStringLiteral("%1 readings of %2 logged to %3; %4")
                .arg(watts.size())
                .arg(end.resource, file.path(), statisticsText(statistics(watts)));
        if (end.reason == QLatin1String("error")) {
            printError(QStringLiteral("%1; stopped early: %2").arg(summary, end.message));
            return static_cast<int>(ExitFailure);
        }
        if (reader.interrupted()) {
            printError(QStringLiteral("interrupted; %1").arg(summary));
            return static_cast<int>(ExitFailure);
        }
        printNote(summary);
        return static_cast<int>(ExitOk);
    };
    const int code = reader.run();
    // The DUT's link failed after readings came: they are kept (nothing measured is lost).
    if (!committed && writeError.isEmpty()) {
        if (watts.empty())
            file.cancel();
        else if (auto done = file.commit(); done)
            printNote(QStringLiteral("%1 readings kept in %2").arg(watts.size()).arg(file.path()));
    }
    return code;
}

} // namespace cipherwatt::cli
