// The compare view on real sessions: the table against the analysis' own rows, the bar charts
// and overlaid traces drawn by the report's chart functions, the reference session, exports,
// the state with fewer than two sessions, and screenshots in light and dark palettes.

#include "gui_test_support.h"

#include <cipherwatt/core/csv.h>
#include <cipherwatt/core/results.h>

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

#include <cmath>
#include <compare/compare_view.h>
#include <compare/comparison_model.h>
#include <library/session_list_model.h>
#include <session_helpers.h>
#include <widgets/message_bar.h>

using namespace cipherwatt;
using namespace cipherwatt::core;
using namespace cipherwatt::test::gui;
using cipherwatt::gui::CompareView;
using cipherwatt::gui::ComparisonModel;
using cipherwatt::gui::MessageBar;
using cipherwatt::test::TempDir;
using Measure = ComparisonModel::Measure;

namespace {

struct Fixture
{
    TempDir dir;
    SessionIds ids;
    QString db;
    CompareView view;

    explicit Fixture(bool reversed = false)
    {
        db = copyDatabase(dir, &ids);
        view.setDatabase(db);
        QSignalSpy loaded(&view, &CompareView::comparisonLoaded);
        view.setSessions(reversed ? QList<qint64>{ids.second, ids.odd}
                                  : QList<qint64>{ids.odd, ids.second});
        REQUIRE(waitUntil([&] { return !loaded.isEmpty(); }));
        REQUIRE(view.isLoaded());
    }
};

QVariant value(const ComparisonModel &model, int row, Measure measure, int session,
               int role = ComparisonModel::ValueRole)
{
    const int column = model.column(measure, session);
    REQUIRE(column >= 0);
    return model.index(row, column).data(role);
}

int findRow(const ComparisonModel &model, const QString &cipher, const QString &operation)
{
    for (int row = 0; row < model.rowCount(); ++row) {
        const ResultKey &key = model.rows().at(static_cast<std::size_t>(row)).key;
        if (key.cipher == cipher && key.operation == operation)
            return row;
    }
    return -1;
}

const ResultRow *resultOf(const std::vector<ResultRow> &rows, const ResultKey &key)
{
    for (const ResultRow &r : rows) {
        if (r.key == key)
            return &r;
    }
    return nullptr;
}

QList<QCPBars *> bars(QCustomPlot &plot)
{
    QList<QCPBars *> out;
    for (int i = 0; i < plot.plottableCount(); ++i) {
        if (auto *b = qobject_cast<QCPBars *>(plot.plottable(i)))
            out << b;
    }
    return out;
}

int ticks(QCustomPlot &plot)
{
    auto ticker = plot.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    REQUIRE(ticker);
    return static_cast<int>(ticker->ticks().size());
}

} // namespace

