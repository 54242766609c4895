#include "library/library_view.h"

#include "display_format.h"
#include "export_job.h"
#include "library/session_dialogs.h"
#include "library/session_list_model.h"
#include "library/session_loader.h"
#include "widgets/message_bar.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace cipherwatt::gui {

using namespace core;

namespace {

constexpr int kPollMs = 2000;   // while a session is running
constexpr int kMaxColumn = 300; // widest a fitted column gets (the label takes the rest)

} // namespace

LibraryView::LibraryView(QWidget *parent)
    : QWidget(parent)
    , m_model(new SessionListModel(this))
    , m_filter(new SessionFilterModel(this))
    , m_poll(new QTimer(this))
{
    m_filter->setSourceModel(m_model);
    m_exportFolder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (!QDir(m_exportFolder).exists())
        m_exportFolder = QDir::homePath();

    m_open = makeAction(tr("Open"), tr("Show the session in the live view (Enter or double-click)"),
                        &LibraryView::openCurrent);
    m_rename = makeAction(tr("Rename"), tr("Edit the session's label in place (F2)"),
                          &LibraryView::renameCurrent);
    m_notes = makeAction(tr("Edit Notes and Tags…"),
                         tr("Change the notes and tags kept with the session"),
                         &LibraryView::editNotesAndTags);
    m_delete = makeAction(tr("Delete…"),
                          tr("Remove the selected sessions with their runs and meter updates "
                             "(asks first)"),
                          &LibraryView::deleteSelected);
    m_delete->setShortcut(QKeySequence::Delete);
    m_exportAction = makeAction(tr("Export…"),
                                tr("Write PDF reports, the runs CSV or the samples CSV of the "
                                   "selected sessions"),
                                &LibraryView::exportSelected);
    m_compare =
        makeAction(tr("Compare Selected"), tr("Compare two or more selected sessions side by side"),
                   &LibraryView::compareSelected);
    m_refresh =
        makeAction(tr("Refresh"), tr("Read the session list again (F5)"), &LibraryView::refresh);
    m_refresh->setShortcut(QKeySequence::Refresh);

    // Search and filter.
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("search"));
    m_search->setPlaceholderText(tr("Search label, tags, notes, DUT or operator"));
    m_search->setToolTip(tr("Shows the sessions whose label, tags, notes, DUT or operator "
                            "contain every word typed here (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    auto *find = new QAction(this);
    find->setShortcut(QKeySequence::Find);
    find->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(find);
    connect(find, &QAction::triggered, m_search, [this] {
        m_search->setFocus();
        m_search->selectAll();
    });
    connect(m_search, &QLineEdit::textChanged, m_filter, &SessionFilterModel::setSearchText);

    m_status = new QComboBox(this);
    m_status->setObjectName(QStringLiteral("statusFilter"));
    m_status->setToolTip(tr("Show only sessions with this status"));
    m_status->addItem(tr("All statuses"), -1);
    for (const SessionStatus s :
         {SessionStatus::Complete, SessionStatus::Cancelled, SessionStatus::Interrupted,
          SessionStatus::Failed, SessionStatus::Running})
        m_status->addItem(DisplayFormat::status(s), static_cast<int>(s));
    connect(m_status, &QComboBox::currentIndexChanged, m_filter, [this](int index) {
        const int value = m_status->itemData(index).toInt();
        m_filter->setStatusFilter(value < 0 ? std::nullopt
                                            : std::optional(static_cast<SessionStatus>(value)));
    });
    auto *statusLabel = new QLabel(tr("Status:"), this);
    statusLabel->setBuddy(m_status);

    auto *top = new QHBoxLayout;
    top->addWidget(m_search, 1);
    top->addSpacing(8);
    top->addWidget(statusLabel);
    top->addWidget(m_status);
    top->addWidget(buttonFor(m_refresh));

    m_message = new MessageBar(this);

    // The table.
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("sessionTable"));
    m_table->setModel(m_filter);
    m_table->setToolTip(QString());
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // Renaming is asked for (F2, Rename): a click on a selected row only selects it, as a
    // click to open or to compare must never start editing a label.
    m_table->setEditTriggers(QAbstractItemView::EditKeyPressed);
    m_table->setAlternatingRowColors(true);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(SessionListModel::Started, Qt::DescendingOrder);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->setShowGrid(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 10);
    QHeaderView *header = m_table->horizontalHeader();
    header->setHighlightSections(false);
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(SessionListModel::Label, QHeaderView::Stretch);
    header->setMinimumSectionSize(48);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    const auto separator = [this] {
        auto *s = new QAction(this);
        s->setSeparator(true);
        return s;
    };
    m_table->addActions({m_open, m_rename, m_notes, separator(), m_exportAction, m_compare,
                         separator(), m_delete, m_refresh});
    m_table->installEventFilter(this);
    m_table->viewport()->installEventFilter(this);

    m_placeholder = new QLabel(m_table->viewport());
    m_placeholder->setObjectName(QStringLiteral("placeholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);
    m_placeholder->setAttribute(Qt::WA_TransparentForMouseEvents);
    QFont bigger = m_placeholder->font();
    bigger.setPointSizeF(bigger.pointSizeF() * 1.15);
    m_placeholder->setFont(bigger);

    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        if (index.isValid())
            emit openSession(index.data(SessionListModel::IdRole).toLongLong());
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &LibraryView::updateActions);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &LibraryView::updateActions);
    for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_filter, signal, this, [this] {
            updatePlaceholder();
            updateActions();
        });
    connect(m_filter, &QAbstractItemModel::modelReset, this, [this] {
        updatePlaceholder();
        updateActions();
    });
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, &LibraryView::updatePlaceholder);
    connect(m_model, &SessionListModel::editRefused, this, &LibraryView::showError);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &LibraryView::updateActions);

    // Actions under the table.
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("count"));
    m_count->setToolTip(tr("Sessions shown, and sessions in the library"));
    auto *bottom = new QHBoxLayout;
    for (QAction *a : {m_open, m_rename, m_notes, m_delete})
        bottom->addWidget(buttonFor(a));
    bottom->addStretch(1);
    bottom->addWidget(m_count);
    bottom->addSpacing(12);
    bottom->addWidget(buttonFor(m_exportAction));
    bottom->addWidget(buttonFor(m_compare));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_message);
    layout->addWidget(m_table, 1);
    layout->addLayout(bottom);

    m_poll->setInterval(kPollMs);
    connect(m_poll, &QTimer::timeout, this, [this] {
        // An update of the row being renamed would reset the editor under the operator's
        // fingers: wait for the next tick.
        const QWidget *focus = QApplication::focusWidget();
        if (focus != nullptr && focus != m_table->viewport() &&
            m_table->viewport()->isAncestorOf(focus))
            return;
        refresh();
    });
    updatePlaceholder();
    updateActions();
}

