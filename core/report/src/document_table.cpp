// How a table's columns share the page's width (document.h).

#include "document.h"

#include <QFontMetricsF>
#include <QRegularExpression>

#include <algorithm>

namespace cipherwatt::report {

bool isNumericColumn(const Table &t, qsizetype column)
{
    return column < t.numeric.size() && t.numeric[column];
}

// Columns as wide as their content on one line; when that is too wide for the page, the
// text columns give up width in proportion to what wrapping saves them (never below their
// longest word). Numbers never wrap: `fits` is false when they cannot all stay whole.
std::vector<double> tableColumnWidths(const Table &t, const QFontMetricsF &fm,
                                      const QFontMetricsF &bm, double pad, double available,
                                      double headerWidth, bool &fits)
{
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
        w = std::max(l, std::min(bm.horizontalAdvance(t.header[c]), headerWidth));
        for (qsizetype r = 0; r < t.rows.size(); ++r) {
            const QStringList &row = t.rows[r];
            if (c >= row.size())
                continue;
            const QFontMetricsF &m = t.emphasised.contains(static_cast<int>(r)) ? bm : fm;
            const double whole = m.horizontalAdvance(row[c]);
            w = std::max(w, whole);
            l = std::max(l, isNumericColumn(t, c) ? whole : longestWord(m, row[c]));
        }
        w += 2 * pad;
        l += 2 * pad;
    }
    double total = 0;
    double slack = 0;
    double leastTotal = 0;
    for (std::size_t c = 0; c < want.size(); ++c) {
        total += want[c];
        slack += want[c] - least[c];
        leastTotal += least[c];
    }
    fits = leastTotal <= available;
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
    for (std::size_t c = 0; c < widths.size(); ++c)
        widths[c] = least[c] * available / leastTotal;
    return widths;
}

} // namespace cipherwatt::report
