#pragma once

// Exports for the window (the same writers as the command line): PDF reports of sessions and
// comparisons, and the runs, samples and comparison CSVs. Sessions are read on a worker
// thread, CSVs written there too; a PDF is drawn on the GUI thread (its charts are QCustomPlot
// widgets), one file at a time with the progress shown before each, so the window repaints
// between files.

#include <cipherwatt/core/storage.h>

#include <QList>
#include <QObject>
#include <QStringList>

#include <memory>
#include <vector>

class QTimer;

namespace cipherwatt::gui {

class MessageBar;

struct ExportItem
{
    enum class Kind : std::uint8_t {
        SessionPdf,
        RunsCsv,
        SamplesCsv,
        ComparisonPdf,
        ComparisonCsv
    };
    Kind kind = Kind::RunsCsv;
    QString path;
    qint64 session = 0; // SessionPdf: which session
};

class ExportJob : public QObject
{
    Q_OBJECT

public:
    // Reads the sessions `ids` from `database` first.
    ExportJob(QString database, QList<qint64> ids, QList<ExportItem> items,
              QObject *parent = nullptr);
    // Sessions already read (the compare view has them).
    ExportJob(std::shared_ptr<const std::vector<core::SessionData>> sessions,
              QList<ExportItem> items, QObject *parent = nullptr);

    void start();
    int total() const { return static_cast<int>(m_items.size()); }
    static QString describe(const ExportItem &item);

signals:
    // Before each file: `done` files are written of `total`.
    void progress(int done, int total, const QString &what);
    // Every file written so far, and the reason the export stopped (empty on success).
    void finished(const QStringList &written, const QString &error);

private:
    void setUp();
    void next();
    void writePdf(const ExportItem &item);
    void itemDone(const ExportItem &item, const QString &error);

    QString m_database;
    QList<qint64> m_ids;
    QList<ExportItem> m_items;
    std::shared_ptr<const std::vector<core::SessionData>> m_sessions;
    int m_next = 0;
    QStringList m_written;
    QTimer *m_pdfDelay = nullptr;
};

// An export in a message bar: its progress while it runs, then what was written with "Open"
// and "Open Folder" buttons, or why it stopped.
void showExportIn(MessageBar &bar, const ExportJob &job);

} // namespace cipherwatt::gui
