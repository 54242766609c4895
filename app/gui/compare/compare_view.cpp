#include "compare/compare_view.h"

#include "compare/comparison_charts.h"
#include "compare/comparison_model.h"
#include "display_format.h"
#include "export_job.h"
#include "library/session_list_model.h"
#include "library/session_loader.h"
#include "widgets/grouped_header_view.h"
#include "widgets/interval_delegate.h"
#include "widgets/message_bar.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace cipherwatt::gui {

using namespace core;
using report::BarMeasure;
using report::BarOperation;

namespace {

QLabel *noteLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

} // namespace

CompareView::CompareView(QWidget *parent)
    : QWidget(parent)
    , m_sessions(new SessionListModel(this))
    , m_filter(new SessionFilterModel(this))
    , m_model(new ComparisonModel(this))
{
    m_filter->setSourceModel(m_sessions);
    m_exportFolder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (!QDir(m_exportFolder).exists())
        m_exportFolder = QDir::homePath();

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    auto *header = new QHBoxLayout;
    m_title = new QLabel(right);
    m_title->setObjectName(QStringLiteral("title"));
    m_title->setTextFormat(Qt::PlainText);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    header->addWidget(m_title);
    header->addSpacing(16);
    m_simulated = new QLabel(right);
    m_simulated->setObjectName(QStringLiteral("simulated"));
    m_simulated->setTextFormat(Qt::PlainText);
    m_simulated->setWordWrap(true);
    m_simulated->setToolTip(tr("Sessions measured with the simulated WT332 have modelled power "
                               "values"));
    header->addWidget(m_simulated, 1);
    m_exportPdf = new QPushButton(tr("Export PDF…"), right);
    m_exportPdf->setObjectName(QStringLiteral("exportPdf"));
    m_exportPdf->setToolTip(tr("Write the comparison report: the sessions, the results side by "
                               "side, the bar charts and the overlaid power traces"));
    m_exportCsv = new QPushButton(tr("Export CSV…"), right);
    m_exportCsv->setObjectName(QStringLiteral("exportCsv"));
    m_exportCsv->setToolTip(tr("Write the comparison as CSV: one row per session and run key, "
                               "with the differences from the reference session"));
    header->addWidget(m_exportPdf);
    header->addWidget(m_exportCsv);
    rightLayout->addLayout(header);
    m_message = new MessageBar(right);
    rightLayout->addWidget(m_message);

    m_stack = new QStackedWidget(right);
    m_empty = new QLabel(m_stack);
    m_empty->setObjectName(QStringLiteral("placeholder"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setMargin(24);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    QFont bigger = m_empty->font();
    bigger.setPointSizeF(bigger.pointSizeF() * 1.15);
    m_empty->setFont(bigger);
    m_stack->addWidget(m_empty);
    m_tabs = new QTabWidget(m_stack);
    m_tabs->setObjectName(QStringLiteral("tabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(createResults(), tr("Results"));
    m_tabs->setTabToolTip(0, tr("The results side by side, with the differences from the "
                                "reference session"));
    m_bars = new BarChartPage(m_tabs);
    m_tabs->addTab(m_bars, tr("Bar Charts"));
    m_tabs->setTabToolTip(1, tr("Energy per byte or net power per cipher, one bar per session"));
    m_traces = new TraceChartPage(m_tabs);
    m_tabs->addTab(m_traces, tr("Power Traces"));
    m_tabs->setTabToolTip(2, tr("The sessions' power over time, aligned at their first run"));
    m_stack->addWidget(m_tabs);
    rightLayout->addWidget(m_stack, 1);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(createPicker());
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({280, 940});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    connect(m_exportPdf, &QPushButton::clicked, this, [this] { exportWithDialog(true); });
    connect(m_exportCsv, &QPushButton::clicked, this, [this] { exportWithDialog(false); });
    updateState();
}

CompareView::~CompareView() = default;

QWidget *CompareView::createPicker()
{
    auto *panel = new QWidget(this);
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *title = new QLabel(tr("Sessions"), panel);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    layout->addWidget(title);
    m_search = new QLineEdit(panel);
    m_search->setObjectName(QStringLiteral("pickerSearch"));
    m_search->setPlaceholderText(tr("Search sessions"));
    m_search->setToolTip(tr("Shows the sessions whose label, tags, notes, DUT or operator contain "
                            "every word typed here"));
    m_search->setClearButtonEnabled(true);
    layout->addWidget(m_search);

    m_picker = new QTableView(panel);
    m_picker->setObjectName(QStringLiteral("picker"));
    m_picker->setModel(m_filter);
    m_picker->setToolTip(tr("Click sessions to add them to the comparison or to take them out"));
    // A click adds a session or takes it out; the selection's highlight shows what is compared
    // in any palette.
    m_picker->setSelectionMode(QAbstractItemView::MultiSelection);
    m_picker->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_picker->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_picker->setSortingEnabled(true);
    m_picker->sortByColumn(SessionListModel::Started, Qt::DescendingOrder);
    m_picker->setWordWrap(false);
    m_picker->setShowGrid(false);
    m_picker->setAlternatingRowColors(true);
    m_picker->verticalHeader()->hide();
    m_picker->verticalHeader()->setDefaultSectionSize(m_picker->fontMetrics().height() + 10);
    // Which session (S12), its label, when, and how it ended: a cancelled one is marked.
    for (const int c : {SessionListModel::Dut, SessionListModel::Meter, SessionListModel::Runs,
                        SessionListModel::Tags})
        m_picker->setColumnHidden(c, true);
    m_picker->horizontalHeader()->setSectionResizeMode(SessionListModel::Label,
                                                       QHeaderView::Stretch);
    m_picker->horizontalHeader()->setHighlightSections(false);
    connect(m_picker->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &CompareView::pickerSelectionChanged);
    // Searching hides rows (and so drops them from the selection): the comparison stays.
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_syncing = true;
        m_filter->setSearchText(text);
        m_syncing = false;
        selectInPicker();
    });
    layout->addWidget(m_picker, 1);
    layout->addWidget(noteLabel(tr("Click sessions to add them or take them out; the first one "
                                   "added is the reference."),
                                panel));

    auto *referenceRow = new QHBoxLayout;
    auto *referenceLabel = new QLabel(tr("Reference:"), panel);
    m_reference = new QComboBox(panel);
    m_reference->setObjectName(QStringLiteral("reference"));
    m_reference->setToolTip(tr("The session the differences are taken from"));
    m_reference->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_reference->setMinimumContentsLength(16);
    referenceLabel->setBuddy(m_reference);
    referenceRow->addWidget(referenceLabel);
    referenceRow->addWidget(m_reference, 1);
    layout->addLayout(referenceRow);
    connect(m_reference, &QComboBox::activated, this, [this](int index) {
        if (index <= 0 || index >= m_ids.size())
            return;
        QList<qint64> ids = m_ids;
        ids.move(index, 0);
        setCompared(ids);
    });
    return panel;
}

QWidget *CompareView::createResults()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    m_table = new QTableView(page);
    m_table->setObjectName(QStringLiteral("comparisonTable"));
    m_table->setHorizontalHeader(new GroupedHeaderView(ComparisonModel::GroupRole,
                                                       ComparisonModel::GroupColorRole, m_table));
    m_table->setModel(m_model);
    m_delegate = new IntervalDelegate(ComparisonModel::ValueTextRole,
                                      ComparisonModel::IntervalTextRole, this);
    m_delegate->watch(m_model);
    m_table->setItemDelegate(m_delegate);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setShowGrid(false);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 10);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
    layout->addWidget(m_table, 1);
    layout->addWidget(noteLabel(
        tr("Values with their 95 % intervals; with repeats, the median and an interval spanning "
           "every repeat's. Δ and ratio: from the reference session's mean over repeats, with "
           "95 % intervals; \"not significant\" when they include no change."),
        page));
    return page;
}

