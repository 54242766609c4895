// The live view fed by hand: flagged updates on the plot, follow mode and the mouse, the cap on
// repaints, light and dark palettes, and Cancel's confirmation.

#include "gui_support.h"

#include <cipherwatt/instruments/measurement.h>

#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <measure/live_plot.h>
#include <measure/live_view.h>
#include <measure/readout.h>
#include <measure/session_controller.h>
#include <widgets/elided_label.h>

using namespace cipherwatt;
using namespace cipherwatt::core;
using cipherwatt::gui::Channel;
using cipherwatt::gui::LivePlot;
using cipherwatt::gui::LiveView;
using Reading = cipherwatt::gui::LiveView::Reading;
namespace SampleFlag = cipherwatt::instruments::SampleFlag;
using instruments::ValueState;
namespace test = cipherwatt::test;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A session that has prepared, with a baseline phase from t = 0.
void prepare(LiveView &view, bool simulated = false)
{
    SessionSettings settings;
    settings.label = QStringLiteral("Hand-fed session");
    view.beginSession(settings);
    view.onPrepared(test::meterSetup(simulated), {}, 3);
    view.onSessionCreated(7);
    view.onPhaseChanged(PhaseKind::Baseline, core::Message::plain(QStringLiteral("idle baseline")),
                        0.0, 600.0);
}

// Updates every 100 ms from `from` to `to` (session seconds) at `watts`.
void feed(LiveView &view, double from, double to, double watts)
{
    const auto first = std::lround(from * 10);
    const auto last = std::lround(to * 10);
    for (auto n = first; n <= last; ++n)
        view.onSample(test::sample(230.0, watts / 230.0, watts), static_cast<double>(n) / 10,
                      watts);
}

void wheel(LivePlot &plot, int delta)
{
    const QPointF at = plot.strip(Channel::Power)->rect().center();
    QWheelEvent event(at, plot.mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&plot, &event);
}

QPointF pointAt(LivePlot &plot, double t)
{
    return {plot.xAxis->coordToPixel(t),
            static_cast<double>(plot.strip(Channel::Power)->rect().center().y())};
}

} // namespace

TEST_CASE("live view: over range, no data, missed updates and duplicates are marked", "[gui]")
{
    LiveView view;
    view.resize(1360, 860);
    view.show();
    prepare(view);
    double t = 0.1;
    const auto next = [&](double watts, std::uint32_t flags = 0,
                          ValueState invalid = ValueState::NoData, std::uint32_t missed = 0) {
        instruments::Sample s = test::sample(230.0, watts / 230.0, watts, flags, invalid);
        s.missedBefore = missed;
        view.onSample(s, t, watts);
        t += 0.1;
    };
    for (int i = 0; i < 50; ++i)
        next(4.0 + 0.02 * std::sin(i));
    for (int i = 0; i < 3; ++i) // the current range was too small
        next(kNaN, SampleFlag::OverRange, ValueState::OverRange);
    for (int i = 0; i < 30; ++i)
        next(4.0);
    next(kNaN, SampleFlag::NoData, ValueState::NoData);
    for (int i = 0; i < 30; ++i)
        next(4.0);
    t += 0.3; // three updates missed
    next(4.0, SampleFlag::Gap, ValueState::NoData, 3);
    for (int i = 0; i < 30; ++i)
        next(4.0);
    t -= 0.1; // the same update read twice
    next(4.0, SampleFlag::Duplicate);
    for (int i = 0; i < 20; ++i)
        next(4.0);
    view.refreshNow();
    LivePlot &plot = *view.plot();

    CHECK(view.trace().updates() == 166);
    CHECK(view.trace().size() == 165); // the duplicate is not a new point
    CHECK(plot.markerGraph(SampleFlag::OverRange)->dataCount() == 3);
    CHECK(plot.markerGraph(SampleFlag::NoData)->dataCount() == 1);
    CHECK(plot.markerGraph(SampleFlag::Gap)->dataCount() == 1);
    CHECK(plot.markerGraph(SampleFlag::Duplicate)->dataCount() == 1);
    // The over-range episode is one band over its three updates; the missed updates' band
    // covers what was missed, and the trace is broken there.
    const auto band = plot.bandGraph(SampleFlag::OverRange)->data();
    CHECK(band->size() == 4);
    CHECK(band->at(0)->key == Approx(5.0));
    CHECK((band->end() - 1)->key == Approx(5.3));
    const auto gap = plot.bandGraph(SampleFlag::Gap)->data();
    REQUIRE(gap->size() == 2);
    CHECK(gap->at(1)->key - gap->at(0)->key == Approx(0.3));
    CHECK(plot.traceGraph(Channel::Power)->dataCount() == 166); // 165 points and a break
    CHECK(plot.bandGraph(SampleFlag::Duplicate) == nullptr);

    // Tooltips say what happened; the key above the plot counts it.
    plot.setWindowSeconds(30);
    view.refreshNow();
    QApplication::processEvents();
    const QString overRange = plot.toolTipAt(pointAt(plot, 5.2));
    CHECK(overRange.contains(QStringLiteral("Over range")));
    CHECK(overRange.contains(QStringLiteral("Idle baseline")));
    CHECK(plot.toolTipAt(pointAt(plot, 8.45)).contains(QStringLiteral("No data")));
    CHECK(plot.toolTipAt(pointAt(plot, 11.6)).contains(QStringLiteral("Missed: 3")));
    const QString normal = plot.toolTipAt(pointAt(plot, 2.0));
    CHECK(normal.contains(QStringLiteral("P1 4.0")));
    CHECK_FALSE(normal.contains(QStringLiteral("Over range")));
    const auto *key = view.findChild<QLabel *>(QStringLiteral("flagKey"));
    CHECK(key->isVisibleTo(&view));
    CHECK(key->text().contains(QStringLiteral("over range&nbsp;3")));
    CHECK(key->text().contains(QStringLiteral("missed updates&nbsp;1")));
    CHECK_FALSE(view.findChild<QLabel *>(QStringLiteral("simulatedBadge"))->isVisibleTo(&view));

    // A screenshot of the flags, zoomed in on them.
    plot.setFollow(false);
    plot.xAxis->setRange(3.0, 16.5);
    view.refreshNow();
    test::saveScreenshot(view, QStringLiteral("flags-light"));
    test::applyPalette(view, test::darkPalette());
    view.refreshNow();
    test::saveScreenshot(view, QStringLiteral("flags-dark"));

    // The readout shows what the meter shows for an over-range reading.
    next(kNaN, SampleFlag::OverRange, ValueState::OverRange);
    view.refreshNow();
    CHECK(view.readout(Reading::Power)->value() == QStringLiteral("-OL-"));
    CHECK(view.readout(Reading::Power)->alert());
    next(4.0);
    view.refreshNow();
    CHECK(view.readout(Reading::Power)->value() == QStringLiteral("4.0000"));
    CHECK_FALSE(view.readout(Reading::Power)->alert());
}

