#include "messages.h"

#include <cipherwatt/instruments/message.h>

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QMutex>

#include <vector>

namespace cipherwatt::instruments {

namespace {

// Deep enough for "DUT ssh://lab@pi4:22: timeout: no reply from ... within 3000 ms".
constexpr int kMaxDepth = 6;

// Where the next %1 to %99 starts in `text` from `from`, with its number and length; -1 when
// there is none.
qsizetype nextArgument(const QString &text, qsizetype from, int *number, qsizetype *length)
{
    for (qsizetype i = text.indexOf(QLatin1Char('%'), from); i >= 0 && i + 1 < text.size();
         i = text.indexOf(QLatin1Char('%'), i + 1)) {
        const int first = text[i + 1].digitValue();
        if (first < 1)
            continue;
        const int second = i + 2 < text.size() ? text[i + 2].digitValue() : -1;
        *number = second >= 0 ? first * 10 + second : first;
        *length = second >= 0 ? 3 : 2;
        return i;
    }
    return -1;
}

struct Registry
{
    QMutex mutex;
    QHash<QString, const MessageTemplate *> byId;
    std::vector<const void *> registered; // catalogues already in byId
};

Registry &registry()
{
    static Registry r;
    return r;
}

} // namespace

Message Message::plain(const QString &text)
{
    Message m;
    m.m_text = text;
    return m;
}

Message Message::joined(const QList<Message> &parts, const QString &separator)
{
    Message m;
    m.m_joined = true;
    m.m_text = separator;
    m.m_arguments = parts;
    return m;
}

Message Message::arg(const Message &argument) const
{
    Message m = *this;
    m.m_arguments.append(argument);
    return m;
}

QString Message::id() const
{
    return m_template ? QString::fromLatin1(m_template->id) : QString();
}

// Replaces %1 to %99 in `pattern` by the arguments in one pass: an argument that contains "%2"
// stays as it is; a number with no argument stays in the text.
QString Message::fill(const QString &pattern, bool translate) const
{
    QString out;
    qsizetype from = 0;
    int number = 0;
    qsizetype length = 0;
    for (qsizetype at = nextArgument(pattern, from, &number, &length); at >= 0;
         at = nextArgument(pattern, from, &number, &length)) {
        out += QStringView(pattern).mid(from, at - from);
        if (number <= m_arguments.size()) {
            const Message &a = m_arguments[number - 1];
            out += translate ? a.translated() : a.english();
        } else {
            out += QStringView(pattern).mid(at, length);
        }
        from = at + length;
    }
    out += QStringView(pattern).mid(from);
    return out;
}

QString Message::english() const
{
    if (m_joined)
        return englishTexts(m_arguments).join(m_text);
    if (!m_template)
        return m_text;
    return fill(QString::fromUtf8(m_template->source), false);
}

QString Message::translated() const
{
    if (m_joined)
        return translatedTexts(m_arguments).join(m_text);
    if (!m_template)
        return m_text;
    return fill(QCoreApplication::translate(m_template->context, m_template->source), true);
}

QJsonObject Message::toJson() const
{
    QJsonObject out;
    if (m_joined) {
        QJsonArray args;
        for (const Message &a : m_arguments)
            args.append(a.toJson());
        out.insert(QStringLiteral("join"), m_text);
        out.insert(QStringLiteral("args"), args);
    } else if (m_template) {
        out.insert(QStringLiteral("id"), id());
        QJsonArray args;
        for (const Message &a : m_arguments)
            args.append(a.toJson());
        if (!args.isEmpty())
            out.insert(QStringLiteral("args"), args);
    }
    out.insert(QStringLiteral("text"), english());
    return out;
}

Message Message::fromJson(const QJsonObject &json)
{
    return fromJson(json, 0);
}

Message Message::fromJson(const QJsonObject &json, int depth)
{
    const QString text = json.value(QStringLiteral("text")).toString();
    if (json.contains(QStringLiteral("join")) && depth < kMaxDepth) {
        QList<Message> parts;
        for (const QJsonValue &a : json.value(QStringLiteral("args")).toArray())
            parts.append(fromJson(a.toObject(), depth + 1));
        return joined(parts, json.value(QStringLiteral("join")).toString());
    }
    const MessageTemplate *tmpl =
        depth < kMaxDepth ? findMessage(json.value(QStringLiteral("id")).toString()) : nullptr;
    if (!tmpl)
        return plain(text);
    Message m(*tmpl);
    for (const QJsonValue &a : json.value(QStringLiteral("args")).toArray())
        m.m_arguments.append(fromJson(a.toObject(), depth + 1));
    // A template whose text changed since the message was stored (its arguments no longer
    // fit) is shown as it was stored.
    if (m.english() != text)
        return plain(text);
    return m;
}

bool operator==(const Message &a, const Message &b)
{
    return a.m_template == b.m_template && a.m_text == b.m_text && a.m_arguments == b.m_arguments &&
           a.m_joined == b.m_joined;
}

QStringList englishTexts(const QList<Message> &messages)
{
    QStringList out;
    for (const Message &m : messages)
        out << m.english();
    return out;
}

QStringList translatedTexts(const QList<Message> &messages)
{
    QStringList out;
    for (const Message &m : messages)
        out << m.translated();
    return out;
}

void registerMessages(MessageCatalogue catalogue)
{
    Registry &r = registry();
    const QMutexLocker lock(&r.mutex);
    if (std::find(r.registered.begin(), r.registered.end(), catalogue.data()) != r.registered.end())
        return;
    r.registered.push_back(catalogue.data());
    for (const MessageTemplate *t : catalogue)
        r.byId.insert(QString::fromLatin1(t->id), t);
}

const MessageTemplate *findMessage(const QString &id)
{
    if (id.isEmpty())
        return nullptr;
    registerMessages(messageCatalogue()); // the instruments' own are always known
    Registry &r = registry();
    const QMutexLocker lock(&r.mutex);
    return r.byId.value(id, nullptr);
}

} // namespace cipherwatt::instruments

