#pragma once

// Draws "value ± half-width" cells so that the "±" lines up down a column: the value
// right-aligned before a space as wide as the column's widest interval text, the interval
// after it in a quieter tone. Cells without an interval are drawn as usual.

#include <QHash>
#include <QStyledItemDelegate>

namespace cipherwatt::gui {

class IntervalDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    IntervalDelegate(int valueTextRole, int intervalTextRole, QObject *parent = nullptr);

    // Forgets the measured widths when `model` changes.
    void watch(QAbstractItemModel *model);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int intervalWidth(const QFontMetrics &metrics, const QModelIndex &index) const;

    int m_valueRole;
    int m_intervalRole;
    mutable QHash<int, int> m_widths; // by column
};

} // namespace cipherwatt::gui
