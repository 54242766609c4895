// What issue 19 asked of the window: the plan builder's filter, chosen list and presets; a
// reused label pointed out; flags inline by severity; charts saved for a paper from their
// context menu; the window fitting a 1366 x 768 screen.

#include "gui_test_support.h"

#include <cipherwatt/core/flags.h>
#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/runner.h>
#include <cipherwatt/report/chart_file.h>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QTableWidget>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

#include <cmath>
#include <measure/plan_builder.h>
#include <measure/results_model.h>
#include <measure/setup_panel.h>
#include <temp_dir.h>
#include <widgets/chart_menu.h>

using namespace cipherwatt;
using namespace cipherwatt::core;
using cipherwatt::test::TempDir;
using cipherwatt::test::gui::screenshot;

namespace {

std::vector<CatalogueEntry> catalogue()
{
    const auto entry = [](const char *id, const char *family, const char *mode, int bits,
                          QStringList backends) {
        CatalogueEntry e;
        e.id = QLatin1String(id);
        e.family = QLatin1String(family);
        e.mode = QLatin1String(mode);
        e.keyBits = bits;
        e.operations = {QStringLiteral("encrypt"), QStringLiteral("decrypt")};
        e.backends = std::move(backends);
        return e;
    };
    return {entry("aes-128-xts", "AES", "XTS", 128, {"openssl", "botan"}),
            entry("aes-256-xts", "AES", "XTS", 256, {"openssl"}),
            entry("chacha20", "ChaCha", "stream", 256, {"custom", "botan"}),
            entry("lea-128-xts", "LEA", "XTS", 128, {"custom"})};
}

RunUpdate doneRun(int ordinal, const QString &cipher, const QList<Message> &flags)
{
    RunUpdate u;
    u.runId = 200 + ordinal;
    u.ordinal = ordinal;
    u.total = 3;
    u.cipher = cipher;
    u.backend = QStringLiteral("custom");
    u.operation = QStringLiteral("encrypt");
    u.bufferBytes = 4096;
    u.repeat = 1;
    u.status = RunStatus::Done;
    u.elapsedSeconds = 10.0;
    u.bytes = 1'000'000'000;
    RunResult r;
    r.run.count = 100;
    r.netWatts = 8.5;
    r.netLow = 8.0;
    r.netHigh = 9.0;
    r.energyPerByteNj = 85;
    r.energyPerByteNjLow = 80;
    r.energyPerByteNjHigh = 90;
    r.throughputBytesPerSecond = 1e8;
    r.flags = flags;
    u.analysis = r;
    return u;
}

} // namespace

TEST_CASE("plan builder: a filter, the chosen list in order, removable, and presets",
          "[gui][readability]")
{
    gui::PlanBuilder plan;
    plan.setCatalogue(catalogue());
    CHECK(plan.shownPairs().size() == 6); // one row per cipher and backend
    // Every word must match the id, family, mode or backend.
    plan.setFilter(QStringLiteral("xts openssl"));
    CHECK(plan.shownPairs() == QStringList{QStringLiteral("aes-128-xts/openssl"),
                                           QStringLiteral("aes-256-xts/openssl")});
    plan.setFilter(QStringLiteral("LEA"));
    CHECK(plan.shownPairs() == QStringList{QStringLiteral("lea-128-xts/custom")});
    plan.setFilter(QString());

    // Chosen in the order chosen; the spec follows it.
    plan.checkPlan({QStringLiteral("lea-128-xts/custom"), QStringLiteral("aes-128-xts/botan")});
    CHECK(plan.chosen() ==
          QStringList{QStringLiteral("lea-128-xts/custom"), QStringLiteral("aes-128-xts/botan")});
    CHECK(plan.planSpec() ==
          QStringLiteral("lea-128-xts/custom:encrypt+decrypt,aes-128-xts/botan:encrypt+decrypt"));
    auto *list = plan.findChild<QListWidget *>(QStringLiteral("chosenList"));
    REQUIRE(list != nullptr);
    REQUIRE(list->count() == 2);
    CHECK(plan.findChild<QLabel *>(QStringLiteral("chosenTitle"))->text() ==
          QStringLiteral("Chosen: 2"));
    // Removed from the list: unticked in the tree as well.
    list->item(0)->setSelected(true);
    plan.findChild<QPushButton *>(QStringLiteral("removeChosen"))->click();
    CHECK(plan.chosen() == QStringList{QStringLiteral("aes-128-xts/botan")});

    // The first paper's set on this DUT: AES-XTS on OpenSSL (preferred over Botan), ChaCha20
    // on Botan (preferred over CipherWatt's own), LEA on the only backend it has; CHAM and
    // Adiantum are not on this DUT and are said to be missing.
    const gui::PlanBuilder::Preset &first = gui::PlanBuilder::presets().front();
    plan.applyPreset(first);
    CHECK(plan.chosen() ==
          QStringList{QStringLiteral("chacha20/botan"), QStringLiteral("aes-128-xts/openssl"),
                      QStringLiteral("aes-256-xts/openssl"), QStringLiteral("lea-128-xts/custom")});
    CHECK(plan.findChild<QLabel *>(QStringLiteral("planError"))
              ->text()
              .contains(QStringLiteral("4 of the preset's ciphers are not on this DUT")));
    screenshot(plan, cipherwatt::test::gui::lightPalette(), QStringLiteral("plan-builder"),
               {520, 560});
}

