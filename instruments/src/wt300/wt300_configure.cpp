// The WT300-family driver: validating a configuration, applying it (the command sequence of
// reference wt300.md sections 4-6) and reading it back, and the plausibility limits that
// follow from the ranges read back (plausibility.h).

#include "messages.h"
#include "wt300/wt300_driver.h"

#include <cipherwatt/instruments/scpi.h>

#include <algorithm>
#include <chrono>
#include <cmath>

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

} // namespace

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
    if (applied->crestFactor == CrestFactor::Unknown)
        applied->warnings << Message(msg::kCrestFactorUnknown);
    m_config = config;
    m_applied = *applied;
    m_configured = true;
    setLimits();
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
    auto crestFactor = readCrestFactor();
    if (!crestFactor)
        return crestFactor.error();
    a.crestFactor = *crestFactor;

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

// `:INPut:CFACtor?` answers 3, 6 or (WT300E) A6 (reference wt300.md section 4; the manual's
// 6A). A meter without the command refuses it (error 113) and stays silent: the crest factor
// is then unknown, the refusal is taken out of the error queue, and the widest limits apply.
Result<CrestFactor> Wt300Driver::readCrestFactor()
{
    auto reply = query(":INP:CFAC?");
    if (!reply) {
        if (reply.error().code != ErrorCode::Timeout)
            return reply.error();
        qCWarning(lcWt300) << "no reply to :INP:CFAC?; the crest factor is unknown";
        if (auto drained = readErrors(); !drained)
            return drained.error();
        return CrestFactor::Unknown;
    }
    QByteArray text = scpi::stripHeader(*reply).toByteArray().trimmed().toUpper();
    if (text == "3")
        return CrestFactor::Three;
    if (text == "6")
        return CrestFactor::Six;
    if (text == "A6" || text == "6A")
        return CrestFactor::SixA;
    qCWarning(lcWt300) << "unknown crest factor" << text.left(20);
    return CrestFactor::Unknown;
}

void Wt300Driver::setLimits()
{
    const RangeLimits limits = rangeLimits(m_model.info, m_applied.crestFactor,
                                           m_applied.voltageRange, m_applied.currentRange);
    const auto elements = static_cast<int>(m_model.info.elements.size());
    m_limits.clear();
    for (const Item &item : m_applied.items)
        m_limits.push_back(plausibleLimit(item, limits, elements));
}

} // namespace cipherwatt::instruments
