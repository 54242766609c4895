// The public helpers of ssh.h that need no connection: quoting for the remote shell, the
// application's known_hosts file, and the words shown for a host key.

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

QString describeHostKey(const HostKeyInfo &info)
{
    const QString host =
        info.port == 22 ? info.host : QStringLiteral("[%1]:%2").arg(info.host).arg(info.port);
    if (info.state == HostKeyInfo::State::Changed) {
        return QStringLiteral(
                   "WARNING: the host key of %1 has CHANGED: it is now %2 %3, but %4 holds "
                   "another key for it. Someone may be intercepting the connection, or the DUT "
                   "was reinstalled. The connection is refused; if the change is expected, "
                   "remove the old key (ssh-keygen -R '%1' -f %4) and connect again")
            .arg(host, info.type, info.sha256Fingerprint, info.knownHostsFile);
    }
    return QStringLiteral("the host key of %1 is not known: %2 %3. Compare it with the DUT's own "
                          "(ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub on the DUT) before "
                          "accepting it")
        .arg(host, info.type, info.sha256Fingerprint);
}

} // namespace cipherwatt::core
