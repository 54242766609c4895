// The WT300-family driver. Command sequences and their sources: reference wt300.md, sections
// 4 (commands), 5 (numeric data), 6 (status model and the update synchronisation), 7 (errors).

#include "messages.h"

#include <cipherwatt/instruments/scpi.h>
#include <cipherwatt/instruments/wt300.h>

#include <QLoggingCategory>

#include <algorithm>
#include <chrono>
#include <cmath>

Q_LOGGING_CATEGORY(lcWt300, "cipherwatt.instruments.wt300", QtWarningMsg)

namespace cipherwatt::instruments {

namespace {

using namespace std::chrono_literals;
using std::chrono::milliseconds;

// Update intervals of the family and how :RATE spells them.
struct RateSpelling
{
    milliseconds interval;
    const char *scpi;
};
constexpr RateSpelling kRates[] = {{100ms, "100MS"}, {250ms, "250MS"}, {500ms, "500MS"},
                                   {1000ms, "1S"},   {2000ms, "2S"},   {5000ms, "5S"}};

// EESR bits (reference 6.1).
constexpr std::uint16_t kEesrUpd = 1U << 0;
constexpr std::uint16_t kEesrOverRange = (1U << 3) | (1U << 6) | (1U << 9) | (1U << 12);
constexpr std::uint16_t kEesrPeakOver =
    (1U << 7) | (1U << 8) | (1U << 10) | (1U << 11) | (1U << 13) | (1U << 14);

std::int64_t steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

QByteArray elementName(int element)
{
    return element == kSigma ? QByteArrayLiteral("SIGM") : QByteArray::number(element);
}

bool functionHasElement(Function f)
{
    return f != Function::Time;
}

QByteArray rangeText(double value, char unit)
{
    return QByteArray::number(value, 'g', 6) + unit;
}

QString formatName(NumericFormat f)
{
    return f == NumericFormat::Float ? QStringLiteral("FLOAT") : QStringLiteral("ASCII");
}

class Wt300Driver final : public PowerMeter
{
public:
    Wt300Driver(std::unique_ptr<Transport> transport, const Wt300Model &model, Identity identity,
                const OpenOptions &options)
        : m_transport(std::move(transport))
        , m_model(model)
        , m_identity(std::move(identity))
        , m_options(options)
    {
        m_caps.model = model.info;
        for (const FunctionInfo &f : allFunctions())
            m_caps.functions.push_back(f.function);
        for (const RateSpelling &r : kRates)
            m_caps.intervals.push_back(r.interval);
        m_caps.modes = {MeasurementMode::Rms, MeasurementMode::VoltageMean, MeasurementMode::Dc};
        m_caps.maxItems = 255;
        m_caps.powerAccuracyOfReading = model.powerAccuracyOfReading;
        m_caps.powerAccuracyOfRange = model.powerAccuracyOfRange;
    }

    ~Wt300Driver() override { close(); }

    const Identity &identity() const override { return m_identity; }
    const Capabilities &capabilities() const override { return m_caps; }

    Result<AppliedConfig> configure(const MeterConfig &config) override;
    Result<void> startStream() override;
    Result<Sample> nextSample() override;
    Result<void> stopStream() override
    {
        m_streaming = false;
        return {};
    }
    Result<void> integrate(IntegrationCommand command) override;
    Result<IntegrationReading> readIntegration() override;
    Result<std::vector<Error>> readErrors() override;
    void interrupt() override { m_transport->interrupt(); }
    void clearInterrupt() override { m_transport->clearInterrupt(); }
    void close() override;

private:
    Result<void> send(const QByteArray &message)
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

    Result<QByteArray> query(const QByteArray &message, milliseconds extra = 0ms)
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

