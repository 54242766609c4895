// The whole window, as an operator uses it: a session filled in on the Measure page and started
// with the Start action (the simulated WT332 of worker-threshold.profile: every run's net power
// is 8.5 W; the real local worker, pinning a fake sysfs tree), its samples, phases and results
// arriving; a session cancelled from the window; the library opening a session and the
// comparison of two; the validation messages for bad input. Screenshots of each page go to
// test-artifacts/gui.

#include "gui_test_support.h"

#include <cipherwatt/core/database.h>
#include <cipherwatt/core/storage.h>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QTreeWidget>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

#include <algorithm>
#include <compare/compare_view.h>
#include <compare/comparison_model.h>
#include <fake_sysfs.h>
#include <library/library_view.h>
#include <library/session_dialogs.h>
#include <library/session_list_model.h>
#include <main_window.h>
#include <measure/connection_panel.h>
#include <measure/live_view.h>
#include <measure/plan_builder.h>
#include <measure/results_model.h>
#include <measure/setup_panel.h>
#include <postgres.h>
#include <translations.h>
#include <widgets/message_bar.h>

using namespace cipherwatt;
using namespace cipherwatt::core;
using namespace cipherwatt::test::gui;
using cipherwatt::gui::MainWindow;
using cipherwatt::test::FakeSysfs;
using cipherwatt::test::TempDir;

