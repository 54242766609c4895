// How the live plot looks: colours from the palette (light and dark themes), the flags'
// markers, the phases' shading.

#include "measure/live_colors.h"
#include "measure/live_plot.h"

#include <cipherwatt/instruments/measurement.h>
#include <cipherwatt/report/chart_file.h>
#include <cipherwatt/report/charts.h>

#include <algorithm>

namespace cipherwatt::gui {

using core::PhaseKind;

namespace {

// How each flag is marked (in the order of LiveTrace::markedFlags()): Okabe-Ito colours that
// read on light and dark backgrounds and stay apart from the trace colours.
struct FlagLook
{
    QCPScatterStyle::ScatterShape shape;
    QRgb color;
};
constexpr std::array<FlagLook, 4> kLooks{{
    {QCPScatterStyle::ssTriangleInverted, 0xD55E00}, // over range
    {QCPScatterStyle::ssCross, 0xCC79A7},            // no data
    {QCPScatterStyle::ssDiamond, 0xE69F00},          // missed updates
    {QCPScatterStyle::ssCircle, 0x8C8C8C},           // duplicate reading
}};

} // namespace

bool LivePlot::isDark() const
{
    return palette().color(QPalette::Base).lightness() < 128;
}

QColor LivePlot::backgroundColor() const
{
    return palette().color(QPalette::Base);
}

QColor LivePlot::traceColor(Channel channel) const
{
    // Okabe-Ito hues; the lighter variants on dark backgrounds.
    const bool dark = isDark();
    switch (channel) {
    case Channel::Power:
        return dark ? QColor(0x56, 0xB4, 0xE9) : report::seriesColor(0);
    case Channel::Voltage:
        return dark ? QColor(0x3C, 0xC8, 0x9A) : report::seriesColor(2);
    case Channel::Current:
        return dark ? QColor(0xE0, 0x98, 0xC0) : QColor(0xB0, 0x4E, 0x86);
    }
    return report::seriesColor(0);
}

QColor LivePlot::phaseFill(PhaseKind kind) const
{
    // The reports' pale fills; on a dark background the same hues, dark.
    const QColor light = report::phaseColor(kind);
    if (!isDark())
        return light;
    const float hue = std::max(0.0F, light.hsvHueF());
    const float saturation =
        light.hsvHueF() < 0 ? 0.0F : std::min(1.0F, light.hsvSaturationF() * 3.5F);
    return QColor::fromHsvF(hue, saturation, 0.30F);
}

void LivePlot::applyPalette()
{
    const QPalette pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    const bool dark = isDark();
    setBackground(QBrush(base));
    for (QCPAxisRect *rect : m_rects)
        styleAxes(rect);
    // One pixel: the raster engine draws those directly. A wider pen takes a stroker pass per
    // segment, 10 to 20 times the time of the whole replot with hours in view.
    for (std::size_t c = 0; c < m_traces.size(); ++c)
        m_traces[c]->setPen(QPen(traceColor(static_cast<Channel>(c)), 1.0));
    for (std::size_t k = 0; k < kLooks.size(); ++k) {
        const QColor color(kLooks[k].color);
        m_markers[k]->setScatterStyle(
            QCPScatterStyle(kLooks[k].shape, QPen(color, 1.6), Qt::NoBrush, 8));
        if (m_bands[k] != nullptr) {
            QColor fill = color;
            fill.setAlpha(dark ? 110 : 80);
            m_bands[k]->setBrush(fill);
        }
    }
    for (std::size_t i = 0; i < m_sourceStrips.size(); ++i)
        styleSourceStrip(m_sourceStrips[i], i);
    for (std::size_t i = 0; i < m_phaseItems.size(); ++i)
        stylePhase(i);
    const QColor baselineColor = blend(base, text, 0.65);
    m_baselineLine->setPen(QPen(baselineColor, 1.2, Qt::DashLine));
    m_baselineText->setColor(baselineColor);
    m_baselineText->setFont(font());
}

void LivePlot::styleAxes(QCPAxisRect *rect) const
{
    const QPalette pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    const QPen axisPen(blend(base, text, 0.5), 1);
    const QPen gridPen(blend(base, text, isDark() ? 0.16 : 0.11), 1);
    rect->setBackground(QBrush(Qt::NoBrush));
    for (QCPAxis *axis : rect->axes()) {
        axis->setBasePen(axisPen);
        axis->setTickPen(axisPen);
        axis->setSubTickPen(axisPen);
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(gridPen);
        axis->grid()->setZeroLinePen(gridPen);
    }
}

void LivePlot::styleSourceStrip(const SourceStrip &strip, std::size_t source)
{
    styleAxes(strip.rect);
    // Sources in colours of their own, apart from the meter's power, voltage and current.
    static constexpr std::array<QRgb, 4> kSourceColors{0x7b3fa8, 0x1b8a6b, 0xb5651d, 0x3d5a98};
    QColor color(kSourceColors[source % kSourceColors.size()]);
    if (isDark())
        color = color.lighter(150);
    strip.graph->setPen(QPen(color, 1.0));
}

QColor LivePlot::bandColor(std::size_t i) const
{
    const TracePhase &phase = m_trace.phases()[i];
    const int cipher = m_trace.cipherIndex(phase.cipher);
    if (phase.kind != PhaseKind::Run || cipher < 0)
        return phaseFill(phase.kind);
    // The reports' tint; on a dark background the same hue, dark.
    const QColor light = report::runTint(cipher);
    if (!isDark())
        return light;
    return QColor::fromHsvF(std::max(0.0F, light.hsvHueF()),
                            std::min(1.0F, light.hsvSaturationF() * 2.2F), 0.36F);
}

void LivePlot::stylePhase(std::size_t i)
{
    const PhaseItems &items = m_phaseItems[i];
    const QColor fill = bandColor(i);
    const bool dark = isDark();
    for (QCPItemRect *band : items.allBands()) {
        band->setBrush(fill);
        // Runs back to back stay apart by a thin edge.
        band->setPen(QPen(dark ? fill.lighter(150) : fill.darker(115), 1));
    }
    if (items.text != nullptr) {
        items.text->setColor(
            blend(palette().color(QPalette::Base), palette().color(QPalette::Text), 0.8));
        items.text->setFont(font());
    }
}

void LivePlot::changeEvent(QEvent *event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_labelRevision = ~std::uint64_t{0};
        applyPalette();
        replot(rpQueuedRefresh);
    }
}

