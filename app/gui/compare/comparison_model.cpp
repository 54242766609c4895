#include "compare/comparison_model.h"

#include "display_format.h"

#include <cipherwatt/report/charts.h>

#include <QApplication>
#include <QIcon>
#include <QLocale>
#include <QStyle>

#include <cmath>
#include <limits>

namespace cipherwatt::gui {

using namespace core;

namespace {

bool measured(const std::optional<ResultRow> &row)
{
    return row.has_value() && row->measured > 0;
}

bool isKey(ComparisonModel::Measure m)
{
    return m == ComparisonModel::Measure::Cipher || m == ComparisonModel::Measure::Backend ||
           m == ComparisonModel::Measure::Operation || m == ComparisonModel::Measure::Buffer;
}

// The base unit's factor of what a result row holds (nJ/B for energy).
double toBase(ComparisonModel::Measure m)
{
    return m == ComparisonModel::Measure::EnergyPerByte ||
                   m == ComparisonModel::Measure::EnergyDifference
               ? 1e-9
               : 1.0;
}

} // namespace

ComparisonModel::ComparisonModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ComparisonModel::setSessions(const std::vector<SessionData> &sessions)
{
    beginResetModel();
    m_sessions.clear();
    m_sameMeter.clear();
    for (const SessionData &d : sessions) {
        m_sessions.push_back(d.summary);
        m_sameMeter.push_back(core::sameMeterSetup(sessions.front().meter, d.meter));
    }
    m_rows = sessions.size() >= 2 ? compareSessions(sessions) : std::vector<ComparisonRow>{};
    std::vector<double> watts, energy, rate;
    for (const ComparisonRow &row : m_rows) {
        for (const std::optional<ResultRow> &r : row.sessions) {
            if (!measured(r))
                continue;
            watts.push_back(r->netWatts.value);
            energy.push_back(r->energyPerByteNj.value * 1e-9);
            rate.push_back(r->throughputBytesPerSecond);
        }
    }
    m_power = DisplayFormat::columnUnit(fmt::Quantity::Power, watts);
    m_energy = DisplayFormat::columnUnit(fmt::Quantity::EnergyPerByte, energy);
    m_throughput = DisplayFormat::columnUnit(fmt::Quantity::Throughput, rate);
    m_columns.clear();
    for (const Measure m : {Measure::Cipher, Measure::Backend, Measure::Operation, Measure::Buffer})
        m_columns.push_back({m, -1});
    for (int s = 0; s < sessionCount(); ++s) {
        for (const Measure m : {Measure::NetPower, Measure::Throughput, Measure::EnergyPerByte})
            m_columns.push_back({m, s});
        if (s == 0)
            continue;
        for (const Measure m : {Measure::PowerDifference, Measure::PowerRatio,
                                Measure::EnergyDifference, Measure::EnergyRatio})
            m_columns.push_back({m, s});
    }
    endResetModel();
}

void ComparisonModel::clear()
{
    setSessions({});
}

const SessionSummary &ComparisonModel::sessionSummary(int index) const
{
    return m_sessions.at(static_cast<std::size_t>(index));
}

ComparisonModel::Column ComparisonModel::columnAt(int section) const
{
    return m_columns.at(static_cast<std::size_t>(section));
}

int ComparisonModel::column(Measure measure, int session) const
{
    for (std::size_t c = 0; c < m_columns.size(); ++c) {
        if (m_columns[c].measure == measure && (isKey(measure) || m_columns[c].session == session))
            return static_cast<int>(c);
    }
    return -1;
}

fmt::Unit ComparisonModel::unit(Measure measure) const
{
    switch (measure) {
    case Measure::NetPower:
    case Measure::PowerDifference:
        return m_power;
    case Measure::EnergyPerByte:
    case Measure::EnergyDifference:
        return m_energy;
    case Measure::Throughput:
        return m_throughput;
    default:
        return fmt::baseUnit(fmt::Quantity::CyclesPerByte);
    }
}

QString ComparisonModel::measureName(Measure measure)
{
    switch (measure) {
    case Measure::Cipher:
        return tr("Cipher");
    case Measure::Backend:
        return tr("Backend");
    case Measure::Operation:
        return tr("Operation");
    case Measure::Buffer:
        return tr("Buffer");
    case Measure::NetPower:
        return tr("Net Power");
    case Measure::Throughput:
        return tr("Throughput");
    case Measure::EnergyPerByte:
        return tr("Energy/Byte");
    case Measure::PowerDifference:
        return tr("Δ Power");
    case Measure::PowerRatio:
        return tr("Power Ratio");
    case Measure::EnergyDifference:
        return tr("Δ Energy");
    case Measure::EnergyRatio:
        return tr("Energy Ratio");
    }
    return {};
}

int ComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

QVariant ComparisonModel::keyData(const ResultKey &key, Measure measure, int role) const
{
    if (role == Qt::TextAlignmentRole)
        return alignment((measure == Measure::Buffer ? Qt::AlignRight : Qt::AlignLeft) |
                         Qt::AlignVCenter);
    if (role == ValueRole || role == SortRole) {
        if (measure == Measure::Buffer)
            return key.bufferBytes;
        if (role == ValueRole)
            return {};
    }
    if (role != Qt::DisplayRole && role != ValueTextRole && role != SortRole &&
        role != Qt::ToolTipRole)
        return {};
    switch (measure) {
    case Measure::Cipher:
        return key.cipher;
    case Measure::Backend:
        return key.backendLabel();
    case Measure::Operation:
        return DisplayFormat::operation(key.operation);
    case Measure::Buffer:
        return fmt::bufferShort(key.bufferBytes);
    default:
        return {};
    }
}

QVariant ComparisonModel::valueData(const ComparisonRow &row, const Column &column, int role) const
{
    const std::optional<ResultRow> &r = row.sessions.at(static_cast<std::size_t>(column.session));
    const std::optional<ResultRow> &ref = row.sessions.front();
    if (role == Qt::TextAlignmentRole)
        return alignment(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole)
        return toolTip(row, column);
    if (role == Qt::DecorationRole) {
        // Flags and runs without a result are marked on the session's first column.
        if (column.measure == Measure::NetPower && r &&
            (!r->flags.isEmpty() || !r->notMeasured.isEmpty()))
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    }
    const bool here = measured(r);
    const bool both = here && measured(ref);
    double value = std::nan("");
    double low = std::nan("");
    double high = std::nan("");
    QString text;
    QString interval;
    switch (column.measure) {
    case Measure::NetPower:
    case Measure::EnergyPerByte: {
        if (!here)
            break;
        const bool power = column.measure == Measure::NetPower;
        const Estimate &e = power ? r->netWatts : r->energyPerByteNj;
        const double k = toBase(column.measure);
        value = e.value * k;
        low = e.low * k;
        high = e.high * k;
        const fmt::IntervalText t = DisplayFormat::interval(value, low, high, unit(column.measure));
        text = t.value;
        interval = t.interval;
        break;
    }
    case Measure::Throughput:
        if (!here)
            break;
        value = r->throughputBytesPerSecond;
        text = DisplayFormat::plain(value, m_throughput);
        break;
    case Measure::PowerDifference:
    case Measure::EnergyDifference:
    case Measure::PowerRatio:
    case Measure::EnergyRatio: {
        if (!both)
            break;
        const MeanComparison c = comparison(row, column);
        const bool ratio =
            column.measure == Measure::PowerRatio || column.measure == Measure::EnergyRatio;
        if (ratio) {
            if (!c.hasRatio())
                break;
            value = c.ratio;
            low = c.ratioLow;
            high = c.ratioHigh;
            const QString all = fmt::ratioWithInterval(value, low, high, QLocale());
            const qsizetype split = all.indexOf(QLatin1Char(' '));
            text = all.left(split);
            interval = all.mid(split + 1);
        } else {
            if (!c.valid())
                break;
            const double k = toBase(column.measure);
            value = c.difference * k;
            low = c.differenceLow * k;
            high = c.differenceHigh * k;
            const QString all =
                fmt::differenceWithInterval(value, low, high, unit(column.measure), QLocale());
            const qsizetype split = all.indexOf(QLatin1Char(' '));
            text = split > 0 ? all.left(split) : all;
            interval = split > 0 ? all.mid(split + 1) : QString();
        }
        // Never a bare number: a change the intervals do not show is said to be none.
        if (!c.significant())
            interval += QLatin1Char(' ') + core::significanceText(c).translated();
        break;
    }
    default:
        break;
    }
    const bool exists = std::isfinite(value);
    switch (role) {
    case Qt::DisplayRole:
        if (!exists)
            return DisplayFormat::missing();
        return interval.isEmpty() ? text : QStringLiteral("%1 %2").arg(text, interval);
    case ValueTextRole:
        return exists ? text : DisplayFormat::missing();
    case IntervalTextRole:
        return exists ? interval : QString();
    case ValueRole:
        return exists ? QVariant(value) : QVariant();
    case LowRole:
        return exists && std::isfinite(low) ? QVariant(low) : QVariant();
    case HighRole:
        return exists && std::isfinite(high) ? QVariant(high) : QVariant();
    case SortRole:
        // Missing values sort after every number.
        return exists ? value : std::numeric_limits<double>::infinity();
    default:
        return {};
    }
}

core::MeanComparison ComparisonModel::comparison(const ComparisonRow &row,
                                                 const Column &column) const
{
    const std::optional<ResultRow> &r = row.sessions.at(static_cast<std::size_t>(column.session));
    const std::optional<ResultRow> &ref = row.sessions.front();
    if (!measured(r) || !measured(ref))
        return {};
    const core::ResultComparison c =
        core::compareResults(*ref, *r, m_sameMeter.at(static_cast<std::size_t>(column.session)));
    const bool power =
        column.measure == Measure::PowerDifference || column.measure == Measure::PowerRatio;
    return power ? c.netWatts : c.energyPerByteNj;
}

QString ComparisonModel::toolTip(const ComparisonRow &row, const Column &column) const
{
    const std::optional<ResultRow> &r = row.sessions.at(static_cast<std::size_t>(column.session));
    const SessionSummary &s = m_sessions.at(static_cast<std::size_t>(column.session));
    QStringList lines{tr("%1 %2, %3, %4 B")
                          .arg(row.key.cipher, row.key.backendLabel(),
                               DisplayFormat::operation(row.key.operation))
                          .arg(QLocale().toString(row.key.bufferBytes)),
                      fmt::sessionName(s.id, s.label)};
    if (!r) {
        lines << tr("This session has no such run.");
        return lines.join(QLatin1Char('\n'));
    }
    if (r->measured == 0)
        lines << tr("Not measured.");
    else if (r->measured == 1)
        lines << tr("One run measured.");
    else
        lines << tr("Median of %n runs; the interval spans all of theirs.", nullptr, r->measured);
    if (r->planned > r->measured)
        lines << tr("%1 of %n planned runs gave no result.", nullptr, r->planned)
                     .arg(r->planned - r->measured);
    switch (column.measure) {
    case Measure::NetPower:
    case Measure::EnergyPerByte:
        lines << tr("95 % interval: from the run's and the baseline's sample statistics and "
                    "the meter's accuracy.");
        break;
    case Measure::PowerDifference:
    case Measure::EnergyDifference:
    case Measure::PowerRatio:
    case Measure::EnergyRatio:
        lines << tr("Difference from the reference %1 (this session's mean minus its mean) and "
                    "ratio to it (this session's mean over its mean), from the means over "
                    "repeats, with 95 % intervals.")
                     .arg(fmt::sessionId(m_sessions.front().id));
        lines << (m_sameMeter.at(static_cast<std::size_t>(column.session))
                      ? tr("Same meter, mode and ranges as the reference: the meter's gain is "
                           "common to both, cancels in the ratio and partly in the difference.")
                      : tr("Another meter, mode or ranges than the reference: the two are "
                           "independent."));
        if (const MeanComparison c = comparison(row, column); c.valid() && !c.significant())
            lines << tr("Not significant: the difference's interval includes 0 or the ratio's "
                        "includes 1.");
        break;
    default:
        break;
    }
    for (const core::Message &f : r->flags)
        lines << tr("Flag: %1").arg(f.translated());
    for (const core::Message &n : r->notMeasured)
        lines << n.translated();
    return lines.join(QLatin1Char('\n'));
}

QVariant ComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const ComparisonRow &row = m_rows[static_cast<std::size_t>(index.row())];
    const Column &column = m_columns[static_cast<std::size_t>(index.column())];
    if (isKey(column.measure))
        return keyData(row.key, column.measure, role);
    return valueData(row, column, role);
}

