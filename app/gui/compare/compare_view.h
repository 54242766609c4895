#pragma once

// Two or more sessions compared: the results side by side with the differences from the first
// session, the bar charts of the paper's figures (encryption, decryption, total; energy per
// byte or net power) and the power traces overlaid at the first run's start, drawn by the
// report's own chart functions; exports of the comparison as PDF and CSV.

#include <cipherwatt/core/storage.h>
#include <cipherwatt/report/charts.h>

#include <QList>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;
class QTabWidget;
class QTableView;

namespace cipherwatt::gui {

class BarChartPage;
class ComparisonModel;
class ExportJob;
class IntervalDelegate;
class MessageBar;
class SessionFilterModel;
class SessionListModel;
class TraceChartPage;
struct LoadedSessions;

class CompareView : public QWidget
{
    Q_OBJECT

public:
    explicit CompareView(QWidget *parent = nullptr);
    ~CompareView() override;

    void setDatabase(const QString &path);
    // The sessions to compare, the first being the reference the differences are taken from.
    void setSessions(const QList<qint64> &ids);
    QList<qint64> sessions() const;
    // Reads the session list again (the picker); the comparison stays.
    void refresh();

    // True once the sessions asked for are read and shown.
    bool isLoaded() const;
    // Shows the comparison again in the units the settings ask for (throughput).
    void refreshUnits();

    void setBarOperation(report::BarOperation operation);
    void setBarMeasure(report::BarMeasure measure);

    // Writes the comparison (an empty path: that file is not wanted), as the Export buttons do
    // after their file dialogs.
    void exportComparison(const QString &pdf, const QString &csv);
    // Asks for the file (PDF or CSV) and writes the comparison there (the Export buttons, and
    // the window's Export action on this page).
    void exportWithDialog(bool pdf);
    bool isExporting() const { return m_export != nullptr; }

    ComparisonModel *comparisonModel() const { return m_model; }
    QTableView *table() const { return m_table; }
    QCustomPlot *barChart() const;
    QCustomPlot *traceChart() const;
    QTabWidget *tabs() const { return m_tabs; }
    MessageBar *messageBar() const { return m_message; }

signals:
    // The comparison of sessions() is read and drawn.
    void comparisonLoaded();
    void exportFinished(const QStringList &written, const QString &error);

private:
    QWidget *createPicker();
    void pickerSelectionChanged();
    void selectInPicker();
    void setCompared(const QList<qint64> &ids);
    QWidget *createResults();
    void load();
    void loaded(const LoadedSessions &result);
    void showComparison();
    void updateReference();
    void updateState();
    QString defaultExportPath(const QString &suffix) const;

    QString m_database;
    QList<qint64> m_ids; // compared, reference first
    std::shared_ptr<const std::vector<core::SessionData>> m_data;
    quint64 m_generation = 0;
    bool m_loading = false;
    bool m_syncing = false; // the picker's selection is being set from m_ids
    QString m_exportFolder;

    SessionListModel *m_sessions = nullptr;
    SessionFilterModel *m_filter = nullptr;
    ComparisonModel *m_model = nullptr;
    QTableView *m_picker = nullptr;
    QLineEdit *m_search = nullptr;
    QComboBox *m_reference = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_simulated = nullptr;
    QPushButton *m_exportPdf = nullptr;
    QPushButton *m_exportCsv = nullptr;
    MessageBar *m_message = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_empty = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTableView *m_table = nullptr;
    IntervalDelegate *m_delegate = nullptr;
    BarChartPage *m_bars = nullptr;
    TraceChartPage *m_traces = nullptr;
    ExportJob *m_export = nullptr;
};

} // namespace cipherwatt::gui
