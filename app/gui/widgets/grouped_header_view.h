#pragma once

// A horizontal header with a second row above the column titles: columns whose model header
// data has the same GroupRole text in a row are spanned by one group title (with a colour
// swatch from GroupColorRole). Columns without a group use the full height.

#include <QHeaderView>

namespace cipherwatt::gui {

class GroupedHeaderView : public QHeaderView
{
    Q_OBJECT

public:
    GroupedHeaderView(int groupRole, int colorRole, QWidget *parent = nullptr);

protected:
    QSize sectionSizeFromContents(int logicalIndex) const override;
    void paintSection(QPainter *painter, const QRect &rect, int logicalIndex) const override;
    void paintEvent(QPaintEvent *event) override;

private:
    QString group(int logicalIndex) const;
    int groupHeight() const;

    int m_groupRole;
    int m_colorRole;
};

} // namespace cipherwatt::gui
