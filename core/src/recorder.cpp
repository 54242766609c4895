#include "recorder.h"

#include "messages_database.h"
#include "numbers.h"

#include <cipherwatt/core/copy.h>
#include <cipherwatt/core/dut.h>

#include <QDateTime>
#include <QDir>
#include <QFileInfo>

#include <cmath>
#include <limits>

namespace cipherwatt::core {

SessionRecorder::SessionRecorder(QObject *parent)
    : QObject(parent)
    , m_flushTimer(this) // a child, so that moveToThread() takes it along
{
    m_flushTimer.setInterval(1000);
    connect(&m_flushTimer, &QTimer::timeout, this, [this] {
        if (auto r = flush(); !r && m_flushError)
            m_flushError(r.error());
    });
}

SessionRecorder::~SessionRecorder() = default;

Result<qint64> SessionRecorder::create(const QString &databasePath, const SessionSettings &settings,
                                       const MeterSetup &meter, const DutSetup &dut, bool simulated)
{
    const QString path = databasePath.isEmpty() ? Storage::defaultPath() : databasePath;
    auto storage = Storage::open(path);
    if (!storage)
        return storage.error();
    if ((*storage)->isShared()) {
        m_remote = std::move(*storage);
        const QString journal = journalPath(path);
        QDir().mkpath(QFileInfo(journal).absolutePath());
        storage = Storage::open(journal);
        if (!storage) {
            m_remote.reset();
            return storage.error();
        }
    }
    m_storage = std::move(*storage);
    m_originNs = steadyNs();
    const qint64 originUtc = QDateTime::currentMSecsSinceEpoch();
    auto id = m_storage->createSession(settings, meter, dut, originUtc, simulated);
    if (!id) {
        m_storage.reset();
        m_remote.reset();
        return id.error();
    }
    m_sessionId = *id;
    if (m_remote) {
        auto sent = syncSession(*m_storage, m_sessionId, *m_remote);
        if (!sent) {
            m_storage.reset();
            m_remote.reset();
            m_sessionId = 0;
            return sent.error();
        }
        m_remoteId = sent->remote;
    }
    m_flushTimer.start();
    return sessionId();
}

void SessionRecorder::sendOn()
{
    if (!m_remote)
        return;
    auto sent = syncSession(*m_storage, m_sessionId, *m_remote);
    if (sent) {
        if (!m_remoteAnswers) {
            m_remoteAnswers = true;
            (void)m_storage->addEvent(
                m_sessionId, {steadyNs() - m_originNs, QStringLiteral("database"),
                              Message(msg::kLabConnectionBack).arg(m_updates - m_keptSince)});
            sendOn(); // the event too
        }
        return;
    }
    if (m_remoteAnswers) {
        m_remoteAnswers = false;
        m_keptSince = m_updates;
        (void)m_storage->addEvent(
            m_sessionId,
            {steadyNs() - m_originNs, QStringLiteral("database"),
             Message(msg::kLabConnectionLost)
                 .arg(m_remote->path(), sent.error().message.english(), m_storage->path())});
    }
    // A server that dropped the connection (or restarted) takes a new one; one that is gone
    // refuses it at once, or within the URI's connect_timeout (which would hold this thread):
    // so at most every five seconds.
    if (!m_lastReconnect.isValid() || m_lastReconnect.hasExpired(5000)) {
        m_lastReconnect.start();
        (void)m_remote->reconnect();
    }
}

double SessionRecorder::seconds(qint64 hostNs) const
{
    return static_cast<double>(hostNs - m_originNs) / 1e9;
}

double SessionRecorder::now() const
{
    return seconds(steadyNs());
}

Result<double> SessionRecorder::beginPhase(PhaseKind kind, const Message &label, qint64 runId)
{
    const qint64 now = steadyNs() - m_originNs;
    if (auto r = endPhase(); !r)
        return r.error();
    auto id = m_storage->beginPhase(m_sessionId, kind, label, runId, now);
    if (!id)
        return id.error();
    m_phaseId = *id;
    m_phases.push_back({now, m_phaseId, runId, kind});
    return static_cast<double>(now) / 1e9;
}

Result<void> SessionRecorder::setPhaseActivity(qint64 phaseId, const DutActivity &activity)
{
    if (phaseId <= 0 || !m_storage)
        return {};
    return m_storage->setPhaseActivity(phaseId, activity);
}

Result<void> SessionRecorder::endPhase()
{
    if (m_phaseId <= 0 || !m_storage)
        return {};
    const qint64 id = std::exchange(m_phaseId, 0);
    return m_storage->endPhase(id, steadyNs() - m_originNs);
}

Result<StoredSample> SessionRecorder::addSample(const instruments::Sample &sample,
                                                const SampleItems &items)
{
    StoredSample s;
    s.tNs = sample.hostNs - m_originNs;
    // The phase is the one in force when the update ended, by time, not by arrival.
    const Phase *phase = nullptr;
    for (auto it = m_phases.rbegin(); it != m_phases.rend(); ++it) {
        if (it->startNs <= s.tNs) {
            phase = &*it;
            break;
        }
    }
    s.phaseId = phase ? phase->id : 0;
    s.runId = phase ? phase->runId : 0;
    s.meterSequence = sample.sequence;
    s.intervalMs = sample.intervalMs;
    s.flags = sample.flags;
    s.missedBefore = sample.missedBefore;
    s.values = sample.values;
    const auto valid = [&](int k) {
        return k >= 0 && static_cast<std::size_t>(k) < sample.states.size() &&
               sample.states[static_cast<std::size_t>(k)] == instruments::ValueState::Valid;
    };
    const auto value = [&](int k) {
        return valid(k) ? sample.values[static_cast<std::size_t>(k)] : kNaN;
    };
    s.power = value(items.power);
    s.wattHours = value(items.energy);
    PowerSample p;
    p.tSeconds = static_cast<double>(s.tNs) / 1e9;
    p.intervalSeconds = static_cast<double>(s.intervalMs) / 1000.0;
    p.watts = s.power;
    p.valid = std::isfinite(s.power);
    p.duplicate = (s.flags & instruments::SampleFlag::Duplicate) != 0;
    p.missedBefore = s.missedBefore;
    p.wattHours = s.wattHours;
    if (p.valid)
        p.amps = value(items.current);
    p.voltageRange = value(items.voltageRange);
    p.currentRange = value(items.currentRange);
    p.overRange =
        (s.flags & (instruments::SampleFlag::OverRange | instruments::SampleFlag::PeakOver)) != 0;
    m_power.push_back(p);
    if (auto r = m_storage->addSample(m_sessionId, s); !r)
        return r.error();
    ++m_updates;
    return s;
}

Result<void> SessionRecorder::addReading(int source, qint64 hostNs, double spanSeconds,
                                         double watts)
{
    if (!exists())
        return {};
    return m_storage->addReading(
        m_sessionId, {source, hostNs - m_originNs, std::llround(spanSeconds * 1e9), watts});
}

Result<void> SessionRecorder::addEvent(const QString &kind, const Message &text, qint64 hostNs)
{
    if (!exists())
        return {};
    return m_storage->addEvent(m_sessionId, {hostNs - m_originNs, kind, text});
}

Result<qint64> SessionRecorder::addRun(const StoredRun &run)
{
    return m_storage->addRun(m_sessionId, run);
}

Result<void> SessionRecorder::updateRun(const StoredRun &run)
{
    return m_storage->updateRun(run);
}

Result<void> SessionRecorder::setDut(const DutSetup &dut)
{
    return m_storage->setDut(m_sessionId, dut);
}

Result<void> SessionRecorder::setMeter(const MeterSetup &meter)
{
    return m_storage->setMeter(m_sessionId, meter);
}

Result<void> SessionRecorder::setAnalysis(const SessionAnalysis &analysis)
{
    return m_storage->setAnalysis(m_sessionId, analysis);
}

Result<void> SessionRecorder::setStatus(SessionStatus status, const Message &reason)
{
    m_flushTimer.stop();
    if (auto r = m_storage->flush(); !r)
        return r;
    if (auto r = m_storage->setStatus(m_sessionId, status, reason); !r)
        return r;
    if (m_remote && status != SessionStatus::Running) {
        sendOn();
        if (!m_remoteAnswers) {
            // One more try: a server that restarted answers a new connection.
            sendOn();
        }
        if (!m_remoteAnswers)
            (void)m_storage->addEvent(
                m_sessionId,
                {steadyNs() - m_originNs, QStringLiteral("database"),
                 Message(msg::kLabSessionLocal).arg(m_remote->path(), m_storage->path())});
    }
    return {};
}

Result<void> SessionRecorder::flush()
{
    if (!m_storage)
        return {};
    if (auto r = m_storage->flush(); !r)
        return r;
    sendOn();
    return {};
}

} // namespace cipherwatt::core
