// An Android device through the adb program: which device, what it is, the worker on it, and
// what may disturb a measurement there (adb.h, steps 1-5).

#include "adb_device.h"

#include "messages_adb.h"
#include "ssh_deploy.h"

#include <cipherwatt/core/ssh.h>

#include <QLoggingCategory>
#include <QProcess>
#include <QRegularExpression>

#include <algorithm>

Q_LOGGING_CATEGORY(lcAdb, "cipherwatt.core.adb", QtWarningMsg)

namespace cipherwatt::core {

namespace {

QString firstLine(const QByteArray &text)
{
    return QString::fromUtf8(text).trimmed().section(QLatin1Char('\n'), 0, 0).trimmed();
}

} // namespace

bool isValidAdbSerial(const QString &serial)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$"));
    return pattern.match(serial).hasMatch();
}

std::vector<AdbDevice> parseAdbDevices(const QByteArray &output)
{
    std::vector<AdbDevice> devices;
    bool listing = false;
    for (const QString &raw : QString::fromUtf8(output).split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.startsWith(QLatin1String("List of devices attached"))) {
            listing = true;
            continue;
        }
        if (!listing || line.isEmpty() || line.startsWith(QLatin1Char('*')))
            continue;
        const QStringList words = line.split(QRegularExpression(QStringLiteral("\\s+")));
        if (words.size() < 2 || !isValidAdbSerial(words[0]))
            continue;
        AdbDevice d;
        d.serial = words[0];
        // `no permissions (...)`: the state is two words, then adb's advice.
        d.state = words[1] == QLatin1String("no") && words.size() > 2
                      ? QStringLiteral("no permissions")
                      : words[1];
        for (const QString &word : words.mid(2)) {
            const QString key = word.section(QLatin1Char(':'), 0, 0);
            const QString value = word.section(QLatin1Char(':'), 1);
            if (key == QLatin1String("model"))
                d.model = value;
            else if (key == QLatin1String("product"))
                d.product = value;
            else if (key == QLatin1String("usb"))
                d.usb = value;
        }
        devices.push_back(d);
    }
    return devices;
}

QMap<QString, QString> parseGetprop(const QByteArray &output)
{
    static const QRegularExpression line(QStringLiteral("^\\[([^\\]]*)\\]: \\[(.*)\\]$"));
    QMap<QString, QString> props;
    for (const QString &raw : QString::fromUtf8(output).split(QLatin1Char('\n'))) {
        const auto m = line.match(raw.trimmed());
        if (m.hasMatch())
            props.insert(m.captured(1), m.captured(2));
    }
    return props;
}

QStringList abiMachines(const QString &abi)
{
    // Android's ABIs (developer.android.com, "Android ABIs") and the `uname -m` names of the
    // machines that run them (elfMachineNames, ssh_deploy.cpp).
    if (abi == QLatin1String("arm64-v8a"))
        return {QStringLiteral("aarch64"), QStringLiteral("arm64")};
    if (abi == QLatin1String("armeabi-v7a") || abi == QLatin1String("armeabi"))
        return {QStringLiteral("armv7l"), QStringLiteral("armv8l")};
    if (abi == QLatin1String("x86_64"))
        return {QStringLiteral("x86_64")};
    if (abi == QLatin1String("x86"))
        return {QStringLiteral("i686")};
    if (abi == QLatin1String("riscv64"))
        return {QStringLiteral("riscv64")};
    return {};
}

Result<std::vector<AdbDevice>> listAdbDevices(const QString &program, int timeoutMs)
{
    auto result =
        detail::runAdb(program, {QStringLiteral("devices"), QStringLiteral("-l")}, timeoutMs);
    if (!result)
        return result.error();
    if (result->exitCode != 0)
        return Error{ErrorCode::Io, Message(msg::kAdbFailed)
                                        .arg(QStringLiteral("devices -l"))
                                        .arg(result->exitCode)
                                        .arg(firstLine(result->err))};
    return parseAdbDevices(result->out);
}

