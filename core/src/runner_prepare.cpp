// Preparing a session: the meter identified and set up, the DUT's worker started and checked
// (version, catalogue, self-test), the session stored, the governor pinned.

#include "messages.h"
#include "messages_mcu.h"
#include "recorder.h"
#include "run_record.h"

#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/session_flow.h>
#include <cipherwatt/instruments/acquisition.h>

#include <QLoggingCategory>

#include <algorithm>
#include <set>

Q_DECLARE_LOGGING_CATEGORY(lcRunner)

namespace cipherwatt::core {

using namespace instruments;

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
        fail(SessionStatus::Failed, Message(msg::kNoSuchElement)
                                        .arg(m_settings.dutElement)
                                        .arg(identity.model, have.join(QStringLiteral(", "))));
        return;
    }
    if (identity.simulated)
        emit note(Message(msg::kSimulatedMeter).arg(identity.describe()));
    MeterConfig config;
    config.interval = std::chrono::milliseconds(100);
    config.elements = {m_settings.dutElement};
    // The ranges in force with every update (URANge, IRANge), so that a range change inside a
    // run is seen (analysis_ranges.h); the peaks for the range advisor (range_advisor.h).
    config.functions = {Function::U,      Function::I,      Function::P,
                        Function::S,      Function::Lambda, Function::URange,
                        Function::IRange, Function::UPPeak, Function::IPPeak};
    config.integration = m_settings.integrator;
    config.format = NumericFormat::Float;
    config.mode = m_settings.meterMode;
    config.voltageRange = m_settings.voltageRange;
    config.currentRange = m_settings.currentRange;
    m_meterConfig = config;
    m_meter->configure(config);
}

void SessionRunner::onMeterConfigured(const AppliedConfig &applied)
{
    if (m_rangesFixing) {
        onRangesFixed(applied); // runner_ranges.cpp
        return;
    }
    m_applied = applied;
    for (std::size_t k = 0; k < applied.items.size(); ++k) {
        const Item &item = applied.items[k];
        if (item.element != m_settings.dutElement)
            continue;
        if (item.function == Function::P)
            m_powerItem = static_cast<int>(k);
        else if (item.function == Function::WH)
            m_energyItem = static_cast<int>(k);
        else if (item.function == Function::I)
            m_currentItem = static_cast<int>(k);
        else if (item.function == Function::URange)
            m_voltageRangeItem = static_cast<int>(k);
        else if (item.function == Function::IRange)
            m_currentRangeItem = static_cast<int>(k);
    }
    // Auto-range: refused unless the operator allowed it (then every result is flagged).
    if (!checkAutoRange(applied))
        return;
    useAccuracy(applied);

    MeterSetup &m = m_meterSetup;
    m.description = m_identity.describe();
    m.identity = {m_identity.manufacturer, m_identity.model,    m_identity.serial,
                  m_identity.firmware,     m_identity.resource, m_identity.transport,
                  m_identity.simulated};
    m.element = m_settings.dutElement;
    m.intervalMs = static_cast<int>(applied.interval.count());
    m.mode = measurementModeName(applied.mode);
    m.averaging = applied.averaging;
    m.items.clear();
    for (const Item &item : applied.items)
        m.items << itemHeader(item);
    m.warnings = applied.warnings;
    if (m_autoMeterNote)
        m.warnings.prepend(*m_autoMeterNote); // `auto` chose the simulator: why
    for (const Message &w : applied.warnings)
        emit warning(Message(msg::kMeterWarning).arg(w));
    meterReady();
}