QColor LivePlot::flagColor(std::uint32_t flag)
{
    const std::size_t k = flagIndex(flag);
    return k < kLooks.size() ? QColor(kLooks[k].color) : QColor();
}

core::Result<void> LivePlot::savePaperCopy(const QString &path) const
{
    // A plot of its own over the same trace: light colours and the reports' fonts, the time in
    // view and the strips shown as they are here.
    LivePlot paper(m_trace);
    QPalette light = paper.palette();
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Window, Qt::white);
    light.setColor(QPalette::Text, QColor(0x20, 0x24, 0x2a));
    light.setColor(QPalette::WindowText, QColor(0x20, 0x24, 0x2a));
    light.setColor(QPalette::PlaceholderText, QColor(0x5f, 0x66, 0x70));
    paper.setPalette(light);
    paper.setFont(report::chartFileFont(7.5));
    paper.setElement(m_element);
    paper.setDetailStripsVisible(m_stripsVisible);
    const report::ChartSize size;
    paper.resize(report::chartPixels(size));
    paper.refresh(Redraw::Now);
    paper.setFollow(false);
    paper.setTimeRange(m_rects[0]->axis(QCPAxis::atBottom)->range().lower,
                       m_rects[0]->axis(QCPAxis::atBottom)->range().upper);
    paper.setBaseline(m_baseline, m_baselineFinal);
    paper.replot(rpImmediateRefresh);
    return report::saveChart(paper, path, size);
}

} // namespace cipherwatt::gui
