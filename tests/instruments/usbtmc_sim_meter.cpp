#include "usbtmc_sim_meter.h"

namespace cipherwatt::test {

SimulatedUsbMeter::SimulatedUsbMeter(UsbtmcEmulator &device, instruments::SimProfile profile)
    : m_device(device)
    , m_sim(std::move(profile))
{
    m_device.setInstrument(
        [this](const std::string &message) {
            const std::lock_guard lock(m_mutex);
            m_queue.push_back(message);
            m_changed.notify_all();
        },
        [this] {
            const std::lock_guard lock(m_mutex);
            m_queue.clear();
            ++m_clears;
            m_cancel = true;
            m_changed.notify_all();
        });
    m_thread = std::thread([this] { run(); });
}

SimulatedUsbMeter::~SimulatedUsbMeter()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
        m_cancel = true;
    }
    m_changed.notify_all();
    m_thread.join();
    m_device.setInstrument({}, {});
}

void SimulatedUsbMeter::run()
{
    using namespace std::chrono_literals;
    bool unplugged = false;
    std::unique_lock lock(m_mutex);
    while (true) {
        // A drop fault unplugs the device; a dropfor plugs it in again once it is over.
        m_changed.wait_for(lock, 50ms, [this] { return m_stopping || !m_queue.empty(); });
        if (m_stopping)
            return;
        if (unplugged && m_sim.acceptsConnection()) {
            unplugged = false;
            m_queue.clear();
            lock.unlock();
            m_device.replug();
            lock.lock();
            continue;
        }
        if (m_queue.empty())
            continue;
        const std::string message = m_queue.front();
        m_queue.pop_front();
        const std::uint64_t clears = m_clears;
        m_cancel = false;
        lock.unlock();
        // The emulator's lock is taken by answer() and unplug() and is held while it calls
        // this object: never call it with m_mutex held.
        const instruments::Wt300Simulator::Outcome outcome =
            m_sim.execute(QByteArray::fromStdString(message), &m_cancel);
        if (outcome.dropped) {
            m_device.unplug();
        }
        lock.lock();
        unplugged = unplugged || outcome.dropped;
        // A reply the device clear overtook is not sent.
        const bool send = outcome.hasResponse && clears == m_clears && !unplugged;
        lock.unlock();
        if (send)
            m_device.answer(outcome.response.toStdString());
        lock.lock();
    }
}

} // namespace cipherwatt::test
