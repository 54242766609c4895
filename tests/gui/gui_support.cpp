#include "gui_support.h"

#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QJsonArray>
#include <QMessageBox>
#include <QStyle>
#include <QThread>
#include <QTimer>
#include <QWidget>
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <measure/live_view.h>
#include <measure/session_controller.h>
#include <session_helpers.h>

namespace cipherwatt::test {

using namespace core;

void applyPalette(QWidget &widget, const QPalette &palette)
{
    widget.setPalette(palette);
    QApplication::processEvents();
}

double contrast(const QColor &a, const QColor &b)
{
    const auto luminance = [](const QColor &c) {
        const auto channel = [](double v) {
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) +
               0.0722 * channel(c.blueF());
    };
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

core::MeterSetup meterSetup(bool simulated)
{
    core::MeterSetup m;
    m.description =
        simulated ? QStringLiteral("YOKOGAWA WT332 (simulated)") : QStringLiteral("YOKOGAWA WT332");
    m.identity.simulated = simulated;
    m.element = 1;
    m.intervalMs = 100;
    m.items = {QStringLiteral("U1 [V]"), QStringLiteral("I1 [A]"), QStringLiteral("P1 [W]"),
               QStringLiteral("S1 [VA]"), QStringLiteral("PF1")};
    return m;
}

instruments::Sample sample(double volts, double amps, double watts, std::uint32_t flags,
                           instruments::ValueState invalid)
{
    instruments::Sample s;
    s.intervalMs = 100;
    s.flags = flags;
    const double pf = std::isfinite(watts) && volts * amps > 0
                          ? watts / (volts * amps)
                          : std::numeric_limits<double>::quiet_NaN();
    s.values = {volts, amps, watts, volts * amps, pf};
    for (const double v : s.values)
        s.states.push_back(std::isfinite(v) ? instruments::ValueState::Valid : invalid);
    return s;
}

SessionSettings quickSettings(const QString &plan)
{
    SessionSettings s = thresholdSettings(plan, 4.0, 4.0, 30);
    s.label = QStringLiteral("LEA and AES on the bench");
    s.operatorName = QStringLiteral("test");
    s.settleSeconds = 1.0;
    return s;
}

RunnerOptions quickOptions(const QString &database)
{
    RunnerOptions o;
    o.databasePath = database;
    o.localWorker.program = QStringLiteral(CIPHERWATT_BENCH_EXE);
    return o;
}

LiveOutcome runLive(cipherwatt::gui::LiveView &view, const SessionSettings &settings,
                    const RunnerOptions &options,
                    const std::function<void(cipherwatt::gui::SessionController &)> &during,
                    std::chrono::seconds limit)
{
    using cipherwatt::gui::SessionController;
    SessionController controller;
    view.attach(&controller);
    LiveOutcome out;
    QEventLoop loop;
    QObject::connect(&controller, &SessionController::finished, &loop,
                     [&](SessionStatus status, const QString &reason) {
                         out.status = status;
                         out.reason = reason;
                         loop.quit();
                     });
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, [&] {
        FAIL_CHECK("the session did not end in time");
        loop.quit();
    });
    view.beginSession(settings);
    if (during)
        during(controller);
    REQUIRE(controller.start(settings, options));
    guard.start(static_cast<int>(std::chrono::milliseconds(limit).count()));
    loop.exec();
    out.session = controller.sessionId();
    wait(100);  // the finished signal's queued slots and the last refresh
    return out; // the controller waits for its thread to close the meter and end the worker
}

QMessageBox *confirmation(const cipherwatt::gui::LiveView &view)
{
    for (QMessageBox *box :
         view.findChildren<QMessageBox *>(QStringLiteral("cancelConfirmation"))) {
        if (box->isVisible())
            return box;
    }
    return nullptr;
}

void wait(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace cipherwatt::test
