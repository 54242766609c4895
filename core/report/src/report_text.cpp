#include "report_text.h"

#include <cipherwatt/core/analysis.h>
#include <cipherwatt/report/format.h>

#include <QJsonArray>
#include <QJsonObject>

#include <set>

namespace cipherwatt::report {

using namespace core;

namespace {

QString rangeText(const QJsonObject &range, const char *unit)
{
    return QStringLiteral("%1 %2%3")
        .arg(range[QStringLiteral("value")].toDouble())
        .arg(QLatin1String(unit))
        .arg(range[QStringLiteral("auto")].toBool()
                 ? QStringLiteral(" (auto-range: data of range changes is lost)")
                 : QString());
}

QString governorText(const QJsonObject &dut)
{
    const QJsonObject pinning = dut[QStringLiteral("pinning")].toObject();
    if (pinning.isEmpty())
        return QStringLiteral("not recorded");
    if (pinning.contains(QStringLiteral("error")))
        return QStringLiteral("not pinned: %1").arg(pinning[QStringLiteral("error")].toString());
    QStringList cpus;
    for (const QJsonValue &v :
         pinning[QStringLiteral("applied")].toObject()[QStringLiteral("cpus")].toArray()) {
        const QJsonObject c = v.toObject();
        cpus << QStringLiteral("CPU %1 %2, %3–%4 MHz")
                    .arg(c[QStringLiteral("cpu")].toInt())
                    .arg(c[QStringLiteral("governor")].toString())
                    .arg(c[QStringLiteral("min_khz")].toInteger() / 1000)
                    .arg(c[QStringLiteral("max_khz")].toInteger() / 1000);
    }
    // How the worker wrote cpufreq: itself, or through the sudo or pkexec helper.
    const QString method = pinning[QStringLiteral("method")].toString();
    QString text = (method.isEmpty() ? QStringLiteral("pinned as applied (read back): ")
                                     : QStringLiteral("pinned %1 as applied (read back): ")
                                           .arg(method == QLatin1String("in-process")
                                                    ? QStringLiteral("by the worker")
                                                    : QStringLiteral("through ") + method)) +
                   cpus.join(QStringLiteral("; "));
    const QJsonObject turbo =
        pinning[QStringLiteral("applied")].toObject()[QStringLiteral("turbo")].toObject();
    if (turbo.contains(QStringLiteral("enabled")))
        text += turbo[QStringLiteral("enabled")].toBool() ? QStringLiteral("; turbo on")
                                                          : QStringLiteral("; turbo off");
    const QJsonArray mismatches = pinning[QStringLiteral("mismatches")].toArray();
    for (const QJsonValue &m : mismatches)
        text += QStringLiteral("; MISMATCH: ") + m.toString();
    return text;
}

} // namespace

QList<QPair<QString, QString>> meterFacts(const SessionData &d)
{
    const QJsonObject m = d.meter;
    const QJsonObject id = m[QStringLiteral("identity")].toObject();
    const double range = m[QStringLiteral("power_range_w")].toDouble();
    const double ofReading = m[QStringLiteral("accuracy_of_reading")].toDouble();
    const double ofRange = m[QStringLiteral("accuracy_of_range")].toDouble();
    QStringList items;
    for (const QJsonValue &v : m[QStringLiteral("items")].toArray())
        items << v.toString();
    QList<QPair<QString, QString>> kv{
        {QStringLiteral("Meter"),
         QStringLiteral("%1 %2").arg(id[QStringLiteral("manufacturer")].toString(),
                                     id[QStringLiteral("model")].toString())},
        {QStringLiteral("Serial, firmware"),
         QStringLiteral("%1, %2").arg(id[QStringLiteral("serial")].toString(),
                                      id[QStringLiteral("firmware")].toString())},
        {QStringLiteral("Connection"),
         QStringLiteral("%1 (%2)").arg(id[QStringLiteral("resource")].toString(),
                                       id[QStringLiteral("transport")].toString())},
        {QStringLiteral("Simulated"), id[QStringLiteral("simulated")].toBool()
                                          ? QStringLiteral("YES — not a measurement")
                                          : QStringLiteral("no")},
        {QStringLiteral("DUT element"), QString::number(m[QStringLiteral("element")].toInt())},
        {QStringLiteral("Update interval"),
         QStringLiteral("%1 ms").arg(m[QStringLiteral("interval_ms")].toInt())},
        {QStringLiteral("Measurement mode"), m[QStringLiteral("mode")].toString()},
        {QStringLiteral("Voltage range"),
         rangeText(m[QStringLiteral("voltage_range")].toObject(), "V")},
        {QStringLiteral("Current range"),
         rangeText(m[QStringLiteral("current_range")].toObject(), "A")},
        {QStringLiteral("Power accuracy"),
         QStringLiteral(
             "±(%1 % of reading + %2 % of range); range %3 W, so ±%4 W plus the reading part")
             .arg(ofReading * 100)
             .arg(ofRange * 100)
             .arg(range)
             .arg(fixed(ofRange * range, 3))},
        {QStringLiteral("Averaging"),
         m[QStringLiteral("averaging")].toBool() ? QStringLiteral("on") : QStringLiteral("off")},
        {QStringLiteral("Items read"), items.join(QStringLiteral(", "))},
    };
    for (const QJsonValue &w : m[QStringLiteral("warnings")].toArray())
        kv << QPair{QStringLiteral("Warning"), w.toString()};
    return kv;
}

QList<QPair<QString, QString>> dutFacts(const SessionData &d)
{
    const QJsonObject sys = d.dut[QStringLiteral("system")].toObject();
    QStringList libraries;
    const QJsonObject libs = sys[QStringLiteral("libraries")].toObject();
    for (auto it = libs.begin(); it != libs.end(); ++it)
        libraries << it.value().toString();
    std::set<QString> implementations;
    for (const StoredRun &r : d.runs) {
        const QJsonObject p = r.result[QStringLiteral("provenance")].toObject();
        if (!p.isEmpty())
            implementations.insert(QStringLiteral("%1: %2").arg(
                r.backend, p[QStringLiteral("implementation")].toString()));
    }
    QStringList temps;
    for (const QJsonValue &v : sys[QStringLiteral("temperatures")].toArray()) {
        const QJsonObject t = v.toObject();
        temps << QStringLiteral("%1 %2 °C")
                     .arg(t[QStringLiteral("label")].toString())
                     .arg(t[QStringLiteral("celsius")].toDouble(), 0, 'f', 1);
    }
    int passed = 0;
    QStringList failed;
    for (const QJsonValue &v :
         d.dut[QStringLiteral("self_test")].toObject()[QStringLiteral("results")].toArray()) {
        const QJsonObject r = v.toObject();
        if (r[QStringLiteral("status")].toString() == QLatin1String("failed"))
            failed << QStringLiteral("%1 (%2)").arg(r[QStringLiteral("cipher")].toString(),
                                                    r[QStringLiteral("backend")].toString());
        else if (r[QStringLiteral("status")].toString() == QLatin1String("passed"))
            ++passed;
    }
    const int cpu = d.settings[QStringLiteral("cpu")].toInt(-1);
    QList<QPair<QString, QString>> kv{
        {QStringLiteral("DUT"), d.dut[QStringLiteral("resource")].toString()},
        {QStringLiteral("CPU"), QStringLiteral("%1, %2 logical cores, %3")
                                    .arg(sys[QStringLiteral("cpu_model")].toString())
                                    .arg(sys[QStringLiteral("logical_cores")].toInt())
                                    .arg(sys[QStringLiteral("architecture")].toString())},
        {QStringLiteral("Kernel"), sys[QStringLiteral("kernel")].toString()},
        {QStringLiteral("Host"), sys[QStringLiteral("hostname")].toString()},
        {QStringLiteral("Instruction set"),
         QStringLiteral("%1 (available: %2)")
             .arg(sys[QStringLiteral("isa")].toString(),
                  sys[QStringLiteral("isa_supported")].toVariant().toStringList().join(
                      QStringLiteral(", ")))},
        {QStringLiteral("Governor"), governorText(d.dut)},
        {QStringLiteral("CPU pinning"),
         cpu >= 0 ? QStringLiteral("runs pinned to CPU %1").arg(cpu) : QStringLiteral("none")},
        {QStringLiteral("Temperatures"),
         temps.isEmpty() ? QStringLiteral("no sensors") : temps.join(QStringLiteral(", "))},
        {QStringLiteral("Libraries"), libraries.join(QStringLiteral("; "))},
        {QStringLiteral("Implementations"),
         QStringList(implementations.begin(), implementations.end()).join(QStringLiteral("; "))},
        {QStringLiteral("Worker"), QStringLiteral("cipherwatt-bench %1")
                                       .arg(d.dut[QStringLiteral("worker_version")].toString())},
        {QStringLiteral("Known-answer self-test"),
         failed.isEmpty()
             ? QStringLiteral("%1 (cipher, backend) pairs passed on the DUT before measuring")
                   .arg(passed)
             : QStringLiteral("%1 passed; FAILED and not measured: %2")
                   .arg(passed)
                   .arg(failed.join(QStringLiteral(", ")))},
    };
    return kv;
}

QStringList methodParagraphs(const SessionData &d)
{
    QStringList out;
    const QJsonObject s = d.settings;
    const QJsonObject b = d.analysis[QStringLiteral("baseline")].toObject();
    if (!b.isEmpty())
        out << QStringLiteral(
                   "Idle baseline: the DUT idled for %1 s before the runs; over %2 whole "
                   "meter updates its power was %3 W (sd %4 W), the idle power P_idle. "
                   "Its trend was %5 W/h (±%6 W/h), %7.")
                   .arg(fixed(b[QStringLiteral("end_s")].toDouble() -
                                  b[QStringLiteral("start_s")].toDouble(),
                              0))
                   .arg(b[QStringLiteral("count")].toInt())
                   .arg(fixed(b[QStringLiteral("mean_w")].toDouble(), 4))
                   .arg(fixed(b[QStringLiteral("sd_w")].toDouble(), 4))
                   .arg(fixed(b[QStringLiteral("drift_w_per_h")].toDouble(), 4))
                   .arg(fixed(b[QStringLiteral("drift_se_w_per_h")].toDouble(), 4))
                   .arg(b[QStringLiteral("drifting")].toBool()
                            ? QStringLiteral("a significant drift beyond the threshold: the "
                                             "results are flagged")
                            : QStringLiteral("within the drift threshold"));
    const QJsonObject post = d.analysis[QStringLiteral("post_baseline")].toObject();
    if (!post.isEmpty())
        out << QStringLiteral("After the runs the DUT idled again for %1 s: %2 W, %3 W from the "
                              "first baseline.")
                   .arg(fixed(post[QStringLiteral("end_s")].toDouble() -
                                  post[QStringLiteral("start_s")].toDouble(),
                              0))
                   .arg(fixed(post[QStringLiteral("mean_w")].toDouble(), 4))
                   .arg(fixed(post[QStringLiteral("change_w")].toDouble(), 4));
    const QJsonObject length = s[QStringLiteral("run_length")].toObject();
    QString lengthText;
    if (length.contains(QStringLiteral("iterations")))
        lengthText = QStringLiteral("%1 iterations each")
                         .arg(length[QStringLiteral("iterations")].toInteger());
    else if (length.contains(QStringLiteral("seconds")))
        lengthText =
            QStringLiteral("at least %1 s each").arg(length[QStringLiteral("seconds")].toDouble());
    else
        lengthText = QStringLiteral("sized by a short pilot run to span at least %1 meter updates")
                         .arg(s[QStringLiteral("min_updates")].toInt());
    QStringList buffers;
    for (const QJsonValue &v : s[QStringLiteral("buffers")].toArray())
        buffers << QString::number(v.toInteger());
    out << QStringLiteral("Runs: the plan \"%1\" with buffers of %2 bytes, %3 repeat(s), %4; %5 s "
                          "pause before each run. Every buffer is a message of its own (fresh IV, "
                          "nonce or tweak); decryption decrypts real ciphertext, and every run "
                          "checks decrypt(encrypt(x)) = x.")
               .arg(s[QStringLiteral("plan")].toString(), buffers.join(QStringLiteral(", ")))
               .arg(s[QStringLiteral("repeats")].toInt())
               .arg(lengthText)
               .arg(s[QStringLiteral("settle_seconds")].toDouble());
    out << QStringLiteral("Net power: P_net = P_run − P_idle, where P_run is the mean power of the "
                          "meter updates whose whole %1 ms interval lies inside the worker's "
                          "measured loop; updates at the loop's boundaries, duplicates and updates "
                          "without data are left out and counted. Energy: E = P_net × t_run with "
                          "t_run the loop's wall time; energy per byte = E / bytes processed, per "
                          "operation = E / buffers (or key operations). Throughput in KB/s with "
                          "KB = 1000 B; cycles per byte from the worker's cycle counter (its kind "
                          "is in each run's record).")
               .arg(d.meter[QStringLiteral("interval_ms")].toInt(100));
    out << QStringLiteral(
        "Uncertainty (95 %): the standard errors of P_run and P_idle (the number of "
        "updates reduced for their lag-1 autocorrelation) and the meter's accuracy "
        "limits, taken as rectangular distributions for the run and the baseline "
        "independently (conservative: the range part is largely common and "
        "cancels), combined in quadrature with a Student t factor for the "
        "Welch-Satterthwaite degrees of freedom. Energy per byte and per "
        "operation carry the same relative interval.");
    if (d.settings[QStringLiteral("integrator")].toBool())
        out << QStringLiteral(
            "Cross-check: the meter's integrator (WH) ran through the session; for "
            "every run the energy it counted over the used updates is compared "
            "with the sum of their power × interval, and a disagreement beyond "
            "1 % is flagged.");
    return out;
}

QStringList sessionFlags(const SessionData &d)
{
    QStringList out;
    for (const QJsonValue &f : d.analysis[QStringLiteral("flags")].toArray())
        out << f.toString();
    for (const StoredRun &r : d.runs) {
        if (r.status != QLatin1String("done"))
            out << QStringLiteral("run %1 (%2/%3 %4): %5%6")
                       .arg(r.ordinal)
                       .arg(r.cipher, r.backend, r.operation, r.status,
                            r.error.isEmpty() ? QString() : QStringLiteral(", ") + r.error);
    }
    return out;
}

} // namespace cipherwatt::report
