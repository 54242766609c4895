// Repeats and comparisons for the terminal and `show --json` (repeats_text.h).

#include "repeats_text.h"

#include "text_report.h"

#include <cipherwatt/core/format.h>
#include <cipherwatt/core/repeats.h>
#include <cipherwatt/core/results.h>

#include <QJsonArray>

#include <cmath>

namespace cipherwatt::cli {

using namespace core;

namespace fmt = core::format;
using fmt::Quantity;

namespace {

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

QJsonObject meanJson(const Estimate &e)
{
    const MeanInterval &m = e.mean;
    return {{QStringLiteral("median"), number(e.value)},
            {QStringLiteral("min"), number(e.min)},
            {QStringLiteral("max"), number(e.max)},
            {QStringLiteral("mean"), number(m.mean)},
            {QStringLiteral("mean_low"), number(m.low)},
            {QStringLiteral("mean_high"), number(m.high)},
            {QStringLiteral("u"), number(m.u)},
            {QStringLiteral("u_repeats"), number(m.uRepeats)},
            {QStringLiteral("u_common"), number(m.uCommon)},
            {QStringLiteral("u_gain"), number(m.uGain)},
            {QStringLiteral("dof"), number(m.dof)},
            {QStringLiteral("k"), number(m.coverage)}};
}

QString ratioText(const MeanComparison &c)
{
    return c.hasRatio() ? fmt::ratioWithInterval(c.ratio, c.ratioLow, c.ratioHigh) : fmt::missing();
}

// A difference whose interval includes 0, or a ratio whose interval includes 1.
QString verdict(const MeanComparison &c)
{
    return c.significant() ? QString() : significanceText(c).english();
}

} // namespace

QString repeatsText(const SessionData &session)
{
    const std::vector<ResultRow> rows = resultRows(session);
    std::vector<double> watts;
    bool repeated = false;
    for (const ResultRow &r : rows) {
        if (r.netWatts.mean.count > 0)
            watts.push_back(std::fabs(r.netWatts.mean.mean));
        repeated = repeated || r.measured > 1;
    }
    if (!repeated)
        return {};
    const fmt::Unit power = fmt::columnUnit(Quantity::Power, watts);
    const QStringList header{QStringLiteral("cipher"),
                             QStringLiteral("backend"),
                             QStringLiteral("op"),
                             QStringLiteral("buffer"),
                             QStringLiteral("valid"),
                             QStringLiteral("median") + power.bracketed(),
                             QStringLiteral("spread") + power.bracketed(),
                             QStringLiteral("mean") + power.bracketed() + QStringLiteral(" ± 95 %"),
                             QStringLiteral("s/√n"),
                             QStringLiteral("common u"),
                             QStringLiteral("dof")};
    QList<QStringList> out;
    for (const ResultRow &r : rows) {
        const Estimate &e = r.netWatts;
        const MeanInterval &m = e.mean;
        if (m.count == 0)
            continue;
        out << QStringList{r.key.cipher,
                           r.key.backendLabel(),
                           fmt::operationShort(r.key.operation),
                           fmt::bufferShort(r.key.bufferBytes),
                           QString::number(m.count),
                           fmt::plain(e.value, power),
                           m.count > 1 ? QStringLiteral("%1–%2").arg(fmt::plain(e.min, power),
                                                                     fmt::plain(e.max, power))
                                       : fmt::missing(),
                           fmt::withInterval(m.mean, m.low, m.high, power).joined(),
                           fmt::significant(power.scaled(m.uRepeats), 2),
                           fmt::significant(power.scaled(m.uCommon), 2),
                           fmt::degreesOfFreedom(m.dof)};
    }
    return QStringLiteral(
               "\nAcross repeats (net power; the mean of the valid repeats with its 95 % "
               "interval: their scatter s/√n with the terms common to every repeat, "
               "docs/method.md):\n") +
           formatTable(header, out,
                       {false, false, false, true, true, true, true, true, true, true, true});
}

QJsonArray repeatsJson(const SessionData &session)
{
    QJsonArray out;
    for (const ResultRow &r : resultRows(session)) {
        QJsonObject o{
            {QStringLiteral("cipher"), r.key.cipher},
            {QStringLiteral("backend"), r.key.backend},
            {QStringLiteral("isa"), r.key.isa},
            {QStringLiteral("operation"), r.key.operation},
            {QStringLiteral("buffer"), r.key.bufferBytes},
            {QStringLiteral("frequency_khz"),
             r.key.frequencyKHz ? QJsonValue(static_cast<qint64>(*r.key.frequencyKHz))
                                : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("measured"), r.measured},
            {QStringLiteral("invalid"), r.invalid},
            {QStringLiteral("valid"), r.netWatts.mean.count},
            {QStringLiteral("net_w"), meanJson(r.netWatts)},
            {QStringLiteral("energy_per_byte_nj"), meanJson(r.energyPerByteNj)},
            {QStringLiteral("energy_per_operation_uj"), meanJson(r.energyPerOperationUj)}};
        if (r.chargePerOperationUc.mean.count > 0)
            o.insert(QStringLiteral("charge_per_operation_uc"), meanJson(r.chargePerOperationUc));
        out.append(o);
    }
    return out;
}

QString comparisonText(const std::vector<SessionData> &sessions)
{
    if (sessions.size() < 2)
        return {};
    const std::vector<ComparisonRow> rows = compareSessions(sessions);
    const SessionData &reference = sessions.front();
    QString text;
    for (std::size_t s = 1; s < sessions.size(); ++s) {
        const bool same = sameMeterSetup(reference.meter, sessions[s].meter);
        std::vector<double> watts;
        for (const ComparisonRow &row : rows) {
            if (row.sessions[s] && row.sessions[0])
                watts.push_back(std::fabs(row.sessions[s]->netWatts.mean.mean));
        }
        const fmt::Unit power = fmt::columnUnit(Quantity::Power, watts);
        const QStringList header{
            QStringLiteral("cipher"),
            QStringLiteral("backend"),
            QStringLiteral("op"),
            QStringLiteral("buffer"),
            fmt::sessionId(reference.summary.id) + QStringLiteral(" mean") + power.bracketed(),
            fmt::sessionId(sessions[s].summary.id) + QStringLiteral(" mean") + power.bracketed(),
            QStringLiteral("difference") + power.bracketed(),
            QStringLiteral("ratio"),
            QString()};
        QList<QStringList> out;
        for (const ComparisonRow &row : rows) {
            const std::optional<ResultRow> &a = row.sessions[0];
            const std::optional<ResultRow> &b = row.sessions[s];
            QStringList cells{row.key.cipher, row.key.backendLabel(),
                              fmt::operationShort(row.key.operation),
                              fmt::bufferShort(row.key.bufferBytes)};
            const auto mean = [&](const std::optional<ResultRow> &r) {
                return r && r->netWatts.mean.count > 0
                           ? fmt::withInterval(r->netWatts.mean.mean, r->netWatts.mean.low,
                                               r->netWatts.mean.high, power)
                                 .joined()
                           : QStringLiteral("no data");
            };
            cells << mean(a) << mean(b);
            const MeanComparison c =
                a && b ? compareResults(*a, *b, same).netWatts : MeanComparison{};
            if (c.valid()) {
                cells << fmt::differenceWithInterval(c.difference, c.differenceLow,
                                                     c.differenceHigh, power)
                      << ratioText(c) << verdict(c);
            } else {
                cells << fmt::missing() << fmt::missing() << QString();
            }
            out << cells;
        }
        text += QStringLiteral("Net power of %1 against %2 (means over repeats, 95 % intervals; "
                               "%3):\n")
                    .arg(fmt::sessionName(sessions[s].summary.id, sessions[s].summary.label),
                         fmt::sessionName(reference.summary.id, reference.summary.label),
                         same ? QStringLiteral("same meter, mode and ranges: the meter's gain "
                                               "is common to both")
                              : QStringLiteral("different meters or ranges: independent"));
        text +=
            formatTable(header, out, {false, false, false, true, true, true, true, true, false});
        text += QLatin1Char('\n');
    }
    return text;
}

namespace {

QString meterNote(const SessionData &session)
{
    return sameMeterSetup(session.meter, session.meter)
               ? QStringLiteral("fixed ranges: the meter's gain is common")
               : QStringLiteral("auto-ranging: independent");
}

QJsonObject effectJson(const FactorEffect &e)
{
    const MeanComparison &c = e.comparison.energyPerByteNj;
    QJsonObject o{
        {QStringLiteral("cipher"), e.row.key.cipher},
        {QStringLiteral("backend"), e.row.key.backend},
        {QStringLiteral("operation"), e.row.key.operation},
        {QStringLiteral("buffer"), e.row.key.bufferBytes},
        {QStringLiteral("energy_per_byte_nj"), meanJson(e.row.energyPerByteNj)},
        {QStringLiteral("reference_energy_per_byte_nj"), meanJson(e.reference.energyPerByteNj)},
        {QStringLiteral("difference_nj"), number(c.difference)},
        {QStringLiteral("difference_low_nj"), number(c.differenceLow)},
        {QStringLiteral("difference_high_nj"), number(c.differenceHigh)},
        {QStringLiteral("ratio"), number(c.ratio)},
        {QStringLiteral("ratio_low"), number(c.ratioLow)},
        {QStringLiteral("ratio_high"), number(c.ratioHigh)},
        {QStringLiteral("significant"), c.valid() && c.significant()},
        {QStringLiteral("gain_common"), c.correlated}};
    // The row's other levels, so that rows of a crossed design read apart.
    const ResultKey &k = e.row.key;
    for (const auto &[name, level] :
         {std::pair{"isa", k.isa}, std::pair{"payload", k.payload},
          std::pair{"governor", k.governor}, std::pair{"chunking", k.chunking}}) {
        if (!level.isEmpty())
            o.insert(QLatin1String(name), level);
    }
    if (k.frequencyKHz)
        o.insert(QStringLiteral("frequency_khz"), static_cast<qint64>(*k.frequencyKHz));
    return o;
}

// A factor whose levels are names (ISA, governor, chunking): its table under a title
// ("at each instruction-set level"), and its JSON with the level under `name`.
QString namedEffectText(const SessionData &session, const std::vector<FactorEffect> &effects,
                        const QStringList &levels, const QString &title, QString ResultKey::*member)
{
    if (effects.empty())
        return {};
    const QString &reference = levels.front();
    const EffectTable t =
        effectTable(effects, reference, [member](const ResultKey &k) { return k.*member; });
    return QStringLiteral("\nEnergy per byte %1 against %2 (means over repeats, 95 % intervals; "
                          "%3):\n")
               .arg(title, reference, meterNote(session)) +
           formatTable(t.header, t.rows, t.numeric);
}

QJsonArray namedEffectJson(const std::vector<FactorEffect> &effects, const QString &name,
                           QString ResultKey::*member)
{
    QJsonArray out;
    for (const FactorEffect &e : effects) {
        QJsonObject o = effectJson(e);
        o.insert(name, e.row.key.*member);
        o.insert(QStringLiteral("reference_") + name, e.reference.key.*member);
        out.append(o);
    }
    return out;
}

} // namespace

QString isaEffectText(const SessionData &session)
{
    return namedEffectText(session, isaEffects(session), session.settings.isaLevels,
                           QStringLiteral("at each instruction-set level"), &ResultKey::isa);
}

QJsonArray isaEffectJson(const SessionData &session)
{
    return namedEffectJson(isaEffects(session), QStringLiteral("isa"), &ResultKey::isa);
}

QString governorEffectText(const SessionData &session)
{
    return namedEffectText(session, governorEffects(session), session.settings.governorLevels,
                           QStringLiteral("under each CPU governor"), &ResultKey::governor);
}

QJsonArray governorEffectJson(const SessionData &session)
{
    return namedEffectJson(governorEffects(session), QStringLiteral("governor"),
                           &ResultKey::governor);
}

QString chunkingEffectText(const SessionData &session)
{
    return namedEffectText(session, chunkingEffects(session), session.settings.chunkingLevels,
                           QStringLiteral("with each chunking"), &ResultKey::chunking);
}

QJsonArray chunkingEffectJson(const SessionData &session)
{
    return namedEffectJson(chunkingEffects(session), QStringLiteral("chunking"),
                           &ResultKey::chunking);
}

QString payloadEffectText(const SessionData &session)
{
    const std::vector<FactorEffect> effects = payloadEffects(session);
    if (effects.empty())
        return {};
    const QString reference = format::payloadShort(session.settings.payloadLevels.front());
    const EffectTable t = effectTable(
        effects, reference, [](const ResultKey &k) { return format::payloadShort(k.payload); });
    int differ = 0;
    for (const FactorEffect &e : effects) {
        if (e.comparison.energyPerByteNj.valid() && e.comparison.energyPerByteNj.significant())
            ++differ;
    }
    const QString verdict =
        differ == 0
            ? QStringLiteral("No payload changed the energy per byte beyond its interval, as "
                             "expected: these ciphers do the same work whatever the data.\n")
            : QStringLiteral("%1 of %2 results differ from %3 beyond their interval: these "
                             "ciphers do the same work whatever the data, so look for what else "
                             "changed between the runs (drift, a table look-up's cache, the "
                             "file's pages).\n")
                  .arg(differ)
                  .arg(effects.size())
                  .arg(reference);
    return QStringLiteral("\nEnergy per byte with each payload against %1 (means over repeats, "
                          "95 % intervals; %2):\n")
               .arg(reference, meterNote(session)) +
           formatTable(t.header, t.rows, t.numeric) + verdict;
}

QJsonArray payloadEffectJson(const SessionData &session)
{
    QJsonArray out;
    for (const FactorEffect &e : payloadEffects(session)) {
        QJsonObject o = effectJson(e);
        o.insert(QStringLiteral("payload"), e.row.key.payload);
        o.insert(QStringLiteral("reference_payload"), e.reference.key.payload);
        out.append(o);
    }
    return out;
}

namespace {

// "800, 1000 MHz": the levels not told apart from the optimum (with it).
QString optimumSet(const FrequencyCurve &curve)
{
    QStringList levels;
    for (const FrequencyPoint &p : curve.points) {
        if (p.withOptimum)
            levels << QString::number(static_cast<double>(p.kHz) / 1000.0, 'g', 10);
    }
    return levels.join(QStringLiteral(", ")) + QStringLiteral(" MHz");
}

} // namespace

QString frequencyCurveText(const SessionData &session)
{
    const std::vector<FrequencyCurve> curves = frequencyCurves(session);
    if (curves.empty())
        return {};
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
    // The EDP in J·s, with the prefix an energy of its size would take.
    fmt::Unit edpUnit = fmt::columnUnit(Quantity::Energy, edp);
    edpUnit.symbol += QStringLiteral("·s");
    const QStringList header{QStringLiteral("cipher"),
                             QStringLiteral("backend"),
                             QStringLiteral("op"),
                             QStringLiteral("buffer"),
                             QStringLiteral("frequency"),
                             QStringLiteral("energy/byte") + perByte.bracketed(),
                             QStringLiteral("net power") + power.bracketed(),
                             QStringLiteral("throughput"),
                             QStringLiteral("EDP of 1 MiB") + edpUnit.bracketed(),
                             QStringLiteral("against the optimum") + perByte.bracketed(),
                             QString()};
    QList<QStringList> out;
    QString optima;
    for (const FrequencyCurve &c : curves) {
        for (std::size_t i = 0; i < c.points.size(); ++i) {
            const FrequencyPoint &p = c.points[i];
            const MeanInterval &e = p.row.energyPerByteNj.mean;
            const MeanInterval &w = p.row.netWatts.mean;
            QStringList cells{
                c.key.cipher,
                c.key.backendLabel(),
                fmt::operationShort(c.key.operation),
                fmt::bufferShort(c.key.bufferBytes),
                fmt::megahertz(p.kHz),
                fmt::withInterval(e.mean * 1e-9, e.low * 1e-9, e.high * 1e-9, perByte).joined(),
                fmt::withInterval(w.mean, w.low, w.high, power).joined(),
                fmt::quantity(p.row.throughputBytesPerSecond, Quantity::Throughput),
                std::isfinite(p.edpJouleSeconds)
                    ? fmt::withInterval(p.edpJouleSeconds, p.edpLow, p.edpHigh, edpUnit).joined()
                    : fmt::missing()};
            const MeanComparison &d = p.againstOptimum;
            if (c.optimum && i == *c.optimum)
                cells << QString() << QStringLiteral("energy-optimal");
            else if (d.valid())
                cells << fmt::differenceWithInterval(d.difference * 1e-9, d.differenceLow * 1e-9,
                                                     d.differenceHigh * 1e-9, perByte)
                      << (p.withOptimum ? QStringLiteral("not told apart") : QString());
            else
                cells << fmt::missing() << QString();
            out << cells;
        }
        const QString name =
            QStringLiteral("%1/%2 %3 %4")
                .arg(c.key.cipher, c.key.backendLabel(), fmt::operationShort(c.key.operation),
                     fmt::bufferShort(c.key.bufferBytes));
        if (c.optimum)
            optima += QStringLiteral("  %1: %2; at 95 %, not told apart from it: %3\n")
                          .arg(name, fmt::megahertz(c.points[*c.optimum].kHz), optimumSet(c));
        else
            optima += QStringLiteral("  %1: no level measured\n").arg(name);
        for (const Message &m : c.notMeasured)
            optima += QStringLiteral("    %1\n").arg(m.english());
    }
    return QStringLiteral("\nAt each CPU frequency (means over repeats, 95 % intervals; each "
                          "level's idle level from its own idle windows; %1):\n")
               .arg(sameMeterSetup(session.meter, session.meter)
                        ? QStringLiteral("fixed ranges: the meter's gain is common")
                        : QStringLiteral("auto-ranging: independent")) +
           formatTable(header, out,
                       {false, false, false, true, true, true, true, true, true, true, false}) +
           QStringLiteral("Energy-optimal frequency (lowest mean energy per byte):\n") + optima;
}

QJsonArray frequencyCurveJson(const SessionData &session)
{
    QJsonArray out;
    for (const FrequencyCurve &c : frequencyCurves(session)) {
        QJsonArray points;
        for (const FrequencyPoint &p : c.points) {
            const MeanComparison &d = p.againstOptimum;
            points.append(QJsonObject{
                {QStringLiteral("frequency_khz"), static_cast<qint64>(p.kHz)},
                {QStringLiteral("energy_per_byte_nj"), meanJson(p.row.energyPerByteNj)},
                {QStringLiteral("net_w"), meanJson(p.row.netWatts)},
                {QStringLiteral("throughput_bytes_per_second"),
                 number(p.row.throughputBytesPerSecond)},
                {QStringLiteral("edp_mib_js"), number(p.edpJouleSeconds)},
                {QStringLiteral("edp_mib_js_low"), number(p.edpLow)},
                {QStringLiteral("edp_mib_js_high"), number(p.edpHigh)},
                {QStringLiteral("difference_from_optimum_nj"), number(d.difference)},
                {QStringLiteral("difference_from_optimum_low_nj"), number(d.differenceLow)},
                {QStringLiteral("difference_from_optimum_high_nj"), number(d.differenceHigh)},
                {QStringLiteral("with_optimum"), p.withOptimum}});
        }
        QJsonArray notMeasured;
        for (const Message &m : c.notMeasured)
            notMeasured.append(m.english());
        QJsonObject curve{{QStringLiteral("cipher"), c.key.cipher},
                          {QStringLiteral("backend"), c.key.backend},
                          {QStringLiteral("operation"), c.key.operation},
                          {QStringLiteral("buffer"), c.key.bufferBytes},
                          {QStringLiteral("isa"), c.key.isa},
                          {QStringLiteral("points"), points},
                          {QStringLiteral("not_measured"), notMeasured}};
        if (c.optimum)
            curve.insert(QStringLiteral("optimum_khz"),
                         static_cast<qint64>(c.points[*c.optimum].kHz));
        out.append(curve);
    }
    return out;
}

} // namespace cipherwatt::cli
