#pragma once

// Charts as files for a paper: PNG (300 dpi), SVG or PDF (vector), chosen by the file's suffix,
// at a size in millimetres with the report's fonts, so that a chart pasted into a paper at
// that size reads as the PDFs do. The same drawing as the reports' pages (renderChart).

#include <cipherwatt/core/error.h>

#include <QFont>
#include <QSize>
#include <QString>

#include <functional>

class QCustomPlot;
class QPicture;

namespace cipherwatt::report {

// A single-column figure of a two-column paper is about 85 mm wide, a full-width one 170 mm.
struct ChartSize
{
    double widthMm = 160;
    double heightMm = 95;
};

// The size in the layout's pixels (96 per inch) a chart of `size` is drawn at.
QSize chartPixels(ChartSize size);
// The report's chart font at `points` (DejaVu Sans, NanumGothic for Hangul).
QFont chartFileFont(double points);

// The suffixes saveChart() writes: "png", "svg", "pdf".
bool isChartFile(const QString &path);

// Draws `build` into an off-screen plot of the size and writes it to `path`; the file appears
// whole or not at all.
core::Result<void> saveChart(const std::function<void(QCustomPlot &)> &build, const QString &path,
                             ChartSize size = {});
// Writes a plot that is already drawn, laid out again at the size.
core::Result<void> saveChart(QCustomPlot &plot, const QString &path, ChartSize size = {});

// The plot drawn at `width` x `height` (96 per inch) as vector commands.
void renderChart(QCustomPlot &plot, int width, int height, QPicture &picture);

} // namespace cipherwatt::report
