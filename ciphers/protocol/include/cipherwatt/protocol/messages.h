#pragma once

// The worker protocol as types: every command the host sends to `cipherwatt-bench serve` (or
// to the CipherWatt firmware on a microcontroller) and every event it answers with. One JSON
// object per line in each direction (README.md, "The worker"); codec.h turns these structs into
// lines and back. No Qt: the worker builds without it (DESIGN.md, "Layout").
//
// Compatibility rules:
//   - Fields are added, never renamed or removed; a new field is optional (std::optional or a
//     default) so that an older peer's messages still decode.
//   - Fields a peer sends that this version does not know are kept in `extra` and written
//     back when the message is encoded again.
//   - A field the receiver needs and does not find is a protocol error naming the field.
//   - `kVersion` goes up when a command or event changes meaning; both sides say theirs in
//     `hello` and the host refuses a version it does not speak.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace cipherwatt::protocol {

using Json = nlohmann::ordered_json;

// 1: the first release. 2: `check` (a dry run of a plan), `hello` on request, progress at a
// declared cadence. 3: `activity` (the DUT's CPU counters, for what else keeps it busy).
// 4: `sources`, `sample` and `sample_stop` (power sources on the DUT: RAPL, batteries, hwmon).
inline constexpr int kVersion = 4;

// The longest line either side accepts. A command names a cipher and some numbers; 1 MiB is
// far beyond any legal one and still bounds what a hostile or broken peer can make the other
// side buffer.
inline constexpr std::size_t kMaxLineBytes = 1024 * 1024;

// What a newer peer sent that this version does not know: a JSON object, or null.
using Extra = Json;

// ---------------------------------------------------------------------------------------------
// Pieces shared by several messages.

struct CpuFrequency
{
    unsigned cpu = 0;
    std::string governor;
    std::vector<std::string> availableGovernors;
    std::uint64_t minKHz = 0;
    std::uint64_t maxKHz = 0;
    std::uint64_t curKHz = 0;
    std::uint64_t hwMinKHz = 0;
    std::uint64_t hwMaxKHz = 0;
    std::vector<std::uint64_t> availableKHz; // scaling_available_frequencies; empty: no table
    Extra extra;
};

struct Turbo
{
    std::string control = "none"; // "none", "intel_pstate/no_turbo", "cpufreq/boost"
    std::optional<bool> enabled;  // absent when there is no control
    Extra extra;
};

struct GovernorState
{
    std::vector<CpuFrequency> cpus; // empty without cpufreq
    Turbo turbo;
    Extra extra;
};

struct Temperature
{
    std::string sensor;
    std::string label;
    double celsius = 0.0;
    Extra extra;
};

struct SystemInfo
{
    std::string cpuModel;
    unsigned logicalCores = 0;
    std::string architecture;
    std::string kernel;
    std::string hostname;
    std::vector<std::string> cpuFeatures;
    std::string isa;                       // the level the worker is capped at
    std::vector<std::string> isaSupported; // levels this CPU has
    GovernorState governor;
    std::vector<Temperature> temperatures;
    std::map<std::string, std::string> libraries; // backend -> "Botan 2.19.3", ...
    std::vector<std::string> warnings;            // what could not be read
    Extra extra;
};

struct CatalogueEntry
{
    std::string id;
    std::string family;
    std::string mode;
    unsigned keyBits = 0;
    unsigned blockBits = 0;
    std::uint64_t keyBytes = 0;
    std::uint64_t keyBytesMin = 0;
    std::uint64_t keyBytesMax = 0;
    std::string ivKind;
    std::uint64_t ivBytes = 0;
    std::uint64_t tagBytes = 0;
    std::vector<std::string> operations;
    std::string note;
    std::vector<std::string> backends; // present on this DUT
    Extra extra;
};

struct PluginInfo
{
    std::string name;
    std::string backend;
    std::string version;
    std::string description;
    std::string path;
    std::string origin;
    unsigned abi = 0;
    std::vector<std::string> ciphers;
    std::uint64_t vectors = 0;
    Extra extra;
};

// How the worker would pin the governor: its --governor-helper option, the way it would take
// now (in-process, sudo, pkexec) and why.
struct GovernorHelperInfo
{
    std::string option;
    std::string method;
    std::string reason;
    Extra extra;
};

