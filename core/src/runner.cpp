#include "messages.h"

#include <cipherwatt/core/runner.h>
#include <cipherwatt/instruments/acquisition.h>

#include <QDateTime>
#include <QJsonArray>
#include <QLoggingCategory>

#include <algorithm>
#include <cmath>
#include <set>

Q_LOGGING_CATEGORY(lcRunner, "cipherwatt.core.runner", QtWarningMsg)

namespace cipherwatt::core {

using namespace instruments;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QString runLabel(const PlannedRun &run)
{
    return QStringLiteral("%1/%2 %3 %4 B #%5")
        .arg(run.entry.cipher, run.entry.backend, run.entry.operation)
        .arg(run.bufferBytes)
        .arg(run.repeat);
}

QJsonObject identityJson(const Identity &id)
{
    return {{QStringLiteral("manufacturer"), id.manufacturer},
            {QStringLiteral("model"), id.model},
            {QStringLiteral("serial"), id.serial},
            {QStringLiteral("firmware"), id.firmware},
            {QStringLiteral("resource"), id.resource},
            {QStringLiteral("transport"), id.transport},
            {QStringLiteral("simulated"), id.simulated}};
}

QJsonObject rangeJson(const Range &r)
{
    return {{QStringLiteral("value"), r.value}, {QStringLiteral("auto"), r.automatic}};
}

void registerTypes()
{
    static const bool done = [] {
        qRegisterMetaType<RunUpdate>();
        qRegisterMetaType<BaselineResult>();
        qRegisterMetaType<SessionStatus>();
        qRegisterMetaType<PhaseKind>();
        return true;
    }();
    Q_UNUSED(done)
}

} // namespace

