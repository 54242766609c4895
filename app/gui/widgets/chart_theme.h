#pragma once

// The report's charts (report::plotBars, report::plotOverlaidTraces: one piece of code for
// the window and the PDFs) are drawn for paper. On screen they take the palette's background
// and text colours and the window's font; the data series keep their colours, which read on
// light and dark backgrounds.

class QCustomPlot;
class QFont;
class QPalette;
class QString;

namespace cipherwatt::gui {

void applyChartTheme(QCustomPlot &plot, const QPalette &palette, const QFont &font);
// A title above the plot, in the theme's colours.
void addChartTitle(QCustomPlot &plot, const QString &title, const QFont &font);

} // namespace cipherwatt::gui
