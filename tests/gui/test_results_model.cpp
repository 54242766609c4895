// The results table model: repeats combined as the stored session's table combines them,
// rows in plan order as runs end, numbers right-aligned, flags and failures visible.

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/runner.h>

#include <QIcon>
#include <catch2/catch.hpp>

#include <measure/results_model.h>

using namespace cipherwatt::core;
using cipherwatt::gui::ResultsModel;

namespace {

RunUpdate update(int ordinal, const QString &cipher, const QString &status, double net = 0,
                 const QStringList &flags = {})
{
    RunUpdate u;
    u.runId = 100 + ordinal;
    u.ordinal = ordinal;
    u.total = 4;
    u.cipher = cipher;
    u.backend = QStringLiteral("custom");
    u.operation = QStringLiteral("encrypt");
    u.bufferBytes = 4096;
    u.repeat = ordinal;
    u.status = *parseRunStatus(status);
    u.elapsedSeconds = 10.0 + ordinal * 0.01;
    u.bytes = 1'000'000'000;
    if (status == QLatin1String("done")) {
        RunResult r;
        r.run.count = 100;
        r.netWatts = net;
        r.netLow = net - 0.1;
        r.netHigh = net + 0.1;
        r.energyPerByteNj = net * 10;
        r.energyPerByteNjLow = net * 10 - 1;
        r.energyPerByteNjHigh = net * 10 + 1;
        r.throughputBytesPerSecond = 1e8;
        r.cyclesPerByte = 3.25;
        r.counter = QStringLiteral("rdtsc");
        for (const QString &f : flags)
            r.flags << Message::plain(f);
        u.analysis = r;
    }
    return u;
}

} // namespace

