// The window in Korean, started as on a Korean desktop: no language in the settings and
// LANG=ko_KR.UTF-8 (ctest sets both for this test, which is hidden from the plain run for that
// reason), so main.cpp's choice, the saved language or else the system's, installs
// CipherWatt's Korean messages and Qt's own. Menus, tabs, tool bar and buttons must read in
// Korean and every button must have room for its text; the screenshots main-window-ko (a
// stored session on the Measure page), main-window-ko-library and main-window-ko-compare are
// kept to be looked at.

#include "gui_test_support.h"

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QFile>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QTranslator>
#include <catch2/catch.hpp>

#include <algorithm>
#include <compare/compare_view.h>
#include <library/library_view.h>
#include <library/session_dialogs.h>
#include <main_window.h>
#include <measure/connection_panel.h>
#include <translations.h>

using namespace cipherwatt;
using namespace cipherwatt::test::gui;
using cipherwatt::gui::MainWindow;
using cipherwatt::test::TempDir;

namespace {

QStringList menuTitles(MainWindow &window)
{
    QStringList titles;
    for (const QAction *a : window.menuBar()->actions())
        titles << a->text();
    return titles;
}

// A text with a Hangul syllable in it (U+AC00 to U+D7A3).
bool hasHangul(const QString &text)
{
    return std::any_of(text.begin(), text.end(),
                       [](QChar c) { return c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3; });
}

// Every visible button, check box and one-line label of `page` gets the width its text needs.
void checkTextsFit(QWidget &page)
{
    for (QWidget *w : page.findChildren<QWidget *>()) {
        if (!w->isVisibleTo(&page) || w->width() <= 0)
            continue;
        QString text;
        if (auto *b = qobject_cast<QAbstractButton *>(w); b != nullptr && !b->text().isEmpty())
            text = b->text();
        else if (auto *l = qobject_cast<QLabel *>(w);
                 l != nullptr && !l->wordWrap() && l->textFormat() != Qt::RichText &&
                 l->pixmap().isNull() && !l->text().isEmpty() && !l->text().contains('<'))
            text = l->text();
        if (text.isEmpty())
            continue;
        INFO(w->metaObject()->className()
             << " " << w->objectName().toStdString() << " \"" << text.toStdString()
             << "\": " << w->width() << " px, needs " << w->minimumSizeHint().width());
        CHECK(w->width() >= w->minimumSizeHint().width());
    }
}

// Visible buttons with letters but no Hangul: only names may stay as they are.
void checkButtonsKorean(QWidget &page)
{
    static const QRegularExpression names(QStringLiteral("^(CPU|DUT|USB|PDF|CSV|U|I)\\b.*$"));
    static const QRegularExpression letters(QStringLiteral("[A-Za-z]"));
    for (const QAbstractButton *b : page.findChildren<QAbstractButton *>()) {
        const QString text = b->text();
        if (!b->isVisibleTo(&page) || hasHangul(text) || !text.contains(letters))
            continue;
        INFO(b->metaObject()->className()
             << " " << b->objectName().toStdString() << " \"" << text.toStdString() << "\"");
        CHECK(names.match(text).hasMatch());
    }
}

} // namespace

