#include "ssh_deploy.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <array>
#include <optional>

namespace cipherwatt::core::detail {

using instruments::ErrorCode;

namespace {

constexpr int kCommandTimeoutMs = 30000;
constexpr QLatin1String kWorkerName("cipherwatt-bench");
constexpr QLatin1String kBuildHint("build it on the DUT with `cmake --preset bench-only && cmake "
                                   "--build --preset bench-only` (README, \"SSH DUTs\")");

// What `<path> --version` said about a worker on the DUT.
struct VersionCheck
{
    bool matches = false;
    bool present = false; // the file ran (whatever its version)
    QString problem;      // why it cannot be used
};

VersionCheck checkVersion(SshConnection &connection, const QString &path)
{
    VersionCheck check;
    auto result = connection.run(connection.commandLine({path, QStringLiteral("--version")}),
                                 kCommandTimeoutMs);
    if (!result) {
        check.problem = result.error().message;
        return check;
    }
    const QString out = QString::fromUtf8(result->out).trimmed();
    const QString err = QString::fromUtf8(result->err).trimmed();
    const QString expected = kWorkerName + QLatin1Char(' ') + QLatin1String(CIPHERWATT_VERSION);
    static const QRegularExpression missingLibrary(
        QStringLiteral("error while loading shared libraries: ([^:\\s]+)"));
    if (result->exitCode == 0 && out == expected) {
        check.matches = check.present = true;
    } else if (result->exitCode == 0 && out.startsWith(kWorkerName + QLatin1Char(' '))) {
        check.present = true;
        check.problem =
            QStringLiteral("%1 is version %2, not %3")
                .arg(path, out.mid(kWorkerName.size() + 1), QLatin1String(CIPHERWATT_VERSION));
    } else if (const auto m = missingLibrary.match(err); m.hasMatch()) {
        QStringList libraries;
        for (auto it = missingLibrary.globalMatch(err); it.hasNext();)
            libraries << it.next().captured(1);
        libraries.removeDuplicates();
        check.present = true;
        check.problem =
            QStringLiteral("%1 cannot run on the DUT: missing shared libraries %2 "
                           "(install them there, e.g. libbotan-2-19 and libssl3, or %3)")
                .arg(path, libraries.join(u", "), kBuildHint);
    } else if (result->exitCode == 127 && err.contains(QLatin1String("No such file"))) {
        check.problem = QStringLiteral("%1 is not there").arg(path);
    } else {
        check.present = true;
        check.problem = QStringLiteral("%1 --version failed (exit %2): %3")
                            .arg(path)
                            .arg(result->exitCode)
                            .arg(err.section(QLatin1Char('\n'), 0, 0));
    }
    return check;
}

Result<QString> remoteSha256(SshConnection &connection, const QString &path)
{
    auto result = connection.run(
        connection.commandLine({QStringLiteral("sha256sum"), QStringLiteral("--"), path}),
        kCommandTimeoutMs);
    if (!result)
        return result.error();
    const QString sum = QString::fromLatin1(result->out).section(QLatin1Char(' '), 0, 0);
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    if (result->exitCode != 0 || !hex.match(sum).hasMatch())
        return Error{ErrorCode::Protocol,
                     QStringLiteral("cannot checksum %1 on the DUT (sha256sum: %2)")
                         .arg(path, QString::fromUtf8(result->err).trimmed())};
    return sum;
}

Result<QString> localSha256(const QString &file)
{
    QFile in(file);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!in.open(QIODevice::ReadOnly) || !hash.addData(&in))
        return Error{ErrorCode::NotFound,
                     QStringLiteral("cannot read %1: %2").arg(file, in.errorString())};
    return QString::fromLatin1(hash.result().toHex());
}

struct Probe
{
    QString architecture;
    QString home;
    QString cache;
    QString onPath;
};

Result<Probe> probe(SshConnection &connection)
{
    // Fixed text: nothing of the operator's reaches this script.
    const QString script =
        QStringLiteral("printf 'arch=%s\\n' \"$(uname -m)\"; printf 'home=%s\\n' \"$HOME\"; "
                       "printf 'cache=%s\\n' \"${XDG_CACHE_HOME:-$HOME/.cache}\"; "
                       "if p=$(command -v cipherwatt-bench); then printf 'path=%s\\n' \"$p\"; fi");
    auto result =
        connection.run(connection.commandLine({QStringLiteral("sh"), QStringLiteral("-c"), script}),
                       kCommandTimeoutMs);
    if (!result)
        return result.error();
    Probe p;
    for (const QString &line : QString::fromUtf8(result->out).split(QLatin1Char('\n'))) {
        const QString key = line.section(QLatin1Char('='), 0, 0);
        const QString value = line.section(QLatin1Char('='), 1);
        if (key == QLatin1String("arch"))
            p.architecture = value;
        else if (key == QLatin1String("home"))
            p.home = value;
        else if (key == QLatin1String("cache"))
            p.cache = value;
        else if (key == QLatin1String("path"))
            p.onPath = value;
    }
    if (p.architecture.isEmpty() || !p.home.startsWith(QLatin1Char('/')))
        return Error{ErrorCode::Protocol,
                     QStringLiteral("the DUT did not answer a plain POSIX shell command (is the "
                                    "account's shell sh, bash, dash or zsh?): %1")
                         .arg(QString::fromUtf8(result->err).trimmed())};
    return p;
}

QString expandHome(const QString &path, const QString &home)
{
    if (path == QLatin1String("~"))
        return home;
    if (path.startsWith(QLatin1String("~/")))
        return home + path.mid(1);
    return path;
}

} // namespace

