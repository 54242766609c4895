#pragma once

// Sessions in one SQLite file (DESIGN.md, "Storage") or a shared PostgreSQL database (a lab's,
// written by several benches at once), through Qt SQL with the same schema and migrations.
// SQLite: WAL mode, the schema version in PRAGMA user_version, PRAGMA application_id marking
// the file as CipherWatt's. PostgreSQL: both in the table cipherwatt_meta. Samples are
// committed in batches at least once a second. A database from a newer version, or one that
// is not a CipherWatt database, is refused and left untouched.
//
// One Storage object per thread (a Qt SQL connection belongs to the thread that opened it).

#include <cipherwatt/core/database.h>
#include <cipherwatt/core/error.h>
#include <cipherwatt/core/records.h>
#include <cipherwatt/core/session.h>

#include <QString>
#include <QVariant>

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

namespace cipherwatt::core {

// 1: the first schema. 2: messages with their identifiers beside their English texts. 3: the
// DUT's other activity per phase. 4: the bench, host and a unique id of every session, and the
// indexes of the library's filters.
inline constexpr int kSchemaVersion = 5;
inline constexpr std::int32_t kApplicationId = 0x43575454; // "CWTT"

struct SessionSummary
{
    qint64 id = 0;
    QString label;
    QString operatorName;
    QString bench; // the bench's label (its host name unless given)
    QString host;  // the machine that ran the session
    QString uid;   // the same session in every database it is copied to
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

    // The run's own instruction-set level (an experiment's ISA factor: its request's, stored
    // from the plan on); empty: the worker's.
    QString isa() const { return request ? request->isa : QString(); }
    // The run's frequency level (kHz), stored from the plan on; none: the session's pinning.
    std::optional<std::uint64_t> frequencyKHz() const
    {
        return request ? request->frequencyKHz : std::nullopt;
    }
    // The run's payload level as `--vary payload=` names it ("zeros", "file:/data/a.txt"),
    // stored from the plan on; empty: not a factor.
    QString payload() const;
    // The run's governor and chunking levels, stored from the plan on; empty: not factors.
    QString governor() const { return request ? request->governor : QString(); }
    QString chunking() const { return request && !request->exec ? request->chunking : QString(); }
    // "lea-128-xts/custom encrypt 4096 B #1", "lea-128-xts/custom (neon) encrypt 4096 B #1": how
    // flags and messages name the run.
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

// A reading of a power source on the DUT (DutSetup::sources), placed on the session's clock
// as the runner placed it (runner_sources.cpp).
struct StoredReading
{
    int source = 0;    // index in DutSetup::sources
    qint64 tNs = 0;    // end of the reading's span, since the session's origin
    qint64 spanNs = 0; // the span its mean power covers; 0: the sensor's instantaneous value
    double watts = 0.0;
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
    std::vector<StoredReading> readings; // every source's, in the order they were stored
};

// The activity of every phase that has one (the baseline, the runs, the post-baseline), in
// order, as describeActivity() writes it.
QList<Message> activityLines(const SessionData &d);

// Which sessions the library lists: empty fields match every session.
struct SessionFilter
{
    QString bench;
    QString operatorName;
};

class Storage
{
public:
    // `~/.local/share/cipherwatt/sessions.sqlite` (the generic data location): the window and
    // the command line share it.
    static QString defaultPath();

    // Opens or creates the database (a SQLite path or a PostgreSQL URI, database.h) and brings
    // it to kSchemaVersion. Sessions left `running` by a program that died become
    // `interrupted`.
    static Result<std::unique_ptr<Storage>> open(const QString &path);

    // What open() refuses without changing a byte: a URL other than a valid PostgreSQL URI and
    // a file in a folder that does not exist (other than the default's), both usage errors; a
    // file that is not a CipherWatt database (read-only recognition). A session checks this
    // before it opens the meter. A PostgreSQL server is not contacted here.
    static Result<void> checkPath(const QString &path);
    ~Storage();
    Storage(const Storage &) = delete;
    Storage &operator=(const Storage &) = delete;