SessionRunner::SessionRunner(SessionSettings settings, RunnerOptions options, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_options(std::move(options))
    , m_timer(this) // children, so that moveToThread() takes them along
    , m_flushTimer(this)
{
    registerTypes();
    m_timer.setSingleShot(true);
    m_flushTimer.setInterval(1000);
    connect(&m_flushTimer, &QTimer::timeout, this, [this] {
        if (m_storage)
            store(m_storage->flush());
    });
}

SessionRunner::~SessionRunner() = default;

bool SessionRunner::store(const Result<void> &result)
{
    if (result)
        return true;
    fail(SessionStatus::Failed, english(msg::kStorageFailed).arg(result.error().message));
    return false;
}

template<typename T>
bool SessionRunner::store(const Result<T> &result)
{
    if (result)
        return true;
    fail(SessionStatus::Failed, english(msg::kStorageFailed).arg(result.error().message));
    return false;
}

double SessionRunner::sessionSeconds(qint64 hostNs) const
{
    return static_cast<double>(hostNs - m_originNs) / 1e9;
}

void SessionRunner::start()
{
    if (m_stage != Stage::Idle)
        return;
    m_stage = Stage::Preparing;
    m_meter = new MeterAcquisition(this);
    connect(m_meter, &MeterAcquisition::opened, this, &SessionRunner::onMeterOpened);
    connect(m_meter, &MeterAcquisition::configured, this, &SessionRunner::onMeterConfigured);
    connect(m_meter, &MeterAcquisition::sampleReady, this, &SessionRunner::onSample);
    connect(m_meter, &MeterAcquisition::failed, this, &SessionRunner::onMeterFailed);
    connect(m_meter, &MeterAcquisition::instrumentError, this, [this](const Error &e) {
        const QString text = english(msg::kMeterReports).arg(e.message);
        emit warning(text);
        if (m_storage && m_sessionId > 0)
            store(m_storage->addEvent(m_sessionId,
                                      {steadyNs() - m_originNs, QStringLiteral("meter"), text}));
    });
    emit phaseChanged(PhaseKind::Prepare, english(msg::kPhaseConnecting), 0.0, 0.0);
    m_meter->open(m_settings.meterResource, m_options.meterOptions);
}

void SessionRunner::onMeterOpened(const Identity &identity, const Capabilities &capabilities)
{
    m_identity = identity;
    m_capabilities = capabilities;
    const auto &elements = capabilities.model.elements;
    if (std::find(elements.begin(), elements.end(), m_settings.dutElement) == elements.end()) {
        QStringList have;
        for (const int e : elements)
            have << QString::number(e);
        m_rejectedSettings = true;
        fail(SessionStatus::Failed, english(msg::kNoSuchElement)
                                        .arg(m_settings.dutElement)
                                        .arg(identity.model, have.join(QStringLiteral(", "))));
        return;
    }
    if (identity.simulated)
        emit note(english(msg::kSimulatedMeter).arg(identity.describe()));
    MeterConfig config;
    config.interval = std::chrono::milliseconds(100);
    config.elements = {m_settings.dutElement};
    config.functions = {Function::U, Function::I, Function::P, Function::S, Function::Lambda};
    config.integration = m_settings.integrator;
    config.format = NumericFormat::Float;
    m_meter->configure(config);
}

void SessionRunner::onMeterConfigured(const AppliedConfig &applied)
{
    m_applied = applied;
    for (std::size_t k = 0; k < applied.items.size(); ++k) {
        const Item &item = applied.items[k];
        if (item.element != m_settings.dutElement)
            continue;
        if (item.function == Function::P)
            m_powerItem = static_cast<int>(k);
        else if (item.function == Function::WH)
            m_energyItem = static_cast<int>(k);
    }
    m_accuracy.ofReading = m_capabilities.powerAccuracyOfReading;
    m_accuracy.ofRange = m_capabilities.powerAccuracyOfRange;
    m_accuracy.powerRangeWatts = applied.voltageRange.value * applied.currentRange.value;
    QJsonArray items;
    for (const Item &item : applied.items)
        items.append(itemHeader(item));
    m_meterJson = {{QStringLiteral("description"), m_identity.describe()},
                   {QStringLiteral("identity"), identityJson(m_identity)},
                   {QStringLiteral("element"), m_settings.dutElement},
                   {QStringLiteral("interval_ms"), static_cast<qint64>(applied.interval.count())},
                   {QStringLiteral("mode"), measurementModeName(applied.mode)},
                   {QStringLiteral("voltage_range"), rangeJson(applied.voltageRange)},
                   {QStringLiteral("current_range"), rangeJson(applied.currentRange)},
                   {QStringLiteral("power_range_w"), m_accuracy.powerRangeWatts},
                   {QStringLiteral("accuracy_of_reading"), m_accuracy.ofReading},
                   {QStringLiteral("accuracy_of_range"), m_accuracy.ofRange},
                   {QStringLiteral("averaging"), applied.averaging},
                   {QStringLiteral("items"), items},
                   {QStringLiteral("warnings"), QJsonArray::fromStringList(applied.warnings)}};
    for (const QString &w : applied.warnings)
        emit warning(english(msg::kMeterWarning).arg(w));

    Dut::LinkFactory factory = m_options.linkFactory;
    if (!factory) {
        auto resource = DutResource::parse(m_settings.dutResource);
        if (!resource) {
            fail(SessionStatus::Failed, resource.error().message);
            return;
        }
        if (resource->kind != DutResource::Kind::Local) {
            fail(SessionStatus::Failed, english(msg::kNoSshLink).arg(m_settings.dutResource));
            return;
        }
        const LocalWorkerOptions local = m_options.localWorker;
        factory = [local] { return makeLocalWorkerLink(local); };
    }
    m_linkFactory = std::move(factory);
    startDut();
}

void SessionRunner::startDut()
{
    if (m_dut != nullptr)
        m_dut->deleteLater();
    m_workerCrashed = false;
    m_dut = new Dut(m_linkFactory, this);
    connect(m_dut, &Dut::ready, this, &SessionRunner::onDutReady);
    connect(m_dut, &Dut::crashed, this, [this] { m_workerCrashed = true; });
    connect(m_dut, &Dut::event, this, &SessionRunner::onDutEvent);
    connect(m_dut, &Dut::failed, this, [this](const QString &reason) {
        fail(SessionStatus::Failed, english(msg::kDutFailed).arg(m_settings.dutResource, reason));
    });
    connect(m_dut, &Dut::finished, this, &SessionRunner::onDutFinished);
    // What the link did before the worker ran (host key accepted, worker uploaded): shown, and
    // kept with the DUT's description.
    connect(m_dut, &Dut::note, this, [this](const QString &text) {
        m_linkNotes << text;
        emit note(english(msg::kDutMessage).arg(text));
    });
    connect(m_dut, &Dut::diagnostic, this, [this](const QString &text) {
        qCInfo(lcRunner) << "worker:" << text;
        if (m_storage && m_sessionId > 0)
            store(m_storage->addEvent(m_sessionId,
                                      {steadyNs() - m_originNs, QStringLiteral("dut"), text}));
    });
    m_dut->start();
}

void SessionRunner::onDutReady(const QJsonObject &hello, qint64 hostNs)
{
    if (m_restarting) {
        // A new worker after a crash: it restored the governor its predecessor pinned (from the
        // journal); pin again and go on with the next run.
        m_restarting = false;
        m_dutGone = false;
        store(m_storage->addEvent(
            m_sessionId, {hostNs - m_originNs, QStringLiteral("dut"), english(msg::kNewWorker)}));
        if (m_pinned) {
            m_resumeAfterPin = true;
            pin();
        } else {
            nextRun();
        }
        return;
    }
    const QString version = hello[QStringLiteral("version")].toString();
    if (version != QLatin1String(CIPHERWATT_VERSION)) {
        fail(SessionStatus::Failed,
             english(msg::kWorkerVersion)
                 .arg(m_settings.dutResource, version, QLatin1String(CIPHERWATT_VERSION)));
        return;
    }
    const QJsonObject system = hello[QStringLiteral("system")].toObject();
    // The resource as written, or normalised (`ssh://lab@pi4:22`) for an SSH DUT.
    const auto resource = DutResource::parse(m_settings.dutResource);
    const QString where = resource ? resource->toString() : m_settings.dutResource;
    m_dutJson = {{QStringLiteral("resource"), m_settings.dutResource},
                 {QStringLiteral("link"), m_dut->description()},
                 {QStringLiteral("worker_version"), version},
                 {QStringLiteral("worker_path"), hello[QStringLiteral("executable")]},
                 {QStringLiteral("protocol"), hello[QStringLiteral("protocol")]},
                 {QStringLiteral("system"), system},
                 {QStringLiteral("description"),
                  QStringLiteral("%1: %2 (%3 cores, %4)")
                      .arg(where, system[QStringLiteral("cpu_model")].toString())
                      .arg(system[QStringLiteral("logical_cores")].toInt())
                      .arg(system[QStringLiteral("architecture")].toString())}};
    // Who and where, never how: no key, passphrase or password is recorded.
    if (resource && resource->kind == DutResource::Kind::Ssh) {
        m_dutJson[QStringLiteral("host")] = resource->host;
        m_dutJson[QStringLiteral("port")] = resource->port;
        m_dutJson[QStringLiteral("user")] = resource->user;
    }
    if (!m_linkNotes.isEmpty())
        m_dutJson[QStringLiteral("link_notes")] = QJsonArray::fromStringList(m_linkNotes);
    if (hello.contains(QStringLiteral("replaced_worker")))
        emit note(
            english(msg::kEarlierWorker).arg(hello[QStringLiteral("replaced_worker")].toInteger()));
    for (const QJsonValue &w : system[QStringLiteral("warnings")].toArray())
        emit warning(english(msg::kDutMessage).arg(w.toString()));
    m_pendingCommand = m_dut->send({{QStringLiteral("cmd"), QStringLiteral("list")}});
}

void SessionRunner::onDutEvent(const QJsonObject &event, qint64 hostNs)
{
    const QString kind = event[QStringLiteral("event")].toString();
    const int id = event[QStringLiteral("id")].toInt();
    if (kind == QLatin1String("list") && id == m_pendingCommand) {
        onCatalogue(event);
    } else if (kind == QLatin1String("selftest") && id == m_pendingCommand) {
        onSelfTest(event);
    } else if (kind == QLatin1String("governor") && id == m_pendingCommand) {
        onGovernor(event);
    } else if (kind == QLatin1String("run_start") && id == m_activeRunCommand) {
        onRunStart(event, hostNs);
    } else if (kind == QLatin1String("progress") && id == m_activeRunCommand) {
        onRunProgress(event);
    } else if (kind == QLatin1String("run_end") && id == m_activeRunCommand) {
        onRunEnd(event, hostNs);
    } else if (kind == QLatin1String("error")) {
        const QString message = event[QStringLiteral("message")].toString();
        if (id != 0 && id == m_activeRunCommand) {
            onRunError(message);
        } else if (id != 0 && id == m_pendingCommand && m_stage == Stage::Pinning) {
            // Pinning that fails is recorded and shown, and the session goes on unpinned.
            m_dutJson[QStringLiteral("pinning")] =
                QJsonObject{{QStringLiteral("applied"), false}, {QStringLiteral("error"), message}};
            emit warning(english(msg::kPinningFailed).arg(message));
            if (m_storage)
                store(m_storage->addEvent(m_sessionId,
                                          {hostNs - m_originNs, QStringLiteral("warning"),
                                           english(msg::kPinningFailed).arg(message)}));
            store(m_storage->setSessionJson(m_sessionId, "dut", m_dutJson));
            m_pendingCommand = 0;
            if (m_cancelRequested)
                restore();
            else if (m_resumeAfterPin)
                resumeRuns();
            else
                nextPilot();
        } else if (id != 0 && id == m_pendingCommand && m_stage == Stage::Restoring) {
            emit warning(english(msg::kRestoreFailed).arg(message));
            m_dutJson[QStringLiteral("restore")] = QJsonObject{{QStringLiteral("restored"), false},
                                                               {QStringLiteral("error"), message}};
            m_pendingCommand = 0;
            finalize();
        } else if (id != 0 && id == m_pendingCommand) {
            fail(SessionStatus::Failed, english(msg::kDutMessage).arg(message));
        } else {
            emit warning(english(msg::kDutMessage).arg(message));
        }
    } else if (kind == QLatin1String("governor") && id == 0) {
        // A restore the worker did on its own (a journal left by an earlier worker).
        emit note(english(msg::kJournalRestored));
    }
}

void SessionRunner::onCatalogue(const QJsonObject &event)
{
    m_pendingCommand = 0;
    m_catalogue = parseCatalogue(event[QStringLiteral("ciphers")].toArray());
    auto entries = resolvePlan(m_settings.planSpec, m_catalogue);
    if (!entries) {
        m_rejectedSettings = true;
        fail(SessionStatus::Failed, entries.error().message);
        return;
    }
    m_plan = expandPlan(*entries, m_catalogue, m_settings.bufferSizes, m_settings.repeats);
    QJsonArray ciphers;
    std::set<QString> seen;
    for (const PlannedRun &r : m_plan) {
        if (!r.entry.isCommand() && seen.insert(r.entry.cipher).second)
            ciphers.append(r.entry.cipher);
    }
    if (ciphers.isEmpty()) {
        onSelfTest({}); // only external commands: no cipher to vouch for
        return;
    }
    emit phaseChanged(PhaseKind::Prepare, english(msg::kPhaseSelfTest), 0.0, 0.0);
    m_pendingCommand = m_dut->send({{QStringLiteral("cmd"), QStringLiteral("selftest")},
                                    {QStringLiteral("ciphers"), ciphers}});
}

void SessionRunner::onSelfTest(const QJsonObject &event)
{
    m_pendingCommand = 0;
    // Which (cipher, backend) may be measured: its known-answer vectors passed on the DUT and
    // its instruction-set paths agree with the portable one.
    std::set<std::pair<QString, QString>> failed;
    for (const QJsonValue &v : event[QStringLiteral("results")].toArray()) {
        const QJsonObject r = v.toObject();
        if (r[QStringLiteral("status")].toString() == QLatin1String("failed"))
            failed.insert(
                {r[QStringLiteral("cipher")].toString(), r[QStringLiteral("backend")].toString()});
    }
    for (const QJsonValue &v : event[QStringLiteral("results")].toArray()) {
        const QJsonObject r = v.toObject();
        if (r[QStringLiteral("status")].toString() == QLatin1String("unavailable"))
            for (const QJsonValue &m : r[QStringLiteral("messages")].toArray())
                emit warning(m.toString());
    }
    for (const QJsonValue &v : event[QStringLiteral("isa_agreement")].toArray()) {
        const QJsonObject r = v.toObject();
        if (!r[QStringLiteral("agreed")].toBool())
            failed.insert(
                {r[QStringLiteral("cipher")].toString(), r[QStringLiteral("backend")].toString()});
    }
    m_dutJson[QStringLiteral("self_test")] = event;
    m_runStatus.assign(m_plan.size(), QStringLiteral("planned"));
    for (std::size_t i = 0; i < m_plan.size(); ++i) {
        const PlanEntry &e = m_plan[i].entry;
        if (failed.count({e.cipher, e.backend}) != 0 ||
            failed.count({e.cipher, QStringLiteral("*")}) != 0) {
            m_runStatus[i] = QStringLiteral("skipped");
            const QString which = QStringLiteral("%1 (%2)").arg(e.cipher, e.backend);
            if (!m_failedKat.contains(which))
                m_failedKat << which;
        }
    }
    for (const QString &which : m_failedKat)
        emit warning(english(msg::kKatFailedWarning).arg(which));
    if (!createSession())
        return;
    const bool any = std::any_of(m_runStatus.begin(), m_runStatus.end(),
                                 [](const QString &s) { return s == QLatin1String("planned"); });
    if (!any) {
        fail(SessionStatus::Failed,
             english(msg::kNoCipherPassed).arg(m_failedKat.join(QStringLiteral(", "))));
        return;
    }
    pin();
}

bool SessionRunner::createSession()
{
    const QString path =
        m_options.databasePath.isEmpty() ? Storage::defaultPath() : m_options.databasePath;
    auto storage = Storage::open(path);
    if (!storage) {
        fail(SessionStatus::Failed, storage.error().message);
        return false;
    }
    m_storage = std::move(*storage);
    m_originNs = steadyNs();
    const qint64 originUtc = QDateTime::currentMSecsSinceEpoch();
    auto id = m_storage->createSession(m_settings, m_meterJson, m_dutJson, originUtc,
                                       m_identity.simulated);
    if (!id) {
        m_storage.reset();
        fail(SessionStatus::Failed, id.error().message);
        return false;
    }
    m_sessionId = *id;
    m_iterations.assign(m_plan.size(), 0);
    m_expectedSeconds.assign(m_plan.size(), 0.0);
    m_results.assign(m_plan.size(), {});
    m_windows.assign(m_plan.size(), {-1, -1});
    m_runStartNs.assign(m_plan.size(), -1);
    m_runEndNs.assign(m_plan.size(), -1);
    m_runErrors.assign(m_plan.size(), QString());
    m_requests.assign(m_plan.size(), QJsonObject());
    m_analyses.assign(m_plan.size(), std::nullopt);
    for (std::size_t i = 0; i < m_plan.size(); ++i) {
        const PlannedRun &p = m_plan[i];
        StoredRun run;
        run.ordinal = p.ordinal;
        run.cipher = p.entry.cipher;
        run.backend = p.entry.backend;
        run.operation = p.entry.operation;
        run.bufferBytes = static_cast<qint64>(p.bufferBytes);
        run.repeat = p.repeat;
        run.status = m_runStatus[i];
        if (run.status == QLatin1String("skipped"))
            run.error = english(msg::kKatFailedRun);
        m_runErrors[i] = run.error;
        auto runId = m_storage->addRun(m_sessionId, run);
        if (!store(runId))
            return false;
        m_runIds.push_back(*runId);
        if (run.status == QLatin1String("skipped"))
            saveRun(i);
        switch (m_settings.runLength.kind) {
        case RunLength::Kind::Iterations:
            m_iterations[i] = m_settings.runLength.iterations;
            break;
        case RunLength::Kind::Seconds:
            m_expectedSeconds[i] = m_settings.runLength.seconds;
            break;
        case RunLength::Kind::Automatic:
            m_expectedSeconds[i] = m_settings.minUpdates * 0.1;
            break;
        }
    }
    emit sessionCreated(m_sessionId);
    emit prepared(m_meterJson, m_dutJson, static_cast<int>(m_plan.size()));
    m_flushTimer.start();
    // The integrator runs from here, so every sample carries the energy so far.
    if (m_settings.integrator) {
        m_meter->integrate(IntegrationCommand::Reset);
        m_meter->integrate(IntegrationCommand::Start);
    }
    m_meter->start();
    beginPhase(PhaseKind::Prepare, english(msg::kPhasePrepared), 0, 0.0);
    return true;
}

void SessionRunner::beginPhase(PhaseKind kind, const QString &label, qint64 runId,
                               double plannedSeconds)
{
    const qint64 now = steadyNs() - m_originNs;
    if (m_phaseId > 0)
        store(m_storage->endPhase(m_phaseId, now));
    auto id = m_storage->beginPhase(m_sessionId, kind, label, runId, now);
    if (!store(id))
        return;
    m_phaseId = *id;
    m_phase = kind;
    m_phaseRunId = runId;
    m_phases.push_back({now, m_phaseId, runId, kind});
    m_stageStartSeconds = static_cast<double>(now) / 1e9;
    emit phaseChanged(kind, label, m_stageStartSeconds, plannedSeconds);
    reportProgress();
}

void SessionRunner::pin()
{
    if (m_cancelRequested) {
        restore();
        return;
    }
    if (!m_settings.pinGovernor) {
        m_dutJson[QStringLiteral("pinning")] =
            QJsonObject{{QStringLiteral("applied"), false},
                        {QStringLiteral("error"), english(msg::kNotRequested)}};
        store(m_storage->setSessionJson(m_sessionId, "dut", m_dutJson));
        emit warning(english(msg::kNotPinned));
        nextPilot();
        return;
    }
    m_stage = Stage::Pinning;
    beginPhase(PhaseKind::Pin, english(msg::kPhasePin), 0, 0.0);
    m_pendingCommand = m_dut->send({{QStringLiteral("cmd"), QStringLiteral("governor")},
                                    {QStringLiteral("action"), QStringLiteral("pin")},
                                    {QStringLiteral("fix_frequency"), m_settings.fixFrequency},
                                    {QStringLiteral("disable_turbo"), m_settings.disableTurbo}});
}

void SessionRunner::onGovernor(const QJsonObject &event)
{
    m_pendingCommand = 0;
    const QString action = event[QStringLiteral("action")].toString();
    const QJsonObject result = event[QStringLiteral("result")].toObject();
    if (action == QLatin1String("pin")) {
        m_pinned = true;
        QJsonObject pinning = result;
        pinning[QStringLiteral("applied_ok")] =
            result[QStringLiteral("mismatches")].toArray().isEmpty();
        m_dutJson[QStringLiteral("pinning")] = pinning;
        for (const QJsonValue &m : result[QStringLiteral("mismatches")].toArray())
            emit warning(english(msg::kGovernorMismatch).arg(m.toString()));
        store(m_storage->setSessionJson(m_sessionId, "dut", m_dutJson));
        if (m_cancelRequested)
            restore();
        else if (m_resumeAfterPin)
            resumeRuns();
        else
            nextPilot();
    } else if (action == QLatin1String("restore")) {
        m_pinned = false;
        m_dutJson[QStringLiteral("restore")] = result;
        finalize();
    }
}

// Automatic run lengths: a short pilot run per distinct (cipher, backend, operation, buffer)
// measures the rate; the run then gets enough iterations to span minUpdates updates plus the
// two boundary updates that cannot count.
void SessionRunner::nextPilot()
{
    if (m_cancelRequested) {
        restore();
        return;
    }
    if (m_settings.runLength.kind != RunLength::Kind::Automatic) {
        startBaseline();
        return;
    }
    while (m_pilotIndex < m_plan.size() &&
           (m_runStatus[m_pilotIndex] != QLatin1String("planned") ||
            m_iterations[m_pilotIndex] > 0 || m_plan[m_pilotIndex].entry.isCommand()))
        ++m_pilotIndex;
    if (m_pilotIndex >= m_plan.size()) {
        startBaseline();
        return;
    }
    if (m_stage != Stage::Planning) {
        m_stage = Stage::Planning;
        beginPhase(PhaseKind::Plan, english(msg::kPhasePilot), 0, 0.0);
    }
    const PlannedRun &p = m_plan[m_pilotIndex];
    QJsonObject command{{QStringLiteral("cmd"), QStringLiteral("run")},
                        {QStringLiteral("cipher"), p.entry.cipher},
                        {QStringLiteral("backend"), p.entry.backend},
                        {QStringLiteral("op"), p.entry.operation},
                        {QStringLiteral("buffer"), static_cast<qint64>(p.bufferBytes)},
                        {QStringLiteral("seconds"), m_options.pilotSeconds}};
    if (m_settings.cpu >= 0)
        command[QStringLiteral("cpu")] = m_settings.cpu;
    m_activeRunCommand = m_dut->send(command);
}

void SessionRunner::startBaseline()
{
    m_stage = Stage::Baseline;
    beginPhase(PhaseKind::Baseline, english(msg::kPhaseBaseline), 0, m_settings.baselineSeconds);
    m_baselineStart = m_stageStartSeconds;
    m_timer.disconnect();
    connect(&m_timer, &QTimer::timeout, this, [this] {
        m_baselineEnd = sessionSeconds(steadyNs());
        m_baseline = analyseBaseline(powerSamples(), m_baselineStart, m_baselineEnd,
                                     m_settings.driftThreshold);
        emit baselineMeasured(*m_baseline);
        if (m_baseline->stats.count == 0) {
            fail(SessionStatus::Failed, english(msg::kNoBaselineUpdate));
            return;
        }
        if (m_baseline->drifting)
            emit warning(english(msg::kBaselineDrifts)
                             .arg(m_baseline->driftWatts, 0, 'f', 4)
                             .arg(m_baseline->seconds, 0, 'f', 0));
        m_runIndex = 0;
        nextRun();
    });
    m_timer.start(static_cast<int>(std::lround(m_settings.baselineSeconds * 1000.0)));
}

void SessionRunner::nextRun()
{
    if (m_cancelRequested) {
        restore();
        return;
    }
    while (m_runIndex < m_plan.size() && m_runStatus[m_runIndex] != QLatin1String("planned"))
        ++m_runIndex;
    if (m_runIndex >= m_plan.size()) {
        startPostBaseline();
        return;
    }
    if (m_settings.settleSeconds > 0) {
        m_stage = Stage::Settling;
        beginPhase(PhaseKind::Settle, english(msg::kPhaseSettle), 0, m_settings.settleSeconds);
        m_timer.disconnect();
        connect(&m_timer, &QTimer::timeout, this, &SessionRunner::startRun);
        m_timer.start(static_cast<int>(std::lround(m_settings.settleSeconds * 1000.0)));
    } else {
        startRun();
    }
}

void SessionRunner::startRun()
{
    if (m_cancelRequested) {
        restore();
        return;
    }
    m_stage = Stage::Running;
    const PlannedRun &p = m_plan[m_runIndex];
    beginPhase(PhaseKind::Run, runLabel(p), m_runIds[m_runIndex], m_expectedSeconds[m_runIndex]);
    if (p.entry.isCommand()) {
        // An external program on the DUT: argument vector, no shell, bounded by a timeout.
        QJsonObject exec{{QStringLiteral("cmd"), QStringLiteral("exec")},
                         {QStringLiteral("label"), p.entry.cipher.mid(4)},
                         {QStringLiteral("argv"), QJsonArray::fromStringList(p.entry.command)},
                         {QStringLiteral("timeout"), m_options.commandTimeoutSeconds}};
        if (p.entry.commandBytes > 0)
            exec[QStringLiteral("bytes")] = p.entry.commandBytes;
        if (m_settings.cpu >= 0)
            exec[QStringLiteral("cpu")] = m_settings.cpu;
        m_activeRunCommand = m_dut->send(exec);
        m_runStatus[m_runIndex] = QStringLiteral("running");
        m_requests[m_runIndex] = exec;
        saveRun(m_runIndex);
        emit runUpdated(updateFor(m_runIndex));
        return;
    }
    QJsonObject command{{QStringLiteral("cmd"), QStringLiteral("run")},
                        {QStringLiteral("cipher"), p.entry.cipher},
                        {QStringLiteral("backend"), p.entry.backend},
                        {QStringLiteral("op"), p.entry.operation},
                        {QStringLiteral("buffer"), static_cast<qint64>(p.bufferBytes)}};
    if (m_iterations[m_runIndex] > 0)
        command[QStringLiteral("iterations")] = static_cast<qint64>(m_iterations[m_runIndex]);
    else
        command[QStringLiteral("seconds")] = m_expectedSeconds[m_runIndex];
    if (m_settings.cpu >= 0)
        command[QStringLiteral("cpu")] = m_settings.cpu;
    m_activeRunCommand = m_dut->send(command);
    m_runStatus[m_runIndex] = QStringLiteral("running");
    m_requests[m_runIndex] = command;
    saveRun(m_runIndex);
    emit runUpdated(updateFor(m_runIndex));
}

void SessionRunner::onRunStart(const QJsonObject &, qint64 hostNs)
{
    if (m_stage == Stage::Planning)
        return;
    m_runStartNs[m_runIndex] = hostNs - m_originNs;
    saveRun(m_runIndex);
    emit runUpdated(updateFor(m_runIndex));
}

void SessionRunner::onRunProgress(const QJsonObject &event)
{
    if (m_stage == Stage::Planning)
        return;
    RunUpdate u = updateFor(m_runIndex);
    u.elapsedSeconds = event[QStringLiteral("seconds")].toDouble();
    u.bytes = static_cast<quint64>(event[QStringLiteral("bytes")].toInteger());
    emit runUpdated(u);
    reportProgress();
}

void SessionRunner::onRunEnd(const QJsonObject &event, qint64 hostNs)
{
    m_activeRunCommand = 0;
    const QJsonObject result = event[QStringLiteral("result")].toObject();
    if (m_stage == Stage::Planning) {
        const double seconds = result[QStringLiteral("seconds")].toDouble();
        const auto iterations =
            static_cast<double>(result[QStringLiteral("iterations")].toInteger());
        const PlannedRun &pilot = m_plan[m_pilotIndex];
        const double interval = static_cast<double>(m_applied.interval.count()) / 1000.0;
        // Headroom over the updates asked for: the pilot is short, and a run that goes slower
        // than it did (other load, a warmer CPU) must still span them.
        const double target = (m_settings.minUpdates * 1.15 + 3) * interval;
        const double rate = seconds > 0 ? iterations / seconds : 0;
        const auto n = static_cast<std::uint64_t>(std::max(1.0, std::ceil(rate * target)));
        for (std::size_t i = 0; i < m_plan.size(); ++i) {
            const PlannedRun &p = m_plan[i];
            if (p.entry.cipher == pilot.entry.cipher && p.entry.backend == pilot.entry.backend &&
                p.entry.operation == pilot.entry.operation && p.bufferBytes == pilot.bufferBytes) {
                m_iterations[i] = n;
                m_expectedSeconds[i] = target;
            }
        }
        store(m_storage->addEvent(m_sessionId, {hostNs - m_originNs, QStringLiteral("plan"),
                                                english(msg::kPilot)
                                                    .arg(runLabel(pilot))
                                                    .arg(static_cast<qint64>(iterations))
                                                    .arg(seconds, 0, 'f', 3)
                                                    .arg(n)
                                                    .arg(target, 0, 'f', 1)}));
        nextPilot();
        return;
    }
    const std::size_t index = m_runIndex;
    const qint64 endNs = hostNs - m_originNs;
    const double seconds = result[QStringLiteral("seconds")].toDouble();
    // The worker's measured loop ends just before run_end leaves it (only the decrypt(encrypt)
    // check is in between) and lasted `seconds`: that window is what the samples must lie in.
    m_windows[index] = {endNs - static_cast<qint64>(std::llround(seconds * 1e9)), endNs};
    m_results[index] = result;
    const bool cancelled =
        result[QStringLiteral("cancelled")].toBool() ||
        result[QStringLiteral("status")].toString() == QLatin1String("cancelled");
    m_runStatus[index] = cancelled ? QStringLiteral("cancelled") : QStringLiteral("done");
    // An external program that failed (non-zero exit, a signal, its timeout) is kept with its
    // output, and never measured.
    if (result[QStringLiteral("kind")].toString() == QLatin1String("exec") && !cancelled &&
        !result[QStringLiteral("verified")].toBool()) {
        m_runStatus[index] = QStringLiteral("failed");
        m_runErrors[index] = result[QStringLiteral("failure")].toString();
        if (m_runErrors[index].isEmpty())
            m_runErrors[index] =
                english(msg::kProgramFailed).arg(result[QStringLiteral("status")].toString());
        emit warning(QStringLiteral("%1: %2").arg(runLabel(m_plan[index]), m_runErrors[index]));
    }
    m_runEndNs[index] = endNs;
    saveRun(index);
    emit runUpdated(updateFor(index));
    // The live result, once the update that ends after the loop has arrived.
    const int delay = static_cast<int>(m_applied.interval.count()) * 2 + 50;
    QTimer::singleShot(delay, this, [this, index] {
        if (!m_baseline || m_finished)
            return;
        m_analyses[index] = analyseRun(runInput(index), powerSamples(), *m_baseline, m_accuracy,
                                       m_settings.minUpdates);
        emit runUpdated(updateFor(index));
    });
    ++m_runIndex;
    nextRun();
}

RunInput SessionRunner::runInput(std::size_t index) const
{
    const QJsonObject &r = m_results[index];
    RunInput in;
    in.windowStart = static_cast<double>(m_windows[index].first) / 1e9;
    in.windowEnd = static_cast<double>(m_windows[index].second) / 1e9;
    in.seconds = r[QStringLiteral("seconds")].toDouble();
    in.bytes = static_cast<std::uint64_t>(r[QStringLiteral("bytes")].toInteger());
    in.operations = static_cast<std::uint64_t>(r[QStringLiteral("iterations")].toInteger());
    in.cycles = static_cast<std::uint64_t>(r[QStringLiteral("cycles")].toInteger());
    in.counter = r[QStringLiteral("counter")].toString();
    return in;
}

void SessionRunner::onRunError(const QString &message)
{
    m_activeRunCommand = 0;
    if (m_stage == Stage::Planning) {
        // The pilot failed: so would the run. Mark every run of that kind.
        const PlannedRun pilot = m_plan[m_pilotIndex];
        for (std::size_t i = 0; i < m_plan.size(); ++i) {
            const PlannedRun &p = m_plan[i];
            if (p.entry.cipher == pilot.entry.cipher && p.entry.backend == pilot.entry.backend &&
                p.entry.operation == pilot.entry.operation && p.bufferBytes == pilot.bufferBytes) {
                m_runStatus[i] = QStringLiteral("failed");
                m_runErrors[i] = message;
                saveRun(i);
            }
        }
        emit warning(QStringLiteral("%1: %2").arg(runLabel(pilot), message));
        nextPilot();
        return;
    }
    m_runStatus[m_runIndex] = QStringLiteral("failed");
    m_runErrors[m_runIndex] = message;
    saveRun(m_runIndex);
    RunUpdate u = updateFor(m_runIndex);
    u.error = message;
    emit runUpdated(u);
    emit warning(english(msg::kRunFailed).arg(runLabel(m_plan[m_runIndex]), message));
    ++m_runIndex;
    nextRun();
}

void SessionRunner::resumeRuns()
{
    m_resumeAfterPin = false;
    nextRun();
}

void SessionRunner::startPostBaseline()
{
    if (m_settings.postBaselineSeconds <= 0 || m_cancelRequested) {
        restore();
        return;
    }
    m_stage = Stage::PostBaseline;
    beginPhase(PhaseKind::PostBaseline, english(msg::kPhasePostBaseline), 0,
               m_settings.postBaselineSeconds);
    m_postStart = m_stageStartSeconds;
    m_timer.disconnect();
    connect(&m_timer, &QTimer::timeout, this, [this] {
        m_postEnd = sessionSeconds(steadyNs());
        restore();
    });
    m_timer.start(static_cast<int>(std::lround(m_settings.postBaselineSeconds * 1000.0)));
}

void SessionRunner::restore()
{
    if (m_stage == Stage::Restoring || m_stage == Stage::Done)
        return;
    // A run still in the worker: its end (cancelled) comes first, then this again.
    if (m_activeRunCommand != 0 && !m_dutGone)
        return;
    m_timer.stop();
    m_stage = Stage::Restoring;
    if (!m_pinned || m_dutGone || !m_dut) {
        finalize();
        return;
    }
    beginPhase(PhaseKind::Restore, english(msg::kPhaseRestore), 0, 0.0);
    m_pendingCommand = m_dut->send({{QStringLiteral("cmd"), QStringLiteral("governor")},
                                    {QStringLiteral("action"), QStringLiteral("restore")}});
}

std::vector<PowerSample> SessionRunner::powerSamples() const
{
    std::vector<PowerSample> out;
    out.reserve(m_samples.size());
    for (const StoredSample &s : m_samples) {
        PowerSample p;
        p.tSeconds = static_cast<double>(s.tNs) / 1e9;
        p.intervalSeconds = static_cast<double>(s.intervalMs) / 1000.0;
        p.watts = s.power;
        p.valid = std::isfinite(s.power);
        p.duplicate = (s.flags & SampleFlag::Duplicate) != 0;
        p.missedBefore = s.missedBefore;
        p.wattHours = s.wattHours;
        out.push_back(p);
    }
    return out;
}

void SessionRunner::finalize()
{
    if (m_stage == Stage::Done)
        return;
    m_stage = Stage::Done;
    m_timer.stop();
    if (m_meter)
        m_meter->stop();
    const qint64 now = steadyNs() - m_originNs;
    if (m_phaseId > 0)
        store(m_storage->endPhase(m_phaseId, now));

    // The analysis, from everything measured.
    const std::vector<PowerSample> samples = powerSamples();
    QJsonObject analysis;
    if (m_baselineEnd > 0 || m_baseline) {
        if (m_baselineEnd == 0)
            m_baselineEnd = static_cast<double>(now) / 1e9;
        m_baseline =
            analyseBaseline(samples, m_baselineStart, m_baselineEnd, m_settings.driftThreshold);
        analysis[QStringLiteral("baseline")] =
            QJsonObject{{QStringLiteral("start_s"), m_baselineStart},
                        {QStringLiteral("end_s"), m_baselineEnd},
                        {QStringLiteral("count"), m_baseline->stats.count},
                        {QStringLiteral("excluded"), m_baseline->excluded},
                        {QStringLiteral("mean_w"), m_baseline->stats.mean},
                        {QStringLiteral("sd_w"), m_baseline->stats.sd},
                        {QStringLiteral("standard_error_w"), m_baseline->stats.standardError},
                        {QStringLiteral("lag1"), m_baseline->stats.lag1},
                        {QStringLiteral("drift_w_per_h"), m_baseline->driftWattsPerHour},
                        {QStringLiteral("drift_se_w_per_h"), m_baseline->driftStandardError},
                        {QStringLiteral("drift_w"), m_baseline->driftWatts},
                        {QStringLiteral("drifting"), m_baseline->drifting}};
    }
    if (m_postEnd > m_postStart) {
        const BaselineResult post =
            analyseBaseline(samples, m_postStart, m_postEnd, m_settings.driftThreshold);
        QJsonObject p{{QStringLiteral("start_s"), m_postStart},
                      {QStringLiteral("end_s"), m_postEnd},
                      {QStringLiteral("count"), post.stats.count},
                      {QStringLiteral("mean_w"), post.stats.mean},
                      {QStringLiteral("sd_w"), post.stats.sd},
                      {QStringLiteral("drift_w_per_h"), post.driftWattsPerHour}};
        if (m_baseline && post.stats.count > 0) {
            const double change = post.stats.mean - m_baseline->stats.mean;
            p[QStringLiteral("change_w")] = change;
            p[QStringLiteral("drifting")] =
                std::fabs(change) >
                std::max(m_settings.driftThreshold * std::fabs(m_baseline->stats.mean), 0.005);
        }
        analysis[QStringLiteral("post_baseline")] = p;
    }
    QJsonArray flags;
    if (m_baseline && m_baseline->drifting)
        flags.append(english(msg::kBaselineDriftsFlag));
    for (std::size_t i = 0; i < m_plan.size(); ++i) {
        if (m_runStatus[i] != QLatin1String("done") || !m_baseline)
            continue;
        m_analyses[i] =
            analyseRun(runInput(i), samples, *m_baseline, m_accuracy, m_settings.minUpdates);
        saveRun(i);
        emit runUpdated(updateFor(i));
        for (const QString &f : m_analyses[i]->flags)
            flags.append(QStringLiteral("%1: %2").arg(runLabel(m_plan[i]), f));
    }
    analysis[QStringLiteral("flags")] = flags;
    if (m_storage) {
        store(m_storage->setSessionJson(m_sessionId, "dut", m_dutJson));
        store(m_storage->setSessionJson(m_sessionId, "analysis", analysis));
    }
    if (m_cancelRequested && m_endStatus == SessionStatus::Complete) {
        m_endStatus = SessionStatus::Cancelled;
        m_endReason = english(msg::kCancelledByOperator);
    }
    end();
}

void SessionRunner::end()
{
    if (m_finished)
        return;
    m_finished = true;
    m_flushTimer.stop();
    m_timer.stop();
    if (m_storage && m_sessionId > 0) {
        (void)m_storage->flush();
        (void)m_storage->setStatus(m_sessionId, m_endStatus, m_endReason);
    }
    if (m_dut && !m_dutGone)
        m_dut->finish(); // end of input: the worker restores what it pinned and exits
    if (m_meter)
        m_meter->close();
    emit progress(1.0, 0.0);
    emit finished(m_endStatus, m_endReason);
}

void SessionRunner::cancel()
{
    if (m_finished || m_cancelRequested)
        return;
    m_cancelRequested = true;
    emit note(english(msg::kCancelling));
    if (m_sessionId == 0) {
        m_endStatus = SessionStatus::Cancelled;
        m_endReason = english(msg::kCancelledBeforeStart);
        end();
        return;
    }
    switch (m_stage) {
    case Stage::Running:
    case Stage::Planning:
        if (m_activeRunCommand != 0)
            m_dut->send({{QStringLiteral("cmd"), QStringLiteral("cancel")}});
        break; // run_end (cancelled) arrives, then nextRun() sees the request
    case Stage::Baseline:
    case Stage::Settling:
    case Stage::PostBaseline:
        if (m_stage == Stage::Baseline)
            m_baselineEnd = sessionSeconds(steadyNs());
        if (m_stage == Stage::PostBaseline)
            m_postEnd = sessionSeconds(steadyNs());
        restore();
        break;
    default:
        break; // pinning or restoring: their answers lead on
    }
}

void SessionRunner::onSample(const Sample &sample)
{
    if (m_sessionId == 0 || m_stage == Stage::Done)
        return;
    StoredSample s;
    s.tNs = sample.hostNs - m_originNs;
    // The phase is the one in force when the update ended, by time, not by arrival.
    const PhaseSpan *phase = nullptr;
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
               sample.states[static_cast<std::size_t>(k)] == ValueState::Valid;
    };
    s.power = valid(m_powerItem) ? sample.values[static_cast<std::size_t>(m_powerItem)] : kNaN;
    s.wattHours =
        valid(m_energyItem) ? sample.values[static_cast<std::size_t>(m_energyItem)] : kNaN;
    m_samples.push_back(s);
    if (!store(m_storage->addSample(m_sessionId, s)))
        return;
    emit sampleArrived(sample, static_cast<double>(s.tNs) / 1e9, s.power);
}

