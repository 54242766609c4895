// `cipherwatt-bench serve`: one process serves a whole session. Commands arrive as one JSON
// object per line on stdin; events leave as JSON Lines on stdout. A run (a cipher benchmark or
// an external command) executes on its own thread so `cancel` and end-of-input are seen while
// it runs. When stdin closes (the host died, the SSH link dropped) or SIGTERM, SIGINT or SIGHUP
// arrives (a newer worker replacing this one), the worker stops the run, restores the governor
// it pinned, and exits.

#include "commands.h"
#include "governor_access.h"
#include "options.h"
#include "single_instance.h"

#include <cipherwatt/ciphers/command.h>
#include <cipherwatt/ciphers/governor.h>
#include <cipherwatt/ciphers/plugin.h>
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

class EventWriter
{
public:
    void emit(const Json &event)
    {
        const std::string line = dumpLine(event);
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

// Lines from stdin, or why there are no more: end of input, or a termination signal.
class InputLines
{
public:
    struct Next
    {
        std::optional<std::string> line;
        int signal = 0; // when a termination signal ended the input
    };

    Next next()
    {
        for (;;) {
            if (const auto lf = m_buffer.find('\n'); lf != std::string::npos) {
                std::string line = m_buffer.substr(0, lf);
                m_buffer.erase(0, lf + 1);
                return {std::move(line), 0};
            }
            if (m_eof) {
                if (m_buffer.empty())
                    return {};
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
        char chunk[4096];
        const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
        if (n > 0)
            m_buffer.append(chunk, static_cast<std::size_t>(n));
        else if (n == 0 || (errno != EINTR && errno != EAGAIN))
            m_eof = true;
    }

    std::string m_buffer;
    bool m_eof = false;
};

std::string executablePath()
{
    std::error_code ec;
    const auto path = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : path.string();
}

// Reads a field with the expected JSON type; throws CipherError naming it otherwise.
template<typename T>
std::optional<T> field(const Json &cmd, const char *name)
{
    const auto it = cmd.find(name);
    if (it == cmd.end() || it->is_null())
        return std::nullopt;
    try {
        return it->get<T>();
    } catch (const nlohmann::json::exception &) {
        throw CipherError(std::string("field '") + name + "' has the wrong type");
    }
}

RunSpec runSpecFrom(const Json &cmd)
{
    RunSpec spec;
    spec.cipherId = field<std::string>(cmd, "cipher").value_or("");
    spec.backend = field<std::string>(cmd, "backend").value_or("");
    const std::string op = field<std::string>(cmd, "op").value_or("encrypt");
    const auto parsed = parseOperation(op);
    if (!parsed)
        throw CipherError("op: unknown operation '" + op + "'");
    spec.operation = *parsed;
    if (auto b = field<std::int64_t>(cmd, "buffer")) {
        if (*b <= 0)
            throw CipherError("buffer: must be positive");
        spec.bufferBytes = static_cast<std::size_t>(*b);
    }
    if (auto n = field<std::int64_t>(cmd, "iterations")) {
        if (*n <= 0)
            throw CipherError("iterations: must be positive");
        spec.iterations = static_cast<std::uint64_t>(*n);
    }
    if (auto s = field<double>(cmd, "seconds")) {
        if (!(*s > 0))
            throw CipherError("seconds: must be positive");
        spec.seconds = *s;
    }
    if (auto cpu = field<int>(cmd, "cpu"))
        spec.cpu = *cpu;
    if (auto seed = field<std::uint64_t>(cmd, "seed"))
        spec.seed = *seed;
    if (auto chunking = field<std::string>(cmd, "chunking")) {
        const auto mode = parseChunking(*chunking);
        if (!mode)
            throw CipherError("chunking: must be message or stream");
        spec.chunking = *mode;
    }
    validateRunSpec(spec);
    return spec;
}

CommandSpec commandSpecFrom(const Json &cmd)
{
    CommandSpec spec;
    spec.argv = field<std::vector<std::string>>(cmd, "argv").value_or(std::vector<std::string>{});
    spec.label = field<std::string>(cmd, "label").value_or(defaultCommandLabel(spec.argv));
    if (auto t = field<double>(cmd, "timeout"))
        spec.timeoutSeconds = *t;
    if (auto b = field<std::int64_t>(cmd, "bytes")) {
        if (*b <= 0)
            throw CipherError("bytes: must be at least 1");
        spec.bytes = static_cast<std::uint64_t>(*b);
    }
    if (auto cpu = field<int>(cmd, "cpu"))
        spec.cpu = *cpu;
    validateCommandSpec(spec);
    return spec;
}

struct ServeOptions
{
    std::string sysfsRoot = "/";
    std::string journal;
    GovernorHelper helper = GovernorHelper::Auto;
    std::optional<std::filesystem::path> instanceLock; // set: one serve per user and machine
};

class Server
{
public:
    explicit Server(const ServeOptions &options)
        : m_governor(options.sysfsRoot, options.journal, options.helper)
    {
        if (options.instanceLock)
            m_lock = std::make_unique<InstanceLock>(*options.instanceLock);
    }

    int serve()
    {
        Json hello{{"event", "hello"},
                   {"protocol", protocolVersion},
                   {"version", CIPHERWATT_VERSION},
                   {"executable", executablePath()},
                   {"pid", getpid()},
                   {"system", toJson(collectSystemInfo(m_governor.governor().sysfsRoot()))},
                   {"governor_helper", m_governor.describe()},
                   {"plugins", pluginsJson()},
                   {"plugin_warnings", pluginWarnings()}};
        if (m_lock && m_lock->replaced() != 0)
            hello["replaced_worker"] = m_lock->replaced();
        m_out.emit(hello);
        // A journal left by a worker that died while pinned: put the governor back first.
        if (m_governor.governor().hasJournal()) {
            try {
                Json result = m_governor.restore();
                m_out.emit({{"event", "governor"},
                            {"action", "restore"},
                            {"reason", "journal from an earlier worker"},
                            {"method", m_governor.lastMethod()},
                            {"result", std::move(result)}});
            } catch (const CipherError &e) {
                m_out.emit({{"event", "error"}, {"message", e.what()}});
            }
        }
        InputLines input;
        std::string why = "stdin closed";
        while (!m_quit) {
            InputLines::Next next = input.next();
            if (next.signal != 0) {
                why = "terminated by " + signalName(next.signal);
                break;
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
    void handleLine(const std::string &line)
    {
        Json cmd;
        try {
            cmd = Json::parse(line);
        } catch (const nlohmann::json::exception &) {
            m_out.emit({{"event", "error"}, {"message", "malformed command: not JSON"}});
            return;
        }
        Json id = cmd.is_object() && cmd.contains("id") ? cmd["id"] : Json();
        try {
            if (!cmd.is_object() || !cmd.contains("cmd") || !cmd["cmd"].is_string())
                throw CipherError("malformed command: expected an object with a \"cmd\" string");
            dispatch(cmd["cmd"].get<std::string>(), cmd, id);
        } catch (const CipherError &e) {
            m_out.emit({{"event", "error"}, {"id", id}, {"message", e.what()}});
        }
    }

    void dispatch(const std::string &name, const Json &cmd, const Json &id)
    {
        reapFinishedRun();
        if (name == "run") {
            startRun(cmd, id);
        } else if (name == "exec") {
            startExec(cmd, id);
        } else if (name == "cancel") {
            const bool running = m_running.load();
            m_cancel = true;
            m_out.emit({{"event", "cancel"}, {"id", id}, {"running", running}});
        } else if (name == "sysinfo") {
            m_out.emit({{"event", "sysinfo"},
                        {"id", id},
                        {"system", toJson(collectSystemInfo(m_governor.governor().sysfsRoot()))}});
        } else if (name == "list") {
            Json list = Json::array();
            for (const auto &c : catalogue())
                list.push_back(toJson(c, backends(c.id)));
            m_out.emit({{"event", "list"}, {"id", id}, {"ciphers", list}});
        } else if (name == "selftest") {
            requireIdle();
            const auto ids = field<std::vector<std::string>>(cmd, "ciphers")
                                 .value_or(std::vector<std::string>{});
            const auto entries = runSelfTest(ids);
            const auto agreements = ids.empty() ? checkIsaAgreement() : checkIsaAgreement(ids);
            m_out.emit({{"event", "selftest"},
                        {"id", id},
                        {"passed", allPassed(entries) && allAgreed(agreements)},
                        {"results", toJson(entries)},
                        {"isa_agreement", toJson(agreements)}});
        } else if (name == "governor") {
            requireIdle();
            governor(cmd, id);
        } else if (name == "quit") {
            m_quit = true;
        } else {
            throw CipherError(
                "unknown command '" + name +
                "'; commands: run, exec, cancel, sysinfo, list, selftest, governor, quit");
        }
    }

    void requireIdle() const
    {
        if (m_running)
            throw CipherError("busy: a run is in progress (send cancel first)");
    }

    void governor(const Json &cmd, const Json &id)
    {
        const std::string action = field<std::string>(cmd, "action").value_or("");
        if (action == "show") {
            m_out.emit({{"event", "governor"},
                        {"id", id},
                        {"action", action},
                        {"state", toJson(m_governor.governor().read())}});
        } else if (action == "pin") {
            PinOptions options;
            options.governor = field<std::string>(cmd, "governor").value_or("performance");
            options.fixFrequency = field<bool>(cmd, "fix_frequency").value_or(false);
            // Whole kHz as sysfs takes them: JSON would turn 2.5 into 2 without a word.
            if (const auto kHz = cmd.find("frequency_khz"); kHz != cmd.end() && !kHz->is_null()) {
                if (!kHz->is_number_integer() || kHz->get<std::int64_t>() <= 0 ||
                    kHz->get<std::int64_t>() > UINT32_MAX)
                    throw CipherError("frequency_khz: must be a whole number of kHz from 1 to " +
                                      std::to_string(UINT32_MAX));
                options.frequencyKHz = kHz->get<std::uint64_t>();
            }
            if (options.fixFrequency && options.frequencyKHz)
                throw CipherError("give at most one of fix_frequency and frequency_khz");
            options.disableTurbo = field<bool>(cmd, "disable_turbo").value_or(false);
            Json result = m_governor.pin(options);
            m_pinned = true;
            m_out.emit({{"event", "governor"},
                        {"id", id},
                        {"action", action},
                        {"method", m_governor.lastMethod()},
                        {"result", std::move(result)}});
        } else if (action == "restore") {
            Json result = m_governor.restore();
            m_pinned = false;
            m_out.emit({{"event", "governor"},
                        {"id", id},
                        {"action", action},
                        {"method", m_governor.lastMethod()},
                        {"result", std::move(result)}});
        } else {
            throw CipherError("governor: action must be show, pin or restore");
        }
    }

    void startRun(const Json &cmd, const Json &id)
    {
        requireIdle();
        const RunSpec spec = runSpecFrom(cmd);
        startJob(id, toJson(spec), [this, spec, id]() -> Json {
            const RunResult r = runBenchmark(
                spec,
                [&](const RunProgress &p) {
                    m_out.emit({{"event", "progress"},
                                {"id", id},
                                {"iterations", p.iterations},
                                {"bytes", p.bytes},
                                {"seconds", p.seconds}});
                },
                &m_cancel);
            return toJson(r);
        });
    }

    // The external program runs like a cipher run: same events, same cancel, and it is
    // stopped when stdin closes (shutdown() cancels and joins).
    void startExec(const Json &cmd, const Json &id)
    {
        requireIdle();
        const CommandSpec spec = commandSpecFrom(cmd);
        startJob(id, toJson(spec), [this, spec, id]() -> Json {
            const CommandResult r = runCommand(
                spec,
                [&](const CommandProgress &p) {
                    m_out.emit({{"event", "progress"},
                                {"id", id},
                                {"seconds", p.seconds},
                                {"stdout_bytes", p.stdoutBytes},
                                {"stderr_bytes", p.stderrBytes}});
                },
                &m_cancel);
            return toJson(r);
        });
    }

    // run_start now, then `work` on the run thread: its result in run_end, or an error event.
    void startJob(const Json &id, Json run, std::function<Json()> work)
    {
        m_cancel = false;
        m_running = true;
        m_out.emit({{"event", "run_start"}, {"id", id}, {"run", std::move(run)}});
        m_thread = std::thread([this, id, work = std::move(work)] {
            Json last;
            try {
                last = {{"event", "run_end"}, {"id", id}, {"result", work()}};
            } catch (const std::exception &e) {
                last = {{"event", "error"}, {"id", id}, {"message", e.what()}};
            }
            // Idle before the last event goes out: a host that answers run_end at once with
            // the next run must not be told "busy". (The reading thread joins this one before
            // starting another.)
            m_running = false;
            m_out.emit(last);
        });
    }

    void reapFinishedRun()
    {
        if (m_thread.joinable() && !m_running)
            m_thread.join();
    }

    void shutdown(const std::string &why)
    {
        m_cancel = true;
        if (m_thread.joinable())
            m_thread.join();
        if (m_pinned || m_governor.governor().hasJournal()) {
            try {
                Json result = m_governor.restore();
                m_out.emit({{"event", "governor"},
                            {"action", "restore"},
                            {"reason", why},
                            {"method", m_governor.lastMethod()},
                            {"result", std::move(result)}});
            } catch (const CipherError &e) {
                m_out.emit({{"event", "error"}, {"message", e.what()}});
            }
        }
        m_out.emit({{"event", "bye"}, {"reason", why}});
    }

    EventWriter m_out;
    std::unique_ptr<InstanceLock> m_lock; // taken before hello: the old worker is gone by then
    GovernorAccess m_governor;
    std::thread m_thread;
    std::atomic<bool> m_cancel{false};
    std::atomic<bool> m_running{false};
    bool m_pinned = false;
    bool m_quit = false;
};

} // namespace

int commandServe(std::vector<std::string> args)
{
    Options opts(std::move(args));
    ServeOptions options;
    options.sysfsRoot = opts.value("--sysfs-root").value_or("/");
    options.journal = opts.value("--journal").value_or("");
    if (auto helper = opts.value("--governor-helper")) {
        const auto parsed = parseGovernorHelper(*helper);
        if (!parsed)
            throw UsageError("--governor-helper: must be auto, sudo, pkexec or none, got '" +
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
