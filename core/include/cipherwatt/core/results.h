#pragma once

// Results as the tables, charts and exports show them: one row per (cipher, backend,
// operation, buffer size), repeats combined; and comparisons of sessions side by side.
//
// Repeats: the value shown is the median over the repeats; the interval is the envelope of the
// repeats' own 95 % intervals (from the lowest low to the highest high), and the spread the
// range of their values. A single run shows its own value and interval. A run measured
// across a range change or over range (analysis_ranges.h) is left out of all of them; its
// flags stay with the row. Beside them, the mean of the valid repeats with its 95 % interval
// (repeats.h, docs/method.md "Repeats"); comparisons of two results take that mean.

#include <cipherwatt/core/repeats.h>
#include <cipherwatt/core/storage.h>

#include <QString>
#include <QStringList>

#include <functional>
#include <limits>
#include <optional>
#include <vector>

namespace cipherwatt::core {

struct Estimate
{
    double value = 0.0; // median over repeats
    double low = 0.0;   // 95 % interval (envelope over repeats)
    double high = 0.0;
    double min = 0.0; // spread of the repeats' values
    double max = 0.0;
    MeanInterval mean; // the mean of the valid repeats and its 95 % interval
};

struct ResultKey
{
    QString cipher;
    QString backend;
    QString operation;
    qint64 bufferBytes = 0;
    QString isa; // the runs' own instruction-set level; empty: the worker's
    std::optional<std::uint64_t>
        frequencyKHz; // the runs' frequency level (kHz); none: not a factor
    QString payload;  // the runs' payload level ("zeros", "file:/a.txt"); empty: not a factor
    QString governor; // the runs' governor level; empty: not a factor
    QString chunking; // the runs' chunking level ("message", "stream"); empty: not a factor

