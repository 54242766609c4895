#pragma once

#include <cipherwatt/ciphers/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::ciphers {

// One CPU's cpufreq settings as the kernel reports them, in kHz as sysfs writes them.
struct CpuFrequencyState
{
    unsigned cpu = 0;
    std::string governor;
    std::vector<std::string> availableGovernors;
    std::uint64_t minKHz = 0;   // scaling_min_freq
    std::uint64_t maxKHz = 0;   // scaling_max_freq
    std::uint64_t curKHz = 0;   // scaling_cur_freq; 0 when the driver does not expose it
    std::uint64_t hwMinKHz = 0; // cpuinfo_min_freq
    std::uint64_t hwMaxKHz = 0; // cpuinfo_max_freq
    // scaling_available_frequencies (ascending), where the driver has a frequency table
    // (acpi-cpufreq, cpufreq-dt on the Raspberry Pi); empty otherwise (intel_pstate, amd-pstate
    // take any value in the hardware range).
    std::vector<std::uint64_t> availableKHz;
};

// intel_pstate has a global "no_turbo" switch (1 = off); acpi-cpufreq and amd-pstate a global
// "boost" switch (1 = on). Both are kept as one logical "turbo enabled" flag.
enum class TurboControl : std::uint8_t { None, IntelPstateNoTurbo, CpufreqBoost };

struct TurboState
{
    TurboControl control = TurboControl::None;
    std::filesystem::path file; // the control file; empty when there is none
    bool enabled = false;

    bool present() const { return control != TurboControl::None; }
};

struct GovernorState
{
    std::vector<CpuFrequencyState> cpus; // sorted by CPU number; empty without cpufreq
    TurboState turbo;

    bool empty() const { return cpus.empty(); }
    const CpuFrequencyState *findCpu(unsigned cpu) const;
};

struct PinOptions
{
    std::string governor = "performance";
    bool fixFrequency = false; // scaling_min = scaling_max = cpuinfo_max_freq
    // scaling_min = scaling_max = this (kHz, within cpuinfo_min..cpuinfo_max_freq, and one of
    // scaling_available_frequencies where the driver lists them: any other value the driver
    // would round to a neighbour, so it is refused), and under the userspace governor
    // scaling_setspeed too; excludes fixFrequency.
    std::optional<std::uint64_t> frequencyKHz;
    bool disableTurbo = false;
    std::vector<unsigned> cpus; // empty: every CPU with cpufreq
};

// The generic scaling governors the kernel documents (Documentation/admin-guide/pm/cpufreq.rst;
// intel_pstate and amd-pstate in active mode offer performance and powersave of their own).
// Root working for another user (pkexec, sudo) sets only these.
const std::vector<std::string> &documentedGovernors();
bool isDocumentedGovernor(std::string_view name);

// A kernel CPU list ("0-3,8,10-11", as in /sys/devices/system/cpu/present), or nullopt when
// `text` is not one.
std::optional<std::vector<unsigned>> parseCpuList(std::string_view text);

struct PinResult
{
    GovernorState applied; // read back after writing: what the kernel actually took
    // Requested settings that the read-back does not show (the kernel clamped or ignored a
    // value, or the system has no control for it). Empty when everything took.
    std::vector<std::string> mismatches;
    bool journalCreated = false; // false: an earlier journal (from a pin not yet restored) was kept
    std::filesystem::path journalPath;
};

struct RestoreResult
{
    bool restored = false; // false: there was no journal, nothing to restore
    GovernorState state;   // read back after restoring; empty when nothing was restored
    std::vector<std::string> mismatches; // journal values the read-back does not show
    std::vector<unsigned> cpus;          // the CPUs the journal covered
    bool turboRestored = false;
    std::filesystem::path journalPath;
};

// Pins the cpufreq governor, frequencies and turbo for benchmarks and puts them back.
//
// pin() first records the settings it is about to change in a journal on disk, so restore()
// can put them back from a new process after a crash. All sysfs paths go through `sysfsRoot`,
// so tests run against a fake tree. Failures throw CipherError with a one-line message.
class Governor
{
public:
    // An empty `journalPath` means defaultJournalPath(sysfsRoot).
    explicit Governor(std::filesystem::path sysfsRoot = "/",
                      std::filesystem::path journalPath = {});

    const std::filesystem::path &sysfsRoot() const { return m_root; }
    const std::filesystem::path &journalPath() const { return m_journalPath; }
    bool hasJournal() const;

    // Throws CipherError when a cpufreq file that every driver has cannot be read.
    GovernorState read() const;

    // The CPUs in sys/devices/system/cpu/present; nullopt when the file is missing (a fake
    // tree). Throws CipherError when it cannot be read or parsed.
    std::optional<std::vector<unsigned>> presentCpus() const;

    // Journals the previous settings (unless a journal already exists: then only settings it
    // lacks are added), writes, reads back. On a failed write everything written so far is put
    // back before the CipherError is thrown, and a journal this call created is removed.
    PinResult pin(const PinOptions &options = {});

    // Idempotent: without a journal it reports nothing restored. A journal with unknown keys,
    // malformed values, unavailable governors or frequencies outside the hardware range is
    // refused (CipherError) before anything is written, and kept for inspection. A failed write
    // also keeps the journal, so restore can simply be run again.
    RestoreResult restore();

private:
    std::filesystem::path cpuDir() const;

    std::filesystem::path m_root;
    std::filesystem::path m_journalPath;
};

// `/run/cipherwatt/governor-journal` for the real sysfs: /run is a tmpfs, and cpufreq settings
// do not survive a reboot either, so neither should the journal. For a fake tree, a file inside
// it, so each tree carries its own.
std::filesystem::path defaultJournalPath(const std::filesystem::path &sysfsRoot);

// Text for `cipherwatt-bench governor show|set|restore`.
std::string formatGovernorState(const GovernorState &state);
std::string formatPinResult(const PinResult &result);
std::string formatRestoreResult(const RestoreResult &result);

} // namespace cipherwatt::ciphers
