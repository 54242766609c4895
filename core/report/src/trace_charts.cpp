// The report's power traces: one session with its phases, several overlaid.

#include "chart_style.h"

#include <cipherwatt/core/format.h>
#include <cipherwatt/core/results.h>
#include <cipherwatt/instruments/measurement.h>
#include <cipherwatt/report/charts.h>

#include <QFontMetricsF>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace cipherwatt::report {

using namespace core;

namespace {

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

// A shaded span of a trace: a phase, or a run tinted by its cipher, with its labels from the
// longest to the shortest.
struct Band
{
    double from = 0;
    double to = 0;
    QColor fill;
    QStringList labels; // "aes-128-xts enc 4 KiB", "aes-128-xts enc", "enc"
    bool run = false;
};

std::vector<Band> bands(const SessionData &s, const QStringList &ciphers, double shift, double end)
{
    // A backend is named only where one cipher ran on several.
    std::set<std::pair<QString, QString>> pairs;
    std::set<QString> buffers;
    for (const StoredRun &r : s.runs) {
        pairs.emplace(r.cipher, r.backend);
        buffers.insert(QString::number(r.bufferBytes));
    }
    const auto severalBackends = [&](const QString &cipher) {
        return std::count_if(pairs.begin(), pairs.end(),
                             [&](const auto &p) { return p.first == cipher; }) > 1;
    };
    std::vector<Band> out;
    for (const StoredPhase &phase : s.phases) {
        if (phase.kind == PhaseKind::Prepare || phase.kind == PhaseKind::Pin ||
            phase.kind == PhaseKind::Restore)
            continue;
        Band b;
        b.from = static_cast<double>(phase.startNs) / 1e9 - shift;
        b.to = phase.endNs >= 0 ? static_cast<double>(phase.endNs) / 1e9 - shift : end;
        b.fill = phaseColor(phase.kind);
        switch (phase.kind) {
        case PhaseKind::Baseline:
            b.labels = {QStringLiteral("idle baseline"), QStringLiteral("idle")};
            break;
        case PhaseKind::PostBaseline:
            b.labels = {QStringLiteral("idle again"), QStringLiteral("idle")};
            break;
        case PhaseKind::Idle:
            b.labels = {QStringLiteral("idle window"), QStringLiteral("idle")};
            break;
        case PhaseKind::Plan:
            b.labels = {QStringLiteral("pilot runs"), QStringLiteral("pilot")};
            break;
        case PhaseKind::Stabilise:
            b.labels = {QStringLiteral("stabilising"), QStringLiteral("wait")};
            break;
        case PhaseKind::Run: {
            const auto r = std::find_if(s.runs.begin(), s.runs.end(),
                                        [&](const StoredRun &x) { return x.id == phase.runId; });
            if (r == s.runs.end())
                break;
            b.run = true;
            b.fill = runTint(static_cast<int>(ciphers.indexOf(r->cipher)));
            const QString backend =
                severalBackends(r->cipher) || !r->isa().isEmpty() || r->frequencyKHz()
                    ? ResultKey::of(*r).backendLabel()
                    : QString();
            const QString who = backend.isEmpty() ? r->cipher : r->cipher + u'/' + backend;
            const QString op = format::operationShort(r->operation);
            b.labels = {format::runShort(r->cipher, backend, r->operation, r->bufferBytes),
                        QStringLiteral("%1 %2").arg(who, op), op};
            if (buffers.size() == 1)
                b.labels.removeFirst(); // one buffer size: the caption says which
            break;
        }
        default:
            break;
        }
        out.push_back(b);
    }
    return out;
}

// The longest label that fits its band (measured after layout), or none.
void labelBands(QCustomPlot &plot, const std::vector<Band> &all, double yRatio)
{
    plot.replot(QCustomPlot::rpImmediateRefresh); // lays the axes out: pixels are known
    const QFont font = chartFont(6);
    const QFontMetricsF metrics(font, &plot);
    for (const Band &b : all) {
        const double pixels = plot.xAxis->coordToPixel(b.to) - plot.xAxis->coordToPixel(b.from);
        for (const QString &label : b.labels) {
            if (metrics.horizontalAdvance(label) + 6 > pixels)
                continue;
            auto *text = new QCPItemText(&plot);
            text->setLayer(QStringLiteral("phases"));
            text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
            text->position->setCoords((b.from + b.to) / 2, yRatio);
            text->setPositionAlignment(Qt::AlignTop | Qt::AlignHCenter);
            text->setText(label);
            text->setFont(font);
            text->setColor(QColor(0x30, 0x36, 0x40));
            break;
        }
    }
}

void shade(QCustomPlot &plot, const Band &b, double top, double bottom)
{
    auto *rect = new QCPItemRect(&plot);
    rect->setLayer(QStringLiteral("phases"));
    rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    rect->topLeft->setCoords(b.from, top);
    rect->bottomRight->setCoords(b.to, bottom);
    // Runs back to back stay apart by a thin edge.
    rect->setPen(QPen(b.fill.darker(118), 0.5));
    rect->setBrush(b.fill);
}

// An empty series per cipher, so that the legend names the tints.
void tintLegend(QCustomPlot &plot, const QStringList &ciphers)
{
    for (int i = 0; i < ciphers.size(); ++i) {
        auto *key = new QCPBars(plot.xAxis, plot.yAxis);
        key->setName(ciphers[i]);
        key->setBrush(runTint(i));
        key->setPen(QPen(runTint(i).darker(130), 0.5));
    }
}

void addPhasesLayer(QCustomPlot &plot)
{
    plot.addLayer(QStringLiteral("phases"), plot.layer(QStringLiteral("grid")),
                  QCustomPlot::limAbove);
}

double firstRunStart(const SessionData &d)
{
    for (const StoredRun &r : d.runs) {
        if (r.windowStartNs >= 0)
            return static_cast<double>(r.windowStartNs) / 1e9;
    }
    return 0;
}

} // namespace

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
    plot.yAxis->setLabel(session.meter.source
                             ? QStringLiteral("power, %1 [W]").arg(session.meter.source->resource)
                             : QStringLiteral("power, element %1 [W]").arg(session.meter.element));
    if (session.summary.simulated)
        plot.yAxis->setLabel(plot.yAxis->label() + QStringLiteral(", SIMULATED"));

    addPhasesLayer(plot);
    const QStringList ciphers = cipherOrder({session});
    const std::vector<Band> all = bands(session, ciphers, 0.0, t.empty() ? 0 : t.back());
    for (const Band &b : all)
        shade(plot, b, 0, 1);
    auto *graph = plot.addGraph();
    graph->setPen(QPen(seriesColor(0), 0.9));
    graph->setData(QVector<double>(dt.begin(), dt.end()), QVector<double>(dp.begin(), dp.end()),
                   true);
    graph->removeFromLegend();
    tintLegend(plot, ciphers);
    legendBelow(plot);
    plot.legend->setVisible(!ciphers.isEmpty());
    labelBands(plot, all, 0.02);
}

