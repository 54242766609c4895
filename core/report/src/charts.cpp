#include "chart_style.h"

#include <cipherwatt/core/format.h>
#include <cipherwatt/core/results.h>
#include <cipherwatt/report/charts.h>

#include <QCoreApplication>
#include <QJsonObject>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <set>

namespace cipherwatt::report {

using namespace core;

QFont chartFont(double points, bool bold)
{
    QFont f;
    f.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("NanumGothic"),
                   QStringLiteral("Noto Sans CJK KR")});
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

void styleAxes(QCustomPlot &plot)
{
    for (QCPAxis *axis : {plot.xAxis, plot.yAxis}) {
        axis->setTickLabelFont(chartFont(7));
        axis->setLabelFont(chartFont(7.5));
        axis->setBasePen(QPen(QColor(0x60, 0x66, 0x70), 0.8));
        axis->setTickPen(QPen(QColor(0x60, 0x66, 0x70), 0.8));
        axis->setSubTickPen(QPen(QColor(0x90, 0x96, 0xa0), 0.6));
        axis->grid()->setPen(QPen(QColor(0xe1, 0xe4, 0xe8), 0.6));
        axis->grid()->setSubGridVisible(false);
    }
    plot.xAxis2->setVisible(false);
    plot.yAxis2->setVisible(false);
    plot.legend->setFont(chartFont(7));
    plot.legend->setBorderPen(QPen(QColor(0xc8, 0xcd, 0xd3), 0.6));
    plot.legend->setBrush(QColor(255, 255, 255, 230));
}

QString chartText(ChartLanguage language, const char *source)
{
    return language == ChartLanguage::Translated
               ? QCoreApplication::translate("cipherwatt::report::Charts", source)
               : QString::fromUtf8(source);
}

void chartMessage(QCustomPlot &plot, const QString &text)
{
    auto *item = new QCPItemText(&plot);
    item->position->setType(QCPItemPosition::ptAxisRectRatio);
    item->position->setCoords(0.5, 0.5);
    item->setText(text);
    item->setFont(chartFont(8));
    item->setColor(QColor(0x5f, 0x66, 0x70));
}

void legendBelow(QCustomPlot &plot)
{
    plot.legend->setVisible(true);
    plot.legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot.legend->setWrap(6);
    plot.legend->setBorderPen(Qt::NoPen);
    plot.legend->setBrush(Qt::NoBrush);
    plot.legend->setMargins(QMargins(2, 0, 2, 0));
    if (plot.plotLayout()->rowCount() < 2 || plot.plotLayout()->element(1, 0) != plot.legend) {
        plot.plotLayout()->addElement(plot.plotLayout()->rowCount(), 0, plot.legend);
        plot.plotLayout()->setRowStretchFactor(plot.plotLayout()->rowCount() - 1, 0.001);
    }
}

namespace {

struct BarValue
{
    double value = kNaN;
    double low = kNaN;
    double high = kNaN;
};

// Encryption, decryption, or their total, from one session's row pair.
BarValue barValue(const std::optional<ResultRow> &enc, const std::optional<ResultRow> &dec,
                  BarOperation operation, BarMeasure measure)
{
    const auto pick = [&](const std::optional<ResultRow> &row) {
        BarValue v;
        if (!row || row->measured == 0)
            return v;
        const Estimate &e =
            measure == BarMeasure::EnergyPerByte ? row->energyPerByteNj : row->netWatts;
        v.value = e.value;
        v.low = e.low;
        v.high = e.high;
        return v;
    };
    if (operation == BarOperation::Encrypt)
        return pick(enc);
    if (operation == BarOperation::Decrypt)
        return pick(dec);
    const BarValue a = pick(enc);
    const BarValue b = pick(dec);
    // The total adds both (the paper's figures 4 and 7); its interval adds the ends, which is
    // conservative.
    return {a.value + b.value, a.low + b.low, a.high + b.high};
}

// "no data" up from the axis where a session has no bar in a group that others have: a bar
// left out silently reads as a value of zero, or as no session.
void markMissing(QCustomPlot &plot, std::size_t groupCount, std::size_t sessionCount, double width,
                 const std::function<bool(std::size_t, std::size_t)> &has, const QString &text)
{
    if (sessionCount < 2)
        return;
    for (std::size_t i = 0; i < groupCount; ++i) {
        for (std::size_t s = 0; s < sessionCount; ++s) {
            if (has(i, s))
                continue;
            // Bars of a group stand side by side around its key.
            const double key =
                static_cast<double>(i + 1) +
                (static_cast<double>(s) - static_cast<double>(sessionCount - 1) / 2) * width;
            auto *label = new QCPItemText(&plot);
            label->position->setCoords(key, 0);
            label->setRotation(-90);
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            label->setPadding(QMargins(3, 0, 0, 0));
            label->setText(text);
            label->setFont(chartFont(6));
            label->setColor(seriesColor(static_cast<int>(s)).darker(120));
        }
    }
}

} // namespace