LibraryView::~LibraryView() = default;

QAction *LibraryView::makeAction(const QString &text, const QString &toolTip,
                                 void (LibraryView::*slot)())
{
    auto *action = new QAction(text, this);
    action->setToolTip(toolTip);
    action->setStatusTip(toolTip);
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(action, &QAction::triggered, this, slot);
    return action;
}

QPushButton *LibraryView::buttonFor(QAction *action)
{
    auto *button = new QPushButton(action->text(), this);
    button->setToolTip(action->toolTip());
    button->setEnabled(action->isEnabled());
    button->setAutoDefault(false);
    connect(button, &QPushButton::clicked, action, &QAction::trigger);
    connect(action, &QAction::changed, button, [button, action] {
        button->setEnabled(action->isEnabled());
        button->setText(action->text());
        button->setToolTip(action->toolTip());
    });
    return button;
}

void LibraryView::setDatabase(const QString &path)
{
    m_message->dismiss();
    const auto r = m_model->setDatabase(path);
    m_databaseError = !r;
    if (!r)
        showError(r.error().message.translated());
    fitColumns();
    if (m_model->anyRunning())
        m_poll->start();
    else
        m_poll->stop();
    updatePlaceholder();
    updateActions();
}

void LibraryView::refresh()
{
    if (m_model->databasePath().isEmpty())
        return;
    const bool wasEmpty = m_model->rowCount() == 0;
    const auto r = m_model->refresh();
    if (!r) {
        m_databaseError = true;
        showError(r.error().message.translated());
    } else if (m_databaseError) {
        m_databaseError = false;
        m_message->dismiss();
    }
    if (wasEmpty)
        fitColumns();
    if (m_model->anyRunning()) {
        if (!m_poll->isActive())
            m_poll->start();
    } else {
        m_poll->stop();
    }
    updatePlaceholder();
    updateActions();
}

void LibraryView::showError(const QString &text)
{
    m_message->showMessage(MessageBar::Kind::Error, text);
}

