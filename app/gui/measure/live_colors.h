#pragma once

// Colours of the live view derived from the palette, so that it reads in light and dark themes.

#include <QColor>

namespace cipherwatt::gui {

// `a` moved towards `b` by `f` (0: a, 1: b).
inline QColor blend(const QColor &a, const QColor &b, double f)
{
    const auto t = static_cast<float>(f);
    return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * t,
                            a.greenF() + (b.greenF() - a.greenF()) * t,
                            a.blueF() + (b.blueF() - a.blueF()) * t);
}

} // namespace cipherwatt::gui
