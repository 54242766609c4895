#pragma once

// The messages of the core that an operator reads (cipherwatt/instruments/message.h): made
// here in English, because the database, the CSV and PDF files, the logs and cipherwatt-cli
// keep them so, and translated by the window (translatedMessage in messages.cpp). That covers
// the runner's warnings and notes, the phases' labels, why a session or a run ended, the
// analysis flags, what is wrong with a plan or a DUT resource, and the storage errors an
// operator can act on.
//
// lupdate needs the literal context in every QT_TRANSLATE_NOOP; the catalogues in messages.cpp
// list the constants under the same context.

#include <cipherwatt/instruments/message.h>

#include <QtGlobal>

namespace cipherwatt::core {
using instruments::english;
}

namespace cipherwatt::core::msg {

// The session runner: warnings, notes, why a session ended, why a run failed.
inline constexpr char kStorageFailed[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "storage: %1");
inline constexpr char kMeterReports[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the meter reports %1");
inline constexpr char kNoSuchElement[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "element %1: the %2 has elements %3");
inline constexpr char kSimulatedMeter[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the meter is SIMULATED: %1");
inline constexpr char kMeterWarning[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "meter: %1");
inline constexpr char kNoSshLink[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "DUT %1: no SSH link was provided");
inline constexpr char kDutFailed[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "DUT %1: %2");
inline constexpr char kDutMessage[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "DUT: %1");
inline constexpr char kNewWorker[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "a new worker took over");
inline constexpr char kWorkerVersion[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::SessionRunner",
    "DUT %1: its cipherwatt-bench is version %2, this CipherWatt is %3; results from different "
    "versions are not comparable");
inline constexpr char kEarlierWorker[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::SessionRunner",
    "DUT: an earlier worker (pid %1) was still running there and was stopped first");
inline constexpr char kPinningFailed[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "governor pinning failed: %1");
inline constexpr char kRestoreFailed[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "governor restore failed: %1");
inline constexpr char kJournalRestored[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the DUT's worker restored a governor left pinned by an earlier session");
inline constexpr char kKatFailedWarning[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "%1 failed its known-answer self-test on the DUT and will not be measured");
inline constexpr char kNoCipherPassed[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "no planned cipher passed its known-answer self-test on the DUT (%1)");
inline constexpr char kKatFailedRun[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::SessionRunner", "failed its known-answer self-test on the DUT");
inline constexpr char kNotRequested[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "not requested (governor: none)");
inline constexpr char kNotPinned[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the CPU governor is not pinned: frequencies may change during the runs");
inline constexpr char kGovernorMismatch[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "governor: %1");
inline constexpr char kNoBaselineUpdate[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the baseline has no valid meter update");
inline constexpr char kBaselineDrifts[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::SessionRunner", "the idle baseline drifts by %1 W over %2 s");
inline constexpr char kPilot[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "%1: pilot %2 iterations in %3 s; runs get %4 iterations (%5 s)");
inline constexpr char kProgramFailed[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the program failed (%1)");
inline constexpr char kRunFailed[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "%1 failed: %2");
inline constexpr char kBaselineDriftsFlag[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the idle baseline drifts");
inline constexpr char kCancelledByOperator[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "cancelled by the operator");
inline constexpr char kCancelling[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "cancelling: the current step ends, then the governor is restored");
inline constexpr char kCancelledBeforeStart[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::SessionRunner", "cancelled by the operator before the session started");
inline constexpr char kMeterFailed[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "meter %1: %2");
inline constexpr char kWorkerCrashedRun[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::SessionRunner",
    "the worker crashed during this run (%1); a new worker went on with the session");
inline constexpr char kWorkerEndedRun[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner", "the worker ended during the run: %1");

// The phases' labels (stored with each phase).
inline constexpr char kPhaseConnecting[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "connecting");
inline constexpr char kPhaseSelfTest[] = QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "self-test");
inline constexpr char kPhasePrepared[] = QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "prepared");
inline constexpr char kPhasePin[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "governor performance");
inline constexpr char kPhasePilot[] = QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "pilot runs");
inline constexpr char kPhaseBaseline[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "idle baseline");
inline constexpr char kPhaseSettle[] = QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "settle");
inline constexpr char kPhasePostBaseline[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "idle again");
inline constexpr char kPhaseRestore[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Phase", "governor restore");

// The analysis flags of a run (stored with its analysis).
inline constexpr char kShortRun[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "short run: %1 updates, at least %2 needed");
inline constexpr char kNoSamples[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "no samples inside the run");
inline constexpr char kNoBaseline[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "no baseline");
inline constexpr char kOneInvalid[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "1 update over range or without data");
inline constexpr char kInvalid[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "%1 updates over range or without data");
inline constexpr char kOneMissed[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "1 update missed");
inline constexpr char kMissed[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "%1 updates missed");
inline constexpr char kIntegratorDisagrees[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::Analysis", "integrator disagrees: %1 Wh from WH, %2 Wh from samples");
inline constexpr char kNoByteCount[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::Analysis", "no byte count: energy per byte cannot be given");
inline constexpr char kNotDistinguishable[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis", "net power not distinguishable from idle");

// The runs a result row is missing (resultRows), with the run's status as stored.
inline constexpr char kRunNotMeasured[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Results", "run %1: %2");
inline constexpr char kRunNotMeasuredWhy[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Results", "run %1: %2 (%3)");
inline constexpr char kStatusPlanned[] = QT_TRANSLATE_NOOP("cipherwatt::core::Results", "planned");
inline constexpr char kStatusRunning[] = QT_TRANSLATE_NOOP("cipherwatt::core::Results", "running");
inline constexpr char kStatusDone[] = QT_TRANSLATE_NOOP("cipherwatt::core::Results", "done");
inline constexpr char kStatusFailed[] = QT_TRANSLATE_NOOP("cipherwatt::core::Results", "failed");
inline constexpr char kStatusSkipped[] = QT_TRANSLATE_NOOP("cipherwatt::core::Results", "skipped");

// Plans (resolvePlan): what is wrong with the cipher list.
//: The plan option of cipherwatt-cli; the window shows the plan as "Ciphers".
inline constexpr char kPlan[] = QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "--plan: %1");
inline constexpr char kPlanCommandForm[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::Plan", "'%1': write cmd:<label>[:<bytes>]=<program> <arguments>");
inline constexpr char kPlanCommandLabel[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::Plan", "'%1': the label must be 1 to 64 letters, digits, '.', '_' or '-'");
inline constexpr char kPlanCommandBytes[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "'%1': the bytes must be a positive whole number");
inline constexpr char kPlanNoProgram[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "'%1': no program to run");
inline constexpr char kPlanEmpty[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::Plan", "empty; give e.g. aes-128-xts/openssl:encrypt,chacha20");
inline constexpr char kPlanDuplicateCommand[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "two commands are labelled '%1'");
inline constexpr char kPlanEmptyOperation[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "'%1': an empty operation");
inline constexpr char kPlanNoPlugin[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", " (no plugin '%1' is loaded on this DUT)");
inline constexpr char kPlanUnknownCipher[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "unknown cipher '%1'%2; valid ids: %3");
inline constexpr char kPlanNoBackend[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "%1 has no backend on this DUT");
inline constexpr char kPlanNoSuchBackend[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "%1 has no backend '%2' on this DUT (it has %3)");
inline constexpr char kPlanNoSuchOperation[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Plan", "%1 has no operation '%2' (it has %3)");

// DUTs: resources and the local worker.
inline constexpr char kBadDutResource[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::Dut", "DUT \"%1\": %2 (use local or ssh://<user>@<host>[:<port>])");
inline constexpr char kUnknownDutKind[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "unknown kind");
inline constexpr char kExpectedSsh[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "expected ssh://<user>@<host>[:<port>]");
inline constexpr char kBadSshPort[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "the port must be 1 to 65535");
inline constexpr char kCannotStartWorker[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "cannot start the worker %1: %2");
inline constexpr char kWorkerCrashed[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "the worker crashed");
inline constexpr char kWorkerExitCode[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "the worker exited with code %1");
inline constexpr char kWorkerExited[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "the worker exited");

// Storage and files.
inline constexpr char kDatabaseRefused[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "database %1: %2; it was left untouched");
inline constexpr char kNotSqlite[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::Storage", "not a CipherWatt database (not an SQLite file)");
inline constexpr char kNotOurs[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "not a CipherWatt database (%1)");
inline constexpr char kNotOursPlain[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "not a CipherWatt database");
inline constexpr char kNewerSchema[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::Storage",
    "written by a newer CipherWatt (schema %1; this version knows up to %2): open it with that "
    "version");
inline constexpr char kNoFolder[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "database %1: cannot create the folder");
inline constexpr char kNoSuchSession[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "database %1 has no session %2");
inline constexpr char kEmptyLabel[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "a label cannot be empty");
inline constexpr char kSessionRunning[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::Storage", "session %1 is running; finish or cancel it first");
inline constexpr char kCannotWrite[] =
    QT_TRANSLATE_NOOP("cipherwatt::core::Storage", "cannot write %1: %2");
inline constexpr char kOtherItems[] = QT_TRANSLATE_NOOP(
    "cipherwatt::core::Storage",
    "session %1 measured other items (%2) than session %3 (%4); export their samples to "
    "separate files");

} // namespace cipherwatt::core::msg
