// Reading a --db value: a SQLite path or a PostgreSQL URI (libpq's URI form, the parts
// CipherWatt takes).

#include "messages_database.h"

#include <cipherwatt/core/database.h>

#include <QHash>
#include <QMutex>
#include <QRegularExpression>
#include <QStringList>
#include <QUrl>
#include <QUrlQuery>

namespace cipherwatt::core {

namespace {

// The passwords typed in this program, by role and server (a role's password is the same for
// every database on its server).
struct TypedPasswords
{
    QMutex mutex;
    QHash<QString, QString> byRole;
};

TypedPasswords &typedPasswords()
{
    static TypedPasswords passwords;
    return passwords;
}

QString roleOnServer(const DatabaseLocation &location)
{
    return QStringList{location.user, location.host, QString::number(location.port),
                       location.service}
        .join(QChar(0));
}

Error usage(const Message &message)
{
    return Error{ErrorCode::Usage, message};
}

// What a parameter may be: a closed list or a pattern, checked before it reaches libpq's
// connection string.
Result<void> setParameter(DatabaseLocation &db, const QString &key, const QString &value)
{
    // The URI without its parameters: an unknown one might hold a secret.
    const QString shown = db.text.section(QLatin1Char('?'), 0, 0);
    const auto invalid = [&](const char *why) {
        return usage(
            Message(msg::kPgParameterValue).arg(shown, key, value, QString::fromLatin1(why)));
    };
    if (key == QLatin1String("sslmode")) {
        static const QStringList modes{QStringLiteral("disable"),   QStringLiteral("allow"),
                                       QStringLiteral("prefer"),    QStringLiteral("require"),
                                       QStringLiteral("verify-ca"), QStringLiteral("verify-full")};
        if (!modes.contains(value))
            return invalid("disable, allow, prefer, require, verify-ca or verify-full");
        db.sslMode = value;
    } else if (key == QLatin1String("connect_timeout")) {
        bool ok = false;
        const int seconds = value.toInt(&ok);
        if (!ok || seconds < 1 || seconds > 3600)
            return invalid("seconds from 1 to 3600");
        db.connectTimeout = seconds;
    } else if (key == QLatin1String("service")) {
        static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9_.-]{1,63}$"));
        if (!name.match(value).hasMatch())
            return invalid("letters, digits, '_', '.' and '-'");
        db.service = value;
    } else if (key == QLatin1String("password")) {
        return usage(Message(msg::kPgPassword).arg(QStringLiteral("postgresql://…")));
    } else {
        return usage(Message(msg::kPgParameter).arg(shown, key));
    }
    return {};
}

Result<DatabaseLocation> parsePostgres(const QString &text)
{
    DatabaseLocation db;
    db.kind = DatabaseLocation::Kind::Postgres;
    db.text = text;
    // `user:secret@host`, and also `user:@host`: a password has no place in the URI, and the
    // message does not repeat it.
    static const QRegularExpression password(QStringLiteral("^[^:]+://[^/?#@]*:[^/?#@]*@"));
    if (password.match(text).hasMatch())
        return usage(Message(msg::kPgPassword).arg(QStringLiteral("postgresql://…")));
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return usage(Message(msg::kPgBadUri).arg(text));
    if (url.hasFragment())
        return usage(Message(msg::kPgBadUri).arg(text));
    db.user = url.userName(QUrl::FullyDecoded);
    db.host = url.host(QUrl::FullyDecoded);
    db.port = url.port(0);
    QString path = url.path(QUrl::FullyDecoded);
    if (path.startsWith(QLatin1Char('/')))
        path.remove(0, 1);
    if (path.isEmpty())
        return usage(Message(msg::kPgNoDatabase).arg(text));
    if (path.contains(QLatin1Char('/')))
        return usage(Message(msg::kPgBadUri).arg(text));
    db.database = path;
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (auto r = setParameter(db, key, value); !r)
            return r.error();
    }
    return db;
}

} // namespace

QString DatabaseLocation::connectOptions() const
{
    // A network that drops silently must not hold the session's thread for TCP's own timeouts
    // (minutes): unacknowledged data for 5 s, or an idle link that stops answering probes,
    // ends the connection, and the recorder keeps the updates in its journal.
    QStringList options{QStringLiteral("connect_timeout=%1").arg(connectTimeout),
                        QStringLiteral("tcp_user_timeout=5000"),
                        QStringLiteral("keepalives=1"),
                        QStringLiteral("keepalives_idle=10"),
                        QStringLiteral("keepalives_interval=2"),
                        QStringLiteral("keepalives_count=3")};
    if (!sslMode.isEmpty())
        options << QStringLiteral("sslmode=") + sslMode;
    if (!service.isEmpty())
        options << QStringLiteral("service=") + service;
    return options.join(QLatin1Char(';'));
}

Result<DatabaseLocation> parseDatabase(const QString &text)
{
    static const QRegularExpression scheme(QStringLiteral("^([A-Za-z][A-Za-z0-9+.-]*)://"));
    if (const auto m = scheme.match(text); m.hasMatch()) {
        const QString name = m.captured(1).toLower();
        if (name == QLatin1String("postgresql") || name == QLatin1String("postgres"))
            return parsePostgres(text);
        // Any other URL names a server CipherWatt cannot use: say so rather than make a
        // folder called "mysql:".
        return usage(Message(msg::kDatabaseScheme).arg(text, m.captured(1)));
    }
    DatabaseLocation db;
    db.text = text;
    db.path = text;
    return db;
}

void rememberDatabasePassword(const DatabaseLocation &location, const QString &password)
{
    TypedPasswords &typed = typedPasswords();
    const QMutexLocker lock(&typed.mutex);
    typed.byRole.insert(roleOnServer(location), password);
}

void forgetDatabasePassword(const DatabaseLocation &location)
{
    TypedPasswords &typed = typedPasswords();
    const QMutexLocker lock(&typed.mutex);
    typed.byRole.remove(roleOnServer(location));
}

std::optional<QString> rememberedDatabasePassword(const DatabaseLocation &location)
{
    TypedPasswords &typed = typedPasswords();
    const QMutexLocker lock(&typed.mutex);
    const auto found = typed.byRole.constFind(roleOnServer(location));
    if (found == typed.byRole.constEnd())
        return std::nullopt;
    return *found;
}

bool isConnectionError(const Error &error)
{
    return error.message.messageTemplate() == &msg::kPgCannotConnect;
}

} // namespace cipherwatt::core