TEST_CASE("compare: the table has a row per result with both sessions' values and the "
          "differences",
          "[gui][compare]")
{
    Fixture f;
    const ComparisonModel &model = *f.view.comparisonModel();
    const SessionData odd = cipherwatt::test::loadSession(f.db, f.ids.odd);
    const SessionData second = cipherwatt::test::loadSession(f.db, f.ids.second);
    const std::vector<ResultRow> oddRows = resultRows(odd);
    const std::vector<ResultRow> secondRows = resultRows(second);

    REQUIRE(model.sessionCount() == 2);
    // The keys of both plans: AES encrypt and decrypt in both, LEA only in the first, ChaCha20
    // only in the second.
    REQUIRE(model.rowCount() == 4);
    CHECK(findRow(model, "aes-128-xts", "encrypt") >= 0);
    CHECK(findRow(model, "aes-128-xts", "decrypt") >= 0);
    CHECK(findRow(model, "lea-128-xts", "encrypt") >= 0);
    CHECK(findRow(model, "chacha20", "encrypt") >= 0);
    // 4 key columns, 3 for #1, 3 + 4 differences for #2.
    CHECK(model.columnCount() == 14);
    CHECK(model.headerData(model.column(Measure::NetPower, 0), Qt::Horizontal).toString() ==
          "Net Power\n[W]");
    CHECK(model.headerData(model.column(Measure::Cipher), Qt::Horizontal).toString() == "Cipher");
    CHECK(model
              .headerData(model.column(Measure::NetPower, 1), Qt::Horizontal,
                          ComparisonModel::GroupRole)
              .toString()
              .startsWith(QStringLiteral("S%1 second session").arg(f.ids.second)));
    CHECK(model.headerData(model.column(Measure::NetPower, 1), Qt::Horizontal, Qt::ToolTipRole)
              .toString()
              .contains("simulated meter"));
    CHECK(model.column(Measure::PowerDifference, 0) == -1); // #1 has no difference from itself

    for (int row = 0; row < model.rowCount(); ++row) {
        const ResultKey key = model.rows().at(static_cast<std::size_t>(row)).key;
        INFO(key.label().toStdString());
        CHECK(model.index(row, model.column(Measure::Cipher)).data().toString() == key.cipher);
        CHECK(model.index(row, model.column(Measure::Backend)).data().toString() == key.backend);
        CHECK(model.index(row, model.column(Measure::Buffer)).data(ComparisonModel::ValueRole) ==
              QVariant(qint64{4096}));
        const ResultRow *rows[] = {resultOf(oddRows, key), resultOf(secondRows, key)};
        for (int s = 0; s < 2; ++s) {
            const ResultRow *r = rows[s];
            if (r == nullptr) {
                CHECK_FALSE(value(model, row, Measure::NetPower, s).isValid());
                CHECK(value(model, row, Measure::EnergyPerByte, s, Qt::DisplayRole) == "–");
                continue;
            }
            REQUIRE(r->measured == 1);
            CHECK(value(model, row, Measure::NetPower, s).toDouble() == r->netWatts.value);
            CHECK(value(model, row, Measure::NetPower, s, ComparisonModel::LowRole).toDouble() ==
                  r->netWatts.low);
            CHECK(value(model, row, Measure::NetPower, s, ComparisonModel::HighRole).toDouble() ==
                  r->netWatts.high);
            // Values in the base units (J/B, B/s); the display picks the column's prefix.
            CHECK(value(model, row, Measure::EnergyPerByte, s).toDouble() ==
                  Approx(r->energyPerByteNj.value * 1e-9));
            CHECK(value(model, row, Measure::EnergyPerByte, s, ComparisonModel::HighRole)
                      .toDouble() == Approx(r->energyPerByteNj.high * 1e-9));
            CHECK(value(model, row, Measure::Throughput, s).toDouble() ==
                  Approx(r->throughputBytesPerSecond));
            // Shown with its interval: "8.506 ± 0.049".
            const QString shown =
                value(model, row, Measure::NetPower, s, Qt::DisplayRole).toString();
            CHECK(shown.contains(" ± "));
            const double half = (r->netWatts.high - r->netWatts.low) / 2;
            const int decimals =
                std::clamp(1 - static_cast<int>(std::floor(std::log10(half))), 0, 8);
            CHECK(shown == QStringLiteral("%1 ± %2").arg(
                               QLocale().toString(r->netWatts.value, 'f', decimals),
                               QLocale().toString(half, 'f', decimals)));
        }
        // Differences from #1, computed here by hand (one run each: the mean is the run's
        // value), and the ratio; each with its 95 % interval, marked when not significant.
        if (rows[0] != nullptr && rows[1] != nullptr) {
            const double dp = rows[1]->netWatts.value - rows[0]->netWatts.value;
            const double de = rows[1]->energyPerByteNj.value - rows[0]->energyPerByteNj.value;
            CHECK(value(model, row, Measure::PowerDifference, 1).toDouble() == Approx(dp));
            CHECK(value(model, row, Measure::PowerRatio, 1).toDouble() ==
                  Approx(rows[1]->netWatts.value / rows[0]->netWatts.value));
            CHECK(value(model, row, Measure::EnergyDifference, 1).toDouble() == Approx(de * 1e-9));
            CHECK(value(model, row, Measure::EnergyRatio, 1).toDouble() ==
                  Approx(rows[1]->energyPerByteNj.value / rows[0]->energyPerByteNj.value));
            // The difference's interval is at least as wide as the wider of the two values'
            // own (the meter's gain is the only term they share, and it is small).
            const double low =
                value(model, row, Measure::PowerDifference, 1, ComparisonModel::LowRole).toDouble();
            const double high =
                value(model, row, Measure::PowerDifference, 1, ComparisonModel::HighRole)
                    .toDouble();
            CHECK(high - low >= std::max(rows[0]->netWatts.high - rows[0]->netWatts.low,
                                         rows[1]->netWatts.high - rows[1]->netWatts.low));
            const QString shown =
                value(model, row, Measure::PowerDifference, 1, Qt::DisplayRole).toString();
            CHECK(shown.contains(" to "));
            const double ratioLow =
                value(model, row, Measure::PowerRatio, 1, ComparisonModel::LowRole).toDouble();
            const double ratioHigh =
                value(model, row, Measure::PowerRatio, 1, ComparisonModel::HighRole).toDouble();
            CHECK(shown.contains("not significant") ==
                  ((low <= 0 && high >= 0) || (ratioLow <= 1 && ratioHigh >= 1)));
        } else {
            CHECK_FALSE(value(model, row, Measure::PowerDifference, 1).isValid());
            CHECK(value(model, row, Measure::EnergyRatio, 1, Qt::DisplayRole) == "–");
        }
    }
}

