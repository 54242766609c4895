#include "document.h"
#include "report_text.h"

#include <cipherwatt/core/results.h>
#include <cipherwatt/report/charts.h>
#include <cipherwatt/report/format.h>
#include <cipherwatt/report/report.h>

#include <QJsonObject>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace cipherwatt::report {

using namespace core;

namespace {

// Up to this many sessions share a results table; more are split into several tables, each
// still comparing with the first session.
constexpr std::size_t kSessionsPerTable = 4;

QString percent(double p)
{
    if (!std::isfinite(p))
        return QStringLiteral("–");
    if (std::fabs(p) < 0.05)
        return QStringLiteral("0.0 %");
    return QStringLiteral("%1%2 %").arg(p > 0 ? QStringLiteral("+") : QString()).arg(p, 0, 'f', 1);
}

Table sessionsTable(const std::vector<SessionData> &sessions)
{
    Table t;
    t.header = {QStringLiteral("#"),     QStringLiteral("session"),
                QStringLiteral("label"), QStringLiteral("started (UTC)"),
                QStringLiteral("DUT"),   QStringLiteral("meter"),
                QStringLiteral("status")};
    t.widths = {0.3, 0.5, 2.0, 1.2, 2.6, 2.2, 1.2};
    t.numeric = {true, true, false, false, false, false, false};
    for (std::size_t s = 0; s < sessions.size(); ++s) {
        const SessionData &d = sessions[s];
        t.rows << QStringList{QString::number(s + 1),
                              QString::number(d.summary.id),
                              d.summary.label,
                              d.startedUtc.left(16).replace(QLatin1Char('T'), QLatin1Char(' ')),
                              d.summary.dut,
                              d.summary.simulated
                                  ? QStringLiteral("%1 (SIMULATED)").arg(d.summary.meter)
                                  : d.summary.meter,
                              statusName(d.summary.status)};
    }
    return t;
}

Table resultsTable(const std::vector<SessionData> &sessions, const std::vector<ComparisonRow> &rows,
                   std::size_t first, std::size_t last)
{
    Table t;
    t.header = {QStringLiteral("cipher"), QStringLiteral("backend"), QStringLiteral("operation"),
                QStringLiteral("buffer [B]")};
    t.widths = {1.4, 0.8, 0.8, 0.7};
    t.numeric = {false, false, false, true};
    t.groups = {QString()};
    t.groupSpans = {4};
    std::vector<std::size_t> columns{0};
    for (std::size_t s = first; s < last; ++s) {
        if (s != 0)
            columns.push_back(s);
    }
    std::sort(columns.begin(), columns.end());
    columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
    for (const std::size_t s : columns) {
        t.groups << QStringLiteral("#%1 %2").arg(s + 1).arg(sessions[s].summary.label);
        const bool reference = s == 0;
        t.groupSpans << (reference ? 3 : 5);
        t.header << QStringLiteral("net power [W]") << QStringLiteral("energy [nJ/B]")
                 << QStringLiteral("KB/s");
        t.widths << 1.5 << 1.5 << 0.8;
        t.numeric << true << true << true;
        if (!reference) {
            t.header << QStringLiteral("Δ power vs #1") << QStringLiteral("Δ energy vs #1");
            t.widths << 0.8 << 0.8;
            t.numeric << true << true;
        }
    }
    for (const ComparisonRow &row : rows) {
        QStringList cells{row.key.cipher, row.key.backend, row.key.operation,
                          QString::number(row.key.bufferBytes)};
        const std::optional<ResultRow> &ref = row.sessions.front();
        for (const std::size_t s : columns) {
            const std::optional<ResultRow> &r = row.sessions[s];
            const bool measured = r && r->measured > 0;
            cells << (measured ? withInterval(r->netWatts) : QStringLiteral("–"))
                  << (measured ? withInterval(r->energyPerByteNj) : QStringLiteral("–"))
                  << (measured ? fixed(r->throughputBytesPerSecond / 1000.0, 0)
                               : QStringLiteral("–"));
            if (s != 0) {
                const bool both = measured && ref && ref->measured > 0;
                cells << (both ? percent(difference(ref->netWatts.value, r->netWatts.value).percent)
                               : QStringLiteral("–"))
                      << (both ? percent(difference(ref->energyPerByteNj.value,
                                                    r->energyPerByteNj.value)
                                             .percent)
                               : QStringLiteral("–"));
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
        ids << QString::number(d.summary.id);
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
        doc.table(resultsTable(sessions, rows, first,
                               std::min(sessions.size(), first + kSessionsPerTable)));
    doc.paragraph(
        QStringLiteral("Values with their 95 % intervals (medians over repeats, the interval "
                       "spanning all repeats' intervals). Δ: the difference from session "
                       "#1 in percent of session #1's value."),
        true);

    doc.chart([&](QCustomPlot &plot) { plotBars(plot, sessions, BarOperation::Encrypt); }, 62,
              QStringLiteral("Energy per byte, encryption, one bar per session."));
    doc.chart([&](QCustomPlot &plot) { plotBars(plot, sessions, BarOperation::Decrypt); }, 62,
              QStringLiteral("Energy per byte, decryption."));
    doc.chart([&](QCustomPlot &plot) { plotBars(plot, sessions, BarOperation::Total); }, 62,
              QStringLiteral("Energy per byte, encryption and decryption together."));
    doc.chart([&](QCustomPlot &plot) { plotOverlaidTraces(plot, sessions); }, 70,
              QStringLiteral("Power traces overlaid, each shifted so that its first run starts at "
                             "t = 0."));

    for (std::size_t s = 0; s < sessions.size(); ++s) {
        const SessionData &d = sessions[s];
        doc.heading(QStringLiteral("#%1 %2 (session %3)")
                        .arg(s + 1)
                        .arg(d.summary.label)
                        .arg(d.summary.id));
        QList<QPair<QString, QString>> facts = dutFacts(d);
        const QList<QPair<QString, QString>> meter = meterFacts(d);
        facts << meter.mid(0, 3);
        doc.keyValues(facts);
        const QStringList flags = sessionFlags(d);
        for (const QString &f : flags)
            doc.warning(f);
    }
    return doc.writePdf(path);
}

} // namespace cipherwatt::report
