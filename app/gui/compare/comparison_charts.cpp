#include "compare/comparison_charts.h"

#include "widgets/chart_menu.h"
#include "widgets/chart_theme.h"

#include <cipherwatt/report/chart_file.h>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cipherwatt::gui {

using report::BarMeasure;
using report::BarOperation;

ChartPage::ChartPage(const QString &note, QWidget *parent)
    : QWidget(parent)
    , m_layout(new QVBoxLayout(this))
    , m_plot(new QCustomPlot(this))
{
    m_plot->setMinimumHeight(280);
    applyChartTheme(*m_plot, palette(), font());
    m_layout->addWidget(m_plot, 1);
    auto *label = new QLabel(note, this);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setForegroundRole(QPalette::PlaceholderText);
    m_layout->addWidget(label);
}

void ChartPage::addControls(QLayout *controls)
{
    m_layout->insertLayout(0, controls);
}

void ChartPage::setSessions(std::shared_ptr<const std::vector<core::SessionData>> sessions)
{
    m_sessions = std::move(sessions);
    redraw();
}

core::Result<void> ChartPage::saveChart(const QString &path) const
{
    if (!m_sessions || m_sessions->size() < 2)
        return core::Error{core::ErrorCode::Usage,
                           core::Message::plain(tr("There is no comparison to save."))};
    // Drawn again for paper: the report's styling on white, not the window's theme.
    const auto sessions = m_sessions;
    return report::saveChart([this, sessions](QCustomPlot &plot) { drawForPaper(plot, *sessions); },
                             path);
}

void ChartPage::redraw()
{
    // The report's functions draw into an empty plot: a fresh one each time.
    auto *plot = new QCustomPlot(this);
    plot->setMinimumHeight(m_plot->minimumHeight());
    plot->setObjectName(m_plot->objectName());
    delete m_layout->replaceWidget(m_plot, plot); // the old widget's item is ours to delete
    delete m_plot;
    m_plot = plot;
    if (m_sessions && m_sessions->size() >= 2)
        draw(*m_plot, *m_sessions);
    else
        applyChartTheme(*m_plot, palette(), font());
    addChartMenu(
        m_plot, [this](const QString &path) { return saveChart(path); },
        [this] { return fileBaseName(); });
    m_plot->replot();
}

void ChartPage::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        redraw();
}

BarChartPage::BarChartPage(QWidget *parent)
    : ChartPage(tr("One bar per session in each group; the error bars are the 95 % intervals. "
                   "The total adds encryption and decryption."),
                parent)
{
    plot()->setObjectName(QStringLiteral("barChart"));
    m_operation = new QComboBox(this);
    m_operation->setObjectName(QStringLiteral("barOperation"));
    m_operation->setToolTip(tr("Which runs the bars show"));
    m_operation->addItem(tr("Encryption"), static_cast<int>(BarOperation::Encrypt));
    m_operation->addItem(tr("Decryption"), static_cast<int>(BarOperation::Decrypt));
    m_operation->addItem(tr("Encryption and decryption together"),
                         static_cast<int>(BarOperation::Total));
    m_measure = new QComboBox(this);
    m_measure->setObjectName(QStringLiteral("barMeasure"));
    m_measure->setToolTip(tr("What the bars measure"));
    m_measure->addItem(tr("Energy per byte"), static_cast<int>(BarMeasure::EnergyPerByte));
    m_measure->addItem(tr("Net power"), static_cast<int>(BarMeasure::NetPower));
    auto *operationLabel = new QLabel(tr("Operation:"), this);
    operationLabel->setBuddy(m_operation);
    auto *measureLabel = new QLabel(tr("Measure:"), this);
    measureLabel->setBuddy(m_measure);
    auto *controls = new QHBoxLayout;
    controls->addWidget(operationLabel);
    controls->addWidget(m_operation);
    controls->addSpacing(16);
    controls->addWidget(measureLabel);
    controls->addWidget(m_measure);
    controls->addStretch(1);
    addControls(controls);
    connect(m_operation, &QComboBox::currentIndexChanged, this, &BarChartPage::redraw);
    connect(m_measure, &QComboBox::currentIndexChanged, this, &BarChartPage::redraw);
}

