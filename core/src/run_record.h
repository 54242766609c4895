#pragma once

// Internal: one planned run as the runner keeps it, from the plan to its stored record.

#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/storage.h>

#include <cstdint>

namespace cipherwatt::core {

struct RunRecord
{
    PlannedRun plan;
    StoredRun stored;             // what the database has of it (status, times, result, ...)
    std::uint64_t iterations = 0; // sized by the pilot or the settings; 0: by seconds
    double expectedSeconds = 0.0; // for progress
    qint64 phaseId = 0;           // the run's phase, once it started

    // "lea-128-xts/custom encrypt 4096 B #1"
    QString label() const { return stored.label(); }
    // The same cipher, backend, operation and buffer: what one pilot run sizes.
    bool sameKind(const RunRecord &other) const
    {
        return plan.entry.cipher == other.plan.entry.cipher &&
               plan.entry.backend == other.plan.entry.backend &&
               plan.entry.operation == other.plan.entry.operation &&
               plan.bufferBytes == other.plan.bufferBytes;
    }
};

// The worker's request for a cipher run of the plan, without its length.
WorkerRequest cipherRequest(const RunRecord &r, const SessionSettings &settings);
// The worker's request for a run of the plan: a cipher run with its length (when known), or an
// external program.
WorkerRequest runRequest(const RunRecord &r, const SessionSettings &settings,
                         double commandTimeoutSeconds);

} // namespace cipherwatt::core
