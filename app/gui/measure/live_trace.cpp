#include "measure/live_trace.h"

#include <cipherwatt/instruments/measurement.h>

#include <algorithm>
#include <cmath>

namespace cipherwatt::gui {

using core::PhaseKind;
namespace SampleFlag = instruments::SampleFlag;

bool TracePhase::shaded() const
{
    return kind != PhaseKind::Prepare && kind != PhaseKind::Pin && kind != PhaseKind::Restore;
}

std::pair<double, double> FlaggedUpdate::span(std::uint32_t flag) const
{
    if (flag == SampleFlag::Gap)
        return {t - interval * (missedBefore + 1), t - interval};
    return {t - interval, t};
}

const std::array<std::uint32_t, 4> &LiveTrace::markedFlags()
{
    static const std::array<std::uint32_t, 4> flags{SampleFlag::OverRange, SampleFlag::NoData,
                                                    SampleFlag::Gap, SampleFlag::Duplicate};
    return flags;
}

void LiveTrace::clear()
{
    *this = LiveTrace();
}

void LiveTrace::append(double t, double interval, std::uint32_t flags, std::uint32_t missedBefore,
                       double watts, double volts, double amps)
{
    ++m_updates;
    const std::array<std::uint32_t, 4> &marked = markedFlags();
    if ((flags & (marked[0] | marked[1] | marked[2] | marked[3])) != 0) {
        m_flagged.push_back({t, interval, flags, missedBefore, watts});
        for (std::size_t k = 0; k < marked.size(); ++k) {
            if ((flags & marked[k]) != 0)
                ++m_flagCounts[k];
        }
    }
    if ((flags & SampleFlag::Duplicate) != 0)
        return;
    const std::size_t block = m_t.size() / kBlock;
    m_t.push_back(t);
    m_flags.push_back(flags);
    const std::array<double, kChannelCount> values{watts, volts, amps};
    for (std::size_t c = 0; c < values.size(); ++c) {
        m_values[c].push_back(values[c]);
        if (m_blockMin[c].size() == block) {
            m_blockMin[c].push_back(std::numeric_limits<double>::infinity());
            m_blockMax[c].push_back(-std::numeric_limits<double>::infinity());
        }
        // A NaN compares false, so std::min and std::max never take it.
        m_blockMin[c][block] = std::min(m_blockMin[c][block], values[c]);
        m_blockMax[c][block] = std::max(m_blockMax[c][block], values[c]);
    }
    // The whole update inside a baseline phase, as the analysis counts it.
    if (!m_baselineFinal && std::isfinite(watts) && !m_phases.empty()) {
        const TracePhase &phase = m_phases.back();
        if (phase.kind == PhaseKind::Baseline && t - interval >= phase.start - 1e-9) {
            m_baselineSum += watts;
            ++m_baselineCount;
        }
    }
}

double LiveTrace::now() const
{
    const double last = lastTime();
    if (m_phases.empty())
        return std::isfinite(last) ? last : 0.0;
    return std::isfinite(last) ? std::max(last, m_phases.back().start) : m_phases.back().start;
}

std::pair<std::size_t, std::size_t> LiveTrace::indexRange(double from, double to) const
{
    const auto first = std::lower_bound(m_t.begin(), m_t.end(), from);
    const auto last = std::upper_bound(first, m_t.end(), to);
    return {static_cast<std::size_t>(first - m_t.begin()),
            static_cast<std::size_t>(last - m_t.begin())};
}

bool LiveTrace::valueRange(Channel channel, double from, double to, double &lo, double &hi) const
{
    const auto [first, last] = indexRange(from, to);
    const auto c = static_cast<std::size_t>(channel);
    const std::vector<double> &v = m_values[c];
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    // A NaN (no data, over range) compares false, so std::min and std::max never take it.
    const auto take = [&](std::size_t i) {
        lo = std::min(lo, v[i]);
        hi = std::max(hi, v[i]);
    };
    std::size_t i = first;
    for (; i < last && i % kBlock != 0; ++i)
        take(i);
    for (; i + kBlock <= last; i += kBlock) {
        lo = std::min(lo, m_blockMin[c][i / kBlock]);
        hi = std::max(hi, m_blockMax[c][i / kBlock]);
    }
    for (; i < last; ++i)
        take(i);
    return std::isfinite(lo) && std::isfinite(hi);
}

void LiveTrace::appendSource(const QString &resource, double t, double watts)
{
    auto it = std::find_if(m_sources.begin(), m_sources.end(),
                           [&](const SourceTrace &s) { return s.resource == resource; });
    if (it == m_sources.end()) {
        m_sources.push_back({resource, {}, {}});
        it = m_sources.end() - 1;
    }
    it->t.push_back(t);
    it->watts.push_back(watts);
}

bool LiveTrace::sourceRange(std::size_t source, double from, double to, double &lo,
                            double &hi) const
{
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    if (source >= m_sources.size())
        return false;
    // A reading every 0.1 s at most: a plain scan of what is in view.
    const SourceTrace &s = m_sources[source];
    const auto first = std::lower_bound(s.t.begin(), s.t.end(), from) - s.t.begin();
    const auto last = std::upper_bound(s.t.begin(), s.t.end(), to) - s.t.begin();
    for (auto i = first; i < last; ++i) {
        const double v = s.watts[static_cast<std::size_t>(i)];
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    return std::isfinite(lo) && std::isfinite(hi);
}

std::size_t LiveTrace::nearest(double t) const
{
    if (m_t.empty())
        return 0;
    const auto it = std::lower_bound(m_t.begin(), m_t.end(), t);
    if (it == m_t.end())
        return m_t.size() - 1;
    if (it == m_t.begin())
        return 0;
    const auto i = static_cast<std::size_t>(it - m_t.begin());
    return t - m_t[i - 1] <= m_t[i] - t ? i - 1 : i;
}

TracePhase &LiveTrace::beginPhase(PhaseKind kind, const QString &label, double start,
                                  double plannedSeconds)
{
    endPhases(start);
    TracePhase phase;
    phase.kind = kind;
    phase.label = label;
    phase.mediumLabel = label;
    phase.shortLabel = label;
    phase.detail = label;
    phase.start = start;
    phase.plannedSeconds = plannedSeconds;
    m_phases.push_back(phase);
    ++m_labelRevision;
    return m_phases.back();
}

void LiveTrace::endPhases(double t)
{
    if (!m_phases.empty() && m_phases.back().isOpen())
        m_phases.back().end = std::max(t, m_phases.back().start);
}

TracePhase *LiveTrace::openPhase()
{
    if (m_phases.empty() || !m_phases.back().isOpen())
        return nullptr;
    return &m_phases.back();
}

const TracePhase *LiveTrace::phaseAt(double t) const
{
    // The phase in force when an update ended: the last one that started at or before it.
    const auto it = std::upper_bound(m_phases.begin(), m_phases.end(), t,
                                     [](double v, const TracePhase &p) { return v < p.start; });
    if (it == m_phases.begin())
        return nullptr;
    const TracePhase &phase = *(it - 1);
    if (!phase.isOpen() && t > phase.end + 1e-9)
        return nullptr;
    return &phase;
}

void LiveTrace::relabel(TracePhase &phase, const QString &label, const QString &shortLabel,
                        const QString &detail)
{
    phase.label = label;
    phase.mediumLabel = label;
    phase.shortLabel = shortLabel;
    phase.detail = detail;
    ++m_labelRevision;
}

void LiveTrace::labelRun(TracePhase &phase, const QString &cipher, const QStringList &labels,
                         const QString &detail)
{
    if (!cipher.isEmpty() && !m_ciphers.contains(cipher))
        m_ciphers << cipher;
    phase.cipher = cipher;
    phase.label = labels.value(0);
    phase.mediumLabel = labels.value(1, phase.label);
    phase.shortLabel = labels.value(2, phase.mediumLabel);
    phase.detail = detail;
    ++m_labelRevision;
}

int LiveTrace::flagCount(std::uint32_t flag) const
{
    const std::array<std::uint32_t, 4> &marked = markedFlags();
    const auto it = std::find(marked.begin(), marked.end(), flag);
    return it == marked.end() ? 0 : m_flagCounts[static_cast<std::size_t>(it - marked.begin())];
}

double LiveTrace::baselineMean() const
{
    if (m_baselineFinal)
        return m_finalMean;
    return m_baselineCount > 0 ? m_baselineSum / m_baselineCount : kNoValue;
}

void LiveTrace::setFinalBaseline(double mean, int count)
{
    m_baselineFinal = true;
    m_finalMean = mean;
    m_finalCount = count;
}

} // namespace cipherwatt::gui
