// Secondary power sources on the DUT (SessionSettings::sources; docs/method.md, "Power sources
// on the DUT"): RAPL zones, fuel gauges and hwmon inputs read by the DUT's worker beside the
// meter, from the plan's check to the session's end. Each reading comes with the worker's time
// since its sampling began; the host places it at the time the start was heard plus that, as
// it places a run's start and end at the times their events were heard, so the link's delay
// shifts both alike. Each run's net power from each source uses the same idle windows as the
// meter's, and the cross-check compares the two (analysis.h, SourceRunResult).

#include "messages.h"
#include "messages_sources.h"
#include "recorder.h"
#include "run_record.h"

#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/session_flow.h>
#include <cipherwatt/core/source_meter.h>

#include <cmath>

namespace cipherwatt::core {

namespace {

// Readings a run must hold for a source's figures not to be flagged short: a fuel gauge that
// refreshes every few seconds gives few in a short run.
constexpr int kMinSourceReadings = 10;

} // namespace

bool SessionRunner::checkSources()
{
    QStringList all = m_settings.sources;
    if (m_sourceMeter)
        all.prepend(m_meterSourceSetup.requested);
    if (all.isEmpty())
        return true;
    if (!m_dutSetup.hasGovernor()) { // a microcontroller
        m_rejectedSettings = true;
        fail(SessionStatus::Failed,
             Message(msg::kSourcesOnMcu).arg(all.join(QStringLiteral(", "))));
        return false;
    }
    if (m_dutSetup.protocol < 4) {
        m_rejectedSettings = true;
        fail(SessionStatus::Failed, Message(msg::kSourcesNeedProtocol).arg(m_dutSetup.protocol));
        return false;
    }
    return true;
}

void SessionRunner::startSources()
{
    // The worker answers in order: each source has started, or been refused, before the answer
    // to anything sent after it (the plan's check, the self-test), so before the session is
    // created.
    if (m_sourceMeter) {
        m_meterSource = SourceState{};
        m_meterSource.command = m_dut->sample(m_meterSourceSetup.requested, kSourceReadSeconds);
    }
    m_sources.clear();
    m_dutSetup.sources.clear();
    for (const QString &resource : m_settings.sources) {
        SourceSetup setup;
        setup.requested = resource;
        setup.resource = resource;
        m_dutSetup.sources.push_back(setup);
        SourceState state;
        state.command = m_dut->sample(resource, kSourceReadSeconds);
        m_sources.push_back(state);
    }
}

void SessionRunner::restartSources()
{
    // A new worker after a crash: the old one's sampling died with it. Each source that was
    // sampled starts again; its readings so far stay, the new ones follow from the new start.
    m_sourcesStopCommand = 0;
    if (m_sourceMeter && m_meterSource.startedHostNs >= 0) {
        // The meter's readings go on from the new start; the samples so far stay.
        m_meterSource.running = false;
        m_meterSource.startedHostNs = -1;
        m_meterSource.command = m_dut->sample(m_meterSourceSetup.requested, kSourceReadSeconds);
    }
    for (std::size_t i = 0; i < m_sources.size(); ++i) {
        SourceState &state = m_sources[i];
        if (state.startedHostNs < 0)
            continue; // refused: it stays so
        state.running = false;
        state.startedHostNs = -1;
        state.command = m_dut->sample(m_dutSetup.sources[i].requested, kSourceReadSeconds);
    }
}

bool SessionRunner::onSourceEvent(const WorkerEvent &event, qint64 hostNs)
{
    if (event.id == 0)
        return false;
    if (m_sourceMeter && event.id == m_meterSource.command)
        return onMeterSourceEvent(event, hostNs); // runner_source_meter.cpp
    if (event.id == m_sourcesStopCommand) {
        // A source that ended on its own just before: nothing was left to stop.
        return std::holds_alternative<worker::Failure>(event.body);
    }
    if (m_sources.empty())
        return false;
    std::size_t i = 0;
    while (i < m_sources.size() && m_sources[i].command != event.id)
        ++i;
    if (i == m_sources.size())
        return false;
    SourceState &state = m_sources[i];
    SourceSetup &setup = m_dutSetup.sources[i];
    if (const auto *started = std::get_if<worker::SampleStarted>(&event.body)) {
        state.startedHostNs = hostNs;
        state.running = true;
        takeSampleStart(setup, *started);
        emit note(Message(msg::kSourceSampling)
                      .arg(setup.resource, setup.kind, setup.method)
                      .arg(setup.intervalSeconds));
    } else if (const auto *sample = std::get_if<worker::SourceSample>(&event.body)) {
        if (state.startedHostNs < 0 || !std::isfinite(sample->watts))
            return true;
        const qint64 at = state.startedHostNs + std::llround(sample->t * 1e9);
        state.readings.push_back({at, sample->span, sample->watts});
        ++setup.readings;
        storeSourceReadings();
        if (sample->updateInterval)
            setup.updateSeconds = sample->updateInterval;
        if (m_recorder->exists() && !m_finished)
            emit sourceSampleArrived(setup.resource,
                                     static_cast<double>(m_recorder->sinceOriginNs(at)) / 1e9,
                                     sample->watts);
    } else if (const auto *ended = std::get_if<worker::SampleEnded>(&event.body)) {
        state.running = false;
        setup.ended = ended->reason;
        setup.problem = ended->message;
        // Stopped by the session, or the worker shutting down at its end: as planned.
        if (ended->reason == QLatin1String("error") && !m_finished)
            emitWarning(Message(msg::kSourceStopped)
                            .arg(setup.resource,
                                 ended->message.isEmpty() ? ended->reason : ended->message));
    } else if (const auto *failure = std::get_if<worker::Failure>(&event.body)) {
        // The worker refused the source (unknown, unreadable, a battery charging): the
        // operator's mistake, before anything was measured.
        state.running = false;
        setup.ended = QStringLiteral("error");
        const QString why = withoutSourceName(setup, failure->message);
        setup.problem = why;
        if (!m_finished && !m_recorder->exists()) {
            m_rejectedSettings = true;
            fail(SessionStatus::Failed, Message(msg::kSourceRefused).arg(setup.requested, why));
        } else if (!m_finished) {
            emitWarning(Message(msg::kSourceStopped).arg(setup.requested, why));
        }
    } else {
        return false;
    }
    return true;
}

void SessionRunner::storeSourceReadings()
{
    // Every reading is stored with its source, those taken before the session existed (the
    // plan's check, the self-test) as soon as it does.
    if (!m_recorder->exists() || m_finished)
        return;
    for (std::size_t i = 0; i < m_sources.size(); ++i) {
        SourceState &state = m_sources[i];
        for (; state.stored < state.readings.size(); ++state.stored) {
            const SourceState::Reading &r = state.readings[state.stored];
            if (!store(
                    m_recorder->addReading(static_cast<int>(i), r.hostNs, r.spanSeconds, r.watts)))
                return;
        }
    }
}

void SessionRunner::stopSources()
{
    if (m_sourcesStopCommand != 0 || m_dutGone || m_dut == nullptr)
        return;
    const bool any =
        m_meterSource.running || std::any_of(m_sources.begin(), m_sources.end(),
                                             [](const SourceState &s) { return s.running; });
    if (any)
        m_sourcesStopCommand = m_dut->sampleStop();
}

void SessionRunner::sizeRunsForSources()
{
    // What each source asks of a run: the readings a run needs at its reading period (a fuel
    // gauge's refresh period once the worker has seen it), with the same headroom as the meter's
    // (runner_runs.cpp, onPilotEnd) and two readings that cross the run's ends and cannot count.
    // The meter itself, when it is a source, needs minUpdates of them: the pilots sized the runs
    // for its 0.1 s reads, a fuel gauge refreshes every few seconds.
    double need = 0.0;
    double period = 0.0;
    int count = 0;
    QString which;
    const auto ask = [&](const SourceSetup &setup, int readings) {
        const double p = setup.updateSeconds.value_or(
            setup.intervalSeconds > 0 ? setup.intervalSeconds : kSourceReadSeconds);
        const double seconds = (readings * 1.15 + 2) * p;
        if (seconds > need) {
            need = seconds;
            period = p;
            count = readings;
            which = setup.resource;
        }
    };
    if (m_sourceMeter && m_meterSource.running)
        ask(m_meterSourceSetup, m_settings.minUpdates);
    for (std::size_t i = 0; i < m_sources.size(); ++i) {
        if (m_sources[i].running)
            ask(m_dutSetup.sources[i], kMinSourceReadings);
    }
    if (need <= m_sourceRunSeconds)
        return; // nothing new to ask (a gauge's period is known better as the session goes on)
    m_sourceRunSeconds = need;
    switch (m_settings.runLength.kind) {
    case RunLength::Kind::Automatic: {
        // The pilot's rate gave each kind of run its iterations for the meter's length; a longer
        // length scales them alike.
        bool lengthened = false;
        for (RunRecord &r : m_runs) {
            if (r.stored.status != RunStatus::Planned || r.plan.entry.isCommand() ||
                r.iterations == 0 || r.expectedSeconds <= 0 || r.expectedSeconds >= need)
                continue;
            r.iterations = static_cast<std::uint64_t>(
                std::ceil(static_cast<double>(r.iterations) * need / r.expectedSeconds));
            r.expectedSeconds = need;
            lengthened = true;
        }
        if (lengthened) {
            const Message text = Message(msg::kSourceRunsLengthened)
                                     .arg(need, 0, 'f', 1)
                                     .arg(which)
                                     .arg(period, 0, 'g', 3)
                                     .arg(count);
            emit note(text);
            store(m_recorder->addEvent(QStringLiteral("plan"), text, steadyNs()));
        }
        break;
    }
    case RunLength::Kind::Seconds:
        if (m_settings.runLength.seconds < need)
            emitWarning(Message(msg::kSourceRunsShort)
                            .arg(m_settings.runLength.seconds, 0, 'g', 3)
                            .arg(which)
                            .arg(period, 0, 'g', 3)
                            .arg(count)
                            .arg(need, 0, 'f', 1));
        break;
    case RunLength::Kind::Iterations:
        // How long a run of a fixed count lasts is known only after it: a short one is flagged
        // in its figures (analysis_sources.cpp).
        break;
    }
}

std::vector<PowerSample> SessionRunner::sourceReadings(std::size_t source) const
{
    std::vector<PowerSample> out;
    const SourceState &state = m_sources[source];
    out.reserve(state.readings.size());
    for (const SourceState::Reading &r : state.readings) {
        PowerSample s;
        s.tSeconds = static_cast<double>(m_recorder->sinceOriginNs(r.hostNs)) / 1e9;
        s.intervalSeconds = r.spanSeconds;
        s.watts = r.watts;
        out.push_back(s);
    }
    return out;
}

void SessionRunner::analyseSources(RunRecord &run, const RunInput &in, SourceCache &cache) const
{
    if (!run.stored.analysis)
        return;
    run.stored.analysis->sources.clear();
    if (cache.readings.size() != m_sources.size()) {
        cache.readings.clear();
        for (std::size_t i = 0; i < m_sources.size(); ++i)
            cache.readings.push_back(sourceReadings(i));
    }
    for (std::size_t i = 0; i < m_sources.size(); ++i) {
        const SourceSetup &setup = m_dutSetup.sources[i];
        if (m_sources[i].startedHostNs < 0 && cache.readings[i].empty())
            continue; // refused: nothing to say of any run
        const std::vector<PowerSample> &readings = cache.readings[i];
        RunInput at = in;
        // Readings are missed against the source's own period: a gauge's refresh period.
        at.updateSeconds = setup.updateSeconds.value_or(
            setup.intervalSeconds > 0 ? setup.intervalSeconds : kSourceReadSeconds);
        const PinLevel level = run.plan.pinLevel();
        const std::tuple key{i, level.frequencyKHz, level.governor};
        auto windows = cache.windows.find(key);
        if (windows == cache.windows.end())
            windows = cache.windows.emplace(key, idleWindows(level, readings)).first;
        const IdleLevel idle = idleLevelAt(windows->second, in.windowStart, in.windowEnd);
        run.stored.analysis->sources.push_back(analyseSourceRun(
            setup.resource, at, readings, idle, kMinSourceReadings, *run.stored.analysis));
    }
}

} // namespace cipherwatt::core
