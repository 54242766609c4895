#pragma once

// The templates of the core's messages (cipherwatt/instruments/message.h): the runner's
// warnings and notes, the phases' labels, why a session or a run ended, the analysis flags,
// what is wrong with a plan or a DUT resource, the SSH link's and the storage's errors an
// operator can act on. Each has a stable identifier, stored with the message; messages.cpp
// lists them all in the core's catalogue.
//
// lupdate needs the literal context in every QT_TRANSLATE_NOOP.

#include <cipherwatt/instruments/message.h>

#include <QtGlobal>

namespace cipherwatt::core {
using instruments::Message;
using instruments::MessageTemplate;
} // namespace cipherwatt::core

namespace cipherwatt::core::msg {

// The kinds of error (errorCodeName).
inline constexpr MessageTemplate kErrorUsage{
    "core.error.usage", "cipherwatt::core::Error",
    QT_TRANSLATE_NOOP("cipherwatt::core::Error", "usage error")};
inline constexpr MessageTemplate kErrorNotFound{
    "core.error.not-found", "cipherwatt::core::Error",
    QT_TRANSLATE_NOOP("cipherwatt::core::Error", "not found")};
inline constexpr MessageTemplate kErrorRefused{
    "core.error.refused", "cipherwatt::core::Error",
    QT_TRANSLATE_NOOP("cipherwatt::core::Error", "refused")};
inline constexpr MessageTemplate kErrorStorage{
    "core.error.storage", "cipherwatt::core::Error",
    QT_TRANSLATE_NOOP("cipherwatt::core::Error", "storage error")};
inline constexpr MessageTemplate kErrorIo{
    "core.error.io", "cipherwatt::core::Error",
    QT_TRANSLATE_NOOP("cipherwatt::core::Error", "I/O error")};
inline constexpr MessageTemplate kErrorMeter{
    "core.error.meter", "cipherwatt::core::Error",
    QT_TRANSLATE_NOOP("cipherwatt::core::Error", "meter error")};
inline constexpr MessageTemplate kErrorDut{
    "core.error.dut", "cipherwatt::core::Error",
    QT_TRANSLATE_NOOP("cipherwatt::core::Error", "DUT error")};
inline constexpr MessageTemplate kErrorProtocol{
    "core.error.protocol", "cipherwatt::core::Error",
    QT_TRANSLATE_NOOP("cipherwatt::core::Error", "protocol error")};
inline constexpr MessageTemplate kErrorUnsupported{
    "core.error.unsupported", "cipherwatt::core::Error",
    QT_TRANSLATE_NOOP("cipherwatt::core::Error", "unsupported")};
inline constexpr MessageTemplate kErrorCancelled{
    "core.error.cancelled", "cipherwatt::core::Error",
    QT_TRANSLATE_NOOP("cipherwatt::core::Error", "cancelled")};

// The session runner: warnings, notes, why a session ended, why a run failed.
inline constexpr MessageTemplate kStorageFailed{
    "core.runner.storage-failed", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "storage: %1")};
inline constexpr MessageTemplate kMeterReports{
    "core.runner.meter-reports", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the meter reports %1")};
inline constexpr MessageTemplate kNoSuchElement{
    "core.runner.no-such-element", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "element %1: the %2 has elements %3")};
inline constexpr MessageTemplate kSimulatedMeter{
    "core.runner.simulated-meter", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the meter is SIMULATED: %1")};
inline constexpr MessageTemplate kMeterWarning{
    "core.runner.meter-warning", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "meter: %1")};
inline constexpr MessageTemplate kDutFailed{
    "core.runner.dut-failed", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "DUT %1: %2")};
inline constexpr MessageTemplate kDutMessage{
    "core.runner.dut-message", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "DUT: %1")};
inline constexpr MessageTemplate kNewWorker{
    "core.runner.new-worker", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "a new worker took over")};
inline constexpr MessageTemplate kWorkerVersion{
    "core.runner.worker-version", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP(
        "cipherwatt::core::SessionRunner",
        "DUT %1: its cipherwatt-bench is version %2, this CipherWatt is %3; results from different "
        "versions are not comparable")};
inline constexpr MessageTemplate kEarlierWorker{
    "core.runner.earlier-worker", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP(
        "cipherwatt::core::SessionRunner",
        "DUT: an earlier worker (pid %1) was still running there and was stopped first")};
inline constexpr MessageTemplate kPinningFailed{
    "core.runner.pinning-failed", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "governor pinning failed: %1")};
inline constexpr MessageTemplate kRestoreFailed{
    "core.runner.restore-failed", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "governor restore failed: %1")};
inline constexpr MessageTemplate kJournalRestored{
    "core.runner.journal-restored", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the DUT's worker restored a governor left pinned by an earlier session")};
inline constexpr MessageTemplate kKatFailedWarning{
    "core.runner.kat-failed-warning", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "%1 failed its known-answer self-test on the DUT and will not be measured")};
inline constexpr MessageTemplate kRunRefusedByDut{
    "core.runner.run-refused", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the plan's run %1 (%2) cannot run on the DUT, so nothing was measured: "
                      "%3")};
inline constexpr MessageTemplate kRunsRefusedByDut{
    "core.runner.runs-refused", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "%1 runs of the plan are refused; %2")};
inline constexpr MessageTemplate kCheckAnswerSize{
    "core.runner.check-answer-size", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the worker answered the plan check for %1 runs, not %2")};
inline constexpr MessageTemplate kWorkerSilent{
    "core.runner.worker-silent", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "DUT %1: the worker sent nothing for %2 s (the watchdog's limit is %3 s; "
                      "--watchdog): declared lost")};
