#pragma once

// The DUT's options on the command line (--dut's kind's own flags, SSH questions on the
// terminal), shared by `run` and the commands that read a DUT's power sources.

#include "options.h"

#include <cipherwatt/core/runner.h>

namespace cipherwatt::cli {

// The options of the DUT's kind (dut_kinds.h), each under its own flag; a flag of another kind
// is refused. For an SSH DUT the terminal answers the link's questions.
void configureDut(Options &opts, const QString &dut, core::RunnerOptions &runner);

} // namespace cipherwatt::cli
