#include "messages.h"
#include "numbers.h"

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/format.h>
#include <cipherwatt/core/results.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace cipherwatt::core {

namespace {

double median(std::vector<double> values)
{
    return spreadOf(std::move(values)).median;
}

// A quantity over the valid repeats: values, their intervals, and what meanOfRepeats() needs.
struct Series
{
    std::vector<double> values, lows, highs;
    std::vector<RepeatValue> repeats;

    // `budget`: the repeat's net power budget, with `net` its interval (netLow, netHigh): the
    // quantity is linear in the net power, so its factor is the ratio of the interval widths.
    void add(double value, double low, double high, const UncertaintyBudget *budget = nullptr,
             double netLow = kNaN, double netHigh = kNaN)
    {
        values.push_back(value);
        lows.push_back(low);
        highs.push_back(high);
        RepeatValue r{value, low, high, nullptr, 1.0};
        const double width = netHigh - netLow;
        if (budget && !budget->empty() && std::isfinite(width) && width > 0.0) {
            r.budget = budget;
            r.scale = (high - low) / width;
        }
        repeats.push_back(r);
    }
};

Estimate estimate(const Series &series)
{
    const std::vector<double> &values = series.values;
    const std::vector<double> &lows = series.lows;
    const std::vector<double> &highs = series.highs;
    Estimate e;
    const Spread s = spreadOf(values);
    e.value = s.median;
    e.min = s.min;
    e.max = s.max;
    const Spread l = spreadOf(lows);
    const Spread h = spreadOf(highs);
    e.low = l.count > 0 ? l.min : kNaN;
    e.high = h.count > 0 ? h.max : kNaN;
    e.mean = meanOfRepeats(series.repeats);
    return e;
}

} // namespace

Message runNotMeasured(const StoredRun &run, bool named)
{
    const QString which = named ? QStringLiteral("%1 (%2/%3 %4)")
                                      .arg(run.ordinal)
                                      .arg(run.cipher, run.backend, run.operation)
                                : QString::number(run.ordinal);
    if (run.error.isEmpty())
        return Message(msg::kRunNotMeasured).arg(which).arg(runStatusText(run.status));
    return Message(msg::kRunNotMeasuredWhy).arg(which).arg(runStatusText(run.status), run.error);
}

ResultKey ResultKey::of(const StoredRun &run)
{
    return {run.cipher,         run.backend,   run.operation,  run.bufferBytes, run.isa(),
            run.frequencyKHz(), run.payload(), run.governor(), run.chunking()};
}

QString ResultKey::label() const
{
    return QStringLiteral("%1/%2 %3 %4 B").arg(cipher, backendLabel(), operation).arg(bufferBytes);
}

QString ResultKey::backendLabel() const
{
    return format::backendWithLevels(backend, isa, chunking, payload, frequencyKHz, governor);
}

