// The widgets of the live view and where they sit (the behaviour is in live_view.cpp).

#include "measure/live_plot.h"
#include "measure/live_view.h"
#include "measure/readout.h"
#include "measure/results_model.h"
#include "widgets/chart_menu.h"
#include "widgets/elided_label.h"

#include <cipherwatt/core/format.h>

#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cipherwatt::gui {

namespace {

QLabel *valueLabel(QWidget *parent, const QString &name)
{
    auto *label = new QLabel(QStringLiteral("–"), parent);
    label->setObjectName(name);
    label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return label;
}

QFont scaledFont(const QFont &base, double factor, QFont::Weight weight)
{
    QFont f = base;
    f.setPointSizeF(base.pointSizeF() * factor);
    f.setWeight(weight);
    return f;
}

} // namespace

void LiveView::buildUi()
{
    auto *root = new QVBoxLayout(this);
    root->setContentsMargins(12, 10, 12, 10);
    root->setSpacing(8);
    root->addWidget(buildHeader());
    root->addWidget(m_warningBanner);

    auto *top = new QWidget(this);
    auto *topLayout = new QHBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(10);
    topLayout->addWidget(buildPlotPane(), 1);
    topLayout->addWidget(buildSidePanel());

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(QStringLiteral("liveSplitter"));
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(top);
    m_splitter->addWidget(buildResultsPane());
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_splitterMoved = true; });
    root->addWidget(m_splitter, 1);
    root->addWidget(buildProgressRow());
}

QWidget *LiveView::buildHeader()
{
    auto *header = new QWidget(this);
    auto *layout = new QGridLayout(header);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setHorizontalSpacing(10);
    layout->setVerticalSpacing(2);

    m_title = new QLabel(header);
    m_title->setObjectName(QStringLiteral("sessionTitle"));
    m_title->setFont(scaledFont(font(), 1.45, QFont::DemiBold));
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setToolTip(tr("The session's label"));

    m_simulatedBadge = new QLabel(tr("Simulated meter"), header);
    m_simulatedBadge->setObjectName(QStringLiteral("simulatedBadge"));
    // Orange with dark text reads the same on light and dark palettes.
    m_simulatedBadge->setStyleSheet(
        QStringLiteral("QLabel { background: #E69F00; color: #1A1A1A; border-radius: 4px; "
                       "padding: 2px 8px; font-weight: 600; }"));
    m_simulatedBadge->setToolTip(tr("The readings come from CipherWatt's simulated WT332, not "
                                    "from a real meter: they show that the method works, not "
                                    "what the DUT draws."));
    m_simulatedBadge->hide();

    m_statusLabel = new QLabel(header);
    m_statusLabel->setObjectName(QStringLiteral("sessionStatus"));
    m_statusLabel->setFont(scaledFont(font(), 1.1, QFont::DemiBold));
    m_statusLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_statusLabel->setToolTip(tr("What the session is doing now, or how it ended"));

    m_details = new ElidedLabel(header);
    m_details->setObjectName(QStringLiteral("sessionDetails"));
    m_details->setForegroundRole(QPalette::PlaceholderText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);

    layout->addWidget(m_title, 0, 0);
    layout->addWidget(m_simulatedBadge, 0, 1, Qt::AlignVCenter);
    layout->addWidget(m_statusLabel, 0, 3);
    layout->addWidget(m_details, 1, 0, 1, 4);
    layout->setColumnStretch(2, 1);

    m_warningBanner = new QFrame(this);
    m_warningBanner->setObjectName(QStringLiteral("warningBanner"));
    m_warningBanner->setStyleSheet(
        QStringLiteral("QFrame#warningBanner { background: rgba(230, 159, 0, 0.16); "
                       "border: 1px solid rgba(230, 159, 0, 0.75); border-radius: 4px; }"));
    auto *banner = new QHBoxLayout(m_warningBanner);
    banner->setContentsMargins(8, 4, 8, 4);
    auto *icon = new QLabel(m_warningBanner);
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(size, size));
    m_warningText = new QLabel(m_warningBanner);
    m_warningText->setObjectName(QStringLiteral("warningText"));
    m_warningText->setWordWrap(true);
    m_warningText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    banner->addWidget(icon, 0, Qt::AlignTop);
    banner->addWidget(m_warningText, 1);
    m_warningBanner->hide();
    return header;
}

