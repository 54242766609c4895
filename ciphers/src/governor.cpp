#include <cipherwatt/ciphers/governor.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <fcntl.h>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace cipherwatt::ciphers {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view pinHint =
    "pinning the governor needs root (run `sudo cipherwatt-bench governor set` or see the README)";
constexpr std::string_view restoreHint = "restoring the governor needs root (run `sudo "
                                         "cipherwatt-bench governor restore` or see the README)";

// The only files this module ever writes, apart from its journal.
constexpr std::string_view governorFile = "scaling_governor";
constexpr std::string_view minFile = "scaling_min_freq";
constexpr std::string_view maxFile = "scaling_max_freq";

std::string errnoText(int error)
{
    return std::error_code(error, std::generic_category()).message();
}

std::string_view trim(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

// Reads a whole file with POSIX calls, so a failure has an errno to name. Returns the errno.
int readFile(const fs::path &file, std::string &text)
{
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    text.clear();
    char buffer[4096];
    for (;;) {
        const ssize_t count = ::read(fd, buffer, sizeof buffer);
        if (count < 0) {
            if (errno == EINTR)
                continue;
            const int error = errno;
            ::close(fd);
            return error;
        }
        if (count == 0)
            break;
        text.append(buffer, static_cast<std::size_t>(count));
    }
    ::close(fd);
    return 0;
}

std::string readText(const fs::path &file)
{
    std::string text;
    if (const int error = readFile(file, text); error != 0)
        throw CipherError("cannot read " + file.string() + ": " + errnoText(error));
    return std::string(trim(text));
}

int writeAll(int fd, std::string_view data)
{
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t count = ::write(fd, data.data() + done, data.size() - done);
        if (count < 0 && errno == EINTR)
            continue;
        if (count < 0)
            return errno;
        done += static_cast<std::size_t>(count);
    }
    return 0;
}

