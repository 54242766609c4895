// The WT300-family driver: the exchange with the meter, streaming, integration, the error
// queue and opening. Command sequences and their sources: reference wt300.md, sections 4
// (commands), 5 (numeric data), 6 (status model and the update synchronisation), 7 (errors).
// Configuration is in wt300_configure.cpp, recovery in wt300_recovery.cpp.

#include "messages.h"
#include "wt300/wt300_driver.h"

#include <cipherwatt/instruments/scpi.h>

#include <algorithm>
#include <chrono>
#include <cmath>

Q_LOGGING_CATEGORY(lcWt300, "cipherwatt.instruments.wt300", QtWarningMsg)

namespace cipherwatt::instruments {

using namespace std::chrono_literals;
using std::chrono::milliseconds;

std::int64_t steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

Wt300Driver::Wt300Driver(std::unique_ptr<Transport> transport, const Wt300Model &model,
                         Identity identity, const OpenOptions &options)
    : m_transport(std::move(transport))
    , m_model(model)
    , m_identity(std::move(identity))
    , m_options(options)
{
    m_caps.model = model.info;
    for (const FunctionInfo &f : allFunctions())
        m_caps.functions.push_back(f.function);
    m_caps.intervals = {100ms, 250ms, 500ms, 1000ms, 2000ms, 5000ms};
    m_caps.modes = {MeasurementMode::Rms, MeasurementMode::VoltageMean, MeasurementMode::Dc};
    m_caps.maxItems = 255;
    m_caps.powerAccuracyDc = model.powerAccuracyDc;
    m_caps.powerAccuracyAc = model.powerAccuracyAc;
}

Result<void> Wt300Driver::send(const QByteArray &message)
{
    if (!m_open)
        return Error{ErrorCode::Disconnected, Message(msg::kMeterClosed)};
    if (m_desynced) {
        if (auto r = resync(); !r)
            return r;
    }
    qCDebug(lcWt300) << ">" << message;
    auto written = m_transport->write(message);
    if (!written)
        m_desynced = written.error().code == ErrorCode::Cancelled;
    return written;
}

Result<QByteArray> Wt300Driver::query(const QByteArray &message, milliseconds extra)
{
    if (auto sent = send(message); !sent)
        return sent.error();
    auto reply = m_transport->read(m_options.timeout + extra);
    if (reply) {
        qCDebug(lcWt300) << "<" << reply->left(80);
        return reply;
    }
    // The reply may still come: it must not be taken for the answer to a later query.
    m_desynced =
        reply.error().code == ErrorCode::Cancelled || reply.error().code == ErrorCode::Timeout;
    if (reply.error().code == ErrorCode::Timeout)
        return Error{ErrorCode::Timeout, Message(msg::kNoReplyTo)
                                             .arg(QString::fromLatin1(message))
                                             .arg((m_options.timeout + extra).count())};
    return reply;
}

Result<void> Wt300Driver::command(const QByteArray &message)
{
    if (auto sent = send(message); !sent)
        return sent;
    auto errors = readErrors();
    if (!errors)
        return errors.error();
    if (!errors->empty()) {
        Error e = errors->front();
        e.message = Message(msg::kRefused).arg(QString::fromLatin1(message), e.message);
        return e;
    }
    return {};
}

Result<IntegrationState> Wt300Driver::integrationState()
{
    auto reply = query(":INTEG:STAT?");
    if (!reply)
        return reply.error();
    const QByteArray s = scpi::stripHeader(*reply).toByteArray().toUpper();
    if (s.startsWith("RES"))
        return IntegrationState::Reset;
    if (s.startsWith("STAR"))
        return IntegrationState::Running;
    if (s.startsWith("STOP"))
        return IntegrationState::Stopped;
    if (s.startsWith("TIM"))
        return IntegrationState::TimeUp;
    if (s.startsWith("ERR"))
        return IntegrationState::Error;
    return Error{ErrorCode::Protocol,
                 QStringLiteral("unknown integration state \"%1\"").arg(QString::fromLatin1(s))};
}

Result<void> Wt300Driver::startStream()
{
    if (!m_configured)
        return Error{ErrorCode::Unsupported,
                     QStringLiteral("configure the meter before streaming")};
    if (auto r = arm(); !r)
        return r;
    m_armedNs = steadyNs();
    m_lastNs = 0;
    m_sequence = 0;
    m_lastValues.clear();
    m_recovered = false;
    return {};
}

Result<void> Wt300Driver::arm()
{
    if (auto r = command(":STAT:FILT1 FALL"); !r)
        return r;
    // Reading EESR clears it: the first wait then ends at the next completed update.
    if (auto r = query(":STAT:EESR?"); !r)
        return r.error();
    m_streaming = true;
    return {};
}

Result<Sample> Wt300Driver::nextSample()
{
    if (!m_streaming)
        return Error{ErrorCode::Unsupported, QStringLiteral("the stream is not started")};
    // The synchronised read (reference 6.3): WAIT holds the meter's command processing until an
    // update completes; EESR? then answers at once (and clears, keeping the race window
    // small); VAL? reads that update's values.
    if (auto r = send(":COMM:WAIT 1"); !r)
        return r.error();
    auto eesrReply = query(":STAT:EESR?", m_applied.interval);
    const std::int64_t now = steadyNs();
    if (!eesrReply)
        return eesrReply.error(); // the next exchange resynchronises (device clear first)
    auto eesr = scpi::parseInteger(*eesrReply, ":STAT:EESR?");
    if (!eesr)
        return eesr.error();
    auto valReply = query(":NUM:NORM:VAL?");
    if (!valReply)
        return valReply.error();
    const auto count = static_cast<qsizetype>(m_applied.items.size());
    auto values = m_applied.format == NumericFormat::Float
                      ? scpi::parseFloatValues(*valReply, count)
                      : scpi::parseAsciiValues(*valReply, count);
    if (!values)
        return values.error();

    Sample s;
    s.hostNs = now;
    s.intervalMs = m_applied.interval.count();
    s.eesr = static_cast<std::uint16_t>(*eesr);
    if (m_identity.simulated)
        s.flags |= SampleFlag::Simulated;
    if ((s.eesr & kEesrOverRange) != 0)
        s.flags |= SampleFlag::OverRange;
    if ((s.eesr & kEesrPeakOver) != 0)
        s.flags |= SampleFlag::PeakOver;
    for (const scpi::Value &v : *values) {
        s.values.push_back(v.value);
        s.states.push_back(v.state);
        if (v.state == ValueState::NoData)
            s.flags |= SampleFlag::NoData;
        else if (v.state == ValueState::OverRange)
            s.flags |= SampleFlag::OverRange;
    }
    checkPlausible(s);
    trackSequence(s);

    return s;
}

// A finite value beyond what the ranges can show (plausibility.h) is no measurement: it is
// invalid like NaN and Inf, its number dropped from the sample and logged.
void Wt300Driver::checkPlausible(Sample &s) const
{
    for (std::size_t k = 0; k < s.values.size() && k < m_limits.size(); ++k) {
        if (s.states[k] != ValueState::Valid || std::fabs(s.values[k]) <= m_limits[k])
            continue;
        qCWarning(lcWt300).noquote()
            << QStringLiteral("implausible %1 = %2 (largest the ranges can show: %3)")
                   .arg(itemLabel(m_applied.items[k]))
                   .arg(s.values[k], 0, 'g', 6)
                   .arg(m_limits[k], 0, 'g', 6);
        s.values[k] = std::nan("");
        s.states[k] = ValueState::Implausible;
        s.flags |= SampleFlag::Implausible;
    }
}

// Duplicates and gaps follow from the host clock (reference 6.3): updates arrive one interval
// apart; a second read of the same update comes much sooner with the same values, a missed one
// leaves a hole of whole intervals. The first sample after a recovery has missed at least the
// update whose exchange failed.
void Wt300Driver::trackSequence(Sample &s)
{
    const double interval = static_cast<double>(s.intervalMs) * 1e6;
    const bool recovered = m_recovered;
    m_recovered = false;
    if (m_lastNs == 0 && !recovered) {
        m_sequence = 1;
    } else if (m_lastNs == 0) {
        // Recovered before the first update arrived: count from when the stream was armed,
        // whose first update was due one interval later.
        const double elapsed = static_cast<double>(s.hostNs - m_armedNs);
        const auto steps = std::max<std::int64_t>(2, std::llround(elapsed / interval));
        s.flags |= SampleFlag::Gap;
        s.missedBefore = static_cast<std::uint32_t>(steps - 1);
        m_sequence = static_cast<std::uint64_t>(steps);
    } else {
        const double elapsed = static_cast<double>(s.hostNs - m_lastNs);
        const auto sameValues = [&] {
            if (s.values.size() != m_lastValues.size())
                return false;
            for (std::size_t i = 0; i < s.values.size(); ++i) {
                const double a = s.values[i];
                const double b = m_lastValues[i];
                if (!(a == b || (std::isnan(a) && std::isnan(b))))
                    return false;
            }
            return true;
        }();
        if (!recovered && elapsed < 0.5 * interval && sameValues) {
            s.flags |= SampleFlag::Duplicate; // kept, flagged, and not counted as a new update
        } else {
            auto steps = std::max<std::int64_t>(1, std::llround(elapsed / interval));
            if (recovered)
                steps = std::max<std::int64_t>(2, steps);
            if (steps > 1) {
                s.flags |= SampleFlag::Gap;
                s.missedBefore = static_cast<std::uint32_t>(steps - 1);
            }
            m_sequence += static_cast<std::uint64_t>(steps);
        }
    }
    s.sequence = m_sequence;
    if ((s.flags & SampleFlag::Duplicate) == 0) {
        m_lastNs = s.hostNs;
        m_lastValues = s.values;
    }
}

Result<void> Wt300Driver::integrate(IntegrationCommand c)
{
    // yoko-tool waits 0.2 s after :INTEG:STAR because commands right after it failed; here the
    // state read-back that follows serves as that pause and shows the command took effect.
    const char *text = c == IntegrationCommand::Reset   ? ":INTEG:RES"
                       : c == IntegrationCommand::Start ? ":INTEG:STAR"
                                                        : ":INTEG:STOP";
    auto done = command(text);
    if (done)
        m_integrating = c == IntegrationCommand::Start;
    return done;
}

Result<IntegrationReading> Wt300Driver::readIntegration()
{
    IntegrationReading reading;
    auto state = integrationState();
    if (!state)
        return state.error();
    reading.state = *state;
    if (!m_configured)
        return reading;
    std::vector<std::size_t> wh;
    std::optional<std::size_t> time;
    for (std::size_t k = 0; k < m_applied.items.size(); ++k) {
        if (m_applied.items[k].function == Function::WH)
            wh.push_back(k);
        else if (m_applied.items[k].function == Function::Time)
            time = k;
    }
    if (wh.empty() && !time)
        return reading;
    auto reply = query(":NUM:NORM:VAL?");
    if (!reply)
        return reply.error();
    const auto count = static_cast<qsizetype>(m_applied.items.size());
    auto values = m_applied.format == NumericFormat::Float ? scpi::parseFloatValues(*reply, count)
                                                           : scpi::parseAsciiValues(*reply, count);
    if (!values)
        return values.error();
    for (const std::size_t k : wh) {
        reading.items.push_back(m_applied.items[k]);
        reading.values.push_back((*values)[k].value);
    }
    if (time)
        reading.seconds = (*values)[*time].value;
    return reading;
}

Result<std::vector<Error>> Wt300Driver::readErrors()
{
    std::vector<Error> errors;
    // The queue holds a bounded number of entries (overflow becomes 350); a meter that never
    // answers 0 is broken, not busy.
    for (int i = 0; i < 64; ++i) {
        auto reply = query(":STAT:ERR?");
        if (!reply)
            return reply.error();
        auto entry = scpi::parseErrorEntry(*reply);
        if (!entry)
            return entry.error();
        if (entry->code == 0)
            return errors;
        errors.push_back(Error{ErrorCode::Instrument,
                               QStringLiteral("%1 %2").arg(entry->code).arg(entry->message),
                               entry->code});
    }
    return Error{ErrorCode::Protocol, QStringLiteral("the error queue does not empty")};
}

void Wt300Driver::close()
{
    if (!m_open)
        return;
    m_streaming = false;
    // Back to front-panel operation; the meter must stay usable after CipherWatt lets go.
    (void)m_transport->write(":COMM:REM OFF");
    m_transport->close();
    m_open = false;
}

double bytesPerUpdate(qsizetype items, NumericFormat format)
{
    // Commands out: ":COMM:WAIT 1", ":STAT:EESR?", ":NUM:NORM:VAL?" with terminators; replies:
    // the EESR value and the data. ASCII values are up to 11 characters plus a comma.
    const double commands = 13 + 12 + 15;
    const double eesr = 6;
    const double data = format == NumericFormat::Float ? 6.0 + 4.0 * static_cast<double>(items) + 2
                                                       : 12.0 * static_cast<double>(items) + 2;
    return commands + eesr + data;
}

Result<std::unique_ptr<PowerMeter>> openWt300(std::unique_ptr<Transport> transport,
                                              const QString &resource, const OpenOptions &options)
{
    if (auto opened = transport->open(); !opened)
        return opened.error();
    // A reply left unread by an earlier program makes the first *CLS fail ("interrupted",
    // yoko-tool's quirk): clear twice. A device clear first empties the output queue.
    (void)transport->clear();
    for (int i = 0; i < 2; ++i) {
        if (auto r = transport->write("*CLS"); !r)
            return r.error();
    }
    if (auto r = transport->write("*IDN?"); !r)
        return r.error();
    auto reply = transport->read(options.timeout);
    if (!reply) {
        Error e = reply.error();
        e.message = Message(msg::kNotIdentified).arg(transport->describe(), e.message);
        return e;
    }
    auto idn = scpi::parseIdn(*reply);
    if (!idn)
        return idn.error();
    const Wt300Model *model = findWt300Model(idn->model);
    if (model == nullptr) {
        QStringList known;
        for (const Wt300Model &m : wt300Models())
            known << m.idnModel;
        return Error{ErrorCode::Unsupported,
                     Message(msg::kNotWt300)
                         .arg(transport->describe(), idn->manufacturer, idn->model,
                              known.join(QStringLiteral(", ")))};
    }
    Identity identity;
    identity.manufacturer = idn->manufacturer;
    identity.model = model->idnModel;
    identity.serial = idn->serial;
    identity.firmware = idn->firmware;
    identity.resource = resource;
    identity.transport = transport->kind();
    identity.simulated = transport->kind() == QLatin1String("sim") ||
                         idn->firmware.contains(QLatin1String(kSimulatorFirmwareTag));
    return std::unique_ptr<PowerMeter>(
        std::make_unique<Wt300Driver>(std::move(transport), *model, identity, options));
}

} // namespace cipherwatt::instruments
