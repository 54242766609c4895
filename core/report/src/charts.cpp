#include <cipherwatt/core/results.h>
#include <cipherwatt/instruments/measurement.h>
#include <cipherwatt/report/charts.h>

#include <QCoreApplication>
#include <QJsonObject>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cipherwatt::report {

using namespace core;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QFont chartFont(double points, bool bold = false)
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

// A chart's own text, in English or in the installed translation's language.
QString chartText(ChartLanguage language, const char *source)
{
    return language == ChartLanguage::Translated
               ? QCoreApplication::translate("cipherwatt::report::Charts", source)
               : QString::fromUtf8(source);
}

void message(QCustomPlot &plot, const QString &text)
{
    auto *item = new QCPItemText(&plot);
    item->position->setType(QCPItemPosition::ptAxisRectRatio);
    item->position->setCoords(0.5, 0.5);
    item->setText(text);
    item->setFont(chartFont(8));
    item->setColor(QColor(0x5f, 0x66, 0x70));
}

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

std::vector<double> envelope(const std::vector<double> &t, const std::vector<double> &p,
                             int maxPoints, std::vector<double> &outT)
{
    std::vector<double> outP;
    outT.clear();
    if (static_cast<int>(t.size()) <= maxPoints || t.size() < 2) {
        outT = t;
        return p;
    }
    const int buckets = std::max(1, maxPoints / 2);
    const double t0 = t.front();
    const double span = t.back() - t0;
    std::size_t i = 0;
    for (int b = 0; b < buckets; ++b) {
        const double end = t0 + span * (b + 1) / buckets;
        double lo = std::numeric_limits<double>::infinity();
        double hi = -lo;
        double tLo = 0;
        double tHi = 0;
        bool gap = false;
        bool any = false;
        for (; i < t.size() && (t[i] <= end || b == buckets - 1); ++i) {
            if (!std::isfinite(p[i])) {
                gap = true;
                continue;
            }
            any = true;
            if (p[i] < lo) {
                lo = p[i];
                tLo = t[i];
            }
            if (p[i] > hi) {
                hi = p[i];
                tHi = t[i];
            }
        }
        if (!any) {
            if (gap) {
                outT.push_back(end);
                outP.push_back(kNaN);
            }
            continue;
        }
        // Min and max in time order, so the line keeps the trace's shape.
        if (tLo <= tHi) {
            outT.push_back(tLo);
            outP.push_back(lo);
            outT.push_back(tHi);
            outP.push_back(hi);
        } else {
            outT.push_back(tHi);
            outP.push_back(hi);
            outT.push_back(tLo);
            outP.push_back(lo);
        }
    }
    return outP;
}

void trace(const SessionData &s, double shift, std::vector<double> &t, std::vector<double> &p)
{
    t.clear();
    p.clear();
    t.reserve(s.samples.size());
    p.reserve(s.samples.size());
    for (const StoredSample &sample : s.samples) {
        if ((sample.flags & instruments::SampleFlag::Duplicate) != 0)
            continue;
        t.push_back(static_cast<double>(sample.tNs) / 1e9 - shift);
        p.push_back(sample.power); // NaN: no data or over range, drawn as a gap
    }
}

QString phaseLabel(const StoredPhase &phase, const SessionData &s)
{
    switch (phase.kind) {
    case PhaseKind::Baseline:
        return QStringLiteral("baseline");
    case PhaseKind::PostBaseline:
        return QStringLiteral("idle");
    case PhaseKind::Plan:
        return QStringLiteral("pilot");
    case PhaseKind::Run:
        for (const StoredRun &r : s.runs) {
            if (r.id == phase.runId)
                return QStringLiteral("#%1").arg(r.ordinal);
        }
        return {};
    default:
        return {};
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
    switch (kind) {
    case PhaseKind::Baseline:
    case PhaseKind::PostBaseline:
        return QColor(0xdc, 0xe9, 0xf5);
    case PhaseKind::Run:
        return QColor(0xdd, 0xf1, 0xe4);
    case PhaseKind::Plan:
        return QColor(0xfb, 0xf0, 0xd6);
    case PhaseKind::Settle:
        return QColor(0xee, 0xee, 0xee);
    default:
        return QColor(0xf5, 0xf5, 0xf5);
    }
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
        QString label = groups[i].key.cipher + QLatin1Char('\n') + groups[i].key.backend;
        if (severalBuffers)
            label += QStringLiteral(" %1 B").arg(groups[i].key.bufferBytes);
        ticker->addTick(static_cast<double>(i + 1), label);
    }
    plot.xAxis->setTicker(ticker);
    plot.xAxis->setTickLabelRotation(groups.size() > 8 ? 35 : 0);
    plot.xAxis->setSubTicks(false);
    plot.xAxis->setTickLength(0, 3);
    plot.xAxis->setRange(0.4, static_cast<double>(groups.size()) + 0.6);
    plot.yAxis->setLabel(measure == BarMeasure::EnergyPerByte
                             ? chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts",
                                                                     "energy per byte [nJ/B]"))
                             : chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts",
                                                                     "net power [W]")));

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
        bars->setName(
            QStringLiteral("%1 %2").arg(sessions[s].summary.id).arg(sessions[s].summary.label));
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
            const BarValue v = barValue(groups[i].enc[s], groups[i].dec[s], operation, measure);
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
    // From zero, and below it when a net value or its interval is negative (a run that drew no
    // more than the idle baseline): a bar below the axis must stay visible.
    const double span = std::max(top, 0.0) - bottom;
    plot.yAxis->setRange(bottom < 0 ? bottom - 0.08 * span : 0.0,
                         top > 0 ? top + 0.12 * span : (bottom < 0 ? 0.08 * span : 1.0));
    plot.legend->setVisible(sessions.size() > 1);
    plot.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    if (!any)
        message(plot, operation == BarOperation::Encrypt
                          ? chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts",
                                                                  "no measured encryption runs"))
                      : operation == BarOperation::Decrypt
                          ? chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts",
                                                                  "no measured decryption runs"))
                          : chartText(language, QT_TRANSLATE_NOOP(
                                                    "cipherwatt::report::Charts",
                                                    "no measured encryption and decryption runs")));
}

