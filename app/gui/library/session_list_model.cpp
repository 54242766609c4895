#include "library/session_list_model.h"

#include "display_format.h"

#include <QColor>
#include <QFont>
#include <QIcon>
#include <QPainter>
#include <QPixmap>

#include <algorithm>

namespace cipherwatt::gui {

using namespace core;

namespace {

// A filled dot per status; the colours are those of traffic signs, readable on light and dark
// backgrounds alike.
QIcon statusIcon(SessionStatus status)
{
    QColor color;
    switch (status) {
    case SessionStatus::Running:
        color = QColor(0x1e, 0x88, 0xe5);
        break;
    case SessionStatus::Complete:
        color = QColor(0x2e, 0x9d, 0x4f);
        break;
    case SessionStatus::Cancelled:
        color = QColor(0x9a, 0x9f, 0xa6);
        break;
    case SessionStatus::Interrupted:
        color = QColor(0xf0, 0xa2, 0x02);
        break;
    case SessionStatus::Failed:
        color = QColor(0xd9, 0x3b, 0x3b);
        break;
    }
    QIcon icon;
    for (const int size : {16, 32}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(color.darker(125), size / 16.0));
        painter.setBrush(color);
        const double d = size * 0.56;
        painter.drawEllipse(QRectF((size - d) / 2, (size - d) / 2, d, d));
        icon.addPixmap(pixmap);
    }
    return icon;
}

// The meter's description without the " [SIMULATED]" the identity adds: the view says so in
// words of its own.
QString meterName(const SessionSummary &s)
{
    QString meter = s.meter;
    const QLatin1String mark(" [SIMULATED]");
    if (meter.endsWith(mark))
        meter.chop(mark.size());
    return meter;
}

// Manufacturer and model for the column ("YOKOGAWA WT332"); serial number and firmware are in
// the tooltip.
QString meterModel(const SessionSummary &s)
{
    const QString meter = meterName(s);
    const qsizetype details = meter.indexOf(QLatin1String(" ("));
    return details > 0 ? meter.left(details) : meter;
}

bool sameSummary(const SessionSummary &a, const SessionSummary &b)
{
    return a.id == b.id && a.label == b.label && a.operatorName == b.operatorName &&
           a.notes == b.notes && a.tags == b.tags && a.status == b.status &&
           a.statusReason == b.statusReason && a.createdUtc == b.createdUtc && a.dut == b.dut &&
           a.meter == b.meter && a.simulated == b.simulated && a.runs == b.runs;
}

} // namespace

SessionListModel::SessionListModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

SessionListModel::~SessionListModel() = default;

Error SessionListModel::operatorError(const QString &what, const Error &error) const
{
    return Error{error.code,
                 core::Message::plain(tr("%1: %2").arg(what, error.message.translated()))};
}

Result<void> SessionListModel::setDatabase(const QString &path)
{
    beginResetModel();
    m_sessions.clear();
    m_storage.reset();
    m_path = path;
    auto storage = Storage::open(path);
    if (!storage) {
        endResetModel();
        return operatorError(tr("The session library cannot be opened"), storage.error());
    }
    m_storage = std::move(*storage);
    auto list = m_storage->sessions();
    if (list)
        m_sessions = std::move(*list);
    endResetModel();
    if (!list)
        return operatorError(tr("The session library cannot be read"), list.error());
    return {};
}

Result<void> SessionListModel::refresh()
{
    if (!m_storage)
        return setDatabase(m_path);
    auto list = m_storage->sessions();
    if (!list)
        return operatorError(tr("The session library cannot be read"), list.error());
    std::vector<SessionSummary> &fresh = *list;
    // Both lists are ordered by id: merge them, so that rows that stay keep their place.
    int row = 0;
    std::size_t next = 0;
    while (row < static_cast<int>(m_sessions.size()) || next < fresh.size()) {
        const bool haveOld = row < static_cast<int>(m_sessions.size());
        const bool haveNew = next < fresh.size();
        if (haveOld &&
            (!haveNew || m_sessions[static_cast<std::size_t>(row)].id < fresh[next].id)) {
            beginRemoveRows({}, row, row);
            m_sessions.erase(m_sessions.begin() + row);
            endRemoveRows();
            continue;
        }
        if (haveNew &&
            (!haveOld || fresh[next].id < m_sessions[static_cast<std::size_t>(row)].id)) {
            beginInsertRows({}, row, row);
            m_sessions.insert(m_sessions.begin() + row, fresh[next]);
            endInsertRows();
            ++row;
            ++next;
            continue;
        }
        if (!sameSummary(m_sessions[static_cast<std::size_t>(row)], fresh[next]))
            setRow(row, fresh[next]);
        ++row;
        ++next;
    }
    return {};
}

