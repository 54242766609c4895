#pragma once

// Two or more sessions side by side (core::compareSessions): a row per (cipher, backend,
// operation, buffer); per session ("S12 label") a column group with net power and energy per
// byte (each with its 95 % interval) and throughput, and for every session after the first its
// differences from the first (the reference), absolute and in percent. Each measure has one
// unit across the sessions (core/format.h), in its header.

#include <cipherwatt/core/format.h>
#include <cipherwatt/core/results.h>

#include <QAbstractTableModel>

#include <vector>

namespace cipherwatt::gui {

class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum class Measure : std::uint8_t {
        Cipher,
        Backend,
        Operation,
        Buffer,
        NetPower,      // with its interval
        Throughput,    // adaptive, or the paper's KB/s (the setting)
        EnergyPerByte, // with its interval
        // From the reference (the first session), means over repeats with 95 % intervals
        // (core/repeats.h): b − a and b / a, marked when not significant.
        PowerDifference,
        PowerRatio,
        EnergyDifference,
        EnergyRatio,
    };
    enum Role {
        ValueRole = Qt::UserRole + 1, // double in the base unit (W, J/B, B/s; a ratio); none when
                                      // not measured
        LowRole,                      // the 95 % interval's ends
        HighRole,
        ValueTextRole,    // "8.506": the value part of the display text
        IntervalTextRole, // "± 0.049": the interval part (empty for other columns)
        SortRole,
        // Header roles: the column group (a session) a column belongs to, and its colour as in
        // the charts.
        GroupRole,
        GroupColorRole,
    };
    struct Column
    {
        Measure measure = Measure::Cipher;
        int session = -1; // index into the sessions given; -1 for the key columns
    };

    explicit ComparisonModel(QObject *parent = nullptr);

    void setSessions(const std::vector<core::SessionData> &sessions);
    void clear();

    int sessionCount() const { return static_cast<int>(m_sessions.size()); }
    const core::SessionSummary &sessionSummary(int index) const;
    const std::vector<core::ComparisonRow> &rows() const { return m_rows; }
    Column columnAt(int section) const;
    // The column of `measure` for session `session` (key columns: -1); -1 when there is none.
    int column(Measure measure, int session = -1) const;
    static QString measureName(Measure measure);
    // The unit a measure's columns show (the key columns and percentages have none).
    core::format::Unit unit(Measure measure) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant keyData(const core::ResultKey &key, Measure measure, int role) const;
    QVariant valueData(const core::ComparisonRow &row, const Column &column, int role) const;
    QString toolTip(const core::ComparisonRow &row, const Column &column) const;
    // A difference or ratio column's comparison with the reference (none for other columns).
    core::MeanComparison comparison(const core::ComparisonRow &row, const Column &column) const;
    QString groupTitle(int session) const;
    static QString columnToolTip(Measure measure);

    std::vector<core::SessionSummary> m_sessions;
    std::vector<bool> m_sameMeter; // each session's meter set-up is the reference's
    std::vector<core::ComparisonRow> m_rows;
    std::vector<Column> m_columns;
    core::format::Unit m_power;
    core::format::Unit m_energy;
    core::format::Unit m_throughput;
};

} // namespace cipherwatt::gui
