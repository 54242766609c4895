#pragma once

// How CipherWatt writes what it measured: one rule for the window, the command line, the PDFs
// and the CSV headers.
//
//   - Units. A quantity has a base unit (W, J/B, J, B/s, B, s) and the SI prefixes that suit it
//     (mW or W; pJ/B, nJ/B or µJ/B; MB/s or GB/s). A column of a table shares one unit: the
//     prefix that puts its largest value between 1 and 1000. Throughput can instead be written
//     in the first paper's KB/s (KB = 1000 B), as its Tables 4 and 5 do.
//   - Digits. A value with a 95 % interval shows the interval's half-width to two significant
//     digits and the value to the same decimal place ("8.51 ± 0.50"); an interval that is not
//     symmetric (the envelope of repeats) shows its ends ("8.51 (8.01–9.10)"). A value without
//     an interval shows three significant digits ("0.324", "5.55", "312").
//   - Sessions are "S12" everywhere; times are ISO 8601 in local time with the zone
//     ("2026-11-24 14:03:12 +09:00").
//   - Runs in short form for plot bands: "aes-128-xts enc 4 KiB".
//
// The window passes the user's locale (decimal point, digit grouping); files and the command
// line use the C locale ('.' and no grouping). A value that does not exist is "–".

#include <QDateTime>
#include <QLocale>
#include <QString>

#include <cstdint>
#include <optional>
#include <span>

namespace cipherwatt::core {
struct SourceSetup;
struct MeterSetup;
} // namespace cipherwatt::core

namespace cipherwatt::core::format {

enum class Quantity : std::uint8_t {
    Power,              // W
    EnergyPerByte,      // J/B
    EnergyPerOperation, // J (per buffer or key operation)
    Energy,             // J
    Throughput,         // B/s
    Bytes,              // B
    Time,               // s
    CyclesPerByte,      // no unit
    ChargePerOperation, // C (per buffer or key operation)
};

// How throughput is written: adaptive SI prefixes, or the first paper's KB/s (KB = 1000 B).
enum class ThroughputUnit : std::uint8_t { Adaptive, PaperKilobytes };

struct Unit
{
    Quantity quantity = Quantity::Power;
    int exponent = 0;   // the prefix's power of ten: -9 for nJ/B, 6 for MB/s
    QString symbol;     // "nJ/B", "MB/s", "KB/s"; empty for cycles per byte
    bool paper = false; // the paper's KB/s (no other prefix is chosen for it)

    // `base` (in the base unit) in this unit.
    double scaled(double base) const;
    // " [nJ/B]" for a column header, nothing for a quantity without a unit.
    QString bracketed() const;
};

// The quantity's base unit (W, J/B, J, B/s, B, s) and the unit with the prefix `exponent`
// (a multiple of 3 the quantity allows; others are clamped into its range).
Unit baseUnit(Quantity quantity);
Unit unitFor(Quantity quantity, int exponent);
Unit paperThroughputUnit(); // KB/s
// The unit a column of values (in the base unit) shares: the prefix that puts the largest
// magnitude between 1 and 1000 (after rounding to three digits), within the quantity's range.
// No finite value gives the base unit.
Unit columnUnit(Quantity quantity, std::span<const double> values,
                ThroughputUnit throughput = ThroughputUnit::Adaptive);
// One value's own unit (the column of one).
Unit valueUnit(Quantity quantity, double value,
               ThroughputUnit throughput = ThroughputUnit::Adaptive);

// The text for a value that does not exist.
QString missing();

// `value` with `decimals` after the point.
QString fixed(double value, int decimals, const QLocale &locale = QLocale::c());
// `value` with `digits` significant digits (never in exponent form).
QString significant(double value, int digits = 3, const QLocale &locale = QLocale::c());
// Effective degrees of freedom as a budget shows them: "∞" (type B terms only), "> 1000" (where
// Student's t no longer differs from the normal's 1.960 in its third decimal), else 3 digits.
QString degreesOfFreedom(double dof, const QLocale &locale = QLocale::c());
// The decimals that show two significant digits of `halfWidth` (0 to 9).
int intervalDecimals(double halfWidth);

// A value and its 95 % interval in `unit`, as two texts: {"8.51", "± 0.50"} or
// {"8.51", "(8.01–9.10)"}; without a finite interval, the value's three significant digits and
// an empty interval. `decimals` is what both use (-1 when the value stands alone).
struct IntervalText
{
    QString value;
    QString interval;
    int decimals = -1;

