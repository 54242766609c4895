#pragma once

// The interface the rest of CipherWatt uses for any power source: open by resource string,
// identify, describe capabilities, configure, stream updates, control the integrator, close.
//
// PowerMeter is synchronous and blocking, and belongs to one thread at a time (the acquisition
// thread, see acquisition.h); only interrupt() may be called from another thread.

#include <cipherwatt/instruments/error.h>
#include <cipherwatt/instruments/measurement.h>
#include <cipherwatt/instruments/message.h>

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

namespace cipherwatt::instruments {

struct Identity
{
    QString manufacturer; // "YOKOGAWA"
    QString model;        // "WT332"
    QString serial;
    QString firmware;
    QString resource;  // the resource string it was opened with, e.g. "usbtmc:C3TL08017E"
    QString transport; // "usbtmc", "tcp", "serial" or "sim"
    bool simulated = false;

    // "YOKOGAWA WT332 (serial C3TL08017E, firmware F1.03)", with "simulated" when it is.
    QString describe() const;
};

enum class MeasurementMode : std::uint8_t { Rms, VoltageMean, Dc };
enum class NumericFormat : std::uint8_t { Ascii, Float };

QString measurementModeName(MeasurementMode mode); // "RMS", "VMEAN", "DC"
std::optional<MeasurementMode> parseMeasurementMode(QStringView text);

// A voltage or current range: automatic, or fixed at a value the model has (V or A).
struct Range
{
    bool automatic = false;
    double value = 0.0;
};

// A power accuracy specification: ±(ofReading × |reading| + ofRange × power range), as
// fractions, and where the figures come from. `confirmed` is false for a figure not seen in
// the manufacturer's specification (then `source` says what it rests on).
struct PowerAccuracy
{
    double ofReading = 0.0;
    double ofRange = 0.0;
    bool confirmed = false;
    QString source;
};

// What one model of a family can do; a row of the driver's model table.
struct ModelInfo
{
    QString name;                      // "WT332"
    std::vector<int> elements;         // {1, 3} for the WT332
    bool sigma = false;                // Σ items exist (more than one element)
    std::vector<double> voltageRanges; // V, crest factor 3
    std::vector<double> currentRanges; // A, crest factor 3
    std::vector<QString> wirings;      // "P1W2", "P1W3", "P3W3", ...
    // The meter declares a current over range beyond this multiple of its largest current range
    // (crest factor 3 or 6): 1.1 for the 40 A range of the WT310HC/WT310EH, 1.4 (the family's
    // rule for every other range) elsewhere. IM WT310E-02EN section 1.5.
    double topCurrentOverRange = 1.4;
    // Where the range lists come from; `rangesConfirmed` false when they were not seen in the
    // model's own manual.
    QString rangesSource;
    bool rangesConfirmed = false;
};

// The crest factor the meter measures with (`:INPut:CFACtor`): the largest peak, as a multiple
// of the range, its input takes. Crest factor 6 and 6A halve every range of the crest factor 3
// tables; 6A (WT300E only) also doubles the over-range limit (IM WT310E-01EN section 2.7).
enum class CrestFactor : std::uint8_t { Unknown, Three, Six, SixA };

QString crestFactorName(CrestFactor cf); // "3", "6", "6A", "unknown"

struct Capabilities
{
    ModelInfo model;
    std::vector<Function> functions;
    std::vector<std::chrono::milliseconds> intervals; // 100 ms ... 5 s
    std::vector<MeasurementMode> modes;
    int maxItems = 0;
    // Active power accuracy at crest factor 3 and power factor 1 (12 months): DC, and AC of
    // 45 Hz to 66 Hz (mains). WT332: ±(0.1 % of reading + 0.2 % of range) DC, ±(0.1 % of
    // reading + 0.1 % of range) at 45-66 Hz (IM WT310-02EN section 7.3.2).
    PowerAccuracy powerAccuracyDc;
    PowerAccuracy powerAccuracyAc;
    // Crest factor 6 and 6A double the range error (IM WT310E-02EN section 7.3.2, "Accuracy
    // when the crest factor is set to 6 or 6A").
    bool crestFactor6DoublesRangeError = true;
};

// The accuracy that applies to a measurement in `mode` with crest factor `crestFactor`: DC in
// DC mode, 45-66 Hz in RMS and VMEAN (a mains-powered DUT); the range error doubled at crest
// factor 6 and 6A (and when the crest factor is unknown: the wider figure).
PowerAccuracy powerAccuracyFor(const Capabilities &capabilities, MeasurementMode mode,
                               CrestFactor crestFactor);

struct MeterConfig
{
    std::chrono::milliseconds interval{100};
    std::vector<int> elements; // empty: every element of the model
    std::vector<Function> functions{Function::U, Function::I, Function::P, Function::S,
                                    Function::Lambda};
    bool sigma = false; // add the Σ items (models with more than one element)
    MeasurementMode mode = MeasurementMode::Rms;
    std::optional<Range> voltageRange; // unset: leave the meter's setting
    std::optional<Range> currentRange;
    NumericFormat format = NumericFormat::Float;
    bool integration = false; // add WH (and TIME) items; integration is controlled separately
};

// What the meter actually took, read back after configure().
struct AppliedConfig
{
    std::chrono::milliseconds interval{100};
    std::vector<Item> items; // the order of Sample::values
    MeasurementMode mode = MeasurementMode::Rms;
    NumericFormat format = NumericFormat::Float;
    Range voltageRange; // V
    Range currentRange; // A
    // As the meter reports it; Unknown when it does not answer `:INPut:CFACtor?` (readings are
    // then checked against the widest limit any crest factor allows, see plausibility.h).
    CrestFactor crestFactor = CrestFactor::Unknown;
    bool averaging = false;
    QList<Message> warnings; // e.g. auto-range loses data while switching; serial too slow
};

enum class IntegrationCommand : std::uint8_t { Reset, Start, Stop };
enum class IntegrationState : std::uint8_t { Reset, Running, Stopped, TimeUp, Error };

QString integrationStateName(IntegrationState state);

struct IntegrationReading
{
    IntegrationState state = IntegrationState::Reset;
    double seconds = 0.0;       // elapsed integration time
    std::vector<Item> items;    // WH items read
    std::vector<double> values; // Wh, NaN where not valid
};

class PowerMeter
{
public:
    virtual ~PowerMeter() = default;
    PowerMeter() = default;
    PowerMeter(const PowerMeter &) = delete;
    PowerMeter &operator=(const PowerMeter &) = delete;

