// `cipherwatt-bench serve`: one process serves a whole session. Commands arrive as one JSON
// object per line on stdin; events leave as JSON Lines on stdout. A run (a cipher benchmark or
// an external command) executes on its own thread so `cancel` and end-of-input are seen while
// it runs. When stdin closes (the host died, the SSH link dropped) or SIGTERM, SIGINT or SIGHUP
// arrives (a newer worker replacing this one), the worker stops the run, restores the governor
// it pinned, and exits.

#include "commands.h"
#include "governor_access.h"
#include "options.h"
#include "rapl_counter.h"
#include "single_instance.h"
#include "sources.h"

#include <cipherwatt/ciphers/activity.h>
#include <cipherwatt/ciphers/command.h>
#include <cipherwatt/ciphers/governor.h>
#include <cipherwatt/ciphers/plugin.h>
#include <cipherwatt/ciphers/power_sources.h>
#include <cipherwatt/ciphers/runner.h>
#include <cipherwatt/ciphers/sysinfo.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <fcntl.h>
#include <filesystem>
#include <functional>
#include <iostream>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <poll.h>
#include <string>
#include <thread>
#include <unistd.h>

namespace cipherwatt::bench {

using namespace cipherwatt::ciphers;

namespace {

// A run reports progress at least this often (the cipher loop every 0.25 s, an external program
// every second): the host's watchdog counts on it (hello's progress_interval_s).
constexpr double kProgressIntervalSeconds = 1.0;

// Sources sampled at once, each on its own thread: far more than a DUT has, and a bound on the
// threads a broken host can make the worker start.
constexpr std::size_t kMaxSamplers = 16;

class EventWriter
{
public:
    void emit(protocol::EventBody body, std::optional<std::int64_t> id = std::nullopt)
    {
        const std::string line = protocol::encodeEvent({id, std::move(body)});
        const std::lock_guard lock(m_mutex);
        std::cout << line << '\n' << std::flush;
    }

private:
    std::mutex m_mutex;
};

// The write end of a pipe the signal handler writes the signal number to, so the reading loop
// sees a termination request beside its input (a handler may do little more than write()).
int g_signalPipe[2] = {-1, -1}; // NOLINT(cppcoreguidelines-avoid-non-const-global-variables)

extern "C" void onTerminationSignal(int signal)
{
    const int saved = errno;
    const auto byte = static_cast<unsigned char>(signal);
    [[maybe_unused]] const ssize_t written = ::write(g_signalPipe[1], &byte, 1);
    errno = saved;
}

void catchTerminationSignals()
{
    if (::pipe2(g_signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        throw CipherError("serve: cannot create a pipe for signals");
    struct sigaction action = {};
    action.sa_handler = onTerminationSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int signal : {SIGTERM, SIGINT, SIGHUP})
        sigaction(signal, &action, nullptr);
}

// Lines from stdin, or why there are no more: end of input, or a termination signal. A line
// longer than protocol::kMaxLineBytes is dropped as it arrives (never buffered whole) and
// reported as `tooLong`; the buffer is scanned once, so a long line costs linear time.
class InputLines
{
public:
    struct Next
    {
        std::optional<std::string> line;
        int signal = 0;       // when a termination signal ended the input
        bool tooLong = false; // a line over the limit was dropped
    };

    Next next()
    {
        for (;;) {
            if (const auto lf = m_buffer.find('\n', m_scanned); lf != std::string::npos) {
                std::string line = m_buffer.substr(0, lf);
                m_buffer.erase(0, lf + 1);
                m_scanned = 0;
                if (std::exchange(m_dropping, false))
                    return {std::nullopt, 0, true};
                return {std::move(line), 0};
            }
            m_scanned = m_buffer.size();
            if (m_buffer.size() > protocol::kMaxLineBytes) {
                m_dropping = true; // the rest of this line is dropped up to its newline
                m_buffer.clear();
                m_scanned = 0;
            }
            if (m_eof) {
                if (std::exchange(m_dropping, false))
                    return {std::nullopt, 0, true};
                if (m_buffer.empty())
                    return {};
                m_scanned = 0;
                return {std::exchange(m_buffer, {}), 0};
            }
            pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {g_signalPipe[0], POLLIN, 0}};
            if (::poll(fds, 2, -1) < 0) {
                if (errno == EINTR)
                    continue;
                m_eof = true;
                continue;
            }
            if ((fds[1].revents & POLLIN) != 0) {
                unsigned char signal = 0;
                if (::read(g_signalPipe[0], &signal, 1) == 1)
                    return {std::nullopt, signal};
            }
            if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL)) != 0)
                fill();
        }
    }