Result<QStringList> elfMachineNames(const QString &file)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return Error{ErrorCode::NotFound,
                     QStringLiteral("cannot read %1: %2").arg(file, in.errorString())};
    const QByteArray header = in.read(20);
    if (header.size() < 20 || !header.startsWith("\x7f"
                                                 "ELF"))
        return Error{ErrorCode::Unsupported,
                     QStringLiteral("%1 is not an ELF executable").arg(file)};
    const bool is64 = header[4] == 2;
    const bool bigEndian = header[5] == 2;
    const auto lo = static_cast<unsigned char>(header[bigEndian ? 19 : 18]);
    const auto hi = static_cast<unsigned char>(header[bigEndian ? 18 : 19]);
    const unsigned machine = lo | (hi << 8U);
    struct Row
    {
        unsigned machine;
        bool is64;
        bool bigEndian;
        const char *names;
    };
    // e_machine values from the ELF specification (elf.h), with the names `uname -m` gives.
    static constexpr std::array<Row, 10> rows{{{62, true, false, "x86_64 amd64"},
                                               {3, false, false, "i386 i486 i586 i686"},
                                               {183, true, false, "aarch64 arm64"},
                                               {40, false, false, "armv6l armv7l armv8l"},
                                               {243, true, false, "riscv64"},
                                               {21, true, false, "ppc64le"},
                                               {21, true, true, "ppc64"},
                                               {22, true, true, "s390x"},
                                               {258, true, false, "loongarch64"},
                                               {8, true, false, "mips64"}}};
    for (const Row &row : rows) {
        if (row.machine == machine && row.is64 == is64 && row.bigEndian == bigEndian)
            return QString::fromLatin1(row.names).split(QLatin1Char(' '));
    }
    return Error{ErrorCode::Unsupported,
                 QStringLiteral("%1 is an ELF file for machine %2, which CipherWatt does not know")
                     .arg(file)
                     .arg(machine)};
}