struct SelfTestResult
{
    std::string cipher;
    std::string backend;
    std::string status; // "passed", "failed", "unavailable"
    std::uint64_t passed = 0;
    std::uint64_t failed = 0;
    std::uint64_t unavailable = 0;
    std::vector<std::string> messages;
    Extra extra;
};

struct IsaAgreement
{
    std::string cipher;
    std::string backend;
    std::string isa;
    bool agreed = false;
    std::string message;
    Extra extra;
};

struct Provenance
{
    std::string backend;
    std::string library;
    std::string implementation;
    std::string note;
    Extra extra;
};

// ---------------------------------------------------------------------------------------------
// Commands (host to worker). Each has an `id` in the envelope (Command) that the events about
// it carry back.

struct HelloCommand // the worker sends `hello` again (a board that was running before)
{
    Extra extra;
};
struct ListCommand
{
    Extra extra;
};
struct SysinfoCommand
{
    Extra extra;
};
struct CancelCommand
{
    Extra extra;
};
struct QuitCommand
{
    Extra extra;
};

struct SelfTestCommand
{
    std::vector<std::string> ciphers; // empty: every cipher
    Extra extra;
};

// A cipher benchmark. Whole numbers must be JSON integers: 4096.5 bytes is an error, never
// rounded.
struct RunCommand
{
    std::string cipher;
    std::string backend;
    std::string op = "encrypt"; // encrypt, decrypt, keygen, agree
    std::optional<std::uint64_t> buffer;
    std::optional<std::uint64_t> iterations; // exactly one of iterations and seconds
    std::optional<double> seconds;
    std::optional<int> cpu;
    std::optional<std::uint64_t> seed;
    std::optional<std::string> chunking; // "message" or "stream"
    // The run's instruction-set level (portable, sse2, avx2, avx512, neon); absent: the
    // worker's. The result's `isa` says the level measured: a worker that predates this field
    // measures at its own, which the host sees there.
    std::optional<std::string> isa;
    // The CPU frequency (kHz) the host pinned for this run (an experiment's frequency level):
    // the worker refuses the run unless the run's CPU (every CPU with cpufreq, without `cpu`)
    // has scaling_min_freq = scaling_max_freq = this, and the result's `frequency_khz` says what
    // it read back after the loop. A worker that predates this field leaves it out of the
    // result, which the host sees there.
    std::optional<std::uint64_t> frequencyKHz;
    // The CPU governor the host pinned for this run (an experiment's governor level): the
    // worker refuses the run unless the run's CPU (every CPU with cpufreq, without `cpu`) runs
    // this scaling_governor, and the result's `governor` says what it read back after the loop
    // ("" when the CPUs no longer ran one governor). A worker that predates this field leaves it
    // out of the result, which the host sees there.
    std::optional<std::string> governor;
    // What the run encrypts (an experiment's payload factor): "random" (from the seed),
    // "zeros", or "file" with `payload_file`, an absolute path on the DUT whose first buffer's
    // worth is used. Given, every iteration encrypts the payload itself; absent, each encrypts
    // the last one's ciphertext in place, as before. A worker that predates the field would
    // measure random bytes: the result's `payload` says what was measured.
    std::optional<std::string> payload;
    std::optional<std::string> payloadFile;
    // "zeros": a buffer that is not whole blocks, for ECB or CBC, padded with zeros.
    std::optional<std::string> pad;
    Extra extra;
};

// An external program as a run: an argument vector, never a shell.
struct ExecCommand
{
    std::string label;
    std::vector<std::string> argv;
    std::optional<double> timeout;
    std::optional<std::uint64_t> bytes;
    std::optional<int> cpu;
    // As a cipher run's: the program runs only with its CPU pinned at this frequency (kHz), or
    // running this governor.
    std::optional<std::uint64_t> frequencyKHz;
    std::optional<std::string> governor;
    Extra extra;
};

struct GovernorCommand
{
    std::string action; // show, pin, restore
    std::optional<std::string> governor;
    bool fixFrequency = false;
    std::optional<std::uint64_t> frequencyKHz;
    bool disableTurbo = false;
    Extra extra;
};

// A dry run: is each of these runs possible here (cipher, backend, operation, buffer size,
// iteration count, CPU)? Answered by `check` with one verdict per run, nothing measured.
struct CheckCommand
{
    std::vector<RunCommand> runs;
    Extra extra;
};