QColor seriesColor(int index)
{
    // Okabe-Ito: distinguishable for colour-blind readers and in grey print.
    static const QColor colors[] = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                                    QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                                    QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
                                    QColor(0x00, 0x00, 0x00), QColor(0x88, 0x88, 0x88)};
    return colors[static_cast<std::size_t>(index) % std::size(colors)];
}

QColor phaseColor(PhaseKind kind)
{
    // Neutral greys: the colours are the runs' (one tint per cipher).
    switch (kind) {
    case PhaseKind::Baseline:
    case PhaseKind::PostBaseline:
    case PhaseKind::Idle:
        return QColor(0xe3, 0xe6, 0xea);
    case PhaseKind::Run:
        return QColor(0xdd, 0xf1, 0xe4);
    case PhaseKind::Plan:
        return QColor(0xf0, 0xf0, 0xe8);
    case PhaseKind::Settle:
    case PhaseKind::Stabilise:
        return QColor(0xf6, 0xf6, 0xf6);
    default:
        return QColor(0xf5, 0xf5, 0xf5);
    }
}

QColor runTint(int index)
{
    // Okabe-Ito hues (orange, sky blue, bluish green, yellow, blue, vermilion, reddish purple)
    // two-thirds of the way to white: pale enough under a trace, still apart from each other.
    static const QColor hues[] = {QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
                                  QColor(0x00, 0x9E, 0x73), QColor(0xF0, 0xE4, 0x42),
                                  QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                                  QColor(0xCC, 0x79, 0xA7)};
    const QColor &hue = hues[static_cast<std::size_t>(std::max(0, index)) % std::size(hues)];
    const auto pale = [](int channel) { return channel + (255 - channel) * 2 / 3; };
    return QColor(pale(hue.red()), pale(hue.green()), pale(hue.blue()));
}

QStringList cipherOrder(const std::vector<SessionData> &sessions)
{
    QStringList out;
    for (const SessionData &d : sessions) {
        for (const StoredRun &r : d.runs) {
            if (!out.contains(r.cipher))
                out << r.cipher;
        }
    }
    return out;
}

QString seriesName(const SessionData &session)
{
    return format::sessionName(session.summary.id, session.summary.label);
}