void CompareView::setDatabase(const QString &path)
{
    m_database = path;
    m_message->dismiss();
    m_syncing = true;
    const auto r = m_sessions->setDatabase(path);
    m_syncing = false;
    if (!r)
        m_message->showMessage(MessageBar::Kind::Error, r.error().message.translated());
    m_picker->resizeColumnToContents(SessionListModel::Started);
    setCompared({});
}

void CompareView::setSessions(const QList<qint64> &ids)
{
    m_syncing = true;
    const auto r = m_sessions->refresh();
    m_syncing = false;
    if (!r) {
        m_message->showMessage(MessageBar::Kind::Error, r.error().message.translated());
        return;
    }
    QStringList missing;
    for (const qint64 id : ids) {
        if (m_sessions->rowOf(id) < 0)
            missing << fmt::sessionId(id);
    }
    if (!missing.isEmpty())
        m_message->showMessage(
            MessageBar::Kind::Warning,
            tr("Not in the library, left out: %1.").arg(missing.join(QStringLiteral(", "))));
    setCompared(ids);
}

QList<qint64> CompareView::sessions() const
{
    return m_ids;
}

void CompareView::refresh()
{
    m_syncing = true;
    const auto r = m_sessions->refresh();
    m_syncing = false;
    if (!r)
        m_message->showMessage(MessageBar::Kind::Error, r.error().message.translated());
    // Sessions deleted meanwhile leave the comparison.
    QList<qint64> ids = m_ids;
    ids.removeIf([this](qint64 id) { return m_sessions->rowOf(id) < 0; });
    if (ids != m_ids)
        setCompared(ids);
    else
        selectInPicker();
    updateState();
}