namespace cipherwatt::instruments {

MessageCatalogue messageCatalogue()
{
    static constexpr const MessageTemplate *kAll[] = {
        &msg::kBadResource,
        &msg::kNotFound,
        &msg::kAccess,
        &msg::kIo,
        &msg::kTimeout,
        &msg::kProtocol,
        &msg::kInstrument,
        &msg::kUnsupported,
        &msg::kDisconnected,
        &msg::kCancelled,
        &msg::kError,
        &msg::kWithDetail,
        &msg::kBadMeterResource,
        &msg::kNothingAfter,
        &msg::kUnknownKind,
        &msg::kResourceNeeds,
        &msg::kFieldControl,
        &msg::kFieldNumber,
        &msg::kFieldName,
        &msg::kFieldBadHost,
        &msg::kKindAuto,
        &msg::kKindAutoHelp,
        &msg::kKindUsb,
        &msg::kKindUsbHelp,
        &msg::kKindTcp,
        &msg::kKindTcpHelp,
        &msg::kKindSerial,
        &msg::kKindSerialHelp,
        &msg::kKindSim,
        &msg::kKindSimHelp,
        &msg::kFieldUsbDevice,
        &msg::kFieldUsbDeviceHelp,
        &msg::kFieldHostLabel,
        &msg::kFieldTcpHostHelp,
        &msg::kFieldPort,
        &msg::kFieldTcpPortHelp,
        &msg::kFieldSerialDevice,
        &msg::kFieldSerialDeviceHelp,
        &msg::kFieldBaud,
        &msg::kFieldBaudHelp,
        &msg::kFieldProfile,
        &msg::kFieldProfileHelp,
        &msg::kCannotConnect,
        &msg::kTimedOut,
        &msg::kNoReplyFrom,
        &msg::kConnectionLost,
        &msg::kCannotOpenSerial,
        &msg::kNoUsbtmcMatch,
        &msg::kCannotListUsb,
        &msg::kSimulatedDropped,
        &msg::kSimulatedRefused,
        &msg::kSimulatedSilent,
        &msg::kSimulatedLink,
        &msg::kMeterClosed,
        &msg::kNoReplyTo,
        &msg::kRefused,
        &msg::kNoSuchElement,
        &msg::kNoFunctions,
        &msg::kRateNotApplied,
        &msg::kNotIdentified,
        &msg::kNotWt300,
        &msg::kIntegratorHeld,
        &msg::kAutoRange,
        &msg::kLinkTooSlow,
        &msg::kNoMeterOpen,
        &msg::kStopBeforeConfiguring,
        &msg::kCrestFactorUnknown,
        &msg::kDifferentMeter,
        &msg::kMeterRetrying,
        &msg::kMeterResynchronised,
        &msg::kMeterReconnected,
        &msg::kMeterGaveUp,
    };
    return kAll;
}

} // namespace cipherwatt::instruments
