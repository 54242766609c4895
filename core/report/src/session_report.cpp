#include "document.h"
#include "repeats_tables.h"
#include "report_text.h"

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/cycles_model.h>
#include <cipherwatt/core/flags.h>
#include <cipherwatt/core/format.h>
#include <cipherwatt/core/results.h>
#include <cipherwatt/report/charts.h>
#include <cipherwatt/report/report.h>

#include <QJsonArray>
#include <QJsonObject>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace cipherwatt::report {

using namespace core;
namespace fmt = core::format;
using fmt::Quantity;

namespace {

QList<QPair<QString, QString>> sessionFacts(const SessionData &d)
{
    const SessionSummary &s = d.summary;
    QList<QPair<QString, QString>> kv{
        {QStringLiteral("Label"), s.label},
        {QStringLiteral("Session"), fmt::sessionId(s.id)},
        {QStringLiteral("Status"),
         s.statusReason.isEmpty()
             ? statusName(s.status)
             : QStringLiteral("%1 — %2").arg(statusName(s.status), s.statusReason.english())},
        {QStringLiteral("Operator"), s.operatorName.isEmpty() ? fmt::missing() : s.operatorName},
        {QStringLiteral("Started"), fmt::dateTime(d.startedUtc)},
        {QStringLiteral("Ended"),
         d.endedUtc.isEmpty() ? fmt::missing() : fmt::dateTime(d.endedUtc)},
    };
    if (!s.tags.isEmpty())
        kv << QPair{QStringLiteral("Tags"), s.tags.join(QStringLiteral(", "))};
    if (!s.notes.isEmpty())
        kv << QPair{QStringLiteral("Notes"), s.notes};
    return kv;
}

// Columns as the paper's Tables 4 and 5 (run time, net power, throughput, cycles per byte)
// and the energy the paper does not give, each in the unit its values share.
Table resultsTable(const SessionData &d)
{
    const std::vector<ResultRow> rows = resultRows(d);
    std::vector<double> seconds, watts, throughput, energy, perOperation;
    for (const ResultRow &r : rows) {
        if (r.measured == 0)
            continue;
        seconds.push_back(r.runSeconds);
        watts.push_back(r.netWatts.value);
        throughput.push_back(r.throughputBytesPerSecond);
        energy.push_back(r.energyPerByteNj.value * 1e-9);
        perOperation.push_back(r.energyPerOperationUj.value * 1e-6);
    }
    const fmt::Unit time = fmt::columnUnit(Quantity::Time, seconds);
    const fmt::Unit power = fmt::columnUnit(Quantity::Power, watts);
    const fmt::Unit rate = fmt::columnUnit(Quantity::Throughput, throughput);
    const fmt::Unit perByte = fmt::columnUnit(Quantity::EnergyPerByte, energy);
    const fmt::Unit perOp = fmt::columnUnit(Quantity::EnergyPerOperation, perOperation);
    Table t;
    t.header = {QStringLiteral("cipher"),
                QStringLiteral("backend"),
                QStringLiteral("op."),
                QStringLiteral("buffer"),
                QStringLiteral("runs"),
                QStringLiteral("run time") + time.bracketed(),
                QStringLiteral("net power") + power.bracketed() + QStringLiteral(" ± 95 %"),
                QStringLiteral("throughput") + rate.bracketed(),
                QStringLiteral("cycles per byte"),
                QStringLiteral("energy per byte") + perByte.bracketed() + QStringLiteral(" ± 95 %"),
                QStringLiteral("per operation") + perOp.bracketed() + QStringLiteral(" ± 95 %")};
    t.numeric = {false, false, false, true, true, true, true, true, true, true, true};
    for (const ResultRow &r : rows) {
        QStringList cells{r.key.cipher, r.key.backendLabel(), fmt::operationShort(r.key.operation),
                          fmt::bufferShort(r.key.bufferBytes)};
        if (r.measured == 0) {
            cells << QStringLiteral("0") << fmt::missing() << QStringLiteral("not measured")
                  << QString() << QString() << QString() << QString();
            t.rows << cells;
            continue;
        }
        const Estimate &e = r.energyPerByteNj;
        const Estimate &o = r.energyPerOperationUj;
        cells << (r.measured == r.planned ? QString::number(r.measured)
                                          : QStringLiteral("%1/%2").arg(r.measured).arg(r.planned))
              << cell(r.runSeconds, time)
              << cell(r.netWatts.value, r.netWatts.low, r.netWatts.high, power)
              << cell(r.throughputBytesPerSecond, rate)
              << (r.cyclesPerByte > 0 ? fmt::significant(r.cyclesPerByte, 3) : fmt::missing())
              << cell(e.value * 1e-9, e.low * 1e-9, e.high * 1e-9, perByte)
              << cell(o.value * 1e-6, o.low * 1e-6, o.high * 1e-6, perOp);
        t.rows << cells;
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
                QStringLiteral("energy [µJ/op] (95 %)"),
                QStringLiteral("charge [µC/op] (95 %)")};
    t.widths = {1.4, 0.8, 0.8, 0.7, 0.5, 0.5, 1.0, 1.0, 1.6, 1.6};
    t.numeric = {false, false, false, true, true, true, true, true, true, true};
    const fmt::Unit microjoules = fmt::unitFor(fmt::Quantity::EnergyPerOperation, -6);
    const fmt::Unit microcoulombs = fmt::unitFor(fmt::Quantity::ChargePerOperation, -6);
    for (const ResultRow &r : resultRows(d)) {
        if (r.measured == 0)
            continue;
        QString cycles = QStringLiteral("–");
        if (r.cyclesPerOperation > 0) {
            cycles = fmt::fixed(r.cyclesPerOperation, 1);
            if (!r.cyclesReal) {
                cycles += QLatin1Char('*');
                emulated = true;
            }
        }
        t.rows << QStringList{r.key.cipher,
                              r.key.backendLabel(),
                              r.key.operation,
                              QString::number(r.key.bufferBytes),
                              QString::number(r.tagBytes.value_or(0)),
                              QString::number(r.measured),
                              fmt::fixed(r.microsecondsPerOperation, 3),
                              cycles,
                              fmt::withInterval(r.energyPerOperationUj.value * 1e-6,
                                                r.energyPerOperationUj.low * 1e-6,
                                                r.energyPerOperationUj.high * 1e-6, microjoules)
                                  .joined(),
                              std::isfinite(r.chargePerOperationUc.value)
                                  ? fmt::withInterval(r.chargePerOperationUc.value * 1e-6,
                                                      r.chargePerOperationUc.low * 1e-6,
                                                      r.chargePerOperationUc.high * 1e-6,
                                                      microcoulombs)
                                        .joined()
                                  : fmt::missing()};
    }
    return t;
}

Table runsTable(const SessionData &d)
{
    std::vector<double> watts;
    for (const StoredRun &r : d.runs) {
        if (r.analysis) {
            watts.push_back(r.analysis->run.mean);
            watts.push_back(r.analysis->netWatts);
        }
    }
    const fmt::Unit power = fmt::columnUnit(Quantity::Power, watts);
    Table t;
    t.header = {QStringLiteral("#"),
                QStringLiteral("run"),
                QStringLiteral("status"),
                QStringLiteral("updates used / boundary / invalid / missed"),
                QStringLiteral("P run") + power.bracketed(),
                QStringLiteral("P net") + power.bracketed() + QStringLiteral(" ± 95 %"),
                QStringLiteral("implementation"),
                QStringLiteral("ISA")};
    t.numeric = {true, false, false, true, true, true, false, false};
    for (const StoredRun &r : d.runs) {
        const RunResult a = r.analysis.value_or(RunResult{});
        const bool analysed = r.analysis.has_value();
        QString status = runStatusName(r.status);
        if (!r.error.isEmpty())
            status += QStringLiteral(": ") + r.error.english();
        t.rows << QStringList{QString::number(r.ordinal),
                              QStringLiteral("%1, repeat %2")
                                  .arg(fmt::runShort(r.cipher, ResultKey::of(r).backendLabel(),
                                                     r.operation, r.bufferBytes))
                                  .arg(r.repeat),
                              status,
                              analysed ? QStringLiteral("%1 / %2 / %3 / %4")
                                             .arg(a.run.count)
                                             .arg(a.excludedBoundary)
                                             .arg(a.excludedInvalid + a.excludedDuplicates)
                                             .arg(a.missed)
                                       : fmt::missing(),
                              analysed ? cell(a.run.mean, power) : fmt::missing(),
                              analysed ? cell(a.netWatts, a.netLow, a.netHigh, power)
                                       : fmt::missing(),
                              r.result ? r.result->provenance.implementation : QString(),
                              r.result ? r.result->isa : QString()};
    }
    return t;
}

// Each run's net power by the meter and by each secondary power source on the DUT, the
// source's energy per byte and the ratio (docs/method.md, "Power sources on the DUT").
Table sourcesTable(const SessionData &d)
{
    std::vector<double> watts;
    for (const StoredRun &r : d.runs) {
        if (!r.analysis || r.status != RunStatus::Done)
            continue;
        watts.push_back(r.analysis->netWatts);
        for (const SourceRunResult &x : r.analysis->sources)
            watts.push_back(x.netWatts);
    }
    const fmt::Unit power = fmt::columnUnit(Quantity::Power, watts);
    Table t;
    t.header = {QStringLiteral("#"),
                QStringLiteral("run"),
                QStringLiteral("meter P net") + power.bracketed(),
                QStringLiteral("source"),
                QStringLiteral("readings"),
                QStringLiteral("source P net") + power.bracketed(),
                QStringLiteral("source energy"),
                QStringLiteral("source ÷ meter")};
    t.numeric = {true, false, true, false, true, true, true, true};
    for (const StoredRun &r : d.runs) {
        if (!r.analysis || r.status != RunStatus::Done)
            continue;
        for (const SourceRunResult &x : r.analysis->sources) {
            const bool net = std::isfinite(x.netWatts);
            t.rows << QStringList{
                QString::number(r.ordinal),
                fmt::runShort(r.cipher, ResultKey::of(r).backendLabel(), r.operation,
                              r.bufferBytes),
                cell(r.analysis->netWatts, r.analysis->netLow, r.analysis->netHigh, power),
                x.resource,
                QString::number(x.count),
                net ? cell(x.netWatts, x.netLow, x.netHigh, power) : fmt::missing(),
                net ? fmt::quantityWithInterval(
                          x.energyPerByteNj * 1e-9, x.energyPerByteNjLow * 1e-9,
                          x.energyPerByteNjHigh * 1e-9, Quantity::EnergyPerByte)
                    : fmt::missing(),
                fmt::ratioWithInterval(x.ratio, x.ratioLow, x.ratioHigh)};
        }
    }
    return t;
}

// Where the runs' idle levels came from, each way once.
QString idleSourcesText(const BudgetTable &budget)
{
    QStringList out;
    for (const BudgetTable::Row &r : budget.rows) {
        const QString text = idleSourceText(r.idle).english();
        if (!out.contains(text))
            out << text;
    }
    return out.join(QStringLiteral("; "));
}

// Every run's uncertainty budget: standard uncertainties term by term, combined, ν and k.
Table budgetPdfTable(const BudgetTable &budget)
{
    std::vector<double> values;
    for (const BudgetTable::Row &r : budget.rows)
        values.push_back(r.budget.u);
    const fmt::Unit unit = fmt::columnUnit(Quantity::Power, values);
    Table t;
    t.header = {QStringLiteral("#")};
    for (const BudgetTerm term : budget.terms)
        t.header << budgetTermTitle(term).english() + unit.bracketed();
    t.header << QStringLiteral("combined u") + unit.bracketed() << QStringLiteral("ν")
             << QStringLiteral("k");
    for (qsizetype i = 0; i < t.header.size(); ++i)
        t.numeric << true;
    for (const BudgetTable::Row &r : budget.rows) {
        QStringList row{QString::number(r.ordinal)};
        for (const BudgetTerm term : budget.terms)
            row << fmt::significant(unit.scaled(r.budget.component(term)), 2);
        row << fmt::significant(unit.scaled(r.budget.u), 2) << fmt::degreesOfFreedom(r.budget.dof)
            << fmt::fixed(r.budget.coverage, 2);
        t.rows << row;
    }
    return t;
}

// A factor whose levels are names (ISA, governor, chunking): heading, effect table, the
// paragraph (its %1 the levels) and the grouped bars; nothing without effects.
void namedFactorSection(Document &doc, const std::vector<FactorEffect> &effects,
                        const QStringList &levels, QString ResultKey::*member,
                        const QString &heading, const QString &paragraph)
{
    if (effects.empty())
        return;
    const QString reference = levels.value(0);
    doc.heading(heading, 2);
    doc.table(namedEffectTable(effects, reference, member));
    doc.paragraph(paragraph.arg(levels.join(QStringLiteral(", "))), true);
    doc.chart(
        [effects, reference, member](QCustomPlot &plot) {
            plotEffectBars(plot, effects, reference,
                           [member](const ResultKey &k) { return k.*member; });
        },
        62,
        QStringLiteral("Energy per byte at %1 and at each other level (means over repeats, "
                       "95 % intervals); above each pair the level's ratio to %1.")
            .arg(reference));
}

// The fourth paper's cycles model beside each result's measured energy per byte
// (cycles_model.h): the estimate, the clock it took and model ÷ measured.
Table cyclesModelTable(const std::vector<CyclesModelRow> &model)
{
    Table t;
    t.header = {QStringLiteral("result"),   QStringLiteral("measured (95 %)"),
                QStringLiteral("cycles/B"), QStringLiteral("clock [MHz]"),
                QStringLiteral("model"),    QStringLiteral("model ÷ measured (95 %)")};
    t.numeric = {false, true, true, true, true, true};
    for (const CyclesModelRow &r : model)
        t.rows << (QStringList{fmt::runShort(r.key.cipher, r.key.backendLabel(), r.key.operation,
                                             r.key.bufferBytes)}
                   << cyclesModelCells(r));
    return t;
}

} // namespace

