#include "measure/live_view.h"

#include "measure/live_format.h"
#include "measure/live_plot.h"
#include "measure/readout.h"
#include "measure/results_model.h"
#include "measure/session_controller.h"

#include <cipherwatt/core/format.h>
#include <cipherwatt/core/results.h>

#include <QComboBox>
#include <QFrame>
#include <QJsonArray>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace cipherwatt::gui {

namespace fmt = core::format;
using core::PhaseKind;
using core::SessionStatus;
namespace SampleFlag = instruments::SampleFlag;
using instruments::ValueState;

namespace {

constexpr int kRefreshMs = 40; // at most 25 screen updates a second
constexpr int kWarningsKept = 50;

// The meter's item headers ("U1 [V]", "PF1", "PΣ [W]") say which function of which element
// each value of a sample is.
std::optional<std::pair<instruments::Function, int>> parseItem(const QString &header)
{
    QString name = header.section(QLatin1Char(' '), 0, 0);
    int digits = 0;
    while (digits < name.size() && name.at(name.size() - 1 - digits).isDigit())
        ++digits;
    int element = 0;
    if (digits > 0) {
        element = name.right(digits).toInt();
        name.chop(digits);
    } else if (name.endsWith(QChar(0x03A3))) { // Σ
        element = instruments::kSigma;
        name.chop(1);
    }
    const auto function = instruments::parseFunction(name);
    if (!function)
        return std::nullopt;
    return std::make_pair(*function, element);
}

} // namespace

LiveView::LiveView(QWidget *parent)
    : QWidget(parent)
    , m_plot(new LivePlot(m_trace, this))
    , m_results(new ResultsModel(this))
{
    setObjectName(QStringLiteral("liveView"));
    buildUi();
    m_refreshTimer = new QTimer(this);
    m_refreshTimer->setObjectName(QStringLiteral("refreshTimer"));
    m_refreshTimer->setSingleShot(true);
    m_refreshTimer->setInterval(kRefreshMs);
    connect(m_refreshTimer, &QTimer::timeout, this, [this] { refresh(false); });
    // Nothing to show until a session begins but the set-up.
    beginSession({});
    m_running = false;
    m_preview = true;
    m_cancelButton->hide();
    refreshNow();
}

LiveView::~LiveView() = default;

// Not const, whatever clang-tidy sees: it gives this view's slots to the controller.
void LiveView::attach(
    SessionController *controller) // NOLINT(readability-make-member-function-const)
{
    connect(controller, &SessionController::prepared, this, &LiveView::onPrepared);
    connect(controller, &SessionController::sessionCreated, this, &LiveView::onSessionCreated);
    connect(controller, &SessionController::phaseChanged, this, &LiveView::onPhaseChanged);
    connect(controller, &SessionController::sampleArrived, this, &LiveView::onSample);
    connect(controller, &SessionController::sourceSampleArrived, this,
            [this](const QString &resource, double tSeconds, double watts) {
                m_trace.appendSource(resource, tSeconds, watts);
                scheduleRefresh();
            });
    connect(controller, &SessionController::runUpdated, this, &LiveView::onRunUpdated);
    connect(controller, &SessionController::baselineMeasured, this, &LiveView::onBaseline);
    connect(controller, &SessionController::activityMeasured, this, &LiveView::onActivity);
    connect(controller, &SessionController::progress, this, &LiveView::onProgress);
    connect(controller, &SessionController::warning, this, &LiveView::onWarning);
    connect(controller, &SessionController::finished, this, &LiveView::onFinished);
    connect(this, &LiveView::cancelRequested, controller, &SessionController::cancel);
}

Readout *LiveView::readout(Reading reading) const
{
    switch (reading) {
    case Reading::Voltage:
        return m_voltage;
    case Reading::Current:
        return m_current;
    case Reading::Power:
        return m_power;
    case Reading::PowerFactor:
        return m_powerFactor;
    case Reading::Baseline:
        return m_baseline;
    }
    return nullptr;
}