std::vector<ResultRow> resultRows(const SessionData &session)
{
    std::vector<ResultRow> rows;
    std::vector<std::vector<const StoredRun *>> members;
    for (const StoredRun &run : session.runs) {
        const ResultKey key = ResultKey::of(run);
        auto it = std::find_if(rows.begin(), rows.end(),
                               [&](const ResultRow &r) { return r.key == key; });
        if (it == rows.end()) {
            ResultRow row;
            row.key = key;
            rows.push_back(row);
            members.emplace_back();
            it = rows.end() - 1;
        }
        members[static_cast<std::size_t>(it - rows.begin())].push_back(&run);
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ResultRow &row = rows[i];
        std::vector<double> seconds, throughput, cpb, usPerOp, cpo;
        Series net, epb, epo, charge;
        for (const StoredRun *run : members[i]) {
            ++row.planned;
            if (run->status != RunStatus::Done || !run->analysis) {
                row.notMeasured << runNotMeasured(*run);
                continue;
            }
            const RunResult &a = *run->analysis;
            if (row.measured == 0) {
                row.budget = a.budget;
                row.idleSource = a.idleSource;
            }
            ++row.measured;
            for (const Message &f : a.flags) {
                if (!row.flags.contains(f))
                    row.flags << f;
            }
            // A range change or over range inside the run (analysis_ranges.h): shown with its
            // flags, left out of the medians and spreads.
            if (a.invalid) {
                ++row.invalid;
                continue;
            }
            seconds.push_back(run->result ? run->result->seconds : kNaN);
            const UncertaintyBudget *budget = &a.budget;
            net.add(a.netWatts, a.netLow, a.netHigh, budget, a.netLow, a.netHigh);
            epb.add(a.energyPerByteNj, a.energyPerByteNjLow, a.energyPerByteNjHigh, budget,
                    a.netLow, a.netHigh);
            epo.add(a.energyPerOperationUj, a.energyPerOperationUjLow, a.energyPerOperationUjHigh,
                    budget, a.netLow, a.netHigh);
            // The current's budget is not stored: its whole uncertainty counts as common.
            charge.add(a.chargePerOperationUc, a.chargePerOperationUcLow,
                       a.chargePerOperationUcHigh);
            throughput.push_back(a.throughputBytesPerSecond);
            cpb.push_back(a.cyclesPerByte);
            if (run->result) {
                const WorkerResult &r = *run->result;
                usPerOp.push_back(
                    r.iterations > 0 ? r.seconds / static_cast<double>(r.iterations) * 1e6 : kNaN);
                cpo.push_back(r.iterations > 0 && r.cycles > 0
                                  ? static_cast<double>(r.cycles) /
                                        static_cast<double>(r.iterations)
                                  : kNaN);
                if (r.tagBytes)
                    row.tagBytes = r.tagBytes;
                if (r.cyclesReal == false)
                    row.cyclesReal = false;
            }
            row.counter = a.counter;
        }
        row.runSeconds = median(seconds);
        row.netWatts = estimate(net);
        row.energyPerByteNj = estimate(epb);
        row.energyPerOperationUj = estimate(epo);
        row.chargePerOperationUc = estimate(charge);
        row.throughputBytesPerSecond = median(throughput);
        row.cyclesPerByte = median(cpb);
        row.microsecondsPerOperation = median(usPerOp);
        row.cyclesPerOperation = median(cpo);
    }
    return rows;
}

ResultComparison compareResults(const ResultRow &a, const ResultRow &b, bool sameMeter)
{
    ResultComparison c;
    c.netWatts = compareMeans(a.netWatts.mean, b.netWatts.mean, sameMeter);
    c.energyPerByteNj = compareMeans(a.energyPerByteNj.mean, b.energyPerByteNj.mean, sameMeter);
    c.energyPerOperationUj =
        compareMeans(a.energyPerOperationUj.mean, b.energyPerOperationUj.mean, sameMeter);
    c.chargePerOperationUc =
        compareMeans(a.chargePerOperationUc.mean, b.chargePerOperationUc.mean, sameMeter);
    return c;
}

namespace {

// Every result at a level of the factor held in `member` against the same result at the
// first of `levels`.
std::vector<FactorEffect> factorEffects(const SessionData &session, const QStringList &levels,
                                        QString ResultKey::*member)
{
    std::vector<FactorEffect> effects;
    if (levels.size() < 2)
        return effects;
    const QString &reference = levels.front();
    const bool sameMeter = sameMeterSetup(session.meter, session.meter);
    const std::vector<ResultRow> rows = resultRows(session);
    for (const ResultRow &row : rows) {
        // A level none of whose runs was measured (refused by the DUT: its runs skipped, the
        // reason in the runs' list) has nothing to compare.
        if ((row.key.*member).isEmpty() || row.key.*member == reference || row.measured == 0)
            continue;
        ResultKey key = row.key;
        key.*member = reference;
        const auto ref = std::find_if(rows.begin(), rows.end(),
                                      [&](const ResultRow &r) { return r.key == key; });
        if (ref != rows.end())
            effects.push_back({*ref, row, compareResults(*ref, row, sameMeter)});
    }
    return effects;
}

} // namespace

std::vector<FactorEffect> isaEffects(const SessionData &session)
{
    return factorEffects(session, session.settings.isaLevels, &ResultKey::isa);
}

std::vector<FactorEffect> payloadEffects(const SessionData &session)
{
    return factorEffects(session, session.settings.payloadLevels, &ResultKey::payload);
}

