#include "acquisition_worker.h"
#include "messages.h"

#include <cipherwatt/instruments/acquisition.h>

#include <QLoggingCategory>
#include <QMetaObject>

#include <chrono>

Q_LOGGING_CATEGORY(lcAcquisition, "cipherwatt.instruments.acquisition", QtWarningMsg)

namespace cipherwatt::instruments {

namespace {

// The error queue is read this often while streaming: it costs a round trip between two
// updates, and the reference (6.4) warns against checking after every command in the wait
// path.
constexpr std::chrono::seconds kErrorPollPeriod{5};

std::int64_t monotonicNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void registerTypes()
{
    static const bool done = [] {
        qRegisterMetaType<Identity>();
        qRegisterMetaType<Capabilities>();
        qRegisterMetaType<AppliedConfig>();
        qRegisterMetaType<Sample>();
        qRegisterMetaType<IntegrationReading>();
        qRegisterMetaType<Error>();
        qRegisterMetaType<Message>();
        return true;
    }();
    Q_UNUSED(done)
}

bool retryable(const Error &e)
{
    switch (e.code) {
    case ErrorCode::Timeout:
    case ErrorCode::Protocol:
    case ErrorCode::Instrument:
    case ErrorCode::Disconnected:
    case ErrorCode::Io:
    case ErrorCode::NotFound: // a reconnect before the meter is back
    case ErrorCode::Access:   // a USB device back before udev set its permissions
        return true;
    case ErrorCode::BadResource:
    case ErrorCode::Unsupported: // another meter, or a configuration it no longer takes
    case ErrorCode::Cancelled:
        break;
    }
    return false;
}

// A malformed reply or a missed one leaves the link usable: resynchronise on it, until that
// fails once. A link that is gone, or did not come back with a resynchronisation, reconnects.
PowerMeter::RecoveryAction actionFor(const Error &last, bool resyncFailed)
{
    const bool linkAlive = last.code == ErrorCode::Protocol || last.code == ErrorCode::Timeout ||
                           last.code == ErrorCode::Instrument;
    return linkAlive && !resyncFailed ? PowerMeter::RecoveryAction::Resynchronise
                                      : PowerMeter::RecoveryAction::Reconnect;
}

QString secondsText(std::int64_t ns)
{
    return QString::number(static_cast<double>(ns) / 1e9, 'f', 1);
}

} // namespace

AcquisitionWorker::AcquisitionWorker()
    : m_retryTimer(new QTimer(this))
{
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, &AcquisitionWorker::recoverStep);
}

AcquisitionWorker::~AcquisitionWorker()
{
    close();
}

void AcquisitionWorker::interruptMeter()
{
    const std::lock_guard lock(m_meterMutex);
    if (m_meter)
        m_meter->interrupt();
}

bool AcquisitionWorker::requireMeter(const char *what)
{
    if (m_meter)
        return true;
    emit failed(
        Error{ErrorCode::Disconnected, Message(msg::kNoMeterOpen).arg(QLatin1String(what))});
    return false;
}

void AcquisitionWorker::open(const QString &resource, const OpenOptions &options)
{
    close();
    m_policy = options.recovery;
    auto meter = openMeter(resource, options);
    if (!meter) {
        emit failed(meter.error());
        return;
    }
    {
        const std::lock_guard lock(m_meterMutex);
        m_meter = std::move(*meter);
    }
    emit opened(m_meter->identity(), m_meter->capabilities());
}

void AcquisitionWorker::configure(const MeterConfig &config)
{
    if (!requireMeter("configure"))
        return;
    if (m_streaming) {
        emit failed(Error{ErrorCode::Unsupported, Message(msg::kStopBeforeConfiguring)});
        return;
    }
    auto applied = m_meter->configure(config);
    if (!applied) {
        fail(applied.error());
        return;
    }
    emit configured(*applied);
}

void AcquisitionWorker::start()
{
    if (!requireMeter("start streaming") || m_streaming)
        return;
    stopRequested = false;
    m_meter->clearInterrupt();
    if (auto r = m_meter->startStream(); !r) {
        fail(r.error());
        return;
    }
    m_streaming = true;
    m_lastErrorPollNs = monotonicNs();
    emit streamingChanged(true);
    emit streamStarted();
    QMetaObject::invokeMethod(this, &AcquisitionWorker::step, Qt::QueuedConnection);
}