TEST_CASE("compare: the bar charts have a bar per session and cipher, the traces one line per "
          "session",
          "[gui][compare]")
{
    Fixture f;
    QCustomPlot *plot = f.view.barChart();
    // Encryption: AES and LEA in #1, AES and ChaCha20 in #2, three groups.
    QList<QCPBars *> b = bars(*plot);
    REQUIRE(b.size() == 2);
    CHECK(b.at(0)->data()->size() == 2);
    CHECK(b.at(1)->data()->size() == 2);
    CHECK(ticks(*plot) == 3);
    CHECK(b.at(0)->brush().color() == report::seriesColor(0));
    CHECK(b.at(1)->brush().color() == report::seriesColor(1));

    // Decryption: AES only, in both.
    f.view.setBarOperation(report::BarOperation::Decrypt);
    plot = f.view.barChart();
    b = bars(*plot);
    REQUIRE(b.size() == 2);
    CHECK(b.at(0)->data()->size() == 1);
    CHECK(b.at(1)->data()->size() == 1);
    CHECK(ticks(*plot) == 1);

    // Total: only AES has both operations.
    f.view.setBarOperation(report::BarOperation::Total);
    f.view.setBarMeasure(report::BarMeasure::NetPower);
    plot = f.view.barChart();
    b = bars(*plot);
    REQUIRE(b.size() == 2);
    CHECK(b.at(0)->data()->size() == 1);
    CHECK(b.at(1)->data()->size() == 1);
    CHECK(plot->yAxis->label().contains("net power"));
    // The bar is the sum of the two operations' net power (the paper's figures 4 and 7).
    const ComparisonModel &model = *f.view.comparisonModel();
    const int enc = findRow(model, "aes-128-xts", "encrypt");
    const int dec = findRow(model, "aes-128-xts", "decrypt");
    CHECK(b.at(0)->data()->at(0)->value ==
          Approx(value(model, enc, Measure::NetPower, 0).toDouble() +
                 value(model, dec, Measure::NetPower, 0).toDouble()));

    QCustomPlot *traces = f.view.traceChart();
    REQUIRE(traces->graphCount() == 2);
    CHECK(traces->graph(0)->data()->size() > 50);
    CHECK(traces->graph(1)->data()->size() > 50);
    CHECK(traces->graph(0)->name().contains("(simulated)"));
    CHECK_FALSE(traces->graph(0)->name().contains('\n'));
    // Aligned at the first run: t = 0 lies inside both traces.
    for (int g = 0; g < 2; ++g) {
        CHECK(traces->graph(g)->data()->constBegin()->key < 0);
        CHECK((traces->graph(g)->data()->constEnd() - 1)->key > 0);
    }
}