namespace detail {

Result<AdbResult> runAdb(const QString &program, const QStringList &arguments, int timeoutMs)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForStarted(10000))
        return Error{ErrorCode::NotFound, Message(msg::kAdbCannotRun).arg(process.errorString())};
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(1000);
        return Error{
            ErrorCode::Io,
            Message(msg::kAdbTimedOut).arg(arguments.join(QLatin1Char(' '))).arg(timeoutMs / 1000)};
    }
    AdbResult r;
    r.out = process.readAllStandardOutput();
    r.err = process.readAllStandardError();
    if (process.exitStatus() == QProcess::CrashExit)
        return Error{ErrorCode::Io, Message(msg::kAdbFailed)
                                        .arg(arguments.join(QLatin1Char(' ')))
                                        .arg(-1)
                                        .arg(process.errorString())};
    r.exitCode = process.exitCode();
    return r;
}

AdbDeviceAccess::AdbDeviceAccess(AdbOptions options, NoteFunction note)
    : m_options(std::move(options))
    , m_note(std::move(note))
{}

Result<AdbResult> AdbDeviceAccess::adb(const QStringList &arguments)
{
    qCInfo(lcAdb) << "adb -s" << m_options.serial << arguments;
    return runAdb(m_options.program,
                  QStringList{QStringLiteral("-s"), m_options.serial} + arguments,
                  m_options.commandTimeoutMs);
}

Result<AdbResult> AdbDeviceAccess::shell(const QStringList &argv)
{
    // adb joins its arguments with spaces for the device's shell: one argument, quoted here.
    return adb({QStringLiteral("shell"), QStringLiteral("-T"), shellCommand(argv)});
}

Error AdbDeviceAccess::failed(const QString &what, const AdbResult &result) const
{
    const QString why =
        firstLine(result.err).isEmpty() ? firstLine(result.out) : firstLine(result.err);
    return Error{ErrorCode::Io, Message(msg::kAdbFailed).arg(what).arg(result.exitCode).arg(why)};
}

Result<QMap<QString, QString>> AdbDeviceAccess::open()
{
    if (m_options.serial.isEmpty()) {
        auto devices = listAdbDevices(m_options.program, m_options.commandTimeoutMs);
        if (!devices)
            return devices.error();
        QStringList ready;
        for (const AdbDevice &d : *devices) {
            if (d.state == QLatin1String("device"))
                ready << d.serial;
        }
        if (ready.size() > 1)
            return Error{ErrorCode::Usage,
                         Message(msg::kAdbSeveralDevices).arg(ready.join(QStringLiteral(", ")))};
        if (ready.isEmpty() && devices->size() == 1)
            return Error{
                ErrorCode::NotFound,
                Message(msg::kAdbNotReady).arg(devices->front().serial, devices->front().state)};
        if (ready.isEmpty())
            return Error{ErrorCode::NotFound, msg::kAdbNoDevice};
        m_options.serial = ready.front();
    }
    auto state = adb({QStringLiteral("get-state")});
    if (!state)
        return state.error();
    if (state->exitCode != 0)
        return failed(QStringLiteral("-s %1 get-state").arg(m_options.serial), *state);
    const QString said = QString::fromUtf8(state->out).trimmed();
    if (said != QLatin1String("device"))
        return Error{ErrorCode::NotFound, Message(msg::kAdbNotReady).arg(m_options.serial, said)};

    auto props = shell({QStringLiteral("getprop")});
    if (!props)
        return props.error();
    if (props->exitCode != 0)
        return failed(QStringLiteral("shell getprop"), *props);
    const QMap<QString, QString> all = parseGetprop(props->out);
    // Only these: what the device is, never who it belongs to.
    const std::pair<const char *, const char *> kept[] = {
        {"model", "ro.product.model"},
        {"manufacturer", "ro.product.manufacturer"},
        {"android", "ro.build.version.release"},
        {"sdk", "ro.build.version.sdk"},
        {"abi", "ro.product.cpu.abi"},
        {"abilist", "ro.product.cpu.abilist"},
        {"hardware", "ro.hardware"},
        {"platform", "ro.board.platform"}};
    for (const auto &[name, key] : kept) {
        const QString value = all.value(QLatin1String(key));
        if (!value.isEmpty())
            m_properties.insert(QLatin1String(name), value);
    }
    if (m_properties.value(QStringLiteral("abi")).isEmpty())
        return Error{ErrorCode::Protocol, Message(msg::kAdbNoProperties).arg(m_options.serial)};
    auto uname = shell({QStringLiteral("uname"), QStringLiteral("-r")});
    if (!uname)
        return uname.error();
    if (uname->exitCode == 0)
        m_properties.insert(QStringLiteral("kernel"), firstLine(uname->out));
    m_properties.insert(QStringLiteral("serial"), m_options.serial);
    const auto p = [this](const char *name) {
        const QString v = m_properties.value(QLatin1String(name));
        return v.isEmpty() ? QStringLiteral("?") : v;
    };
    m_note(Message(msg::kAdbDevice)
               .arg(m_options.serial, (p("manufacturer") + QLatin1Char(' ') + p("model")).trimmed(),
                    p("android"), p("sdk"), p("abi"), p("kernel")));
    return m_properties;
}

