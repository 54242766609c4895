#pragma once

// `meter probe|log` for the power sources on a DUT (RAPL, battery, hwmon), read by its worker.

#include "options.h"

#include <QString>

namespace cipherwatt::cli {

// The source's identity and a few seconds of readings with their statistics; --dut, --json,
// --interval, --seconds and the DUT's options.
int probeSource(Options &opts, const QString &resource);
// Every reading for `seconds` into the CSV file `path`, each row naming its source.
int logSource(Options &opts, const QString &resource, double seconds, const QString &path);

} // namespace cipherwatt::cli
