#include "measure/live_plot.h"

#include "measure/live_format.h"

#include <cipherwatt/instruments/measurement.h>

#include <algorithm>
#include <cmath>

namespace cipherwatt::gui {

namespace SampleFlag = instruments::SampleFlag;

namespace {

constexpr double kMinSpanSeconds = 2.0; // the closest zoom: 20 updates
constexpr double kMarkerLane = 0.05;    // of the power strip's height, from its bottom
constexpr QLatin1String kPhasesLayer("phases");
constexpr QLatin1String kFlagsLayer("flags");
constexpr QLatin1String kLabelsLayer("labels");

// 1, 2, 2.5 or 5 times a power of ten, at least `raw`.
double niceStep(double raw)
{
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 2.5, 5.0}) {
        if (m * magnitude >= raw * (1 - 1e-9))
            return m * magnitude;
    }
    return 10 * magnitude;
}

} // namespace

LivePlot::LivePlot(const LiveTrace &trace, QWidget *parent)
    : QCustomPlot(parent)
    , m_trace(trace)
{
    setObjectName(QStringLiteral("livePlot"));
    setNoAntialiasingOnDrag(true);
    // Phase and flag bands are rectangles on whole pixels, axes and grid straight lines:
    // antialiasing them costs time (it is most of a replot with hours in view) and shows
    // nothing.
    setNotAntialiasedElements(QCP::aeItems | QCP::aeFills | QCP::aeAxes | QCP::aeGrid);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    addLayer(kPhasesLayer, layer(QStringLiteral("grid")), limBelow);
    addLayer(kFlagsLayer, layer(QStringLiteral("grid")), limBelow);
    addLayer(kLabelsLayer, layer(QStringLiteral("main")), limBelow);
    m_ticker = QSharedPointer<QCPAxisTickerTime>::create();
    m_ticker->setTimeFormat(QStringLiteral("%m:%s"));
    m_ticker->setFieldWidth(QCPAxisTickerTime::tuHours, 1);
    m_ticker->setFieldWidth(QCPAxisTickerTime::tuMinutes, 1);
    m_ticker->setTickCount(8);
    setUpStrips();
    setUpMarkers();
    setUpBaseline();
    connect(this, &QCustomPlot::beforeReplot, this, &LivePlot::beforeEachReplot);
    connect(this, &QCustomPlot::afterReplot, this, [this] { m_sinceReplot.start(); });
    m_replotTimer = new QTimer(this);
    m_replotTimer->setSingleShot(true);
    connect(m_replotTimer, &QTimer::timeout, this, [this] { replot(rpQueuedRefresh); });
    setToolTip(tr("Power of the DUT over the session. Drag to pan and turn the wheel to zoom "
                  "the time axis; double-click or press F to follow the newest data."));
    applyLayout();
    applyAxisLabels();
    applyPalette();
    reset();
}

void LivePlot::setUpStrips()
{
    m_rects[0] = axisRect();
    m_rects[1] = new QCPAxisRect(this);
    m_rects[2] = new QCPAxisRect(this);
    m_marginGroup = new QCPMarginGroup(this);
    for (std::size_t c = 0; c < m_rects.size(); ++c)
        m_traces[c] = setUpStrip(m_rects[c], c == 0 ? 6 : 2);
}

QCPGraph *LivePlot::setUpStrip(QCPAxisRect *rect, int valueTicks)
{
    rect->setMarginGroup(QCP::msLeft | QCP::msRight, m_marginGroup);
    QCPAxis *x = rect->axis(QCPAxis::atBottom);
    QCPAxis *y = rect->axis(QCPAxis::atLeft);
    // Time is what the operator moves through; each strip's values fit what is shown.
    rect->setRangeDrag(Qt::Horizontal);
    rect->setRangeZoom(Qt::Horizontal);
    rect->setRangeDragAxes(x, y);
    rect->setRangeZoomAxes(x, y);
    x->setTicker(m_ticker);
    y->ticker()->setTickCount(valueTicks);
    y->setPadding(6);
    x->grid()->setSubGridVisible(false);
    y->grid()->setSubGridVisible(false);
    if (rect != m_rects[0])
        rect->setMinimumSize(0, 56);
    QCPGraph *graph = addGraph(x, y);
    graph->setAdaptiveSampling(true);
    connect(x, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this,
            [this, x](const QCPRange &range) { onTimeRangeChanged(x, range); });
    return graph;
}

