#pragma once

// The messages about what else kept the DUT busy (records.h, DutActivity): the flags, the wait
// for a quiet DUT before the baseline, and how outputs name other activity. Listed in the
// core's catalogue with the rest (messages.cpp).

#include "messages.h"

namespace cipherwatt::core::msg {

// Flags (flags.cpp gives their severity).
inline constexpr MessageTemplate kBusyBaseline{
    "core.activity.busy-baseline", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the DUT was not idle in the baseline: other activity kept %1 cores busy "
                      "on average (%2 % of its %3 cores); it adds to the baseline and to every "
                      "run alike, and can make a run indistinguishable from idle")};
inline constexpr MessageTemplate kActivityChanged{
    "core.activity.changed", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "other activity on the DUT changed from %1 cores busy in the baseline to "
                      "%2 in this run: the difference is in the net power as if the run had "
                      "caused it")};
inline constexpr MessageTemplate kDutSaturated{
    "core.activity.saturated", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the DUT's cores were saturated in this run (other activity %1 and the "
                      "worker %2 cores busy of %3): the worker took its time from the other "
                      "work, so the net power understates the run")};
// The worker could not read its counters (a fake or restricted /proc): said once.
inline constexpr MessageTemplate kActivityUnreadable{
    "core.activity.unreadable", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the DUT's other activity could not be measured: %1")};

// Waiting for a quiet DUT before the baseline (--wait-for-quiet): what happened, as an event.
inline constexpr MessageTemplate kWaitingForQuiet{
    "core.activity.waiting", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "Waiting for the DUT to be quiet (at most %1 s)")};
inline constexpr MessageTemplate kWaitingForStable{
    "core.stable.waiting", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "Waiting for the idle power to be stable (at most %1 s)")};
inline constexpr MessageTemplate kStableReached{
    "core.stable.reached", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the idle power was stable after %1 s: it moved %2 W over the last %3 s "
                      "(least-squares slope), within %4 W (%5 % of its mean %6 W)")};
inline constexpr MessageTemplate kStableNotReached{
    "core.stable.not-reached", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the idle power was not stable after %1 s: it moved %2 W over the last "
                      "%3 s (least-squares slope), beyond %4 W (%5 % of its mean %6 W); "
                      "measuring anyway")};
inline constexpr MessageTemplate kQuietReached{
    "core.activity.quiet", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the DUT was quiet after %1 s (other activity %2 cores busy, below %3)")};
inline constexpr MessageTemplate kQuietNotReached{
    "core.activity.not-quiet", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the DUT did not become quiet in %1 s (other activity %2 cores busy, "
                      "threshold %3): measuring anyway")};
inline constexpr MessageTemplate kQuietUnsupported{
    "core.activity.quiet-unsupported", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "waiting for a quiet DUT needs a worker of protocol 3 or later on a Linux "
                      "DUT: not waited")};

// How outputs name it: "other activity 0.41 cores (21 % of 2)".
inline constexpr MessageTemplate kActivityLine{
    "core.activity.line", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "%1: other activity %2 cores busy (%3 % of %4), worker %5 cores")};

} // namespace cipherwatt::core::msg
