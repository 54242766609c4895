#pragma once

// Runs a PowerMeter on its own thread. Every call returns at once; results and samples arrive
// as queued signals in the thread that owns this object (the GUI thread, the CLI's main
// thread). A blocked read never blocks the caller: stop() and close() interrupt it.

#include <cipherwatt/instruments/meter.h>

#include <QObject>
#include <QThread>

#include <atomic>
#include <memory>

namespace cipherwatt::instruments {

class AcquisitionWorker;

class MeterAcquisition : public QObject
{
    Q_OBJECT

public:
    explicit MeterAcquisition(QObject *parent = nullptr);
    ~MeterAcquisition() override; // stops streaming, closes the meter, joins the thread

    // → opened(identity, capabilities) or failed(error).
    void open(const QString &resource, const OpenOptions &options = {});
    // → configured(applied) or failed(error). Not while streaming.
    void configure(const MeterConfig &config);
    // → streamStarted(), then sampleReady() per update until stop() or a failure.
    void start();
    // → streamStopped(). Interrupts a wait in progress.
    void stop();
    // Between two updates while streaming, or at once when idle → integrationRead(reading).
    void integrate(IntegrationCommand command);
    void readIntegration();
    // → closed(). The meter returns to local operation.
    void close();

    bool isStreaming() const { return m_streaming.load(); }

signals:
    void opened(const cipherwatt::instruments::Identity &identity,
                const cipherwatt::instruments::Capabilities &capabilities);
    void configured(const cipherwatt::instruments::AppliedConfig &applied);
    void streamStarted();
    void sampleReady(const cipherwatt::instruments::Sample &sample);
    void integrationRead(const cipherwatt::instruments::IntegrationReading &reading);
    // Errors the meter reported in its queue while streaming (the stream goes on).
    void instrumentError(const cipherwatt::instruments::Error &error);
    // A failure ends streaming; the meter stays open unless the link is gone.
    void failed(const cipherwatt::instruments::Error &error);
    void streamStopped();
    void closed();

private:
    QThread m_thread;
    AcquisitionWorker *m_worker = nullptr; // lives in m_thread
    std::atomic<bool> m_streaming{false};
};

} // namespace cipherwatt::instruments