void SessionListModel::setRow(int row, const SessionSummary &s)
{
    m_sessions[static_cast<std::size_t>(row)] = s;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int SessionListModel::rowOf(qint64 id) const
{
    const auto it = std::lower_bound(m_sessions.begin(), m_sessions.end(), id,
                                     [](const SessionSummary &s, qint64 v) { return s.id < v; });
    if (it == m_sessions.end() || it->id != id)
        return -1;
    return static_cast<int>(it - m_sessions.begin());
}

const SessionSummary &SessionListModel::sessionAt(int row) const
{
    return m_sessions.at(static_cast<std::size_t>(row));
}

const SessionSummary *SessionListModel::session(qint64 id) const
{
    const int row = rowOf(id);
    return row < 0 ? nullptr : &m_sessions[static_cast<std::size_t>(row)];
}

bool SessionListModel::anyRunning() const
{
    return std::any_of(m_sessions.begin(), m_sessions.end(),
                       [](const SessionSummary &s) { return s.status == SessionStatus::Running; });
}

QList<qint64> SessionListModel::withLabel(const QString &label) const
{
    QList<qint64> ids;
    const QString wanted = label.trimmed();
    if (wanted.isEmpty())
        return ids;
    for (const SessionSummary &s : m_sessions) {
        if (s.label.trimmed().compare(wanted, Qt::CaseInsensitive) == 0)
            ids << s.id;
    }
    return ids;
}

QStringList SessionListModel::allTags() const
{
    QStringList tags;
    for (const SessionSummary &s : m_sessions)
        tags << s.tags;
    tags.removeDuplicates();
    tags.sort(Qt::CaseInsensitive);
    return tags;
}

Result<void> SessionListModel::rename(qint64 id, const QString &label)
{
    const int row = rowOf(id);
    if (row < 0 || !m_storage)
        return Error{
            core::ErrorCode::NotFound,
            core::Message::plain(tr("Session %1 is not in the library.").arg(fmt::sessionId(id)))};
    const QString trimmed = label.trimmed();
    if (trimmed.isEmpty())
        return Error{
            core::ErrorCode::Usage,
            core::Message::plain(tr("A session needs a label: the label was left as it was."))};
    if (auto r = m_storage->rename(id, trimmed); !r)
        return operatorError(tr("Renaming failed"), r.error());
    SessionSummary s = m_sessions[static_cast<std::size_t>(row)];
    s.label = trimmed;
    setRow(row, s);
    return {};
}

Result<void> SessionListModel::setNotesAndTags(qint64 id, const QString &notes,
                                               const QStringList &tags)
{
    const int row = rowOf(id);
    if (row < 0 || !m_storage)
        return Error{
            core::ErrorCode::NotFound,
            core::Message::plain(tr("Session %1 is not in the library.").arg(fmt::sessionId(id)))};
    if (auto r = m_storage->setNotes(id, notes); !r)
        return operatorError(tr("Saving the notes failed"), r.error());
    if (auto r = m_storage->setTags(id, tags); !r)
        return operatorError(tr("Saving the tags failed"), r.error());
    // Read back what the database made of it (tags trimmed, doubles dropped, sorted).
    return refresh();
}

Result<void> SessionListModel::remove(qint64 id)
{
    if (!m_storage)
        return Error{core::ErrorCode::NotFound,
                     core::Message::plain(tr("No session library is open."))};
    // The status may have changed since the list was read: read it again first.
    if (auto r = refresh(); !r)
        return r;
    const SessionSummary *s = session(id);
    if (s == nullptr)
        return Error{
            core::ErrorCode::NotFound,
            core::Message::plain(tr("Session %1 is not in the library.").arg(fmt::sessionId(id)))};
    if (s->status == SessionStatus::Running)
        return Error{core::ErrorCode::Refused,
                     core::Message::plain(
                         tr("Session %1 “%2” is being measured: stop it on the Measure page "
                            "before deleting it.")
                             .arg(fmt::sessionId(id))
                             .arg(DisplayFormat::singleLine(s->label)))};
    if (auto r = m_storage->remove(id); !r)
        return operatorError(tr("Deleting session %1 failed").arg(fmt::sessionId(id)), r.error());
    const int row = rowOf(id);
    beginRemoveRows({}, row, row);
    m_sessions.erase(m_sessions.begin() + row);
    endRemoveRows();
    return {};
}

int SessionListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_sessions.size());
}

int SessionListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SessionListModel::displayData(const SessionSummary &s, int column) const
{
    switch (column) {
    case Id:
        return fmt::sessionId(s.id);
    case Label:
        return DisplayFormat::singleLine(s.label);
    case Started:
        return DisplayFormat::localTime(s.createdUtc);
    case Dut:
        return s.dut;
    case Meter:
        return s.simulated ? tr("Simulated: %1").arg(meterModel(s)) : meterModel(s);
    case Status:
        return DisplayFormat::status(s.status);
    case Runs:
        return QLocale().toString(s.runs);
    case Tags:
        return s.tags.join(QStringLiteral(", "));
    default:
        return {};
    }
}

