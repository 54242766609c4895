#include "ssh_deploy.h"

#include "messages.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <array>
#include <optional>

namespace cipherwatt::core::detail {

namespace {

constexpr int kCommandTimeoutMs = 30000;
const Message kBuildHint = msg::kSshBuildHint;

// What `<path> --version` said about a worker on the DUT.
struct VersionCheck
{
    bool matches = false;
    bool present = false; // the file ran (whatever its version)
    Message problem;      // why it cannot be used
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
            Message(msg::kSshWorkerVersion)
                .arg(path, out.mid(kWorkerName.size() + 1), QLatin1String(CIPHERWATT_VERSION));
    } else if (const auto m = missingLibrary.match(err); m.hasMatch()) {
        QStringList libraries;
        for (auto it = missingLibrary.globalMatch(err); it.hasNext();)
            libraries << it.next().captured(1);
        libraries.removeDuplicates();
        check.present = true;
        check.problem = Message(msg::kSshMissingLibraries)
                            .arg(path, libraries.join(QStringLiteral(", ")), kBuildHint);
    } else if (result->exitCode == 127 && err.contains(QLatin1String("No such file"))) {
        check.problem = Message(msg::kSshWorkerMissing).arg(path);
    } else {
        check.present = true;
        check.problem = Message(msg::kSshVersionFailed)
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
        return Error{
            ErrorCode::Protocol,
            Message(msg::kSshChecksum).arg(path, QString::fromUtf8(result->err).trimmed())};
    return sum;
}

// Which way a file went up, for the note that says it was uploaded.
Message uploadedHow(SshConnection::UploadMethod method)
{
    return Message(method == SshConnection::UploadMethod::Exec ? msg::kSshUploadedThroughExec
                                                               : msg::kSshUploadedOverSftp);
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
                     Message(msg::kSshNoShell).arg(QString::fromUtf8(result->err).trimmed())};
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

Result<QString> localSha256(const QString &file)
{
    QFile in(file);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!in.open(QIODevice::ReadOnly) || !hash.addData(&in))
        return Error{ErrorCode::NotFound, Message(msg::kSshCannotRead).arg(file, in.errorString())};
    return QString::fromLatin1(hash.result().toHex());
}

Result<QStringList> elfMachineNames(const QString &file)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return Error{ErrorCode::NotFound, Message(msg::kSshCannotRead).arg(file, in.errorString())};
    const QByteArray header = in.read(20);
    if (header.size() < 20 || !header.startsWith("\x7f"
                                                 "ELF"))
        return Error{ErrorCode::Unsupported, Message(msg::kSshNotElf).arg(file)};
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
    return Error{ErrorCode::Unsupported, Message(msg::kSshUnknownMachine).arg(file).arg(machine)};
}