TEST_CASE("set-up: a label another session has is pointed out, not refused", "[gui][readability]")
{
    gui::SetupPanel setup;
    setup.setLabelLookup([](const QString &label) {
        return label == QStringLiteral("LEA board") ? QList<qint64>{3, 12} : QList<qint64>{};
    });
    setup.setLabel(QStringLiteral("LEA board"));
    CHECK(setup.labelWarning().contains(QStringLiteral("S3, S12")));
    setup.setLabel(QStringLiteral("a new board"));
    CHECK(setup.labelWarning().isEmpty());
}

TEST_CASE("set-up: the run order goes to the session, and a stored seed stays with its order",
          "[gui][readability]")
{
    gui::SetupPanel setup;
    auto *order = setup.findChild<QComboBox *>(QStringLiteral("runOrder"));
    REQUIRE(order != nullptr);
    CHECK(setup.settings().runOrder == RunOrder::Interleaved);
    order->setCurrentIndex(order->findData(QStringLiteral("random")));
    CHECK(setup.settings().runOrder == RunOrder::Randomised);
    CHECK_FALSE(setup.settings().runOrderSeed); // drawn when the session starts

    // A stored session set up again keeps its seed, and so its order...
    SessionSettings stored = setup.settings();
    stored.runOrderSeed = 42;
    setup.setSettings(stored);
    CHECK(setup.settings().runOrderSeed == std::optional<std::uint64_t>(42));
    // ...until another order is chosen.
    order->setCurrentIndex(order->findData(QStringLiteral("sequential")));
    CHECK(setup.settings().runOrder == RunOrder::Sequential);
    CHECK_FALSE(setup.settings().runOrderSeed);
    order->setCurrentIndex(order->findData(QStringLiteral("random")));
    CHECK_FALSE(setup.settings().runOrderSeed);
    screenshot(setup, cipherwatt::test::gui::lightPalette(), QStringLiteral("setup-run-order"),
               {560, 900});
}

namespace {

// The factor table's levels cell of a factor (rows in factorNames()'s order).
QTableWidgetItem *levelsCell(gui::SetupPanel &setup, const char *factor)
{
    auto *table = setup.findChild<QTableWidget *>(QStringLiteral("factorTable"));
    REQUIRE(table != nullptr);
    const auto row = cipherwatt::core::factorNames().indexOf(QLatin1String(factor));
    REQUIRE(row >= 0);
    return table->item(static_cast<int>(row), 1);
}

} // namespace

TEST_CASE("setup: the factor table's ISA levels, checked as the command line checks them",
          "[gui][readability][design]")
{
    gui::SetupPanel setup;
    QTableWidgetItem *levels = levelsCell(setup, "isa");
    auto *error = setup.findChild<QLabel *>(QStringLiteral("factorError"));
    REQUIRE(error != nullptr);
    setup.setLabel(QStringLiteral("levels"));
    CHECK(setup.settings().isaLevels.isEmpty()); // the worker's level
    levels->setText(QStringLiteral("portable, mmx"));
    CHECK_FALSE(setup.validate());
    CHECK(error->text() == QStringLiteral("ISA levels: 'mmx' is not a level of isa (portable, "
                                          "sse2, avx2, avx512, neon)"));
    levels->setText(QStringLiteral("portable, NEON"));
    setup.validate();
    CHECK(error->text().isEmpty());
    CHECK(setup.settings().isaLevels ==
          QStringList{QStringLiteral("portable"), QStringLiteral("neon")});
    // A stored session set up again shows its levels.
    SessionSettings stored = setup.settings();
    stored.isaLevels = {QStringLiteral("avx2"), QStringLiteral("sse2")};
    setup.setSettings(stored);
    CHECK(levels->text() == QStringLiteral("avx2, sse2"));
    screenshot(setup, cipherwatt::test::gui::lightPalette(), QStringLiteral("setup-isa-levels"),
               {560, 980});
}

