#include "governor_access.h"

#include <cipherwatt/ciphers/command.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <pwd.h>
#include <sstream>
#include <unistd.h>

namespace cipherwatt::bench {

using namespace cipherwatt::ciphers;

namespace {

// sudo -n never waits for anyone; pkexec waits for the operator to answer polkit's dialog.
constexpr double sudoTimeoutSeconds = 60.0;
constexpr double pkexecTimeoutSeconds = 180.0;

// pkexec's answers (pkexec(1), RETURN VALUE): 126 when the operator dismissed the dialog, 127
// when not authorized or pkexec itself failed (no agent, no such program). Ours are 0, 1 and 2.
constexpr int pkexecDismissed = 126;
constexpr int pkexecRefused = 127;

// The kernel's names are short lower-case words; anything else never reaches a helper's argv.
bool plainGovernorName(const std::string &name)
{
    return !name.empty() && name.size() < 16 && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

// `word` for a POSIX shell: in single quotes, each ' written as '\''.
std::string shellQuoted(const std::string &word)
{
    std::string out = "'";
    for (const char c : word)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::vector<std::string> lines(const std::string &text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") != std::string::npos)
            out.push_back(line);
    }
    return out;
}

std::string withoutPrefix(std::string message)
{
    for (const std::string prefix :
         {"cipherwatt-bench governor: ", "cipherwatt-bench rapl-counter: ", "cipherwatt-bench: "}) {
        if (message.rfind(prefix, 0) == 0)
            return message.erase(0, prefix.size());
    }
    return message;
}

} // namespace

// sshd puts these in the environment of every session it starts, commands included.
bool startedOverSsh()
{
    for (const char *name : {"SSH_CONNECTION", "SSH_CLIENT"}) {
        const char *value = std::getenv(name); // NOLINT(concurrency-mt-unsafe): read only
        if (value != nullptr && *value != '\0')
            return true;
    }
    return false;
}

std::string userName()
{
    const passwd *entry = getpwuid(geteuid()); // NOLINT(concurrency-mt-unsafe): one reader
    return entry && entry->pw_name ? entry->pw_name : std::to_string(geteuid());
}

std::string selfPath()
{
    std::error_code ec;
    const auto path = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec)
        throw CipherError("cannot find this program's own path (/proc/self/exe): " + ec.message());
    return path.string();
}

std::optional<GovernorHelper> parseGovernorHelper(std::string_view text)
{
    for (const GovernorHelper helper :
         {GovernorHelper::Auto, GovernorHelper::Sudo, GovernorHelper::Pkexec, GovernorHelper::Su,
          GovernorHelper::None}) {
        if (text == governorHelperName(helper))
            return helper;
    }
    return std::nullopt;
}

std::string_view governorHelperName(GovernorHelper helper)
{
    switch (helper) {
    case GovernorHelper::Auto:
        return "auto";
    case GovernorHelper::Sudo:
        return "sudo";
    case GovernorHelper::Pkexec:
        return "pkexec";
    case GovernorHelper::Su:
        return "su";
    case GovernorHelper::None:
        break;
    }
    return "none";
}

const char *governorMethodName(GovernorMethod method)
{
    switch (method) {
    case GovernorMethod::Sudo:
        return "sudo";
    case GovernorMethod::Pkexec:
        return "pkexec";
    case GovernorMethod::Su:
        return "su";
    case GovernorMethod::InProcess:
        break;
    }
    return "in-process";
}

std::string sudoersLine(const std::string &user, const std::string &executable,
                        const std::string &command)
{
    return user + " ALL=(root) NOPASSWD: " + executable + " " + command + " *";
}

GovernorAccess::GovernorAccess(std::string sysfsRoot, std::string journal, GovernorHelper helper)
    : m_governor(sysfsRoot, journal)
    , m_sysfsRoot(std::move(sysfsRoot))
    , m_journal(std::move(journal))
    , m_helper(helper)
{}

GovernorAccess::Choice GovernorAccess::choose() const
{
    switch (m_helper) {
    case GovernorHelper::Sudo:
        return {GovernorMethod::Sudo, "--governor-helper sudo"};
    case GovernorHelper::Pkexec:
        return {GovernorMethod::Pkexec, "--governor-helper pkexec"};
    case GovernorHelper::Su:
        return {GovernorMethod::Su, "--governor-helper su"};
    case GovernorHelper::None:
        return {GovernorMethod::InProcess, "--governor-helper none"};
    case GovernorHelper::Auto:
        break;
    }
    if (geteuid() == 0)
        return {GovernorMethod::InProcess, "running as root"};
    // Without cpufreq there is nothing to pin: the in-process attempt says so clearly.
    const GovernorState state = m_governor.read();
    if (state.empty())
        return {GovernorMethod::InProcess, "no cpufreq here"};
    const auto file = m_governor.sysfsRoot() / "sys/devices/system/cpu" /
                      ("cpu" + std::to_string(state.cpus.front().cpu)) / "cpufreq" /
                      "scaling_governor";
    if (access(file.c_str(), W_OK) == 0)
        return {GovernorMethod::InProcess, "this user may write cpufreq"};
    if (startedOverSsh())
        return {GovernorMethod::Sudo, "not root and cpufreq is not writable; started over SSH"};
    return {GovernorMethod::Pkexec, "not root and cpufreq is not writable; a local session"};
}

std::optional<GovernorMethod> GovernorAccess::readMethod(bool readable) const
{
    switch (m_helper) {
    case GovernorHelper::Sudo:
        return GovernorMethod::Sudo;
    case GovernorHelper::Pkexec:
        return GovernorMethod::Pkexec;
    case GovernorHelper::Su:
        return GovernorMethod::Su;
    case GovernorHelper::None:
        return std::nullopt;
    case GovernorHelper::Auto:
        break;
    }
    if (readable || geteuid() == 0)
        return std::nullopt;
    return startedOverSsh() ? GovernorMethod::Sudo : GovernorMethod::Pkexec;
}

protocol::GovernorHelperInfo GovernorAccess::describe() const
{
    protocol::GovernorHelperInfo out;
    out.option = governorHelperName(m_helper);
    try {
        const Choice choice = choose();
        out.method = governorMethodName(choice.method);
        out.reason = choice.reason;
    } catch (const CipherError &e) {
        out.method = governorMethodName(GovernorMethod::InProcess);
        out.reason = e.what();
    }
    return out;
}

protocol::PinResult GovernorAccess::pin(const PinOptions &options)
{
    m_lastMethod = choose().method;
    protocol::PinResult result;
    if (m_lastMethod == GovernorMethod::InProcess) {
        result = toProtocol(m_governor.pin(options));
    } else {
        if (!plainGovernorName(options.governor))
            throw CipherError("\"" + options.governor + "\" is not a governor name");
        std::vector<std::string> arguments{"set", "--governor", options.governor};
        if (options.fixFrequency)
            arguments.emplace_back("--fix-frequency");
        if (options.frequencyKHz) {
            arguments.emplace_back("--frequency");
            arguments.push_back(std::to_string(*options.frequencyKHz));
        }
        if (options.disableTurbo)
            arguments.emplace_back("--no-turbo");
        if (!options.cpus.empty()) {
            std::string list;
            for (const unsigned cpu : options.cpus)
                list += (list.empty() ? "" : ",") + std::to_string(cpu);
            arguments.emplace_back("--cpus");
            arguments.push_back(list);
        }
        const Json answer = runHelper(m_lastMethod, std::move(arguments), "pinning");
        auto decoded = protocol::decodePinResult(answer);
        if (!decoded)
            throw CipherError("governor pinning through " + std::string(lastMethod()) +
                              ": the helper's answer is not a pin result (" + decoded.error() +
                              ")");
        result = std::move(*decoded);
    }
    result.method = lastMethod();
    return result;
}

protocol::RestoreResult GovernorAccess::restore()
{
    // Nothing to put back needs no root (and no helper, so no prompt).
    m_lastMethod = m_governor.hasJournal() ? choose().method : GovernorMethod::InProcess;
    protocol::RestoreResult result;
    if (m_lastMethod == GovernorMethod::InProcess) {
        result = toProtocol(m_governor.restore());
    } else {
        const Json answer = runHelper(m_lastMethod, {"restore"}, "restoring");
        auto decoded = protocol::decodeRestoreResult(answer);
        if (!decoded)
            throw CipherError("governor restoring through " + std::string(lastMethod()) +
                              ": the helper's answer is not a restore result (" + decoded.error() +
                              ")");
        result = std::move(*decoded);
    }
    result.method = lastMethod();
    return result;
}

Json GovernorAccess::runHelper(GovernorMethod method, std::vector<std::string> arguments,
                               const char *what)
{
    const std::string helper = governorMethodName(method);
    const std::string self = selfPath();
    std::vector<std::string> command{self, "governor"};
    command.insert(command.end(), arguments.begin(), arguments.end());
    command.emplace_back("--json");
    // A fake tree (tests) is passed on; the real one is the helper's default, and as root for
    // another user the helper refuses both options anyway (privileged.h).
    if (std::filesystem::path(m_sysfsRoot).lexically_normal() != "/") {
        command.emplace_back("--sysfs-root");
        command.push_back(m_sysfsRoot);
    }
    if (!m_journal.empty()) {
        command.emplace_back("--journal");
        command.push_back(m_journal);
    }
    CommandSpec spec;
    spec.argv = helperCommand(method, command);
    spec.label = "governor helper";
    spec.timeoutSeconds = helperTimeoutSeconds(method);
    const std::string task = std::string("governor ") + what;
    const std::string rule = sudoersLine(userName(), self);
    CommandResult result;
    HelperOutcome outcome;
    outcome.timeoutSeconds = spec.timeoutSeconds;
    try {
        result = runCommand(spec);
    } catch (const CommandStartError &) {
        outcome.started = false;
        throw CipherError(helperProblem(method, task, rule, outcome));
    }
    if (result.status == CommandStatus::Ok) {
        try {
            return Json::parse(result.out.text);
        } catch (const nlohmann::json::exception &) {
            throw CipherError(task + " through " + helper + ": the helper's answer is not JSON");
        }
    }
    outcome.exitCode = result.exitCode;
    outcome.err = result.err.text;
    outcome.failure = result.failure;
    outcome.timedOut = result.status == CommandStatus::TimedOut;
    throw CipherError(helperProblem(method, task, rule, outcome));
}

std::vector<std::string> helperCommand(GovernorMethod method,
                                       const std::vector<std::string> &command)
{
    if (method == GovernorMethod::Su) {
        // Android's su (Magisk, SuperSU) takes one command line for root's shell: every word
        // single-quoted, so none is taken apart there.
        std::string line;
        for (const std::string &word : command)
            line += (line.empty() ? "" : " ") + shellQuoted(word);
        return {"su", "-c", line};
    }
    // pkexec's own text agent would prompt on a terminal this worker does not own: without a
    // polkit agent in the session it is a clear refusal instead.
    std::vector<std::string> argv =
        method == GovernorMethod::Pkexec
            ? std::vector<std::string>{"pkexec", "--disable-internal-agent"}
            : std::vector<std::string>{"sudo", "-n"};
    argv.insert(argv.end(), command.begin(), command.end());
    return argv;
}

double helperTimeoutSeconds(GovernorMethod method)
{
    return method == GovernorMethod::Pkexec ? pkexecTimeoutSeconds : sudoTimeoutSeconds;
}

std::string helperProblem(GovernorMethod method, const std::string &task, const std::string &rule,
                          const HelperOutcome &outcome)
{
    const bool viaPkexec = method == GovernorMethod::Pkexec;
    const bool viaSu = method == GovernorMethod::Su;
    const std::string helper = governorMethodName(method);
    if (!outcome.started) {
        if (viaSu)
            return task + " needs root and there is no su here (is the device rooted?)";
        if (viaPkexec)
            return task +
                   " needs root and pkexec is not installed here; install it (Debian: apt "
                   "install pkexec), run the worker as root, or use --governor-helper sudo with "
                   "this sudoers line: " +
                   rule;
        return task +
               " needs root and sudo is not installed here; run the worker as root, or install "
               "sudo and add this sudoers line: " +
               rule;
    }
    const std::vector<std::string> err = lines(outcome.err);
    if (viaPkexec && outcome.exitCode == pkexecDismissed)
        return task + " needs root: the pkexec authentication was dismissed, so nothing was "
                      "changed";
    if (viaPkexec && outcome.exitCode == pkexecRefused) {
        // pkexec's own line; glib may have warned before it.
        const auto line = std::find_if(err.begin(), err.end(), [](const std::string &text) {
            return text.rfind("Error ", 0) == 0;
        });
        std::string why = line != err.end() ? *line : err.empty() ? outcome.failure : err.front();
        const std::string prefix = "Error executing command as another user: ";
        if (why.rfind(prefix, 0) == 0)
            why.erase(0, prefix.size());
        std::string message = task + " needs root: pkexec refused (" + why + ")";
        if (why.find("No authentication agent") != std::string::npos)
            message += "; this session has no polkit agent to ask for the password: use a "
                       "desktop session, or --governor-helper sudo with this sudoers line: " +
                       rule;
        else if (why.find("Error getting authority") != std::string::npos)
            message += "; polkit's daemon cannot be reached here (is polkitd installed and "
                       "running?): or use --governor-helper sudo with this sudoers line: " +
                       rule;
        return message;
    }
    // sudo's own refusals start with "sudo:"; the helper's errors with its name.
    const auto refusal = std::find_if(err.begin(), err.end(), [](const std::string &line) {
        return line.rfind("sudo:", 0) == 0;
    });
    if (!viaPkexec && !viaSu && refusal != err.end()) {
        std::string why = refusal->substr(5);
        why.erase(0, why.find_first_not_of(' '));
        return task + " needs root: sudo -n refused (" + why +
               "); add this sudoers line on the DUT (visudo): " + rule;
    }
    if (outcome.timedOut)
        return task + " through " + helper + " did not finish in " +
               std::to_string(static_cast<int>(outcome.timeoutSeconds)) + " s" +
               (viaPkexec ? " (the authentication dialog was not answered)" : "");
    return task + " through " + helper +
           " failed: " + withoutPrefix(err.empty() ? outcome.failure : err.back());
}

} // namespace cipherwatt::bench
