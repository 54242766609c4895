#pragma once

// The window's language: CipherWatt's own messages (translations/cipherwatt_<lang>.qm,
// compiled in under :/i18n) and Qt's (qtbase_<lang>.qm from Qt's translations directory),
// chosen by the system locale or the operator's setting. The locale also becomes the default
// one, so numbers and dates on screen follow it (files and CSVs never do).

#include <QString>

namespace cipherwatt::gui {

// The language set in the window's settings ("en", "ko"), or empty for the system's.
QString savedLanguage();

// Installs the translators for `code` ("en", "ko", or empty for the system locale) on the
// application. Returns the language in use ("en" or "ko"), or empty when `code` names a
// language CipherWatt has no translation for.
QString installTranslations(const QString &code);

// The languages CipherWatt is translated into.
QStringList availableLanguages();

} // namespace cipherwatt::gui
