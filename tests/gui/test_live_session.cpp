// The live view fed by a real session: the scripted simulated WT332 (12.5 W busy, 4.0 W idle,
// so every run's net power is 8.5 W) and the real local worker, run by the window's
// SessionController (the runner on a thread of its own, its signals queued into the GUI
// thread).
// Then the stored session, shown "as live", must look the same.

#include "gui_support.h"

#include <cipherwatt/core/results.h>
#include <cipherwatt/core/storage.h>
#include <cipherwatt/instruments/measurement.h>

#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QWheelEvent>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <fake_power.h>
#include <load_following_rapl.h>
#include <measure/live_format.h>
#include <measure/live_plot.h>
#include <measure/live_view.h>
#include <measure/readout.h>
#include <measure/results_model.h>
#include <measure/session_controller.h>
#include <session_helpers.h>
#include <string_view>
#include <temp_dir.h>

using namespace cipherwatt;
using namespace cipherwatt::core;
using cipherwatt::gui::Channel;
using cipherwatt::gui::LivePlot;
using cipherwatt::gui::LiveView;
using cipherwatt::gui::ResultsModel;
using Reading = cipherwatt::gui::LiveView::Reading;
namespace test = cipherwatt::test;

namespace {

constexpr auto kPlan = "lea-128-xts/custom:encrypt+decrypt,aes-128-xts/openssl:encrypt";

QString database(const test::TempDir &dir)
{
    return QString::fromStdString((dir.path() / "sessions.sqlite").string());
}

bool shown(const LiveView &view, const char *name)
{
    const auto *w = view.findChild<QWidget *>(QLatin1String(name));
    return w != nullptr && w->isVisibleTo(&view);
}

int shadedPhases(const SessionData &d)
{
    return static_cast<int>(
        std::count_if(d.phases.begin(), d.phases.end(), [](const StoredPhase &p) {
            return p.kind == PhaseKind::Baseline || p.kind == PhaseKind::Settle ||
                   p.kind == PhaseKind::Run || p.kind == PhaseKind::Plan ||
                   p.kind == PhaseKind::PostBaseline;
        }));
}

// Turns the mouse wheel over the middle of the power strip.
void zoom(LivePlot &plot)
{
    const QPointF at = plot.strip(Channel::Power)->rect().center();
    QWheelEvent wheel(at, plot.mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&plot, &wheel);
}

} // namespace

