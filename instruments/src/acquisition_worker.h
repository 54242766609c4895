#pragma once

// Internal: the half of MeterAcquisition that lives on the acquisition thread and owns the
// PowerMeter. It streams one update per event-loop turn, so queued calls (stop, integration)
// run between two updates.

#include <cipherwatt/instruments/meter.h>

#include <QObject>
#include <QTimer>

#include <atomic>
#include <mutex>
#include <optional>

namespace cipherwatt::instruments {

class AcquisitionWorker : public QObject
{
    Q_OBJECT

public:
    AcquisitionWorker();
    ~AcquisitionWorker() override;
    AcquisitionWorker(const AcquisitionWorker &) = delete;
    AcquisitionWorker &operator=(const AcquisitionWorker &) = delete;

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
    void retrying(const cipherwatt::instruments::Message &why);
    void recovered(const cipherwatt::instruments::Message &what, int missed);
    void failed(const cipherwatt::instruments::Error &error);
    void streamStopped();
    void closed();
    void streamingChanged(bool streaming);

private:
    // One failure of the stream and the attempts to recover from it, until the next good
    // sample (RecoveryPolicy in meter.h).
    struct Incident
    {
        std::int64_t startNs = 0;
        Error cause; // the failure that began it
        Error last;  // the latest failure, of the stream or of an attempt
        int attempts = 0;
        bool resyncFailed = false; // a resynchronisation failed: reconnect from now on
        bool recovered = false;    // an attempt succeeded; the next sample ends the incident
        Message note;              // what the successful attempt did, for recovered()
    };

    void step();
    void recoverStep();
    void onFault(const Error &error);
    Error gaveUp() const;
    bool requireMeter(const char *what);
    void endStream();
    void fail(const Error &error);

    std::mutex m_meterMutex; // guards the pointer for interruptMeter(), not the meter's use
    std::unique_ptr<PowerMeter> m_meter;
    RecoveryPolicy m_policy;
    bool m_streaming = false;
    std::int64_t m_lastErrorPollNs = 0;
    std::optional<Incident> m_incident;
    QTimer *m_retryTimer = nullptr; // child: moves to the acquisition thread with this object
};

} // namespace cipherwatt::instruments