void plotPowerTrace(QCustomPlot &plot, const SessionData &session, int maxPoints)
{
    styleAxes(plot);
    std::vector<double> t;
    std::vector<double> p;
    trace(session, 0.0, t, p);
    std::vector<double> dt;
    const std::vector<double> dp = envelope(t, p, maxPoints, dt);
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (const double v : dp) {
        if (std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    if (!std::isfinite(lo)) {
        lo = 0;
        hi = 1;
    }
    const double margin = std::max((hi - lo) * 0.12, 0.05);
    plot.yAxis->setRange(std::max(0.0, lo - margin), hi + margin * 2.5);
    plot.xAxis->setRange(t.empty() ? 0 : t.front(), t.empty() ? 1 : t.back());
    plot.xAxis->setLabel(QStringLiteral("time since the session started [s]"));
    plot.yAxis->setLabel(QStringLiteral("power, element %1 [W]").arg(session.meter.element));

    plot.addLayer(QStringLiteral("phases"), plot.layer(QStringLiteral("grid")),
                  QCustomPlot::limAbove);
    const double end = t.empty() ? 0 : t.back();
    for (const StoredPhase &phase : session.phases) {
        if (phase.kind == PhaseKind::Prepare || phase.kind == PhaseKind::Pin ||
            phase.kind == PhaseKind::Restore)
            continue;
        const double from = static_cast<double>(phase.startNs) / 1e9;
        const double to = phase.endNs >= 0 ? static_cast<double>(phase.endNs) / 1e9 : end;
        auto *rect = new QCPItemRect(&plot);
        rect->setLayer(QStringLiteral("phases"));
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->topLeft->setCoords(from, 0);
        rect->bottomRight->setCoords(to, 1);
        // Adjacent phases of one kind (runs back to back) stay apart by a thin edge.
        rect->setPen(QPen(phaseColor(phase.kind).darker(112), 0.5));
        rect->setBrush(phaseColor(phase.kind));
        const QString label = phaseLabel(phase, session);
        if (!label.isEmpty()) {
            auto *text = new QCPItemText(&plot);
            text->setLayer(QStringLiteral("phases"));
            text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
            text->position->setCoords((from + to) / 2, 0.03);
            text->setPositionAlignment(Qt::AlignTop | Qt::AlignHCenter);
            text->setText(label);
            text->setFont(chartFont(6));
            text->setColor(QColor(0x40, 0x46, 0x50));
        }
    }
    auto *graph = plot.addGraph();
    graph->setPen(QPen(seriesColor(0), 0.9));
    graph->setData(QVector<double>(dt.begin(), dt.end()), QVector<double>(dp.begin(), dp.end()),
                   true);
    if (session.summary.simulated)
        plot.yAxis->setLabel(plot.yAxis->label() + QStringLiteral(", SIMULATED"));
    plot.legend->setVisible(false);
}

void plotOverlaidTraces(QCustomPlot &plot, const std::vector<SessionData> &sessions,
                        ChartLanguage language, int maxPoints)
{
    styleAxes(plot);
    double from = std::numeric_limits<double>::infinity();
    double to = -from;
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (std::size_t s = 0; s < sessions.size(); ++s) {
        const SessionData &d = sessions[s];
        // t = 0 where the first run's measured loop starts.
        double shift = 0;
        for (const StoredRun &r : d.runs) {
            if (r.windowStartNs >= 0) {
                shift = static_cast<double>(r.windowStartNs) / 1e9;
                break;
            }
        }
        std::vector<double> t;
        std::vector<double> p;
        trace(d, shift, t, p);
        std::vector<double> dt;
        const std::vector<double> dp = envelope(t, p, maxPoints, dt);
        auto *graph = plot.addGraph();
        graph->setPen(QPen(seriesColor(static_cast<int>(s)), 0.9));
        graph->setName(
            QStringLiteral("%1 %2%3")
                .arg(d.summary.id)
                .arg(d.summary.label)
                .arg(d.summary.simulated
                         ? chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts",
                                                                 " (simulated)"))
                         : QString()));
        graph->setData(QVector<double>(dt.begin(), dt.end()), QVector<double>(dp.begin(), dp.end()),
                       true);
        if (!dt.empty()) {
            from = std::min(from, dt.front());
            to = std::max(to, dt.back());
        }
        for (const double v : dp) {
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    }
    if (!std::isfinite(from)) {
        from = 0;
        to = 1;
        lo = 0;
        hi = 1;
    }
    const double margin = std::max((hi - lo) * 0.12, 0.05);
    plot.xAxis->setRange(from, to);
    plot.yAxis->setRange(std::max(0.0, lo - margin), hi + margin * 3);
    plot.xAxis->setLabel(
        chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts",
                                              "time since the first run started [s]")));
    plot.yAxis->setLabel(
        chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts", "power [W]")));
    plot.legend->setVisible(true);
    plot.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
}

} // namespace cipherwatt::report
