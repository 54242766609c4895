// The public helpers of ssh.h that need no connection: quoting for the remote shell, the
// application's known_hosts file, and the words shown for a host key.

#include "messages.h"

#include <cipherwatt/core/ssh.h>

#include <QStandardPaths>

namespace cipherwatt::core {

QString defaultAppKnownHosts()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/cipherwatt/known_hosts");
}

QString shellQuote(const QString &word)
{
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString shellCommand(const QStringList &argv)
{
    QStringList words;
    words.reserve(argv.size());
    for (const QString &word : argv)
        words << shellQuote(word);
    return words.join(QLatin1Char(' '));
}

Message describeHostKey(const HostKeyInfo &info)
{
    const QString host =
        info.port == 22 ? info.host : QStringLiteral("[%1]:%2").arg(info.host).arg(info.port);
    if (info.state == HostKeyInfo::State::Changed) {
        return Message(msg::kSshHostKeyChanged)
            .arg(host, info.type, info.sha256Fingerprint, info.knownHostsFile);
    }
    return Message(msg::kSshHostKeyUnknown).arg(host, info.type, info.sha256Fingerprint);
}

} // namespace cipherwatt::core