// The firmware's commands (firmware/PROTOCOL.md); the worker answers them with an error.
//
// One known-answer computation, as `cipherwatt-bench kat`: hex in, hex out. The IV travels
// under the name of the cipher's iv_kind ("iv" or "nonce").
struct KatCommand
{
    std::string cipher;
    std::string backend;
    std::string op = "encrypt"; // encrypt, decrypt
    std::string key;            // hex
    std::optional<std::string> iv;
    std::optional<std::string> nonce;
    std::optional<std::string> aad;
    std::optional<std::uint64_t> offset; // a stream cipher's key-stream byte offset
    std::string input;                   // hex
    Extra extra;
};

// The board resets itself: `reset`, then the start-up `hello` (without id).
struct ResetCommand
{
    Extra extra;
};

// Protocol 3: the DUT's CPU counters now (ActivityEvent). The host asks at the start and the end
// of each phase and takes the difference; the worker keeps no state for it.
struct ActivityCommand
{
    Extra extra;
};

// Protocol 4: the power sources the worker finds on the DUT (SourcesEvent).
struct SourcesCommand
{
    Extra extra;
};

// Protocol 4: read a power source every `interval` seconds, for `seconds` (absent: until
// `sample_stop` or the end of input). Answered by `sample_start`, then `sample` events, then
// `sample_end`, all with this command's id. Sampling goes on beside runs.
struct SampleCommand
{
    std::string resource; // rapl:<zone>, battery[:<name>], hwmon:<sensor>/<label>
    double interval = 0.0;
    std::optional<double> seconds;
    Extra extra;
};

// Protocol 4: ends the sampling of `resource`, or of every source when it is absent.
struct SampleStopCommand
{
    std::optional<std::string> resource;
    Extra extra;
};

using CommandBody = std::variant<HelloCommand, ListCommand, SysinfoCommand, CancelCommand,
                                 QuitCommand, SelfTestCommand, RunCommand, ExecCommand,
                                 GovernorCommand, CheckCommand, KatCommand, ResetCommand,
                                 ActivityCommand, SourcesCommand, SampleCommand, SampleStopCommand>;

struct Command
{
    std::optional<std::int64_t> id;
    CommandBody body;
};

// The command's name on the wire: "run", "governor", ...
std::string commandName(const CommandBody &body);

// ---------------------------------------------------------------------------------------------
// Events (worker to host).

struct HelloEvent
{
    int protocol = 0;
    std::string version; // the worker's (CipherWatt's) version
    std::string executable;
    std::int64_t pid = 0;
    SystemInfo system;
    GovernorHelperInfo governorHelper;
    std::vector<PluginInfo> plugins;
    std::vector<std::string> pluginWarnings;
    std::optional<std::int64_t> replacedWorker; // pid of a worker this one ended first
    // How often a run reports progress (seconds): the host's watchdog expects an event at
    // least this often while a run goes on. Absent from protocol-1 workers.
    std::optional<double> progressInterval;
    // What kind of DUT this is: "linux" (the worker), "mcu" (the firmware). Absent: linux.
    std::optional<std::string> dutKind;
    // A microcontroller's firmware: its board and core, clock, build, and whether its cycle
    // counter counts real cycles (not under an emulator).
    std::optional<std::string> board;
    std::optional<std::string> core;
    std::optional<std::uint64_t> clockHz;
    std::optional<std::string> build;
    std::optional<bool> cyclesReal;
    // More of the firmware's greeting (firmware/PROTOCOL.md, "hello").
    std::optional<std::string> boardDescription;
    std::optional<std::string> compiler;
    std::optional<std::string> imageCrc32;
    std::optional<std::string> counter; // "dwt", "systick"
    std::optional<std::uint64_t> counterHz;
    std::optional<std::string> counterNote;
    std::optional<std::string> marker; // the start/end marker pin, or "none"
    std::optional<std::uint64_t> uartBaud;
    std::optional<std::uint64_t> uptimeMs;
    std::optional<std::uint64_t> maxLine; // the longest command line it takes
    std::optional<std::uint64_t> maxBuffer;
    Extra extra;
};

struct ListEvent
{
    std::vector<CatalogueEntry> ciphers;
    Extra extra;
};

struct SelfTestEvent
{
    bool passed = false;
    std::vector<SelfTestResult> results;
    std::vector<IsaAgreement> isaAgreement;
    Extra extra;
};

struct SysinfoEvent
{
    SystemInfo system;
    Extra extra;
};

