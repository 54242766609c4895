#include "document.h"
#include "repeats_tables.h"
#include "report_text.h"

#include <cipherwatt/core/flags.h>
#include <cipherwatt/core/format.h>
#include <cipherwatt/core/results.h>
#include <cipherwatt/report/charts.h>
#include <cipherwatt/report/report.h>

#include <QJsonObject>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace cipherwatt::report {

using namespace core;
namespace fmt = core::format;
using fmt::Quantity;

namespace {

// Up to this many sessions share a results table (their numbers stay on one line on a
// landscape page); more are split into several tables, each still comparing with the first.
constexpr std::size_t kSessionsPerTable = 3;

Table sessionsTable(const std::vector<SessionData> &sessions)
{
    Table t;
    t.header = {QStringLiteral("session"), QStringLiteral("label"), QStringLiteral("started"),
                QStringLiteral("DUT"),     QStringLiteral("meter"), QStringLiteral("status")};
    t.numeric = {false, false, false, false, false, false};
    for (const SessionData &d : sessions) {
        t.rows << QStringList{fmt::sessionId(d.summary.id),
                              fmt::oneLine(d.summary.label),
                              fmt::dateTime(d.startedUtc),
                              d.summary.dut,
                              d.summary.simulated &&
                                      !d.summary.meter.contains(QLatin1String("SIMULATED"))
                                  ? QStringLiteral("%1 (SIMULATED)").arg(d.summary.meter)
                                  : d.summary.meter,
                              statusName(d.summary.status)};
    }
    return t;
}

Table comparisonTable(const std::vector<SessionData> &sessions,
                      const std::vector<ComparisonRow> &rows, std::size_t first, std::size_t last)
{
    // Every session after the first is compared with it: the first stands in each table.
    std::vector<std::size_t> columns{0};
    for (std::size_t s = std::max<std::size_t>(first, 1); s < last; ++s)
        columns.push_back(s);
    // One unit per quantity across the sessions, so that their columns read side by side.
    std::vector<double> watts, energy, rate;
    for (const ComparisonRow &row : rows) {
        for (const std::size_t s : columns) {
            const std::optional<ResultRow> &r = row.sessions[s];
            if (r && r->measured > 0) {
                watts.push_back(r->netWatts.value);
                energy.push_back(r->energyPerByteNj.value * 1e-9);
                rate.push_back(r->throughputBytesPerSecond);
            }
        }
    }
    const fmt::Unit power = fmt::columnUnit(Quantity::Power, watts);
    const fmt::Unit perByte = fmt::columnUnit(Quantity::EnergyPerByte, energy);
    const fmt::Unit throughput = fmt::columnUnit(Quantity::Throughput, rate);

    Table t;
    t.header = {QStringLiteral("cipher"), QStringLiteral("backend"), QStringLiteral("op."),
                QStringLiteral("buffer")};
    t.numeric = {false, false, false, true};
    t.groups = {QString()};
    t.groupSpans = {4};
    for (const std::size_t s : columns) {
        const bool isReference = s == 0;
        t.groups << (isReference ? QStringLiteral("%1 (reference)").arg(seriesName(sessions[s]))
                                 : seriesName(sessions[s]));
        t.groupSpans << 3;
        t.header << QStringLiteral("net power") + power.bracketed()
                 << QStringLiteral("energy per byte") + perByte.bracketed()
                 << QStringLiteral("throughput") + throughput.bracketed();
        t.numeric << true << true << true;
    }
    for (const ComparisonRow &row : rows) {
        QStringList cells{row.key.cipher, row.key.backendLabel(),
                          fmt::operationShort(row.key.operation),
                          fmt::bufferShort(row.key.bufferBytes)};
        for (const std::size_t s : columns) {
            const std::optional<ResultRow> &r = row.sessions[s];
            const bool measured = r && r->measured > 0;
            if (!measured) {
                cells << QStringLiteral("no data") << fmt::missing() << fmt::missing();
            } else {
                const Estimate &e = r->energyPerByteNj;
                cells << cell(r->netWatts.value, r->netWatts.low, r->netWatts.high, power)
                      << cell(e.value * 1e-9, e.low * 1e-9, e.high * 1e-9, perByte)
                      << cell(r->throughputBytesPerSecond, throughput);
            }
        }
        t.rows << cells;
    }
    return t;
}

} // namespace

