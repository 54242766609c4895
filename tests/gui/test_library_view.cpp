// The session library on real sessions (simulated meter, local worker): the model's columns,
// search and status filter, renaming, notes and tags, deleting, exporting, the signals for the
// window, a database it cannot use, and screenshots in light and dark palettes.

#include "gui_test_support.h"

#include <cipherwatt/core/csv.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTableView>
#include <QTest>
#include <catch2/catch.hpp>

#include <library/library_view.h>
#include <library/session_dialogs.h>
#include <library/session_list_model.h>
#include <session_helpers.h>
#include <widgets/message_bar.h>

using namespace cipherwatt;
using namespace cipherwatt::core;
using namespace cipherwatt::test::gui;
using cipherwatt::gui::LibraryView;
using cipherwatt::gui::MessageBar;
using cipherwatt::gui::SessionListModel;
using cipherwatt::test::TempDir;

namespace {

QString cell(const LibraryView &view, qint64 id, int column, int role = Qt::DisplayRole)
{
    const SessionListModel *model = view.sessionModel();
    const int row = model->rowOf(id);
    REQUIRE(row >= 0);
    return model->index(row, column).data(role).toString();
}

// The ids of the rows the view shows, top to bottom.
QList<qint64> shownIds(const LibraryView &view)
{
    QList<qint64> ids;
    const QAbstractItemModel *model = view.table()->model();
    for (int row = 0; row < model->rowCount(); ++row)
        ids << model->index(row, 0).data(SessionListModel::IdRole).toLongLong();
    return ids;
}

QAction *action(const LibraryView &view, const QString &text)
{
    for (QAction *a : view.table()->actions()) {
        if (a->text() == text)
            return a;
    }
    FAIL("no action " << text.toStdString());
    return nullptr;
}

SessionSummary stored(const QString &database, qint64 id)
{
    return cipherwatt::test::loadSession(database, id).summary;
}

QList<QStringList> readCsv(const QString &path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return parseCsv(QString::fromUtf8(f.readAll()));
}

QPushButton *buttonWithRole(QMessageBox &box, QMessageBox::ButtonRole role)
{
    for (QAbstractButton *b : box.buttons()) {
        if (box.buttonRole(b) == role)
            return qobject_cast<QPushButton *>(b);
    }
    return nullptr;
}

// A session left running by a storage object the test holds (as the runner's own would).
std::unique_ptr<Storage> startRunningSession(const QString &database, qint64 *id)
{
    auto storage = Storage::open(database);
    REQUIRE(storage.ok());
    SessionSettings settings;
    settings.label = QStringLiteral("still measuring");
    settings.planSpec = QStringLiteral("aes-128-xts/openssl");
    MeterSetup meter;
    meter.description = QStringLiteral("YOKOGAWA WT332");
    DutSetup dut;
    dut.description = QStringLiteral("local");
    const auto created =
        (*storage)->createSession(settings, meter, dut, QDateTime::currentMSecsSinceEpoch(), false);
    REQUIRE(created.ok());
    *id = *created;
    return std::move(*storage);
}

} // namespace

