#pragma once

// Internal: finding a worker of this version on the DUT, or uploading one (ssh.h, step 4).

#include "ssh_connection.h"

namespace cipherwatt::core::detail {

struct RemoteWorker
{
    QString path; // absolute, on the DUT
    QString how;  // one line for the record: found where, or uploaded from where
    bool uploaded = false;
};

Result<RemoteWorker> deployWorker(SshConnection &connection, const SshOptions &options,
                                  const SshConnection::NoteFunction &note);

// The `uname -m` names of the ELF file's machine ("x86_64", "aarch64", ...), or an error when
// the file is not an ELF executable of a machine this table knows.
Result<QStringList> elfMachineNames(const QString &file);

} // namespace cipherwatt::core::detail
