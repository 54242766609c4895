#pragma once

// What a session stores, as types: the meter's set-up, the DUT's set-up (its environment as
// the worker reported it, the self-test, the governor as pinned and restored), each run's
// request and result, and the session's analysis. Storage, reports, the command line and the
// window all read these; records_json.h is their one serializer (the database's JSON columns).
//
// Adding a field: add it here, to its serializer (records_json.cpp; a field the worker sends
// goes through the protocol's codec and worker_records.cpp), and to the places that show it.
// Fields a newer CipherWatt stored and this one does not know are kept in `extra`.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/error.h>

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QPair>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace cipherwatt::core {

// ---- The meter --------------------------------------------------------------------------

struct MeterRange
{
    double value = 0.0;     // V or A
    bool automatic = false; // auto-range was on
};

struct MeterIdentity
{
    QString manufacturer;
    QString model;
    QString serial;
    QString firmware;
    QString resource;
    QString transport;
    bool simulated = false;
};

// A power source on the DUT as its worker sampled it: a secondary one of the session
// (SessionSettings::sources), or the meter itself (MeterSetup::source): what it is, what was
// read and how often, and how its sampling ended.
struct SourceSetup
{
    QString requested; // as given: "rapl:package"
    QString resource;  // as the worker resolved it: "rapl:package-0"
    QString kind;      // rapl, battery, hwmon
    QString method;    // energy_uj, power_now, curr_input*in_input, ...
    QString unit;      // of the files read: uJ, uW, mA*mV, ...
    QStringList files;
    double intervalSeconds = 0.0; // how often the worker read it
    // A fuel gauge's refresh period as the worker measured it (the median interval between
    // changes), the last one it reported; none: not a gauge, or no change seen yet.
    std::optional<double> updateSeconds;
    qint64 readings = 0;
    QString ended;   // done, stopped, error, shutdown; empty: still sampling when stored
    QString problem; // why it stopped early (a read that failed, a charger plugged in)
};

struct MeterSetup
{
    QString description; // "YOKOGAWA WT332 (serial ...)"
    MeterIdentity identity;
    int element = 1;
    int intervalMs = 100;
    QString mode; // "RMS", "VMEAN", "DC"
    MeterRange voltageRange;
    MeterRange currentRange;
    double powerRangeWatts = 0.0;
    double accuracyOfReading = 0.0; // fraction of the reading
    double accuracyOfRange = 0.0;   // fraction of the power range
    bool averaging = false;
    QStringList items; // "P1", "U1", ...
    QList<Message> warnings;
    // Set when the meter was a power source on the DUT (`--meter rapl:package-0`, or `auto`
    // with no WT300 attached): no ranges, no mode, and an accuracy its maker does not specify
    // (accuracyOfReading and accuracyOfRange are 0: the figures carry the statistical part only).
    std::optional<SourceSetup> source;
    bool isDutSource() const { return source.has_value(); }
    QJsonObject extra;
};

// ---- The DUT ----------------------------------------------------------------------------

struct CpuFrequency
{
    unsigned cpu = 0;
    QString governor;
    QStringList availableGovernors;
    std::uint64_t minKHz = 0;
    std::uint64_t maxKHz = 0;
    std::uint64_t curKHz = 0;
    std::uint64_t hwMinKHz = 0;
    std::uint64_t hwMaxKHz = 0;
    std::vector<std::uint64_t> availableKHz; // the driver's frequency table; empty: none
};

struct GovernorState
{
    std::vector<CpuFrequency> cpus;
    QString turboControl = QStringLiteral("none");
    std::optional<bool> turboEnabled;
};

struct Temperature
{
    QString sensor;
    QString label;
    double celsius = 0.0;
};

// The DUT's environment as its worker reported it.
struct DutSystem
{
    QString cpuModel;
    unsigned logicalCores = 0;
    QString architecture;
    QString kernel;
    QString hostname;
    QStringList cpuFeatures;
    QString isa;
    QStringList isaSupported;
    GovernorState governor;
    std::vector<Temperature> temperatures;
    QList<QPair<QString, QString>> libraries; // backend, "Botan 2.19.3"
    QStringList warnings;
    QJsonObject extra;

    // "AMD EPYC, 2 logical cores, x86_64": the one CPU line every output shows.
    QString cpuLine() const;
};

struct SelfTestEntry
{
    QString cipher;
    QString backend;
    QString status; // passed, failed, unavailable
    std::uint64_t passed = 0;
    std::uint64_t failed = 0;
    std::uint64_t unavailable = 0;
    QStringList messages;
};

struct IsaAgreement
{
    QString cipher;
    QString backend;
    QString isa;
    bool agreed = false;
    QString message;
};

// The known-answer self-test the DUT ran before measuring, and its tally (the one place it is
// counted).
struct SelfTest
{
    bool passed = false;
    std::vector<SelfTestEntry> results;
    std::vector<IsaAgreement> isaAgreement;
    QJsonObject extra;

    // (cipher, backend) pairs that passed.
    int passedPairs() const;
    // "cipher (backend)" of every pair that failed its vectors or whose instruction-set paths
    // disagree: these are not measured.
    QStringList refused() const;
    bool refuses(const QString &cipher, const QString &backend) const;
    // What the worker said of backends that could not run the vectors here.
    QStringList unavailableMessages() const;
};

// How the governor was pinned for the session: as applied (read back), or why not.
struct Pinning
{
    bool applied = false;
    QString error;  // why it was not applied (also "not requested")
    QString method; // "in-process", "sudo", "pkexec"
    GovernorState state;
    QStringList mismatches;
    bool journalCreated = false;
    QString journal;
    QJsonObject extra;
};

struct GovernorRestore
{
    bool restored = false;
    QString error; // why it could not be restored
    QString method;
    GovernorState state;
    QStringList mismatches;
    std::vector<unsigned> cpus;
    bool turboRestored = false;
    QString journal;
    QJsonObject extra;
};

struct DutSetup
{
    QString resource; // as given
    QString link;     // the link's description
    QString kind;     // "linux", "mcu"
    // A microcontroller has no CPU governor: nothing to pin or restore.
    bool hasGovernor() const { return kind != QLatin1String("mcu"); }
    QString workerVersion;
    QString workerPath;
    int protocol = 0;
    DutSystem system;
    QString description; // "local: AMD EPYC (2 cores, x86_64)"
    // An SSH DUT: who and where, never how (no key, passphrase or password).
    QString host;
    int port = 0;
    QString user;
    QStringList linkNotes;
    // What the link read of the device itself (an Android device: model, manufacturer,
    // android, sdk, abi, abilist, hardware, platform, kernel, serial; adb.h).
    QMap<QString, QString> device;
    std::optional<SelfTest> selfTest;
    std::optional<Pinning> pinning;
    std::optional<GovernorRestore> restore;
    std::vector<SourceSetup> sources; // the secondary power sources, in the session's order
    QJsonObject extra;
};

// ---- Runs -------------------------------------------------------------------------------

// Interrupted: the run was in progress when the program, the meter or the DUT went away.
enum class RunStatus : std::uint8_t {
    Planned,
    Running,
    Done,
    Failed,
    Skipped,
    Cancelled,
    Interrupted
};
QString runStatusName(RunStatus status); // "planned", "running", ... (stored so)
std::optional<RunStatus> parseRunStatus(const QString &name);
Message runStatusText(RunStatus status); // for the operator

// What was asked of the worker for a run: a cipher benchmark or an external program.
struct WorkerRequest
{
    bool exec = false;
    // A cipher run.
    QString cipher;
    QString backend;
    QString operation;
    std::uint64_t bufferBytes = 0;
    std::optional<std::uint64_t> iterations;
    std::optional<double> seconds;
    std::optional<int> cpu;
    std::optional<std::uint64_t> seed;
    QString chunking;
    QString
        isa; // the run's own instruction-set level (an experiment's factor); empty: the worker's
    // The CPU frequency the run is pinned at (an experiment's frequency level, kHz); none: the
    // session's pinning.
    std::optional<std::uint64_t> frequencyKHz;
    // The CPU governor the run is pinned at (an experiment's governor level); empty: the
    // session's pinning.
    QString governor;
    // What every iteration encrypts (an experiment's payload factor): "random", "zeros" or
    // "file" (payloadFile: an absolute path on the DUT); empty: random bytes encrypted in place,
    // as before the factor. padWithZeros: a partial last block of ECB/CBC padded with zeros.
    QString payload;
    QString payloadFile;
    bool padWithZeros = false;
    // An external program.
    QString label;
    QStringList argv;
    std::optional<double> timeoutSeconds;
    std::optional<std::uint64_t> bytes;
    QJsonObject extra;
};

struct Provenance
{
    QString backend;
    QString library;
    QString implementation;
    QString note;
};

struct CapturedOutput
{
    QString text; // the start of it
    std::uint64_t bytes = 0;
    bool truncated = false;
};

// What the worker measured: a cipher benchmark's result or an external program's.
struct WorkerResult
{
    bool exec = false;
    double seconds = 0.0; // the measured loop's (or the program's) wall time
    bool verified = false;
    int cpu = -1;
    // A cipher run.
    QString cipher;
    QString backend;
    QString operation;
    std::uint64_t bufferBytes = 0;
    QString chunking;
    std::uint64_t iterations = 0;
    std::uint64_t bytes = 0;
    std::uint64_t cycles = 0;
    QString counter;
    double counterHz = 0.0;
    double bytesPerSecond = 0.0;
    double cyclesPerByte = 0.0;
    double cyclesPerOperation = 0.0;
    std::uint64_t warmupIterations = 0;
    bool cancelled = false;
    std::uint64_t katVectorsChecked = 0;
    QString isa;
    Provenance provenance;
    // The firmware's (a microcontroller): whether its counter counts real core cycles (not
    // under an emulator), the AEAD tag each message carries beyond the buffer, and when the
    // timed loop began after the last byte of run_start left the board.
    std::optional<bool> cyclesReal;
    std::optional<std::uint64_t> tagBytes;
    std::optional<double> startOffsetSeconds;
    // A run at a frequency level: the frequency its CPU was pinned at after the loop, as the
    // worker read it back (0: no longer pinned at one).
    std::optional<std::uint64_t> frequencyKHz;
    // A run at a governor level: the governor its CPU ran after the loop, as the worker read it
    // back ("": no longer one governor); none: the worker did not say (not asked, or older).
    std::optional<QString> governor;
    // The payload measured (a run asked with one): kind, file and SHA-256 of its bytes; per
    // message the bytes processed (padded to blocks) and put out (ciphertext and tag).
    QString payload;
    QString payloadFile;
    QString payloadSha256;
    std::optional<std::uint64_t> messageProcessedBytes;
    std::optional<std::uint64_t> messageOutputBytes;
    // An external program.
    QString label;
    QStringList argv;
    QString program;
    qint64 pid = 0;
    QString status; // ok, failed, timeout, cancelled
    QString failure;
    std::optional<int> exitCode;
    std::optional<QString> signal;
    std::optional<int> signalNumber;
    double userSeconds = 0.0;
    double systemSeconds = 0.0;
    double timeoutSeconds = 0.0;
    std::optional<std::uint64_t> programBytes; // what the program processed, when known
    QString bytesSource;                       // operator, output, none
    std::optional<std::uint64_t> bytesOperator;
    std::optional<std::uint64_t> bytesOutput;
    QStringList notes;
    CapturedOutput out;
    CapturedOutput err;
    QJsonObject extra;

    // Bytes processed: the cipher run's, or the program's when known.
    std::uint64_t processedBytes() const { return exec ? programBytes.value_or(0) : bytes; }
    bool wasCancelled() const
    {
        return cancelled || (exec && status == QLatin1String("cancelled"));
    }
};

// ---- What else kept the DUT busy ---------------------------------------------------------

// The DUT's CPU counters at one moment, as its worker read them (protocol `activity`): counts
// of the kernel's clock ticks since boot.
struct CpuCounters
{
    unsigned cpus = 0;
    std::uint64_t ticksPerSecond = 0;
    std::uint64_t busyTicks = 0;  // every core, busy (user, nice, system, irq, softirq, steal)
    std::uint64_t totalTicks = 0; // every core, busy or idle
    std::uint64_t ownTicks = 0;   // the worker's own threads and the programs it ran
};

// The CPU time used on the DUT over one phase by everything other than the worker (a cron
// job, an indexer, a compiler), beside the worker's own: what a meter on the DUT's supply sees
// besides the cipher, in the baseline and in each run alike.
struct DutActivity
{
    double seconds = 0.0;          // the phase, as the cores' counters measured it
    double otherCpuSeconds = 0.0;  // everything but the worker
    double workerCpuSeconds = 0.0; // the worker and its programs
    unsigned cpus = 0;

    // CPU-seconds per second: how many cores were busy on average.
    double otherCores() const { return seconds > 0 ? otherCpuSeconds / seconds : 0.0; }
    double workerCores() const { return seconds > 0 ? workerCpuSeconds / seconds : 0.0; }
    // The share of the DUT's cores (0..1).
    double otherShare() const { return cpus > 0 ? otherCores() / cpus : 0.0; }

    // The activity between two readings of the same worker; none when they cannot be compared
    // (another worker or a rebooted DUT: a counter went back, the cores changed, no time
    // passed).
    static std::optional<DutActivity> between(const CpuCounters &from, const CpuCounters &to);
};

// Other activity that matters (issue 25): more than this many cores busy on average, in the
// baseline, or as a difference between the baseline and a run. A busy core draws about 1-6 W on
// the DUTs CipherWatt measures (6 W in the simulator's profiles), so 5 % of one core is
// 0.05-0.3 W: the size of a net power's 95 % interval at the WT300's 0.2 %-of-range accuracy
// on the ranges those DUTs use (0.2 % of 150 V x 0.5 A is 0.15 W). Less than that is within
// the meter's own uncertainty; more shows in the result.
inline constexpr double kOtherActivityThresholdCores = 0.05;
// Cores this busy (worker and others together, as a share of all) leave the worker competing
// for a core: what it gained, the other work lost, and the net power no longer measures it.
inline constexpr double kSaturatedShare = 0.95;

// "idle baseline: other activity 0.41 cores busy (21 % of 2), worker 0.00 cores": one phase's
// activity as every output writes it.
Message describeActivity(const Message &phase, const DutActivity &activity);

// ---- The session's analysis -------------------------------------------------------------

struct BaselineRecord
{
    double startSeconds = 0.0;
    double endSeconds = 0.0;
    BaselineResult result;
    // The frequency level the DUT idled at (an experiment's frequency factor); none: the
    // session's pinning. A run's idle level comes from windows at its own level only.
    std::optional<std::uint64_t> frequencyKHz;
    // The governor level it idled at (an experiment's governor factor); empty: none.
    QString governor;
};

struct PostBaselineRecord
{
    double startSeconds = 0.0;
    double endSeconds = 0.0;
    BaselineResult result;
    std::optional<double> changeWatts; // from the first baseline
    std::optional<bool> drifting;      // the change is beyond the drift threshold
};

struct SessionAnalysis
{
    std::optional<BaselineRecord> baseline;
    std::optional<PostBaselineRecord> postBaseline;
    // The idle windows between runs (--idle-between), in time order.
    std::vector<BaselineRecord> idleWindows;
    // The measuring program's own CPU use over the baseline (cores; runner_program.cpp).
    std::optional<double> programBaselineCores;
    QList<Message> flags; // every run's flags, named by run, and the session's own
    QJsonObject extra;
};

} // namespace cipherwatt::core
