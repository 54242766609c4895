#pragma once

// Internal: the WT300-family driver behind openWt300(). Its parts: wt300.cpp (the exchange
// with the meter, streaming, integration, errors, opening), wt300_configure.cpp (validating,
// applying and reading back a configuration, the plausibility limits), wt300_recovery.cpp
// (resynchronising and reconnecting after a failure). Protocol facts: reference wt300.md.

#include <cipherwatt/instruments/meter.h>
#include <cipherwatt/instruments/plausibility.h>
#include <cipherwatt/instruments/transport.h>
#include <cipherwatt/instruments/wt300.h>

#include <QLoggingCategory>

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

Q_DECLARE_LOGGING_CATEGORY(lcWt300)

namespace cipherwatt::instruments {

// EESR bits (reference 6.1).
inline constexpr std::uint16_t kEesrUpd = 1U << 0;
inline constexpr std::uint16_t kEesrOverRange = (1U << 3) | (1U << 6) | (1U << 9) | (1U << 12);
inline constexpr std::uint16_t kEesrPeakOver =
    (1U << 7) | (1U << 8) | (1U << 10) | (1U << 11) | (1U << 13) | (1U << 14);

class Wt300Driver final : public PowerMeter
{
public:
    Wt300Driver(std::unique_ptr<Transport> transport, const Wt300Model &model, Identity identity,
                const OpenOptions &options);
    ~Wt300Driver() override { close(); }
    Wt300Driver(const Wt300Driver &) = delete;
    Wt300Driver &operator=(const Wt300Driver &) = delete;

    const Identity &identity() const override { return m_identity; }
    const Capabilities &capabilities() const override { return m_caps; }

    Result<AppliedConfig> configure(const MeterConfig &config) override;
    Result<void> startStream() override;
    Result<Sample> nextSample() override;
    Result<void> stopStream() override
    {
        m_streaming = false;
        return {};
    }
    Result<void> recover(RecoveryAction action) override;
    Result<void> integrate(IntegrationCommand command) override;
    Result<IntegrationReading> readIntegration() override;
    Result<std::vector<Error>> readErrors() override;
    void interrupt() override { m_transport->interrupt(); }
    void clearInterrupt() override { m_transport->clearInterrupt(); }
    void close() override;

private:
    // --- exchange (wt300.cpp) ---
    Result<void> send(const QByteArray &message);
    Result<QByteArray> query(const QByteArray &message,
                             std::chrono::milliseconds extra = std::chrono::milliseconds{0});
    // A setting command followed by a look at the error queue, so that a refusal is reported
    // against the command that caused it.
    Result<void> command(const QByteArray &message);
    Result<IntegrationState> integrationState();
    void trackSequence(Sample &sample);
    void checkPlausible(Sample &sample) const;

    // --- configuration (wt300_configure.cpp) ---
    Result<void> validate(const MeterConfig &config, std::vector<Item> &items) const;
    Result<AppliedConfig> readBack(const MeterConfig &config, const std::vector<Item> &items);
    Result<CrestFactor> readCrestFactor();
    void setLimits();

    // --- recovery (wt300_recovery.cpp) ---
    // After a cancelled or timed-out exchange a late reply may be on its way (the meter was in
    // :COMM:WAIT, or slow). A device clear drops what the link holds; *IDN? then marks the
    // point after which replies belong to us again, and anything before it is discarded.
    Result<void> resync();
    Result<void> reconnect();
    Result<void> restoreConfiguration();
    // Arms the update synchronisation: FILT1 FALL, and EESR read (and so cleared) so that the
    // next wait ends at the next completed update.
    Result<void> arm();

    std::unique_ptr<Transport> m_transport;
    const Wt300Model &m_model;
    Identity m_identity;
    OpenOptions m_options;
    Capabilities m_caps;
    bool m_open = true;
    bool m_desynced = false;

    MeterConfig m_config;
    AppliedConfig m_applied;
    std::vector<double> m_limits; // per item: the largest plausible |value|
    bool m_configured = false;
    bool m_streaming = false;
    bool m_integrating = false; // integrate(Start) was the last integrator command
    bool m_recovered = false;   // the next sample is the first after a recovery
    std::int64_t m_armedNs = 0; // when startStream() armed the stream
    std::int64_t m_lastNs = 0;
    std::uint64_t m_sequence = 0;
    std::vector<double> m_lastValues;
};

std::int64_t steadyNs();

} // namespace cipherwatt::instruments