QWidget *LiveView::buildPlotPane()
{
    auto *pane = new QWidget(this);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);

    auto *bar = new QHBoxLayout;
    bar->setSpacing(6);
    m_followButton = new QToolButton(pane);
    m_followButton->setObjectName(QStringLiteral("followButton"));
    m_followButton->setText(tr("Follow"));
    m_followButton->setCheckable(true);
    m_followButton->setChecked(true);
    m_followButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_followButton->setToolTip(tr("Scroll with the newest data (F). Dragging or zooming the "
                                  "plot stops following; double-click the plot to follow "
                                  "again."));
    connect(m_followButton, &QToolButton::toggled, m_plot, &LivePlot::setFollow);
    connect(m_plot, &LivePlot::followChanged, m_followButton, &QToolButton::setChecked);
    auto *shortcut = new QShortcut(QKeySequence(Qt::Key_F), this);
    shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(shortcut, &QShortcut::activated, m_plot, [this] { m_plot->setFollow(true); });

    m_windowBox = new QComboBox(pane);
    m_windowBox->setObjectName(QStringLiteral("windowBox"));
    m_windowBox->addItem(tr("Last 30 s"), 30.0);
    m_windowBox->addItem(tr("Last 60 s"), 60.0);
    m_windowBox->addItem(tr("Last 5 min"), 300.0);
    m_windowBox->addItem(tr("Last 15 min"), 900.0);
    m_windowBox->addItem(tr("Whole session"), 0.0);
    m_windowBox->setCurrentIndex(1);
    m_windowBox->setToolTip(tr("How much of the session the plot shows while it follows the "
                               "newest data"));
    connect(m_windowBox, &QComboBox::activated, this, &LiveView::setWindowIndex);

    m_stripsButton = new QToolButton(pane);
    m_stripsButton->setObjectName(QStringLiteral("stripsButton"));
    m_stripsButton->setText(tr("Show U and I"));
    m_stripsButton->setCheckable(true);
    m_stripsButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_stripsButton->setToolTip(tr("Show the DUT element's voltage and current in two strips "
                                  "under the power"));
    connect(m_stripsButton, &QToolButton::toggled, m_plot, &LivePlot::setDetailStripsVisible);

    m_flagKey = new QLabel(pane);
    m_flagKey->setObjectName(QStringLiteral("flagKey"));
    m_flagKey->setTextFormat(Qt::RichText);
    m_flagKey->setToolTip(tr("Meter updates marked on the plot (counts for the whole session). "
                             "Hover a marker for details."));
    m_flagKey->hide();

    bar->addWidget(m_followButton);
    bar->addWidget(m_windowBox);
    bar->addWidget(m_stripsButton);
    bar->addStretch(1);
    bar->addWidget(m_flagKey);
    layout->addLayout(bar);
    m_plot->setParent(pane);
    m_plot->setMinimumSize(360, 180);
    addChartMenu(
        m_plot, [this](const QString &path) { return m_plot->savePaperCopy(path); },
        [this] {
            return m_sessionId > 0 ? core::format::sessionId(m_sessionId) + QStringLiteral("-power")
                                   : QStringLiteral("power");
        });
    layout->addWidget(m_plot, 1);
    return pane;
}