TEST_CASE("live view: follow mode scrolls, the mouse leaves it, F and Follow return", "[gui]")
{
    LiveView view;
    view.resize(1200, 800);
    view.show();
    prepare(view, true);
    LivePlot &plot = *view.plot();
    auto *follow = view.findChild<QToolButton *>(QStringLiteral("followButton"));
    feed(view, 0.1, 120.0, 4.0);
    view.refreshNow();
    CHECK(plot.follows());
    CHECK(plot.xAxis->range().size() == Approx(60.0));
    CHECK(plot.xAxis->range().upper == Approx(120.0 + 1.2)); // a little room on the right
    feed(view, 120.1, 130.0, 4.0);
    view.refreshNow();
    CHECK(plot.xAxis->range().upper == Approx(130.0 + 1.2)); // it scrolled

    // Zooming with the wheel leaves follow mode; new data no longer moves the view.
    wheel(plot, 120);
    CHECK_FALSE(plot.follows());
    CHECK_FALSE(follow->isChecked());
    const QCPRange zoomed = plot.xAxis->range();
    CHECK(zoomed.size() < 60.0);
    feed(view, 130.1, 135.0, 4.0);
    view.refreshNow();
    CHECK(plot.xAxis->range().lower == Approx(zoomed.lower));
    CHECK(plot.xAxis->range().upper == Approx(zoomed.upper));
    // The strips move with the power strip.
    CHECK(plot.strip(Channel::Current)->axis(QCPAxis::atBottom)->range().lower ==
          Approx(zoomed.lower));

    // F returns to following (a shortcut: the window must be the active one).
    QApplication::setActiveWindow(&view);
    REQUIRE(QTest::qWaitForWindowActive(&view));
    plot.setFocus();
    QTest::keyClick(&plot, Qt::Key_F);
    CHECK(plot.follows());
    CHECK(follow->isChecked());
    CHECK(plot.xAxis->range().upper == Approx(135.0 + 1.2));

    // Dragging leaves it again; the Follow button returns.
    const QPoint from = plot.strip(Channel::Power)->rect().center();
    QTest::mousePress(&plot, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(&plot, from + QPoint(120, 0));
    QTest::mouseRelease(&plot, Qt::LeftButton, Qt::NoModifier, from + QPoint(120, 0));
    CHECK_FALSE(plot.follows());
    CHECK(plot.xAxis->range().upper < 135.0);
    follow->click();
    CHECK(plot.follows());
    CHECK(plot.xAxis->range().upper == Approx(135.0 + 1.2));

    // A double-click on the plot follows too, and choosing a span follows that span.
    wheel(plot, -120);
    CHECK_FALSE(plot.follows());
    QTest::mouseDClick(&plot, Qt::LeftButton, Qt::NoModifier, from);
    CHECK(plot.follows());
    auto *span = view.findChild<QComboBox *>(QStringLiteral("windowBox"));
    wheel(plot, 120);
    span->setCurrentIndex(span->findData(0.0));
    emit span->activated(span->currentIndex());
    CHECK(plot.follows());
    CHECK(plot.xAxis->range().lower == Approx(0.0));
    CHECK(plot.xAxis->range().upper == Approx(135.0 * 1.02));
}

TEST_CASE("live view: updates only arm a timer, and repaints stay under 25 a second", "[gui]")
{
    LiveView view;
    view.resize(1200, 800);
    view.show();
    prepare(view);
    view.refreshNow();
    QApplication::processEvents();
    int replots = 0;
    QObject::connect(view.plot(), &QCustomPlot::afterReplot, &view, [&] { ++replots; });
    // A burst of two minutes of updates: nothing is drawn while it comes in.
    feed(view, 0.1, 120.0, 5.0);
    CHECK(replots == 0);
    CHECK(view.plot()->traceGraph(Channel::Power)->dataCount() == 0);
    test::wait(200);
    CHECK(replots == 1);
    CHECK(view.plot()->traceGraph(Channel::Power)->dataCount() == 1200);
    // Updates at 100 Hz for a second: at most 25 repaints.
    replots = 0;
    QElapsedTimer clock;
    clock.start();
    double t = 120.1;
    while (clock.elapsed() < 1000) {
        view.onSample(test::sample(230.0, 0.02, 5.0), t, 5.0);
        t += 0.01;
        test::wait(10);
    }
    test::wait(100);
    CHECK(replots >= 10);
    CHECK(replots <= 26);

    // Two hours in view: a pixel is seconds, so the plot redraws about once a second while
    // the readouts still follow every update.
    feed(view, std::ceil(t), 7200.0, 5.0);
    view.plot()->setWindowSeconds(0);
    view.refreshNow();
    replots = 0;
    QStringList readings;
    clock.restart();
    t = 7200.1;
    while (clock.elapsed() < 2500) {
        const double watts = 5.0 + 0.001 * static_cast<double>(readings.size());
        view.onSample(test::sample(230.0, 0.02, watts), t, watts);
        t += 0.1;
        test::wait(100);
        readings << view.readout(Reading::Power)->value();
    }
    readings.removeDuplicates();
    CHECK(readings.size() >= 15);
    CHECK(replots >= 2);
    CHECK(replots <= 4);
    CHECK(view.plot()->traceGraph(Channel::Power)->dataCount() ==
          static_cast<int>(view.trace().size()));
}

TEST_CASE("live view: readable in light and dark palettes", "[gui]")
{
    LiveView view;
    view.resize(1200, 800);
    view.show();
    prepare(view, true);
    feed(view, 0.1, 30.0, 4.0);
    view.onPhaseChanged(
        PhaseKind::Run,
        core::Message::plain(QStringLiteral("aes-128-xts/openssl encrypt 4096 B #1")), 30.0, 10.0);
    feed(view, 30.1, 36.0, 12.5);
    core::BaselineResult baseline;
    baseline.stats.mean = 4.0;
    baseline.stats.count = 299;
    view.onBaseline(baseline);
    view.plot()->setDetailStripsVisible(true);
    view.refreshNow();
    for (const bool dark : {false, true}) {
        INFO((dark ? "dark" : "light"));
        test::applyPalette(view, dark ? test::darkPalette() : test::lightPalette());
        view.refreshNow();
        LivePlot &plot = *view.plot();
        const QColor background = plot.backgroundColor();
        CHECK((background.lightness() < 128) == dark);
        for (const Channel c : {Channel::Power, Channel::Voltage, Channel::Current}) {
            CHECK(plot.traceGraph(c)->pen().color() == plot.traceColor(c));
            CHECK(test::contrast(plot.traceColor(c), background) >= 3.0);
        }
        CHECK(test::contrast(plot.xAxis->tickLabelColor(), background) >= 7.0);
        // Phase shading stays a tint of the background, under readable labels.
        for (int i = 0; i < plot.itemCount(); ++i) {
            if (auto *rect = qobject_cast<QCPItemRect *>(plot.item(i))) {
                const QColor fill = rect->brush().color();
                CHECK(std::abs(fill.lightness() - background.lightness()) < 90);
                CHECK(test::contrast(plot.xAxis->tickLabelColor(), fill) >= 4.5);
                CHECK(test::contrast(plot.traceColor(Channel::Power), fill) >= 2.5);
            }
        }
        const auto *power = view.readout(Reading::Power);
        const auto *value = power->findChild<QLabel *>(QStringLiteral("value"));
        CHECK(test::contrast(value->palette().color(QPalette::WindowText),
                             power->palette().color(QPalette::Base)) >= 7.0);
        test::saveScreenshot(view,
                             dark ? QStringLiteral("strips-dark") : QStringLiteral("strips-light"));
    }
}

TEST_CASE("live view: Cancel emits only after the operator confirms", "[gui]")
{
    LiveView view;
    view.show();
    prepare(view);
    int requests = 0;
    QObject::connect(&view, &LiveView::cancelRequested, &view, [&] { ++requests; });
    auto *cancel = view.findChild<QPushButton *>(QStringLiteral("cancelButton"));
    CHECK(cancel->text() == QStringLiteral("Cancel Session…"));
    CHECK_FALSE(cancel->toolTip().isEmpty());
    cancel->click();
    QMessageBox *box = test::confirmation(view);
    REQUIRE(box != nullptr);
    CHECK(box->defaultButton()->objectName() == QStringLiteral("keepRunning"));
    QTest::keyClick(box, Qt::Key_Escape); // escape keeps it running
    QApplication::processEvents();
    CHECK(requests == 0);
    CHECK(cancel->isEnabled());
    cancel->click();
    box = test::confirmation(view);
    REQUIRE(box != nullptr);
    box->findChild<QPushButton *>(QStringLiteral("confirmCancel"))->click();
    CHECK(requests == 1);
    CHECK_FALSE(cancel->isEnabled());
    // The session ends while a second question would be open: nothing more is asked.
    view.onFinished(SessionStatus::Cancelled, QStringLiteral("cancelled by the operator"));
    cancel->click();
    CHECK(test::confirmation(view) == nullptr);
    CHECK(requests == 1);
    CHECK(view.statusText() == QStringLiteral("Cancelled"));
}

TEST_CASE("live view: attach() takes a controller's signals and gives it Cancel", "[gui]")
{
    gui::SessionController controller;
    LiveView view;
    view.attach(&controller);
    SessionSettings settings;
    settings.label = QStringLiteral("Attached");
    view.beginSession(settings);
    emit controller.prepared(test::meterSetup(true), {}, 2);
    emit controller.sessionCreated(42);
    emit controller.phaseChanged(PhaseKind::Baseline,
                                 core::Message::plain(QStringLiteral("idle baseline")), 0.5, 60);
    emit controller.sampleArrived(test::sample(230.0, 0.02, 4.6), 0.6, 4.6);
    emit controller.progress(0.25, 90.0);
    emit controller.warning(QStringLiteral("the meter reports a range change"));
    view.refreshNow();
    CHECK(view.sessionId() == 42);
    CHECK(view.isSimulated());
    CHECK(view.trace().size() == 1);
    CHECK(view.statusText() == QStringLiteral("Idle baseline"));
    CHECK(view.findChild<QLabel *>(QStringLiteral("sessionTime"))->text() ==
          QStringLiteral("25 %, about 1:30 left"));
    CHECK(view.findChild<QLabel *>(QStringLiteral("warningText"))->text() ==
          QStringLiteral("the meter reports a range change"));
    emit controller.finished(SessionStatus::Complete, {});
    CHECK(view.statusText() == QStringLiteral("Complete"));
    CHECK_FALSE(view.isRunning());
}

TEST_CASE("live view: the session's details fit the header, and show more when it widens", "[gui]")
{
    LiveView view;
    view.resize(700, 600);
    view.show();
    SessionSettings settings;
    settings.label = QStringLiteral("Elided details");
    settings.operatorName =
        QStringLiteral("Dr. A. Operator of the Institute for Measurement Science, Lab 3, Bench 2");
    view.beginSession(settings);
    view.onPrepared(test::meterSetup(true), {}, 3);
    view.onSessionCreated(7);
    view.refreshNow();
    auto *details = view.findChild<gui::ElidedLabel *>(QStringLiteral("sessionDetails"));
    REQUIRE(details != nullptr);
    const QString whole = details->fullText();
    INFO(whole.toStdString());
    REQUIRE(whole.contains(QStringLiteral("S7")));
    CHECK(details->toolTip() == whole);
    // Narrow: cut with an ellipsis, never wider than the label.
    QApplication::processEvents();
    const QString narrow = details->text();
    CHECK(narrow.endsWith(QChar(0x2026)));
    CHECK(details->fontMetrics().horizontalAdvance(narrow) <= details->contentsRect().width());
    // Wide: the same label shows more of it, then all of it, without being set again.
    view.resize(3000, 600);
    QApplication::processEvents();
    CHECK(details->text().size() > narrow.size());
    CHECK(details->text() == whole);
}
