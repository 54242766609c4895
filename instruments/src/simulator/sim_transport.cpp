// The in-process link to the simulated meter: what a USB cable would be to a real one.

#include "messages.h"
#include "transports/transports.h"

#include <cipherwatt/instruments/simulator.h>

#include <QDeadlineTimer>
#include <QThread>

#include <atomic>
#include <deque>

namespace cipherwatt::instruments {

namespace {

class SimTransport final : public Transport
{
public:
    explicit SimTransport(std::shared_ptr<Wt300Simulator> simulator)
        : m_sim(std::move(simulator))
    {}

    // A reconnection after a drop: refused while the simulated meter takes no connection
    // (SimFault Drop, DropFor), as a TCP connect to a meter that is off.
    Result<void> open() override
    {
        if (!m_sim->acceptsConnection())
            return Error{ErrorCode::NotFound, Message(msg::kSimulatedRefused)};
        m_open = true;
        m_dropped = false;
        m_responses.clear();
        return {};
    }

    void close() override
    {
        m_open = false;
        m_responses.clear();
    }

    Result<void> write(const QByteArray &message) override
    {
        if (auto ready = usable(); !ready)
            return ready;
        if (m_cancel.load())
            return cancelled();
        // The simulator executes at once; a :COMM:WAIT blocks here instead of in the next
        // read, which changes nothing the caller can see: the reply still comes after the
        // update.
        const Wt300Simulator::Outcome outcome = m_sim->execute(message, &m_cancel);
        if (m_cancel.load())
            return cancelled();
        if (outcome.dropped) {
            m_dropped = true;
            return Error{ErrorCode::Disconnected, Message(msg::kSimulatedDropped)};
        }
        if (outcome.hasResponse)
            m_responses.push_back(outcome.response);
        return {};
    }

    Result<QByteArray> read(std::chrono::milliseconds timeout) override
    {
        if (auto ready = usable(); !ready)
            return ready.error();
        if (!m_responses.empty()) {
            QByteArray r = std::move(m_responses.front());
            m_responses.pop_front();
            return r;
        }
        // Nothing was asked that has an answer (e.g. a query the meter refused): a real meter
        // stays silent until the timeout.
        const QDeadlineTimer deadline(timeout);
        while (!deadline.hasExpired()) {
            if (m_cancel.load())
                return cancelled();
            QThread::msleep(10);
        }
        return Error{ErrorCode::Timeout, Message(msg::kSimulatedSilent)};
    }

    Result<void> clear() override
    {
        m_responses.clear();
        return {};
    }

    void interrupt() override { m_cancel = true; }
    void clearInterrupt() override { m_cancel = false; }
    QString kind() const override { return QStringLiteral("sim"); }
    QString describe() const override
    {
        return Message(msg::kSimulatedLink).arg(m_sim->profile().model).english();
    }

private:
    Result<void> usable() const
    {
        if (!m_open)
            return Error{ErrorCode::Disconnected, QStringLiteral("the link is closed")};
        if (m_dropped)
            return Error{ErrorCode::Disconnected, Message(msg::kSimulatedDropped)};
        return {};
    }

    static Error cancelled() { return Error{ErrorCode::Cancelled, QStringLiteral("interrupted")}; }

    std::shared_ptr<Wt300Simulator> m_sim;
    std::deque<QByteArray> m_responses;
    std::atomic<bool> m_cancel{false};
    bool m_open = false;
    bool m_dropped = false;
};

} // namespace

std::unique_ptr<Transport> makeSimTransport(std::shared_ptr<Wt300Simulator> simulator)
{
    return std::make_unique<SimTransport>(std::move(simulator));
}

} // namespace cipherwatt::instruments
