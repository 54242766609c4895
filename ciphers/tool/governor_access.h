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

// The sudoers line that lets `user` run `executable governor ...` as root without a password.
std::string sudoersLine(const std::string &user, const std::string &executable);

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