Result<void> writeSessionPdf(const SessionData &d, const QString &path)
{
    Document doc(d.summary.label,
                 QStringLiteral("%1 · %2").arg(fmt::sessionId(d.summary.id),
                                               fmt::dateTime(d.startedUtc).left(10)),
                 d.summary.simulated);
    doc.heading(QStringLiteral("Energy cost of encryption: %1").arg(d.summary.label));
    doc.keyValues(sessionFacts(d));
    if (d.summary.simulated)
        doc.warning(QStringLiteral("The meter of this session was the simulated WT332: its power "
                                   "values are modelled, not measured, and must not be published "
                                   "as measurements."));
    if (d.meter.source)
        doc.warning(QStringLiteral("The meter of this session was a power source on the DUT, "
                                   "%1, not a power meter: its maker specifies no accuracy, so "
                                   "every interval below is the statistical part only.")
                        .arg(d.meter.source->resource));
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
                       "interval spans all repeats' 95 % intervals. Each value's digits follow "
                       "its interval (two significant digits on the interval). op.: enc "
                       "encryption, dec decryption; kB = 1000 B, KiB = 1024 B."),
        true);
    if (anyRepeated(d)) {
        doc.heading(QStringLiteral("Across repeats"), 2);
        doc.table(repeatsTable(d));
        doc.paragraph(
            QStringLiteral("The mean of the valid repeats with its 95 % interval, beside their "
                           "median and spread. The repeats' scatter enters as s/√n with n − 1 "
                           "degrees of freedom; the meter's terms and the idle level's are "
                           "common to every repeat of the session (same meter, same ranges, the "
                           "same baseline) and do not average down: u² = s²/n + (common u)², "
                           "ν by Welch–Satterthwaite, k Student's t. One valid run: its own "
                           "interval. docs/method.md, \"Repeats\"."),
            true);
    }
    namedFactorSection(
        doc, isaEffects(d), d.settings.isaLevels, &ResultKey::isa,
        QStringLiteral("Instruction-set levels"),
        QStringLiteral("Each result measured at each instruction-set level of the design "
                       "(%1), in one session with the levels of a cipher side by side in the "
                       "run order, against the first level. The difference and the ratio of "
                       "the means over repeats carry 95 % intervals; with the meter's ranges "
                       "fixed its gain is common to both levels and cancels in the ratio. "
                       "The worker caps its own code and Botan at each level for the run; "
                       "OpenSSL keeps the level it was started with. docs/method.md, "
                       "\"Experiments\"."));
    namedFactorSection(
        doc, governorEffects(d), d.settings.governorLevels, &ResultKey::governor,
        QStringLiteral("CPU governors"),
        QStringLiteral("Each result measured under each CPU governor of the design (%1), "
                       "against the first. The worker pins each governor on the run's CPUs and "
                       "reads it back before and after every run; each level has idle windows of "
                       "its own, so that a run's net power is taken against the idle power under "
                       "its own governor. The difference and the ratio of the means over repeats "
                       "carry 95 % intervals. docs/method.md, \"Experiments: governor and "
                       "chunking\"."));
    namedFactorSection(
        doc, chunkingEffects(d), d.settings.chunkingLevels, &ResultKey::chunking,
        QStringLiteral("Chunking"),
        QStringLiteral("Each result measured with each chunking of the design (%1), against the "
                       "first: message, every buffer a message of its own with a fresh IV or "
                       "nonce (the papers' method); stream, one long message processed a buffer "
                       "at a time with the key stream continuing (what `openssl speed` "
                       "measures), for stream ciphers and CTR only; other ciphers run as "
                       "messages alone. docs/method.md, \"Experiments: governor and "
                       "chunking\"."));
    if (const std::vector<FactorEffect> effects = payloadEffects(d); !effects.empty()) {
        const auto differ = std::count_if(effects.begin(), effects.end(), [](const auto &e) {
            return e.comparison.energyPerByteNj.valid() &&
                   e.comparison.energyPerByteNj.significant();
        });
        QStringList levels;
        for (const QString &p : d.settings.payloadLevels)
            levels << (p.startsWith(QLatin1String("file:")) ? p.mid(5) : p);
        doc.heading(QStringLiteral("Payloads"), 2);
        doc.table(payloadEffectTable(d));
        const QString reference = fmt::payloadShort(d.settings.payloadLevels.value(0));
        doc.paragraph(
            QStringLiteral("Each result measured encrypting each payload of the design (%1), "
                           "against the first; every iteration encrypts the payload itself, and "
                           "a file's first buffer's worth is read on the DUT (its SHA-256 is "
                           "stored with each run). These ciphers do the same work whatever the "
                           "data, so no difference is expected: %2 docs/method.md, "
                           "\"Experiments: payload\".")
                .arg(levels.join(QStringLiteral(", ")),
                     differ == 0
                         ? QStringLiteral("none was found beyond its 95 % interval.")
                         : QStringLiteral("%1 of %2 results differ beyond their 95 % interval; "
                                          "something else changed between those runs (drift, "
                                          "a table look-up's cache behaviour).")
                               .arg(differ)
                               .arg(effects.size())),
            true);
        doc.chart(
            [effects, reference](QCustomPlot &plot) {
                plotEffectBars(plot, effects, reference,
                               [](const ResultKey &k) { return fmt::payloadShort(k.payload); });
            },
            62,
            QStringLiteral("Energy per byte with %1 and with each other payload (means over "
                           "repeats, 95 % intervals); above each pair its ratio to %1.")
                .arg(reference));
    }
    if (!frequencyCurves(d).empty()) {
        doc.heading(QStringLiteral("CPU frequencies"), 2);
        doc.table(frequencyTable(d));
        doc.paragraph(
            QStringLiteral("Each result at each CPU frequency of the design, pinned through the "
                           "worker (scaling_min = scaling_max, read back before and after every "
                           "run), with its idle level from idle windows at the same frequency. "
                           "EDP: the energy-delay product of 1 MiB. The energy-optimal frequency "
                           "has the lowest mean energy per byte; \"not told apart\" marks the "
                           "levels whose difference from it has a 95 % interval that includes "
                           "0, the optimum's confidence set. docs/method.md, \"Experiments: CPU "
                           "frequency\"."),
            true);
        doc.chart([&d](QCustomPlot &plot) { plotFrequencyCurves(plot, d); }, 70,
                  QStringLiteral("Energy per byte against the CPU frequency (means over repeats, "
                                 "95 % intervals); the energy-optimal level ringed."));
        doc.chart(
            [&d](QCustomPlot &plot) { plotFrequencyCurves(plot, d, CurveMeasure::Throughput); }, 58,
            QStringLiteral("Throughput against the CPU frequency (medians over repeats)."));
    }
    if (!bufferCurves(d).empty()) {
        doc.heading(QStringLiteral("Buffer sizes"), 2);
        doc.chart([&d](QCustomPlot &plot) { plotBufferCurves(plot, d); }, 70,
                  QStringLiteral("Energy per byte against the buffer size, logarithmic (means over "
                                 "repeats, 95 % intervals): what a message's fixed cost (its IV or "
                                 "nonce, tag, padding, the call) adds per byte at small sizes."));
        doc.chart([&d](QCustomPlot &plot) { plotBufferCurves(plot, d, CurveMeasure::Throughput); },
                  58,
                  QStringLiteral("Throughput against the buffer size, logarithmic (medians over "
                                 "repeats)."));
    }
    if (const Table sources = sourcesTable(d); !sources.rows.isEmpty()) {
        doc.heading(QStringLiteral("Power sources on the DUT"), 2);
        doc.table(sources);
        doc.paragraph(
            QStringLiteral("Each run's net power by the meter (the primary: every result above) "
                           "and by each power source read on the DUT beside it, from the "
                           "source's own readings against the same idle windows. The sources' "
                           "makers do not specify their accuracy: their intervals are "
                           "statistical only. source ÷ meter with its 95 % interval (first-order "
                           "propagation, the two taken as independent); a package counter sees "
                           "less than the wall, so a ratio below 1 is expected, and its "
                           "constancy across ciphers is the check. docs/method.md, \"Power "
                           "sources on the DUT\"."),
            true);
    }
    if (const std::vector<CyclesModelRow> model = cyclesModelRows(d); !model.empty()) {
        doc.heading(QStringLiteral("Cycles model"), 2);
        doc.table(cyclesModelTable(model));
        doc.paragraph(
            QStringLiteral("The fourth paper's estimate beside each measured energy per byte, "
                           "not a measurement: E = cycles / f × I × V with %1, from the run's "
                           "measured cycles per byte. The clock is the one given, else the run's "
                           "frequency level as read back, else the counter's mean rate over the "
                           "loop (cycles ÷ seconds: the clock the loop ran at); a counter "
                           "that does not count core cycles (TSC, cntvct) is converted at its "
                           "own rate. The model's constants carry no uncertainty here: the "
                           "ratio's 95 % interval is the measured value's. docs/method.md, "
                           "\"The cycles model\".")
                .arg(cyclesModelText(*d.settings.cyclesModel)),
            true);
    }
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
    doc.chart([&d](QCustomPlot &plot) { plotPowerTrace(plot, d); }, 80, powerTraceCaption(d));

    doc.heading(QStringLiteral("Flags"));
    const QList<Message> flags = sessionFlags(d);
    if (flags.isEmpty())
        doc.paragraph(
            QStringLiteral("None: no short run, no drifting baseline, no update over range "
                           "or missed, and the integrator agreed with the samples."));
    for (const Message &f : flags)
        doc.flag(flagSeverity(f), f.english());

    doc.heading(QStringLiteral("Runs"));
    doc.table(runsTable(d));
    if (const BudgetTable budget = budgetTable(d); !budget.rows.empty()) {
        doc.heading(QStringLiteral("Uncertainty budget"), 2);
        doc.table(budgetPdfTable(budget));
        doc.paragraph(QStringLiteral("Standard uncertainties of each run's net power (the runs' "
                                     "numbers as above); the 95 % interval is ± k × combined "
                                     "u. Idle level: %1. Model: %2.")
                          .arg(idleSourcesText(budget),
                               uncertaintyModelText(budget.rows.front().budget.model).english()),
                      true);
    }
    return doc.writePdf(path);
}

} // namespace cipherwatt::report