namespace {

const QString kProfile =
    QStringLiteral(CIPHERWATT_TEST_DATA) + QStringLiteral("/sim/worker-threshold.profile");

// Settings of this test only, in its temporary folder.
void isolateSettings(const TempDir &dir)
{
    QCoreApplication::setOrganizationName(QStringLiteral("CipherWattTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_gui"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                       QString::fromStdString((dir.path() / "config").string()));
    QSettings().clear();
}

template<typename T>
T *child(const QObject &parent, const char *name)
{
    T *found = parent.findChild<T *>(QLatin1String(name));
    REQUIRE(found != nullptr);
    return found;
}

struct Window
{
    Window(const TempDir &dir, const FakeSysfs &tree)
    {
        isolateSettings(dir);
        // English as main.cpp installs it (its plural forms: "1 flag"), so the screenshots
        // show what an operator sees.
        REQUIRE(gui::installTranslations(QStringLiteral("en")) == QStringLiteral("en"));
        gui::MainWindowOptions options;
        options.databasePath = QString::fromStdString((dir.path() / "window.sqlite").string());
        options.localWorker.program = QStringLiteral(CIPHERWATT_BENCH_EXE);
        options.localWorker.sysfsRoot = QString::fromStdString(tree.root().string());
        window = std::make_unique<MainWindow>(options);
        window->resize(1440, 900);
        window->show();
    }

    // The simulated meter and a short plan on the local DUT, as an operator fills them in.
    void fillForm(const QString &label, double runSeconds)
    {
        auto *meterKind = child<QComboBox>(*window, "meterKind");
        meterKind->setCurrentIndex(meterKind->findText(QStringLiteral("Simulator")));
        REQUIRE(meterKind->currentIndex() >= 0);
        child<QLineEdit>(*window, "simProfile")->setText(kProfile);
        // The local worker's catalogue fills the plan tree.
        auto *tree = child<QTreeWidget>(*window, "planTree");
        REQUIRE(waitUntil([&] { return tree->topLevelItemCount() > 0; }));
        gui::SetupPanel *setup = window->setupPanel();
        setup->setLabel(label);
        setup->checkPlan({QStringLiteral("chacha20/botan")});
        setup->setBaselineSeconds(3.0);
        setup->setRunSeconds(runSeconds, 20);
    }

    Translated language; // outlives the window
    std::unique_ptr<MainWindow> window;
};

} // namespace

TEST_CASE("main window: a session from the form, live to its results, then opened from the "
          "library",
          "[gui][window]")
{
    TempDir dir;
    FakeSysfs tree({0, 1});
    Window w(dir, tree);
    MainWindow &window = *w.window;
    w.fillForm(QStringLiteral("from the window"), 3.0);
    // Two buffer sizes: the results get their curves against the size once the session ends.
    child<QLineEdit>(window, "bufferSizes")->setText(QStringLiteral("16,4096"));
    // Beside Start, the runs and about how long they take: 3 s baseline, four runs of 3 s.
    CHECK_THAT(window.estimateText().toStdString(), Catch::StartsWith("4 runs · about "));
    saveGrab(window, QStringLiteral("main-window-setup"));

    QSignalSpy finished(&window, &MainWindow::sessionFinished);
    REQUIRE(window.startAction()->isEnabled());
    window.startAction()->trigger();
    REQUIRE(window.isRunning());
    CHECK_FALSE(window.startAction()->isEnabled());
    CHECK(window.cancelAction()->isEnabled());

    // Samples and phases arrive while it runs; a screenshot in the middle of a run.
    gui::LiveView *live = window.liveView();
    REQUIRE(waitUntil([&] { return live->trace().size() > 10; }, 60000));
    CHECK_FALSE(live->trace().phases().empty());
    REQUIRE(waitUntil([&] { return live->statusText().startsWith(QStringLiteral("Run")); }, 60000));
    live->refreshNow();
    CHECK(child<QLabel>(*window.statusBar(), "simulatedBadge")->isVisible());
    saveGrab(window, QStringLiteral("main-window-running"));

    REQUIRE(waitUntil([&] { return !finished.isEmpty(); }, 120000));
    INFO(finished.front().at(1).toString().toStdString());
    REQUIRE(finished.front().at(0).value<SessionStatus>() == SessionStatus::Complete);
    CHECK(window.startAction()->isEnabled());
    CHECK_FALSE(window.cancelAction()->isEnabled());
    live->refreshNow();
    // Four runs (encryption and decryption at two sizes), each near the profile's 8.5 W net
    // power; under them, once the session is read back, the curves against the buffer size.
    const gui::ResultsModel *results = live->results();
    REQUIRE(results->rowCount() == 4);
    REQUIRE(waitUntil([&] {
        const auto *curves = window.findChild<QCustomPlot *>(QStringLiteral("frequencyCurves"));
        return curves != nullptr && curves->isVisibleTo(live);
    }));
    CHECK(window.findChild<QCustomPlot *>(QStringLiteral("frequencyCurves"))->xAxis->scaleType() ==
          QCPAxis::stLogarithmic);
    CHECK(live->resultsView()->isVisible());
    const qint64 id = live->sessionId();
    REQUIRE(id > 0);
    {
        auto storage = Storage::open(window.databasePath());
        REQUIRE(storage.ok());
        const auto session = (*storage)->load(id);
        REQUIRE(session.ok());
        CHECK(session->summary.label == QStringLiteral("from the window"));
        CHECK(session->summary.status == SessionStatus::Complete);
        REQUIRE(session->runs.size() == 4);
        for (const auto &run : session->runs)
            CHECK(run.analysis.value_or(RunResult{}).netWatts == Approx(8.5).margin(0.1));
    }
    saveGrab(window, QStringLiteral("main-window-results"));

    // The library lists it; opened from there, the Measure page shows it as it ended.
    window.showPage(MainWindow::Page::Library);
    const auto *model = window.libraryView()->sessionModel();
    REQUIRE(waitUntil([&] { return model->rowOf(id) >= 0; }));
    saveGrab(window, QStringLiteral("main-window-library"));
    const std::size_t samples = live->trace().size();
    window.openSession(id);
    REQUIRE(waitUntil([&] {
        return window.page() == MainWindow::Page::Measure &&
               window.statusBar()
                   ->findChild<QLabel *>(QStringLiteral("sessionState"))
                   ->text()
                   .startsWith(QStringLiteral("Showing S%1").arg(id));
    }));
    live->refreshNow();
    CHECK(live->sessionId() == id);
    CHECK(live->results()->rowCount() == 4);
    // The stored trace is the live one (the last updates may still have been in flight).
    CHECK(live->trace().size() + 2 >= samples);
    CHECK(live->trace().size() <= samples + 20);

    // Its own set-up beside it, read-only: Start refuses until Reuse This Set-up copies it.
    gui::SetupPanel *setup = window.setupPanel();
    CHECK(setup->isShowingStored());
    CHECK_FALSE(window.startSession());
    CHECK_FALSE(window.isRunning());
    saveGrab(window, QStringLiteral("main-window-stored"));
    setup->reuseStored();
    CHECK_FALSE(setup->isShowingStored());
    CHECK(setup->planBuilder()->chosen() == QStringList{QStringLiteral("chacha20/botan")});
    CHECK(setup->settings().baselineSeconds == Approx(3.0));
}

TEST_CASE("main window: Cancel asks first, then ends the session as cancelled, kept",
          "[gui][window]")
{
    TempDir dir;
    FakeSysfs tree({0, 1});
    Window w(dir, tree);
    MainWindow &window = *w.window;
    w.fillForm(QStringLiteral("to be cancelled"), 60.0);
    window.startAction()->trigger();
    REQUIRE(window.isRunning());
    gui::LiveView *live = window.liveView();
    REQUIRE(waitUntil([&] { return live->statusText().startsWith(QStringLiteral("Run")); }, 60000));

    // "No" keeps it running.
    auto keep =
        whenShown<QMessageBox>([](QMessageBox &box) { box.button(QMessageBox::No)->click(); });
    window.cancelAction()->trigger();
    CHECK(*keep);
    CHECK(window.isRunning());

    // "Yes" ends it.
    QElapsedTimer clock;
    clock.start();
    auto yes = whenShown<QMessageBox>([](QMessageBox &box) {
        saveGrab(box, QStringLiteral("main-window-cancel-confirmation"));
        box.button(QMessageBox::Yes)->click();
    });
    QSignalSpy finished(&window, &MainWindow::sessionFinished);
    window.cancelAction()->trigger();
    CHECK(*yes);
    REQUIRE(waitUntil([&] { return !finished.isEmpty(); }, 30000));
    CHECK(finished.front().at(0).value<SessionStatus>() == SessionStatus::Cancelled);
    CHECK(clock.elapsed() < 20000); // not the 60 s run
    CHECK_FALSE(window.isRunning());
    const qint64 id = live->sessionId();
    auto storage = Storage::open(window.databasePath());
    REQUIRE(storage.ok());
    const auto session = (*storage)->load(id);
    REQUIRE(session.ok());
    CHECK(session->summary.status == SessionStatus::Cancelled);
    CHECK_FALSE(session->samples.empty()); // what was measured is kept
    // The fake governor was put back.
    CHECK(tree.read(FakeSysfs::cpufreq(0, "scaling_governor")) == "powersave");
}

TEST_CASE("main window: bad input is named next to its field and nothing starts", "[gui][window]")
{
    TempDir dir;
    FakeSysfs tree({0, 1});
    Window w(dir, tree);
    MainWindow &window = *w.window;
    w.fillForm(QString(), 3.0);
    child<QLineEdit>(*window.setupPanel(), "bufferSizes")->setText(QStringLiteral("4096, lots"));
    child<QPlainTextEdit>(*window.setupPanel(), "externalPrograms")
        ->setPlainText(QStringLiteral("gzip=gzip -c 'unclosed"));
    CHECK_FALSE(window.startSession());
    CHECK_FALSE(window.isRunning());
    const auto *labelError = child<QLabel>(*window.setupPanel(), "labelError");
    CHECK(labelError->isVisible());
    CHECK(labelError->text() == QStringLiteral("Give the session a label."));
    const auto *buffersError = child<QLabel>(*window.setupPanel(), "buffersError");
    CHECK(buffersError->isVisible());
    CHECK(buffersError->text().contains(QStringLiteral("lots")));
    const auto *commandsError = child<QLabel>(*window.setupPanel(), "commandsError");
    CHECK(commandsError->isVisible());
    CHECK(commandsError->text().startsWith(QStringLiteral("Line 1: ")));
    CHECK(commandsError->text().contains(QStringLiteral("unclosed '")));
    saveGrab(window, QStringLiteral("main-window-validation"));

    // The connections: a TCP meter without a host, an SSH DUT without one.
    window.setupPanel()->setLabel(QStringLiteral("fine now"));
    child<QLineEdit>(*window.setupPanel(), "bufferSizes")->setText(QStringLiteral("4096"));
    child<QPlainTextEdit>(*window.setupPanel(), "externalPrograms")->clear();
    auto *meterKind = child<QComboBox>(window, "meterKind");
    meterKind->setCurrentIndex(meterKind->findText(QStringLiteral("Network (TCP)")));
    child<QLineEdit>(window, "tcpHost")->clear();
    CHECK_FALSE(window.startSession());
    CHECK(window.statusBar()->currentMessage() == QStringLiteral("Power meter: Host is empty."));
    meterKind->setCurrentIndex(meterKind->findText(QStringLiteral("Simulator")));
    auto *dutKind = child<QComboBox>(window, "dutKind");
    dutKind->setCurrentIndex(dutKind->findData(QStringLiteral("ssh")));
    child<QLineEdit>(window, "sshHost")->clear();
    CHECK_FALSE(window.startSession());
    CHECK(window.statusBar()->currentMessage() == QStringLiteral("DUT: Host is empty."));
    child<QLineEdit>(window, "sshHost")->setText(QStringLiteral("pi4.lab"));
    child<QLineEdit>(window, "sshUser")->clear();
    CHECK_FALSE(window.startSession());
    CHECK(window.statusBar()->currentMessage() == QStringLiteral("DUT: User is empty."));
    child<QLineEdit>(window, "sshUser")->setText(QStringLiteral("lab"));
    child<QLineEdit>(window, "sshKey")->setText(QStringLiteral("/nonexistent/key"));
    CHECK_FALSE(window.startSession());
    CHECK(window.statusBar()->currentMessage() ==
          QStringLiteral("DUT: the file /nonexistent/key does not exist."));
    CHECK_FALSE(window.isRunning());
    CHECK(window.connectionPanel()->dutResource() == QStringLiteral("ssh://lab@pi4.lab:22"));
}

TEST_CASE("main window: two sessions selected in the library are compared side by side",
          "[gui][window]")
{
    TempDir dir;
    FakeSysfs tree({0, 1});
    Window w(dir, tree);
    MainWindow &window = *w.window;
    SessionIds ids;
    window.setDatabase(copyDatabase(dir, &ids));
    window.showPage(MainWindow::Page::Library);
    gui::LibraryView *library = window.libraryView();
    REQUIRE(waitUntil([&] { return library->sessionModel()->rowOf(ids.second) >= 0; }));
    library->selectSessions({ids.odd, ids.second});
    REQUIRE(window.compareAction()->isEnabled());
    window.compareAction()->trigger();
    REQUIRE(window.page() == MainWindow::Page::Compare);
    gui::CompareView *compare = window.compareView();
    REQUIRE(waitUntil([&] { return compare->isLoaded(); }));
    const QList<qint64> compared = compare->sessions();
    CHECK(compared.size() == 2);
    CHECK(compared.contains(ids.odd));
    CHECK(compared.contains(ids.second));
    // aes-128-xts encrypt and decrypt are in both sessions: their rows have both groups.
    CHECK(compare->comparisonModel()->rowCount() >= 2);
    saveGrab(window, QStringLiteral("main-window-compare"));
}

TEST_CASE("main window: the operator's plugin and an external program are runs of a session",
          "[gui][window][plugins]")
{
    TempDir dir;
    FakeSysfs tree({0, 1});
    Window w(dir, tree);
    MainWindow &window = *w.window;
    w.fillForm(QStringLiteral("plugin and program"), 2.0);
    // The plugin's ciphers join the catalogue under plugin:xtea.
    window.connectionPanel()->setPlugins({QStringLiteral(CIPHERWATT_XTEA_PLUGIN)});
    auto *planTree = child<QTreeWidget>(window, "planTree");
    const auto hasPluginBackend = [&] {
        for (QTreeWidgetItemIterator it(planTree); *it; ++it) {
            if ((*it)->text(0).contains(QStringLiteral("plugin:xtea")))
                return true;
        }
        return false;
    };
    REQUIRE(waitUntil(hasPluginBackend));
    window.setupPanel()->checkPlan(
        {QStringLiteral("chacha20/botan"), QStringLiteral("xtea-128-cbc/plugin:xtea")});
    auto *decrypt = child<QCheckBox>(*window.setupPanel(), "decryptRuns");
    decrypt->setChecked(false);
    child<QPlainTextEdit>(*window.setupPanel(), "externalPrograms")
        ->setPlainText(QStringLiteral("nap:4096=sleep 2"));
    CHECK(window.setupPanel()->planSpec() ==
          QStringLiteral("chacha20/botan:encrypt,xtea-128-cbc/plugin:xtea:encrypt,cmd:nap:4096="
                         "sleep 2"));
    QSignalSpy finished(&window, &MainWindow::sessionFinished);
    REQUIRE(window.startSession());
    REQUIRE(waitUntil([&] { return !finished.isEmpty(); }, 120000));
    INFO(finished.front().at(1).toString().toStdString());
    REQUIRE(finished.front().at(0).value<SessionStatus>() == SessionStatus::Complete);
    auto storage = Storage::open(window.databasePath());
    REQUIRE(storage.ok());
    const auto session = (*storage)->load(window.liveView()->sessionId());
    REQUIRE(session.ok());
    QStringList measured;
    for (const auto &run : session->runs)
        measured << run.cipher + QLatin1Char('/') + run.backend + QLatin1Char('=') +
                        runStatusName(run.status);
    INFO(measured.join(QStringLiteral(", ")).toStdString());
    CHECK(measured.contains(QStringLiteral("xtea-128-cbc/plugin:xtea=done")));
    CHECK(measured.contains(QStringLiteral("chacha20/botan=done")));
    CHECK(std::any_of(measured.begin(), measured.end(), [](const QString &m) {
        return m.startsWith(QStringLiteral("cmd:nap/")) && m.endsWith(QStringLiteral("=done"));
    }));
}

TEST_CASE("main window: fits a 1366 x 768 screen with every control reachable", "[gui][window]")
{
    TempDir dir;
    FakeSysfs tree({0, 1});
    Window w(dir, tree);
    MainWindow &window = *w.window;
    // 768 pixels less a 40-pixel panel: the window takes what is left, frame included.
    const QSize available(1366, 728);
    const QSize fitted = MainWindow::fittedSize(available);
    CHECK(fitted.width() <= available.width());
    CHECK(fitted.height() <= available.height());
    CHECK(MainWindow::fittedSize(QSize(2560, 1440)) == QSize(1440, 900));
    window.resize(fitted);
    QApplication::processEvents();
    // Nothing needs more room than that: every control can be reached.
    CHECK(window.size() == fitted);
    CHECK(window.minimumSizeHint().width() <= fitted.width());
    CHECK(window.minimumSizeHint().height() <= fitted.height());
    CHECK(window.startAction()->isVisible());
    saveGrab(window, QStringLiteral("main-window-1366x768"));
}

TEST_CASE("main window: a lab database asks for its role's password, asks again when it is "
          "wrong, and lists its sessions",
          "[gui][window][database]")
{
    TempDir dir;
    FakeSysfs tree({0, 1});
    Window w(dir, tree);
    MainWindow &window = *w.window;
    auto &server = cipherwatt::test::sharedPostgres();
    const QString uri =
        QString::fromStdString(server.passwordDatabase("seat_pw", "c0rrect-h0rse", "window"));
    const auto location = parseDatabase(uri);
    REQUIRE(location.ok());
    // A session another bench stored there (with the password, forgotten again: a fresh start).
    qint64 stored = 0;
    {
        rememberDatabasePassword(*location, QStringLiteral("c0rrect-h0rse"));
        auto storage = Storage::open(uri);
        REQUIRE(storage.ok());
        SessionSettings settings;
        settings.label = QStringLiteral("measured on the Pi bench");
        auto id = (*storage)->createSession(settings, {}, {}, 0, true);
        REQUIRE(id.ok());
        stored = *id;
        REQUIRE((*storage)->setStatus(stored, SessionStatus::Complete).ok());
        forgetDatabasePassword(*location);
    }

    // Cancel: the library says why it is empty.
    int asked = 0;
    auto cancelled = whenShown<gui::DatabasePasswordDialog>([&](gui::DatabasePasswordDialog &d) {
        ++asked;
        d.reject();
    });
    window.setDatabase(uri);
    CHECK(*cancelled);
    CHECK(asked == 1);
    gui::LibraryView *library = window.libraryView();
    CHECK(library->sessionModel()->rowCount() == 0);
    CHECK(
        library->findChild<gui::MessageBar *>()->text().contains(QStringLiteral("cannot connect")));

    // A wrong password: asked again, with the server's reason; then the right one.
    QString reasonShown;
    auto wrong = whenShown<gui::DatabasePasswordDialog>([&](gui::DatabasePasswordDialog &d) {
        ++asked;
        child<QLineEdit>(d, "password")->setText(QStringLiteral("Tr0mbone"));
        whenShown<gui::DatabasePasswordDialog>([&](gui::DatabasePasswordDialog &again) {
            ++asked;
            reasonShown = child<QLabel>(again, "reason")->text();
            child<QLineEdit>(again, "password")->setText(QStringLiteral("c0rrect-h0rse"));
            saveGrab(again, QStringLiteral("lab-database-password"));
            again.accept();
        });
        d.accept();
    });
    window.setDatabase(uri);
    CHECK(*wrong);
    CHECK(asked == 3);
    CHECK(reasonShown.contains(QStringLiteral("password")));
    CHECK_FALSE(reasonShown.contains(QStringLiteral("Tr0mbone")));
    REQUIRE(waitUntil([&] { return library->sessionModel()->rowOf(stored) >= 0; }));

    // The password serves the program's other connections without asking again.
    window.setDatabase(uri);
    CHECK(asked == 3);
    forgetDatabasePassword(*location);
}