inline constexpr MessageTemplate kRestoringWithNewWorker{
    "core.runner.restoring-with-new-worker", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "starting a new worker to put the governor back")};
inline constexpr MessageTemplate kRestoreAttemptTimeout{
    "core.runner.restore-attempt-timeout", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the new worker did not put the governor back within %1 s")};
inline constexpr MessageTemplate kTerminatedBySignal{
    "core.runner.terminated-by-signal", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "terminated by %1")};
inline constexpr MessageTemplate kStoppedAtOnce{
    "core.runner.stopped-at-once", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "stopped at once by the operator (a second interrupt)")};
inline constexpr MessageTemplate kStoppedAtOnceAfter{
    "core.runner.stopped-at-once-after", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "%1, then stopped at once")};
inline constexpr MessageTemplate kNoRunMeasured{
    "core.runner.no-run-measured", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "no run was measured: every planned run failed or was skipped")};
inline constexpr MessageTemplate kNoCipherPassed{
    "core.runner.no-cipher-passed", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "no planned cipher passed its known-answer self-test on the DUT (%1)")};
inline constexpr MessageTemplate kKatFailedRun{
    "core.runner.kat-failed-run", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "failed its known-answer self-test on the DUT")};
inline constexpr MessageTemplate kNotRequested{
    "core.runner.not-requested", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "not requested (governor: none)")};
inline constexpr MessageTemplate kNotPinned{
    "core.runner.not-pinned", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the CPU governor is not pinned: frequencies may change during the runs")};
inline constexpr MessageTemplate kGovernorMismatch{
    "core.runner.governor-mismatch", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "governor: %1")};
inline constexpr MessageTemplate kNoBaselineUpdate{
    "core.runner.no-baseline-update", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the baseline has no valid meter update")};
inline constexpr MessageTemplate kBaselineDrifts{
    "core.runner.baseline-drifts", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the idle baseline drifts by %1 W over %2 s")};
inline constexpr MessageTemplate kPilot{
    "core.runner.pilot", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "%1: pilot %2 iterations in %3 s; runs get %4 iterations (%5 s)")};
inline constexpr MessageTemplate kProgramFailed{
    "core.runner.program-failed", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the program failed (%1)")};
inline constexpr MessageTemplate kLevelPinned{
    "core.runner.level-pinned", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "CPU pinned at %1 (read back); idle at it for %2 s before its runs")};
inline constexpr MessageTemplate kLevelRefused{
    "core.runner.level-refused", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the DUT refused the frequency level %1, whose runs are skipped: %2")};
inline constexpr MessageTemplate kRunFrequencyMismatch{
    "core.runner.frequency-mismatch", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the worker read back %1 after the loop, not its level %2")};
inline constexpr MessageTemplate kRunFrequencyUnsaid{
    "core.runner.frequency-unsaid", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the worker did not read the frequency back (a worker older than frequency "
                      "levels: install this version's on the DUT)")};
inline constexpr MessageTemplate kGovernorLevelPinned{
    "core.runner.governor-level-pinned", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP(
        "cipherwatt::core::SessionRunner",
        "CPU governor %1 pinned (read back); idle under it for %2 s before its runs")};
inline constexpr MessageTemplate kGovernorLevelRefused{
    "core.runner.governor-level-refused", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the DUT refused the governor level %1, whose runs are skipped: %2")};
inline constexpr MessageTemplate kRunGovernorMismatch{
    "core.runner.run-governor-mismatch", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the worker read back the governor %1 after the loop, not its level %2")};
inline constexpr MessageTemplate kRunGovernorUnsaid{
    "core.runner.governor-unsaid", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the worker did not read the governor back (a worker older than governor "
                      "levels: install this version's on the DUT)")};
inline constexpr MessageTemplate kRunChunkingMismatch{
    "core.runner.chunking-mismatch", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the worker measured the chunking %1, not its level %2")};
inline constexpr MessageTemplate kRunIsaMismatch{
    "core.runner.isa-mismatch", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "measured at the worker's level %1, not %2 (a worker older than per-run "
                      "levels: install this version's on the DUT)")};
inline constexpr MessageTemplate kRunFailed{
    "core.runner.run-failed", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "%1 failed: %2")};
//: A flag of one run in the session's list: the run, then the flag.
inline constexpr MessageTemplate kRunFlag{
    "core.runner.run-flag", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "%1: %2")};
inline constexpr MessageTemplate kBaselineDriftsFlag{
    "core.runner.baseline-drifts-flag", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the idle baseline drifts")};
inline constexpr MessageTemplate kCancelledByOperator{
    "core.runner.cancelled-by-operator", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "cancelled by the operator")};
inline constexpr MessageTemplate kCancelling{
    "core.runner.cancelling", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "cancelling: the current step ends, then the governor is restored")};
inline constexpr MessageTemplate kCancelledBeforeStart{
    "core.runner.cancelled-before-start", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "cancelled by the operator before the session started")};
inline constexpr MessageTemplate kMeterFailed{
    "core.runner.meter-failed", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "meter %1: %2")};
inline constexpr MessageTemplate kWorkerCrashedRun{
    "core.runner.worker-crashed-run", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "%1 during this run; a new worker went on with the session")};
inline constexpr MessageTemplate kWorkerEndedRun{
    "core.runner.worker-ended-run", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the worker ended during the run: %1")};

// The phases' labels (stored with each phase).
inline constexpr MessageTemplate kPhaseConnecting{
    "core.phase.phase-connecting", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "connecting")};
