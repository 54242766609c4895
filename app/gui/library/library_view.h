#pragma once

// The session library: every stored session in a sortable table with a search field and a
// status filter, and what can be done with them: open one in the live view, rename, edit
// notes and tags, delete (after a confirmation that says what goes with it), export reports
// and CSVs, and compare several.

#include <QList>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTimer;

namespace cipherwatt::gui {

class ExportJob;
class MessageBar;
class SessionFilterModel;
class SessionListModel;
struct ExportChoice;
struct LoadedSessions;

class LibraryView : public QWidget
{
    Q_OBJECT

public:
    explicit LibraryView(QWidget *parent = nullptr);
    ~LibraryView() override;

    // Opens the session database; a database that cannot be used (a newer version, not a
    // CipherWatt file) is reported in the view, which then stays empty.
    void setDatabase(const QString &path);
    // Reads the list again (the window calls it when a session starts or ends; while one is
    // running the view polls on its own).
    void refresh();

    // The selected sessions, in the order shown.
    QList<qint64> selectedIds() const;
    void selectSessions(const QList<qint64> &ids);

    // Writes the chosen files with the progress shown in the view, as Export… does after its
    // dialog.
    void exportSessions(const QList<qint64> &ids, const ExportChoice &choice);
    bool isExporting() const { return m_export != nullptr; }

    SessionListModel *sessionModel() const { return m_model; }
    SessionFilterModel *filterModel() const { return m_filter; }
    QTableView *table() const { return m_table; }
    MessageBar *messageBar() const { return m_message; }

    // The actions (also in the table's context menu).
    void openCurrent();
    void renameCurrent();
    void editNotesAndTags();
    void deleteSelected();
    void exportSelected();
    void compareSelected();

signals:
    void openSession(qint64 id);
    void compareRequested(const QList<qint64> &ids);
    // A session was renamed, edited or deleted here.
    void sessionsChanged();
    void exportFinished(const QStringList &written, const QString &error);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QAction *makeAction(const QString &text, const QString &toolTip, void (LibraryView::*slot)());
    QPushButton *buttonFor(QAction *action);
    void showError(const QString &text);
    void updateActions();
    void updatePlaceholder();
    void fitColumns();
    void confirmDelete(const QList<qint64> &ids, const LoadedSessions &loaded);
    qint64 currentId() const;

    SessionListModel *m_model = nullptr;
    SessionFilterModel *m_filter = nullptr;
    QTableView *m_table = nullptr;
    QLineEdit *m_search = nullptr;
    QComboBox *m_status = nullptr;
    QLabel *m_count = nullptr;
    QLabel *m_placeholder = nullptr;
    MessageBar *m_message = nullptr;
    QTimer *m_poll = nullptr;
    ExportJob *m_export = nullptr;
    bool m_counting = false;
    bool m_databaseError = false;
    QString m_exportFolder;

    QAction *m_open = nullptr;
    QAction *m_rename = nullptr;
    QAction *m_notes = nullptr;
    QAction *m_delete = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_compare = nullptr;
    QAction *m_refresh = nullptr;
};

} // namespace cipherwatt::gui
