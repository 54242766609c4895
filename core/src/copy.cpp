#include "messages.h"

#include <cipherwatt/core/copy.h>

#include <QCryptographicHash>
#include <QStandardPaths>

#include <algorithm>
#include <limits>
#include <set>

namespace cipherwatt::core {

Result<std::vector<CopyOutcome>> copySessions(Storage &from, Storage &to,
                                              const std::vector<qint64> &ids)
{
    auto all = from.sessions();
    if (!all)
        return all.error();
    std::vector<const SessionSummary *> chosen;
    if (ids.empty()) {
        for (const SessionSummary &s : *all)
            chosen.push_back(&s);
    } else {
        std::set<qint64> seen;
        for (const qint64 id : ids) {
            const auto it = std::find_if(all->begin(), all->end(),
                                         [id](const SessionSummary &s) { return s.id == id; });
            if (it == all->end())
                return Error{ErrorCode::NotFound,
                             Message(msg::kNoSuchSession).arg(from.path()).arg(id)};
            if (seen.insert(id).second)
                chosen.push_back(&*it);
        }
    }
    std::vector<CopyOutcome> out;
    for (const SessionSummary *s : chosen) {
        CopyOutcome o;
        o.from = s->id;
        auto there = to.holding(s->uid);
        if (!there)
            return there.error();
        if (there->session != 0) {
            o.what = CopyOutcome::What::AlreadyThere;
            o.to = there->session;
        } else if (s->status == SessionStatus::Running) {
            o.what = CopyOutcome::What::Running;
        } else {
            auto data = from.load(s->id);
            if (!data)
                return data.error();
            auto id = to.receive(*data, {});
            if (!id)
                return id.error();
            o.to = *id;
        }
        out.push_back(o);
    }
    return out;
}

Result<SyncOutcome> syncSession(Storage &from, qint64 id, Storage &to)
{
    // The session's own fields first (no updates, no events), for its unique id.
    constexpr qint64 kNone = std::numeric_limits<qint64>::max();
    auto head = from.loadAfter(id, {0, kNone, kNone, kNone});
    if (!head)
        return head.error();
    auto there = to.holding(head->summary.uid);
    if (!there)
        return there.error();
    auto part = from.loadAfter(id, *there);
    if (!part)
        return part.error();
    auto remote = to.receive(*part, *there);
    if (!remote)
        return remote.error();
    return SyncOutcome{*remote, static_cast<qint64>(part->samples.size()),
                       static_cast<qint64>(part->events.size())};
}

QString journalPath(const QString &uri)
{
    const QByteArray hash = QCryptographicHash::hash(uri.toUtf8(), QCryptographicHash::Sha256);
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/cipherwatt/journal/") + QString::fromLatin1(hash.toHex().left(16)) +
           QStringLiteral(".sqlite");
}

} // namespace cipherwatt::core