void plotBars(QCustomPlot &plot, const std::vector<SessionData> &sessions, BarOperation operation,
              BarMeasure measure, ChartLanguage language)
{
    styleAxes(plot);
    // Groups: (cipher, backend, buffer) with an encryption or decryption row in any session.
    struct Group
    {
        ResultKey key; // operation left empty
        std::vector<std::optional<ResultRow>> enc;
        std::vector<std::optional<ResultRow>> dec;
    };
    std::vector<Group> groups;
    for (const ComparisonRow &row : compareSessions(sessions)) {
        const bool encrypt = row.key.operation == QLatin1String("encrypt");
        const bool decrypt = row.key.operation == QLatin1String("decrypt");
        if (!encrypt && !decrypt)
            continue; // key agreement has no bytes to encrypt
        ResultKey key = row.key;
        key.operation.clear();
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const Group &g) { return g.key == key; });
        if (it == groups.end()) {
            Group g;
            g.key = key;
            g.enc.resize(sessions.size());
            g.dec.resize(sessions.size());
            groups.push_back(g);
            it = groups.end() - 1;
        }
        (encrypt ? it->enc : it->dec) = row.sessions;
    }
    // A group with nothing to show for this operation in any session gets no tick.
    groups.erase(
        std::remove_if(groups.begin(), groups.end(),
                       [&](const Group &g) {
                           for (std::size_t s = 0; s < sessions.size(); ++s) {
                               if (std::isfinite(
                                       barValue(g.enc[s], g.dec[s], operation, measure).value))
                                   return false;
                           }
                           return true;
                       }),
        groups.end());
    bool severalBuffers = false;
    for (const Group &g : groups)
        severalBuffers |= g.key.bufferBytes != groups.front().key.bufferBytes;

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t i = 0; i < groups.size(); ++i) {
        QString label = groups[i].key.cipher + QLatin1Char('\n') + groups[i].key.backendLabel();
        if (severalBuffers)
            label += QLatin1Char(' ') + format::bufferShort(groups[i].key.bufferBytes);
        ticker->addTick(static_cast<double>(i + 1), label);
    }
    plot.xAxis->setTicker(ticker);
    plot.xAxis->setTickLabelRotation(groups.size() > 8 ? 35 : 0);
    plot.xAxis->setSubTicks(false);
    plot.xAxis->setTickLength(0, 3);
    plot.xAxis->setRange(0.4, static_cast<double>(groups.size()) + 0.6);
    // One unit for the chart, chosen from its bars as a table column's is.
    const bool energy = measure == BarMeasure::EnergyPerByte;
    const double toBase = energy ? 1e-9 : 1.0; // the rows hold nJ/B and W
    std::vector<double> shown;
    for (const Group &g : groups) {
        for (std::size_t s = 0; s < sessions.size(); ++s)
            shown.push_back(barValue(g.enc[s], g.dec[s], operation, measure).value * toBase);
    }
    const format::Unit unit = format::columnUnit(
        energy ? format::Quantity::EnergyPerByte : format::Quantity::Power, shown);
    const double k = unit.scaled(toBase);
    plot.yAxis->setLabel(
        (energy ? chartText(language,
                            QT_TRANSLATE_NOOP("cipherwatt::report::Charts", "energy per byte [%1]"))
                : chartText(language,
                            QT_TRANSLATE_NOOP("cipherwatt::report::Charts", "net power [%1]")))
            .arg(unit.symbol));

    auto *group = new QCPBarsGroup(&plot);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(1);
    double top = 0;
    double bottom = 0;
    bool any = false;
    const double width = std::min(0.8 / static_cast<double>(sessions.size()), 0.5);
    for (std::size_t s = 0; s < sessions.size(); ++s) {
        auto *bars = new QCPBars(plot.xAxis, plot.yAxis);
        bars->setWidth(width);
        bars->setBarsGroup(group);
        const QColor color = seriesColor(static_cast<int>(s));
        bars->setPen(QPen(color.darker(130), 0.6));
        bars->setBrush(color);
        bars->setName(seriesName(sessions[s]));
        auto *errors = new QCPErrorBars(plot.xAxis, plot.yAxis);
        errors->setDataPlottable(bars);
        errors->setPen(QPen(QColor(0x20, 0x24, 0x2a), 0.8));
        errors->setWhiskerWidth(4);
        errors->setSymbolGap(0); // no gap at the bar top: the interval is drawn whole
        errors->removeFromLegend();
        QVector<double> keys;
        QVector<double> values;
        QVector<double> below;
        QVector<double> above;
        for (std::size_t i = 0; i < groups.size(); ++i) {
            BarValue v = barValue(groups[i].enc[s], groups[i].dec[s], operation, measure);
            v = {v.value * k, v.low * k, v.high * k};
            if (!std::isfinite(v.value))
                continue;
            any = true;
            keys << static_cast<double>(i + 1);
            values << v.value;
            below << (std::isfinite(v.low) ? v.value - v.low : 0.0);
            above << (std::isfinite(v.high) ? v.high - v.value : 0.0);
            top = std::max(top, std::isfinite(v.high) ? v.high : v.value);
            bottom = std::min(bottom, std::isfinite(v.low) ? v.low : v.value);
        }
        bars->setData(keys, values, true);
        errors->setData(below, above);
    }
    markMissing(
        plot, groups.size(), sessions.size(), width,
        [&](std::size_t i, std::size_t s) {
            return std::isfinite(
                barValue(groups[i].enc[s], groups[i].dec[s], operation, measure).value);
        },
        chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts", "no data")));
    // From zero, and below it when a net value or its interval is negative (a run that drew no
    // more than the idle baseline): a bar below the axis must stay visible.
    const double span = std::max(top, 0.0) - bottom;
    plot.yAxis->setRange(bottom < 0 ? bottom - 0.08 * span : 0.0,
                         top > 0 ? top + 0.12 * span : (bottom < 0 ? 0.08 * span : 1.0));
    // The sessions' legend under the axes, where it covers no bar.
    if (sessions.size() > 1)
        legendBelow(plot);
    else
        plot.legend->setVisible(false);
    if (!any)
        chartMessage(
            plot, operation == BarOperation::Encrypt
                      ? chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts",
                                                              "no measured encryption runs"))
                  : operation == BarOperation::Decrypt
                      ? chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts",
                                                              "no measured decryption runs"))
                      : chartText(language,
                                  QT_TRANSLATE_NOOP("cipherwatt::report::Charts",
                                                    "no measured encryption and decryption runs")));
}