inline constexpr MessageTemplate kPhaseCheckPlan{
    "core.phase.phase-check-plan", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "checking the plan")};
inline constexpr MessageTemplate kPhaseSelfTest{
    "core.phase.phase-self-test", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "self-test")};
inline constexpr MessageTemplate kPhasePrepared{
    "core.phase.phase-prepared", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "prepared")};
inline constexpr MessageTemplate kPhasePin{
    "core.phase.phase-pin", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "governor performance")};
inline constexpr MessageTemplate kPhasePinLevel{
    "core.phase.phase-pin-level", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "pinning the CPU at %1")};
inline constexpr MessageTemplate kPhaseIdleLevel{
    "core.phase.phase-idle-level", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "idle at %1")};
inline constexpr MessageTemplate kPhasePinGovernor{
    "core.phase.phase-pin-governor", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "pinning the governor %1")};
inline constexpr MessageTemplate kPhaseIdleGovernor{
    "core.phase.phase-idle-governor", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "idle under the governor %1")};
inline constexpr MessageTemplate kPhasePilot{
    "core.phase.phase-pilot", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "pilot runs")};
inline constexpr MessageTemplate kPhaseBaseline{
    "core.phase.phase-baseline", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "idle baseline")};
inline constexpr MessageTemplate kPhaseSettle{
    "core.phase.phase-settle", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "settle")};
inline constexpr MessageTemplate kPhaseIdle{
    "core.phase.phase-idle", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "idle window")};
inline constexpr MessageTemplate kProgramCpuChanged{
    "core.program.cpu-changed", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the measuring program itself kept %1 cores busy in the baseline and %2 in "
                      "this run: at this run's %3 W per busy core, up to %4 W of its net power, "
                      "more than a third of its standard uncertainty (%5 W)")};
inline constexpr MessageTemplate kProgramCpu{
    "core.program.cpu", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the measuring program itself: %1 cores busy in the baseline, %2 to %3 in "
                      "the runs")};
inline constexpr MessageTemplate kPhaseStabilise{
    "core.phase.phase-stabilise", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "waiting for stable idle power")};
inline constexpr MessageTemplate kPhasePostBaseline{
    "core.phase.phase-post-baseline", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "idle again")};
inline constexpr MessageTemplate kPhaseRestore{
    "core.phase.phase-restore", "cipherwatt::core::Phase",
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "governor restore")};

// The meter's ranges (issue 17): the session refuses auto-range unless allowed, and says what
// the range advisor found and applied.
inline constexpr MessageTemplate kAutoRangeRefused{
    "core.runner.auto-range-refused", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the meter is on auto-range (%1), which makes results unfit for "
                      "publication: fix the ranges with --voltage-range and --current-range or "
                      "--ranges auto-fix, or accept flagged results with --allow-auto-range")};
inline constexpr MessageTemplate kAutoRangeAllowed{
    "core.runner.auto-range-allowed", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the meter is on auto-range (%1) as the operator allowed: every result "
                      "is flagged")};
inline constexpr MessageTemplate kRangeAdvice{
    "core.runner.range-advice", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "range advisor: %1 (largest U %2 V rms, %3 V peak; I %4 A rms, %5 A peak)")};
inline constexpr MessageTemplate kRangeAdviceNone{
    "core.runner.range-advice-none", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "range advisor: %1")};
inline constexpr MessageTemplate kRangeAlternative{
    "core.runner.range-alternative", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "range advisor: or %1")};
inline constexpr MessageTemplate kRangesApplied{
    "core.runner.ranges-applied", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "ranges fixed at %1 V and %2 A (--ranges auto-fix)")};
inline constexpr MessageTemplate kRangeChoice{
    "core.ranges.choice", "cipherwatt::core::RangeAdvisor",
    QT_TRANSLATE_NOOP("cipherwatt::core::RangeAdvisor",
                      "%1 V × %2 A (power range %3 W): the meter's limit ±%4 W at %5 W, of "
                      "which the range term ±%6 W (±%7 W of it does not cancel in the net "
                      "power on fixed ranges)")};
inline constexpr MessageTemplate kNoRangeHolds{
    "core.ranges.no-range-holds", "cipherwatt::core::RangeAdvisor",
    QT_TRANSLATE_NOOP("cipherwatt::core::RangeAdvisor",
                      "no range of the %1 holds %2 = %3 with headroom (the largest is %4)")};
inline constexpr MessageTemplate kProbeOverRange{
    "core.ranges.probe-over-range", "cipherwatt::core::RangeAdvisor",
    QT_TRANSLATE_NOOP(
        "cipherwatt::core::RangeAdvisor",
        "%1 updates were over range while the load was probed: probe on "
        "auto-range (--voltage-range auto --current-range auto) or on larger ranges")};
inline constexpr MessageTemplate kAutoFixNeedsPilots{
    "core.ranges.auto-fix-needs-pilots", "cipherwatt::core::RangeAdvisor",
    QT_TRANSLATE_NOOP("cipherwatt::core::RangeAdvisor",
                      "--ranges auto-fix takes the load from the pilot runs: leave out "
                      "--iterations and --seconds (automatic run lengths)")};
inline constexpr MessageTemplate kNoPeaks{
    "core.ranges.no-readings", "cipherwatt::core::RangeAdvisor",
    QT_TRANSLATE_NOOP("cipherwatt::core::RangeAdvisor",
                      "no valid voltage and current readings to advise ranges from")};

// The analysis flags of a run (stored with its analysis).
inline constexpr MessageTemplate kShortRun{
    "core.analysis.short-run", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "short run: %1 updates, at least %2 needed")};
