#pragma once

// Internal: one Android device reached through the adb program (adb.h, steps 1-5), with
// blocking commands run on the DUT thread before the worker starts.

#include <cipherwatt/core/adb.h>

#include <QByteArray>

#include <functional>

namespace cipherwatt::core::detail {

struct AdbResult
{
    int exitCode = 0;
    QByteArray out;
    QByteArray err;
};

// Runs `adb <arguments>`; an error when adb cannot start, times out or is killed. A non-zero
// exit status is a result, not an error.
Result<AdbResult> runAdb(const QString &program, const QStringList &arguments, int timeoutMs);

class AdbDeviceAccess
{
public:
    using NoteFunction = std::function<void(const Message &)>;

    AdbDeviceAccess(AdbOptions options, NoteFunction note);

    // Steps 1 and 2: the device, ready, and its properties (model, android, sdk, abi, abilist,
    // hardware, kernel).
    Result<QMap<QString, QString>> open();
    // Steps 3 and 4: the path of a worker of this build on the device.
    Result<QString> deployWorker();
    // Step 5: notes on root and the load before the baseline (failures are notes too); true
    // when `su -c id` says root.
    bool checkRootAndLoad();

    const QString &serial() const { return m_options.serial; }

private:
    // `adb -s <serial> shell <command>` with a command line made by shellCommand().
    Result<AdbResult> shell(const QStringList &argv);
    Result<AdbResult> adb(const QStringList &arguments);
    Result<QString> remoteSha256(const QString &path);
    Error failed(const QString &what, const AdbResult &result) const;

    AdbOptions m_options;
    NoteFunction m_note;
    QMap<QString, QString> m_properties;
};

} // namespace cipherwatt::core::detail