void SessionRunner::onMeterFailed(const Error &error)
{
    const QString reason =
        english(msg::kMeterFailed).arg(m_settings.meterResource, error.toString());
    // Before the session exists nothing is stored; once it streams, the link loss cuts it off.
    fail(m_sessionId == 0 ? SessionStatus::Failed : SessionStatus::Interrupted, reason);
}

void SessionRunner::onDutFinished(const QString &reason, bool clean)
{
    m_dutGone = true;
    if (m_stage == Stage::Done || m_finished)
        return;
    // A crash in cipher code (a plugin's bug) costs the run it happened in, not the session: a
    // new worker takes over (a link failure, or repeated crashes, still end the session).
    if (m_workerCrashed && m_stage == Stage::Running && m_activeRunCommand != 0 &&
        !m_cancelRequested && m_restarts < kMaxWorkerRestarts) {
        ++m_restarts;
        m_activeRunCommand = 0;
        m_runStatus[m_runIndex] = QStringLiteral("failed");
        m_runErrors[m_runIndex] = english(msg::kWorkerCrashedRun).arg(reason);
        saveRun(m_runIndex);
        emit runUpdated(updateFor(m_runIndex));
        emit warning(
            QStringLiteral("%1: %2").arg(runLabel(m_plan[m_runIndex]), m_runErrors[m_runIndex]));
        ++m_runIndex;
        m_restarting = true;
        startDut();
        return;
    }
    const QString why = english(msg::kDutFailed).arg(m_settings.dutResource, reason);
    if (m_activeRunCommand != 0 && m_runIndex < m_plan.size() && m_stage == Stage::Running) {
        m_runStatus[m_runIndex] = QStringLiteral("failed");
        m_runErrors[m_runIndex] = english(msg::kWorkerEndedRun).arg(reason);
        saveRun(m_runIndex);
        m_activeRunCommand = 0;
    }
    fail(clean ? SessionStatus::Failed : SessionStatus::Interrupted, why);
}