TEST_CASE("live view: a real session live (plot, phases, readouts, results, follow) and stored",
          "[gui][session]")
{
    test::TempDir dir;
    LiveView view;
    view.resize(1360, 860);
    view.show();
    LivePlot &plot = *view.plot();
    const RunnerOptions options = test::quickOptions(database(dir));

    // Mid-run: screenshots, and follow mode scrolling with the newest data.
    bool looked = false;
    double firstUpper = 0;
    double laterUpper = 0;
    double laterLower = 0;
    double laterNow = 0;
    double firstNow = 0;
    QString runningStatus;
    QString runningPhase;
    QString runningRemaining;
    const auto outcome = test::runLive(
        view, test::quickSettings(QLatin1String(kPlan)), options,
        [&](gui::SessionController &controller) {
            QObject::connect(
                &controller, &gui::SessionController::runUpdated, &view, [&](const RunUpdate &u) {
                    if (u.ordinal != 2 || u.status != RunStatus::Running || looked)
                        return;
                    looked = true;
                    QTimer::singleShot(2000, &view, [&] {
                        view.refreshNow();
                        runningStatus = view.statusText();
                        runningPhase =
                            view.findChild<QLabel *>(QStringLiteral("phaseLabel"))->toolTip();
                        runningRemaining =
                            view.findChild<QLabel *>(QStringLiteral("runRemaining"))->text();
                        test::saveScreenshot(view, QStringLiteral("live-running-light"));
                        test::applyPalette(view, test::darkPalette());
                        view.refreshNow();
                        test::saveScreenshot(view, QStringLiteral("live-running-dark"));
                        test::applyPalette(view, test::lightPalette());
                        plot.setWindowSeconds(8);
                        view.refreshNow();
                        firstUpper = plot.xAxis->range().upper;
                        firstNow = view.trace().now();
                    });
                    QTimer::singleShot(3200, &view, [&] {
                        view.refreshNow();
                        laterUpper = plot.xAxis->range().upper;
                        laterLower = plot.xAxis->range().lower;
                        laterNow = view.trace().now();
                        view.findChild<QComboBox *>()->setCurrentIndex(1);
                        plot.setWindowSeconds(60);
                    });
                });
        });
    INFO(outcome.reason.toStdString());
    REQUIRE(outcome.status == SessionStatus::Complete);
    const SessionData stored = test::loadSession(options.databasePath, outcome.session);

    {
        // While it ran.
        REQUIRE(looked);
        CHECK(runningStatus == QStringLiteral("Run 2 of 3"));
        CHECK(runningPhase == QStringLiteral("Run 2 of 3: lea-128-xts/custom decrypt, 4096 B"));
        CHECK(runningRemaining.contains(QLatin1Char(':'))); // a time left, e.g. 0:01.9
        // Follow mode: the right edge moved with the data (as far as the data went in those
        // 1.2 s: on a busy machine updates can come late), the window kept its width.
        CHECK(laterNow > firstNow);
        CHECK(laterUpper - firstUpper == Approx(laterNow - firstNow).margin(0.25));
        CHECK(laterUpper - laterLower == Approx(8.0));
        CHECK(laterUpper >= laterNow);
        CHECK(laterUpper - laterNow < 0.5);
    }

    {
        // Every update reached the plot.
        CHECK(view.trace().updates() == stored.samples.size());
        const auto duplicates =
            std::count_if(stored.samples.begin(), stored.samples.end(), [](const StoredSample &s) {
                return (s.flags & instruments::SampleFlag::Duplicate) != 0;
            });
        const int points = plot.traceGraph(Channel::Power)->dataCount();
        CHECK(points >= static_cast<int>(stored.samples.size()) - duplicates);
        CHECK(points <= static_cast<int>(stored.samples.size()) + 5); // a break per gap
        CHECK(plot.traceGraph(Channel::Voltage)->dataCount() == points);
        // 4 s of baseline and three 4 s runs with settles, at 10 updates a second.
        CHECK(stored.samples.size() >= 150);
    }

    {
        // Phases are shaded and labelled.
        CHECK(plot.phaseBandCount() == shadedPhases(stored));
        CHECK(plot.phaseBandCount() == 7); // baseline, three settles, three runs
        QStringList runLabels;
        std::vector<gui::TracePhase> runs;
        std::vector<std::size_t> runIndex;
        for (std::size_t i = 0; i < view.trace().phases().size(); ++i) {
            const gui::TracePhase &p = view.trace().phases()[i];
            if (p.kind == PhaseKind::Run) {
                runLabels << p.label;
                runs.push_back(p);
                runIndex.push_back(i);
            }
        }
        // What ran, in short form: cipher/backend, operation, buffer.
        CHECK(runLabels == QStringList{QStringLiteral("lea-128-xts/custom enc 4 KiB"),
                                       QStringLiteral("lea-128-xts/custom dec 4 KiB"),
                                       QStringLiteral("aes-128-xts/openssl enc 4 KiB")});
        // One tint per cipher: the two LEA runs share one, AES has another.
        REQUIRE(runs.size() == 3);
        CHECK(plot.bandColor(runIndex[0]) == plot.bandColor(runIndex[1]));
        CHECK(plot.bandColor(runIndex[1]) != plot.bandColor(runIndex[2]));
        // At the end the plot shows the whole session; each run has a label that fits, the
        // longest of its forms that does.
        CHECK(plot.windowSeconds() == 0);
        CHECK(plot.follows());
        const QStringList labels = plot.shownPhaseLabels();
        INFO(labels.join(QStringLiteral(" | ")).toStdString());
        for (const gui::TracePhase &p : runs) {
            CHECK((labels.contains(p.label) || labels.contains(p.mediumLabel) ||
                   labels.contains(p.shortLabel)));
        }
        CHECK(labels.contains(QStringLiteral("idle baseline")));
    }

    {
        // The readouts show the last update and the baseline.
        const StoredSample &last = stored.samples.back();
        CHECK(view.readout(Reading::Power)->value() == gui::format::reading(last.power, 5, 4));
        CHECK(view.readout(Reading::Voltage)->value() ==
              gui::format::reading(last.values.at(0), 5, 3));
        CHECK(view.readout(Reading::Current)->value() ==
              gui::format::reading(last.values.at(1), 4, 4));
        CHECK(view.readout(Reading::PowerFactor)->value() ==
              gui::format::reading(last.values.at(4), 4, 3));
        REQUIRE(stored.analysis.baseline);
        const double baseline = stored.analysis.baseline->result.stats.mean;
        CHECK(baseline == Approx(4.0).margin(0.02));
        CHECK(view.trace().baselineFinal());
        CHECK(view.trace().baselineMean() == Approx(baseline).epsilon(1e-9));
        CHECK(view.readout(Reading::Baseline)->value() == gui::format::reading(baseline, 5, 4));
        CHECK(view.readout(Reading::Baseline)->note().startsWith(QStringLiteral("Final")));
    }

    {
        // The results table has every run, net power near 8.5 W.
        const ResultsModel &model = *view.results();
        REQUIRE(model.rowCount() == 3);
        CHECK(shown(view, "resultsPane"));
        // The table carries the runner's own analyses, as stored; those are near 8.5 W. (The
        // simulator counts the worker busy from its CPU share, so on a machine loaded by other
        // builds a run can lose a few updates to "idle": the analysis' 0.5 % is the core
        // tests' to check, on a quiet machine.)
        const std::vector<ResultRow> rows = resultRows(stored);
        REQUIRE(rows.size() == 3);
        for (int r = 0; r < 3; ++r) {
            const double net = model.index(r, ResultsModel::NetPower).data(Qt::UserRole).toDouble();
            INFO("row " << r << ": " << net << " W");
            CHECK(net == Approx(rows[static_cast<std::size_t>(r)].netWatts.value).epsilon(1e-12));
            CHECK(std::fabs(net - 8.5) <= 0.05 * 8.5);
            CHECK(model.index(r, ResultsModel::EnergyPerByte)
                      .data()
                      .toString()
                      .contains(QStringLiteral("±")));
            CHECK(model.index(r, ResultsModel::NetPower)
                      .data(Qt::TextAlignmentRole)
                      .value<Qt::Alignment>() == (Qt::AlignRight | Qt::AlignVCenter));
        }
        CHECK(model.index(0, ResultsModel::Cipher).data().toString() ==
              QStringLiteral("lea-128-xts"));
        CHECK(model.index(2, ResultsModel::Backend).data().toString() == QStringLiteral("openssl"));
    }

    {
        // The simulated meter is marked, the end is shown.
        CHECK(view.isSimulated());
        CHECK(shown(view, "simulatedBadge"));
        CHECK(view.statusText() == QStringLiteral("Complete"));
        CHECK_FALSE(shown(view, "cancelButton"));
        CHECK(view.findChild<QProgressBar *>(QStringLiteral("sessionBar"))->value() == 1000);
    }

    {
        // A zoom leaves follow mode, Follow returns to it.
        zoom(plot);
        CHECK_FALSE(plot.follows());
        auto *follow = view.findChild<QToolButton *>(QStringLiteral("followButton"));
        CHECK_FALSE(follow->isChecked());
        const double zoomed = plot.xAxis->range().size();
        CHECK(zoomed < view.trace().now());
        follow->click();
        CHECK(plot.follows());
        CHECK(plot.xAxis->range().size() > zoomed);
    }

    test::saveScreenshot(view, QStringLiteral("live-finished-light"));
    test::applyPalette(view, test::darkPalette());
    view.refreshNow();
    test::saveScreenshot(view, QStringLiteral("live-finished-dark"));
    test::applyPalette(view, test::lightPalette());

    {
        // The stored session shows the same trace, phases and results.
        LiveView again;
        again.resize(1360, 860);
        again.show();
        again.showStoredSession(stored);
        const gui::LiveTrace &a = view.trace();
        const gui::LiveTrace &b = again.trace();
        CHECK(b.updates() == a.updates());
        REQUIRE(b.size() == a.size());
        CHECK(b.times() == a.times());
        for (const Channel c : {Channel::Power, Channel::Voltage, Channel::Current}) {
            const auto &va = a.values(c);
            const auto &vb = b.values(c);
            bool same = true;
            for (std::size_t i = 0; i < va.size(); ++i)
                same = same && (va[i] == vb[i] || (std::isnan(va[i]) && std::isnan(vb[i])));
            CHECK(same);
        }
        CHECK(again.plot()->traceGraph(Channel::Power)->dataCount() ==
              plot.traceGraph(Channel::Power)->dataCount());
        // The same phases, labels and times (the last one ends where its data ends, live).
        const auto &pa = a.phases();
        const auto &pb = b.phases();
        std::vector<std::pair<PhaseKind, QString>> la;
        std::vector<std::pair<PhaseKind, QString>> lb;
        for (const auto &p : pa) {
            if (p.shaded())
                la.emplace_back(p.kind, p.label);
        }
        for (const auto &p : pb) {
            if (p.shaded())
                lb.emplace_back(p.kind, p.label);
        }
        CHECK(la == lb);
        CHECK(again.plot()->phaseBandCount() == plot.phaseBandCount());
        for (const auto &p : pb) {
            const auto match = std::find_if(pa.begin(), pa.end(), [&](const gui::TracePhase &q) {
                return q.kind == p.kind && q.start == p.start;
            });
            CHECK(match != pa.end());
        }
        // Results, readouts, the badge, the status.
        REQUIRE(again.results()->rowCount() == view.results()->rowCount());
        for (int r = 0; r < view.results()->rowCount(); ++r) {
            for (int c = 0; c < ResultsModel::ColumnCount; ++c) {
                INFO("row " << r << " column " << c);
                CHECK(again.results()->index(r, c).data().toString() ==
                      view.results()->index(r, c).data().toString());
            }
        }
        for (const Reading r : {Reading::Voltage, Reading::Current, Reading::Power,
                                Reading::PowerFactor, Reading::Baseline})
            CHECK(again.readout(r)->value() == view.readout(r)->value());
        CHECK(shown(again, "simulatedBadge"));
        CHECK(again.statusText() == QStringLiteral("Complete"));
        CHECK_FALSE(shown(again, "cancelButton"));
        CHECK(again.plot()->xAxis->range().lower == Approx(plot.xAxis->range().lower));
        CHECK(again.plot()->xAxis->range().upper ==
              Approx(plot.xAxis->range().upper).epsilon(0.01));
        test::saveScreenshot(again, QStringLiteral("stored-light"));
        test::applyPalette(again, test::darkPalette());
        again.refreshNow();
        test::saveScreenshot(again, QStringLiteral("stored-dark"));
    }
}