QVariant SessionListModel::toolTipData(const SessionSummary &s, int column) const
{
    switch (column) {
    case Label: {
        // The whole label, its line breaks kept.
        QStringList lines{fmt::sessionId(s.id) + QLatin1Char(' ') + s.label.trimmed()};
        if (!s.operatorName.isEmpty())
            lines << tr("Operator: %1").arg(s.operatorName);
        if (!s.notes.isEmpty())
            lines << tr("Notes: %1").arg(s.notes);
        return lines.join(QLatin1Char('\n'));
    }
    case Started:
        return tr("Started %1 (%2)")
            .arg(QLocale().toString(DisplayFormat::utc(s.createdUtc).toLocalTime(),
                                    QLocale::LongFormat),
                 DisplayFormat::utc(s.createdUtc)
                     .toUTC()
                     .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'")));
    case Meter:
        return s.simulated ? tr("%1\nSimulated meter: the power values of this session are "
                                "modelled, not measured.")
                                 .arg(meterName(s))
                           : s.meter;
    case Status:
        return s.statusReason.isEmpty() ? DisplayFormat::status(s.status)
                                        : tr("%1: %2").arg(DisplayFormat::status(s.status),
                                                           (s.statusReason).translated());
    case Runs:
        return tr("%n planned runs", nullptr, s.runs);
    default: {
        const QString text = displayData(s, column).toString();
        return text.isEmpty() ? QVariant() : QVariant(text);
    }
    }
}

QVariant SessionListModel::sortData(const SessionSummary &s, int column) const
{
    // Text sorts without regard to case, also where the locale's collation does not.
    switch (column) {
    case Id:
        return s.id;
    case Label:
        return s.label.toCaseFolded();
    case Started:
        return DisplayFormat::utc(s.createdUtc);
    case Status:
        return static_cast<int>(s.status);
    case Runs:
        return s.runs;
    default:
        return displayData(s, column).toString().toCaseFolded();
    }
}

QVariant SessionListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const SessionSummary &s = m_sessions[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayData(s, column);
    case Qt::EditRole:
        return column == Label ? QVariant(s.label) : displayData(s, column);
    case Qt::ToolTipRole:
        return toolTipData(s, column);
    case Qt::DecorationRole:
        if (column == Status)
            return statusIcon(s.status);
        return {};
    case Qt::TextAlignmentRole:
        // A small count, centred: right-aligned it would run into the tags beside it.
        if (column == Runs)
            return alignment(Qt::AlignCenter);
        return alignment(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::FontRole:
        if ((column == Meter && s.simulated) ||
            (column == Status && s.status == SessionStatus::Running)) {
            QFont font;
            font.setItalic(column == Meter);
            font.setBold(column == Status);
            return font;
        }
        return {};
    case IdRole:
        return s.id;
    case SortRole:
        return sortData(s, column);
    case SearchTextRole:
        return QStringList{
            fmt::sessionId(s.id), s.label, s.tags.join(QLatin1Char(' ')), s.notes, s.dut,
            s.operatorName}
            .join(QLatin1Char('\n'));
    case StatusRole:
        return static_cast<int>(s.status);
    case SimulatedRole:
        return s.simulated;
    default:
        return {};
    }
}

QVariant SessionListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Id:
            return tr("Id");
        case Label:
            return tr("Label");
        case Started:
            return tr("Started");
        case Dut:
            return tr("DUT");
        case Meter:
            return tr("Meter");
        case Status:
            return tr("Status");
        case Runs:
            return tr("Runs");
        case Tags:
            return tr("Tags");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Id:
            return tr("The session's identifier, as reports and the command line name it");
        case Label:
            return tr("The session's label; press F2 to rename it");
        case Started:
            return tr("When the session started: local time and its offset from UTC");
        case Dut:
            return tr("The device under test that ran the ciphers");
        case Meter:
            return tr("The power meter; sessions with the simulated meter are marked");
        case Status:
            return tr("Complete, cancelled, interrupted, failed, or still running");
        case Runs:
            return tr("Planned cipher runs");
        case Tags:
            return tr("Tags given to the session");
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole)
        return alignment(section == Runs ? Qt::AlignCenter : Qt::AlignLeft | Qt::AlignVCenter);
    return {};
}

Qt::ItemFlags SessionListModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == Label)
        f |= Qt::ItemIsEditable;
    return f;
}

bool SessionListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.column() != Label || index.row() >= rowCount() ||
        role != Qt::EditRole)
        return false;
    const SessionSummary &s = m_sessions[static_cast<std::size_t>(index.row())];
    if (value.toString() == s.label)
        return true;
    if (auto r = rename(s.id, value.toString()); !r) {
        emit editRefused(r.error().message.translated());
        return false;
    }
    return true;
}

SessionFilterModel::SessionFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(SessionListModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setSortLocaleAware(true);
}

void SessionFilterModel::setSearchText(const QString &text)
{
    const QStringList words = text.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words == m_words)
        return;
    m_words = words;
    invalidateFilter();
}

void SessionFilterModel::setStatusFilter(std::optional<SessionStatus> status)
{
    if (status == m_status)
        return;
    m_status = status;
    invalidateFilter();
}

bool SessionFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_status && index.data(SessionListModel::StatusRole).toInt() != static_cast<int>(*m_status))
        return false;
    if (m_words.isEmpty())
        return true;
    const QString text = index.data(SessionListModel::SearchTextRole).toString();
    return std::all_of(m_words.begin(), m_words.end(), [&](const QString &word) {
        return text.contains(word, Qt::CaseInsensitive);
    });
}

} // namespace cipherwatt::gui
