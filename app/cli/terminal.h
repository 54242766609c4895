#pragma once

// Questions on the terminal (stdin, prompts on stderr), for the SSH link's callbacks: they are
// asked from the DUT thread while the main thread keeps handling Ctrl-C, which abandons them.

#include <QString>

#include <optional>

namespace cipherwatt::cli {

bool stdinIsTerminal();

// "y" or "yes" (any case) is yes; anything else, end of input or abandonPrompts() is no.
bool askYesNo(const QString &question);
// One line; without echo for secrets. nullopt on end of input or abandonPrompts().
std::optional<QString> askLine(const QString &prompt, bool echo);

// Every open and later question answers "no" / nothing (Ctrl-C while a question waits).
void abandonPrompts();

} // namespace cipherwatt::cli