Result<RemoteWorker> deployWorker(SshConnection &connection, const SshOptions &options,
                                  const SshConnection::NoteFunction &note)
{
    auto probed = probe(connection);
    if (!probed)
        return probed.error();
    const Probe &p = *probed;
    const QString version = QLatin1String(CIPHERWATT_VERSION);
    QStringList problems;

    // Where uploads go.
    const QString cacheDir = options.remoteCacheDir.isEmpty()
                                 ? p.cache + QStringLiteral("/cipherwatt")
                                 : expandHome(options.remoteCacheDir, p.home);
    const auto found = [&](const QString &path, const QString &how, bool uploaded) {
        return RemoteWorker{path, how, uploaded, p.architecture, cacheDir};
    };

    // 1. The configured worker, or the one on the DUT's PATH.
    const QString primary =
        options.remoteWorker.isEmpty() ? p.onPath : expandHome(options.remoteWorker, p.home);
    if (primary.isEmpty()) {
        problems << QStringLiteral("cipherwatt-bench is not on the DUT's PATH");
    } else {
        const VersionCheck check = checkVersion(connection, primary);
        if (check.matches)
            return found(primary, QStringLiteral("found %1 (version %2)").arg(primary, version),
                         false);
        problems << check.problem;
    }

    // 2. A copy uploaded earlier, as long as it is this build (when this build fits the DUT).
    const QString cached = cacheDir + QLatin1Char('/') + version + QLatin1Char('/') + kWorkerName;
    const QString local = options.uploadWorker.isEmpty() ? findLocalWorker() : options.uploadWorker;
    const auto localMachines = local.isEmpty() ? Result<QStringList>(Error{ErrorCode::NotFound, {}})
                                               : elfMachineNames(local);
    const bool localFits = localMachines && localMachines->contains(p.architecture);
    const VersionCheck cachedCheck = checkVersion(connection, cached);
    if (cachedCheck.matches) {
        if (!localFits)
            return found(cached, QStringLiteral("found %1, uploaded earlier").arg(cached), false);
        auto remoteSum = remoteSha256(connection, cached);
        auto localSum = localSha256(local);
        if (!remoteSum || !localSum)
            return remoteSum ? localSum.error() : remoteSum.error();
        if (*remoteSum == *localSum)
            return found(
                cached,
                QStringLiteral("found %1, uploaded earlier (SHA-256 %2)").arg(cached, *localSum),
                false);
        problems << QStringLiteral("%1 is another build than %2").arg(cached, local);
    } else if (cachedCheck.present) {
        problems << cachedCheck.problem;
    }

    // 3. Upload this build.
    const QString why = problems.join(QStringLiteral("; "));
    const auto refuse = [&](ErrorCode code, const QString &what) {
        return Error{code, QStringLiteral("no usable cipherwatt-bench %1 on the DUT (%2); %3")
                               .arg(version, why, what)};
    };
    if (!options.allowUpload)
        return refuse(ErrorCode::NotFound, QStringLiteral("uploading is off: ") + kBuildHint);
    if (local.isEmpty())
        return refuse(ErrorCode::NotFound,
                      QStringLiteral("there is no local cipherwatt-bench to upload: ") +
                          kBuildHint);
    if (!localMachines)
        return refuse(ErrorCode::Unsupported, localMachines.error().message);
    if (!localFits)
        return refuse(ErrorCode::Unsupported,
                      QStringLiteral("%1 is built for %2 but the DUT is %3, so it is not uploaded: "
                                     "%4, or cross-build one for %3 and upload that")
                          .arg(local, localMachines->constFirst(), p.architecture, kBuildHint));
    if (options.confirmUpload && !options.confirmUpload(why))
        return refuse(ErrorCode::Cancelled, QStringLiteral("the upload was declined"));
    auto localSum = localSha256(local);
    if (!localSum)
        return localSum.error();
    if (auto sent = connection.upload(local, cacheDir, cached); !sent)
        return sent.error();
    auto remoteSum = remoteSha256(connection, cached);
    if (!remoteSum)
        return remoteSum.error();
    if (*remoteSum != *localSum) {
        connection.remove(cached);
        return Error{ErrorCode::Io, QStringLiteral("the uploaded %1 has SHA-256 %2 on the DUT, not "
                                                   "%3 as sent; it was removed")
                                        .arg(cached, *remoteSum, *localSum)};
    }
    const VersionCheck uploaded = checkVersion(connection, cached);
    if (!uploaded.matches)
        return Error{ErrorCode::Unsupported,
                     QStringLiteral("uploaded, but %1").arg(uploaded.problem)};
    const QString how = QStringLiteral("uploaded %1 to %2 (SHA-256 %3 verified on the DUT) because "
                                       "%4")
                            .arg(local, cached, *localSum, why);
    note(how);
    return found(cached, how, true);
}

Result<QString> deployPlugin(SshConnection &connection, const RemoteWorker &worker,
                             const QString &localPlugin, const SshConnection::NoteFunction &note)
{
    const QString name = QFileInfo(localPlugin).fileName();
    const auto machines = elfMachineNames(localPlugin);
    if (!machines)
        return Error{machines.error().code,
                     QStringLiteral("plugin %1: %2").arg(localPlugin, machines.error().message)};
    if (!machines->contains(worker.architecture))
        return Error{ErrorCode::Unsupported,
                     QStringLiteral("plugin %1 is built for %2 but the DUT is %3, so it is not "
                                    "uploaded: build it for %3 (on the DUT, or with a cross "
                                    "compiler) against the installed cipherwatt/cipher_plugin.h")
                         .arg(localPlugin, machines->constFirst(), worker.architecture)};
    auto localSum = localSha256(localPlugin);
    if (!localSum)
        return localSum.error();
    const QString dir = worker.cacheDir + QStringLiteral("/plugins/") + *localSum;
    const QString remote = dir + QLatin1Char('/') + name;
    if (auto present = remoteSha256(connection, remote); present && *present == *localSum) {
        note(QStringLiteral("plugin %1: found %2, uploaded earlier (SHA-256 %3)")
                 .arg(name, remote, *localSum));
        return remote;
    }
    if (auto sent = connection.upload(localPlugin, worker.cacheDir, remote); !sent)
        return Error{sent.error().code,
                     QStringLiteral("plugin %1: %2").arg(localPlugin, sent.error().message)};
    auto remoteSum = remoteSha256(connection, remote);
    if (!remoteSum)
        return remoteSum.error();
    if (*remoteSum != *localSum) {
        connection.remove(remote);
        return Error{ErrorCode::Io, QStringLiteral("the uploaded plugin %1 has SHA-256 %2 on the "
                                                   "DUT, not %3 as sent; it was removed")
                                        .arg(remote, *remoteSum, *localSum)};
    }
    note(QStringLiteral("plugin %1: uploaded to %2 (SHA-256 %3 verified on the DUT)")
             .arg(name, remote, *localSum));
    return remote;
}

} // namespace cipherwatt::core::detail