void BarChartPage::setOperation(BarOperation operation)
{
    m_operation->setCurrentIndex(m_operation->findData(static_cast<int>(operation)));
}

void BarChartPage::setMeasure(BarMeasure measure)
{
    m_measure->setCurrentIndex(m_measure->findData(static_cast<int>(measure)));
}

void BarChartPage::drawForPaper(QCustomPlot &plot,
                                const std::vector<core::SessionData> &sessions) const
{
    report::plotBars(plot, sessions, static_cast<BarOperation>(m_operation->currentData().toInt()),
                     static_cast<BarMeasure>(m_measure->currentData().toInt()),
                     report::ChartLanguage::Translated);
}

QString BarChartPage::fileBaseName() const
{
    const auto operation = static_cast<BarOperation>(m_operation->currentData().toInt());
    const bool energy =
        static_cast<BarMeasure>(m_measure->currentData().toInt()) == BarMeasure::EnergyPerByte;
    return QStringLiteral("%1-%2").arg(
        energy ? QStringLiteral("energy") : QStringLiteral("power"),
        operation == BarOperation::Encrypt   ? QStringLiteral("encryption")
        : operation == BarOperation::Decrypt ? QStringLiteral("decryption")
                                             : QStringLiteral("total"));
}

void BarChartPage::draw(QCustomPlot &plot, const std::vector<core::SessionData> &sessions)
{
    const auto operation = static_cast<BarOperation>(m_operation->currentData().toInt());
    const auto measure = static_cast<BarMeasure>(m_measure->currentData().toInt());
    drawForPaper(plot, sessions);
    QString title;
    const bool energy = measure == BarMeasure::EnergyPerByte;
    switch (operation) {
    case BarOperation::Encrypt:
        title = energy ? tr("Energy per Byte, Encryption") : tr("Net Power, Encryption");
        break;
    case BarOperation::Decrypt:
        title = energy ? tr("Energy per Byte, Decryption") : tr("Net Power, Decryption");
        break;
    case BarOperation::Total:
        title = energy ? tr("Energy per Byte, Encryption and Decryption")
                       : tr("Net Power, Encryption and Decryption");
        break;
    }
    addChartTitle(plot, title, font());
    applyChartTheme(plot, palette(), font());
    plot.setToolTip(tr("One bar per session; the error bars are the 95 % intervals"));
}

TraceChartPage::TraceChartPage(QWidget *parent)
    : ChartPage(tr("Each session's trace is shifted so that its first run starts at t = 0. Drag "
                   "to pan, scroll to zoom in time, double-click to see everything again."),
                parent)
{
    plot()->setObjectName(QStringLiteral("traceChart"));
}

void TraceChartPage::drawForPaper(QCustomPlot &plot,
                                  const std::vector<core::SessionData> &sessions) const
{
    report::plotOverlaidTraces(plot, sessions, report::ChartLanguage::Translated);
}

QString TraceChartPage::fileBaseName() const
{
    return QStringLiteral("power-traces");
}

void TraceChartPage::draw(QCustomPlot &plot, const std::vector<core::SessionData> &sessions)
{
    drawForPaper(plot, sessions);
    addChartTitle(plot, tr("Power, Aligned at the First Run"), font());
    applyChartTheme(plot, palette(), font());
    plot.setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot.axisRect()->setRangeDrag(Qt::Horizontal);
    plot.axisRect()->setRangeZoom(Qt::Horizontal);
    const QCPRange all = plot.xAxis->range();
    QCustomPlot *p = &plot;
    connect(p, &QCustomPlot::mouseDoubleClick, p, [p, all] {
        p->xAxis->setRange(all);
        p->replot();
    });
    plot.setToolTip(tr("Drag to pan, scroll to zoom in time, double-click to see everything"));
}

} // namespace cipherwatt::gui