void LivePlot::addSourceStrip()
{
    SourceStrip strip;
    strip.rect = new QCPAxisRect(this);
    strip.rect->axis(QCPAxis::atBottom)->setRange(m_rects[0]->axis(QCPAxis::atBottom)->range());
    strip.graph = setUpStrip(strip.rect, 2);
    m_sourceStrips.push_back(strip);
    styleSourceStrip(m_sourceStrips.back(), m_sourceStrips.size() - 1);
    // The phases so far shade the new strip too, as they shade the others.
    for (std::size_t i = 0; i < m_phaseItems.size(); ++i) {
        PhaseItems &items = m_phaseItems[i];
        if (items.bands[0] == nullptr)
            continue;
        items.sourceBands.push_back(phaseBand(strip.rect));
        stylePhase(i);
        placePhase(i);
    }
    applyLayout();
    applyAxisLabels();
}

void LivePlot::removeSourceStrips()
{
    if (m_sourceStrips.empty())
        return;
    QCPLayoutGrid *grid = plotLayout();
    for (PhaseItems &items : m_phaseItems) {
        for (QCPItemRect *band : items.sourceBands)
            removeItem(band);
        items.sourceBands.clear();
    }
    for (const SourceStrip &strip : m_sourceStrips) {
        removeGraph(strip.graph);
        if (strip.rect->layout() == grid)
            grid->take(strip.rect);
        delete strip.rect;
    }
    m_sourceStrips.clear();
    grid->simplify();
    applyLayout();
    applyAxisLabels();
}

void LivePlot::syncSources()
{
    const std::vector<SourceTrace> &sources = m_trace.sources();
    while (m_sourceStrips.size() < sources.size())
        addSourceStrip();
    for (std::size_t i = 0; i < sources.size(); ++i) {
        SourceStrip &strip = m_sourceStrips[i];
        const SourceTrace &source = sources[i];
        if (strip.synced >= source.t.size())
            continue;
        QVector<double> keys(source.t.begin() + static_cast<std::ptrdiff_t>(strip.synced),
                             source.t.end());
        QVector<double> values(source.watts.begin() + static_cast<std::ptrdiff_t>(strip.synced),
                               source.watts.end());
        strip.graph->addData(keys, values, true);
        strip.synced = source.t.size();
    }
}

std::vector<QCPAxisRect *> LivePlot::allStrips() const
{
    std::vector<QCPAxisRect *> out{m_rects[0]};
    for (const SourceStrip &strip : m_sourceStrips)
        out.push_back(strip.rect);
    for (std::size_t c = 1; c < m_rects.size(); ++c)
        out.push_back(m_rects[c]);
    return out;
}

void LivePlot::setUpMarkers()
{
    // Markers and bands live on the power strip's hidden right axis, fixed at 0..1, so they
    // keep their place whatever the power does.
    QCPAxis *lane = m_rects[0]->axis(QCPAxis::atRight);
    lane->setRange(0, 1);
    lane->setVisible(false);
    QCPAxis *x = m_rects[0]->axis(QCPAxis::atBottom);
    const std::array<std::uint32_t, 4> &marked = LiveTrace::markedFlags();
    for (std::size_t k = 0; k < marked.size(); ++k) {
        // A duplicate is one reading again, not a span of time.
        if (marked[k] != SampleFlag::Duplicate) {
            QCPGraph *band = addGraph(x, lane);
            band->setLayer(kFlagsLayer);
            band->setPen(Qt::NoPen);
            band->setAdaptiveSampling(false);
            m_bands[k] = band;
        }
        QCPGraph *markers = addGraph(x, lane);
        markers->setLineStyle(QCPGraph::lsNone);
        m_markers[k] = markers;
    }
}

