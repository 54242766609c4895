// A power source on the DUT as the session's meter (issue 20): `--meter rapl:package-0`,
// `battery[:<name>]`, `hwmon:<sensor>/<label>`, or `auto` with no WT300 on USB and a source the
// DUT can read now. The DUT's worker reads it every 0.1 s, as it reads secondary sources
// (runner_sources.cpp); each reading becomes one of the session's samples, with P as its only
// item and the reading's own span as its interval, so that the phases, the boundary rule, the
// analysis, the storage, the live plot and the reports treat it as they treat a WT300's
// updates. What differs is said everywhere the meter is named: there are no ranges and no
// mode, and the maker specifies no accuracy, so every interval is the statistical part only
// (the accuracy terms are 0).

#include "messages.h"
#include "messages_sources.h"
#include "recorder.h"

#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/session_flow.h>
#include <cipherwatt/core/source_meter.h>
#include <cipherwatt/instruments/usbtmc.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cipherwatt::core {

using namespace instruments;

namespace {

// "package-0" of "rapl:package-0"; empty for a subzone ("rapl:package-0/core") or another kind.
QString raplTopZone(const QString &resource)
{
    if (!resource.startsWith(QLatin1String("rapl:")))
        return {};
    const QString zone = resource.mid(5);
    return zone.contains(QLatin1Char('/')) ? QString() : zone;
}

bool usableNow(const DutPowerSource &s)
{
    return s.readable && s.problem.isEmpty();
}

// What a source of this kind measures, for the meter's description and auto's note.
QString measures(const QString &kind, const QString &resource)
{
    if (kind == QLatin1String("rapl")) {
        const QString zone = raplTopZone(resource);
        if (zone == QLatin1String("psys"))
            return QStringLiteral("RAPL energy counter of the platform (psys)");
        if (zone.startsWith(QLatin1String("package")))
            return QStringLiteral("RAPL energy counter of the CPU package only");
        return QStringLiteral("RAPL energy counter");
    }
    if (kind == QLatin1String("battery"))
        return QStringLiteral("the battery's fuel gauge: the whole machine on battery");
    if (kind == QLatin1String("hwmon"))
        return QStringLiteral("a hwmon power sensor");
    return QStringLiteral("a power source");
}

} // namespace

AutoMeterChoice chooseAutoMeterSource(const std::vector<DutPowerSource> &sources)
{
    AutoMeterChoice choice;
    const DutPowerSource *psys = nullptr;
    std::vector<const DutPowerSource *> packages;
    std::vector<const DutPowerSource *> batteries;
    for (const DutPowerSource &s : sources) {
        const QString zone = raplTopZone(s.resource);
        if (zone == QLatin1String("psys"))
            psys = &s;
        else if (zone.startsWith(QLatin1String("package")))
            packages.push_back(&s);
        else if (s.kind == QLatin1String("battery"))
            batteries.push_back(&s);
    }
    const DutPowerSource *chosen = nullptr;
    if (psys != nullptr && usableNow(*psys))
        chosen = psys;
    else if (packages.size() == 1 && usableNow(*packages.front()))
        chosen = packages.front();
    else if (batteries.size() == 1 && usableNow(*batteries.front()))
        chosen = batteries.front();
    if (chosen != nullptr) {
        choice.resource = chosen->resource;
        choice.what = measures(chosen->kind, chosen->resource);
        return choice;
    }
    for (const DutPowerSource &s : sources) {
        if (s.kind == QLatin1String("hwmon"))
            choice.notChosen << QStringLiteral("%1: a rail is chosen by the operator, never by "
                                               "auto")
                                    .arg(s.resource);
        else if (!usableNow(s))
            choice.notChosen << QStringLiteral("%1: %2").arg(
                s.resource, s.problem.isEmpty() ? QStringLiteral("not readable") : s.problem);
        else if (s.kind == QLatin1String("rapl") && packages.size() > 1)
            choice.notChosen << QStringLiteral("%1: one of %2 CPU packages")
                                    .arg(s.resource)
                                    .arg(packages.size());
        else if (s.kind == QLatin1String("battery") && batteries.size() > 1)
            choice.notChosen
                << QStringLiteral("%1: one of %2 batteries").arg(s.resource).arg(batteries.size());
        else
            choice.notChosen << QStringLiteral("%1: part of the machine only").arg(s.resource);
    }
    return choice;
}

QString sourceMeterDescription(const SourceSetup &source)
{
    QString text = QStringLiteral("%1 on the DUT (%2")
                       .arg(source.resource, measures(source.kind, source.resource));
    if (!source.method.isEmpty())
        text += QStringLiteral("; %1 in %2").arg(source.method, source.unit);
    return text + QStringLiteral("): accuracy not specified by its maker");
}

