#include "measure/results_model.h"

#include "display_format.h"

#include <cipherwatt/core/analysis.h>

#include <QApplication>
#include <QLocale>
#include <QStyle>

#include <algorithm>
#include <cmath>

namespace cipherwatt::gui {

using core::ResultRow;

ResultsModel::ResultsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ResultsModel::clear()
{
    beginResetModel();
    m_runs.clear();
    m_rows.clear();
    endResetModel();
}

void ResultsModel::updateRun(const core::RunUpdate &update)
{
    if (update.status == core::RunStatus::Running)
        return;
    core::StoredRun run;
    run.id = update.runId;
    run.ordinal = update.ordinal;
    run.cipher = update.cipher;
    run.backend = update.backend;
    run.operation = update.operation;
    run.bufferBytes = update.bufferBytes;
    run.repeat = update.repeat;
    run.status = update.status;
    run.error = update.error;
    core::WorkerResult result;
    result.seconds = update.elapsedSeconds;
    result.bytes = update.bytes;
    run.result = result;
    run.analysis = update.analysis;
    auto it = std::lower_bound(m_runs.begin(), m_runs.end(), run.ordinal,
                               [](const core::StoredRun &r, int o) { return r.ordinal < o; });
    if (it != m_runs.end() && it->ordinal == run.ordinal)
        *it = run;
    else
        m_runs.insert(it, run);
    // The same combination of repeats as the stored session's table.
    core::SessionData session;
    session.runs = m_runs;
    setRows(core::resultRows(session));
}

void ResultsModel::setSession(const core::SessionData &session)
{
    m_runs.clear();
    setRows(core::resultRows(session));
}

void ResultsModel::setRows(std::vector<ResultRow> rows)
{
    const bool extends =
        rows.size() >= m_rows.size() &&
        std::equal(m_rows.begin(), m_rows.end(), rows.begin(),
                   [](const ResultRow &a, const ResultRow &b) { return a.key == b.key; });
    if (!extends) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    // Rows keep their place (and the operator's selection) as runs finish.
    const auto old = static_cast<int>(m_rows.size());
    const auto now = static_cast<int>(rows.size());
    if (now > old) {
        beginInsertRows({}, old, now - 1);
        m_rows = std::move(rows);
        endInsertRows();
    } else {
        m_rows = std::move(rows);
    }
    if (old > 0)
        emit dataChanged(index(0, 0), index(old - 1, ColumnCount - 1));
}

bool ResultsModel::needsAttention(const ResultRow &row)
{
    return !row.flags.isEmpty() || !row.notMeasured.isEmpty();
}

int ResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ResultsModel::statusText(const ResultRow &row) const
{
    if (row.measured == 0)
        return tr("Not measured");
    if (!row.flags.isEmpty())
        return tr("%n flags", nullptr, static_cast<int>(row.flags.size()));
    if (!row.notMeasured.isEmpty())
        return tr("%n runs missing", nullptr, static_cast<int>(row.notMeasured.size()));
    return tr("OK");
}

QString ResultsModel::text(const ResultRow &row, int column) const
{
    const bool measured = row.measured > 0;
    const QLocale locale;
    switch (column) {
    case Cipher:
        return row.key.cipher;
    case Backend:
        return row.key.backend;
    case Operation:
        return DisplayFormat::operation(row.key.operation);
    case Buffer:
        return locale.toString(row.key.bufferBytes);
    case Runs:
        return row.planned > row.measured ? tr("%1 of %2").arg(row.measured).arg(row.planned)
                                          : QString::number(row.measured);
    case RunTime:
        return measured ? DisplayFormat::number(row.runSeconds, 2) : QString();
    case NetPower:
        return measured ? DisplayFormat::number(row.netWatts.value, 3) : QString();
    case Throughput:
        // KB = 1000 B, as in the paper's tables.
        return measured && std::isfinite(row.throughputBytesPerSecond)
                   ? locale.toString(row.throughputBytesPerSecond / 1000.0, 'f', 0)
                   : QString();
    case CyclesPerByte:
        if (!measured)
            return {};
        return row.cyclesPerByte > 0 ? DisplayFormat::adaptive(row.cyclesPerByte)
                                     : DisplayFormat::missing();
    case EnergyPerByte: {
        if (!measured)
            return {};
        const DisplayFormat::Interval i = DisplayFormat::interval(row.energyPerByteNj);
        return i.interval.isEmpty() ? i.value : i.value + QLatin1Char(' ') + i.interval;
    }
    case Status:
        return statusText(row);
    default:
        return {};
    }
}

QString ResultsModel::toolTip(const ResultRow &row, int column) const
{
    const auto spread = [&](const core::Estimate &e, const QString &unit) {
        QString tip =
            tr("95 % interval %1 to %2 %3")
                .arg(DisplayFormat::adaptive(e.low), DisplayFormat::adaptive(e.high), unit);
        if (row.measured > 1)
            tip += QLatin1Char('\n') +
                   tr("Median of %n repeats, which range from %1 to %2 %3", nullptr, row.measured)
                       .arg(DisplayFormat::adaptive(e.min), DisplayFormat::adaptive(e.max), unit);
        return tip;
    };
    switch (column) {
    case NetPower:
        return row.measured > 0 ? spread(row.netWatts, QStringLiteral("W")) : QString();
    case EnergyPerByte:
        return row.measured > 0 ? spread(row.energyPerByteNj, QStringLiteral("nJ/B")) : QString();
    case CyclesPerByte:
        return row.counter.isEmpty() ? QString() : tr("Cycles counted with %1").arg(row.counter);
    case Status: {
        QStringList lines;
        for (const core::Message &f : row.flags)
            lines << tr("Flag: %1").arg(f.translated());
        for (const core::Message &n : row.notMeasured)
            lines << n.translated();
        return lines.isEmpty() ? tr("Every run measured, no flags") : lines.join(QLatin1Char('\n'));
    }
    default:
        return {};
    }
}

QVariant ResultsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const ResultRow &row = m_rows[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(row, column);
    case Qt::ToolTipRole:
        return toolTip(row, column);
    case Qt::TextAlignmentRole:
        if (column >= Buffer && column <= EnergyPerByte)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::DecorationRole:
        if (column != Status)
            return {};
        if (row.measured == 0)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
        if (needsAttention(row))
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::UserRole: // the row's numbers, for sorting and tests
        if (column == NetPower)
            return row.netWatts.value;
        if (column == EnergyPerByte)
            return row.energyPerByteNj.value;
        return {};
    default:
        return {};
    }
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(
            (section >= Buffer && section <= EnergyPerByte ? Qt::AlignRight : Qt::AlignLeft) |
            Qt::AlignVCenter);
    if (role == Qt::DisplayRole) {
        // Units on a second line: the table fits beside the set-up panel without scrolling.
        switch (section) {
        case Cipher:
            return tr("Cipher");
        case Backend:
            return tr("Backend");
        case Operation:
            return tr("Operation");
        case Buffer:
            return tr("Buffer\n[B]");
        case Runs:
            return tr("Runs");
        case RunTime:
            return tr("Run time\n[s]");
        case NetPower:
            return tr("Net power\n[W]");
        case Throughput:
            return tr("Throughput\n[KB/s]");
        case CyclesPerByte:
            return tr("Cycles/byte");
        case EnergyPerByte:
            return tr("Energy/byte\n[nJ/B] ± 95 %");
        case Status:
            return tr("Status");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Buffer:
            return tr("Bytes processed per operation");
        case Runs:
            return tr("Repeats measured (of those planned)");
        case RunTime:
            return tr("Wall time of the measured loop, median over repeats");
        case NetPower:
            return tr("Mean power during the run minus the idle baseline, median over repeats");
        case Throughput:
            return tr("Bytes per second in thousands (KB = 1000 B), median over repeats");
        case CyclesPerByte:
            return tr("CPU cycles per byte, median over repeats");
        case EnergyPerByte:
            return tr("Net energy per byte in nanojoules, with its 95 % interval");
        case Status:
            return tr("Flags raised by the analysis and runs that gave no result");
        default:
            return {};
        }
    }
    return {};
}

} // namespace cipherwatt::gui
