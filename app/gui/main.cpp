// cipherwatt: the CipherWatt window (DESIGN.md, "cipherwatt").

#include "icons.h"
#include "main_window.h"
#include "translations.h"

#include <cipherwatt/core/dut.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>

int main(int argc, char *argv[])
{
    QElapsedTimer launch;
    launch.start();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("cipherwatt"));
    QApplication::setApplicationDisplayName(QStringLiteral("CipherWatt"));
    QApplication::setOrganizationName(QStringLiteral("CipherWatt"));
    QApplication::setApplicationVersion(QStringLiteral(CIPHERWATT_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("org.cipherwatt.CipherWatt"));
    QApplication::setWindowIcon(cipherwatt::gui::applicationIcon());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The CipherWatt window: measures what encryption costs in energy with a Yokogawa WT300 "
        "power meter, stores every session and compares them."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption database(
        QStringLiteral("db"),
        QStringLiteral("The session database (default: the last one used, or "
                       "~/.local/share/cipherwatt/sessions.sqlite)."),
        QStringLiteral("path"));
    const QCommandLineOption worker(
        QStringLiteral("worker"),
        QStringLiteral("The local cipherwatt-bench (default: beside this program, or PATH)."),
        QStringLiteral("path"));
    const QCommandLineOption sysfsRoot(
        QStringLiteral("sysfs-root"),
        QStringLiteral("Where the local worker finds /sys (a fake tree for tests)."),
        QStringLiteral("dir"));
    const QCommandLineOption language(
        QStringLiteral("language"),
        QStringLiteral("The window's language: en or ko (default: the setting, or the system's)."),
        QStringLiteral("code"));
    const QCommandLineOption launchTime(
        QStringLiteral("print-launch-time"),
        QStringLiteral("Print the time from start to a shown window, then quit (benchmark)."));
    parser.addOptions({database, worker, sysfsRoot, language, launchTime});
    parser.process(app);

    const QString code = cipherwatt::gui::installTranslations(
        parser.isSet(language) ? parser.value(language) : cipherwatt::gui::savedLanguage());
    if (parser.isSet(language) && code.isEmpty()) {
        std::fprintf(stderr, "cipherwatt: --language: no translation for '%s' (en, ko)\n",
                     qPrintable(parser.value(language)));
        return 1;
    }

    cipherwatt::gui::MainWindowOptions options;
    options.databasePath = parser.value(database);
    options.localWorker.program = parser.value(worker);
    options.localWorker.sysfsRoot = parser.value(sysfsRoot);
    cipherwatt::gui::MainWindow window(options);
    window.show();
    if (parser.isSet(launchTime)) {
        // The first event-loop turn after show(): the window has been laid out and painted.
        QTimer::singleShot(0, &window, [&] {
            std::printf("launch to usable window: %.0f ms\n",
                        static_cast<double>(launch.nsecsElapsed()) / 1e6);
            QApplication::quit();
        });
    }
    return QApplication::exec();
}
