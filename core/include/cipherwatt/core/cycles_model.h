#pragma once

// The fourth paper's cycles model (Elminaam et al., section on the energy cost of encryption,
// after Potlapally et al.): a cipher's energy estimated from the clock cycles it took, the CPU's
// supply voltage and the average current drawn per cycle:
//
//     E = cycles / f × I × V        (J; cycles / f is the time the cycles took at clock f)
//
// With the paper's example, 20 000 cycles at 700 MHz, 200 mA and 1.35 V give 5.71 µA·s and
// 7.7 µJ. CipherWatt computes it per run from the run's measured cycles per byte, beside the
// measured energy per byte, never in place of it: the ratio model ÷ measured shows how far the
// model is off on this DUT. Its inputs are the operator's constants and carry no uncertainty
// here; the ratio's 95 % interval is the measured value's alone (docs/method.md, "The cycles
// model").

#include <cipherwatt/core/results.h>

#include <QLocale>
#include <QString>
#include <QStringList>

#include <limits>
#include <optional>
#include <vector>

namespace cipherwatt::core {

// CyclesModel (the operator's constants) is in session.h, with the session's settings.

// "1.35V,200mA" or "1.35V,200mA,700MHz" (units V; A, mA, uA or µA; Hz, kHz, MHz, GHz), as
// `--cycles-model` takes it. An error names what was wrong.
Result<CyclesModel> parseCyclesModel(const QString &text);
// The same form back ("1.35V,200mA,700MHz"), and in words for reports ("V = 1.35 V, I = 200 mA
// per cycle, f = 700 MHz" or "…, f = the run's clock").
QString cyclesModelSpec(const CyclesModel &model);
QString cyclesModelText(const CyclesModel &model);

// The model for one run: the clock it takes and where from, and the estimate; `problem` says
// why there is none (no cycle counter, no result). The clock: for a counter of core cycles, the
// one given, else the run's frequency level as read back, else the counter's mean rate over the
// loop (cycles ÷ seconds: the clock the loop actually ran at); a counter of a reference timer's
// ticks (TSC, cntvct) at its own rate, whatever is given (its ticks are not core cycles).
struct CyclesModelRun
{
    double cyclesPerByte = std::numeric_limits<double>::quiet_NaN();
    double hertz = std::numeric_limits<double>::quiet_NaN();
    QString clock; // "given", "frequency level", "counter rate"
    double energyPerByteNj = std::numeric_limits<double>::quiet_NaN();
    QString problem;
    bool valid() const { return problem.isEmpty(); }
};
CyclesModelRun cyclesModelRun(const CyclesModel &model, const StoredRun &run);

// One result row (repeats combined, results.h) against the model: the model's energy per byte
// (median over the row's runs), the measured one with its 95 % interval, and model ÷ measured
// with its interval (the measured interval's bounds inverted; the upper one infinite when the
// measured interval reaches zero).
struct CyclesModelRow
{
    ResultKey key;
    Estimate measuredNj; // the row's energy per byte
    double cyclesPerByte = std::numeric_limits<double>::quiet_NaN();
    double hertz = std::numeric_limits<double>::quiet_NaN(); // median over the runs
    QString clock;
    double modelNj = std::numeric_limits<double>::quiet_NaN();
    double ratio = std::numeric_limits<double>::quiet_NaN();
    double ratioLow = std::numeric_limits<double>::quiet_NaN();
    double ratioHigh = std::numeric_limits<double>::quiet_NaN();
    QString problem; // why there is no estimate
};
// "0.873 (0.801 to 0.958)"; "2.94 (≥ 1.20)" when the measured interval reaches zero (no upper
// bound); "–" without a ratio.
QString cyclesModelRatioText(const CyclesModelRow &row, const QLocale &locale = QLocale::c());

// A row's cells after its label, as `show` and the PDF print them: measured (95 %), cycles/B,
// clock in MHz with where it came from, the model's energy per byte (or why there is none),
// model ÷ measured.
QStringList cyclesModelCells(const CyclesModelRow &row);

// Every result row against the model, from the runs the rows were made of.
std::vector<CyclesModelRow> cyclesModelRows(const CyclesModel &model,
                                            const std::vector<ResultRow> &results,
                                            const std::vector<StoredRun> &runs);
// Every result row of a session with a cycles model (empty without one).
std::vector<CyclesModelRow> cyclesModelRows(const SessionData &session);

} // namespace cipherwatt::core
