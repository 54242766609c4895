#include "display_format.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QSettings>

namespace cipherwatt::gui {

namespace {

const QString kThroughputKey = QStringLiteral("ui/throughputUnit");

} // namespace

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

QString DisplayFormat::number(double value, int decimals)
{
    return fmt::fixed(value, decimals, QLocale());
}

QString DisplayFormat::significant(double value)
{
    return fmt::significant(value, 3, QLocale());
}

QString DisplayFormat::signedNumber(double value, int decimals)
{
    return fmt::signedFixed(value, decimals, QLocale());
}

QString DisplayFormat::percent(double value)
{
    if (!std::isfinite(value))
        return missing();
    return tr("%1 %").arg(signedNumber(value, 1));
}

fmt::ThroughputUnit DisplayFormat::throughputUnit()
{
    return QSettings().value(kThroughputKey).toString() == QLatin1String("paper")
               ? fmt::ThroughputUnit::PaperKilobytes
               : fmt::ThroughputUnit::Adaptive;
}

void DisplayFormat::setThroughputUnit(fmt::ThroughputUnit unit)
{
    QSettings().setValue(kThroughputKey, unit == fmt::ThroughputUnit::PaperKilobytes
                                             ? QStringLiteral("paper")
                                             : QStringLiteral("adaptive"));
}

fmt::Unit DisplayFormat::columnUnit(fmt::Quantity quantity, std::span<const double> values)
{
    return fmt::columnUnit(quantity, values, throughputUnit());
}

fmt::IntervalText DisplayFormat::interval(double value, double low, double high,
                                          const fmt::Unit &unit)
{
    return fmt::withInterval(value, low, high, unit, QLocale());
}

QString DisplayFormat::plain(double value, const fmt::Unit &unit)
{
    return fmt::plain(value, unit, QLocale());
}

QString DisplayFormat::severity(core::Severity severity)
{
    switch (severity) {
    case core::Severity::Error:
        return tr("Error");
    case core::Severity::Warning:
        return tr("Warning");
    case core::Severity::Note:
        return tr("Note");
    }
    return {};
}

QColor DisplayFormat::severityColor(core::Severity severity, bool darkBackground)
{
    switch (severity) {
    case core::Severity::Error:
        return darkBackground ? QColor(0xFF, 0x7B, 0x72) : QColor(0xB4, 0x23, 0x18);
    case core::Severity::Warning:
        return darkBackground ? QColor(0xF2, 0xB4, 0x4C) : QColor(0x8A, 0x55, 0x00);
    case core::Severity::Note:
        return darkBackground ? QColor(0x8C, 0xB8, 0xE8) : QColor(0x2A, 0x5D, 0x8F);
    }
    return {};
}

QIcon DisplayFormat::severityIcon(core::Severity severity)
{
    // A shape per severity as well as a colour: an octagon for an error, a triangle for a
    // warning, a circle for a note.
    const QColor color = severityColor(severity, false);
    QIcon icon;
    for (const int size : {16, 32}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        const double s = size;
        QPainterPath path;
        switch (severity) {
        case core::Severity::Error: {
            const double a = s * 0.29;
            const double b = s * 0.06;
            path.moveTo(a, b);
            path.lineTo(s - a, b);
            path.lineTo(s - b, a);
            path.lineTo(s - b, s - a);
            path.lineTo(s - a, s - b);
            path.lineTo(a, s - b);
            path.lineTo(b, s - a);
            path.lineTo(b, a);
            path.closeSubpath();
            break;
        }
        case core::Severity::Warning:
            path.moveTo(s / 2, s * 0.06);
            path.lineTo(s * 0.96, s * 0.92);
            path.lineTo(s * 0.04, s * 0.92);
            path.closeSubpath();
            break;
        case core::Severity::Note:
            path.addEllipse(QRectF(s * 0.1, s * 0.1, s * 0.8, s * 0.8));
            break;
        }
        p.drawPath(path);
        // The mark inside: "!" for errors and warnings, "i" for notes.
        p.setPen(QPen(Qt::white, s / 9, Qt::SolidLine, Qt::RoundCap));
        const double top = severity == core::Severity::Warning ? s * 0.38 : s * 0.28;
        if (severity == core::Severity::Note) {
            p.drawPoint(QPointF(s / 2, s * 0.32));
            p.drawLine(QPointF(s / 2, s * 0.46), QPointF(s / 2, s * 0.72));
        } else {
            p.drawLine(QPointF(s / 2, top), QPointF(s / 2, s * 0.60));
            p.drawPoint(QPointF(s / 2, s * 0.76));
        }
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace cipherwatt::gui
