#pragma once

// The results table of a session: one row per (cipher, backend, operation, buffer size),
// repeats combined as core::resultRows() combines them (medians, 95 % intervals), with the
// columns of the paper's tables plus energy per byte. Filled live from the runner's run
// updates as runs finish, or at once from a stored session.

#include <cipherwatt/core/results.h>
#include <cipherwatt/core/runner.h>

#include <QAbstractTableModel>

#include <vector>

namespace cipherwatt::gui {

class ResultsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column : std::uint8_t {
        Cipher,
        Backend,
        Operation,
        Buffer,
        Runs,
        RunTime,
        NetPower,
        Throughput,
        CyclesPerByte,
        EnergyPerByte,
        Status,
        ColumnCount
    };

    explicit ResultsModel(QObject *parent = nullptr);

    void clear();
    // A run's news: a row appears (or changes) once the run has ended.
    void updateRun(const core::RunUpdate &update);
    // The rows of a stored session.
    void setSession(const core::SessionData &session);

    const std::vector<core::ResultRow> &rows() const { return m_rows; }
    // A row with something to look at: a flag, or runs that gave no result.
    static bool needsAttention(const core::ResultRow &row);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    void setRows(std::vector<core::ResultRow> rows);
    QString text(const core::ResultRow &row, int column) const;
    QString toolTip(const core::ResultRow &row, int column) const;
    QString statusText(const core::ResultRow &row) const;

    std::vector<core::StoredRun> m_runs; // live: the runs that have ended, by ordinal
    std::vector<core::ResultRow> m_rows;
};

} // namespace cipherwatt::gui
