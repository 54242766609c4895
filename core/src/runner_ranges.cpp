// The meter's ranges in a session (issue 17): auto-range refused unless the operator allows
// it, the ranges set handed to the analysis, and `--ranges auto-fix`: the range advisor's
// ranges (range_advisor.h) from the load the pilot runs showed, applied before the baseline.

#include "messages.h"
#include "numbers.h"
#include "recorder.h"

#include <cipherwatt/core/range_advisor.h>
#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/session_flow.h>
#include <cipherwatt/instruments/acquisition.h>

#include <cmath>
#include <limits>

namespace cipherwatt::core {

using namespace instruments;

namespace {

// "U 300 V, I auto": the ranges as the meter took them.
QString appliedRangesText(const AppliedConfig &applied)
{
    const auto one = [](const char *what, const Range &r, const char *unit) {
        return r.automatic ? QStringLiteral("%1 auto").arg(QLatin1String(what))
                           : QStringLiteral("%1 %2 %3")
                                 .arg(QLatin1String(what))
                                 .arg(r.value, 0, 'g', 6)
                                 .arg(QLatin1String(unit));
    };
    return one("U", applied.voltageRange, "V") + QStringLiteral(", ") +
           one("I", applied.currentRange, "A");
}

bool automatic(const AppliedConfig &applied)
{
    return applied.voltageRange.automatic || applied.currentRange.automatic;
}

} // namespace

bool SessionRunner::checkAutoRange(const AppliedConfig &applied)
{
    if (!automatic(applied))
        return true;
    // With auto-fix the ranges are fixed before the baseline; auto-range helps the pilots.
    if (m_settings.rangesAutoFix && !m_rangesFixed)
        return true;
    if (!m_settings.allowAutoRange) {
        m_rejectedSettings = true;
        fail(SessionStatus::Failed,
             Message(msg::kAutoRangeRefused).arg(appliedRangesText(applied)));
        return false;
    }
    emit warning(Message(msg::kAutoRangeAllowed).arg(appliedRangesText(applied)));
    return true;
}

void SessionRunner::rangeInput(RunInput &in) const
{
    in.autoRange = automatic(m_applied);
    in.voltageRange = m_applied.voltageRange.automatic ? kNaN : m_applied.voltageRange.value;
    in.currentRange = m_applied.currentRange.automatic ? kNaN : m_applied.currentRange.value;
}

void SessionRunner::trackLoad(const Sample &sample)
{
    if (!m_settings.rangesAutoFix || m_rangesFixed || m_rangesFixing)
        return;
    if ((sample.flags & (SampleFlag::OverRange | SampleFlag::PeakOver)) != 0) {
        m_loadPeaks.addOverRange();
        return;
    }
    const auto value = [&](Function f) {
        for (std::size_t k = 0; k < m_applied.items.size() && k < sample.values.size(); ++k) {
            const Item &item = m_applied.items[k];
            if (item.function == f && item.element == m_settings.dutElement)
                return sample.states[k] == ValueState::Valid ? sample.values[k] : kNaN;
        }
        return kNaN;
    };
    m_loadPeaks.add(value(Function::U), value(Function::I), value(Function::UPPeak),
                    value(Function::IPPeak), value(Function::P));
}

bool SessionRunner::fixRanges()
{
    if (!m_settings.rangesAutoFix || m_rangesFixed)
        return false;
    if (m_settings.runLength.kind != RunLength::Kind::Automatic) {
        m_rejectedSettings = true;
        fail(SessionStatus::Failed, msg::kAutoFixNeedsPilots);
        return true;
    }
    RangeAdvisorInput input;
    input.model = m_capabilities.model.name;
    input.voltageRanges = m_capabilities.model.voltageRanges;
    input.currentRanges = m_capabilities.model.currentRanges;
    // Crest factor 6 and 6A halve the crest factor 3 ranges and double the peak a range takes
    // (IM WT310E-01EN section 2.3); an unknown crest factor is taken as 3, the table's own.
    if (m_applied.crestFactor == CrestFactor::Six || m_applied.crestFactor == CrestFactor::SixA) {
        for (double &r : input.voltageRanges)
            r /= 2.0;
        for (double &r : input.currentRanges)
            r /= 2.0;
        input.crestFactor = 6.0;
    }
    input.accuracy = powerAccuracyFor(m_capabilities, m_applied.mode, m_applied.crestFactor);
    const RangeAdvice advice = adviseRanges(m_loadPeaks, input);
    if (!advice.chosen) {
        fail(SessionStatus::Failed, Message(msg::kRangeAdviceNone).arg(advice.problem));
        return true;
    }
    const RangeChoice &c = *advice.chosen;
    const Message note = Message(msg::kRangeAdvice)
                             .arg(describe(c, m_loadPeaks.watts))
                             .arg(m_loadPeaks.voltsRms, 0, 'g', 4)
                             .arg(m_loadPeaks.voltsPeak, 0, 'g', 4)
                             .arg(m_loadPeaks.ampsRms, 0, 'g', 4)
                             .arg(m_loadPeaks.ampsPeak, 0, 'g', 4);
    emit this->note(note);
    store(m_recorder->addEvent(QStringLiteral("meter"), note, steadyNs()));
    // The next larger ranges beside it, with the accuracy each would give.
    for (std::size_t k = 1; k < advice.alternatives.size(); ++k) {
        const Message other = Message(msg::kRangeAlternative)
                                  .arg(describe(advice.alternatives[k], m_loadPeaks.watts));
        emit this->note(other);
        store(m_recorder->addEvent(QStringLiteral("meter"), other, steadyNs()));
    }
    // The meter is set up again with these ranges: streaming stops, the integrator (which
    // refuses range changes while it holds a count, error 813) is reset and started again
    // before the baseline, so its count covers the baseline and the runs as before.
    m_meterConfig.voltageRange = Range{false, c.volts};
    m_meterConfig.currentRange = Range{false, c.amps};
    m_rangesFixing = true;
    m_meter->stop();
    m_meter->configure(m_meterConfig);
    if (m_settings.integrator) {
        m_meter->integrate(IntegrationCommand::Reset);
        m_meter->integrate(IntegrationCommand::Start);
    }
    m_meter->start();
    return true;
}

void SessionRunner::useAccuracy(const AppliedConfig &applied)
{
    // The accuracy of the mode measured in: DC, or 45-66 Hz (mains) for RMS and VMEAN.
    const PowerAccuracy accuracy =
        powerAccuracyFor(m_capabilities, applied.mode, applied.crestFactor);
    m_accuracy.ofReading = accuracy.ofReading;
    m_accuracy.ofRange = accuracy.ofRange;
    m_accuracy.powerRangeWatts = applied.voltageRange.value * applied.currentRange.value;
    m_accuracy.currentRangeAmps = applied.currentRange.value;
    m_accuracy.model = m_settings.uncertainty;
    // On auto-range no part of the range term is common to two windows (the budget then
    // takes the conservative model).
    m_accuracy.rangesFixed = !automatic(applied);
    MeterSetup &m = m_meterSetup;
    m.voltageRange = {applied.voltageRange.value, applied.voltageRange.automatic};
    m.currentRange = {applied.currentRange.value, applied.currentRange.automatic};
    m.powerRangeWatts = m_accuracy.powerRangeWatts;
    m.accuracyOfReading = m_accuracy.ofReading;
    m.accuracyOfRange = m_accuracy.ofRange;
}

void SessionRunner::onRangesFixed(const AppliedConfig &applied)
{
    m_rangesFixing = false;
    m_rangesFixed = true;
    if (automatic(applied) || applied.items.size() != m_applied.items.size()) {
        fail(SessionStatus::Failed,
             Message(msg::kAutoRangeRefused).arg(appliedRangesText(applied)));
        return;
    }
    m_applied = applied;
    useAccuracy(applied);
    if (!store(m_recorder->setMeter(m_meterSetup)))
        return;
    const Message applied_ = Message(msg::kRangesApplied)
                                 .arg(applied.voltageRange.value, 0, 'g', 6)
                                 .arg(applied.currentRange.value, 0, 'g', 6);
    emit note(applied_);
    store(m_recorder->addEvent(QStringLiteral("meter"), applied_, steadyNs()));
    startBaseline();
}

} // namespace cipherwatt::core
