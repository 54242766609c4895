#pragma once

// What the live view's tests add to gui_test_support.h: contrast, synthetic meter updates, and
// whole sessions run into a view through the window's SessionController.

#include "gui_test_support.h"

#include <cipherwatt/core/runner.h>

#include <QPalette>
#include <QString>

#include <chrono>
#include <functional>

class QMessageBox;
class QWidget;

namespace cipherwatt::gui {
class LiveView;
class SessionController;
} // namespace cipherwatt::gui

namespace cipherwatt::test {

// The palettes and the screenshots of the other GUI tests.
using gui::darkPalette;
using gui::lightPalette;
// Sets the palette on the widget and lets the change reach every child.
void applyPalette(QWidget &widget, const QPalette &palette);

// WCAG contrast ratio of two colours (1 to 21).
double contrast(const QColor &a, const QColor &b);

// Saves widget.grab() as test-artifacts/gui/<name>.png; returns the path.
inline QString saveScreenshot(QWidget &widget, const QString &name)
{
    return gui::saveGrab(widget, name);
}

// A meter description as the runner makes it: U, I, P, S, PF of element 1.
core::MeterSetup meterSetup(bool simulated);
// One update of those items; NaN values get the state `invalid`.
instruments::Sample sample(double volts, double amps, double watts, std::uint32_t flags = 0,
                           instruments::ValueState invalid = instruments::ValueState::NoData);

// Quick settings for the scripted simulator (12.5 W busy, 4.0 W idle) and the local worker.
core::SessionSettings quickSettings(const QString &plan);
core::RunnerOptions quickOptions(const QString &database);

struct LiveOutcome
{
    core::SessionStatus status = core::SessionStatus::Running;
    QString reason;
    qint64 session = 0;
};

// Runs a session to its end (bounded by `limit`) as the window runs one: a SessionController
// (the runner on a thread of its own) attached to `view`. `during` sees the controller before
// the session starts.
LiveOutcome runLive(cipherwatt::gui::LiveView &view, const core::SessionSettings &settings,
                    const core::RunnerOptions &options,
                    const std::function<void(cipherwatt::gui::SessionController &)> &during = {},
                    std::chrono::seconds limit = std::chrono::seconds(120));

// The Cancel confirmation the view shows, when one is open.
QMessageBox *confirmation(const cipherwatt::gui::LiveView &view);

// Runs the event loop for `ms` milliseconds.
void wait(int ms);

} // namespace cipherwatt::test