TEST_CASE("results model: repeats as medians, rows as runs end, flags visible", "[gui]")
{
    ResultsModel model;
    CHECK(model.columnCount() == ResultsModel::ColumnCount);
    model.updateRun(update(1, QStringLiteral("lea-128-xts"), QStringLiteral("running")));
    CHECK(model.rowCount() == 0); // a row appears once a run has ended
    model.updateRun(update(1, QStringLiteral("lea-128-xts"), QStringLiteral("done"), 8.0));
    REQUIRE(model.rowCount() == 1);
    model.updateRun(update(2, QStringLiteral("lea-128-xts"), QStringLiteral("done"), 9.0,
                           {QStringLiteral("short run")}));
    model.updateRun(update(3, QStringLiteral("lea-128-xts"), QStringLiteral("done"), 8.6));
    RunUpdate failed = update(4, QStringLiteral("aes-128-xts"), QStringLiteral("failed"));
    failed.error = Message::plain(QStringLiteral("the worker crashed"));
    model.updateRun(failed);
    REQUIRE(model.rowCount() == 2);

    const auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
        return model.index(row, column).data(role);
    };
    CHECK(cell(0, ResultsModel::Cipher).toString() == QStringLiteral("lea-128-xts"));
    CHECK(cell(0, ResultsModel::Runs).toString() == QStringLiteral("3"));
    // The median, 8.6, with the envelope of the repeats' intervals (7.9 to 9.1): a half-width of
    // 0.60 to two significant digits, so two decimals for all.
    CHECK(cell(0, ResultsModel::NetPower).toString() == QStringLiteral("8.60 (7.90–9.10)"));
    CHECK(cell(0, ResultsModel::NetPower, Qt::UserRole).toDouble() == Approx(8.6));
    CHECK(cell(0, ResultsModel::NetPower, Qt::ToolTipRole)
              .toString()
              .contains(QStringLiteral("range from 8.00 to 9.00 W")));
    // The mean of the three, (8.0 + 9.0 + 8.6) / 3 = 8.533 W, with their scatter
    // s = 0.5033 W, s/√3 = 0.2906 W; without budgets each run's whole u (0.1 / 1.96 = 0.051 W)
    // is common: √(0.2906² + 0.0510²) = 0.295 W.
    const QString tip = cell(0, ResultsModel::NetPower, Qt::ToolTipRole).toString();
    CHECK(tip.contains(QStringLiteral("Mean of 3 valid repeats: 8.53 W")));
    CHECK(tip.contains(QStringLiteral("s/√n 0.291")));
    CHECK(tip.contains(QStringLiteral("common to every repeat 0.0510")));
    // The envelope of the repeats' intervals (79 to 91) around their median, 86.
    CHECK(cell(0, ResultsModel::EnergyPerByte).toString() == QStringLiteral("86.0 (79.0–91.0)"));
    CHECK(cell(0, ResultsModel::CyclesPerByte).toString() == QStringLiteral("3.25"));
    CHECK(cell(0, ResultsModel::CyclesPerByte, Qt::ToolTipRole)
              .toString()
              .contains(QStringLiteral("rdtsc")));
    // 1e8 B/s is 100 MB/s (the column's unit); 10.02 s to three significant digits.
    CHECK(cell(0, ResultsModel::Throughput).toString() == QStringLiteral("100"));
    CHECK(cell(0, ResultsModel::RunTime).toString() == QStringLiteral("10.0"));
    // The flag's own text inline.
    CHECK(cell(0, ResultsModel::Status).toString() == QStringLiteral("short run"));
    CHECK(cell(0, ResultsModel::Status, Qt::ToolTipRole)
              .toString()
              .contains(QStringLiteral("short run")));
    CHECK_FALSE(cell(0, ResultsModel::Status, Qt::DecorationRole).value<QIcon>().isNull());

    // The failed run: a row that says so, with the reason.
    CHECK(cell(1, ResultsModel::Status).toString() ==
          QStringLiteral("run 4: failed (the worker crashed)"));
    CHECK(cell(1, ResultsModel::Runs).toString() == QStringLiteral("0 of 1"));
    CHECK(cell(1, ResultsModel::NetPower).toString().isEmpty());
    CHECK(cell(1, ResultsModel::Status, Qt::ToolTipRole)
              .toString()
              .contains(QStringLiteral("the worker crashed")));
    CHECK_FALSE(cell(1, ResultsModel::Status, Qt::DecorationRole).value<QIcon>().isNull());

    // Numbers right, words left, headers likewise; every header explains its column.
    for (const int c :
         {ResultsModel::Buffer, ResultsModel::RunTime, ResultsModel::NetPower,
          ResultsModel::Throughput, ResultsModel::CyclesPerByte, ResultsModel::EnergyPerByte}) {
        CHECK(cell(0, c, Qt::TextAlignmentRole).value<Qt::Alignment>() ==
              (Qt::AlignRight | Qt::AlignVCenter));
        CHECK(model.headerData(c, Qt::Horizontal, Qt::TextAlignmentRole).value<Qt::Alignment>() ==
              (Qt::AlignRight | Qt::AlignVCenter));
        CHECK_FALSE(model.headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
    }
    CHECK(cell(0, ResultsModel::Cipher, Qt::TextAlignmentRole).value<Qt::Alignment>() ==
          (Qt::AlignLeft | Qt::AlignVCenter));
    CHECK(model.headerData(ResultsModel::Throughput, Qt::Horizontal).toString() ==
          QStringLiteral("Throughput\n[MB/s]"));

    // A late analysis of an earlier run updates its row in place.
    int resets = 0;
    QObject::connect(&model, &QAbstractItemModel::modelReset, &model, [&] { ++resets; });
    model.updateRun(update(1, QStringLiteral("lea-128-xts"), QStringLiteral("done"), 8.7));
    CHECK(resets == 0);
    CHECK(cell(0, ResultsModel::NetPower).toString().startsWith(QStringLiteral("8.70 (")));
    model.clear();
    CHECK(model.rowCount() == 0);
}