void CompareView::setCompared(const QList<qint64> &ids)
{
    QList<qint64> known;
    for (const qint64 id : ids) {
        if (!known.contains(id) && m_sessions->rowOf(id) >= 0)
            known << id;
    }
    const bool same = known == m_ids;
    m_ids = known;
    selectInPicker();
    updateReference();
    if (!same || (!isLoaded() && !m_loading))
        load();
}

void CompareView::selectInPicker()
{
    QItemSelection selection;
    for (const qint64 id : std::as_const(m_ids)) {
        const QModelIndex index =
            m_filter->mapFromSource(m_sessions->index(m_sessions->rowOf(id), 0));
        if (index.isValid())
            selection.select(index, index.siblingAtColumn(SessionListModel::ColumnCount - 1));
    }
    m_syncing = true;
    m_picker->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect |
                                                      QItemSelectionModel::Rows);
    m_syncing = false;
}

void CompareView::pickerSelectionChanged()
{
    if (m_syncing)
        return;
    // Sessions stay in the order they were added (the first is the reference); those the
    // search hides stay too.
    QList<qint64> selected;
    for (const QModelIndex &index : m_picker->selectionModel()->selectedRows())
        selected << index.data(SessionListModel::IdRole).toLongLong();
    QList<qint64> ids;
    for (const qint64 id : std::as_const(m_ids)) {
        const int row = m_sessions->rowOf(id);
        const bool shown = row >= 0 && m_filter->mapFromSource(m_sessions->index(row, 0)).isValid();
        if (selected.contains(id) || !shown)
            ids << id;
    }
    for (const qint64 id : std::as_const(selected)) {
        if (!ids.contains(id))
            ids << id;
    }
    setCompared(ids);
}

bool CompareView::isLoaded() const
{
    return !m_loading && m_data != nullptr && m_ids.size() >= 2 &&
           static_cast<qsizetype>(m_data->size()) == m_ids.size();
}

void CompareView::refreshUnits()
{
    if (isLoaded())
        showComparison();
}

void CompareView::setBarOperation(BarOperation operation)
{
    m_bars->setOperation(operation);
}

void CompareView::setBarMeasure(BarMeasure measure)
{
    m_bars->setMeasure(measure);
}

QCustomPlot *CompareView::barChart() const
{
    return m_bars->plot();
}

QCustomPlot *CompareView::traceChart() const
{
    return m_traces->plot();
}

void CompareView::updateReference()
{
    const QSignalBlocker blocker(m_reference);
    m_reference->clear();
    for (int i = 0; i < m_ids.size(); ++i) {
        const SessionSummary *s = m_sessions->session(m_ids[i]);
        if (s == nullptr)
            continue;
        QPixmap swatch(12, 12);
        swatch.fill(report::seriesColor(i));
        m_reference->addItem(QIcon(swatch), fmt::sessionName(s->id, s->label), s->id);
    }
    m_reference->setEnabled(m_ids.size() >= 2);
}

void CompareView::load()
{
    const quint64 generation = ++m_generation;
    if (m_ids.size() < 2) {
        m_loading = false;
        m_data.reset();
        m_model->clear();
        m_bars->setSessions({});
        m_traces->setSessions({});
        if (m_message->kind() == MessageBar::Kind::Busy)
            m_message->dismiss();
        updateState();
        return;
    }
    m_loading = true;
    updateState();
    m_message->showBusy(tr("Reading %n sessions…", nullptr, static_cast<int>(m_ids.size())));
    auto *watcher = new QFutureWatcher<LoadedSessions>(this);
    connect(watcher, &QFutureWatcher<LoadedSessions>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_generation)
            loaded(watcher->result());
    });
    watcher->setFuture(loadSessionsAsync(m_database, m_ids));
}

void CompareView::loaded(const LoadedSessions &result)
{
    m_loading = false;
    if (!result.error.isEmpty()) {
        m_data.reset();
        m_model->clear();
        m_bars->setSessions({});
        m_traces->setSessions({});
        m_message->showMessage(MessageBar::Kind::Error,
                               tr("The sessions cannot be read: %1").arg(result.error));
        updateState();
        return;
    }
    if (m_message->kind() == MessageBar::Kind::Busy)
        m_message->dismiss();
    m_data = result.sessions;
    showComparison();
}

