#include <cipherwatt/core/format.h>
#include <cipherwatt/core/records.h>

#include <QTimeZone>

#include <algorithm>
#include <array>
#include <cmath>

namespace cipherwatt::core::format {

namespace {

struct QuantityUnits
{
    const char *base; // the symbol after the prefix: "W", "J/B", "B/s"
    int lowest;       // the smallest and largest prefix exponents the quantity uses
    int highest;
};

QuantityUnits unitsOf(Quantity q)
{
    switch (q) {
    case Quantity::Power:
        return {"W", -6, 3};
    case Quantity::EnergyPerByte:
        return {"J/B", -12, 0};
    case Quantity::EnergyPerOperation:
    case Quantity::Energy:
        return {"J", -12, 3};
    case Quantity::Throughput:
        return {"B/s", 0, 12};
    case Quantity::Bytes:
        return {"B", 0, 12};
    case Quantity::Time:
        return {"s", -9, 0};
    case Quantity::CyclesPerByte:
        return {"", 0, 0};
    case Quantity::ChargePerOperation:
        return {"C", -12, 0};
    }
    return {"", 0, 0};
}

QString prefix(int exponent)
{
    switch (exponent) {
    case -12:
        return QStringLiteral("p");
    case -9:
        return QStringLiteral("n");
    case -6:
        return QStringLiteral("µ");
    case -3:
        return QStringLiteral("m");
    case 3:
        return QStringLiteral("k");
    case 6:
        return QStringLiteral("M");
    case 9:
        return QStringLiteral("G");
    case 12:
        return QStringLiteral("T");
    default:
        return {};
    }
}

// The decimals that show `digits` significant digits of `value` as it will be rounded.
int significantDecimals(double value, int digits)
{
    const double magnitude = std::fabs(value);
    if (magnitude == 0 || !std::isfinite(magnitude))
        return 0;
    int decimals = digits - 1 - static_cast<int>(std::floor(std::log10(magnitude)));
    // 9.996 to three digits is 10.0, not 10.00.
    const double rounded =
        std::round(magnitude * std::pow(10.0, decimals)) / std::pow(10.0, decimals);
    if (rounded >= std::pow(10.0, digits - decimals))
        --decimals;
    return std::clamp(decimals, 0, 12);
}

} // namespace

double Unit::scaled(double base) const
{
    return base / std::pow(10.0, exponent);
}

QString Unit::bracketed() const
{
    return symbol.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(symbol);
}

Unit unitFor(Quantity quantity, int exponent)
{
    const QuantityUnits units = unitsOf(quantity);
    Unit u;
    u.quantity = quantity;
    u.exponent = std::clamp(exponent / 3 * 3, units.lowest, units.highest);
    if (*units.base != '\0')
        u.symbol = prefix(u.exponent) + QLatin1String(units.base);
    return u;
}

Unit baseUnit(Quantity quantity)
{
    return unitFor(quantity, 0);
}

Unit paperThroughputUnit()
{
    Unit u;
    u.quantity = Quantity::Throughput;
    u.exponent = 3;
    u.symbol = QStringLiteral("KB/s");
    u.paper = true;
    return u;
}

Unit columnUnit(Quantity quantity, std::span<const double> values, ThroughputUnit throughput)
{
    if (quantity == Quantity::Throughput && throughput == ThroughputUnit::PaperKilobytes)
        return paperThroughputUnit();
    double largest = 0;
    for (const double v : values) {
        if (std::isfinite(v))
            largest = std::max(largest, std::fabs(v));
    }
    if (largest == 0)
        return baseUnit(quantity);
    // Three significant digits: 999.7 mW is written 1.00 W.
    const int digits = static_cast<int>(std::floor(std::log10(largest)));
    const double rounded =
        std::round(largest / std::pow(10.0, digits - 2)) * std::pow(10.0, digits - 2);
    // (A hair over the quotient, so that 1e-9 is 1 nJ/B and not 1000 pJ/B.)
    const int exponent = static_cast<int>(std::floor(std::log10(rounded) / 3.0 + 1e-9)) * 3;
    return unitFor(quantity, exponent);
}

Unit valueUnit(Quantity quantity, double value, ThroughputUnit throughput)
{
    const std::array<double, 1> one{value};
    return columnUnit(quantity, one, throughput);
}

QString missing()
{
    return QStringLiteral("–");
}

QString fixed(double value, int decimals, const QLocale &locale)
{
    if (!std::isfinite(value))
        return missing();
    // No "-0.00": a value that rounds to zero has no sign.
    if (std::round(std::fabs(value) * std::pow(10.0, decimals)) == 0.0)
        value = 0.0;
    return locale.toString(value, 'f', decimals);
}

QString degreesOfFreedom(double dof, const QLocale &locale)
{
    if (!std::isfinite(dof))
        return QStringLiteral("∞");
    if (dof >= 1000.0)
        return QStringLiteral("> %1").arg(locale.toString(1000));
    return significant(dof, 3, locale);
}

QString significant(double value, int digits, const QLocale &locale)
{
    if (!std::isfinite(value))
        return missing();
    return fixed(value, significantDecimals(value, digits), locale);
}

int intervalDecimals(double halfWidth)
{
    if (!std::isfinite(halfWidth) || halfWidth <= 0)
        return 0;
    return significantDecimals(halfWidth, 2);
}

QString IntervalText::joined() const
{
    return interval.isEmpty() ? value : value + QLatin1Char(' ') + interval;
}

IntervalText withInterval(double value, double low, double high, const Unit &unit,
                          const QLocale &locale)
{
    IntervalText out;
    if (!std::isfinite(value)) {
        out.value = missing();
        return out;
    }
    const double v = unit.scaled(value);
    const double lo = unit.scaled(low);
    const double hi = unit.scaled(high);
    const double half = (hi - lo) / 2;
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(half > 0)) {
        out.value = plain(value, unit, locale);
        return out;
    }
    out.decimals = intervalDecimals(half);
    out.value = fixed(v, out.decimals, locale);
    // A single run's interval is symmetric and reads best as ±; an envelope over repeats may
    // not be, and then shows its ends.
    if (std::fabs((hi - v) - (v - lo)) <= 0.05 * half)
        out.interval = QStringLiteral("± %1").arg(fixed(half, out.decimals, locale));
    else
        out.interval = QStringLiteral("(%1–%2)").arg(fixed(lo, out.decimals, locale),
                                                     fixed(hi, out.decimals, locale));
    return out;
}

