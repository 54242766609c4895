#pragma once

// The charts of CipherWatt, drawn into a QCustomPlot: the reports render them into PDFs, the
// window shows them live and in its compare view. One piece of code for both.

#include <cipherwatt/core/results.h>
#include <cipherwatt/core/storage.h>

#include <QColor>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

class QCustomPlot;

namespace cipherwatt::report {

// What a bar chart shows per cipher (one group of bars per (cipher, backend, buffer)).
enum class BarMeasure { EnergyPerByte, NetPower };
enum class BarOperation { Encrypt, Decrypt, Total };

// The language of a chart's axis titles and notes: the reports are English; the window asks
// for the language of its installed translation.
enum class ChartLanguage { English, Translated };

// Bars of energy per byte (or net power) per cipher with 95 % error bars, one bar per session
// in each group (grouped bars for comparisons). Total = encryption + decryption (energy per
// byte of the pair; for power, their sum as the paper's figures 4 and 7 add them).
void plotBars(QCustomPlot &plot, const std::vector<core::SessionData> &sessions,
              BarOperation operation, BarMeasure measure = BarMeasure::EnergyPerByte,
              ChartLanguage language = ChartLanguage::English);

// The DUT element's power over the session, with the idle baselines shaded grey and each run
// tinted by its cipher (runTint) and labelled in short form ("aes-128-xts enc 4 KiB", shorter
// where the band is narrow); a legend names the ciphers' tints. Long traces are drawn from
// min/max envelopes of at most `maxPoints` buckets.
void plotPowerTrace(QCustomPlot &plot, const core::SessionData &session, int maxPoints = 4000);
// The caption of that chart, naming what it draws (English).
QString powerTraceCaption(const core::SessionData &session);

// Several sessions' power traces overlaid, each shifted so that its first run starts at t = 0;
// above them one lane per session with its runs tinted by cipher, as in plotPowerTrace.
void plotOverlaidTraces(QCustomPlot &plot, const std::vector<core::SessionData> &sessions,
                        ChartLanguage language = ChartLanguage::English, int maxPoints = 3000);

// An experiment's frequency factor (core::frequencyCurves): energy per byte (with 95 % error
// bars from the mean over repeats) or throughput against the CPU frequency, one line per
// cipher, backend, operation and buffer; each curve's energy-optimal level ringed.
enum class CurveMeasure { EnergyPerByte, Throughput };
void plotFrequencyCurves(QCustomPlot &plot, const core::SessionData &session,
                         CurveMeasure measure = CurveMeasure::EnergyPerByte,
                         ChartLanguage language = ChartLanguage::English);
// Two or more buffer sizes (core::bufferCurves): the same against the buffer size on a
// logarithmic axis, a tick at every size measured, one line per cipher, backend, operation and
// level.
void plotBufferCurves(QCustomPlot &plot, const core::SessionData &session,
                      CurveMeasure measure = CurveMeasure::EnergyPerByte,
                      ChartLanguage language = ChartLanguage::English);

// An experiment factor's effects (core::isaEffects, payloadEffects) as grouped bars: per result,
// energy per byte at the reference level and at the level, side by side with 95 % error bars
// (means over repeats), and above each pair the level's ratio to the reference with its 95 %
// interval (the first paper's NEON on/off comparison).
void plotEffectBars(QCustomPlot &plot, const std::vector<core::FactorEffect> &effects,
                    const QString &reference,
                    const std::function<QString(const core::ResultKey &)> &level,
                    ChartLanguage language = ChartLanguage::English);

// A colour per session (or series), distinguishable in print and for colour-blind readers.
QColor seriesColor(int index);
// A light fill per phase kind, for shading; runs take their cipher's tint instead.
QColor phaseColor(core::PhaseKind kind);
// A pale tint per cipher for run bands (the Okabe-Ito hues, which colour-blind readers tell
// apart, mixed with white); `index` is the cipher's place in cipherOrder().
QColor runTint(int index);
// The ciphers of the sessions' runs in the order they first appear.
QStringList cipherOrder(const std::vector<core::SessionData> &sessions);
// How a session is named in legends and captions: "S12 label".
QString seriesName(const core::SessionData &session);

} // namespace cipherwatt::report
