#pragma once

// The results table of a session: one row per (cipher, backend, operation, buffer size),
// repeats combined as core::resultRows() combines them (medians, 95 % intervals), with the
// columns of the paper's tables plus energy per byte, each column in the unit its values share
// (core/format.h), and the flags inline: the most severe one's text in its severity's colour.
// Filled live from the runner's run updates as runs finish, or at once from a stored session.

#include <cipherwatt/core/cycles_model.h>
#include <cipherwatt/core/format.h>
#include <cipherwatt/core/results.h>
#include <cipherwatt/core/runner.h>

#include <QAbstractTableModel>

#include <optional>
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
        // Per operation (one message of the payload's bytes), as the papers on microcontrollers
        // give it: shown for microcontroller DUTs (perOperation()).
        TimePerOperation,
        EnergyPerOperation,
        ChargePerOperation,
        // Each secondary power source's net power ÷ the meter's (SessionSettings::sources):
        // shown for sessions that have sources (hasSources()).
        SourceRatio,
        // The fourth paper's cycles model ÷ the measured energy per byte
        // (SessionSettings::cyclesModel): shown for sessions that have a model (hasCyclesModel()).
        CyclesModelRatio,
        Status, // the flags, inline
        ColumnCount
    };
    // Qt::UserRole + 1 on the Status column: the row's most severe flag (core::Severity as int),
    // none for a row without flags.
    static constexpr int SeverityRole = Qt::UserRole + 1;

    explicit ResultsModel(QObject *parent = nullptr);

    void clear();
    // A run's news: a row appears (or changes) once the run has ended.
    void updateRun(const core::RunUpdate &update);
    // The rows of a stored session (its DUT decides perOperation()).
    void setSession(const core::SessionData &session);
    // Whether the per-operation columns are meant to be shown: a microcontroller DUT's
    // session. The view hides them otherwise.
    bool perOperation() const { return m_perOperation; }
    // Whether any run has a secondary power source's figures: the view hides the column
    // otherwise.
    bool hasSources() const;
    // The fourth paper's cycles model to show beside the measurements (none: the column is
    // hidden).
    void setCyclesModel(const std::optional<core::CyclesModel> &model);
    bool hasCyclesModel() const { return m_cyclesModel.has_value(); }
    void setPerOperation(bool on);

    const std::vector<core::ResultRow> &rows() const { return m_rows; }
    // A row with something to look at: a flag, or runs that gave no result.
    static bool needsAttention(const core::ResultRow &row);
    // The row's flags and missing runs, the most severe first.
    static QList<core::Message> flagsOf(const core::ResultRow &row);
    // The unit each numeric column shows (for the header and tests).
    core::format::Unit unit(int column) const;
    // Reads the throughput setting again (the Settings menu changed it).
    void refreshUnits();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    void setRows(std::vector<core::ResultRow> rows);
    QString text(const core::ResultRow &row, int column) const;
    QString toolTip(const core::ResultRow &row, int column) const;
    QString budgetTip(const core::ResultRow &row) const; // "" without a budget
    QString statusText(const core::ResultRow &row) const;
    // Per row, per source, the row's runs' ratios to the meter: "rapl:package-0 0.50 (0.48 to
    // 0.52)"; gathered once for all rows when they are set.
    std::vector<QString> sourceTexts(const std::vector<core::ResultRow> &rows) const;

    // The runs that have ended, by ordinal (live), or the stored session's.
    std::vector<core::StoredRun> m_runs;
    std::vector<core::ResultRow> m_rows;
    std::vector<QString> m_sourceTexts; // parallel to m_rows
    std::optional<core::CyclesModel> m_cyclesModel;
    std::vector<core::CyclesModelRow> m_cyclesModelRows; // parallel to m_rows, with a model
    core::format::Unit m_time;
    core::format::Unit m_power;
    core::format::Unit m_budgetUnit; // the budgets' terms: every row's in one unit
    core::format::Unit m_throughput;
    core::format::Unit m_energy;
    core::format::Unit m_operationTime;
    core::format::Unit m_operationEnergy;
    core::format::Unit m_operationCharge;
    bool m_perOperation = false;
};

} // namespace cipherwatt::gui