// O_NOFOLLOW and no O_CREAT: only an existing attribute file is ever written, never a link.
int writeFile(const fs::path &file, std::string_view value)
{
    const int fd = ::open(file.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return errno;
    int error = writeAll(fd, std::string(value) + '\n');
    if (::close(fd) != 0 && error == 0)
        error = errno;
    return error;
}

bool isPermissionError(int error)
{
    return error == EACCES || error == EPERM || error == EROFS;
}

std::string writeFailure(const fs::path &file, int error, std::string_view hint,
                         std::string_view value)
{
    std::string message = "cannot write " + file.string() + ": " + errnoText(error);
    if (isPermissionError(error))
        return message + "; " + std::string(hint);
    return message + " (the kernel refused \"" + std::string(value) + "\")";
}

std::string journalFailure(const fs::path &file, int error)
{
    std::string message = "cannot write " + file.string() + ": " + errnoText(error);
    return isPermissionError(error) ? message + "; " + std::string(pinHint) : message;
}

std::optional<std::uint64_t> parseUnsigned(std::string_view text)
{
    std::uint64_t value = 0;
    const auto *end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

std::uint64_t readKHz(const fs::path &file)
{
    const std::string text = readText(file);
    const auto value = parseUnsigned(text);
    if (!value) {
        throw CipherError("cannot read " + file.string() + ": \"" + text +
                          "\" is not a frequency in kHz");
    }
    return *value;
}

// The kernel's governor names (CPUFREQ_NAME_LEN is 16 with the terminator). Anything else in a
// journal or an option is refused before it can reach a sysfs write.
bool isGovernorName(std::string_view name)
{
    return !name.empty() && name.size() < 16 && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

std::vector<std::string> splitWords(std::string_view text)
{
    std::vector<std::string> words;
    std::istringstream stream{std::string(text)};
    for (std::string word; stream >> word;)
        words.push_back(word);
    return words;
}

std::string joinWords(const std::vector<std::string> &words)
{
    std::string joined;
    for (const auto &word : words)
        joined += (joined.empty() ? "" : " ") + word;
    return joined;
}

// `cpu0`, `cpu1`, ... but not `cpufreq` or `cpuidle`; sorted numerically, so cpu10 follows cpu9.
std::vector<std::pair<unsigned, fs::path>> numberedCpuDirs(const fs::path &dir)
{
    std::vector<std::pair<unsigned, fs::path>> entries;
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.size() <= 3 || name.compare(0, 3, "cpu") != 0)
            continue;
        const auto number = parseUnsigned(std::string_view(name).substr(3));
        if (number && *number <= 65535)
            entries.emplace_back(static_cast<unsigned>(*number), entry.path());
    }
    std::sort(entries.begin(), entries.end());
    return entries;
}

std::string_view turboControlName(TurboControl control)
{
    switch (control) {
    case TurboControl::IntelPstateNoTurbo:
        return "intel_pstate";
    case TurboControl::CpufreqBoost:
        return "boost";
    case TurboControl::None:
        break;
    }
    return "none";
}

std::string_view turboFileName(TurboControl control)
{
    return control == TurboControl::IntelPstateNoTurbo ? "intel_pstate/no_turbo" : "cpufreq/boost";
}

// no_turbo is inverted: 1 means turbo off.
std::string turboValue(TurboControl control, bool enabled)
{
    const bool one = control == TurboControl::IntelPstateNoTurbo ? !enabled : enabled;
    return one ? "1" : "0";
}

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

std::string serializeJournal(const Journal &journal)
{
    std::string text = "# CipherWatt governor journal: the cpufreq settings before "
                       "`cipherwatt-bench governor set`.\n"
                       "# `cipherwatt-bench governor restore` writes them back and deletes "
                       "this file.\n"
                       "format=1\n";
    if (journal.turbo) {
        text += "turbo.control=" + std::string(turboControlName(journal.turbo->control)) + '\n';
        text += std::string("turbo.enabled=") + (journal.turbo->enabled ? "1" : "0") + '\n';
    }
    for (const auto &[cpu, entry] : journal.cpus) {
        const std::string prefix = "cpu" + std::to_string(cpu) + '.';
        text += prefix + "governor=" + entry.governor + '\n';
        text += prefix + "min_khz=" + std::to_string(entry.minKHz) + '\n';
        text += prefix + "max_khz=" + std::to_string(entry.maxKHz) + '\n';
    }
    return text;
}

std::string invalidJournal(const fs::path &file, const std::string &reason)
{
    return "governor journal " + file.string() + " is invalid (" + reason +
           "); nothing was written: inspect it, restore the settings by hand and delete it";
}

// Parses one `cpu<N>.<field>` line into `journal`; returns a reason when it is not valid.
std::optional<std::string> parseCpuLine(std::string_view key, std::string_view value,
                                        Journal &journal)
{
    const auto dot = key.find('.');
    const auto number = parseUnsigned(key.substr(3, dot == std::string_view::npos ? 0 : dot - 3));
    if (dot == std::string_view::npos || !number || *number > 65535)
        return "unknown key \"" + std::string(key) + "\"";
    JournalCpu &cpu = journal.cpus[static_cast<unsigned>(*number)];
    const std::string_view field = key.substr(dot + 1);
    if (field == "governor") {
        if (!isGovernorName(value))
            return "governor \"" + std::string(value) + "\" is not a governor name";
        cpu.governor = value;
    } else if (field == "min_khz" || field == "max_khz") {
        const auto kHz = parseUnsigned(value);
        if (!kHz || *kHz == 0 || value.size() > 10)
            return std::string(key) + " \"" + std::string(value) + "\" is not a frequency in kHz";
        (field == "min_khz" ? cpu.minKHz : cpu.maxKHz) = *kHz;
    } else {
        return "unknown key \"" + std::string(key) + "\"";
    }
    return std::nullopt;
}

std::optional<std::string> parseJournalLines(std::string_view text, Journal &journal)
{
    std::set<std::string> seen;
    std::optional<std::string> turboControl;
    std::optional<std::string> turboEnabled;
    bool formatSeen = false;
    std::size_t lineNumber = 0;
    while (!text.empty()) {
        const auto end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        ++lineNumber;
        if (line.empty() || line.front() == '#')
            continue;
        const auto where = "line " + std::to_string(lineNumber) + ": ";
        const auto equals = line.find('=');
        if (equals == std::string_view::npos)
            return where + "no '='";
        const std::string key(line.substr(0, equals));
        const std::string_view value = line.substr(equals + 1);
        if (!seen.insert(key).second)
            return where + "\"" + key + "\" appears twice";
        if (key == "format") {
            if (value != "1")
                return where + "unknown format \"" + std::string(value) + "\"";
            formatSeen = true;
        } else if (key == "turbo.control") {
            if (value != "intel_pstate" && value != "boost")
                return where + "unknown turbo control \"" + std::string(value) + "\"";
            turboControl = value;
        } else if (key == "turbo.enabled") {
            if (value != "0" && value != "1")
                return where + "turbo.enabled must be 0 or 1";
            turboEnabled = value;
        } else if (key.compare(0, 3, "cpu") == 0) {
            if (auto reason = parseCpuLine(key, value, journal))
                return where + *reason;
        } else {
            return where + "unknown key \"" + key + "\"";
        }
    }
    if (!formatSeen)
        return "no format line";
    if (turboControl.has_value() != turboEnabled.has_value())
        return "turbo.control and turbo.enabled must appear together";
    if (turboControl) {
        journal.turbo =
            JournalTurbo{*turboControl == "intel_pstate" ? TurboControl::IntelPstateNoTurbo
                                                         : TurboControl::CpufreqBoost,
                         *turboEnabled == "1"};
    }
    for (const auto &[cpu, entry] : journal.cpus) {
        const std::string prefix = "cpu" + std::to_string(cpu) + '.';
        if (!seen.contains(prefix + "governor") || !seen.contains(prefix + "min_khz") ||
            !seen.contains(prefix + "max_khz"))
            return prefix + "governor, min_khz and max_khz must all be present";
        if (entry.minKHz > entry.maxKHz)
            return prefix + "min_khz is above max_khz";
    }
    return std::nullopt;
}

Journal parseJournal(const std::string &text, const fs::path &file)
{
    Journal journal;
    if (auto reason = parseJournalLines(text, journal))
        throw CipherError(invalidJournal(file, *reason));
    return journal;
}

// Written to a temporary file and renamed, so a crash never leaves half a journal.
void writeJournal(const fs::path &file, const std::string &text)
{
    std::error_code ec;
    if (file.has_parent_path())
        fs::create_directories(file.parent_path(), ec);
    if (ec) {
        throw CipherError("cannot create " + file.parent_path().string() + ": " + ec.message() +
                          "; " + std::string(pinHint));
    }
    const fs::path temporary = fs::path(file).concat(".tmp");
    const int fd =
        ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0)
        throw CipherError(journalFailure(file, errno));
    int error = writeAll(fd, text);
    if (error == 0 && ::fsync(fd) != 0)
        error = errno;
    if (::close(fd) != 0 && error == 0)
        error = errno;
    if (error == 0 && std::rename(temporary.c_str(), file.c_str()) != 0)
        error = errno;
    if (error != 0) {
        ::unlink(temporary.c_str());
        throw CipherError(journalFailure(file, error));
    }
}

