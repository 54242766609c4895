#include "text_report.h"

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/records_json.h>

#include <QJsonArray>

#include <cmath>

namespace cipherwatt::cli {

using namespace core;

namespace {

QString number(double v, int decimals)
{
    return std::isfinite(v) ? QString::number(v, 'f', decimals) : QStringLiteral("-");
}

// A value with its 95 % half-width: the half-width to two significant digits and the value to
// the same decimal place, with a common power of ten (a multiple of 3) for small or large
// numbers: "8.506 ± 0.049", "(1.040 ± 0.060)e-3".
QString withInterval(double value, double half)
{
    if (!std::isfinite(value))
        return QStringLiteral("-");
    if (!std::isfinite(half) || half <= 0)
        return QString::number(value, 'g', 4);
    const double magnitude = std::max(std::fabs(value), half);
    int exponent = 0;
    if (magnitude < 1e-2 || magnitude >= 1e5)
        exponent = static_cast<int>(std::floor(std::log10(magnitude) / 3.0)) * 3;
    const double scale = std::pow(10.0, -exponent);
    const double v = value * scale;
    const double h = half * scale;
    const int decimals = std::clamp(1 - static_cast<int>(std::floor(std::log10(h))), 0, 9);
    const QString body =
        QStringLiteral("%1 ± %2").arg(v, 0, 'f', decimals).arg(h, 0, 'f', decimals);
    return exponent == 0 ? body : QStringLiteral("(%1)e%2").arg(body).arg(exponent);
}

} // namespace

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
    const QStringList header{QStringLiteral("cipher"),      QStringLiteral("backend"),
                             QStringLiteral("operation"),   QStringLiteral("buffer B"),
                             QStringLiteral("#"),           QStringLiteral("run time s"),
                             QStringLiteral("net power W"), QStringLiteral("throughput KB/s"),
                             QStringLiteral("cycles/byte"), QStringLiteral("energy µJ/B (95 %)"),
                             QStringLiteral("status")};
    QList<QStringList> rows;
    for (const StoredRun &r : session.runs) {
        const RunResult a = r.analysis.value_or(RunResult{});
        const double seconds = r.result ? r.result->seconds : std::nan("");
        const bool analysed = r.analysis.has_value();
        QString energy = QStringLiteral("-");
        if (analysed && std::isfinite(a.energyPerByteNj))
            energy = withInterval(a.energyPerByteNj / 1000.0,
                                  (a.energyPerByteNjHigh - a.energyPerByteNjLow) / 2000.0);
        QString status = runStatusName(r.status);
        if (!a.flags.isEmpty())
            status += QStringLiteral(" (!)");
        rows << QStringList{r.cipher,
                            r.backend,
                            r.operation,
                            QString::number(r.bufferBytes),
                            QString::number(r.repeat),
                            number(seconds, 2),
                            analysed ? number(a.netWatts, 3) : QStringLiteral("-"),
                            analysed ? number(a.throughputBytesPerSecond / 1000.0, 0)
                                     : QStringLiteral("-"),
                            analysed ? number(a.cyclesPerByte, 2) : QStringLiteral("-"),
                            energy,
                            status};
    }
    return formatTable(header, rows,
                       {false, false, false, true, true, true, true, true, true, true, false});
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
                             QStringLiteral("energy µJ/op (95 %)")};
    QList<QStringList> rows;
    bool emulated = false;
    for (const StoredRun &r : session.runs) {
        if (!r.result || r.result->iterations == 0)
            continue;
        const WorkerResult &res = *r.result;
        const auto operations = static_cast<double>(res.iterations);
        QString energy = QStringLiteral("-");
        if (r.analysis && std::isfinite(r.analysis->energyPerOperationUj))
            energy = withInterval(
                r.analysis->energyPerOperationUj,
                (r.analysis->energyPerOperationUjHigh - r.analysis->energyPerOperationUjLow) / 2.0);
        QString cycles = QStringLiteral("-");
        if (res.cycles > 0) {
            cycles = number(static_cast<double>(res.cycles) / operations, 1);
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
                            number(res.seconds / operations * 1e6, 3),
                            cycles,
                            energy};
    }
    QString out =
        formatTable(header, rows, {false, false, false, true, true, true, true, true, true});
    if (emulated)
        out += QStringLiteral("* not real core cycles: the board is emulated (its counter "
                              "follows the host's clock)\n");
    return out;
}

