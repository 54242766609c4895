#pragma once

// The simulated WT332 (Wt300Simulator) behind an emulated USBTMC device: what the USB cable
// carries reaches the same SCPI instrument the other transports' tests talk to, with its
// timing (a :COMM:WAIT holds later messages until an update) and its faults. Program messages
// run in order on a thread of their own; INITIATE_CLEAR drops those not yet run and ends a
// wait in progress, as a device clear does.

#include "usbtmc_emulator.h"

#include <cipherwatt/instruments/simulator.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

namespace cipherwatt::test {

class SimulatedUsbMeter
{
public:
    SimulatedUsbMeter(UsbtmcEmulator &device, instruments::SimProfile profile);
    ~SimulatedUsbMeter();
    SimulatedUsbMeter(const SimulatedUsbMeter &) = delete;
    SimulatedUsbMeter &operator=(const SimulatedUsbMeter &) = delete;

    instruments::Wt300Simulator &simulator() { return m_sim; }

private:
    void run();

    UsbtmcEmulator &m_device;
    instruments::Wt300Simulator m_sim;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::string> m_queue;
    std::uint64_t m_clears = 0; // INITIATE_CLEARs so far: a reply from before one is dropped
    bool m_stopping = false;
    std::atomic<bool> m_cancel{false}; // ends the message in progress
    std::thread m_thread;
};

} // namespace cipherwatt::test