    // After a cancelled or timed-out exchange a late reply may be on its way (the meter was in
    // :COMM:WAIT, or slow). A device clear drops what the link holds; *IDN? then marks the
    // point after which replies belong to us again, and anything before it is discarded.
    Result<void> resync()
    {
        m_desynced = false;
        (void)m_transport->clear();
        if (auto r = m_transport->write("*IDN?"); !r) {
            m_desynced = true;
            return r;
        }
        const milliseconds patience = m_options.timeout + m_applied.interval;
        for (int discarded = 0; discarded < 8; ++discarded) {
            auto reply = m_transport->read(patience);
            if (!reply) {
                m_desynced = true;
                return reply.error();
            }
            auto idn = scpi::parseIdn(*reply);
            if (idn && idn->model.compare(m_identity.model, Qt::CaseInsensitive) == 0 &&
                idn->serial == m_identity.serial)
                return {};
            qCDebug(lcWt300) << "resync: discarded" << reply->left(40);
        }
        m_desynced = true;
        return Error{ErrorCode::Protocol, QStringLiteral("the meter keeps sending replies nobody "
                                                         "asked for")};
    }

    // A setting command followed by a look at the error queue, so that a refusal is reported
    // against the command that caused it.
    Result<void> command(const QByteArray &message)
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

    Result<AppliedConfig> readBack(const MeterConfig &config, const std::vector<Item> &items);
    Result<void> validate(const MeterConfig &config, std::vector<Item> &items) const;
    Result<IntegrationState> integrationState();
    void trackSequence(Sample &sample);

    std::unique_ptr<Transport> m_transport;
    const Wt300Model &m_model;
    Identity m_identity;
    OpenOptions m_options;
    Capabilities m_caps;
    bool m_open = true;
    bool m_desynced = false;