std::span<const ResourceKind> sourceResourceKinds()
{
    using Field = ResourceField;
    using Kind = ResourceKind;
    static const std::vector<ResourceKind> kinds{
        {"rapl",
         Kind::Form::Colon,
         "rapl:<zone>",
         msg::kKindRapl,
         msg::kKindRaplHelp,
         {{"zone", Field::Type::Text, false, "", msg::kFieldRaplZone, msg::kFieldRaplZoneHelp}}},
        {"battery",
         Kind::Form::Colon,
         "battery[:<name>]",
         msg::kKindBattery,
         msg::kKindBatteryHelp,
         {{"name", Field::Type::Text, true, "", msg::kFieldBatteryName,
           msg::kFieldBatteryNameHelp}}},
        {"hwmon",
         Kind::Form::Colon,
         "hwmon:<sensor>/<label>",
         msg::kKindHwmon,
         msg::kKindHwmonHelp,
         {{"input", Field::Type::Text, false, "", msg::kFieldHwmonInput,
           msg::kFieldHwmonInputHelp}}},
    };
    return kinds;
}

void takeSampleStart(SourceSetup &setup, const worker::SampleStarted &started)
{
    setup.resource = started.source.resource;
    setup.kind = started.source.kind;
    setup.method = started.source.method;
    setup.unit = started.source.unit;
    setup.files = started.source.files;
    setup.intervalSeconds = started.interval;
}

QString withoutSourceName(const SourceSetup &setup, const QString &message)
{
    QString why = message;
    for (const QString &name : {setup.requested, setup.resource}) {
        if (why.startsWith(name + QStringLiteral(": ")))
            why = why.mid(name.size() + 2);
    }
    return why;
}

bool SessionRunner::wt300OnUsb()
{
    const auto devices = findUsbtmcDevices();
    return devices && !devices->empty();
}

void SessionRunner::useSourceMeter(const QString &resource)
{
    if (auto problem = sourceResourceProblem(resource)) {
        m_rejectedSettings = true;
        // The problem names the resource already: "meter: rapl:: rapl: needs a zone (…)".
        fail(SessionStatus::Failed, Message(msg::kMeterWarning).arg(*problem));
        return;
    }
    if (m_settings.voltageRange || m_settings.currentRange || m_settings.rangesAutoFix) {
        m_rejectedSettings = true;
        fail(SessionStatus::Failed, Message(msg::kSourceMeterNoRanges).arg(resource));
        return;
    }
    m_sourceMeter = true;
    m_meterSourceSetup = SourceSetup{};
    m_meterSourceSetup.requested = resource;
    m_meterSourceSetup.resource = resource;
    // The kind until the worker resolves the source: what the resource's form says.
    m_meterSourceSetup.kind = resource.section(QLatin1Char(':'), 0, 0);

    m_identity = Identity{};
    m_identity.model = measures(m_meterSourceSetup.kind, resource);
    m_identity.resource = resource;
    m_identity.transport = QStringLiteral("dut");
    m_capabilities = Capabilities{};
    m_capabilities.model.name = m_identity.model;
    m_capabilities.model.elements = {1};
    m_capabilities.functions = {Function::P};
    m_capabilities.maxItems = 1;
    m_capabilities.powerAccuracyDc =
        PowerAccuracy{0.0, 0.0, false, QStringLiteral("not specified by its maker")};
    m_capabilities.powerAccuracyAc = m_capabilities.powerAccuracyDc;

    m_applied = AppliedConfig{};
    m_applied.interval = std::chrono::milliseconds(std::lround(kSourceReadSeconds * 1000));
    m_applied.items = {Item{Function::P, 1}};
    m_applied.mode = MeasurementMode::Dc;
    m_powerItem = 0;
    m_energyItem = m_currentItem = m_voltageRangeItem = m_currentRangeItem = -1;
    // No accuracy is specified: the analysis carries the statistical part alone.
    m_accuracy = MeterAccuracy{};
    m_accuracy.ofReading = 0.0;
    m_accuracy.ofRange = 0.0;
    m_accuracy.specified = false;
    m_accuracy.model = m_settings.uncertainty;

    MeterSetup &m = m_meterSetup;
    m = MeterSetup{};
    m.identity = {{}, m_identity.model, {}, {}, resource, m_identity.transport, false};
    m.element = 1;
    m.intervalMs = static_cast<int>(m_applied.interval.count());
    m.mode = QStringLiteral("power source");
    m.items = {itemHeader(m_applied.items.front())};
    m.source = m_meterSourceSetup;
    m.description = sourceMeterDescription(m_meterSourceSetup);
    if (m_autoMeterNote)
        m.warnings << *m_autoMeterNote; // kept with the meter's set-up: why this meter
    meterReady();
}

void SessionRunner::chooseAutoMeter()
{
    // A DUT that cannot list its sources (a microcontroller, an older worker) has none to give.
    if (!m_dutSetup.hasGovernor() || m_dutSetup.protocol < 4) {
        onAutoSources({});
        return;
    }
    m_pendingCommand = m_dut->sources();
}