void removeJournal(const fs::path &file)
{
    if (::unlink(file.c_str()) != 0 && errno != ENOENT) {
        throw CipherError("cannot remove " + file.string() + ": " + errnoText(errno) + "; " +
                          std::string(restoreHint));
    }
}

// ---- Writing with an undo log ----------------------------------------------------------------

class SysfsWriter
{
public:
    explicit SysfsWriter(std::string_view hint)
        : m_hint(hint)
    {}

    // Skips a value the file already holds: fewer writes, fewer chances for the kernel to object.
    void write(const fs::path &file, const std::string &value)
    {
        std::string previous = readText(file);
        if (previous == value)
            return;
        if (const int error = writeFile(file, value); error != 0)
            throw CipherError(writeFailure(file, error, m_hint, value));
        m_undo.push_back({file, std::move(previous)});
    }

    // Undoes in reverse order, which passes through the same (valid) min/max states.
    // Returns what could not be put back.
    std::vector<std::string> rollBack()
    {
        std::vector<std::string> failures;
        while (!m_undo.empty()) {
            const Undo undo = std::move(m_undo.back());
            m_undo.pop_back();
            if (const int error = writeFile(undo.file, undo.previous); error != 0)
                failures.push_back(undo.file.string() + ": " + errnoText(error));
        }
        return failures;
    }

private:
    struct Undo
    {
        fs::path file;
        std::string previous;
    };

