// What the live view's widgets show, brought up to date at each refresh (at most ~25 times a
// second), and the operator's actions on them.

#include "display_format.h"
#include "measure/live_format.h"
#include "measure/live_plot.h"
#include "measure/live_view.h"
#include "measure/readout.h"
#include "measure/results_model.h"
#include "widgets/chart_theme.h"
#include "widgets/elided_label.h"

#include <cipherwatt/core/format.h>
#include <cipherwatt/core/results.h>
#include <cipherwatt/report/charts.h>

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace cipherwatt::gui {

using core::PhaseKind;
using core::SessionStatus;
using instruments::ValueState;

QString LiveView::statusText() const
{
    if (m_status) {
        switch (*m_status) {
        case SessionStatus::Complete:
            return tr("Complete");
        case SessionStatus::Cancelled:
            return tr("Cancelled");
        case SessionStatus::Interrupted:
            return tr("Interrupted");
        case SessionStatus::Failed:
            return tr("Failed");
        case SessionStatus::Running:
            return tr("Not finished");
        }
    }
    if (m_monitoring)
        return tr("Monitoring, not recorded");
    if (!m_running)
        return m_preview ? tr("Not started") : tr("No session");
    if (m_cancelling)
        return tr("Cancelling…");
    if (m_trace.phases().empty())
        return tr("Preparing…");
    // What the session does, in a few words; the phase row under the plot has the details.
    const TracePhase &phase = m_trace.phases().back();
    switch (phase.kind) {
    case PhaseKind::Prepare:
        return tr("Preparing…");
    case PhaseKind::Pin:
        return tr("Pinning the governor…");
    case PhaseKind::Plan:
        return tr("Pilot runs");
    case PhaseKind::Baseline:
        return tr("Idle baseline");
    case PhaseKind::Settle:
        return tr("Settling");
    case PhaseKind::Stabilise:
        return tr("Waiting for stable idle power");
    case PhaseKind::Run:
        return m_run ? tr("Run %1 of %2").arg(phase.ordinal).arg(m_run->total) : tr("Run");
    case PhaseKind::PostBaseline:
        return tr("Idle baseline again");
    case PhaseKind::Idle:
        return tr("Idle window before the next run");
    case PhaseKind::Restore:
        return tr("Restoring the governor…");
    }
    return {};
}

void LiveView::updateHeader()
{
    QStringList parts;
    if (m_monitoring) {
        m_title->setText(tr("Meter, live"));
        parts << tr("meter %1, element %2").arg(m_meterDescription).arg(m_element)
              << tr("nothing is stored: start a session to record");
    } else {
        m_title->setText(m_settings.label.isEmpty() ? tr("Untitled session")
                                                    : DisplayFormat::singleLine(m_settings.label));
        if (m_sessionId > 0)
            parts << fmt::sessionId(m_sessionId);
        if (m_stored)
            parts << tr("stored, read-only");
        if (!m_settings.operatorName.isEmpty())
            parts << tr("operator %1").arg(m_settings.operatorName);
        const QString meter =
            m_meterDescription.isEmpty() ? m_settings.meterResource : m_meterDescription;
        parts << (m_powerSource.isEmpty() ? tr("meter %1, element %2").arg(meter).arg(m_element)
                                          : tr("meter %1").arg(meter));
        parts << tr("DUT %1").arg(m_dutDescription.isEmpty() ? m_settings.dutResource
                                                             : m_dutDescription);
    }
    m_details->setFullText(parts.join(QStringLiteral("  ·  ")));
    m_simulatedBadge->setVisible(m_simulated);
    m_statusLabel->setText(statusText());
    // How it ended, in a colour that reads on light and dark backgrounds.
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    QColor color = palette().color(QPalette::WindowText);
    if (m_status == SessionStatus::Complete)
        color = dark ? QColor(0x4C, 0xD3, 0xA4) : QColor(0x00, 0x7A, 0x58);
    else if (m_status)
        color = dark ? QColor(0xFF, 0x8A, 0x5C) : QColor(0xC2, 0x41, 0x0C);
    QPalette statusPalette = m_statusLabel->palette();
    statusPalette.setColor(QPalette::WindowText, color);
    m_statusLabel->setPalette(statusPalette);
    m_statusLabel->setToolTip(
        m_reason.isEmpty() ? tr("What the session is doing now, or how it ended") : m_reason);
}

QString LiveView::readingText(int item, double value, int digits, int maxDecimals,
                              bool &alert) const
{
    alert = false;
    if (std::isfinite(value))
        return format::reading(value, digits, maxDecimals);
    if (item < 0 || static_cast<std::size_t>(item) >= m_lastStates.size())
        return QStringLiteral("–");
    // As the meter's own display shows them.
    switch (m_lastStates[static_cast<std::size_t>(item)]) {
    case ValueState::OverRange:
        alert = true;
        return QStringLiteral("-OL-");
    case ValueState::NoData:
        alert = true;
        return QStringLiteral("------");
    case ValueState::Implausible: // a number no range of the meter can show (plausibility.h)
        alert = true;
        return QStringLiteral("-IMP-");
    case ValueState::Valid:
        break;
    }
    return QStringLiteral("–");
}

void LiveView::updateReadouts()
{
    bool alert = false;
    // A session that has ended, or one read back: the tiles hold its last update, and say so.
    const bool ended = !m_running && !m_monitoring && m_status.has_value();
    if (!m_haveSample) {
        for (Readout *r : {m_power, m_voltage, m_current, m_powerFactor}) {
            r->setValue(QStringLiteral("–"));
            r->setNote(QString());
        }
        m_power->setNote(m_running || m_monitoring ? tr("Waiting for the meter") : QString());
    } else {
        // Each text first: it says whether the meter flagged the reading.
        QString text = readingText(m_items.power, m_lastWatts, 5, 4, alert);
        m_power->setValue(text, alert);
        text = readingText(m_items.voltage, valueOf(m_items.voltage, m_lastValues), 5, 3, alert);
        m_voltage->setValue(text, alert);
        text = readingText(m_items.current, valueOf(m_items.current, m_lastValues), 4, 4, alert);
        m_current->setValue(text, alert);
        text = readingText(m_items.powerFactor, valueOf(m_items.powerFactor, m_lastValues), 4, 3,
                           alert);
        m_powerFactor->setValue(text, alert);
        // Rounded as shown first, so a difference of nothing reads +0.000 and not -0.000.
        const double net = std::round((m_lastWatts - m_trace.baselineMean()) * 1000) / 1000 + 0.0;
        if (ended)
            m_power->setNote(std::isfinite(net)
                                 ? tr("Last update: %1 W over idle")
                                       .arg((net >= 0 ? QStringLiteral("+") : QString()) +
                                            QLocale().toString(net, 'f', 3))
                                 : tr("Last update of the session"));
        else if (m_monitoring)
            m_power->setNote(tr("Live, not recorded"));
        else
            m_power->setNote(std::isfinite(net)
                                 ? tr("%1 W over the idle baseline")
                                       .arg((net >= 0 ? QStringLiteral("+") : QString()) +
                                            QLocale().toString(net, 'f', 3))
                                 : tr("At the newest meter update"));
        for (Readout *r : {m_voltage, m_current, m_powerFactor})
            r->setNote(ended ? tr("Last update") : QString());
    }
    const double baseline = m_trace.baselineMean();
    m_baseline->setValue(format::reading(baseline, 5, 4));
    const int count = m_trace.baselineCount();
    if (m_trace.baselineFinal())
        m_baseline->setNote(tr("Final, %n updates", nullptr, count));
    else if (count > 0)
        m_baseline->setNote(tr("So far, %n updates", nullptr, count));
    else if (m_monitoring)
        m_baseline->setNote(tr("Measured by a session"));
    else
        m_baseline->setNote(tr("Not measured yet"));
}

void LiveView::updateRunPanel()
{
    if (!m_run) {
        m_runTitle->setText(tr("No run yet"));
        m_runName->setText(m_plannedRuns > 0 ? tr("%n runs planned", nullptr, m_plannedRuns)
                                             : QString());
        for (QLabel *l : {m_runElapsed, m_runRemaining, m_runBytes, m_runThroughput})
            l->setText(QStringLiteral("–"));
        return;
    }
    const core::RunUpdate &u = *m_run;
    const bool running = u.status == core::RunStatus::Running && m_running;
    m_runTitle->setText(tr("Run %1 of %2").arg(u.ordinal).arg(u.total));
    QString name = tr("%1/%2 %3, %4 B").arg(u.cipher, u.backend, u.operation).arg(u.bufferBytes);
    if (m_settings.repeats > 1)
        name = tr("%1, repeat %2 of %3").arg(name).arg(u.repeat).arg(m_settings.repeats);
    if (!u.error.isEmpty())
        name = tr("%1\nFailed: %2").arg(name, u.error.translated());
    m_runName->setText(name);
    // While the run goes on, its phase's clock ticks with every meter update; the worker's
    // own figure (the measured loop) once it has ended.
    double elapsed = u.elapsedSeconds;
    const TracePhase *phase = m_trace.phases().empty() ? nullptr : &m_trace.phases().back();
    if (running && phase != nullptr && phase->kind == PhaseKind::Run && phase->ordinal == u.ordinal)
        elapsed = std::max(elapsed, m_trace.now() - phase->start);
    m_runElapsed->setText(format::duration(elapsed, true));
    if (running)
        m_runRemaining->setText(
            u.plannedSeconds > 0 ? format::duration(std::max(0.0, u.plannedSeconds - elapsed), true)
                                 : tr("Set by iterations"));
    else if (u.status == core::RunStatus::Done)
        m_runRemaining->setText(tr("Done"));
    else if (u.status == core::RunStatus::Failed)
        m_runRemaining->setText(tr("Failed"));
    else if (u.status == core::RunStatus::Cancelled)
        m_runRemaining->setText(tr("Cancelled"));
    else
        m_runRemaining->setText(core::runStatusText(u.status).translated());
    m_runBytes->setText(format::bytes(static_cast<double>(u.bytes)));
    m_runThroughput->setText(u.elapsedSeconds > 0
                                 ? format::rate(static_cast<double>(u.bytes) / u.elapsedSeconds)
                                 : QStringLiteral("–"));
}

void LiveView::updateProgress()
{
    const std::vector<TracePhase> &phases = m_trace.phases();
    const double now = m_trace.now();
    if (m_monitoring) {
        m_phaseLabel->setFullText(tr("Monitoring the meter: nothing is stored"));
        m_phaseTime->setText(format::duration(now));
        m_phaseBar->setValue(0);
    } else if (!m_running) {
        m_phaseLabel->setFullText(m_status ? tr("Session ended: %1").arg(statusText().toLower())
                                           : tr("No session"));
        m_phaseTime->setText(m_status ? tr("%1 in all").arg(format::duration(now)) : QString());
        m_phaseBar->setValue(m_status ? m_phaseBar->maximum() : 0);
    } else if (phases.empty()) {
        m_phaseLabel->setFullText(tr("Preparing…"));
        m_phaseTime->clear();
        m_phaseBar->setValue(0);
    } else {
        const TracePhase &phase = phases.back();
        m_phaseLabel->setFullText(phase.detail);
        const double elapsed = std::max(0.0, now - phase.start);
        if (phase.plannedSeconds > 0) {
            m_phaseTime->setText(
                tr("%1 of %2")
                    .arg(format::duration(elapsed), format::duration(phase.plannedSeconds)));
            m_phaseBar->setValue(static_cast<int>(std::lround(
                std::min(1.0, elapsed / phase.plannedSeconds) * m_phaseBar->maximum())));
        } else {
            m_phaseTime->setText(format::duration(elapsed));
            m_phaseBar->setValue(0);
        }
    }
    if (!m_running && m_status && m_plannedRuns > 0) {
        // An ended session: how much of the plan it measured, not a clock at 100 %.
        m_sessionBar->setValue(m_sessionBar->maximum() * m_doneRuns / m_plannedRuns);
        m_sessionTime->setText(
            tr("%1 of %n runs measured", nullptr, m_plannedRuns).arg(m_doneRuns));
        return;
    }
    const int percent = static_cast<int>(std::lround(std::clamp(m_fraction, 0.0, 1.0) * 100));
    m_sessionBar->setValue(
        static_cast<int>(std::lround(std::clamp(m_fraction, 0.0, 1.0) * m_sessionBar->maximum())));
    if (m_monitoring || (!m_running && !m_status))
        m_sessionTime->clear();
    else if (m_running && std::isfinite(m_secondsLeft))
        m_sessionTime->setText(
            tr("%1 %, about %2 left").arg(percent).arg(format::duration(m_secondsLeft)));
    else
        m_sessionTime->setText(tr("%1 %").arg(percent));
}

void LiveView::updateFlagKey()
{
    struct Key
    {
        std::uint32_t flag;
        const char *glyph;
        QString text;
    };
    const std::array<Key, 4> keys{{
        {instruments::SampleFlag::OverRange, "\u25BC", tr("over range")},
        {instruments::SampleFlag::NoData, "\u2715", tr("no data")},
        {instruments::SampleFlag::Gap, "\u25C6", tr("missed updates")},
        {instruments::SampleFlag::Duplicate, "\u25CB", tr("duplicates")},
    }};
    QStringList parts;
    for (const Key &key : keys) {
        const int n = m_trace.flagCount(key.flag);
        if (n == 0)
            continue;
        parts << QStringLiteral("<span style=\"color:%1\">%2</span>&nbsp;%3&nbsp;%4")
                     .arg(LivePlot::flagColor(key.flag).name(), QString::fromUtf8(key.glyph),
                          key.text.toHtmlEscaped())
                     .arg(n);
    }
    m_flagKey->setVisible(!parts.isEmpty());
    if (!parts.isEmpty())
        m_flagKey->setText(parts.join(QStringLiteral("&nbsp;&nbsp;&nbsp;")));
}

void LiveView::showResultColumns()
{
    for (const int column : {ResultsModel::TimePerOperation, ResultsModel::EnergyPerOperation,
                             ResultsModel::ChargePerOperation})
        m_table->setColumnHidden(column, !m_results->perOperation());
    m_table->setColumnHidden(ResultsModel::SourceRatio, !m_results->hasSources());
    m_table->setColumnHidden(ResultsModel::CyclesModelRatio, !m_results->hasCyclesModel());
}

void LiveView::showExperiment(const core::SessionData &session)
{
    if (session.summary.id != m_sessionId)
        return; // another session is shown by now
    showCurves(&session);
    showResults();
}

void LiveView::showCurves(const core::SessionData *session)
{
    // What an experiment's factors draw under its results, the first that applies: a frequency
    // sweep's curves, the ISA levels', governors', chunkings' or payloads' grouped bars (each
    // against the first), the curves against the buffer size.
    enum class Chart { None, Frequency, Isa, Governor, Chunking, Payload, Buffer };
    Chart chart = Chart::None;
    std::vector<core::FactorEffect> effects;
    if (session != nullptr) {
        if (!core::frequencyCurves(*session).empty())
            chart = Chart::Frequency;
        else if (effects = core::isaEffects(*session); !effects.empty())
            chart = Chart::Isa;
        else if (effects = core::governorEffects(*session); !effects.empty())
            chart = Chart::Governor;
        else if (effects = core::chunkingEffects(*session); !effects.empty())
            chart = Chart::Chunking;
        else if (effects = core::payloadEffects(*session); !effects.empty())
            chart = Chart::Payload;
        else if (!core::bufferCurves(*session).empty())
            chart = Chart::Buffer;
    }
    if (chart == Chart::None) {
        m_curves->hide();
        m_table->setMinimumHeight(0);
        return;
    }
    // The table keeps room for two rows above the chart (it scrolls).
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height() +
                              2 * m_table->verticalHeader()->defaultSectionSize() +
                              2 * m_table->frameWidth());
    // The report's function draws into an empty plot: a fresh one each time.
    auto *plot = new QCustomPlot(m_resultsPane);
    plot->setObjectName(m_curves->objectName());
    plot->setMinimumHeight(150);
    delete m_resultsPane->layout()->replaceWidget(m_curves, plot);
    delete m_curves;
    m_curves = plot;
    const auto language = report::ChartLanguage::Translated;
    switch (chart) {
    case Chart::Frequency:
        m_curves->setToolTip(tr("Energy per byte against the CPU frequency (means over repeats, "
                                "95 % intervals); each curve's energy-optimal level ringed"));
        report::plotFrequencyCurves(*m_curves, *session, report::CurveMeasure::EnergyPerByte,
                                    language);
        break;
    case Chart::Isa:
        m_curves->setToolTip(tr("Energy per byte at each instruction-set level beside the first "
                                "(means over repeats, 95 % intervals), with the ratio"));
        report::plotEffectBars(
            *m_curves, effects, session->settings.isaLevels.value(0),
            [](const core::ResultKey &k) { return k.isa; }, language);
        break;
    case Chart::Governor:
        m_curves->setToolTip(tr("Energy per byte under each CPU governor beside the first (means "
                                "over repeats, 95 % intervals), with the ratio"));
        report::plotEffectBars(
            *m_curves, effects, session->settings.governorLevels.value(0),
            [](const core::ResultKey &k) { return k.governor; }, language);
        break;
    case Chart::Chunking:
        m_curves->setToolTip(tr("Energy per byte with each chunking beside the first (means over "
                                "repeats, 95 % intervals), with the ratio"));
        report::plotEffectBars(
            *m_curves, effects, session->settings.chunkingLevels.value(0),
            [](const core::ResultKey &k) { return k.chunking; }, language);
        break;
    case Chart::Payload:
        m_curves->setToolTip(tr("Energy per byte with each payload beside the first (means over "
                                "repeats, 95 % intervals), with the ratio"));
        report::plotEffectBars(
            *m_curves, effects,
            core::format::payloadShort(session->settings.payloadLevels.value(0)),
            [](const core::ResultKey &k) { return core::format::payloadShort(k.payload); },
            language);
        break;
    case Chart::Buffer:
    case Chart::None:
        m_curves->setToolTip(tr("Energy per byte against the buffer size, logarithmic (means "
                                "over repeats, 95 % intervals)"));
        report::plotBufferCurves(*m_curves, *session, report::CurveMeasure::EnergyPerByte,
                                 language);
        break;
    }
    applyChartTheme(*m_curves, palette(), font());
    m_curves->replot();
    m_curves->show();
}