void SessionRunner::onAutoSources(const std::vector<DutPowerSource> &sources,
                                  const QString &problem)
{
    m_pendingCommand = 0;
    m_choosingMeter = false;
    const AutoMeterChoice choice = chooseAutoMeterSource(sources);
    if (!choice.resource.isEmpty()) {
        m_autoMeterNote = Message(msg::kAutoSourceMeter).arg(choice.resource, choice.what);
        emit note(*m_autoMeterNote);
        useSourceMeter(choice.resource);
        return;
    }
    QStringList why = choice.notChosen;
    if (!problem.isEmpty())
        why << problem;
    m_autoMeterNote = Message(msg::kAutoSimulated)
                          .arg(why.isEmpty() ? Message(msg::kAutoNoSources)
                                             : Message::plain(why.join(QStringLiteral("; "))));
    emit note(*m_autoMeterNote);
    openMeter(QStringLiteral("sim")); // marked SIMULATED, as `auto`'s simulator always was
}

bool SessionRunner::onMeterSourceEvent(const WorkerEvent &event, qint64 hostNs)
{
    SourceState &state = m_meterSource;
    SourceSetup &setup = m_meterSourceSetup;
    if (const auto *started = std::get_if<worker::SampleStarted>(&event.body)) {
        state.startedHostNs = hostNs;
        state.running = true;
        takeSampleStart(setup, *started);
        m_identity.model = measures(setup.kind, setup.resource);
        m_meterSetup.identity.model = m_identity.model;
        m_meterSetup.identity.resource = setup.resource;
        m_meterSetup.description = sourceMeterDescription(setup);
        m_meterSetup.source = setup;
        emit note(Message(msg::kSourceMeter)
                      .arg(setup.resource, setup.kind, setup.method)
                      .arg(setup.intervalSeconds));
    } else if (const auto *reading = std::get_if<worker::SourceSample>(&event.body)) {
        if (state.startedHostNs < 0)
            return true;
        const qint64 at = state.startedHostNs + std::llround(reading->t * 1e9);
        ++setup.readings;
        if (reading->updateInterval && *reading->updateInterval > 0) {
            // A fuel gauge: its refresh period is the meter's update interval (the run lengths,
            // the missed-update count and the description follow it).
            setup.updateSeconds = reading->updateInterval;
            m_applied.interval = std::chrono::milliseconds(
                std::max<long>(1, std::lround(*setup.updateSeconds * 1000)));
            m_meterSetup.intervalMs = static_cast<int>(m_applied.interval.count());
        }
        m_meterSetup.source = setup;
        Sample s;
        s.hostNs = at;
        s.sequence = m_meterSourceSequence++;
        // A fuel gauge's value (power_now, current_now × voltage_now) has no span of its own: it
        // may average the gauge's whole refresh period and be up to a period old, so it counts
        // toward a run only when that whole period lies inside it.
        const double span =
            reading->span > 0 || !setup.updateSeconds ? reading->span : *setup.updateSeconds;
        s.intervalMs = std::llround(span * 1000);
        if (std::isfinite(reading->watts)) {
            s.values = {reading->watts};
            s.states = {ValueState::Valid};
        } else {
            s.values = {std::numeric_limits<double>::quiet_NaN()};
            s.states = {ValueState::NoData};
            s.flags |= SampleFlag::NoData;
        }
        onSample(s); // counted once the session exists, as a WT300's updates are
    } else if (const auto *ended = std::get_if<worker::SampleEnded>(&event.body)) {
        state.running = false;
        setup.ended = ended->reason;
        setup.problem = ended->message;
        m_meterSetup.source = setup;
        // Stopped by the session, or the worker shutting down at its end: as planned.
        if (ended->reason == QLatin1String("error"))
            meterSourceFailed(ended->message.isEmpty() ? ended->reason : ended->message);
    } else if (const auto *failure = std::get_if<worker::Failure>(&event.body)) {
        state.running = false;
        setup.ended = QStringLiteral("error");
        setup.problem = withoutSourceName(setup, failure->message);
        m_meterSetup.source = setup;
        meterSourceFailed(setup.problem);
    } else {
        return false;
    }
    return true;
}

void SessionRunner::meterSourceFailed(const QString &why)
{
    if (m_finished || m_flow->stage() == Stage::Done)
        return;
    const Message reason = Message(msg::kMeterFailed).arg(m_meterSourceSetup.requested, why);
    if (!m_recorder->exists()) {
        // Refused before anything was measured (no such zone, a charging battery): the
        // operator's to fix.
        m_rejectedSettings = true;
        fail(SessionStatus::Failed, reason);
        return;
    }
    fail(SessionStatus::Interrupted, reason);
}

} // namespace cipherwatt::core
