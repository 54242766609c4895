#include "repeats_tables.h"

#include "report_text.h"

#include <cipherwatt/core/format.h>
#include <cipherwatt/core/repeats.h>

#include <cmath>

namespace cipherwatt::report {

using namespace core;
namespace fmt = core::format;
using fmt::Quantity;

namespace {

QString ratioCell(const MeanComparison &c)
{
    return c.hasRatio() ? fmt::ratioWithInterval(c.ratio, c.ratioLow, c.ratioHigh) : fmt::missing();
}

} // namespace

bool anyRepeated(const SessionData &d)
{
    for (const ResultRow &r : resultRows(d)) {
        if (r.measured > 1)
            return true;
    }
    return false;
}

Table repeatsTable(const SessionData &d)
{
    const std::vector<ResultRow> rows = resultRows(d);
    std::vector<double> watts, energy;
    for (const ResultRow &r : rows) {
        if (r.netWatts.mean.count == 0)
            continue;
        watts.push_back(std::fabs(r.netWatts.mean.mean));
        energy.push_back(std::fabs(r.energyPerByteNj.mean.mean) * 1e-9);
    }
    const fmt::Unit power = fmt::columnUnit(Quantity::Power, watts);
    const fmt::Unit perByte = fmt::columnUnit(Quantity::EnergyPerByte, energy);
    Table t;
    t.header = {QStringLiteral("cipher"),
                QStringLiteral("backend"),
                QStringLiteral("op."),
                QStringLiteral("buffer"),
                QStringLiteral("valid runs"),
                QStringLiteral("median") + power.bracketed(),
                QStringLiteral("spread") + power.bracketed(),
                QStringLiteral("mean") + power.bracketed() + QStringLiteral(" ± 95 %"),
                QStringLiteral("s/√n") + power.bracketed(),
                QStringLiteral("common u") + power.bracketed(),
                QStringLiteral("ν"),
                QStringLiteral("energy per byte, mean") + perByte.bracketed() +
                    QStringLiteral(" ± 95 %")};
    t.widths = {1.3, 0.8, 0.5, 0.6, 0.5, 0.7, 1.1, 1.3, 0.7, 0.7, 0.6, 1.5};
    t.numeric = {false, false, false, true, true, true, true, true, true, true, true, true};
    for (const ResultRow &r : rows) {
        const Estimate &e = r.netWatts;
        const MeanInterval &m = e.mean;
        if (m.count == 0)
            continue;
        const MeanInterval &b = r.energyPerByteNj.mean;
        t.rows << QStringList{
            r.key.cipher,
            r.key.backendLabel(),
            fmt::operationShort(r.key.operation),
            fmt::bufferShort(r.key.bufferBytes),
            QString::number(m.count),
            cell(e.value, power),
            m.count > 1 ? QStringLiteral("%1–%2").arg(cell(e.min, power), cell(e.max, power))
                        : fmt::missing(),
            cell(m.mean, m.low, m.high, power),
            fmt::significant(power.scaled(m.uRepeats), 2),
            fmt::significant(power.scaled(m.uCommon), 2),
            fmt::degreesOfFreedom(m.dof),
            cell(b.mean * 1e-9, b.low * 1e-9, b.high * 1e-9, perByte)};
    }
    return t;
}

Table differencesTable(const std::vector<SessionData> &sessions,
                       const std::vector<ComparisonRow> &rows, std::size_t s)
{
    const bool same = sameMeterSetup(sessions.front().meter, sessions[s].meter);
    std::vector<double> watts, energy;
    for (const ComparisonRow &row : rows) {
        for (const std::size_t i : {std::size_t{0}, s}) {
            if (const std::optional<ResultRow> &r = row.sessions[i]; r) {
                watts.push_back(std::fabs(r->netWatts.mean.mean));
                energy.push_back(std::fabs(r->energyPerByteNj.mean.mean) * 1e-9);
            }
        }
    }
    const fmt::Unit power = fmt::columnUnit(Quantity::Power, watts);
    const fmt::Unit perByte = fmt::columnUnit(Quantity::EnergyPerByte, energy);
    Table t;
    t.groups = {QString(),
                QStringLiteral("net power, %1 − %2")
                    .arg(fmt::sessionId(sessions[s].summary.id),
                         fmt::sessionId(sessions.front().summary.id)),
                QStringLiteral("energy per byte"), QString()};
    t.groupSpans = {4, 2, 2, 1};
    t.header = {QStringLiteral("cipher"),
                QStringLiteral("backend"),
                QStringLiteral("op."),
                QStringLiteral("buffer"),
                QStringLiteral("difference") + power.bracketed(),
                QStringLiteral("ratio"),
                QStringLiteral("difference") + perByte.bracketed(),
                QStringLiteral("ratio"),
                same ? QStringLiteral("(same meter)") : QStringLiteral("(independent)")};
    t.widths = {1.3, 0.8, 0.5, 0.6, 1.7, 1.5, 1.7, 1.5, 1.0};
    t.numeric = {false, false, false, true, true, true, true, true, false};
    for (const ComparisonRow &row : rows) {
        QStringList cells{row.key.cipher, row.key.backendLabel(),
                          fmt::operationShort(row.key.operation),
                          fmt::bufferShort(row.key.bufferBytes)};
        const std::optional<ResultRow> &a = row.sessions.front();
        const std::optional<ResultRow> &b = row.sessions[s];
        const ResultComparison c = a && b ? compareResults(*a, *b, same) : ResultComparison{};
        if (!c.netWatts.valid()) {
            cells << QStringLiteral("no data") << fmt::missing() << fmt::missing() << fmt::missing()
                  << QString();
            t.rows << cells;
            continue;
        }
        const MeanComparison &p = c.netWatts;
        const MeanComparison &e = c.energyPerByteNj;
        cells << fmt::differenceWithInterval(p.difference, p.differenceLow, p.differenceHigh, power)
              << ratioCell(p)
              << (e.valid()
                      ? fmt::differenceWithInterval(e.difference * 1e-9, e.differenceLow * 1e-9,
                                                    e.differenceHigh * 1e-9, perByte)
                      : fmt::missing())
              << ratioCell(e);
        // Net power and energy per byte can differ (their runs' times differ): each says so.
        const bool energySignificant = !e.valid() || e.significant();
        cells << (p.significant() && energySignificant ? QString()
                  : !p.significant() && !energySignificant
                      ? significanceText(p).english()
                      : QStringLiteral("%1 %2").arg(p.significant() ? QStringLiteral("energy")
                                                                    : QStringLiteral("power"),
                                                    significanceText(MeanComparison{}).english()));
        t.rows << cells;
    }
    return t;
}

namespace {

// A factor's effects (core::effectTable) under the PDF's group headings.
Table effectPdfTable(const EffectTable &e, const QString &reference)
{
    Table t;
    t.groups = {QString(), QStringLiteral("energy per byte, mean ± 95 %"),
                QStringLiteral("level − %1").arg(reference), QString()};
    t.groupSpans = {5, 2, 2, 1};
    t.header = e.header;
    t.widths = {1.3, 0.8, 0.5, 0.6, 0.6, 1.5, 1.5, 1.6, 1.4, 1.0};
    t.numeric = e.numeric;
    t.rows = e.rows;
    return t;
}

} // namespace

Table namedEffectTable(const std::vector<FactorEffect> &effects, const QString &reference,
                       QString ResultKey::*member)
{
    return effectPdfTable(
        effectTable(effects, reference, [member](const ResultKey &k) { return k.*member; }),
        reference);
}

Table isaEffectTable(const SessionData &d)
{
    return namedEffectTable(isaEffects(d), d.settings.isaLevels.value(0), &ResultKey::isa);
}

Table payloadEffectTable(const SessionData &d)
{
    const QString reference = fmt::payloadShort(d.settings.payloadLevels.value(0));
    Table t =
        effectPdfTable(effectTable(payloadEffects(d), reference,
                                   [](const ResultKey &k) { return fmt::payloadShort(k.payload); }),
                       reference);
    t.widths = {1.3, 0.8, 0.5, 0.6, 0.9, 1.5, 1.5, 1.6, 1.4, 1.0};
    return t;
}

Table frequencyTable(const SessionData &d)
{
    const std::vector<FrequencyCurve> curves = frequencyCurves(d);
    std::vector<double> energy, watts, edp;
    for (const FrequencyCurve &c : curves) {
        for (const FrequencyPoint &p : c.points) {
            energy.push_back(std::fabs(p.row.energyPerByteNj.mean.mean) * 1e-9);
            watts.push_back(std::fabs(p.row.netWatts.mean.mean));
            edp.push_back(std::fabs(p.edpJouleSeconds));
        }
    }
    const fmt::Unit perByte = fmt::columnUnit(Quantity::EnergyPerByte, energy);
    const fmt::Unit power = fmt::columnUnit(Quantity::Power, watts);
    fmt::Unit edpUnit = fmt::columnUnit(Quantity::Energy, edp);
    edpUnit.symbol += QStringLiteral("·s");
    Table t;
    t.groups = {QString(), QStringLiteral("mean ± 95 %"), QString(),
                QStringLiteral("against the optimum")};
    t.groupSpans = {5, 2, 2, 2};
    t.header = {QStringLiteral("cipher"),
                QStringLiteral("backend"),
                QStringLiteral("op."),
                QStringLiteral("buffer"),
                QStringLiteral("frequency"),
                QStringLiteral("energy/byte") + perByte.bracketed(),
                QStringLiteral("net power") + power.bracketed(),
                QStringLiteral("throughput"),
                QStringLiteral("EDP 1 MiB") + edpUnit.bracketed(),
                QStringLiteral("difference") + perByte.bracketed(),
                QString()};
    t.widths = {1.2, 0.8, 0.45, 0.55, 0.8, 1.5, 1.3, 0.9, 0.9, 1.5, 1.0};
    t.numeric = {false, false, false, true, true, true, true, true, true, true, false};
    for (const FrequencyCurve &c : curves) {
        for (std::size_t i = 0; i < c.points.size(); ++i) {
            const FrequencyPoint &p = c.points[i];
            const MeanInterval &e = p.row.energyPerByteNj.mean;
            const MeanInterval &w = p.row.netWatts.mean;
            const MeanComparison &diff = p.againstOptimum;
            const bool optimum = c.optimum && i == *c.optimum;
            t.rows << QStringList{
                c.key.cipher,
                c.key.backendLabel(),
                fmt::operationShort(c.key.operation),
                fmt::bufferShort(c.key.bufferBytes),
                fmt::megahertz(p.kHz),
                fmt::withInterval(e.mean * 1e-9, e.low * 1e-9, e.high * 1e-9, perByte).joined(),
                fmt::withInterval(w.mean, w.low, w.high, power).joined(),
                fmt::quantity(p.row.throughputBytesPerSecond, Quantity::Throughput),
                std::isfinite(p.edpJouleSeconds) ? fmt::plain(p.edpJouleSeconds, edpUnit)
                                                 : fmt::missing(),
                optimum ? QString()
                : diff.valid()
                    ? fmt::differenceWithInterval(diff.difference * 1e-9, diff.differenceLow * 1e-9,
                                                  diff.differenceHigh * 1e-9, perByte)
                    : fmt::missing(),
                optimum         ? QStringLiteral("optimum")
                : p.withOptimum ? QStringLiteral("not told apart")
                                : QString()};
        }
    }
    return t;
}

} // namespace cipherwatt::report