private:
    void fill()
    {
        char chunk[65536];
        const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
        if (n > 0)
            m_buffer.append(chunk, static_cast<std::size_t>(n));
        else if (n == 0 || (errno != EINTR && errno != EAGAIN))
            m_eof = true;
    }

    std::string m_buffer;
    std::size_t m_scanned = 0; // m_buffer[0, m_scanned) has no newline
    bool m_dropping = false;
    bool m_eof = false;
};

std::string executablePath()
{
    std::error_code ec;
    const auto path = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : path.string();
}

struct ServeOptions
{
    std::string sysfsRoot = "/";
    std::string procRoot = "/proc"; // where /proc/stat and /proc/self/stat are read (`activity`)
    std::string journal;
    GovernorHelper helper = GovernorHelper::Auto;
    std::optional<std::filesystem::path> instanceLock; // set: one serve per user and machine
};

class Server
{
public:
    explicit Server(const ServeOptions &options)
        : m_governor(options.sysfsRoot, options.journal, options.helper)
        , m_procRoot(options.procRoot)
    {
        if (options.instanceLock)
            m_lock = std::make_unique<InstanceLock>(*options.instanceLock);
    }

    int serve()
    {
        m_out.emit(hello());
        // A journal left by a worker that died while pinned: put the governor back first.
        if (m_governor.governor().hasJournal())
            restoreOnOwn("journal from an earlier worker");
        InputLines input;
        std::string why = "stdin closed";
        while (!m_quit) {
            InputLines::Next next = input.next();
            if (next.signal != 0) {
                why = "terminated by " + signalName(next.signal);
                break;
            }
            if (next.tooLong) {
                m_out.emit(protocol::ErrorEvent{"command longer than " +
                                                    std::to_string(protocol::kMaxLineBytes) +
                                                    " bytes: ignored",
                                                {},
                                                {}});
                continue;
            }
            if (!next.line)
                break;
            if (next.line->find_first_not_of(" \t\r") == std::string::npos)
                continue;
            handleLine(*next.line);
        }
        shutdown(m_quit ? "quit" : why);
        return ExitOk;
    }

private:
    protocol::HelloEvent hello() const
    {
        protocol::HelloEvent h;
        h.protocol = protocol::kVersion;
        h.version = CIPHERWATT_VERSION;
        h.executable = executablePath();
        h.pid = getpid();
        h.system = toProtocol(collectSystemInfo(m_governor.governor().sysfsRoot()));
        h.governorHelper = m_governor.describe();
        h.plugins = loadedPluginsInfo();
        h.pluginWarnings = pluginWarnings();
        if (m_lock && m_lock->replaced() != 0)
            h.replacedWorker = m_lock->replaced();
        h.progressInterval = kProgressIntervalSeconds;
        h.dutKind = "linux";
        return h;
    }

    void handleLine(const std::string &line)
    {
        auto command = protocol::decodeCommand(line);
        if (!command) {
            m_out.emit(protocol::ErrorEvent{command.error(), {}, {}});
            return;
        }
        const std::optional<std::int64_t> id = command->id;
        try {
            reapFinishedRun();
            reapFinishedSamplers();
            std::visit([&](const auto &body) { handle(body, id); }, command->body);
        } catch (const CipherError &e) {
            m_out.emit(protocol::ErrorEvent{e.what(), {}, {}}, id);
        }
    }

    using Id = std::optional<std::int64_t>;

    void handle(const protocol::HelloCommand &, Id) { m_out.emit(hello()); }

    void handle(const protocol::RunCommand &cmd, Id id) { startRun(cmd, id); }

    void handle(const protocol::ExecCommand &cmd, Id id) { startExec(cmd, id); }

    void handle(const protocol::CancelCommand &, Id id)
    {
        const bool running = m_running.load();
        m_cancel = true;
        m_out.emit(protocol::CancelEvent{running, {}}, id);
    }