void SessionRunner::meterReady()
{
    if (m_dut != nullptr) {
        // `auto` started the DUT first to choose the meter: its catalogue next.
        m_pendingCommand = m_dut->list();
        return;
    }
    Dut::LinkFactory factory = m_options.linkFactory;
    if (!factory) {
        auto link = makeDutLink(m_settings.dutResource, m_options.dutOptions,
                                DutContext{m_options.localWorker, m_options.ssh});
        if (!link) {
            m_rejectedSettings = link.error().code == ErrorCode::Usage;
            fail(SessionStatus::Failed, link.error().message);
            return;
        }
        factory = std::move(*link);
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
    connect(m_dut, &Dut::failed, this, [this](const Message &reason) {
        fail(SessionStatus::Failed, Message(msg::kDutFailed).arg(m_settings.dutResource, reason));
    });
    connect(m_dut, &Dut::protocolError, this, [this](const Message &why) {
        fail(SessionStatus::Failed, Message(msg::kDutFailed).arg(m_settings.dutResource, why));
    });
    connect(m_dut, &Dut::finished, this, &SessionRunner::onDutFinished);
    // What the link did before the worker ran (host key accepted, worker uploaded): shown, and
    // kept with the DUT's description.
    connect(m_dut, &Dut::note, this, [this](const Message &text) {
        m_dutSetup.linkNotes << text.english();
        emit note(Message(msg::kDutMessage).arg(text));
    });
    connect(m_dut, &Dut::deviceProperties, this,
            [this](const QMap<QString, QString> &properties) { m_dutSetup.device = properties; });
    connect(m_dut, &Dut::diagnostic, this, [this](const QString &text) {
        heard();
        qCInfo(lcRunner) << "worker:" << text;
        if (m_recorder->exists())
            store(m_recorder->addEvent(QStringLiteral("dut"), Message::plain(text), steadyNs()));
    });
    m_dut->start();
}

void SessionRunner::onDutReady(const WorkerHello &hello, qint64 hostNs)
{
    heard();
    if (hello.progressIntervalSeconds > 0)
        m_progressInterval = hello.progressIntervalSeconds;
    if (m_flow->stage() == Stage::Restarting) {
        // A new worker after a crash: it restored the governor its predecessor pinned (from the
        // journal); pin again and go on with the next run.
        m_dutGone = false;
        store(m_recorder->addEvent(QStringLiteral("dut"), msg::kNewWorker, hostNs));
        restartSources();
        if (m_pinned)
            pin();
        else
            nextRun();
        return;
    }
    if (hello.version != QLatin1String(CIPHERWATT_VERSION)) {
        fail(SessionStatus::Failed,
             Message(msg::kWorkerVersion)
                 .arg(m_settings.dutResource, hello.version, QLatin1String(CIPHERWATT_VERSION)));
        return;
    }
    // The resource as written, or normalised (`ssh://lab@pi4:22`) for an SSH DUT.
    const auto resource = DutResource::parse(m_settings.dutResource);
    const QString where = resource ? resource->toString() : m_settings.dutResource;
    DutSetup &d = m_dutSetup;
    d.resource = m_settings.dutResource;
    d.link = m_dut->description();
    d.kind = hello.kind;
    d.workerVersion = hello.version;
    d.workerPath = hello.executable;
    d.protocol = hello.protocol;
    d.system = hello.system;
    d.description = QStringLiteral("%1: %2 (%3 cores, %4)")
                        .arg(where, hello.system.cpuModel)
                        .arg(hello.system.logicalCores)
                        .arg(hello.system.architecture);
    // An Android device: its model and Android version before the CPU (the CPU line of a
    // phone is often only "AArch64 Processor").
    if (const QString model = d.device.value(QStringLiteral("model")); !model.isEmpty())
        d.description =
            QStringLiteral("%1: %2, Android %3: %4 (%5 cores, %6)")
                .arg(where, model, d.device.value(QStringLiteral("android")), hello.system.cpuModel)
                .arg(hello.system.logicalCores)
                .arg(hello.system.architecture);
    // Who and where, never how: no key, passphrase or password is recorded.
    if (resource && resource->kind == DutResource::Kind::Ssh) {
        d.host = resource->host;
        d.port = resource->port;
        d.user = resource->user;
    }
    if (hello.replacedWorker)
        emit note(Message(msg::kEarlierWorker).arg(*hello.replacedWorker));
    for (const QString &w : hello.system.warnings)
        emitWarning(Message(msg::kDutMessage).arg(w));
    if (m_choosingMeter) {
        chooseAutoMeter(); // runner_source_meter.cpp
        return;
    }
    m_pendingCommand = m_dut->list();
}

void SessionRunner::onCatalogue(const worker::Catalogue &catalogue)
{
    m_pendingCommand = 0;
    m_catalogue = catalogue.ciphers;
    auto entries = resolvePlan(m_settings.planSpec, m_catalogue);
    if (!entries) {
        m_rejectedSettings = true;
        fail(SessionStatus::Failed, entries.error().message);
        return;
    }
    // A random order's seed is drawn here when none was given, and stored with the settings.
    if (m_settings.runOrder == RunOrder::Randomised && !m_settings.runOrderSeed)
        m_settings.runOrderSeed = drawRunOrderSeed();
    if (const auto factors = checkFactors(*entries, m_catalogue, m_settings); !factors) {
        m_rejectedSettings = true;
        fail(SessionStatus::Failed, factors.error().message);
        return;
    }
    if (!checkSources())
        return;
    const std::vector<PlannedRun> plan =
        orderRuns(expandPlan(*entries, m_catalogue, m_settings), m_settings.runOrder,
                  m_settings.runOrderSeed.value_or(0));
    m_runs.clear();
    for (const PlannedRun &p : plan) {
        RunRecord r;
        r.plan = p;
        r.stored.ordinal = p.ordinal;
        r.stored.cipher = p.entry.cipher;
        r.stored.backend = p.entry.backend;
        r.stored.operation = p.entry.operation;
        r.stored.bufferBytes = static_cast<qint64>(p.bufferBytes);
        r.stored.repeat = p.repeat;
        // A level of its own (ISA, frequency, governor, chunking, payload) is part of what the run
        // is: stored from the plan on, so that a run never started still names it
        // (StoredRun::isa(), …).
        if (!p.isa.isEmpty() || p.frequencyKHz || !p.payload.isEmpty() || !p.governor.isEmpty() ||
            !p.chunking.isEmpty())
            r.stored.request = runRequest(r, m_settings, m_options.commandTimeoutSeconds);
        m_runs.push_back(std::move(r));
    }
    startSources();
    checkPlan();
}

void SessionRunner::checkPlan()
{
    m_checkedRuns.clear();
    std::vector<WorkerRequest> requests;
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        const RunRecord &run = m_runs[i];
        if (run.plan.entry.isCommand())
            continue; // an external program is checked by the worker when it starts it
        WorkerRequest request = cipherRequest(run, m_settings);
        // The length each run will be asked for: as set, or a pilot's.
        switch (m_settings.runLength.kind) {
        case RunLength::Kind::Iterations:
            request.iterations = m_settings.runLength.iterations;
            break;
        case RunLength::Kind::Seconds:
            request.seconds = m_settings.runLength.seconds;
            break;
        case RunLength::Kind::Automatic:
            request.seconds = m_options.pilotSeconds;
            break;
        }
        requests.push_back(request);
        m_checkedRuns.push_back(i);
    }
    if (requests.empty()) {
        selfTest();
        return;
    }
    emit phaseChanged(PhaseKind::Prepare, msg::kPhaseCheckPlan, 0.0, 0.0);
    m_pendingCommand = m_dut->check(requests);
}

