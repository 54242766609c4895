#pragma once

// How `serve` pins and restores the governor: in this process when it may write cpufreq, or
// through a helper that runs `<this executable> governor set|restore --json` as root when it
// may not: `sudo -n` for a worker started over SSH (a sudoers rule, never a prompt), `pkexec`
// for a local DUT (polkit's action org.cipherwatt.governor: the desktop's authentication
// dialog, kept for a few minutes). A refusal is a clear one-line error that says what to set
// up, never a hung session. Under either helper the executable runs in privileged mode
// (privileged.h). Which way was taken is part of every answer ("method").

#include "wire.h"

#include <cipherwatt/ciphers/governor.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::bench {

// auto: no helper when root, when this user may write cpufreq or when there is none; else sudo
// when the worker was started over SSH (no polkit agent can ask there), pkexec otherwise.
// sudo, pkexec: always that helper (tests use fake ones). su: `su -c '<command>'`, as a rooted
// Android phone has it (Magisk, SuperSU), chosen by the host for an adb DUT it found rooted.
// none: never.
enum class GovernorHelper : std::uint8_t { Auto, Sudo, Pkexec, Su, None };

std::optional<GovernorHelper> parseGovernorHelper(std::string_view text);
std::string_view governorHelperName(GovernorHelper helper);

enum class GovernorMethod : std::uint8_t { InProcess, Sudo, Pkexec, Su };

// "in-process", "sudo", "pkexec", "su": the "method" of governor events and results.
const char *governorMethodName(GovernorMethod method);

// The sudoers line that lets `user` run `executable <command> ...` as root without a password.
std::string sudoersLine(const std::string &user, const std::string &executable,
                        const std::string &command = "governor");

// A helper's command line: `sudo -n <command>`, `pkexec --disable-internal-agent <command>`,
// or `su -c '<command>'` (every word quoted for root's shell); and how long it may take
// (pkexec waits for the operator's answer to polkit's dialog, sudo -n for nobody).
std::vector<std::string> helperCommand(GovernorMethod method,
                                       const std::vector<std::string> &command);
double helperTimeoutSeconds(GovernorMethod method);

// How a helper's run ended, when it did not do its task.
struct HelperOutcome
{
    bool started = true; // false: sudo, pkexec or su is not installed
    std::optional<int> exitCode;
    std::string err;     // its standard error
    std::string failure; // one line from the process runner, when it has nothing else
    bool timedOut = false;
    double timeoutSeconds = 0.0;
};
// One line saying why `task` ("governor pinning") failed through `method` and what to set up:
// pkexec dismissed or refused (no polkit agent, no polkitd), sudo -n refused (with the
// sudoers `rule`), the helper missing, too slow, or its own error.
std::string helperProblem(GovernorMethod method, const std::string &task, const std::string &rule,
                          const HelperOutcome &outcome);

// This executable's path (/proc/self/exe), the user it runs as, and whether sshd started it.
std::string selfPath();
std::string userName();
bool startedOverSsh();

class GovernorAccess
{
public:
    GovernorAccess(std::string sysfsRoot, std::string journal, GovernorHelper helper);

    const ciphers::Governor &governor() const { return m_governor; }

    struct Choice
    {
        GovernorMethod method = GovernorMethod::InProcess;
        std::string reason;
    };
    // The way a pin would go now, and why.
    Choice choose() const;
    // The helper that reads a root-only file (a RAPL counter) for this process: the one given,
    // or with auto none when `readable` or root, else sudo over SSH and pkexec locally; none
    // with `none`.
    std::optional<GovernorMethod> readMethod(bool readable) const;
    // The option, that way and its reason, for the `hello` event.
    protocol::GovernorHelperInfo describe() const;

    // What was applied, whichever way it ran, with its method. Throws CipherError with a
    // one-line message.
    protocol::PinResult pin(const ciphers::PinOptions &options);
    protocol::RestoreResult restore();
    // How the last pin or restore went (or was tried).
    const char *lastMethod() const { return governorMethodName(m_lastMethod); }

private:
    // The helper's answer (`governor set|restore --json`), as it printed it.
    Json runHelper(GovernorMethod method, std::vector<std::string> arguments, const char *what);

    ciphers::Governor m_governor;
    std::string m_sysfsRoot;
    std::string m_journal;
    GovernorHelper m_helper;
    GovernorMethod m_lastMethod = GovernorMethod::InProcess;
};

} // namespace cipherwatt::bench