    virtual const Identity &identity() const = 0;
    virtual const Capabilities &capabilities() const = 0;

    // Sets the meter up (see the driver for the command sequence) and reads it back.
    virtual Result<AppliedConfig> configure(const MeterConfig &config) = 0;

    // Streaming: startStream() arms the update synchronisation; nextSample() blocks until the
    // next update completes (at most one interval plus the transport timeout) and reads it.
    virtual Result<void> startStream() = 0;
    virtual Result<Sample> nextSample() = 0;
    virtual Result<void> stopStream() = 0;

    // One attempt to bring a stream back after nextSample() failed (MeterAcquisition decides
    // when and how often, see RecoveryPolicy). Resynchronise keeps the link: a device clear
    // (USBTMC INITIATE_CLEAR; TCP and serial: the input is drained), `*CLS`, then `*IDN?` as a
    // marker after which replies are ours again. Reconnect closes and reopens the link (TCP
    // connect, serial port, USB device found again by its selector) and checks that the same
    // meter (model and serial) answers. Both then apply the configuration again and read it
    // back as configure() does — or, while the integrator runs (settings would be refused and
    // its count lost), only read it back and compare — and arm the update synchronisation.
    // The first sample after a successful recovery carries SampleFlag::Gap with the whole
    // update intervals missed since the last good sample (host clock), at least one.
    // Unsupported when a different meter answers or the configuration cannot be restored.
    enum class RecoveryAction : std::uint8_t { Resynchronise, Reconnect };
    virtual Result<void> recover(RecoveryAction action) = 0;

    virtual Result<void> integrate(IntegrationCommand command) = 0;
    virtual Result<IntegrationReading> readIntegration() = 0;

    // Reads and empties the meter's error queue (":STAT:ERR?" until 0).
    virtual Result<std::vector<Error>> readErrors() = 0;

    // Thread-safe: makes blocking calls return ErrorCode::Cancelled soon, until
    // clearInterrupt() is called (from the meter's own thread).
    virtual void interrupt() = 0;
    virtual void clearInterrupt() = 0;

    // Returns the meter to local (front-panel) operation and closes the transport.
    virtual void close() = 0;
};

// How MeterAcquisition keeps a stream going when the meter hiccups (a malformed or truncated
// reply, no reply, a dropped link). One incident lasts from the first failure to the next good
// sample; within it, attempts (PowerMeter::recover) follow each other `pause` apart, the first
// at once. A malformed reply or a first timeout is resynchronised, a dropped link (and any
// later attempt) reconnects. The meter is given up — failed(), as without recovery — when
// `attempts` attempts have failed or `window` has passed since the incident began, whichever
// comes first; an attempt already under way finishes first (at most a TCP connect of 5 s and
// one reply timeout). With the defaults a meter that stays gone is declared lost at most about
// 15 s + 8 s after its first failure; a stall is noticed after timeout + one update interval.
struct RecoveryPolicy
{
    int attempts = 5;                        // 0: no recovery, the first failure ends streaming
    std::chrono::milliseconds window{15000}; // since the first failure of the incident
    std::chrono::milliseconds pause{1000};   // between two attempts
};

struct OpenOptions
{
    std::chrono::milliseconds timeout{3000}; // per reply, on top of any update interval
    RecoveryPolicy recovery;                 // used by MeterAcquisition while streaming
};

// Opens a meter by resource string (DESIGN.md): `auto`, `sim`, `usbtmc`, `usbtmc:<serial>`,
// `usbtmc:<bus>.<address>`, `tcp:<host>:<port>`, `serial:<device>[:<baud>]`. Identifies it
// and matches the model table; an unknown model is refused with ErrorCode::Unsupported.
Result<std::unique_ptr<PowerMeter>> openMeter(const QString &resource,
                                              const OpenOptions &options = {});

} // namespace cipherwatt::instruments

Q_DECLARE_METATYPE(cipherwatt::instruments::Identity)
Q_DECLARE_METATYPE(cipherwatt::instruments::Capabilities)
Q_DECLARE_METATYPE(cipherwatt::instruments::AppliedConfig)
Q_DECLARE_METATYPE(cipherwatt::instruments::IntegrationReading)