Result<RemoteWorker> deployWorker(SshConnection &connection, const SshOptions &options,
                                  const SshConnection::NoteFunction &note)
{
    auto probed = probe(connection);
    if (!probed)
        return probed.error();
    const Probe &p = *probed;
    const QString version = QLatin1String(CIPHERWATT_VERSION);
    QList<Message> problems;

    // Where uploads go.
    const QString cacheDir = options.remoteCacheDir.isEmpty()
                                 ? p.cache + QStringLiteral("/cipherwatt")
                                 : expandHome(options.remoteCacheDir, p.home);
    const auto found = [&](const QString &path, const Message &how, bool uploaded) {
        return RemoteWorker{path, how, uploaded, p.architecture, cacheDir};
    };

    // 1. The configured worker, or the one on the DUT's PATH.
    const QString primary =
        options.remoteWorker.isEmpty() ? p.onPath : expandHome(options.remoteWorker, p.home);
    if (primary.isEmpty()) {
        problems << Message(msg::kSshNotOnPath);
    } else {
        const VersionCheck check = checkVersion(connection, primary);
        if (check.matches)
            return found(primary, Message(msg::kSshFoundWorker).arg(primary, version), false);
        problems << check.problem;
    }

    // 2. A copy uploaded earlier, as long as it is this build (when this build fits the DUT).
    const QString cached = cacheDir + QLatin1Char('/') + version + QLatin1Char('/') + kWorkerName;
    const QString local = options.uploadWorker.isEmpty() ? findLocalWorker() : options.uploadWorker;
    const auto localMachines = local.isEmpty()
                                   ? Result<QStringList>(Error{ErrorCode::NotFound, Message()})
                                   : elfMachineNames(local);
    const bool localFits = localMachines && localMachines->contains(p.architecture);
    const VersionCheck cachedCheck = checkVersion(connection, cached);
    if (cachedCheck.matches) {
        if (!localFits)
            return found(cached, Message(msg::kSshFoundUploaded).arg(cached), false);
        auto remoteSum = remoteSha256(connection, cached);
        auto localSum = localSha256(local);
        if (!remoteSum || !localSum)
            return remoteSum ? localSum.error() : remoteSum.error();
        if (*remoteSum == *localSum)
            return found(cached, Message(msg::kSshFoundUploadedSum).arg(cached, *localSum), false);
        problems << Message(msg::kSshAnotherBuild).arg(cached, local);
    } else if (cachedCheck.present) {
        problems << cachedCheck.problem;
    }

    // 3. Upload this build.
    const Message why = Message::joined(problems, QStringLiteral("; "));
    const auto refuse = [&](ErrorCode code, const Message &what) {
        return Error{code, Message(msg::kSshNoUsableWorker).arg(version, why, what)};
    };
    if (!options.allowUpload)
        return refuse(ErrorCode::NotFound, Message(msg::kSshUploadOff).arg(kBuildHint));
    if (local.isEmpty())
        return refuse(ErrorCode::NotFound, Message(msg::kSshNoLocalWorker).arg(kBuildHint));
    if (!localMachines)
        return refuse(ErrorCode::Unsupported, localMachines.error().message);
    if (!localFits)
        return refuse(ErrorCode::Unsupported,
                      Message(msg::kSshWrongArchitecture)
                          .arg(local, localMachines->constFirst(), p.architecture, kBuildHint));
    if (options.confirmUpload && !options.confirmUpload(why.english()))
        return refuse(ErrorCode::Cancelled, Message(msg::kSshUploadDeclined));
    auto localSum = localSha256(local);
    if (!localSum)
        return localSum.error();
    const auto sent = connection.upload(local, cacheDir, cached);
    if (!sent)
        return sent.error();
    auto remoteSum = remoteSha256(connection, cached);
    if (!remoteSum)
        return remoteSum.error();
    if (*remoteSum != *localSum) {
        connection.remove(cached);
        return Error{ErrorCode::Io,
                     Message(msg::kSshUploadedMismatch).arg(cached, *remoteSum, *localSum)};
    }
    const VersionCheck uploaded = checkVersion(connection, cached);
    if (!uploaded.matches)
        return Error{ErrorCode::Unsupported, Message(msg::kSshUploadedBut).arg(uploaded.problem)};
    const Message how = Message::joined(
        {Message(msg::kSshUploaded).arg(local, cached, *localSum, why), uploadedHow(*sent)},
        QStringLiteral("; "));
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
                     Message(msg::kSshPlugin).arg(localPlugin, machines.error().message)};
    if (!machines->contains(worker.architecture))
        return Error{ErrorCode::Unsupported,
                     Message(msg::kSshPluginArchitecture)
                         .arg(localPlugin, machines->constFirst(), worker.architecture)};
    auto localSum = localSha256(localPlugin);
    if (!localSum)
        return localSum.error();
    const QString dir = worker.cacheDir + QStringLiteral("/plugins/") + *localSum;
    const QString remote = dir + QLatin1Char('/') + name;
    if (auto present = remoteSha256(connection, remote); present && *present == *localSum) {
        note(Message(msg::kSshPluginFound).arg(name, remote, *localSum));
        return remote;
    }
    const auto sent = connection.upload(localPlugin, worker.cacheDir, remote);
    if (!sent)
        return Error{sent.error().code,
                     Message(msg::kSshPlugin).arg(localPlugin, sent.error().message)};
    auto remoteSum = remoteSha256(connection, remote);
    if (!remoteSum)
        return remoteSum.error();
    if (*remoteSum != *localSum) {
        connection.remove(remote);
        return Error{ErrorCode::Io,
                     Message(msg::kSshPluginMismatch).arg(remote, *remoteSum, *localSum)};
    }
    note(Message::joined(
        {Message(msg::kSshPluginUploaded).arg(name, remote, *localSum), uploadedHow(*sent)},
        QStringLiteral("; ")));
    return remote;
}

} // namespace cipherwatt::core::detail
