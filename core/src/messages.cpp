#include "messages.h"

#include <cipherwatt/core/translation.h>

namespace cipherwatt::core {

namespace {

constexpr const char *kSessionRunnerMessages[] = {msg::kStorageFailed,
                                                  msg::kMeterReports,
                                                  msg::kNoSuchElement,
                                                  msg::kSimulatedMeter,
                                                  msg::kMeterWarning,
                                                  msg::kNoSshLink,
                                                  msg::kDutFailed,
                                                  msg::kDutMessage,
                                                  msg::kNewWorker,
                                                  msg::kWorkerVersion,
                                                  msg::kEarlierWorker,
                                                  msg::kPinningFailed,
                                                  msg::kRestoreFailed,
                                                  msg::kJournalRestored,
                                                  msg::kKatFailedWarning,
                                                  msg::kNoCipherPassed,
                                                  msg::kKatFailedRun,
                                                  msg::kNotRequested,
                                                  msg::kNotPinned,
                                                  msg::kGovernorMismatch,
                                                  msg::kNoBaselineUpdate,
                                                  msg::kBaselineDrifts,
                                                  msg::kPilot,
                                                  msg::kProgramFailed,
                                                  msg::kRunFailed,
                                                  msg::kBaselineDriftsFlag,
                                                  msg::kCancelledByOperator,
                                                  msg::kCancelling,
                                                  msg::kCancelledBeforeStart,
                                                  msg::kMeterFailed,
                                                  msg::kWorkerCrashedRun,
                                                  msg::kWorkerEndedRun};
constexpr const char *kPhaseMessages[] = {
    msg::kPhaseConnecting, msg::kPhaseSelfTest,     msg::kPhasePrepared,
    msg::kPhasePin,        msg::kPhasePilot,        msg::kPhaseBaseline,
    msg::kPhaseSettle,     msg::kPhasePostBaseline, msg::kPhaseRestore};
constexpr const char *kAnalysisMessages[] = {
    msg::kShortRun,    msg::kNoSamples,         msg::kNoBaseline, msg::kOneInvalid,
    msg::kInvalid,     msg::kOneMissed,         msg::kMissed,     msg::kIntegratorDisagrees,
    msg::kNoByteCount, msg::kNotDistinguishable};
constexpr const char *kResultsMessages[] = {
    msg::kRunNotMeasured, msg::kRunNotMeasuredWhy, msg::kStatusPlanned, msg::kStatusRunning,
    msg::kStatusDone,     msg::kStatusFailed,      msg::kStatusSkipped};
constexpr const char *kPlanMessages[] = {msg::kPlan,
                                         msg::kPlanCommandForm,
                                         msg::kPlanCommandLabel,
                                         msg::kPlanCommandBytes,
                                         msg::kPlanNoProgram,
                                         msg::kPlanEmpty,
                                         msg::kPlanDuplicateCommand,
                                         msg::kPlanEmptyOperation,
                                         msg::kPlanNoPlugin,
                                         msg::kPlanUnknownCipher,
                                         msg::kPlanNoBackend,
                                         msg::kPlanNoSuchBackend,
                                         msg::kPlanNoSuchOperation};
constexpr const char *kDutMessages[] = {
    msg::kBadDutResource,    msg::kUnknownDutKind, msg::kExpectedSsh,    msg::kBadSshPort,
    msg::kCannotStartWorker, msg::kWorkerCrashed,  msg::kWorkerExitCode, msg::kWorkerExited};
constexpr const char *kStorageMessages[] = {
    msg::kDatabaseRefused, msg::kNotSqlite,   msg::kNotOurs,       msg::kNotOursPlain,
    msg::kNewerSchema,     msg::kNoFolder,    msg::kNoSuchSession, msg::kEmptyLabel,
    msg::kSessionRunning,  msg::kCannotWrite, msg::kOtherItems};

} // namespace

QString translatedMessage(const QString &english)
{
    // The core's templates and the meter's: the runner passes the meter's errors on.
    static const instruments::MessageTranslator translator = [] {
        std::vector<instruments::MessageCatalogue> catalogues = {
            {"cipherwatt::core::SessionRunner", kSessionRunnerMessages},
            {"cipherwatt::core::Phase", kPhaseMessages},
            {"cipherwatt::core::Analysis", kAnalysisMessages},
            {"cipherwatt::core::Results", kResultsMessages},
            {"cipherwatt::core::Plan", kPlanMessages},
            {"cipherwatt::core::Dut", kDutMessages},
            {"cipherwatt::core::Storage", kStorageMessages},
        };
        for (const instruments::MessageCatalogue &c : instruments::messageCatalogues())
            catalogues.push_back(c);
        return instruments::MessageTranslator(catalogues);
    }();
    return translator.translate(english);
}

} // namespace cipherwatt::core
