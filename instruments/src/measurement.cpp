#include <cipherwatt/instruments/measurement.h>

#include <QStringList>

#include <algorithm>

namespace cipherwatt::instruments {

const std::vector<FunctionInfo> &allFunctions()
{
    // Mnemonics: reference wt300.md, section 5.1 (short forms as the meter accepts them).
    static const std::vector<FunctionInfo> functions{
        {Function::U, "U", "U", "V"},
        {Function::I, "I", "I", "A"},
        {Function::P, "P", "P", "W"},
        {Function::S, "S", "S", "VA"},
        {Function::Q, "Q", "Q", "var"},
        {Function::Lambda, "LAMB", "PF", ""},
        {Function::Phi, "PHI", "PHI", "deg"},
        {Function::FU, "FU", "FU", "Hz"},
        {Function::FI, "FI", "FI", "Hz"},
        {Function::UPPeak, "UPP", "U+pk", "V"},
        {Function::UMPeak, "UMP", "U-pk", "V"},
        {Function::IPPeak, "IPP", "I+pk", "A"},
        {Function::IMPeak, "IMP", "I-pk", "A"},
        {Function::Time, "TIME", "TIME", "s"},
        {Function::WH, "WH", "WH", "Wh"},
        {Function::WHP, "WHP", "WH+", "Wh"},
        {Function::WHM, "WHM", "WH-", "Wh"},
        {Function::AH, "AH", "AH", "Ah"},
        {Function::URange, "URAN", "Urange", "V"},
        {Function::IRange, "IRAN", "Irange", "A"},
    };
    return functions;
}

const FunctionInfo &functionInfo(Function function)
{
    const auto &all = allFunctions();
    return all[static_cast<std::size_t>(function)];
}

std::optional<Function> parseFunction(QStringView text)
{
    const QString t = text.trimmed().toString().toUpper();
    if (t.isEmpty())
        return std::nullopt;
    // Long forms the meter also accepts (upper-case part is the short form).
    static const std::vector<std::pair<QString, Function>> longForms{
        {QStringLiteral("LAMBDA"), Function::Lambda}, {QStringLiteral("UPPEAK"), Function::UPPeak},
        {QStringLiteral("UMPEAK"), Function::UMPeak}, {QStringLiteral("IPPEAK"), Function::IPPeak},
        {QStringLiteral("IMPEAK"), Function::IMPeak}, {QStringLiteral("λ"), Function::Lambda},
        {QStringLiteral("URANGE"), Function::URange}, {QStringLiteral("IRANGE"), Function::IRange},
    };
    for (const auto &[name, function] : longForms) {
        if (t == name)
            return function;
    }
    for (const FunctionInfo &info : allFunctions()) {
        if (t == QLatin1String(info.scpi.data(), static_cast<qsizetype>(info.scpi.size())) ||
            t == QString::fromUtf8(info.label.data(), static_cast<qsizetype>(info.label.size()))
                     .toUpper())
            return info.function;
    }
    return std::nullopt;
}

namespace {

bool hasElement(Function function)
{
    return function != Function::Time;
}

QString fromView(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace

QString itemLabel(const Item &item)
{
    QString label = fromView(functionInfo(item.function).label);
    if (!hasElement(item.function))
        return label;
    return label + (item.element == kSigma ? QStringLiteral("Σ") : QString::number(item.element));
}

QString itemHeader(const Item &item)
{
    const QString unit = fromView(functionInfo(item.function).unit);
    return unit.isEmpty() ? itemLabel(item) : itemLabel(item) + QStringLiteral(" [") + unit + ']';
}

QString sampleFlagsText(std::uint32_t flags)
{
    static const std::vector<std::pair<std::uint32_t, const char *>> names{
        {SampleFlag::NoData, "no-data"},          {SampleFlag::OverRange, "over-range"},
        {SampleFlag::Duplicate, "duplicate"},     {SampleFlag::Gap, "gap"},
        {SampleFlag::PeakOver, "peak-over"},      {SampleFlag::Simulated, "simulated"},
        {SampleFlag::Implausible, "implausible"},
    };
    QStringList out;
    for (const auto &[bit, name] : names) {
        if ((flags & bit) != 0)
            out << QLatin1String(name);
    }
    return out.join(QLatin1Char('|'));
}

} // namespace cipherwatt::instruments
