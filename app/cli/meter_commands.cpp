// `cipherwatt-cli meter probe|log`: the meter on its own, as the vendor's viewer shows it.

#include "commands.h"
#include "interrupt.h"
#include "options.h"
#include "source_commands.h"

#include <cipherwatt/core/csv.h>
#include <cipherwatt/core/output_file.h>
#include <cipherwatt/core/session.h>
#include <cipherwatt/instruments/acquisition.h>
#include <cipherwatt/instruments/meter.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unistd.h>

namespace cipherwatt::cli {

using namespace instruments;
using namespace std::chrono_literals;

namespace {

// A resource string that cannot be parsed is the operator's usage error; anything else the
// meter or its link did is a failure.
int exitFor(const Error &e)
{
    return e.code == ErrorCode::BadResource ? ExitUsage : ExitFailure;
}

constexpr const char *kMeterUsage = R"(usage:
  cipherwatt-cli meter probe <resource> [--json] [meter options]
      identity, configuration and a few samples
  cipherwatt-cli meter log <resource> --seconds <s> --csv <file> [meter options]
      every update into a CSV file (time, sequence, values with units, flags)

resources: auto, sim, sim:<profile>, usbtmc, usbtmc:<serial>, usbtmc:<bus>.<address>,
           tcp:<host>:<port>, serial:<device>[:<baud>]
power sources on the DUT, read by its worker: rapl:<zone>, battery[:<name>],
           hwmon:<sensor>/<label> (`cipherwatt-bench sources` lists them), with
  --dut <res>                         the DUT (default local) and its options (--ssh-key, ...)
  --interval <s>                      between readings (probe: 0.5, log: 1)
  --seconds <s>                       how long probe reads (default 3)
  their makers do not specify their accuracy: only the statistical part is given
meter options:
  --rate 100ms|250ms|500ms|1s|2s|5s   update interval (default 100ms)
  --items U,I,P,S,PF                  functions (also Q, PHI, FU, FI, WH, TIME, ...)
  --elements 1,3                      elements (default: every element of the model)
  --sigma                             add the Σ items
  --mode rms|vmean|dc                 measurement mode (default rms)
  --voltage-range <V>|auto            fixed range or auto-range (default: as set)
  --current-range <A>|auto
  --format float|ascii                numeric data format (default float)
  --integrate                         reset and start the integrator; log WH and TIME
)";

std::chrono::milliseconds parseRate(const QString &text)
{
    static const std::vector<std::pair<QString, int>> rates{
        {QStringLiteral("100ms"), 100}, {QStringLiteral("250ms"), 250},
        {QStringLiteral("500ms"), 500}, {QStringLiteral("1s"), 1000},
        {QStringLiteral("2s"), 2000},   {QStringLiteral("5s"), 5000}};
    for (const auto &[name, ms] : rates) {
        if (text.compare(name, Qt::CaseInsensitive) == 0)
            return std::chrono::milliseconds(ms);
    }
    throw UsageError(
        QStringLiteral("--rate: must be 100ms, 250ms, 500ms, 1s, 2s or 5s, got '%1'").arg(text));
}

MeterConfig meterConfig(Options &opts)
{
    MeterConfig c;
    if (auto rate = opts.value(QStringLiteral("--rate")))
        c.interval = parseRate(*rate);
    if (auto items = opts.value(QStringLiteral("--items"))) {
        c.functions.clear();
        for (const QString &name : items->split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const auto f = parseFunction(name);
            if (!f)
                throw UsageError(QStringLiteral("--items: unknown function '%1' (U, I, P, S, Q, "
                                                "PF, PHI, FU, FI, WH, TIME, ...)")
                                     .arg(name));
            c.functions.push_back(*f);
        }
        if (c.functions.empty())
            throw UsageError(QStringLiteral("--items: no function given"));
    }
    if (auto elements = opts.value(QStringLiteral("--elements"))) {
        for (const QString &e : elements->split(QLatin1Char(','), Qt::SkipEmptyParts))
            c.elements.push_back(
                static_cast<int>(parseWhole(QStringLiteral("--elements"), e, 1, 3)));
    }
    c.sigma = opts.flag(QStringLiteral("--sigma"));
    if (auto mode = opts.value(QStringLiteral("--mode")))
        c.mode = parseMode(QStringLiteral("--mode"), *mode);
    c.voltageRange = parseRange(QStringLiteral("--voltage-range"),
                                opts.value(QStringLiteral("--voltage-range")));
    c.currentRange = parseRange(QStringLiteral("--current-range"),
                                opts.value(QStringLiteral("--current-range")));
    if (auto format = opts.value(QStringLiteral("--format"))) {
        if (format->compare(QStringLiteral("float"), Qt::CaseInsensitive) == 0)
            c.format = NumericFormat::Float;
        else if (format->compare(QStringLiteral("ascii"), Qt::CaseInsensitive) == 0)
            c.format = NumericFormat::Ascii;
        else
            throw UsageError(
                QStringLiteral("--format: must be float or ascii, got '%1'").arg(*format));
    }
    c.integration = opts.flag(QStringLiteral("--integrate"));
    return c;
}

// A note on a line of its own, also when `meter log` shows its progress line on a terminal.
void noteAfterProgress(const QString &text)
{
    if (isatty(STDERR_FILENO) != 0)
        std::fputc('\n', stderr);
    printNote(text);
}

QString rangeText(const Range &r, const char *unit)
{
    return r.automatic ? QStringLiteral("auto (now %1 %2)").arg(r.value).arg(QLatin1String(unit))
                       : QStringLiteral("%1 %2").arg(r.value).arg(QLatin1String(unit));
}

QString valueText(double v, ValueState state)
{
    switch (state) {
    case ValueState::NoData:
        return QStringLiteral("----");
    case ValueState::OverRange:
        return QStringLiteral("-OL-");
    case ValueState::Implausible:
        return QStringLiteral("-IMP-");
    case ValueState::Valid:
        break;
    }
    return QString::number(v, 'g', 6);
}

QJsonObject identityJson(const Identity &id)
{
    return {{QStringLiteral("manufacturer"), id.manufacturer},
            {QStringLiteral("model"), id.model},
            {QStringLiteral("serial"), id.serial},
            {QStringLiteral("firmware"), id.firmware},
            {QStringLiteral("resource"), id.resource},
            {QStringLiteral("transport"), id.transport},
            {QStringLiteral("simulated"), id.simulated}};
}

int probe(Options &opts)
{
    const bool json = opts.flag(QStringLiteral("--json"));
    MeterConfig config = meterConfig(opts);
    const QStringList positional = opts.positional();
    opts.finish();
    if (positional.size() != 1)
        throw UsageError(QStringLiteral("meter probe takes one resource, e.g. sim or usbtmc"));

    auto opened = openMeter(positional[0]);
    if (!opened) {
        printError(QStringLiteral("meter %1: %2").arg(positional[0], opened.error().toString()));
        return exitFor(opened.error());
    }
    PowerMeter &meter = **opened;
    const Identity &id = meter.identity();
    const Capabilities &caps = meter.capabilities();
    auto applied = meter.configure(config);
    if (!applied) {
        printError(QStringLiteral("%1: %2").arg(id.describe(), applied.error().toString()));
        return ExitFailure;
    }
    std::vector<Sample> samples;
    if (auto started = meter.startStream(); !started) {
        printError(started.error().toString());
        return ExitFailure;
    }
    for (int i = 0; i < 5; ++i) {
        auto s = meter.nextSample();
        if (!s) {
            printError(QStringLiteral("%1: %2").arg(id.describe(), s.error().toString()));
            return ExitFailure;
        }
        samples.push_back(*s);
    }
    (void)meter.stopStream();
    meter.close();

    QTextStream out(stdout);
    if (json) {
        QJsonArray items;
        for (const Item &item : applied->items)
            items.append(itemHeader(item));
        QJsonArray rows;
        for (const Sample &s : samples) {
            QJsonArray values;
            for (std::size_t k = 0; k < s.values.size(); ++k)
                values.append(s.states[k] == ValueState::Valid ? QJsonValue(s.values[k])
                                                               : QJsonValue());
            rows.append(QJsonObject{{QStringLiteral("sequence"), static_cast<qint64>(s.sequence)},
                                    {QStringLiteral("values"), values},
                                    {QStringLiteral("flags"), sampleFlagsText(s.flags)}});
        }
        const QJsonObject doc{
            {QStringLiteral("identity"), identityJson(id)},
            {QStringLiteral("interval_ms"), static_cast<qint64>(applied->interval.count())},
            {QStringLiteral("mode"), measurementModeName(applied->mode)},
            {QStringLiteral("voltage_range_v"), applied->voltageRange.value},
            {QStringLiteral("voltage_auto"), applied->voltageRange.automatic},
            {QStringLiteral("current_range_a"), applied->currentRange.value},
            {QStringLiteral("current_auto"), applied->currentRange.automatic},
            {QStringLiteral("items"), items},
            {QStringLiteral("warnings"),
             QJsonArray::fromStringList(englishTexts(applied->warnings))},
            {QStringLiteral("samples"), rows}};
        out << QJsonDocument(doc).toJson(QJsonDocument::Compact) << '\n';
        return ExitOk;
    }

    QStringList elements;
    for (const int e : caps.model.elements)
        elements << QString::number(e);
    QStringList vRanges;
    for (const double v : caps.model.voltageRanges)
        vRanges << QString::number(v);
    QStringList iRanges;
    for (const double a : caps.model.currentRanges)
        iRanges << QString::number(a);
    out << "Meter:      " << id.describe() << '\n'
        << "Resource:   " << id.resource << " (" << id.transport << ")\n"
        << "Elements:   " << elements.join(QStringLiteral(", "))
        << (caps.model.sigma ? QStringLiteral(" and Σ") : QString()) << '\n'
        << "Ranges:     voltage " << vRanges.join(QStringLiteral(", ")) << " V; current "
        << iRanges.join(QStringLiteral(", ")) << " A\n"
        << "Set up:     update every " << applied->interval.count() << " ms, "
        << measurementModeName(applied->mode) << ", voltage range "
        << rangeText(applied->voltageRange, "V") << ", current range "
        << rangeText(applied->currentRange, "A") << ", averaging "
        << (applied->averaging ? "on" : "off") << ", "
        << (applied->format == NumericFormat::Float ? "FLOAT" : "ASCII") << " data\n";
    for (const Message &w : applied->warnings)
        out << "Warning:    " << w.english() << '\n';
    out << '\n';
    QStringList header{QStringLiteral("seq")};
    for (const Item &item : applied->items)
        header << itemHeader(item);
    header << QStringLiteral("flags");
    std::vector<QStringList> rows;
    for (const Sample &s : samples) {
        QStringList row{QString::number(s.sequence)};
        for (std::size_t k = 0; k < s.values.size(); ++k)
            row << valueText(s.values[k], s.states[k]);
        row << sampleFlagsText(s.flags);
        rows.push_back(row);
    }
    std::vector<qsizetype> widths(static_cast<std::size_t>(header.size()), 0);
    for (qsizetype c = 0; c < header.size(); ++c) {
        widths[static_cast<std::size_t>(c)] = header[c].size();
        for (const QStringList &row : rows)
            widths[static_cast<std::size_t>(c)] =
                std::max(widths[static_cast<std::size_t>(c)], row[c].size());
    }
    const auto print = [&](const QStringList &row) {
        for (qsizetype c = 0; c < row.size(); ++c)
            out << row[c].leftJustified(widths[static_cast<std::size_t>(c)] + 2);
        out << '\n';
    };
    print(header);
    for (const QStringList &row : rows)
        print(row);
    return ExitOk;
}

// `meter log`: streams through MeterAcquisition into a CSV file written as a whole
// (core/output_file.h: complete or not at all, a pipe written through), also after Ctrl-C or a
// meter failure, which keep what was logged.
class Logger : public QObject
{
public:
    Logger(QString resource, MeterConfig config, double seconds, QString path)
        : m_resource(std::move(resource))
        , m_config(std::move(config))
        , m_seconds(seconds)
        , m_file(std::move(path))
    {
        connect(&m_acquisition, &MeterAcquisition::opened, this, &Logger::onOpened);
        connect(&m_acquisition, &MeterAcquisition::configured, this, &Logger::onConfigured);
        connect(&m_acquisition, &MeterAcquisition::sampleReady, this, &Logger::onSample);
        connect(&m_acquisition, &MeterAcquisition::integrationRead, this,
                [this](const IntegrationReading &) {
                    if (!m_acquisition.isStreaming() && m_started == 0)
                        begin();
                });
        connect(&m_acquisition, &MeterAcquisition::instrumentError, this, [](const Error &e) {
            printNote(QStringLiteral("the meter reports %1").arg(e.message.english()));
        });
        // A meter that hiccups is recovered while logging (MeterAcquisition); the gap shows in
        // the rows' flags and the summary's missed count.
        connect(&m_acquisition, &MeterAcquisition::retrying, this,
                [](const Message &why) { noteAfterProgress(why.english()); });
        connect(&m_acquisition, &MeterAcquisition::recovered, this,
                [](const Message &what, int missed) {
                    noteAfterProgress(
                        QStringLiteral("%1; %2 updates missed").arg(what.english()).arg(missed));
                });
        connect(&m_acquisition, &MeterAcquisition::failed, this, &Logger::onFailed);
        connect(&m_acquisition, &MeterAcquisition::streamStopped, this, &Logger::finish);
        connect(&m_interrupt, &InterruptWatcher::interrupted, this, [this] {
            m_interrupted = true;
            m_acquisition.stop();
        });
        m_timer.setSingleShot(true);
        connect(&m_timer, &QTimer::timeout, this, [this] { m_acquisition.stop(); });
    }

