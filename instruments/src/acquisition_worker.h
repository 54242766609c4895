#pragma once

// Internal: the half of MeterAcquisition that lives on the acquisition thread and owns the
// PowerMeter. It streams one update per event-loop turn, so queued calls (stop, integration)
// run between two updates.

#include <cipherwatt/instruments/meter.h>

#include <QObject>

#include <atomic>
#include <mutex>

namespace cipherwatt::instruments {

class AcquisitionWorker : public QObject
{
    Q_OBJECT

public:
    AcquisitionWorker() = default;
    ~AcquisitionWorker() override;

    // Any thread: cuts a blocking call short.
    void interruptMeter();

    void open(const QString &resource, const OpenOptions &options);
    void configure(const MeterConfig &config);
    void start();
    void stop();
    void integrate(IntegrationCommand command);
    void readIntegration();
    void close();

    std::atomic<bool> stopRequested{false};

signals:
    void opened(const cipherwatt::instruments::Identity &identity,
                const cipherwatt::instruments::Capabilities &capabilities);
    void configured(const cipherwatt::instruments::AppliedConfig &applied);
    void streamStarted();
    void sampleReady(const cipherwatt::instruments::Sample &sample);
    void integrationRead(const cipherwatt::instruments::IntegrationReading &reading);
    void instrumentError(const cipherwatt::instruments::Error &error);
    void failed(const cipherwatt::instruments::Error &error);
    void streamStopped();
    void closed();
    void streamingChanged(bool streaming);

private:
    void step();
    bool requireMeter(const char *what);
    void endStream();
    void fail(const Error &error);

    std::mutex m_meterMutex; // guards the pointer for interruptMeter(), not the meter's use
    std::unique_ptr<PowerMeter> m_meter;
    bool m_streaming = false;
    std::int64_t m_lastErrorPollNs = 0;
};

} // namespace cipherwatt::instruments
