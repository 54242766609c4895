#include <cipherwatt/report/format.h>

#include <algorithm>
#include <cmath>

namespace cipherwatt::report {

QString fixed(double value, int decimals)
{
    return std::isfinite(value) ? QString::number(value, 'f', decimals) : QStringLiteral("–");
}

QString adaptive(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    const double magnitude = std::fabs(value);
    if (magnitude == 0)
        return QStringLiteral("0");
    const int decimals = std::clamp(2 - static_cast<int>(std::floor(std::log10(magnitude))), 0, 8);
    return QString::number(value, 'f', decimals);
}

QString withInterval(double value, double low, double high)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    if (!std::isfinite(low) || !std::isfinite(high))
        return adaptive(value);
    // Two significant digits of the half-width decide the decimals of all three numbers.
    const double half = std::max((high - low) / 2.0, 1e-12);
    const int decimals = std::clamp(1 - static_cast<int>(std::floor(std::log10(half))), 0, 8);
    // A symmetric interval reads best as ± (a single run's always is); an envelope over repeats
    // may not be, and then shows its ends.
    const double below = value - low;
    const double above = high - value;
    if (std::fabs(above - below) <= 0.05 * half)
        return QStringLiteral("%1 ± %2").arg(QString::number(value, 'f', decimals),
                                             QString::number(half, 'f', decimals));
    return QStringLiteral("%1 (%2–%3)")
        .arg(QString::number(value, 'f', decimals), QString::number(low, 'f', decimals),
             QString::number(high, 'f', decimals));
}

QString withInterval(const core::Estimate &e)
{
    return withInterval(e.value, e.low, e.high);
}

} // namespace cipherwatt::report