TEST_CASE("setup: the factor table's payloads and padding, checked as the command line checks "
          "them",
          "[gui][readability][design]")
{
    gui::SetupPanel setup;
    QTableWidgetItem *payloads = levelsCell(setup, "payload");
    auto *error = setup.findChild<QLabel *>(QStringLiteral("factorError"));
    auto *pad = setup.findChild<QCheckBox *>(QStringLiteral("padWithZeros"));
    REQUIRE(error != nullptr);
    REQUIRE(pad != nullptr);
    setup.setLabel(QStringLiteral("payloads"));
    CHECK(setup.settings().payloadLevels.isEmpty()); // random bytes, as before
    CHECK_FALSE(setup.settings().padWithZeros);
    payloads->setText(QStringLiteral("random, file:text.txt"));
    CHECK_FALSE(setup.validate());
    CHECK(error->text() == QStringLiteral("Payloads: 'file:text.txt' is not a level of payload "
                                          "(random, zeros or file:<absolute path on the DUT>)"));
    payloads->setText(QStringLiteral("random, zeros, file:/data/text.txt"));
    pad->setChecked(true);
    setup.validate();
    CHECK(error->text().isEmpty());
    CHECK(setup.settings().payloadLevels == QStringList{QStringLiteral("random"),
                                                        QStringLiteral("zeros"),
                                                        QStringLiteral("file:/data/text.txt")});
    CHECK(setup.settings().padWithZeros);
    // A stored session set up again shows its payloads and padding.
    SessionSettings stored = setup.settings();
    stored.payloadLevels = {QStringLiteral("zeros")};
    stored.padWithZeros = false;
    setup.setSettings(stored);
    CHECK(payloads->text() == QStringLiteral("zeros"));
    CHECK_FALSE(pad->isChecked());
}

TEST_CASE("setup: the factor table's governors, chunking and frequencies, with the governor "
          "settings they need",
          "[gui][readability][design]")
{
    gui::SetupPanel setup;
    auto *table = setup.findChild<QTableWidget *>(QStringLiteral("factorTable"));
    auto *error = setup.findChild<QLabel *>(QStringLiteral("factorError"));
    auto *pinning = setup.findChild<QLabel *>(QStringLiteral("factorsError"));
    REQUIRE(table != nullptr);
    REQUIRE(error != nullptr);
    REQUIRE(pinning != nullptr);
    setup.setLabel(QStringLiteral("factors"));
    levelsCell(setup, "governor")->setText(QStringLiteral("schedutil, performance"));
    levelsCell(setup, "chunking")->setText(QStringLiteral("message, stream"));
    setup.validate();
    CHECK(error->text().isEmpty());
    CHECK(pinning->text().isEmpty());
    CHECK(setup.settings().governorLevels ==
          QStringList{QStringLiteral("schedutil"), QStringLiteral("performance")});
    CHECK(setup.settings().chunkingLevels ==
          QStringList{QStringLiteral("message"), QStringLiteral("stream")});
    // Each row says how many levels it has.
    const auto governorRow =
        static_cast<int>(cipherwatt::core::factorNames().indexOf(QStringLiteral("governor")));
    CHECK(table->item(governorRow, 2)->text() == QStringLiteral("× 2"));
    // Frequencies beside governors: refused, as on the command line.
    levelsCell(setup, "freq")->setText(QStringLiteral("800MHz"));
    CHECK_FALSE(setup.validate());
    CHECK(error->text().contains(QStringLiteral("vary either freq or governor, not both")));
    levelsCell(setup, "freq")->setText(QString());
    // Governor levels without the worker's pinning cannot be pinned.
    auto *pin = setup.findChild<QCheckBox *>(QStringLiteral("pinGovernor"));
    REQUIRE(pin != nullptr);
    pin->setChecked(false);
    CHECK_FALSE(setup.validate());
    CHECK(pinning->text().contains(QStringLiteral("Frequency and governor levels are pinned")));
    CHECK(setup.settings().governorLevels.isEmpty());
    pin->setChecked(true);
    setup.validate();
    CHECK(pinning->text().isEmpty());
    levelsCell(setup, "isa")->setText(QStringLiteral("portable, avx2"));
    levelsCell(setup, "payload")->setText(QStringLiteral("random, zeros"));
    setup.validate();
    screenshot(setup, cipherwatt::test::gui::lightPalette(), QStringLiteral("setup-factors"),
               {560, 1000});
}