void CompareView::showComparison()
{
    m_model->setSessions(*m_data);
    m_table->resizeColumnsToContents();
    // A column group is at least as wide as its title.
    QFont bold = m_table->horizontalHeader()->font();
    bold.setBold(true);
    const QFontMetrics metrics(bold);
    for (int s = 0; s < m_model->sessionCount(); ++s) {
        int first = -1;
        int last = -1;
        for (int c = 0; c < m_model->columnCount(); ++c) {
            if (m_model->columnAt(c).session == s) {
                first = first < 0 ? c : first;
                last = c;
            }
        }
        const QString title =
            m_model->headerData(first, Qt::Horizontal, ComparisonModel::GroupRole).toString();
        // Long labels are elided in the header (the tooltip has them whole).
        const int needed = std::min(metrics.horizontalAdvance(title) + metrics.height() + 32, 240);
        int width = 0;
        for (int c = first; c <= last; ++c)
            width += m_table->columnWidth(c);
        if (width < needed)
            m_table->setColumnWidth(last, m_table->columnWidth(last) + needed - width);
    }
    m_title->setText(tr("Comparison of %n Sessions", nullptr, m_model->sessionCount()));
    QStringList simulated;
    for (int i = 0; i < m_model->sessionCount(); ++i) {
        if (m_model->sessionSummary(i).simulated)
            simulated << fmt::sessionId(m_model->sessionSummary(i).id);
    }
    m_simulated->setText(
        simulated.isEmpty()
            ? QString()
            : tr("Simulated meter in %1: these power values are modelled, not measured.")
                  .arg(simulated.join(QStringLiteral(", "))));
    m_bars->setSessions(m_data);
    m_traces->setSessions(m_data);
    updateState();
    emit comparisonLoaded();
}

void CompareView::updateState()
{
    const bool comparing = m_ids.size() >= 2;
    if (!m_sessions->isOpen())
        m_empty->setText(tr("No session library is open."));
    else if (m_sessions->rowCount() < 2)
        m_empty->setText(
            tr("A comparison needs two or more sessions: measure them on the Measure page."));
    else
        m_empty->setText(tr("Click two or more sessions in the list on the left to compare "
                            "them, or select them in the library and press Compare Selected."));
    m_stack->setCurrentIndex(comparing ? 1 : 0);
    if (!comparing) {
        m_title->setText(tr("Compare Sessions"));
        m_simulated->clear();
    }
    const bool ready = isLoaded() && m_export == nullptr;
    m_exportPdf->setEnabled(ready);
    m_exportCsv->setEnabled(ready);
}

QString CompareView::defaultExportPath(const QString &suffix) const
{
    QStringList ids;
    for (const qint64 id : m_ids)
        ids << fmt::sessionId(id);
    return QDir(m_exportFolder)
        .filePath(QStringLiteral("comparison-%1%2").arg(ids.join(QLatin1Char('-')), suffix));
}

void CompareView::exportWithDialog(bool pdf)
{
    if (!isLoaded() || m_export != nullptr)
        return;
    const QString path = QFileDialog::getSaveFileName(
        this, pdf ? tr("Export Comparison as PDF") : tr("Export Comparison as CSV"),
        defaultExportPath(pdf ? QStringLiteral(".pdf") : QStringLiteral(".csv")),
        pdf ? tr("PDF files (*.pdf)") : tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    exportComparison(pdf ? path : QString(), pdf ? QString() : path);
}

void CompareView::exportComparison(const QString &pdf, const QString &csv)
{
    if (!isLoaded() || m_export != nullptr)
        return;
    QList<ExportItem> items;
    if (!pdf.isEmpty())
        items << ExportItem{ExportItem::Kind::ComparisonPdf, pdf, 0};
    if (!csv.isEmpty())
        items << ExportItem{ExportItem::Kind::ComparisonCsv, csv, 0};
    if (items.isEmpty())
        return;
    m_exportFolder = QFileInfo(items.front().path).absolutePath();
    m_export = new ExportJob(m_data, items, this);
    showExportIn(*m_message, *m_export);
    connect(m_export, &ExportJob::finished, this,
            [this](const QStringList &written, const QString &error) {
                m_export->deleteLater();
                m_export = nullptr;
                updateState();
                emit exportFinished(written, error);
            });
    updateState();
    m_export->start();
}

} // namespace cipherwatt::gui
