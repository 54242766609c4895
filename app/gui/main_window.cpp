#include "main_window.h"

#include "compare/compare_view.h"
#include "display_format.h"
#include "icons.h"
#include "library/library_view.h"
#include "library/session_dialogs.h"
#include "library/session_list_model.h"
#include "library/session_loader.h"
#include "measure/connection_panel.h"
#include "measure/live_view.h"
#include "measure/meter_form.h"
#include "measure/results_model.h"
#include "measure/session_controller.h"
#include "measure/setup_panel.h"
#include "widgets/message_bar.h"

#include <cipherwatt/core/estimate.h>
#include <cipherwatt/core/format.h>
#include <cipherwatt/core/storage.h>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

namespace cipherwatt::gui {

namespace {

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kSplitterKey = QStringLiteral("window/measureSplitter");
const QString kPageKey = QStringLiteral("window/page");
const QString kDatabaseKey = QStringLiteral("session/database");

} // namespace

MainWindow::MainWindow(const MainWindowOptions &options, QWidget *parent)
    : QMainWindow(parent)
    , m_options(options)
    , m_controller(new SessionController(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(QStringLiteral("CipherWatt"));
    setWindowIcon(applicationIcon());
    buildActions();
    buildPages();
    buildMenus();
    buildStatusBar();
    connectController();

    QString database = options.databasePath;
    if (database.isEmpty())
        database = QSettings().value(kDatabaseKey).toString();
    if (database.isEmpty())
        database = core::Storage::defaultPath();
    setDatabase(database);
    restoreLayout();
    updateActions();
    updateEstimate();
    previewSetup();
}

MainWindow::~MainWindow()
{
    // The pages emit as they are taken down (the tab widget's current page changes); this
    // window's slots must not see that half-destroyed state.
    for (QObject *sender : std::initializer_list<QObject *>{m_pages, m_setup, m_connection,
                                                            m_library, m_compare, m_controller})
        sender->disconnect(this);
}

void MainWindow::buildActions()
{
    m_start =
        new QAction(actionIcon(QStringLiteral("start"), palette()), tr("&Start Session"), this);
    m_start->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_R), QKeySequence(Qt::Key_F5)});
    m_start->setToolTip(tr("Start a session with the connections and set-up on the Measure page "
                           "(Ctrl+R, F5)"));
    connect(m_start, &QAction::triggered, this, [this] { startSession(); });

    m_cancel =
        new QAction(actionIcon(QStringLiteral("stop"), palette()), tr("&Cancel Session"), this);
    m_cancel->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_cancel->setToolTip(tr("Stop the running session after a confirmation; what was measured "
                            "is kept and the governor is restored (Ctrl+.)"));
    connect(m_cancel, &QAction::triggered, this, [this] { cancelSession(); });

    m_export = new QAction(actionIcon(QStringLiteral("export"), palette()), tr("&Export…"), this);
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_export->setToolTip(tr("Write PDF and CSV reports of the session shown, the sessions "
                            "selected in the library, or the comparison (Ctrl+E)"));
    connect(m_export, &QAction::triggered, this, &MainWindow::exportCurrent);

    m_compareAction = new QAction(actionIcon(QStringLiteral("compare"), palette()),
                                  tr("Co&mpare Selected"), this);
    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    m_compareAction->setToolTip(
        tr("Compare the sessions selected in the library side by side (Ctrl+Shift+M)"));
    connect(m_compareAction, &QAction::triggered, this, [this] {
        showPage(Page::Library);
        m_library->compareSelected();
    });

    m_openDatabase =
        new QAction(actionIcon(QStringLiteral("library"), palette()), tr("Open &Database…"), this);
    m_openDatabase->setShortcut(QKeySequence::Open);
    m_openDatabase->setToolTip(tr("Use another session database file"));
    connect(m_openDatabase, &QAction::triggered, this, &MainWindow::chooseDatabase);
    m_labDatabase = new QAction(tr("Connect to &Lab Database…"), this);
    m_labDatabase->setToolTip(
        tr("Use a shared PostgreSQL database (postgresql://user@host/database)"));
    connect(m_labDatabase, &QAction::triggered, this, &MainWindow::chooseLabDatabase);

    m_quit = new QAction(tr("&Quit"), this);
    m_quit->setShortcut(QKeySequence::Quit);
    m_quit->setMenuRole(QAction::QuitRole);
    connect(m_quit, &QAction::triggered, this, &QWidget::close);
}