TEST_CASE("results: flags inline with their text, the severity deciding the colour",
          "[gui][readability]")
{
    registerMessageCatalogue();
    // Stored flags as the database holds them (identifier, English text, arguments).
    const auto stored = [](const char *id, const char *text, const QJsonArray &args = {}) {
        return Message::fromJson(QJsonObject{{QStringLiteral("id"), QLatin1String(id)},
                                             {QStringLiteral("text"), QString::fromUtf8(text)},
                                             {QStringLiteral("args"), args}});
    };
    const Message drift = stored("core.runner.baseline-drifts-flag", "the idle baseline drifts");
    const Message shortRun =
        stored("core.analysis.short-run", "short run: 45 updates, at least 100 needed",
               {QJsonObject{{"text", "45"}}, QJsonObject{{"text", "100"}}});
    const Message missed = stored("core.analysis.one-missed", "1 update missed");
    REQUIRE(drift.id() == QStringLiteral("core.runner.baseline-drifts-flag"));

    gui::ResultsModel model;
    model.updateRun(doneRun(1, QStringLiteral("aes-128-xts"), {missed, drift}));
    model.updateRun(doneRun(2, QStringLiteral("lea-128-xts"), {shortRun}));
    model.updateRun(doneRun(3, QStringLiteral("chacha20"), {}));
    REQUIRE(model.rowCount() == 3);
    const auto status = [&](int row, int role = Qt::DisplayRole) {
        return model.index(row, gui::ResultsModel::Status).data(role);
    };
    // The most severe flag's own words, and how many more.
    CHECK(status(0).toString().contains(QStringLiteral("the idle baseline drifts")));
    CHECK(status(0).toString().contains(QStringLiteral("+1")));
    CHECK(status(0, gui::ResultsModel::SeverityRole).toInt() == static_cast<int>(Severity::Error));
    // A flag of the form "headline: details" shows its headline; the tooltip has the details.
    CHECK(status(1).toString() == QStringLiteral("short run"));
    CHECK(status(1, Qt::ToolTipRole).toString().contains(QStringLiteral("45 updates")));
    CHECK(status(1, gui::ResultsModel::SeverityRole).toInt() ==
          static_cast<int>(Severity::Warning));
    CHECK_FALSE(status(2, gui::ResultsModel::SeverityRole).isValid());
    // An error does not look like a warning.
    CHECK(status(0, Qt::ForegroundRole).value<QColor>() !=
          status(1, Qt::ForegroundRole).value<QColor>());
    // The tooltip lists every flag, the most severe first.
    const QString tip = status(0, Qt::ToolTipRole).toString();
    CHECK(tip.indexOf(QStringLiteral("drifts")) < tip.indexOf(QStringLiteral("missed")));
}

