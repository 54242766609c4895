#pragma once

// The session model: what an operator asks for (settings and plan) and what a session records
// (phases, runs, samples, results). Definitions of the phases and of the analysis: DESIGN.md.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/instruments/message.h>
#include <cipherwatt/instruments/meter.h>

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace cipherwatt::core {

enum class SessionStatus : std::uint8_t {
    Running,     // being measured (or the program died: see Storage::open)
    Complete,    // every phase ran
    Cancelled,   // the operator stopped it
    Interrupted, // cut off from outside: the program, the meter or the DUT went away
    Failed,      // could not go on (an error the session could not get past)
};
QString statusName(SessionStatus status); // "running", "complete", ...
std::optional<SessionStatus> parseStatus(const QString &name);

enum class PhaseKind : std::uint8_t {
    Prepare,      // meter and DUT set up, self-test
    Pin,          // governor and CPU pinning
    Plan,         // pilot runs that size the runs
    Baseline,     // the DUT idles
    Settle,       // a pause before a run
    Run,          // a planned run (the worker's loop)
    PostBaseline, // idle again, for drift
    Restore,      // governor restored
    Idle,         // an idle window between runs (--idle-between)
    Stabilise,    // waiting for the idle power to be stable before the baseline
};
QString phaseName(PhaseKind kind); // "prepare", "pin", "plan", "baseline", ...
std::optional<PhaseKind> parsePhase(const QString &name);

// The steps the prepare phase tells apart by its label: which one a label names.
enum class PrepareStep : std::uint8_t { Connecting, SelfTest, Prepared, Other };
PrepareStep prepareStep(const instruments::Message &label);

// How long a run lasts: a fixed number of iterations, a minimum number of seconds, or
// automatic (a pilot run sizes it to span at least `minUpdates` meter updates).
// The order runs are measured in (plan.h, RunOrderSpec).
enum class RunOrder : std::uint8_t { Interleaved, Sequential, Randomised };

struct RunLength
{
    enum class Kind : std::uint8_t { Iterations, Seconds, Automatic };
    Kind kind = Kind::Automatic;
    std::uint64_t iterations = 0;
    double seconds = 0.0;
};

// One line of a plan after resolution against the DUT: a cipher on one backend with one
// operation, repeated.
struct PlanEntry
{
    QString cipher;    // for an external command: "cmd:<label>"
    QString backend;   // for an external command: "external"
    QString operation; // encrypt, decrypt, keygen, agree; for an external command: "run"
    // An external command (`cmd:<label>[:<bytes>]=<program> <arguments>`): its argument vector,
    // run without a shell on the DUT; empty for a cipher.
    QStringList command;
    qint64 commandBytes = 0; // the bytes it processes as the operator gave them; 0: from its output

    bool isCommand() const { return !command.isEmpty(); }
};

// The fourth paper's cycles model's constants (cycles_model.h): energy = cycles / f × I × V.
struct CyclesModel
{
    double volts = 0.0; // the CPU's supply voltage
    double amps = 0.0;  // the average current drawn per clock cycle
    // The clock the cycles ran at; none: the run's own (its frequency level as read back, else
    // the counter's mean rate over the loop).
    std::optional<double> hertz;
};

struct SessionSettings
{
    QString label;
    QString operatorName;
    QString bench; // the bench's label in a lab; empty: the host name
    QString notes;
    QStringList tags;

    QString meterResource = QStringLiteral("auto");
    int dutElement = 1; // the meter element that powers the DUT
    // The meter's set-up (issue 17): its measurement mode and fixed ranges (unset: as the
    // meter is set). Auto-range makes results unfit for publication (SPEC's power rules forbid
    // it): a session on auto-range is refused unless `allowAutoRange`, and then every result
    // is flagged. `rangesAutoFix`: the range advisor's ranges are applied before the baseline.
    instruments::MeasurementMode meterMode = instruments::MeasurementMode::Rms;
    std::optional<instruments::Range> voltageRange;
    std::optional<instruments::Range> currentRange;
    bool allowAutoRange = false;
    bool rangesAutoFix = false;
    QString dutResource = QStringLiteral("local");

    QString planSpec; // as given (DESIGN.md plan spec)
    std::vector<std::size_t> bufferSizes{4096};
    // An experiment's ISA factor: every cipher run at each of these instruction-set levels
    // (portable, sse2, avx2, avx512, neon), in this order; empty: at the worker's level only.
    QStringList isaLevels;
    // An experiment's frequency factor: every run with the DUT's CPUs pinned at each of these
    // frequencies (kHz, scaling_min = scaling_max), in this order within a pass; empty: the
    // session's pinning only. Each level is pinned through the worker and read back, and has
    // idle windows of its own (docs/method.md, "Experiments: CPU frequency").
    std::vector<std::uint64_t> frequencyLevelsKHz;
    // An experiment's payload factor: every cipher run encrypting each of these, in this order,
    // the first the reference the others are compared with: "random" (from the run's seed),
    // "zeros", "file:<absolute path on the DUT>" (its first buffer's worth); empty: random
    // bytes, each iteration encrypting the last one's ciphertext in place (docs/method.md,
    // "Experiments: payload").
    QStringList payloadLevels;
    // An experiment's governor factor: every run with the DUT's CPUs under each of these
    // governors (pinned and read back through the worker, like a frequency level, with idle
    // windows of its own), the first the reference; empty: the session's pinning. Never with
    // frequency levels.
    QStringList governorLevels;
    // An experiment's chunking factor: every cipher run with each buffer a message of its own
    // ("message") and as one long stream a buffer at a time ("stream", stream ciphers and CTR
    // only), the first the reference; empty: messages, as before the factor.
    QStringList chunkingLevels;
    // Power sources on the DUT read beside the meter, secondary to it: `rapl:<zone>`,
    // `battery[:<name>]`, `hwmon:<sensor>/<label>`. The DUT's worker samples each through the
    // whole session; every run gets its net power from each and the cross-check against the
    // meter (analysis.h, SourceRunResult; docs/method.md, "Power sources on the DUT").
    QStringList sources;
    // ECB and CBC buffers that are not whole blocks padded with zeros (the third paper's
    // 5-byte payloads), instead of refused; energy per byte stays per payload byte.
    bool padWithZeros = false;
    // The fourth paper's cycles model beside the measured energy per byte (cycles_model.h);
    // none: not shown.
    std::optional<CyclesModel> cyclesModel;
    int repeats = 1;
    RunOrder runOrder = RunOrder::Interleaved;
    std::optional<std::uint64_t> runOrderSeed; // Randomised: drawn at the start when not given
    RunLength runLength;
    int minUpdates = 100;       // updates a run must span (10 s at 100 ms)
    double settleSeconds = 0.0; // pause before each run
    // The settle pauses serve as idle windows too (analysis.h): only for a DUT that returns
    // to idle at once after a run.
    bool settleIsIdle = false;
    double baselineSeconds = 60.0;    // "paper method": 600
    double postBaselineSeconds = 0.0; // 0: none
    // An idle window of this length before every run but the first (0: none): the idle level
    // under each run is then interpolated between the windows around it (analysis.h).
    double idleBetweenSeconds = 0.0;
    UncertaintyModel uncertainty = UncertaintyModel::Correlated;
    // Before the baseline, wait at most this long for the DUT's other activity to stay below
    // kOtherActivityThresholdCores for a few seconds (records.h); 0: do not wait.
    double waitForQuietSeconds = 0.0;
    // Before the baseline (after the quiet wait), wait at most this long for the idle power to
    // be stable: its least-squares slope over the last baseline-length window, times that
    // length, within driftThreshold of its mean (runner_stable.cpp); 0: do not wait.
    double waitForStableSeconds = 0.0;
    bool pinGovernor = true;   // governor performance through the worker
    bool fixFrequency = false; // min = max frequency
    bool disableTurbo = false;
    int cpu = 0;                  // the CPU runs are pinned to; -1: none
    bool integrator = true;       // read the meter's WH for the cross-check
    double driftThreshold = 0.01; // fraction of idle power over the baseline
};

inline constexpr double kPaperBaselineSeconds = 600.0;
// How long the DUT idles at a frequency level after it is pinned there, before the level's first
// run: an idle window between runs where the session has them, else a baseline's length.
inline double levelIdleSeconds(const SessionSettings &s)
{
    return s.idleBetweenSeconds > 0 ? s.idleBetweenSeconds : s.baselineSeconds;
}
// A resource string that names a power source on the DUT (rapl:…, battery, battery:…, hwmon:…),
// well formed or not: as a meter (`--meter rapl:package-0`) it is read by the DUT's worker.
bool isPowerSourceResource(const QString &resource);
// What is wrong with a power source's resource string (SessionSettings::sources), in words
// that name it; none when it has one of the forms rapl:<zone>, battery, battery:<name>,
// hwmon:<sensor>/<label>. Whether the DUT has it is the worker's to say.
std::optional<instruments::Message> sourceResourceProblem(const QString &resource);
// The same for a list: also a source given twice.
std::optional<instruments::Message> sourcesProblem(const QStringList &resources);

// How long `--wait-for-quiet` (and the window's checkbox) waits at most for a quiet DUT.
inline constexpr double kDefaultWaitForQuietSeconds = 60.0;
// How long the window's "wait for stable idle power" waits at most (the CLI takes any bound).
inline constexpr double kDefaultWaitForStableSeconds = 600.0;

} // namespace cipherwatt::core

Q_DECLARE_METATYPE(cipherwatt::core::SessionStatus)
Q_DECLARE_METATYPE(cipherwatt::core::PhaseKind)
