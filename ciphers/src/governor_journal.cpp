#include "governor_journal.h"

#include "text_io.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <fcntl.h>
#include <set>
#include <system_error>
#include <unistd.h>

namespace cipherwatt::ciphers::detail {

namespace fs = std::filesystem;

namespace {

std::string journalFailure(const fs::path &file, int error)
{
    std::string message = "cannot write " + file.string() + ": " + errnoText(error);
    return isPermissionError(error) ? message + "; " + std::string(pinHint) : message;
}

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

} // namespace

bool isPermissionError(int error)
{
    return error == EACCES || error == EPERM || error == EROFS;
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

bool isGovernorName(std::string_view name)
{
    return !name.empty() && name.size() < 16 && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
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

std::string invalidJournal(const fs::path &file, const std::string &reason)
{
    return "governor journal " + file.string() + " is invalid (" + reason +
           "); nothing was written: inspect it, restore the settings by hand and delete it";
}

Journal parseJournal(const std::string &text, const fs::path &file)
{
    Journal journal;
    if (auto reason = parseJournalLines(text, journal))
        throw CipherError(invalidJournal(file, *reason));
    return journal;
}

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

} // namespace cipherwatt::ciphers::detail
