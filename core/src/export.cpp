#include "messages.h"

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/csv.h>
#include <cipherwatt/core/cycles_model.h>
#include <cipherwatt/core/export.h>
#include <cipherwatt/core/flags.h>
#include <cipherwatt/core/format.h>
#include <cipherwatt/core/output_file.h>
#include <cipherwatt/core/results.h>
#include <cipherwatt/instruments/measurement.h>

#include <QDateTime>

#include <algorithm>
#include <cmath>
#include <functional>

namespace cipherwatt::core {

namespace {

// Writes `rows` through a CsvWriter into `path` (output_file.h: whole or not at all, a pipe or
// a device written through).
Result<void> writeFile(const QString &path, const std::function<bool(CsvWriter &)> &rows)
{
    OutputFile file(path);
    if (auto opened = file.open(); !opened)
        return opened;
    CsvWriter csv(file.device());
    if (!rows(csv))
        return file.abandon();
    return file.commit();
}

// "energy per byte [nJ/B]": the unit's symbol as every output writes it (format.h).
QString withUnit(const char *name, format::Quantity quantity, int exponent)
{
    return QLatin1String(name) + format::unitFor(quantity, exponent).bracketed();
}

// "warning: short run: …; note: 1 update missed", the most severe first.
QString flagsText(const QList<Message> &flags)
{
    QStringList out;
    for (const Message &f : bySeverity(flags))
        out << severityName(flagSeverity(f)) + QStringLiteral(": ") + f.english();
    return out.join(QStringLiteral("; "));
}

QString num(double v, int decimals)
{
    return csvNumber(v, decimals);
}

QString exact(double v)
{
    return csvSignificant(v, 9);
}

// Per operation (one buffer, one message): the run's time and cycles over its iterations,
// whether the cycles are real core cycles (not under an emulator), the AEAD tag's bytes.
struct PerOperation
{
    QString microseconds;
    QString cycles;
    QString cyclesReal;
    QString tag;
};

PerOperation perOperationCells(const std::optional<WorkerResult> &result)
{
    PerOperation out;
    if (!result)
        return out;
    const WorkerResult &r = *result;
    if (r.iterations > 0) {
        const auto operations = static_cast<double>(r.iterations);
        out.microseconds = num(r.seconds / operations * 1e6, 6);
        if (r.cycles > 0)
            out.cycles = num(static_cast<double>(r.cycles) / operations, 3);
    }
    if (r.cycles > 0)
        out.cyclesReal = r.cyclesReal.value_or(true) ? QStringLiteral("yes") : QStringLiteral("no");
    if (r.tagBytes)
        out.tag = QString::number(*r.tagBytes);
    return out;
}

QString phaseOf(const SessionData &d, qint64 phaseId)
{
    for (const StoredPhase &p : d.phases) {
        if (p.id == phaseId)
            return phaseName(p.kind);
    }
    return {};
}

QString runOf(const SessionData &d, qint64 runId)
{
    for (const StoredRun &r : d.runs) {
        if (r.id == runId)
            return QString::number(r.ordinal);
    }
    return {};
}

// The mean over repeats of the result `run` belongs to: valid repeats, net power (mean, 95 %
// interval, u, its type A and common parts, ν), energy per byte and per operation (mean, 95 %).
QStringList meanCells(const std::vector<ResultRow> &results, const StoredRun &run)
{
    const ResultKey key = ResultKey::of(run);
    const auto it = std::find_if(results.begin(), results.end(),
                                 [&](const ResultRow &r) { return r.key == key; });
    if (it == results.end() || it->netWatts.mean.count == 0) {
        QStringList empty;
        empty.fill(QString(), 14);
        return empty;
    }
    const MeanInterval &p = it->netWatts.mean;
    const MeanInterval &e = it->energyPerByteNj.mean;
    const MeanInterval &o = it->energyPerOperationUj.mean;
    return {QString::number(p.count),
            num(p.mean, 6),
            num(p.low, 6),
            num(p.high, 6),
            num(p.u, 6),
            num(p.uRepeats, 6),
            num(p.uCommon, 6),
            std::isfinite(p.dof) ? num(p.dof, 1) : QStringLiteral("inf"),
            num(e.mean, 6),
            num(e.low, 6),
            num(e.high, 6),
            num(o.mean, 6),
            num(o.low, 6),
            num(o.high, 6)};
}

// Yes/no, empty when not known.
QString yesNo(bool known, bool value)
{
    return known ? (value ? QStringLiteral("yes") : QStringLiteral("no")) : QString();
}

} // namespace

Result<void> writeSamplesCsv(const std::vector<SessionData> &sessions, const QString &path)
{
    // Sessions measured with different items cannot share columns: the header is the first
    // session's, and a session with other items is refused.
    const QStringList items = sessions.front().meter.items;
    for (const SessionData &d : sessions) {
        const QStringList &other = d.meter.items;
        if (other != items)
            return Error{ErrorCode::Usage, Message(msg::kOtherItems)
                                               .arg(d.summary.id)
                                               .arg(other.join(QStringLiteral(", ")))
                                               .arg(sessions.front().summary.id)
                                               .arg(items.join(QStringLiteral(", ")))};
    }
    return writeFile(path, [&](CsvWriter &csv) {
        QStringList header{QStringLiteral("session"), QStringLiteral("phase"),
                           QStringLiteral("run"),     withUnit("time", format::Quantity::Time, 0),
                           QStringLiteral("utc"),     QStringLiteral("sequence")};
        header << items << QStringLiteral("flags");
        if (!csv.row(header))
            return false;
        for (const SessionData &d : sessions) {
            for (const StoredSample &s : d.samples) {
                const QDateTime utc =
                    QDateTime::fromMSecsSinceEpoch(d.originUtcMs + s.tNs / 1'000'000, Qt::UTC);
                QStringList row{format::sessionId(d.summary.id),
                                phaseOf(d, s.phaseId),
                                runOf(d, s.runId),
                                num(static_cast<double>(s.tNs) / 1e9, 3),
                                utc.toString(Qt::ISODateWithMs),
                                QString::number(s.meterSequence)};
                for (qsizetype k = 0; k < items.size(); ++k)
                    row << (static_cast<std::size_t>(k) < s.values.size()
                                ? exact(s.values[static_cast<std::size_t>(k)])
                                : QString());
                row << instruments::sampleFlagsText(s.flags);
                if (!csv.row(row))
                    return false;
            }
        }
        return true;
    });
}

Result<void> writeReadingsCsv(const std::vector<SessionData> &sessions, const QString &path)
{
    return writeFile(path, [&](CsvWriter &csv) {
        const QStringList header{QStringLiteral("session"),
                                 QStringLiteral("source"),
                                 QStringLiteral("phase"),
                                 QStringLiteral("run"),
                                 withUnit("time", format::Quantity::Time, 0),
                                 QStringLiteral("utc"),
                                 withUnit("span", format::Quantity::Time, 0),
                                 withUnit("power", format::Quantity::Power, 0)};
        if (!csv.row(header))
            return false;
        for (const SessionData &d : sessions) {
            for (const StoredReading &r : d.readings) {
                // The phase in force when the reading's span ended, as for a meter update.
                const StoredPhase *phase = nullptr;
                for (const StoredPhase &p : d.phases) {
                    if (p.startNs <= r.tNs && (p.endNs < 0 || r.tNs <= p.endNs))
                        phase = &p;
                }
                const QDateTime utc =
                    QDateTime::fromMSecsSinceEpoch(d.originUtcMs + r.tNs / 1'000'000, Qt::UTC);
                const auto source = static_cast<std::size_t>(r.source);
                const QString resource = r.source >= 0 && source < d.dut.sources.size()
                                             ? d.dut.sources[source].resource
                                             : QString::number(r.source);
                const QStringList row{format::sessionId(d.summary.id),
                                      resource,
                                      phase ? phaseName(phase->kind) : QString(),
                                      phase ? runOf(d, phase->runId) : QString(),
                                      num(static_cast<double>(r.tNs) / 1e9, 3),
                                      utc.toString(Qt::ISODateWithMs),
                                      num(static_cast<double>(r.spanNs) / 1e9, 3),
                                      exact(r.watts)};
                if (!csv.row(row))
                    return false;
            }
        }
        return true;
    });
}

namespace {

// A run's cycles-model cells: the constants, the clock and where it came from, the estimate,
// and model ÷ measured with the measured energy per byte's 95 % interval inverted.
QStringList runCyclesModelCells(const SessionData &d, const StoredRun &r)
{
    QStringList cells;
    if (!d.settings.cyclesModel) {
        for (int k = 0; k < 7; ++k)
            cells << QString();
        return cells;
    }
    const CyclesModel &model = *d.settings.cyclesModel;
    cells << QStringLiteral("%1 %2 %3")
                 .arg(QString::number(model.volts, 'g', 12), QString::number(model.amps, 'g', 12),
                      model.hertz ? QString::number(*model.hertz, 'g', 12) : QStringLiteral("run"));
    const CyclesModelRun m = cyclesModelRun(model, r);
    if (!m.valid() || r.status != RunStatus::Done) {
        for (int k = 0; k < 6; ++k)
            cells << QString();
        return cells;
    }
    cells << num(m.hertz, 0) << m.clock << num(m.energyPerByteNj, 6);
    const RunResult a = r.analysis.value_or(RunResult{});
    const bool measured = r.analysis && std::isfinite(a.energyPerByteNj) && a.energyPerByteNj > 0;
    // A measured interval that reaches zero leaves the ratio's upper bound empty (unbounded).
    cells << (measured ? num(m.energyPerByteNj / a.energyPerByteNj, 4) : QString())
          << (measured && a.energyPerByteNjHigh > 0
                  ? num(m.energyPerByteNj / a.energyPerByteNjHigh, 4)
                  : QString())
          << (measured && a.energyPerByteNjLow > 0
                  ? num(m.energyPerByteNj / a.energyPerByteNjLow, 4)
                  : QString());
    return cells;
}

} // namespace

Result<void> writeRunsCsv(const std::vector<SessionData> &sessions, const QString &path)
{
    return writeFile(path, [&](CsvWriter &csv) {
        const QStringList header{
            QStringLiteral("session"), QStringLiteral("run"), QStringLiteral("cipher"),
            QStringLiteral("backend"), QStringLiteral("operation"),
            withUnit("buffer", format::Quantity::Bytes, 0), QStringLiteral("repeat"),
            QStringLiteral("status"), QStringLiteral("error"), QStringLiteral("iterations"),
            withUnit("bytes", format::Quantity::Bytes, 0),
            withUnit("run time", format::Quantity::Time, 0),
            withUnit("throughput", format::Quantity::Throughput, 0),
            QLatin1String("throughput") + format::paperThroughputUnit().bracketed(),
            QStringLiteral("cycles per byte"), QStringLiteral("cycle counter"),
            QStringLiteral("updates used"), QStringLiteral("updates at the boundaries"),
            QStringLiteral("updates invalid"), QStringLiteral("updates duplicated"),
            QStringLiteral("updates missed"), withUnit("run power", format::Quantity::Power, 0),
            withUnit("run power sd", format::Quantity::Power, 0),
            withUnit("idle power", format::Quantity::Power, 0),
            withUnit("net power", format::Quantity::Power, 0),
            withUnit("net power u", format::Quantity::Power, 0),
            withUnit("net power 95% low", format::Quantity::Power, 0),
            withUnit("net power 95% high", format::Quantity::Power, 0),
            QStringLiteral("coverage factor"), withUnit("net energy", format::Quantity::Energy, 0),
            withUnit("energy per byte", format::Quantity::EnergyPerByte, -9),
            withUnit("energy per byte 95% low", format::Quantity::EnergyPerByte, -9),
            withUnit("energy per byte 95% high", format::Quantity::EnergyPerByte, -9),
            withUnit("energy per byte", format::Quantity::EnergyPerByte, -6),
            withUnit("energy per operation", format::Quantity::EnergyPerOperation, -6),
            withUnit("energy per operation 95% low", format::Quantity::EnergyPerOperation, -6),
            withUnit("energy per operation 95% high", format::Quantity::EnergyPerOperation, -6),
            QStringLiteral("net current [A]"), QStringLiteral("net current 95% low [A]"),
            QStringLiteral("net current 95% high [A]"),
            withUnit("charge per operation", format::Quantity::ChargePerOperation, -6),
            withUnit("charge per operation 95% low", format::Quantity::ChargePerOperation, -6),
            withUnit("charge per operation 95% high", format::Quantity::ChargePerOperation, -6),
            QStringLiteral("integrator energy [Wh]"), QStringLiteral("samples energy [Wh]"),
            QStringLiteral("time per operation [us]"), QStringLiteral("cycles per operation"),
            QStringLiteral("cycles are core cycles"), QStringLiteral("tag [B]"),
            QStringLiteral("implementation"), QStringLiteral("isa"),
            // The run's frequency level (an experiment's frequency factor; empty: none).
            QStringLiteral("frequency level [kHz]"),
            // The run's governor level (an experiment's governor factor; empty: none), and how
            // it cut its buffers as the worker said (message or stream).
            QStringLiteral("governor level"), QStringLiteral("chunking"),
            // What the run encrypted (an experiment's payload factor; empty: random bytes in
            // place), its SHA-256, and per message the bytes processed and put out.
            QStringLiteral("payload"), QStringLiteral("payload SHA-256"),
            QStringLiteral("processed per message [B]"), QStringLiteral("output per message [B]"),
            QStringLiteral("simulated meter"), QStringLiteral("meter"), QStringLiteral("flags"),
            // The result the run belongs to: the mean of its valid repeats (results.h).
            QStringLiteral("valid repeats"),
            withUnit("net power mean of repeats", format::Quantity::Power, 0),
            withUnit("net power mean 95% low", format::Quantity::Power, 0),
            withUnit("net power mean 95% high", format::Quantity::Power, 0),
            withUnit("net power mean u", format::Quantity::Power, 0),
            withUnit("net power mean u repeats", format::Quantity::Power, 0),
            withUnit("net power mean u common", format::Quantity::Power, 0),
            QStringLiteral("net power mean dof"),
            withUnit("energy per byte mean of repeats", format::Quantity::EnergyPerByte, -9),
            withUnit("energy per byte mean 95% low", format::Quantity::EnergyPerByte, -9),
            withUnit("energy per byte mean 95% high", format::Quantity::EnergyPerByte, -9),
            withUnit("energy per operation mean of repeats", format::Quantity::EnergyPerOperation,
                     -6),
            withUnit("energy per operation mean 95% low", format::Quantity::EnergyPerOperation, -6),
            withUnit("energy per operation mean 95% high", format::Quantity::EnergyPerOperation,
                     -6)};
        // Each secondary power source of the sessions (RAPL, a fuel gauge, hwmon): its view of
        // the run and the cross-check against the meter (analysis.h, SourceRunResult).
        QStringList sources;
        for (const SessionData &d : sessions) {
            for (const SourceSetup &source : d.dut.sources) {
                if (!sources.contains(source.resource))
                    sources << source.resource;
            }
        }
        QStringList withSources = header;
        for (const QString &source : sources)
            withSources << source + QStringLiteral(" readings")
                        << source + QStringLiteral(" idle power [W]")
                        << source + QStringLiteral(" net power [W]")
                        << source + QStringLiteral(" net power 95% low [W]")
                        << source + QStringLiteral(" net power 95% high [W]")
                        << source + QStringLiteral(" energy per byte [nJ/B]")
                        << source + QStringLiteral(" energy per byte 95% low [nJ/B]")
                        << source + QStringLiteral(" energy per byte 95% high [nJ/B]")
                        << source + QStringLiteral(" / meter net power")
                        << source + QStringLiteral(" / meter 95% low")
                        << source + QStringLiteral(" / meter 95% high")
                        << source + QStringLiteral(" flags");
        // The fourth paper's cycles model beside each run, when a session has one
        // (cycles_model.h): an estimate, in columns of its own.
        const bool anyModel =
            std::any_of(sessions.begin(), sessions.end(),
                        [](const SessionData &d) { return d.settings.cyclesModel.has_value(); });
        if (anyModel)
            withSources << QStringLiteral("cycles model [V, A per cycle, Hz]")
                        << QStringLiteral("cycles model clock [Hz]")
                        << QStringLiteral("cycles model clock from")
                        << QStringLiteral("cycles model energy per byte [nJ/B]")
                        << QStringLiteral("cycles model / measured energy per byte")
                        << QStringLiteral("cycles model / measured 95% low")
                        << QStringLiteral("cycles model / measured 95% high");
        if (!csv.row(withSources))
            return false;
        for (const SessionData &d : sessions) {
            const std::vector<ResultRow> results = resultRows(d);
            const double idle = d.analysis.baseline ? d.analysis.baseline->result.stats.mean
                                                    : std::numeric_limits<double>::quiet_NaN();
            for (const StoredRun &r : d.runs) {
                const RunResult a = r.analysis.value_or(RunResult{});
                const bool analysed = r.analysis.has_value();
                const auto v = [&](double x, int decimals) {
                    return analysed ? num(x, decimals) : QString();
                };
                const WorkerResult res = r.result.value_or(WorkerResult{});
                const bool ran = r.result.has_value();
                const PerOperation perOperation = perOperationCells(r.result);
                QStringList row{
                    format::sessionId(d.summary.id),
                    QString::number(r.ordinal),
                    r.cipher,
                    r.backend,
                    r.operation,
                    QString::number(r.bufferBytes),
                    QString::number(r.repeat),
                    runStatusName(r.status),
                    r.error.english(),
                    ran ? QString::number(res.iterations) : QString(),
                    ran ? QString::number(res.processedBytes()) : QString(),
                    ran ? exact(res.seconds) : QString(),
                    v(a.throughputBytesPerSecond, 0),
                    v(a.throughputBytesPerSecond / 1000.0, 3),
                    v(a.cyclesPerByte, 4),
                    analysed ? a.counter : QString(),
                    analysed ? QString::number(a.run.count) : QString(),
                    analysed ? QString::number(a.excludedBoundary) : QString(),
                    analysed ? QString::number(a.excludedInvalid) : QString(),
                    analysed ? QString::number(a.excludedDuplicates) : QString(),
                    analysed ? QString::number(a.missed) : QString(),
                    v(a.run.mean, 6),
                    v(a.run.sd, 6),
                    analysed ? num(idle, 6) : QString(),
                    v(a.netWatts, 6),
                    v(a.netUncertainty, 6),
                    v(a.netLow, 6),
                    v(a.netHigh, 6),
                    v(a.coverage, 4),
                    v(a.energyJoules, 6),
                    v(a.energyPerByteNj, 6),
                    v(a.energyPerByteNjLow, 6),
                    v(a.energyPerByteNjHigh, 6),
                    v(a.energyPerByteNj / 1000.0, 9),
                    v(a.energyPerOperationUj, 6),
                    v(a.energyPerOperationUjLow, 6),
                    v(a.energyPerOperationUjHigh, 6),
                    v(a.netAmps, 9),
                    v(a.netAmpsLow, 9),
                    v(a.netAmpsHigh, 9),
                    v(a.chargePerOperationUc, 6),
                    v(a.chargePerOperationUcLow, 6),
                    v(a.chargePerOperationUcHigh, 6),
                    analysed && a.integratorRead ? exact(a.integratorWh) : QString(),
                    analysed && a.integratorRead ? exact(a.samplesWh) : QString(),
                    perOperation.microseconds,
                    perOperation.cycles,
                    perOperation.cyclesReal,
                    perOperation.tag,
                    res.provenance.implementation,
                    res.isa,
                    r.frequencyKHz() ? QString::number(*r.frequencyKHz()) : QString(),
                    r.governor(),
                    res.chunking,
                    r.payload(),
                    res.payloadSha256,
                    res.messageProcessedBytes ? QString::number(*res.messageProcessedBytes)
                                              : QString(),
                    res.messageOutputBytes ? QString::number(*res.messageOutputBytes) : QString(),
                    d.summary.simulated ? QStringLiteral("yes") : QStringLiteral("no"),
                    format::meterShort(d.meter),
                    flagsText(a.flags)};
                row << meanCells(results, r);
                for (const QString &source : sources) {
                    const auto it = std::find_if(
                        a.sources.begin(), a.sources.end(),
                        [&](const SourceRunResult &x) { return x.resource == source; });
                    if (it == a.sources.end()) {
                        for (int k = 0; k < 12; ++k)
                            row << QString();
                        continue;
                    }
                    row << QString::number(it->count) << num(it->idleWatts, 6)
                        << num(it->netWatts, 6) << num(it->netLow, 6) << num(it->netHigh, 6)
                        << num(it->energyPerByteNj, 6) << num(it->energyPerByteNjLow, 6)
                        << num(it->energyPerByteNjHigh, 6) << num(it->ratio, 4)
                        << num(it->ratioLow, 4) << num(it->ratioHigh, 4) << flagsText(it->flags);
                }
                if (anyModel)
                    row << runCyclesModelCells(d, r);
                if (!csv.row(row))
                    return false;
            }
        }
        return true;
    });
}

Result<void> writeComparisonCsv(const std::vector<SessionData> &sessions, const QString &path)
{
    const std::vector<ComparisonRow> rows = compareSessions(sessions);
    return writeFile(path, [&](CsvWriter &csv) {
        const QStringList header{
            QStringLiteral("session"), QStringLiteral("label"), QStringLiteral("simulated meter"),
            QStringLiteral("meter"), QStringLiteral("cipher"), QStringLiteral("backend"),
            QStringLiteral("operation"), withUnit("buffer", format::Quantity::Bytes, 0),
            QStringLiteral("runs"), withUnit("run time", format::Quantity::Time, 0),
            withUnit("net power", format::Quantity::Power, 0),
            withUnit("net power 95% low", format::Quantity::Power, 0),
            withUnit("net power 95% high", format::Quantity::Power, 0),
            QLatin1String("throughput") + format::paperThroughputUnit().bracketed(),
            QStringLiteral("cycles per byte"),
            withUnit("energy per byte", format::Quantity::EnergyPerByte, -9),
            withUnit("energy per byte 95% low", format::Quantity::EnergyPerByte, -9),
            withUnit("energy per byte 95% high", format::Quantity::EnergyPerByte, -9),
            withUnit("energy per operation", format::Quantity::EnergyPerOperation, -6),
            // The means over repeats and, from the second session on, the difference from
            // the first session and the ratio to it, with 95 % intervals (results.h).
            QStringLiteral("valid repeats"), withUnit("net power mean", format::Quantity::Power, 0),
            withUnit("net power mean 95% low", format::Quantity::Power, 0),
            withUnit("net power mean 95% high", format::Quantity::Power, 0),
            withUnit("energy per byte mean", format::Quantity::EnergyPerByte, -9),
            withUnit("energy per byte mean 95% low", format::Quantity::EnergyPerByte, -9),
            withUnit("energy per byte mean 95% high", format::Quantity::EnergyPerByte, -9),
            QStringLiteral("same meter as first session"),
            withUnit("net power difference from first session", format::Quantity::Power, 0),
            withUnit("net power difference 95% low", format::Quantity::Power, 0),
            withUnit("net power difference 95% high", format::Quantity::Power, 0),
            QStringLiteral("net power ratio to first session"),
            QStringLiteral("net power ratio 95% low"), QStringLiteral("net power ratio 95% high"),
            QStringLiteral("net power difference significant"),
            withUnit("energy per byte difference from first session",
                     format::Quantity::EnergyPerByte, -9),
            withUnit("energy per byte difference 95% low", format::Quantity::EnergyPerByte, -9),
            withUnit("energy per byte difference 95% high", format::Quantity::EnergyPerByte, -9),
            QStringLiteral("energy per byte ratio to first session"),
            QStringLiteral("energy per byte ratio 95% low"),
            QStringLiteral("energy per byte ratio 95% high"),
            QStringLiteral("energy per byte difference significant"),
            QStringLiteral("throughput ratio to first session"),
            // The runs' own instruction-set level (an experiment's ISA factor; empty: the
            // worker's).
            QStringLiteral("isa"), QStringLiteral("frequency level [kHz]"),
            QStringLiteral("payload"), QStringLiteral("governor level"),
            QStringLiteral("chunking")};
        if (!csv.row(header))
            return false;
        for (const ComparisonRow &c : rows) {
            const std::optional<ResultRow> &first = c.sessions.front();
            for (std::size_t s = 0; s < sessions.size(); ++s) {
                const std::optional<ResultRow> &r = c.sessions[s];
                if (!r)
                    continue;
                const SessionData &d = sessions[s];
                QStringList row{format::sessionId(d.summary.id),
                                d.summary.label,
                                d.summary.simulated ? QStringLiteral("yes") : QStringLiteral("no"),
                                format::meterShort(d.meter),
                                c.key.cipher,
                                c.key.backend,
                                c.key.operation,
                                QString::number(c.key.bufferBytes),
                                QString::number(r->measured),
                                num(r->runSeconds, 4),
                                num(r->netWatts.value, 6),
                                num(r->netWatts.low, 6),
                                num(r->netWatts.high, 6),
                                num(r->throughputBytesPerSecond / 1000.0, 3),
                                num(r->cyclesPerByte, 4),
                                num(r->energyPerByteNj.value, 6),
                                num(r->energyPerByteNj.low, 6),
                                num(r->energyPerByteNj.high, 6),
                                num(r->energyPerOperationUj.value, 6)};
                const MeanInterval &pm = r->netWatts.mean;
                const MeanInterval &em = r->energyPerByteNj.mean;
                row << QString::number(pm.count) << num(pm.mean, 6) << num(pm.low, 6)
                    << num(pm.high, 6) << num(em.mean, 6) << num(em.low, 6) << num(em.high, 6);
                if (s > 0 && first) {
                    const bool same = sameMeterSetup(sessions.front().meter, d.meter);
                    const ResultComparison cmp = compareResults(*first, *r, same);
                    row << yesNo(true, same);
                    for (const MeanComparison *m : {&cmp.netWatts, &cmp.energyPerByteNj}) {
                        row << num(m->difference, 6) << num(m->differenceLow, 6)
                            << num(m->differenceHigh, 6) << num(m->ratio, 6) << num(m->ratioLow, 6)
                            << num(m->ratioHigh, 6) << yesNo(m->valid(), m->significant());
                    }
                    const double a = first->throughputBytesPerSecond;
                    row << (a > 0 ? num(r->throughputBytesPerSecond / a, 6) : QString());
                } else {
                    row << QStringList(16, QString());
                }
                row << c.key.isa
                    << (c.key.frequencyKHz ? QString::number(*c.key.frequencyKHz) : QString())
                    << c.key.payload << c.key.governor << c.key.chunking;
                if (!csv.row(row))
                    return false;
            }
        }
        return true;
    });
}

} // namespace cipherwatt::core
