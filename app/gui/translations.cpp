#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace cipherwatt::gui {

QString savedLanguage()
{
    return QSettings().value(QStringLiteral("ui/language")).toString();
}

QStringList availableLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("ko")};
}

QString installTranslations(const QString &code)
{
    if (!code.isEmpty() && !availableLanguages().contains(code))
        return {};
    // A system language without a translation shows English (with its plural forms, from
    // cipherwatt_en.qm), not the source texts and another language's Qt dialogs.
    const QLocale system = QLocale::system();
    const QString language = !code.isEmpty()                        ? code
                             : system.language() == QLocale::Korean ? QStringLiteral("ko")
                                                                    : QStringLiteral("en");
    // English keeps the system's territory, and with it its number and date formats.
    const QLocale locale = language == QLatin1String("ko")
                               ? QLocale(QLocale::Korean, QLocale::SouthKorea)
                               : QLocale(QLocale::English, system.territory());
    QLocale::setDefault(locale);
    auto *app = QCoreApplication::instance();
    auto *own = new QTranslator(app);
    if (own->load(locale, QStringLiteral("cipherwatt"), QStringLiteral("_"),
                  QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(own);
    else
        delete own;
    auto *qt = new QTranslator(app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return language;
}

} // namespace cipherwatt::gui
