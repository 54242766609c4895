#include "measure/results_model.h"

#include "display_format.h"

#include <cipherwatt/core/analysis.h>

#include <QApplication>
#include <QLocale>
#include <QPalette>
#include <QScopeGuard>

#include <algorithm>
#include <cmath>
#include <map>

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
    m_sourceTexts.clear();
    m_cyclesModelRows.clear();
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
    // The run's own levels are part of its result's key (results.h, ResultKey).
    if (!update.isa.isEmpty() || update.frequencyKHz || !update.payload.isEmpty() ||
        !update.governor.isEmpty() || !update.chunking.isEmpty()) {
        run.request.emplace();
        run.request->isa = update.isa;
        run.request->frequencyKHz = update.frequencyKHz;
        run.request->governor = update.governor;
        run.request->chunking = update.chunking;
        // As the request names it (StoredRun::payload() puts the "file:" back).
        if (update.payload.startsWith(QLatin1String("file:"))) {
            run.request->payload = QStringLiteral("file");
            run.request->payloadFile = update.payload.mid(5);
        } else {
            run.request->payload = update.payload;
        }
    }
    run.repeat = update.repeat;
    run.status = update.status;
    run.error = update.error;
    if (update.result) {
        run.result = update.result;
    } else {
        core::WorkerResult result;
        result.seconds = update.elapsedSeconds;
        result.bytes = update.bytes;
        run.result = result;
    }
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

void ResultsModel::setCyclesModel(const std::optional<core::CyclesModel> &model)
{
    m_cyclesModel = model;
    m_cyclesModelRows =
        model ? core::cyclesModelRows(*model, m_rows, m_runs) : std::vector<core::CyclesModelRow>{};
    if (!m_rows.empty())
        emit dataChanged(index(0, CyclesModelRatio), index(rowCount() - 1, CyclesModelRatio));
}

void ResultsModel::setSession(const core::SessionData &session)
{
    m_runs = session.runs;
    m_cyclesModel = session.settings.cyclesModel;
    setPerOperation(!session.dut.hasGovernor());
    setRows(core::resultRows(session));
}

void ResultsModel::setPerOperation(bool on)
{
    m_perOperation = on;
}

