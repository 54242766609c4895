#pragma once

// The CipherWatt window: three pages (Measure, Library, Compare) over one session database.
// Measure holds the connections and the session set-up beside the live view; Start (with the
// number of runs and an estimate of the session's length beside it), Cancel, Export and Compare
// are actions with shortcuts in the tool bar and the menus. The window fits the screen it opens
// on; layout, the last page and the database are remembered (QSettings); a session still
// running when the window closes is cancelled only after the operator agrees, and the governor
// is restored before the window goes.

#include <cipherwatt/core/database.h>
#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/ssh.h>

#include <QMainWindow>
#include <QPointer>

class QAction;
class QActionGroup;
class QLabel;
class QScrollArea;
class QSplitter;
class QTabWidget;

namespace cipherwatt::gui {

class CompareView;
class ConnectionPanel;
class LibraryView;
class LiveView;
class SessionController;
class SetupPanel;

struct MainWindowOptions
{
    QString databasePath;                 // empty: the remembered one, else Storage::defaultPath()
    core::LocalWorkerOptions localWorker; // the local worker (program, sysfs root for tests)
    core::SshOptions sshBase;             // what SSH DUTs start from (known_hosts files, ...)
};

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    enum class Page : std::uint8_t { Measure, Library, Compare };

    explicit MainWindow(const MainWindowOptions &options = {}, QWidget *parent = nullptr);
    ~MainWindow() override;

    QString databasePath() const { return m_database; }
    void setDatabase(const QString &path);

    Page page() const;
    void showPage(Page page);

    // Starts a session from the set-up on screen; false (with the reason shown next to the
    // field or in the window) when something is missing or wrong.
    bool startSession();
    // Asks for confirmation (unless `confirm` is false), then cancels the running session.
    void cancelSession(bool confirm = true);
    bool isRunning() const;

    // Opens a stored session in the live view, as it looked when it ended.
    void openSession(qint64 id);
    void compareSessions(const QList<qint64> &ids);

    ConnectionPanel *connectionPanel() const { return m_connection; }
    SetupPanel *setupPanel() const { return m_setup; }
    LiveView *liveView() const { return m_live; }
    LibraryView *libraryView() const { return m_library; }
    CompareView *compareView() const { return m_compare; }
    SessionController *controller() const { return m_controller; }
    QAction *startAction() const { return m_start; }
    QAction *cancelAction() const { return m_cancel; }
    QAction *exportAction() const { return m_export; }
    QAction *compareAction() const { return m_compareAction; }
    QAction *paperThroughputAction() const { return m_paperThroughput; }
    // "12 runs · about 6 min" beside Start.
    QString estimateText() const;
    // The size the window takes on `available` (a screen's available geometry) when nothing
    // is remembered: what fits, at most 1440 x 900.
    static QSize fittedSize(const QSize &available);

signals:
    // A session this window started has ended (tests wait on it).
    void sessionFinished(core::SessionStatus status, const QString &reason);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildActions();
    void buildMenus();
    void buildPages();
    void buildStatusBar();
    void connectController();
    void updateActions();
    void exportCurrent();
    void chooseDatabase();
    void chooseLabDatabase();
    void connectLabDatabase(const core::DatabaseLocation &location);
    void showAbout();
    void setLanguage(const QString &code);
    void onFinished(core::SessionStatus status, const QString &reason);
    void showMessage(const QString &text, int timeoutMs = 0);
    void restoreLayout();
    void saveLayout() const;
    void updateEstimate();
    // The set-up on the form with the connections' meter and DUT.
    core::SessionSettings currentSettings() const;
    void previewSetup();
    void setPaperThroughput(bool on);

    MainWindowOptions m_options;
    QString m_database;
    bool m_closeAfterCancel = false;
    bool m_startAfterProbe = false; // Start waits for Probe to let the meter go

    QTabWidget *m_pages = nullptr;
    QSplitter *m_measureSplitter = nullptr;
    QScrollArea *m_setupScroll = nullptr;
    ConnectionPanel *m_connection = nullptr;
    SetupPanel *m_setup = nullptr;
    LiveView *m_live = nullptr;
    LibraryView *m_library = nullptr;
    CompareView *m_compare = nullptr;
    SessionController *m_controller = nullptr;

    QAction *m_start = nullptr;
    QAction *m_cancel = nullptr;
    QAction *m_export = nullptr;
    QAction *m_compareAction = nullptr;
    QAction *m_openDatabase = nullptr;
    QAction *m_labDatabase = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_paperThroughput = nullptr;
    QLabel *m_estimate = nullptr;
    QActionGroup *m_languages = nullptr;

    QLabel *m_sessionState = nullptr;
    QLabel *m_simulatedBadge = nullptr;
    QLabel *m_databaseLabel = nullptr;
};

} // namespace cipherwatt::gui