    void handle(const protocol::SysinfoCommand &, Id id)
    {
        m_out.emit(
            protocol::SysinfoEvent{toProtocol(collectSystemInfo(m_governor.governor().sysfsRoot())),
                                   {}},
            id);
    }

    // The DUT's CPU counters now; answered also while a run goes on (the reading thread is
    // free), so that a host may watch other activity during a run.
    void handle(const protocol::ActivityCommand &, Id id)
    {
        const CpuActivity a = readCpuActivity(m_procRoot);
        m_out.emit(
            protocol::ActivityEvent{
                a.cpus, a.ticksPerSecond, a.busyTicks, a.totalTicks, a.ownTicks, {}},
            id);
    }

    // The DUT's power sources, as `cipherwatt-bench sources` finds them.
    void handle(const protocol::SourcesCommand &, Id id)
    {
        protocol::SourcesEvent event;
        for (const PowerSourceInfo &s : findPowerSources(m_governor.governor().sysfsRoot()))
            event.sources.push_back(toProtocol(s));
        m_out.emit(std::move(event), id);
    }

    // A power source read on its own thread, beside runs and other sources: sample_start now,
    // sample events as readings come, sample_end when its time is up, it is stopped, or a read
    // fails.
    void handle(const protocol::SampleCommand &cmd, Id id)
    {
        checkSampling(cmd.interval, cmd.seconds);
        if (m_samplers.size() >= kMaxSamplers)
            throw CipherError("sample: " + std::to_string(kMaxSamplers) +
                              " sources are sampled already (send sample_stop first)");
        auto sampler = std::make_unique<Sampler>();
        sampler->source = openPowerSource(m_governor.governor().sysfsRoot(), cmd.resource);
        if (auto *zone = dynamic_cast<RaplZone *>(sampler->source.get())) {
            // A counter only root may read (Linux 5.10 on): through the governor's helper,
            // started now, so that a refusal refuses the command (rapl_counter.h).
            if (const auto method = m_governor.readMethod(zone->counterReadable())) {
                auto helper = std::make_shared<RaplCounterHelper>(
                    *method, zone->zone(), m_governor.governor().sysfsRoot().string(),
                    zone->info().resource);
                zone->readThrough([helper] { return helper->read(); }, governorMethodName(*method));
            }
        }
        sampler->resource = sampler->source->info().resource;
        sampler->requested = cmd.resource;
        const double start = powerClockSeconds();
        m_out.emit(
            protocol::SampleStartEvent{toProtocol(sampler->source->info()), cmd.interval, {}}, id);
        Sampler *s = sampler.get();
        s->thread = std::thread(
            [this, s, id, start, interval = cmd.interval, seconds = cmd.seconds.value_or(0.0)] {
                protocol::SampleEndEvent end;
                end.resource = s->resource;
                try {
                    end.samples = samplePowerSource(
                        *s->source, interval, seconds,
                        [&](const PowerReading &r) {
                            m_out.emit(toProtocol(s->resource, r, start), id);
                        },
                        &s->stop);
                    end.reason = s->stop ? (m_shuttingDown ? "shutdown" : "stopped") : "done";
                } catch (const std::exception &e) {
                    end.reason = "error";
                    end.message = e.what();
                }
                s->done = true;
                m_out.emit(std::move(end), id);
            });
        m_samplers.push_back(std::move(sampler));
    }

    void handle(const protocol::SampleStopCommand &cmd, Id)
    {
        bool any = false;
        for (auto &s : m_samplers) {
            if (s->done ||
                (cmd.resource && *cmd.resource != s->resource && *cmd.resource != s->requested))
                continue;
            s->stop = true;
            any = true;
        }
        if (!any)
            throw CipherError("sample_stop: " +
                              (cmd.resource ? "no sampling of " + *cmd.resource + " goes on"
                                            : std::string("no sampling goes on")));
    }

    void reapFinishedSamplers()
    {
        for (auto it = m_samplers.begin(); it != m_samplers.end();) {
            if ((*it)->done) {
                (*it)->thread.join();
                it = m_samplers.erase(it);
            } else {
                ++it;
            }
        }
    }

    void handle(const protocol::ListCommand &, Id id)
    {
        protocol::ListEvent list;
        for (const auto &c : catalogue())
            list.ciphers.push_back(toProtocol(c, backends(c.id)));
        m_out.emit(std::move(list), id);
    }