TEST_CASE("live view: a power source on the DUT gets a strip of its own under the power, and "
          "the results its ratio to the meter",
          "[gui][session][sources]")
{
    // The scripted simulated WT332 (idle 4.0 W, busy 12.5 W: net 8.5 W) and a fake RAPL zone
    // following the same worker load (idle 2.0 W, busy 5.0 W: net 3.0 W): ratio 3.0 / 8.5.
    test::TempDir dir;
    test::FakePowerTree tree;
    tree.addRaplZone("intel-rapl:0", "package-0", 50'000'000);
    tree.setRaplEnergy("intel-rapl:0", 0);
    const test::LoadFollowingRapl rapl(tree, "intel-rapl:0", 50'000'000, 2.0, 5.0);
    LiveView view;
    view.resize(1360, 860);
    view.show();
    SessionSettings settings = test::quickSettings(QStringLiteral("chacha20/botan:encrypt"));
    settings.sources = {QStringLiteral("rapl:package")};
    RunnerOptions options = test::quickOptions(database(dir));
    options.localWorker.sysfsRoot = QString::fromStdString(tree.root().string());
    const auto outcome = test::runLive(view, settings, options, {});
    INFO(outcome.reason.toStdString());
    REQUIRE(outcome.status == SessionStatus::Complete);
    view.refreshNow();
    LivePlot &plot = *view.plot();
    REQUIRE(plot.sourceStrip(0) != nullptr);
    CHECK(plot.sourceStrip(1) == nullptr);
    CHECK(plot.sourceStrip(0)->axis(QCPAxis::atLeft)->label() ==
          QStringLiteral("rapl:package-0 [W]"));
    // A reading every 0.1 s over 4 s of baseline, a settle and a 4 s run.
    CHECK(plot.sourceGraph(0)->dataCount() >= 70);
    // Under the power strip; the time axis labelled under it, not under the power.
    CHECK(plot.sourceStrip(0)->outerRect().top() >=
          plot.strip(Channel::Power)->outerRect().bottom());
    CHECK(plot.strip(Channel::Power)->axis(QCPAxis::atBottom)->label().isEmpty());
    CHECK_FALSE(plot.sourceStrip(0)->axis(QCPAxis::atBottom)->label().isEmpty());
    // Its values: idle at 2 W in the baseline (the median: a single reading also carries the
    // fake counter's own timing, and its ticker may write late on a busy machine).
    const gui::SourceTrace &source = view.trace().sources().front();
    std::vector<double> idle;
    for (std::size_t i = 0; i < source.t.size(); ++i) {
        if (source.t[i] > 1.0 && source.t[i] < 3.5)
            idle.push_back(source.watts[i]);
    }
    REQUIRE(idle.size() >= 10);
    std::nth_element(idle.begin(), idle.begin() + static_cast<std::ptrdiff_t>(idle.size() / 2),
                     idle.end());
    CHECK(idle[idle.size() / 2] == Approx(2.0).margin(0.1));
    double lo = 0;
    double hi = 0;
    REQUIRE(view.trace().sourceRange(0, 0, 1e9, lo, hi));
    CHECK(hi > 4.0);

    auto *table = view.findChild<QTableView *>(QStringLiteral("resultsTable"));
    REQUIRE(table != nullptr);
    CHECK_FALSE(table->isColumnHidden(ResultsModel::SourceRatio));
    const QString ratio = table->model()->index(0, ResultsModel::SourceRatio).data().toString();
    INFO(ratio.toStdString());
    CHECK(ratio.startsWith(QStringLiteral("rapl:package-0 0.3")));
    // The phases shade the source's strip as they shade the power's: a band each, on it.
    const auto bandsOn = [](const LivePlot &p, const QCPAxisRect *rect) {
        int n = 0;
        for (int i = 0; i < p.itemCount(); ++i) {
            const auto *band = qobject_cast<const QCPItemRect *>(p.item(i));
            n += band != nullptr && band->clipAxisRect() == rect ? 1 : 0;
        }
        return n;
    };
    CHECK(plot.phaseBandCount() >= 3); // baseline, settle, run
    CHECK(bandsOn(plot, plot.sourceStrip(0)) == plot.phaseBandCount());
    test::saveScreenshot(view, QStringLiteral("live-sources"));

    // Stored, every reading with its source: the stored session draws the same strip.
    auto storage = Storage::open(database(dir));
    REQUIRE(storage.ok());
    auto stored = (*storage)->load(1);
    REQUIRE(stored.ok());
    REQUIRE(stored->dut.sources.size() == 1);
    CHECK(static_cast<int>(stored->readings.size()) >= plot.sourceGraph(0)->dataCount());
    LiveView again;
    again.resize(1360, 860);
    again.show();
    again.showStoredSession(*stored);
    again.refreshNow();
    REQUIRE(again.plot()->sourceStrip(0) != nullptr);
    CHECK(again.plot()->sourceGraph(0)->dataCount() == plot.sourceGraph(0)->dataCount());
    CHECK(bandsOn(*again.plot(), again.plot()->sourceStrip(0)) == plot.phaseBandCount());
}

