#pragma once

// The live power plot: the DUT element's power over the session (and, in two smaller strips
// when asked, its voltage and current), phases shaded and labelled, flagged updates marked,
// the idle baseline as a line. It follows the newest data, or the operator zooms and pans the
// time axis freely with the mouse (which leaves follow mode; a double-click returns to it).
//
// It reads a LiveTrace in refresh() only: the view calls that from its refresh timer, so the
// plot is redrawn at most ~25 times a second however fast updates come. Long traces stay fast
// through QCustomPlot's adaptive sampling, which draws each pixel column from the minimum and
// maximum of the points in it (a min/max envelope made per replot, over the visible points).

#include "measure/live_trace.h"

#include <cipherwatt/core/error.h>

#include <QElapsedTimer>
#include <qcustomplot.h>

#include <array>

namespace cipherwatt::gui {

class LivePlot : public QCustomPlot
{
    Q_OBJECT

public:
    explicit LivePlot(const LiveTrace &trace, QWidget *parent = nullptr);

    // The trace was cleared: every point, band and label goes.
    void reset();
    // How soon refresh() redraws.
    enum class Redraw : std::uint8_t {
        Now,
        // When the newest data can have moved a pixel: at most ~25 times a second, and with
        // hours in view (seconds to a pixel) once a second.
        WhenVisible,
    };
    // Takes the trace's new points, phases and flags, follows the newest data, redraws.
    void refresh(Redraw redraw = Redraw::Now);

    bool follows() const { return m_follow; }
    void setFollow(bool on);
    // The span follow mode shows, in seconds; 0 shows the whole session.
    double windowSeconds() const { return m_window; }
    void setWindowSeconds(double seconds);
    bool detailStripsVisible() const { return m_stripsVisible; }
    void setDetailStripsVisible(bool visible);
    // The meter element that powers the DUT, for the axis labels ("P1 [W]").
    void setElement(int element);
    // A power source on the DUT as the meter (its resource, "rapl:package-0"): the power axis
    // names it instead of an element; empty: a WT300's element.
    void setPowerSource(const QString &resource);
    // The idle baseline as a dashed line; NaN hides it.
    void setBaseline(double watts, bool final);

    // What the tooltip says at a point of the widget: the time, the values there, the phase
    // and any flagged update under the mouse; empty outside the plot area.
    QString toolTipAt(const QPointF &pos) const;

    // What the plot holds (tests, the benchmark).
    QCPAxisRect *strip(Channel channel) const { return m_rects[index(channel)]; }
    // The strip of a secondary power source, in the order the trace met them (nullptr: none).
    QCPAxisRect *sourceStrip(std::size_t source) const
    {
        return source < m_sourceStrips.size() ? m_sourceStrips[source].rect : nullptr;
    }
    QCPGraph *sourceGraph(std::size_t source) const
    {
        return source < m_sourceStrips.size() ? m_sourceStrips[source].graph : nullptr;
    }
    QCPGraph *traceGraph(Channel channel) const { return m_traces[index(channel)]; }
    QCPGraph *markerGraph(std::uint32_t flag) const;
    QCPGraph *bandGraph(std::uint32_t flag) const;
    int phaseBandCount() const;           // shaded phases in the power strip
    QStringList shownPhaseLabels() const; // labels drawn at the current zoom
    QColor traceColor(Channel channel) const;
    QColor backgroundColor() const;
    // The colour a flag's markers have (one of LiveTrace::markedFlags()).
    static QColor flagColor(std::uint32_t flag);
    // The fill of a phase's band: a run in its cipher's tint, other phases in grey.
    QColor bandColor(std::size_t phase) const;

