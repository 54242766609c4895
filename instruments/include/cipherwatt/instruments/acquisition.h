#pragma once

// Runs a PowerMeter on its own thread. Every call returns at once; results and samples arrive
// as queued signals in the thread that owns this object (the GUI thread, the CLI's main
// thread). A blocked read never blocks the caller: stop() and close() interrupt it.
//
// While streaming, a failure of the meter (a malformed or truncated reply, no reply within
// the timeout, a dropped link) does not end the stream at once: it begins an incident, and the
// meter is recovered within the bounds of OpenOptions::recovery (RecoveryPolicy in meter.h:
// by default 5 attempts within 15 s, 1 s apart; PowerMeter::recover says what an attempt
// does). Each attempt is announced by retrying(); success by recovered() together with the
// first sample after it, which carries SampleFlag::Gap and the updates missed meanwhile
// (missedBefore, counted on the host clock). A meter that stays gone ends the stream with
// failed() as before, with one message naming the first failure and the attempts made. A
// different meter answering, or a configuration the meter no longer takes, fails at once.

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
    // Streaming failed and an attempt to recover is about to be made: `why` names the failure
    // and the attempt ("meter: timeout: no reply to ... ; recovering (attempt 1 of 5)"). No
    // sample arrives until recovered() or failed().
    void retrying(const cipherwatt::instruments::Message &why);
    // The meter answers again and streaming goes on: `what` says how (resynchronised on the
    // link or reconnected) and how long after the failure; `missed` is the number of whole
    // update intervals lost, the missedBefore of the sample that follows at once.
    void recovered(const cipherwatt::instruments::Message &what, int missed);
    // A failure ends streaming; the meter stays open unless the link is gone. While
    // streaming, only after recovery has been given up (see above).
    void failed(const cipherwatt::instruments::Error &error);
    void streamStopped();
    void closed();

private:
    QThread m_thread;
    AcquisitionWorker *m_worker = nullptr; // lives in m_thread
    std::atomic<bool> m_streaming{false};
};

} // namespace cipherwatt::instruments
