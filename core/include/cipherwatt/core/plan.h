#pragma once

// Plans: the plan spec of DESIGN.md (`<cipher id>[/<backend>][:<op>[+<op>]...]`, comma
// separated; a plugin's backend is `plugin:<name>`) resolved against the catalogue the DUT's worker
// reports (`list`), and expanded into runs (entry x buffer size x repeat).

#include <cipherwatt/core/error.h>
#include <cipherwatt/core/session.h>

#include <QStringList>

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <vector>

namespace cipherwatt::core {

struct CatalogueEntry
{
    QString id;
    QString family;
    QString mode;
    int keyBits = 0;
    QStringList operations;
    QStringList backends; // present on the DUT
    bool keyAgreement() const;
};

// The catalogue as `cipherwatt-bench list --json` prints it.
Result<std::vector<CatalogueEntry>> parseCatalogueJson(const QByteArray &json);

// Unknown ids list the valid ones; unknown backends and operations name what the cipher has.
// Besides ciphers, a plan may run external programs on the DUT:
//   cmd:<label>[:<bytes>]=<program> <arguments>
// The label is letters, digits, '.', '_' or '-'; the bytes it processes are given here or
// printed by the program on a line `cipherwatt-bytes: <n>`. The program and its arguments are
// split like a shell does ('single' and "double" quotes, backslash escapes) but never given to
// a shell. Entries are separated by commas outside quotes.
Result<std::vector<PlanEntry>> resolvePlan(const QString &spec,
                                           const std::vector<CatalogueEntry> &catalogue);

// The words of a command line, split as described above; an error names an unclosed quote.
Result<QStringList> splitCommandLine(const QString &line);

// How an experiment's level pins the DUT beyond the session's own pinning: at a CPU frequency
// (scaling_min = scaling_max) or under a governor, never both (applyFactor refuses the two
// factors together: at one fixed frequency every governor runs the same); neither: the
// session's pinning.
struct PinLevel
{
    std::optional<std::uint64_t> frequencyKHz;
    QString governor;
    bool any() const { return frequencyKHz || !governor.isEmpty(); }
    friend bool operator==(const PinLevel &, const PinLevel &) = default;
};

struct PlannedRun
{
    int ordinal = 0; // from 1
    PlanEntry entry;
    std::size_t bufferBytes = 0;
    QString isa; // the run's own instruction-set level; empty: the worker's
    int repeat = 1;
    std::optional<std::uint64_t> frequencyKHz; // the run's frequency level; none: not a factor
    QString payload;  // the run's payload level ("zeros", "file:/a.txt"); empty: not a factor
    QString governor; // the run's governor level ("powersave"); empty: not a factor
    QString chunking; // the run's chunking level ("message", "stream"); empty: not a factor
    PinLevel pinLevel() const { return {frequencyKHz, governor}; }
};

// Repeats outermost, so that the repeats of one run are spread over the session (slow drift
// then shows as spread instead of bias); within a repeat, each frequency or governor level (a
// block: the DUT is pinned once per level and pass, and idles at the level before its runs), and
// within it each entry at each buffer size at each ISA level at each chunking at each payload
// (the levels of one cipher side by side, so that drift cannot separate them). Key agreement
// runs and external commands ignore buffer sizes, ISA levels, chunkings and payloads (but not
// frequency or governor levels: a program runs on the same CPU). The stream chunking applies
// only to ciphers that can continue a key stream (canStream()): another cipher runs at the
// message level alone (checkFactors() refuses a design where that leaves it no level).
std::vector<PlannedRun> expandPlan(const std::vector<PlanEntry> &entries,
                                   const std::vector<CatalogueEntry> &catalogue,
                                   const std::vector<std::size_t> &bufferSizes, int repeats,
                                   const QStringList &isaLevels = {},
                                   const std::vector<std::uint64_t> &frequencyLevelsKHz = {},
                                   const QStringList &payloadLevels = {},
                                   const QStringList &governorLevels = {},
                                   const QStringList &chunkingLevels = {});
// The same with every factor of the settings (buffers, repeats at least 1, and the levels).
std::vector<PlannedRun> expandPlan(const std::vector<PlanEntry> &entries,
                                   const std::vector<CatalogueEntry> &catalogue,
                                   const SessionSettings &settings);
// Whether a plan entry can be processed as one long stream a buffer at a time (`chunking
// stream`): stream ciphers and CTR, in a built-in backend (a plugin cannot continue a key
// stream).
bool canStream(const PlanEntry &entry, const std::vector<CatalogueEntry> &catalogue);
// A design the plan cannot carry: a cipher left with no chunking level (only `stream` given,
// and the cipher cannot stream). One line naming the cipher and what to add.
Result<void> checkFactors(const std::vector<PlanEntry> &entries,
                          const std::vector<CatalogueEntry> &catalogue,
                          const SessionSettings &settings);

// An experiment's factor (`cipherwatt-cli run --vary NAME=LEVELS`; the message does not name
// the option, which the command line puts before it), into the settings it varies:
//   isa=portable,neon     instruction-set levels, in the order given; the first is the reference
//                         the others are compared with;
//   freq=600MHz,1.2GHz    CPU frequencies (kHz, MHz or GHz; whole kHz), or a range and a count,
//   freq=600MHz..1.5GHz/10  evenly spaced from the first to the last (both included);
//   payload=random,zeros,file:/data/a.txt
//                         what each run encrypts, the first the reference: random bytes, zeros,
//                         or the first buffer's worth of a file on the DUT (absolute path);
//   governor=performance,schedutil
//                         CPU governors (the kernel's documented ones: performance, powersave,
//                         userspace, ondemand, conservative, schedutil), each pinned through the
//                         worker and read back like a frequency level, the first the reference;
//                         not with freq= (a fixed frequency leaves a governor nothing to do);
//   chunking=message,stream
//                         each buffer a message of its own, or one long stream processed a
//                         buffer at a time (stream ciphers and CTR), the first the reference.
// A one-line usage error names an unknown factor, a level that is not one of the factor's, or
// one given twice. Whether the DUT has a level is the worker's to say: an ISA level before the
// session starts, a frequency when it is pinned (a refused one is recorded, its runs skipped).
// Levels of the driver's frequency table (`cipherwatt-bench governor show`) are pinned as they
// are; any other value is refused there, never rounded.
Result<void> applyFactor(SessionSettings &settings, const QString &text);
// The instruction-set levels a run may be given: portable, sse2, avx2, avx512, neon.
QStringList isaLevelNames();
// A frequency as `--vary freq=` takes it ("600MHz", "1.5 GHz", "600000kHz"), in whole kHz.
std::optional<std::uint64_t> parseFrequencyKHz(const QString &text);
inline constexpr int kMaxFrequencyLevels = 64;
inline constexpr int kMaxPayloadLevels = 16;
// The governors a governor level may name: the kernel's documented generic ones.
QStringList governorNames();
// The factors `--vary` takes, by name, in the order the window's factor table lists them.
QStringList factorNames();
// A factor's levels in the settings as `--vary NAME=` takes them back ("portable,neon",
// "600MHz,1.2GHz"); empty: the factor is not varied.
QString factorLevelsText(const SessionSettings &settings, const QString &name);
// The factor's levels removed (not varied).
void clearFactor(SessionSettings &settings, const QString &name);
// A payload level as `--vary payload=` takes it, checked: "random", "zeros", or "file:" and an
// absolute path (no control characters); none if it is not one.
std::optional<QString> parsePayloadLevel(const QString &text);

// A paper's plan by name (README, "Android DUTs"): its ciphers and operations, buffer sizes
// and repeats, for `cipherwatt-cli run --plan-preset <name>`.
struct PlanPreset
{
    const char *name;                     // "second-paper"
    const char *plan;                     // a plan spec, as above
    std::vector<std::size_t> bufferSizes; // bytes
    int repeats = 1;
    const char *what;           // one line for the command line's help (English, as its other help)
    const char *isaLevels = ""; // an ISA factor, as `--vary isa=` takes it; empty: none
    bool padWithZeros = false;  // ECB/CBC payloads that are not whole blocks padded with zeros
};
std::span<const PlanPreset> planPresets();
// The preset named `name`, or null.
const PlanPreset *findPlanPreset(const QString &name);

// The order the planned runs are measured in (docs/method.md, "Run order"):
//   interleaved - every run once, then every run again (ABC ABC): today's order, the default;
//   sequential  - each run's repeats back to back (AA BB CC), as measured by hand;
//   random      - within each pass over the runs (a block: one repeat of every run), the runs
//                 in a random order drawn from the seed, so that a DUT's drift over the session
//                 cannot line up with one cipher or one buffer size. The same seed gives the
//                 same order on every machine (our own Fisher-Yates over std::mt19937_64, whose
//                 output the C++ standard fixes; std::shuffle's is not).
// Parsed from "interleaved", "sequential", "random" or "random:<seed>" (seed 0 to 2^53 - 1,
// so that it survives JSON exactly).
struct RunOrderSpec
{
    RunOrder order = RunOrder::Interleaved;
    std::optional<std::uint64_t> seed; // random only; none: one is drawn when the session starts
};
Result<RunOrderSpec> parseRunOrder(const QString &text);
QString runOrderName(RunOrder order);
std::optional<RunOrder> runOrderFromName(const QString &name);
inline constexpr std::uint64_t kMaxRunOrderSeed = (std::uint64_t{1} << 53) - 1;
// In a line of `show`: "interleaved (every run, then every run again)", "sequential (...)",
// "random within each pass, seed 7".
QString runOrderText(RunOrder order, std::optional<std::uint64_t> seed);
// A fresh seed for a random order, from the system's random source.
std::uint64_t drawRunOrderSeed();

// The runs of expandPlan() in the given order, their ordinals renumbered from 1. Runs at
// frequency levels stay in blocks of one level: within each pass for interleaved and random (the
// levels in a random order too, from the same seed), over the whole session for sequential.
std::vector<PlannedRun> orderRuns(std::vector<PlannedRun> runs, RunOrder order,
                                  std::uint64_t seed = 0);

// A uniform integer in [0, bound) from the generator, without modulo bias (rejection), so that
// a seed means the same draw everywhere (std::uniform_int_distribution's algorithm is the
// library's own). Exposed for its test.
std::uint64_t uniformBelow(std::mt19937_64 &generator, std::uint64_t bound);

} // namespace cipherwatt::core
