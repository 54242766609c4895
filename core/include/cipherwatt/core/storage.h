#pragma once

// Sessions in one SQLite file (DESIGN.md, "Storage"): WAL mode, samples committed in batches
// at least once a second, the schema version in PRAGMA user_version with forward migrations,
// and PRAGMA application_id marking the file as CipherWatt's. A file from a newer version, or
// one that is not a CipherWatt database, is refused and left untouched.
//
// One Storage object per thread (a Qt SQL connection belongs to the thread that opened it).

#include <cipherwatt/core/error.h>
#include <cipherwatt/core/records.h>
#include <cipherwatt/core/session.h>

#include <QString>

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

namespace cipherwatt::core {

// 1: the first schema. 2: messages with their identifiers beside their English texts.
inline constexpr int kSchemaVersion = 3;
inline constexpr std::int32_t kApplicationId = 0x43575454; // "CWTT"

struct SessionSummary
{
    qint64 id = 0;
    QString label;
    QString operatorName;
    QString notes;
    QStringList tags;
    SessionStatus status = SessionStatus::Running;
    Message statusReason;
    QString createdUtc; // ISO 8601
    QString dut;        // short description, e.g. "local: AMD EPYC (2 cores)"
    QString meter;      // e.g. "YOKOGAWA WT332 (serial ...)"
    bool simulated = false;
    int runs = 0;
};

struct StoredPhase
{
    qint64 id = 0;
    PhaseKind kind = PhaseKind::Prepare;
    Message label;
    qint64 runId = 0;   // 0: none
    qint64 startNs = 0; // since the session's origin
    qint64 endNs = -1;  // -1: still open
    // What else kept the DUT's cores busy in this phase (the baseline, each run, the
    // post-baseline); none when the DUT cannot say or the phase was cut short.
    std::optional<DutActivity> activity;
};

struct StoredRun
{
    qint64 id = 0;
    int ordinal = 0; // position in the plan, from 1
    QString cipher;
    QString backend;
    QString operation;
    qint64 bufferBytes = 0;
    int repeat = 1;
    RunStatus status = RunStatus::Planned;
    Message error;
    qint64 startNs = -1;       // run_start received
    qint64 endNs = -1;         // run_end received
    qint64 windowStartNs = -1; // the measured loop
    qint64 windowEndNs = -1;
    std::optional<WorkerRequest> request; // what was asked of the worker
    std::optional<WorkerResult> result;   // what it measured
    std::optional<RunResult> analysis;

    // "lea-128-xts/custom encrypt 4096 B #1": how flags and messages name the run.
    QString label() const;
};

struct StoredSample
{
    qint64 tNs = 0; // end of the update, since the session's origin
    quint64 meterSequence = 0;
    qint64 intervalMs = 100;
    std::uint32_t flags = 0;
    std::uint32_t missedBefore = 0;
    qint64 phaseId = 0;
    qint64 runId = 0;
    double power = 0.0;         // the DUT element's P; NaN when not valid
    double wattHours = 0.0;     // the DUT element's WH; NaN when not read
    std::vector<double> values; // every configured item (the session's meter description)
};

struct StoredEvent
{
    qint64 tNs = 0;
    QString kind; // "warning", "dut", "meter", ...
    Message text;
};

struct SessionData
{
    SessionSummary summary;
    SessionSettings settings;
    MeterSetup meter;         // identity, applied configuration, items
    DutSetup dut;             // system info, worker version, pinning as applied
    SessionAnalysis analysis; // baseline, post-baseline, flags
    QString startedUtc;
    QString endedUtc;
    qint64 originUtcMs = 0; // UTC of the session's time origin
    std::vector<StoredPhase> phases;
    std::vector<StoredRun> runs;
    std::vector<StoredSample> samples;
    std::vector<StoredEvent> events;
};

// The activity of every phase that has one (the baseline, the runs, the post-baseline), in
// order, as describeActivity() writes it.
QList<Message> activityLines(const SessionData &d);

class Storage
{
public:
    // `~/.local/share/cipherwatt/sessions.sqlite` (the generic data location): the window and
    // the command line share it.
    static QString defaultPath();

    // Opens or creates the database and brings it to kSchemaVersion. Sessions left `running`
    // by a program that died become `interrupted`.
    static Result<std::unique_ptr<Storage>> open(const QString &path);

    // What open() refuses without changing a byte: a URL (a database server this build cannot
    // reach) and a file in a folder that does not exist (other than the default's), both usage
    // errors; a file that is not a CipherWatt database (read-only recognition). A session
    // checks this before it opens the meter.
    static Result<void> checkPath(const QString &path);
    ~Storage();
    Storage(const Storage &) = delete;
    Storage &operator=(const Storage &) = delete;

    QString path() const { return m_path; }
    // How many sessions open() found `running` and marked `interrupted`.
    int recoveredSessions() const { return m_recovered; }

    // Writing (the session runner).
    Result<qint64> createSession(const SessionSettings &settings, const MeterSetup &meter,
                                 const DutSetup &dut, qint64 originUtcMs, bool simulated);
    Result<void> setStatus(qint64 session, SessionStatus status, const Message &reason = {});
    Result<void> setDut(qint64 session, const DutSetup &dut);
    // The meter's set-up again, when the session changed it (--ranges auto-fix).
    Result<void> setMeter(qint64 session, const MeterSetup &meter);
    Result<void> setAnalysis(qint64 session, const SessionAnalysis &analysis);
    Result<qint64> beginPhase(qint64 session, PhaseKind kind, const Message &label, qint64 runId,
                              qint64 startNs);
    Result<void> endPhase(qint64 phase, qint64 endNs);
    Result<void> setPhaseActivity(qint64 phase, const DutActivity &activity);
    Result<qint64> addRun(qint64 session, const StoredRun &run);
    Result<void> updateRun(const StoredRun &run);
    Result<void> addEvent(qint64 session, const StoredEvent &event);
    // Buffered; written at the latest one second after the oldest unwritten sample, or by
    // flush().
    Result<void> addSample(qint64 session, const StoredSample &sample);
    Result<void> flush();
    // Closes a session its program left `running` (storage.cpp says how).
    Result<void> closeInterrupted(qint64 session);

    // Reading.
    Result<std::vector<SessionSummary>> sessions();
    Result<SessionData> load(qint64 session);

    // Editing.
    Result<void> rename(qint64 session, const QString &label);
    Result<void> setNotes(qint64 session, const QString &notes);
    Result<void> setTags(qint64 session, const QStringList &tags);
    // Removes the session and every row that belongs to it.
    Result<void> remove(qint64 session);

private:
    explicit Storage(QString path, QString connection);
    Result<void> migrate();
    Result<void> exec(const QString &sql);
    Result<void> setSessionJson(qint64 session, const QString &column, const QString &json);
    Error sqlError(const QString &what, const QString &detail) const;

    QString m_path;
    QString m_connection;
    int m_recovered = 0;
    struct Pending;
    std::unique_ptr<Pending> m_pending;
};

} // namespace cipherwatt::core