QString plain(double value, const Unit &unit, const QLocale &locale)
{
    if (!std::isfinite(value))
        return missing();
    const double v = unit.scaled(value);
    return unit.paper ? fixed(v, 0, locale) : significant(v, 3, locale);
}

QString quantity(double value, Quantity quantity, const QLocale &locale)
{
    if (!std::isfinite(value))
        return missing();
    const Unit unit = valueUnit(quantity, value);
    const QString number = plain(value, unit, locale);
    return unit.symbol.isEmpty() ? number : number + QLatin1Char(' ') + unit.symbol;
}

QString quantityWithInterval(double value, double low, double high, Quantity quantity,
                             const QLocale &locale)
{
    if (!std::isfinite(value))
        return missing();
    const Unit unit = valueUnit(quantity, value);
    const QString text = withInterval(value, low, high, unit, locale).joined();
    return unit.symbol.isEmpty() ? text : text + QLatin1Char(' ') + unit.symbol;
}

QString signedFixed(double value, int decimals, const QLocale &locale)
{
    if (!std::isfinite(value))
        return missing();
    QString text = fixed(std::fabs(value), decimals, locale);
    if (std::round(std::fabs(value) * std::pow(10.0, decimals)) == 0.0)
        return text;
    return (value > 0 ? locale.positiveSign() : locale.negativeSign()) + text;
}

