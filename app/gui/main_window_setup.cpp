// The Measure page's set-up as the window follows it: the set-up on the form with the
// connections', the estimate beside Start, the size the window takes on a screen, and the
// throughput unit setting.

#include "compare/compare_view.h"
#include "display_format.h"
#include "main_window.h"
#include "measure/connection_panel.h"
#include "measure/live_view.h"
#include "measure/meter_form.h"
#include "measure/results_model.h"
#include "measure/setup_panel.h"

#include <cipherwatt/core/estimate.h>

#include <QLabel>

#include <algorithm>
#include <cmath>

namespace cipherwatt::gui {

QSize MainWindow::fittedSize(const QSize &available)
{
    // Room for the frame and a margin; never more than the layout was drawn for.
    return {std::min(1440, available.width() - 16), std::min(900, available.height() - 40)};
}

core::SessionSettings MainWindow::currentSettings() const
{
    core::SessionSettings settings = m_setup->settings();
    settings.meterResource = m_connection->meterResource();
    settings.dutResource = m_connection->dutResource();
    settings.dutElement = m_connection->dutElement();
    m_connection->meterForm()->applyTo(settings);
    return settings;
}

void MainWindow::previewSetup()
{
    if (m_live != nullptr && m_connection != nullptr && !m_setup->isShowingStored())
        m_live->previewSetup(currentSettings());
}

QString MainWindow::estimateText() const
{
    return m_estimate->text();
}

void MainWindow::updateEstimate()
{
    // The set-up restores itself before the tool bar exists; the constructor updates it after.
    if (m_estimate == nullptr)
        return;
    const core::SessionSettings settings = m_setup->settings();
    const core::SessionEstimate e = core::estimateSession(settings, m_setup->catalogue());
    if (!e.valid || e.runs == 0) {
        m_estimate->setText(tr("No runs planned"));
        return;
    }
    const auto duration = [](double seconds) {
        const auto minutes = static_cast<qint64>(std::lround(seconds / 60.0));
        return seconds < 90   ? tr("%n s", nullptr, static_cast<int>(std::lround(seconds)))
               : minutes < 90 ? tr("%n min", nullptr, static_cast<int>(minutes))
                              : tr("%1 h %2 min").arg(minutes / 60).arg(minutes % 60);
    };
    const QString time = duration(e.seconds);
    const QString runs = tr("%n runs", nullptr, e.runs);
    QString text = e.runsUnknown == 0
                       ? tr("%1 · about %2").arg(runs, time)
                       : tr("%1 · at least %2 (%n runs of unknown length)", nullptr, e.runsUnknown)
                             .arg(runs, time);
    if (e.waitAtMostSeconds > 0)
        text += tr(", plus up to %1 waiting for the DUT before the baseline")
                    .arg(duration(e.waitAtMostSeconds));
    m_estimate->setText(text);
}

void MainWindow::setPaperThroughput(bool on)
{
    DisplayFormat::setThroughputUnit(on ? core::format::ThroughputUnit::PaperKilobytes
                                        : core::format::ThroughputUnit::Adaptive);
    m_live->results()->refreshUnits();
    m_compare->refreshUnits();
}

} // namespace cipherwatt::gui
