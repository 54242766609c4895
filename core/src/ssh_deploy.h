#pragma once

// Internal: finding a worker of this version on the DUT, or uploading one (ssh.h, step 4).

#include "ssh_connection.h"

namespace cipherwatt::core::detail {

struct RemoteWorker
{
    QString path; // absolute, on the DUT
    Message how;  // one line for the record: found where, or uploaded from where
    bool uploaded = false;
    QString architecture; // the DUT's `uname -m`
    QString cacheDir;     // the private cache directory on the DUT (uploads go there)
};

Result<RemoteWorker> deployWorker(SshConnection &connection, const SshOptions &options,
                                  const SshConnection::NoteFunction &note);

// Puts the operator's plugin (a local shared library) on the DUT beside the worker, as the
// worker is uploaded: refused when it is built for another architecture than the DUT's; kept
// under <cache>/plugins/<SHA-256>/<name>, so a copy is reused only when it is byte for byte
// this file, and checked by SHA-256 on the DUT after the upload. Returns the remote path.
Result<QString> deployPlugin(SshConnection &connection, const RemoteWorker &worker,
                             const QString &localPlugin, const SshConnection::NoteFunction &note);

// The `uname -m` names of the ELF file's machine ("x86_64", "aarch64", ...), or an error when
// the file is not an ELF executable of a machine this table knows.
Result<QStringList> elfMachineNames(const QString &file);

// The SHA-256 of a local file, in lower-case hex (also the adb DUT's, adb_device.cpp).
Result<QString> localSha256(const QString &file);

// The worker's file name on a DUT, and the first word of its `--version` (SSH and adb alike).
inline constexpr QLatin1String kWorkerName("cipherwatt-bench");
// From the end of the worker's input to its exit, at most: it restores the governor first.
inline constexpr int kWorkerGoodbyeMs = 5000;

} // namespace cipherwatt::core::detail
