#pragma once

// A one-line label that shows as much of its text as fits, ending in "…", and again when its
// width changes; the whole text is its tooltip. It never asks for more width than it gets.

#include <QLabel>

namespace cipherwatt::gui {

class ElidedLabel : public QLabel
{
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    void setFullText(const QString &text);
    const QString &fullText() const { return m_fullText; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void elide();

    QString m_fullText;
};

} // namespace cipherwatt::gui