void LiveView::beginSession(const core::SessionSettings &settings)
{
    showCurves(nullptr);
    m_settings = settings;
    m_sessionId = 0;
    m_plannedRuns = 0;
    m_element = settings.dutElement;
    m_items = {};
    m_meterDescription.clear();
    m_dutDescription.clear();
    m_running = true;
    m_monitoring = false;
    m_stored = false;
    m_preview = false;
    m_monitorOriginNs = -1;
    m_doneRuns = 0;
    m_done.clear();
    m_cancelling = false;
    m_simulated = false;
    m_status.reset();
    m_reason.clear();
    m_lastValues.clear();
    m_lastStates.clear();
    m_lastFlags = 0;
    m_lastWatts = kNoValue;
    m_haveSample = false;
    m_run.reset();
    m_finalBaseline.reset();
    m_baselineActivity.clear();
    m_runActivity.clear();
    m_otherActivity->setText(QStringLiteral("–"));
    m_otherActivity->setStyleSheet(QString());
    m_fraction = 0.0;
    m_secondsLeft = kNoValue;
    m_warnings.clear();
    if (m_confirmation)
        m_confirmation->close();

    m_trace.clear();
    m_plot->reset();
    m_plot->setElement(m_element);
    m_powerSource.clear();
    m_plot->setPowerSource({});
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_voltage, m_current, m_powerFactor, m_stripsButton})
        w->setVisible(true);
    m_results->clear();
    m_results->setPerOperation(false);
    m_results->setCyclesModel(settings.cyclesModel);
    showResultColumns();
    m_resultsPane->hide();
    m_splitterMoved = false;
    m_warningBanner->hide();
    m_cancelButton->setEnabled(true);
    m_cancelButton->show();
    m_windowBox->setCurrentIndex(1);
    setWindowIndex(1);
    refreshNow();
}

void LiveView::onPrepared(const core::MeterSetup &meter, const core::DutSetup &dut, int plannedRuns)
{
    m_plannedRuns = plannedRuns;
    m_element = meter.element;
    m_items = {};
    const QStringList &items = meter.items;
    for (int k = 0; k < items.size(); ++k) {
        const auto item = parseItem(items[k]);
        if (!item || item->second != m_element)
            continue;
        switch (item->first) {
        case instruments::Function::U:
            m_items.voltage = k;
            break;
        case instruments::Function::I:
            m_items.current = k;
            break;
        case instruments::Function::P:
            m_items.power = k;
            break;
        case instruments::Function::Lambda:
            m_items.powerFactor = k;
            break;
        default:
            break;
        }
    }
    m_simulated = m_simulated || meter.identity.simulated;
    m_meterDescription = meter.description;
    m_dutDescription = dut.description;
    m_results->setPerOperation(!dut.hasGovernor());
    showResultColumns();
    m_plot->setElement(m_element);
    // A power source on the DUT as the meter reads power alone, and has no element.
    m_powerSource = meter.source ? meter.source->resource : QString();
    m_plot->setPowerSource(m_powerSource);
    m_power->setCaption(m_powerSource.isEmpty() ? tr("Power P%1").arg(m_element)
                                                : tr("Power (%1)").arg(m_powerSource));
    m_voltage->setCaption(tr("Voltage U%1").arg(m_element));
    m_current->setCaption(tr("Current I%1").arg(m_element));
    m_powerFactor->setCaption(tr("Power factor λ%1").arg(m_element));
    for (QWidget *w : std::initializer_list<QWidget *>{m_voltage, m_current, m_powerFactor})
        w->setVisible(m_powerSource.isEmpty());
    if (!m_powerSource.isEmpty())
        m_stripsButton->setChecked(false);
    m_stripsButton->setVisible(m_powerSource.isEmpty());
    scheduleRefresh();
}

void LiveView::onSessionCreated(qint64 id)
{
    m_sessionId = id;
    scheduleRefresh();
}