void plotEffectBars(QCustomPlot &plot, const std::vector<FactorEffect> &effects,
                    const QString &reference,
                    const std::function<QString(const ResultKey &)> &level, ChartLanguage language)
{
    styleAxes(plot);
    if (effects.empty()) {
        chartMessage(plot, chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts",
                                                                 "no measured levels")));
        return;
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    std::vector<double> shown;
    for (std::size_t i = 0; i < effects.size(); ++i) {
        const ResultKey &k = effects[i].row.key;
        // A crossed row's other levels on a line of their own ("stream @ schedutil"), so that
        // neighbouring labels stay short.
        QString others = backendWithOtherLevels(effects[i]).mid(k.backend.size()).trimmed();
        if (others.startsWith(QLatin1Char(',')))
            others = others.mid(1).trimmed();
        ticker->addTick(static_cast<double>(i + 1),
                        QStringLiteral("%1/%2\n%3%4 %5 %6")
                            .arg(k.cipher, k.backend,
                                 others.isEmpty() ? QString() : others + QLatin1Char('\n'),
                                 format::operationShort(k.operation),
                                 format::bufferShort(k.bufferBytes), level(k)));
        shown.push_back(effects[i].reference.energyPerByteNj.mean.mean * 1e-9);
        shown.push_back(effects[i].row.energyPerByteNj.mean.mean * 1e-9);
    }
    plot.xAxis->setTicker(ticker);
    plot.xAxis->setTickLabelRotation(effects.size() > 8 ? 35 : 0);
    plot.xAxis->setSubTicks(false);
    plot.xAxis->setTickLength(0, 3);
    plot.xAxis->setRange(0.4, static_cast<double>(effects.size()) + 0.6);
    const format::Unit unit = format::columnUnit(format::Quantity::EnergyPerByte, shown);
    const double k = unit.scaled(1e-9);
    plot.yAxis->setLabel(
        chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts", "energy per byte [%1]"))
            .arg(unit.symbol));
    auto *group = new QCPBarsGroup(&plot);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(1);
    double top = 0.0;
    for (int side = 0; side < 2; ++side) {
        auto *bars = new QCPBars(plot.xAxis, plot.yAxis);
        bars->setWidth(0.36);
        bars->setBarsGroup(group);
        const QColor color = seriesColor(side);
        bars->setPen(QPen(color.darker(130), 0.6));
        bars->setBrush(color);
        bars->setName(side == 0
                          ? reference
                          : chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts",
                                                                  "at the level")));
        auto *errors = new QCPErrorBars(plot.xAxis, plot.yAxis);
        errors->setDataPlottable(bars);
        errors->setPen(QPen(QColor(0x20, 0x24, 0x2a), 0.8));
        errors->setWhiskerWidth(4);
        errors->setSymbolGap(0);
        errors->removeFromLegend();
        QVector<double> keys, values, below, above;
        for (std::size_t i = 0; i < effects.size(); ++i) {
            const MeanInterval &m =
                (side == 0 ? effects[i].reference : effects[i].row).energyPerByteNj.mean;
            if (m.count == 0 || !std::isfinite(m.mean))
                continue;
            keys << static_cast<double>(i + 1);
            values << m.mean * k;
            below << (std::isfinite(m.low) ? (m.mean - m.low) * k : 0.0);
            above << (std::isfinite(m.high) ? (m.high - m.mean) * k : 0.0);
            top = std::max(top, values.back() + above.back());
        }
        bars->setData(keys, values, true);
        errors->setData(below, above);
    }
    // Above each pair: the level against the reference, as a ratio with its 95 % interval.
    for (std::size_t i = 0; i < effects.size(); ++i) {
        const MeanComparison &c = effects[i].comparison.energyPerByteNj;
        if (!c.hasRatio())
            continue;
        auto *label = new QCPItemText(&plot);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->position->setType(QCPItemPosition::ptPlotCoords);
        const double pairTop = std::max(effects[i].reference.energyPerByteNj.mean.high,
                                        effects[i].row.energyPerByteNj.mean.high) *
                               k;
        label->position->setCoords(static_cast<double>(i + 1),
                                   std::isfinite(pairTop) ? pairTop : top);
        label->setText(QStringLiteral("×") +
                       format::ratioWithInterval(c.ratio, c.ratioLow, c.ratioHigh));
        QFont font = plot.xAxis->tickLabelFont();
        font.setPointSizeF(font.pointSizeF() * 0.85);
        label->setFont(font);
        label->setPadding(QMargins(0, 0, 0, 3));
    }
    plot.yAxis->setRange(0.0, top > 0 ? top * 1.2 : 1.0);
    legendBelow(plot);
}