    int run()
    {
        m_acquisition.open(m_resource);
        return QCoreApplication::exec();
    }

private:
    void onOpened(const Identity &id, const Capabilities &)
    {
        m_identity = id;
        printNote(QStringLiteral("logging %1").arg(id.describe()));
        m_acquisition.configure(m_config);
    }

    void onConfigured(const AppliedConfig &applied)
    {
        m_applied = applied;
        for (const Message &w : applied.warnings)
            printNote(QStringLiteral("warning: %1").arg(w.english()));
        if (auto opened = m_file.open(); !opened) {
            printError(opened.error().message.english());
            quit(ExitFailure);
            return;
        }
        m_opened = true;
        QStringList header{QStringLiteral("time_s"), QStringLiteral("utc"),
                           QStringLiteral("sequence")};
        for (const Item &item : applied.items)
            header << itemHeader(item);
        header << QStringLiteral("flags");
        m_csv.emplace(m_file.device());
        m_csv->row(header);
        if (m_config.integration) {
            // Integration starts from zero with the log; the reading arrives before streaming.
            m_acquisition.integrate(IntegrationCommand::Reset);
            m_acquisition.integrate(IntegrationCommand::Start);
        } else {
            begin();
        }
    }

    void begin()
    {
        m_started = 1;
        m_acquisition.start();
        m_timer.start(static_cast<int>(std::lround(m_seconds * 1000.0)));
    }