    QString joined() const; // "8.51 ± 0.50"
};
IntervalText withInterval(double value, double low, double high, const Unit &unit,
                          const QLocale &locale = QLocale::c());
// A value without an interval in `unit`: three significant digits, or whole KB/s in the
// paper's unit (as its tables give them).
QString plain(double value, const Unit &unit, const QLocale &locale = QLocale::c());
// A value with its own unit: "5.55 GB/s", "312 mW", "8.51 ± 0.50 nJ/B".
QString quantity(double value, Quantity quantity, const QLocale &locale = QLocale::c());
QString quantityWithInterval(double value, double low, double high, Quantity quantity,
                             const QLocale &locale = QLocale::c());
// A difference with its 95 % interval in `unit`, signed and with the interval's ends:
// "+0.50 (+0.40 to +0.60)"; the value alone (three significant digits) without an interval.
QString differenceWithInterval(double value, double low, double high, const Unit &unit,
                               const QLocale &locale = QLocale::c());
// A ratio with its 95 % interval: "1.200 (1.158 to 1.242)"; "–" when there is none.
QString ratioWithInterval(double value, double low, double high,
                          const QLocale &locale = QLocale::c());
// A signed difference with `decimals`: "+1.3", "−0.25" ("0.0" when it rounds to nothing).
QString signedFixed(double value, int decimals, const QLocale &locale = QLocale::c());

// Sessions: "S12", and back ("S12", "s12" or "12").
QString sessionId(qint64 id);
std::optional<qint64> parseSessionId(const QString &text);
// "S12 label", the label on one line.
QString sessionName(qint64 id, const QString &label);
// A label on one line: line breaks shown as " ↵ ".
QString oneLine(const QString &text);

// Times: ISO 8601 in local time with the zone's offset, "2026-11-24 14:03:12 +09:00".
QString dateTime(const QDateTime &time);
// A stored UTC time (ISO 8601, with or without the "Z") the same way; unreadable text as it is.
QString dateTime(const QString &isoUtc);
QDateTime parseUtc(const QString &isoUtc);

// Runs in short form: "enc", "dec", "keygen", "agree"; "16 B", "4 KiB", "100 kB", "1.5 MB".
QString operationShort(const QString &operation);
QString bufferShort(qint64 bytes);
// "custom", or "custom (neon)" for runs at an instruction-set level of their own.
QString backendWithIsa(const QString &backend, const QString &isa);
// " [zeros]", " [text.txt]" after a backend, for a run with a payload of its own (a file by its
// name, the full path being in the run's request); empty for none.
QString withPayload(const QString &payload);
// A payload level for tables: "random", "zeros", "file text.txt".
QString payloadShort(const QString &payload);
// A secondary power source as a session read it: "rapl:package-0 (rapl: energy_uj in uJ), read
// every 0.1 s, 224 readings", with a gauge's refresh period and why it stopped early.
QString sourceText(const SourceSetup &source);
// The meter in a few words, for a CSV cell beside each figure: "YOKOGAWA WT332 (C3TL08017E)",
// "simulated WT332", or "rapl:package-0: power source on the DUT, accuracy not specified".
QString meterShort(const MeterSetup &meter);
// A frequency level: "1200 MHz", "1234.567 MHz" (whole kHz, as cpufreq takes them).
QString megahertz(std::uint64_t kHz);
// " @ 1200 MHz" after a backend, for a run at a frequency level; empty for none.
QString atFrequency(std::optional<std::uint64_t> kHz);
// " @ powersave" after a backend, for a run at a governor level; ", stream" for a run at a
// chunking level (", message" too, so that the two levels read apart); empty for none.
QString atGovernor(const QString &governor);
QString withChunking(const QString &chunking);
// The backend with every level of its own, as tables and labels name a run or a result:
// "custom (neon), stream [zeros] @ 1200 MHz", "botan @ schedutil".
QString backendWithLevels(const QString &backend, const QString &isa, const QString &chunking,
                          const QString &payload, std::optional<std::uint64_t> kHz,
                          const QString &governor);
// "aes-128-xts enc 4 KiB"; with a backend, "aes-128-xts/openssl enc 4 KiB".
QString runShort(const QString &cipher, const QString &backend, const QString &operation,
                 qint64 bufferBytes);

} // namespace cipherwatt::core::format
