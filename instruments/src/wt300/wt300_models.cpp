// The WT300-family model table (reference wt300.md, sections 0, 4 and 5.2). Per-model
// differences live here and nowhere else.

#include <cipherwatt/instruments/wt300.h>

namespace cipherwatt::instruments {

namespace {

// Crest factor 3 voltage ranges, common to the family (yoko-tool, WT330 class).
const std::vector<double> kVoltageRanges{15, 30, 60, 150, 300, 600};
// WT310 direct current input, CF3: 5 mA ... 20 A.
const std::vector<double> kWt310CurrentRanges{0.005, 0.01, 0.02, 0.05, 0.1, 0.2,
                                              0.5,   1,    2,    5,    10,  20};
const std::vector<double> kWt310HcCurrentRanges{1, 2, 5, 10, 20, 40};
const std::vector<double> kWt330CurrentRanges{0.5, 1, 2, 5, 10, 20};

// DC power accuracy, ±(0.1 % of reading + 0.2 % of range): the WT332 figure the core issue
// gives. The family shares its measuring front end, so the same figure is used for every row;
// check a model's own specification before publishing with it.
constexpr double kOfReading = 0.001;
constexpr double kOfRange = 0.002;

Wt300Model row(const char *idn, std::vector<int> elements, std::vector<double> currentRanges,
               std::vector<QString> wirings)
{
    Wt300Model m;
    m.idnModel = QString::fromLatin1(idn);
    m.info.name = m.idnModel;
    m.info.sigma = elements.size() > 1;
    m.info.elements = std::move(elements);
    m.info.voltageRanges = kVoltageRanges;
    m.info.currentRanges = std::move(currentRanges);
    m.info.wirings = std::move(wirings);
    m.powerAccuracyOfReading = kOfReading;
    m.powerAccuracyOfRange = kOfRange;
    return m;
}

} // namespace

const std::vector<Wt300Model> &wt300Models()
{
    static const std::vector<QString> single{QStringLiteral("P1W2")};
    // WT332 wirings are [U] in the reference; these are the ones a two-element meter can do.
    static const std::vector<QString> twoElements{QStringLiteral("P1W2"), QStringLiteral("P1W3"),
                                                  QStringLiteral("P3W3")};
    static const std::vector<QString> threeElements{QStringLiteral("P1W2"), QStringLiteral("P1W3"),
                                                    QStringLiteral("P3W3"), QStringLiteral("P3W4"),
                                                    QStringLiteral("V3A3")};
    // The 40 A range of the WT310HC and WT310EH is over range past 110 %, not 140 % (IM
    // WT310-02EN and IM WT310E-02EN, section 1.5).
    const auto highCurrent = [](Wt300Model m) {
        m.info.topCurrentOverRange = 1.1;
        return m;
    };
    static const std::vector<Wt300Model> models{
        row("WT310", {1}, kWt310CurrentRanges, single),
        highCurrent(row("WT310HC", {1}, kWt310HcCurrentRanges, single)),
        // The WT332 calls its two elements 1 and 3; there is no element 2.
        row("WT332", {1, 3}, kWt330CurrentRanges, twoElements),
        row("WT333", {1, 2, 3}, kWt330CurrentRanges, threeElements),
        row("WT310E", {1}, kWt310CurrentRanges, single),
        highCurrent(row("WT310EH", {1}, kWt310HcCurrentRanges, single)),
        row("WT332E", {1, 3}, kWt330CurrentRanges, twoElements),
        row("WT333E", {1, 2, 3}, kWt330CurrentRanges, threeElements),
    };
    return models;
}

const Wt300Model *findWt300Model(const QString &idnModel)
{
    for (const Wt300Model &m : wt300Models()) {
        if (m.idnModel.compare(idnModel.trimmed(), Qt::CaseInsensitive) == 0)
            return &m;
    }
    return nullptr;
}

} // namespace cipherwatt::instruments