Result<QString> AdbDeviceAccess::remoteSha256(const QString &path)
{
    auto result = shell({QStringLiteral("sha256sum"), path});
    if (!result)
        return result.error();
    const QString sum = QString::fromLatin1(result->out).section(QLatin1Char(' '), 0, 0);
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    if (result->exitCode != 0 || !hex.match(sum).hasMatch())
        return Error{ErrorCode::Protocol,
                     Message(msg::kAdbChecksum).arg(path, firstLine(result->err))};
    return sum;
}

Result<QString> AdbDeviceAccess::deployWorker()
{
    const QString local =
        m_options.uploadWorker.isEmpty() ? findLocalWorker() : m_options.uploadWorker;
    if (local.isEmpty())
        return Error{ErrorCode::NotFound, msg::kAdbNoLocalWorker};
    const auto machines = elfMachineNames(local);
    if (!machines)
        return machines.error();
    const QString abi = m_properties.value(QStringLiteral("abi"));
    const QStringList runs = abiMachines(abi);
    if (runs.isEmpty())
        return Error{ErrorCode::Unsupported,
                     Message(msg::kAdbUnknownAbi).arg(m_options.serial, abi)};
    const bool fits = std::any_of(machines->begin(), machines->end(),
                                  [&](const QString &m) { return runs.contains(m); });
    if (!fits)
        return Error{
            ErrorCode::Unsupported,
            Message(msg::kAdbWrongAbi).arg(m_options.serial, abi, local, machines->constFirst())};
    auto localSum = localSha256(local);
    if (!localSum)
        return localSum.error();
    // Named after its content: a copy there is this very file when its checksum says so.
    const QString dir = m_options.remoteBase + QStringLiteral("/cipherwatt-") + localSum->left(16);
    const QString remote = dir + QLatin1Char('/') + kWorkerName;
    if (auto present = remoteSha256(remote); present && *present == *localSum) {
        m_note(Message(msg::kAdbFound).arg(remote, *localSum));
    } else {
        auto made = shell({QStringLiteral("mkdir"), QStringLiteral("-p"), dir});
        if (!made)
            return made.error();
        if (made->exitCode != 0)
            return failed(QStringLiteral("shell mkdir"), *made);
        auto pushed = adb({QStringLiteral("push"), local, remote});
        if (!pushed)
            return pushed.error();
        if (pushed->exitCode != 0)
            return failed(QStringLiteral("push"), *pushed);
        auto mode = shell({QStringLiteral("chmod"), QStringLiteral("700"), remote});
        if (!mode)
            return mode.error();
        if (mode->exitCode != 0)
            return failed(QStringLiteral("shell chmod"), *mode);
        auto remoteSum = remoteSha256(remote);
        if (!remoteSum)
            return remoteSum.error();
        if (*remoteSum != *localSum) {
            (void)shell({QStringLiteral("rm"), QStringLiteral("-f"), remote});
            return Error{ErrorCode::Io,
                         Message(msg::kAdbPushedMismatch).arg(remote, *remoteSum, *localSum)};
        }
        m_note(Message(msg::kAdbPushed).arg(local, remote, *localSum));
    }
    auto version = shell({remote, QStringLiteral("--version")});
    if (!version)
        return version.error();
    const QString expected = kWorkerName + QLatin1Char(' ') + QLatin1String(CIPHERWATT_VERSION);
    const QString said = firstLine(version->out);
    if (version->exitCode != 0 || said != expected)
        return Error{ErrorCode::Unsupported,
                     Message(msg::kAdbWorkerVersion)
                         .arg(remote, said.isEmpty() ? firstLine(version->err) : said)
                         .arg(version->exitCode)
                         .arg(QLatin1String(CIPHERWATT_VERSION))};
    return remote;
}

