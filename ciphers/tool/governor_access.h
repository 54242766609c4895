#pragma once

// How `serve` pins and restores the governor: in this process when it may write cpufreq, or
// through `sudo -n <this executable> governor set|restore --json` when it may not (a worker
// started over SSH as an ordinary user). sudo is asked never to prompt: without a sudoers rule
// the answer is a clear one-line error that names the rule, not a hung session.

#include "json.h"

#include <cipherwatt/ciphers/governor.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::bench {

// auto: sudo only when not root and cpufreq is not writable; sudo: always (tests use a fake
// sudo); none: never.
enum class GovernorHelper : std::uint8_t { Auto, Sudo, None };

std::optional<GovernorHelper> parseGovernorHelper(std::string_view text);

// The sudoers line that lets `user` run `executable governor ...` as root without a password.
std::string sudoersLine(const std::string &user, const std::string &executable);

class GovernorAccess
{
public:
    GovernorAccess(std::string sysfsRoot, std::string journal, GovernorHelper helper);

    const ciphers::Governor &governor() const { return m_governor; }

    // The result as toJson(PinResult) / toJson(RestoreResult) shape it, whichever way it ran.
    // Throws CipherError with a one-line message.
    Json pin(const ciphers::PinOptions &options);
    Json restore();
    // "sudo" when the last pin/restore went through sudo, "in-process" otherwise.
    const char *lastMethod() const { return m_lastViaSudo ? "sudo" : "in-process"; }

private:
    bool needsSudo() const;
    Json runHelper(std::vector<std::string> arguments, const char *what);

    ciphers::Governor m_governor;
    std::string m_sysfsRoot;
    std::string m_journal;
    GovernorHelper m_helper;
    bool m_lastViaSudo = false;
};

} // namespace cipherwatt::bench
