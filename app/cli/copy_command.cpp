// `cipherwatt-cli copy --from <db> --to <db> [<id>...]`: sessions from one database into
// another (core/copy.h), e.g. a bench's SQLite file into the lab's PostgreSQL database.
// `cipherwatt-cli sync --db <uri>`: what this machine's journal of a lab database holds that
// the lab database lacks (a session measured while it did not answer).

#include "commands.h"
#include "options.h"

#include <cipherwatt/core/copy.h>
#include <cipherwatt/core/format.h>

#include <QFileInfo>
#include <QTextStream>

#include <cstdio>

namespace cipherwatt::cli {

using namespace core;

int copyCommand(const QStringList &args)
{
    Options opts(args);
    const QString fromPath = opts.required(QStringLiteral("--from"));
    const QString toPath = opts.required(QStringLiteral("--to"));
    const QStringList positional = opts.positional();
    opts.finish();
    std::vector<qint64> ids;
    for (const QString &text : positional)
        ids.push_back(parseSessionId(text));
    // Both values are checked before either database is opened (or created).
    for (const QString &path : {fromPath, toPath}) {
        if (auto checked = Storage::checkPath(path); !checked) {
            if (checked.error().code == ErrorCode::Usage)
                throw UsageError(checked.error().message.english());
            printError(checked.error().message);
            return ExitFailure;
        }
    }
    auto from = Storage::open(fromPath);
    if (!from) {
        printError(from.error().message);
        return ExitFailure;
    }
    auto to = Storage::open(toPath);
    if (!to) {
        printError(to.error().message);
        return ExitFailure;
    }
    auto outcomes = copySessions(**from, **to, ids);
    if (!outcomes) {
        printError(outcomes.error().message);
        return ExitFailure;
    }
    QTextStream out(stdout);
    int copied = 0;
    int there = 0;
    int running = 0;
    for (const CopyOutcome &o : *outcomes) {
        switch (o.what) {
        case CopyOutcome::What::Copied:
            ++copied;
            out << format::sessionId(o.from) << " -> " << format::sessionId(o.to) << ": copied\n";
            break;
        case CopyOutcome::What::AlreadyThere:
            ++there;
            out << format::sessionId(o.from) << " -> " << format::sessionId(o.to)
                << ": already there\n";
            break;
        case CopyOutcome::What::Running:
            ++running;
            out << format::sessionId(o.from) << ": still running, not copied\n";
            break;
        }
    }
    out << QStringLiteral("%1 copied, %2 already there, %3 still running\n")
               .arg(copied)
               .arg(there)
               .arg(running);
    out.flush();
    if (running > 0) {
        printError(QStringLiteral("%1 session(s) still running were not copied; copy them when "
                                  "they end")
                       .arg(running));
        return ExitFailure;
    }
    return ExitOk;
}

int syncCommand(const QStringList &args)
{
    Options opts(args);
    const QString db = opts.required(QStringLiteral("--db"));
    opts.finish();
    auto location = parseDatabase(db);
    if (!location)
        throw UsageError(location.error().message.english());
    if (!location->isPostgres())
        throw UsageError(QStringLiteral("--db: sync sends a journal to a lab database: give its "
                                        "postgresql:// URI, got '%1'")
                             .arg(db));
    QTextStream out(stdout);
    const QString journal = journalPath(db);
    if (!QFileInfo::exists(journal)) {
        out << "nothing to send: this machine has no journal of " << db << '\n';
        return ExitOk;
    }
    auto local = Storage::open(journal);
    if (!local) {
        printError(local.error().message);
        return ExitFailure;
    }
    auto remote = Storage::open(db);
    if (!remote) {
        printError(remote.error().message);
        return ExitFailure;
    }
    auto sessions = (*local)->sessions();
    if (!sessions) {
        printError(sessions.error().message);
        return ExitFailure;
    }
    int running = 0;
    for (const SessionSummary &s : *sessions) {
        if (s.status == SessionStatus::Running) {
            // Being measured (and sent) by a program that is still alive.
            ++running;
            continue;
        }
        auto sent = syncSession(**local, s.id, **remote);
        if (!sent) {
            printError(sent.error().message);
            return ExitFailure;
        }
        out << format::sessionId(sent->remote) << ": " << sent->samplesSent << " updates and "
            << sent->eventsSent << " events sent\n";
    }
    if (running > 0)
        out << running << " session(s) still being measured: sent by their program\n";
    return ExitOk;
}

} // namespace cipherwatt::cli