QString differenceWithInterval(double value, double low, double high, const Unit &unit,
                               const QLocale &locale)
{
    if (!std::isfinite(value))
        return missing();
    const double v = unit.scaled(value);
    const double half = (unit.scaled(high) - unit.scaled(low)) / 2;
    if (!std::isfinite(half) || !(half > 0)) {
        const QString text = significant(std::fabs(v), 3, locale);
        return v > 0 ? locale.positiveSign() + text : (v < 0 ? locale.negativeSign() + text : text);
    }
    const int decimals = intervalDecimals(half);
    return QStringLiteral("%1 (%2 to %3)")
        .arg(signedFixed(v, decimals, locale), signedFixed(unit.scaled(low), decimals, locale),
             signedFixed(unit.scaled(high), decimals, locale));
}

QString ratioWithInterval(double value, double low, double high, const QLocale &locale)
{
    const double half = (high - low) / 2;
    if (!std::isfinite(value) || !std::isfinite(half))
        return missing();
    // At least three decimals: a ratio reads as 1.000 ± something.
    const int decimals = half > 0 ? std::max(3, intervalDecimals(half)) : 3;
    return QStringLiteral("%1 (%2 to %3)")
        .arg(fixed(value, decimals, locale), fixed(low, decimals, locale),
             fixed(high, decimals, locale));
}

QString sessionId(qint64 id)
{
    return QStringLiteral("S%1").arg(id);
}

std::optional<qint64> parseSessionId(const QString &text)
{
    QString digits = text.trimmed();
    if (digits.startsWith(QLatin1Char('S'), Qt::CaseInsensitive))
        digits.remove(0, 1);
    if (digits.isEmpty() || digits.front() == QLatin1Char('+') ||
        digits.front() == QLatin1Char('-'))
        return std::nullopt;
    bool ok = false;
    const qint64 id = digits.toLongLong(&ok);
    if (!ok || id < 1)
        return std::nullopt;
    return id;
}

QString oneLine(const QString &text)
{
    QString out = text.trimmed();
    out.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    out.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    return out.split(QLatin1Char('\n'), Qt::SkipEmptyParts).join(QStringLiteral(" ↵ "));
}

QString sessionName(qint64 id, const QString &label)
{
    const QString line = oneLine(label);
    return line.isEmpty() ? sessionId(id) : sessionId(id) + QLatin1Char(' ') + line;
}

