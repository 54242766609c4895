#include "widgets/interval_delegate.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QPainter>

namespace cipherwatt::gui {

namespace {

constexpr int kMargin = 6; // inside the cell, each side

} // namespace

IntervalDelegate::IntervalDelegate(int valueTextRole, int intervalTextRole, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_valueRole(valueTextRole)
    , m_intervalRole(intervalTextRole)
{}

void IntervalDelegate::watch(QAbstractItemModel *model)
{
    const auto forget = [this] { m_widths.clear(); };
    connect(model, &QAbstractItemModel::modelReset, this, forget);
    connect(model, &QAbstractItemModel::layoutChanged, this, forget);
    connect(model, &QAbstractItemModel::dataChanged, this, forget);
    connect(model, &QAbstractItemModel::rowsInserted, this, forget);
    connect(model, &QAbstractItemModel::rowsRemoved, this, forget);
}

int IntervalDelegate::intervalWidth(const QFontMetrics &metrics, const QModelIndex &index) const
{
    const auto it = m_widths.constFind(index.column());
    if (it != m_widths.constEnd())
        return *it;
    int widest = 0;
    const QAbstractItemModel *model = index.model();
    for (int row = 0; row < model->rowCount(index.parent()); ++row) {
        const QString text =
            model->index(row, index.column(), index.parent()).data(m_intervalRole).toString();
        widest = std::max(widest, metrics.horizontalAdvance(text));
    }
    m_widths.insert(index.column(), widest);
    return widest;
}

void IntervalDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                             const QModelIndex &index) const
{
    const QString interval = index.data(m_intervalRole).toString();
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const QFontMetrics metrics(opt.font);
    const int reserve = intervalWidth(metrics, index);
    if (reserve == 0) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const QString value = index.data(m_valueRole).toString();
    opt.text.clear();
    const QWidget *widget = opt.widget;
    QStyle *style = widget != nullptr ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    QRect text = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget);
    text.adjust(kMargin, 0, -kMargin, 0);
    const int gap = metrics.horizontalAdvance(QLatin1Char(' '));
    const QRect intervalRect(text.right() - reserve + 1, text.top(), reserve, text.height());
    const QRect valueRect(text.left(), text.top(), text.width() - reserve - gap, text.height());
    const bool selected = (opt.state & QStyle::State_Selected) != 0;
    const QPalette::ColorGroup group = (opt.state & QStyle::State_Enabled) == 0 ? QPalette::Disabled
                                       : (opt.state & QStyle::State_Active) != 0
                                           ? QPalette::Active
                                           : QPalette::Inactive;
    QColor color = opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
    painter->save();
    painter->setFont(opt.font);
    painter->setPen(color);
    painter->drawText(valueRect, Qt::AlignRight | Qt::AlignVCenter,
                      metrics.elidedText(value, Qt::ElideLeft, valueRect.width()));
    // The interval a step quieter than the value, in the palette's own text colour.
    color.setAlphaF(selected ? 0.85F : 0.62F);
    painter->setPen(color);
    painter->drawText(intervalRect, Qt::AlignLeft | Qt::AlignVCenter, interval);
    painter->restore();
}

QSize IntervalDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const QFontMetrics metrics(opt.font);
    const int reserve = intervalWidth(metrics, index);
    if (reserve == 0)
        return size;
    int width = metrics.horizontalAdvance(index.data(m_valueRole).toString()) +
                metrics.horizontalAdvance(QLatin1Char(' ')) + reserve + 2 * kMargin + 8;
    if (opt.features.testFlag(QStyleOptionViewItem::HasDecoration))
        width += opt.decorationSize.width() + 4;
    size.setWidth(width);
    return size;
}

} // namespace cipherwatt::gui