void SessionRunner::fail(SessionStatus status, const QString &reason)
{
    if (m_finished)
        return;
    qCInfo(lcRunner) << reason;
    if (m_endStatus == SessionStatus::Complete) {
        m_endStatus = status;
        m_endReason = reason;
    }
    if (m_sessionId == 0) {
        // Nothing is stored before the session exists.
        end();
        return;
    }
    if (m_stage == Stage::Done) {
        end();
        return;
    }
    m_cancelRequested = true;
    if (m_activeRunCommand != 0 && !m_dutGone)
        m_dut->send({{QStringLiteral("cmd"), QStringLiteral("cancel")}});
    if (m_dutGone)
        finalize();
    else
        restore();
}

double SessionRunner::plannedRunSeconds(std::size_t index) const
{
    return m_expectedSeconds[index] + m_settings.settleSeconds;
}

void SessionRunner::reportProgress()
{
    if (m_plan.empty())
        return;
    double total = m_settings.baselineSeconds + m_settings.postBaselineSeconds;
    double left = 0;
    const double now = sessionSeconds(steadyNs());
    for (std::size_t i = 0; i < m_plan.size(); ++i) {
        if (m_runStatus[i] == QLatin1String("skipped"))
            continue;
        total += plannedRunSeconds(i);
        if (m_runStatus[i] == QLatin1String("planned"))
            left += plannedRunSeconds(i);
        else if (m_runStatus[i] == QLatin1String("running"))
            left += std::max(0.0, plannedRunSeconds(i) - (now - m_stageStartSeconds));
    }
    switch (m_stage) {
    case Stage::Idle:
    case Stage::Preparing:
    case Stage::Pinning:
    case Stage::Planning:
        left += m_settings.baselineSeconds + m_settings.postBaselineSeconds;
        break;
    case Stage::Baseline:
        left += std::max(0.0, m_settings.baselineSeconds - (now - m_stageStartSeconds)) +
                m_settings.postBaselineSeconds;
        break;
    case Stage::Settling:
    case Stage::Running:
        left += m_settings.postBaselineSeconds;
        break;
    case Stage::PostBaseline:
        left += std::max(0.0, m_settings.postBaselineSeconds - (now - m_stageStartSeconds));
        break;
    default:
        break;
    }
    emit progress(total > 0 ? std::clamp(1.0 - left / total, 0.0, 1.0) : 0.0, left);
}