QWidget *LiveView::buildSidePanel()
{
    auto *panel = new QWidget(this);
    panel->setObjectName(QStringLiteral("sidePanel"));
    // Two readouts side by side with the meter's five digits and their units.
    const int width = fontMetrics().horizontalAdvance(QLatin1Char('M')) * 25;
    panel->setFixedWidth(width);
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);

    m_power = new Readout(tr("Power"), QStringLiteral("W"), true, panel);
    m_power->setObjectName(QStringLiteral("powerReadout"));
    m_power->setToolTip(tr("Active power of the DUT's meter element at the newest update"));
    m_voltage = new Readout(tr("Voltage"), QStringLiteral("V"), false, panel);
    m_voltage->setObjectName(QStringLiteral("voltageReadout"));
    m_voltage->setToolTip(tr("Voltage (RMS) of the DUT's meter element at the newest update"));
    m_current = new Readout(tr("Current"), QStringLiteral("A"), false, panel);
    m_current->setObjectName(QStringLiteral("currentReadout"));
    m_current->setToolTip(tr("Current (RMS) of the DUT's meter element at the newest update"));
    m_powerFactor = new Readout(tr("Power factor"), QString(), false, panel);
    m_powerFactor->setObjectName(QStringLiteral("powerFactorReadout"));
    m_powerFactor->setToolTip(tr("Power factor λ of the DUT's meter element"));
    m_baseline = new Readout(tr("Idle baseline"), QStringLiteral("W"), false, panel);
    m_baseline->setObjectName(QStringLiteral("baselineReadout"));
    m_baseline->setToolTip(tr("Mean power while the DUT idles: the running mean during the "
                              "baseline phase, then the runner's result. Net power is the "
                              "power of a run minus this."));
    auto *grid = new QGridLayout;
    grid->setSpacing(6);
    grid->addWidget(m_voltage, 0, 0);
    grid->addWidget(m_current, 0, 1);
    grid->addWidget(m_powerFactor, 1, 0);
    grid->addWidget(m_baseline, 1, 1);
    layout->addWidget(m_power);
    layout->addLayout(grid);

    auto *run = new QGroupBox(tr("Current Run"), panel);
    run->setObjectName(QStringLiteral("runBox"));
    run->setToolTip(tr("The run the DUT is measuring, or the last one"));
    auto *runLayout = new QGridLayout(run);
    runLayout->setHorizontalSpacing(12);
    runLayout->setVerticalSpacing(3);
    m_runTitle = new QLabel(run);
    m_runTitle->setObjectName(QStringLiteral("runTitle"));
    m_runTitle->setFont(scaledFont(font(), 1.05, QFont::DemiBold));
    m_runName = new QLabel(run);
    m_runName->setObjectName(QStringLiteral("runName"));
    m_runName->setWordWrap(true);
    m_runName->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_runElapsed = valueLabel(run, QStringLiteral("runElapsed"));
    m_runRemaining = valueLabel(run, QStringLiteral("runRemaining"));
    m_runBytes = valueLabel(run, QStringLiteral("runBytes"));
    m_runThroughput = valueLabel(run, QStringLiteral("runThroughput"));
    const QFont numbers = scaledFont(font(), 1.05, QFont::Medium);
    for (QLabel *l : {m_runElapsed, m_runRemaining, m_runBytes, m_runThroughput})
        l->setFont(numbers);
    m_runElapsed->setToolTip(tr("Time the run has taken so far"));
    m_runRemaining->setToolTip(tr("Time the run is planned to take still"));
    m_runBytes->setToolTip(tr("Bytes the cipher has processed in this run (KB = 1000 B)"));
    m_runThroughput->setToolTip(tr("Bytes processed per second in this run"));
    runLayout->addWidget(m_runTitle, 0, 0, 1, 2);
    runLayout->addWidget(m_runName, 1, 0, 1, 2);
    const QList<std::pair<QString, QLabel *>> rows{{tr("Elapsed:"), m_runElapsed},
                                                   {tr("Remaining:"), m_runRemaining},
                                                   {tr("Bytes processed:"), m_runBytes},
                                                   {tr("Throughput:"), m_runThroughput}};
    int row = 2;
    for (const auto &[text, value] : rows) {
        auto *label = new QLabel(text, run);
        label->setBuddy(value);
        runLayout->addWidget(label, row, 0);
        runLayout->addWidget(value, row++, 1);
    }
    // What else kept the DUT busy (cores, in the baseline and the last run), under the run.
    auto *activityLabel = new QLabel(tr("Other activity on the DUT:"), run);
    m_otherActivity = new QLabel(QStringLiteral("–"), run);
    m_otherActivity->setObjectName(QStringLiteral("otherActivity"));
    m_otherActivity->setWordWrap(true);
    m_otherActivity->setToolTip(tr("CPU time used on the DUT by everything but the worker, as "
                                   "cores busy on average, measured over each phase."));
    activityLabel->setBuddy(m_otherActivity);
    runLayout->addWidget(activityLabel, row++, 0, 1, 2);
    runLayout->addWidget(m_otherActivity, row++, 0, 1, 2);
    runLayout->setColumnStretch(1, 1);
    layout->addWidget(run);
    layout->addStretch(1);
    return panel;
}

