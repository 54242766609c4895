#pragma once

// A reading as a meter panel shows it: a caption ("Power P1"), the value in large digits with
// its unit, and a short note under it ("8.503 W above the idle baseline").

#include <QFrame>

class QLabel;

namespace cipherwatt::gui {

class Readout : public QFrame
{
    Q_OBJECT

public:
    // `large`: the reading the operator watches most (power), in bigger digits.
    Readout(const QString &caption, const QString &unit, bool large, QWidget *parent = nullptr);

    void setCaption(const QString &caption);
    // `alert`: the meter reports a problem with this reading (over range, no data).
    void setValue(const QString &value, bool alert = false);
    void setNote(const QString &note);

    QString caption() const;
    QString value() const;
    QString unit() const;
    QString note() const;
    bool alert() const { return m_alert; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyStyle();

    QLabel *m_caption = nullptr;
    QLabel *m_value = nullptr;
    QLabel *m_unit = nullptr;
    QLabel *m_note = nullptr;
    bool m_large = false;
    bool m_alert = false;
    bool m_styling = false;
};

} // namespace cipherwatt::gui