    // The plot as it is in view, drawn again on white with the reports' fonts, into a file for
    // a paper (PNG, SVG or PDF by the suffix).
    core::Result<void> savePaperCopy(const QString &path) const;

signals:
    void followChanged(bool on);

protected:
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;

private:
    struct PhaseItems
    {
        std::array<QCPItemRect *, kChannelCount> bands{};
        std::vector<QCPItemRect *> sourceBands; // one per source strip
        QCPItemText *text = nullptr;
        qreal longWidth = 0;
        qreal mediumWidth = 0;
        qreal shortWidth = 0;
        std::vector<QCPItemRect *> allBands() const; // on every strip
    };

    static std::size_t index(Channel channel) { return static_cast<std::size_t>(channel); }
    static std::size_t flagIndex(std::uint32_t flag);

    void setUpStrips();
    // A strip's axes (time dragged and zoomed, the shared ticker) and its graph.
    QCPGraph *setUpStrip(QCPAxisRect *rect, int valueTicks);
    // A phase's band on one strip, the full height of it.
    QCPItemRect *phaseBand(QCPAxisRect *rect);
    void setUpMarkers();
    void setUpBaseline();
    void applyPalette();
    void applyLayout();
    void applyAxisLabels();
    void syncPoints();
    void syncPhases();
    void syncFlags();
    void addPhaseItems(const TracePhase &phase);
    void stylePhase(std::size_t i);
    void placePhase(std::size_t i);
    void applyFollow();
    void setTimeRange(double from, double to);
    void onTimeRangeChanged(QCPAxis *axis, const QCPRange &range);
    void beforeEachReplot();
    void fitValues();
    void fitSources(const QCPRange &shown);
    // A value axis over [lo, hi] with room below and above (fractions of the span), in whole
    // steps of about (span / steps).
    static void fitAxis(QCPAxis *axis, double lo, double hi, double below, double above, int steps);
    void styleAxes(QCPAxisRect *rect) const; // the palette's pens and colours
    void updateTicker();
    void updatePhaseLabels();
    QString phaseText(const TracePhase &phase) const;
    QString flagText(double t, double tolerance) const;
    QColor phaseFill(core::PhaseKind kind) const;
    bool isDark() const;

    // A secondary power source's strip (LiveTrace::sources()), made when its first reading
    // is taken; always shown, between the power and the detail strips.
    struct SourceStrip
    {
        QCPAxisRect *rect = nullptr;
        QCPGraph *graph = nullptr;
        std::size_t synced = 0;
    };
    void syncSources();
    void addSourceStrip();
    void removeSourceStrips();
    void styleSourceStrip(const SourceStrip &strip, std::size_t source);
    // Every strip in the order of the layout, shown or not: power, sources, U, I.
    std::vector<QCPAxisRect *> allStrips() const;

    const LiveTrace &m_trace;
    QCPMarginGroup *m_marginGroup = nullptr;
    std::vector<SourceStrip> m_sourceStrips;
    std::array<QCPAxisRect *, kChannelCount> m_rects{};
    std::array<QCPGraph *, kChannelCount> m_traces{};
    std::array<QCPGraph *, 4> m_markers{};
    std::array<QCPGraph *, 4> m_bands{};
    std::array<double, 4> m_bandEnd{};
    QSharedPointer<QCPAxisTickerTime> m_ticker;
    QCPItemStraightLine *m_baselineLine = nullptr;
    QCPItemText *m_baselineText = nullptr;
    double m_baseline = kNoValue;
    bool m_baselineFinal = false;
    std::vector<PhaseItems> m_phaseItems; // parallel to the trace's phases
    std::uint64_t m_labelRevision = 0;
    std::size_t m_syncedPoints = 0;
    std::size_t m_syncedFlags = 0;
    int m_element = 1;
    QString m_powerSource; // the meter is this power source on the DUT; empty: a WT300
    bool m_follow = true;
    double m_window = 60.0;
    bool m_stripsVisible = false;
    QElapsedTimer m_sinceReplot;
    QTimer *m_replotTimer = nullptr; // a redraw put off by refresh(WhenVisible)
    bool m_settingRange = false;     // our own range changes do not leave follow mode
    bool m_syncingAxes = false;
};

} // namespace cipherwatt::gui