void AcquisitionWorker::step()
{
    if (!m_streaming)
        return;
    if (stopRequested) {
        endStream();
        return;
    }
    auto sample = m_meter->nextSample();
    if (!sample) {
        onFault(sample.error());
        return;
    }
    if (m_incident) {
        // The first sample after a recovery carries the gap (Gap, missedBefore).
        if (m_incident->recovered)
            emit recovered(m_incident->note, static_cast<int>(sample->missedBefore));
        m_incident.reset();
    }
    emit sampleReady(*sample);
    const std::int64_t now = monotonicNs();
    if (now - m_lastErrorPollNs >= std::chrono::nanoseconds(kErrorPollPeriod).count()) {
        m_lastErrorPollNs = now;
        auto errors = m_meter->readErrors();
        if (!errors) {
            onFault(errors.error());
            return;
        }
        for (const Error &e : *errors)
            emit instrumentError(e);
    }
    QMetaObject::invokeMethod(this, &AcquisitionWorker::step, Qt::QueuedConnection);
}

void AcquisitionWorker::onFault(const Error &error)
{
    if (error.code == ErrorCode::Cancelled && stopRequested) {
        endStream();
        return;
    }
    const std::int64_t now = monotonicNs();
    if (m_incident) {
        m_incident->last = error;
        m_incident->recovered = false;
    }
    if (!retryable(error) || m_policy.attempts <= 0) {
        fail(m_incident ? gaveUp() : error);
        return;
    }
    if (!m_incident) {
        m_incident.emplace();
        m_incident->startNs = now;
        m_incident->cause = error;
        m_incident->last = error;
    }
    const auto window = std::chrono::nanoseconds(m_policy.window).count();
    if (m_incident->attempts >= m_policy.attempts || now - m_incident->startNs >= window) {
        fail(gaveUp());
        return;
    }
    qCWarning(lcAcquisition).noquote() << "recovering from" << error.toString();
    emit retrying(Message(msg::kMeterRetrying)
                      .arg(error.describe())
                      .arg(m_incident->attempts + 1)
                      .arg(m_policy.attempts));
    const auto pause = m_incident->attempts == 0 ? std::chrono::milliseconds(0) : m_policy.pause;
    m_retryTimer->start(pause);
}

void AcquisitionWorker::recoverStep()
{
    if (!m_streaming || !m_incident)
        return;
    if (stopRequested) {
        endStream();
        return;
    }
    Incident &incident = *m_incident;
    ++incident.attempts;
    const auto action = actionFor(incident.last, incident.resyncFailed);
    auto back = m_meter->recover(action);
    if (!back) {
        if (action == PowerMeter::RecoveryAction::Resynchronise)
            incident.resyncFailed = true;
        onFault(back.error());
        return;
    }
    incident.recovered = true;
    incident.note =
        Message(action == PowerMeter::RecoveryAction::Reconnect ? msg::kMeterReconnected
                                                                : msg::kMeterResynchronised)
            .arg(secondsText(monotonicNs() - incident.startNs));
    qCInfo(lcAcquisition).noquote() << incident.note.english();
    QMetaObject::invokeMethod(this, &AcquisitionWorker::step, Qt::QueuedConnection);
}

// One line that says what went wrong first and that recovering did not help.
Error AcquisitionWorker::gaveUp() const
{
    const Incident &incident = *m_incident;
    return Error{incident.cause.code, Message(msg::kMeterGaveUp)
                                          .arg(incident.cause.message)
                                          .arg(incident.attempts)
                                          .arg(secondsText(monotonicNs() - incident.startNs))
                                          .arg(incident.last.describe())};
}

void AcquisitionWorker::endStream()
{
    m_retryTimer->stop();
    m_incident.reset();
    m_streaming = false;
    m_meter->clearInterrupt();
    (void)m_meter->stopStream();
    emit streamingChanged(false);
    emit streamStopped();
}

