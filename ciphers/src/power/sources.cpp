// Finding the power sources of a DUT, opening one by its resource string, and sampling it.

#include <cipherwatt/ciphers/power_sources.h>
#include <cipherwatt/ciphers/types.h>

#include <algorithm>
#include <chrono>
#include <thread>

namespace cipherwatt::ciphers {

namespace {

// How long the sampler sleeps at most before looking at `stop` again.
constexpr std::chrono::milliseconds kStopPoll{50};

std::string joined(const std::vector<std::string> &names)
{
    std::string out;
    for (const std::string &n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out.empty() ? std::string("none") : out;
}

std::unique_ptr<PowerSource> openRapl(const std::filesystem::path &root,
                                      const std::string &resource, const std::string &zone)
{
    const auto zones = RaplZone::zones(root);
    std::vector<std::string> names;
    for (const auto &[name, dir] : zones) {
        if (name == zone)
            return std::make_unique<RaplZone>(root, dir);
        names.push_back(name);
    }
    // Not a full name: a subzone's own name ("core") or a package without its number
    // ("package"), when exactly one zone fits.
    std::vector<std::pair<std::string, std::string>> fits;
    for (const auto &[name, dir] : zones) {
        const auto slash = name.rfind('/');
        const std::string own = slash == std::string::npos ? name : name.substr(slash + 1);
        const bool package = slash == std::string::npos && name.rfind(zone + "-", 0) == 0;
        if (own == zone || package)
            fits.emplace_back(name, dir);
    }
    if (fits.size() == 1)
        return std::make_unique<RaplZone>(root, fits.front().second);
    if (fits.size() > 1) {
        std::vector<std::string> which;
        for (const auto &f : fits)
            which.push_back("rapl:" + f.first);
        throw CipherError(resource + ": more than one RAPL zone fits (" + joined(which) +
                          "): name one");
    }
    throw CipherError(resource + ": no RAPL zone of that name (zones here: " + joined(names) + ")");
}

std::unique_ptr<PowerSource> openBattery(const std::filesystem::path &root,
                                         const std::string &resource, const std::string &name)
{
    std::string chosen = name;
    if (chosen.empty()) {
        std::vector<std::string> names;
        for (const PowerSourceInfo &info : Battery::list(root))
            names.push_back(info.resource);
        if (names.size() != 1)
            throw CipherError(resource + ": " +
                              (names.empty()
                                   ? std::string("no battery here")
                                   : "more than one battery (" + joined(names) + "): name one"));
        chosen = names.front().substr(std::string("battery:").size());
    }
    auto battery = std::make_unique<Battery>(root, chosen);
    battery->requireDischarging();
    return battery;
}

} // namespace

double powerClockSeconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

std::vector<PowerSourceInfo> findPowerSources(const std::filesystem::path &sysfsRoot)
{
    std::vector<PowerSourceInfo> out = RaplZone::list(sysfsRoot);
    for (auto &info : Battery::list(sysfsRoot))
        out.push_back(std::move(info));
    for (auto &info : HwmonSensor::list(sysfsRoot))
        out.push_back(std::move(info));
    return out;
}

std::unique_ptr<PowerSource> openPowerSource(const std::filesystem::path &sysfsRoot,
                                             std::string_view resource)
{
    const std::string text(resource);
    const auto colon = text.find(':');
    const std::string kind = text.substr(0, colon);
    const std::string rest = colon == std::string::npos ? std::string() : text.substr(colon + 1);
    if (kind == "rapl") {
        if (rest.empty())
            throw CipherError(text + ": name the zone, as in rapl:package-0");
        return openRapl(sysfsRoot, text, rest);
    }
    if (kind == "battery") {
        if (colon != std::string::npos && rest.empty())
            throw CipherError(text + ": name the battery after the colon, or leave it out");
        return openBattery(sysfsRoot, text, rest);
    }
    if (kind == "hwmon") {
        const auto slash = rest.find('/');
        if (slash == std::string::npos || slash == 0 || slash + 1 == rest.size())
            throw CipherError(text + ": must be hwmon:<sensor>/<label>");
        return std::make_unique<HwmonSensor>(sysfsRoot, rest.substr(0, slash),
                                             rest.substr(slash + 1));
    }
    throw CipherError("\"" + text.substr(0, 60) +
                      "\": not a power source (rapl:<zone>, battery[:<name>], "
                      "hwmon:<sensor>/<label>)");
}

std::uint64_t samplePowerSource(PowerSource &source, double interval, double seconds,
                                const std::function<void(const PowerReading &)> &sink,
                                const std::atomic<bool> *stop)
{
    if (!(interval > 0.0))
        throw CipherError("sampling interval must be above 0 s");
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const auto step =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(interval));
    const auto end = seconds > 0.0 ? start + std::chrono::duration_cast<Clock::duration>(
                                                 std::chrono::duration<double>(seconds))
                                   : Clock::time_point::max();
    std::uint64_t count = 0;
    auto next = start;
    for (;;) {
        if (stop && stop->load())
            break;
        if (auto reading = source.read()) {
            sink(*reading);
            ++count;
        }
        next += step;
        if (next > end)
            break;
        // On a schedule, not after each read: a slow read does not stretch the interval.
        while (Clock::now() < next) {
            if (stop && stop->load())
                return count;
            std::this_thread::sleep_until(std::min(next, Clock::now() + kStopPoll));
        }
    }
    return count;
}

} // namespace cipherwatt::ciphers