inline constexpr MessageTemplate kNoSamples{
    "core.analysis.no-samples", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "no samples inside the run")};
inline constexpr MessageTemplate kNoBaseline{
    "core.analysis.no-baseline", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "no baseline")};
inline constexpr MessageTemplate kOneInvalid{
    "core.analysis.one-invalid", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis",
                      "1 update over range, implausible or without data")};
inline constexpr MessageTemplate kInvalid{
    "core.analysis.invalid", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis",
                      "%1 updates over range, implausible or without data")};
inline constexpr MessageTemplate kAutoRangeRun{
    "core.analysis.auto-range", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis",
                      "measured on auto-range (allowed by the operator): not for publication")};
inline constexpr MessageTemplate kRangeChangedRun{
    "core.analysis.range-changed", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis",
                      "range changed inside the run (%1 to %2): left out of the medians")};
inline constexpr MessageTemplate kOverRangeRun{
    "core.analysis.over-range-run", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis",
                      "over range inside the run (%1 updates): left out of the medians")};
inline constexpr MessageTemplate kOneMissed{
    "core.analysis.one-missed", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "1 update missed")};
inline constexpr MessageTemplate kMissed{
    "core.analysis.missed", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "%1 updates missed")};
inline constexpr MessageTemplate kIntegratorDisagrees{
    "core.analysis.integrator-disagrees", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis",
                      "integrator disagrees: %1 Wh from WH, %2 Wh from samples")};
inline constexpr MessageTemplate kNoByteCount{
    "core.analysis.no-byte-count", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis",
                      "no byte count: energy per byte cannot be given")};
// The terms of an uncertainty budget (analysis.h BudgetTerm; docs/method.md) and where a run's
// idle level came from.
inline constexpr MessageTemplate kBudgetRunMean{
    "core.budget.run-mean", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget", "run mean (type A)")};
inline constexpr MessageTemplate kBudgetIdleMean{
    "core.budget.idle-mean", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget", "idle level (type A)")};
inline constexpr MessageTemplate kBudgetIdleInterpolation{
    "core.budget.idle-interpolation", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget", "idle interpolation (type B)")};
inline constexpr MessageTemplate kBudgetMeterReading{
    "core.budget.meter-reading", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget", "meter, reading term on the net (type B)")};
inline constexpr MessageTemplate kBudgetMeterRangeNotCommon{
    "core.budget.meter-range-not-common", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget", "meter, range term not common (type B)")};
inline constexpr MessageTemplate kBudgetMeterAtRun{
    "core.budget.meter-at-run", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget", "meter at the run's level (type B)")};
inline constexpr MessageTemplate kBudgetMeterAtIdle{
    "core.budget.meter-at-idle", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget", "meter at the idle level (type B)")};
inline constexpr MessageTemplate kIdleFromBaseline{
    "core.budget.idle-from-baseline", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget", "the baseline before the runs")};
inline constexpr MessageTemplate kIdleInterpolated{
    "core.budget.idle-interpolated", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget",
                      "interpolated between the idle windows before and after the run")};
inline constexpr MessageTemplate kIdleBefore{
    "core.budget.idle-before", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget",
                      "the idle window before the run (none after it)")};
inline constexpr MessageTemplate kIdleAfter{
    "core.budget.idle-after", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget",
                      "the idle window after the run (none before it)")};
inline constexpr MessageTemplate kModelCorrelated{
    "core.budget.model-correlated", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget",
                      "correlated: same fixed range, the range offset cancels in run - idle")};
inline constexpr MessageTemplate kModelConservative{
    "core.budget.model-conservative", "cipherwatt::core::Budget",
    QT_TRANSLATE_NOOP("cipherwatt::core::Budget",
                      "conservative: each reading's whole accuracy limit, independently")};
// Whether a comparison of two results (repeats.h) shows a change: its 95 % intervals exclude
// a difference of 0 and a ratio of 1.
inline constexpr MessageTemplate kSignificant{
    "core.repeats.significant", "cipherwatt::core::Repeats",
    QT_TRANSLATE_NOOP("cipherwatt::core::Repeats", "significant")};
inline constexpr MessageTemplate kNotSignificant{
    "core.repeats.not-significant", "cipherwatt::core::Repeats",
    QT_TRANSLATE_NOOP("cipherwatt::core::Repeats", "not significant")};

inline constexpr MessageTemplate kNotDistinguishable{
    "core.analysis.not-distinguishable", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "net power not distinguishable from idle")};

// The runs a result row is missing (resultRows), with the run's status as stored.
inline constexpr MessageTemplate kRunNotMeasured{
    "core.results.run-not-measured", "cipherwatt::core::Results",
    QT_TRANSLATE_NOOP("cipherwatt::core::Results", "run %1: %2")};
inline constexpr MessageTemplate kRunNotMeasuredWhy{
    "core.results.run-not-measured-why", "cipherwatt::core::Results",
    QT_TRANSLATE_NOOP("cipherwatt::core::Results", "run %1: %2 (%3)")};
inline constexpr MessageTemplate kStatusPlanned{
    "core.results.status-planned", "cipherwatt::core::Results",
    QT_TRANSLATE_NOOP("cipherwatt::core::Results", "planned")};
inline constexpr MessageTemplate kStatusRunning{
    "core.results.status-running", "cipherwatt::core::Results",
    QT_TRANSLATE_NOOP("cipherwatt::core::Results", "running")};
inline constexpr MessageTemplate kStatusDone{
    "core.results.status-done", "cipherwatt::core::Results",
    QT_TRANSLATE_NOOP("cipherwatt::core::Results", "done")};
inline constexpr MessageTemplate kStatusFailed{
    "core.results.status-failed", "cipherwatt::core::Results",
    QT_TRANSLATE_NOOP("cipherwatt::core::Results", "failed")};
inline constexpr MessageTemplate kStatusSkipped{
    "core.results.status-skipped", "cipherwatt::core::Results",
    QT_TRANSLATE_NOOP("cipherwatt::core::Results", "skipped")};
inline constexpr MessageTemplate kStatusCancelled{
    "core.results.status-cancelled", "cipherwatt::core::Results",
    QT_TRANSLATE_NOOP("cipherwatt::core::Results", "cancelled")};
inline constexpr MessageTemplate kStatusInterrupted{
    "core.results.status-interrupted", "cipherwatt::core::Results",
    QT_TRANSLATE_NOOP("cipherwatt::core::Results", "interrupted")};

// Plans (resolvePlan): what is wrong with the cipher list.
//: The plan option of cipherwatt-cli; the window shows the plan as "Ciphers".
inline constexpr MessageTemplate kPlan{"core.plan.plan", "cipherwatt::core::Plan",
                                       QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "--plan: %1")};
// The run order (parseRunOrder).
inline constexpr MessageTemplate kFactorUnknown{
    "core.plan.factor-unknown", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan",
                      "'%1': give isa=<levels>, freq=<frequencies>, governor=<governors>, "
                      "chunking=<message,stream> or payload=<payloads> (buffer sizes: --buffer)")};
inline constexpr MessageTemplate kFactorsExclusive{
    "core.plan.factors-exclusive", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan",
                      "vary either freq or governor, not both: a frequency level pins the CPU at "
                      "one frequency, where every governor runs the same")};