QString ComparisonModel::groupTitle(int session) const
{
    const SessionSummary &s = m_sessions.at(static_cast<std::size_t>(session));
    const QString name = fmt::sessionName(s.id, s.label);
    return session == 0 ? tr("%1 (reference)").arg(name) : name;
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    const Column &column = m_columns[static_cast<std::size_t>(section)];
    switch (role) {
    case Qt::DisplayRole: {
        // The unit on a line of its own keeps the columns as narrow as their numbers.
        QString name = measureName(column.measure);
        const QString symbol = unit(column.measure).symbol;
        if (!symbol.isEmpty())
            return QStringLiteral("%1\n[%2]").arg(name, symbol);
        const qsizetype bracket = name.lastIndexOf(QLatin1String(" ["));
        if (bracket > 0 && !isKey(column.measure))
            name[bracket] = QLatin1Char('\n');
        return name;
    }
    case Qt::TextAlignmentRole:
        return alignment((isKey(column.measure) && column.measure != Measure::Buffer
                              ? Qt::AlignLeft
                              : Qt::AlignRight) |
                         Qt::AlignVCenter);
    case GroupRole:
        return column.session < 0 ? QString() : groupTitle(column.session);
    case GroupColorRole:
        return column.session < 0 ? QVariant() : QVariant(report::seriesColor(column.session));
    case Qt::ToolTipRole: {
        QString tip = columnToolTip(column.measure);
        if (column.session >= 0) {
            const SessionSummary &s = m_sessions.at(static_cast<std::size_t>(column.session));
            tip +=
                QLatin1Char('\n') + (s.simulated ? tr("%1, simulated meter") : QStringLiteral("%1"))
                                        .arg(fmt::sessionName(s.id, s.label));
        }
        return tip;
    }
    default:
        return {};
    }
}

QString ComparisonModel::columnToolTip(Measure measure)
{
    switch (measure) {
    case Measure::NetPower:
        return tr("Net power: mean power during the run minus the idle baseline, with its "
                  "95 % interval");
    case Measure::Throughput:
        return tr("Bytes processed per second (kB = 1000 B; the paper's KB/s in Settings)");
    case Measure::EnergyPerByte:
        return tr("Net energy per byte processed, with its 95 % interval");
    case Measure::PowerDifference:
    case Measure::EnergyDifference:
        return tr("Difference from the reference session: this session's mean minus its mean, "
                  "with its 95 % interval");
    case Measure::PowerRatio:
    case Measure::EnergyRatio:
        return tr("Ratio to the reference session: this session's mean over its mean, with its "
                  "95 % interval");
    case Measure::Buffer:
        return tr("Bytes per call of the cipher (KiB = 1024 B, kB = 1000 B)");
    default:
        return measureName(measure);
    }
}

} // namespace cipherwatt::gui