TEST_CASE("live view: a RAPL zone on the DUT as the only meter, named as such, with the cycles "
          "model beside the results",
          "[gui][session][sources]")
{
    // The fake zone follows the worker's load: idle 2.0 W, busy 5.0 W (net 3.0 W).
    test::TempDir dir;
    test::FakePowerTree tree;
    tree.addRaplZone("intel-rapl:0", "package-0", 50'000'000);
    tree.setRaplEnergy("intel-rapl:0", 0);
    const test::LoadFollowingRapl rapl(tree, "intel-rapl:0", 50'000'000, 2.0, 5.0);
    LiveView view;
    view.resize(1360, 860);
    view.show();
    SessionSettings settings = test::quickSettings(QStringLiteral("chacha20/botan:encrypt"));
    settings.meterResource = QStringLiteral("rapl:package");
    settings.voltageRange.reset();
    settings.currentRange.reset();
    CyclesModel model;
    model.volts = 1.35;
    model.amps = 0.2;
    settings.cyclesModel = model;
    RunnerOptions options = test::quickOptions(database(dir));
    options.localWorker.sysfsRoot = QString::fromStdString(tree.root().string());
    const auto outcome = test::runLive(view, settings, options, {});
    INFO(outcome.reason.toStdString());
    REQUIRE(outcome.status == SessionStatus::Complete);
    view.refreshNow();
    // The power axis and the tile name the source; no voltage, current or power factor tiles.
    CHECK(view.plot()->strip(Channel::Power)->axis(QCPAxis::atLeft)->label() ==
          QStringLiteral("Power, rapl:package-0 [W]"));
    auto *voltage = view.findChild<QWidget *>(QStringLiteral("voltageReadout"));
    REQUIRE(voltage != nullptr);
    CHECK_FALSE(voltage->isVisible());
    auto *badge = view.findChild<QLabel *>(QStringLiteral("simulatedBadge"));
    REQUIRE(badge != nullptr);
    CHECK_FALSE(badge->isVisible());
    // The zone's net power, stored as the session's own.
    auto storage = Storage::open(database(dir));
    REQUIRE(storage.ok());
    auto stored = (*storage)->load(1);
    REQUIRE(stored.ok());
    REQUIRE(stored->meter.source);
    REQUIRE(stored->runs.size() == 1);
    REQUIRE(stored->runs[0].analysis);
    CHECK(stored->runs[0].analysis->netWatts == Approx(3.0).epsilon(0.08));

    auto *table = view.findChild<QTableView *>(QStringLiteral("resultsTable"));
    REQUIRE(table != nullptr);
    CHECK(table->isColumnHidden(ResultsModel::SourceRatio));
    CHECK_FALSE(table->isColumnHidden(ResultsModel::CyclesModelRatio));
    const QString ratio =
        table->model()->index(0, ResultsModel::CyclesModelRatio).data().toString();
    INFO(ratio.toStdString());
    CHECK(ratio.section(QLatin1Char(' '), 0, 0).toDouble() > 0.0);
    test::saveScreenshot(view, QStringLiteral("live-source-meter"));
}