inline constexpr MessageTemplate kChunkingNoLevel{
    "core.plan.chunking-no-level", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan",
                      "chunking=stream: %1 cannot continue a key stream (only stream ciphers and "
                      "CTR in a built-in backend); add the level message")};
inline constexpr MessageTemplate kFactorLevel{
    "core.plan.factor-level", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "'%1' is not a level of %2 (%3)")};
inline constexpr MessageTemplate kFactorTwice{
    "core.plan.factor-twice", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "the level %1 of %2 is given twice")};
inline constexpr MessageTemplate kRunPayloadMismatch{
    "core.runner.payload-mismatch", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the worker encrypted the payload %1, not %2 (a worker older than "
                      "payloads: install this version's on the DUT)")};
inline constexpr MessageTemplate kRunOrderUnknown{
    "core.plan.run-order-unknown", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan",
                      "--order: '%1'; give interleaved, sequential, random or random:<seed>")};
inline constexpr MessageTemplate kRunOrderSeed{
    "core.plan.run-order-seed", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan",
                      "--order: the seed '%1' must be a whole number from 0 to %2")};
inline constexpr MessageTemplate kPlanUnclosedQuote{
    "core.plan.unclosed-quote", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "unclosed %1 in \"%2\"")};
inline constexpr MessageTemplate kPlanCommandForm{
    "core.plan.plan-command-form", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan",
                      "'%1': write cmd:<label>[:<bytes>]=<program> <arguments>")};
inline constexpr MessageTemplate kPlanCommandLabel{
    "core.plan.plan-command-label", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan",
                      "'%1': the label must be 1 to 64 letters, digits, '.', '_' or '-'")};
inline constexpr MessageTemplate kPlanCommandBytes{
    "core.plan.plan-command-bytes", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "'%1': the bytes must be a positive whole number")};
inline constexpr MessageTemplate kPlanNoProgram{
    "core.plan.plan-no-program", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "'%1': no program to run")};
inline constexpr MessageTemplate kPlanEmpty{
    "core.plan.plan-empty", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan",
                      "empty; give e.g. aes-128-xts/openssl:encrypt,chacha20")};
inline constexpr MessageTemplate kPlanDuplicateCommand{
    "core.plan.plan-duplicate-command", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "two commands are labelled '%1'")};
inline constexpr MessageTemplate kPlanEmptyOperation{
    "core.plan.plan-empty-operation", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "'%1': an empty operation")};
inline constexpr MessageTemplate kPlanNoPlugin{
    "core.plan.plan-no-plugin", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", " (no plugin '%1' is loaded on this DUT)")};
inline constexpr MessageTemplate kPlanUnknownCipher{
    "core.plan.plan-unknown-cipher", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "unknown cipher '%1'%2; valid ids: %3")};
inline constexpr MessageTemplate kPlanNoBackend{
    "core.plan.plan-no-backend", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "%1 has no backend on this DUT")};
inline constexpr MessageTemplate kPlanNoSuchBackend{
    "core.plan.plan-no-such-backend", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "%1 has no backend '%2' on this DUT (it has %3)")};
inline constexpr MessageTemplate kPlanNoSuchOperation{
    "core.plan.plan-no-such-operation", "cipherwatt::core::Plan",
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "%1 has no operation '%2' (it has %3)")};

// DUTs: resources and the local worker.
inline constexpr MessageTemplate kBadDutResource{
    "core.dut.bad-dut-resource", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "DUT \"%1\": %2 (use %3)")};
inline constexpr MessageTemplate kDutKindLocal{
    "core.dut.kind-local", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "This computer")};
inline constexpr MessageTemplate kDutKindLocalHelp{
    "core.dut.kind-local-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "The ciphers run here, on the worker beside this program: the meter must "
                      "power this computer.")};
inline constexpr MessageTemplate kDutKindSsh{
    "core.dut.kind-ssh", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "SSH host")};
