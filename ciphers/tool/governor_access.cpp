#include "governor_access.h"

#include <cipherwatt/ciphers/command.h>

#include <algorithm>
#include <filesystem>
#include <pwd.h>
#include <sstream>
#include <unistd.h>

namespace cipherwatt::bench {

using namespace cipherwatt::ciphers;

namespace {

constexpr double helperTimeoutSeconds = 60.0;

std::string selfPath()
{
    std::error_code ec;
    const auto path = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec)
        throw CipherError("governor: cannot find this program's own path (/proc/self/exe): " +
                          ec.message());
    return path.string();
}

std::string userName()
{
    const passwd *entry = getpwuid(geteuid()); // NOLINT(concurrency-mt-unsafe): one reader
    return entry && entry->pw_name ? entry->pw_name : std::to_string(geteuid());
}

// The kernel's names are short lower-case words; anything else never reaches sudo's argv.
bool plainGovernorName(const std::string &name)
{
    return !name.empty() && name.size() < 16 && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
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

} // namespace

std::optional<GovernorHelper> parseGovernorHelper(std::string_view text)
{
    if (text == "auto")
        return GovernorHelper::Auto;
    if (text == "sudo")
        return GovernorHelper::Sudo;
    if (text == "none")
        return GovernorHelper::None;
    return std::nullopt;
}

std::string sudoersLine(const std::string &user, const std::string &executable)
{
    return user + " ALL=(root) NOPASSWD: " + executable + " governor *";
}

GovernorAccess::GovernorAccess(std::string sysfsRoot, std::string journal, GovernorHelper helper)
    : m_governor(sysfsRoot, journal)
    , m_sysfsRoot(std::move(sysfsRoot))
    , m_journal(std::move(journal))
    , m_helper(helper)
{}

bool GovernorAccess::needsSudo() const
{
    switch (m_helper) {
    case GovernorHelper::Sudo:
        return true;
    case GovernorHelper::None:
        return false;
    case GovernorHelper::Auto:
        break;
    }
    if (geteuid() == 0)
        return false;
    // Without cpufreq there is nothing to pin: the in-process attempt says so clearly.
    const GovernorState state = m_governor.read();
    if (state.empty())
        return false;
    const auto file = m_governor.sysfsRoot() / "sys/devices/system/cpu" /
                      ("cpu" + std::to_string(state.cpus.front().cpu)) / "cpufreq" /
                      "scaling_governor";
    return access(file.c_str(), W_OK) != 0;
}

Json GovernorAccess::pin(const PinOptions &options)
{
    m_lastViaSudo = needsSudo();
    if (!m_lastViaSudo)
        return toJson(m_governor.pin(options));
    if (!plainGovernorName(options.governor))
        throw CipherError("\"" + options.governor + "\" is not a governor name");
    std::vector<std::string> arguments{"set", "--governor", options.governor};
    if (options.fixFrequency)
        arguments.emplace_back("--fix-frequency");
    if (options.disableTurbo)
        arguments.emplace_back("--no-turbo");
    if (!options.cpus.empty()) {
        std::string list;
        for (const unsigned cpu : options.cpus)
            list += (list.empty() ? "" : ",") + std::to_string(cpu);
        arguments.emplace_back("--cpus");
        arguments.push_back(list);
    }
    return runHelper(std::move(arguments), "pinning");
}

Json GovernorAccess::restore()
{
    // Nothing to put back needs no root (and no sudo rule).
    m_lastViaSudo = m_governor.hasJournal() && needsSudo();
    if (!m_lastViaSudo)
        return toJson(m_governor.restore());
    return runHelper({"restore"}, "restoring");
}

Json GovernorAccess::runHelper(std::vector<std::string> arguments, const char *what)
{
    const std::string self = selfPath();
    CommandSpec spec;
    spec.argv = {"sudo", "-n", self, "governor"};
    spec.argv.insert(spec.argv.end(), arguments.begin(), arguments.end());
    spec.argv.emplace_back("--json");
    // A fake tree (tests) is passed on; the real one is the helper's default, and under a real
    // sudo the helper refuses both options anyway (see commandGovernor).
    if (std::filesystem::path(m_sysfsRoot).lexically_normal() != "/") {
        spec.argv.emplace_back("--sysfs-root");
        spec.argv.push_back(m_sysfsRoot);
    }
    if (!m_journal.empty()) {
        spec.argv.emplace_back("--journal");
        spec.argv.push_back(m_journal);
    }
    spec.label = "governor helper";
    spec.timeoutSeconds = helperTimeoutSeconds;
    const std::string rule = sudoersLine(userName(), self);
    CommandResult result;
    try {
        result = runCommand(spec);
    } catch (const CommandStartError &) {
        throw CipherError(std::string("governor ") + what +
                          " needs root and sudo is not installed here; run the worker as root, "
                          "or install sudo and add this sudoers line: " +
                          rule);
    }
    if (result.status == CommandStatus::Ok) {
        try {
            return Json::parse(result.out.text);
        } catch (const nlohmann::json::exception &) {
            throw CipherError(std::string("governor ") + what +
                              " through sudo: the helper's answer is not JSON");
        }
    }
    const std::vector<std::string> err = lines(result.err.text);
    // sudo's own refusals start with "sudo:"; the helper's errors with its name.
    const auto refusal = std::find_if(err.begin(), err.end(), [](const std::string &line) {
        return line.rfind("sudo:", 0) == 0;
    });
    if (refusal != err.end()) {
        std::string why = refusal->substr(5);
        why.erase(0, why.find_first_not_of(' '));
        throw CipherError(std::string("governor ") + what + " needs root: sudo -n refused (" + why +
                          "); add this sudoers line on the DUT (visudo): " + rule);
    }
    if (result.status == CommandStatus::TimedOut)
        throw CipherError(std::string("governor ") + what + " through sudo did not finish in " +
                          std::to_string(static_cast<int>(helperTimeoutSeconds)) + " s");
    std::string message = err.empty() ? result.failure : err.back();
    const std::string prefix = "cipherwatt-bench governor: ";
    if (message.rfind(prefix, 0) == 0)
        message.erase(0, prefix.size());
    throw CipherError(std::string("governor ") + what + " through sudo failed: " + message);
}

} // namespace cipherwatt::bench