QDateTime parseUtc(const QString &isoUtc)
{
    QDateTime t = QDateTime::fromString(isoUtc, Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime::fromString(isoUtc, Qt::ISODate);
    if (t.isValid() && t.timeSpec() == Qt::LocalTime)
        t.setTimeZone(QTimeZone::utc()); // stored times are UTC, with or without the "Z"
    return t;
}

QString dateTime(const QDateTime &time)
{
    if (!time.isValid())
        return missing();
    const QDateTime local = time.toLocalTime();
    const int offset = local.offsetFromUtc();
    const int minutes = std::abs(offset) / 60;
    return QStringLiteral("%1 %2%3:%4")
        .arg(local.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
        .arg(offset < 0 ? QLatin1Char('-') : QLatin1Char('+'))
        .arg(minutes / 60, 2, 10, QLatin1Char('0'))
        .arg(minutes % 60, 2, 10, QLatin1Char('0'));
}

QString dateTime(const QString &isoUtc)
{
    const QDateTime t = parseUtc(isoUtc);
    return t.isValid() ? dateTime(t) : isoUtc;
}

QString operationShort(const QString &operation)
{
    if (operation == QLatin1String("encrypt"))
        return QStringLiteral("enc");
    if (operation == QLatin1String("decrypt"))
        return QStringLiteral("dec");
    return operation;
}

QString bufferShort(qint64 bytes)
{
    // Powers of two in binary units (as buffer sizes usually are), the rest in SI units.
    static constexpr std::array<const char *, 4> binary{"KiB", "MiB", "GiB", "TiB"};
    static constexpr std::array<const char *, 4> decimal{"kB", "MB", "GB", "TB"};
    if (bytes < 1024 && (bytes < 1000 || bytes % 1000 != 0))
        return QStringLiteral("%1 B").arg(bytes);
    qint64 v = bytes;
    std::size_t unit = 0;
    if (bytes % 1024 == 0) {
        v /= 1024;
        while (v % 1024 == 0 && v >= 1024 && unit + 1 < binary.size()) {
            v /= 1024;
            ++unit;
        }
        return QStringLiteral("%1 %2").arg(v).arg(QLatin1String(binary[unit]));
    }
    double d = static_cast<double>(bytes) / 1000.0;
    while (d >= 1000 && unit + 1 < decimal.size()) {
        d /= 1000;
        ++unit;
    }
    return QStringLiteral("%1 %2").arg(QString::number(d, 'g', 3), QLatin1String(decimal[unit]));
}

QString backendWithIsa(const QString &backend, const QString &isa)
{
    return isa.isEmpty() ? backend : QStringLiteral("%1 (%2)").arg(backend, isa);
}

QString sourceText(const SourceSetup &source)
{
    QString text = QStringLiteral("%1 (%2: %3 in %4), read every %5 s, %6 readings")
                       .arg(source.resource, source.kind, source.method, source.unit,
                            QString::number(source.intervalSeconds))
                       .arg(source.readings);
    if (source.updateSeconds)
        text += QStringLiteral(", refreshed every %1 s").arg(significant(*source.updateSeconds));
    if (!source.problem.isEmpty())
        text += QStringLiteral("; stopped: ") + source.problem;
    return text;
}

QString meterShort(const MeterSetup &meter)
{
    const MeterIdentity &id = meter.identity;
    if (meter.source)
        return QStringLiteral("%1: power source on the DUT, accuracy not specified")
            .arg(meter.source->resource);
    if (id.simulated)
        return QStringLiteral("simulated %1").arg(id.model);
    const QString name = QStringLiteral("%1 %2").arg(id.manufacturer, id.model).trimmed();
    return id.serial.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(name, id.serial);
}

QString megahertz(std::uint64_t kHz)
{
    QString number = QString::number(kHz / 1000);
    if (const std::uint64_t rest = kHz % 1000; rest != 0) {
        number += QStringLiteral(".%1").arg(rest, 3, 10, QLatin1Char('0'));
        while (number.endsWith(QLatin1Char('0')))
            number.chop(1);
    }
    return number + QStringLiteral(" MHz");
}

QString atFrequency(std::optional<std::uint64_t> kHz)
{
    return kHz ? QStringLiteral(" @ ") + megahertz(*kHz) : QString();
}

QString atGovernor(const QString &governor)
{
    return governor.isEmpty() ? QString() : QStringLiteral(" @ ") + governor;
}

QString withChunking(const QString &chunking)
{
    return chunking.isEmpty() ? QString() : QStringLiteral(", ") + chunking;
}

QString backendWithLevels(const QString &backend, const QString &isa, const QString &chunking,
                          const QString &payload, std::optional<std::uint64_t> kHz,
                          const QString &governor)
{
    return backendWithIsa(backend, isa) + withChunking(chunking) + withPayload(payload) +
           atFrequency(kHz) + atGovernor(governor);
}

QString payloadShort(const QString &payload)
{
    if (payload.startsWith(QLatin1String("file:")))
        return QStringLiteral("file ") + payload.section(QLatin1Char('/'), -1);
    return payload;
}

QString withPayload(const QString &payload)
{
    if (payload.isEmpty())
        return {};
    return QStringLiteral(" [") +
           (payload.startsWith(QLatin1String("file:")) ? payload.section(QLatin1Char('/'), -1)
                                                       : payload) +
           QLatin1Char(']');
}

QString runShort(const QString &cipher, const QString &backend, const QString &operation,
                 qint64 bufferBytes)
{
    const QString who = backend.isEmpty() ? cipher : cipher + QLatin1Char('/') + backend;
    return QStringLiteral("%1 %2 %3").arg(who, operationShort(operation), bufferShort(bufferBytes));
}

} // namespace cipherwatt::core::format
