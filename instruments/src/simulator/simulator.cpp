// The simulated WT332, measuring side: an update every interval on its own thread, the power
// model, the status register transitions, integration and faults. The SCPI side is in
// sim_commands.cpp.

#include "simulator/sim_scpi.h"
#include "simulator/simulator_state.h"

#include <QDir>
#include <QFile>

#include <cmath>
#include <map>
#include <numbers>
#include <unistd.h>

namespace cipherwatt::instruments {

CpuLoad::CpuLoad(QString process, qint64 root)
    : m_process(std::move(process))
    , m_root(root > 0 ? root : static_cast<qint64>(getpid()))
    , m_when(std::chrono::steady_clock::now())
{
    QFile stat(QStringLiteral("/proc/stat"));
    int cpus = 0;
    if (stat.open(QIODevice::ReadOnly)) {
        while (!stat.atEnd()) {
            const QByteArray line = stat.readLine();
            if (line.startsWith("cpu") && line.size() > 3 && line[3] >= '0' && line[3] <= '9')
                ++cpus;
        }
    }
    m_cpus = std::max(1, cpus);
    if (m_process.isEmpty())
        readHost(m_busy, m_total);
    else
        m_processSeconds = readProcesses();
}

bool CpuLoad::readHost(std::uint64_t &busy, std::uint64_t &total) const
{
    QFile stat(QStringLiteral("/proc/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    // "cpu  user nice system idle iowait irq softirq steal ..." in clock ticks.
    const QList<QByteArray> f = stat.readLine().simplified().split(' ');
    if (f.size() < 8 || f[0] != "cpu")
        return false;
    std::uint64_t v[8] = {};
    for (int i = 1; i < 8 && i < f.size(); ++i)
        v[i] = f[i].toULongLong();
    const std::uint64_t idle = v[4] + v[5];
    busy = v[1] + v[2] + v[3] + v[6] + v[7] + (f.size() > 8 ? f[8].toULongLong() : 0);
    total = busy + idle;
    return true;
}

namespace {

// The CPU time of one process: the nanoseconds on a CPU of each of its threads
// (/proc/<pid>/task/<tid>/schedstat), as the scheduler counts them; utime + stime of
// /proc/<pid>/stat come in clock ticks of 10 ms, too coarse for one 100 ms update.
double cpuSeconds(const QString &pid, const QList<QByteArray> &statFields)
{
    const QString tasks = QStringLiteral("/proc/%1/task").arg(pid);
    double seconds = 0;
    bool any = false;
    for (const QString &tid : QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile schedstat(tasks + QLatin1Char('/') + tid + QStringLiteral("/schedstat"));
        if (!schedstat.open(QIODevice::ReadOnly))
            continue;
        bool ok = false;
        const double ns = schedstat.readAll().split(' ').value(0).toDouble(&ok);
        if (ok) {
            seconds += ns * 1e-9;
            any = true;
        }
    }
    if (any)
        return seconds;
    // A kernel without schedstat: field 11 and 12 after "pid (comm) " are utime and stime.
    return static_cast<double>(statFields.value(11).toULongLong() +
                               statFields.value(12).toULongLong()) /
           static_cast<double>(sysconf(_SC_CLK_TCK));
}

} // namespace

double CpuLoad::readProcesses() const
{
    // Only the named processes descended from the root count: a test beside this one, or a
    // second session on the same host, runs workers of its own that this DUT does not power.
    struct Proc
    {
        qint64 parent = 0;
        double seconds = 0; // on a CPU, all threads
        bool named = false;
    };
    std::map<qint64, Proc> procs;
    const QByteArray name = m_process.toLocal8Bit();
    for (const QString &pid :
         QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (pid.isEmpty() || !pid[0].isDigit())
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = stat.readAll();
        const qsizetype open = text.indexOf('(');
        const qsizetype close = text.lastIndexOf(')');
        if (open < 0 || close < open)
            continue;
        // After "pid (comm) ": state is field 0, the parent 1, utime 11, stime 12.
        const QList<QByteArray> fields = text.mid(close + 2).split(' ');
        Proc &p = procs[pid.toLongLong()];
        p.parent = fields.value(1).toLongLong();
        p.named = name.startsWith(text.mid(open + 1, close - open - 1));
        if (p.named)
            p.seconds = cpuSeconds(pid, fields);
    }
    double seconds = 0;
    for (const auto &[pid, p] : procs) {
        if (!p.named)
            continue;
        // Walk up to the root; the depth bound guards against a pid reused mid-scan.
        qint64 up = p.parent;
        for (int depth = 0; depth < 64 && up > 1 && up != m_root; ++depth) {
            const auto it = procs.find(up);
            up = it == procs.end() ? 0 : it->second.parent;
        }
        if (up == m_root)
            seconds += p.seconds;
    }
    return seconds;
}

double CpuLoad::sample()
{
    if (!m_process.isEmpty()) {
        const auto now = std::chrono::steady_clock::now();
        const double busy = readProcesses();
        const double seconds = std::chrono::duration<double>(now - m_when).count();
        const double used = std::max(0.0, busy - m_processSeconds); // a worker may have ended
        m_processSeconds = busy;
        m_when = now;
        if (seconds <= 0)
            return 0.0;
        return std::clamp(used / seconds, 0.0, static_cast<double>(m_cpus));
    }
    std::uint64_t busy = 0;
    std::uint64_t total = 0;
    if (!readHost(busy, total) || total <= m_total)
        return 0.0;
    const double load = static_cast<double>(busy - m_busy) / static_cast<double>(total - m_total);
    m_busy = busy;
    m_total = total;
    return std::clamp(load, 0.0, 1.0) * m_cpus;
}

Wt300Simulator::Impl::Impl(SimProfile p)
    : profile(std::move(p))
    , model(findWt300Model(profile.model))
    , started(Clock::now())
    , epoch(started)
    , lastUpdate(started)
    , cpu(profile.loadProcess, profile.loadRoot)
    , random(profile.seed != 0 ? profile.seed
                               : static_cast<std::uint64_t>(started.time_since_epoch().count()))
{
    if (model == nullptr)
        model = findWt300Model(QStringLiteral("WT332"));
    reset();
    // Crest factor 3 keeps the power-on ranges of reset(); 6 and 6A have none of them, and the
    // meter goes to its largest ranges when the crest factor changes.
    if (profile.crestFactor != CrestFactor::Three)
        setCrestFactor(profile.crestFactor);
    scheduled = profile.faults;
    ticker = std::thread([this] { tick(); });
}

Wt300Simulator::Impl::~Impl()
{
    {
        const std::lock_guard lock(mutex);
        stopping = true;
    }
    changed.notify_all();
    ticker.join();
}

std::vector<double> Wt300Simulator::Impl::voltageRanges() const
{
    std::vector<double> ranges = model->info.voltageRanges;
    if (crestFactor != CrestFactor::Three) {
        for (double &r : ranges)
            r /= 2.0;
    }
    return ranges;
}

std::vector<double> Wt300Simulator::Impl::currentRanges() const
{
    std::vector<double> ranges = model->info.currentRanges;
    if (crestFactor != CrestFactor::Three) {
        for (double &r : ranges)
            r /= 2.0;
    }
    return ranges;
}

double Wt300Simulator::Impl::voltageOverRange() const
{
    return (crestFactor == CrestFactor::SixA ? 2.8 : 1.4) * voltageRange;
}

double Wt300Simulator::Impl::currentOverRange() const
{
    const double scale = crestFactor == CrestFactor::SixA ? 2.0 : 1.0;
    const std::vector<double> ranges = currentRanges();
    const bool top = !ranges.empty() && std::fabs(currentRange - ranges.back()) < 1e-9;
    // The 40 A input of the WT310HC and WT310EH: its largest range is over range past 110 %.
    const bool highCurrent =
        model->idnModel == QLatin1String("WT310HC") || model->idnModel == QLatin1String("WT310EH");
    return (top && highCurrent ? 1.1 : 1.4) * scale * currentRange;
}

// Auto-range as IM WT310E-01EN section 2.3 ("Auto Range") states it: up one range when the
// RMS value exceeds 130 % of the range (260 % with crest factor 6A) or the peak exceeds about
// 300 % of it (600 % with crest factor 6 or 6A); down one range when the RMS value is at most
// 30 % of the range and at most 125 % of the next lower range, and the peak at most 300 %
// (600 %) of the next lower range.
bool Wt300Simulator::Impl::autoRange(double rms, double peak, const std::vector<double> &ranges,
                                     double &range) const
{
    const double rmsUp = crestFactor == CrestFactor::SixA ? 2.6 : 1.3;
    const double peakLimit = crestFactor == CrestFactor::Three ? 3.0 : 6.0;
    auto it = std::find_if(ranges.begin(), ranges.end(),
                           [&](double r) { return std::fabs(r - range) <= 1e-9 * r; });
    if (it == ranges.end())
        return false;
    rms = std::fabs(rms);
    peak = std::fabs(peak);
    if ((rms > rmsUp * range || peak > peakLimit * range) && std::next(it) != ranges.end()) {
        range = *std::next(it);
        return true;
    }
    if (it != ranges.begin()) {
        const double lower = *std::prev(it);
        if (rms <= 0.3 * range && rms <= 1.25 * lower && peak <= peakLimit * lower) {
            range = lower;
            return true;
        }
    }
    return false;
}

void Wt300Simulator::Impl::setFixedRange(double value, const std::vector<double> &ranges,
                                         double &range, bool &automatic)
{
    for (const double r : ranges) {
        if (std::fabs(r - value) <= 1e-9 * r) {
            range = r;
            automatic = false;
            return;
        }
    }
    pushError(simscpi::kIllegalValue); // as :INP:VOLT:RANG or :INP:CURR:RANG would answer
}

void Wt300Simulator::Impl::setCrestFactor(CrestFactor cf)
{
    crestFactor = cf == CrestFactor::Unknown ? CrestFactor::Three : cf;
    voltageRange = voltageRanges().back();
    currentRange = currentRanges().back();
}

void Wt300Simulator::Impl::reset()
{
    crestFactor = CrestFactor::Three;
    interval = std::chrono::milliseconds(500);
    header = true;
    verbose = false;
    queueMessages = true;
    mode = MeasurementMode::Rms;
    voltageRange = 300.0;
    currentRange = model->info.currentRanges.front();
    voltageAuto = false;
    currentAuto = false;
    averaging = false;
    format = NumericFormat::Ascii;
    itemCount = 3;
    items.fill(SimItem{});
    items[0] = {false, Function::U, 1};
    items[1] = {false, Function::I, 1};
    items[2] = {false, Function::P, 1};
    filters.fill(TransitionFilter::Never);
    eese = 0;
    restartEpoch();
}

void Wt300Simulator::Impl::restartEpoch()
{
    epoch = Clock::now();
    sinceEpoch = 0;
    epochChanged = true;
    changed.notify_all();
}

void Wt300Simulator::Impl::tick()
{
    std::unique_lock lock(mutex);
    while (!stopping) {
        const auto due = epoch + interval * static_cast<std::int64_t>(sinceEpoch + 1);
        changed.wait_until(lock, due, [&] { return stopping || epochChanged; });
        if (stopping)
            break;
        if (epochChanged) {
            epochChanged = false;
            continue;
        }
        const auto now = Clock::now();
        if (now < due)
            continue;
        const std::uint64_t before = sinceEpoch;
        ++sinceEpoch;
        // A host that stalled this thread beyond whole intervals has missed those updates,
        // as a meter would have measured them without anybody reading: skip to the present.
        while (epoch + interval * static_cast<std::int64_t>(sinceEpoch + 1) <= now)
            ++sinceEpoch;
        applyScheduledFaults(now);
        produceUpdate(now, sinceEpoch - before);
        changed.notify_all();
    }
}

void Wt300Simulator::Impl::applyScheduledFaults(Clock::time_point now)
{
    const double elapsed = std::chrono::duration<double>(now - started).count();
    for (auto it = scheduled.begin(); it != scheduled.end();) {
        if (it->atSeconds > elapsed) {
            ++it;
            continue;
        }
        const SimFault f = *it;
        it = scheduled.erase(it);
        switch (f.kind) {
        case SimFault::Kind::Drop:
            dropPending = true;
            refuseUntil = Clock::time_point::max();
            break;
        case SimFault::Kind::DropFor:
            dropPending = true;
            if (refuseUntil != Clock::time_point::max())
                refuseUntil = now + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(f.seconds));
            break;
        case SimFault::Kind::Implausible:
            implausibleLeft += f.count;
            implausibleWatts = f.value;
            break;
        case SimFault::Kind::Garbage:
            garbageLeft += f.count;
            garbageKind = f.garbage;
            break;
        case SimFault::Kind::Stall:
            stallUntil = now + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(f.seconds));
            break;
        case SimFault::Kind::NoData:
            noDataLeft += f.count;
            break;
        case SimFault::Kind::OverRange:
            overRangeLeft += f.count;
            break;
        case SimFault::Kind::Error:
            pushError(f.code);
            break;
        case SimFault::Kind::Repeat:
            repeatLeft += f.count;
            break;
        case SimFault::Kind::VoltageRange:
            setFixedRange(f.value, voltageRanges(), voltageRange, voltageAuto);
            break;
        case SimFault::Kind::CurrentRange:
            setFixedRange(f.value, currentRanges(), currentRange, currentAuto);
            break;
        }
    }
}

double Wt300Simulator::Impl::dutPower(Clock::time_point now)
{
    if (powerOverride)
        return *powerOverride;
    const double t = std::chrono::duration<double>(now - started).count();
    const double warming = profile.idleDriftWattsPerHour * t / 3600.0 +
                           profile.idleSettleWatts * std::exp(-t / profile.idleSettleSeconds);
    // A frequency sweep's DUT: its levels at the frequency the fake cpufreq tree is pinned at.
    double idlePower = profile.idlePower;
    double wattsPerCore = profile.wattsPerCore;
    double busyPower = profile.busyPower;
    if (!profile.cpuFrequencyFile.isEmpty()) {
        QFile file(profile.cpuFrequencyFile);
        const std::uint64_t kHz =
            file.open(QIODevice::ReadOnly) ? file.readAll().trimmed().toULongLong() : 0;
        for (const SimProfile::FrequencyPower &f : profile.frequencyPower) {
            if (f.kHz == kHz) {
                idlePower = f.idleWatts;
                wattsPerCore = f.wattsPerCore;
                busyPower = f.idleWatts + f.wattsPerCore;
            }
        }
    }
    // A governor sweep's DUT, the same way.
    if (!profile.cpuGovernorFile.isEmpty()) {
        QFile file(profile.cpuGovernorFile);
        const QString governor = file.open(QIODevice::ReadOnly)
                                     ? QString::fromUtf8(file.readAll().trimmed())
                                     : QString();
        for (const SimProfile::GovernorPower &g : profile.governorPower) {
            if (g.governor == governor) {
                idlePower = g.idleWatts;
                wattsPerCore = g.wattsPerCore;
                busyPower = g.idleWatts + g.wattsPerCore;
            }
        }
    }
    switch (profile.load) {
    case SimProfile::Load::Cpu:
        return idlePower + warming + wattsPerCore * cpu.sample();
    case SimProfile::Load::Threshold:
        return warming + (cpu.sample() >= profile.thresholdCores ? busyPower : idlePower);
    case SimProfile::Load::Script: {
        double watts = profile.steps.front().second;
        for (const auto &[at, w] : profile.steps) {
            if (at <= t)
                watts = w;
        }
        return warming + watts;
    }
    }
    return profile.idlePower;
}

namespace {

std::size_t idx(Function f)
{
    return static_cast<std::size_t>(f);
}

// An element with nothing connected: zero voltage and current, so no phase, power factor or
// frequencies.
ElementReading openElement()
{
    ElementReading r;
    for (const Function f : {Function::Lambda, Function::Phi, Function::FI, Function::FU})
        r.noData[idx(f)] = true;
    return r;
}

} // namespace

void Wt300Simulator::Impl::produceUpdate(Clock::time_point now, std::uint64_t steps)
{
    // A meter's update covers exactly its interval, however late this thread woke: the
    // integrator advances by whole intervals.
    const double dt = std::chrono::duration<double>(interval).count() * static_cast<double>(steps);
    lastUpdate = now;
    ++totalUpdates;

    const bool dc = mode == MeasurementMode::Dc;
    double power = dutPower(now);
    if (profile.noise > 0)
        power += profile.noise * gauss(random);
    power = std::max(0.0, power);
    const double pf = dc ? 1.0 : profile.powerFactor;
    double voltage = profile.voltage;
    if (profile.noise > 0)
        voltage += 0.05 * gauss(random); // mains wanders by a few tens of millivolts
    const double apparent = power / pf;
    const double current = apparent / voltage;

    ElementReading dut;
    auto &v = dut.values;
    v[idx(Function::U)] = voltage;
    v[idx(Function::I)] = current;
    v[idx(Function::P)] = power;
    v[idx(Function::S)] = apparent;
    v[idx(Function::Q)] = std::sqrt(std::max(0.0, apparent * apparent - power * power));
    v[idx(Function::Lambda)] = pf;
    v[idx(Function::Phi)] = std::acos(pf) * 180.0 / std::numbers::pi;
    v[idx(Function::FU)] = dc ? 0.0 : profile.frequency;
    v[idx(Function::FI)] = dc ? 0.0 : profile.frequency;
    const double crest = dc ? 1.0 : std::numbers::sqrt2;
    v[idx(Function::UPPeak)] = voltage * crest;
    v[idx(Function::UMPeak)] = -voltage * crest;
    // A switched-mode supply draws current in peaks: crest factor about 2.5.
    v[idx(Function::IPPeak)] = current * (dc ? 1.0 : 2.5);
    v[idx(Function::IMPeak)] = -current * (dc ? 1.0 : 2.5);
    if (dc) {
        for (const Function f : {Function::Phi, Function::FU, Function::FI})
            dut.noData[idx(f)] = true;
    }

    // Ranges: over range beyond 140 % of the range (voltageOverRange); auto-range follows the
    // manual's rules (autoRange()), and the update in which it switches has no data.
    bool switched = false;
    if (voltageAuto)
        switched |= autoRange(voltage, voltage * crest, voltageRanges(), voltageRange);
    if (currentAuto)
        switched |= autoRange(current, current * (dc ? 1.0 : 2.5), currentRanges(), currentRange);
    v[idx(Function::URange)] = voltageRange;
    v[idx(Function::IRange)] = currentRange;
    const bool overRange =
        overRangeLeft > 0 || voltage > voltageOverRange() || current > currentOverRange();
    if (overRangeLeft > 0)
        --overRangeLeft;
    if (overRange)
        dut.state = ValueState::OverRange;
    if (noDataLeft > 0 || switched) {
        dut.state = ValueState::NoData;
        if (noDataLeft > 0)
            --noDataLeft;
    }

    latest[1] = dut;
    for (const int e : {2, 3}) {
        latest[static_cast<std::size_t>(e)] = openElement();
        // The ranges are the meter's, common to its elements (IM WT310E-01EN section 2.3).
        latest[static_cast<std::size_t>(e)].values[idx(Function::URange)] = voltageRange;
        latest[static_cast<std::size_t>(e)].values[idx(Function::IRange)] = currentRange;
    }

    // Σ over the model's elements: voltages and currents averaged, powers summed.
    ElementReading sigma;
    double sumP = 0;
    double sumS = 0;
    double sumQ = 0;
    double sumU = 0;
    double sumI = 0;
    for (const int e : model->info.elements) {
        const auto &r = latest[static_cast<std::size_t>(e)];
        sumP += r.values[idx(Function::P)];
        sumS += r.values[idx(Function::S)];
        sumQ += r.values[idx(Function::Q)];
        sumU += r.values[idx(Function::U)];
        sumI += r.values[idx(Function::I)];
    }
    const auto n = static_cast<double>(model->info.elements.size());
    sigma.values[idx(Function::U)] = sumU / n;
    sigma.values[idx(Function::I)] = sumI / n;
    sigma.values[idx(Function::P)] = sumP;
    sigma.values[idx(Function::S)] = sumS;
    sigma.values[idx(Function::Q)] = sumQ;
    sigma.values[idx(Function::Lambda)] = sumS > 0 ? sumP / sumS : 0.0;
    for (const Function f :
         {Function::Phi, Function::FU, Function::FI, Function::UPPeak, Function::UMPeak,
          Function::IPPeak, Function::IMPeak, Function::URange, Function::IRange})
        sigma.noData[idx(f)] = true;
    sigma.state = dut.state;
    latest[kSigma] = sigma;

    if (integration == IntegrationState::Running) {
        integrationSeconds += dt;
        for (std::size_t e = 1; e < latest.size(); ++e)
            wattHours[e] += latest[e].values[idx(Function::P)] * dt / 3600.0;
    }
    for (std::size_t e = 1; e < latest.size(); ++e) {
        latest[e].values[idx(Function::WH)] = wattHours[e];
        latest[e].values[idx(Function::WHP)] = wattHours[e];
        latest[e].values[idx(Function::WHM)] = 0.0;
        latest[e].values[idx(Function::Time)] = integrationSeconds;
    }

    // A corrupted value in what the meter reports, not in what it measures: the integrator
    // above counted the real power.
    if (implausibleLeft > 0) {
        --implausibleLeft;
        const double real = latest[1].values[idx(Function::P)];
        latest[1].values[idx(Function::P)] = implausibleWatts;
        latest[kSigma].values[idx(Function::P)] += implausibleWatts - real;
    }

    // Condition register: over-range of element 1 (OVR1, bit 6), integration (ITG, bit 1);
    // then the update pulse (UPD, bit 0) rises and falls.
    auto next = static_cast<std::uint16_t>(condition & ~((1U << 6) | (1U << 1)));
    if (overRange)
        next = static_cast<std::uint16_t>(next | (1U << 6));
    if (integration == IntegrationState::Running)
        next = static_cast<std::uint16_t>(next | (1U << 1));
    setCondition(next);
    pulseUpdate();
}

void Wt300Simulator::Impl::setCondition(std::uint16_t newCondition)
{
    const std::uint16_t rose = newCondition & ~condition;
    const std::uint16_t fell = condition & ~newCondition;
    for (int bit = 0; bit < 16; ++bit) {
        const std::uint16_t mask = static_cast<std::uint16_t>(1U << bit);
        const TransitionFilter f = filters[static_cast<std::size_t>(bit)];
        if (((rose & mask) && (f == TransitionFilter::Rise || f == TransitionFilter::Both)) ||
            ((fell & mask) && (f == TransitionFilter::Fall || f == TransitionFilter::Both)))
            eesr |= mask;
    }
    condition = newCondition;
}

void Wt300Simulator::Impl::pulseUpdate()
{
    setCondition(static_cast<std::uint16_t>(condition | 1U));
    setCondition(static_cast<std::uint16_t>(condition & ~1U));
}

Wt300Simulator::Wt300Simulator(SimProfile profile)
    : d(std::make_unique<Impl>(std::move(profile)))
{}

Wt300Simulator::~Wt300Simulator() = default;

Wt300Simulator::Outcome Wt300Simulator::execute(QByteArrayView message,
                                                const std::atomic<bool> *cancel)
{
    std::unique_lock lock(d->mutex);
    return d->execute(message, cancel, lock);
}

void Wt300Simulator::inject(const SimFault &fault)
{
    SimFault now = fault;
    const std::lock_guard lock(d->mutex);
    now.atSeconds = 0.0;
    d->scheduled.push_back(now);
    d->applyScheduledFaults(Impl::Clock::now());
    d->changed.notify_all();
}

void Wt300Simulator::schedule(const SimFault &fault)
{
    const std::lock_guard lock(d->mutex);
    d->scheduled.push_back(fault);
}

void Wt300Simulator::setPower(std::optional<double> watts)
{
    const std::lock_guard lock(d->mutex);
    d->powerOverride = watts;
}

bool Wt300Simulator::acceptsConnection() const
{
    const std::lock_guard lock(d->mutex);
    return Impl::Clock::now() >= d->refuseUntil;
}

bool Wt300Simulator::gone() const
{
    const std::lock_guard lock(d->mutex);
    return d->refuseUntil == Impl::Clock::time_point::max();
}

std::uint64_t Wt300Simulator::updates() const
{
    const std::lock_guard lock(d->mutex);
    return d->totalUpdates;
}

const SimProfile &Wt300Simulator::profile() const
{
    return d->profile;
}

bool Wt300Simulator::remote() const
{
    const std::lock_guard lock(d->mutex);
    return d->remote;
}

} // namespace cipherwatt::instruments
