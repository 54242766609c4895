#pragma once

// Moving sessions between databases. `cipherwatt-cli copy`: a bench's SQLite file into the
// lab's PostgreSQL database, or back; each session whole, in one transaction. Sending on: a
// session measured into the lab database is kept first in a local journal (a SQLite file
// beside the program's data) and sent on at least once a second, so that a dropped connection
// loses nothing; `cipherwatt-cli sync` sends what could not be sent. A session is known in
// every database by its unique id, so copying or sending again changes nothing.

#include <cipherwatt/core/storage.h>

#include <vector>

namespace cipherwatt::core {

struct CopyOutcome
{
    enum class What {
        Copied,       // stored in the target as `to`
        AlreadyThere, // the target has it (as `to`): nothing written
        Running,      // still being measured: not copied, copy it when it ends
    };
    qint64 from = 0;
    qint64 to = 0;
    What what = What::Copied;
};

// `ids` empty: every session of `from`. An id `from` does not have is an error before
// anything is copied.
Result<std::vector<CopyOutcome>> copySessions(Storage &from, Storage &to,
                                              const std::vector<qint64> &ids);

struct SyncOutcome
{
    qint64 remote = 0;      // the session's id in the target
    qint64 samplesSent = 0; // updates the target lacked
    qint64 eventsSent = 0;
};

// Brings `to` up to date with session `id` of `from`: the updates and events it lacks are
// appended, the session's fields, runs and phases rewritten; one transaction.
Result<SyncOutcome> syncSession(Storage &from, qint64 id, Storage &to);

// The journal of a lab database: `<data>/cipherwatt/journal/<name>.sqlite`, one file per
// database URI (named by a hash of it, which holds no password).
QString journalPath(const QString &uri);

} // namespace cipherwatt::core
