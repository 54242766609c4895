// The WT300-family model table (reference wt300.md, sections 0, 4 and 5.2). Per-model
// differences live here and nowhere else.
//
// Sources of the figures (every one is marked where it is used; the README lists them too):
//   [E1] IM WT310E-01EN (WT300E user's manual), section 2.3 "Measurement Conditions", page 2-7:
//        the current ranges of the WT310E, WT310EH and WT332E/WT333E at crest factor 3 and 6.
//   [E2] IM WT310E-02EN (WT300E getting started guide), section 7.3.2 "Active Power Accuracy",
//        page 7-7: accuracy at 12 months, power factor 1, crest factor 3.
//   [W2] IM WT310-02EN (WT300 getting started guide), section 7.3.2, page 7-7: the same for
//        the WT310, WT310HC, WT332 and WT333.
//   [R]  reference wt300.md section 4 (yoko-tool's choices): voltage ranges 15 ... 600 V at
//        crest factor 3. Not seen in a manual page: unconfirmed.
// Pages were read as transcripts on manualshive.com / easymanua.ls.

#include <cipherwatt/instruments/wt300.h>

namespace cipherwatt::instruments {

namespace {

// Crest factor 3 voltage ranges, common to the family [R] (unconfirmed).
const std::vector<double> kVoltageRanges{15, 30, 60, 150, 300, 600};
// Direct current input, crest factor 3: WT310E 5 mA ... 20 A, WT310EH 1 A ... 40 A,
// WT332E/WT333E 0.5 A ... 20 A [E1]. The WT300 models (without E) are taken to have the same
// lists (their manual's page was not seen: unconfirmed).
const std::vector<double> kWt310CurrentRanges{0.005, 0.01, 0.02, 0.05, 0.1, 0.2,
                                              0.5,   1,    2,    5,    10,  20};
const std::vector<double> kWt310HcCurrentRanges{1, 2, 5, 10, 20, 40};
const std::vector<double> kWt330CurrentRanges{0.5, 1, 2, 5, 10, 20};

PowerAccuracy accuracy(double ofReadingPercent, double ofRangePercent, const char *source)
{
    return {ofReadingPercent / 100.0, ofRangePercent / 100.0, true, QString::fromLatin1(source)};
}

// WT300E, direct input of the WT310E/WT332E/WT333E (and the WT310EH's external sensor
// input): DC ±(0.1 % of reading + 0.2 % of range); 45 Hz <= f <= 66 Hz ±(0.1 % of reading +
// 0.05 % of range) [E2].
const PowerAccuracy kE_Dc = accuracy(0.1, 0.2, "IM WT310E-02EN 7.3.2 p. 7-7, DC");
const PowerAccuracy kE_Ac = accuracy(0.1, 0.05, "IM WT310E-02EN 7.3.2 p. 7-7, 45-66 Hz");
// WT310EH direct current input: DC ±(0.3 % of reading + 0.2 % of range), 45-66 Hz the same as
// the others [E2] (the table's third column).
const PowerAccuracy kEh_Dc =
    accuracy(0.3, 0.2, "IM WT310E-02EN 7.3.2 p. 7-7, WT310EH direct input, DC");
// WT300: DC ±(0.1 % of reading + 0.2 % of range); 45-66 Hz ±(0.1 % of reading + 0.1 % of
// range) [W2]; the WT310HC's direct input DC ±(0.3 % of reading + 0.2 % of range).
const PowerAccuracy kW_Dc = accuracy(0.1, 0.2, "IM WT310-02EN 7.3.2 p. 7-7, DC");
const PowerAccuracy kW_Ac = accuracy(0.1, 0.1, "IM WT310-02EN 7.3.2 p. 7-7, 45-66 Hz");
const PowerAccuracy kHc_Dc =
    accuracy(0.3, 0.2, "IM WT310-02EN 7.3.2 p. 7-7, WT310HC direct input, DC");

Wt300Model row(const char *idn, std::vector<int> elements, std::vector<double> currentRanges,
               std::vector<QString> wirings, PowerAccuracy dc, PowerAccuracy ac)
{
    Wt300Model m;
    m.idnModel = QString::fromLatin1(idn);
    m.info.name = m.idnModel;
    m.info.sigma = elements.size() > 1;
    m.info.elements = std::move(elements);
    m.info.voltageRanges = kVoltageRanges;
    m.info.currentRanges = std::move(currentRanges);
    m.info.wirings = std::move(wirings);
    const bool e =
        m.idnModel.endsWith(QLatin1Char('E')) || m.idnModel.endsWith(QLatin1String("EH"));
    m.info.rangesConfirmed = false; // the voltage ranges are [R] for every model
    m.info.rangesSource = e ? QStringLiteral("current: IM WT310E-01EN 2.3 p. 2-7; voltage: "
                                             "reference wt300.md 4 (unconfirmed)")
                            : QStringLiteral("current: as the WT300E (IM WT310E-01EN 2.3), "
                                             "voltage: reference wt300.md 4 (both unconfirmed "
                                             "for the WT300)");
    m.powerAccuracyDc = std::move(dc);
    m.powerAccuracyAc = std::move(ac);
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
        row("WT310", {1}, kWt310CurrentRanges, single, kW_Dc, kW_Ac),
        highCurrent(row("WT310HC", {1}, kWt310HcCurrentRanges, single, kHc_Dc, kW_Ac)),
        // The WT332 calls its two elements 1 and 3; there is no element 2.
        row("WT332", {1, 3}, kWt330CurrentRanges, twoElements, kW_Dc, kW_Ac),
        row("WT333", {1, 2, 3}, kWt330CurrentRanges, threeElements, kW_Dc, kW_Ac),
        row("WT310E", {1}, kWt310CurrentRanges, single, kE_Dc, kE_Ac),
        highCurrent(row("WT310EH", {1}, kWt310HcCurrentRanges, single, kEh_Dc, kE_Ac)),
        row("WT332E", {1, 3}, kWt330CurrentRanges, twoElements, kE_Dc, kE_Ac),
        row("WT333E", {1, 2, 3}, kWt330CurrentRanges, threeElements, kE_Dc, kE_Ac),
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
