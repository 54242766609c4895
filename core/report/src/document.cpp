#include "document.h"

#include "chart_style.h"

#include <cipherwatt/core/format.h>
#include <cipherwatt/core/output_file.h>
#include <cipherwatt/report/chart_file.h>

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
constexpr double kMarginMm = 16.0;
const QColor kInk(0x20, 0x24, 0x2a);
const QColor kMuted(0x5f, 0x66, 0x70);
const QColor kRule(0xc8, 0xcd, 0xd3);
const QColor kHeaderFill(0xe9, 0xed, 0xf2);
const QColor kWarningInk(0x9b, 0x1c, 0x1c);
const QColor kWarningFill(0xfd, 0xec, 0xec);
// Flags by severity: red, amber and blue-grey, told apart also by the word before the text.
const QColor kErrorInk(0x9b, 0x1c, 0x1c);
const QColor kErrorFill(0xfd, 0xec, 0xec);
const QColor kCautionInk(0x7a, 0x4b, 0x00);
const QColor kCautionFill(0xfd, 0xf3, 0xdc);
const QColor kNoteInk(0x1f, 0x4a, 0x70);
const QColor kNoteFill(0xea, 0xf1, 0xf8);
// Table fonts from this size down to the smallest, until no number has to wrap.
constexpr double kTablePoints = 7.2;
constexpr double kSmallestTablePoints = 5.8;

