#pragma once

// The library's dialogs: notes and tags of a session, and what to export where.

#include <cipherwatt/core/storage.h>

#include <QDialog>
#include <QList>

class QCheckBox;
class QGridLayout;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace cipherwatt::gui {

class NotesTagsDialog : public QDialog
{
    Q_OBJECT

public:
    NotesTagsDialog(const core::SessionSummary &session, const QStringList &tagsInUse,
                    QWidget *parent = nullptr);

    QString notes() const;
    // Split at commas, trimmed, empty ones dropped.
    QStringList tags() const;

private:
    QPlainTextEdit *m_notes = nullptr;
    QLineEdit *m_tags = nullptr;
};

// The files an export writes; an empty path means "not wanted".
struct ExportChoice
{
    QString pdf; // with several sessions, one report each: "report-12.pdf", "report-13.pdf"
    QString runsCsv;
    QString samplesCsv;
};

class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    ExportDialog(const QList<core::SessionSummary> &sessions, const QString &folder,
                 QWidget *parent = nullptr);

    ExportChoice choice() const;
    // `path` for one session; `path` with "-<id>" before the suffix for several.
    static QString perSessionPath(const QString &path, qint64 id, bool several);

    void accept() override;

private:
    struct Row
    {
        QCheckBox *check = nullptr;
        QLineEdit *path = nullptr;
        QPushButton *browse = nullptr;
    };
    Row addRow(const QString &name, const QString &text, const QString &toolTip,
               const QString &path, const QString &filter, bool checked);
    void updateState();
    QStringList targets() const;

    QList<qint64> m_ids;
    Row m_pdf;
    Row m_runs;
    Row m_samples;
    QPushButton *m_export = nullptr;
    QGridLayout *m_grid = nullptr;
};

} // namespace cipherwatt::gui
