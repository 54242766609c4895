#pragma once

// cipherwatt-bench as root for another user. `serve` asks `pkexec` (a local DUT) or `sudo -n`
// (an SSH DUT) to run `<this executable> governor set|restore`; the polkit action and the
// sudoers rule name the executable, not its arguments, so the arguments are the attack surface.
// Run that way the worker does only what pinning needs: `governor show|set|restore` with the
// kernel's own governor names, frequencies inside the hardware range and present CPUs, on the
// real sysfs and the real journal, no plugin, no other command.

#include <optional>
#include <string>
#include <vector>

namespace cipherwatt::bench {

// Who root is working for: set when the effective user is root and pkexec (PKEXEC_UID) or sudo
// (SUDO_UID) started this process for another user. A caller that is root itself gains nothing,
// so uid 0 does not count.
struct PrivilegedCaller
{
    std::string helper; // "pkexec" or "sudo"
    std::string uid;    // the calling user's uid, as the helper put it in the environment

    // "pkexec (for uid 1000)", for messages.
    std::string describe() const;
};

std::optional<PrivilegedCaller> privilegedCaller();

// The gate main() passes every command line through first, before plugins, --isa or anything
// else is looked at: throws UsageError (one line) unless `args` is `governor show|set|restore`
// without global options. Also sets a umask that keeps root's new files (the journal) private
// to writing.
void checkPrivilegedCommandLine(const std::vector<std::string> &args,
                                const PrivilegedCaller &caller);

} // namespace cipherwatt::bench
