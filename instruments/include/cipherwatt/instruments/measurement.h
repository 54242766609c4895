#pragma once

// What a power meter measures: functions, elements, items, and the sample one update delivers.

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringView>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace cipherwatt::instruments {

// Measurement functions of the WT300 family (reference wt300.md, section 5.1).
enum class Function : std::uint8_t {
    U,      // voltage, V
    I,      // current, A
    P,      // active power, W
    S,      // apparent power, VA
    Q,      // reactive power, var
    Lambda, // power factor λ (PF)
    Phi,    // phase angle, degrees
    FU,     // voltage frequency, Hz
    FI,     // current frequency, Hz
    UPPeak, // voltage peak +, V
    UMPeak, // voltage peak -, V
    IPPeak, // current peak +, A
    IMPeak, // current peak -, A
    Time,   // integration elapsed time, s
    WH,     // integrated energy, Wh
    WHP,    // integrated energy, positive part, Wh
    WHM,    // integrated energy, negative part, Wh
    AH,     // integrated charge, Ah
    // The range in force, as a number (`URANge`, `IRANge`; reference wt300.md section 5.1):
    // read with every update, so that a range change inside a run is seen.
    URange, // voltage range, V
    IRange, // current range, A
};

struct FunctionInfo
{
    Function function;
    std::string_view scpi;  // mnemonic for :NUM:NORM:ITEM<x> (short form), e.g. "LAMB"
    std::string_view label; // what operators read, e.g. "PF"
    std::string_view unit;  // SI unit, e.g. "W"; empty for PF
};

const FunctionInfo &functionInfo(Function function);
const std::vector<FunctionInfo> &allFunctions();
// Accepts the label, the short and the long SCPI mnemonic, case-insensitively ("p", "PF",
// "lambda", "LAMB"). Null when unknown.
std::optional<Function> parseFunction(QStringView text);

// Element numbers as the meter names them; Σ (the wiring unit, `SIGMa`) is element kSigma.
inline constexpr int kSigma = 4;

// One numeric item: a function of an element ("P of element 1" = ITEM<x> P,1).
struct Item
{
    Function function = Function::P;
    int element = 1; // 1..3 or kSigma; ignored for functions without an element

    friend bool operator==(const Item &, const Item &) = default;
};

// "P1", "U3", "PΣ": the short label used in tables, CSV headers and plots.
QString itemLabel(const Item &item);
// "P1 [W]": the label with its unit, for CSV headers.
QString itemHeader(const Item &item);

enum class ValueState : std::uint8_t {
    Valid,
    NoData,    // the meter shows "------" (item NONE, element absent): ASCII NAN, FLOAT 9.91E+37
    OverRange, // "-OL-", "-OF-", "Error": ASCII INF, FLOAT 9.9E+37
    // A finite number beyond what the element's ranges can show: the meter declares over
    // range past 140 % of a range (plausibility.h has the rule and its source), so such a
    // number is a corrupted reply or a broken meter, never a measurement. Invalid like the
    // two above; the window shows "-IMP-".
    Implausible,
};

// Flags of a sample. Several may be set at once.
namespace SampleFlag {
enum : std::uint32_t {
    NoData = 1U << 0,      // at least one item had no data
    OverRange = 1U << 1,   // at least one item was over range, or an EESR OVR bit was set
    Duplicate = 1U << 2,   // the same update read a second time (same values, too soon)
    Gap = 1U << 3,         // one or more updates were missed before this one (see missedBefore)
    PeakOver = 1U << 4,    // an EESR peak-over bit (POV/POA) was set
    Simulated = 1U << 5,   // produced by the simulated meter
    Implausible = 1U << 6, // at least one item was implausible (ValueState::Implausible)
};
} // namespace SampleFlag

// "no-data|over-range|gap|implausible", or "" for none: for CSV and logs.
QString sampleFlagsText(std::uint32_t flags);

// One update of the meter: the values of every configured item over one update interval.
struct Sample
{
    std::int64_t hostNs = 0;        // steady clock (ns) when the update's wait ended on the host
    std::uint64_t sequence = 0;     // update number since streaming started; missed ones count
    std::int64_t intervalMs = 0;    // update interval the values were averaged over
    std::uint32_t flags = 0;        // SampleFlag bits
    std::uint32_t missedBefore = 0; // updates missed just before this one (with Gap)
    std::uint16_t eesr = 0;         // the extended event register read with this update
    std::vector<double> values;     // one per configured item, NaN unless Valid
    std::vector<ValueState> states; // one per configured item
};

} // namespace cipherwatt::instruments

Q_DECLARE_METATYPE(cipherwatt::instruments::Sample)
