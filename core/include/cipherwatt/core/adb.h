#pragma once

// Android DUTs over adb (`adb[:<serial>]`, DESIGN.md): the same worker, protocol and phases as
// a local or SSH DUT, its stdin and stdout carried by `adb -s <serial> shell`.
//
// Order of a connection, and nothing runs before the step ahead of it succeeded:
//   1. The device: the serial given, or the only one `adb devices -l` lists as ready;
//      `adb -s <serial> get-state` must say `device`.
//   2. What it is: getprop (model, manufacturer, Android version, SDK, ABI list, hardware) and
//      `uname -r`; nothing else of the phone is read or recorded (no serial numbers of the
//      radio, no accounts).
//   3. Its ABI (ro.product.cpu.abi) against the ELF machine of the worker to push: another ABI
//      is refused, naming both.
//   4. The worker: /data/local/tmp/cipherwatt-<first 16 hex digits of its SHA-256>/
//      cipherwatt-bench, pushed unless a copy with the same SHA-256 is there; the copy's
//      SHA-256 is checked on the device (sha256sum) and its --version must be this build's.
//   5. Root (`su -c id`) and the load before the baseline (/proc/loadavg and the wake locks
//      `dumpsys power` lists), each a note in the session's record.
//   6. `adb -s <serial> shell -T 'exec <worker> serve --single-instance ...'`: the protocol on
//      its stdin and stdout. When the pipe closes (end of input, adb killed, USB unplugged),
//      adbd closes the worker's input: it stops the run, restores the governor and exits.
//
// Every remote command line is made of fixed words, paths CipherWatt chose and values it
// parsed, each single-quoted for the device's shell (shellQuote, ssh.h).

#include <cipherwatt/core/dut.h>

#include <QMap>
#include <QString>
#include <QStringList>

#include <vector>

namespace cipherwatt::core {

struct AdbOptions
{
    QString program = QStringLiteral("adb"); // found on PATH
    QString serial;             // validated (isValidAdbSerial); empty: the only device attached
    QString uploadWorker;       // the worker to push; empty: findLocalWorker()
    QStringList workerGlobal;   // global options of the worker (--isa)
    QStringList serveArguments; // extra `serve` arguments (tests: --sysfs-root, --journal)
    QString remoteBase = QStringLiteral("/data/local/tmp");
    int commandTimeoutMs = 30000; // each adb command before the worker runs
};

// A serial adb may name: letters, digits and . _ : - (network devices are host:port).
bool isValidAdbSerial(const QString &serial);

struct AdbDevice
{
    QString serial;
    QString state;   // "device" when ready; "unauthorized", "offline", ...
    QString model;   // from `adb devices -l` (underscores for spaces), may be empty
    QString product; // idem
    QString usb;     // "1-1.2", or empty for a network device
};

// The devices `adb devices -l` lists; an error when adb cannot be run or fails.
Result<std::vector<AdbDevice>> listAdbDevices(const QString &program = QStringLiteral("adb"),
                                              int timeoutMs = 10000);
// The lines of `adb devices -l`'s output after its heading.
std::vector<AdbDevice> parseAdbDevices(const QByteArray &output);
// The `[key]: [value]` lines getprop prints.
QMap<QString, QString> parseGetprop(const QByteArray &output);
// The ELF machine names (`uname -m`) an Android ABI runs ("arm64-v8a" -> aarch64); empty for
// an ABI CipherWatt knows no machine of.
QStringList abiMachines(const QString &abi);

std::unique_ptr<WorkerLink> makeAdbWorkerLink(const AdbOptions &options);
Dut::LinkFactory makeAdbLinkFactory(AdbOptions options);

} // namespace cipherwatt::core
