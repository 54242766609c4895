#include "measure/readout.h"

#include "measure/live_colors.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>

namespace cipherwatt::gui {

Readout::Readout(const QString &caption, const QString &unit, bool large, QWidget *parent)
    : QFrame(parent)
    , m_caption(new QLabel(caption, this))
    , m_value(new QLabel(QStringLiteral("–"), this))
    , m_unit(new QLabel(unit, this))
    , m_note(new QLabel(this))
    , m_large(large)
{
    m_caption->setObjectName(QStringLiteral("caption"));
    m_value->setObjectName(QStringLiteral("value"));
    m_unit->setObjectName(QStringLiteral("unit"));
    m_note->setObjectName(QStringLiteral("note"));
    setFrameShape(QFrame::StyledPanel);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    m_value->setAlignment(Qt::AlignRight | Qt::AlignBaseline);
    m_value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_unit->setAlignment(Qt::AlignLeft | Qt::AlignBaseline);
    m_note->setWordWrap(true);
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(10, 6, 10, 7);
    grid->setHorizontalSpacing(5);
    grid->setVerticalSpacing(1);
    grid->addWidget(m_caption, 0, 0, 1, 2);
    grid->addWidget(m_value, 1, 0, Qt::AlignRight | Qt::AlignBaseline);
    grid->addWidget(m_unit, 1, 1, Qt::AlignLeft | Qt::AlignBaseline);
    grid->addWidget(m_note, 2, 0, 1, 2);
    grid->setColumnStretch(0, 1);
    applyStyle();
}

void Readout::setCaption(const QString &caption)
{
    m_caption->setText(caption);
}

void Readout::setValue(const QString &value, bool alert)
{
    if (m_value->text() != value)
        m_value->setText(value);
    if (alert != m_alert) {
        m_alert = alert;
        applyStyle();
    }
}

void Readout::setNote(const QString &note)
{
    if (m_note->text() != note)
        m_note->setText(note);
}

QString Readout::caption() const
{
    return m_caption->text();
}

QString Readout::value() const
{
    return m_value->text();
}

QString Readout::unit() const
{
    return m_unit->text();
}

QString Readout::note() const
{
    return m_note->text();
}

void Readout::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (!m_styling &&
        (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange))
        applyStyle();
}

void Readout::applyStyle()
{
    // Setting the labels' fonts and palettes sends change events of our own: ignore them.
    m_styling = true;
    const QPalette pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    const bool dark = base.lightness() < 128;
    const QColor muted = blend(base, text, 0.62);
    const QColor alert = dark ? QColor(0xFF, 0x8A, 0x5C) : QColor(0xC2, 0x41, 0x0C);

    QFont valueFont = font();
    valueFont.setPointSizeF(font().pointSizeF() * (m_large ? 2.6 : 1.6));
    valueFont.setWeight(m_large ? QFont::DemiBold : QFont::Medium);
    m_value->setFont(valueFont);
    // Wide enough for the meter's widest reading, so the panel does not jump as digits change.
    m_value->setMinimumWidth(QFontMetrics(valueFont).horizontalAdvance(QStringLiteral("888.88")));
    QFont unitFont = font();
    unitFont.setPointSizeF(font().pointSizeF() * (m_large ? 1.35 : 1.1));
    m_unit->setFont(unitFont);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.92);
    m_caption->setFont(small);
    m_note->setFont(small);

    QPalette valuePalette = pal;
    valuePalette.setColor(QPalette::WindowText, m_alert ? alert : text);
    m_value->setPalette(valuePalette);
    QPalette unitPalette = pal;
    unitPalette.setColor(QPalette::WindowText, m_alert ? alert : muted);
    m_unit->setPalette(unitPalette);
    QPalette mutedPalette = pal;
    mutedPalette.setColor(QPalette::WindowText, muted);
    m_caption->setPalette(mutedPalette);
    m_note->setPalette(mutedPalette);
    m_styling = false;
}

} // namespace cipherwatt::gui
