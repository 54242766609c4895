// What goes into a document: its fonts and blocks (document.h); document.cpp lays them out.

#include "chart_style.h"
#include "document.h"

#include <utility>

namespace cipherwatt::report {

QFont reportFont(double points, bool bold)
{
    // The charts' families and size (one list of fonts for the whole report).
    QFont f = chartFont(points, bold);
    // Kerning and hinting tuned for screens make PDF text uneven; print metrics instead.
    f.setHintingPreference(QFont::PreferNoHinting);
    f.setKerning(true);
    return f;
}

Document::Document(QString title, QString subtitle, bool simulated, bool landscape)
    : m_title(std::move(title))
    , m_subtitle(std::move(subtitle))
    , m_simulated(simulated)
    , m_landscape(landscape)
{}

void Document::heading(const QString &text, int level)
{
    m_blocks.emplace_back(Heading{text, level});
}

void Document::paragraph(const QString &text, bool small)
{
    m_blocks.emplace_back(Paragraph{text, small, Tone::Plain, {}});
}

void Document::warning(const QString &text)
{
    m_blocks.emplace_back(Paragraph{text, false, Tone::Alarm, {}});
}

void Document::flag(core::Severity severity, const QString &text)
{
    switch (severity) {
    case core::Severity::Error:
        m_blocks.emplace_back(Paragraph{text, false, Tone::Error, QStringLiteral("Error:")});
        break;
    case core::Severity::Warning:
        m_blocks.emplace_back(Paragraph{text, false, Tone::Warning, QStringLiteral("Warning:")});
        break;
    case core::Severity::Note:
        m_blocks.emplace_back(Paragraph{text, false, Tone::Note, QStringLiteral("Note:")});
        break;
    }
}

void Document::keyValues(const QList<QPair<QString, QString>> &rows)
{
    m_blocks.emplace_back(KeyValues{rows});
}

void Document::table(const Table &table)
{
    m_blocks.emplace_back(table);
}

void Document::chart(const std::function<void(QCustomPlot &)> &build, double heightMm,
                     const QString &caption)
{
    m_blocks.emplace_back(Chart{build, heightMm, caption});
}

void Document::pageBreak()
{
    m_blocks.emplace_back(PageBreak{});
}

} // namespace cipherwatt::report
