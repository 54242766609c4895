#pragma once

// The charts of CipherWatt, drawn into a QCustomPlot: the reports render them into PDFs, the
// window shows them live and in its compare view. One piece of code for both.

#include <cipherwatt/core/storage.h>

#include <QColor>
#include <QString>

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

// The DUT element's power over the session, with the phases shaded and labelled. Long traces
// are drawn from min/max envelopes of at most `maxPoints` buckets.
void plotPowerTrace(QCustomPlot &plot, const core::SessionData &session, int maxPoints = 4000);

// Several sessions' power traces overlaid, each shifted so that its first run starts at t = 0.
void plotOverlaidTraces(QCustomPlot &plot, const std::vector<core::SessionData> &sessions,
                        ChartLanguage language = ChartLanguage::English, int maxPoints = 3000);

// A colour per session (or series), distinguishable in print and for colour-blind readers.
QColor seriesColor(int index);
// A light fill per phase kind, for shading.
QColor phaseColor(core::PhaseKind kind);

} // namespace cipherwatt::report