    void handle(const protocol::SelfTestCommand &cmd, Id id)
    {
        requireIdle();
        const auto entries = runSelfTest(cmd.ciphers);
        const auto agreements =
            cmd.ciphers.empty() ? checkIsaAgreement() : checkIsaAgreement(cmd.ciphers);
        m_out.emit(selfTestEvent(entries, agreements), id);
    }

    // A dry run of a plan: each run is checked as `run` would check it, nothing is measured.
    void handle(const protocol::CheckCommand &cmd, Id id)
    {
        protocol::CheckEvent out;
        for (const protocol::RunCommand &run : cmd.runs) {
            protocol::CheckVerdict verdict;
            try {
                (void)toRunSpec(run);
                verdict.ok = true;
            } catch (const CipherError &e) {
                verdict.message = e.what();
            }
            out.runs.push_back(std::move(verdict));
        }
        m_out.emit(std::move(out), id);
    }

    void handle(const protocol::GovernorCommand &cmd, Id id)
    {
        requireIdle();
        protocol::GovernorEvent event;
        event.action = cmd.action;
        if (cmd.action == "show") {
            event.state = toProtocol(m_governor.governor().read());
        } else if (cmd.action == "pin") {
            PinOptions options;
            options.governor = cmd.governor.value_or("performance");
            options.fixFrequency = cmd.fixFrequency;
            // Whole kHz as sysfs takes them (the codec refuses anything but an integer).
            if (cmd.frequencyKHz) {
                if (*cmd.frequencyKHz == 0 || *cmd.frequencyKHz > UINT32_MAX)
                    throw CipherError("frequency_khz: must be a whole number of kHz from 1 to " +
                                      std::to_string(UINT32_MAX));
                options.frequencyKHz = *cmd.frequencyKHz;
            }
            if (options.fixFrequency && options.frequencyKHz)
                throw CipherError("give at most one of fix_frequency and frequency_khz");
            options.disableTurbo = cmd.disableTurbo;
            event.pin = m_governor.pin(options);
            event.method = m_governor.lastMethod();
            m_pinned = true;
        } else if (cmd.action == "restore") {
            event.restore = m_governor.restore();
            event.method = m_governor.lastMethod();
            m_pinned = false;
        } else {
            throw CipherError("governor: action must be show, pin or restore");
        }
        m_out.emit(std::move(event), id);
    }

    void handle(const protocol::QuitCommand &, Id) { m_quit = true; }

    // The firmware's own commands (firmware/PROTOCOL.md): a worker has a command line for one
    // known answer, and nothing to reset.
    void handle(const protocol::KatCommand &, Id)
    {
        throw CipherError("kat: a command of the CipherWatt firmware; on this DUT use "
                          "`cipherwatt-bench kat`");
    }

    void handle(const protocol::ResetCommand &, Id)
    {
        throw CipherError("reset: a command of the CipherWatt firmware; a worker is ended by "
                          "closing its input");
    }

    void requireIdle() const
    {
        if (m_running)
            throw CipherError("busy: a run is in progress (send cancel first)");
    }

    void restoreOnOwn(const std::string &why)
    {
        try {
            protocol::GovernorEvent event;
            event.action = "restore";
            event.reason = why;
            event.restore = m_governor.restore();
            event.method = m_governor.lastMethod();
            m_out.emit(std::move(event));
        } catch (const CipherError &e) {
            m_out.emit(protocol::ErrorEvent{e.what(), {}, {}});
        }
    }

    void startRun(const protocol::RunCommand &cmd, Id id)
    {
        requireIdle();
        const RunSpec spec = toRunSpec(cmd);
        protocol::RunCommand echo = toProtocol(spec);
        echo.frequencyKHz = cmd.frequencyKHz;
        echo.governor = cmd.governor;
        requireLevel(cmd.frequencyKHz, cmd.governor, spec.cpu);
        startJob(id, echo,
                 [this, spec, id, kHz = cmd.frequencyKHz,
                  governor = cmd.governor]() -> protocol::RunOutcome {
                     const RunResult r = runBenchmark(
                         spec,
                         [&](const RunProgress &p) {
                             protocol::ProgressEvent progress;
                             progress.iterations = p.iterations;
                             progress.bytes = p.bytes;
                             progress.seconds = p.seconds;
                             m_out.emit(std::move(progress), id);
                         },
                         &m_cancel);
                     protocol::BenchResult out = toProtocol(r);
                     if (kHz)
                         out.frequencyKHz = pinnedFrequency(spec.cpu);
                     if (governor)
                         out.governor = runningGovernor(spec.cpu);
                     return out;
                 });
    }

