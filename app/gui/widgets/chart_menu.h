#pragma once

// Every chart of the window saves itself for a paper from its context menu: "Save Chart As…"
// asks for a PNG, SVG or PDF file and writes the chart at the reports' size and fonts
// (report::saveChart), drawn again on white, whatever the window's theme.

#include <cipherwatt/core/error.h>

#include <QString>

#include <functional>

class QCustomPlot;
class QMenu;
class QWidget;

namespace cipherwatt::gui {

// Writes the chart to a file (the suffix says which kind).
using ChartSaver = std::function<core::Result<void>(const QString &path)>;

// Gives `plot` a context menu with "Save Chart As…"; `baseName` suggests the file's name.
// Errors are shown in a message box.
void addChartMenu(QCustomPlot *plot, ChartSaver save, std::function<QString()> baseName);
// The menu addChartMenu() shows (tests look into it).
QMenu *chartMenu(QCustomPlot *plot);
// Asks where to save (the last folder used, PNG first) and saves; false when cancelled or
// failed.
bool saveChartWithDialog(QWidget *parent, const ChartSaver &save, const QString &baseName);

} // namespace cipherwatt::gui
