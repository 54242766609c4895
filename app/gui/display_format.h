#pragma once

// How the window writes sessions and results: the user's locale for numbers and dates, the
// decimals of a value chosen from its 95 % interval (two significant digits of the
// half-width, as the reports do), "–" for a value that does not exist.

#include <cipherwatt/core/results.h>
#include <cipherwatt/core/session.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QString>
#include <QVariant>

namespace cipherwatt::gui {

class DisplayFormat
{
    Q_DECLARE_TR_FUNCTIONS(cipherwatt::gui::DisplayFormat)

public:
    // The text on one line: line breaks shown as " ↵ " (a label may hold several lines).
    static QString singleLine(const QString &text);
    static QString status(core::SessionStatus status);
    // An operation id ("encrypt") as a word ("Encrypt"); unknown ids as they are.
    static QString operation(const QString &id);
    // A stored UTC time (ISO 8601) in local time, in the locale's short format.
    static QDateTime utc(const QString &iso);
    static QString localTime(const QString &iso);

    static QString missing() { return QStringLiteral("–"); }
    // Decimals that show two significant digits of the interval's half-width.
    static int intervalDecimals(double low, double high);
    static QString number(double value, int decimals);
    // Three significant digits.
    static QString adaptive(double value);
    static QString signedNumber(double value, int decimals);
    static QString percent(double value);

    // A value and its 95 % interval as two texts: {"8.506", "± 0.049"}; an interval that is
    // not symmetric (the envelope of repeats) shows its ends: {"8.506", "(8.012–9.100)"}.
    struct Interval
    {
        QString value;
        QString interval;
        int decimals = 0;
    };
    static Interval interval(const core::Estimate &estimate);
};

// Qt::TextAlignmentRole data, as the views read it.
inline QVariant alignment(Qt::Alignment a)
{
    return a.toInt();
}

} // namespace cipherwatt::gui