void SessionRunner::onChecked(const worker::Checked &checked)
{
    m_pendingCommand = 0;
    if (checked.runs.size() != m_checkedRuns.size()) {
        fail(SessionStatus::Failed, Message(msg::kCheckAnswerSize)
                                        .arg(static_cast<qint64>(checked.runs.size()))
                                        .arg(static_cast<qint64>(m_checkedRuns.size())));
        return;
    }
    int refused = 0;
    Message first;
    for (std::size_t k = 0; k < checked.runs.size(); ++k) {
        if (checked.runs[k].ok)
            continue;
        if (refused++ == 0) {
            const RunRecord &run = m_runs[m_checkedRuns[k]];
            first = Message(msg::kRunRefusedByDut)
                        .arg(run.plan.ordinal)
                        .arg(run.label(), checked.runs[k].message);
        }
    }
    if (refused > 0) {
        // The plan cannot be measured as written: nothing is stored, the operator fixes it.
        m_rejectedSettings = true;
        fail(SessionStatus::Failed,
             refused == 1 ? first : Message(msg::kRunsRefusedByDut).arg(refused).arg(first));
        return;
    }
    selfTest();
}

void SessionRunner::selfTest()
{
    QStringList ciphers;
    for (const RunRecord &r : m_runs) {
        if (!r.plan.entry.isCommand() && !ciphers.contains(r.plan.entry.cipher))
            ciphers << r.plan.entry.cipher;
    }
    if (ciphers.isEmpty()) {
        onSelfTest({}); // only external commands: no cipher to vouch for
        return;
    }
    emit phaseChanged(PhaseKind::Prepare, msg::kPhaseSelfTest, 0.0, 0.0);
    m_pendingCommand = m_dut->selfTest(ciphers);
}

void SessionRunner::onSelfTest(const worker::SelfTestDone &selfTest)
{
    m_pendingCommand = 0;
    // Which (cipher, backend) may be measured: its known-answer vectors passed on the DUT and
    // its instruction-set paths agree with the portable one.
    const SelfTest &result = selfTest.result;
    for (const QString &m : result.unavailableMessages())
        emit warning(Message::plain(m));
    m_dutSetup.selfTest = result;
    for (RunRecord &r : m_runs) {
        if (!r.plan.entry.isCommand() &&
            result.refuses(r.plan.entry.cipher, r.plan.entry.backend)) {
            r.stored.status = RunStatus::Skipped;
            r.stored.error = msg::kKatFailedRun;
        }
    }
    const QStringList refused = result.refused();
    for (const QString &which : refused)
        emit warning(Message(msg::kKatFailedWarning).arg(which));
    if (!createSession())
        return;
    const bool any = std::any_of(m_runs.begin(), m_runs.end(), [](const RunRecord &r) {
        return r.stored.status == RunStatus::Planned;
    });
    if (!any) {
        fail(SessionStatus::Failed,
             Message(msg::kNoCipherPassed).arg(refused.join(QStringLiteral(", "))));
        return;
    }
    pin();
}

