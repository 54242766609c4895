#include "library/session_loader.h"

#include <QtConcurrent/QtConcurrentRun>

namespace cipherwatt::gui {

LoadedSessions loadSessions(const QString &database, const QList<qint64> &ids)
{
    LoadedSessions out;
    auto storage = core::Storage::open(database);
    if (!storage) {
        out.error = storage.error().message.translated();
        return out;
    }
    auto sessions = std::make_shared<std::vector<core::SessionData>>();
    sessions->reserve(static_cast<std::size_t>(ids.size()));
    for (const qint64 id : ids) {
        auto data = (*storage)->load(id);
        if (!data) {
            out.error = data.error().message.translated();
            return out;
        }
        sessions->push_back(std::move(*data));
    }
    out.sessions = std::move(sessions);
    return out;
}

QFuture<LoadedSessions> loadSessionsAsync(const QString &database, const QList<qint64> &ids)
{
    return QtConcurrent::run([database, ids] { return loadSessions(database, ids); });
}

} // namespace cipherwatt::gui
