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
#include <optional>

namespace {

// The option's text in the window's language.
QString text(const char *source)
{
    return QCoreApplication::translate("cipherwatt::gui::CommandLine", source);
}

// --language as given, read before the parser exists: the parser's help and errors are then
// in the language chosen.
std::optional<QString> languageArgument(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &a = arguments[i];
        if (a == QLatin1String("--"))
            break;
        if (a == QLatin1String("--language"))
            return arguments.value(i + 1);
        if (a.startsWith(QLatin1String("--language=")))
            return a.mid(a.indexOf(QLatin1Char('=')) + 1);
    }
    return std::nullopt;
}

} // namespace

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

    // The setting, else the system's language; --language overrides both. (The options' value
    // names stay as they are: Hangul is twice as wide in a terminal and breaks the columns.)
    const std::optional<QString> requested = languageArgument(QCoreApplication::arguments());
    const QString code = cipherwatt::gui::installTranslations(
        requested ? *requested : cipherwatt::gui::savedLanguage());

    QCommandLineParser parser;
    parser.setApplicationDescription(
        text(QT_TRANSLATE_NOOP("cipherwatt::gui::CommandLine",
                               "The CipherWatt window: measures what encryption costs in energy "
                               "with a Yokogawa WT300 power meter, stores every session and "
                               "compares them.")));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption database(
        QStringLiteral("db"),
        text(QT_TRANSLATE_NOOP("cipherwatt::gui::CommandLine",
                               "The session database (default: the last one used, or "
                               "~/.local/share/cipherwatt/sessions.sqlite).")),
        QStringLiteral("path"));
    const QCommandLineOption worker(
        QStringLiteral("worker"),
        text(QT_TRANSLATE_NOOP("cipherwatt::gui::CommandLine",
                               "The local cipherwatt-bench (default: beside this program, or "
                               "PATH).")),
        QStringLiteral("path"));
    const QCommandLineOption sysfsRoot(
        QStringLiteral("sysfs-root"),
        text(QT_TRANSLATE_NOOP("cipherwatt::gui::CommandLine",
                               "Where the local worker finds /sys (a fake tree for tests).")),
        QStringLiteral("dir"));
    const QCommandLineOption language(
        QStringLiteral("language"),
        text(QT_TRANSLATE_NOOP("cipherwatt::gui::CommandLine",
                               "The window's language: en or ko (default: the setting, or the "
                               "system's).")),
        QStringLiteral("code"));
    const QCommandLineOption launchTime(
        QStringLiteral("print-launch-time"),
        text(QT_TRANSLATE_NOOP("cipherwatt::gui::CommandLine",
                               "Print the time from start to a shown window, then quit "
                               "(benchmark).")));
    parser.addOptions({database, worker, sysfsRoot, language, launchTime});
    parser.process(app);

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
