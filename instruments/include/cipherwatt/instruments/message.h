#pragma once

// Messages by identifier.
//
// Every message an operator reads (an error, a warning, an analysis flag, why a session ended)
// is made from a template: a stable identifier, a translation context and English text with
// %1, %2, ... marked for lupdate with QT_TRANSLATE_NOOP. A Message is that template with its
// arguments, each a text or a message of its own. Logs, cipherwatt-cli, the database, the CSV
// and PDF files keep english(); the window shows translated(), which looks the template up by
// its identifier, never by its English text. Text from outside (libssh, the worker, the meter's
// error queue) is a plain message: shown as it is.
//
// A template lives in its module's messages.h:
//
//     inline constexpr MessageTemplate kDutFailed{
//         "core.dut-failed", "cipherwatt::core::SessionRunner",
//         QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "DUT %1: %2")};
//
// and is listed in its module's catalogue (messageCatalogue()), so that a message stored with
// its identifier is found again when a session is read back.

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <span>
#include <type_traits>

namespace cipherwatt::instruments {

struct MessageTemplate
{
    const char *id;      // stable; stored with the message ("core.dut-failed")
    const char *context; // the translation context lupdate sees
    const char *source;  // English, with %1 .. %99
};

class Message
{
public:
    Message() = default;
    Message(const MessageTemplate &tmpl) // NOLINT(google-explicit-constructor): reads as text
        : m_template(&tmpl)
    {}

    // Text from outside CipherWatt, shown as it is in every language.
    static Message plain(const QString &text);
    // Messages one after the other with `separator` between them, each in the language shown.
    static Message joined(const QList<Message> &parts, const QString &separator);

    // This message with its next argument (%1, then %2, ...), as QString::arg takes them.
    Message arg(const Message &argument) const;
    Message arg(const QString &a) const { return arg(plain(a)); }
    Message arg(const char *a) const { return arg(plain(QString::fromUtf8(a))); }
    Message arg(QLatin1String a) const { return arg(plain(QString(a))); }
    template<typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
    Message arg(T n) const
    {
        return arg(plain(QString::number(n)));
    }
    Message arg(double n, int fieldWidth = 0, char format = 'g', int precision = -1) const
    {
        return arg(plain(
            QString::number(n, format, precision).rightJustified(fieldWidth, QLatin1Char(' '))));
    }
    // Several arguments at once: .arg(a, b) is .arg(a).arg(b).
    template<typename A, typename B, typename... Rest>
    Message arg(const A &a, const B &b, const Rest &...rest) const
    {
        return arg(a).arg(b, rest...);
    }

    bool isEmpty() const
    {
        return m_template == nullptr && (m_joined ? m_arguments.isEmpty() : m_text.isEmpty());
    }
    bool isPlain() const { return m_template == nullptr && !m_joined; }
    // The template's identifier; empty for a plain message.
    QString id() const;
    const MessageTemplate *messageTemplate() const { return m_template; }
    const QList<Message> &arguments() const { return m_arguments; }

    QString english() const;
    // In the language of the installed translators (english() when none is installed).
    QString translated() const;

    // {"id": ..., "args": [...], "text": <English>}, or {"text": ...} for a plain message.
    QJsonObject toJson() const;
    // The message stored by toJson(). An identifier no catalogue knows (a newer CipherWatt's)
    // gives the stored English text as a plain message.
    static Message fromJson(const QJsonObject &json);

    friend bool operator==(const Message &a, const Message &b);

private:
    QString fill(const QString &pattern, bool translate) const;
    static Message fromJson(const QJsonObject &json, int depth);

    const MessageTemplate *m_template = nullptr;
    QString m_text; // a plain message's text; a joined one's separator
    QList<Message> m_arguments;
    bool m_joined = false;
};

// The English texts of `messages`, and the translated ones.
QStringList englishTexts(const QList<Message> &messages);
QStringList translatedTexts(const QList<Message> &messages);

// The templates of one module. Every module lists its own; fromJson() looks identifiers up in
// every catalogue registered so far (each module registers its own when first used).
using MessageCatalogue = std::span<const MessageTemplate *const>;
void registerMessages(MessageCatalogue catalogue);
const MessageTemplate *findMessage(const QString &id);

// The instruments module's templates (registered by it).
MessageCatalogue messageCatalogue();

} // namespace cipherwatt::instruments

Q_DECLARE_METATYPE(cipherwatt::instruments::Message)