    // The path or the URI, as given (a URI never holds a password).
    QString path() const { return m_path; }
    // A PostgreSQL database.
    bool isShared() const { return m_location.isPostgres(); }
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
    // A power source's reading, buffered with the samples.
    Result<void> addReading(qint64 session, const StoredReading &reading);
    Result<void> flush();
    // Closes a session its program left `running` (storage.cpp says how); false if it was
    // not running (its program ended it meanwhile).
    Result<bool> closeInterrupted(qint64 session);

    // Reading.
    Result<std::vector<SessionSummary>> sessions(const SessionFilter &filter = {});
    Result<SessionData> load(qint64 session);

    // Copying and sending sessions between databases (copy.h).
    // What this database has of the session with unique id `uid`: its id (0: none), the last
    // update's number (updates are numbered from 1 without gaps), how many events, and the
    // last source reading's number (numbered as the updates).
    struct Holding
    {
        qint64 session = 0;
        qint64 samples = 0;
        qint64 events = 0;
        qint64 readings = 0;
    };
    Result<Holding> holding(const QString &uid);
    // load(), with only the updates, events and source readings after the first
    // `after.samples`, `after.events` and `after.readings` (what another database lacks);
    // `after.session` is not read.
    Result<SessionData> loadAfter(qint64 session, const Holding &after);
    // Stores what loadAfter() read from another database (which holds `at` of it), in one
    // transaction, all of it or nothing: a new session with its unique id, bench, times and
    // status as they were, or the session's fields, runs and phases rewritten and its new
    // updates and events appended. Its id here. A session still running is marked as run from
    // this connection (see holdSession).
    Result<qint64> receive(const SessionData &part, const Holding &at);
    // Closes and opens the connection again (PostgreSQL, after the server dropped it).
    Result<void> reconnect();

    // Editing.
    Result<void> rename(qint64 session, const QString &label);
    Result<void> setNotes(qint64 session, const QString &notes);
    Result<void> setTags(qint64 session, const QStringList &tags);
    // Removes the session and every row that belongs to it.
    Result<void> remove(qint64 session);

private:
    explicit Storage(DatabaseLocation location, QString connection);
    static Result<std::unique_ptr<Storage>> openSqlite(const DatabaseLocation &location);
    static Result<std::unique_ptr<Storage>> openPostgres(const DatabaseLocation &location);
    Result<void> recoverOrphans();
    // Marks `session` as run by this object (a lock file beside a SQLite file, an advisory
    // lock on the PostgreSQL connection), so that open() elsewhere leaves it alone; and
    // whether it is free (its runner gone), taking it.
    void holdSession(qint64 session);
    bool takeOrphan(qint64 session);
    void releaseSession(qint64 session);
    // `sqlite` or `postgres`, the one dialect difference a statement has.
    QString dialect(const char *sqlite, const char *postgres) const;
    Result<qint64> insertReturningId(const QString &sql, const QVariantList &values,
                                     const QString &what);
    Result<void> migrate();
    Result<void> recognisePostgres();
    Result<std::vector<SessionSummary>> summaries(const QStringList &where,
                                                  const QVariantList &values);
    Result<void> exec(const QString &sql);
    // Starts a transaction that writes. SQLite: with the write lock taken at once (BEGIN
    // IMMEDIATE), so that another program's write makes it wait (busy timeout) instead of
    // failing a transaction that read first and then wants to write ("database is locked").
    Result<void> beginWrite(const QString &what);
    Result<void> setSessionJson(qint64 session, const QString &column, const QString &json);
    Error sqlError(const QString &what, const QString &detail) const;

    DatabaseLocation m_location;
    QString m_path;
    QString m_connection;
    int m_recovered = 0;
    struct Pending;
    std::unique_ptr<Pending> m_pending;
};

} // namespace cipherwatt::core