void SessionRunner::saveRun(std::size_t i)
{
    StoredRun run;
    run.id = m_runIds[i];
    run.status = m_runStatus[i];
    run.error = m_runErrors[i];
    run.startNs = m_runStartNs[i];
    run.endNs = m_runEndNs[i];
    run.windowStartNs = m_windows[i].first;
    run.windowEndNs = m_windows[i].second;
    run.request = m_requests[i];
    run.result = m_results[i];
    if (m_analyses[i])
        run.analysis = toJson(*m_analyses[i]);
    store(m_storage->updateRun(run));
}

RunUpdate SessionRunner::updateFor(std::size_t index) const
{
    RunUpdate u;
    const PlannedRun &p = m_plan[index];
    u.runId = index < m_runIds.size() ? m_runIds[index] : 0;
    u.ordinal = p.ordinal;
    u.total = static_cast<int>(m_plan.size());
    u.cipher = p.entry.cipher;
    u.backend = p.entry.backend;
    u.operation = p.entry.operation;
    u.bufferBytes = static_cast<qint64>(p.bufferBytes);
    u.repeat = p.repeat;
    u.plannedSeconds = m_expectedSeconds[index];
    u.status = m_runStatus[index];
    const QJsonObject &r = m_results[index];
    if (!r.isEmpty()) {
        u.elapsedSeconds = r[QStringLiteral("seconds")].toDouble();
        u.bytes = static_cast<quint64>(r[QStringLiteral("bytes")].toInteger());
    }
    u.analysis = m_analyses[index];
    return u;
}

} // namespace cipherwatt::core
