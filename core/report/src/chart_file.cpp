#include "chart_style.h"

#include <cipherwatt/report/chart_file.h>

#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPicture>
#include <QSaveFile>
#include <QSvgGenerator>
#include <qcustomplot.h>

#include <cmath>

namespace cipherwatt::report {

namespace {

// Charts are laid out at 96 per inch (QPicture's and the report pages' unit); PNGs are
// rasterised at 300 dpi, what journals ask of line art at the least.
constexpr int kPngDpi = 300;

int pixels(double mm)
{
    return static_cast<int>(std::lround(mm / 25.4 * kDpi));
}

core::Error cannotWrite(const QString &path, const QString &why)
{
    return core::Error{core::ErrorCode::Io,
                       core::Message::plain(QStringLiteral("cannot write %1: %2").arg(path, why))};
}

} // namespace

QSize chartPixels(ChartSize size)
{
    return {pixels(size.widthMm), pixels(size.heightMm)};
}

QFont chartFileFont(double points)
{
    return chartFont(points);
}

bool isChartFile(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("png") || suffix == QLatin1String("svg") ||
           suffix == QLatin1String("pdf");
}

void renderChart(QCustomPlot &plot, int width, int height, QPicture &picture)
{
    QCPPainter painter(&picture);
    plot.toPainter(&painter, width, height);
}

core::Result<void> saveChart(QCustomPlot &plot, const QString &path, ChartSize size)
{
    if (!isChartFile(path))
        return core::Error{core::ErrorCode::Usage,
                           core::Message::plain(QStringLiteral("%1: a chart is saved as .png, "
                                                               ".svg or .pdf")
                                                    .arg(path))};
    const int w = pixels(size.widthMm);
    const int h = pixels(size.heightMm);
    QPicture picture;
    renderChart(plot, w, h, picture);
    // QPicture records at its own resolution.
    const double scale = static_cast<double>(kDpi) / picture.logicalDpiX();
    const QString suffix = QFileInfo(path).suffix().toLower();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return cannotWrite(path, file.errorString());
    if (suffix == QLatin1String("png")) {
        const double k = static_cast<double>(kPngDpi) / kDpi;
        QImage image(static_cast<int>(std::lround(w * k)), static_cast<int>(std::lround(h * k)),
                     QImage::Format_ARGB32_Premultiplied);
        const int dotsPerMetre = static_cast<int>(std::lround(kPngDpi / 0.0254));
        image.setDotsPerMeterX(dotsPerMetre);
        image.setDotsPerMeterY(dotsPerMetre);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        painter.scale(k * scale, k * scale);
        painter.drawPicture(QPointF(0, 0), picture);
        painter.end();
        if (!image.save(&file, "PNG"))
            return cannotWrite(path, QStringLiteral("the PNG could not be encoded"));
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        svg.setSize(QSize(w, h));
        svg.setViewBox(QRect(0, 0, w, h));
        svg.setResolution(kDpi);
        svg.setTitle(QStringLiteral("CipherWatt chart"));
        QPainter painter(&svg);
        painter.scale(scale, scale);
        painter.drawPicture(QPointF(0, 0), picture);
        painter.end();
    } else {
        QPdfWriter pdf(&file);
        pdf.setResolution(kDpi);
        pdf.setCreator(QStringLiteral("CipherWatt"));
        pdf.setPageSize(QPageSize(QSizeF(size.widthMm, size.heightMm), QPageSize::Millimeter));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter(&pdf);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        painter.scale(scale, scale);
        painter.drawPicture(QPointF(0, 0), picture);
        painter.end();
    }
    if (!file.commit())
        return cannotWrite(path, file.errorString());
    return {};
}

core::Result<void> saveChart(const std::function<void(QCustomPlot &)> &build, const QString &path,
                             ChartSize size)
{
    QCustomPlot plot;
    plot.resize(pixels(size.widthMm), pixels(size.heightMm));
    build(plot);
    return saveChart(plot, path, size);
}

} // namespace cipherwatt::report
