#pragma once

// A RAPL zone's counter read through the governor's helper (issue 20). Since Linux 5.10
// `energy_uj` is readable by root alone (PLATYPUS, CVE-2020-8694). When the worker may not read
// it, `serve` starts `<helper> <this executable> rapl-counter <zone>` once per sampled zone
// (`sudo -n` over SSH, `pkexec` locally, or the --governor-helper given, as for the governor):
// the helper answers each line on its standard input with the counter's value, and does nothing
// else. The worker keeps the arithmetic (the range, the wrap-around, the units) and the clock.
// Under pkexec or sudo the command takes a zone's directory name alone (intel-rapl:N[:M]),
// refuses --sysfs-root and reads nothing but that zone's energy_uj under /sys (privileged.h).
// Nothing widens the file's access: the counter's values reach only the worker that asked.

#include "governor_access.h"
#include "privileged.h"

#include <cstdint>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace cipherwatt::bench {

// intel-rapl:<n> or intel-rapl:<n>:<m>, digits only: the only names the helper takes.
bool isRaplZoneDirectory(const std::string &name);

// `cipherwatt-bench rapl-counter <zone> [--sysfs-root <dir>]`.
int commandRaplCounter(std::vector<std::string> args,
                       const std::optional<PrivilegedCaller> &privileged);

// The helper process of one zone, from the worker's side.
class RaplCounterHelper
{
public:
    // Starts the helper through `method` and reads the counter once, which is when pkexec's
    // dialog asks the operator. Throws CipherError with one line naming `resource`, the way it
    // went and what to set up (helperProblem()) when it cannot.
    RaplCounterHelper(GovernorMethod method, const std::string &zone, const std::string &sysfsRoot,
                      std::string resource);
    // Closes the helper's input, so it exits; waits for it briefly, then kills it.
    ~RaplCounterHelper();
    RaplCounterHelper(const RaplCounterHelper &) = delete;
    RaplCounterHelper &operator=(const RaplCounterHelper &) = delete;

    // The counter now (µJ). Throws CipherError when the helper has gone or does not answer.
    std::uint64_t read();

private:
    std::uint64_t exchange(double timeoutSeconds);
    [[noreturn]] void fail(bool timedOut, const std::string &why);
    void stop();

    GovernorMethod m_method;
    std::string m_resource;
    std::string m_rule; // the sudoers line that would let this user run it
    pid_t m_pid = -1;
    int m_in = -1;                 // the helper's standard input
    int m_out = -1;                // its standard output
    int m_err = -1;                // its standard error
    std::string m_pending;         // what it printed beyond the last whole line
    std::optional<int> m_exitCode; // once it has exited
};

} // namespace cipherwatt::bench