void LivePlot::setUpBaseline()
{
    QCPAxisRect *rect = m_rects[0];
    QCPAxis *x = rect->axis(QCPAxis::atBottom);
    QCPAxis *y = rect->axis(QCPAxis::atLeft);
    m_baselineLine = new QCPItemStraightLine(this);
    m_baselineLine->setLayer(kLabelsLayer);
    m_baselineLine->setClipAxisRect(rect);
    for (QCPItemPosition *p : {m_baselineLine->point1, m_baselineLine->point2})
        p->setAxes(x, y);
    m_baselineText = new QCPItemText(this);
    m_baselineText->setLayer(kLabelsLayer);
    m_baselineText->setClipAxisRect(rect);
    m_baselineText->position->setAxes(x, y);
    m_baselineText->position->setAxisRect(rect);
    m_baselineText->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_baselineText->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_baselineText->setPadding(QMargins(4, 1, 6, 2));
}

void LivePlot::reset()
{
    for (QCPGraph *g : m_traces)
        g->data()->clear();
    for (std::size_t k = 0; k < m_markers.size(); ++k) {
        m_markers[k]->data()->clear();
        if (m_bands[k] != nullptr)
            m_bands[k]->data()->clear();
    }
    m_bandEnd.fill(-std::numeric_limits<double>::infinity());
    for (const PhaseItems &items : m_phaseItems) {
        for (QCPItemRect *band : items.allBands())
            removeItem(band);
        if (items.text != nullptr)
            removeItem(items.text);
    }
    m_phaseItems.clear();
    removeSourceStrips();
    m_labelRevision = ~std::uint64_t{0};
    m_syncedPoints = 0;
    m_syncedFlags = 0;
    setBaseline(kNoValue, false);
    if (!m_follow) {
        m_follow = true;
        emit followChanged(true);
    }
    applyFollow();
    replot(rpQueuedRefresh);
}

void LivePlot::refresh(Redraw redraw)
{
    syncPoints();
    syncSources();
    syncFlags();
    syncPhases();
    if (m_follow)
        applyFollow();
    if (redraw == Redraw::Now) {
        replot(rpQueuedRefresh);
        return;
    }
    // A redraw shows something new once the data has moved by a pixel. Following a minute,
    // that is every update; following two hours, a pixel is five seconds: redrawing ten times
    // a second there would cost a few percent of a core for nothing to see.
    const QCPRange shown = m_rects[0]->axis(QCPAxis::atBottom)->range();
    const double secondsPerPixel = shown.size() / std::max(1, m_rects[0]->width());
    const auto interval = static_cast<qint64>(std::clamp(secondsPerPixel * 1000, 40.0, 1000.0));
    const qint64 since = m_sinceReplot.isValid() ? m_sinceReplot.elapsed() : interval;
    if (since >= interval) {
        m_replotTimer->stop();
        replot(rpQueuedRefresh);
    } else if (!m_replotTimer->isActive()) {
        m_replotTimer->start(static_cast<int>(interval - since));
    }
}

void LivePlot::syncPoints()
{
    const std::vector<double> &t = m_trace.times();
    const std::size_t n = t.size();
    if (m_syncedPoints >= n)
        return;
    const std::vector<std::uint32_t> &flags = m_trace.pointFlags();
    for (std::size_t c = 0; c < m_traces.size(); ++c) {
        const std::vector<double> &v = m_trace.values(static_cast<Channel>(c));
        QVector<double> keys;
        QVector<double> values;
        keys.reserve(static_cast<qsizetype>(n - m_syncedPoints) + 1);
        values.reserve(keys.capacity());
        for (std::size_t i = m_syncedPoints; i < n; ++i) {
            // Missed updates break the line: nothing was measured there.
            if ((flags[i] & SampleFlag::Gap) != 0 && i > 0) {
                keys << (t[i - 1] + t[i]) / 2;
                values << kNoValue;
            }
            keys << t[i];
            values << v[i];
        }
        m_traces[c]->addData(keys, values, true);
    }
    m_syncedPoints = n;
}

