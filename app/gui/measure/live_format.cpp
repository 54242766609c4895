#include "measure/live_format.h"

#include <QLocale>

#include <algorithm>
#include <array>
#include <cmath>

namespace cipherwatt::gui::format {

namespace {

// A value that does not exist.
QString missing()
{
    return QStringLiteral("–");
}

// Three significant digits, never fewer than one decimal below 100.
QString scaled(double value, const char *unit)
{
    const int decimals = value < 10 ? 2 : value < 100 ? 1 : 0;
    return QStringLiteral("%1 %2").arg(QLocale().toString(value, 'f', decimals),
                                       QLatin1String(unit));
}

} // namespace

QString duration(double seconds, bool tenths)
{
    if (!std::isfinite(seconds))
        return missing();
    seconds = std::max(0.0, seconds);
    // Rounded once, to what is shown, so 59.96 s reads 1:00.0 and not 0:60.0.
    const double step = tenths ? 0.1 : 1.0;
    const auto units = static_cast<long long>(std::llround(seconds / step));
    const long long whole = tenths ? units / 10 : units;
    const long long h = whole / 3600;
    const long long m = (whole / 60) % 60;
    const long long s = whole % 60;
    QString text = h > 0 ? QStringLiteral("%1:%2:%3")
                               .arg(h)
                               .arg(m, 2, 10, QLatin1Char('0'))
                               .arg(s, 2, 10, QLatin1Char('0'))
                         : QStringLiteral("%1:%2").arg(m).arg(s, 2, 10, QLatin1Char('0'));
    if (tenths)
        text += QLocale().decimalPoint() + QString::number(units % 10);
    return text;
}

QString bytes(double bytes)
{
    if (!std::isfinite(bytes) || bytes < 0)
        return missing();
    static constexpr std::array<const char *, 5> units{"KB", "MB", "GB", "TB", "PB"};
    if (bytes < 1000)
        return QStringLiteral("%1 B").arg(static_cast<qint64>(bytes));
    double value = bytes / 1000;
    std::size_t unit = 0;
    while (value >= 999.5 && unit + 1 < units.size()) {
        value /= 1000;
        ++unit;
    }
    return scaled(value, units[unit]);
}

QString rate(double bytesPerSecond)
{
    if (!std::isfinite(bytesPerSecond) || bytesPerSecond < 0)
        return missing();
    return bytes(bytesPerSecond) + QStringLiteral("/s");
}

QString reading(double value, int digits, int maxDecimals)
{
    if (!std::isfinite(value))
        return missing();
    const double magnitude = std::fabs(value);
    const int exponent = magnitude > 0 ? static_cast<int>(std::floor(std::log10(magnitude))) : 0;
    const int decimals = std::clamp(digits - 1 - exponent, 0, maxDecimals);
    return QLocale().toString(value, 'f', decimals);
}

} // namespace cipherwatt::gui::format