Result<void> writeComparisonPdf(const std::vector<SessionData> &sessions, const QString &path)
{
    if (sessions.size() < 2)
        return Error{core::ErrorCode::Usage, core::Message::plain(QStringLiteral(
                                                 "a comparison needs at least two sessions"))};
    const bool simulated = std::any_of(sessions.begin(), sessions.end(),
                                       [](const SessionData &d) { return d.summary.simulated; });
    QStringList ids;
    for (const SessionData &d : sessions)
        ids << fmt::sessionId(d.summary.id);
    Document doc(QStringLiteral("comparison of %1 sessions").arg(sessions.size()),
                 QStringLiteral("sessions %1").arg(ids.join(QStringLiteral(", "))), simulated,
                 true);
    doc.heading(QStringLiteral("Comparison of %1 sessions").arg(sessions.size()));
    doc.table(sessionsTable(sessions));
    if (simulated)
        doc.warning(QStringLiteral("At least one of these sessions was measured with the simulated "
                                   "WT332: its power values are modelled, not measured."));

    doc.heading(QStringLiteral("Results side by side"));
    const std::vector<ComparisonRow> rows = compareSessions(sessions);
    for (std::size_t first = 0; first < sessions.size(); first += kSessionsPerTable)
        doc.table(comparisonTable(sessions, rows, first,
                                  std::min(sessions.size(), first + kSessionsPerTable)));
    doc.paragraph(
        QStringLiteral("Values with their 95 % intervals (medians over repeats, the interval "
                       "spanning all repeats' intervals; two significant digits on the "
                       "interval). no data: the session has no result for that run. op.: enc "
                       "encryption, dec decryption; kB = 1000 B, KiB = 1024 B."),
        true);

    doc.heading(QStringLiteral("Differences from %1").arg(ids.front()));
    for (std::size_t s = 1; s < sessions.size(); ++s)
        doc.table(differencesTable(sessions, rows, s));
    doc.paragraph(
        QStringLiteral("Each session against the reference %1, from the means over repeats and "
                       "their 95 % intervals (docs/method.md, \"Comparing two results\"): the "
                       "difference b − a and the ratio b / a, each with its 95 % interval. Same "
                       "meter (same serial, mode and fixed ranges): the meter's gain is common "
                       "to both and taken as correlated, so it cancels in the ratio and partly "
                       "in the difference (GUM 5.2); otherwise the two are independent. not "
                       "significant: the difference's interval includes 0 or the ratio's "
                       "includes 1. A ratio is not given (–) when the reference's interval "
                       "includes 0.")
            .arg(ids.front()),
        true);

    const QString bars = QStringLiteral(
        "one bar per session (the legend), error bars the 95 % intervals; \"no data\" where a "
        "session has no result that another has.");
    doc.chart([&](QCustomPlot &plot) { plotBars(plot, sessions, BarOperation::Encrypt); }, 62,
              QStringLiteral("Energy per byte, encryption: ") + bars);
    doc.chart([&](QCustomPlot &plot) { plotBars(plot, sessions, BarOperation::Decrypt); }, 62,
              QStringLiteral("Energy per byte, decryption: ") + bars);
    doc.chart([&](QCustomPlot &plot) { plotBars(plot, sessions, BarOperation::Total); }, 62,
              QStringLiteral("Energy per byte, encryption and decryption added (the paper's "
                             "\"total\"): ") +
                  bars);
    doc.chart([&](QCustomPlot &plot) { plotOverlaidTraces(plot, sessions); }, 80,
              QStringLiteral("Power traces overlaid, one colour per session, each shifted so that "
                             "its first run starts at t = 0. Above them one lane per session "
                             "shows its runs, tinted by cipher (the legend below)."));

    for (const SessionData &d : sessions) {
        doc.heading(seriesName(d));
        QList<QPair<QString, QString>> facts = dutFacts(d);
        const QList<QPair<QString, QString>> meter = meterFacts(d);
        facts << meter.mid(0, 3);
        doc.keyValues(facts);
        for (const Message &f : sessionFlags(d))
            doc.flag(flagSeverity(f), f.english());
    }
    return doc.writePdf(path);
}

} // namespace cipherwatt::report