    std::string_view m_hint;
    std::vector<Undo> m_undo;
};

// Older kernels reject a scaling_min_freq above scaling_max_freq (and the reverse), so every
// intermediate state must keep min <= max: raise max before min, lower min before max.
void writeFrequencyRange(SysfsWriter &writer, const fs::path &cpufreq,
                         const CpuFrequencyState &current, std::uint64_t minKHz,
                         std::uint64_t maxKHz)
{
    if (minKHz > current.maxKHz) {
        writer.write(cpufreq / maxFile, std::to_string(maxKHz));
        writer.write(cpufreq / minFile, std::to_string(minKHz));
    } else {
        writer.write(cpufreq / minFile, std::to_string(minKHz));
        writer.write(cpufreq / maxFile, std::to_string(maxKHz));
    }
}

std::string cpuList(const GovernorState &state)
{
    std::string list;
    for (const auto &cpu : state.cpus)
        list += (list.empty() ? "" : " ") + std::to_string(cpu.cpu);
    return list;
}

std::vector<unsigned> selectCpus(const GovernorState &state, const std::vector<unsigned> &wanted,
                                 const fs::path &cpuDir)
{
    if (wanted.empty()) {
        std::vector<unsigned> all;
        for (const auto &cpu : state.cpus)
            all.push_back(cpu.cpu);
        return all;
    }
    std::vector<unsigned> cpus = wanted;
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    for (const unsigned cpu : cpus) {
        if (!state.findCpu(cpu)) {
            throw CipherError("cpu" + std::to_string(cpu) + " has no cpufreq directory under " +
                              cpuDir.string() + "; CPUs with cpufreq: " + cpuList(state));
        }
    }
    return cpus;
}

void checkGovernorAvailable(const CpuFrequencyState &cpu, const std::string &governor)
{
    const auto &available = cpu.availableGovernors;
    if (std::find(available.begin(), available.end(), governor) == available.end()) {
        throw CipherError("governor \"" + governor + "\" is not available on cpu" +
                          std::to_string(cpu.cpu) + "; available: " + joinWords(available));
    }
}

// Checks a journal against the CPUs and hardware ranges present now. The upper bound is skipped
// while turbo is about to change: intel_pstate lowers cpuinfo_max_freq while turbo is off, so
// the journal's (turbo) maximum is only checkable after turbo is back on.
std::optional<std::string> checkJournal(const Journal &journal, const GovernorState &state,
                                        bool checkUpperBound)
{
    if (journal.turbo && journal.turbo->control != state.turbo.control) {
        return "turbo control \"" + std::string(turboControlName(journal.turbo->control)) +
               "\" is not present here";
    }
    for (const auto &[number, entry] : journal.cpus) {
        const std::string name = "cpu" + std::to_string(number);
        const CpuFrequencyState *cpu = state.findCpu(number);
        if (!cpu)
            return name + " has no cpufreq here";
        const auto &available = cpu->availableGovernors;
        if (std::find(available.begin(), available.end(), entry.governor) == available.end())
            return name + " governor \"" + entry.governor + "\" is not available here";
        for (const std::uint64_t kHz : {entry.minKHz, entry.maxKHz}) {
            if (kHz < cpu->hwMinKHz || (checkUpperBound && kHz > cpu->hwMaxKHz)) {
                return name + " frequency " + std::to_string(kHz) +
                       " kHz is outside the hardware range " + std::to_string(cpu->hwMinKHz) +
                       ".." + std::to_string(cpu->hwMaxKHz) + " kHz";
            }
        }
    }
    return std::nullopt;
}

