#include "icons.h"

#include <QFile>
#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>

namespace cipherwatt::gui {

namespace {

constexpr const char *kInk = "#232629";

QPixmap render(const QByteArray &svg, int size, qreal dpr)
{
    QSvgRenderer renderer(svg);
    QPixmap pixmap(QSize(size, size) * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    renderer.render(&painter, QRectF(0, 0, size, size));
    return pixmap;
}

} // namespace

QIcon actionIcon(const QString &name, const QPalette &palette)
{
    QFile file(QStringLiteral(":/icons/%1.svg").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray svg = file.readAll();
    const auto tinted = [&](QPalette::ColorGroup group) {
        QByteArray copy = svg;
        return copy.replace(kInk, palette.color(group, QPalette::WindowText).name().toLatin1());
    };
    const QByteArray normal = tinted(QPalette::Active);
    const QByteArray disabled = tinted(QPalette::Disabled);
    QIcon icon;
    for (const int size : {16, 22, 24, 32, 48}) {
        for (const qreal dpr : {1.0, 2.0}) {
            icon.addPixmap(render(normal, size, dpr), QIcon::Normal);
            QPixmap off = render(disabled, size, dpr);
            // Colour accents fade as well, so a disabled Start does not look ready.
            QPixmap faded(off.size());
            faded.setDevicePixelRatio(dpr);
            faded.fill(Qt::transparent);
            QPainter painter(&faded);
            painter.setOpacity(0.45);
            painter.drawPixmap(0, 0, off);
            painter.end();
            icon.addPixmap(faded, QIcon::Disabled);
        }
    }
    return icon;
}

QIcon applicationIcon()
{
    return QIcon(QStringLiteral(":/icons/cipherwatt.svg"));
}

} // namespace cipherwatt::gui
