#pragma once

// Messages in the operator's language, without translating what is kept.
//
// Every module makes its messages (errors, warnings, analysis flags, why a session ended) in
// English, from templates marked for translation with QT_TRANSLATE_NOOP: logs, the command
// line, the database, CSV and PDF files keep them in English. The window shows them in its
// language: MessageTranslator finds the template an English message was made from and fills
// the template's translation with the same arguments, which it translates in turn when they
// are such messages themselves ("DUT local: the worker crashed"). A message made from no
// known template stays as it is.

#include <QRegularExpression>
#include <QString>

#include <span>
#include <vector>

namespace cipherwatt::instruments {

// The English text of a message template (QT_TRANSLATE_NOOP), for .arg() as usual. Templates
// have %1, %2, ... where the arguments go, never two of them side by side, so that a message
// can be taken apart again.
inline QString english(const char *source)
{
    return QString::fromUtf8(source);
}

// The templates of one translation context.
struct MessageCatalogue
{
    const char *context;
    std::span<const char *const> sources;
};

class MessageTranslator
{
public:
    explicit MessageTranslator(const std::vector<MessageCatalogue> &catalogues);

    // `text` in the language of the application's translators (itself when none is installed
    // or it matches no template).
    QString translate(const QString &text) const;

private:
    struct Pattern
    {
        const char *context = nullptr;
        const char *source = nullptr;
        QRegularExpression expression; // anchored, one capture per argument
        std::vector<int> arguments;    // the argument numbers, in the order captured
        qsizetype literal = 0;         // characters that are not arguments
    };

    QString translate(const QString &text, int depth) const;

    struct Plain
    {
        const char *context = nullptr;
        const char *source = nullptr;
        QString text;
    };

    std::vector<Plain> m_plain;      // no arguments
    std::vector<Pattern> m_patterns; // the most specific first
};

// Replaces %1 to %99 in `translation` by arguments[number - 1] in one pass (an argument that
// contains "%2" stays as it is).
QString fillArguments(const QString &translation, const QStringList &arguments);

// The messages of the instruments module: what opening, configuring and reading a meter may
// report.
std::vector<MessageCatalogue> messageCatalogues();

} // namespace cipherwatt::instruments