QString powerTraceCaption(const SessionData &session)
{
    int runs = 0;
    bool pilot = false;
    bool post = false;
    bool settle = false;
    bool stabilise = false;
    bool idle = false;
    for (const StoredPhase &p : session.phases) {
        stabilise |= p.kind == PhaseKind::Stabilise;
        idle |= p.kind == PhaseKind::Idle;
        runs += p.kind == PhaseKind::Run ? 1 : 0;
        pilot |= p.kind == PhaseKind::Plan;
        post |= p.kind == PhaseKind::PostBaseline;
        settle |= p.kind == PhaseKind::Settle;
    }
    QStringList parts;
    if (stabilise)
        parts << QStringLiteral("the wait for stable idle power (near white)");
    parts << QStringLiteral("the idle baseline (grey)");
    if (pilot)
        parts << QStringLiteral("the pilot runs that sized the runs (light grey)");
    if (settle)
        parts << (session.settings.settleIsIdle
                      ? QStringLiteral("the settling pauses, also idle windows (near white)")
                      : QStringLiteral("the settling pauses (near white)"));
    if (idle)
        parts << QStringLiteral("the idle windows between runs (grey)");
    std::set<qint64> buffers;
    for (const StoredRun &r : session.runs)
        buffers.insert(r.bufferBytes);
    const QString buffer =
        buffers.size() == 1
            ? QStringLiteral(", all with %1 buffers").arg(format::bufferShort(*buffers.begin()))
            : QString();
    parts << QStringLiteral("%1 run%2 tinted by cipher (the legend below) and labelled with %3 "
                            "where the band has room%4")
                 .arg(runs)
                 .arg(runs == 1 ? QString() : QStringLiteral("s"))
                 .arg(buffers.size() == 1 ? QStringLiteral("cipher and operation")
                                          : QStringLiteral("cipher, operation and buffer size"))
                 .arg(buffer);
    if (post)
        parts << QStringLiteral("the idle baseline again after the runs (grey)");
    const QString last = parts.takeLast();
    return QStringLiteral("Power of the DUT (%1) over the session, one point per meter update: "
                          "%2 and %3.")
        .arg(session.meter.source
                 ? QStringLiteral("%1 on the DUT, as the meter").arg(session.meter.source->resource)
                 : QStringLiteral("meter element %1").arg(session.meter.element))
        .arg(parts.join(QStringLiteral(", ")), last);
}

