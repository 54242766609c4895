#include "document.h"

#include <cipherwatt/core/output_file.h>

#include <QDateTime>
#include <QFontMetricsF>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QPicture>
#include <QRegularExpression>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace cipherwatt::report {

namespace {

// The logical unit of the pages: 96 per inch, as QPicture (which records the charts) uses.
constexpr int kDpi = 96;
constexpr double kMarginMm = 16.0;
const QColor kInk(0x20, 0x24, 0x2a);
const QColor kMuted(0x5f, 0x66, 0x70);
const QColor kRule(0xc8, 0xcd, 0xd3);
const QColor kHeaderFill(0xe9, 0xed, 0xf2);
const QColor kWarningInk(0x9b, 0x1c, 0x1c);
const QColor kWarningFill(0xfd, 0xec, 0xec);

double mm(double millimetres)
{
    return millimetres / 25.4 * kDpi;
}

} // namespace

QFont reportFont(double points, bool bold)
{
    QFont f;
    f.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("NanumGothic"),
                   QStringLiteral("Noto Sans CJK KR")});
    f.setPointSizeF(points);
    f.setBold(bold);
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
    m_blocks.emplace_back(Paragraph{text, small, false});
}

void Document::warning(const QString &text)
{
    m_blocks.emplace_back(Paragraph{text, false, true});
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

// Walks the blocks twice: once without a painter to count pages, once painting. Both passes
// take the same decisions, so "page N of M" is right.
class Document::Layout
{
public:
    Layout(const Document &doc, QPaintDevice &device, QRectF page)
        : m_doc(doc)
        , m_device(device)
        , m_page(page)
    {
        m_top = m_page.top() + headerHeight();
        m_bottom = m_page.bottom() - mm(9);
    }

    int run(QPainter *painter, int pageCount)
    {
        m_painter = painter;
        m_pageCount = pageCount;
        m_pageNumber = 0;
        startPage();
        for (const Block &block : m_doc.m_blocks)
            std::visit([this](const auto &b) { place(b); }, block);
        return m_pageNumber;
    }

private:
    double headerHeight() const { return mm(m_doc.m_simulated ? 17 : 10); }

    QFontMetricsF metrics(const QFont &font) const { return QFontMetricsF(font, &m_device); }

    double textHeight(const QFont &font, double width, const QString &text) const
    {
        return metrics(font)
            .boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap | Qt::AlignLeft, text)
            .height();
    }

    void startPage()
    {
        if (m_pageNumber > 0 && m_painter != nullptr)
            static_cast<QPdfWriter &>(m_device).newPage();
        ++m_pageNumber;
        m_y = m_top;
        if (m_painter != nullptr)
            paintFrame();
    }

    void need(double height)
    {
        if (m_y + height > m_bottom && m_y > m_top)
            startPage();
    }

    void paintFrame()
    {
        QPainter &p = *m_painter;
        const QFont small = reportFont(7.5);
        p.setFont(small);
        p.setPen(kMuted);
        const QRectF head(m_page.left(), m_page.top(), m_page.width(), mm(5));
        QString title = m_doc.m_title;
        title.replace(QLatin1Char('\n'), QLatin1Char(' '));
        p.drawText(head, Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(small, &m_device)
                       .elidedText(QStringLiteral("CipherWatt — ") + title, Qt::ElideRight,
                                   m_page.width() * 0.7));
        p.drawText(head, Qt::AlignRight | Qt::AlignVCenter, m_doc.m_subtitle);
        p.setPen(QPen(kRule, 0.8));
        p.drawLine(QPointF(m_page.left(), head.bottom() + 2),
                   QPointF(m_page.right(), head.bottom() + 2));
        if (m_doc.m_simulated) {
            const QRectF banner(m_page.left(), head.bottom() + mm(2), m_page.width(), mm(6));
            p.fillRect(banner, kWarningFill);
            p.setPen(kWarningInk);
            p.setFont(reportFont(7.5, true));
            p.drawText(banner, Qt::AlignCenter,
                       QStringLiteral("SIMULATED METER — modelled power values, not measurements"));
        }
        const QRectF foot(m_page.left(), m_page.bottom() - mm(5), m_page.width(), mm(5));
        p.setFont(small);
        p.setPen(kMuted);
        p.drawText(
            foot, Qt::AlignLeft | Qt::AlignVCenter,
            QStringLiteral("CipherWatt %1 · generated %2 UTC")
                .arg(QStringLiteral(CIPHERWATT_VERSION),
                     QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
        p.drawText(foot, Qt::AlignRight | Qt::AlignVCenter,
                   QStringLiteral("page %1 of %2").arg(m_pageNumber).arg(m_pageCount));
    }

    void place(const Heading &h)
    {
        const QFont font = reportFont(h.level == 1 ? 14 : 11, true);
        const double before = h.level == 1 ? mm(5) : mm(3);
        const double height = textHeight(font, m_page.width(), h.text);
        // A heading never ends a page: keep room for a few lines after it.
        need(before + height + mm(14));
        if (m_y > m_top)
            m_y += before;
        if (m_painter != nullptr) {
            m_painter->setFont(font);
            m_painter->setPen(kInk);
            m_painter->drawText(QRectF(m_page.left(), m_y, m_page.width(), height),
                                Qt::TextWordWrap | Qt::AlignLeft, h.text);
            if (h.level == 1) {
                m_painter->setPen(QPen(kRule, 0.8));
                m_painter->drawLine(QPointF(m_page.left(), m_y + height + 1),
                                    QPointF(m_page.right(), m_y + height + 1));
            }
        }
        m_y += height + mm(2);
    }

    void place(const Paragraph &para)
    {
        const QFont font = reportFont(para.small ? 7.5 : 9, para.warning);
        const double pad = para.warning ? mm(1.5) : 0;
        const double width = m_page.width() - 2 * pad;
        const double height = textHeight(font, width, para.text) + 2 * pad;
        need(height);
        if (m_painter != nullptr) {
            if (para.warning)
                m_painter->fillRect(QRectF(m_page.left(), m_y, m_page.width(), height),
                                    kWarningFill);
            m_painter->setFont(font);
            m_painter->setPen(para.warning ? kWarningInk : kInk);
            m_painter->drawText(QRectF(m_page.left() + pad, m_y + pad, width, height - 2 * pad),
                                Qt::TextWordWrap | Qt::AlignLeft, para.text);
        }
        m_y += height + mm(1.8);
    }

    void place(const KeyValues &kv)
    {
        const QFont keyFont = reportFont(8.5, true);
        const QFont valueFont = reportFont(8.5);
        const double keyWidth = m_page.width() * 0.24;
        const double valueWidth = m_page.width() - keyWidth - mm(2);
        for (const auto &[key, value] : kv.rows) {
            const double height = std::max(textHeight(keyFont, keyWidth, key),
                                           textHeight(valueFont, valueWidth, value));
            need(height);
            if (m_painter != nullptr) {
                m_painter->setFont(keyFont);
                m_painter->setPen(kMuted);
                m_painter->drawText(QRectF(m_page.left(), m_y, keyWidth, height),
                                    Qt::TextWordWrap | Qt::AlignLeft, key);
                m_painter->setFont(valueFont);
                m_painter->setPen(kInk);
                m_painter->drawText(
                    QRectF(m_page.left() + keyWidth + mm(2), m_y, valueWidth, height),
                    Qt::TextWordWrap | Qt::AlignLeft, value);
            }
            m_y += height + mm(0.8);
        }
        m_y += mm(1.5);
    }

    // Columns as wide as their content on one line; when that is too wide for the page, the
    // columns that can wrap give up width in proportion to what wrapping saves them (never below
    // their longest word), and only then do all shrink.
    std::vector<double> columnWidths(const Table &t, const QFont &font, const QFont &bold,
                                     double pad) const
    {
        const QFontMetricsF fm = metrics(font);
        const QFontMetricsF bm = metrics(bold);
        const auto longestWord = [](const QFontMetricsF &m, const QString &text) {
            double w = 0;
            for (const QString &word :
                 text.split(QRegularExpression(QStringLiteral("[\\s/]+")), Qt::SkipEmptyParts))
                w = std::max(w, m.horizontalAdvance(word));
            return w;
        };
        const qsizetype n = t.header.size();
        std::vector<double> want(static_cast<std::size_t>(n), 0.0);
        std::vector<double> least(static_cast<std::size_t>(n), 0.0);
        for (qsizetype c = 0; c < n; ++c) {
            auto &w = want[static_cast<std::size_t>(c)];
            auto &l = least[static_cast<std::size_t>(c)];
            l = longestWord(bm, t.header[c]);
            w = std::max(l, std::min(bm.horizontalAdvance(t.header[c]), mm(28)));
            for (const QStringList &row : t.rows) {
                if (c >= row.size())
                    continue;
                w = std::max(w, fm.horizontalAdvance(row[c]));
                l = std::max(l, longestWord(fm, row[c]));
            }
            w += 2 * pad;
            l += 2 * pad;
        }
        const double available = m_page.width();
        double total = 0;
        double slack = 0;
        for (qsizetype c = 0; c < n; ++c) {
            total += want[static_cast<std::size_t>(c)];
            slack += want[static_cast<std::size_t>(c)] - least[static_cast<std::size_t>(c)];
        }
        std::vector<double> widths = want;
        if (total <= available) {
            // Spread what is left over the columns in proportion to their width.
            for (double &w : widths)
                w += (available - total) * w / total;
            return widths;
        }
        const double excess = total - available;
        if (slack >= excess) {
            for (std::size_t c = 0; c < widths.size(); ++c)
                widths[c] -= excess * (want[c] - least[c]) / slack;
            return widths;
        }
        double leastTotal = 0;
        for (const double l : least)
            leastTotal += l;
        for (std::size_t c = 0; c < widths.size(); ++c)
            widths[c] = least[c] * available / leastTotal;
        return widths;
    }

    void place(const Table &t)
    {
        const QFont font = reportFont(7.2);
        const QFont bold = reportFont(7.2, true);
        const double pad = mm(0.9);
        const std::vector<double> widths = columnWidths(t, font, bold, pad);
        const auto rowHeight = [&](const QStringList &cells, const QFont &f) {
            double h = 0;
            for (qsizetype c = 0; c < cells.size() && c < t.header.size(); ++c)
                h = std::max(
                    h, textHeight(f, widths[static_cast<std::size_t>(c)] - 2 * pad, cells[c]));
            return h + 2 * pad;
        };
        const double headerHeight = rowHeight(t.header, bold);
        const double groupHeight = t.groups.isEmpty() ? 0 : rowHeight(t.groups, bold);
        const auto paintRow = [&](const QStringList &cells, const QFont &f, double h, bool head) {
            if (m_painter == nullptr)
                return;
            double x = m_page.left();
            if (head)
                m_painter->fillRect(QRectF(x, m_y, m_page.width(), h), kHeaderFill);
            m_painter->setFont(f);
            for (qsizetype c = 0; c < cells.size() && c < t.header.size(); ++c) {
                const double w = widths[static_cast<std::size_t>(c)];
                const bool right = !head && c < t.numeric.size() && t.numeric[c];
                m_painter->setPen(kInk);
                m_painter->drawText(QRectF(x + pad, m_y + pad, w - 2 * pad, h - 2 * pad),
                                    Qt::TextWordWrap | (right ? Qt::AlignRight : Qt::AlignLeft) |
                                        Qt::AlignVCenter,
                                    cells[c]);
                x += w;
            }
            m_painter->setPen(QPen(kRule, 0.6));
            m_painter->drawLine(QPointF(m_page.left(), m_y + h), QPointF(m_page.right(), m_y + h));
        };
        const auto paintGroups = [&]() {
            if (t.groups.isEmpty())
                return;
            if (m_painter != nullptr) {
                double x = m_page.left();
                qsizetype column = 0;
                m_painter->setFont(bold);
                for (qsizetype g = 0; g < t.groups.size(); ++g) {
                    const int span = g < t.groupSpans.size() ? t.groupSpans[g] : 1;
                    double w = 0;
                    for (int k = 0; k < span && column < t.header.size(); ++k, ++column)
                        w += widths[static_cast<std::size_t>(column)];
                    if (!t.groups[g].isEmpty()) {
                        m_painter->setPen(kInk);
                        m_painter->drawText(QRectF(x + pad, m_y, w - 2 * pad, groupHeight),
                                            Qt::AlignCenter | Qt::TextWordWrap, t.groups[g]);
                        m_painter->setPen(QPen(kRule, 0.6));
                        m_painter->drawLine(QPointF(x + pad, m_y + groupHeight),
                                            QPointF(x + w - pad, m_y + groupHeight));
                    }
                    x += w;
                }
            }
            m_y += groupHeight;
        };
        need(groupHeight + headerHeight + mm(8));
        paintGroups();
        paintRow(t.header, bold, headerHeight, true);
        m_y += headerHeight;
        for (qsizetype r = 0; r < t.rows.size(); ++r) {
            const QFont &f = t.emphasised.contains(static_cast<int>(r)) ? bold : font;
            const double h = rowHeight(t.rows[r], f);
            if (m_y + h > m_bottom) {
                startPage();
                paintGroups();
                paintRow(t.header, bold, headerHeight, true);
                m_y += headerHeight;
            }
            paintRow(t.rows[r], f, h, false);
            m_y += h;
        }
        m_y += mm(3);
    }

    void place(const Chart &c)
    {
        const double height = mm(c.heightMm);
        const QFont captionFont = reportFont(7.5);
        const double captionHeight =
            c.caption.isEmpty() ? 0 : textHeight(captionFont, m_page.width(), c.caption) + mm(1);
        need(height + captionHeight);
        if (m_painter != nullptr) {
            const int w = static_cast<int>(m_page.width());
            const int h = static_cast<int>(height);
            QCustomPlot plot;
            plot.resize(w, h);
            c.build(plot);
            QPicture picture;
            {
                QCPPainter qcp(&picture);
                plot.toPainter(&qcp, w, h);
            }
            // QPicture records at its own resolution; the pages are kDpi.
            const double scale = static_cast<double>(kDpi) / picture.logicalDpiX();
            m_painter->save();
            m_painter->translate(m_page.left(), m_y);
            m_painter->scale(scale, scale);
            m_painter->drawPicture(QPointF(0, 0), picture);
            m_painter->restore();
            if (!c.caption.isEmpty()) {
                m_painter->setFont(captionFont);
                m_painter->setPen(kMuted);
                m_painter->drawText(
                    QRectF(m_page.left(), m_y + height + mm(1), m_page.width(), captionHeight),
                    Qt::TextWordWrap | Qt::AlignLeft, c.caption);
            }
        }
        m_y += height + captionHeight + mm(3);
    }

    void place(const PageBreak &)
    {
        if (m_y > m_top)
            startPage();
    }

    const Document &m_doc;
    QPaintDevice &m_device;
    QRectF m_page;
    QPainter *m_painter = nullptr;
    double m_top = 0;
    double m_bottom = 0;
    double m_y = 0;
    int m_pageNumber = 0;
    int m_pageCount = 0;
};

core::Result<void> Document::writePdf(const QString &path) const
{
    // Whole or not at all; a pipe or a device written through (output_file.h).
    core::OutputFile file(path);
    if (auto opened = file.open(); !opened)
        return opened;
    {
        QPdfWriter writer(&file.device());
        writer.setResolution(kDpi);
        writer.setPageLayout(QPageLayout(
            QPageSize(QPageSize::A4), m_landscape ? QPageLayout::Landscape : QPageLayout::Portrait,
            QMarginsF(kMarginMm, kMarginMm * 0.75, kMarginMm, kMarginMm * 0.75),
            QPageLayout::Millimeter));
        writer.setTitle(QStringLiteral("CipherWatt — ") + m_title);
        writer.setCreator(QStringLiteral("CipherWatt %1").arg(QStringLiteral(CIPHERWATT_VERSION)));
        const QRectF page(QPointF(0, 0), writer.pageLayout().paintRectPixels(kDpi).size());
        Layout dryRun(*this, writer, page);
        const int pages = dryRun.run(nullptr, 0);
        QPainter painter;
        if (!painter.begin(&writer))
            return core::Error{core::ErrorCode::Io,
                               core::Message::plain(QStringLiteral("cannot write %1: the PDF "
                                                                   "painter would not start")
                                                        .arg(path))};
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        Layout layout(*this, writer, page);
        layout.run(&painter, pages);
        painter.end();
    }
    return file.commit();
}

} // namespace cipherwatt::report
