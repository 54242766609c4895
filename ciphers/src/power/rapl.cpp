// RAPL zones through Linux powercap (Documentation/ABI/testing/sysfs-class-powercap; on AMD
// processors too since Linux 5.8). A zone `intel-rapl:N` is a package (its `name` is
// "package-N", or "psys"); `intel-rapl:N:M` is a subzone of it ("core", "uncore", "dram").

#include "files.h"

#include <cipherwatt/ciphers/power_sources.h>
#include <cipherwatt/ciphers/types.h>

#include <algorithm>

namespace cipherwatt::ciphers {

namespace {

const std::filesystem::path kPowercap = "sys/class/powercap";

// Since Linux 5.10 energy_uj is readable by root only: the counters leak what a cipher does
// with its key (PLATYPUS, CVE-2020-8694).
const char *const kRaplPrivilege =
    "energy_uj is readable only by root on current kernels (PLATYPUS, CVE-2020-8694): run the "
    "worker as root, read it through the governor's helper (serve --governor-helper), or let a "
    "group read it with a udev rule; CipherWatt does not widen access by itself";

bool isZone(const std::string &dir)
{
    // intel-rapl:0 and intel-rapl:0:1, not the control type `intel-rapl` itself, nor the MMIO
    // interface (intel-rapl-mmio:0), which repeats the package zone through another path.
    if (dir.rfind("intel-rapl:", 0) != 0)
        return false;
    const std::string rest = dir.substr(std::string("intel-rapl:").size());
    return !rest.empty() && std::all_of(rest.begin(), rest.end(),
                                        [](char c) { return c == ':' || (c >= '0' && c <= '9'); });
}

// "package-0", or "package-0/core" for a subzone: the parent's name first, since every package
// has its own "core".
std::string zoneName(const std::filesystem::path &zoneDir)
{
    const std::string dir = zoneDir.filename().string();
    const std::string own = power::readText(zoneDir / "name");
    const auto last = dir.rfind(':');
    const std::string parent = dir.substr(0, last);
    if (parent == "intel-rapl")
        return own;
    return power::readText(zoneDir.parent_path() / parent / "name") + "/" + own;
}

} // namespace

RaplZone::RaplZone(const std::filesystem::path &sysfsRoot, const std::string &zone)
{
    const std::filesystem::path dir = sysfsRoot / kPowercap / zone;
    m_zone = zone;
    m_energy = dir / "energy_uj";
    m_info.resource = "rapl:" + zoneName(dir);
    m_info.kind = "rapl";
    m_info.method = "energy_uj";
    m_info.unit = "uJ";
    m_info.files = {power::shown(sysfsRoot, m_energy),
                    power::shown(sysfsRoot, dir / "max_energy_range_uj")};
    m_range = power::readCount(dir / "max_energy_range_uj");
    if (m_range == 0)
        throw CipherError(dir.string() + "/max_energy_range_uj: a range of 0 µJ");
    m_info.readable = true;
}

std::uint64_t RaplZone::energyDelta(std::uint64_t previous, std::uint64_t current,
                                    std::uint64_t range)
{
    if (previous > range || current > range)
        throw CipherError("energy counter " + std::to_string(std::max(previous, current)) +
                          " µJ beyond its range of " + std::to_string(range) + " µJ");
    if (current >= previous)
        return current - previous;
    return (range - previous) + current;
}

bool RaplZone::counterReadable() const
{
    return power::canRead(m_energy);
}

void RaplZone::readThrough(CounterReader reader, const std::string &how)
{
    m_reader = std::move(reader);
    m_info.method = "energy_uj through " + how;
}

std::optional<PowerReading> RaplZone::read()
{
    const std::uint64_t energy = m_reader ? m_reader() : power::readCount(m_energy, kRaplPrivilege);
    const double now = powerClockSeconds();
    std::optional<PowerReading> out;
    if (m_last) {
        PowerReading r;
        r.seconds = now;
        r.spanSeconds = now - m_lastSeconds;
        r.wrapped = energy < *m_last;
        try {
            const std::uint64_t delta = energyDelta(*m_last, energy, m_range);
            if (r.spanSeconds > 0.0)
                r.watts = static_cast<double>(delta) * 1e-6 / r.spanSeconds;
        } catch (const CipherError &e) {
            throw CipherError(m_info.resource + ": " + m_energy.string() + ": " + e.what());
        }
        out = r;
    }
    m_last = energy;
    m_lastSeconds = now;
    return out;
}

std::vector<std::pair<std::string, std::string>>
RaplZone::zones(const std::filesystem::path &sysfsRoot)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto &dir : power::entries(sysfsRoot / kPowercap, "intel-rapl:")) {
        const std::string zone = dir.filename().string();
        if (!isZone(zone))
            continue;
        const auto own = power::readOptional(dir / "name");
        if (!own)
            continue;
        try {
            out.emplace_back(zoneName(dir), zone);
        } catch (const CipherError &) {
            continue; // a subzone whose parent has no name: not addressable
        }
    }
    return out;
}

std::vector<PowerSourceInfo> RaplZone::list(const std::filesystem::path &sysfsRoot)
{
    std::vector<PowerSourceInfo> out;
    for (const auto &dir : power::entries(sysfsRoot / kPowercap, "intel-rapl:")) {
        const std::string zone = dir.filename().string();
        if (!isZone(zone))
            continue;
        PowerSourceInfo info;
        try {
            info = RaplZone(sysfsRoot, zone).info();
        } catch (const CipherError &e) {
            info.resource = "rapl:" + zone;
            info.kind = "rapl";
            info.method = "energy_uj";
            info.unit = "uJ";
            info.problem = e.what();
            out.push_back(std::move(info));
            continue;
        }
        const std::string problem = power::readProblem(dir / "energy_uj");
        if (!problem.empty()) {
            info.readable = false;
            info.problem = "cannot read " + (dir / "energy_uj").string() + ": " + problem + " (" +
                           kRaplPrivilege + ")";
        }
        out.push_back(std::move(info));
    }
    return out;
}

} // namespace cipherwatt::ciphers