QString sessionText(const SessionData &d)
{
    QString out;
    const SessionSummary &s = d.summary;
    const auto field = [&](const char *name, const QString &value) {
        out += QStringLiteral("%1 %2\n").arg(QString::fromUtf8(name).leftJustified(14), value);
    };
    field("Session:", QStringLiteral("%1  %2").arg(s.id).arg(s.label));
    field("Status:", s.statusReason.isEmpty()
                         ? statusName(s.status)
                         : statusName(s.status) + QStringLiteral(" — ") + s.statusReason.english());
    field("Started:", d.startedUtc + QStringLiteral(" UTC"));
    if (!s.operatorName.isEmpty())
        field("Operator:", s.operatorName);
    if (!s.tags.isEmpty())
        field("Tags:", s.tags.join(QStringLiteral(", ")));
    if (!s.notes.isEmpty())
        field("Notes:", s.notes);
    const MeterSetup &m = d.meter;
    field("Meter:", m.description);
    field("Meter set-up:",
          QStringLiteral("element %1, %2 ms updates, %3, ranges %4 V%5 / %6 A%7")
              .arg(m.element)
              .arg(m.intervalMs)
              .arg(m.mode)
              .arg(m.voltageRange.value)
              .arg(m.voltageRange.automatic ? QStringLiteral(" (auto)") : QString())
              .arg(m.currentRange.value)
              .arg(m.currentRange.automatic ? QStringLiteral(" (auto)") : QString()));
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

    if (d.analysis.baseline) {
        const BaselineRecord &b = *d.analysis.baseline;
        field("Baseline:", QStringLiteral("%1 W ± %2 W (sd) over %3 updates, %4 s; drift %5 W/h%6")
                               .arg(number(b.result.stats.mean, 4))
                               .arg(number(b.result.stats.sd, 4))
                               .arg(b.result.stats.count)
                               .arg(number(b.endSeconds - b.startSeconds, 0))
                               .arg(number(b.result.driftWattsPerHour, 4))
                               .arg(b.result.drifting ? QStringLiteral(" (DRIFTING)") : QString()));
    }
    out += QLatin1Char('\n') + resultsTable(d);
    if (d.dut.kind == QLatin1String("mcu"))
        out += QStringLiteral("\nPer operation (one message of the payload's bytes):\n") +
               perOperationTable(d);
    if (!d.analysis.flags.isEmpty()) {
        out += QStringLiteral("\nFlags:\n");
        for (const Message &f : d.analysis.flags)
            out += QStringLiteral("  - %1\n").arg(f.english());
    }
    for (const StoredRun &r : d.runs) {
        if (!r.error.isEmpty())
            out += QStringLiteral("  run %1 (%2/%3 %4): %5\n")
                       .arg(r.ordinal)
                       .arg(r.cipher, r.backend, r.operation, r.error.english());
    }
    return out;
}

QJsonObject summaryJson(const SessionSummary &s)
{
    return {{QStringLiteral("id"), s.id},
            {QStringLiteral("label"), s.label},
            {QStringLiteral("operator"), s.operatorName},
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
        runs.append(QJsonObject{
            {QStringLiteral("ordinal"), r.ordinal},
            {QStringLiteral("cipher"), r.cipher},
            {QStringLiteral("backend"), r.backend},
            {QStringLiteral("operation"), r.operation},
            {QStringLiteral("buffer"), r.bufferBytes},
            {QStringLiteral("repeat"), r.repeat},
            {QStringLiteral("status"), runStatusName(r.status)},
            {QStringLiteral("error"), r.error.english()},
            {QStringLiteral("result"), r.result ? toJson(*r.result) : QJsonObject()},
            {QStringLiteral("analysis"), r.analysis ? toJson(*r.analysis) : QJsonObject()}});
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
    return o;
}

} // namespace cipherwatt::cli