TEST_CASE("compare: the reference session can be changed in the view", "[gui][compare]")
{
    Fixture f;
    auto *reference = f.view.findChild<QComboBox *>("reference");
    REQUIRE(reference != nullptr);
    REQUIRE(reference->count() == 2);
    CHECK(reference->itemData(0).toLongLong() == f.ids.odd);
    QSignalSpy loaded(&f.view, &CompareView::comparisonLoaded);
    reference->activated(1);
    REQUIRE(waitUntil([&] { return !loaded.isEmpty(); }));
    CHECK(f.view.sessions() == QList<qint64>{f.ids.second, f.ids.odd});
    const ComparisonModel &model = *f.view.comparisonModel();
    CHECK(model.sessionSummary(0).id == f.ids.second);
    // ChaCha20 (only in the new reference) comes first among the keys now has no difference.
    const int chacha = findRow(model, "chacha20", "encrypt");
    REQUIRE(chacha >= 0);
    CHECK_FALSE(value(model, chacha, Measure::PowerDifference, 1).isValid());

    // One session left: nothing to compare, and the view says so.
    f.view.setSessions({f.ids.odd});
    auto *stack = f.view.findChild<QStackedWidget *>();
    REQUIRE(stack != nullptr);
    CHECK(stack->currentIndex() == 0);
    auto *placeholder = f.view.findChild<QLabel *>("placeholder");
    CHECK(placeholder->text().contains("two or more sessions"));
    CHECK_FALSE(f.view.findChild<QPushButton *>("exportPdf")->isEnabled());
    // Three, the cancelled one too (it has no results: empty columns, no failure).
    QSignalSpy again(&f.view, &CompareView::comparisonLoaded);
    f.view.setSessions({f.ids.odd, f.ids.second, f.ids.cancelled});
    REQUIRE(waitUntil([&] { return !again.isEmpty(); }));
    CHECK(model.sessionCount() == 3);
    CHECK(bars(*f.view.barChart()).size() == 3);
}

TEST_CASE("compare: clicking sessions in the picker adds them to the comparison or takes them "
          "out",
          "[gui][compare]")
{
    Fixture f;
    f.view.resize(1200, 700);
    f.view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&f.view));
    auto *picker = f.view.findChild<QTableView *>("picker");
    REQUIRE(picker != nullptr);
    CHECK(picker->selectionModel()->selectedRows().size() == 2); // what is compared is shown
    const auto click = [&](qint64 id) {
        for (int row = 0; row < picker->model()->rowCount(); ++row) {
            const QModelIndex index = picker->model()->index(row, 0);
            if (index.data(cipherwatt::gui::SessionListModel::IdRole).toLongLong() == id) {
                QTest::mouseClick(picker->viewport(), Qt::LeftButton, {},
                                  picker->visualRect(index).center());
                return;
            }
        }
        FAIL("session " << id << " is not in the picker");
    };
    QSignalSpy loaded(&f.view, &CompareView::comparisonLoaded);
    click(f.ids.cancelled);
    REQUIRE(waitUntil([&] { return !loaded.isEmpty(); }));
    CHECK(f.view.sessions() == QList<qint64>{f.ids.odd, f.ids.second, f.ids.cancelled});
    CHECK(f.view.comparisonModel()->sessionCount() == 3);

    // A search hides sessions from the list, not from the comparison.
    f.view.findChild<QLineEdit *>("pickerSearch")->setText(QStringLiteral("second"));
    CHECK(picker->model()->rowCount() == 1);
    CHECK(f.view.sessions() == QList<qint64>{f.ids.odd, f.ids.second, f.ids.cancelled});
    loaded.clear();
    click(f.ids.second); // taken out
    REQUIRE(waitUntil([&] { return !loaded.isEmpty(); }));
    CHECK(f.view.sessions() == QList<qint64>{f.ids.odd, f.ids.cancelled});
    f.view.findChild<QLineEdit *>("pickerSearch")->clear();
    CHECK(picker->selectionModel()->selectedRows().size() == 2);
}

