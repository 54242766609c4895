// The WT300-family driver: bringing a stream back after a malformed reply, a stall or a dropped
// link (PowerMeter::recover in meter.h says what each action does; MeterAcquisition decides
// when and how often).

#include "messages.h"
#include "wt300/wt300_driver.h"

#include <cipherwatt/instruments/scpi.h>

#include <cmath>

namespace cipherwatt::instruments {

namespace {

using std::chrono::milliseconds;

// Replies left over from the exchanges a failure cut short: at most the WAIT/EESR/VAL of one
// update and the error poll, with room to spare.
constexpr int kMaxStaleReplies = 8;

bool sameRange(const std::optional<Range> &wanted, const Range &have)
{
    if (!wanted)
        return true; // left as the meter had it
    if (wanted->automatic)
        return have.automatic;
    return !have.automatic && std::fabs(have.value - wanted->value) <= 1e-9 * wanted->value;
}

} // namespace

Result<void> Wt300Driver::resync()
{
    m_desynced = false;
    (void)m_transport->clear();
    if (auto r = m_transport->write("*IDN?"); !r) {
        m_desynced = true;
        return r;
    }
    const milliseconds patience = m_options.timeout + m_applied.interval;
    for (int discarded = 0; discarded < kMaxStaleReplies; ++discarded) {
        auto reply = m_transport->read(patience);
        if (!reply) {
            m_desynced = true;
            return reply.error();
        }
        auto idn = scpi::parseIdn(*reply);
        if (idn && idn->model.compare(m_identity.model, Qt::CaseInsensitive) == 0 &&
            idn->serial == m_identity.serial)
            return {};
        if (idn && idn->manufacturer.compare(m_identity.manufacturer, Qt::CaseInsensitive) == 0) {
            // Another meter now answers on this link (a swapped cable): its data would be
            // taken for this one's.
            m_desynced = true;
            return Error{ErrorCode::Unsupported, Message(msg::kDifferentMeter)
                                                     .arg(m_transport->describe())
                                                     .arg(idn->model, idn->serial)
                                                     .arg(m_identity.model, m_identity.serial)};
        }
        qCDebug(lcWt300) << "resync: discarded" << reply->left(40);
    }
    m_desynced = true;
    return Error{ErrorCode::Protocol, QStringLiteral("the meter keeps sending replies nobody "
                                                     "asked for")};
}

Result<void> Wt300Driver::reconnect()
{
    m_transport->close();
    if (auto opened = m_transport->open(); !opened)
        return opened;
    // As when it was first opened (openWt300): a device clear, then the identity, which must
    // be this meter's; recover() clears the status next.
    return resync();
}

Result<void> Wt300Driver::restoreConfiguration()
{
    auto state = integrationState();
    if (!state)
        return state.error();
    if (*state != IntegrationState::Reset) {
        // The integrator holds a count the session uses, and the meter refuses settings while
        // it does (error 813): a meter that kept its settings is only read back.
        auto have = readBack(m_config, m_applied.items);
        if (have && sameRange(m_config.voltageRange, have->voltageRange) &&
            sameRange(m_config.currentRange, have->currentRange)) {
            m_applied.voltageRange = have->voltageRange;
            m_applied.currentRange = have->currentRange;
            m_applied.crestFactor = have->crestFactor;
            setLimits();
            return {};
        }
        if (!have && have.error().code != ErrorCode::Unsupported)
            return have.error();
        qCWarning(lcWt300) << "the meter's settings changed during the failure; applying them "
                              "again (the integrator restarts)";
    }
    const bool integrating = m_integrating;
    const QList<Message> warnings = m_applied.warnings;
    auto applied = configure(m_config);
    if (!applied)
        return applied.error();
    m_applied.warnings = warnings;
    if (integrating) {
        // Integrated counts restart from zero; the gap that the first sample carries keeps the
        // analysis from taking a difference across it.
        if (auto r = integrate(IntegrationCommand::Reset); !r)
            return r;
        if (auto r = integrate(IntegrationCommand::Start); !r)
            return r;
    }
    return {};
}

Result<void> Wt300Driver::recover(RecoveryAction action)
{
    if (!m_open)
        return Error{ErrorCode::Disconnected, Message(msg::kMeterClosed)};
    if (!m_configured)
        return Error{ErrorCode::Unsupported,
                     QStringLiteral("configure the meter before streaming")};
    m_streaming = false;
    qCInfo(lcWt300) << (action == RecoveryAction::Reconnect ? "reconnecting" : "resynchronising")
                    << m_transport->describe();
    auto back = action == RecoveryAction::Reconnect ? reconnect() : resync();
    if (!back)
        return back;
    // Errors the failure left in the queue (a query interrupted, 410) would otherwise be taken
    // for refusals of the settings that follow. *CLS twice: the first may itself be refused
    // after an interrupted query (yoko-tool's quirk, reference 6.4).
    for (int i = 0; i < 2; ++i) {
        if (auto r = send("*CLS"); !r)
            return r;
    }
    if (auto r = restoreConfiguration(); !r)
        return r;
    if (auto r = arm(); !r)
        return r;
    m_recovered = true;
    return {};
}

} // namespace cipherwatt::instruments
