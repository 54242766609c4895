#pragma once

// What the core and the meter report, in the window's language. They make every message in
// English (the database, the files, the logs and cipherwatt-cli keep it so); the window passes
// what it shows of them through translatedMessage(): warnings, notes, why a session or a run
// ended, analysis flags, phase labels, errors (cipherwatt/instruments/message.h).

#include <QString>

namespace cipherwatt::core {

// `english` in the language of the installed translators; itself when there are none, or when
// it was not made from one of the core's or the instruments' message templates.
QString translatedMessage(const QString &english);

} // namespace cipherwatt::core
