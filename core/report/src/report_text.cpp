#include "report_text.h"

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/core/flags.h>
#include <cipherwatt/core/format.h>
#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/results.h>

#include <cmath>
#include <set>

namespace cipherwatt::report {

using namespace core;
namespace fmt = core::format;
using fmt::Quantity;

namespace {

QString rangeText(const MeterRange &range, const char *unit)
{
    return QStringLiteral("%1 %2%3")
        .arg(range.value)
        .arg(QLatin1String(unit))
        .arg(range.automatic ? QStringLiteral(" (auto-range: data of range changes is lost)")
                             : QString());
}

QString governorText(const DutSetup &dut)
{
    if (!dut.pinning)
        return QStringLiteral("not recorded");
    const Pinning &pinning = *dut.pinning;
    if (!pinning.applied)
        return QStringLiteral("not pinned: %1").arg(pinning.error);
    QStringList cpus;
    for (const CpuFrequency &c : pinning.state.cpus)
        cpus << QStringLiteral("CPU %1 %2, %3–%4 MHz")
                    .arg(c.cpu)
                    .arg(c.governor)
                    .arg(c.minKHz / 1000)
                    .arg(c.maxKHz / 1000);
    // How the worker wrote cpufreq: itself, or through the sudo or pkexec helper.
    const QString &method = pinning.method;
    QString text = (method.isEmpty() ? QStringLiteral("pinned as applied (read back): ")
                                     : QStringLiteral("pinned %1 as applied (read back): ")
                                           .arg(method == QLatin1String("in-process")
                                                    ? QStringLiteral("by the worker")
                                                    : QStringLiteral("through ") + method)) +
                   cpus.join(QStringLiteral("; "));
    if (pinning.state.turboEnabled)
        text += *pinning.state.turboEnabled ? QStringLiteral("; turbo on")
                                            : QStringLiteral("; turbo off");
    for (const QString &m : pinning.mismatches)
        text += QStringLiteral("; MISMATCH: ") + m;
    return text;
}

} // namespace

QList<QPair<QString, QString>> meterFacts(const SessionData &d)
{
    const MeterSetup &m = d.meter;
    const MeterIdentity &id = m.identity;
    if (m.source) {
        // A power source on the DUT as the meter: no instrument, ranges or mode to give.
        const SourceSetup &src = *m.source;
        QList<QPair<QString, QString>> kv{
            {QStringLiteral("Meter"),
             QStringLiteral("power source on the DUT, not a power meter: %1").arg(src.resource)},
            {QStringLiteral("What it measures"), id.model},
            {QStringLiteral("Read"),
             QStringLiteral("%1 in %2 by the DUT's worker: %3")
                 .arg(src.method, src.unit, src.files.join(QStringLiteral(", ")))},
            {QStringLiteral("Update interval"),
             src.updateSeconds
                 ? QStringLiteral("read every %1 s; the gauge refreshed every %2 s")
                       .arg(QString::number(src.intervalSeconds),
                            fmt::significant(*src.updateSeconds, 3))
                 : QStringLiteral("read every %1 s").arg(QString::number(src.intervalSeconds))},
            {QStringLiteral("Readings"),
             src.problem.isEmpty()
                 ? QString::number(src.readings)
                 : QStringLiteral("%1; stopped: %2").arg(src.readings).arg(src.problem)},
            {QStringLiteral("Power accuracy"),
             QStringLiteral("not specified by its maker: every interval is the statistical part "
                            "only")},
        };
        for (const Message &w : m.warnings)
            kv << QPair{QStringLiteral("Note"), w.english()};
        return kv;
    }
    QList<QPair<QString, QString>> kv{
        {QStringLiteral("Meter"), QStringLiteral("%1 %2").arg(id.manufacturer, id.model)},
        {QStringLiteral("Serial, firmware"), QStringLiteral("%1, %2").arg(id.serial, id.firmware)},
        {QStringLiteral("Connection"), // The transport only when the resource does not already name
                                       // it ("sim:…").
         id.transport.isEmpty() || id.transport == id.resource ||
                 id.resource.startsWith(id.transport + QLatin1Char(':'))
             ? id.resource
             : QStringLiteral("%1 (%2)").arg(id.resource, id.transport)},
        {QStringLiteral("Simulated"),
         id.simulated ? QStringLiteral("YES — not a measurement") : QStringLiteral("no")},
        {QStringLiteral("DUT element"), QString::number(m.element)},
        {QStringLiteral("Update interval"), QStringLiteral("%1 ms").arg(m.intervalMs)},
        {QStringLiteral("Measurement mode"), m.mode},
        {QStringLiteral("Voltage range"), rangeText(m.voltageRange, "V")},
        {QStringLiteral("Current range"), rangeText(m.currentRange, "A")},
        {QStringLiteral("Power accuracy"),
         QStringLiteral(
             "±(%1 % of reading + %2 % of range); range %3, so ±%4 plus the reading part")
             .arg(m.accuracyOfReading * 100)
             .arg(m.accuracyOfRange * 100)
             .arg(fmt::quantity(m.powerRangeWatts, Quantity::Power),
                  fmt::quantity(m.accuracyOfRange * m.powerRangeWatts, Quantity::Power))},
        {QStringLiteral("Averaging"), m.averaging ? QStringLiteral("on") : QStringLiteral("off")},
        {QStringLiteral("Items read"), m.items.join(QStringLiteral(", "))},
    };
    for (const Message &w : m.warnings)
        kv << QPair{QStringLiteral("Warning"), w.english()};
    return kv;
}

QList<QPair<QString, QString>> dutFacts(const SessionData &d)
{
    const DutSystem &sys = d.dut.system;
    QStringList libraries;
    for (const auto &[backend, version] : sys.libraries)
        libraries << version;
    std::set<QString> implementations;
    for (const StoredRun &r : d.runs) {
        if (r.result && !r.result->exec)
            implementations.insert(
                QStringLiteral("%1: %2").arg(r.backend, r.result->provenance.implementation));
    }
    QStringList temps;
    for (const Temperature &t : sys.temperatures)
        temps << QStringLiteral("%1 %2 °C").arg(t.label).arg(t.celsius, 0, 'f', 1);
    const SelfTest selfTest = d.dut.selfTest.value_or(SelfTest{});
    const QStringList refused = selfTest.refused();
    const int cpu = d.settings.cpu;
    QList<QPair<QString, QString>> kv{
        {QStringLiteral("DUT"), d.dut.resource},
        {QStringLiteral("CPU"), sys.cpuLine()},
        {QStringLiteral("Kernel"), sys.kernel},
        {QStringLiteral("Host"), sys.hostname},
        {QStringLiteral("Instruction set"),
         QStringLiteral("%1 (available: %2)")
             .arg(sys.isa, sys.isaSupported.join(QStringLiteral(", ")))},
        {QStringLiteral("Governor"), governorText(d.dut)},
        {QStringLiteral("CPU pinning"),
         cpu >= 0 ? QStringLiteral("runs pinned to CPU %1").arg(cpu) : QStringLiteral("none")},
        {QStringLiteral("Temperatures"),
         temps.isEmpty() ? QStringLiteral("no sensors") : temps.join(QStringLiteral(", "))},
        {QStringLiteral("Libraries"), libraries.join(QStringLiteral("; "))},
        {QStringLiteral("Implementations"),
         QStringList(implementations.begin(), implementations.end()).join(QStringLiteral("; "))},
        {QStringLiteral("Worker"), QStringLiteral("cipherwatt-bench %1").arg(d.dut.workerVersion)},
        {QStringLiteral("Known-answer self-test"),
         refused.isEmpty()
             ? QStringLiteral("%1 (cipher, backend) pairs passed on the DUT before measuring")
                   .arg(selfTest.passedPairs())
             : QStringLiteral("%1 passed; FAILED and not measured: %2")
                   .arg(selfTest.passedPairs())
                   .arg(refused.join(QStringLiteral(", ")))},
    };
    // Secondary power sources read on the DUT beside the meter.
    for (const SourceSetup &source : d.dut.sources)
        kv << QPair{QStringLiteral("Power source"), fmt::sourceText(source)};
    return kv;
}

namespace {

// A mean power with its 95 % interval from its standard error: "4.0012 ± 0.0008 W".
QString meanPower(const MeanStats &stats)
{
    const double half = stats.standardError * studentT95(std::max(1.0, stats.effectiveCount - 1.0));
    return fmt::quantityWithInterval(stats.mean, stats.mean - half, stats.mean + half,
                                     Quantity::Power);
}

// A change with its standard error, both in one unit: "+1.06 W (standard error 0.37 W)".
QString changeText(double change, double standardError)
{
    const fmt::Unit unit =
        fmt::valueUnit(Quantity::Power, std::max(std::fabs(change), std::fabs(standardError)));
    if (!std::isfinite(standardError) || standardError <= 0)
        return fmt::signedFixed(unit.scaled(change), 3) + QLatin1Char(' ') + unit.symbol;
    const int decimals = fmt::intervalDecimals(unit.scaled(standardError));
    return QStringLiteral("%1 %3 (standard error %2 %3)")
        .arg(fmt::signedFixed(unit.scaled(change), decimals),
             fmt::fixed(unit.scaled(standardError), decimals), unit.symbol);
}

} // namespace

QStringList methodParagraphs(const SessionData &d)
{
    QStringList out;
    const SessionSettings &s = d.settings;
    if (d.analysis.baseline) {
        const BaselineRecord &b = *d.analysis.baseline;
        const double seconds = b.endSeconds - b.startSeconds;
        const BaselineResult &r = b.result;
        // The slope over the span, and its standard error, as a change of power: what a reader
        // compares with the net powers below.
        out << QStringLiteral("Idle baseline: the DUT idled for %1 s before the runs; over %2 "
                              "whole meter updates its power was %3 (95 %; sd %4), the idle "
                              "power P_idle. Over those %1 s its power changed by %5, %6.")
                   .arg(fmt::significant(seconds, 3))
                   .arg(r.stats.count)
                   .arg(meanPower(r.stats), fmt::quantity(r.stats.sd, Quantity::Power),
                        changeText(r.driftWattsPerHour * seconds / 3600.0,
                                   r.driftStandardError * seconds / 3600.0),
                        r.drifting ? QStringLiteral("a significant drift beyond the threshold: "
                                                    "the results are flagged")
                                   : QStringLiteral("within the drift threshold"));
    }
    if (d.analysis.postBaseline) {
        const PostBaselineRecord &post = *d.analysis.postBaseline;
        out << QStringLiteral("After the runs the DUT idled again for %1 s: %2, %3 from the "
                              "first baseline.")
                   .arg(fmt::significant(post.endSeconds - post.startSeconds, 3))
                   .arg(meanPower(post.result.stats),
                        post.changeWatts ? changeText(*post.changeWatts, std::nan(""))
                                         : fmt::missing());
    }
    if (const QList<Message> activity = activityLines(d); !activity.isEmpty())
        out << QStringLiteral("Other activity on the DUT: the worker read the DUT's CPU counters "
                              "(/proc/stat, less its own CPU time) at the start and end of each "
                              "phase; cores busy on average with anything but the worker add to "
                              "the baseline and the runs alike. More than %1 cores in the "
                              "baseline, or a change by more than that in a run, is flagged. "
                              "Per phase: %2.")
                   .arg(kOtherActivityThresholdCores)
                   .arg(englishTexts(activity).join(QStringLiteral("; ")));
    QString lengthText;
    switch (s.runLength.kind) {
    case RunLength::Kind::Iterations:
        lengthText = QStringLiteral("%1 iterations each").arg(s.runLength.iterations);
        break;
    case RunLength::Kind::Seconds:
        lengthText = QStringLiteral("at least %1 s each").arg(s.runLength.seconds);
        break;
    case RunLength::Kind::Automatic:
        lengthText = QStringLiteral("sized by a short pilot run to span at least %1 meter updates")
                         .arg(s.minUpdates);
        break;
    }
    QStringList buffers;
    for (const std::size_t b : s.bufferSizes)
        buffers << QString::number(b);
    out << QStringLiteral("Runs: the plan \"%1\" with buffers of %2 bytes, %3 repeat(s), %4; %5 s "
                          "pause before each run. Every buffer is a message of its own (fresh IV, "
                          "nonce or tweak); decryption decrypts real ciphertext, and every run "
                          "checks decrypt(encrypt(x)) = x.")
               .arg(s.planSpec, buffers.join(QStringLiteral(", ")))
               .arg(s.repeats)
               .arg(lengthText)
               .arg(fmt::significant(s.settleSeconds, 3));
    if (s.repeats > 1 || s.runOrder != RunOrder::Interleaved)
        out << QStringLiteral("Run order: %1%2.")
                   .arg(runOrderText(s.runOrder, s.runOrderSeed),
                        s.runOrder == RunOrder::Randomised
                            ? QStringLiteral(" (a Fisher–Yates shuffle over std::mt19937_64: the "
                                             "same seed gives the same order)")
                            : QString());
    if (!s.isaLevels.isEmpty())
        out << QStringLiteral("Instruction-set levels: every cipher run at %1, the levels of a run "
                              "side by side in the order; the worker caps its own code and Botan "
                              "at the run's level, OpenSSL keeps the level it started with.")
                   .arg(s.isaLevels.join(QStringLiteral(", ")));
    if (!s.frequencyLevelsKHz.empty()) {
        QStringList levels;
        for (const std::uint64_t kHz : s.frequencyLevelsKHz)
            levels << fmt::megahertz(kHz);
        out << QStringLiteral("CPU frequencies: every run at %1, one block of runs per level and "
                              "pass, the DUT pinned there through the worker and read back, then "
                              "idle at the level (%2 s) before its runs; a refused level's runs "
                              "are skipped.")
                   .arg(levels.join(QStringLiteral(", ")),
                        fmt::significant(levelIdleSeconds(s), 3));
    }
    out << QStringLiteral("Net power: P_net = P_run − P_idle, where P_run is the mean power of the "
                          "meter updates whose whole %1 ms interval lies inside the worker's "
                          "measured loop; updates at the loop's boundaries, duplicates and updates "
                          "without data are left out and counted. Energy: E = P_net × t_run with "
                          "t_run the loop's wall time; energy per byte = E / bytes processed, per "
                          "operation = E / buffers (or key operations). Units carry SI prefixes "
                          "(kB = 1000 B; KiB = 1024 B for buffer sizes); cycles per byte from the "
                          "worker's cycle counter (its kind is in each run's record).")
               .arg(d.meter.intervalMs);
    if (s.waitForStableSeconds > 0)
        out << QStringLiteral("Before the baseline the session waited (at most %1 s) until the "
                              "idle power was stable: its least-squares trend over the last "
                              "baseline-length window within %2 % of its mean (the outcome is "
                              "among the events).")
                   .arg(fmt::significant(s.waitForStableSeconds, 3))
                   .arg(fmt::significant(s.driftThreshold * 100.0, 3));
    if (!d.analysis.idleWindows.empty()) {
        QStringList kinds;
        if (s.idleBetweenSeconds > 0)
            kinds << QStringLiteral("windows of %1 s before the runs")
                         .arg(fmt::significant(s.idleBetweenSeconds, 3));
        if (s.settleIsIdle)
            kinds << QStringLiteral("the settle pauses of %1 s")
                         .arg(fmt::significant(s.settleSeconds, 3));
        out << QStringLiteral("Idle level under each run: %1 idle window(s) between runs (%2); "
                              "each run's P_idle is interpolated linearly in time between the "
                              "nearest idle windows before and after it (the baseline and the "
                              "post-baseline included), with an allowance of |ΔP_idle| / √12 "
                              "for the interpolation.")
                   .arg(d.analysis.idleWindows.size())
                   .arg(kinds.join(QStringLiteral(" and ")));
    } else if (d.analysis.postBaseline)
        out << QStringLiteral("Idle level under each run: interpolated linearly in time between "
                              "the baseline and the post-baseline, with an allowance of "
                              "|ΔP_idle| / √12 for the interpolation.");
    else
        out << QStringLiteral("Idle level under each run: the baseline before the runs (no idle "
                              "window after them to follow a change of the idle level).");
    if (d.meter.isDutSource())
        out << QStringLiteral(
                   "Uncertainty (95 %): the standard errors of P_run and P_idle (the number of "
                   "readings reduced for their lag-1 autocorrelation), combined in quadrature "
                   "with a Student t factor for the Welch-Satterthwaite degrees of freedom. The "
                   "meter was a power source on the DUT (%1) whose maker specifies no accuracy, "
                   "so no accuracy term is included: the intervals cover the readings' scatter, "
                   "not the sensor's own error (RAPL is a model on some CPUs and excludes what "
                   "lies outside its domain; a fuel gauge's figures depend on its calibration). "
                   "Energy per byte and per operation carry the same relative interval "
                   "(docs/method.md).")
                   .arg(d.meter.source->resource);
    else
        out << (s.uncertainty == UncertaintyModel::Correlated
                    ? QStringLiteral(
                          "Uncertainty (95 %), correlated model: the standard errors of P_run "
                          "and P_idle (the number of updates reduced for their lag-1 "
                          "autocorrelation); the meter's accuracy ±(%1 % of reading + %2 % of "
                          "range): baseline and runs were read on the same fixed ranges, so the "
                          "range term's offset is common and cancels in P_net, the reading term "
                          "applies to P_net, and a quarter of the range term is taken as not "
                          "common (linearity, zero drift between the windows), independently in "
                          "the two; rectangular distributions, combined in quadrature with a "
                          "Student t factor for the Welch-Satterthwaite degrees of freedom. "
                          "Energy per byte and per operation carry the same relative interval. "
                          "The budget of every run is below; the model, its sources and a worked "
                          "example are in CipherWatt's docs/method.md.")
                    : QStringLiteral(
                          "Uncertainty (95 %), conservative model: the standard errors of P_run "
                          "and P_idle (the number of updates reduced for their lag-1 "
                          "autocorrelation) and the meter's accuracy limits ±(%1 % of reading + "
                          "%2 % of range), taken as rectangular distributions for the run and "
                          "the idle level independently, combined in quadrature with a Student t "
                          "factor for the Welch-Satterthwaite degrees of freedom. Energy per byte "
                          "and per operation carry the same relative interval. The budget of "
                          "every run is below (docs/method.md)."))
                   .arg(fmt::significant(d.meter.accuracyOfReading * 100, 3),
                        fmt::significant(d.meter.accuracyOfRange * 100, 3));
    if (s.integrator && !d.meter.isDutSource())
        out << QStringLiteral(
            "Cross-check: the meter's integrator (WH) ran through the session; for "
            "every run the energy it counted over the used updates is compared "
            "with the sum of their power × interval, and a disagreement beyond "
            "1 % is flagged.");
    return out;
}

QList<Message> sessionFlags(const SessionData &d)
{
    QList<Message> out = d.analysis.flags;
    for (const StoredRun &r : d.runs) {
        if (r.status == RunStatus::Done)
            continue;
        out << runNotMeasured(r, true);
    }
    return bySeverity(out);
}

QString cell(double value, double low, double high, const fmt::Unit &unit)
{
    return fmt::withInterval(value, low, high, unit).joined();
}

QString cell(double value, const fmt::Unit &unit)
{
    return fmt::plain(value, unit);
}

} // namespace cipherwatt::report