void compareKHz(std::vector<std::string> &mismatches, const CpuFrequencyState &cpu,
                std::string_view file, std::uint64_t actual, std::uint64_t expected)
{
    if (actual != expected) {
        mismatches.push_back("cpu" + std::to_string(cpu.cpu) + ": " + std::string(file) + " is " +
                             std::to_string(actual) + " kHz, not " + std::to_string(expected) +
                             " kHz");
    }
}

void compareGovernor(std::vector<std::string> &mismatches, const CpuFrequencyState &cpu,
                     const std::string &expected)
{
    if (cpu.governor != expected) {
        mismatches.push_back("cpu" + std::to_string(cpu.cpu) + ": governor is \"" + cpu.governor +
                             "\", not \"" + expected + "\"");
    }
}

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
JournalUpdate recordJournal(const fs::path &file, const GovernorState &before,
                            const std::vector<unsigned> &targets)
{
    JournalUpdate update;
    std::error_code ec;
    update.existed = fs::exists(file, ec);
    update.changed = !update.existed;
    Journal journal;
    if (update.existed) {
        if (const int error = readFile(file, update.previousText); error != 0)
            throw CipherError("cannot read " + file.string() + ": " + errnoText(error));
        journal = parseJournal(update.previousText, file);
        const bool turboChanged = journal.turbo && journal.turbo->enabled != before.turbo.enabled;
        if (auto reason = checkJournal(journal, before, !turboChanged))
            throw CipherError(invalidJournal(file, *reason));
    }
    if (before.turbo.present() && !journal.turbo) {
        journal.turbo = JournalTurbo{before.turbo.control, before.turbo.enabled};
        update.changed = true;
    }
    for (const unsigned number : targets) {
        if (journal.cpus.contains(number))
            continue;
        const CpuFrequencyState &cpu = *before.findCpu(number);
        journal.cpus[number] = {cpu.governor, cpu.minKHz, cpu.maxKHz};
        update.changed = true;
    }
    if (update.changed)
        writeJournal(file, serializeJournal(journal));
    return update;
}

// Puts back what a failed pin wrote and its journal; returns the message to throw. The journal
// stays when a setting could not be put back, so `governor restore` can finish the job.
std::string undoPin(SysfsWriter &writer, const JournalUpdate &journal, const fs::path &file,
                    std::string message)
{
    const std::vector<std::string> failures = writer.rollBack();
    if (!failures.empty()) {
        return message + "; putting back the previous settings also failed (" +
               joinWords(failures) + "), so the journal " + file.string() +
               " was kept: run `sudo cipherwatt-bench governor restore`";
    }
    if (!journal.existed && ::unlink(file.c_str()) != 0) {
        message += "; cannot remove " + file.string() + ": " + errnoText(errno);
    } else if (journal.existed && journal.changed) {
        writeJournal(file, journal.previousText);
    }
    return message;
}

