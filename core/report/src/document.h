#pragma once

// Internal: a small page-layout engine for the reports. Content is a list of blocks (headings,
// paragraphs, key/value lists, tables, charts); writePdf() paginates them (tables split between
// rows and repeat their header; a heading stays with the start of what follows it), then paints
// every page with its header and footer, knowing the page count for "page N of M". Numbers in
// table cells never wrap: the table's font gets smaller first, and text columns give up width.

#include <cipherwatt/core/error.h>
#include <cipherwatt/core/flags.h>

#include <QFont>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <variant>
#include <vector>

class QCustomPlot;
class QFontMetricsF;
class QPainter;

namespace cipherwatt::report {

struct Table
{
    QStringList header;
    QList<QStringList> rows;
    QList<double> widths;  // relative column widths
    QList<bool> numeric;   // right-aligned columns
    QList<int> emphasised; // rows drawn in bold (e.g. group headers)
    QStringList groups;    // optional column-group captions above the header, "" to span on
    QList<int> groupSpans; // how many columns each group covers
};

class Document
{
public:
    Document(QString title, QString subtitle, bool simulated, bool landscape = false);

    void heading(const QString &text, int level = 1);
    void paragraph(const QString &text, bool small = false);
    void warning(const QString &text); // emphasised in red (simulated data, how it ended)
    // A flag in its severity's colour, "Error: …", "Warning: …", "Note: …".
    void flag(core::Severity severity, const QString &text);
    void keyValues(const QList<QPair<QString, QString>> &rows);
    void table(const Table &table);
    // A chart `heightMm` tall over the full text width, built by `build` into an off-screen plot.
    void chart(const std::function<void(QCustomPlot &)> &build, double heightMm,
               const QString &caption);
    void pageBreak();

    core::Result<void> writePdf(const QString &path) const;

private:
    struct Heading
    {
        QString text;
        int level;
    };
    enum class Tone : std::uint8_t { Plain, Alarm, Error, Warning, Note };
    struct Paragraph
    {
        QString text;
        bool small;
        Tone tone;
        QString lead; // bold before the text: "Warning:"
    };
    struct KeyValues
    {
        QList<QPair<QString, QString>> rows;
    };
    struct Chart
    {
        std::function<void(QCustomPlot &)> build;
        double heightMm;
        QString caption;
    };
    struct PageBreak
    {
    };
    using Block = std::variant<Heading, Paragraph, KeyValues, Table, Chart, PageBreak>;

    class Layout;

    QString m_title;
    QString m_subtitle;
    bool m_simulated;
    bool m_landscape;
    std::vector<Block> m_blocks;
};

// The report fonts: DejaVu Sans for Latin text with NanumGothic for Hangul (and Noto CJK
// where installed), embedded in the PDF.
QFont reportFont(double points, bool bold = false);

// Table layout (document_table.cpp). Whether `column` holds numbers (right-aligned, never
// wrapped).
bool isNumericColumn(const Table &t, qsizetype column);
// Columns as wide as their content on one line (a header at most `headerWidth` before it wraps
// between words), fitted into `available` with `pad` inside each cell; `fits` is false when the
// numbers cannot all stay whole at these font metrics (`fm` for cells, `bm` for bold ones).
std::vector<double> tableColumnWidths(const Table &t, const QFontMetricsF &fm,
                                      const QFontMetricsF &bm, double pad, double available,
                                      double headerWidth, bool &fits);

} // namespace cipherwatt::report
