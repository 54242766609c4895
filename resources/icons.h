#pragma once

// The window's icons, from the SVG set in resources/icons (resources/cipherwatt.qrc). Action
// icons are drawn in one neutral ink (#232629) that is replaced by the palette's text colour,
// so they read in light and dark palettes alike; colour accents stay as drawn.

#include <QIcon>
#include <QPalette>

namespace cipherwatt::gui {

// `name` is a file of resources/icons without ".svg": start, stop, export, compare, meter, dut,
// simulated, library, measure.
QIcon actionIcon(const QString &name, const QPalette &palette);
QIcon applicationIcon();

} // namespace cipherwatt::gui