namespace {

// One line of a curve chart: its results against a numeric factor, and the point to ring.
struct CurveSeries
{
    QString name;
    std::vector<std::pair<double, ResultRow>> points; // factor value, result; ascending
    std::optional<std::size_t> ring;
};

// Energy per byte (with 95 % error bars from the mean over repeats) or throughput against a
// numeric factor, one line per series. A logarithmic axis (buffer sizes) puts a tick at every
// value measured, labelled by `tickLabel`.
void plotCurves(QCustomPlot &plot, const std::vector<CurveSeries> &series, const QString &xLabel,
                CurveMeasure measure, ChartLanguage language, const QString &empty,
                const std::function<QString(double)> &tickLabel = {})
{
    styleAxes(plot);
    const bool energy = measure == CurveMeasure::EnergyPerByte;
    const bool logarithmic = static_cast<bool>(tickLabel);
    // One unit for the chart, as a table column's.
    std::vector<double> shown;
    std::set<double> xs;
    for (const CurveSeries &c : series) {
        for (const auto &[x, row] : c.points) {
            shown.push_back(energy ? row.energyPerByteNj.mean.mean * 1e-9
                                   : row.throughputBytesPerSecond);
            xs.insert(x);
        }
    }
    const format::Unit unit = format::columnUnit(
        energy ? format::Quantity::EnergyPerByte : format::Quantity::Throughput, shown);
    const double k = energy ? unit.scaled(1e-9) : unit.scaled(1.0);
    plot.xAxis->setLabel(xLabel);
    plot.yAxis->setLabel(
        (energy ? chartText(language,
                            QT_TRANSLATE_NOOP("cipherwatt::report::Charts", "energy per byte [%1]"))
                : chartText(language,
                            QT_TRANSLATE_NOOP("cipherwatt::report::Charts", "throughput [%1]")))
            .arg(unit.symbol));
    double top = 0.0;
    int index = 0;
    for (const CurveSeries &c : series) {
        if (c.points.empty())
            continue;
        const QColor color = seriesColor(index++);
        auto *graph = plot.addGraph();
        graph->setName(c.name);
        graph->setPen(QPen(color, 1.6));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, 5));
        QCPErrorBars *errors = nullptr;
        if (energy) {
            errors = new QCPErrorBars(plot.xAxis, plot.yAxis);
            errors->setDataPlottable(graph);
            errors->setPen(QPen(color.darker(120), 0.8));
            errors->setWhiskerWidth(5);
            errors->removeFromLegend();
        }
        QVector<double> keys, values, below, above;
        for (const auto &[x, row] : c.points) {
            const MeanInterval &m = row.energyPerByteNj.mean;
            const double value = energy ? m.mean * k : row.throughputBytesPerSecond * k;
            if (!std::isfinite(value))
                continue;
            keys << x;
            values << value;
            below << (energy && std::isfinite(m.low) ? value - m.low * k : 0.0);
            above << (energy && std::isfinite(m.high) ? m.high * k - value : 0.0);
            top = std::max(top, value + above.back());
        }
        graph->setData(keys, values, true);
        if (errors)
            errors->setData(below, above);
        if (energy && c.ring) {
            // The energy-optimal level, ringed in the curve's colour.
            auto *ring = plot.addGraph();
            ring->removeFromLegend();
            ring->setLineStyle(QCPGraph::lsNone);
            ring->setScatterStyle(
                QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, 1.4), Qt::NoBrush, 13));
            const auto &[x, row] = c.points[*c.ring];
            ring->addData(x, row.energyPerByteNj.mean.mean * k);
        }
    }
    if (index == 0 || xs.empty()) {
        chartMessage(plot, empty);
        return;
    }
    const double lowest = *xs.begin();
    const double highest = *xs.rbegin();
    if (logarithmic) {
        plot.xAxis->setScaleType(QCPAxis::stLogarithmic);
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (const double x : xs)
            ticker->addTick(x, tickLabel(x));
        plot.xAxis->setTicker(ticker);
        const double margin = std::pow(highest / lowest, 0.06);
        plot.xAxis->setRange(lowest / std::max(margin, 1.3), highest * std::max(margin, 1.3));
    } else {
        const double span = std::max(highest - lowest, 100.0);
        plot.xAxis->setRange(lowest - 0.06 * span, highest + 0.06 * span);
    }
    plot.yAxis->setRange(0.0, top > 0 ? top * 1.12 : 1.0);
    legendBelow(plot);
}

} // namespace

