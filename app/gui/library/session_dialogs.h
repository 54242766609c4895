#pragma once

// The library's dialogs: notes and tags of a session, what to export where, the confirmation
// before deleting, and a lab database's password.

#include <cipherwatt/core/database.h>
#include <cipherwatt/core/storage.h>

#include <QCoreApplication>
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

// Asked when a lab database refused the connection (its server's reason shown): the password of
// its role. Nothing is stored: the caller hands it to core::rememberDatabasePassword(), which keeps
// it in this process's memory until CipherWatt quits.
class DatabasePasswordDialog : public QDialog
{
    Q_OBJECT

public:
    DatabasePasswordDialog(const core::DatabaseLocation &location, const QString &reason,
                           QWidget *parent = nullptr);

    QString password() const;

private:
    QLineEdit *m_password = nullptr;
};

// Asks before deleting, naming each session with the runs and meter updates that go with it;
// Cancel is the default. True when the operator chose Delete.
bool confirmDeletion(const std::vector<core::SessionData> &sessions, QWidget *parent);

// The translation context of the confirmation's texts.
class DeleteConfirmation
{
    Q_DECLARE_TR_FUNCTIONS(cipherwatt::gui::DeleteConfirmation)
};

} // namespace cipherwatt::gui