void LivePlot::syncFlags()
{
    const std::vector<FlaggedUpdate> &flagged = m_trace.flagged();
    const std::array<std::uint32_t, 4> &marked = LiveTrace::markedFlags();
    for (std::size_t i = m_syncedFlags; i < flagged.size(); ++i) {
        const FlaggedUpdate &f = flagged[i];
        for (std::size_t k = 0; k < marked.size(); ++k) {
            if ((f.flags & marked[k]) == 0)
                continue;
            const auto [from, to] = f.span(marked[k]);
            m_markers[k]->addData((from + to) / 2, kMarkerLane);
            QCPGraph *band = m_bands[k];
            if (band == nullptr)
                continue;
            if (from > m_bandEnd[k] + 1e-6) {
                // A new episode: break the fill from the one before.
                if (std::isfinite(m_bandEnd[k]))
                    band->addData((m_bandEnd[k] + from) / 2, kNoValue);
                band->addData(from, 1.0);
            }
            band->addData(to, 1.0);
            m_bandEnd[k] = std::max(m_bandEnd[k], to);
        }
    }
    m_syncedFlags = flagged.size();
}

void LivePlot::syncPhases()
{
    const std::vector<TracePhase> &phases = m_trace.phases();
    const std::size_t known = m_phaseItems.size();
    for (std::size_t i = known; i < phases.size(); ++i)
        addPhaseItems(phases[i]);
    const bool relabelled = m_trace.labelRevision() != m_labelRevision;
    m_labelRevision = m_trace.labelRevision();
    if (relabelled) {
        const QFontMetricsF metrics(font());
        for (std::size_t i = 0; i < phases.size(); ++i) {
            PhaseItems &items = m_phaseItems[i];
            if (items.text == nullptr)
                continue;
            items.longWidth = metrics.horizontalAdvance(phases[i].label);
            items.mediumWidth = metrics.horizontalAdvance(phases[i].mediumLabel);
            items.shortWidth = metrics.horizontalAdvance(phases[i].shortLabel);
        }
        // A run's band takes its cipher's tint once the run is named.
        for (std::size_t i = 0; i < known; ++i)
            stylePhase(i);
    }
    // The open phase grows; the one before it may just have ended.
    const std::size_t from = relabelled || known == 0 ? 0 : known - 1;
    for (std::size_t i = from; i < phases.size(); ++i)
        placePhase(i);
}

void LivePlot::addPhaseItems(const TracePhase &phase)
{
    PhaseItems items;
    if (phase.shaded()) {
        for (std::size_t c = 0; c < m_rects.size(); ++c) {
            QCPItemRect *band = phaseBand(m_rects[c]);
            band->setVisible(c == 0 || m_stripsVisible);
            items.bands[c] = band;
        }
        for (const SourceStrip &strip : m_sourceStrips)
            items.sourceBands.push_back(phaseBand(strip.rect));
        auto *text = new QCPItemText(this);
        text->setLayer(kLabelsLayer);
        text->setClipAxisRect(m_rects[0]);
        text->position->setAxes(m_rects[0]->axis(QCPAxis::atBottom),
                                m_rects[0]->axis(QCPAxis::atLeft));
        text->position->setAxisRect(m_rects[0]);
        text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        text->setPositionAlignment(Qt::AlignTop | Qt::AlignHCenter);
        text->setPadding(QMargins(3, 4, 3, 2));
        items.text = text;
    }
    m_phaseItems.push_back(items);
    stylePhase(m_phaseItems.size() - 1);
}