    void onSample(const Sample &s)
    {
        if (m_firstNs == 0) {
            m_firstNs = s.hostNs;
            m_firstUtc = QDateTime::currentDateTimeUtc();
        }
        const double t = static_cast<double>(s.hostNs - m_firstNs) / 1e9;
        const QDateTime utc = m_firstUtc.addMSecs(std::llround(t * 1000.0));
        QStringList row{core::csvNumber(t, 3), utc.toString(Qt::ISODateWithMs),
                        QString::number(s.sequence)};
        for (std::size_t k = 0; k < s.values.size(); ++k)
            row << core::csvSignificant(s.values[k]);
        row << sampleFlagsText(s.flags);
        if (!m_csv->row(row)) {
            m_writeError = m_file.abandon().message.english();
            printError(m_writeError);
            m_writeFailed = true;
            m_acquisition.stop();
            return;
        }
        ++m_rows;
        if ((s.flags & SampleFlag::Gap) != 0)
            m_missed += s.missedBefore;
        if ((s.flags & SampleFlag::Duplicate) != 0)
            ++m_duplicates;
        if (isatty(STDERR_FILENO) != 0 && m_rows % 10 == 0)
            std::fprintf(stderr, "\r%.0f of %.0f s, %lld updates", t, m_seconds,
                         static_cast<long long>(m_rows));
    }

