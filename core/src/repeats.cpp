// The mean over repeats and the comparison of two results (repeats.h; the model and its
// sources: docs/method.md).

#include "effective_dof.h"
#include "messages.h"
#include "numbers.h"

#include <cipherwatt/core/repeats.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace cipherwatt::core {

namespace {

// k for infinitely many degrees of freedom: the smallest coverage factor of a 95 % interval,
// so that half an interval over it bounds the standard uncertainty from above.
constexpr double kNormal95 = 1.959964;
constexpr int kWholeUncertainty = -1; // a repeat without a budget: its whole u, as one term

// A term common to the repeats: the root mean square of the repeats' values of it, with the
// fewest degrees of freedom any of them has.
struct CommonTerm
{
    double sumSquares = 0.0;
    int count = 0;
    double dof = kInfinity;
    double u() const { return count > 0 ? std::sqrt(sumSquares / count) : 0.0; }
};

struct Terms
{
    std::map<int, CommonTerm> common;
    double gain = 0.0;    // the meter's gain, relative (a_rdg / √3)
    double runMean = 0.0; // the first repeat's run_mean term (one repeat)
};

Terms termsOf(const std::vector<const RepeatValue *> &used)
{
    Terms t;
    for (const RepeatValue *r : used) {
        const double scale = std::fabs(r->scale);
        if (r->budget && !r->budget->empty()) {
            for (const BudgetComponent &c : r->budget->components) {
                const double u = scale * c.u;
                if (c.term == BudgetTerm::RunMean) {
                    if (r == used.front())
                        t.runMean = u;
                } else if (c.term == BudgetTerm::MeterReading) {
                    if (r->value != 0.0)
                        t.gain = std::max(t.gain, u / std::fabs(r->value));
                } else {
                    CommonTerm &term = t.common[static_cast<int>(c.term)];
                    term.sumSquares += u * u;
                    ++term.count;
                    term.dof = std::min(term.dof, c.dof);
                }
            }
        } else {
            const double u = (r->high - r->low) / 2.0 / kNormal95;
            CommonTerm &term = t.common[kWholeUncertainty];
            term.sumSquares += u * u; // NaN without an interval: the mean gets none either
            ++term.count;
        }
    }
    return t;
}

MeanInterval oneRepeat(const RepeatValue &r, const Terms &t)
{
    MeanInterval m;
    m.count = 1;
    m.mean = r.value;
    m.low = r.low;
    m.high = r.high;
    if (r.budget && !r.budget->empty()) {
        m.u = std::fabs(r.scale) * r.budget->u;
        m.coverage = r.budget->coverage;
        m.dof = r.budget->dof;
        m.uRepeats = t.runMean;
    } else {
        m.u = (r.high - r.low) / 2.0 / kNormal95;
        m.coverage = kNormal95;
        m.uRepeats = 0.0;
    }
    m.uGain = t.gain * std::fabs(r.value);
    m.uCommon = std::sqrt(std::max(0.0, m.u * m.u - m.uRepeats * m.uRepeats));
    return m;
}

} // namespace

MeanInterval meanOfRepeats(const std::vector<RepeatValue> &repeats)
{
    std::vector<const RepeatValue *> used;
    for (const RepeatValue &r : repeats) {
        if (std::isfinite(r.value))
            used.push_back(&r);
    }
    const Terms t = termsOf(used);
    if (used.empty())
        return {};
    if (used.size() == 1)
        return oneRepeat(*used.front(), t);

    MeanInterval m;
    m.count = static_cast<int>(used.size());
    const auto n = static_cast<double>(used.size());
    double sum = 0.0;
    for (const RepeatValue *r : used)
        sum += r->value;
    m.mean = sum / n;
    double squares = 0.0;
    for (const RepeatValue *r : used)
        squares += (r->value - m.mean) * (r->value - m.mean);
    const double s = std::sqrt(squares / (n - 1.0));
    m.uRepeats = s / std::sqrt(n);
    m.uGain = t.gain * std::fabs(m.mean);

    std::vector<std::pair<double, double>> terms{{m.uRepeats, n - 1.0}, {m.uGain, kInfinity}};
    double common2 = m.uGain * m.uGain;
    for (const auto &[key, term] : t.common) {
        common2 += term.u() * term.u();
        terms.emplace_back(term.u(), term.dof);
    }
    m.uCommon = std::sqrt(common2);
    m.u = std::hypot(m.uRepeats, m.uCommon);
    if (!std::isfinite(m.u))
        return m; // a repeat without an interval: the mean has none
    m.dof = effectiveDof(m.u, terms);
    m.coverage = studentT95(m.dof);
    m.low = m.mean - m.coverage * m.u;
    m.high = m.mean + m.coverage * m.u;
    return m;
}