    // The CPUs a run's level concerns: its own, or every CPU with cpufreq. `field` names the
    // run's field in an error.
    std::vector<CpuFrequencyState> levelCpus(const GovernorState &state, int cpu,
                                             const char *field = "frequency_khz") const
    {
        if (state.empty())
            throw CipherError(std::string(field) +
                              ": this DUT has no cpufreq (no CPU frequency or governor to pin)");
        if (cpu < 0)
            return state.cpus;
        const CpuFrequencyState *found = state.findCpu(static_cast<unsigned>(cpu));
        if (!found)
            throw CipherError(std::string(field) + ": cpu" + std::to_string(cpu) +
                              " has no cpufreq");
        return {*found};
    }

    // A run at an experiment's level (a frequency or a governor) is measured only when the host
    // has pinned the DUT there.
    void requireLevel(std::optional<std::uint64_t> kHz, const std::optional<std::string> &governor,
                      int cpu) const
    {
        if (kHz)
            requirePinnedAt(*kHz, cpu);
        if (governor)
            requireGovernor(*governor, cpu);
    }

    // A governor level is the host's to pin (`governor pin` with `governor`): the run only
    // checks, so that a run is never measured under another governor than its level.
    void requireGovernor(const std::string &governor, int cpu) const
    {
        if (governor.empty())
            throw CipherError("governor: must name a governor");
        for (const CpuFrequencyState &c :
             levelCpus(m_governor.governor().read(), cpu, "governor")) {
            if (c.governor != governor)
                throw CipherError("governor: cpu" + std::to_string(c.cpu) + " runs " +
                                  (c.governor.empty() ? std::string("no governor") : c.governor) +
                                  ", not " + governor);
        }
    }

    // The one governor the level's CPUs run, read back; "" when they do not run one (something
    // changed it during the run) or it cannot be read.
    std::string runningGovernor(int cpu) const
    {
        try {
            std::string governor;
            for (const CpuFrequencyState &c :
                 levelCpus(m_governor.governor().read(), cpu, "governor")) {
                if (c.governor.empty() || (!governor.empty() && c.governor != governor))
                    return {};
                governor = c.governor;
            }
            return governor;
        } catch (const CipherError &) {
            return {};
        }
    }

    // A frequency level is the host's to pin (`governor pin` with `frequency_khz`): the run
    // only checks, so that a run is never measured at a frequency other than its level.
    void requirePinnedAt(std::uint64_t kHz, int cpu) const
    {
        for (const CpuFrequencyState &c : levelCpus(m_governor.governor().read(), cpu)) {
            if (c.minKHz != kHz || c.maxKHz != kHz)
                throw CipherError("frequency_khz: cpu" + std::to_string(c.cpu) +
                                  " is not pinned at " + std::to_string(kHz) +
                                  " kHz (scaling_min_freq " + std::to_string(c.minKHz) +
                                  ", scaling_max_freq " + std::to_string(c.maxKHz) + " kHz)");
        }
    }

    // The one frequency the level's CPUs are pinned at, read back; 0 when they are not pinned
    // at one (something changed the limits during the run) or cannot be read.
    std::uint64_t pinnedFrequency(int cpu) const
    {
        try {
            std::uint64_t kHz = 0;
            for (const CpuFrequencyState &c : levelCpus(m_governor.governor().read(), cpu)) {
                if (c.minKHz != c.maxKHz || (kHz != 0 && c.maxKHz != kHz))
                    return 0;
                kHz = c.maxKHz;
            }
            return kHz;
        } catch (const CipherError &) {
            return 0;
        }
    }