TEST_CASE("library: the model lists the sessions with their columns", "[gui][library]")
{
    TempDir dir;
    SessionIds ids;
    const QString db = copyDatabase(dir, &ids);
    LibraryView view;
    view.setDatabase(db);
    const SessionListModel *model = view.sessionModel();
    REQUIRE(model->rowCount() == 3);
    CHECK(model->columnCount() == SessionListModel::ColumnCount);
    CHECK(model->headerData(SessionListModel::Label, Qt::Horizontal).toString() == "Label");
    CHECK(model->headerData(SessionListModel::Dut, Qt::Horizontal).toString() == "DUT");

    // The odd label on one line in the table, whole for editing and in the tooltip.
    CHECK(cell(view, ids.odd, SessionListModel::Label) ==
          QStringLiteral("LEA, \"fast\" & CHAM ↵ 두 번째 줄 (리아)"));
    CHECK(cell(view, ids.odd, SessionListModel::Label, Qt::EditRole) == oddLabel());
    CHECK(cell(view, ids.odd, SessionListModel::Label, Qt::ToolTipRole).contains(oddLabel()));
    CHECK(cell(view, ids.odd, SessionListModel::Label, Qt::ToolTipRole).contains("김 연구원"));

    const SessionData odd = cipherwatt::test::loadSession(db, ids.odd);
    // ISO 8601 in local time, to the second, with the zone's offset.
    const QDateTime started = QDateTime::fromString(odd.summary.createdUtc, Qt::ISODateWithMs);
    REQUIRE(started.isValid());
    QDateTime utc = started;
    utc.setTimeSpec(Qt::UTC);
    const QString startedText = cell(view, ids.odd, SessionListModel::Started);
    CHECK(
        startedText.startsWith(utc.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss "))));
    CHECK(QRegularExpression(QStringLiteral("^\\S+ \\S+ [+-]\\d\\d:\\d\\d$"))
              .match(startedText)
              .hasMatch());
    // One identifier per session, in a column of its own.
    CHECK(cell(view, ids.odd, SessionListModel::Id) == QStringLiteral("S%1").arg(ids.odd));
    CHECK(cell(view, ids.odd, SessionListModel::Dut) == odd.dut.description);
    CHECK_FALSE(cell(view, ids.odd, SessionListModel::Dut).isEmpty());
    // The simulated meter said in words, first, where eliding cannot hide it.
    const QString meter = cell(view, ids.odd, SessionListModel::Meter);
    CHECK(meter.startsWith("Simulated: "));
    CHECK(meter.contains("WT332"));
    CHECK_FALSE(meter.contains("[SIMULATED]"));
    CHECK(model->index(model->rowOf(ids.odd), 0).data(SessionListModel::SimulatedRole).toBool());
    CHECK(cell(view, ids.odd, SessionListModel::Status) == "Complete");
    CHECK(cell(view, ids.cancelled, SessionListModel::Status) == "Cancelled");
    CHECK(cell(view, ids.odd, SessionListModel::Runs) == "3"); // AES enc + dec, LEA enc
    CHECK(cell(view, ids.second, SessionListModel::Runs) == "3");
    CHECK(cell(view, ids.odd, SessionListModel::Tags) == "lea-study, x86");
    CHECK(cell(view, ids.second, SessionListModel::Tags) == "chacha, x86");

    // Newest first.
    CHECK(shownIds(view) == QList<qint64>{ids.cancelled, ids.second, ids.odd});
    // Sorting by runs sorts numbers as numbers, by label as text.
    view.table()->sortByColumn(SessionListModel::Label, Qt::AscendingOrder);
    CHECK(shownIds(view) == QList<qint64>{ids.cancelled, ids.odd, ids.second});

    // A session being measured shows as running, and appears on refresh.
    qint64 running = 0;
    const auto runner = startRunningSession(db, &running);
    view.refresh();
    REQUIRE(model->rowCount() == 4);
    CHECK(cell(view, running, SessionListModel::Status) == "Running");
    CHECK(cell(view, running, SessionListModel::Meter) == "YOKOGAWA WT332");
}

TEST_CASE("library: search and status filter narrow the list", "[gui][library]")
{
    TempDir dir;
    SessionIds ids;
    LibraryView view;
    view.setDatabase(copyDatabase(dir, &ids));
    auto *search = view.findChild<QLineEdit *>("search");
    auto *status = view.findChild<QComboBox *>("statusFilter");
    REQUIRE(search != nullptr);
    REQUIRE(status != nullptr);
    CHECK_FALSE(search->toolTip().isEmpty());
    CHECK_FALSE(status->toolTip().isEmpty());
    const auto type = [&](const QString &text) { search->setText(text); };

    type(QStringLiteral("두 번째")); // in the label's second line
    CHECK(shownIds(view) == QList<qint64>{ids.odd});
    type(QStringLiteral("CHACHA")); // a tag, whatever the case
    CHECK(shownIds(view) == QList<qint64>{ids.second});
    type(QStringLiteral("fan lid")); // words of the notes, in any order
    CHECK(shownIds(view) == QList<qint64>{ids.odd});
    type(QStringLiteral("김")); // the operator
    CHECK(shownIds(view).size() == 3);
    type(QStringLiteral("local")); // the DUT
    CHECK(shownIds(view).size() == 3);
    type(QStringLiteral("x86 second"));
    CHECK(shownIds(view) == QList<qint64>{ids.second});
    auto *count = view.findChild<QLabel *>("count");
    REQUIRE(count != nullptr);
    CHECK(count->text() == "1 of 3 sessions");
    type(QStringLiteral("nothing like this"));
    CHECK(shownIds(view).isEmpty());
    auto *placeholder = view.findChild<QLabel *>("placeholder");
    REQUIRE(placeholder != nullptr);
    CHECK(placeholder->isVisibleTo(&view));
    CHECK(placeholder->text().contains("No session matches"));

    search->clear();
    CHECK(shownIds(view).size() == 3);
    CHECK_FALSE(placeholder->isVisibleTo(&view));
    status->setCurrentIndex(status->findText("Cancelled"));
    CHECK(shownIds(view) == QList<qint64>{ids.cancelled});
    status->setCurrentIndex(status->findText("Complete"));
    CHECK(shownIds(view) == QList<qint64>{ids.second, ids.odd});
    type(QStringLiteral("lea-study"));
    CHECK(shownIds(view) == QList<qint64>{ids.odd});
    status->setCurrentIndex(status->findText("Running"));
    CHECK(shownIds(view).isEmpty());
    status->setCurrentIndex(0);
    CHECK(shownIds(view) == QList<qint64>{ids.odd});
}

TEST_CASE("library: rename in place, and an empty label is refused with the reason",
          "[gui][library]")
{
    TempDir dir;
    SessionIds ids;
    const QString db = copyDatabase(dir, &ids);
    LibraryView view;
    view.resize(1100, 600);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    view.setDatabase(db);
    view.selectSessions({ids.odd});
    QAction *rename = action(view, "Rename");
    REQUIRE(rename->isEnabled());

    const auto editTo = [&](const QString &text) {
        rename->trigger();
        auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        REQUIRE(editor != nullptr);
        editor->selectAll();
        if (text.isEmpty())
            QTest::keyClick(editor, Qt::Key_Delete);
        else
            editor->insert(text); // as an input method commits Hangul (keyClicks is ASCII only)
        QTest::keyClick(editor, Qt::Key_Return);
        QApplication::processEvents();
    };
    QSignalSpy opened(&view, &LibraryView::openSession);
    editTo(QStringLiteral("Renamed, \"still\" 리아"));
    CHECK(opened.isEmpty()); // the Return closed the editor, it did not open the session
    CHECK(stored(db, ids.odd).label == QStringLiteral("Renamed, \"still\" 리아"));
    CHECK(cell(view, ids.odd, SessionListModel::Label) ==
          QStringLiteral("Renamed, \"still\" 리아"));
    CHECK(view.messageBar()->isHidden());

    editTo(QStringLiteral("   "));
    CHECK(stored(db, ids.odd).label == QStringLiteral("Renamed, \"still\" 리아"));
    CHECK(view.messageBar()->isVisible());
    CHECK(view.messageBar()->kind() == MessageBar::Kind::Error);
    CHECK(view.messageBar()->text().contains("needs a label"));

    // Two selected: renaming is for one session at a time.
    view.selectSessions({ids.odd, ids.second});
    CHECK_FALSE(rename->isEnabled());
}

TEST_CASE("library: notes and tags are edited in a dialog and stored", "[gui][library]")
{
    TempDir dir;
    SessionIds ids;
    const QString db = copyDatabase(dir, &ids);
    LibraryView view;
    view.setDatabase(db);
    view.selectSessions({ids.second});
    QAction *edit = action(view, "Edit Notes and Tags…");
    REQUIRE(edit->isEnabled());

    // Cancel changes nothing.
    auto answered = whenShown<cipherwatt::gui::NotesTagsDialog>([](auto &dialog) {
        dialog.template findChild<QPlainTextEdit *>("notes")->setPlainText("not kept");
        dialog.reject();
    });
    edit->trigger();
    REQUIRE(*answered);
    CHECK(stored(db, ids.second).notes.isEmpty());

    answered = whenShown<cipherwatt::gui::NotesTagsDialog>([](auto &dialog) {
        auto *notes = dialog.template findChild<QPlainTextEdit *>("notes");
        auto *tags = dialog.template findChild<QLineEdit *>("tags");
        REQUIRE(notes != nullptr);
        REQUIRE(tags != nullptr);
        CHECK(tags->text() == "chacha, x86");
        notes->setPlainText(QStringLiteral("Second board, \"rev B\".\nHeatsink on."));
        tags->setText(QStringLiteral("x86, chacha , rev-b,, x86"));
        saveGrab(dialog, QStringLiteral("dialog-notes-tags"));
        dialog.template findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save)->click();
    });
    edit->trigger();
    REQUIRE(*answered);
    const SessionSummary s = stored(db, ids.second);
    CHECK(s.notes == QStringLiteral("Second board, \"rev B\".\nHeatsink on."));
    CHECK(s.tags == QStringList{"chacha", "rev-b", "x86"});
    CHECK(cell(view, ids.second, SessionListModel::Tags) == "chacha, rev-b, x86");
    // The new notes are searchable at once.
    view.findChild<QLineEdit *>("search")->setText(QStringLiteral("heatsink"));
    CHECK(shownIds(view) == QList<qint64>{ids.second});
}

TEST_CASE("library: delete asks first, says what goes with the session, and removes it all",
          "[gui][library]")
{
    TempDir dir;
    SessionIds ids;
    const QString db = copyDatabase(dir, &ids);
    const SessionData odd = cipherwatt::test::loadSession(db, ids.odd);
    REQUIRE(odd.samples.size() > 50);
    LibraryView view;
    view.setDatabase(db);
    view.selectSessions({ids.odd});
    QAction *remove = action(view, "Delete…");
    REQUIRE(remove->isEnabled());
    QSignalSpy changed(&view, &LibraryView::sessionsChanged);

    QString text;
    QString details;
    auto answered = whenShown<QMessageBox>([&](QMessageBox &box) {
        text = box.text();
        details = box.informativeText();
        saveGrab(box, QStringLiteral("dialog-delete"));
        CHECK(box.defaultButton() == buttonWithRole(box, QMessageBox::RejectRole));
        box.defaultButton()->click(); // Cancel
    });
    remove->trigger();
    REQUIRE(waitUntil([&] { return *answered; }));
    CHECK(text.contains(QString::number(ids.odd)));
    CHECK(text.contains(QStringLiteral("LEA, \"fast\" & CHAM ↵ 두 번째 줄 (리아)")));
    CHECK(details.contains(QStringLiteral("%1 runs").arg(odd.runs.size())));
    CHECK(details.contains(QStringLiteral("%1 meter updates").arg(odd.samples.size())));
    CHECK(details.contains("cannot be undone"));
    QApplication::processEvents();
    CHECK(view.sessionModel()->rowCount() == 3);
    CHECK(changed.isEmpty());

    answered = whenShown<QMessageBox>([](QMessageBox &box) {
        QPushButton *b = buttonWithRole(box, QMessageBox::DestructiveRole);
        REQUIRE(b != nullptr);
        CHECK(b->text() == "Delete");
        b->click();
    });
    remove->trigger();
    REQUIRE(waitUntil([&] { return *answered && view.sessionModel()->rowCount() == 2; }));
    CHECK(changed.size() == 1);
    auto storage = Storage::open(db);
    REQUIRE(storage.ok());
    const auto gone = (*storage)->load(ids.odd);
    REQUIRE_FALSE(gone.ok());
    CHECK(gone.error().code == core::ErrorCode::NotFound);
    CHECK((*storage)->load(ids.second).ok());
    CHECK(view.messageBar()->text().contains("deleted"));
}

TEST_CASE("library: a session being measured cannot be deleted", "[gui][library]")
{
    TempDir dir;
    SessionIds ids;
    const QString db = copyDatabase(dir, &ids);
    qint64 running = 0;
    const auto runner = startRunningSession(db, &running);
    LibraryView view;
    view.setDatabase(db);
    view.selectSessions({running});
    bool asked = false;
    auto answered = whenShown<QMessageBox>(
        [&](QMessageBox &box) {
            asked = true;
            box.reject();
        },
        1500);
    action(view, "Delete…")->trigger();
    QTest::qWait(1600);
    CHECK_FALSE(asked);
    CHECK(view.messageBar()->kind() == MessageBar::Kind::Error);
    CHECK(view.messageBar()->text().contains("being measured"));
    CHECK(view.sessionModel()->rowOf(running) >= 0);
    auto storage = Storage::open(db);
    REQUIRE(storage.ok());
    CHECK((*storage)->load(running).ok());
}

TEST_CASE("library: export writes the reports and the CSVs, then offers to open them",
          "[gui][library]")
{
    TempDir dir;
    SessionIds ids;
    const QString db = copyDatabase(dir, &ids);
    const QString out = QString::fromStdString(dir.path().string());
    LibraryView view;
    view.setDatabase(db);
    view.selectSessions({ids.odd, ids.second});
    QSignalSpy finished(&view, &LibraryView::exportFinished);
    auto answered = whenShown<cipherwatt::gui::ExportDialog>([&](auto &dialog) {
        dialog.template findChild<QLineEdit *>("pdfPath")->setText(out + "/report.pdf");
        dialog.template findChild<QLineEdit *>("runsPath")->setText(out + "/runs.csv");
        auto *samples = dialog.template findChild<QCheckBox *>("samplesCheck");
        REQUIRE_FALSE(samples->isChecked());
        samples->setChecked(true);
        dialog.template findChild<QLineEdit *>("samplesPath")->setText(out + "/samples.csv");
        saveGrab(dialog, QStringLiteral("dialog-export"));
        dialog.accept();
    });
    action(view, "Export…")->trigger();
    REQUIRE(*answered);
    REQUIRE(waitUntil([&] { return !finished.isEmpty(); }, 120000));
    const QStringList written = finished.front().at(0).toStringList();
    INFO(finished.front().at(1).toString().toStdString());
    CHECK(finished.front().at(1).toString().isEmpty());
    // The sessions in the order shown (newest first), each with its report.
    const QString pdfOdd = out + QStringLiteral("/report-%1.pdf").arg(ids.odd);
    const QString pdfSecond = out + QStringLiteral("/report-%1.pdf").arg(ids.second);
    CHECK(written == QStringList{pdfSecond, pdfOdd, out + "/runs.csv", out + "/samples.csv"});
    for (const QString &pdf : {pdfOdd, pdfSecond}) {
        QFile f(pdf);
        REQUIRE(f.open(QIODevice::ReadOnly));
        CHECK(f.read(5) == "%PDF-");
        CHECK(f.size() > 10000);
    }
    const SessionData odd = cipherwatt::test::loadSession(db, ids.odd);
    const SessionData second = cipherwatt::test::loadSession(db, ids.second);
    const QList<QStringList> runs = readCsv(out + "/runs.csv");
    REQUIRE(runs.size() == 1 + static_cast<int>(odd.runs.size() + second.runs.size()));
    CHECK(runs.front().front() == "session");
    CHECK(runs.at(1).front() == QStringLiteral("S%1").arg(ids.second));
    CHECK(runs.back().front() == QStringLiteral("S%1").arg(ids.odd));
    const QList<QStringList> samples = readCsv(out + "/samples.csv");
    CHECK(samples.size() == 1 + static_cast<int>(odd.samples.size() + second.samples.size()));

    // The result, with Open and Open Folder.
    MessageBar *bar = view.messageBar();
    CHECK(bar->kind() == MessageBar::Kind::Positive);
    CHECK(bar->text().contains("4 files"));
    REQUIRE(bar->buttons().size() == 2);
    CHECK(bar->buttons().at(0)->text() == "Open");
    CHECK(
        bar->buttons().at(0)->toolTip().contains(QStringLiteral("report-%1.pdf").arg(ids.second)));
    CHECK(bar->buttons().at(1)->text() == "Open Folder");
}

TEST_CASE("library: Open and Compare Selected give the window the sessions' ids", "[gui][library]")
{
    TempDir dir;
    SessionIds ids;
    LibraryView view;
    view.resize(1100, 600);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    view.setDatabase(copyDatabase(dir, &ids));
    QSignalSpy opened(&view, &LibraryView::openSession);
    QSignalSpy compare(&view, &LibraryView::compareRequested);

    // Double-click on a row.
    const QAbstractItemModel *model = view.table()->model();
    const int row = static_cast<int>(shownIds(view).indexOf(ids.second));
    const QRect rect = view.table()->visualRect(model->index(row, SessionListModel::Dut));
    // What the window system sends for a double-click: a click, then the double-click.
    QTest::mouseClick(view.table()->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(view.table()->viewport(), Qt::LeftButton, {}, rect.center());
    REQUIRE(opened.size() == 1);
    CHECK(opened.takeFirst().at(0).toLongLong() == ids.second);

    // Enter on the selected row.
    view.selectSessions({ids.odd});
    view.table()->setFocus();
    QTest::keyClick(view.table(), Qt::Key_Return);
    REQUIRE(opened.size() == 1);
    CHECK(opened.takeFirst().at(0).toLongLong() == ids.odd);

    // The Open button.
    action(view, "Open")->trigger();
    REQUIRE(opened.size() == 1);
    CHECK(opened.takeFirst().at(0).toLongLong() == ids.odd);

    QAction *compareAction = action(view, "Compare Selected");
    CHECK_FALSE(compareAction->isEnabled());
    view.selectSessions({ids.odd, ids.cancelled});
    REQUIRE(compareAction->isEnabled());
    compareAction->trigger();
    REQUIRE(compare.size() == 1);
    // In the order shown (newest first).
    CHECK(compare.front().at(0).value<QList<qint64>>() == QList<qint64>{ids.cancelled, ids.odd});
}

TEST_CASE("library: a database from a newer version is one clear message, not a crash",
          "[gui][library]")
{
    TempDir dir;
    const QString db = QString::fromStdString((dir.path() / "newer.sqlite").string());
    {
        QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "newer");
        sql.setDatabaseName(db);
        REQUIRE(sql.open());
        QSqlQuery q(sql);
        REQUIRE(q.exec(QStringLiteral("CREATE TABLE sessions (id INTEGER PRIMARY KEY)")));
        REQUIRE(q.exec(QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId)));
        REQUIRE(q.exec(QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion + 1)));
        sql.close();
    }
    QSqlDatabase::removeDatabase("newer");
    LibraryView view;
    view.setDatabase(db);
    CHECK(view.sessionModel()->rowCount() == 0);
    MessageBar *bar = view.messageBar();
    CHECK_FALSE(bar->isHidden());
    CHECK(bar->kind() == MessageBar::Kind::Error);
    CHECK(bar->text().contains("cannot be opened"));
    CHECK(bar->text().contains("newer CipherWatt"));
    auto *placeholder = view.findChild<QLabel *>("placeholder");
    CHECK(placeholder->text() == "No session library is open.");
    CHECK_FALSE(action(view, "Export…")->isEnabled());
    view.refresh(); // still refused, still one message
    CHECK(bar->text().contains("newer CipherWatt"));
    screenshot(view, lightPalette(), QStringLiteral("library-newer-database"), {1000, 420});
}