void AcquisitionWorker::fail(const Error &error)
{
    qCWarning(lcAcquisition) << error.toString();
    m_retryTimer->stop();
    m_incident.reset();
    if (m_streaming) {
        m_streaming = false;
        m_meter->clearInterrupt();
        (void)m_meter->stopStream();
        emit streamingChanged(false);
    }
    emit failed(error);
}

void AcquisitionWorker::stop()
{
    if (m_streaming)
        endStream();
}

void AcquisitionWorker::integrate(IntegrationCommand command)
{
    if (!requireMeter("control integration"))
        return;
    if (auto r = m_meter->integrate(command); !r) {
        emit failed(r.error());
        return;
    }
    readIntegration();
}

void AcquisitionWorker::readIntegration()
{
    if (!requireMeter("read the integrator"))
        return;
    auto reading = m_meter->readIntegration();
    if (!reading) {
        emit failed(reading.error());
        return;
    }
    emit integrationRead(*reading);
}

void AcquisitionWorker::close()
{
    if (!m_meter)
        return;
    if (m_streaming)
        endStream();
    m_meter->clearInterrupt();
    m_meter->close();
    {
        const std::lock_guard lock(m_meterMutex);
        m_meter.reset();
    }
    emit closed();
}

MeterAcquisition::MeterAcquisition(QObject *parent)
    : QObject(parent)
{
    registerTypes();
    m_thread.setObjectName(QStringLiteral("meter acquisition"));
    m_worker = new AcquisitionWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &AcquisitionWorker::opened, this, &MeterAcquisition::opened);
    connect(m_worker, &AcquisitionWorker::configured, this, &MeterAcquisition::configured);
    connect(m_worker, &AcquisitionWorker::streamStarted, this, &MeterAcquisition::streamStarted);
    connect(m_worker, &AcquisitionWorker::sampleReady, this, &MeterAcquisition::sampleReady);
    connect(m_worker, &AcquisitionWorker::integrationRead, this,
            &MeterAcquisition::integrationRead);
    connect(m_worker, &AcquisitionWorker::instrumentError, this,
            &MeterAcquisition::instrumentError);
    connect(m_worker, &AcquisitionWorker::retrying, this, &MeterAcquisition::retrying);
    connect(m_worker, &AcquisitionWorker::recovered, this, &MeterAcquisition::recovered);
    connect(m_worker, &AcquisitionWorker::failed, this, &MeterAcquisition::failed);
    connect(m_worker, &AcquisitionWorker::streamStopped, this, &MeterAcquisition::streamStopped);
    connect(m_worker, &AcquisitionWorker::closed, this, &MeterAcquisition::closed);
    // Direct: the flag is read by isStreaming() from any thread.
    connect(
        m_worker, &AcquisitionWorker::streamingChanged, this,
        [this](bool streaming) { m_streaming = streaming; }, Qt::DirectConnection);
    m_thread.start();
}

MeterAcquisition::~MeterAcquisition()
{
    m_worker->stopRequested = true;
    m_worker->interruptMeter();
    AcquisitionWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker] { worker->close(); }, Qt::QueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void MeterAcquisition::open(const QString &resource, const OpenOptions &options)
{
    AcquisitionWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, resource, options] { worker->open(resource, options); },
        Qt::QueuedConnection);
}

void MeterAcquisition::configure(const MeterConfig &config)
{
    AcquisitionWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, config] { worker->configure(config); }, Qt::QueuedConnection);
}

void MeterAcquisition::start()
{
    AcquisitionWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker] { worker->start(); }, Qt::QueuedConnection);
}

void MeterAcquisition::stop()
{
    m_worker->stopRequested = true;
    m_worker->interruptMeter();
    AcquisitionWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker] { worker->stop(); }, Qt::QueuedConnection);
}

void MeterAcquisition::integrate(IntegrationCommand command)
{
    AcquisitionWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, command] { worker->integrate(command); }, Qt::QueuedConnection);
}

void MeterAcquisition::readIntegration()
{
    AcquisitionWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker] { worker->readIntegration(); }, Qt::QueuedConnection);
}

void MeterAcquisition::close()
{
    m_worker->stopRequested = true;
    m_worker->interruptMeter();
    AcquisitionWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker] { worker->close(); }, Qt::QueuedConnection);
}

} // namespace cipherwatt::instruments