TEST_CASE("results: per-operation columns for a microcontroller's session, in the column's unit",
          "[gui][readability][mcu]")
{
    // A run of 1000 messages of 20 B in 2 s: 2 ms per message; 3.3 µJ and 1.0 µC each, shown
    // with two significant digits on the interval and the value to match.
    RunUpdate u = doneRun(1, QStringLiteral("aes-128-ccm-8"), {});
    u.backend = QStringLiteral("firmware");
    u.bufferBytes = 20;
    WorkerResult w;
    w.seconds = 2.0;
    w.iterations = 1000;
    w.bytes = 20'000;
    u.result = w;
    u.analysis->energyPerOperationUj = 3.3;
    u.analysis->energyPerOperationUjLow = 3.1;
    u.analysis->energyPerOperationUjHigh = 3.5;
    u.analysis->chargePerOperationUc = 1.0;
    u.analysis->chargePerOperationUcLow = 0.94;
    u.analysis->chargePerOperationUcHigh = 1.06;
    gui::ResultsModel model;
    CHECK_FALSE(model.perOperation()); // a computer's session: the columns stay hidden
    model.setPerOperation(true);
    model.updateRun(u);
    REQUIRE(model.rowCount() == 1);
    const auto cell = [&](int column) { return model.index(0, column).data().toString(); };
    const auto header = [&](int column) {
        return model.headerData(column, Qt::Horizontal).toString();
    };
    CHECK(header(gui::ResultsModel::TimePerOperation).contains(QStringLiteral("[ms]")));
    CHECK(cell(gui::ResultsModel::TimePerOperation) == QStringLiteral("2.00"));
    CHECK(header(gui::ResultsModel::EnergyPerOperation).contains(QStringLiteral("[µJ]")));
    CHECK(cell(gui::ResultsModel::EnergyPerOperation) == QStringLiteral("3.30 ± 0.20"));
    CHECK(header(gui::ResultsModel::ChargePerOperation).contains(QStringLiteral("[µC]")));
    CHECK(cell(gui::ResultsModel::ChargePerOperation) == QStringLiteral("1.000 ± 0.060"));
}

TEST_CASE("charts: Save Chart As writes PNG, SVG or PDF at the size for a paper",
          "[gui][readability]")
{
    QCustomPlot plot;
    QString saved;
    gui::addChartMenu(
        &plot,
        [&](const QString &path) {
            saved = path;
            return report::saveChart(
                [](QCustomPlot &p) {
                    QCPGraph *g = p.addGraph();
                    g->setData({0, 1, 2, 3}, {4, 12.5, 12.4, 4});
                    p.xAxis->setLabel(QStringLiteral("time [s]"));
                    p.yAxis->setLabel(QStringLiteral("power [W]"));
                    p.rescaleAxes();
                },
                path);
        },
        [] { return QStringLiteral("trace"); });
    QMenu *menu = gui::chartMenu(&plot);
    REQUIRE(menu != nullptr);
    CHECK(plot.contextMenuPolicy() == Qt::CustomContextMenu);
    QAction *save = menu->findChild<QAction *>(QStringLiteral("saveChart"));
    REQUIRE(save != nullptr);
    CHECK(save->text() == QStringLiteral("Save Chart As…"));

    TempDir dir;
    const QString base = QString::fromStdString(dir.path().string()) + QStringLiteral("/chart");
    const report::ChartSize size; // 160 mm x 95 mm
    // 160 mm at 300 dpi is 1890 pixels, 95 mm 1122 (a pixel or two of rounding aside).
    REQUIRE(report::saveChart(
                [](QCustomPlot &p) {
                    p.addGraph()->setData({0, 1}, {0, 1});
                },
                base + QStringLiteral(".png"), size)
                .ok());
    QImageReader png(base + QStringLiteral(".png"));
    const QSize pixels = png.size();
    CHECK(std::abs(pixels.width() - 1890) <= 3);
    CHECK(std::abs(pixels.height() - 1122) <= 3);
    const QImage image = png.read();
    CHECK(std::lround(image.dotsPerMeterX() * 0.0254) == 300);

    const auto head = [](const QString &path, qint64 n) {
        QFile f(path);
        REQUIRE(f.open(QIODevice::ReadOnly));
        return f.read(n);
    };
    REQUIRE(report::saveChart(
                [](QCustomPlot &p) {
                    p.addGraph()->setData({0, 1}, {0, 1});
                },
                base + QStringLiteral(".svg"), size)
                .ok());
    CHECK(head(base + QStringLiteral(".svg"), 400).contains("<svg"));
    REQUIRE(report::saveChart(
                [](QCustomPlot &p) {
                    p.addGraph()->setData({0, 1}, {0, 1});
                },
                base + QStringLiteral(".pdf"), size)
                .ok());
    CHECK(head(base + QStringLiteral(".pdf"), 5) == "%PDF-");
    // Another suffix is refused with the reason, and nothing is written.
    const auto refused = report::saveChart([](QCustomPlot &) {}, base + QStringLiteral(".bmp"));
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message.english().contains(QStringLiteral(".png, .svg or .pdf")));
    CHECK_FALSE(QFile::exists(base + QStringLiteral(".bmp")));
    CHECK(saved.isEmpty()); // the menu's saver runs only from the menu
}
