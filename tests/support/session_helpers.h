#pragma once

// Whole sessions for tests: the session runner with the simulated meter and the real local
// worker, driven to its end in a local event loop.

#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/storage.h>

#include <QStringList>

#include <chrono>
#include <filesystem>
#include <functional>

namespace cipherwatt::test {

struct SessionOutcome
{
    core::SessionStatus status = core::SessionStatus::Running;
    QString reason;
    qint64 session = 0;
    QStringList warnings;
    QStringList notes; // what the DUT link did (host key accepted, worker uploaded, ...)
};

// A short session on the scripted simulated WT332 (tests/data/sim/worker-threshold.profile:
// 4.0 W idle, 12.5 W while the worker runs, so every run's net power is 8.5 W) with the plan
// given, runs of `runSeconds`, the governor not pinned, runs on CPU 0.
core::SessionSettings thresholdSettings(const QString &plan, double baselineSeconds,
                                        double runSeconds, int minUpdates);

// Options for a session in `dir` (its database there) with the local worker of this build.
core::RunnerOptions localOptions(const std::filesystem::path &dir);

// What tests ask of a stored session: its phases' kinds in order ("prepare", "baseline", ...),
// the first phase of a kind (null: none), whether a flag with the identifier is among `flags`.
QStringList phaseKinds(const core::SessionData &d);
const core::StoredPhase *phaseOf(const core::SessionData &d, core::PhaseKind kind);
bool hasFlag(const QList<core::Message> &flags, const char *id);

// Runs the session to its end (bounded by `limit`); `during` sees the runner before it starts.
SessionOutcome runSession(const core::SessionSettings &settings, const core::RunnerOptions &options,
                          const std::function<void(core::SessionRunner &)> &during = {},
                          std::chrono::seconds limit = std::chrono::seconds(120));

// The stored session; the test fails when it cannot be loaded.
core::SessionData loadSession(const QString &database, qint64 id);

} // namespace cipherwatt::test