void LiveView::showResults()
{
    m_resultsPane->show();
    // Room for the rows there are (up to eight, then it scrolls) while the session runs, and
    // most of the height once it has ended: then the results are what there is to read. Until
    // the operator moves the splitter.
    if (m_splitterMoved)
        return;
    const int total = m_splitter->sizes().value(0) + m_splitter->sizes().value(1);
    const bool ended = !m_running && m_status.has_value();
    const int rows = std::clamp(m_results->rowCount(), 3, ended ? 12 : 8);
    const int wanted = m_resultsPane->sizeHint().height() - m_table->sizeHint().height() +
                       m_table->horizontalHeader()->sizeHint().height() +
                       rows * m_table->verticalHeader()->defaultSectionSize() +
                       2 * m_table->frameWidth() + 2;
    // A frequency sweep's curves under the table: most of the height, once it has ended.
    const int share = ended ? (m_curves->isVisibleTo(this) ? 65 : 60) : 45;
    // The readouts and the current run beside the plot keep the height they need to be read.
    const QLayoutItem *side = m_splitter->widget(0)->layout()->itemAt(1);
    const int sideNeeds = side != nullptr ? side->minimumSize().height() : 0;
    const int pane = std::max(std::min({wanted, total * share / 100, total - sideNeeds}),
                              m_resultsPane->minimumSizeHint().height());
    if (total > 0)
        m_splitter->setSizes({total - pane, pane});
}

