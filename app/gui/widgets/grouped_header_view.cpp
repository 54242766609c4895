#include "widgets/grouped_header_view.h"

#include <QPainter>
#include <QPixmap>

namespace cipherwatt::gui {

GroupedHeaderView::GroupedHeaderView(int groupRole, int colorRole, QWidget *parent)
    : QHeaderView(Qt::Horizontal, parent)
    , m_groupRole(groupRole)
    , m_colorRole(colorRole)
{
    setSectionsMovable(false);
    // A group title spans several sections: repaint it whole when one of them changes.
    connect(this, &QHeaderView::sectionResized, viewport(), [this] { viewport()->update(); });
}

QString GroupedHeaderView::group(int logicalIndex) const
{
    if (model() == nullptr)
        return {};
    return model()->headerData(logicalIndex, orientation(), m_groupRole).toString();
}

int GroupedHeaderView::groupHeight() const
{
    return fontMetrics().height() + 10;
}

QSize GroupedHeaderView::sectionSizeFromContents(int logicalIndex) const
{
    QSize size = QHeaderView::sectionSizeFromContents(logicalIndex);
    size.setHeight(size.height() + groupHeight());
    return size;
}

void GroupedHeaderView::paintSection(QPainter *painter, const QRect &rect, int logicalIndex) const
{
    if (group(logicalIndex).isEmpty()) {
        QHeaderView::paintSection(painter, rect, logicalIndex);
        return;
    }
    QHeaderView::paintSection(painter, rect.adjusted(0, groupHeight(), 0, 0), logicalIndex);
}

void GroupedHeaderView::paintEvent(QPaintEvent *event)
{
    QHeaderView::paintEvent(event);
    if (model() == nullptr || count() == 0)
        return;
    QPainter painter(viewport());
    const int first = visualIndexAt(0) < 0 ? 0 : visualIndexAt(0);
    int last = visualIndexAt(viewport()->width() - 1);
    if (last < 0)
        last = count() - 1;
    // Whole groups, also those only partly in view.
    int start = first;
    while (start > 0 && group(logicalIndex(start - 1)) == group(logicalIndex(first)))
        --start;
    int end = last;
    while (end < count() - 1 && group(logicalIndex(end + 1)) == group(logicalIndex(last)))
        ++end;
    for (int v = start; v <= end;) {
        const int logical = logicalIndex(v);
        const QString title = group(logical);
        int w = v;
        while (w + 1 < count() && group(logicalIndex(w + 1)) == title)
            ++w;
        if (!title.isEmpty()) {
            const int left = sectionViewportPosition(logical);
            const int right =
                sectionViewportPosition(logicalIndex(w)) + sectionSize(logicalIndex(w));
            QStyleOptionHeader opt;
            initStyleOption(&opt);
            opt.rect = QRect(left, 0, right - left, groupHeight());
            opt.section = logical;
            opt.position = QStyleOptionHeader::Middle;
            opt.sortIndicator = QStyleOptionHeader::None;
            style()->drawControl(QStyle::CE_HeaderSection, &opt, &painter, this);
            // The title starts where the group comes into view, so a group scrolled partly out
            // of view still says whose it is.
            QStyleOptionHeader label = opt;
            label.rect = opt.rect.intersected(viewport()->rect()).adjusted(6, 0, -4, 0);
            label.textAlignment = Qt::AlignLeft | Qt::AlignVCenter;
            const QVariant color = model()->headerData(logical, orientation(), m_colorRole);
            int swatch = 0;
            if (color.canConvert<QColor>()) {
                swatch = fontMetrics().height() * 2 / 3;
                QPixmap pixmap(swatch, swatch);
                pixmap.fill(color.value<QColor>());
                label.icon = QIcon(pixmap);
                label.iconAlignment = Qt::AlignVCenter;
            }
            QFont bold = font();
            bold.setBold(true);
            painter.setFont(bold);
            label.fontMetrics = QFontMetrics(bold);
            label.text = label.fontMetrics.elidedText(title, Qt::ElideRight,
                                                      label.rect.width() - swatch - 12);
            style()->drawControl(QStyle::CE_HeaderLabel, &label, &painter, this);
        }
        v = w + 1;
    }
}

} // namespace cipherwatt::gui
