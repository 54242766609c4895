#pragma once

// The compare view's chart pages. Each draws with the report's own functions
// (report::plotBars, report::plotOverlaidTraces: the same charts as the PDFs) into a fresh
// plot whenever the sessions, its options or the palette change, then recolours it for the
// screen (chart_theme.h).

#include <cipherwatt/core/error.h>
#include <cipherwatt/core/storage.h>
#include <cipherwatt/report/charts.h>

#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QCustomPlot;
class QVBoxLayout;

namespace cipherwatt::gui {

class ChartPage : public QWidget
{
    Q_OBJECT

public:
    void setSessions(std::shared_ptr<const std::vector<core::SessionData>> sessions);
    QCustomPlot *plot() const { return m_plot; }
    // The chart as shown, drawn again for paper into a PNG, SVG or PDF file (its context
    // menu's Save Chart As…).
    core::Result<void> saveChart(const QString &path) const;

protected:
    ChartPage(const QString &note, QWidget *parent);
    // Controls above the chart.
    void addControls(QLayout *controls);
    void redraw();
    virtual void draw(QCustomPlot &plot, const std::vector<core::SessionData> &sessions) = 0;
    // The report's own drawing, without the window's theme.
    virtual void drawForPaper(QCustomPlot &plot,
                              const std::vector<core::SessionData> &sessions) const = 0;
    virtual QString fileBaseName() const = 0;
    void changeEvent(QEvent *event) override;

private:
    std::shared_ptr<const std::vector<core::SessionData>> m_sessions;
    QVBoxLayout *m_layout = nullptr;
    QCustomPlot *m_plot = nullptr;
};

// Bars per cipher as in the paper's figures: encryption, decryption or both; energy per byte or
// net power; one bar per session.
class BarChartPage : public ChartPage
{
    Q_OBJECT

public:
    explicit BarChartPage(QWidget *parent = nullptr);
    void setOperation(report::BarOperation operation);
    void setMeasure(report::BarMeasure measure);

protected:
    void draw(QCustomPlot &plot, const std::vector<core::SessionData> &sessions) override;
    void drawForPaper(QCustomPlot &plot,
                      const std::vector<core::SessionData> &sessions) const override;
    QString fileBaseName() const override;

private:
    QComboBox *m_operation = nullptr;
    QComboBox *m_measure = nullptr;
};

// The sessions' power traces overlaid, aligned at each one's first run; pan and zoom in time.
class TraceChartPage : public ChartPage
{
    Q_OBJECT

public:
    explicit TraceChartPage(QWidget *parent = nullptr);

protected:
    void draw(QCustomPlot &plot, const std::vector<core::SessionData> &sessions) override;
    void drawForPaper(QCustomPlot &plot,
                      const std::vector<core::SessionData> &sessions) const override;
    QString fileBaseName() const override;
};

} // namespace cipherwatt::gui