void ResultsModel::refreshUnits()
{
    std::vector<double> seconds, watts, budgets, rate, energy, opTime, opEnergy, opCharge;
    for (const ResultRow &r : m_rows) {
        if (r.measured == 0)
            continue;
        seconds.push_back(r.runSeconds);
        watts.push_back(r.netWatts.value);
        budgets.push_back(r.budget.u);
        rate.push_back(r.throughputBytesPerSecond);
        energy.push_back(r.energyPerByteNj.value * 1e-9);
        opTime.push_back(r.microsecondsPerOperation * 1e-6);
        opEnergy.push_back(r.energyPerOperationUj.value * 1e-6);
        opCharge.push_back(r.chargePerOperationUc.value * 1e-6);
    }
    m_operationTime = DisplayFormat::columnUnit(fmt::Quantity::Time, opTime);
    m_operationEnergy = DisplayFormat::columnUnit(fmt::Quantity::EnergyPerOperation, opEnergy);
    m_operationCharge = DisplayFormat::columnUnit(fmt::Quantity::ChargePerOperation, opCharge);
    m_time = DisplayFormat::columnUnit(fmt::Quantity::Time, seconds);
    m_power = DisplayFormat::columnUnit(fmt::Quantity::Power, watts);
    m_budgetUnit = DisplayFormat::columnUnit(fmt::Quantity::Power, budgets);
    m_throughput = DisplayFormat::columnUnit(fmt::Quantity::Throughput, rate);
    m_energy = DisplayFormat::columnUnit(fmt::Quantity::EnergyPerByte, energy);
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

fmt::Unit ResultsModel::unit(int column) const
{
    switch (column) {
    case RunTime:
        return m_time;
    case NetPower:
        return m_power;
    case Throughput:
        return m_throughput;
    case EnergyPerByte:
        return m_energy;
    case TimePerOperation:
        return m_operationTime;
    case EnergyPerOperation:
        return m_operationEnergy;
    case ChargePerOperation:
        return m_operationCharge;
    default:
        return fmt::baseUnit(fmt::Quantity::CyclesPerByte);
    }
}

void ResultsModel::setRows(std::vector<ResultRow> rows)
{
    // The columns' units follow the rows (a column shares one), set before any row is shown.
    const auto units = qScopeGuard([this] { refreshUnits(); });
    m_sourceTexts = sourceTexts(rows);
    m_cyclesModelRows = m_cyclesModel ? core::cyclesModelRows(*m_cyclesModel, rows, m_runs)
                                      : std::vector<core::CyclesModelRow>{};
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

QList<core::Message> ResultsModel::flagsOf(const ResultRow &row)
{
    QList<core::Message> all = row.notMeasured;
    all << row.flags;
    return core::bySeverity(all);
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
    // The most severe flag's headline inline, and how many more the tooltip lists (with the
    // details).
    const QList<core::Message> flags = flagsOf(row);
    if (flags.isEmpty())
        return row.measured == 0 ? tr("Not measured") : tr("OK");
    const QString first = core::flagHeadline(flags.front(), true);
    return flags.size() == 1
               ? first
               : tr("%1 (+%n more)", nullptr, static_cast<int>(flags.size() - 1)).arg(first);
}

bool ResultsModel::hasSources() const
{
    return std::any_of(m_runs.begin(), m_runs.end(), [](const core::StoredRun &r) {
        return r.analysis && !r.analysis->sources.empty();
    });
}

std::vector<QString> ResultsModel::sourceTexts(const std::vector<ResultRow> &rows) const
{
    // Every source in the order the runs give them, with the ratios of each row's runs; one
    // pass over the runs, each run's key made once.
    struct Gathered
    {
        QStringList resources;
        std::map<QString, std::vector<const core::SourceRunResult *>> bySource;
    };
    std::vector<Gathered> gathered(rows.size());
    for (const core::StoredRun &r : m_runs) {
        if (r.status != core::RunStatus::Done || !r.analysis || r.analysis->sources.empty())
            continue;
        const core::ResultKey key = core::ResultKey::of(r);
        const auto row = std::find_if(rows.begin(), rows.end(),
                                      [&](const ResultRow &x) { return x.key == key; });
        if (row == rows.end())
            continue;
        Gathered &g = gathered[static_cast<std::size_t>(row - rows.begin())];
        for (const core::SourceRunResult &x : r.analysis->sources) {
            if (!g.resources.contains(x.resource))
                g.resources << x.resource;
            g.bySource[x.resource].push_back(&x);
        }
    }
    std::vector<QString> texts;
    texts.reserve(rows.size());
    for (Gathered &g : gathered) {
        QStringList out;
        for (const QString &resource : g.resources) {
            const std::vector<const core::SourceRunResult *> &runs = g.bySource[resource];
            std::vector<double> ratios;
            for (const core::SourceRunResult *x : runs) {
                if (std::isfinite(x->ratio))
                    ratios.push_back(x->ratio);
            }
            if (runs.size() == 1) {
                const core::SourceRunResult &x = *runs.front();
                out << tr("%1 %2").arg(
                    resource, std::isfinite(x.ratio)
                                  ? fmt::ratioWithInterval(x.ratio, x.ratioLow, x.ratioHigh)
                                  : tr("no ratio"));
            } else if (!ratios.empty()) {
                const core::Spread spread = core::spreadOf(ratios);
                out << tr("%1 %2 (median of %n runs, %3 to %4)", nullptr,
                          static_cast<int>(ratios.size()))
                           .arg(resource, fmt::significant(spread.median),
                                fmt::significant(spread.min), fmt::significant(spread.max));
            } else {
                out << tr("%1 no ratio").arg(resource);
            }
        }
        texts.push_back(out.join(QStringLiteral("; ")));
    }
    return texts;
}

QString ResultsModel::text(const ResultRow &row, int column) const
{
    const bool measured = row.measured > 0;
    switch (column) {
    case Cipher:
        return row.key.cipher;
    case Backend:
        return row.key.backendLabel();
    case Operation:
        return DisplayFormat::operation(row.key.operation);
    case Buffer:
        return fmt::bufferShort(row.key.bufferBytes);
    case Runs:
        return row.planned > row.measured ? tr("%1 of %2").arg(row.measured).arg(row.planned)
                                          : QString::number(row.measured);
    case RunTime:
        return measured ? DisplayFormat::plain(row.runSeconds, m_time) : QString();
    case NetPower:
        return measured ? DisplayFormat::interval(row.netWatts.value, row.netWatts.low,
                                                  row.netWatts.high, m_power)
                              .joined()
                        : QString();
    case Throughput:
        return measured ? DisplayFormat::plain(row.throughputBytesPerSecond, m_throughput)
                        : QString();
    case SourceRatio: {
        // `row` is one of m_rows (data()), so its place there is its text's.
        const auto i = static_cast<std::size_t>(&row - m_rows.data());
        return measured && i < m_sourceTexts.size() ? m_sourceTexts[i] : QString();
    }
    case CyclesModelRatio: {
        const auto i = static_cast<std::size_t>(&row - m_rows.data());
        if (!measured || i >= m_cyclesModelRows.size())
            return {};
        const core::CyclesModelRow &m = m_cyclesModelRows[i];
        return core::cyclesModelRatioText(m, QLocale());
    }
    case CyclesPerByte:
        if (!measured)
            return {};
        return row.cyclesPerByte > 0 ? DisplayFormat::significant(row.cyclesPerByte)
                                     : DisplayFormat::missing();
    case EnergyPerByte: {
        if (!measured)
            return {};
        const core::Estimate &e = row.energyPerByteNj;
        return DisplayFormat::interval(e.value * 1e-9, e.low * 1e-9, e.high * 1e-9, m_energy)
            .joined();
    }
    case TimePerOperation:
        return measured && std::isfinite(row.microsecondsPerOperation)
                   ? DisplayFormat::plain(row.microsecondsPerOperation * 1e-6, m_operationTime)
                   : QString();
    case EnergyPerOperation:
    case ChargePerOperation: {
        if (!measured)
            return {};
        const bool energy = column == EnergyPerOperation;
        const core::Estimate &e = energy ? row.energyPerOperationUj : row.chargePerOperationUc;
        if (!std::isfinite(e.value))
            return DisplayFormat::missing();
        return DisplayFormat::interval(e.value * 1e-6, e.low * 1e-6, e.high * 1e-6,
                                       energy ? m_operationEnergy : m_operationCharge)
            .joined();
    }
    case Status:
        return statusText(row);
    default:
        return {};
    }
}

QString ResultsModel::budgetTip(const ResultRow &row) const
{
    const core::UncertaintyBudget &b = row.budget;
    if (b.empty())
        return {};
    const auto mw = [&](double watts) {
        return DisplayFormat::plain(watts, m_budgetUnit) + QLatin1Char(' ') + m_budgetUnit.symbol;
    };
    QString tip = QStringLiteral("\n\n") +
                  (row.measured > 1 ? tr("Uncertainty budget of the first repeat (standard "
                                         "uncertainties):")
                                    : tr("Uncertainty budget (standard uncertainties):"));
    for (const core::BudgetComponent &c : b.components)
        tip += QLatin1Char('\n') +
               tr("%1: %2").arg(core::budgetTermTitle(c.term).translated(), mw(c.u));
    tip += QLatin1Char('\n') + tr("combined: %1, %2 degrees of freedom, k = %3")
                                   .arg(mw(b.u), fmt::degreesOfFreedom(b.dof, QLocale()),
                                        QLocale().toString(b.coverage, 'f', 3));
    tip += QLatin1Char('\n') +
           tr("Idle level: %1").arg(core::idleSourceText(row.idleSource).translated());
    tip +=
        QLatin1Char('\n') + tr("Model: %1").arg(core::uncertaintyModelText(b.model).translated());
    return tip;
}

QString ResultsModel::toolTip(const ResultRow &row, int column) const
{
    const auto spread = [&](const core::Estimate &e, double toBase, const fmt::Unit &unit) {
        const auto v = [&](double x) { return DisplayFormat::plain(x * toBase, unit); };
        QString tip = tr("95 % interval %1 to %2 %3").arg(v(e.low), v(e.high), unit.symbol);
        if (row.measured > 1)
            tip += QLatin1Char('\n') +
                   tr("Median of %n repeats, which range from %1 to %2 %3", nullptr, row.measured)
                       .arg(v(e.min), v(e.max), unit.symbol);
        // The mean of the valid repeats: their scatter and the terms common to all of them
        // (docs/method.md, "Repeats").
        const core::MeanInterval &m = e.mean;
        if (m.count > 1)
            tip += QLatin1Char('\n') +
                   tr("Mean of %n valid repeats: %1 %2, 95 % interval %3 to %4 %2 (scatter "
                      "s/√n %5, common to every repeat %6, %7 degrees of freedom)",
                      nullptr, m.count)
                       .arg(v(m.mean), unit.symbol, v(m.low), v(m.high), v(m.uRepeats),
                            v(m.uCommon), fmt::degreesOfFreedom(m.dof, QLocale()));
        return tip;
    };
    switch (column) {
    case Buffer:
        return tr("%1 B per operation").arg(QLocale().toString(row.key.bufferBytes));
    case CyclesModelRatio: {
        const auto i = static_cast<std::size_t>(&row - m_rows.data());
        if (row.measured == 0 || i >= m_cyclesModelRows.size() || !m_cyclesModel)
            return {};
        const core::CyclesModelRow &m = m_cyclesModelRows[i];
        if (!std::isfinite(m.modelNj))
            return tr("No cycles model: %1").arg(m.problem);
        return tr("The fourth paper's estimate, not a measurement: E = cycles / f × I × V with "
                  "%1.\nModel: %2 %3 from %4 cycles/byte at %5 MHz (%6).\nThe ratio's "
                  "interval is the measured value's alone.")
            .arg(core::cyclesModelText(*m_cyclesModel),
                 DisplayFormat::plain(m.modelNj * 1e-9, m_energy), m_energy.symbol,
                 DisplayFormat::significant(m.cyclesPerByte),
                 DisplayFormat::significant(m.hertz / 1e6), m.clock);
    }
    case NetPower:
        return row.measured > 0 ? spread(row.netWatts, 1.0, m_power) + budgetTip(row) : QString();
    case EnergyPerByte:
        return row.measured > 0 ? spread(row.energyPerByteNj, 1e-9, m_energy) : QString();
    case EnergyPerOperation:
        return row.measured > 0 ? spread(row.energyPerOperationUj, 1e-6, m_operationEnergy)
                                : QString();
    case ChargePerOperation:
        return row.measured > 0 && std::isfinite(row.chargePerOperationUc.value)
                   ? spread(row.chargePerOperationUc, 1e-6, m_operationCharge)
                   : tr("The meter's current was not read: no charge");
    case CyclesPerByte:
        return row.counter.isEmpty() ? QString() : tr("Cycles counted with %1").arg(row.counter);
    case Status: {
        QStringList lines;
        for (const core::Message &f : flagsOf(row))
            lines << tr("%1: %2").arg(DisplayFormat::severity(core::flagSeverity(f)),
                                      f.translated());
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
        if (column >= Buffer && column < Status)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::DecorationRole:
        if (column != Status || !needsAttention(row))
            return {};
        return DisplayFormat::severityIcon(core::highestSeverity(flagsOf(row)));
    case Qt::ForegroundRole: {
        if (column != Status || !needsAttention(row))
            return {};
        const bool dark = QApplication::palette().color(QPalette::Base).lightness() < 128;
        return DisplayFormat::severityColor(core::highestSeverity(flagsOf(row)), dark);
    }
    case SeverityRole:
        if (column != Status || !needsAttention(row))
            return {};
        return static_cast<int>(core::highestSeverity(flagsOf(row)));
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
            (section >= Buffer && section < Status ? Qt::AlignRight : Qt::AlignLeft) |
            Qt::AlignVCenter);
    if (role == Qt::DisplayRole) {
        // Units on a second line: the table fits beside the set-up panel without scrolling.
        const auto withUnit = [&](const QString &name) {
            const QString symbol = unit(section).symbol;
            return symbol.isEmpty() ? name : QStringLiteral("%1\n[%2]").arg(name, symbol);
        };
        switch (section) {
        case Cipher:
            return tr("Cipher");
        case Backend:
            return tr("Backend");
        case Operation:
            return tr("Operation");
        case Buffer:
            return tr("Buffer");
        case Runs:
            return tr("Runs");
        case RunTime:
            return withUnit(tr("Run time"));
        case NetPower:
            return withUnit(tr("Net power ± 95 %"));
        case Throughput:
            return withUnit(tr("Throughput"));
        case CyclesPerByte:
            return tr("Cycles/byte");
        case SourceRatio:
            return tr("Source ÷ meter (95 %)");
        case CyclesModelRatio:
            return tr("Cycles model ÷ measured (95 %)");
        case EnergyPerByte:
            return withUnit(tr("Energy/byte ± 95 %"));
        case TimePerOperation:
            return withUnit(tr("Time/op"));
        case EnergyPerOperation:
            return withUnit(tr("Energy/op ± 95 %"));
        case ChargePerOperation:
            return withUnit(tr("Charge/op ± 95 %"));
        case Status:
            return tr("Flags");
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
            return tr("Bytes processed per second, median over repeats (kB = 1000 B; the paper's "
                      "KB/s in Settings)");
        case CyclesPerByte:
            return tr("CPU cycles per byte, median over repeats");
        case EnergyPerByte:
            return tr("Net energy per byte, with its 95 % interval");
        case TimePerOperation:
            return tr("Time one operation (one payload) takes, median over repeats");
        case EnergyPerOperation:
            return tr("Net energy per operation, with its 95 % interval");
        case ChargePerOperation:
            return tr("Net charge per operation (net current × time), with its 95 % interval");
        case Status:
            return tr("Flags raised by the analysis and runs that gave no result, the most "
                      "severe first: error, warning, note");
        default:
            return {};
        }
    }
    return {};
}

} // namespace cipherwatt::gui