void LibraryView::fitColumns()
{
    QHeaderView *header = m_table->horizontalHeader();
    for (int c = 0; c < SessionListModel::ColumnCount; ++c) {
        if (c == SessionListModel::Label)
            continue;
        m_table->resizeColumnToContents(c);
        // Some air between columns, so that right-aligned numbers do not touch the next text.
        const int hint = header->sectionSizeHint(c);
        header->resizeSection(c, std::clamp(header->sectionSize(c) + 12, hint, kMaxColumn));
    }
}

QList<qint64> LibraryView::selectedIds() const
{
    QModelIndexList rows = m_table->selectionModel()->selectedRows(SessionListModel::Label);
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    QList<qint64> ids;
    for (const QModelIndex &index : rows)
        ids << index.data(SessionListModel::IdRole).toLongLong();
    return ids;
}

void LibraryView::selectSessions(const QList<qint64> &ids)
{
    QItemSelection selection;
    QModelIndex first;
    for (const qint64 id : ids) {
        const int row = m_model->rowOf(id);
        if (row < 0)
            continue;
        const QModelIndex index = m_filter->mapFromSource(m_model->index(row, 0));
        if (!index.isValid())
            continue;
        if (!first.isValid())
            first = index;
        selection.select(index, index.siblingAtColumn(SessionListModel::ColumnCount - 1));
    }
    m_table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect |
                                                     QItemSelectionModel::Rows);
    if (first.isValid())
        m_table->selectionModel()->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
}

qint64 LibraryView::currentId() const
{
    QModelIndex index = m_table->currentIndex();
    const QList<qint64> selected = selectedIds();
    if (!index.isValid() || !m_table->selectionModel()->isRowSelected(index.row(), {})) {
        if (selected.isEmpty())
            return 0;
        return selected.front();
    }
    return index.data(SessionListModel::IdRole).toLongLong();
}

void LibraryView::updateActions()
{
    const QList<qint64> ids = selectedIds();
    const bool open = m_model->isOpen();
    const bool one = open && ids.size() == 1;
    m_open->setEnabled(open && !ids.isEmpty());
    m_rename->setEnabled(one);
    m_notes->setEnabled(one);
    m_delete->setEnabled(open && !ids.isEmpty() && !m_counting);
    m_exportAction->setEnabled(open && !ids.isEmpty() && m_export == nullptr);
    m_compare->setEnabled(open && ids.size() >= 2);
    m_refresh->setEnabled(!m_model->databasePath().isEmpty());

    const int total = m_model->rowCount();
    const int shown = m_filter->rowCount();
    if (!open)
        m_count->clear();
    else if (shown == total)
        m_count->setText(tr("%n sessions", nullptr, total));
    else
        m_count->setText(tr("%1 of %n sessions", nullptr, total).arg(shown));
}

void LibraryView::updatePlaceholder()
{
    QString text;
    if (!m_model->isOpen())
        text = tr("No session library is open.");
    else if (m_model->rowCount() == 0)
        text = tr("No sessions yet: start one from the Measure page.");
    else if (m_filter->rowCount() == 0)
        text = tr("No session matches the search and the status filter.");
    m_placeholder->setText(text);
    m_placeholder->setVisible(!text.isEmpty());
    m_placeholder->setGeometry(m_table->viewport()->rect().adjusted(24, 24, -24, -24));
    m_table->horizontalHeader()->setVisible(m_model->rowCount() > 0);
}