std::vector<std::string> pinMismatches(const GovernorState &applied, const PinOptions &options,
                                       const std::vector<unsigned> &targets,
                                       const std::map<unsigned, std::uint64_t> &fixedKHz)
{
    std::vector<std::string> mismatches;
    for (const unsigned number : targets) {
        const CpuFrequencyState *cpu = applied.findCpu(number);
        if (!cpu) {
            mismatches.push_back("cpu" + std::to_string(number) + ": cpufreq disappeared");
            continue;
        }
        compareGovernor(mismatches, *cpu, options.governor);
        if (const auto fixed = fixedKHz.find(number); fixed != fixedKHz.end()) {
            compareKHz(mismatches, *cpu, minFile, cpu->minKHz, fixed->second);
            compareKHz(mismatches, *cpu, maxFile, cpu->maxKHz, fixed->second);
        }
    }
    if (options.disableTurbo && !applied.turbo.present()) {
        mismatches.emplace_back(
            "turbo: no intel_pstate/no_turbo or cpufreq/boost file, so it was left alone");
    } else if (options.disableTurbo && applied.turbo.enabled) {
        mismatches.push_back("turbo: still on after writing " + applied.turbo.file.string());
    }
    return mismatches;
}

std::string formatMHz(std::uint64_t kHz)
{
    const std::uint64_t tenths = (kHz + 50) / 100;
    std::string text = std::to_string(tenths / 10);
    if (tenths % 10 != 0)
        text += '.' + std::to_string(tenths % 10);
    return text;
}