void MainWindow::buildPages()
{
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(QStringLiteral("pages"));
    m_pages->setDocumentMode(true);

    // Measure: the connections and the set-up in a scrolling column beside the live view.
    m_connection = new ConnectionPanel;
    m_connection->setLocalWorker(m_options.localWorker);
    m_connection->setSshBase(m_options.sshBase);
    m_setup = new SetupPanel;
    auto *column = new QWidget;
    auto *columnLayout = new QVBoxLayout(column);
    columnLayout->addWidget(m_connection);
    columnLayout->addWidget(m_setup);
    columnLayout->addStretch(1);
    m_setupScroll = new QScrollArea;
    m_setupScroll->setWidget(column);
    m_setupScroll->setWidgetResizable(true);
    m_setupScroll->setFrameShape(QFrame::NoFrame);
    m_setupScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_setupScroll->setMinimumWidth(column->sizeHint().width() +
                                   m_setupScroll->verticalScrollBar()->sizeHint().width());
    m_live = new LiveView;
    m_live->attach(m_controller);
    m_measureSplitter = new QSplitter(Qt::Horizontal);
    m_measureSplitter->setObjectName(QStringLiteral("measureSplitter"));
    m_measureSplitter->addWidget(m_setupScroll);
    m_measureSplitter->addWidget(m_live);
    m_measureSplitter->setStretchFactor(0, 0);
    m_measureSplitter->setStretchFactor(1, 1);
    m_measureSplitter->setChildrenCollapsible(false);

    m_library = new LibraryView;
    m_compare = new CompareView;

    m_pages->addTab(m_measureSplitter, actionIcon(QStringLiteral("measure"), palette()),
                    tr("Measure"));
    m_pages->addTab(m_library, actionIcon(QStringLiteral("library"), palette()), tr("Library"));
    m_pages->addTab(m_compare, actionIcon(QStringLiteral("compare"), palette()), tr("Compare"));
    m_pages->setTabToolTip(0, tr("Connect the meter and the DUT, set up a session, watch it live"));
    m_pages->setTabToolTip(1, tr("Every stored session: open, rename, tag, delete, export"));
    m_pages->setTabToolTip(2, tr("Two or more sessions side by side"));
    setCentralWidget(m_pages);
    connect(m_pages, &QTabWidget::currentChanged, this, &MainWindow::updateActions);

    connect(m_connection, &ConnectionPanel::catalogueChanged, m_setup, &SetupPanel::setCatalogue);
    connect(m_setup, &SetupPanel::changed, this, &MainWindow::updateActions);
    connect(m_setup, &SetupPanel::changed, this, &MainWindow::updateEstimate);
    connect(m_setup, &SetupPanel::changed, this, &MainWindow::previewSetup);
    connect(m_connection, &ConnectionPanel::changed, this, &MainWindow::previewSetup);
    connect(m_setup, &SetupPanel::storedLeft, this, [this] {
        if (!isRunning())
            m_live->showPreview(currentSettings());
    });
    m_setup->setLabelLookup(
        [this](const QString &label) { return m_library->sessionModel()->withLabel(label); });
    // Probe streams into the live view's tiles and plot while no session runs.
    MeterForm *meter = m_connection->meterForm();
    connect(meter, &MeterForm::monitorStarted, m_live, &LiveView::beginMonitor);
    connect(meter, &MeterForm::monitorSample, m_live, &LiveView::onMonitorSample);
    connect(meter, &MeterForm::monitorStopped, this, [this] {
        m_live->endMonitor();
        if (std::exchange(m_startAfterProbe, false))
            startSession();
    });
    connect(m_library, &LibraryView::openSession, this, &MainWindow::openSession);
    connect(m_library, &LibraryView::compareRequested, this, &MainWindow::compareSessions);
    connect(m_library, &LibraryView::sessionsChanged, m_compare, &CompareView::refresh);
    m_connection->restore();
    m_setup->restore();
    m_connection->loadCatalogue();

    auto *tools = addToolBar(tr("Session"));
    tools->setObjectName(QStringLiteral("sessionToolBar"));
    tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tools->setMovable(false);
    tools->addAction(m_start);
    m_estimate = new QLabel(tools);
    m_estimate->setObjectName(QStringLiteral("planEstimate"));
    m_estimate->setContentsMargins(4, 0, 12, 0);
    m_estimate->setForegroundRole(QPalette::PlaceholderText);
    m_estimate->setToolTip(tr("The runs the plan makes and about how long the session takes: "
                              "baselines, runs, settling and pilot runs, counted as the session's "
                              "progress counts them"));
    tools->addWidget(m_estimate);
    tools->addAction(m_cancel);
    tools->addSeparator();
    tools->addAction(m_export);
    tools->addAction(m_compareAction);
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openDatabase);
    file->addAction(m_labDatabase);
    file->addAction(m_export);
    file->addSeparator();
    file->addAction(m_quit);

    QMenu *session = menuBar()->addMenu(tr("&Session"));
    session->addAction(m_start);
    session->addAction(m_cancel);
    session->addSeparator();
    session->addAction(m_compareAction);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    const std::pair<Page, QString> pages[] = {{Page::Measure, tr("&Measure")},
                                              {Page::Library, tr("&Library")},
                                              {Page::Compare, tr("&Compare")}};
    int key = Qt::Key_1;
    for (const auto &[page, text] : pages) {
        QAction *action = view->addAction(text);
        action->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(key++)));
        connect(action, &QAction::triggered, this, [this, p = page] { showPage(p); });
    }

    QMenu *settings = menuBar()->addMenu(tr("Se&ttings"));
    m_paperThroughput = settings->addAction(tr("Throughput in the Paper's &KB/s"));
    m_paperThroughput->setObjectName(QStringLiteral("paperThroughput"));
    m_paperThroughput->setCheckable(true);
    m_paperThroughput->setChecked(DisplayFormat::throughputUnit() ==
                                  core::format::ThroughputUnit::PaperKilobytes);
    m_paperThroughput->setToolTip(tr("Show throughput as the first paper's tables do, in KB/s "
                                     "with KB = 1000 B, instead of MB/s or GB/s"));
    connect(m_paperThroughput, &QAction::toggled, this, &MainWindow::setPaperThroughput);
    QMenu *language = settings->addMenu(tr("&Language"));
    language->setToolTip(tr("The language of the window; it changes when CipherWatt starts "
                            "again"));
    m_languages = new QActionGroup(this);
    const QString current = QSettings().value(QStringLiteral("ui/language")).toString();
    const std::pair<QString, QString> languages[] = {
        {QString(), tr("System Default")},
        {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("ko"), QStringLiteral("한국어")}};
    for (const auto &[code, name] : languages) {
        QAction *action = language->addAction(name);
        action->setCheckable(true);
        action->setChecked(code == current);
        action->setData(code);
        m_languages->addAction(action);
        connect(action, &QAction::triggered, this, [this, c = code] { setLanguage(c); });
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About CipherWatt"));
    about->setMenuRole(QAction::AboutRole);
    connect(about, &QAction::triggered, this, &MainWindow::showAbout);
    QAction *aboutQt = help->addAction(tr("About &Qt"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
    connect(aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::buildStatusBar()
{
    m_sessionState = new QLabel(tr("Ready"));
    m_sessionState->setObjectName(QStringLiteral("sessionState"));
    m_simulatedBadge = new QLabel;
    m_simulatedBadge->setObjectName(QStringLiteral("simulatedBadge"));
    m_simulatedBadge->setText(
        QStringLiteral("<img src=\":/icons/simulated.svg\" width=\"14\" height=\"14\"> %1")
            .arg(tr("Simulated meter").toHtmlEscaped()));
    m_simulatedBadge->setToolTip(tr("The meter is the simulator: everything measured is marked "
                                    "as simulated"));
    m_simulatedBadge->setVisible(false);
    m_databaseLabel = new QLabel;
    m_databaseLabel->setObjectName(QStringLiteral("databaseLabel"));
    statusBar()->addWidget(m_sessionState, 1);
    statusBar()->addPermanentWidget(m_simulatedBadge);
    statusBar()->addPermanentWidget(m_databaseLabel);
}

void MainWindow::connectController()
{
    connect(m_controller, &SessionController::prepared, this,
            [this](const core::MeterSetup &meter, const core::DutSetup &, int plannedRuns) {
                m_simulatedBadge->setVisible(meter.identity.simulated);
                m_sessionState->setText(tr("Running: %n run(s) planned", nullptr, plannedRuns));
            });
    connect(m_controller, &SessionController::sessionCreated, this,
            [this](qint64) { m_library->refresh(); });
    connect(m_controller, &SessionController::finished, this, &MainWindow::onFinished);
}

void MainWindow::setDatabase(const QString &path)
{
    m_database = path;
    QSettings().setValue(kDatabaseKey, path);
    const auto location = core::parseDatabase(path);
    if (location && location->isPostgres())
        connectLabDatabase(*location);
    m_library->setDatabase(path);
    m_compare->setDatabase(path);
    // A lab database by its name and server (its URI holds no password), a file by its name.
    m_databaseLabel->setText(
        location && location->isPostgres()
            ? QStringLiteral("%1@%2").arg(location->database, location->host.isEmpty()
                                                                  ? QStringLiteral("localhost")
                                                                  : location->host)
            : QFileInfo(path).fileName());
    m_databaseLabel->setToolTip(tr("Session database: %1").arg(QDir::toNativeSeparators(path)));
}

MainWindow::Page MainWindow::page() const
{
    return static_cast<Page>(m_pages->currentIndex());
}

void MainWindow::showPage(Page page)
{
    m_pages->setCurrentIndex(static_cast<int>(page));
}

bool MainWindow::isRunning() const
{
    return m_controller->isRunning();
}

bool MainWindow::startSession()
{
    if (isRunning())
        return false;
    showPage(Page::Measure);
    if (m_setup->isShowingStored()) {
        showMessage(tr("The set-up shown is a stored session's: press Reuse This Set-up or New "
                       "Session first."),
                    10000);
        return false;
    }
    // Probe holds the meter: it lets go first, then the session starts (monitorStopped).
    if (m_connection->meterForm()->isProbing()) {
        m_startAfterProbe = true;
        m_connection->meterForm()->stopProbe();
        showMessage(tr("Stopping the meter's live view to start the session…"), 5000);
        return true;
    }
    const QString meterProblem = m_connection->meterProblem();
    const QString dutProblem = m_connection->dutProblem();
    const bool setupOk = m_setup->validate();
    if (!meterProblem.isEmpty() || !dutProblem.isEmpty() || !setupOk) {
        showMessage(!meterProblem.isEmpty() ? meterProblem
                    : !dutProblem.isEmpty() ? dutProblem
                                            : tr("The session set-up has problems; each is "
                                                 "shown next to its field."),
                    10000);
        return false;
    }
    const core::SessionSettings settings = currentSettings();
    core::RunnerOptions options;
    options.databasePath = m_database;
    const core::DutContext dut = m_connection->dutContext();
    options.localWorker = dut.local;
    options.ssh = dut.ssh;
    options.dutOptions = m_connection->dutOptions();
    m_connection->save();
    m_setup->save();
    m_simulatedBadge->setVisible(false);
    m_live->beginSession(settings);
    if (!m_controller->start(settings, options))
        return false;
    m_sessionState->setText(tr("Preparing “%1”…").arg(settings.label.simplified()));
    updateActions();
    return true;
}

void MainWindow::cancelSession(bool confirm)
{
    if (!isRunning())
        return;
    if (confirm) {
        const auto answer = QMessageBox::question(
            this, tr("Cancel Session"),
            tr("Stop the running session? What was measured so far is kept, marked as "
               "cancelled, and the governor is restored."),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes)
            return;
    }
    m_sessionState->setText(tr("Cancelling: restoring the DUT…"));
    m_controller->cancel();
}

void MainWindow::onFinished(core::SessionStatus status, const QString &reason)
{
    QString text;
    switch (status) {
    case core::SessionStatus::Complete:
        text = tr("Session complete");
        break;
    case core::SessionStatus::Cancelled:
        text = tr("Session cancelled");
        break;
    case core::SessionStatus::Interrupted:
        text = tr("Session interrupted: %1").arg(reason);
        break;
    case core::SessionStatus::Failed:
        text = tr("Session failed: %1").arg(reason);
        break;
    case core::SessionStatus::Running:
        break;
    }
    m_sessionState->setText(text.simplified()); // one line: reasons may have several
    m_library->refresh();
    m_compare->refresh();
    updateActions();
    // An experiment's charts under the results, drawn from the session as stored (read off the
    // GUI thread, as opening one from the library is).
    if (const qint64 id = m_live->sessionId(); id > 0) {
        auto *watcher = new QFutureWatcher<LoadedSessions>(this);
        connect(watcher, &QFutureWatcher<LoadedSessions>::finished, this, [this, watcher] {
            const LoadedSessions loaded = watcher->result();
            watcher->deleteLater();
            if (!isRunning() && loaded.error.isEmpty() && loaded.sessions &&
                !loaded.sessions->empty())
                m_live->showExperiment(loaded.sessions->front());
        });
        watcher->setFuture(loadSessionsAsync(m_database, {id}));
    }
    emit sessionFinished(status, reason);
    if (m_closeAfterCancel)
        close();
}

void MainWindow::openSession(qint64 id)
{
    if (isRunning()) {
        showMessage(tr("A session is running; open stored sessions when it has ended."), 8000);
        return;
    }
    auto *watcher = new QFutureWatcher<LoadedSessions>(this);
    connect(watcher, &QFutureWatcher<LoadedSessions>::finished, this, [this, watcher, id] {
        const LoadedSessions loaded = watcher->result();
        watcher->deleteLater();
        if (!loaded.error.isEmpty() || !loaded.sessions || loaded.sessions->empty()) {
            showMessage(
                tr("%1 cannot be opened: %2").arg(core::format::sessionId(id), loaded.error),
                10000);
            return;
        }
        const core::SessionData &session = loaded.sessions->front();
        m_live->showStoredSession(session);
        // Its own set-up, read-only, beside it.
        core::SessionSettings stored = session.settings;
        stored.label = session.summary.label;
        m_setup->showStored(id, stored);
        m_simulatedBadge->setVisible(session.summary.simulated);
        m_sessionState->setText(
            tr("Showing %1, read-only")
                .arg(core::format::sessionName(id, session.summary.label.simplified())));
        showPage(Page::Measure);
        updateActions();
    });
    m_sessionState->setText(tr("Reading %1…").arg(core::format::sessionId(id)));
    watcher->setFuture(loadSessionsAsync(m_database, {id}));
}

void MainWindow::compareSessions(const QList<qint64> &ids)
{
    m_compare->setSessions(ids);
    showPage(Page::Compare);
}

void MainWindow::exportCurrent()
{
    switch (page()) {
    case Page::Measure:
        // The session shown, exported from here: the page stays (the library only lends its
        // dialog and its export job).
        if (m_live->sessionId() > 0) {
            m_library->selectSessions({m_live->sessionId()});
            m_library->exportSelected();
        }
        break;
    case Page::Library:
        m_library->exportSelected();
        break;
    case Page::Compare:
        m_compare->exportWithDialog(true);
        break;
    }
}

void MainWindow::chooseDatabase()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Session Database"), m_database,
                                     tr("CipherWatt sessions (*.sqlite);;All files (*)"), nullptr,
                                     QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        setDatabase(path);
}

// A lab database that cannot be reached: the server's reason shown and the role's password
// asked, again while the server refuses, until it connects or the operator cancels (the
// library then says why it is empty). The password is remembered in memory only, for every
// connection of this process (the library's, the runner's, the journal's).
void MainWindow::connectLabDatabase(const core::DatabaseLocation &location)
{
    for (;;) {
        const auto storage = core::Storage::open(location.text);
        if (storage || !core::isConnectionError(storage.error()))
            return;
        // The server's own words (the message's second argument), the URI being in the title.
        const QList<core::Message> &parts = storage.error().message.arguments();
        DatabasePasswordDialog dialog(
            location,
            parts.size() >= 2 ? parts[1].translated() : storage.error().message.translated(), this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        core::rememberDatabasePassword(location, dialog.password());
    }
}

// A lab database by its URI; its password comes from ~/.pgpass, the service file or
// PGPASSWORD, never from here (a URI with one is refused).
void MainWindow::chooseLabDatabase()
{
    const auto current = core::parseDatabase(m_database);
    bool ok = false;
    const QString uri =
        QInputDialog::getText(
            this, tr("Lab Database"),
            tr("PostgreSQL URI (postgresql://user@host[:port]/database[?sslmode=require]); the "
               "password is read from ~/.pgpass, or asked for:"),
            QLineEdit::Normal, current && current->isPostgres() ? m_database : QString(), &ok)
            .trimmed();
    if (!ok || uri.isEmpty())
        return;
    const auto location = core::parseDatabase(uri);
    if (!location || !location->isPostgres()) {
        QMessageBox::warning(this, tr("Lab Database"),
                             location ? tr("Not a postgresql:// URI: %1").arg(uri)
                                      : location.error().message.translated());
        return;
    }
    setDatabase(uri);
}

void MainWindow::showAbout()
{
    QMessageBox::about(
        this, tr("About CipherWatt"),
        tr("<h3>CipherWatt %1</h3>"
           "<p>Measures what encryption costs in energy with a Yokogawa WT300 power meter.</p>"
           "<p>Licensed under the GNU General Public License, version 3 or later. Plots by "
           "QCustomPlot; ciphers by Botan, OpenSSL and CipherWatt's own implementations.</p>")
            .arg(QStringLiteral(CIPHERWATT_VERSION)));
}

void MainWindow::setLanguage(const QString &code)
{
    QSettings().setValue(QStringLiteral("ui/language"), code);
    showMessage(tr("The language changes when CipherWatt starts again."), 8000);
}

void MainWindow::updateActions()
{
    const bool running = isRunning();
    m_start->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_openDatabase->setEnabled(!running);
    m_labDatabase->setEnabled(!running);
    m_setupScroll->widget()->setEnabled(!running);
    m_export->setEnabled(page() != Page::Measure || (!running && m_live->sessionId() > 0));
}

void MainWindow::showMessage(const QString &text, int timeoutMs)
{
    statusBar()->showMessage(text, timeoutMs);
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    const QScreen *screen =
        this->screen() != nullptr ? this->screen() : QApplication::primaryScreen();
    const QSize available =
        screen != nullptr ? screen->availableGeometry().size() : QSize(1440, 900);
    // A remembered size that no longer fits the screen (another monitor) is fitted again.
    if (!restoreGeometry(settings.value(kGeometryKey).toByteArray()) ||
        frameGeometry().width() > available.width() ||
        frameGeometry().height() > available.height())
        resize(fittedSize(available));
    restoreState(settings.value(kStateKey).toByteArray());
    m_measureSplitter->restoreState(settings.value(kSplitterKey).toByteArray());
    const int pageIndex = settings.value(kPageKey, 0).toInt();
    if (pageIndex >= 0 && pageIndex < m_pages->count())
        m_pages->setCurrentIndex(pageIndex);
}

void MainWindow::saveLayout() const
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    settings.setValue(kSplitterKey, m_measureSplitter->saveState());
    settings.setValue(kPageKey, m_pages->currentIndex());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (isRunning()) {
        if (!m_closeAfterCancel) {
            const auto answer = QMessageBox::question(
                this, tr("Quit CipherWatt"),
                tr("A session is running. Cancel it and quit? What was measured so far is "
                   "kept, and the governor is restored first."),
                QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
            if (answer != QMessageBox::Yes) {
                event->ignore();
                return;
            }
            m_closeAfterCancel = true;
            cancelSession(false);
        }
        // The window closes when the session has ended (onFinished).
        event->ignore();
        return;
    }
    m_connection->save();
    m_setup->save();
    saveLayout();
    event->accept();
}

} // namespace cipherwatt::gui