TEST_CASE("translations: the window in Korean under LANG=ko_KR.UTF-8, from the system locale",
          "[.korean]")
{
    // Run by ctest with LANG=ko_KR.UTF-8 (tests/CMakeLists.txt); the settings start empty, in a
    // folder of the test's own (before anything in this process has read them).
    REQUIRE(QLocale::system().language() == QLocale::Korean);
    TempDir config;
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(QString::fromStdString(config.path().string())));
    REQUIRE(gui::savedLanguage().isEmpty());
    Translated korean;
    // What main.cpp does without --language.
    REQUIRE(gui::installTranslations(gui::savedLanguage()) == QStringLiteral("ko"));
    CHECK(QLocale().language() == QLocale::Korean);
    // Qt's own texts (qt6-translations-l10n): the standard buttons of every dialog.
    CHECK(QCoreApplication::translate("QPlatformTheme", "Cancel") == QStringLiteral("취소"));
    // The core's messages, shown by the window, stay English in the core.
    core::registerMessageCatalogue();
    const core::Message crashed = core::Message::fromJson(QJsonObject{
        {QStringLiteral("id"), QStringLiteral("core.runner.dut-failed")},
        {QStringLiteral("args"),
         QJsonArray{QJsonObject{{QStringLiteral("text"), QStringLiteral("local")}},
                    QJsonObject{{QStringLiteral("id"), QStringLiteral("core.dut.worker-crashed")},
                                {QStringLiteral("text"), QStringLiteral("the worker crashed")}}}},
        {QStringLiteral("text"), QStringLiteral("DUT local: the worker crashed")}});
    CHECK(crashed.english() == QStringLiteral("DUT local: the worker crashed"));
    CHECK(crashed.translated() == QStringLiteral("DUT local: 워커가 비정상 종료됨"));

    TempDir dir;
    SessionIds ids;
    gui::MainWindowOptions options;
    options.databasePath = copyDatabase(dir, &ids);
    options.localWorker.program = QStringLiteral(CIPHERWATT_BENCH_EXE);
    MainWindow window(options);

    CHECK(menuTitles(window) == QStringList{QStringLiteral("파일(&F)"), QStringLiteral("세션(&S)"),
                                            QStringLiteral("보기(&V)"), QStringLiteral("설정(&T)"),
                                            QStringLiteral("도움말(&H)")});
    auto *pages = window.findChild<QTabWidget *>(QStringLiteral("pages"));
    REQUIRE(pages != nullptr);
    CHECK(pages->tabText(0) == QStringLiteral("측정"));
    CHECK(pages->tabText(1) == QStringLiteral("라이브러리"));
    CHECK(pages->tabText(2) == QStringLiteral("비교"));
    CHECK(window.startAction()->text() == QStringLiteral("세션 시작(&S)"));
    CHECK(window.cancelAction()->text() == QStringLiteral("세션 취소(&C)"));
    CHECK(window.exportAction()->text() == QStringLiteral("내보내기(&E)…"));

    // The connection panel's buttons and group titles, and every button of the window.
    QStringList buttons;
    for (const QPushButton *b : window.connectionPanel()->findChildren<QPushButton *>())
        buttons << b->text();
    CHECK(buttons.contains(QStringLiteral("연결 확인")));
    CHECK(buttons.contains(QStringLiteral("점검")));
    QStringList groups;
    for (const QGroupBox *g : window.findChildren<QGroupBox *>())
        groups << g->title();
    CHECK(groups.contains(QStringLiteral("전력계")));
    CHECK(groups.contains(QStringLiteral("피측정 장치(DUT)")));
    // A stored session on the Measure page: its phases, results and flags in Korean.
    window.openSession(ids.odd);
    REQUIRE(waitUntil([&] {
        return window.statusBar()
            ->findChild<QLabel *>(QStringLiteral("sessionState"))
            ->text()
            .startsWith(QStringLiteral("S%1 ").arg(ids.odd)); // "S12 label 표시 중, 읽기 전용"
    }));
    screenshot(window, lightPalette(), QStringLiteral("main-window-ko"));
    checkTextsFit(window);
    checkButtonsKorean(window);
    // The whole set-up column.
    screenshot(window, lightPalette(), QStringLiteral("main-window-ko-tall"), {1280, 1500});
    checkTextsFit(window);
    for (const QToolButton *b : window.findChild<QToolBar *>(QStringLiteral("sessionToolBar"))
                                    ->findChildren<QToolButton *>()) {
        if (b->defaultAction() != nullptr && b->isVisible())
            CHECK(hasHangul(b->text()));
    }

    window.showPage(MainWindow::Page::Library);
    screenshot(window, lightPalette(), QStringLiteral("main-window-ko-library"));
    checkTextsFit(*window.libraryView());
    checkButtonsKorean(*window.libraryView());

    // The library's dialogs, with Qt's standard buttons in Korean.
    gui::LibraryView &library = *window.libraryView();
    const auto look = [](QDialog &dialog, const QString &name) {
        saveGrab(dialog, name);
        checkTextsFit(dialog);
        checkButtonsKorean(dialog);
    };
    library.selectSessions({ids.odd, ids.second});
    auto shown = whenShown<gui::ExportDialog>([&](gui::ExportDialog &dialog) {
        look(dialog, QStringLiteral("dialog-export-ko"));
        dialog.reject();
    });
    library.exportSelected();
    CHECK(*shown);
    shown = whenShown<QMessageBox>([&](QMessageBox &box) {
        look(box, QStringLiteral("dialog-delete-ko"));
        CHECK(box.text().startsWith(QStringLiteral("세션 2개를 삭제할까요?")));
        box.defaultButton()->click(); // keep them
    });
    library.deleteSelected();
    REQUIRE(waitUntil([&] { return *shown; }));
    library.selectSessions({ids.second});
    shown = whenShown<gui::NotesTagsDialog>([&](gui::NotesTagsDialog &dialog) {
        look(dialog, QStringLiteral("dialog-notes-tags-ko"));
        dialog.reject();
    });
    library.editNotesAndTags();
    CHECK(*shown);

    window.compareSessions({ids.odd, ids.second});
    REQUIRE(window.page() == MainWindow::Page::Compare);
    REQUIRE(waitUntil([&] { return window.compareView()->sessions().size() == 2; }));
    QTest::qWait(300);
    screenshot(window, lightPalette(), QStringLiteral("main-window-ko-compare"));
    checkTextsFit(*window.compareView());
    checkButtonsKorean(*window.compareView());
    window.compareView()->tabs()->setCurrentIndex(1);
    screenshot(window, lightPalette(), QStringLiteral("main-window-ko-compare-bars"));
    checkTextsFit(*window.compareView());
    window.compareView()->tabs()->setCurrentIndex(2);
    screenshot(window, lightPalette(), QStringLiteral("main-window-ko-compare-traces"));
}

TEST_CASE("translations: English counts one run, not one runs, also for a system language "
          "CipherWatt has no translation for",
          "[gui][translations]")
{
    Translated english;
    // The system's language (C, English or German when ctest runs this; not Korean).
    REQUIRE(QLocale::system().language() != QLocale::Korean);
    REQUIRE(gui::installTranslations(QString()) == QStringLiteral("en"));
    CHECK(QLocale().language() == QLocale::English);
    const auto count = [](const char *context, const char *text, int n) {
        return QCoreApplication::translate(context, text, nullptr, n);
    };
    CHECK(count("cipherwatt::gui::MainWindow", "%n runs", 1) == QStringLiteral("1 run"));
    CHECK(count("cipherwatt::gui::MainWindow", "%n runs", 2) == QStringLiteral("2 runs"));
    CHECK(count("cipherwatt::gui::MainWindow", "Running: %n run(s) planned", 1) ==
          QStringLiteral("Running: 1 run planned"));
    CHECK(count("cipherwatt::gui::MainWindow", "Running: %n run(s) planned", 3) ==
          QStringLiteral("Running: 3 runs planned"));
    CHECK(count("cipherwatt::gui::LibraryView", "%1 of %n sessions", 1).arg(1) ==
          QStringLiteral("1 of 1 session"));
    // Everything else is its source text.
    CHECK(QCoreApplication::translate("cipherwatt::gui::MainWindow", "&Start Session") ==
          QStringLiteral("&Start Session"));
}