std::string padLeft(const std::string &text, std::size_t width)
{
    return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

std::string padRight(const std::string &text, std::size_t width)
{
    return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

std::string describeTurbo(const TurboState &turbo)
{
    if (!turbo.present())
        return "turbo: no control (no intel_pstate/no_turbo or cpufreq/boost)";
    return std::string("turbo: ") + (turbo.enabled ? "on" : "off") + " (" +
           std::string(turboFileName(turbo.control)) + ")";
}

std::string formatMismatches(const std::vector<std::string> &mismatches)
{
    std::string text;
    for (const auto &mismatch : mismatches)
        text += "not applied: " + mismatch + '\n';
    return text;
}

} // namespace

const CpuFrequencyState *GovernorState::findCpu(unsigned cpu) const
{
    const auto found =
        std::find_if(cpus.begin(), cpus.end(),
                     [cpu](const CpuFrequencyState &state) { return state.cpu == cpu; });
    return found == cpus.end() ? nullptr : &*found;
}

fs::path defaultJournalPath(const fs::path &sysfsRoot)
{
    const fs::path root = sysfsRoot.empty() ? fs::path("/") : sysfsRoot.lexically_normal();
    if (root == "/")
        return "/run/cipherwatt/governor-journal";
    return root / "cipherwatt-governor-journal";
}

Governor::Governor(fs::path sysfsRoot, fs::path journalPath)
    : m_root(sysfsRoot.empty() ? fs::path("/") : std::move(sysfsRoot))
    , m_journalPath(journalPath.empty() ? defaultJournalPath(m_root) : std::move(journalPath))
{}

fs::path Governor::cpuDir() const
{
    return m_root / "sys/devices/system/cpu";
}

bool Governor::hasJournal() const
{
    std::error_code ec;
    return fs::exists(m_journalPath, ec);
}

GovernorState Governor::read() const
{
    GovernorState state;
    for (const auto &[number, dir] : numberedCpuDirs(cpuDir())) {
        const fs::path cpufreq = dir / "cpufreq";
        std::error_code ec;
        if (!fs::is_directory(cpufreq, ec))
            continue;
        CpuFrequencyState cpu;
        cpu.cpu = number;
        cpu.governor = readText(cpufreq / governorFile);
        cpu.availableGovernors = splitWords(readText(cpufreq / "scaling_available_governors"));
        cpu.minKHz = readKHz(cpufreq / minFile);
        cpu.maxKHz = readKHz(cpufreq / maxFile);
        cpu.hwMinKHz = readKHz(cpufreq / "cpuinfo_min_freq");
        cpu.hwMaxKHz = readKHz(cpufreq / "cpuinfo_max_freq");
        // Some drivers (and offline policies) have no scaling_cur_freq; 0 shows as unknown.
        if (fs::exists(cpufreq / "scaling_cur_freq", ec))
            cpu.curKHz = readKHz(cpufreq / "scaling_cur_freq");
        state.cpus.push_back(std::move(cpu));
    }
    for (const TurboControl control :
         {TurboControl::IntelPstateNoTurbo, TurboControl::CpufreqBoost}) {
        const fs::path file = cpuDir() / turboFileName(control);
        std::error_code ec;
        if (!fs::exists(file, ec))
            continue;
        const std::string value = readText(file);
        if (value != "0" && value != "1") {
            throw CipherError("cannot read " + file.string() + ": \"" + value +
                              "\" is neither 0 nor 1");
        }
        state.turbo = {control, file, value == turboValue(control, true)};
        break;
    }
    return state;
}

PinResult Governor::pin(const PinOptions &options)
{
    if (!isGovernorName(options.governor))
        throw CipherError("\"" + options.governor + "\" is not a governor name");
    const GovernorState before = read();
    if (before.empty()) {
        throw CipherError("no CPU under " + cpuDir().string() +
                          " has a cpufreq directory: this kernel offers no frequency scaling "
                          "(a virtual machine or container?), so there is nothing to pin");
    }
    const std::vector<unsigned> targets = selectCpus(before, options.cpus, cpuDir());
    for (const unsigned cpu : targets)
        checkGovernorAvailable(*before.findCpu(cpu), options.governor);

    const JournalUpdate journal = recordJournal(m_journalPath, before, targets);
    SysfsWriter writer(pinHint);
    std::map<unsigned, std::uint64_t> fixedKHz;
    try {
        if (options.disableTurbo && before.turbo.present())
            writer.write(before.turbo.file, turboValue(before.turbo.control, false));
        // With turbo off, intel_pstate lowers cpuinfo_max_freq: fix at the new maximum.
        const GovernorState current = options.disableTurbo ? read() : before;
        for (const unsigned number : targets) {
            const CpuFrequencyState *cpu = current.findCpu(number);
            if (!cpu)
                throw CipherError("cpu" + std::to_string(number) + " lost cpufreq while pinning");
            const fs::path cpufreq = cpuDir() / ("cpu" + std::to_string(number)) / "cpufreq";
            writer.write(cpufreq / governorFile, options.governor);
            if (options.fixFrequency) {
                writeFrequencyRange(writer, cpufreq, *cpu, cpu->hwMaxKHz, cpu->hwMaxKHz);
                fixedKHz[number] = cpu->hwMaxKHz;
            }
        }
    } catch (const CipherError &error) {
        throw CipherError(undoPin(writer, journal, m_journalPath, error.what()));
    }

    PinResult result;
    result.applied = read();
    result.journalCreated = !journal.existed;
    result.journalPath = m_journalPath;
    result.mismatches = pinMismatches(result.applied, options, targets, fixedKHz);
    return result;
}

RestoreResult Governor::restore()
{
    RestoreResult result;
    result.journalPath = m_journalPath;
    if (!hasJournal())
        return result;

    const Journal journal = parseJournal(readText(m_journalPath), m_journalPath);
    const GovernorState before = read();
    const bool turboChanges = journal.turbo && journal.turbo->enabled != before.turbo.enabled;
    if (auto reason = checkJournal(journal, before, !turboChanges))
        throw CipherError(invalidJournal(m_journalPath, *reason));

    // A failed write leaves the journal in place, so restore can simply be run again.
    SysfsWriter writer(restoreHint);
    if (journal.turbo)
        writer.write(before.turbo.file, turboValue(journal.turbo->control, journal.turbo->enabled));
    const GovernorState current = turboChanges ? read() : before;
    if (auto reason = checkJournal(journal, current, true)) {
        throw CipherError("governor journal " + m_journalPath.string() + " is invalid (" + *reason +
                          "); only turbo was restored: restore the rest by hand");
    }
    for (const auto &[number, entry] : journal.cpus) {
        const fs::path cpufreq = cpuDir() / ("cpu" + std::to_string(number)) / "cpufreq";
        writer.write(cpufreq / governorFile, entry.governor);
        writeFrequencyRange(writer, cpufreq, *current.findCpu(number), entry.minKHz, entry.maxKHz);
    }

    result.state = read();
    result.restored = true;
    result.turboRestored = journal.turbo.has_value();
    for (const auto &[number, entry] : journal.cpus) {
        result.cpus.push_back(number);
        const CpuFrequencyState *cpu = result.state.findCpu(number);
        if (!cpu)
            continue; // checkJournal saw it a moment ago; a hot-unplug is no restore failure
        compareGovernor(result.mismatches, *cpu, entry.governor);
        compareKHz(result.mismatches, *cpu, minFile, cpu->minKHz, entry.minKHz);
        compareKHz(result.mismatches, *cpu, maxFile, cpu->maxKHz, entry.maxKHz);
    }
    if (journal.turbo && result.state.turbo.enabled != journal.turbo->enabled) {
        result.mismatches.push_back("turbo: " + result.state.turbo.file.string() +
                                    " did not take the journal's value");
    }
    removeJournal(m_journalPath);
    return result;
}

std::string formatGovernorState(const GovernorState &state)
{
    if (state.empty()) {
        return "no cpufreq: this kernel offers no CPU frequency scaling\n" +
               describeTurbo(state.turbo) + '\n';
    }
    std::size_t governorWidth = 8;
    for (const auto &cpu : state.cpus)
        governorWidth = std::max(governorWidth, cpu.governor.size());
    std::string text = padLeft("cpu", 4) + "  " + padRight("governor", governorWidth) +
                       "  min MHz  max MHz  cur MHz  hardware MHz\n";
    for (const auto &cpu : state.cpus) {
        text += padLeft(std::to_string(cpu.cpu), 4) + "  " + padRight(cpu.governor, governorWidth) +
                "  " + padLeft(formatMHz(cpu.minKHz), 7) + "  " +
                padLeft(formatMHz(cpu.maxKHz), 7) + "  " +
                padLeft(cpu.curKHz == 0 ? "?" : formatMHz(cpu.curKHz), 7) + "  " +
                formatMHz(cpu.hwMinKHz) + "-" + formatMHz(cpu.hwMaxKHz) + '\n';
    }
    text += describeTurbo(state.turbo) + '\n';
    const auto &first = state.cpus.front().availableGovernors;
    const bool allSame =
        std::all_of(state.cpus.begin(), state.cpus.end(),
                    [&first](const auto &cpu) { return cpu.availableGovernors == first; });
    if (allSame) {
        text += "available governors: " + joinWords(first) + '\n';
    } else {
        for (const auto &cpu : state.cpus) {
            text += "available governors on cpu" + std::to_string(cpu.cpu) + ": " +
                    joinWords(cpu.availableGovernors) + '\n';
        }
    }
    return text;
}

std::string formatPinResult(const PinResult &result)
{
    std::string text = formatGovernorState(result.applied);
    text += result.journalCreated
                ? "previous settings saved in " + result.journalPath.string() + '\n'
                : "kept the earlier journal " + result.journalPath.string() +
                      " (it holds the settings from before the first pin)\n";
    return text + formatMismatches(result.mismatches);
}

std::string formatRestoreResult(const RestoreResult &result)
{
    if (!result.restored)
        return "nothing to restore (no journal at " + result.journalPath.string() + ")\n";
    std::string cpus;
    for (const unsigned cpu : result.cpus)
        cpus += (cpus.empty() ? "" : " ") + std::to_string(cpu);
    std::string text = "restored from " + result.journalPath.string() + ": cpu " + cpus +
                       (result.turboRestored ? " and turbo" : "") + '\n';
    return text + formatGovernorState(result.state) + formatMismatches(result.mismatches);
}

} // namespace cipherwatt::ciphers