bool AdbDeviceAccess::checkRootAndLoad()
{
    // Magisk's and SuperSU's su take `-c <command>`; a phone without su answers "not found".
    auto root = shell({QStringLiteral("su"), QStringLiteral("-c"), QStringLiteral("id")});
    const bool rooted = root && root->exitCode == 0 && root->out.contains("uid=0");
    if (rooted)
        m_note(Message(msg::kAdbRooted).arg(m_options.serial));
    else
        m_note(Message(msg::kAdbNotRooted)
                   .arg(m_options.serial,
                        !root ? root.error().message.english()
                              : (firstLine(root->err).isEmpty() ? firstLine(root->out)
                                                                : firstLine(root->err))));

    auto load = shell({QStringLiteral("cat"), QStringLiteral("/proc/loadavg")});
    auto power = shell({QStringLiteral("dumpsys"), QStringLiteral("power")});
    if (!load || !power || load->exitCode != 0 || power->exitCode != 0) {
        const Error e = !load    ? load.error()
                        : !power ? power.error()
                        : load->exitCode != 0
                            ? failed(QStringLiteral("shell cat /proc/loadavg"), *load)
                            : failed(QStringLiteral("shell dumpsys power"), *power);
        m_note(e.message);
        return rooted;
    }
    const QString loadavg = QString::fromLatin1(load->out).section(QLatin1Char(' '), 0, 0);
    // `dumpsys power` (PowerManagerService.dumpInternal): "Wake Locks: size=N", then N lines
    // "  <TYPE> '<tag>' ...". A tag may name an account (sync adapters): those are not kept.
    static const QRegularExpression header(QStringLiteral("^\\s*Wake Locks: size=(\\d+)"));
    static const QRegularExpression entry(QStringLiteral("^\\s*(\\S+)\\s+'([^']*)'"));
    QStringList held;
    const QStringList lines = QString::fromUtf8(power->out).split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const auto h = header.match(lines[i]);
        if (!h.hasMatch())
            continue;
        const qsizetype n = h.captured(1).toInt();
        for (qsizetype k = i + 1; k <= i + n && k < lines.size(); ++k) {
            const auto e = entry.match(lines[k]);
            if (!e.hasMatch())
                continue;
            const QString tag = e.captured(2).contains(QLatin1Char('@'))
                                    ? QStringLiteral("(an account's)")
                                    : e.captured(2).left(80);
            held << QStringLiteral("%1 '%2'").arg(e.captured(1), tag);
        }
        break;
    }
    if (held.isEmpty())
        m_note(Message(msg::kAdbLoadQuiet).arg(m_options.serial, loadavg));
    else
        m_note(
            Message(msg::kAdbLoad).arg(m_options.serial, loadavg, held.join(QStringLiteral(", "))));
    return rooted;
}

} // namespace detail

} // namespace cipherwatt::core