void LiveView::setWindowIndex(int index)
{
    m_plot->setWindowSeconds(m_windowBox->itemData(index).toDouble());
}

void LiveView::confirmCancel()
{
    if (!m_running || m_cancelling || m_confirmation)
        return;
    auto *box = new QMessageBox(QMessageBox::Question, tr("Cancel Session"),
                                tr("Cancel the running session?"), QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("cancelConfirmation"));
    box->setInformativeText(tr("The current run stops, the CPU governor is restored and "
                               "everything measured so far is kept. The session is stored as "
                               "cancelled."));
    QPushButton *stop = box->addButton(tr("Cancel Session"), QMessageBox::DestructiveRole);
    stop->setObjectName(QStringLiteral("confirmCancel"));
    QPushButton *keep = box->addButton(tr("Keep Running"), QMessageBox::RejectRole);
    keep->setObjectName(QStringLiteral("keepRunning"));
    box->setDefaultButton(keep);
    box->setEscapeButton(keep);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, stop](QAbstractButton *button) {
        // The session may have ended while the question was open.
        if (button != stop || !m_running)
            return;
        m_cancelling = true;
        m_cancelButton->setEnabled(false);
        emit cancelRequested();
        refreshNow();
    });
    connect(box, &QDialog::finished, this, [this] { m_confirmation.clear(); });
    m_confirmation = box;
    box->open();
}

} // namespace cipherwatt::gui
