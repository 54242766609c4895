#pragma once

// The simulated WT332: a meter, not a mock. It implements the SCPI subset the driver uses with
// the meter's timing (one update every interval, :COMM:WAIT blocking until one, EESR and
// transition filters, headers, ASCII and FLOAT data, integration, the error queue), and a
// physically plausible power model. The driver talks to it exactly as to a real WT332, in
// process (`sim`) or over TCP (`wt300-sim --listen`). Everything it produces is marked as
// simulated: its *IDN? firmware field carries kSimulatorFirmwareTag (wt300.h).

#include <cipherwatt/instruments/error.h>
#include <cipherwatt/instruments/meter.h>

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace cipherwatt::instruments {

// Faults a test can inject, now or at a time after the simulator started. The text forms
// (SimFault::parse, `wt300-sim --fault`, `fault` lines of a profile) are in the simulator's
// README.md.
struct SimFault
{
    enum class Kind : std::uint8_t {
        // The connection is closed (in process: the transport reports it) and the meter takes
        // no new one: switched off, for good.
        Drop,
        // The connection is closed and new ones are refused for `seconds`, then taken again: a
        // cable pulled and put back, a USB hub that resets.
        DropFor,
        // Nothing is answered for `seconds` (commands wait and run afterwards). A stall longer
        // than what is left of a run models a meter that stops answering at its end.
        Stall,
        NoData,    // the next `count` updates have no data on element 1 (NAN / 9.91E+37)
        OverRange, // the next `count` updates are over range on element 1 (INF, EESR OVR1)
        Error,     // `code` is pushed into the error queue
        // The next `count` waits end at once without a new update, as when an update completes
        // between EESR? and VAL? (reference 6.3): the same interval is read twice.
        Repeat,
        // The next `count` updates report `value` W as the active power of element 1 (and Σ
        // accordingly): a finite number no range of the meter can show. The integrator keeps
        // counting the real power.
        Implausible,
        // The next `count` replies to :NUMeric:VALue? are malformed, as `garbage` says.
        Garbage,
        // The voltage (current) range is set to `value` V (A) and auto-range turned off, as an
        // operator does at the front panel: a range change inside a run.
        VoltageRange,
        CurrentRange,
    };
    enum class Garbage : std::uint8_t {
        Mixed,     // truncated, text and huge in turn
        Truncated, // the first half of the reply (a FLOAT block shorter than its header says)
        Text,      // a value that is not a number
        Huge,      // 1.5 MiB without a terminator, then one
    };
    Kind kind = Kind::Drop;
    double atSeconds = 0.0; // since the simulator started; 0 with inject(): now
    double seconds = 0.0;   // Stall, DropFor
    int count = 1;          // NoData, OverRange, Repeat, Implausible, Garbage
    int code = 0;           // Error
    double value = 1e30;    // Implausible: watts; VoltageRange, CurrentRange: the range
    Garbage garbage = Garbage::Mixed;

    // `drop@5`, `dropfor@5:2` (refused for 2 s), `stall@3:2` (for 2 s), `nodata@2:3` (3
    // updates), `overrange@2:3`, `repeat@2:1` (1 wait), `error@1:813`, `implausible@2:1`
    // (1 update of 1e30 W), `implausible@2:1:500` (500 W), `garbage@2:3` (3 replies, mixed),
    // `garbage@2:1:truncated` (or text, huge, mixed), `urange@4:150` (150 V range from 4 s),
    // `irange@4:1` (1 A range from 4 s).
    static Result<SimFault> parse(const QString &text);
};

// What the simulated DUT draws on element 1 (element 3 is left open, as a WT332 whose second
// element is unused). A profile file holds `key value` lines; `#` starts a comment:
//
//   model WT332            # any row of the WT300 model table
//   serial CWSIM0001
//   voltage 230            # V RMS
//   frequency 60           # Hz
//   power_factor 0.92
//   idle_power 4.0         # W with the DUT idle
//   load cpu               # cpu | threshold | script
//   load_source host       # host: the whole machine's CPU load (/proc/stat); worker: only
//                          #   the processes named cipherwatt-bench started by this process
//                          #   (the local DUT's worker) or its children
//   load_root self         # worker: count the workers descended from this process (self) or
//                          #   from its parent (parent: a worker started by a sibling, such
//                          #   as an sshd the same test started)
//   watts_per_core 6.0     # cpu: W per fully busy core
//   threshold_cores 0.5    # threshold: busy_power when the host's load is at least this
//   busy_power 12.5        #   many cores over the update, idle_power otherwise
//   step 0 4.0             # script: from t = 0 s (since the simulator started) draw 4.0 W
//   noise 0.02             # W, standard deviation of Gaussian noise (0: none)
//   seed 1                 # noise generator seed (0: from the clock)
//   cpu_frequency_file /tmp/t/sys/devices/system/cpu/cpu0/cpufreq/scaling_max_freq
//                          # the DUT's CPU frequency (kHz), read at every update: a fake
//                          #   cpufreq tree a frequency sweep pins (load cpu or threshold)
//   cpu_frequency_power 600000 3.0 2.0
//                          # at that frequency (kHz, as the file holds it), idle_power 3.0 W
//                          #   and watts_per_core 2.0 W instead (busy_power: idle + per core);
//                          #   repeatable; other frequencies draw the profile's own levels
//   cpu_governor_file /tmp/t/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor
//   cpu_governor_power schedutil 3.0 2.0
//                          # the same for a governor sweep: the governor the file names, read
//                          #   at every update, draws these levels; repeatable
//   crest_factor 3         # 3, 6 or (WT300E models) 6A at power-on; :INP:CFAC changes it
//   fault stall@5:2        # a fault scheduled when the simulator starts (SimFault); repeatable
struct SimProfile
{
    enum class Load : std::uint8_t { Cpu, Threshold, Script };

    QString model = QStringLiteral("WT332");
    QString serial = QStringLiteral("CWSIM0001");
    double voltage = 230.0;
    double frequency = 60.0;
    double powerFactor = 0.92;
    double idlePower = 4.0;
    // A warming DUT: every level the load gives rises by this much per hour from the
    // simulator's start (W/h; may be negative).
    double idleDriftWattsPerHour = 0.0;
    // A DUT settling after start-up (a fan spinning down, a disk parking): every level the load
    // gives is higher by idleSettleWatts x exp(-t / idleSettleSeconds) (`idle_settle W s`).
    double idleSettleWatts = 0.0;
    double idleSettleSeconds = 1.0;
    Load load = Load::Cpu;
    QString loadProcess; // empty: the whole host; else the name of the processes that count
    qint64 loadRoot = 0; // only loadProcess processes descended from this one; 0: this process
    double wattsPerCore = 6.0;
    double thresholdCores = 0.5;
    double busyPower = 12.5;
    std::vector<std::pair<double, double>> steps; // (seconds, watts), ascending
    QString cpuFrequencyFile;
    struct FrequencyPower
    {
        std::uint64_t kHz = 0;
        double idleWatts = 0.0;
        double wattsPerCore = 0.0;
    };
    std::vector<FrequencyPower> frequencyPower;
    QString cpuGovernorFile;
    struct GovernorPower
    {
        QString governor;
        double idleWatts = 0.0;
        double wattsPerCore = 0.0;
    };
    std::vector<GovernorPower> governorPower;
    double noise = 0.02;
    std::uint64_t seed = 0;
    CrestFactor crestFactor = CrestFactor::Three;
    std::vector<SimFault> faults;

    // Errors name the line and the key.
    static Result<SimProfile> parse(const QString &text);
    static Result<SimProfile> fromFile(const QString &path);
};

class Wt300Simulator
{
public:
    explicit Wt300Simulator(SimProfile profile = {});
    ~Wt300Simulator();
    Wt300Simulator(const Wt300Simulator &) = delete;
    Wt300Simulator &operator=(const Wt300Simulator &) = delete;

    struct Outcome
    {
        QByteArray response; // without terminator; empty when the message held no query
        bool hasResponse = false;
        bool dropped = false; // a Drop fault: the link is gone
    };

    // Executes one program message (units separated by ';'). Blocks in :COMM:WAIT until the
    // awaited event, and in a Stall, until `cancel` becomes true or the simulator stops.
    Outcome execute(QByteArrayView message, const std::atomic<bool> *cancel = nullptr);

    void inject(const SimFault &fault);   // at once (atSeconds is ignored)
    void schedule(const SimFault &fault); // at fault.atSeconds

    // Whether a new connection (or an in-process transport's open()) is taken now: not after
    // a Drop, nor during a DropFor.
    bool acceptsConnection() const;
    // After a Drop: no connection will be taken again.
    bool gone() const;

    // Tests: draw exactly `watts` on element 1 from now on (std::nullopt: back to the profile).
    void setPower(std::optional<double> watts);

    std::uint64_t updates() const; // updates completed since start
    const SimProfile &profile() const;
    bool remote() const; // false after :COMM:REM OFF

    class Impl; // internal (simulator_state.h)

private:
    std::unique_ptr<Impl> d;
};

} // namespace cipherwatt::instruments
