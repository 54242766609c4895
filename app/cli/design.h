#pragma once

// Design files (`cipherwatt-cli run --design FILE`, `show N --design`): an experiment's design
// as text, one run option per line, `option value`; a line starting with `#` is a comment:
//
//   # The third paper's payloads, with the fourth paper's data types
//   plan aes-128-ecb:encrypt+decrypt,aes-128-ccm-8:encrypt+decrypt
//   buffer 5,20,50,100
//   pad zeros
//   vary payload=random,zeros,file:/data/text.txt
//   repeats 3
//   order random:42
//
// The options are the run's own (README, "Experiments"); options given on the command line win
// over the file's, and a factor given there (`--vary NAME=`) replaces the file's.

#include "options.h"

#include <cipherwatt/core/session.h>

#include <QString>

namespace cipherwatt::cli {

// Reads the file named by `--design`, if given, into `opts` behind the command line's own
// options. Throws UsageError with one line naming the file, the line and what is wrong.
void applyDesignFile(Options &opts);

// A stored session's design as a design file: running it again (with the same seed) plans the
// same runs in the same order.
QString designText(const core::SessionSettings &settings);

} // namespace cipherwatt::cli