TEST_CASE("live view: Cancel asks first, then the runner cancels the session", "[gui][session]")
{
    test::TempDir dir;
    LiveView view;
    view.resize(1360, 860);
    view.show();
    SessionSettings settings = test::quickSettings(QStringLiteral("chacha20/botan:encrypt"));
    settings.runLength.seconds = 60;
    settings.settleSeconds = 0;
    int requests = 0;
    QObject::connect(&view, &LiveView::cancelRequested, &view, [&] { ++requests; });
    QElapsedTimer clock;
    auto *cancel = view.findChild<QPushButton *>(QStringLiteral("cancelButton"));
    const auto answer = [&view](const char *button) {
        QMessageBox *box = test::confirmation(view);
        REQUIRE(box != nullptr);
        box->findChild<QPushButton *>(QLatin1String(button))->click();
    };
    const auto outcome = test::runLive(
        view, settings, test::quickOptions(database(dir)), [&](gui::SessionController &controller) {
            QObject::connect(&controller, &gui::SessionController::runUpdated, &view,
                             [&](const RunUpdate &u) {
                                 if (u.status != RunStatus::Running || clock.isValid())
                                     return;
                                 clock.start();
                                 QTimer::singleShot(1000, &view, [&] {
                                     // First thoughts: keep it running.
                                     cancel->click();
                                     answer("keepRunning");
                                     CHECK(requests == 0);
                                     CHECK(view.isRunning());
                                     CHECK(cancel->isEnabled());
                                     // Then for real.
                                     cancel->click();
                                     answer("confirmCancel");
                                     CHECK(requests == 1);
                                     CHECK_FALSE(cancel->isEnabled());
                                     CHECK(view.statusText() == QStringLiteral("Cancelling…"));
                                 });
                             });
        });
    CHECK(requests == 1);
    REQUIRE(outcome.status == SessionStatus::Cancelled);
    CHECK(clock.elapsed() < 15000); // not the 60 s the run was asked for
    CHECK(view.statusText() == QStringLiteral("Cancelled"));
    CHECK_FALSE(view.isRunning());
    CHECK(test::confirmation(view) == nullptr);
}