    void onFailed(const Error &e)
    {
        m_failure = e.toString();
        if (!m_opened) {
            printError(QStringLiteral("meter %1: %2").arg(m_resource, m_failure));
            quit(exitFor(e));
            return;
        }
        finish();
    }

    void finish()
    {
        if (isatty(STDERR_FILENO) != 0)
            std::fputc('\n', stderr);
        if (m_committed)
            return;
        m_committed = true;
        QString writeError = m_writeError;
        if (!m_writeFailed) {
            if (auto committed = m_file.commit(); !committed)
                writeError = committed.error().message.english();
        }
        const bool written = writeError.isEmpty();
        const QString summary =
            QStringLiteral("%1 updates logged to %2 (%3 missed, %4 duplicates)%5")
                .arg(m_rows)
                .arg(m_file.path())
                .arg(m_missed)
                .arg(m_duplicates)
                .arg(m_identity.simulated ? QStringLiteral(", SIMULATED meter") : QString());
        if (!written) {
            if (!m_writeFailed)
                printError(writeError); // a failed write was said when it happened
            quit(ExitFailure);
        } else if (!m_failure.isEmpty()) {
            printError(QStringLiteral("%1; stopped early: %2").arg(summary, m_failure));
            quit(ExitFailure);
        } else if (m_interrupted) {
            printError(QStringLiteral("interrupted; %1").arg(summary));
            quit(ExitFailure);
        } else {
            printNote(summary);
            quit(ExitOk);
        }
    }