bool LibraryView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table->viewport() && event->type() == QEvent::Resize)
        m_placeholder->setGeometry(m_table->viewport()->rect().adjusted(24, 24, -24, -24));
    // A Return that an open label editor let through is not for the table.
    if (watched == m_table && event->type() == QEvent::KeyPress && m_table->hasFocus()) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) &&
            key->modifiers() == Qt::NoModifier) {
            openCurrent();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void LibraryView::openCurrent()
{
    if (const qint64 id = currentId(); id > 0)
        emit openSession(id);
}

void LibraryView::renameCurrent()
{
    const int row = m_model->rowOf(currentId());
    if (row < 0)
        return;
    const QModelIndex index = m_filter->mapFromSource(m_model->index(row, SessionListModel::Label));
    m_table->setCurrentIndex(index);
    m_table->edit(index);
}

void LibraryView::editNotesAndTags()
{
    const qint64 id = currentId();
    const SessionSummary *s = m_model->session(id);
    if (s == nullptr)
        return;
    QStringList inUse = m_model->allTags();
    for (const QString &t : s->tags)
        inUse.removeAll(t);
    NotesTagsDialog dialog(*s, inUse, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (auto r = m_model->setNotesAndTags(id, dialog.notes(), dialog.tags()); !r) {
        showError(r.error().message.translated());
        return;
    }
    m_message->showMessage(MessageBar::Kind::Positive,
                           tr("Notes and tags of session %1 saved.").arg(fmt::sessionId(id)));
    emit sessionsChanged();
}

void LibraryView::deleteSelected()
{
    if (m_counting)
        return;
    refresh();
    const QList<qint64> ids = selectedIds();
    if (ids.isEmpty())
        return;
    for (const qint64 id : ids) {
        const SessionSummary *s = m_model->session(id);
        if (s != nullptr && s->status == SessionStatus::Running) {
            showError(tr("Session %1 “%2” is being measured: stop it on the Measure page before "
                         "deleting it.")
                          .arg(fmt::sessionId(id))
                          .arg(DisplayFormat::singleLine(s->label)));
            return;
        }
    }
    // What goes with the sessions is counted from the database, off the GUI thread.
    m_counting = true;
    updateActions();
    m_message->showBusy(tr("Counting the runs and meter updates of %n sessions…", nullptr,
                           static_cast<int>(ids.size())));
    auto *watcher = new QFutureWatcher<LoadedSessions>(this);
    connect(watcher, &QFutureWatcher<LoadedSessions>::finished, this, [this, watcher, ids] {
        watcher->deleteLater();
        m_counting = false;
        m_message->dismiss();
        updateActions();
        confirmDelete(ids, watcher->result());
    });
    watcher->setFuture(loadSessionsAsync(m_model->databasePath(), ids));
}

void LibraryView::confirmDelete(const QList<qint64> &ids, const LoadedSessions &loaded)
{
    if (!loaded.error.isEmpty()) {
        showError(tr("The sessions to delete cannot be read: %1").arg(loaded.error));
        return;
    }
    if (!confirmDeletion(*loaded.sessions, this))
        return;

    QStringList removed;
    for (const qint64 id : ids) {
        const SessionSummary *s = m_model->session(id);
        const QString label = s != nullptr ? DisplayFormat::singleLine(s->label) : QString();
        if (auto r = m_model->remove(id); !r) {
            showError(r.error().message.translated());
            if (!removed.isEmpty())
                emit sessionsChanged();
            return;
        }
        removed << fmt::sessionName(id, label);
    }
    m_message->showMessage(
        MessageBar::Kind::Information,
        removed.size() == 1 ? tr("Session %1 deleted.").arg(removed.front())
                            : tr("Sessions deleted: %1.").arg(removed.join(QStringLiteral(", "))));
    emit sessionsChanged();
}

void LibraryView::exportSelected()
{
    const QList<qint64> ids = selectedIds();
    if (ids.isEmpty() || m_export != nullptr)
        return;
    QList<SessionSummary> sessions;
    for (const qint64 id : ids) {
        if (const SessionSummary *s = m_model->session(id))
            sessions << *s;
    }
    ExportDialog dialog(sessions, m_exportFolder, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    exportSessions(ids, dialog.choice());
}

void LibraryView::exportSessions(const QList<qint64> &ids, const ExportChoice &choice)
{
    if (m_export != nullptr || ids.isEmpty())
        return;
    QList<ExportItem> items;
    if (!choice.pdf.isEmpty()) {
        for (const qint64 id : ids)
            items << ExportItem{ExportItem::Kind::SessionPdf,
                                ExportDialog::perSessionPath(choice.pdf, id, ids.size() > 1), id};
    }
    if (!choice.runsCsv.isEmpty())
        items << ExportItem{ExportItem::Kind::RunsCsv, choice.runsCsv, 0};
    if (!choice.samplesCsv.isEmpty())
        items << ExportItem{ExportItem::Kind::SamplesCsv, choice.samplesCsv, 0};
    if (items.isEmpty())
        return;
    m_exportFolder = QFileInfo(items.front().path).absolutePath();
    m_export = new ExportJob(m_model->databasePath(), ids, items, this);
    showExportIn(*m_message, *m_export);
    connect(m_export, &ExportJob::finished, this,
            [this](const QStringList &written, const QString &error) {
                m_export->deleteLater();
                m_export = nullptr;
                updateActions();
                emit exportFinished(written, error);
            });
    updateActions();
    m_export->start();
}

void LibraryView::compareSelected()
{
    const QList<qint64> ids = selectedIds();
    if (ids.size() >= 2)
        emit compareRequested(ids);
}

} // namespace cipherwatt::gui
