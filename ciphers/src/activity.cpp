#include "text_io.h"

#include <cipherwatt/ciphers/activity.h>
#include <cipherwatt/ciphers/types.h>

#include <charconv>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

namespace cipherwatt::ciphers {

namespace {

std::string readOrThrow(const std::filesystem::path &file)
{
    std::string text;
    if (const int error = detail::readFile(file, text); error != 0)
        throw CipherError("activity: cannot read " + file.string() + ": " +
                          detail::errnoText(error));
    return text;
}

std::uint64_t number(std::string_view word, const std::filesystem::path &file)
{
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (ec != std::errc() || end != word.data() + word.size())
        throw CipherError("activity: " + file.string() + ": '" + std::string(word) +
                          "' is not a count");
    return value;
}

// The aggregate "cpu" line: user nice system idle iowait irq softirq steal guest guest_nice
// (proc(5)). Kernels before 2.6.11 stop earlier; the four first fields are always there.
void readStat(const std::filesystem::path &file, CpuActivity &out)
{
    const std::string text = readOrThrow(file);
    bool aggregate = false;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        const std::vector<std::string> words =
            detail::splitWords(std::string_view(text).substr(start, end - start));
        start = end + 1;
        if (words.empty() || words[0].rfind("cpu", 0) != 0)
            continue;
        if (words[0] != "cpu") {
            ++out.cpus; // cpu0, cpu1, ...: one line per online core
            continue;
        }
        if (words.size() < 5)
            throw CipherError("activity: " + file.string() +
                              ": the cpu line has fewer than four counts");
        std::uint64_t field[8] = {};
        for (std::size_t i = 0; i < 8 && i + 1 < words.size(); ++i)
            field[i] = number(words[i + 1], file);
        const std::uint64_t user = field[0], nice = field[1], system = field[2], idle = field[3],
                            iowait = field[4], irq = field[5], softirq = field[6], steal = field[7];
        out.busyTicks = user + nice + system + irq + softirq + steal;
        out.totalTicks = out.busyTicks + idle + iowait;
        aggregate = true;
    }
    if (!aggregate)
        throw CipherError("activity: " + file.string() + " has no cpu line");
    if (out.cpus == 0)
        throw CipherError("activity: " + file.string() + " has no cpuN lines");
}

// /proc/self/stat: after "pid (comm) " come state (0), ppid (1), ... utime (11), stime (12),
// cutime (13), cstime (14). utime and stime cover every thread, those that have ended too,
// which the per-thread schedstat files under task/ do not (a run's thread ends with its run);
// cutime and cstime are the external programs the worker ran and waited for.
std::uint64_t readOwn(const std::filesystem::path &file)
{
    const std::string text = readOrThrow(file);
    const std::size_t close = text.rfind(')');
    if (close == std::string::npos)
        throw CipherError("activity: " + file.string() + ": no '(comm)' field");
    const std::vector<std::string> fields =
        detail::splitWords(std::string_view(text).substr(close + 1));
    if (fields.size() < 15)
        throw CipherError("activity: " + file.string() + ": fewer fields than utime..cstime");
    std::uint64_t ticks = 0;
    for (std::size_t i = 11; i <= 14; ++i)
        ticks += number(fields[i], file);
    return ticks;
}

} // namespace

CpuActivity readCpuActivity(const std::filesystem::path &procRoot)
{
    CpuActivity out;
    const long hz = ::sysconf(_SC_CLK_TCK);
    if (hz <= 0)
        throw CipherError("activity: the clock tick rate (_SC_CLK_TCK) is unknown");
    out.ticksPerSecond = static_cast<std::uint64_t>(hz);
    readStat(procRoot / "stat", out);
    out.ownTicks = readOwn(procRoot / "self" / "stat");
    return out;
}

} // namespace cipherwatt::ciphers