    AppliedConfig m_applied;
    bool m_configured = false;
    bool m_streaming = false;
    std::int64_t m_lastNs = 0;
    std::uint64_t m_sequence = 0;
    std::vector<double> m_lastValues;
};

Result<void> Wt300Driver::validate(const MeterConfig &config, std::vector<Item> &items) const
{
    const auto rate =
        std::find_if(std::begin(kRates), std::end(kRates),
                     [&](const RateSpelling &r) { return r.interval == config.interval; });
    if (rate == std::end(kRates))
        return Error{ErrorCode::Unsupported,
                     QStringLiteral("update interval %1 ms: the %2 offers 100 ms, 250 ms, 500 ms, "
                                    "1 s, 2 s and 5 s")
                         .arg(config.interval.count())
                         .arg(m_model.info.name)};
    std::vector<int> elements = config.elements.empty() ? m_model.info.elements : config.elements;
    for (const int e : elements) {
        if (std::find(m_model.info.elements.begin(), m_model.info.elements.end(), e) ==
            m_model.info.elements.end()) {
            QStringList have;
            for (const int h : m_model.info.elements)
                have << QString::number(h);
            return Error{ErrorCode::Unsupported,
                         Message(msg::kNoSuchElement)
                             .arg(e)
                             .arg(m_model.info.name, have.join(QStringLiteral(", ")))};
        }
    }
    if (config.sigma) {
        if (!m_model.info.sigma)
            return Error{
                ErrorCode::Unsupported,
                QStringLiteral("Σ items: the %1 has a single element").arg(m_model.info.name)};
        elements.push_back(kSigma);
    }
    if (config.functions.empty())
        return Error{ErrorCode::Unsupported, Message(msg::kNoFunctions)};
    const auto checkRange = [&](const std::optional<Range> &r, const std::vector<double> &have,
                                const char *what, const char *unit) -> Result<void> {
        if (!r || r->automatic)
            return {};
        for (const double v : have) {
            if (std::fabs(v - r->value) <= 1e-9 * std::max(1.0, v))
                return {};
        }
        QStringList list;
        for (const double v : have)
            list << QString::number(v);
        return Error{ErrorCode::Unsupported, QStringLiteral("%1 range %2 %3: the %4 has %5")
                                                 .arg(QLatin1String(what))
                                                 .arg(r->value)
                                                 .arg(QLatin1String(unit), m_model.info.name,
                                                      list.join(QStringLiteral(", ")))};
    };
    if (auto r = checkRange(config.voltageRange, m_model.info.voltageRanges, "voltage", "V"); !r)
        return r;
    if (auto r = checkRange(config.currentRange, m_model.info.currentRanges, "current", "A"); !r)
        return r;

    items.clear();
    std::vector<Function> functions = config.functions;
    if (config.integration) {
        for (const Function f : {Function::WH, Function::Time}) {
            if (std::find(functions.begin(), functions.end(), f) == functions.end())
                functions.push_back(f);
        }
    }
    for (const Function f : functions) {
        if (!functionHasElement(f)) {
            items.push_back({f, 0});
            continue;
        }
        for (const int e : elements)
            items.push_back({f, e});
    }
    if (static_cast<int>(items.size()) > m_caps.maxItems)
        return Error{ErrorCode::Unsupported, QStringLiteral("%1 numeric items: the meter takes "
                                                            "at most %2")
                                                 .arg(items.size())
                                                 .arg(m_caps.maxItems)};
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

Result<AppliedConfig> Wt300Driver::configure(const MeterConfig &config)
{
    if (m_streaming)
        return Error{ErrorCode::Unsupported, QStringLiteral("cannot configure while streaming")};
    std::vector<Item> items;
    if (auto valid = validate(config, items); !valid)
        return valid.error();

    // Clean slate: headers off first, so that no reply after this carries one.
    for (const char *setup : {"*CLS", ":COMM:HEAD OFF", ":COMM:VERB ON", ":STAT:QMES ON"}) {
        if (auto r = command(setup); !r)
            return r.error();
    }

    QList<Message> warnings;
    // Most settings are refused while the integrator holds a value (error 813, reference 6.3).
    auto state = integrationState();
    if (!state)
        return state.error();
    if (*state != IntegrationState::Reset) {
        if (*state == IntegrationState::Running) {
            if (auto r = command(":INTEG:STOP"); !r)
                return r.error();
        }
        if (auto r = command(":INTEG:RES"); !r)
            return r.error();
        warnings << Message(msg::kIntegratorHeld).arg(integrationStateName(*state));
    }

    std::vector<QByteArray> commands;
    const auto rate =
        std::find_if(std::begin(kRates), std::end(kRates),
                     [&](const RateSpelling &r) { return r.interval == config.interval; });
    commands.push_back(QByteArrayLiteral(":RATE ") + rate->scpi);
    commands.push_back(QByteArrayLiteral(":INP:MODE ") +
                       measurementModeName(config.mode).toLatin1());
    if (config.voltageRange) {
        if (config.voltageRange->automatic) {
            commands.push_back(":INP:VOLT:AUTO ON");
        } else {
            commands.push_back(":INP:VOLT:AUTO OFF");
            commands.push_back(":INP:VOLT:RANG " + rangeText(config.voltageRange->value, 'V'));
        }
    }
    if (config.currentRange) {
        if (config.currentRange->automatic) {
            commands.push_back(":INP:CURR:AUTO ON");
        } else {
            commands.push_back(":INP:CURR:AUTO OFF");
            commands.push_back(":INP:CURR:RANG " + rangeText(config.currentRange->value, 'A'));
        }
    }
    // Averaging would smear one update into the next: every sample must stand for its own
    // interval.
    commands.push_back(":MEAS:AVER:STAT OFF");
    if (config.integration) {
        commands.push_back(":INTEG:MODE NORM");
        commands.push_back(":INTEG:TIM 0,0,0");
    }
    commands.push_back(config.format == NumericFormat::Float ? ":NUM:FORM FLO" : ":NUM:FORM ASC");
    commands.push_back(":NUM:NORM:NUM " + QByteArray::number(items.size()));
    for (std::size_t k = 0; k < items.size(); ++k) {
        const Item &item = items[k];
        QByteArray text =
            ":NUM:NORM:ITEM" + QByteArray::number(k + 1) + ' ' +
            QByteArray(functionInfo(item.function).scpi.data(),
                       static_cast<qsizetype>(functionInfo(item.function).scpi.size()));
        if (functionHasElement(item.function))
            text += ',' + elementName(item.element);
        commands.push_back(text);
    }
    // Transition filters: the update's falling edge (UPD, bit 0) drives :COMM:WAIT; rising
    // over-range and peak-over conditions are latched so each update's EESR shows them.
    for (int bit = 0; bit < 16; ++bit) {
        const std::uint16_t mask = static_cast<std::uint16_t>(1U << bit);
        const char *edge = bit == 0                                    ? "FALL"
                           : ((kEesrOverRange | kEesrPeakOver) & mask) ? "RISE"
                                                                       : "NEV";
        commands.push_back(":STAT:FILT" + QByteArray::number(bit + 1) + ' ' + edge);
    }
    for (const QByteArray &c : commands) {
        if (auto r = command(c); !r)
            return r.error();
    }

    auto applied = readBack(config, items);
    if (!applied)
        return applied.error();
    applied->warnings = warnings + applied->warnings;
    if (applied->voltageRange.automatic || applied->currentRange.automatic)
        applied->warnings << Message(msg::kAutoRange);
    if (const double capacity = m_transport->bytesPerSecond(); capacity > 0) {
        const double need = bytesPerUpdate(static_cast<qsizetype>(items.size()), config.format) *
                            1000.0 / static_cast<double>(config.interval.count());
        if (need > 0.8 * capacity)
            applied->warnings << Message(msg::kLinkTooSlow)
                                     .arg(m_transport->describe())
                                     .arg(qRound(capacity))
                                     .arg(items.size())
                                     .arg(config.interval.count())
                                     .arg(qRound(need));
    }
    m_applied = *applied;
    m_configured = true;
    return applied;
}

Result<AppliedConfig> Wt300Driver::readBack(const MeterConfig &config,
                                            const std::vector<Item> &items)
{
    AppliedConfig a;
    a.items = items;

    auto rate = query(":RATE?");
    if (!rate)
        return rate.error();
    auto seconds = scpi::parseReal(*rate, ":RATE?");
    if (!seconds)
        return seconds.error();
    a.interval = milliseconds(std::llround(*seconds * 1000.0));
    if (a.interval != config.interval)
        return Error{
            ErrorCode::Unsupported,
            Message(msg::kRateNotApplied).arg(a.interval.count()).arg(config.interval.count())};

    auto mode = query(":INP:MODE?");
    if (!mode)
        return mode.error();
    const auto parsedMode =
        parseMeasurementMode(QString::fromLatin1(scpi::stripHeader(*mode).toByteArray()));
    if (!parsedMode || *parsedMode != config.mode)
        return Error{
            ErrorCode::Unsupported,
            QStringLiteral("the meter reports measurement mode \"%1\" after being set to "
                           "%2")
                .arg(QString::fromLatin1(mode->trimmed()), measurementModeName(config.mode))};
    a.mode = *parsedMode;

    const auto readRange = [&](const char *rangeQuery, const char *autoQuery,
                               Range &out) -> Result<void> {
        auto value = query(rangeQuery);
        if (!value)
            return value.error();
        auto v = scpi::parseReal(*value, rangeQuery);
        if (!v)
            return v.error();
        auto automatic = query(autoQuery);
        if (!automatic)
            return automatic.error();
        auto on = scpi::parseBoolean(*automatic, autoQuery);
        if (!on)
            return on.error();
        out = Range{*on, *v};
        return {};
    };
    if (auto r = readRange(":INP:VOLT:RANG?", ":INP:VOLT:AUTO?", a.voltageRange); !r)
        return r.error();
    if (auto r = readRange(":INP:CURR:RANG?", ":INP:CURR:AUTO?", a.currentRange); !r)
        return r.error();

    auto averaging = query(":MEAS:AVER:STAT?");
    if (!averaging)
        return averaging.error();
    auto avg = scpi::parseBoolean(*averaging, ":MEAS:AVER:STAT?");
    if (!avg)
        return avg.error();
    a.averaging = *avg;
    if (a.averaging)
        return Error{ErrorCode::Unsupported,
                     QStringLiteral("the meter kept averaging on after :MEAS:AVER:STAT OFF")};

    auto format = query(":NUM:FORM?");
    if (!format)
        return format.error();
    const QByteArray f = scpi::stripHeader(*format).toByteArray().toUpper();
    a.format = f.startsWith("FLO") ? NumericFormat::Float : NumericFormat::Ascii;
    if (a.format != config.format || !(f.startsWith("FLO") || f.startsWith("ASC")))
        return Error{ErrorCode::Unsupported,
                     QStringLiteral("the meter reports numeric format \"%1\" after being set to "
                                    "%2")
                         .arg(QString::fromLatin1(f), formatName(config.format))};

    auto number = query(":NUM:NORM:NUM?");
    if (!number)
        return number.error();
    auto n = scpi::parseInteger(*number, ":NUM:NORM:NUM?");
    if (!n)
        return n.error();
    if (*n != static_cast<std::int64_t>(items.size()))
        return Error{ErrorCode::Unsupported, QStringLiteral("the meter reports %1 numeric items "
                                                            "after being set to %2")
                                                 .arg(*n)
                                                 .arg(items.size())};
    for (std::size_t k = 0; k < items.size(); ++k) {
        const QByteArray q = ":NUM:NORM:ITEM" + QByteArray::number(k + 1) + '?';
        auto reply = query(q);
        if (!reply)
            return reply.error();
        const QList<QByteArray> parts = scpi::stripHeader(*reply).toByteArray().split(',');
        const auto function = parseFunction(QString::fromLatin1(parts.value(0)));
        bool match = function && *function == items[k].function;
        if (match && functionHasElement(items[k].function)) {
            const QByteArray e = parts.value(1).trimmed().toUpper();
            const int element = e.startsWith("SIGM") ? kSigma : e.toInt();
            match = element == items[k].element;
        }
        if (!match)
            return Error{ErrorCode::Unsupported,
                         QStringLiteral("item %1 reads back as \"%2\", not %3")
                             .arg(k + 1)
                             .arg(QString::fromLatin1(reply->trimmed()), itemLabel(items[k]))};
    }
    return a;
}

Result<void> Wt300Driver::startStream()
{
    if (!m_configured)
        return Error{ErrorCode::Unsupported,
                     QStringLiteral("configure the meter before streaming")};
    if (auto r = command(":STAT:FILT1 FALL"); !r)
        return r;
    // Reading EESR clears it: the first wait then ends at the next completed update.
    if (auto r = query(":STAT:EESR?"); !r)
        return r.error();
    m_streaming = true;
    m_lastNs = 0;
    m_sequence = 0;
    m_lastValues.clear();
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
    trackSequence(s);

    return s;
}

// Duplicates and gaps follow from the host clock (reference 6.3): updates arrive one interval
// apart; a second read of the same update comes much sooner with the same values, a missed one
// leaves a hole of whole intervals.
void Wt300Driver::trackSequence(Sample &s)
{
    const double interval = static_cast<double>(s.intervalMs) * 1e6;
    if (m_lastNs == 0) {
        m_sequence = 1;
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
        if (elapsed < 0.5 * interval && sameValues) {
            s.flags |= SampleFlag::Duplicate; // kept, flagged, and not counted as a new update
        } else {
            const auto steps = std::max<std::int64_t>(1, std::llround(elapsed / interval));
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
    return command(text);
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

} // namespace

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