    void quit(int code)
    {
        m_acquisition.close();
        QTimer::singleShot(0, qApp, [code] { QCoreApplication::exit(code); });
    }

    QString m_resource;
    MeterConfig m_config;
    double m_seconds;
    MeterAcquisition m_acquisition;
    InterruptWatcher m_interrupt;
    QTimer m_timer;
    core::OutputFile m_file;
    bool m_opened = false;
    QString m_writeError;
    std::optional<core::CsvWriter> m_csv;
    Identity m_identity;
    AppliedConfig m_applied;
    std::int64_t m_firstNs = 0;
    QDateTime m_firstUtc;
    qint64 m_rows = 0;
    quint64 m_missed = 0;
    qint64 m_duplicates = 0;
    int m_started = 0;
    bool m_interrupted = false;
    bool m_writeFailed = false;
    bool m_committed = false;
    QString m_failure;
};

int log(Options &opts)
{
    const double seconds = parsePositive(
        QStringLiteral("--seconds"), opts.required(QStringLiteral("--seconds")), 7 * 24 * 3600.0);
    const QString csv = opts.required(QStringLiteral("--csv"));
    MeterConfig config = meterConfig(opts);
    const QStringList positional = opts.positional();
    opts.finish();
    if (positional.size() != 1)
        throw UsageError(QStringLiteral("meter log takes one resource, e.g. sim or usbtmc"));
    Logger logger(positional[0], config, seconds, csv);
    return logger.run();
}

} // namespace

int meterCommand(const QStringList &args)
{
    if (args.isEmpty() || args[0] == QLatin1String("--help")) {
        std::fputs(kMeterUsage, args.isEmpty() ? stderr : stdout);
        return args.isEmpty() ? ExitUsage : ExitOk;
    }
    if (args.contains(QStringLiteral("--help"))) { // meter probe --help, meter log --help
        std::fputs(kMeterUsage, stdout);
        return ExitOk;
    }
    // A power source on the DUT (rapl:, battery, hwmon:) is read by the DUT's worker.
    QStringList rest = args.mid(1);
    const auto source = std::find_if(rest.begin(), rest.end(), core::isPowerSourceResource);
    if (source != rest.end() &&
        (args[0] == QLatin1String("probe") || args[0] == QLatin1String("log"))) {
        const QString resource = *source;
        rest.erase(source);
        Options opts(rest);
        if (args[0] == QLatin1String("probe"))
            return probeSource(opts, resource);
        const double seconds =
            parsePositive(QStringLiteral("--seconds"), opts.required(QStringLiteral("--seconds")),
                          7 * 24 * 3600.0);
        return logSource(opts, resource, seconds, opts.required(QStringLiteral("--csv")));
    }
    Options opts(rest);
    if (args[0] == QLatin1String("probe"))
        return probe(opts);
    if (args[0] == QLatin1String("log"))
        return log(opts);
    throw UsageError(QStringLiteral("meter: unknown command '%1' (probe, log)").arg(args[0]));
}

} // namespace cipherwatt::cli
