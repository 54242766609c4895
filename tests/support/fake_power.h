#pragma once

// Fake power sources in a fake sysfs tree (issue 20): RAPL zones, batteries and hwmon chips laid
// out as the kernel lays them out, and a ticker that advances their values in real time.

#include "fake_sysfs.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace cipherwatt::test {

// A sysfs tree with power sources in it. Every value is written whole (a new file renamed over
// the old), so a reader never sees a half-written number.
class FakePowerTree
{
public:
    FakePowerTree();

    const std::filesystem::path &root() const { return m_tree.root(); }

    // intel-rapl:<N> (a package) or intel-rapl:<N>:<M> (a subzone, under its package), as the
    // kernel does: the zone under sys/devices/virtual/powercap, a link in sys/class/powercap.
    void addRaplZone(const std::string &zone, const std::string &name, std::uint64_t range);
    void setRaplEnergy(const std::string &zone, std::uint64_t microjoules) const;
    std::filesystem::path raplFile(const std::string &zone, const std::string &file) const;

    // sys/class/power_supply/<name> with type Battery and these files ("status", "power_now").
    void addBattery(const std::string &name,
                    const std::vector<std::pair<std::string, std::string>> &files);
    void setBattery(const std::string &name, const std::string &file,
                    const std::string &value) const;

    // sys/class/hwmon/<dir> with `name` and these files ("power1_input", "curr1_label").
    void addHwmon(const std::string &dir, const std::string &name,
                  const std::vector<std::pair<std::string, std::string>> &files);

    // Writes `value` and a newline to a file relative to the root, atomically.
    void write(const std::string &relative, const std::string &value) const;

private:
    FakeSysfs m_tree;
};

// Calls `tick(seconds since start)` every `period` on its own thread, until destroyed or
// `limit` has passed (a bound, so a test that forgets it cannot keep it running). stop() does
// not wait for the period to end.
class Ticker
{
public:
    Ticker(std::chrono::milliseconds period, std::chrono::milliseconds limit,
           std::function<void(double)> tick);
    ~Ticker();
    Ticker(const Ticker &) = delete;
    Ticker &operator=(const Ticker &) = delete;

    void stop();

private:
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false; // guarded by m_mutex
    std::thread m_thread;
};

} // namespace cipherwatt::test
