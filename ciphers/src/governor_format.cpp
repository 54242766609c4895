// The text `cipherwatt-bench governor` prints: the cpufreq table, and what pin and restore did.

#include "governor_journal.h"
#include "text_io.h"

#include <cipherwatt/ciphers/governor.h>

#include <algorithm>

namespace cipherwatt::ciphers {

using detail::joinWords;
using detail::turboFileName;

namespace {

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
    // The table a frequency sweep's levels must come from (PinOptions::frequencyKHz).
    const auto &table = state.cpus.front().availableKHz;
    const bool sameTable =
        std::all_of(state.cpus.begin(), state.cpus.end(),
                    [&table](const auto &cpu) { return cpu.availableKHz == table; });
    for (const auto &cpu : state.cpus) {
        if (cpu.availableKHz.empty())
            continue;
        std::string list;
        for (const std::uint64_t kHz : cpu.availableKHz)
            list += (list.empty() ? "" : " ") + formatMHz(kHz);
        text += (sameTable ? std::string("available frequencies")
                           : "available frequencies on cpu" + std::to_string(cpu.cpu)) +
                ": " + list + " MHz\n";
        if (sameTable)
            break;
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