void LiveView::onPhaseChanged(PhaseKind kind, const core::Message &label, double tSeconds,
                              double plannedSeconds)
{
    TracePhase &phase = m_trace.beginPhase(kind, label.english(), tSeconds, plannedSeconds);
    labelPhase(phase, label);
    scheduleRefresh();
}

void LiveView::onSample(const instruments::Sample &sample, double tSeconds, double watts)
{
    const double interval =
        sample.intervalMs > 0 ? static_cast<double>(sample.intervalMs) / 1000.0 : 0.1;
    m_trace.append(tSeconds, interval, sample.flags, sample.missedBefore, watts,
                   valueOf(m_items.voltage, sample.values),
                   valueOf(m_items.current, sample.values));
    m_lastValues = sample.values;
    m_lastStates = sample.states;
    m_lastFlags = sample.flags;
    m_lastWatts = watts;
    m_haveSample = true;
    m_simulated = m_simulated || (sample.flags & SampleFlag::Simulated) != 0;
    scheduleRefresh();
}

void LiveView::onRunUpdated(const core::RunUpdate &update)
{
    if (update.status == core::RunStatus::Running) {
        // The run's phase began just before its first update: give it the run's name.
        TracePhase *phase = m_trace.openPhase();
        if (phase != nullptr && phase->kind == PhaseKind::Run && phase->runId != update.runId)
            labelRun(*phase, update.ordinal, update.total, update.cipher,
                     fmt::backendWithLevels(update.backend, update.isa, update.chunking,
                                            update.payload, update.frequencyKHz, update.governor),
                     update.operation, update.bufferBytes, update.repeat);
    } else {
        const int rows = m_results->rowCount();
        m_results->updateRun(update);
        showResultColumns(); // a source's ratio comes with the first run that has one
        if (m_results->rowCount() != rows)
            showResults();
        if (update.status == core::RunStatus::Done && !m_done.contains(update.ordinal)) {
            m_done.insert(update.ordinal);
            m_doneRuns = static_cast<int>(m_done.size());
        }
    }
    // Late analyses of earlier runs do not take the panel from the current one.
    if (!m_run || update.ordinal >= m_run->ordinal)
        m_run = update;
    scheduleRefresh();
}

void LiveView::onBaseline(const core::BaselineResult &baseline)
{
    m_finalBaseline = baseline;
    m_trace.setFinalBaseline(baseline.stats.mean, baseline.stats.count);
    scheduleRefresh();
}

// What else kept the DUT busy in the phase that just ended: the baseline's stays in view beside
// the last run's, each highlighted when it is over the threshold the results are flagged at.
void LiveView::onActivity(core::PhaseKind kind, const core::Message &label,
                          const core::DutActivity &activity)
{
    const QString text = tr("%1 cores (%2 % of %3)")
                             .arg(QString::number(activity.otherCores(), 'f', 2))
                             .arg(QString::number(activity.otherShare() * 100.0, 'f', 0))
                             .arg(activity.cpus);
    if (kind == core::PhaseKind::Baseline)
        m_baselineActivity = text;
    else if (kind == core::PhaseKind::Run)
        m_runActivity = text;
    else
        return;
    m_otherActivity->setText(
        m_runActivity.isEmpty() ? tr("baseline %1").arg(m_baselineActivity)
                                : tr("baseline %1; run %2").arg(m_baselineActivity, m_runActivity));
    // The warning banner's orange: busy enough to be flagged (once busy, it stays marked).
    if (activity.otherCores() > core::kOtherActivityThresholdCores)
        m_otherActivity->setStyleSheet(
            QStringLiteral("QLabel { background: rgba(230, 159, 0, 0.16); border-radius: 3px; "
                           "padding: 1px 4px; }"));
    m_otherActivity->setToolTip(
        tr("CPU time used on the DUT by everything but the worker (%1), as cores busy on "
           "average. Over %2 cores it shows in the results and is flagged.")
            .arg(label.translated())
            .arg(core::kOtherActivityThresholdCores));
}