TEST_CASE("live view: a stored frequency sweep shows its energy per byte against the frequency "
          "under the results, and a session without one does not",
          "[gui][design]")
{
    // Two ciphers at three levels, one repeat each: energy per byte = net power x 10 nJ/B
    // (10 s loops over 1e9 bytes), lowest at 1000 MHz for both; LEA draws 0.7 times ChaCha's.
    SessionData d;
    d.summary.id = 7;
    d.summary.label = QStringLiteral("sweep");
    d.summary.status = SessionStatus::Complete;
    d.settings.frequencyLevelsKHz = {600000, 1000000, 1400000};
    int ordinal = 0;
    for (const char *cipher : {"chacha20", "lea-128-xts"}) {
        for (const auto &[kHz, net] : std::vector<std::pair<std::uint64_t, double>>{
                 {600000, 3.0}, {1000000, 1.5}, {1400000, 2.2}}) {
            const double watts = cipher == std::string_view("chacha20") ? net : 0.7 * net;
            StoredRun r;
            r.id = ++ordinal;
            r.ordinal = ordinal;
            r.cipher = QLatin1String(cipher);
            r.backend = QStringLiteral("custom");
            r.operation = QStringLiteral("encrypt");
            r.bufferBytes = 4096;
            r.status = RunStatus::Done;
            WorkerRequest q;
            q.frequencyKHz = kHz;
            r.request = q;
            WorkerResult w;
            w.seconds = 10.0;
            w.bytes = 1000000000;
            w.iterations = w.bytes / 4096;
            r.result = w;
            RunResult a;
            a.netWatts = watts;
            a.netLow = watts - 0.05;
            a.netHigh = watts + 0.05;
            a.energyPerByteNj = watts * 10;
            a.energyPerByteNjLow = a.netLow * 10;
            a.energyPerByteNjHigh = a.netHigh * 10;
            a.throughputBytesPerSecond = 1e8;
            r.analysis = a;
            d.runs.push_back(r);
        }
    }
    LiveView view;
    view.resize(1360, 860);
    view.show();
    view.showStoredSession(d);
    auto *curves = view.findChild<QCustomPlot *>(QStringLiteral("frequencyCurves"));
    REQUIRE(curves != nullptr);
    CHECK(curves->isVisibleTo(&view));
    CHECK(curves->graphCount() == 4); // a line per cipher, and its optimum ringed
    CHECK(curves->xAxis->label().contains(QStringLiteral("MHz")));
    CHECK(curves->graph(0)->dataCount() == 3);
    // The results table tells the levels apart.
    auto *table = view.findChild<QTableView *>(QStringLiteral("resultsTable"));
    REQUIRE(table != nullptr);
    CHECK(table->model()->rowCount() == 6);
    test::saveScreenshot(view, QStringLiteral("live-frequency-curves"));

    SessionData plain = d;
    plain.settings.frequencyLevelsKHz.clear();
    for (StoredRun &r : plain.runs)
        r.request.reset();
    view.showStoredSession(plain);
    curves = view.findChild<QCustomPlot *>(QStringLiteral("frequencyCurves"));
    REQUIRE(curves != nullptr);
    CHECK_FALSE(curves->isVisibleTo(&view));

    // Two buffer sizes: the curves against the size, a logarithmic axis with a tick at each.
    SessionData sizes = plain;
    sizes.settings.bufferSizes = {16, 4096};
    for (StoredRun r : plain.runs) {
        r.id = ++ordinal;
        r.ordinal = ordinal;
        r.bufferBytes = 16;
        r.analysis->energyPerByteNj *= 3.0;
        r.analysis->energyPerByteNjLow *= 3.0;
        r.analysis->energyPerByteNjHigh *= 3.0;
        sizes.runs.push_back(r);
    }
    view.showStoredSession(sizes);
    curves = view.findChild<QCustomPlot *>(QStringLiteral("frequencyCurves"));
    REQUIRE(curves != nullptr);
    CHECK(curves->isVisibleTo(&view));
    CHECK(curves->graphCount() == 2); // a line per cipher
    CHECK(curves->graph(0)->dataCount() == 2);
    CHECK(curves->xAxis->scaleType() == QCPAxis::stLogarithmic);
    CHECK(curves->graph(0)->data()->at(0)->key == 16.0);
    test::saveScreenshot(view, QStringLiteral("live-buffer-curves"));
}
