#pragma once

// The sessions of one database as a table (Storage::sessions()), for the library and for the
// compare view's picker. The model has its own database connection on the GUI thread; the
// session runner writes from its thread with another, and SQLite's WAL lets both go on.

#include <cipherwatt/core/storage.h>

#include <QAbstractTableModel>
#include <QList>
#include <QSortFilterProxyModel>

#include <memory>
#include <optional>
#include <vector>

namespace cipherwatt::gui {

class SessionListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    // Id: "S12", the identifier every view, report and the command line use.
    enum Column { Id, Label, Started, Status, Dut, Meter, Runs, Tags, ColumnCount };
    enum Role {
        IdRole = Qt::UserRole + 1, // qint64
        SortRole,                  // what the column sorts by (dates as dates, runs as numbers)
        SearchTextRole,            // id, label, tags, notes, DUT and operator, for the search
        StatusRole,                // core::SessionStatus as int
        SimulatedRole,             // bool
    };

    explicit SessionListModel(QObject *parent = nullptr);
    ~SessionListModel() override;

    // Opens the database (creating an empty one when the file does not exist) and reads the
    // list. On failure the model is empty and the error says why.
    core::Result<void> setDatabase(const QString &path);
    QString databasePath() const { return m_path; }
    bool isOpen() const { return m_storage != nullptr; }

    // Reads the list again; rows of sessions still there stay (and with them selections and
    // open editors), changed ones are updated, gone ones removed.
    core::Result<void> refresh();

    int rowOf(qint64 id) const;
    const core::SessionSummary &sessionAt(int row) const;
    const core::SessionSummary *session(qint64 id) const;
    bool anyRunning() const;
    // Every tag in use, sorted.
    QStringList allTags() const;
    // The sessions with this label (ignoring case and surrounding space), by id.
    QList<qint64> withLabel(const QString &label) const;

    // Editing, through the model's connection. Errors are worded for the operator.
    core::Result<void> rename(qint64 id, const QString &label);
    core::Result<void> setNotesAndTags(qint64 id, const QString &notes, const QStringList &tags);
    // Refuses a session that is being measured.
    core::Result<void> remove(qint64 id);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

signals:
    // An edit in place was refused (an empty label, a database error); the reason is worded
    // for the operator.
    void editRefused(const QString &reason);

private:
    QVariant displayData(const core::SessionSummary &s, int column) const;
    QVariant toolTipData(const core::SessionSummary &s, int column) const;
    QVariant sortData(const core::SessionSummary &s, int column) const;
    void setRow(int row, const core::SessionSummary &s);
    core::Error operatorError(const QString &what, const core::Error &error) const;

    QString m_path;
    std::unique_ptr<core::Storage> m_storage;
    std::vector<core::SessionSummary> m_sessions; // ordered by id, as Storage gives them
};

// Search and status filter over a SessionListModel, and sorting by each column's sort role.
class SessionFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit SessionFilterModel(QObject *parent = nullptr);

    // Every word must appear (case-insensitive) in the label, tags, notes, DUT or operator.
    void setSearchText(const QString &text);
    QString searchText() const { return m_words.join(QLatin1Char(' ')); }
    void setStatusFilter(std::optional<core::SessionStatus> status);
    std::optional<core::SessionStatus> statusFilter() const { return m_status; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QStringList m_words;
    std::optional<core::SessionStatus> m_status;
};

} // namespace cipherwatt::gui