// The result of a cipher benchmark.
struct BenchResult
{
    std::string cipher;
    std::string backend;
    std::string op;
    std::uint64_t buffer = 0;
    std::string chunking;
    std::uint64_t iterations = 0;
    std::uint64_t bytes = 0;
    double seconds = 0.0;
    std::uint64_t cycles = 0;
    std::string counter;
    double counterHz = 0.0;
    double bytesPerSecond = 0.0;
    double cyclesPerByte = 0.0;
    double cyclesPerOp = 0.0;
    std::uint64_t warmupIterations = 0;
    bool verified = false;
    bool cancelled = false;
    std::uint64_t katVectorsChecked = 0;
    int cpu = -1;
    std::string isa;
    Provenance provenance;
    // The firmware's: whether its counter counts real core cycles (not under an emulator), the
    // AEAD tag each message carries beyond the buffer, and when the timed loop began after the
    // last byte of run_start left the board (its own clock).
    std::optional<bool> cyclesReal;
    std::optional<std::uint64_t> tagBytes;
    std::optional<double> startOffsetSeconds;
    // The frequency the run's CPU was pinned at when the loop ended (read back), for a run
    // asked with `frequency_khz`; 0: it was no longer pinned at one frequency.
    std::optional<std::uint64_t> frequencyKHz;
    // The governor the run's CPU ran when the loop ended (read back), for a run asked with
    // `governor`; "": its CPUs no longer ran one governor.
    std::optional<std::string> governor;
    // The payload measured (a run asked with `payload`): its kind, file and SHA-256 (hex, of
    // the bytes before padding); and per message the bytes processed (padded) and put out
    // (ciphertext and tag).
    std::optional<std::string> payload;
    std::optional<std::string> payloadFile;
    std::optional<std::string> payloadSha256;
    std::optional<std::uint64_t> processedBytes;
    std::optional<std::uint64_t> outputBytes;
    Extra extra;
};

struct CapturedOutput
{
    std::string text;
    std::uint64_t bytes = 0;
    bool truncated = false;
    Extra extra;
};

// The result of an external program.
struct ExecResult
{
    std::string label;
    std::vector<std::string> argv;
    std::string program;
    std::int64_t pid = 0;
    std::string status; // ok, failed, timeout, cancelled, ...
    bool verified = false;
    std::string failure;
    std::optional<int> exitCode;
    std::optional<std::string> signal;
    std::optional<int> signalNumber;
    double seconds = 0.0;
    double userSeconds = 0.0;
    double systemSeconds = 0.0;
    double timeout = 0.0;
    std::optional<std::uint64_t> bytes;
    std::string bytesSource;
    std::optional<std::uint64_t> bytesOperator;
    std::optional<std::uint64_t> bytesOutput;
    double bytesPerSecond = 0.0;
    int cpu = -1;
    std::vector<std::string> notes;
    CapturedOutput out;
    CapturedOutput err;
    Extra extra;
};

using RunOutcome = std::variant<BenchResult, ExecResult>;
using RunRequest = std::variant<RunCommand, ExecCommand>;

struct RunStartEvent
{
    RunRequest run;
    Extra extra;
};

struct ProgressEvent
{
    double seconds = 0.0;
    std::optional<std::uint64_t> iterations; // a cipher run
    std::optional<std::uint64_t> bytes;
    std::optional<std::uint64_t> stdoutBytes; // an external program
    std::optional<std::uint64_t> stderrBytes;
    Extra extra;
};

struct RunEndEvent
{
    RunOutcome result;
    Extra extra;
};

struct PinResult
{
    std::optional<std::string> method; // in-process, sudo, pkexec
    GovernorState applied;
    std::vector<std::string> mismatches;
    bool journalCreated = false;
    std::string journal;
    Extra extra;
};

struct RestoreResult
{
    std::optional<std::string> method;
    bool restored = false;
    GovernorState state;
    std::vector<std::string> mismatches;
    std::vector<unsigned> cpus;
    bool turboRestored = false;
    std::string journal;
    Extra extra;
};

struct GovernorEvent
{
    std::string action;                 // show, pin, restore
    std::optional<std::string> method;  // in-process, sudo, pkexec
    std::optional<std::string> reason;  // a restore the worker did on its own: why
    std::optional<GovernorState> state; // show
    std::optional<PinResult> pin;       // pin
    std::optional<RestoreResult> restore;
    Extra extra;
};

struct CancelEvent
{
    bool running = false;
    Extra extra;
};

struct CheckVerdict
{
    bool ok = false;
    std::string message; // why not
    Extra extra;
};