TEST_CASE("library: screenshots in light and dark palettes", "[gui][library]")
{
    TempDir dir;
    SessionIds ids;
    const QString db = copyDatabase(dir, &ids);
    {
        LibraryView view;
        view.setDatabase(db);
        view.selectSessions({ids.odd, ids.second});
        CHECK(QFile::exists(screenshot(view, lightPalette(), QStringLiteral("library-light"))));
        CHECK(QFile::exists(screenshot(view, darkPalette(), QStringLiteral("library-dark"))));
        // Every control says what it does.
        for (QWidget *w : view.findChildren<QWidget *>()) {
            if (qobject_cast<QPushButton *>(w) != nullptr ||
                qobject_cast<QLineEdit *>(w) != nullptr ||
                qobject_cast<QComboBox *>(w) != nullptr) {
                INFO(w->metaObject()->className() << " " << w->objectName().toStdString());
                CHECK_FALSE(w->toolTip().isEmpty());
            }
        }
    }
    TempDir empty;
    LibraryView view;
    view.setDatabase(QString::fromStdString((empty.path() / "new.sqlite").string()));
    CHECK(view.findChild<QLabel *>("placeholder")->text() ==
          "No sessions yet: start one from the Measure page.");
    screenshot(view, darkPalette(), QStringLiteral("library-empty-dark"), {1000, 420});
}