    static ResultKey of(const StoredRun &run);
    friend bool operator==(const ResultKey &, const ResultKey &) = default;
    // "lea-128-xts/custom encrypt 4096 B", "… custom (neon) …", "… 4096 B @ 1200 MHz"
    QString label() const;
    // The backend as tables show it: "custom", or "custom (neon)" at an ISA level of its own,
    // "custom @ 1200 MHz" at a frequency level, "custom [zeros]" with a payload of its own (so
    // that every table tells the levels apart).
    QString backendLabel() const;
};

struct ResultRow
{
    ResultKey key;
    int measured = 0;        // runs done and analysed
    int invalid = 0;         // of those, left out of the figures (range change, over range)
    int planned = 0;         // runs of this key in the plan
    double runSeconds = 0.0; // median
    Estimate netWatts;       // W
    // The uncertainty budget of the first measured repeat's net power, and where its idle
    // level came from (the window's tooltip; every repeat's is in budgetTable()).
    UncertaintyBudget budget;
    IdleSource idleSource = IdleSource::Baseline;
    Estimate energyPerByteNj;              // nJ/B
    Estimate energyPerOperationUj;         // µJ per operation (buffer or key operation)
    Estimate chargePerOperationUc;         // µC per operation, when the current was read
    double throughputBytesPerSecond = 0.0; // median
    double cyclesPerByte = 0.0;            // median
    // Per operation (one buffer, or one key operation), as the papers on microcontrollers
    // report it: its time (median, µs) and cycles (median); the AEAD tag each message carries
    // beyond the buffer, when the DUT says (a microcontroller's firmware does).
    double microsecondsPerOperation = 0.0;
    double cyclesPerOperation = 0.0;
    std::optional<std::uint64_t> tagBytes;
    bool cyclesReal = true; // false: the counter's ticks are not core cycles (an emulated board)
    QString counter;
    QList<Message> flags;       // from every repeat, each once
    QList<Message> notMeasured; // "run 3: failed (…)" for runs that gave no result
};

std::vector<ResultRow> resultRows(const SessionData &session);

// The uncertainty budgets of a session's measured runs as one table (the CLI's `show`, the
// PDF, the window): a column for every term some run has, in BudgetTerm's order.
struct BudgetTable
{
    struct Row
    {
        int ordinal = 0;
        QString run; // StoredRun::label()
        double netWatts = 0.0;
        UncertaintyBudget budget;
        IdleSource idle = IdleSource::Baseline;
    };
    std::vector<BudgetTerm> terms;
    std::vector<Row> rows; // runs stored with a budget, in run order
};
BudgetTable budgetTable(const SessionData &session);

// A run that gave no result, as result rows and reports list it: "run 3: failed (why)"; named,
// "run 3 (aes-128-xts/openssl encrypt): failed (why)". Its severity is an error (flags.h).
Message runNotMeasured(const StoredRun &run, bool named = false);

// b against a, result by result, from the means over repeats (repeats.h): `sameMeter` as
// sameMeterSetup() of the two sessions' meter set-ups.
struct ResultComparison
{
    MeanComparison netWatts;
    MeanComparison energyPerByteNj;
    MeanComparison energyPerOperationUj;
    MeanComparison chargePerOperationUc;
};
ResultComparison compareResults(const ResultRow &a, const ResultRow &b, bool sameMeter);

// An experiment's ISA factor (SessionSettings::isaLevels): every result at a level against the
// same cipher, backend, operation and buffer at the first level given (the reference; in the
// first paper, NEON against portable). One session, one meter: its gain is common to both when
// its ranges were fixed (sameMeterSetup), as between two sessions.
struct FactorEffect
{
    ResultRow reference; // at the first level
    ResultRow row;       // at another
    ResultComparison comparison;
};
std::vector<FactorEffect> isaEffects(const SessionData &session);
// An experiment's payload factor (SessionSettings::payloadLevels), the same way: every result
// against the same cipher, backend, operation and buffer encrypting the first payload given.
// The catalogue's ciphers do the same work whatever the data (no data-dependent branches or
// loop counts), so the expected difference is zero; one whose interval excludes zero is
// flagged (a table look-up's cache behaviour, or something else that changed between runs).
std::vector<FactorEffect> payloadEffects(const SessionData &session);
// An experiment's governor factor (SessionSettings::governorLevels) and chunking factor
// (chunkingLevels), the same way: every result against the same cipher, backend, operation and
// buffer at the first level given.
std::vector<FactorEffect> governorEffects(const SessionData &session);
std::vector<FactorEffect> chunkingEffects(const SessionData &session);

// The backend of an effect's row with its other levels (a crossed design: "botan, stream @
// schedutil" in a governor's effects), without the factor's own, which differs from the
// reference's: how tables and charts tell the rows apart.
QString backendWithOtherLevels(const FactorEffect &effect);

// A factor's effects as a table of strings, the same for the terminal and the PDF: cipher,
// backend, operation, buffer, level, energy per byte at the reference and at the level (means
// over repeats, 95 %), their difference and ratio with 95 % intervals, and "not significant"
// when the difference's interval includes 0. `level` names a row's level.
struct EffectTable
{
    QStringList header;
    QList<bool> numeric;
    QList<QStringList> rows;
};
EffectTable effectTable(const std::vector<FactorEffect> &effects, const QString &reference,
                        const std::function<QString(const ResultKey &)> &level);

// An experiment's frequency factor (SessionSettings::frequencyLevelsKHz): one curve per cipher,
// backend, operation, buffer and ISA level, its results at every level measured, in ascending
// frequency (docs/method.md, "Experiments: CPU frequency").
struct FrequencyPoint
{
    std::uint64_t kHz = 0;
    ResultRow row;
    // The energy-delay product of 1 MiB (2^20 B): its energy times its time, J·s, from the mean
    // energy per byte and the median throughput; the interval is the energy's, scaled (the loop's
    // time is read by the worker's clock over seconds: its uncertainty is left out).
    double edpJouleSeconds = std::numeric_limits<double>::quiet_NaN();
    double edpLow = std::numeric_limits<double>::quiet_NaN();
    double edpHigh = std::numeric_limits<double>::quiet_NaN();
    // Against the energy-optimal level's energy per byte (this one minus it); invalid at the
    // optimum itself.
    MeanComparison againstOptimum;
    // Not told apart from the optimum at 95 % (the difference's interval includes 0), or the
    // optimum itself: the energy-optimal frequency's confidence set.
    bool withOptimum = false;
};
struct FrequencyCurve
{
    ResultKey key; // without the frequency
    std::vector<FrequencyPoint> points;
    // The point with the lowest mean energy per byte (none: no level was measured).
    std::optional<std::size_t> optimum;
    // The levels refused or not measured, as results list them.
    QList<Message> notMeasured;
};
std::vector<FrequencyCurve> frequencyCurves(const SessionData &session);

// A session with two or more buffer sizes: one curve per cipher, backend, operation and level
// (ISA, payload, frequency), its results at every buffer size measured, ascending (the
// papers' curves against file or packet size). Key agreement and external programs have no
// buffer and no curve; a curve needs two sizes measured.
struct BufferCurve
{
    ResultKey key;                 // with bufferBytes 0
    std::vector<ResultRow> points; // ascending buffer size, each with a valid repeat
    QList<Message> notMeasured;    // the runs of the curve that gave no result
};
std::vector<BufferCurve> bufferCurves(const SessionData &session);

struct ComparisonRow
{
    ResultKey key;
    std::vector<std::optional<ResultRow>> sessions; // in the order given
};

// Every key any session has, in the order of first appearance.
std::vector<ComparisonRow> compareSessions(const std::vector<SessionData> &sessions);

} // namespace cipherwatt::core
