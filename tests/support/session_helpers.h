#pragma once

// Whole sessions for tests: the session runner with the simulated meter and the real local
// worker, driven to its end in a local event loop.

#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/storage.h>

#include <QStringList>

#include <chrono>
#include <functional>

namespace cipherwatt::test {

struct SessionOutcome
{
    core::SessionStatus status = core::SessionStatus::Running;
    QString reason;
    qint64 session = 0;
    QStringList warnings;
};

// Runs the session to its end (bounded by `limit`); `during` sees the runner before it starts.
SessionOutcome runSession(const core::SessionSettings &settings, const core::RunnerOptions &options,
                          const std::function<void(core::SessionRunner &)> &during = {},
                          std::chrono::seconds limit = std::chrono::seconds(120));

// The stored session; the test fails when it cannot be loaded.
core::SessionData loadSession(const QString &database, qint64 id);

} // namespace cipherwatt::test