    // The external program runs like a cipher run: same events, same cancel, and it is
    // stopped when stdin closes (shutdown() cancels and joins).
    void startExec(const protocol::ExecCommand &cmd, Id id)
    {
        requireIdle();
        const CommandSpec spec = toCommandSpec(cmd);
        protocol::ExecCommand echo = toProtocol(spec);
        echo.frequencyKHz = cmd.frequencyKHz;
        echo.governor = cmd.governor;
        requireLevel(cmd.frequencyKHz, cmd.governor, spec.cpu);
        startJob(id, echo, [this, spec, id]() -> protocol::RunOutcome {
            const CommandResult r = runCommand(
                spec,
                [&](const CommandProgress &p) {
                    protocol::ProgressEvent progress;
                    progress.seconds = p.seconds;
                    progress.stdoutBytes = p.stdoutBytes;
                    progress.stderrBytes = p.stderrBytes;
                    m_out.emit(std::move(progress), id);
                },
                &m_cancel);
            return toProtocol(r);
        });
    }

    // run_start now, then `work` on the run thread: its result in run_end, or an error event.
    void startJob(Id id, protocol::RunRequest run, std::function<protocol::RunOutcome()> work)
    {
        m_cancel = false;
        m_running = true;
        m_out.emit(protocol::RunStartEvent{std::move(run), {}}, id);
        m_thread = std::thread([this, id, work = std::move(work)] {
            protocol::EventBody last;
            try {
                last = protocol::RunEndEvent{work(), {}};
            } catch (const std::exception &e) {
                last = protocol::ErrorEvent{e.what(), {}, {}};
            }
            // Idle before the last event goes out: a host that answers run_end at once with
            // the next run must not be told "busy". (The reading thread joins this one before
            // starting another.)
            m_running = false;
            m_out.emit(std::move(last), id);
        });
    }

    void reapFinishedRun()
    {
        if (m_thread.joinable() && !m_running)
            m_thread.join();
    }

    void shutdown(const std::string &why)
    {
        m_shuttingDown = true;
        for (auto &s : m_samplers)
            s->stop = true;
        for (auto &s : m_samplers)
            s->thread.join();
        m_samplers.clear();
        m_cancel = true;
        if (m_thread.joinable())
            m_thread.join();
        if (m_pinned || m_governor.governor().hasJournal())
            restoreOnOwn(why);
        m_out.emit(protocol::ByeEvent{why, {}});
    }

    struct Sampler
    {
        std::unique_ptr<PowerSource> source;
        std::string resource;  // as the source names itself ("rapl:package-0")
        std::string requested; // as the command named it ("rapl:package")
        std::atomic<bool> stop{false};
        std::atomic<bool> done{false};
        std::thread thread;
    };

    EventWriter m_out;
    std::unique_ptr<InstanceLock> m_lock; // taken before hello: the old worker is gone by then
    GovernorAccess m_governor;
    std::filesystem::path m_procRoot;
    std::thread m_thread;
    std::atomic<bool> m_cancel{false};
    std::atomic<bool> m_running{false};
    std::list<std::unique_ptr<Sampler>> m_samplers;
    std::atomic<bool> m_shuttingDown{false};
    bool m_pinned = false;
    bool m_quit = false;
};

} // namespace

int commandServe(std::vector<std::string> args)
{
    Options opts(std::move(args));
    ServeOptions options;
    options.sysfsRoot = opts.value("--sysfs-root").value_or("/");
    options.procRoot = opts.value("--proc-root").value_or("/proc");
    options.journal = opts.value("--journal").value_or("");
    if (auto helper = opts.value("--governor-helper")) {
        const auto parsed = parseGovernorHelper(*helper);
        if (!parsed)
            throw UsageError("--governor-helper: must be auto, sudo, pkexec, su or none, got '" +
                             *helper + "'");
        options.helper = *parsed;
    }
    const bool single = opts.flag("--single-instance");
    if (auto lock = opts.value("--instance-lock"))
        options.instanceLock = *lock;
    else if (single)
        options.instanceLock = defaultInstanceLockPath(options.sysfsRoot);
    opts.finish();
    // The host going away closes stdout as well as stdin: a progress event written then must
    // fail quietly, not kill the worker before it sees the end of its input and restores the
    // governor.
    std::signal(SIGPIPE, SIG_IGN);
    std::ios::sync_with_stdio(false);
    // Before any thread starts, so every thread leaves these signals to the reading loop.
    catchTerminationSignals();
    Server server(options);
    return server.serve();
}

} // namespace cipherwatt::bench
