#pragma once

#include <cipherwatt/instruments/message.h>

#include <QStringList>

namespace cipherwatt::cli {

// Exit codes (DESIGN.md): 0 success, 1 usage error, 2 failure with a one-line reason.
enum ExitCode { ExitOk = 0, ExitUsage = 1, ExitFailure = 2 };

int meterCommand(const QStringList &args);
// run, sessions, show
int sessionCommand(const QString &command, const QStringList &args);
// export, compare
int exportCommand(const QString &command, const QStringList &args);
// copy --from <db> --to <db> [<id>...]
int copyCommand(const QStringList &args);
// sync --db <uri>
int syncCommand(const QStringList &args);

// One line on stderr, prefixed with the program name.
void printError(const QString &message);
void printNote(const QString &message);
// A message in English, as the command line writes every message.
inline void printError(const instruments::Message &message)
{
    printError(message.english());
}
inline void printNote(const instruments::Message &message)
{
    printNote(message.english());
}

} // namespace cipherwatt::cli
