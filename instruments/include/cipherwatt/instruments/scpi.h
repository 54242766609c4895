#pragma once

// Parsers for the replies of WT300-family meters (reference wt300.md, sections 3, 5.4, 7).
// Pure functions over bytes: no I/O, so they are unit-tested and fuzzed directly.

#include <cipherwatt/instruments/error.h>
#include <cipherwatt/instruments/measurement.h>

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <cstdint>
#include <vector>

namespace cipherwatt::instruments::scpi {

// The codes the meter uses for "no data" and "over range" in FLOAT replies (9.91E+37 and
// 9.9E+37 as big-endian IEEE-754 float32), and the same numbers in ASCII replies.
inline constexpr std::uint32_t kFloatNoData = 0x7E951BEE;
inline constexpr std::uint32_t kFloatOverRange = 0x7E94F56A;

struct Value
{
    double value = 0.0; // NaN unless state == Valid
    ValueState state = ValueState::Valid;
};

// Classifies a number read from the meter: |x| near 9.91E+37 is no data, near 9.9E+37 over
// range, any other |x| >= 9.9E+37 (or a non-finite value) is treated as over range too.
Value classify(double x);

// Removes a command header a reply carries while `:COMM:HEAD ON` is in force
// (":RATE 100.0E-03" -> "100.0E-03"), and surrounding white space.
QByteArrayView stripHeader(QByteArrayView reply);

// `:NUM:NORM:VAL?` in ASCII: comma-separated NR1/NR2/NR3 numbers, `NAN`, `INF`, `-INF`.
// Exactly `expected` values, or a Protocol error saying what was wrong.
Result<std::vector<Value>> parseAsciiValues(QByteArrayView reply, qsizetype expected);

// `:NUM:NORM:VAL?` in FLOAT: a definite-length block `#<n><length><bytes>` of big-endian
// float32 values. Exactly `expected` values (length = 4 x expected), or a Protocol error.
Result<std::vector<Value>> parseFloatValues(QByteArrayView reply, qsizetype expected);

// The payload of a definite-length block (`#4NNNN...`), or a Protocol error.
Result<QByteArrayView> blockPayload(QByteArrayView reply);

// A single NR1 integer (registers, counts), allowing a header and a leading '+'.
Result<std::int64_t> parseInteger(QByteArrayView reply, const char *what);
// A single NR1/NR2/NR3 number, allowing a header.
Result<double> parseReal(QByteArrayView reply, const char *what);
// A boolean reply: 1/0 or ON/OFF.
Result<bool> parseBoolean(QByteArrayView reply, const char *what);

// One entry of the error queue: `113,"Undefined header"`; code 0 means no error.
struct QueueEntry
{
    int code = 0;
    QString message;
};
Result<QueueEntry> parseErrorEntry(QByteArrayView reply);

// `*IDN?`: `YOKOGAWA,WT332,C3TL08017E,F1.03` (maker, model, serial, firmware).
struct IdnReply
{
    QString manufacturer;
    QString model;
    QString serial;
    QString firmware;
};
Result<IdnReply> parseIdn(QByteArrayView reply);

} // namespace cipherwatt::instruments::scpi