inline constexpr MessageTemplate kDutKindSshHelp{
    "core.dut.kind-ssh-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "Another machine the meter powers, reached over SSH: its worker runs "
                      "there, found or uploaded (README, \"SSH DUTs\").")};
inline constexpr MessageTemplate kDutFieldUser{"core.dut.field-user", "cipherwatt::core::Dut",
                                               QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "User:")};
inline constexpr MessageTemplate kDutFieldUserHelp{
    "core.dut.field-user-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "The user name on the DUT.")};
inline constexpr MessageTemplate kDutFieldHost{"core.dut.field-host", "cipherwatt::core::Dut",
                                               QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Host:")};
inline constexpr MessageTemplate kDutFieldHostHelp{
    "core.dut.field-host-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "The DUT's host name or IP address.")};
inline constexpr MessageTemplate kDutFieldPort{"core.dut.field-port", "cipherwatt::core::Dut",
                                               QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Port:")};
inline constexpr MessageTemplate kDutFieldPortHelp{
    "core.dut.field-port-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "The DUT's SSH port.")};
inline constexpr MessageTemplate kDutFieldKey{
    "core.dut.field-key", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Key file:")};
inline constexpr MessageTemplate kDutFieldKeyHelp{
    "core.dut.field-key-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "the private key (default: the SSH agent, then ~/.ssh/id_ed25519, id_ecdsa, "
                      "id_rsa); a passphrase is asked for")};
inline constexpr MessageTemplate kDutFieldPassword{
    "core.dut.field-password", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Ask for a password if keys are refused")};
inline constexpr MessageTemplate kDutFieldPasswordHelp{
    "core.dut.field-password-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "also try a password, asked for when needed (never stored, never on the "
                      "command line)")};
inline constexpr MessageTemplate kDutFieldRemoteWorker{
    "core.dut.field-remote-worker", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Worker on the DUT:")};
inline constexpr MessageTemplate kDutFieldRemoteWorkerHelp{
    "core.dut.field-remote-worker-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "the DUT's cipherwatt-bench (default: the one on its PATH)")};
inline constexpr MessageTemplate kDutFieldUploadWorker{
    "core.dut.field-upload-worker", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Worker to upload:")};
inline constexpr MessageTemplate kDutFieldUploadWorkerHelp{
    "core.dut.field-upload-worker-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "the build to upload when the DUT's is missing or another version "
                      "(default: the local one, if built for the DUT's architecture)")};
inline constexpr MessageTemplate kDutFieldUpload{
    "core.dut.field-upload", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Upload the worker when needed")};
inline constexpr MessageTemplate kDutFieldUploadHelp{
    "core.dut.field-upload-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "never upload a worker")};
inline constexpr MessageTemplate kDutUploadContradicts{
    "core.dut.upload-contradicts", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "a worker to upload is given, but uploading is off")};
inline constexpr MessageTemplate kDutNoSuchFile{
    "core.dut.no-such-file", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "%1: no such file: %2")};
inline constexpr MessageTemplate kCannotStartWorker{
    "core.dut.cannot-start-worker", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "cannot start the worker %1: %2")};
inline constexpr MessageTemplate kWorkerNotFound{
    "core.dut.worker-not-found", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "cipherwatt-bench was not found beside this program or on PATH")};
inline constexpr MessageTemplate kWorkerProtocol{
    "core.dut.worker-protocol", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "the worker broke the protocol: %1")};
inline constexpr MessageTemplate kWorkerLineTooLong{
    "core.dut.worker-line-too-long", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "the worker sent a line longer than %1 bytes (the protocol's limit)")};
inline constexpr MessageTemplate kWorkerCrashed{
    "core.dut.worker-crashed", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "the worker crashed")};
inline constexpr MessageTemplate kWorkerExitCode{
    "core.dut.worker-exit-code", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "the worker exited with code %1")};
inline constexpr MessageTemplate kWorkerExited{
    "core.dut.worker-exited", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "the worker exited")};

// SSH DUTs: connecting, the host key, authentication, the worker's deployment and its link.
inline constexpr MessageTemplate kSshEnvironment{
    "core.ssh.environment", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "environment entry \"%1\" is not NAME=value")};
inline constexpr MessageTemplate kSshNoSession{
    "core.ssh.no-session", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "cannot create an SSH session")};
inline constexpr MessageTemplate kSshConnect{
    "core.ssh.connect", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "cannot connect to %1:%2: %3")};
inline constexpr MessageTemplate kSshNoHostKey{
    "core.ssh.no-host-key", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "no host key from the server: %1")};
inline constexpr MessageTemplate kSshHashHostKey{
    "core.ssh.hash-host-key", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "cannot hash the host key")};
inline constexpr MessageTemplate kSshCheckHostKey{
    "core.ssh.check-host-key", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "cannot check the host key in %1: %2")};
inline constexpr MessageTemplate kSshNotAccepted{
    "core.ssh.not-accepted", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "%1; it was not accepted")};
inline constexpr MessageTemplate kSshRecordHostKey{
    "core.ssh.record-host-key", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "cannot record the accepted host key in %1: %2")};
inline constexpr MessageTemplate kSshAcceptedHostKey{
    "core.ssh.accepted-host-key", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "accepted the host key %1 %2 of %3 and recorded it in %4")};
inline constexpr MessageTemplate kSshAuthenticationFailedTried{
    "core.ssh.authentication-failed-tried", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "authentication as %1 failed (tried: %2; the server offers: %3)")};
inline constexpr MessageTemplate kSshKeyNotFound{
    "core.ssh.key-not-found", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "key file %1 not found")};