double mm(double millimetres)
{
    return millimetres / 25.4 * kDpi;
}

} // namespace

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
        const std::vector<Block> &blocks = m_doc.m_blocks;
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            if (const auto *h = std::get_if<Heading>(&blocks[i]))
                placeHeading(*h, leadHeight(blocks, i + 1));
            else
                std::visit([this](const auto &b) { place(b); }, blocks[i]);
        }
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
        p.drawText(foot, Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("CipherWatt %1 · generated %2")
                       .arg(QStringLiteral(CIPHERWATT_VERSION),
                            core::format::dateTime(QDateTime::currentDateTimeUtc())));
        p.drawText(foot, Qt::AlignRight | Qt::AlignVCenter,
                   QStringLiteral("page %1 of %2").arg(m_pageNumber).arg(m_pageCount));
    }

    QFont headingFont(const Heading &h) const { return reportFont(h.level == 1 ? 14 : 11, true); }
    static double headingSpace(const Heading &h) { return h.level == 1 ? mm(5) : mm(3); }

    // How much of block `i` must follow a heading on its page: the first lines of a paragraph,
    // the first rows of a table or a list, a whole chart, or the next heading and its own lead.
    double leadHeight(const std::vector<Block> &blocks, std::size_t i) const
    {
        if (i >= blocks.size())
            return 0;
        const Block &b = blocks[i];
        if (const auto *h = std::get_if<Heading>(&b))
            return headingSpace(*h) + textHeight(headingFont(*h), m_page.width(), h->text) + mm(2) +
                   leadHeight(blocks, i + 1);
        // A paragraph is never split (place()): all of it must follow its heading.
        if (const auto *p = std::get_if<Paragraph>(&b))
            return paragraphHeight(*p);
        if (const auto *kv = std::get_if<KeyValues>(&b)) {
            double h = 0;
            for (qsizetype r = 0; r < kv->rows.size() && r < 3; ++r)
                h += keyValueHeight(kv->rows[r]) + mm(0.8);
            return h;
        }
        if (const auto *t = std::get_if<Table>(&b)) {
            const TableLayout l = tableLayout(*t);
            double h = l.groupHeight + l.headerHeight;
            for (qsizetype r = 0; r < t->rows.size() && r < 2; ++r)
                h += l.rowHeight(t->rows[r], t->emphasised.contains(static_cast<int>(r)));
            return h;
        }
        if (const auto *c = std::get_if<Chart>(&b))
            return chartHeight(*c);
        return 0;
    }

    void place(const Heading &h) { placeHeading(h, 0); }

    void placeHeading(const Heading &h, double lead)
    {
        const QFont font = headingFont(h);
        const double before = headingSpace(h);
        const double height = textHeight(font, m_page.width(), h.text);
        // A heading never ends a page: what it introduces starts on the same page.
        need(before + height + mm(2) + lead);
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

    struct Look
    {
        QColor ink;
        QColor fill;
    };
    static Look look(Tone tone)
    {
        switch (tone) {
        case Tone::Alarm:
            return {kWarningInk, kWarningFill};
        case Tone::Error:
            return {kErrorInk, kErrorFill};
        case Tone::Warning:
            return {kCautionInk, kCautionFill};
        case Tone::Note:
            return {kNoteInk, kNoteFill};
        case Tone::Plain:
            break;
        }
        return {kInk, Qt::transparent};
    }
    static QFont paragraphFont(const Paragraph &p)
    {
        return reportFont(p.small ? 7.5 : 9, p.tone == Tone::Alarm);
    }
    static double paragraphPad(const Paragraph &p) { return p.tone == Tone::Plain ? 0 : mm(1.5); }
    double leadWidth(const Paragraph &p) const
    {
        return p.lead.isEmpty() ? 0
                                : metrics(reportFont(9, true)).horizontalAdvance(p.lead) + mm(1.5);
    }
    double paragraphHeight(const Paragraph &p) const
    {
        const double pad = paragraphPad(p);
        return textHeight(paragraphFont(p), m_page.width() - 2 * pad - leadWidth(p), p.text) +
               2 * pad;
    }

    void place(const Paragraph &para)
    {
        const QFont font = paragraphFont(para);
        const double pad = paragraphPad(para);
        const double lead = leadWidth(para);
        const double width = m_page.width() - 2 * pad - lead;
        const double height = paragraphHeight(para);
        need(height);
        if (m_painter != nullptr) {
            const Look l = look(para.tone);
            if (para.tone != Tone::Plain)
                m_painter->fillRect(QRectF(m_page.left(), m_y, m_page.width(), height), l.fill);
            if (!para.lead.isEmpty()) {
                // A bar in the severity's ink down the box's edge, and the word first.
                m_painter->fillRect(QRectF(m_page.left(), m_y, mm(0.8), height), l.ink);
                m_painter->setFont(reportFont(9, true));
                m_painter->setPen(l.ink);
                m_painter->drawText(QRectF(m_page.left() + pad, m_y + pad, lead, height - 2 * pad),
                                    Qt::AlignLeft | Qt::AlignTop, para.lead);
            }
            m_painter->setFont(font);
            m_painter->setPen(l.ink);
            m_painter->drawText(
                QRectF(m_page.left() + pad + lead, m_y + pad, width, height - 2 * pad),
                Qt::TextWordWrap | Qt::AlignLeft, para.text);
        }
        m_y += height + mm(1.8);
    }

    double keyWidth() const { return std::min(m_page.width() * 0.24, mm(44)); }
    double keyValueHeight(const QPair<QString, QString> &row) const
    {
        const double valueWidth = m_page.width() - keyWidth() - mm(2);
        return std::max(textHeight(reportFont(8.5, true), keyWidth(), row.first),
                        textHeight(reportFont(8.5), valueWidth, row.second));
    }

    void place(const KeyValues &kv)
    {
        const QFont keyFont = reportFont(8.5, true);
        const QFont valueFont = reportFont(8.5);
        const double keyWidth = this->keyWidth();
        const double valueWidth = m_page.width() - keyWidth - mm(2);
        for (const auto &row : kv.rows) {
            const auto &[key, value] = row;
            const double height = keyValueHeight(row);
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

    struct TableLayout
    {
        const Layout *layout = nullptr;
        const Table *table = nullptr;
        QFont font;
        QFont bold;
        double pad = 0;
        std::vector<double> widths;
        double headerHeight = 0;
        double groupHeight = 0;

        double rowHeight(const QStringList &cells, bool emphasised) const
        {
            const QFont &f = emphasised ? bold : font;
            double h = 0;
            for (qsizetype c = 0; c < cells.size() && c < table->header.size(); ++c) {
                const double w = widths[static_cast<std::size_t>(c)] - 2 * pad;
                h = std::max(h, isNumericColumn(*table, c) ? layout->metrics(f).height()
                                                           : layout->textHeight(f, w, cells[c]));
            }
            return h + 2 * pad;
        }
    };

    // The largest font (from kTablePoints down) at which no number has to wrap.
    TableLayout tableLayout(const Table &t) const
    {
        TableLayout l;
        l.layout = this;
        l.table = &t;
        l.pad = mm(0.9);
        for (double points = kTablePoints;; points -= 0.35) {
            l.font = reportFont(points);
            l.bold = reportFont(points, true);
            bool fits = false;
            l.widths = tableColumnWidths(t, metrics(l.font), metrics(l.bold), l.pad, m_page.width(),
                                         mm(28), fits);
            if (fits || points - 0.35 < kSmallestTablePoints)
                break;
        }
        // Headers wrap between words (they are text); a header row is measured as text.
        const auto textRow = [&](const QStringList &cells) {
            double h = 0;
            for (qsizetype c = 0; c < cells.size() && c < t.header.size(); ++c)
                h = std::max(h,
                             textHeight(l.bold, l.widths[static_cast<std::size_t>(c)] - 2 * l.pad,
                                        cells[c]));
            return h + 2 * l.pad;
        };
        l.headerHeight = textRow(t.header);
        if (!t.groups.isEmpty()) {
            // A group's caption spans its columns.
            double h = 0;
            qsizetype column = 0;
            for (qsizetype g = 0; g < t.groups.size(); ++g) {
                double w = 0;
                const int span = g < t.groupSpans.size() ? t.groupSpans[g] : 1;
                for (int k = 0; k < span && column < t.header.size(); ++k, ++column)
                    w += l.widths[static_cast<std::size_t>(column)];
                h = std::max(h, textHeight(l.bold, w - 2 * l.pad, t.groups[g]));
            }
            l.groupHeight = h + 2 * l.pad;
        }
        return l;
    }

    void place(const Table &t)
    {
        const TableLayout l = tableLayout(t);
        const std::vector<double> &widths = l.widths;
        const double pad = l.pad;
        const auto paintRow = [&](const QStringList &cells, const QFont &f, double h, bool head) {
            if (m_painter == nullptr)
                return;
            double x = m_page.left();
            if (head)
                m_painter->fillRect(QRectF(x, m_y, m_page.width(), h), kHeaderFill);
            m_painter->setFont(f);
            for (qsizetype c = 0; c < cells.size() && c < t.header.size(); ++c) {
                const double w = widths[static_cast<std::size_t>(c)];
                const bool number = !head && isNumericColumn(t, c);
                m_painter->setPen(kInk);
                m_painter->drawText(QRectF(x + pad, m_y + pad, w - 2 * pad, h - 2 * pad),
                                    (number ? Qt::TextSingleLine | Qt::AlignRight
                                            : Qt::TextWordWrap | Qt::AlignLeft) |
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
                m_painter->setFont(l.bold);
                for (qsizetype g = 0; g < t.groups.size(); ++g) {
                    const int span = g < t.groupSpans.size() ? t.groupSpans[g] : 1;
                    double w = 0;
                    for (int k = 0; k < span && column < t.header.size(); ++k, ++column)
                        w += widths[static_cast<std::size_t>(column)];
                    if (!t.groups[g].isEmpty()) {
                        m_painter->setPen(kInk);
                        m_painter->drawText(QRectF(x + pad, m_y, w - 2 * pad, l.groupHeight),
                                            Qt::AlignCenter | Qt::TextWordWrap, t.groups[g]);
                        m_painter->setPen(QPen(kRule, 0.6));
                        m_painter->drawLine(QPointF(x + pad, m_y + l.groupHeight),
                                            QPointF(x + w - pad, m_y + l.groupHeight));
                    }
                    x += w;
                }
            }
            m_y += l.groupHeight;
        };
        double first = 0;
        for (qsizetype r = 0; r < t.rows.size() && r < 2; ++r)
            first += l.rowHeight(t.rows[r], t.emphasised.contains(static_cast<int>(r)));
        need(l.groupHeight + l.headerHeight + first);
        paintGroups();
        paintRow(t.header, l.bold, l.headerHeight, true);
        m_y += l.headerHeight;
        for (qsizetype r = 0; r < t.rows.size(); ++r) {
            const bool emphasised = t.emphasised.contains(static_cast<int>(r));
            const double h = l.rowHeight(t.rows[r], emphasised);
            if (m_y + h > m_bottom) {
                startPage();
                paintGroups();
                paintRow(t.header, l.bold, l.headerHeight, true);
                m_y += l.headerHeight;
            }
            paintRow(t.rows[r], emphasised ? l.bold : l.font, h, false);
            m_y += h;
        }
        m_y += mm(3);
    }

    double chartHeight(const Chart &c) const
    {
        return mm(c.heightMm) +
               (c.caption.isEmpty()
                    ? 0
                    : textHeight(reportFont(7.5), m_page.width(), c.caption) + mm(1));
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
            renderChart(plot, w, h, picture);
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