void LiveView::onProgress(double fraction, double secondsLeft)
{
    m_fraction = fraction;
    m_secondsLeft = secondsLeft;
    scheduleRefresh();
}

void LiveView::onWarning(const QString &text)
{
    m_warnings << text;
    while (m_warnings.size() > kWarningsKept)
        m_warnings.removeFirst();
    m_warningText->setText(m_warnings.size() == 1
                               ? text
                               : tr("%1 (%n warnings in all; hover for the list)", nullptr,
                                    static_cast<int>(m_warnings.size()))
                                     .arg(text));
    m_warningBanner->setToolTip(m_warnings.join(QLatin1Char('\n')));
    m_warningBanner->show();
}

void LiveView::onFinished(SessionStatus status, const QString &reason)
{
    m_running = false;
    m_status = status;
    m_reason = reason;
    m_trace.endPhases(m_trace.now());
    if (m_confirmation)
        m_confirmation->close();
    m_cancelButton->setEnabled(false);
    m_cancelButton->hide(); // nothing left to cancel
    if (status == SessionStatus::Interrupted || status == SessionStatus::Failed)
        onWarning(tr("%1: %2").arg(statusText(), reason));
    // The session as a whole is what there is to look at now.
    if (m_plot->follows()) {
        m_windowBox->setCurrentIndex(m_windowBox->findData(0.0));
        setWindowIndex(m_windowBox->currentIndex());
    }
    showResults();
    refreshNow();
}

void LiveView::showStoredSession(const core::SessionData &session)
{
    core::SessionSettings settings = session.settings;
    settings.label = session.summary.label;
    beginSession(settings);
    m_stored = true;
    m_cancelButton->hide();
    onPrepared(session.meter, session.dut, static_cast<int>(session.runs.size()));
    m_simulated = m_simulated || session.summary.simulated;
    onSessionCreated(session.summary.id);

    // Phases and updates in time order, as they came.
    std::size_t next = 0;
    const auto beginUpTo = [&](qint64 tNs) {
        for (; next < session.phases.size() && session.phases[next].startNs <= tNs; ++next) {
            const core::StoredPhase &p = session.phases[next];
            TracePhase &phase = m_trace.beginPhase(p.kind, p.label.english(),
                                                   static_cast<double>(p.startNs) / 1e9, 0.0);
            labelPhase(phase, p.label);
            const auto run =
                std::find_if(session.runs.begin(), session.runs.end(),
                             [&](const core::StoredRun &r) { return r.id == p.runId; });
            if (p.kind == PhaseKind::Run && run != session.runs.end())
                labelRun(phase, run->ordinal, static_cast<int>(session.runs.size()), run->cipher,
                         core::ResultKey::of(*run).backendLabel(), run->operation, run->bufferBytes,
                         run->repeat);
            if (p.endNs >= 0)
                phase.end = static_cast<double>(p.endNs) / 1e9;
        }
    };
    for (const core::StoredSample &s : session.samples) {
        beginUpTo(s.tNs);
        appendStored(s);
    }
    beginUpTo(std::numeric_limits<qint64>::max());
    // The power sources' readings, each on its strip as during the session (which showed
    // those from the session's start on).
    for (const core::StoredReading &r : session.readings) {
        const auto source = static_cast<std::size_t>(r.source);
        if (r.tNs >= 0 && r.source >= 0 && source < session.dut.sources.size())
            m_trace.appendSource(session.dut.sources[source].resource,
                                 static_cast<double>(r.tNs) / 1e9, r.watts);
    }

    if (session.analysis.baseline)
        onBaseline(session.analysis.baseline->result);
    for (const core::StoredRun &r : session.runs) {
        if (r.status == core::RunStatus::Planned)
            continue;
        core::RunUpdate u;
        u.runId = r.id;
        u.ordinal = r.ordinal;
        u.total = static_cast<int>(session.runs.size());
        u.cipher = r.cipher;
        u.backend = r.backend;
        u.operation = r.operation;
        u.bufferBytes = r.bufferBytes;
        u.repeat = r.repeat;
        u.elapsedSeconds = r.result ? r.result->seconds : 0.0;
        u.plannedSeconds = u.elapsedSeconds;
        u.bytes = r.result ? r.result->processedBytes() : 0;
        u.status = r.status;
        u.error = r.error;
        u.analysis = r.analysis;
        m_run = u;
        if (r.status == core::RunStatus::Done)
            m_done.insert(r.ordinal);
    }
    m_doneRuns = static_cast<int>(m_done.size());
    m_results->setSession(session);
    showResultColumns();
    showCurves(&session);
    for (const core::StoredEvent &e : session.events) {
        if (e.kind == QLatin1String("warning") || e.kind == QLatin1String("meter"))
            onWarning(e.text.translated());
    }
    onProgress(1.0, 0.0);
    onFinished(session.summary.status, session.summary.statusReason.translated());
}

