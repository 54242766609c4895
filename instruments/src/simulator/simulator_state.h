#pragma once

// Internal to the simulated meter: its state, shared by the measuring side (simulator.cpp:
// updates, power model, faults) and the SCPI side (sim_commands.cpp).

#include <cipherwatt/instruments/cpu_load.h>
#include <cipherwatt/instruments/measurement.h>
#include <cipherwatt/instruments/meter.h>
#include <cipherwatt/instruments/simulator.h>
#include <cipherwatt/instruments/wt300.h>

#include <QByteArray>
#include <QList>

#include <array>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <random>
#include <thread>

namespace cipherwatt::instruments {

enum class TransitionFilter : std::uint8_t { Never, Rise, Fall, Both };

// The values of every function of one element over the last update.
struct ElementReading
{
    std::array<double, 20> values{}; // indexed by Function
    ValueState state = ValueState::Valid;
    std::array<bool, 20> noData{}; // functions without data even when the element has data
};

struct SimItem
{
    bool none = true;
    Function function = Function::P;
    int element = 1;
};

class Wt300Simulator::Impl
{
public:
    using Clock = std::chrono::steady_clock;

    explicit Impl(SimProfile p);
    ~Impl();
    Impl(const Impl &) = delete;
    Impl &operator=(const Impl &) = delete;

    // --- measuring side (simulator.cpp) ---
    void tick();
    // `steps` intervals ended since the last update (more than one when this thread was late).
    void produceUpdate(Clock::time_point now, std::uint64_t steps);
    double dutPower(Clock::time_point now);
    void setCondition(std::uint16_t newCondition);
    void pulseUpdate();
    void applyScheduledFaults(Clock::time_point now);
    void restartEpoch(); // after a :RATE change the next update is one new interval away
    void reset();        // *RST

    // Ranges with the crest factor in force: crest factor 6 and 6A halve the model's crest
    // factor 3 ranges (IM WT310E-01EN page 2-7).
    std::vector<double> voltageRanges() const;
    std::vector<double> currentRanges() const;
    // Past these |U| and |I| the element is over range: 140 % of the range, 280 % with crest
    // factor 6A; the WT310HC/EH's largest current range 110 % (220 %) (IM WT310E-02EN 1.5).
    double voltageOverRange() const;
    double currentOverRange() const;
    // Sets the crest factor; the ranges go to their largest, as the meter's do.
    void setCrestFactor(CrestFactor cf);
    // Auto-range: one step up or down as the manual's rules say (simulator.cpp); true when the
    // range changed.
    bool autoRange(double rms, double peak, const std::vector<double> &ranges, double &range) const;
    // A range set from outside (a VoltageRange or CurrentRange fault): fixed at `value` when
    // the crest factor in force has it, else error 224 in the queue.
    void setFixedRange(double value, const std::vector<double> &ranges, double &range,
                       bool &automatic);

    // --- SCPI side (sim_commands.cpp) ---
    Wt300Simulator::Outcome execute(QByteArrayView message, const std::atomic<bool> *cancel,
                                    std::unique_lock<std::mutex> &lock);
    void pushError(int code);
    bool waitFor(std::uint16_t mask, const std::atomic<bool> *cancel,
                 std::unique_lock<std::mutex> &lock);
    QByteArray numericValues(int onlyItem) const;
    // The reply to :NUMeric:VALue?, spoiled while a Garbage fault lasts.
    QByteArray valueReply(int onlyItem);
    bool integrationIdle() const { return integration == IntegrationState::Reset; }

    mutable std::mutex mutex;
    std::condition_variable changed;
    std::thread ticker;
    bool stopping = false;

    SimProfile profile;
    const Wt300Model *model = nullptr;
    Clock::time_point started;
    Clock::time_point epoch; // updates complete at epoch + k * interval
    Clock::time_point lastUpdate;
    std::uint64_t sinceEpoch = 0;
    std::uint64_t totalUpdates = 0;
    bool epochChanged = false;

    // Settings (defaults are those of *RST as far as the reference knows them).
    std::chrono::milliseconds interval{500};
    bool header = true;
    bool verbose = false;
    bool queueMessages = true;
    bool remote = false;
    MeasurementMode mode = MeasurementMode::Rms;
    CrestFactor crestFactor = CrestFactor::Three;
    double voltageRange = 300.0;
    double currentRange = 0.5;
    bool voltageAuto = false;
    bool currentAuto = false;
    bool averaging = false;
    QByteArray wiring = "P1W2";
    NumericFormat format = NumericFormat::Ascii;
    int itemCount = 3;
    std::array<SimItem, 255> items{};

    // Status model (reference 6.1).
    std::uint16_t condition = 0;
    std::uint16_t eesr = 0;
    std::uint16_t eese = 0;
    std::array<TransitionFilter, 16> filters{};
    std::deque<std::pair<int, QByteArray>> errors;

    // Integration.
    IntegrationState integration = IntegrationState::Reset;
    double integrationSeconds = 0.0;
    std::array<double, 5> wattHours{}; // by element 1..3 and kSigma

    // The last completed update, by element 1..3 and kSigma.
    std::array<ElementReading, 5> latest{};

    // Faults and test control.
    std::vector<SimFault> scheduled;
    int noDataLeft = 0;
    int overRangeLeft = 0;
    int repeatLeft = 0;
    Clock::time_point stallUntil{};
    bool dropPending = false;
    Clock::time_point refuseUntil{}; // no connection is taken before; max(): never again
    int implausibleLeft = 0;
    double implausibleWatts = 0.0;
    int garbageLeft = 0;
    SimFault::Garbage garbageKind = SimFault::Garbage::Mixed;
    int garbageTurn = 0; // Mixed: which kind comes next
    std::optional<double> powerOverride;

    CpuLoad cpu;
    std::mt19937_64 random;
    std::normal_distribution<double> gauss{0.0, 1.0};
};

} // namespace cipherwatt::instruments