QCPItemRect *LivePlot::phaseBand(QCPAxisRect *rect)
{
    auto *band = new QCPItemRect(this);
    band->setLayer(kPhasesLayer);
    band->setClipAxisRect(rect);
    for (QCPItemPosition *p : {band->topLeft, band->bottomRight}) {
        p->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        p->setAxisRect(rect);
        p->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    return band;
}

std::vector<QCPItemRect *> LivePlot::PhaseItems::allBands() const
{
    std::vector<QCPItemRect *> out;
    for (QCPItemRect *band : bands) {
        if (band != nullptr)
            out.push_back(band);
    }
    out.insert(out.end(), sourceBands.begin(), sourceBands.end());
    return out;
}

void LivePlot::placePhase(std::size_t i)
{
    const TracePhase &phase = m_trace.phases()[i];
    const PhaseItems &items = m_phaseItems[i];
    const double end = phase.isOpen() ? std::max(m_trace.now(), phase.start) : phase.end;
    for (QCPItemRect *band : items.allBands()) {
        band->topLeft->setCoords(phase.start, 0);
        band->bottomRight->setCoords(end, 1);
    }
}

void LivePlot::applyFollow()
{
    // The newest update a little in from the right edge. Until the session is as long as the
    // span asked for, it fills the width from the start.
    const double now = std::max(m_trace.now(), 10.0);
    if (m_window > 0 && now > m_window)
        setTimeRange(now + m_window * 0.02 - m_window, now + m_window * 0.02);
    else
        setTimeRange(0, now * 1.02);
}

void LivePlot::setTimeRange(double from, double to)
{
    m_settingRange = true;
    m_rects[0]->axis(QCPAxis::atBottom)->setRange(from, to);
    m_settingRange = false;
}

void LivePlot::onTimeRangeChanged(QCPAxis *axis, const QCPRange &range)
{
    if (m_syncingAxes)
        return;
    if (range.size() < kMinSpanSeconds) {
        // Setting the range again comes back here and does the rest.
        axis->setRange(range.center() - kMinSpanSeconds / 2, range.center() + kMinSpanSeconds / 2);
        return;
    }
    m_syncingAxes = true;
    for (QCPAxisRect *rect : allStrips()) {
        QCPAxis *x = rect->axis(QCPAxis::atBottom);
        if (x != axis)
            x->setRange(range);
    }
    m_syncingAxes = false;
    // Dragging or zooming with the mouse: the operator looks at something, stop scrolling.
    if (!m_settingRange && m_follow) {
        m_follow = false;
        emit followChanged(false);
    }
}

void LivePlot::setFollow(bool on)
{
    if (m_follow == on)
        return;
    m_follow = on;
    if (on) {
        applyFollow();
        replot(rpQueuedRefresh);
    }
    emit followChanged(on);
}

void LivePlot::setWindowSeconds(double seconds)
{
    m_window = std::max(0.0, seconds);
    // Choosing what to follow means following it.
    if (m_follow) {
        applyFollow();
        replot(rpQueuedRefresh);
    } else {
        setFollow(true);
    }
}

void LivePlot::setDetailStripsVisible(bool visible)
{
    if (m_stripsVisible == visible)
        return;
    m_stripsVisible = visible;
    applyLayout();
    applyAxisLabels();
    replot(rpQueuedRefresh);
}

void LivePlot::setElement(int element)
{
    m_element = element;
    applyAxisLabels();
}

void LivePlot::setPowerSource(const QString &resource)
{
    m_powerSource = resource;
    applyAxisLabels();
}

void LivePlot::setBaseline(double watts, bool final)
{
    m_baseline = watts;
    m_baselineFinal = final;
    const bool shown = std::isfinite(watts);
    m_baselineLine->setVisible(shown);
    m_baselineText->setVisible(shown);
    if (!shown)
        return;
    m_baselineLine->point1->setCoords(0, watts);
    m_baselineLine->point2->setCoords(1, watts);
    m_baselineText->position->setCoords(1, watts);
    m_baselineText->setText(final ? tr("idle baseline %1 W").arg(format::reading(watts))
                                  : tr("idle baseline so far %1 W").arg(format::reading(watts)));
}

void LivePlot::applyLayout()
{
    QCPLayoutGrid *grid = plotLayout();
    const std::vector<QCPAxisRect *> strips = allStrips();
    for (std::size_t c = 1; c < strips.size(); ++c) {
        if (strips[c]->layout() == grid)
            grid->take(strips[c]);
    }
    grid->simplify();
    // The power, each source's strip, then the detail strips when shown.
    QList<double> stretch{3.0};
    int row = 1;
    for (const SourceStrip &strip : m_sourceStrips) {
        grid->addElement(row++, 0, strip.rect);
        stretch << 1.0;
    }
    if (m_stripsVisible) {
        grid->addElement(row++, 0, m_rects[1]);
        grid->addElement(row++, 0, m_rects[2]);
        stretch << 1.0 << 1.0;
    }
    if (stretch.size() > 1)
        grid->setRowStretchFactors(stretch);
    grid->setRowSpacing(2);
    for (std::size_t c = 1; c < m_rects.size(); ++c)
        m_rects[c]->setVisible(m_stripsVisible);
}

void LivePlot::applyAxisLabels()
{
    // The time axis is labelled under the lowest strip shown.
    const std::vector<QCPAxisRect *> strips = allStrips();
    const QCPAxisRect *bottom = m_stripsVisible          ? m_rects.back()
                                : m_sourceStrips.empty() ? m_rects[0]
                                                         : m_sourceStrips.back().rect;
    const bool hours = m_ticker->timeFormat().contains(QLatin1String("%h"));
    for (QCPAxisRect *rect : strips) {
        QCPAxis *x = rect->axis(QCPAxis::atBottom);
        x->setTickLabels(rect == bottom);
        x->setLabel(rect != bottom ? QString()
                    : hours        ? tr("Time since the session started (h:min:s)")
                                   : tr("Time since the session started (min:s)"));
    }
    for (std::size_t i = 0; i < m_sourceStrips.size() && i < m_trace.sources().size(); ++i)
        m_sourceStrips[i]
            .rect->axis(QCPAxis::atLeft)
            ->setLabel(tr("%1 [W]").arg(m_trace.sources()[i].resource));
    m_rects[0]
        ->axis(QCPAxis::atLeft)
        ->setLabel(m_powerSource.isEmpty() ? tr("Power P%1 [W]").arg(m_element)
                                           : tr("Power, %1 [W]").arg(m_powerSource));
    m_rects[1]->axis(QCPAxis::atLeft)->setLabel(tr("U%1 [V]").arg(m_element));
    m_rects[2]->axis(QCPAxis::atLeft)->setLabel(tr("I%1 [A]").arg(m_element));
}

void LivePlot::beforeEachReplot()
{
    updateTicker();
    fitValues();
    updatePhaseLabels();
}

void LivePlot::updateTicker()
{
    const bool hours = m_rects[0]->axis(QCPAxis::atBottom)->range().upper >= 3600;
    if (hours == m_ticker->timeFormat().contains(QLatin1String("%h")))
        return;
    m_ticker->setTimeFormat(hours ? QStringLiteral("%h:%m:%s") : QStringLiteral("%m:%s"));
    m_ticker->setFieldWidth(QCPAxisTickerTime::tuMinutes, hours ? 2 : 1);
    applyAxisLabels();
}

void LivePlot::fitValues()
{
    const QCPRange shown = m_rects[0]->axis(QCPAxis::atBottom)->range();
    for (std::size_t c = 0; c < m_rects.size(); ++c) {
        if (c > 0 && !m_stripsVisible)
            continue;
        double lo = 0;
        double hi = 0;
        const bool any =
            m_trace.valueRange(static_cast<Channel>(c), shown.lower, shown.upper, lo, hi);
        const bool power = c == 0;
        if (power && std::isfinite(m_baseline)) {
            lo = any ? std::min(lo, m_baseline) : m_baseline;
            hi = any ? std::max(hi, m_baseline) : m_baseline;
        } else if (!any) {
            continue;
        }
        // Room for the phase labels above and the flag markers below the power.
        fitAxis(m_rects[c]->axis(QCPAxis::atLeft), lo, hi, power ? 0.22 : 0.12, power ? 0.24 : 0.12,
                power ? 5 : 2);
    }
    fitSources(shown);
}

void LivePlot::fitAxis(QCPAxis *axis, double lo, double hi, double below, double above, int steps)
{
    // A floor on the span, so a steady reading does not show its last digit as mountains.
    const double floor = std::max(1e-3, 0.02 * std::max(std::fabs(lo), std::fabs(hi)));
    if (hi - lo < floor) {
        const double mid = (lo + hi) / 2;
        lo = mid - floor / 2;
        hi = mid + floor / 2;
    }
    const double span = hi - lo;
    lo -= span * below;
    hi += span * above;
    // Whole steps, so the axis holds still while the values move inside it.
    const double step = niceStep((hi - lo) / steps);
    axis->setRange(std::floor(lo / step) * step, std::ceil(hi / step) * step);
}

void LivePlot::fitSources(const QCPRange &shown)
{
    for (std::size_t i = 0; i < m_sourceStrips.size(); ++i) {
        double lo = 0;
        double hi = 0;
        if (m_trace.sourceRange(i, shown.lower, shown.upper, lo, hi))
            fitAxis(m_sourceStrips[i].rect->axis(QCPAxis::atLeft), lo, hi, 0.12, 0.12, 2);
    }
}

void LivePlot::updatePhaseLabels()
{
    QCPAxis *x = m_rects[0]->axis(QCPAxis::atBottom);
    const QCPRange shown = x->range();
    const std::vector<TracePhase> &phases = m_trace.phases();
    const double now = m_trace.now();
    for (std::size_t i = 0; i < m_phaseItems.size() && i < phases.size(); ++i) {
        const PhaseItems &items = m_phaseItems[i];
        if (items.text == nullptr)
            continue;
        const TracePhase &phase = phases[i];
        const double end = phase.isOpen() ? std::max(now, phase.start) : phase.end;
        const bool inView = end > shown.lower && phase.start < shown.upper;
        for (std::size_t c = 0; c < items.bands.size(); ++c)
            items.bands[c]->setVisible(inView && (c == 0 || m_stripsVisible));
        for (QCPItemRect *band : items.sourceBands) // the source strips are always shown
            band->setVisible(inView);
        // The label in the middle of the part in view, shortened or left out when it does
        // not fit.
        const double from = std::max(phase.start, shown.lower);
        const double to = std::min(end, shown.upper);
        const double pixels = inView ? x->coordToPixel(to) - x->coordToPixel(from) : 0;
        if (pixels >= items.longWidth + 12)
            items.text->setText(phase.label);
        else if (pixels >= items.mediumWidth + 10)
            items.text->setText(phase.mediumLabel);
        else if (pixels >= items.shortWidth + 8)
            items.text->setText(phase.shortLabel);
        items.text->setVisible(inView && pixels >= items.shortWidth + 8);
        items.text->position->setCoords((from + to) / 2, 0);
    }
}

QCPGraph *LivePlot::markerGraph(std::uint32_t flag) const
{
    const std::size_t k = flagIndex(flag);
    return k < m_markers.size() ? m_markers[k] : nullptr;
}

QCPGraph *LivePlot::bandGraph(std::uint32_t flag) const
{
    const std::size_t k = flagIndex(flag);
    return k < m_bands.size() ? m_bands[k] : nullptr;
}

std::size_t LivePlot::flagIndex(std::uint32_t flag)
{
    const std::array<std::uint32_t, 4> &marked = LiveTrace::markedFlags();
    return static_cast<std::size_t>(std::find(marked.begin(), marked.end(), flag) - marked.begin());
}

int LivePlot::phaseBandCount() const
{
    return static_cast<int>(
        std::count_if(m_phaseItems.begin(), m_phaseItems.end(),
                      [](const PhaseItems &i) { return i.bands[0] != nullptr; }));
}

QStringList LivePlot::shownPhaseLabels() const
{
    QStringList out;
    for (const PhaseItems &items : m_phaseItems) {
        if (items.text != nullptr && items.text->visible())
            out << items.text->text();
    }
    return out;
}

void LivePlot::mouseDoubleClickEvent(QMouseEvent *event)
{
    QCustomPlot::mouseDoubleClickEvent(event);
    setFollow(true);
}

} // namespace cipherwatt::gui
