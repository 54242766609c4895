#include "text_report.h"

#include "repeats_text.h"

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/cycles_model.h>
#include <cipherwatt/core/flags.h>
#include <cipherwatt/core/format.h>
#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/records_json.h>
#include <cipherwatt/core/results.h>

#include <QJsonArray>

#include <cmath>
#include <set>

namespace cipherwatt::cli {

using namespace core;

namespace fmt = core::format;
using fmt::Quantity;

QString formatTable(const QStringList &header, const QList<QStringList> &rows,
                    const QList<bool> &numeric)
{
    QList<qsizetype> widths;
    for (const QString &h : header)
        widths << h.size();
    for (const QStringList &row : rows) {
        for (qsizetype c = 0; c < row.size() && c < widths.size(); ++c)
            widths[c] = std::max(widths[c], row[c].size());
    }
    const auto line = [&](const QStringList &cells) {
        QStringList padded;
        for (qsizetype c = 0; c < cells.size() && c < widths.size(); ++c) {
            const bool right = c < numeric.size() && numeric[c];
            padded << (right ? cells[c].rightJustified(widths[c])
                             : cells[c].leftJustified(widths[c]));
        }
        return padded.join(QStringLiteral("  ")).trimmed() + QLatin1Char('\n');
    };
    QString out = line(header);
    for (const QStringList &row : rows)
        out += line(row);
    return out;
}

QString resultsTable(const SessionData &session)
{
    // The paper's Tables 4 and 5 (run time, net power, throughput, cycles per byte) with the
    // energy per byte it did not give, one row per cipher, operation and buffer (repeats as
    // medians), each column in the unit its values share.
    const std::vector<ResultRow> rows = resultRows(session);
    std::vector<double> seconds, watts, rate, energy;
    for (const ResultRow &r : rows) {
        if (r.measured == 0)
            continue;
        seconds.push_back(r.runSeconds);
        watts.push_back(r.netWatts.value);
        rate.push_back(r.throughputBytesPerSecond);
        energy.push_back(r.energyPerByteNj.value * 1e-9);
    }
    const fmt::Unit time = fmt::columnUnit(Quantity::Time, seconds);
    const fmt::Unit power = fmt::columnUnit(Quantity::Power, watts);
    const fmt::Unit throughput = fmt::columnUnit(Quantity::Throughput, rate);
    const fmt::Unit perByte = fmt::columnUnit(Quantity::EnergyPerByte, energy);
    const QStringList header{
        QStringLiteral("cipher"),
        QStringLiteral("backend"),
        QStringLiteral("op"),
        QStringLiteral("buffer"),
        QStringLiteral("runs"),
        QStringLiteral("run time") + time.bracketed(),
        QStringLiteral("net power") + power.bracketed() + QStringLiteral(" ± 95 %"),
        QStringLiteral("throughput") + throughput.bracketed(),
        QStringLiteral("cycles/B"),
        QStringLiteral("energy") + perByte.bracketed() + QStringLiteral(" ± 95 %"),
        QStringLiteral("status")};
    QList<QStringList> out;
    for (const ResultRow &r : rows) {
        const bool measured = r.measured > 0;
        QList<Message> flags = r.flags;
        flags << r.notMeasured;
        // Done or not, then the most severe flag and how many more (listed under the table).
        QString status = r.measured == r.planned ? QStringLiteral("done")
                         : measured              ? QStringLiteral("partly done")
                                                 : QStringLiteral("not measured");
        if (!flags.isEmpty()) {
            status += QStringLiteral(", ") + severityName(highestSeverity(flags));
            if (flags.size() > 1)
                status += QStringLiteral(" +%1").arg(flags.size() - 1);
        }
        const Estimate &e = r.energyPerByteNj;
        out << QStringList{
            r.key.cipher,
            r.key.backendLabel(),
            fmt::operationShort(r.key.operation),
            fmt::bufferShort(r.key.bufferBytes),
            r.measured == r.planned ? QString::number(r.measured)
                                    : QStringLiteral("%1/%2").arg(r.measured).arg(r.planned),
            measured ? fmt::plain(r.runSeconds, time) : fmt::missing(),
            measured ? fmt::withInterval(r.netWatts.value, r.netWatts.low, r.netWatts.high, power)
                           .joined()
                     : QStringLiteral("not measured"),
            measured ? fmt::plain(r.throughputBytesPerSecond, throughput) : fmt::missing(),
            measured && r.cyclesPerByte > 0 ? fmt::significant(r.cyclesPerByte) : fmt::missing(),
            measured
                ? fmt::withInterval(e.value * 1e-9, e.low * 1e-9, e.high * 1e-9, perByte).joined()
                : fmt::missing(),
            status};
    }
    return formatTable(header, out,
                       {false, false, false, true, true, true, true, true, true, true, false});
}

namespace {

QString sourcesText(const SessionData &session)
{
    // Each run's net power by the meter and by each secondary source on the DUT, and their
    // ratio (docs/method.md, "Power sources on the DUT").
    if (session.dut.sources.empty())
        return {};
    QList<QStringList> rows;
    for (const StoredRun &r : session.runs) {
        if (!r.analysis || r.status != RunStatus::Done)
            continue;
        for (const SourceRunResult &x : r.analysis->sources) {
            const bool net = std::isfinite(x.netWatts);
            rows << QStringList{
                r.label(),
                fmt::quantityWithInterval(r.analysis->netWatts, r.analysis->netLow,
                                          r.analysis->netHigh, Quantity::Power),
                x.resource,
                QString::number(x.count),
                net ? fmt::quantityWithInterval(x.netWatts, x.netLow, x.netHigh, Quantity::Power)
                    : fmt::missing(),
                net ? fmt::quantityWithInterval(
                          x.energyPerByteNj * 1e-9, x.energyPerByteNjLow * 1e-9,
                          x.energyPerByteNjHigh * 1e-9, Quantity::EnergyPerByte)
                    : fmt::missing(),
                std::isfinite(x.ratio) ? fmt::ratioWithInterval(x.ratio, x.ratioLow, x.ratioHigh)
                                       : QStringLiteral("none (a net power reaches zero)")};
        }
    }
    if (rows.isEmpty())
        return {};
    return QStringLiteral("\nPower sources on the DUT against the meter (net power ± 95 %; the "
                          "sources' intervals are statistical only: their makers do not specify "
                          "their accuracy; ratio = source ÷ meter, 95 %):\n") +
           formatTable({QStringLiteral("run"), QStringLiteral("meter net"),
                        QStringLiteral("source"), QStringLiteral("readings"),
                        QStringLiteral("source net"), QStringLiteral("source energy"),
                        QStringLiteral("ratio")},
                       rows, {false, true, false, true, true, true, true});
}

// The fourth paper's cycles model beside each measured energy per byte (cycles_model.h).
QString cyclesModelTable(const SessionData &session)
{
    const std::vector<CyclesModelRow> model = cyclesModelRows(session);
    if (model.empty())
        return {};
    QList<QStringList> rows;
    for (const CyclesModelRow &r : model)
        rows << (QStringList{r.key.label()} << cyclesModelCells(r));
    return QStringLiteral("\nCycles model (the fourth paper's estimate, not a measurement: E = "
                          "cycles / f × I × V with %1; model ÷ measured with the measured "
                          "value's 95 % interval):\n")
               .arg(cyclesModelText(*session.settings.cyclesModel)) +
           formatTable({QStringLiteral("result"), QStringLiteral("measured"),
                        QStringLiteral("cycles/B"), QStringLiteral("clock [MHz]"),
                        QStringLiteral("model"), QStringLiteral("model ÷ measured")},
                       rows, {false, true, true, true, true, true});
}

QJsonObject cyclesModelJson(const SessionData &session)
{
    const std::vector<CyclesModelRow> model = cyclesModelRows(session);
    if (model.empty())
        return {};
    const auto number = [](double v) { return std::isfinite(v) ? QJsonValue(v) : QJsonValue(); };
    QJsonArray rows;
    for (const CyclesModelRow &r : model) {
        QJsonObject row{{QStringLiteral("cipher"), r.key.cipher},
                        {QStringLiteral("backend"), r.key.backend},
                        {QStringLiteral("operation"), r.key.operation},
                        {QStringLiteral("buffer"), r.key.bufferBytes},
                        {QStringLiteral("label"), r.key.label()},
                        {QStringLiteral("measured_nj_per_byte"), number(r.measuredNj.value)},
                        {QStringLiteral("measured_low_nj_per_byte"), number(r.measuredNj.low)},
                        {QStringLiteral("measured_high_nj_per_byte"), number(r.measuredNj.high)},
                        {QStringLiteral("cycles_per_byte"), number(r.cyclesPerByte)},
                        {QStringLiteral("clock_hz"), number(r.hertz)},
                        {QStringLiteral("clock"), r.clock},
                        {QStringLiteral("model_nj_per_byte"), number(r.modelNj)},
                        {QStringLiteral("ratio"), number(r.ratio)},
                        {QStringLiteral("ratio_low"), number(r.ratioLow)},
                        {QStringLiteral("ratio_high"), number(r.ratioHigh)}};
        if (!r.problem.isEmpty())
            row.insert(QStringLiteral("problem"), r.problem);
        rows.append(row);
    }
    const CyclesModel &m = *session.settings.cyclesModel;
    QJsonObject constants{{QStringLiteral("volts"), m.volts}, {QStringLiteral("amps"), m.amps}};
    if (m.hertz)
        constants.insert(QStringLiteral("hertz"), *m.hertz);
    return {{QStringLiteral("model"), constants}, {QStringLiteral("rows"), rows}};
}

} // namespace

QString flagsText(const SessionData &session)
{
    QList<Message> flags = session.analysis.flags;
    for (const StoredRun &r : session.runs) {
        if (r.status != RunStatus::Done)
            flags << runNotMeasured(r, true);
    }
    QString out;
    for (const Message &f : bySeverity(flags))
        out += QStringLiteral("  %1: %2\n").arg(severityName(flagSeverity(f)), f.english());
    return out.isEmpty() ? out : QStringLiteral("\nFlags:\n") + out;
}

QString perOperationTable(const SessionData &session)
{
    const QStringList header{QStringLiteral("cipher"),
                             QStringLiteral("backend"),
                             QStringLiteral("operation"),
                             QStringLiteral("payload B"),
                             QStringLiteral("tag B"),
                             QStringLiteral("#"),
                             QStringLiteral("time µs/op"),
                             QStringLiteral("cycles/op"),
                             QStringLiteral("energy µJ/op (95 %)"),
                             QStringLiteral("charge µC/op (95 %)")};
    QList<QStringList> rows;
    bool emulated = false;
    // Stored in µJ; format takes joules and shows µJ.
    const fmt::Unit microjoules = fmt::unitFor(Quantity::EnergyPerOperation, -6);
    const fmt::Unit microcoulombs = fmt::unitFor(Quantity::ChargePerOperation, -6);
    for (const StoredRun &r : session.runs) {
        if (!r.result || r.result->iterations == 0)
            continue;
        const WorkerResult &res = *r.result;
        const auto operations = static_cast<double>(res.iterations);
        // Stored in micro-units; format takes the base unit.
        const auto interval = [](double value, double low, double high, const fmt::Unit &unit) {
            return std::isfinite(value)
                       ? fmt::withInterval(value * 1e-6, low * 1e-6, high * 1e-6, unit).joined()
                       : fmt::missing();
        };
        const RunResult a = r.analysis.value_or(RunResult{});
        const QString energy = r.analysis
                                   ? interval(a.energyPerOperationUj, a.energyPerOperationUjLow,
                                              a.energyPerOperationUjHigh, microjoules)
                                   : fmt::missing();
        const QString charge = r.analysis
                                   ? interval(a.chargePerOperationUc, a.chargePerOperationUcLow,
                                              a.chargePerOperationUcHigh, microcoulombs)
                                   : fmt::missing();
        QString cycles = fmt::missing();
        if (res.cycles > 0) {
            cycles = fmt::fixed(static_cast<double>(res.cycles) / operations, 1);
            if (res.cyclesReal == false) {
                cycles += QLatin1Char('*');
                emulated = true;
            }
        }
        rows << QStringList{r.cipher,
                            r.backend,
                            r.operation,
                            QString::number(r.bufferBytes),
                            res.tagBytes ? QString::number(*res.tagBytes) : QStringLiteral("0"),
                            QString::number(r.repeat),
                            fmt::fixed(res.seconds / operations * 1e6, 3),
                            cycles,
                            energy,
                            charge};
    }
    QString out =
        formatTable(header, rows, {false, false, false, true, true, true, true, true, true, true});
    if (emulated)
        out += QStringLiteral("* not real core cycles: the board is emulated (its counter "
                              "follows the host's clock)\n");
    return out;
}

namespace {

QString termHeader(BudgetTerm term)
{
    switch (term) {
    case BudgetTerm::RunMean:
        return QStringLiteral("run mean");
    case BudgetTerm::IdleMean:
        return QStringLiteral("idle mean");
    case BudgetTerm::IdleInterpolation:
        return QStringLiteral("interp.");
    case BudgetTerm::MeterReading:
        return QStringLiteral("meter rdg");
    case BudgetTerm::MeterRangeNotCommon:
        return QStringLiteral("meter rng");
    case BudgetTerm::MeterAtRun:
        return QStringLiteral("meter@run");
    case BudgetTerm::MeterAtIdle:
        return QStringLiteral("meter@idle");
    }
    return {};
}

// Each run's uncertainty budget: its terms as standard uncertainties, the combined one, the
// effective degrees of freedom and the coverage factor (docs/method.md).
QString budgetText(const SessionData &session)
{
    const BudgetTable table = budgetTable(session);
    if (table.rows.empty())
        return {};
    std::vector<double> values;
    for (const BudgetTable::Row &r : table.rows)
        values.push_back(r.budget.u);
    const fmt::Unit unit = fmt::columnUnit(Quantity::Power, values);
    QStringList header{QStringLiteral("#"), QStringLiteral("run")};
    for (const BudgetTerm t : table.terms)
        header << termHeader(t) + unit.bracketed();
    header << QStringLiteral("u") + unit.bracketed() << QStringLiteral("dof") << QStringLiteral("k")
           << QStringLiteral("idle level");
    QList<QStringList> rows;
    std::set<UncertaintyModel> models;
    for (const BudgetTable::Row &r : table.rows) {
        QStringList row{QString::number(r.ordinal), r.run};
        for (const BudgetTerm t : table.terms)
            row << fmt::significant(unit.scaled(r.budget.component(t)), 3);
        row << fmt::significant(unit.scaled(r.budget.u), 3) << fmt::degreesOfFreedom(r.budget.dof)
            << fmt::fixed(r.budget.coverage, 3) << idleSourceName(r.idle);
        rows << row;
        models.insert(r.budget.model);
    }
    QString out =
        QStringLiteral("\nUncertainty budget (standard uncertainties; docs/method.md):\n");
    for (const UncertaintyModel m : models)
        out += QStringLiteral("  model %1\n").arg(uncertaintyModelText(m).english());
    QList<bool> right(header.size(), true);
    right[1] = false;
    right.back() = false;
    return out + formatTable(header, rows, right);
}

} // namespace

QString sessionText(const SessionData &d)
{
    QString out;
    const SessionSummary &s = d.summary;
    const auto field = [&](const char *name, const QString &value) {
        out += QStringLiteral("%1 %2\n").arg(QString::fromUtf8(name).leftJustified(14), value);
    };
    field("Session:", QStringLiteral("%1  %2").arg(fmt::sessionId(s.id), s.label));
    field("Status:", s.statusReason.isEmpty()
                         ? statusName(s.status)
                         : statusName(s.status) + QStringLiteral(" — ") + s.statusReason.english());
    field("Started:", fmt::dateTime(d.startedUtc));
    if (!d.endedUtc.isEmpty())
        field("Ended:", fmt::dateTime(d.endedUtc));
    if (!s.operatorName.isEmpty())
        field("Operator:", s.operatorName);
    if (!s.bench.isEmpty())
        field("Bench:", s.host.isEmpty() || s.host == s.bench
                            ? s.bench
                            : QStringLiteral("%1 (host %2)").arg(s.bench, s.host));
    if (!s.tags.isEmpty())
        field("Tags:", s.tags.join(QStringLiteral(", ")));
    if (!s.notes.isEmpty())
        field("Notes:", s.notes);
    const MeterSetup &m = d.meter;
    field("Meter:", m.description);
    if (m.source)
        field("Meter set-up:",
              QStringLiteral("a power source on the DUT, not a power meter: %1 in %2, read every "
                             "%3 s%4, %5 readings; no ranges; accuracy not specified by its "
                             "maker, so every interval is statistical only")
                  .arg(m.source->method, m.source->unit, QString::number(m.source->intervalSeconds),
                       m.source->updateSeconds
                           ? QStringLiteral(" (refreshed every %1 s)")
                                 .arg(fmt::significant(*m.source->updateSeconds, 3))
                           : QString())
                  .arg(m.source->readings));
    else
        field("Meter set-up:",
              QStringLiteral("element %1, %2 ms updates, %3, ranges %4 V%5 / %6 A%7")
                  .arg(m.element)
                  .arg(m.intervalMs)
                  .arg(m.mode)
                  .arg(m.voltageRange.value)
                  .arg(m.voltageRange.automatic ? QStringLiteral(" (auto)") : QString())
                  .arg(m.currentRange.value)
                  .arg(m.currentRange.automatic ? QStringLiteral(" (auto)") : QString()));
    for (const Message &w : m.warnings)
        field("", w.english());
    if (s.simulated)
        field("", QStringLiteral("SIMULATED meter: these numbers are not measurements"));
    field("DUT:", d.dut.description);
    field("Kernel:", d.dut.system.kernel);
    QStringList libraries;
    for (const auto &[backend, version] : d.dut.system.libraries)
        libraries << version;
    field("Libraries:", libraries.join(QStringLiteral("; ")));
    if (d.dut.pinning && !d.dut.pinning->applied)
        field("Governor:", QStringLiteral("not pinned: ") + d.dut.pinning->error);
    else if (d.dut.pinning)
        field("Governor:", QStringLiteral("pinned (performance)"));
    if (!d.dut.hasGovernor())
        field("CPU pinning:", QStringLiteral("none (a microcontroller: one core)"));
    else
        field("CPU pinning:", d.settings.cpu >= 0
                                  ? QStringLiteral("runs on CPU %1").arg(d.settings.cpu)
                                  : QStringLiteral("none"));
    if (d.settings.repeats > 1 || d.settings.runOrder != RunOrder::Interleaved)
        field("Run order:", runOrderText(d.settings.runOrder, d.settings.runOrderSeed));
    if (!d.settings.isaLevels.isEmpty())
        field("ISA levels:", d.settings.isaLevels.join(QStringLiteral(", ")) +
                                 QStringLiteral(" (each run at each; compared with the first)"));
    if (!d.settings.payloadLevels.isEmpty()) {
        QStringList levels;
        for (const QString &p : d.settings.payloadLevels)
            levels << (p.startsWith(QLatin1String("file:")) ? p.mid(5) : p);
        field("Payloads:", levels.join(QStringLiteral(", ")) +
                               QStringLiteral(" (each cipher run encrypting each; compared with "
                                              "the first)"));
    }
    if (!d.settings.governorLevels.isEmpty())
        field("Governors:", d.settings.governorLevels.join(QStringLiteral(", ")) +
                                QStringLiteral(" (each run under each, pinned and read back; an "
                                               "idle window under each before its runs; "
                                               "compared with the first)"));
    if (!d.settings.chunkingLevels.isEmpty())
        field("Chunking:", d.settings.chunkingLevels.join(QStringLiteral(", ")) +
                               QStringLiteral(" (message: each buffer a message of its own; "
                                              "stream: one stream a buffer at a time, stream "
                                              "ciphers and CTR only; compared with the first)"));
    if (d.settings.padWithZeros)
        field("Padding:", QStringLiteral("ECB and CBC buffers padded with zeros to whole blocks "
                                         "(energy per byte per payload byte)"));
    for (std::size_t i = 0; i < d.dut.sources.size(); ++i)
        field(i == 0 ? "Sources:" : "", fmt::sourceText(d.dut.sources[i]));
    if (!d.dut.sources.empty())
        field("", QStringLiteral("secondary to the meter; accuracy not specified by the sensors' "
                                 "makers: their intervals are statistical only"));
    if (d.settings.cyclesModel)
        field("Cycles model:", QStringLiteral("%1 (an estimate beside the measurement, never "
                                              "mixed with it)")
                                   .arg(cyclesModelText(*d.settings.cyclesModel)));
    if (!d.settings.frequencyLevelsKHz.empty()) {
        QStringList levels;
        for (const std::uint64_t kHz : d.settings.frequencyLevelsKHz)
            levels << fmt::megahertz(kHz);
        field("CPU frequencies:",
              levels.join(QStringLiteral(", ")) +
                  QStringLiteral(" (each run at each, pinned and read back; an idle window at "
                                 "each level before its runs)"));
    }

    if (d.analysis.baseline) {
        const BaselineRecord &b = *d.analysis.baseline;
        const BaselineResult &r = b.result;
        const double seconds = b.endSeconds - b.startSeconds;
        const double half =
            r.stats.standardError * studentT95(std::max(1.0, r.stats.effectiveCount - 1.0));
        // The trend as the change of power over the baseline, in the unit that suits it.
        const double change = r.driftWattsPerHour * seconds / 3600.0;
        field("Baseline:",
              QStringLiteral("%1 (95 %), sd %2, over %3 updates in %4 s; changed by %5%6")
                  .arg(fmt::quantityWithInterval(r.stats.mean, r.stats.mean - half,
                                                 r.stats.mean + half, Quantity::Power),
                       fmt::quantity(r.stats.sd, Quantity::Power))
                  .arg(r.stats.count)
                  .arg(fmt::significant(seconds, 3),
                       (change >= 0 ? QStringLiteral("+") : QString()) +
                           fmt::quantity(change, Quantity::Power),
                       r.drifting ? QStringLiteral(" (DRIFTING)") : QString()));
    }
    // What else kept the DUT busy, per phase (the baseline, each run, the post-baseline).
    const QList<Message> activity = activityLines(d);
    for (qsizetype i = 0; i < activity.size(); ++i)
        field(i == 0 ? "Activity:" : "", activity[i].english());
    out += QLatin1Char('\n') + resultsTable(d);
    if (d.dut.kind == QLatin1String("mcu"))
        out += QStringLiteral("\nPer operation (one message of the payload's bytes):\n") +
               perOperationTable(d);
    out += repeatsText(d);
    out += isaEffectText(d);
    out += payloadEffectText(d);
    out += governorEffectText(d);
    out += chunkingEffectText(d);
    out += frequencyCurveText(d);
    out += sourcesText(d);
    out += cyclesModelTable(d);
    out += budgetText(d);
    out += flagsText(d);
    return out;
}

QJsonObject summaryJson(const SessionSummary &s)
{
    return {{QStringLiteral("id"), s.id},
            {QStringLiteral("label"), s.label},
            {QStringLiteral("operator"), s.operatorName},
            {QStringLiteral("bench"), s.bench},
            {QStringLiteral("host"), s.host},
            {QStringLiteral("uid"), s.uid},
            {QStringLiteral("notes"), s.notes},
            {QStringLiteral("tags"), QJsonArray::fromStringList(s.tags)},
            {QStringLiteral("status"), statusName(s.status)},
            {QStringLiteral("status_reason"), s.statusReason.english()},
            {QStringLiteral("created_utc"), s.createdUtc},
            {QStringLiteral("dut"), s.dut},
            {QStringLiteral("meter"), s.meter},
            {QStringLiteral("simulated"), s.simulated},
            {QStringLiteral("runs"), s.runs}};
}

QJsonObject sessionJson(const SessionData &d)
{
    QJsonArray runs;
    for (const StoredRun &r : d.runs) {
        QJsonObject run{
            {QStringLiteral("ordinal"), r.ordinal},
            {QStringLiteral("cipher"), r.cipher},
            {QStringLiteral("backend"), r.backend},
            {QStringLiteral("isa"), r.isa()},
            {QStringLiteral("operation"), r.operation},
            {QStringLiteral("buffer"), r.bufferBytes},
            {QStringLiteral("repeat"), r.repeat},
            {QStringLiteral("status"), runStatusName(r.status)},
            {QStringLiteral("error"), r.error.english()},
            {QStringLiteral("result"), r.result ? toJson(*r.result) : QJsonObject()},
            {QStringLiteral("analysis"), r.analysis ? toJson(*r.analysis) : QJsonObject()}};
        if (r.frequencyKHz()) // the run's frequency level (an experiment's factor)
            run.insert(QStringLiteral("frequency_khz"), static_cast<qint64>(*r.frequencyKHz()));
        if (!r.payload().isEmpty()) // the run's payload (an experiment's factor)
            run.insert(QStringLiteral("payload"), r.payload());
        if (!r.governor().isEmpty()) // the run's governor level
            run.insert(QStringLiteral("governor"), r.governor());
        if (!r.chunking().isEmpty()) // the run's chunking level
            run.insert(QStringLiteral("chunking"), r.chunking());
        runs.append(run);
    }
    QJsonObject o = summaryJson(d.summary);
    o[QStringLiteral("started_utc")] = d.startedUtc;
    o[QStringLiteral("ended_utc")] = d.endedUtc;
    o[QStringLiteral("settings")] = toJson(d.settings);
    o[QStringLiteral("meter_setup")] = toJson(d.meter);
    o[QStringLiteral("dut_setup")] = toJson(d.dut);
    o[QStringLiteral("analysis")] = toJson(d.analysis);
    o[QStringLiteral("samples")] = static_cast<qint64>(d.samples.size());
    o[QStringLiteral("results")] = runs;
    o[QStringLiteral("repeats")] = repeatsJson(d); // per result row: median, spread, mean ± 95 %
    if (const QJsonArray effects = isaEffectJson(d); !effects.isEmpty())
        o[QStringLiteral("isa_effects")] = effects; // each level against the first
    if (const QJsonArray effects = payloadEffectJson(d); !effects.isEmpty())
        o[QStringLiteral("payload_effects")] = effects; // each payload against the first
    if (const QJsonArray effects = governorEffectJson(d); !effects.isEmpty())
        o[QStringLiteral("governor_effects")] = effects; // each governor against the first
    if (const QJsonArray effects = chunkingEffectJson(d); !effects.isEmpty())
        o[QStringLiteral("chunking_effects")] = effects; // stream against message, or back
    if (const QJsonArray curves = frequencyCurveJson(d); !curves.isEmpty())
        o[QStringLiteral("frequency_curves")] = curves; // each cipher at every frequency level
    if (const QJsonObject model = cyclesModelJson(d); !model.isEmpty())
        o[QStringLiteral("cycles_model")] = model; // the fourth paper's estimate, per result
    QJsonArray activity;                           // per phase: what else kept the DUT busy
    for (const StoredPhase &p : d.phases) {
        if (!p.activity)
            continue;
        QJsonObject a = toJson(*p.activity);
        a.insert(QStringLiteral("phase"), phaseName(p.kind));
        a.insert(QStringLiteral("label"), p.label.english());
        activity.append(a);
    }
    o[QStringLiteral("activity")] = activity;
    return o;
}

} // namespace cipherwatt::cli
