#pragma once

// Internal: what the report's charts share (fonts, axes, a message in an empty chart, the
// language of their own text).

#include <cipherwatt/report/charts.h>

#include <QFont>
#include <QString>

class QCustomPlot;

#include <limits>

namespace cipherwatt::report {

// The resolution the report draws at (pages and chart files alike).
inline constexpr int kDpi = 96;
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QFont chartFont(double points, bool bold = false);
void styleAxes(QCustomPlot &plot);
// A chart's own text, in English or in the installed translation's language.
QString chartText(ChartLanguage language, const char *source);
// A note in the middle of an empty chart.
void chartMessage(QCustomPlot &plot, const QString &text);
// The legend in a row of its own under the axes, its entries side by side.
void legendBelow(QCustomPlot &plot);

} // namespace cipherwatt::report
