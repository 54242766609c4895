#pragma once

// How the window writes sessions and results: the program's one number format
// (cipherwatt/core/format.h) in the user's locale, plus the words only the window translates
// (statuses, operations, severities). Throughput follows the setting "ui/throughputUnit":
// adaptive SI prefixes, or the first paper's KB/s.

#include <cipherwatt/core/flags.h>
#include <cipherwatt/core/format.h>
#include <cipherwatt/core/results.h>
#include <cipherwatt/core/session.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QIcon>
#include <QString>
#include <QVariant>

#include <span>

namespace cipherwatt::gui {

namespace fmt = core::format;

class DisplayFormat
{
    Q_DECLARE_TR_FUNCTIONS(cipherwatt::gui::DisplayFormat)

public:
    // The text on one line: line breaks shown as " ↵ " (a label may hold several lines).
    static QString singleLine(const QString &text) { return fmt::oneLine(text); }
    static QString status(core::SessionStatus status);
    // An operation id ("encrypt") as a word ("Encrypt"); unknown ids as they are.
    static QString operation(const QString &id);
    // A stored UTC time (ISO 8601) as ISO 8601 in local time with the zone.
    static QString localTime(const QString &iso) { return fmt::dateTime(iso); }
    static QDateTime utc(const QString &iso) { return fmt::parseUtc(iso); }

    static QString missing() { return fmt::missing(); }
    static QString number(double value, int decimals);
    // Three significant digits.
    static QString significant(double value);
    static QString signedNumber(double value, int decimals);
    static QString percent(double value);

    // Throughput as the setting asks: adaptive (MB/s, GB/s) or the paper's KB/s.
    static fmt::ThroughputUnit throughputUnit();
    static void setThroughputUnit(fmt::ThroughputUnit unit);
    // The unit a column of values (in the base unit) shares, throughput as the setting asks.
    static fmt::Unit columnUnit(fmt::Quantity quantity, std::span<const double> values);

    // A value and its 95 % interval (in the base unit) in `unit` as two texts: {"8.51",
    // "± 0.49"}, or {"8.51", "(8.01–9.10)"} for an interval that is not symmetric.
    static fmt::IntervalText interval(double value, double low, double high, const fmt::Unit &unit);
    // A value without an interval in `unit`.
    static QString plain(double value, const fmt::Unit &unit);

    // Flags: "Error", "Warning", "Note"; their colour (reads on light and dark backgrounds
    // alike) and icon.
    static QString severity(core::Severity severity);
    static QColor severityColor(core::Severity severity, bool darkBackground);
    static QIcon severityIcon(core::Severity severity);
};

// Qt::TextAlignmentRole data, as the views read it.
inline QVariant alignment(Qt::Alignment a)
{
    return a.toInt();
}

} // namespace cipherwatt::gui
