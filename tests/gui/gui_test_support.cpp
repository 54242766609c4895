#include "gui_test_support.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStyle>
#include <QTest>
#include <catch2/catch.hpp>

#include <session_helpers.h>

namespace cipherwatt::test::gui {

using namespace core;

namespace {

QString templatePath()
{
    return QStringLiteral(CIPHERWATT_GUI_SESSIONS);
}

SessionSettings settings(const QString &label, const QString &plan, const QStringList &tags)
{
    SessionSettings s;
    s.label = label;
    s.operatorName = QStringLiteral("김 연구원");
    s.tags = tags;
    s.meterResource = QStringLiteral("sim:") + QStringLiteral(CIPHERWATT_TEST_DATA) +
                      QStringLiteral("/sim/worker-threshold.profile");
    s.planSpec = plan;
    s.baselineSeconds = 3;
    s.runLength.kind = RunLength::Kind::Seconds;
    s.runLength.seconds = 3;
    s.minUpdates = 20;
    s.pinGovernor = false;
    return s;
}

} // namespace

void makeTemplateDatabase()
{
    const QFileInfo target(templatePath());
    QDir().mkpath(target.absolutePath());
    // Measured into a folder of its own and moved into place whole: a test that copies the
    // template never sees half of it.
    const QString work = target.absolutePath() +
                         QStringLiteral("/making-%1").arg(QCoreApplication::applicationPid());
    QDir(work).removeRecursively();
    QDir().mkpath(work);
    RunnerOptions options;
    options.databasePath = work + QStringLiteral("/sessions.sqlite");
    options.localWorker.program = QStringLiteral(CIPHERWATT_BENCH_EXE);

    SessionSettings odd =
        settings(oddLabel(), QStringLiteral("aes-128-xts/openssl,lea-128-xts/custom:encrypt"),
                 {QStringLiteral("x86"), QStringLiteral("lea-study")});
    odd.notes = QStringLiteral("Lid closed, fan at 30 %.");
    REQUIRE(runSession(odd, options).status == SessionStatus::Complete);
    REQUIRE(runSession(settings(secondLabel(),
                                QStringLiteral("aes-128-xts/openssl,chacha20/botan:encrypt"),
                                {QStringLiteral("x86"), QStringLiteral("chacha")}),
                       options)
                .status == SessionStatus::Complete);
    const auto cancelled = runSession(
        settings(cancelledLabel(), QStringLiteral("aes-128-xts/openssl"), {QStringLiteral("x86")}),
        options, [](SessionRunner &runner) {
            QObject::connect(&runner, &SessionRunner::phaseChanged, &runner,
                             [&runner](PhaseKind kind) {
                                 if (kind == PhaseKind::Baseline)
                                     runner.cancel();
                             });
        });
    REQUIRE(cancelled.status == SessionStatus::Cancelled);

    QFile::remove(templatePath());
    REQUIRE(QFile::rename(options.databasePath, templatePath()));
    QDir(work).removeRecursively();
}

QString copyDatabase(const TempDir &dir, SessionIds *ids)
{
    static bool made = false;
    if (!QFileInfo::exists(templatePath()) && !made) {
        makeTemplateDatabase();
        made = true;
    }
    QString path = QString::fromStdString((dir.path() / "sessions.sqlite").string());
    QFile::remove(path);
    REQUIRE(QFile::copy(templatePath(), path));
    QFile(path).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    if (ids != nullptr) {
        auto storage = Storage::open(path);
        REQUIRE(storage.ok());
        auto list = (*storage)->sessions();
        REQUIRE(list.ok());
        for (const SessionSummary &s : *list) {
            if (s.label == oddLabel())
                ids->odd = s.id;
            else if (s.label == secondLabel())
                ids->second = s.id;
            else if (s.label == cancelledLabel())
                ids->cancelled = s.id;
        }
        REQUIRE(ids->odd > 0);
        REQUIRE(ids->second > 0);
        REQUIRE(ids->cancelled > 0);
    }
    return path;
}

bool waitUntil(const std::function<bool()> &done, int timeoutMs)
{
    return QTest::qWaitFor(done, timeoutMs);
}

QPalette lightPalette()
{
    return QApplication::style()->standardPalette();
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2d, 0x2f, 0x33);
    const QColor base(0x23, 0x25, 0x28);
    const QColor text(0xe8, 0xea, 0xed);
    const QColor dim(0x8a, 0x8f, 0x96);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x2b, 0x2d, 0x31));
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, dim);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x38, 0x3d));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
    p.setColor(QPalette::Midlight, QColor(0x3d, 0x40, 0x45));
    p.setColor(QPalette::Mid, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::Dark, QColor(0x1c, 0x1d, 0x20));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x7d, 0xd1));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb0, 0xf5));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, dim);
    return p;
}

QString saveGrab(QWidget &widget, const QString &name)
{
    const QString dir = QStringLiteral(CIPHERWATT_GUI_ARTIFACTS_DIR);
    REQUIRE(QDir().mkpath(dir));
    QApplication::processEvents();
    const QString path = dir + QLatin1Char('/') + name + QStringLiteral(".png");
    CHECK(widget.grab().save(path));
    return path;
}

QString screenshot(QWidget &widget, const QPalette &palette, const QString &name, QSize size)
{
    const QPalette before = QApplication::palette();
    QApplication::setPalette(palette);
    widget.resize(size);
    widget.show();
    REQUIRE(QTest::qWaitForWindowExposed(&widget));
    QTest::qWait(100);
    const QString dir = QStringLiteral(CIPHERWATT_GUI_ARTIFACTS_DIR);
    QDir().mkpath(dir);
    QString path = dir + QLatin1Char('/') + name + QStringLiteral(".png");
    REQUIRE(widget.grab().save(path));
    QApplication::setPalette(before);
    return path;
}

} // namespace cipherwatt::test::gui

// The "make the test sessions" fixture of ctest: hidden from the list of tests, run by its tag.
TEST_CASE("make the test sessions", "[.make-sessions]")
{
    cipherwatt::test::gui::makeTemplateDatabase();
}