inline constexpr MessageTemplate kSshCannotReadKey{
    "core.ssh.cannot-read-key", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "cannot read the key %1")};
inline constexpr MessageTemplate kSshAuthenticationFailed{
    "core.ssh.authentication-failed", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "authentication failed: %1")};
inline constexpr MessageTemplate kSshNoChannel{
    "core.ssh.no-channel", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "cannot open a channel: %1")};
inline constexpr MessageTemplate kSshCannotRun{
    "core.ssh.cannot-run", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "cannot run a command: %1")};
inline constexpr MessageTemplate kSshLinkLost{
    "core.ssh.link-lost", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "the link was lost: %1")};
inline constexpr MessageTemplate kSshCommandTimeout{
    "core.ssh.command-timeout", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "`%1` did not finish in %2 s")};
inline constexpr MessageTemplate kSshCannotRead{
    "core.ssh.cannot-read", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "cannot read %1: %2")};
inline constexpr MessageTemplate kSshNoSftp{
    "core.ssh.no-sftp", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "SFTP is not available: %1")};
inline constexpr MessageTemplate kSshExecUploadFailed{
    "core.ssh.exec-upload-failed", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "cannot write %1 through an exec channel (exit %2): %3")};
inline constexpr MessageTemplate kSshUploadedOverSftp{
    "core.ssh.uploaded-over-sftp", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "uploaded over SFTP")};
inline constexpr MessageTemplate kSshUploadedThroughExec{
    "core.ssh.uploaded-through-exec", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "uploaded through an exec channel (the server has no SFTP subsystem)")};
inline constexpr MessageTemplate kSshSftpError{
    "core.ssh.sftp-error", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "SFTP: %1: %2 (SFTP error %3)")};
inline constexpr MessageTemplate kSshBuildHint{
    "core.ssh.build-hint", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "build it on the DUT with `cmake --preset bench-only && cmake --build "
                      "--preset bench-only` (README, \"SSH DUTs\")")};
inline constexpr MessageTemplate kSshWorkerVersion{
    "core.ssh.worker-version", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "%1 is version %2, not %3")};
inline constexpr MessageTemplate kSshMissingLibraries{
    "core.ssh.missing-libraries", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "%1 cannot run on the DUT: missing shared libraries %2 (install them there, "
                      "e.g. libbotan-2-19 and libssl3, or %3)")};
inline constexpr MessageTemplate kSshWorkerMissing{
    "core.ssh.worker-missing", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "%1 is not there")};
inline constexpr MessageTemplate kSshVersionFailed{
    "core.ssh.version-failed", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "%1 --version failed (exit %2): %3")};
inline constexpr MessageTemplate kSshChecksum{
    "core.ssh.checksum", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "cannot checksum %1 on the DUT (sha256sum: %2)")};
inline constexpr MessageTemplate kSshNoShell{
    "core.ssh.no-shell", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "the DUT did not answer a plain POSIX shell command (is the account's shell "
                      "sh, bash, dash or zsh?): %1")};
inline constexpr MessageTemplate kSshNotElf{
    "core.ssh.not-elf", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "%1 is not an ELF executable")};
inline constexpr MessageTemplate kSshUnknownMachine{
    "core.ssh.unknown-machine", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "%1 is an ELF file for machine %2, which CipherWatt does not know")};
inline constexpr MessageTemplate kSshNotOnPath{
    "core.ssh.not-on-path", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "cipherwatt-bench is not on the DUT's PATH")};
inline constexpr MessageTemplate kSshFoundWorker{
    "core.ssh.found-worker", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "found %1 (version %2)")};
inline constexpr MessageTemplate kSshFoundUploaded{
    "core.ssh.found-uploaded", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "found %1, uploaded earlier")};
inline constexpr MessageTemplate kSshFoundUploadedSum{
    "core.ssh.found-uploaded-sum", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "found %1, uploaded earlier (SHA-256 %2)")};
inline constexpr MessageTemplate kSshAnotherBuild{
    "core.ssh.another-build", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "%1 is another build than %2")};
inline constexpr MessageTemplate kSshNoUsableWorker{
    "core.ssh.no-usable-worker", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "no usable cipherwatt-bench %1 on the DUT (%2); %3")};
inline constexpr MessageTemplate kSshUploadOff{
    "core.ssh.upload-off", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "uploading is off: %1")};
inline constexpr MessageTemplate kSshNoLocalWorker{
    "core.ssh.no-local-worker", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "there is no local cipherwatt-bench to upload: %1")};
inline constexpr MessageTemplate kSshWrongArchitecture{
    "core.ssh.wrong-architecture", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "%1 is built for %2 but the DUT is %3, so it is not uploaded: %4, or "
                      "cross-build one for %3 and upload that")};
inline constexpr MessageTemplate kSshUploadDeclined{
    "core.ssh.upload-declined", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "the upload was declined")};
inline constexpr MessageTemplate kSshUploadedMismatch{
    "core.ssh.uploaded-mismatch", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "the uploaded %1 has SHA-256 %2 on the DUT, not %3 as sent; it was removed")};
inline constexpr MessageTemplate kSshUploadedBut{
    "core.ssh.uploaded-but", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "uploaded, but %1")};
inline constexpr MessageTemplate kSshUploaded{
    "core.ssh.uploaded", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "uploaded %1 to %2 (SHA-256 %3 verified on the DUT) because %4")};
inline constexpr MessageTemplate kSshPlugin{
    "core.ssh.plugin", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "plugin %1: %2")};
