// The simulated WT332's command table: each command in the manual's notation with its handler.
// Command forms, replies and error codes follow reference wt300.md sections 3-7.

#include "simulator/sim_scpi.h"

#include <cmath>

namespace cipherwatt::instruments::simscpi {

namespace {

std::vector<PatternNode> pattern(const char *text)
{
    std::vector<PatternNode> nodes;
    QByteArray t(text);
    bool optional = false;
    QByteArray word;
    const auto flush = [&] {
        if (word.isEmpty())
            return;
        PatternNode n;
        n.optional = optional;
        if (word.endsWith("<x>")) {
            n.suffix = true;
            word.chop(3);
        }
        for (const char c : word) {
            if (c >= 'A' && c <= 'Z')
                n.shortForm += c;
        }
        n.longForm = word.toUpper();
        nodes.push_back(n);
        word.clear();
        optional = false;
    };
    for (const char c : t) {
        if (c == ':') {
            flush();
        } else if (c == '[') {
            flush();
            optional = true;
        } else if (c == ']') {
            flush();
        } else {
            word += c;
        }
    }
    flush();
    return nodes;
}

bool sameWord(const QByteArray &given, const char *mnemonic)
{
    // `mnemonic` in manual notation, e.g. "VMEan": short or long form, any case.
    QByteArray shortForm;
    for (const char *c = mnemonic; *c != 0; ++c) {
        if (*c >= 'A' && *c <= 'Z')
            shortForm += *c;
    }
    const QByteArray g = given.trimmed().toUpper();
    return g == shortForm || g == QByteArray(mnemonic).toUpper();
}

std::optional<bool> onOff(const QByteArray &p)
{
    const QByteArray t = p.trimmed().toUpper();
    if (t == "ON" || t == "1")
        return true;
    if (t == "OFF" || t == "0")
        return false;
    return std::nullopt;
}

// A number with an optional multiplier and unit: "100MS", "100 MS", "0.1", "300V", "500MA".
// `unit` is the unit letter ('S', 'V', 'A'); "M" before it means milli (the manual: "MA"
// is milli for current, there is no mega here).
std::optional<double> physical(const QByteArray &p, char unit)
{
    QByteArray t = p.trimmed().toUpper();
    t.replace(' ', QByteArray());
    if (t.endsWith(unit))
        t.chop(1);
    double scale = 1.0;
    if (t.endsWith('M')) {
        scale = 1e-3;
        t.chop(1);
    } else if (t.endsWith('U')) {
        scale = 1e-6;
        t.chop(1);
    } else if (t.endsWith('K')) {
        scale = 1e3;
        t.chop(1);
    }
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok || !std::isfinite(v) || t.isEmpty() || t.contains("INF") || t.contains("NAN"))
        return std::nullopt;
    return v * scale;
}

// <Register>: decimal, #H.., #Q.., #B.. (reference 3).
std::optional<std::uint16_t> registerValue(const QByteArray &p)
{
    const QByteArray t = p.trimmed().toUpper();
    bool ok = false;
    unsigned long v = 0;
    if (t.startsWith("#H"))
        v = t.mid(2).toULong(&ok, 16);
    else if (t.startsWith("#Q"))
        v = t.mid(2).toULong(&ok, 8);
    else if (t.startsWith("#B"))
        v = t.mid(2).toULong(&ok, 2);
    else
        v = t.toULong(&ok, 10);
    if (!ok || v > 0xffff)
        return std::nullopt;
    return static_cast<std::uint16_t>(v);
}

// Mnemonics of the functions in ITEM replies: long (verbose) and short forms.
struct FunctionName
{
    Function function;
    const char *longForm;
    const char *shortForm;
};
constexpr FunctionName kFunctionNames[] = {
    {Function::U, "U", "U"},
    {Function::I, "I", "I"},
    {Function::P, "P", "P"},
    {Function::S, "S", "S"},
    {Function::Q, "Q", "Q"},
    {Function::Lambda, "LAMBDA", "LAMB"},
    {Function::Phi, "PHI", "PHI"},
    {Function::FU, "FU", "FU"},
    {Function::FI, "FI", "FI"},
    {Function::UPPeak, "UPPEAK", "UPP"},
    {Function::UMPeak, "UMPEAK", "UMP"},
    {Function::IPPeak, "IPPEAK", "IPP"},
    {Function::IMPeak, "IMPEAK", "IMP"},
    {Function::Time, "TIME", "TIME"},
    {Function::WH, "WH", "WH"},
    {Function::WHP, "WHP", "WHP"},
    {Function::WHM, "WHM", "WHM"},
    {Function::AH, "AH", "AH"},
    {Function::URange, "URANGE", "URAN"},
    {Function::IRange, "IRANGE", "IRAN"},
};

std::optional<Function> meterFunction(const QByteArray &text)
{
    const QByteArray t = text.trimmed().toUpper();
    for (const FunctionName &f : kFunctionNames) {
        if (t == f.longForm || t == f.shortForm)
            return f.function;
    }
    return std::nullopt;
}

const FunctionName &nameOf(Function f)
{
    for (const FunctionName &n : kFunctionNames) {
        if (n.function == f)
            return n;
    }
    return kFunctionNames[0];
}

bool modelHasElement(const Wt300Model &m, int e)
{
    if (e == kSigma)
        return m.info.sigma;
    return std::find(m.info.elements.begin(), m.info.elements.end(), e) != m.info.elements.end();
}

// Settings the meter refuses while the integrator is not reset (reference 6.3: error 813).
bool refuseDuringIntegration(Impl &s)
{
    if (s.integrationIdle())
        return false;
    s.pushError(kDuringIntegration);
    return true;
}

void setRange(Impl &s, Context &c, const std::vector<double> &ranges, char unit, double &range,
              bool &automatic)
{
    if (c.query) {
        c.answer(nr3(range, 1));
        return;
    }
    if (refuseDuringIntegration(s))
        return;
    const auto v = physical(c.params, unit);
    if (!v) {
        s.pushError(kIllegalValue);
        return;
    }
    for (const double r : ranges) {
        if (std::fabs(r - *v) <= 1e-9 * r) {
            range = r;
            automatic = false;
            return;
        }
    }
    s.pushError(kIllegalValue);
}

void setBool(Impl &s, Context &c, bool &target, bool integrationLocked = false)
{
    if (c.query) {
        c.answer(target ? "1" : "0");
        return;
    }
    if (integrationLocked && refuseDuringIntegration(s))
        return;
    const auto v = onOff(c.params);
    if (!v) {
        s.pushError(kIllegalValue);
        return;
    }
    target = *v;
}

} // namespace

