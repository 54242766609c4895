// The DUT `ssh://<user>@<host>[:<port>]`: a machine reached over SSH (ssh.h), its options, and
// how the front end's choices become the link's.

#include "messages.h"

#include <cipherwatt/core/dut_kinds.h>

#include <QFileInfo>

namespace cipherwatt::core {

namespace {

using Field = instruments::ResourceField;

bool on(const ResourceValues &values, const char *name)
{
    return !values.value(QLatin1String(name)).isEmpty();
}

} // namespace

DutKind sshDutKind()
{
    DutKind kind;
    kind.resource = {
        "ssh",
        ResourceKind::Form::Url,
        "ssh://<user>@<host>[:<port>]",
        msg::kDutKindSsh,
        msg::kDutKindSshHelp,
        {
            {"user", Field::Type::Name, false, "", msg::kDutFieldUser, msg::kDutFieldUserHelp},
            {"host", Field::Type::Host, false, "", msg::kDutFieldHost, msg::kDutFieldHostHelp},
            {"port", Field::Type::Integer, true, "22", msg::kDutFieldPort, msg::kDutFieldPortHelp,
             1, 65535},
            {"key", Field::Type::File, true, "", msg::kDutFieldKey, msg::kDutFieldKeyHelp, 0, 0,
             true, "--ssh-key"},
            {"password", Field::Type::Flag, true, "", msg::kDutFieldPassword,
             msg::kDutFieldPasswordHelp, 0, 0, true, "--ssh-password"},
            {"remote-worker", Field::Type::Text, true, "", msg::kDutFieldRemoteWorker,
             msg::kDutFieldRemoteWorkerHelp, 0, 0, true, "--remote-worker"},
            {"upload-worker", Field::Type::File, true, "", msg::kDutFieldUploadWorker,
             msg::kDutFieldUploadWorkerHelp, 0, 0, true, "--upload-worker"},
            // On unless turned off: the command line's flag says --no-upload.
            {"upload", Field::Type::Flag, true, "1", msg::kDutFieldUpload, msg::kDutFieldUploadHelp,
             0, 0, true, "--no-upload"},
        }};
    kind.link = [](const ResourceValues &values,
                   const DutContext &context) -> Result<Dut::LinkFactory> {
        const auto value = [&](const char *name) { return values.value(QLatin1String(name)); };
        if (!value("upload-worker").isEmpty() && !on(values, "upload"))
            return Error{ErrorCode::Usage, msg::kDutUploadContradicts};
        for (const char *file : {"key", "upload-worker"}) {
            if (!value(file).isEmpty() && !QFileInfo(value(file)).isFile())
                return Error{ErrorCode::Usage,
                             Message(msg::kDutNoSuchFile).arg(QLatin1String(file), value(file))};
        }
        SshOptions ssh = context.ssh;
        ssh.target.kind = DutResource::Kind::Ssh;
        ssh.target.user = value("user");
        ssh.target.host = value("host");
        ssh.target.port = static_cast<quint16>(value("port").toUInt());
        if (!value("key").isEmpty())
            ssh.keyFile = QFileInfo(value("key")).absoluteFilePath();
        ssh.allowPassword = on(values, "password");
        ssh.remoteWorker = value("remote-worker");
        if (!value("upload-worker").isEmpty())
            ssh.uploadWorker = QFileInfo(value("upload-worker")).absoluteFilePath();
        ssh.allowUpload = on(values, "upload");
        // --plugin files are uploaded beside the remote worker; --isa reaches it as given.
        const QStringList &global = context.local.global;
        for (qsizetype i = 0; i + 1 < global.size(); i += 2) {
            if (global[i] == QLatin1String("--plugin"))
                ssh.uploadPlugins << global[i + 1];
            else
                ssh.workerGlobal << global[i] << global[i + 1];
        }
        // A test's fake sysfs tree and journal reach the remote worker too.
        if (!context.local.sysfsRoot.isEmpty())
            ssh.serveArguments << QStringLiteral("--sysfs-root") << context.local.sysfsRoot;
        if (!context.local.procRoot.isEmpty())
            ssh.serveArguments << QStringLiteral("--proc-root") << context.local.procRoot;
        if (!context.local.journal.isEmpty())
            ssh.serveArguments << QStringLiteral("--journal") << context.local.journal;
        return makeSshLinkFactory(std::move(ssh));
    };
    return kind;
}

} // namespace cipherwatt::core