inline constexpr MessageTemplate kSshPluginArchitecture{
    "core.ssh.plugin-architecture", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP(
        "cipherwatt::core::Ssh",
        "plugin %1 is built for %2 but the DUT is %3, so it is not uploaded: build it for %3 (on "
        "the DUT, or with a cross compiler) against the installed cipherwatt/cipher_plugin.h")};
inline constexpr MessageTemplate kSshPluginFound{
    "core.ssh.plugin-found", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "plugin %1: found %2, uploaded earlier (SHA-256 %3)")};
inline constexpr MessageTemplate kSshPluginMismatch{
    "core.ssh.plugin-mismatch", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP(
        "cipherwatt::core::Ssh",
        "the uploaded plugin %1 has SHA-256 %2 on the DUT, not %3 as sent; it was removed")};
inline constexpr MessageTemplate kSshPluginUploaded{
    "core.ssh.plugin-uploaded", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "plugin %1: uploaded to %2 (SHA-256 %3 verified on the DUT)")};
inline constexpr MessageTemplate kSshWorkerHow{
    "core.ssh.worker-how", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "worker: %1")};
inline constexpr MessageTemplate kSshCannotStartWorker{
    "core.ssh.cannot-start-worker", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "cannot start the worker: %1")};
inline constexpr MessageTemplate kSshWorkerKilled{
    "core.ssh.worker-killed", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "the worker was killed")};
inline constexpr MessageTemplate kSshWorkerKilledBy{
    "core.ssh.worker-killed-by", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "the worker was killed by SIG%1")};
inline constexpr MessageTemplate kSshChannelClosed{
    "core.ssh.channel-closed", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "the worker's channel closed without an exit status")};
inline constexpr MessageTemplate kSshLinkLostTo{
    "core.ssh.link-lost-to", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh", "SSH link to %1:%2 lost: %3")};
inline constexpr MessageTemplate kSshHostKeyChanged{
    "core.ssh.host-key-changed", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP("cipherwatt::core::Ssh",
                      "WARNING: the host key of %1 has CHANGED: it is now %2 %3, but %4 holds "
                      "another key for it. Someone may be intercepting the connection, or the DUT "
                      "was reinstalled. The connection is refused; if the change is expected, "
                      "remove the old key (ssh-keygen -R '%1' -f %4) and connect again")};
inline constexpr MessageTemplate kSshHostKeyUnknown{
    "core.ssh.host-key-unknown", "cipherwatt::core::Ssh",
    QT_TRANSLATE_NOOP(
        "cipherwatt::core::Ssh",
        "the host key of %1 is not known: %2 %3. Compare it with the DUT's own (ssh-keygen -lf "
        "/etc/ssh/ssh_host_ed25519_key.pub on the DUT) before accepting it")};

// Storage and files.
inline constexpr MessageTemplate kDatabaseRefused{
    "core.storage.database-refused", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "database %1: %2; it was left untouched")};
inline constexpr MessageTemplate kNotSqlite{
    "core.storage.not-sqlite", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "not a CipherWatt database (not an SQLite file)")};
inline constexpr MessageTemplate kNotOurs{
    "core.storage.not-ours", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "not a CipherWatt database (%1)")};
inline constexpr MessageTemplate kNotOursPlain{
    "core.storage.not-ours-plain", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "not a CipherWatt database")};
inline constexpr MessageTemplate kNewerSchema{
    "core.storage.newer-schema", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP(
        "cipherwatt::core::Storage",
        "written by a newer CipherWatt (schema %1; this version knows up to %2): open it with that "
        "version")};
inline constexpr MessageTemplate kDatabaseError{
    "core.storage.database-error", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "database %1: %2: %3")};
inline constexpr MessageTemplate kDatabaseUnreadable{
    "core.storage.database-unreadable", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "database %1: %2")};
inline constexpr MessageTemplate kProgramEnded{
    "core.storage.program-ended", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "the program ended while the session was running; everything stored up to "
                      "then is kept")};
inline constexpr MessageTemplate kRunEndedWithProgram{
    "core.storage.run-ended-with-program", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "the program ended during this run; its updates up to then are kept")};
inline constexpr MessageTemplate kNoSuchFolder{
    "core.storage.no-such-folder", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "database %1: the folder %2 does not exist (create it first)")};
inline constexpr MessageTemplate kNoFolder{
    "core.storage.no-folder", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "database %1: cannot create the folder")};
inline constexpr MessageTemplate kNoSuchSession{
    "core.storage.no-such-session", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "database %1 has no session %2")};
inline constexpr MessageTemplate kEmptyLabel{
    "core.storage.empty-label", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "a label cannot be empty")};
inline constexpr MessageTemplate kSessionRunning{
    "core.storage.session-running", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "session %1 is running; finish or cancel it first")};
inline constexpr MessageTemplate kCannotWrite{
    "core.storage.cannot-write", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "cannot write %1: %2")};
inline constexpr MessageTemplate kOutputIsDirectory{
    "core.output.directory", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "cannot write %1: it is a directory; name a file in it")};
inline constexpr MessageTemplate kOutputIsBlockDevice{
    "core.output.block-device", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage",
                      "cannot write %1: it is a block device (a disk), which a report must not "
                      "overwrite")};
inline constexpr MessageTemplate kOutputIsSocket{
    "core.output.socket", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "cannot write %1: it is a socket")};
inline constexpr MessageTemplate kOtherItems{
    "core.storage.other-items", "cipherwatt::core::Storage",
    QT_TRANSLATE_NOOP(
        "cipherwatt::core::Storage",
        "session %1 measured other items (%2) than session %3 (%4); export their samples to "
        "separate files")};

} // namespace cipherwatt::core::msg
