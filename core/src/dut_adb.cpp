// The DUT `adb[:<serial>]`: an Android device reached over adb (adb.h), its options, and how
// the front end's choices become the link's.

#include "messages_adb.h"

#include <cipherwatt/core/adb.h>
#include <cipherwatt/core/dut_kinds.h>

#include <QFileInfo>

namespace cipherwatt::core {

DutKind adbDutKind()
{
    using Field = instruments::ResourceField;
    DutKind kind;
    kind.resource = {"adb",
                     ResourceKind::Form::Colon,
                     "adb[:<serial>]",
                     msg::kDutKindAdb,
                     msg::kDutKindAdbHelp,
                     {
                         {"serial", Field::Type::Text, true, "", msg::kDutFieldSerial,
                          msg::kDutFieldSerialHelp, 0, 0, false, "", Field::Source::AdbDevices},
                         {"adb-worker", Field::Type::File, true, "", msg::kDutFieldAdbWorker,
                          msg::kDutFieldAdbWorkerHelp, 0, 0, true, "--adb-worker"},
                     }};
    kind.link = [](const ResourceValues &values,
                   const DutContext &context) -> Result<Dut::LinkFactory> {
        const QString serial = values.value(QStringLiteral("serial"));
        if (!serial.isEmpty() && !isValidAdbSerial(serial))
            return Error{ErrorCode::Usage, Message(msg::kAdbBadSerial).arg(serial.left(64))};
        const QString worker = values.value(QStringLiteral("adb-worker"));
        if (!worker.isEmpty() && !QFileInfo(worker).isFile())
            return Error{ErrorCode::Usage,
                         Message(msg::kDutNoSuchFile).arg(QStringLiteral("adb-worker"), worker)};
        AdbOptions adb;
        adb.serial = serial;
        if (!worker.isEmpty())
            adb.uploadWorker = QFileInfo(worker).absoluteFilePath();
        else if (!context.local.program.isEmpty())
            adb.uploadWorker = context.local.program;
        // --isa reaches the worker as given; a plugin is not pushed.
        const QStringList &global = context.local.global;
        for (qsizetype i = 0; i + 1 < global.size(); i += 2) {
            if (global[i] == QLatin1String("--plugin"))
                return Error{ErrorCode::Usage,
                             Message(msg::kAdbNoPlugins).arg(QStringLiteral("adb"), global[i + 1])};
            adb.workerGlobal << global[i] << global[i + 1];
        }
        // A test's fake sysfs tree, /proc and journal reach the worker on the device too.
        if (!context.local.sysfsRoot.isEmpty())
            adb.serveArguments << QStringLiteral("--sysfs-root") << context.local.sysfsRoot;
        if (!context.local.procRoot.isEmpty())
            adb.serveArguments << QStringLiteral("--proc-root") << context.local.procRoot;
        if (!context.local.journal.isEmpty())
            adb.serveArguments << QStringLiteral("--journal") << context.local.journal;
        return makeAdbLinkFactory(std::move(adb));
    };
    return kind;
}

} // namespace cipherwatt::core