void LiveView::appendStored(const core::StoredSample &s)
{
    const double interval = s.intervalMs > 0 ? static_cast<double>(s.intervalMs) / 1000.0 : 0.1;
    m_trace.append(static_cast<double>(s.tNs) / 1e9, interval, s.flags, s.missedBefore, s.power,
                   valueOf(m_items.voltage, s.values), valueOf(m_items.current, s.values));
    m_lastValues = s.values;
    // The database keeps values, not their states: a value that is missing was over range,
    // implausible or had no data, as the update's flags say.
    m_lastStates.assign(s.values.size(), ValueState::Valid);
    for (std::size_t k = 0; k < s.values.size(); ++k) {
        if (std::isfinite(s.values[k]))
            continue;
        if ((s.flags & SampleFlag::OverRange) != 0)
            m_lastStates[k] = ValueState::OverRange;
        else if ((s.flags & SampleFlag::Implausible) != 0)
            m_lastStates[k] = ValueState::Implausible;
        else
            m_lastStates[k] = ValueState::NoData;
    }
    m_lastFlags = s.flags;
    m_lastWatts = s.power;
    m_haveSample = true;
    m_simulated = m_simulated || (s.flags & SampleFlag::Simulated) != 0;
}

double LiveView::valueOf(int item, const std::vector<double> &values) const
{
    return item >= 0 && static_cast<std::size_t>(item) < values.size()
               ? values[static_cast<std::size_t>(item)]
               : kNoValue;
}

void LiveView::labelPhase(TracePhase &phase, const core::Message &runnerLabel)
{
    switch (phase.kind) {
    case PhaseKind::Prepare: {
        const core::PrepareStep step = core::prepareStep(runnerLabel);
        m_trace.relabel(phase, runnerLabel.translated(), runnerLabel.translated(),
                        step == core::PrepareStep::SelfTest
                            ? tr("Checking every cipher on the DUT with known answers")
                        : step == core::PrepareStep::Prepared
                            ? tr("Meter and DUT ready")
                            : tr("Connecting to the meter and the DUT"));
        break;
    }
    case PhaseKind::Pin:
        m_trace.relabel(phase, tr("pin"), tr("pin"), tr("Pinning the CPU governor"));
        break;
    case PhaseKind::Plan:
        m_trace.relabel(phase, tr("pilot runs"), tr("pilot"), tr("Pilot runs to size the runs"));
        break;
    case PhaseKind::Baseline:
        m_trace.relabel(phase, tr("idle baseline"), tr("idle"), tr("Idle baseline"));
        break;
    case PhaseKind::Settle:
        m_trace.relabel(phase, tr("settle"), QString(), tr("Settling before the next run"));
        break;
    case PhaseKind::Stabilise:
        m_trace.relabel(phase, tr("stabilising"), tr("wait"),
                        tr("Waiting for the idle power to be stable before the baseline"));
        break;
    case PhaseKind::Run:
        // Until the run's first update names it (right after).
        m_trace.relabel(phase, runnerLabel.translated(), tr("run"),
                        tr("Run: %1").arg(runnerLabel.translated()));
        break;
    case PhaseKind::PostBaseline:
        m_trace.relabel(phase, tr("idle again"), tr("idle"),
                        tr("Idle baseline again, to check for drift"));
        break;
    case PhaseKind::Idle:
        m_trace.relabel(phase, tr("idle window"), tr("idle"),
                        tr("An idle window between runs: the idle level under the runs around "
                           "it is interpolated between such windows"));
        break;
    case PhaseKind::Restore:
        m_trace.relabel(phase, tr("restore"), tr("restore"), tr("Restoring the CPU governor"));
        break;
    }
}

