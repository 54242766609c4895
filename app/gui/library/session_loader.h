#pragma once

// Whole sessions (samples included) read from the database on a worker thread, each load with
// its own Storage (a connection belongs to the thread that opened it), so a long session never
// freezes the window while it is read.

#include <cipherwatt/core/storage.h>

#include <QFuture>
#include <QList>
#include <QString>

#include <memory>
#include <vector>

namespace cipherwatt::gui {

struct LoadedSessions
{
    std::shared_ptr<const std::vector<core::SessionData>> sessions; // in the order asked for
    QString error;                                                  // empty when all loaded
};

// Runs on the calling thread.
LoadedSessions loadSessions(const QString &database, const QList<qint64> &ids);
// Runs on Qt's thread pool.
QFuture<LoadedSessions> loadSessionsAsync(const QString &database, const QList<qint64> &ids);

} // namespace cipherwatt::gui
