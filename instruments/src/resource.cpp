// Parsing and writing resource strings from their kinds' declarations (resource.h).

#include "messages.h"

#include <cipherwatt/instruments/resource.h>

#include <QHostAddress>
#include <QRegularExpression>
#include <QUrl>

namespace cipherwatt::instruments {

namespace {

bool hasControl(const QString &text)
{
    return std::any_of(text.begin(), text.end(),
                       [](QChar c) { return c.category() == QChar::Other_Control; });
}

bool isDigits(const QString &text)
{
    return !text.isEmpty() &&
           std::all_of(text.begin(), text.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

// Why `value` is not a valid `field`; an empty message when it is.
Message check(const ResourceField &field, const QString &value)
{
    const QString name = QString::fromLatin1(field.name);
    if (hasControl(value))
        return Message(msg::kFieldControl).arg(name);
    switch (field.type) {
    case ResourceField::Type::Integer: {
        bool ok = false;
        const qint64 n = value.toLongLong(&ok);
        if (!isDigits(value) || !ok || n < field.minimum || n > field.maximum)
            return Message(msg::kFieldNumber).arg(name).arg(field.minimum).arg(field.maximum);
        break;
    }
    case ResourceField::Type::Name: {
        static const QRegularExpression pattern(
            QStringLiteral("^[A-Za-z0-9._][A-Za-z0-9._-]{0,63}$"));
        if (!pattern.match(value).hasMatch())
            return Message(msg::kFieldName).arg(name);
        break;
    }
    case ResourceField::Type::Host: {
        static const QRegularExpression hostname(QStringLiteral(
            "^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}"
            "[A-Za-z0-9])?)*\\.?$"));
        if (!hostname.match(value).hasMatch() && QHostAddress(value).isNull())
            return Message(msg::kFieldBadHost).arg(value.left(64));
        break;
    }
    case ResourceField::Type::Text:
    case ResourceField::Type::Device:
    case ResourceField::Type::File:
    case ResourceField::Type::Flag:
        break;
    }
    return {};
}

std::vector<const ResourceField *> partsOf(const ResourceKind &kind)
{
    std::vector<const ResourceField *> out;
    for (const ResourceField &f : kind.fields) {
        if (!f.option)
            out.push_back(&f);
    }
    return out;
}

void fillDefaults(const ResourceKind &kind, ResourceValues &values)
{
    for (const ResourceField &f : kind.fields) {
        if (!values.contains(QString::fromLatin1(f.name)))
            values.insert(QString::fromLatin1(f.name), QString::fromLatin1(f.defaultValue));
    }
}

// `prefix:<head>[:<tail>]...`: the numeric fields at the end are taken from the right, the
// first field gets the rest (a device path, a host with an IPv6 address in brackets).
Result<ResourceValues> parseColon(const ResourceKind &kind, const QString &rest)
{
    const std::vector<const ResourceField *> parts = partsOf(kind);
    ResourceValues values;
    QString head = rest;
    for (std::size_t i = parts.size(); i-- > 1;) {
        const ResourceField &f = *parts[i];
        const qsizetype colon = head.lastIndexOf(QLatin1Char(':'));
        const QString last = colon < 0 ? QString() : head.mid(colon + 1);
        if (colon < 0 ||
            (f.optional && !isDigits(last) && f.type == ResourceField::Type::Integer)) {
            if (!f.optional)
                return Error{ErrorCode::BadResource,
                             Message(msg::kResourceNeeds).arg(QString::fromLatin1(kind.syntax))};
            continue;
        }
        if (const Message why = check(f, last); !why.isEmpty())
            return Error{ErrorCode::BadResource, why};
        values.insert(QString::fromLatin1(f.name), last);
        head = head.left(colon);
    }
    if (!parts.empty()) {
        const ResourceField &first = *parts.front();
        QString value = head;
        if (first.type == ResourceField::Type::Host && value.startsWith(QLatin1Char('[')) &&
            value.endsWith(QLatin1Char(']')))
            value = value.mid(1, value.size() - 2);
        if (value.isEmpty()) {
            if (!first.optional)
                return Error{ErrorCode::BadResource,
                             Message(msg::kResourceNeeds).arg(QString::fromLatin1(kind.syntax))};
        } else {
            if (const Message why = check(first, value); !why.isEmpty())
                return Error{ErrorCode::BadResource, why};
            values.insert(QString::fromLatin1(first.name), value);
        }
    }
    return values;
}

// `prefix://<user>@<host>[:<port>]`: the fields named user, host and port. Percent-escapes are
// decoded before the fields are checked, so an escaped ';' is as refused as a plain one.
Result<ResourceValues> parseUrl(const ResourceKind &kind, const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    const auto bad = [&] {
        return Error{ErrorCode::BadResource,
                     Message(msg::kResourceNeeds).arg(QString::fromLatin1(kind.syntax))};
    };
    if (!url.isValid() || !url.path().isEmpty() || url.hasQuery() || url.hasFragment() ||
        !url.password().isEmpty())
        return bad();
    ResourceValues values;
    const QString user = url.userName(QUrl::FullyDecoded);
    const QString host = url.host(QUrl::FullyDecoded);
    for (const auto &[name, value] : {std::pair{"user", user}, {"host", host}}) {
        const ResourceField *f = kind.field(QLatin1String(name));
        if (f == nullptr)
            continue;
        if (value.isEmpty()) {
            if (!f->optional)
                return bad();
            continue;
        }
        if (const Message why = check(*f, value); !why.isEmpty())
            return Error{ErrorCode::BadResource, why};
        values.insert(QLatin1String(name), value);
    }
    if (const ResourceField *f = kind.field(QStringLiteral("port")); f && url.port() != -1) {
        const QString port = QString::number(url.port());
        if (const Message why = check(*f, port); !why.isEmpty())
            return Error{ErrorCode::BadResource, why};
        values.insert(QStringLiteral("port"), port);
    }
    return values;
}

} // namespace

const ResourceField *ResourceKind::field(const QString &name) const
{
    for (const ResourceField &f : fields) {
        if (name == QLatin1String(f.name))
            return &f;
    }
    return nullptr;
}

Result<ParsedResource> parseResource(std::span<const ResourceKind> kinds, const QString &text,
                                     const MessageTemplate &badResource)
{
    const QString t = text.trimmed();
    const auto refuse = [&](const Message &why) {
        return Error{ErrorCode::BadResource,
                     Message(badResource).arg(text, why, syntaxList(kinds, QStringLiteral(", ")))};
    };
    for (const ResourceKind &kind : kinds) {
        const QString prefix = QString::fromLatin1(kind.prefix);
        Result<ResourceValues> values = ResourceValues{};
        if (kind.form == ResourceKind::Form::Url) {
            if (!t.startsWith(prefix + QStringLiteral("://")))
                continue;
            values = parseUrl(kind, t);
        } else {
            const qsizetype colon = t.indexOf(QLatin1Char(':'));
            if ((colon < 0 ? t : t.left(colon)) != prefix)
                continue;
            if (colon >= 0 && colon == t.size() - 1)
                return refuse(Message(msg::kNothingAfter).arg(prefix));
            if (colon >= 0 && kind.form == ResourceKind::Form::Word)
                return refuse(Message(msg::kResourceNeeds).arg(QString::fromLatin1(kind.syntax)));
            values = parseColon(kind, colon < 0 ? QString() : t.mid(colon + 1));
        }
        if (!values)
            return refuse(values.error().message);
        ParsedResource parsed{&kind, *values};
        fillDefaults(kind, parsed.values);
        return parsed;
    }
    const qsizetype end = std::min(t.indexOf(QLatin1Char(':')), t.size());
    return refuse(Message(msg::kUnknownKind).arg(end < 0 ? t : t.left(end)));
}

QString formatResource(const ResourceKind &kind, const ResourceValues &values)
{
    const QString prefix = QString::fromLatin1(kind.prefix);
    const auto value = [&](const char *name) { return values.value(QLatin1String(name)); };
    if (kind.form == ResourceKind::Form::Url) {
        QUrl url;
        url.setScheme(prefix);
        url.setUserName(value("user"));
        url.setHost(value("host"));
        if (!value("port").isEmpty())
            url.setPort(value("port").toInt());
        return url.toString();
    }
    QString out = prefix;
    for (const ResourceField *f : partsOf(kind)) {
        QString v = values.value(QString::fromLatin1(f->name));
        if (v.isEmpty())
            continue;
        if (f->type == ResourceField::Type::Host && v.contains(QLatin1Char(':')))
            v = QLatin1Char('[') + v + QLatin1Char(']');
        out += QLatin1Char(':') + v;
    }
    return out;
}

QString syntaxList(std::span<const ResourceKind> kinds, const QString &separator)
{
    QStringList out;
    for (const ResourceKind &kind : kinds)
        out << QString::fromLatin1(kind.syntax);
    return out.join(separator);
}

} // namespace cipherwatt::instruments