TEST_CASE("compare: export writes the comparison PDF and CSV through the file dialogs",
          "[gui][compare]")
{
    Fixture f;
    const QString out = QString::fromStdString(f.dir.path().string());
    QSignalSpy finished(&f.view, &CompareView::exportFinished);
    const auto save = [&](const QString &button, const QString &path) {
        auto answered = whenShown<QFileDialog>([path](QFileDialog &dialog) {
            // What the operator types into the file name field (selectFile() leaves a field
            // that has the focus alone).
            auto *name = dialog.findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
            REQUIRE(name != nullptr);
            name->setText(path);
            QMetaObject::invokeMethod(&dialog, "accept"); // protected in QFileDialog
        });
        f.view.findChild<QPushButton *>(button)->click();
        REQUIRE(*answered);
        REQUIRE(waitUntil([&] { return !finished.isEmpty(); }, 120000));
        const QList<QVariant> result = finished.takeFirst();
        INFO(result.at(1).toString().toStdString());
        CHECK(result.at(1).toString().isEmpty());
        CHECK(result.at(0).toStringList() == QStringList{path});
    };
    save("exportPdf", out + "/comparison.pdf");
    QFile pdf(out + "/comparison.pdf");
    REQUIRE(pdf.open(QIODevice::ReadOnly));
    CHECK(pdf.read(5) == "%PDF-");
    CHECK(f.view.messageBar()->kind() == MessageBar::Kind::Positive);
    REQUIRE(f.view.messageBar()->buttons().size() == 2);
    CHECK(f.view.messageBar()->buttons().at(0)->text() == "Open");

    save("exportCsv", out + "/comparison.csv");
    QFile csvFile(out + "/comparison.csv");
    REQUIRE(csvFile.open(QIODevice::ReadOnly));
    const QList<QStringList> csv = parseCsv(QString::fromUtf8(csvFile.readAll()));
    // One row per session and key it has: 3 for each.
    REQUIRE(csv.size() == 1 + 6);
    CHECK(csv.front().contains("net power difference from first session [W]"));
    CHECK(csv.front().contains("net power ratio to first session"));
    CHECK(csv.at(1).at(1) == oddLabel());
}

TEST_CASE("compare: screenshots in light and dark palettes", "[gui][compare]")
{
    Fixture f;
    CHECK(QFile::exists(screenshot(f.view, lightPalette(), QStringLiteral("compare-table-light"))));
    CHECK(QFile::exists(screenshot(f.view, darkPalette(), QStringLiteral("compare-table-dark"))));
    // The differences and ratios, at the table's right end.
    f.view.table()->scrollTo(
        f.view.table()->model()->index(0, f.view.table()->model()->columnCount() - 1));
    CHECK(QFile::exists(
        screenshot(f.view, lightPalette(), QStringLiteral("compare-differences-light"))));
    f.view.tabs()->setCurrentIndex(1);
    screenshot(f.view, lightPalette(), QStringLiteral("compare-bars-light"));
    screenshot(f.view, darkPalette(), QStringLiteral("compare-bars-dark"));
    f.view.tabs()->setCurrentIndex(2);
    screenshot(f.view, lightPalette(), QStringLiteral("compare-traces-light"));
    screenshot(f.view, darkPalette(), QStringLiteral("compare-traces-dark"));
    for (QWidget *w : f.view.findChildren<QWidget *>()) {
        if (qobject_cast<QPushButton *>(w) != nullptr || qobject_cast<QComboBox *>(w) != nullptr) {
            INFO(w->objectName().toStdString());
            CHECK_FALSE(w->toolTip().isEmpty());
        }
    }

    CompareView empty;
    TempDir dir;
    SessionIds ids;
    empty.setDatabase(copyDatabase(dir, &ids));
    screenshot(empty, darkPalette(), QStringLiteral("compare-empty-dark"), {1100, 500});
}
