#pragma once

// Internal to the governor (governor.cpp, governor_journal.cpp, governor_format.cpp): the
// journal that lets `governor restore` undo a pin, and the few names those files share.

#include <cipherwatt/ciphers/governor.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::ciphers::detail {

inline constexpr std::string_view pinHint =
    "pinning the governor needs root (run `sudo cipherwatt-bench governor set` or see the README)";
inline constexpr std::string_view restoreHint =
    "restoring the governor needs root (run `sudo cipherwatt-bench governor restore` or see the "
    "README)";

// Whether a failed write means "run as root" rather than "the kernel refused the value".
bool isPermissionError(int error);

// A plain decimal number: no sign, no spaces, nothing after it.
std::optional<std::uint64_t> parseUnsigned(std::string_view text);

// The kernel's governor names (CPUFREQ_NAME_LEN is 16 with the terminator). Anything else in a
// journal or an option is refused before it can reach a sysfs write.
bool isGovernorName(std::string_view name);

// "intel_pstate" or "boost", as the journal names a turbo control.
std::string_view turboControlName(TurboControl control);
// The control's file under sys/devices/system/cpu.
std::string_view turboFileName(TurboControl control);

// ---- Journal -------------------------------------------------------------------------------
//
// Plain `key=value` lines, so an administrator can read it and restore by hand:
//   format=1
//   turbo.control=intel_pstate|boost      (only where a turbo control exists)
//   turbo.enabled=0|1
//   cpu<N>.governor=<name>
//   cpu<N>.min_khz=<kHz>
//   cpu<N>.max_khz=<kHz>
// Lines starting with '#' are comments. Any other key, or a value out of pattern, makes the
// whole journal invalid.

struct JournalCpu
{
    std::string governor;
    std::uint64_t minKHz = 0;
    std::uint64_t maxKHz = 0;
};

struct JournalTurbo
{
    TurboControl control = TurboControl::None;
    bool enabled = false;
};

struct Journal
{
    std::map<unsigned, JournalCpu> cpus;
    std::optional<JournalTurbo> turbo;
};

// The message for a journal that is refused, with what the administrator should do.
std::string invalidJournal(const std::filesystem::path &file, const std::string &reason);

// Throws CipherError (invalidJournal) when `text` is not a valid journal.
Journal parseJournal(const std::string &text, const std::filesystem::path &file);

// Checks a journal against the CPUs and hardware ranges present now. The upper bound is skipped
// while turbo is about to change: intel_pstate lowers cpuinfo_max_freq while turbo is off, so
// the journal's (turbo) maximum is only checkable after turbo is back on.
std::optional<std::string> checkJournal(const Journal &journal, const GovernorState &state,
                                        bool checkUpperBound);

// Written to a temporary file and renamed, so a crash never leaves half a journal.
void writeJournal(const std::filesystem::path &file, const std::string &text);

// Deleting a journal that is already gone is no error.
void removeJournal(const std::filesystem::path &file);

// What pin() did to the journal, so a failed pin can take it back.
struct JournalUpdate
{
    bool existed = false;
    bool changed = false;
    std::string previousText;
};

// Journal first: a crash between two writes must still leave a way back. An existing journal
// holds the settings from before an earlier pin that was never restored, which the current
// (pinned) settings must not overwrite; only settings it lacks are added.
JournalUpdate recordJournal(const std::filesystem::path &file, const GovernorState &before,
                            const std::vector<unsigned> &targets);

} // namespace cipherwatt::ciphers::detail