QByteArray nr3(double v, int digits)
{
    return QByteArray::number(v, 'E', digits);
}

const std::vector<Command> &commands()
{
    static const std::vector<Command> table = [] {
        std::vector<Command> t;
        const auto add = [&](const char *p, unsigned forms, Handler h) {
            t.push_back({pattern(p), forms, std::move(h)});
        };
        add(":RATE", Query | Set, [](Impl &s, Context &c) {
            if (c.query) {
                c.answer(nr3(std::chrono::duration<double>(s.interval).count(), 3));
                return;
            }
            if (refuseDuringIntegration(s))
                return;
            const auto seconds = physical(c.params, 'S');
            constexpr int kRatesMs[] = {100, 250, 500, 1000, 2000, 5000};
            for (const int ms : kRatesMs) {
                if (seconds && std::fabs(*seconds * 1000.0 - ms) < 1e-6) {
                    s.interval = std::chrono::milliseconds(ms);
                    s.restartEpoch();
                    return;
                }
            }
            s.pushError(kIllegalValue);
        });
        add(":INPut:MODE", Query | Set, [](Impl &s, Context &c) {
            if (c.query) {
                switch (s.mode) {
                case MeasurementMode::Rms:
                    c.answer("RMS");
                    break;
                case MeasurementMode::VoltageMean:
                    c.answer(s.verbose ? "VMEAN" : "VME");
                    break;
                case MeasurementMode::Dc:
                    c.answer("DC");
                    break;
                }
                return;
            }
            if (refuseDuringIntegration(s))
                return;
            if (sameWord(c.params, "RMS"))
                s.mode = MeasurementMode::Rms;
            else if (sameWord(c.params, "VMEan"))
                s.mode = MeasurementMode::VoltageMean;
            else if (sameWord(c.params, "DC"))
                s.mode = MeasurementMode::Dc;
            else
                s.pushError(kIllegalValue);
        });
        add(":INPut:VOLTage:RANGe", Query | Set, [](Impl &s, Context &c) {
            setRange(s, c, s.voltageRanges(), 'V', s.voltageRange, s.voltageAuto);
        });
        add(":INPut:CURRent:RANGe", Query | Set, [](Impl &s, Context &c) {
            setRange(s, c, s.currentRanges(), 'A', s.currentRange, s.currentAuto);
        });
        // Crest factor 3 or 6; the WT300E models also 6A, spelled A6 (reference wt300.md 4).
        add(":INPut:CFACtor", Query | Set, [](Impl &s, Context &c) {
            if (c.query) {
                c.answer(s.crestFactor == CrestFactor::SixA  ? "A6"
                         : s.crestFactor == CrestFactor::Six ? "6"
                                                             : "3");
                return;
            }
            if (refuseDuringIntegration(s))
                return;
            const QByteArray v = c.params.trimmed().toUpper();
            const bool e = s.model->idnModel.endsWith(QLatin1Char('E')) ||
                           s.model->idnModel.endsWith(QLatin1String("EH"));
            if (v == "3")
                s.setCrestFactor(CrestFactor::Three);
            else if (v == "6")
                s.setCrestFactor(CrestFactor::Six);
            else if ((v == "A6" || v == "6A") && e)
                s.setCrestFactor(CrestFactor::SixA);
            else
                s.pushError(kIllegalValue);
        });
        add(":INPut:VOLTage:AUTO", Query | Set,
            [](Impl &s, Context &c) { setBool(s, c, s.voltageAuto, true); });
        add(":INPut:CURRent:AUTO", Query | Set,
            [](Impl &s, Context &c) { setBool(s, c, s.currentAuto, true); });
        add(":INPut:WIRing", Query | Set, [](Impl &s, Context &c) {
            if (c.query) {
                c.answer(s.wiring);
                return;
            }
            if (refuseDuringIntegration(s))
                return;
            const QByteArray w = c.params.trimmed().toUpper();
            for (const QString &have : s.model->info.wirings) {
                if (have.toLatin1() == w) {
                    s.wiring = w;
                    return;
                }
            }
            s.pushError(kIllegalValue);
        });
        add(":MEASure:AVERaging:STATe", Query | Set,
            [](Impl &s, Context &c) { setBool(s, c, s.averaging); });
        add(":NUMeric:FORMat", Query | Set, [](Impl &s, Context &c) {
            if (c.query) {
                const bool f = s.format == NumericFormat::Float;
                c.answer(s.verbose ? (f ? "FLOAT" : "ASCII") : (f ? "FLO" : "ASC"));
            } else if (sameWord(c.params, "ASCii")) {
                s.format = NumericFormat::Ascii;
            } else if (sameWord(c.params, "FLOat")) {
                s.format = NumericFormat::Float;
            } else {
                s.pushError(kIllegalValue);
            }
        });
        add(":NUMeric[:NORMal]:NUMber", Query | Set, [](Impl &s, Context &c) {
            if (c.query) {
                c.answer(QByteArray::number(s.itemCount));
                return;
            }
            bool ok = false;
            const int n = c.params.trimmed().toInt(&ok);
            if (!ok || n < 1 || n > 255)
                s.pushError(kDataOutOfRange);
            else
                s.itemCount = n;
        });
        add(":NUMeric[:NORMal]:ITEM<x>", Query | Set, [](Impl &s, Context &c) {
            if (c.suffix < 1 || c.suffix > 255) {
                s.pushError(kSuffixOutOfRange);
                return;
            }
            SimItem &item = s.items[static_cast<std::size_t>(c.suffix - 1)];
            if (c.query) {
                if (item.none) {
                    c.answer("NONE");
                    return;
                }
                const FunctionName &n = nameOf(item.function);
                QByteArray text = s.verbose ? n.longForm : n.shortForm;
                if (item.function != Function::Time) {
                    text += ',';
                    text += item.element == kSigma ? QByteArray(s.verbose ? "SIGMA" : "SIGM")
                                                   : QByteArray::number(item.element);
                }
                c.answer(text);
                return;
            }
            const QList<QByteArray> parts = c.params.split(',');
            if (parts.size() == 1 && sameWord(parts[0], "NONE")) {
                item = SimItem{};
                return;
            }
            const auto f = meterFunction(parts.value(0));
            if (!f || parts.size() > 2) {
                s.pushError(kIllegalValue);
                return;
            }
            int element = 1;
            if (parts.size() == 2) {
                const QByteArray e = parts[1].trimmed().toUpper();
                element = (e == "SIGM" || e == "SIGMA") ? kSigma : e.toInt();
            } else if (*f != Function::Time && s.model->info.elements.size() > 1) {
                s.pushError(kMissingParameter);
                return;
            }
            if (*f != Function::Time && !modelHasElement(*s.model, element)) {
                s.pushError(kIllegalValue);
                return;
            }
            item = SimItem{false, *f, element};
        });
        add(":NUMeric[:NORMal]:VALue", Query, [](Impl &s, Context &c) {
            int only = 0;
            if (!c.params.trimmed().isEmpty()) {
                bool ok = false;
                only = c.params.trimmed().toInt(&ok);
                if (!ok || only < 1 || only > 255) {
                    s.pushError(kDataOutOfRange);
                    return;
                }
            }
            c.answer(s.valueReply(only));
        });
        add(":COMMunicate:HEADer", Query | Set,
            [](Impl &s, Context &c) { setBool(s, c, s.header); });
        add(":COMMunicate:VERBose", Query | Set,
            [](Impl &s, Context &c) { setBool(s, c, s.verbose); });
        add(":COMMunicate:REMote", Query | Set,
            [](Impl &s, Context &c) { setBool(s, c, s.remote); });
        add(":COMMunicate:OVERlap", Query | Set, [](Impl &, Context &c) {
            if (c.query)
                c.answer("0");
        });
        add(":COMMunicate:WAIT", Query | Set, [](Impl &s, Context &c) {
            const auto mask = registerValue(c.params);
            if (!mask) {
                s.pushError(c.params.trimmed().isEmpty() ? kMissingParameter : kIllegalValue);
                return;
            }
            // The waiting itself happens in execute(), which can let go of the lock.
            c.waitMask = *mask;
        });
        add(":STATus:EESR", Query, [](Impl &s, Context &c) {
            c.answer(QByteArray::number(s.eesr));
            s.eesr = 0; // reading clears it
        });
        add(":STATus:EESE", Query | Set, [](Impl &s, Context &c) {
            if (c.query) {
                c.answer(QByteArray::number(s.eese));
                return;
            }
            const auto v = registerValue(c.params);
            if (!v)
                s.pushError(kIllegalValue);
            else
                s.eese = *v;
        });
        add(":STATus:CONDition", Query,
            [](Impl &s, Context &c) { c.answer(QByteArray::number(s.condition)); });
        add(":STATus:FILTer<x>", Query | Set, [](Impl &s, Context &c) {
            if (c.suffix < 1 || c.suffix > 16) {
                s.pushError(kSuffixOutOfRange);
                return;
            }
            TransitionFilter &f = s.filters[static_cast<std::size_t>(c.suffix - 1)];
            if (c.query) {
                constexpr const char *kLong[] = {"NEVER", "RISE", "FALL", "BOTH"};
                constexpr const char *kShort[] = {"NEV", "RISE", "FALL", "BOTH"};
                const auto i = static_cast<std::size_t>(f);
                c.answer(s.verbose ? kLong[i] : kShort[i]);
            } else if (sameWord(c.params, "RISE")) {
                f = TransitionFilter::Rise;
            } else if (sameWord(c.params, "FALL")) {
                f = TransitionFilter::Fall;
            } else if (sameWord(c.params, "BOTH")) {
                f = TransitionFilter::Both;
            } else if (sameWord(c.params, "NEVer")) {
                f = TransitionFilter::Never;
            } else {
                s.pushError(kIllegalValue);
            }
        });
        add(":STATus:ERRor", Query, [](Impl &s, Context &c) {
            if (s.errors.empty()) {
                c.answer(s.queueMessages ? "0,\"No error\"" : "0");
                return;
            }
            const auto [code, text] = s.errors.front();
            s.errors.pop_front();
            c.answer(s.queueMessages ? QByteArray::number(code) + ",\"" + text + '"'
                                     : QByteArray::number(code));
        });
        add(":STATus:QMESsage", Query | Set,
            [](Impl &s, Context &c) { setBool(s, c, s.queueMessages); });
        add(":INTEGrate:MODE", Query | Set, [](Impl &s, Context &c) {
            if (c.query)
                c.answer(s.verbose ? "NORMAL" : "NORM");
            else if (!sameWord(c.params, "NORMal") && !sameWord(c.params, "CONTinuous"))
                s.pushError(kIllegalValue);
            else if (refuseDuringIntegration(s))
                return;
        });
        add(":INTEGrate:TIMer", Query | Set, [](Impl &s, Context &c) {
            if (c.query) {
                c.answer("0,0,0");
                return;
            }
            const QList<QByteArray> hms = c.params.split(',');
            bool ok = hms.size() == 3;
            for (const QByteArray &part : hms) {
                bool partOk = false;
                const int v = part.trimmed().toInt(&partOk);
                ok = ok && partOk && v >= 0;
            }
            if (!ok)
                s.pushError(kIllegalValue);
            else
                refuseDuringIntegration(s);
        });
        add(":INTEGrate:STARt", Event, [](Impl &s, Context &) {
            if (s.integration == IntegrationState::Running)
                s.pushError(kAlreadyStarted);
            else
                s.integration = IntegrationState::Running;
        });
        add(":INTEGrate:STOP", Event, [](Impl &s, Context &) {
            if (s.integration != IntegrationState::Running)
                s.pushError(kNotStarted);
            else
                s.integration = IntegrationState::Stopped;
        });
        add(":INTEGrate:RESet", Event, [](Impl &s, Context &) {
            if (s.integration == IntegrationState::Running) {
                s.pushError(kResetWhileStarted);
                return;
            }
            s.integration = IntegrationState::Reset;
            s.integrationSeconds = 0.0;
            s.wattHours.fill(0.0);
            for (ElementReading &r : s.latest) { // the display shows zero at once
                for (const Function f :
                     {Function::WH, Function::WHP, Function::WHM, Function::Time})
                    r.values[static_cast<std::size_t>(f)] = 0.0;
            }
        });
        add(":INTEGrate:STATe", Query, [](Impl &s, Context &c) {
            switch (s.integration) {
            case IntegrationState::Reset:
                c.answer(s.verbose ? "RESET" : "RES");
                break;
            case IntegrationState::Running:
                c.answer(s.verbose ? "START" : "STAR");
                break;
            case IntegrationState::Stopped:
                c.answer("STOP");
                break;
            case IntegrationState::TimeUp:
                c.answer(s.verbose ? "TIMEUP" : "TIM");
                break;
            case IntegrationState::Error:
                c.answer(s.verbose ? "ERROR" : "ERR");
                break;
            }
        });
        add(":SYSTem:COMMunicate:COMMand", Query | Set, [](Impl &s, Context &c) {
            if (c.query)
                c.answer("WT300");
            else if (c.params.trimmed().toUpper() != "WT300")
                s.pushError(kIllegalValue);
        });
        return t;
    }();
    return table;
}

} // namespace cipherwatt::instruments::simscpi