std::vector<FactorEffect> governorEffects(const SessionData &session)
{
    return factorEffects(session, session.settings.governorLevels, &ResultKey::governor);
}

std::vector<FactorEffect> chunkingEffects(const SessionData &session)
{
    return factorEffects(session, session.settings.chunkingLevels, &ResultKey::chunking);
}

QString backendWithOtherLevels(const FactorEffect &effect)
{
    ResultKey others = effect.row.key;
    const ResultKey &r = effect.reference.key;
    for (auto member :
         {&ResultKey::isa, &ResultKey::payload, &ResultKey::governor, &ResultKey::chunking}) {
        if (others.*member != r.*member)
            (others.*member).clear();
    }
    if (others.frequencyKHz != r.frequencyKHz)
        others.frequencyKHz.reset();
    return others.backendLabel();
}

EffectTable effectTable(const std::vector<FactorEffect> &effects, const QString &reference,
                        const std::function<QString(const ResultKey &)> &level)
{
    std::vector<double> energy;
    energy.reserve(effects.size());
    for (const FactorEffect &e : effects)
        energy.push_back(std::fabs(e.reference.energyPerByteNj.mean.mean) * 1e-9);
    const format::Unit perByte = format::columnUnit(format::Quantity::EnergyPerByte, energy);
    EffectTable t;
    t.header = {QStringLiteral("cipher"),
                QStringLiteral("backend"),
                QStringLiteral("op"),
                QStringLiteral("buffer"),
                QStringLiteral("level"),
                reference + perByte.bracketed(),
                QStringLiteral("at the level") + perByte.bracketed(),
                QStringLiteral("difference") + perByte.bracketed(),
                QStringLiteral("ratio"),
                QString()};
    t.numeric = {false, false, false, true, false, true, true, true, true, false};
    const auto mean = [&perByte](const ResultRow &r) {
        const MeanInterval &m = r.energyPerByteNj.mean;
        return m.count > 0
                   ? format::withInterval(m.mean * 1e-9, m.low * 1e-9, m.high * 1e-9, perByte)
                         .joined()
                   : QStringLiteral("no data");
    };
    for (const FactorEffect &e : effects) {
        const ResultKey &k = e.row.key;
        const MeanComparison &c = e.comparison.energyPerByteNj;
        t.rows << QStringList{
            k.cipher,
            backendWithOtherLevels(e),
            format::operationShort(k.operation),
            format::bufferShort(k.bufferBytes),
            level(k),
            mean(e.reference),
            mean(e.row),
            c.valid() ? format::differenceWithInterval(c.difference * 1e-9, c.differenceLow * 1e-9,
                                                       c.differenceHigh * 1e-9, perByte)
                      : format::missing(),
            c.hasRatio() ? format::ratioWithInterval(c.ratio, c.ratioLow, c.ratioHigh)
                         : format::missing(),
            c.valid() && !c.significant() ? significanceText(c).english() : QString()};
    }
    return t;
}

