#pragma once

// The live trace of one session: every meter update as the view received it (time, the DUT
// element's P, U and I, flags), the phases with their labels, and the running mean of the idle
// baseline. A model without widgets: the view appends to it per update (and does nothing
// else per update); the plot reads it on its refresh timer.

#include <cipherwatt/core/session.h>

#include <QString>
#include <QStringList>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace cipherwatt::gui {

// What the plot draws, one strip each: the DUT element's active power, voltage and current.
enum class Channel : std::uint8_t { Power, Voltage, Current };
inline constexpr int kChannelCount = 3;

inline constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

struct TracePhase
{
    core::PhaseKind kind = core::PhaseKind::Prepare;
    QString label;         // on the plot: "lea-128-xts/custom enc 4 KiB"
    QString mediumLabel;   // when the label does not fit: "lea-128-xts enc"
    QString shortLabel;    // when that does not fit either: "enc"
    QString cipher;        // a run's cipher: its band takes the cipher's tint
    QString detail;        // in tooltips and the status line: "run #3 of 12: …, 4096 B, repeat 2"
    double start = 0.0;    // session seconds
    double end = kNoValue; // NaN while the phase goes on
    double plannedSeconds = 0.0;
    qint64 runId = 0;
    int ordinal = 0;

    bool isOpen() const { return std::isnan(end); }
    // Preparation, pinning and the restore are not shaded: only what is measured is.
    bool shaded() const;
};

// A meter update with one of the flags the plot marks (over range, no data, missed updates
// before it, a duplicate reading).
struct FlaggedUpdate
{
    double t = 0.0;        // end of the update, session seconds
    double interval = 0.1; // s
    std::uint32_t flags = 0;
    std::uint32_t missedBefore = 0;
    double watts = kNoValue;

    // The time a flag marks, as [from, to]: the update's own interval, or for missed updates
    // the intervals of the updates that were missed.
    std::pair<double, double> span(std::uint32_t flag) const;
};

// The readings of one secondary power source on the DUT (a RAPL zone, a fuel gauge, a hwmon
// input), drawn in a strip of its own under the meter's power.
struct SourceTrace
{
    QString resource;
    std::vector<double> t; // session seconds: the end of each reading
    std::vector<double> watts;
};

class LiveTrace
{
public:
    // The flags the plot marks, in the order it lists them.
    static const std::array<std::uint32_t, 4> &markedFlags();

    void clear();

    // One meter update. Duplicates (the same update read twice) are not new measurements:
    // they are kept as flagged updates only, as the analysis and the reports treat them.
    void append(double t, double interval, std::uint32_t flags, std::uint32_t missedBefore,
                double watts, double volts, double amps);

    std::size_t size() const { return m_t.size(); }
    std::size_t updates() const { return m_updates; } // every append, duplicates too
    const std::vector<double> &times() const { return m_t; }
    const std::vector<double> &values(Channel channel) const
    {
        return m_values[static_cast<std::size_t>(channel)];
    }
    const std::vector<std::uint32_t> &pointFlags() const { return m_flags; }
    double firstTime() const { return m_t.empty() ? kNoValue : m_t.front(); }
    double lastTime() const { return m_t.empty() ? kNoValue : m_t.back(); }
    // The session time the trace has reached: the last update, or the start of the last phase.
    double now() const;

    // Points with from <= t <= to, as indices [first, last).
    std::pair<std::size_t, std::size_t> indexRange(double from, double to) const;
    // The finite minimum and maximum of a channel over [from, to]; false when there is none.
    bool valueRange(Channel channel, double from, double to, double &lo, double &hi) const;
    // The point nearest to t; size() when empty.
    std::size_t nearest(double t) const;

    // Phases, in order; starting one ends the one before.
    TracePhase &beginPhase(core::PhaseKind kind, const QString &label, double start,
                           double plannedSeconds);
    void endPhases(double t);
    const std::vector<TracePhase> &phases() const { return m_phases; }
    TracePhase *openPhase();
    const TracePhase *phaseAt(double t) const;
    // A phase's labels changed (a run's name arrives just after its phase began).
    void relabel(TracePhase &phase, const QString &label, const QString &shortLabel,
                 const QString &detail);
    // A run's phase gets its cipher (and with it a tint) and its labels.
    void labelRun(TracePhase &phase, const QString &cipher, const QStringList &labels,
                  const QString &detail);
    // The ciphers of the runs in the order they first appeared: a cipher's place is its tint.
    int cipherIndex(const QString &cipher) const
    {
        return static_cast<int>(m_ciphers.indexOf(cipher));
    }
    // Counts every change of labels, so the plot knows when to take them again.
    std::uint64_t labelRevision() const { return m_labelRevision; }

    // A reading of a secondary power source; a source seen first gets the next strip.
    void appendSource(const QString &resource, double t, double watts);
    const std::vector<SourceTrace> &sources() const { return m_sources; }
    // The finite minimum and maximum of a source's readings over [from, to]; false: none.
    bool sourceRange(std::size_t source, double from, double to, double &lo, double &hi) const;

    const std::vector<FlaggedUpdate> &flagged() const { return m_flagged; }
    int flagCount(std::uint32_t flag) const;

    // The idle baseline: the running mean of the valid updates whose whole interval lies in a
    // baseline phase, until the runner's own result replaces it.
    double baselineMean() const;
    int baselineCount() const { return m_baselineFinal ? m_finalCount : m_baselineCount; }
    bool baselineFinal() const { return m_baselineFinal; }
    void setFinalBaseline(double mean, int count);

private:
    // Minimum and maximum of each channel per block of points, so that fitting the value axis
    // to hours in view does not read every point at every repaint.
    static constexpr std::size_t kBlock = 256;

    std::vector<double> m_t;
    std::array<std::vector<double>, kChannelCount> m_values;
    std::array<std::vector<double>, kChannelCount> m_blockMin;
    std::array<std::vector<double>, kChannelCount> m_blockMax;
    std::vector<std::uint32_t> m_flags;
    std::size_t m_updates = 0;
    std::vector<TracePhase> m_phases;
    QStringList m_ciphers;
    std::uint64_t m_labelRevision = 0;
    std::vector<FlaggedUpdate> m_flagged;
    std::vector<SourceTrace> m_sources;
    std::array<int, 4> m_flagCounts{};
    double m_baselineSum = 0.0;
    int m_baselineCount = 0;
    bool m_baselineFinal = false;
    double m_finalMean = kNoValue;
    int m_finalCount = 0;
};

} // namespace cipherwatt::gui