QWidget *LiveView::buildProgressRow()
{
    auto *row = new QWidget(this);
    auto *layout = new QGridLayout(row);
    layout->setContentsMargins(0, 2, 0, 0);
    layout->setHorizontalSpacing(16);
    layout->setVerticalSpacing(3);
    const auto bar = [row](const QString &name, const QString &tip) {
        auto *b = new QProgressBar(row);
        b->setObjectName(name);
        b->setRange(0, 1000);
        b->setValue(0);
        b->setTextVisible(false);
        b->setMaximumHeight(10);
        b->setToolTip(tip);
        return b;
    };
    m_phaseLabel = new ElidedLabel(row);
    m_phaseLabel->setObjectName(QStringLiteral("phaseLabel"));
    m_phaseTime = new QLabel(row);
    m_phaseTime->setObjectName(QStringLiteral("phaseTime"));
    m_phaseBar = bar(QStringLiteral("phaseBar"), tr("Progress of the current phase"));
    m_sessionLabel = new QLabel(tr("Session"), row);
    m_sessionLabel->setObjectName(QStringLiteral("sessionLabel"));
    m_sessionTime = new QLabel(row);
    m_sessionTime->setObjectName(QStringLiteral("sessionTime"));
    m_sessionBar = bar(QStringLiteral("sessionBar"), tr("Progress of the whole session"));
    for (QLabel *l :
         std::initializer_list<QLabel *>{m_phaseLabel, m_phaseTime, m_sessionLabel, m_sessionTime})
        l->setToolTip(l == m_phaseLabel || l == m_phaseTime ? m_phaseBar->toolTip()
                                                            : m_sessionBar->toolTip());
    m_phaseTime->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_sessionTime->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    m_cancelButton = new QPushButton(tr("Cancel Session…"), row);
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    m_cancelButton->setToolTip(tr("Stop the session: the current run ends, the CPU governor is "
                                  "restored and what was measured so far is kept"));
    connect(m_cancelButton, &QPushButton::clicked, this, &LiveView::confirmCancel);

    layout->addWidget(m_phaseLabel, 0, 0);
    layout->addWidget(m_phaseTime, 0, 1);
    layout->addWidget(m_phaseBar, 1, 0, 1, 2);
    layout->addWidget(m_sessionLabel, 0, 2);
    layout->addWidget(m_sessionTime, 0, 3);
    layout->addWidget(m_sessionBar, 1, 2, 1, 2);
    layout->addWidget(m_cancelButton, 0, 4, 2, 1, Qt::AlignVCenter);
    layout->setColumnStretch(0, 3);
    layout->setColumnStretch(1, 2);
    layout->setColumnStretch(2, 3);
    layout->setColumnStretch(3, 2);
    return row;
}

QWidget *LiveView::buildResultsPane()
{
    m_resultsPane = new QWidget(this);
    m_resultsPane->setObjectName(QStringLiteral("resultsPane"));
    auto *layout = new QVBoxLayout(m_resultsPane);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->setSpacing(4);
    auto *titleRow = new QHBoxLayout;
    auto *title = new QLabel(tr("Results"), m_resultsPane);
    title->setFont(scaledFont(font(), 1.15, QFont::DemiBold));
    auto *note = new QLabel(tr("Medians over repeats; hover a number for its 95 % interval and "
                               "spread, a status for its flags."),
                            m_resultsPane);
    note->setForegroundRole(QPalette::PlaceholderText);
    titleRow->addWidget(title);
    titleRow->addSpacing(8);
    titleRow->addWidget(note, 1, Qt::AlignBottom);
    layout->addLayout(titleRow);

    m_table = new QTableView(m_resultsPane);
    m_table->setObjectName(QStringLiteral("resultsTable"));
    m_table->setModel(m_results);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setCornerButtonEnabled(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setToolTip(tr("One row per cipher, backend, operation and buffer size"));
    layout->addWidget(m_table, 1);
    m_curves = new QCustomPlot(m_resultsPane);
    m_curves->setObjectName(QStringLiteral("frequencyCurves"));
    m_curves->hide();
    layout->addWidget(m_curves, 1);
    m_resultsPane->hide();
    return m_resultsPane;
}

} // namespace cipherwatt::gui