std::vector<FrequencyCurve> frequencyCurves(const SessionData &session)
{
    std::vector<FrequencyCurve> curves;
    if (session.settings.frequencyLevelsKHz.empty())
        return curves;
    const bool sameMeter = sameMeterSetup(session.meter, session.meter);
    constexpr double mebibyte = 1048576.0;
    for (const ResultRow &row : resultRows(session)) {
        if (!row.key.frequencyKHz)
            continue;
        ResultKey key = row.key;
        key.frequencyKHz.reset();
        auto curve = std::find_if(curves.begin(), curves.end(),
                                  [&](const FrequencyCurve &c) { return c.key == key; });
        if (curve == curves.end()) {
            curves.push_back({key, {}, std::nullopt, {}});
            curve = curves.end() - 1;
        }
        curve->notMeasured << row.notMeasured;
        if (row.measured - row.invalid <= 0)
            continue;
        FrequencyPoint point;
        point.kHz = *row.key.frequencyKHz;
        point.row = row;
        const MeanInterval &e = row.energyPerByteNj.mean;
        if (row.throughputBytesPerSecond > 0 && std::isfinite(e.mean)) {
            // nJ/B x 2^20 B -> J, times 2^20 B / (B/s) -> s.
            const double scale = mebibyte * 1e-9 * mebibyte / row.throughputBytesPerSecond;
            point.edpJouleSeconds = e.mean * scale;
            point.edpLow = e.low * scale;
            point.edpHigh = e.high * scale;
        }
        curve->points.push_back(point);
    }
    for (FrequencyCurve &curve : curves) {
        std::sort(curve.points.begin(), curve.points.end(),
                  [](const FrequencyPoint &a, const FrequencyPoint &b) { return a.kHz < b.kHz; });
        for (std::size_t i = 0; i < curve.points.size(); ++i) {
            const double mean = curve.points[i].row.energyPerByteNj.mean.mean;
            if (std::isfinite(mean) &&
                (!curve.optimum ||
                 mean < curve.points[*curve.optimum].row.energyPerByteNj.mean.mean))
                curve.optimum = i;
        }
        if (!curve.optimum)
            continue;
        const MeanInterval &best = curve.points[*curve.optimum].row.energyPerByteNj.mean;
        for (std::size_t i = 0; i < curve.points.size(); ++i) {
            FrequencyPoint &p = curve.points[i];
            if (i == *curve.optimum) {
                p.withOptimum = true;
                continue;
            }
            p.againstOptimum = compareMeans(best, p.row.energyPerByteNj.mean, sameMeter);
            p.withOptimum = p.againstOptimum.valid() && !p.againstOptimum.differenceSignificant;
        }
    }
    return curves;
}

std::vector<BufferCurve> bufferCurves(const SessionData &session)
{
    std::vector<BufferCurve> curves;
    if (session.settings.bufferSizes.size() < 2)
        return curves;
    for (const ResultRow &row : resultRows(session)) {
        // Key agreement's 32 bytes and a program's 0 are not a size the design chose.
        if (row.key.bufferBytes <= 0 || row.key.operation == QLatin1String("keygen") ||
            row.key.operation == QLatin1String("agree") ||
            std::find(session.settings.bufferSizes.begin(), session.settings.bufferSizes.end(),
                      static_cast<std::size_t>(row.key.bufferBytes)) ==
                session.settings.bufferSizes.end())
            continue;
        ResultKey key = row.key;
        key.bufferBytes = 0;
        auto curve = std::find_if(curves.begin(), curves.end(),
                                  [&](const BufferCurve &c) { return c.key == key; });
        if (curve == curves.end()) {
            curves.push_back({key, {}, {}});
            curve = curves.end() - 1;
        }
        curve->notMeasured << row.notMeasured;
        if (row.measured - row.invalid > 0)
            curve->points.push_back(row);
    }
    std::erase_if(curves, [](const BufferCurve &c) { return c.points.size() < 2; });
    for (BufferCurve &curve : curves)
        std::sort(curve.points.begin(), curve.points.end(),
                  [](const ResultRow &a, const ResultRow &b) {
                      return a.key.bufferBytes < b.key.bufferBytes;
                  });
    return curves;
}

std::vector<ComparisonRow> compareSessions(const std::vector<SessionData> &sessions)
{
    std::vector<ComparisonRow> out;
    for (std::size_t s = 0; s < sessions.size(); ++s) {
        for (const ResultRow &row : resultRows(sessions[s])) {
            auto it = std::find_if(out.begin(), out.end(),
                                   [&](const ComparisonRow &c) { return c.key == row.key; });
            if (it == out.end()) {
                ComparisonRow c;
                c.key = row.key;
                c.sessions.resize(sessions.size());
                out.push_back(c);
                it = out.end() - 1;
            }
            it->sessions[s] = row;
        }
    }
    return out;
}

BudgetTable budgetTable(const SessionData &session)
{
    BudgetTable table;
    std::set<BudgetTerm> present;
    for (const StoredRun &run : session.runs) {
        if (!run.analysis || run.analysis->budget.empty())
            continue;
        const RunResult &a = *run.analysis;
        table.rows.push_back({run.ordinal, run.label(), a.netWatts, a.budget, a.idleSource});
        for (const BudgetComponent &c : a.budget.components)
            present.insert(c.term);
    }
    table.terms.assign(present.begin(), present.end());
    return table;
}

} // namespace cipherwatt::core