void LiveView::labelRun(TracePhase &phase, int ordinal, int total, const QString &cipher,
                        const QString &backend, const QString &operation, qint64 bufferBytes,
                        int repeat)
{
    phase.runId = phase.runId == 0 ? -ordinal : phase.runId;
    phase.ordinal = ordinal;
    // What ran, in short form, from the longest to the shortest: the band shows what fits.
    const QString op = fmt::operationShort(operation);
    const QStringList labels{fmt::runShort(cipher, backend, operation, bufferBytes),
                             QStringLiteral("%1 %2").arg(cipher, op), op};
    const QString detail = m_settings.repeats > 1
                               ? tr("Run %1 of %2: %3/%4 %5, %6 B, repeat %7 of %8")
                                     .arg(ordinal)
                                     .arg(total)
                                     .arg(cipher, backend, operation)
                                     .arg(bufferBytes)
                                     .arg(repeat)
                                     .arg(m_settings.repeats)
                               : tr("Run %1 of %2: %3/%4 %5, %6 B")
                                     .arg(ordinal)
                                     .arg(total)
                                     .arg(cipher, backend, operation)
                                     .arg(bufferBytes);
    m_trace.labelRun(phase, cipher, labels, detail);
}

void LiveView::previewSetup(const core::SessionSettings &settings)
{
    if (!m_preview || m_running || m_monitoring)
        return;
    m_settings = settings;
    m_element = settings.dutElement;
    scheduleRefresh();
}

void LiveView::showPreview(const core::SessionSettings &settings)
{
    if (m_running)
        return;
    if (m_monitoring) {
        m_settings = settings;
        return;
    }
    beginSession(settings);
    m_running = false;
    m_preview = true;
    m_cancelButton->hide();
    refreshNow();
}

void LiveView::beginMonitor(const core::MeterSetup &meter)
{
    if (m_running)
        return;
    const core::SessionSettings settings = m_settings;
    beginSession(settings);
    m_running = false;
    m_monitoring = true;
    m_cancelButton->hide();
    onPrepared(meter, core::DutSetup{}, 0);
    refreshNow();
}

void LiveView::onMonitorSample(const instruments::Sample &sample)
{
    if (!m_monitoring)
        return;
    if (m_monitorOriginNs < 0)
        m_monitorOriginNs = sample.hostNs - sample.intervalMs * 1'000'000;
    const double t = static_cast<double>(sample.hostNs - m_monitorOriginNs) / 1e9;
    onSample(sample, t, valueOf(m_items.power, sample.values));
}

void LiveView::endMonitor()
{
    if (!m_monitoring)
        return;
    m_monitoring = false;
    // The values stay on screen; the set-up takes the header again.
    m_preview = true;
    refreshNow();
}

void LiveView::scheduleRefresh()
{
    if (!m_refreshTimer->isActive())
        m_refreshTimer->start();
}

void LiveView::refreshNow()
{
    refresh(true);
}

void LiveView::refresh(bool now)
{
    m_refreshTimer->stop();
    updateHeader();
    updateReadouts();
    updateRunPanel();
    updateProgress();
    updateFlagKey();
    m_plot->setBaseline(m_trace.baselineMean(), m_trace.baselineFinal());
    m_plot->refresh(now ? LivePlot::Redraw::Now : LivePlot::Redraw::WhenVisible);
}

} // namespace cipherwatt::gui
