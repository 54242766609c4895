#include <cipherwatt/core/cycles_model.h>
#include <cipherwatt/core/format.h>

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace cipherwatt::core {

namespace {

// "1.35V" → 1.35 with the unit's scale; none when the unit is not one of `units`.
std::optional<double> unitValue(const QString &text,
                                std::initializer_list<std::pair<const char *, double>> units)
{
    static const QRegularExpression form(
        QStringLiteral("^([0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?)\\s*([A-Za-zµ]+)$"));
    const auto m = form.match(text.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    const QString unit = m.captured(2);
    for (const auto &[name, scale] : units) {
        if (unit == QLatin1String(name) || (QLatin1String(name).startsWith('u') &&
                                            unit == QStringLiteral("µ") + QLatin1String(name + 1)))
            return m.captured(1).toDouble() * scale;
    }
    return std::nullopt;
}

// Whether the counter's ticks are core clock cycles: the kernel's cycle counter, or a
// microcontroller's that its firmware says counts real cycles. The time-stamp counter and the
// ARMv8 virtual counter tick at a fixed reference rate.
bool coreCycles(const WorkerResult &r)
{
    if (r.counter == QLatin1String("tsc") || r.counter == QLatin1String("cntvct") ||
        r.counter == QLatin1String("none") || r.counter.isEmpty())
        return false;
    return r.cyclesReal.value_or(true);
}

} // namespace

Result<CyclesModel> parseCyclesModel(const QString &text)
{
    const auto bad = [&](const QString &why) {
        return Error{ErrorCode::Usage,
                     Message::plain(QStringLiteral("--cycles-model %1: %2 (e.g. 1.35V,200mA or "
                                                   "1.35V,200mA,700MHz)")
                                        .arg(text, why))};
    };
    const QStringList parts = text.split(QLatin1Char(','));
    if (parts.size() < 2 || parts.size() > 3)
        return bad(QStringLiteral("needs a voltage, a current per cycle and optionally a clock"));
    CyclesModel m;
    const auto volts = unitValue(parts[0], {{"V", 1.0}, {"mV", 1e-3}});
    if (!volts || !(*volts > 0) || !std::isfinite(*volts))
        return bad(QStringLiteral("'%1' is not a positive voltage in V or mV").arg(parts[0]));
    const auto amps = unitValue(parts[1], {{"A", 1.0}, {"mA", 1e-3}, {"uA", 1e-6}});
    if (!amps || !(*amps > 0) || !std::isfinite(*amps))
        return bad(QStringLiteral("'%1' is not a positive current in A, mA or µA").arg(parts[1]));
    m.volts = *volts;
    m.amps = *amps;
    if (parts.size() == 3) {
        const auto hz =
            unitValue(parts[2], {{"Hz", 1.0}, {"kHz", 1e3}, {"MHz", 1e6}, {"GHz", 1e9}});
        if (!hz || !(*hz > 0) || !std::isfinite(*hz))
            return bad(QStringLiteral("'%1' is not a positive clock in Hz, kHz, MHz or GHz")
                           .arg(parts[2]));
        m.hertz = *hz;
    }
    return m;
}

QString cyclesModelSpec(const CyclesModel &model)
{
    QString spec =
        QStringLiteral("%1V,%2mA")
            .arg(QString::number(model.volts, 'g', 12), QString::number(model.amps * 1e3, 'g', 12));
    if (model.hertz)
        spec += QStringLiteral(",%1MHz").arg(QString::number(*model.hertz / 1e6, 'g', 12));
    return spec;
}

QString cyclesModelText(const CyclesModel &model)
{
    const auto number = [](double v) { return QString::number(v, 'g', 6); };
    const QString amps = model.amps >= 1.0    ? number(model.amps) + QStringLiteral(" A")
                         : model.amps >= 1e-3 ? number(model.amps * 1e3) + QStringLiteral(" mA")
                                              : number(model.amps * 1e6) + QStringLiteral(" µA");
    return QStringLiteral("V = %1 V, I = %2 per cycle, f = %3")
        .arg(number(model.volts), amps,
             model.hertz ? number(*model.hertz / 1e6) + QStringLiteral(" MHz")
                         : QStringLiteral("the run's clock"));
}

QString cyclesModelRatioText(const CyclesModelRow &row, const QLocale &locale)
{
    if (!std::isfinite(row.ratio))
        return format::missing();
    if (std::isfinite(row.ratioLow) && std::isfinite(row.ratioHigh))
        return format::ratioWithInterval(row.ratio, row.ratioLow, row.ratioHigh, locale);
    const QString value = format::fixed(row.ratio, 3, locale);
    return std::isfinite(row.ratioLow)
               ? QStringLiteral("%1 (≥ %2)").arg(value, format::fixed(row.ratioLow, 3, locale))
               : value;
}

CyclesModelRun cyclesModelRun(const CyclesModel &model, const StoredRun &run)
{
    CyclesModelRun out;
    if (!run.result || run.result->exec) {
        out.problem = QStringLiteral("no cipher result");
        return out;
    }
    const WorkerResult &r = *run.result;
    if (r.cycles == 0 || r.bytes == 0 || r.seconds <= 0) {
        out.problem = QStringLiteral("no cycles counted");
        return out;
    }
    out.cyclesPerByte = static_cast<double>(r.cycles) / static_cast<double>(r.bytes);
    // Ticks of a reference timer are turned into time at their own rate, whatever the core
    // clock was; core cycles at the clock given, else the run's frequency level, else the
    // counter's mean rate over the loop (cycles ÷ seconds: the clock the loop ran at).
    const bool core = coreCycles(r);
    if (core && model.hertz) {
        out.hertz = *model.hertz;
        out.clock = QStringLiteral("given");
    } else if (core && r.frequencyKHz && *r.frequencyKHz > 0) {
        out.hertz = static_cast<double>(*r.frequencyKHz) * 1e3;
        out.clock = QStringLiteral("frequency level");
    } else {
        out.hertz = static_cast<double>(r.cycles) / r.seconds;
        out.clock = QStringLiteral("counter rate");
    }
    // E/B = (cycles/B) / f × I × V, in nJ/B.
    out.energyPerByteNj = out.cyclesPerByte / out.hertz * model.amps * model.volts * 1e9;
    return out;
}

QStringList cyclesModelCells(const CyclesModelRow &row)
{
    using format::Quantity;
    const Estimate &e = row.measuredNj;
    return {std::isfinite(e.value)
                ? format::quantityWithInterval(e.value * 1e-9, e.low * 1e-9, e.high * 1e-9,
                                               Quantity::EnergyPerByte)
                : format::missing(),
            std::isfinite(row.cyclesPerByte) ? format::significant(row.cyclesPerByte, 4)
                                             : format::missing(),
            std::isfinite(row.hertz)
                ? QStringLiteral("%1 (%2)").arg(format::significant(row.hertz / 1e6, 4), row.clock)
                : format::missing(),
            std::isfinite(row.modelNj)
                ? format::quantity(row.modelNj * 1e-9, Quantity::EnergyPerByte)
                : row.problem,
            cyclesModelRatioText(row)};
}

std::vector<CyclesModelRow> cyclesModelRows(const CyclesModel &model,
                                            const std::vector<ResultRow> &results,
                                            const std::vector<StoredRun> &runs)
{
    // Each measured run's estimate, put with its row in one pass (the window does this at every
    // run's end: a key made once per run, not once per run and row).
    struct Estimates
    {
        std::vector<double> energy, hertz, cpb;
        QStringList clocks;
        QString problem;
    };
    std::vector<Estimates> byRow(results.size());
    for (const StoredRun &run : runs) {
        if (run.status != RunStatus::Done || !run.analysis || run.analysis->invalid)
            continue;
        const ResultKey key = ResultKey::of(run);
        const auto row = std::find_if(results.begin(), results.end(),
                                      [&](const ResultRow &r) { return r.key == key; });
        if (row == results.end())
            continue;
        Estimates &e = byRow[static_cast<std::size_t>(row - results.begin())];
        const CyclesModelRun m = cyclesModelRun(model, run);
        if (!m.valid()) {
            e.problem = m.problem;
            continue;
        }
        e.energy.push_back(m.energyPerByteNj);
        e.hertz.push_back(m.hertz);
        e.cpb.push_back(m.cyclesPerByte);
        if (!e.clocks.contains(m.clock))
            e.clocks << m.clock;
    }
    std::vector<CyclesModelRow> rows;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const ResultRow &row = results[i];
        const Estimates &estimates = byRow[i];
        CyclesModelRow out;
        out.key = row.key;
        out.measuredNj = row.energyPerByteNj;
        if (estimates.energy.empty()) {
            out.problem =
                estimates.problem.isEmpty() ? QStringLiteral("no measured run") : estimates.problem;
            rows.push_back(out);
            continue;
        }
        out.modelNj = spreadOf(estimates.energy).median;
        out.hertz = spreadOf(estimates.hertz).median;
        out.cyclesPerByte = spreadOf(estimates.cpb).median;
        out.clock = estimates.clocks.join(QStringLiteral(", "));
        const Estimate &e = row.energyPerByteNj;
        if (row.measured > row.invalid && std::isfinite(e.value) && e.value > 0) {
            out.ratio = out.modelNj / e.value;
            // A measured interval that reaches zero leaves the ratio without an upper bound.
            if (std::isfinite(e.high) && e.high > 0)
                out.ratioLow = out.modelNj / e.high;
            if (std::isfinite(e.low))
                out.ratioHigh =
                    e.low > 0 ? out.modelNj / e.low : std::numeric_limits<double>::infinity();
        }
        rows.push_back(out);
    }
    return rows;
}

std::vector<CyclesModelRow> cyclesModelRows(const SessionData &session)
{
    if (!session.settings.cyclesModel)
        return {};
    return cyclesModelRows(*session.settings.cyclesModel, resultRows(session), session.runs);
}

} // namespace cipherwatt::core
