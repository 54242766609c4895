#include "document.h"
#include "report_text.h"

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/results.h>
#include <cipherwatt/report/charts.h>
#include <cipherwatt/report/format.h>
#include <cipherwatt/report/report.h>

#include <QJsonArray>
#include <QJsonObject>
#include <qcustomplot.h>

#include <set>

namespace cipherwatt::report {

using namespace core;

namespace {

QList<QPair<QString, QString>> sessionFacts(const SessionData &d)
{
    const SessionSummary &s = d.summary;
    QList<QPair<QString, QString>> kv{
        {QStringLiteral("Label"), s.label},
        {QStringLiteral("Session"),
         QStringLiteral("%1 in %2").arg(s.id).arg(QStringLiteral("the CipherWatt database"))},
        {QStringLiteral("Status"),
         s.statusReason.isEmpty()
             ? statusName(s.status)
             : QStringLiteral("%1 — %2").arg(statusName(s.status), s.statusReason.english())},
        {QStringLiteral("Operator"),
         s.operatorName.isEmpty() ? QStringLiteral("–") : s.operatorName},
        {QStringLiteral("Started"), d.startedUtc + QStringLiteral(" UTC")},
        {QStringLiteral("Ended"),
         d.endedUtc.isEmpty() ? QStringLiteral("–") : d.endedUtc + QStringLiteral(" UTC")},
    };
    if (!s.tags.isEmpty())
        kv << QPair{QStringLiteral("Tags"), s.tags.join(QStringLiteral(", "))};
    if (!s.notes.isEmpty())
        kv << QPair{QStringLiteral("Notes"), s.notes};
    return kv;
}

Table resultsTable(const SessionData &d)
{
    Table t;
    t.header = {QStringLiteral("cipher"),
                QStringLiteral("backend"),
                QStringLiteral("operation"),
                QStringLiteral("buffer [B]"),
                QStringLiteral("runs"),
                QStringLiteral("run time [s]"),
                QStringLiteral("net power [W] (95 %)"),
                QStringLiteral("throughput [KB/s]"),
                QStringLiteral("cycles / byte"),
                QStringLiteral("energy [nJ/B] (95 %)"),
                QStringLiteral("energy per operation [µJ] (95 %)")};
    t.widths = {1.5, 0.9, 0.9, 0.8, 0.5, 0.8, 1.6, 1.1, 0.8, 1.6, 1.7};
    t.numeric = {false, false, false, true, true, true, true, true, true, true, true};
    for (const ResultRow &r : resultRows(d)) {
        if (r.measured == 0) {
            t.rows << QStringList{r.key.cipher,
                                  r.key.backend,
                                  r.key.operation,
                                  QString::number(r.key.bufferBytes),
                                  QStringLiteral("0"),
                                  QStringLiteral("–"),
                                  QStringLiteral("not measured"),
                                  QString(),
                                  QString(),
                                  QString(),
                                  QString()};
            continue;
        }
        t.rows << QStringList{r.key.cipher,
                              r.key.backend,
                              r.key.operation,
                              QString::number(r.key.bufferBytes),
                              r.measured == r.planned
                                  ? QString::number(r.measured)
                                  : QStringLiteral("%1/%2").arg(r.measured).arg(r.planned),
                              fixed(r.runSeconds, 2),
                              withInterval(r.netWatts),
                              fixed(r.throughputBytesPerSecond / 1000.0, 0),
                              fixed(r.cyclesPerByte, 2),
                              withInterval(r.energyPerByteNj),
                              withInterval(r.energyPerOperationUj)};
    }
    return t;
}

// Per operation, as the papers on microcontrollers give it: one operation is one message of
// the payload's bytes. `emulated` is set when a row's cycles are not real core cycles.
Table perOperationTable(const SessionData &d, bool &emulated)
{
    Table t;
    t.header = {QStringLiteral("cipher"),
                QStringLiteral("backend"),
                QStringLiteral("operation"),
                QStringLiteral("payload [B]"),
                QStringLiteral("tag [B]"),
                QStringLiteral("runs"),
                QStringLiteral("time [µs/op]"),
                QStringLiteral("cycles / op"),
                QStringLiteral("energy [µJ/op] (95 %)")};
    t.widths = {1.5, 0.9, 0.9, 0.8, 0.6, 0.5, 1.1, 1.1, 1.7};
    t.numeric = {false, false, false, true, true, true, true, true, true};
    for (const ResultRow &r : resultRows(d)) {
        if (r.measured == 0)
            continue;
        QString cycles = QStringLiteral("–");
        if (r.cyclesPerOperation > 0) {
            cycles = fixed(r.cyclesPerOperation, 1);
            if (!r.cyclesReal) {
                cycles += QLatin1Char('*');
                emulated = true;
            }
        }
        t.rows << QStringList{r.key.cipher,
                              r.key.backend,
                              r.key.operation,
                              QString::number(r.key.bufferBytes),
                              QString::number(r.tagBytes.value_or(0)),
                              QString::number(r.measured),
                              fixed(r.microsecondsPerOperation, 3),
                              cycles,
                              withInterval(r.energyPerOperationUj)};
    }
    return t;
}

Table runsTable(const SessionData &d)
{
    Table t;
    t.header = {QStringLiteral("#"),
                QStringLiteral("run"),
                QStringLiteral("status"),
                QStringLiteral("updates used / boundary / invalid / missed"),
                QStringLiteral("P run [W]"),
                QStringLiteral("P net [W] (95 %)"),
                QStringLiteral("implementation"),
                QStringLiteral("ISA")};
    t.widths = {0.3, 2.2, 0.8, 1.4, 0.8, 1.5, 2.6, 0.6};
    t.numeric = {true, false, false, true, true, true, false, false};
    for (const StoredRun &r : d.runs) {
        const RunResult a = r.analysis.value_or(RunResult{});
        const bool analysed = r.analysis.has_value();
        QString status = runStatusName(r.status);
        if (!r.error.isEmpty())
            status += QStringLiteral(": ") + r.error.english();
        t.rows << QStringList{QString::number(r.ordinal),
                              QStringLiteral("%1/%2 %3, %4 B, repeat %5")
                                  .arg(r.cipher, r.backend, r.operation)
                                  .arg(r.bufferBytes)
                                  .arg(r.repeat),
                              status,
                              analysed ? QStringLiteral("%1 / %2 / %3 / %4")
                                             .arg(a.run.count)
                                             .arg(a.excludedBoundary)
                                             .arg(a.excludedInvalid + a.excludedDuplicates)
                                             .arg(a.missed)
                                       : QStringLiteral("–"),
                              analysed ? fixed(a.run.mean, 4) : QStringLiteral("–"),
                              analysed ? withInterval(a.netWatts, a.netLow, a.netHigh)
                                       : QStringLiteral("–"),
                              r.result ? r.result->provenance.implementation : QString(),
                              r.result ? r.result->isa : QString()};
    }
    return t;
}

} // namespace

Result<void> writeSessionPdf(const SessionData &d, const QString &path)
{
    Document doc(d.summary.label,
                 QStringLiteral("session %1 · %2").arg(d.summary.id).arg(d.startedUtc.left(10)),
                 d.summary.simulated);
    doc.heading(QStringLiteral("Energy cost of encryption: %1").arg(d.summary.label));
    doc.keyValues(sessionFacts(d));
    if (d.summary.simulated)
        doc.warning(QStringLiteral("The meter of this session was the simulated WT332: its power "
                                   "values are modelled, not measured, and must not be published "
                                   "as measurements."));
    if (d.summary.status != SessionStatus::Complete)
        doc.warning(QStringLiteral("The session is %1: %2. Its results cover what was measured "
                                   "before it ended.")
                        .arg(statusName(d.summary.status), d.summary.statusReason.english()));

    doc.heading(QStringLiteral("Set-up"));
    doc.heading(QStringLiteral("Power meter"), 2);
    doc.keyValues(meterFacts(d));
    doc.heading(QStringLiteral("Device under test"), 2);
    doc.keyValues(dutFacts(d));

    doc.heading(QStringLiteral("Method"));
    for (const QString &p : methodParagraphs(d))
        doc.paragraph(p);

    doc.heading(QStringLiteral("Results"));
    doc.table(resultsTable(d));
    doc.paragraph(
        QStringLiteral("Net power = mean power during the run − idle baseline; energy = net "
                       "power × run time. With repeats, the value is the median and the "
                       "interval spans all repeats' 95 % intervals. KB = 1000 B."),
        true);
    if (d.dut.kind == QLatin1String("mcu")) {
        bool emulated = false;
        doc.heading(QStringLiteral("Per operation"), 2);
        doc.table(perOperationTable(d, emulated));
        doc.paragraph(
            QStringLiteral("One operation is one message of the payload's bytes, from its own IV "
                           "or nonce; an AEAD's tag adds the bytes given beyond the payload. Time "
                           "and cycles per operation are the board's own count (medians).") +
                (emulated ? QStringLiteral(" * Not real core cycles: the board was emulated, "
                                           "and its counter follows the host's clock.")
                          : QString()),
            true);
    }
    const std::vector<SessionData> one{d};
    doc.chart([&one](QCustomPlot &plot) { plotBars(plot, one, BarOperation::Encrypt); }, 58,
              QStringLiteral("Energy per byte, encryption (error bars: 95 % intervals)."));
    doc.chart([&one](QCustomPlot &plot) { plotBars(plot, one, BarOperation::Decrypt); }, 58,
              QStringLiteral("Energy per byte, decryption."));
    doc.chart([&one](QCustomPlot &plot) { plotBars(plot, one, BarOperation::Total); }, 58,
              QStringLiteral("Energy per byte, encryption and decryption together (the paper's "
                             "\"total\")."));
    doc.chart(
        [&d](QCustomPlot &plot) { plotPowerTrace(plot, d); }, 70,
        QStringLiteral("Power of the DUT over the session: baseline (blue), pilot runs "
                       "(yellow), runs (green, numbered as in the run table), settling (grey)."));

    doc.heading(QStringLiteral("Flags"));
    const QStringList flags = sessionFlags(d);
    if (flags.isEmpty())
        doc.paragraph(
            QStringLiteral("None: no short run, no drifting baseline, no update over range "
                           "or missed, and the integrator agreed with the samples."));
    for (const QString &f : flags)
        doc.warning(f);

    doc.heading(QStringLiteral("Runs"));
    doc.table(runsTable(d));
    return doc.writePdf(path);
}

} // namespace cipherwatt::report