bool MeanComparison::valid() const
{
    return std::isfinite(difference) && std::isfinite(differenceLow);
}

bool MeanComparison::hasRatio() const
{
    return std::isfinite(ratio) && std::isfinite(ratioLow);
}

bool MeanComparison::significant() const
{
    return valid() && differenceSignificant && (!hasRatio() || ratioSignificant);
}

instruments::Message significanceText(const MeanComparison &comparison)
{
    return comparison.significant() ? msg::kSignificant : msg::kNotSignificant;
}

MeanComparison compareMeans(const MeanInterval &a, const MeanInterval &b, bool sameMeter)
{
    MeanComparison c;
    if (a.count == 0 || b.count == 0 || !std::isfinite(a.mean) || !std::isfinite(b.mean) ||
        !std::isfinite(a.u) || !std::isfinite(b.u))
        return c;
    // The gain error δ is the same in both: a(1 + δ), b(1 + δ), so cov(a, b) = a b u_g²
    // = ± u_gain,a u_gain,b (GUM 5.2.2 with r = 1).
    c.correlated = sameMeter && a.uGain > 0.0 && b.uGain > 0.0;
    const double sign = a.mean * b.mean >= 0.0 ? 1.0 : -1.0;
    const double cov = c.correlated ? sign * a.uGain * b.uGain : 0.0;

    // The finite degrees of freedom of a and b enter through u⁴/ν, which Welch-Satterthwaite
    // gives each of them; the gain terms have infinitely many and do not.
    const auto dofOf = [&](double u2, double ca, double cb) {
        double denominator = 0.0;
        if (std::isfinite(a.dof) && a.dof > 0.0)
            denominator += std::pow(ca * a.u, 4) / a.dof;
        if (std::isfinite(b.dof) && b.dof > 0.0)
            denominator += std::pow(cb * b.u, 4) / b.dof;
        return denominator > 0.0 ? u2 * u2 / denominator : kInfinity;
    };

    c.difference = b.mean - a.mean;
    const double d2 = std::max(0.0, a.u * a.u + b.u * b.u - 2.0 * cov);
    c.differenceU = std::sqrt(d2);
    const double kd = studentT95(dofOf(d2, 1.0, 1.0));
    c.differenceLow = c.difference - kd * c.differenceU;
    c.differenceHigh = c.difference + kd * c.differenceU;
    c.differenceSignificant = c.differenceLow > 0.0 || c.differenceHigh < 0.0;

    // The ratio to first order (GUM 5.1.2, 5.2.2): sensitivities 1/a to b and −b/a² to a.
    // Undefined when a's interval reaches 0: its first-order interval would mean nothing.
    if (!(a.low > 0.0 || a.high < 0.0))
        return c;
    c.ratio = b.mean / a.mean;
    const double ca = -b.mean / (a.mean * a.mean);
    const double cb = 1.0 / a.mean;
    const double r2 =
        std::max(0.0, ca * ca * a.u * a.u + cb * cb * b.u * b.u + 2.0 * ca * cb * cov);
    c.ratioU = std::sqrt(r2);
    const double kr = studentT95(dofOf(r2, ca, cb));
    c.ratioLow = c.ratio - kr * c.ratioU;
    c.ratioHigh = c.ratio + kr * c.ratioU;
    c.ratioSignificant = c.ratioLow > 1.0 || c.ratioHigh < 1.0;
    return c;
}

bool sameMeterSetup(const MeterSetup &a, const MeterSetup &b)
{
    const auto fixed = [](const MeterRange &r) { return !r.automatic && r.value > 0.0; };
    return !a.identity.serial.isEmpty() && a.identity.serial == b.identity.serial &&
           a.identity.model == b.identity.model &&
           a.mode.compare(b.mode, Qt::CaseInsensitive) == 0 && fixed(a.voltageRange) &&
           fixed(b.voltageRange) && fixed(a.currentRange) && fixed(b.currentRange) &&
           a.voltageRange.value == b.voltageRange.value &&
           a.currentRange.value == b.currentRange.value && a.element == b.element;
}

} // namespace cipherwatt::core
