// What the live plot says under the mouse: the time, the values, the phase, the flags.

#include "measure/live_format.h"
#include "measure/live_plot.h"

#include <cipherwatt/instruments/measurement.h>

#include <QHelpEvent>
#include <QLocale>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace cipherwatt::gui {

namespace SampleFlag = instruments::SampleFlag;

namespace {

constexpr double kLongestGapSeconds = 60.0;

} // namespace

QString LivePlot::phaseText(const TracePhase &phase) const
{
    if (phase.isOpen())
        return tr("%1, since %2").arg(phase.detail, format::duration(phase.start, true));
    return tr("%1, %2 to %3")
        .arg(phase.detail, format::duration(phase.start, true), format::duration(phase.end, true));
}

QString LivePlot::flagText(double t, double tolerance) const
{
    const std::vector<FlaggedUpdate> &flagged = m_trace.flagged();
    auto it = std::lower_bound(flagged.begin(), flagged.end(), t - tolerance,
                               [](const FlaggedUpdate &f, double v) { return f.t < v; });
    int overRange = 0;
    int noData = 0;
    int duplicates = 0;
    int missed = 0;
    // A flag is under the mouse when the span it marks is; missed updates reach back from the
    // update that reports them.
    for (; it != flagged.end() && it->t <= t + tolerance + kLongestGapSeconds; ++it) {
        for (const std::uint32_t flag : LiveTrace::markedFlags()) {
            if ((it->flags & flag) == 0)
                continue;
            const auto [from, to] = it->span(flag);
            if (from > t + tolerance || to < t - tolerance)
                continue;
            if (flag == SampleFlag::OverRange)
                ++overRange;
            else if (flag == SampleFlag::NoData)
                ++noData;
            else if (flag == SampleFlag::Gap)
                missed += static_cast<int>(it->missedBefore);
            else
                ++duplicates;
        }
    }
    QStringList lines;
    if (overRange > 0)
        lines << tr("Over range: %n updates with a reading beyond the meter's range (-OL-)",
                    nullptr, overRange);
    if (noData > 0)
        lines << tr("No data: %n updates without a value (the meter shows ------)", nullptr,
                    noData);
    if (missed > 0)
        lines << tr("Missed: %n updates not read; the trace is broken there", nullptr, missed);
    if (duplicates > 0)
        lines << tr("Duplicate: %n updates read twice; not counted", nullptr, duplicates);
    return lines.join(QLatin1Char('\n'));
}

QString LivePlot::toolTipAt(const QPointF &pos) const
{
    std::size_t c = 0;
    while (c < m_rects.size() &&
           !(m_rects[c]->visible() && m_rects[c]->rect().contains(pos.toPoint())))
        ++c;
    if (c == m_rects.size() || (m_trace.size() == 0 && m_trace.phases().empty()))
        return {};
    const QCPAxis *x = m_rects[c]->axis(QCPAxis::atBottom);
    const double t = x->pixelToCoord(pos.x());
    const double tolerance = std::fabs(x->pixelToCoord(pos.x() + 5) - t);
    QStringList lines;
    lines << tr("%1 since the start (%2 s)")
                 .arg(format::duration(t, true), QLocale().toString(t, 'f', 1));
    const std::size_t i = m_trace.nearest(t);
    if (i < m_trace.size() && std::fabs(m_trace.times()[i] - t) <= std::max(tolerance, 0.15)) {
        lines << tr("P%1 %2 W, U%1 %3 V, I%1 %4 A")
                     .arg(m_element)
                     .arg(format::reading(m_trace.values(Channel::Power)[i]),
                          format::reading(m_trace.values(Channel::Voltage)[i]),
                          format::reading(m_trace.values(Channel::Current)[i]));
    }
    if (const TracePhase *phase = m_trace.phaseAt(t))
        lines << phaseText(*phase);
    const QString flags = flagText(t, tolerance);
    if (!flags.isEmpty())
        lines << flags;
    return lines.join(QLatin1Char('\n'));
}

bool LivePlot::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (!text.isEmpty()) {
            QToolTip::showText(help->globalPos(), text, this);
            return true;
        }
    }
    return QCustomPlot::event(event);
}

} // namespace cipherwatt::gui
