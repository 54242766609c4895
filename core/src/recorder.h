#pragma once

// Internal: what the runner stores, and the order it is stored in. The recorder owns the
// database connection, the session's time origin, the phases (each update belongs to the
// phase in force when it ended), the updates and their flushing at least once a second. Of
// each update it keeps in memory only what the analysis reads (a PowerSample, 64 bytes), not
// the stored update with all its items: 2.3 MB for an hour at 10 updates a second.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/storage.h>
#include <cipherwatt/instruments/measurement.h>

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <vector>

namespace cipherwatt::core {

// Where the DUT element's items are in an update (-1: not read).
struct SampleItems
{
    int power = -1;
    int energy = -1;
    int current = -1;
    int voltageRange = -1; // URANge
    int currentRange = -1; // IRANge
};

class SessionRecorder : public QObject
{
    Q_OBJECT

public:
    explicit SessionRecorder(QObject *parent = nullptr);
    ~SessionRecorder() override;

    // Opens the database and stores the new session; the session's clock starts here. A lab
    // database (PostgreSQL) must answer now; the session is then written to its local journal
    // (copy.h) and sent on with every flush, at least once a second.
    Result<qint64> create(const QString &databasePath, const SessionSettings &settings,
                          const MeterSetup &meter, const DutSetup &dut, bool simulated);
    bool exists() const { return m_sessionId > 0; }
    // The session's id in the database it was asked for (the lab database's, not the
    // journal's).
    qint64 sessionId() const { return m_remote ? m_remoteId : m_sessionId; }
    Storage *storage() const { return m_storage.get(); }

    // Session seconds of a steady-clock instant, and of now.
    double seconds(qint64 hostNs) const;
    double now() const;
    // When the phase in force began, in session seconds.
    double phaseStartSeconds() const
    {
        return m_phases.empty() ? 0.0 : static_cast<double>(m_phases.back().startNs) / 1e9;
    }
    qint64 sinceOriginNs(qint64 hostNs) const { return hostNs - m_originNs; }

    // Ends the phase in force and begins the next; returns its start in session seconds.
    Result<double> beginPhase(PhaseKind kind, const Message &label, qint64 runId);
    Result<void> endPhase();
    // The phase in force (0: none), and what else kept the DUT busy in a phase.
    qint64 phaseId() const { return m_phaseId; }
    Result<void> setPhaseActivity(qint64 phaseId, const DutActivity &activity);

    // Stores an update of the meter (P and WH of the DUT's element at the given item indexes)
    // with the phase and run in force when it ended.
    Result<StoredSample> addSample(const instruments::Sample &sample, const SampleItems &items);
    // Every update so far, as the analysis reads them (the current and the ranges from the
    // items of addSample(), NaN where they were not read).
    const std::vector<PowerSample> &powerSamples() const { return m_power; }

    // Stores a reading of power source `source` (DutSetup::sources) whose span ended at `hostNs`.
    Result<void> addReading(int source, qint64 hostNs, double spanSeconds, double watts);
    Result<void> addEvent(const QString &kind, const Message &text, qint64 hostNs);
    Result<qint64> addRun(const StoredRun &run);
    Result<void> updateRun(const StoredRun &run);
    Result<void> setDut(const DutSetup &dut);
    Result<void> setMeter(const MeterSetup &meter);
    Result<void> setAnalysis(const SessionAnalysis &analysis);
    Result<void> setStatus(SessionStatus status, const Message &reason);
    Result<void> flush();

    // Called with the error when the flush timer's flush fails.
    void onFlushError(std::function<void(const Error &)> handler) { m_flushError = handler; }

private:
    // Sends what the lab database lacks of the session; when it does not answer, says so once
    // (an event) and tries again at the next flush, the session going on in the journal.
    void sendOn();

    struct Phase
    {
        qint64 startNs;
        qint64 id;
        qint64 runId;
        PhaseKind kind;
    };

    std::unique_ptr<Storage> m_storage; // the database, or a lab database's journal
    std::unique_ptr<Storage> m_remote;  // the lab database
    qint64 m_remoteId = 0;
    bool m_remoteAnswers = true;
    qint64 m_keptSince = 0; // updates in the journal when the lab database stopped answering
    qint64 m_updates = 0;
    QElapsedTimer m_lastReconnect;
    qint64 m_sessionId = 0;
    qint64 m_originNs = 0;
    qint64 m_phaseId = 0;
    std::vector<Phase> m_phases;
    std::vector<PowerSample> m_power;
    QTimer m_flushTimer;
    std::function<void(const Error &)> m_flushError;
};

} // namespace cipherwatt::core
