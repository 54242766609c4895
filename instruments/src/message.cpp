#include "messages.h"

#include <cipherwatt/instruments/message.h>

#include <QCoreApplication>

#include <algorithm>

namespace cipherwatt::instruments {

namespace {

// Deep enough for "meter sim: timeout: no reply from ... within 3000 ms".
constexpr int kMaxDepth = 4;

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

} // namespace

QString fillArguments(const QString &translation, const QStringList &arguments)
{
    QString out;
    qsizetype from = 0;
    int number = 0;
    qsizetype length = 0;
    for (qsizetype at = nextArgument(translation, from, &number, &length); at >= 0;
         at = nextArgument(translation, from, &number, &length)) {
        out += QStringView(translation).mid(from, at - from);
        if (number <= arguments.size())
            out += arguments[number - 1];
        else
            out += QStringView(translation).mid(at, length);
        from = at + length;
    }
    out += QStringView(translation).mid(from);
    return out;
}

MessageTranslator::MessageTranslator(const std::vector<MessageCatalogue> &catalogues)
{
    for (const MessageCatalogue &catalogue : catalogues) {
        for (const char *source : catalogue.sources) {
            const QString text = english(source);
            Pattern pattern;
            pattern.context = catalogue.context;
            pattern.source = source;
            QString expression;
            qsizetype from = 0;
            int number = 0;
            qsizetype length = 0;
            for (qsizetype at = nextArgument(text, from, &number, &length); at >= 0;
                 at = nextArgument(text, from, &number, &length)) {
                const QString literal = text.mid(from, at - from);
                expression += QRegularExpression::escape(literal) + QStringLiteral("(.*?)");
                pattern.literal += literal.size();
                pattern.arguments.push_back(number);
                from = at + length;
            }
            if (pattern.arguments.empty()) {
                m_plain.push_back({catalogue.context, source, text});
                continue;
            }
            expression += QRegularExpression::escape(text.mid(from));
            pattern.literal += text.size() - from;
            pattern.expression = QRegularExpression(QRegularExpression::anchoredPattern(expression),
                                                    QRegularExpression::DotMatchesEverythingOption);
            m_patterns.push_back(std::move(pattern));
        }
    }
    // "DUT %1: %2" before "%1: %2": the template with the most fixed text wins.
    std::stable_sort(m_patterns.begin(), m_patterns.end(),
                     [](const Pattern &a, const Pattern &b) { return a.literal > b.literal; });
}

QString MessageTranslator::translate(const QString &text) const
{
    return translate(text, 0);
}

QString MessageTranslator::translate(const QString &text, int depth) const
{
    if (text.isEmpty() || depth > kMaxDepth)
        return text;
    for (const Plain &plain : m_plain) {
        if (text == plain.text)
            return QCoreApplication::translate(plain.context, plain.source);
    }
    for (const Pattern &pattern : m_patterns) {
        const QRegularExpressionMatch match = pattern.expression.match(text);
        if (!match.hasMatch())
            continue;
        QStringList arguments;
        for (std::size_t k = 0; k < pattern.arguments.size(); ++k) {
            const qsizetype index = pattern.arguments[k] - 1;
            while (arguments.size() <= index)
                arguments << QString();
            arguments[index] = translate(match.captured(static_cast<int>(k) + 1), depth + 1);
        }
        return fillArguments(QCoreApplication::translate(pattern.context, pattern.source),
                             arguments);
    }
    return text;
}

std::vector<MessageCatalogue> messageCatalogues()
{
    static constexpr const char *kErrors[] = {
        msg::kBadResource,  msg::kNotFound,  msg::kAccess,     msg::kIo,
        msg::kTimeout,      msg::kProtocol,  msg::kInstrument, msg::kUnsupported,
        msg::kDisconnected, msg::kCancelled, msg::kError,      msg::kWithDetail};
    static constexpr const char *kMeter[] = {
        msg::kBadMeterResource, msg::kTcpNeedsPort,      msg::kBadPort,
        msg::kBadBaud,          msg::kSerialNeedsDevice, msg::kNothingAfter,
        msg::kUnknownKind,      msg::kCannotConnect,     msg::kTimedOut,
        msg::kNoReplyFrom,      msg::kConnectionLost,    msg::kCannotOpenSerial,
        msg::kNoUsbtmcMatch,    msg::kCannotListUsb,     msg::kSimulatedDropped,
        msg::kSimulatedSilent,  msg::kSimulatedLink,     msg::kMeterClosed,
        msg::kNoReplyTo,        msg::kRefused,           msg::kNoSuchElement,
        msg::kNoFunctions,      msg::kRateNotApplied,    msg::kNotIdentified,
        msg::kNotWt300,         msg::kIntegratorHeld,    msg::kAutoRange,
        msg::kLinkTooSlow,      msg::kNoMeterOpen,       msg::kStopBeforeConfiguring};
    return {{"cipherwatt::instruments::Error", kErrors},
            {"cipherwatt::instruments::Meter", kMeter}};
}

} // namespace cipherwatt::instruments
