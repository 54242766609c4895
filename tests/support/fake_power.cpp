#include "fake_power.h"

#include <fstream>

namespace cipherwatt::test {

namespace fs = std::filesystem;

namespace {

const std::string kRaplDevices = "sys/devices/virtual/powercap/intel-rapl";

// "intel-rapl:0:1" lives in "intel-rapl:0".
std::string raplDir(const std::string &zone)
{
    const auto last = zone.rfind(':');
    const std::string parent = zone.substr(0, last);
    if (parent == "intel-rapl")
        return kRaplDevices + "/" + zone;
    return kRaplDevices + "/" + parent + "/" + zone;
}

} // namespace

FakePowerTree::FakePowerTree()
    : m_tree({}, FakeTurbo::None)
{}

void FakePowerTree::write(const std::string &relative, const std::string &value) const
{
    const fs::path file = root() / relative;
    for (fs::path dir = file.parent_path(); dir != root(); dir = dir.parent_path()) {
        fs::create_directories(dir);
        fs::permissions(dir, fs::perms(0755));
    }
    const fs::path temporary = file.parent_path() / ("." + file.filename().string() + ".new");
    std::ofstream(temporary) << value << '\n';
    fs::permissions(temporary, fs::perms(0644));
    fs::rename(temporary, file);
}

void FakePowerTree::addRaplZone(const std::string &zone, const std::string &name,
                                std::uint64_t range)
{
    const std::string dir = raplDir(zone);
    write(dir + "/name", name);
    write(dir + "/max_energy_range_uj", std::to_string(range));
    write(dir + "/energy_uj", "0");
    write(dir + "/enabled", "1");
    const fs::path link = root() / "sys/class/powercap" / zone;
    fs::create_directories(link.parent_path());
    fs::create_symlink(root() / dir, link);
}

void FakePowerTree::setRaplEnergy(const std::string &zone, std::uint64_t microjoules) const
{
    write(raplDir(zone) + "/energy_uj", std::to_string(microjoules));
}

fs::path FakePowerTree::raplFile(const std::string &zone, const std::string &file) const
{
    return root() / raplDir(zone) / file;
}

void FakePowerTree::addBattery(const std::string &name,
                               const std::vector<std::pair<std::string, std::string>> &files)
{
    write("sys/class/power_supply/" + name + "/type", "Battery");
    for (const auto &[file, value] : files)
        setBattery(name, file, value);
}

void FakePowerTree::setBattery(const std::string &name, const std::string &file,
                               const std::string &value) const
{
    write("sys/class/power_supply/" + name + "/" + file, value);
}

void FakePowerTree::addHwmon(const std::string &dir, const std::string &name,
                             const std::vector<std::pair<std::string, std::string>> &files)
{
    write("sys/class/hwmon/" + dir + "/name", name);
    for (const auto &[file, value] : files)
        write("sys/class/hwmon/" + dir + "/" + file, value);
}

Ticker::Ticker(std::chrono::milliseconds period, std::chrono::milliseconds limit,
               std::function<void(double)> tick)
{
    m_thread = std::thread([this, period, limit, tick = std::move(tick)] {
        using Clock = std::chrono::steady_clock;
        const auto start = Clock::now();
        auto next = start;
        while (Clock::now() - start < limit) {
            {
                const std::lock_guard lock(m_mutex);
                if (m_stop)
                    return;
            }
            tick(std::chrono::duration<double>(Clock::now() - start).count());
            next += period;
            std::unique_lock lock(m_mutex);
            if (m_wake.wait_until(lock, next, [this] { return m_stop; }))
                return;
        }
    });
}

Ticker::~Ticker()
{
    stop();
}

void Ticker::stop()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

} // namespace cipherwatt::test
