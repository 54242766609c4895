#pragma once

// Numbers as the live view shows them to an operator at a glance: times as m:ss (h:mm:ss past
// an hour), bytes and rates in SI units (KB = 1000 B, as the papers and the results table),
// meter readings with the meter's own five significant digits. "–" for a value that does not
// exist. Decimal point and digit grouping are the default locale's (the window's language).

#include <QString>

namespace cipherwatt::gui::format {

// "0:07", "12:34", "1:02:03"; with `tenths`, "0:07.3".
QString duration(double seconds, bool tenths = false);
// "512 B", "1.23 MB", "4.56 GB".
QString bytes(double bytes);
// "172.4 MB/s".
QString rate(double bytesPerSecond);
// A reading with `digits` significant digits and at most `maxDecimals` decimals: "12.503",
// "229.87", "0.4212".
QString reading(double value, int digits = 5, int maxDecimals = 4);

} // namespace cipherwatt::gui::format