void plotFrequencyCurves(QCustomPlot &plot, const SessionData &session, CurveMeasure measure,
                         ChartLanguage language)
{
    std::vector<CurveSeries> series;
    for (const FrequencyCurve &c : frequencyCurves(session)) {
        CurveSeries s;
        s.name =
            QStringLiteral("%1/%2 %3 %4")
                .arg(c.key.cipher, c.key.backendLabel(), format::operationShort(c.key.operation),
                     format::bufferShort(c.key.bufferBytes));
        for (const FrequencyPoint &p : c.points)
            s.points.emplace_back(static_cast<double>(p.kHz) / 1000.0, p.row);
        s.ring = c.optimum;
        series.push_back(std::move(s));
    }
    plotCurves(
        plot, series,
        chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts", "CPU frequency [MHz]")),
        measure, language,
        chartText(language,
                  QT_TRANSLATE_NOOP("cipherwatt::report::Charts", "no measured frequency levels")));
}

void plotBufferCurves(QCustomPlot &plot, const SessionData &session, CurveMeasure measure,
                      ChartLanguage language)
{
    std::vector<CurveSeries> series;
    for (const BufferCurve &c : bufferCurves(session)) {
        CurveSeries s;
        s.name =
            QStringLiteral("%1/%2 %3")
                .arg(c.key.cipher, c.key.backendLabel(), format::operationShort(c.key.operation));
        for (const ResultRow &row : c.points)
            s.points.emplace_back(static_cast<double>(row.key.bufferBytes), row);
        series.push_back(std::move(s));
    }
    plotCurves(
        plot, series,
        chartText(language,
                  QT_TRANSLATE_NOOP("cipherwatt::report::Charts", "buffer size (logarithmic)")),
        measure, language,
        chartText(language,
                  QT_TRANSLATE_NOOP("cipherwatt::report::Charts", "no measured buffer sizes")),
        [](double bytes) { return format::bufferShort(static_cast<qint64>(std::llround(bytes))); });
}

} // namespace cipherwatt::report
