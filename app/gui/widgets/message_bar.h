#pragma once

// A one-message strip above a view's content: an error or warning in words, a busy indicator
// with progress for long work, a result with buttons ("Open", "Open Folder"). Drawn from the
// palette (a tint of the window colour), so it reads in light and dark themes.

#include <QFrame>
#include <QList>

#include <functional>

class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QToolButton;

namespace cipherwatt::gui {

class MessageBar : public QFrame
{
    Q_OBJECT

public:
    enum class Kind { Information, Positive, Warning, Error, Busy };

    explicit MessageBar(QWidget *parent = nullptr);

    // Replaces what the bar shows and makes it visible.
    void showMessage(Kind kind, const QString &text);
    // A busy indicator; `total` 0 means no known end.
    void showBusy(const QString &text, int done = 0, int total = 0);
    // A button after the text, until the next message.
    QPushButton *addButton(const QString &text, const QString &toolTip,
                           const std::function<void()> &action);
    void dismiss();

    Kind kind() const { return m_kind; }
    QString text() const;
    QList<QPushButton *> buttons() const { return m_buttons; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    QColor accent() const;
    void updateIcon();
    void clearButtons();

    Kind m_kind = Kind::Information;
    QLabel *m_icon = nullptr;
    QLabel *m_text = nullptr;
    QProgressBar *m_progress = nullptr;
    QHBoxLayout *m_buttonRow = nullptr;
    QToolButton *m_close = nullptr;
    QList<QPushButton *> m_buttons;
};

} // namespace cipherwatt::gui
