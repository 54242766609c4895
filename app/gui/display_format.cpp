#include "display_format.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace cipherwatt::gui {

QString DisplayFormat::singleLine(const QString &text)
{
    QString out = text.trimmed();
    out.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    out.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    return out.split(QLatin1Char('\n'), Qt::SkipEmptyParts).join(QStringLiteral(" ↵ "));
}

QString DisplayFormat::status(core::SessionStatus status)
{
    switch (status) {
    case core::SessionStatus::Running:
        return tr("Running");
    case core::SessionStatus::Complete:
        return tr("Complete");
    case core::SessionStatus::Cancelled:
        return tr("Cancelled");
    case core::SessionStatus::Interrupted:
        return tr("Interrupted");
    case core::SessionStatus::Failed:
        return tr("Failed");
    }
    return {};
}

QString DisplayFormat::operation(const QString &id)
{
    if (id == QLatin1String("encrypt"))
        return tr("Encrypt");
    if (id == QLatin1String("decrypt"))
        return tr("Decrypt");
    if (id == QLatin1String("keygen"))
        return tr("Key generation");
    if (id == QLatin1String("agree"))
        return tr("Key agreement");
    return id;
}

QDateTime DisplayFormat::utc(const QString &iso)
{
    QDateTime t = QDateTime::fromString(iso, Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime::fromString(iso, Qt::ISODate);
    if (t.isValid() && t.timeSpec() == Qt::LocalTime)
        t.setTimeSpec(Qt::UTC); // stored times are UTC, with or without the "Z"
    return t;
}

QString DisplayFormat::localTime(const QString &iso)
{
    const QDateTime t = utc(iso);
    if (!t.isValid())
        return iso;
    return QLocale().toString(t.toLocalTime(), QLocale::ShortFormat);
}

int DisplayFormat::intervalDecimals(double low, double high)
{
    const double half = std::max((high - low) / 2.0, 1e-12);
    return std::clamp(1 - static_cast<int>(std::floor(std::log10(half))), 0, 8);
}

QString DisplayFormat::number(double value, int decimals)
{
    return std::isfinite(value) ? QLocale().toString(value, 'f', decimals) : missing();
}

QString DisplayFormat::adaptive(double value)
{
    if (!std::isfinite(value))
        return missing();
    const double magnitude = std::fabs(value);
    if (magnitude == 0)
        return QLocale().toString(0);
    const int decimals = std::clamp(2 - static_cast<int>(std::floor(std::log10(magnitude))), 0, 8);
    return QLocale().toString(value, 'f', decimals);
}

QString DisplayFormat::signedNumber(double value, int decimals)
{
    if (!std::isfinite(value))
        return missing();
    QString text = QLocale().toString(std::fabs(value), 'f', decimals);
    // A difference that rounds to zero has no sign.
    if (std::round(std::fabs(value) * std::pow(10.0, decimals)) == 0.0)
        return text;
    const QLocale locale;
    return (value > 0 ? locale.positiveSign() : locale.negativeSign()) + text;
}

QString DisplayFormat::percent(double value)
{
    if (!std::isfinite(value))
        return missing();
    return tr("%1 %").arg(signedNumber(value, 1));
}

DisplayFormat::Interval DisplayFormat::interval(const core::Estimate &e)
{
    Interval out;
    if (!std::isfinite(e.value)) {
        out.value = missing();
        return out;
    }
    if (!std::isfinite(e.low) || !std::isfinite(e.high)) {
        out.value = adaptive(e.value);
        return out;
    }
    out.decimals = intervalDecimals(e.low, e.high);
    const QLocale locale;
    out.value = locale.toString(e.value, 'f', out.decimals);
    const double half = (e.high - e.low) / 2.0;
    const double below = e.value - e.low;
    const double above = e.high - e.value;
    if (std::fabs(above - below) <= 0.05 * std::max(half, 1e-12))
        out.interval = tr("± %1").arg(locale.toString(half, 'f', out.decimals));
    else
        out.interval = tr("(%1–%2)").arg(locale.toString(e.low, 'f', out.decimals),
                                         locale.toString(e.high, 'f', out.decimals));
    return out;
}

} // namespace cipherwatt::gui
