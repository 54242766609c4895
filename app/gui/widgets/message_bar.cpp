#include "widgets/message_bar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace cipherwatt::gui {

MessageBar::MessageBar(QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("messageBar"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 6, 6);
    layout->setSpacing(8);
    m_icon = new QLabel(this);
    m_icon->setAlignment(Qt::AlignTop);
    layout->addWidget(m_icon, 0, Qt::AlignVCenter);
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    layout->addWidget(m_text, 1);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(false);
    m_progress->setToolTip(tr("Progress of the work under way"));
    layout->addWidget(m_progress);
    m_buttonRow = new QHBoxLayout;
    m_buttonRow->setSpacing(6);
    layout->addLayout(m_buttonRow);
    m_close = new QToolButton(this);
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setToolTip(tr("Dismiss this message"));
    layout->addWidget(m_close, 0, Qt::AlignTop);
    connect(m_close, &QToolButton::clicked, this, &MessageBar::dismiss);
    hide();
}

void MessageBar::clearButtons()
{
    for (QPushButton *b : std::as_const(m_buttons))
        b->deleteLater();
    m_buttons.clear();
}

void MessageBar::showMessage(Kind kind, const QString &text)
{
    clearButtons();
    m_kind = kind;
    m_text->setText(text);
    m_progress->setVisible(kind == Kind::Busy);
    m_close->setVisible(kind != Kind::Busy);
    updateIcon();
    show();
    update();
}

void MessageBar::showBusy(const QString &text, int done, int total)
{
    showMessage(Kind::Busy, text);
    m_progress->setRange(0, total);
    m_progress->setValue(total > 0 ? done : 0);
}

QPushButton *MessageBar::addButton(const QString &text, const QString &toolTip,
                                   const std::function<void()> &action)
{
    auto *button = new QPushButton(text, this);
    button->setToolTip(toolTip);
    connect(button, &QPushButton::clicked, this, [action] { action(); });
    m_buttonRow->addWidget(button);
    m_buttons << button;
    return button;
}

void MessageBar::dismiss()
{
    clearButtons();
    m_text->clear();
    hide();
}

QString MessageBar::text() const
{
    return m_text->text();
}

QColor MessageBar::accent() const
{
    switch (m_kind) {
    case Kind::Positive:
        return {0x2e, 0x9d, 0x4f};
    case Kind::Warning:
        return {0xe0, 0x95, 0x00};
    case Kind::Error:
        return {0xd9, 0x3b, 0x3b};
    case Kind::Information:
    case Kind::Busy:
        break;
    }
    return palette().color(QPalette::Highlight);
}

void MessageBar::updateIcon()
{
    QStyle::StandardPixmap pixmap = QStyle::SP_MessageBoxInformation;
    if (m_kind == Kind::Warning)
        pixmap = QStyle::SP_MessageBoxWarning;
    else if (m_kind == Kind::Error)
        pixmap = QStyle::SP_MessageBoxCritical;
    else if (m_kind == Kind::Positive)
        pixmap = QStyle::SP_DialogApplyButton;
    else if (m_kind == Kind::Busy)
        pixmap = QStyle::SP_BrowserReload;
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_icon->setPixmap(style()->standardIcon(pixmap, nullptr, this).pixmap(size, size));
}

void MessageBar::paintEvent(QPaintEvent *event)
{
    Q_UNUSED(event)
    // A tint of the accent over the window colour keeps the palette's text readable on it.
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor window = palette().color(QPalette::Window);
    const QColor a = accent();
    const auto channel = [](float x, float y) {
        constexpr double mix = 0.16;
        return static_cast<float>(static_cast<double>(x) * (1 - mix) +
                                  static_cast<double>(y) * mix);
    };
    const QColor tint =
        QColor::fromRgbF(channel(window.redF(), a.redF()), channel(window.greenF(), a.greenF()),
                         channel(window.blueF(), a.blueF()));
    const QRectF r = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    painter.setPen(QPen(a, 1));
    painter.setBrush(tint);
    painter.drawRoundedRect(r, 4, 4);
    painter.setPen(Qt::NoPen);
    painter.setBrush(a);
    painter.drawRoundedRect(QRectF(r.left(), r.top(), 4, r.height()), 2, 2);
}

void MessageBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updateIcon();
    QFrame::changeEvent(event);
}

} // namespace cipherwatt::gui
