#include "widgets/chart_theme.h"

#include "display_format.h"

#include <QFont>
#include <QPalette>
#include <qcustomplot.h>

namespace cipherwatt::gui {

namespace {

QColor mix(const QColor &a, const QColor &b, double t)
{
    const auto channel = [t](float x, float y) {
        return static_cast<float>(static_cast<double>(x) * (1 - t) + static_cast<double>(y) * t);
    };
    return QColor::fromRgbF(channel(a.redF(), b.redF()), channel(a.greenF(), b.greenF()),
                            channel(a.blueF(), b.blueF()));
}

double luminance(const QColor &c)
{
    return 0.2126 * static_cast<double>(c.redF()) + 0.7152 * static_cast<double>(c.greenF()) +
           0.0722 * static_cast<double>(c.blueF());
}

} // namespace

void applyChartTheme(QCustomPlot &plot, const QPalette &palette, const QFont &font)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const QColor grid = mix(base, text, 0.13);
    const QColor axisColor = mix(base, text, 0.5);
    plot.setBackground(base);
    QFont small = font;
    small.setPointSizeF(font.pointSizeF() * 0.92);
    for (QCPAxisRect *rect : plot.axisRects()) {
        for (QCPAxis *axis : rect->axes()) {
            axis->setBasePen(QPen(axisColor, 1));
            axis->setTickPen(QPen(axisColor, 1));
            axis->setSubTickPen(QPen(axisColor, 1));
            axis->setTickLabelColor(text);
            axis->setLabelColor(text);
            axis->setTickLabelFont(small);
            axis->setLabelFont(font);
            axis->grid()->setPen(QPen(grid, 1));
            axis->grid()->setZeroLinePen(Qt::NoPen);
        }
    }
    QColor legendBrush = base;
    legendBrush.setAlpha(230);
    plot.legend->setBrush(legendBrush);
    plot.legend->setBorderPen(QPen(mix(base, text, 0.3), 1));
    plot.legend->setTextColor(text);
    plot.legend->setFont(small);
    plot.legend->setIconSize(14, 10);
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QCPAbstractPlottable *p = plot.plottable(i);
        // The window shows one line per label (a label may have several).
        p->setName(DisplayFormat::singleLine(p->name()));
        QPen pen = p->pen();
        if (qobject_cast<QCPErrorBars *>(p) != nullptr) {
            pen.setColor(text);
            pen.setWidthF(1);
        } else if (qobject_cast<QCPGraph *>(p) != nullptr) {
            pen.setWidthF(1.3);
            // A series drawn in black or grey for paper would vanish on a dark background.
            if (pen.color().hsvSaturation() < 40 &&
                std::abs(luminance(pen.color()) - luminance(base)) < 0.3)
                pen.setColor(text);
        }
        p->setPen(pen);
    }
    for (int i = 0; i < plot.itemCount(); ++i) {
        if (auto *label = qobject_cast<QCPItemText *>(plot.item(i))) {
            label->setColor(palette.color(QPalette::PlaceholderText));
            label->setFont(font);
        }
    }
    for (int i = 0; i < plot.plotLayout()->elementCount(); ++i) {
        if (auto *title = qobject_cast<QCPTextElement *>(plot.plotLayout()->elementAt(i)))
            title->setTextColor(text);
    }
}

void addChartTitle(QCustomPlot &plot, const QString &title, const QFont &font)
{
    QFont bold = font;
    bold.setBold(true);
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->addElement(0, 0, new QCPTextElement(&plot, title, bold));
}

} // namespace cipherwatt::gui