bool SessionRunner::createSession()
{
    auto id = m_recorder->create(m_options.databasePath, m_settings, m_meterSetup, m_dutSetup,
                                 m_identity.simulated);
    if (!id) {
        m_rejectedSettings = id.error().code == ErrorCode::Usage;
        fail(SessionStatus::Failed, id.error().message);
        return false;
    }
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        RunRecord &r = m_runs[i];
        auto runId = m_recorder->addRun(r.stored);
        if (!store(runId))
            return false;
        r.stored.id = *runId;
        if (r.stored.status == RunStatus::Skipped)
            saveRun(i);
        switch (m_settings.runLength.kind) {
        case RunLength::Kind::Iterations:
            r.iterations = m_settings.runLength.iterations;
            break;
        case RunLength::Kind::Seconds:
            r.expectedSeconds = m_settings.runLength.seconds;
            break;
        case RunLength::Kind::Automatic:
            r.expectedSeconds = m_settings.minUpdates * 0.1;
            break;
        }
    }
    emit sessionCreated(*id);
    emit prepared(m_meterSetup, m_dutSetup, static_cast<int>(m_runs.size()));
    // The integrator runs from here, so every sample carries the energy so far. A power source
    // on the DUT as the meter streams already: its readings count from here.
    if (m_meter != nullptr) {
        if (m_settings.integrator) {
            m_meter->integrate(IntegrationCommand::Reset);
            m_meter->integrate(IntegrationCommand::Start);
        }
        m_meter->start();
    }
    return beginPhase(PhaseKind::Prepare, msg::kPhasePrepared, 0, 0.0);
}

void SessionRunner::pin()
{
    if (m_flow->stopping()) {
        restore();
        return;
    }
    if (!m_dutSetup.hasGovernor()) {
        // A microcontroller runs at its own fixed clock: nothing to pin, recorded as such.
        Pinning notPinned;
        notPinned.error = Message(msg::kNoGovernor).english();
        m_dutSetup.pinning = notPinned;
        store(m_recorder->setDut(m_dutSetup));
        emit note(msg::kNoGovernorNote);
        nextPilot();
        return;
    }
    if (!m_settings.pinGovernor) {
        Pinning notPinned;
        notPinned.error = Message(msg::kNotRequested).english();
        m_dutSetup.pinning = notPinned;
        store(m_recorder->setDut(m_dutSetup));
        emit warning(msg::kNotPinned);
        nextPilot();
        return;
    }
    m_resumeAfterPin = m_flow->stage() == Stage::Restarting;
    // A new worker restored what its predecessor pinned: a frequency level is pinned again.
    m_level = PinLevel{};
    m_levelPinning.reset();
    m_flow->enter(Stage::Pinning);
    if (!m_resumeAfterPin && !beginPhase(PhaseKind::Pin, msg::kPhasePin, 0, 0.0))
        return;
    m_pendingCommand =
        m_dut->pin({m_settings.fixFrequency, std::nullopt, m_settings.disableTurbo, {}});
}

void SessionRunner::onGovernor(const worker::GovernorDone &event)
{
    m_pendingCommand = 0;
    if (event.pin && m_levelPinning) {
        onLevelPinned(event);
        return;
    }
    if (event.pin) {
        m_pinned = true;
        m_dutSetup.pinning = *event.pin;
        for (const QString &m : event.pin->mismatches)
            emitWarning(Message(msg::kGovernorMismatch).arg(m));
        store(m_recorder->setDut(m_dutSetup));
        if (m_flow->stopping())
            restore();
        else if (std::exchange(m_resumeAfterPin, false))
            nextRun(); // a new worker took over: on with the next run
        else
            nextPilot();
    } else if (event.restore) {
        m_pinned = false;
        m_dutSetup.restore = *event.restore;
        finalize();
    }
}

void SessionRunner::onGovernorError(const QString &message)
{
    m_pendingCommand = 0;
    if (m_levelPinning) {
        onLevelRefused(*std::exchange(m_levelPinning, std::nullopt), message);
        return;
    }
    if (m_flow->stage() == Stage::Restoring) {
        emit warning(Message(msg::kRestoreFailed).arg(message));
        GovernorRestore failed;
        failed.error = message;
        m_dutSetup.restore = failed;
        finalize();
        return;
    }
    // Pinning that fails is recorded and shown, and the session goes on unpinned.
    Pinning notPinned;
    notPinned.error = message;
    m_dutSetup.pinning = notPinned;
    emitWarning(Message(msg::kPinningFailed).arg(message));
    store(m_recorder->setDut(m_dutSetup));
    if (m_flow->stopping())
        restore();
    else if (std::exchange(m_resumeAfterPin, false))
        nextRun();
    else
        nextPilot();
}

} // namespace cipherwatt::core