struct CheckEvent
{
    std::vector<CheckVerdict> runs; // in the order asked
    Extra extra;
};

struct ErrorEvent
{
    std::string message;
    std::optional<std::string> code; // the firmware's: frame, json, field, busy, auth, ...
    Extra extra;
};

// The firmware's answer to `kat`: the output in lowercase hex.
struct KatEvent
{
    std::string cipher;
    std::string backend;
    std::string op;
    std::string output;
    Extra extra;
};

// The firmware's answer to `reset`, sent just before it resets.
struct ResetEvent
{
    Extra extra;
};

// The firmware took a processor fault (it resets next): which, and where (hex strings).
struct FaultEvent
{
    std::string exception; // hardfault, memmanage, busfault, usagefault, ...
    std::string pc;
    std::string lr;
    std::string cfsr;
    std::string hfsr;
    Extra extra;
};

struct ByeEvent
{
    std::string reason;
    Extra extra;
};

// The answer to `activity`: cumulative counters of the whole DUT and of the worker itself, in
// the kernel's clock ticks (`ticks_per_second`, USER_HZ). All of them count from boot, so only
// the difference between two answers means anything:
//   busy_ticks   /proc/stat's "cpu" line: user + nice + system + irq + softirq + steal (guest
//                time is already inside user and nice; idle and iowait are not busy)
//   total_ticks  busy_ticks + idle + iowait: the cores' time, busy or not
//   own_ticks    /proc/self/stat: utime + stime + cutime + cstime, the worker's threads
//                (including run threads that have ended) and the programs it ran and waited for
// Other activity over an interval = (Δbusy − Δown) / ticks_per_second CPU-seconds, over
// Δtotal / cpus / ticks_per_second seconds.
struct ActivityEvent
{
    unsigned cpus = 0; // the "cpuN" lines of /proc/stat: online cores
    std::uint64_t ticksPerSecond = 0;
    std::uint64_t busyTicks = 0;
    std::uint64_t totalTicks = 0;
    std::uint64_t ownTicks = 0;
    Extra extra;
};

// A power source on the DUT (protocol 4): what it is, what is read, in which unit.
struct PowerSource
{
    std::string resource;
    std::string kind;   // rapl, battery, hwmon
    std::string method; // energy_uj, power_now, current_now*voltage_now, energy_now,
                        // charge_now*voltage_now, power_input, curr_input*in_input
    std::string unit;   // of the files read: uJ, uW, uA*uV, uWh, uAh*uV, mA*mV
    std::vector<std::string> files;
    bool readable = false;
    std::string problem; // why it cannot be read or used now; empty when it can
    Extra extra;
};

struct SourcesEvent
{
    std::vector<PowerSource> sources;
    Extra extra;
};

struct SampleStartEvent
{
    PowerSource source;
    double interval = 0.0;
    Extra extra;
};

// One reading. `t` counts seconds on the worker's steady clock from its `sample_start`; the
// power is a mean over `span` seconds ending at `t` (a counter's difference) or, with span 0,
// the sensor's value at `t`. The makers do not specify these sensors' accuracy: there is none
// here.
struct SampleEvent
{
    std::string resource;
    double t = 0.0;
    double watts = 0.0;
    double span = 0.0;
    bool wrapped = false;                 // a RAPL counter wrapped around inside the span
    std::optional<double> updateInterval; // a fuel gauge's refresh period, as measured so far
    Extra extra;
};

struct SampleEndEvent
{
    std::string resource;
    std::uint64_t samples = 0;
    std::string reason;  // done (its seconds passed), stopped (sample_stop), error, shutdown
    std::string message; // the error, for reason "error"
    Extra extra;
};

// An event this version does not know (from a newer peer): kept whole, and ignored.
struct UnknownEvent
{
    std::string name;
    Json json;
};

using EventBody =
    std::variant<HelloEvent, ListEvent, SelfTestEvent, SysinfoEvent, RunStartEvent, ProgressEvent,
                 RunEndEvent, GovernorEvent, CancelEvent, CheckEvent, ErrorEvent, ByeEvent,
                 KatEvent, ResetEvent, FaultEvent, ActivityEvent, SourcesEvent, SampleStartEvent,
                 SampleEvent, SampleEndEvent, UnknownEvent>;

struct Event
{
    std::optional<std::int64_t> id;
    EventBody body;
};

std::string eventName(const EventBody &body);

} // namespace cipherwatt::protocol
