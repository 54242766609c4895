#include "governor_journal.h"
#include "text_io.h"

#include <cipherwatt/ciphers/governor.h>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <map>
#include <optional>
#include <string_view>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace cipherwatt::ciphers {

namespace fs = std::filesystem;

using namespace detail;

namespace {

// The only files this module ever writes, apart from its journal and the turbo switch.
constexpr std::string_view governorFile = "scaling_governor";
constexpr std::string_view minFile = "scaling_min_freq";
constexpr std::string_view maxFile = "scaling_max_freq";
constexpr std::string_view setspeedFile = "scaling_setspeed"; // the userspace governor's
constexpr std::string_view userspaceGovernor = "userspace";

// Root may run this for another user (pkexec, sudo): whatever the options, a write must land on
// one of the files above in a cpu<N>/cpufreq directory, or on the global turbo switch.
bool isWritableFile(const fs::path &cpuDir, const fs::path &file)
{
    const fs::path parent = file.parent_path();
    const std::string name = file.filename().string();
    if (parent.parent_path().parent_path() == cpuDir && parent.filename() == "cpufreq") {
        const std::string cpu = parent.parent_path().filename().string();
        return cpu.size() > 3 && cpu.compare(0, 3, "cpu") == 0 &&
               parseUnsigned(std::string_view(cpu).substr(3)).has_value() &&
               (name == governorFile || name == minFile || name == maxFile || name == setspeedFile);
    }
    return file == cpuDir / turboFileName(TurboControl::IntelPstateNoTurbo) ||
           file == cpuDir / turboFileName(TurboControl::CpufreqBoost);
}

std::string readText(const fs::path &file)
{
    std::string text;
    if (const int error = readFile(file, text); error != 0)
        throw CipherError("cannot read " + file.string() + ": " + errnoText(error));
    return std::string(trim(text));
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

std::string writeFailure(const fs::path &file, int error, std::string_view hint,
                         std::string_view value)
{
    std::string message = "cannot write " + file.string() + ": " + errnoText(error);
    if (isPermissionError(error))
        return message + "; " + std::string(hint);
    return message + " (the kernel refused \"" + std::string(value) + "\")";
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

// no_turbo is inverted: 1 means turbo off.
std::string turboValue(TurboControl control, bool enabled)
{
    const bool one = control == TurboControl::IntelPstateNoTurbo ? !enabled : enabled;
    return one ? "1" : "0";
}

// ---- Writing with an undo log ----------------------------------------------------------------

class SysfsWriter
{
public:
    SysfsWriter(fs::path cpuDir, std::string_view hint)
        : m_cpuDir(std::move(cpuDir))
        , m_hint(hint)
    {}

    // Skips a value the file already holds: fewer writes, fewer chances for the kernel to object.
    void write(const fs::path &file, const std::string &value)
    {
        if (!isWritableFile(m_cpuDir, file))
            throw CipherError("refusing to write " + file.string() + ": not a cpufreq file");
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

    fs::path m_cpuDir;
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

// The kernel keeps scaling_min/max_freq within cpuinfo_min/max_freq: outside it a value would
// be clamped, so it is refused instead.
void checkHardwareRange(const CpuFrequencyState &cpu, std::uint64_t kHz)
{
    if (kHz < cpu.hwMinKHz || kHz > cpu.hwMaxKHz) {
        throw CipherError("cpu" + std::to_string(cpu.cpu) + ": " + std::to_string(kHz) +
                          " kHz is outside the hardware range " + std::to_string(cpu.hwMinKHz) +
                          ".." + std::to_string(cpu.hwMaxKHz) +
                          " kHz (cpuinfo_min_freq..cpuinfo_max_freq)");
    }
    // A frequency between two of the driver's table would be rounded to one of them (the
    // policy's limits stay as written, so a read-back would not show it).
    if (!cpu.availableKHz.empty() && std::find(cpu.availableKHz.begin(), cpu.availableKHz.end(),
                                               kHz) == cpu.availableKHz.end()) {
        std::string table;
        for (const std::uint64_t f : cpu.availableKHz)
            table += (table.empty() ? "" : " ") + std::to_string(f);
        throw CipherError("cpu" + std::to_string(cpu.cpu) + ": " + std::to_string(kHz) +
                          " kHz is not one of its available frequencies (" + table +
                          " kHz, scaling_available_frequencies)");
    }
}

void checkGovernorAvailable(const CpuFrequencyState &cpu, const std::string &governor)
{
    const auto &available = cpu.availableGovernors;
    if (std::find(available.begin(), available.end(), governor) == available.end()) {
        throw CipherError("governor \"" + governor + "\" is not available on cpu" +
                          std::to_string(cpu.cpu) + "; available: " + joinWords(available));
    }
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

struct CpuList
{
    std::string text;
    std::vector<unsigned> cpus;
};

std::optional<CpuList> readPresent(const fs::path &cpuDir)
{
    const fs::path file = cpuDir / "present";
    std::error_code ec;
    if (!fs::exists(file, ec))
        return std::nullopt;
    CpuList list{readText(file), {}};
    auto cpus = parseCpuList(list.text);
    if (!cpus)
        throw CipherError("cannot read " + file.string() + ": \"" + list.text +
                          "\" is not a CPU list");
    list.cpus = std::move(*cpus);
    return list;
}

// Before anything is read or written: a CPU number the kernel does not know is a mistake in the
// request, whatever cpufreq offers.
void checkPresent(const fs::path &cpuDir, const std::vector<unsigned> &wanted)
{
    if (wanted.empty())
        return;
    const auto present = readPresent(cpuDir);
    if (!present)
        return;
    for (const unsigned cpu : wanted) {
        if (!std::binary_search(present->cpus.begin(), present->cpus.end(), cpu)) {
            throw CipherError("cpu" + std::to_string(cpu) +
                              " is not present (present CPUs: " + present->text + ")");
        }
    }
}

void checkPinOptions(const PinOptions &options)
{
    if (!isGovernorName(options.governor))
        throw CipherError("\"" + options.governor + "\" is not a governor name");
    if (options.fixFrequency && options.frequencyKHz) {
        throw CipherError("fixing at the maximum frequency and at " +
                          std::to_string(*options.frequencyKHz) + " kHz exclude each other");
    }
}

} // namespace

const std::vector<std::string> &documentedGovernors()
{
    static const std::vector<std::string> names{"performance", "powersave",    "userspace",
                                                "ondemand",    "conservative", "schedutil"};
    return names;
}

bool isDocumentedGovernor(std::string_view name)
{
    const auto &names = documentedGovernors();
    return std::find(names.begin(), names.end(), name) != names.end();
}

std::optional<std::vector<unsigned>> parseCpuList(std::string_view text)
{
    constexpr std::uint64_t maxCpu = 65535;
    std::vector<unsigned> cpus;
    text = trim(text);
    if (text.empty())
        return std::nullopt;
    while (!text.empty()) {
        const auto comma = text.find(',');
        const std::string_view item = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        if (comma != std::string_view::npos && text.empty())
            return std::nullopt; // a trailing comma
        const auto dash = item.find('-');
        const auto first = parseUnsigned(item.substr(0, dash));
        const auto last =
            dash == std::string_view::npos ? first : parseUnsigned(item.substr(dash + 1));
        if (!first || !last || *first > *last || *last > maxCpu)
            return std::nullopt;
        for (std::uint64_t cpu = *first; cpu <= *last; ++cpu)
            cpus.push_back(static_cast<unsigned>(cpu));
    }
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    return cpus;
}

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

std::optional<std::vector<unsigned>> Governor::presentCpus() const
{
    auto present = readPresent(cpuDir());
    if (!present)
        return std::nullopt;
    return std::move(present->cpus);
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
        if (fs::exists(cpufreq / "scaling_available_frequencies", ec)) {
            const fs::path table = cpufreq / "scaling_available_frequencies";
            for (const std::string &word : splitWords(readText(table))) {
                const auto value = parseUnsigned(word);
                if (!value) {
                    throw CipherError("cannot read " + table.string() + ": \"" + word +
                                      "\" is not a frequency in kHz");
                }
                cpu.availableKHz.push_back(*value);
            }
            std::sort(cpu.availableKHz.begin(), cpu.availableKHz.end());
        }
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
    checkPinOptions(options);
    checkPresent(cpuDir(), options.cpus);
    const GovernorState before = read();
    if (before.empty()) {
        throw CipherError("no CPU under " + cpuDir().string() +
                          " has a cpufreq directory: this kernel offers no frequency scaling "
                          "(a virtual machine or container?), so there is nothing to pin");
    }
    const std::vector<unsigned> targets = selectCpus(before, options.cpus, cpuDir());
    const bool setspeed = options.frequencyKHz && options.governor == userspaceGovernor;
    for (const unsigned number : targets) {
        const CpuFrequencyState &cpu = *before.findCpu(number);
        checkGovernorAvailable(cpu, options.governor);
        if (options.frequencyKHz)
            checkHardwareRange(cpu, *options.frequencyKHz);
        const fs::path file =
            cpuDir() / ("cpu" + std::to_string(number)) / "cpufreq" / std::string(setspeedFile);
        std::error_code ec;
        if (setspeed && !fs::exists(file, ec))
            throw CipherError("cannot set a frequency: " + file.string() + " does not exist");
    }

    const JournalUpdate journal = recordJournal(m_journalPath, before, targets);
    SysfsWriter writer(cpuDir(), pinHint);
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
            } else if (options.frequencyKHz) {
                // Checked above, and again: turbo off may have lowered cpuinfo_max_freq.
                checkHardwareRange(*cpu, *options.frequencyKHz);
                writeFrequencyRange(writer, cpufreq, *cpu, *options.frequencyKHz,
                                    *options.frequencyKHz);
                if (setspeed)
                    writer.write(cpufreq / setspeedFile, std::to_string(*options.frequencyKHz));
                fixedKHz[number] = *options.frequencyKHz;
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
    SysfsWriter writer(cpuDir(), restoreHint);
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

} // namespace cipherwatt::ciphers