void plotOverlaidTraces(QCustomPlot &plot, const std::vector<SessionData> &sessions,
                        ChartLanguage language, int maxPoints)
{
    styleAxes(plot);
    double from = std::numeric_limits<double>::infinity();
    double to = -from;
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    std::vector<double> shifts;
    for (std::size_t s = 0; s < sessions.size(); ++s) {
        const SessionData &d = sessions[s];
        // t = 0 where the first run's measured loop starts.
        const double shift = firstRunStart(d);
        shifts.push_back(shift);
        std::vector<double> t;
        std::vector<double> p;
        trace(d, shift, t, p);
        std::vector<double> dt;
        const std::vector<double> dp = envelope(t, p, maxPoints, dt);
        auto *graph = plot.addGraph();
        graph->setPen(QPen(seriesColor(static_cast<int>(s)), 0.9));
        graph->setName(seriesName(d) +
                       (d.summary.simulated
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
    // The traces below, a lane per session above them with its runs tinted by cipher.
    constexpr double kLane = 0.055;
    const double lanes = kLane * static_cast<double>(sessions.size()) + 0.02;
    const double margin = std::max((hi - lo) * 0.08, 0.05);
    const double bottom = std::max(0.0, lo - margin);
    const double top = hi + margin;
    plot.xAxis->setRange(from, to);
    plot.yAxis->setRange(bottom, bottom + (top - bottom) / (1.0 - lanes));
    plot.xAxis->setLabel(
        chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts",
                                              "time since the first run started [s]")));
    plot.yAxis->setLabel(
        chartText(language, QT_TRANSLATE_NOOP("cipherwatt::report::Charts", "power [W]")));
    addPhasesLayer(plot);
    const QStringList ciphers = cipherOrder(sessions);
    for (std::size_t s = 0; s < sessions.size(); ++s) {
        const double laneTop = 0.01 + kLane * static_cast<double>(s);
        for (const Band &b : bands(sessions[s], ciphers, shifts[s], to)) {
            if (b.run)
                shade(plot, b, laneTop, laneTop + kLane * 0.85);
        }
        auto *name = new QCPItemText(&plot);
        name->setLayer(QStringLiteral("phases"));
        name->position->setType(QCPItemPosition::ptAxisRectRatio);
        name->position->setCoords(0.004, laneTop + kLane * 0.42);
        name->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        name->setText(format::sessionId(sessions[s].summary.id));
        name->setFont(chartFont(6, true));
        name->setColor(seriesColor(static_cast<int>(s)).darker(110));
    }
    tintLegend(plot, ciphers);
    legendBelow(plot);
}

} // namespace cipherwatt::report
