#include "records_json_support.h"

namespace cipherwatt::core {

// ---- The analysis -----------------------------------------------------------------------

QJsonObject toJson(const BaselineResult &b, double startSeconds, double endSeconds)
{
    QJsonObject json{{QStringLiteral("start_s"), startSeconds},
                     {QStringLiteral("end_s"), endSeconds},
                     {QStringLiteral("count"), b.stats.count},
                     {QStringLiteral("excluded"), b.excluded},
                     {QStringLiteral("mean_w"), number(b.stats.mean)},
                     {QStringLiteral("sd_w"), number(b.stats.sd)},
                     {QStringLiteral("standard_error_w"), number(b.stats.standardError)},
                     {QStringLiteral("lag1"), number(b.stats.lag1)},
                     {QStringLiteral("drift_w_per_h"), number(b.driftWattsPerHour)},
                     {QStringLiteral("drift_se_w_per_h"), number(b.driftStandardError)},
                     {QStringLiteral("drift_w"), number(b.driftWatts)},
                     {QStringLiteral("drifting"), b.drifting}};
    // The idle current, where the meter read it (see the run's figures).
    if (b.current.count > 0) {
        json.insert(QStringLiteral("current_count"), b.current.count);
        json.insert(QStringLiteral("mean_a"), number(b.current.mean));
        json.insert(QStringLiteral("standard_error_a"), number(b.current.standardError));
    }
    return json;
}

namespace {

BaselineResult baselineFromJson(const QJsonObject &b)
{
    BaselineResult r;
    r.stats.count = b.value(QStringLiteral("count")).toInt();
    r.stats.mean = numberOf(b, QStringLiteral("mean_w"));
    r.stats.sd = numberOf(b, QStringLiteral("sd_w"));
    r.stats.standardError = numberOf(b, QStringLiteral("standard_error_w"));
    r.stats.lag1 = numberOf(b, QStringLiteral("lag1"));
    r.current.count = b.value(QStringLiteral("current_count")).toInt();
    r.current.mean = numberOf(b, QStringLiteral("mean_a"));
    r.current.standardError = numberOf(b, QStringLiteral("standard_error_a"));
    r.excluded = b.value(QStringLiteral("excluded")).toInt();
    r.seconds =
        b.value(QStringLiteral("end_s")).toDouble() - b.value(QStringLiteral("start_s")).toDouble();
    r.driftWattsPerHour = numberOf(b, QStringLiteral("drift_w_per_h"));
    r.driftStandardError = numberOf(b, QStringLiteral("drift_se_w_per_h"));
    r.driftWatts = numberOf(b, QStringLiteral("drift_w"));
    r.drifting = b.value(QStringLiteral("drifting")).toBool();
    return r;
}

} // namespace

QJsonObject toJson(const SessionAnalysis &a)
{
    QJsonObject json;
    if (a.baseline)
        json.insert(QStringLiteral("baseline"),
                    toJson(a.baseline->result, a.baseline->startSeconds, a.baseline->endSeconds));
    if (a.postBaseline) {
        const PostBaselineRecord &p = *a.postBaseline;
        QJsonObject post{{QStringLiteral("start_s"), p.startSeconds},
                         {QStringLiteral("end_s"), p.endSeconds},
                         {QStringLiteral("count"), p.result.stats.count},
                         {QStringLiteral("mean_w"), number(p.result.stats.mean)},
                         {QStringLiteral("sd_w"), number(p.result.stats.sd)},
                         {QStringLiteral("drift_w_per_h"), number(p.result.driftWattsPerHour)}};
        if (p.changeWatts)
            post.insert(QStringLiteral("change_w"), number(*p.changeWatts));
        if (p.drifting)
            post.insert(QStringLiteral("drifting"), *p.drifting);
        json.insert(QStringLiteral("post_baseline"), post);
    }
    if (!a.idleWindows.empty()) {
        QJsonArray windows;
        for (const BaselineRecord &w : a.idleWindows) {
            QJsonObject window = toJson(w.result, w.startSeconds, w.endSeconds);
            if (w.frequencyKHz) // at a frequency level (an experiment's factor)
                window.insert(QStringLiteral("frequency_khz"),
                              static_cast<qint64>(*w.frequencyKHz));
            if (!w.governor.isEmpty()) // at a governor level
                window.insert(QStringLiteral("governor"), w.governor);
            windows.append(window);
        }
        json.insert(QStringLiteral("idle_windows"), windows);
    }
    if (a.programBaselineCores)
        json.insert(QStringLiteral("program_baseline_cores"), *a.programBaselineCores);
    putMessages(json, QStringLiteral("flags"), a.flags);
    addExtra(json, a.extra);
    return json;
}

SessionAnalysis sessionAnalysisFromJson(const QJsonObject &json)
{
    return withUnknownKeys<SessionAnalysis>(json, [](const QJsonObject &j) {
        SessionAnalysis a;
        if (j.contains(QStringLiteral("baseline"))) {
            const QJsonObject b = j.value(QStringLiteral("baseline")).toObject();
            a.baseline = BaselineRecord{b.value(QStringLiteral("start_s")).toDouble(),
                                        b.value(QStringLiteral("end_s")).toDouble(),
                                        baselineFromJson(b),
                                        std::nullopt,
                                        {}};
        }
        if (j.contains(QStringLiteral("post_baseline"))) {
            const QJsonObject p = j.value(QStringLiteral("post_baseline")).toObject();
            PostBaselineRecord post;
            post.startSeconds = p.value(QStringLiteral("start_s")).toDouble();
            post.endSeconds = p.value(QStringLiteral("end_s")).toDouble();
            post.result = baselineFromJson(p);
            if (p.contains(QStringLiteral("change_w")))
                post.changeWatts = numberOf(p, QStringLiteral("change_w"));
            if (p.contains(QStringLiteral("drifting")))
                post.drifting = p.value(QStringLiteral("drifting")).toBool();
            a.postBaseline = post;
        }
        for (const QJsonValue &v : j.value(QStringLiteral("idle_windows")).toArray()) {
            const QJsonObject w = v.toObject();
            std::optional<std::uint64_t> level;
            if (w.value(QStringLiteral("frequency_khz")).toInteger() > 0)
                level = static_cast<std::uint64_t>(
                    w.value(QStringLiteral("frequency_khz")).toInteger());
            a.idleWindows.push_back(BaselineRecord{w.value(QStringLiteral("start_s")).toDouble(),
                                                   w.value(QStringLiteral("end_s")).toDouble(),
                                                   baselineFromJson(w), level,
                                                   w.value(QStringLiteral("governor")).toString()});
        }
        if (j.value(QStringLiteral("program_baseline_cores")).isDouble())
            a.programBaselineCores = j.value(QStringLiteral("program_baseline_cores")).toDouble();
        a.flags = takeMessages(j, QStringLiteral("flags"));
        return a;
    });
}

namespace {

// The budget of a net power (absent for results stored before it). Infinite degrees of freedom
// (type B terms, and a combination of them only) are stored as null.
QJsonObject budgetJson(const UncertaintyBudget &b)
{
    QJsonArray terms;
    for (const BudgetComponent &c : b.components)
        terms.append(QJsonObject{{QStringLiteral("term"), budgetTermKey(c.term)},
                                 {QStringLiteral("u_w"), number(c.u)},
                                 {QStringLiteral("dof"), number(c.dof)}});
    return QJsonObject{{QStringLiteral("model"), uncertaintyModelName(b.model)},
                       {QStringLiteral("u_w"), number(b.u)},
                       {QStringLiteral("dof"), number(b.dof)},
                       {QStringLiteral("k"), number(b.coverage)},
                       {QStringLiteral("terms"), terms}};
}

UncertaintyBudget budgetFromJson(const QJsonObject &j)
{
    const auto dofOf = [](const QJsonObject &o) {
        const QJsonValue v = o.value(QStringLiteral("dof"));
        return v.isDouble() ? v.toDouble() : std::numeric_limits<double>::infinity();
    };
    UncertaintyBudget b;
    b.model = uncertaintyModelFromName(j.value(QStringLiteral("model")).toString())
                  .value_or(UncertaintyModel::Conservative);
    b.u = numberOf(j, QStringLiteral("u_w"));
    b.dof = dofOf(j);
    b.coverage = numberOf(j, QStringLiteral("k"));
    for (const QJsonValue &v : j.value(QStringLiteral("terms")).toArray()) {
        const QJsonObject t = v.toObject();
        if (const auto term = budgetTermFromKey(t.value(QStringLiteral("term")).toString()))
            b.components.push_back({*term, numberOf(t, QStringLiteral("u_w")), dofOf(t)});
    }
    return b;
}

} // namespace

namespace {

QJsonObject sourceRunJson(const SourceRunResult &s)
{
    QJsonObject json{
        {QStringLiteral("resource"), s.resource},
        {QStringLiteral("readings"), s.count},
        {QStringLiteral("excluded_boundary"), s.excludedBoundary},
        {QStringLiteral("run_w"), number(s.runWatts)},
        {QStringLiteral("idle_w"), number(s.idleWatts)},
        {QStringLiteral("net_w"), number(s.netWatts)},
        {QStringLiteral("net_u_w"), number(s.netUncertainty)},
        {QStringLiteral("net_dof"), number(s.netDof)},
        {QStringLiteral("net_low_w"), number(s.netLow)},
        {QStringLiteral("net_high_w"), number(s.netHigh)},
        {QStringLiteral("energy_per_byte_nj"), number(s.energyPerByteNj)},
        {QStringLiteral("energy_per_byte_nj_low"), number(s.energyPerByteNjLow)},
        {QStringLiteral("energy_per_byte_nj_high"), number(s.energyPerByteNjHigh)},
        {QStringLiteral("ratio"), number(s.ratio)},
        {QStringLiteral("ratio_low"), number(s.ratioLow)},
        {QStringLiteral("ratio_high"), number(s.ratioHigh)},
    };
    putMessages(json, QStringLiteral("flags"), s.flags);
    return json;
}

SourceRunResult sourceRunFromJson(const QJsonObject &j)
{
    const auto num = [&](const char *key) { return numberOf(j, QLatin1String(key)); };
    SourceRunResult s;
    s.resource = j.value(QStringLiteral("resource")).toString();
    s.count = j.value(QStringLiteral("readings")).toInt();
    s.excludedBoundary = j.value(QStringLiteral("excluded_boundary")).toInt();
    s.runWatts = num("run_w");
    s.idleWatts = num("idle_w");
    s.netWatts = num("net_w");
    s.netUncertainty = num("net_u_w");
    const QJsonValue dof = j.value(QStringLiteral("net_dof"));
    s.netDof = dof.isDouble() ? dof.toDouble() : std::numeric_limits<double>::infinity();
    s.netLow = num("net_low_w");
    s.netHigh = num("net_high_w");
    s.energyPerByteNj = num("energy_per_byte_nj");
    s.energyPerByteNjLow = num("energy_per_byte_nj_low");
    s.energyPerByteNjHigh = num("energy_per_byte_nj_high");
    s.ratio = num("ratio");
    s.ratioLow = num("ratio_low");
    s.ratioHigh = num("ratio_high");
    s.flags = takeMessages(j, QStringLiteral("flags"));
    return s;
}

} // namespace

QJsonObject toJson(const RunResult &r)
{
    QJsonObject json{
        {QStringLiteral("samples"), r.run.count},
        {QStringLiteral("excluded_boundary"), r.excludedBoundary},
        {QStringLiteral("excluded_invalid"), r.excludedInvalid},
        {QStringLiteral("excluded_duplicates"), r.excludedDuplicates},
        {QStringLiteral("missed"), static_cast<qint64>(r.missed)},
        {QStringLiteral("run_w"), number(r.run.mean)},
        {QStringLiteral("run_sd_w"), number(r.run.sd)},
        {QStringLiteral("run_lag1"), number(r.run.lag1)},
        {QStringLiteral("net_w"), number(r.netWatts)},
        {QStringLiteral("net_u_w"), number(r.netUncertainty)},
        {QStringLiteral("coverage"), number(r.coverage)},
        {QStringLiteral("net_low_w"), number(r.netLow)},
        {QStringLiteral("net_high_w"), number(r.netHigh)},
        {QStringLiteral("energy_j"), number(r.energyJoules)},
        {QStringLiteral("energy_per_byte_nj"), number(r.energyPerByteNj)},
        {QStringLiteral("energy_per_byte_nj_low"), number(r.energyPerByteNjLow)},
        {QStringLiteral("energy_per_byte_nj_high"), number(r.energyPerByteNjHigh)},
        {QStringLiteral("energy_per_op_uj"), number(r.energyPerOperationUj)},
        {QStringLiteral("energy_per_op_uj_low"), number(r.energyPerOperationUjLow)},
        {QStringLiteral("energy_per_op_uj_high"), number(r.energyPerOperationUjHigh)},
        {QStringLiteral("throughput_bps"), number(r.throughputBytesPerSecond)},
        {QStringLiteral("cycles_per_byte"), number(r.cyclesPerByte)},
        {QStringLiteral("counter"), r.counter},
        {QStringLiteral("integrator_read"), r.integratorRead},
        {QStringLiteral("integrator_wh"), number(r.integratorWh)},
        {QStringLiteral("samples_wh"), number(r.samplesWh)},
    };
    // The current's figures only where the meter read it (a session stored before them reads
    // back as it was stored).
    if (std::isfinite(r.netAmps)) {
        json.insert(QStringLiteral("net_a"), r.netAmps);
        json.insert(QStringLiteral("net_low_a"), number(r.netAmpsLow));
        json.insert(QStringLiteral("net_high_a"), number(r.netAmpsHigh));
        json.insert(QStringLiteral("charge_per_op_uc"), number(r.chargePerOperationUc));
        json.insert(QStringLiteral("charge_per_op_uc_low"), number(r.chargePerOperationUcLow));
        json.insert(QStringLiteral("charge_per_op_uc_high"), number(r.chargePerOperationUcHigh));
    }
    if (!r.budget.empty()) {
        json.insert(QStringLiteral("budget"), budgetJson(r.budget));
        json.insert(QStringLiteral("idle_source"), idleSourceName(r.idleSource));
        json.insert(QStringLiteral("idle_w"), number(r.idleWatts));
    }
    putMessages(json, QStringLiteral("flags"), r.flags);
    if (r.invalid)
        json.insert(QStringLiteral("invalid"), true);
    if (std::isfinite(r.programCores))
        json.insert(QStringLiteral("program_cores"), r.programCores);
    if (!r.sources.empty()) {
        QJsonArray sources;
        for (const SourceRunResult &source : r.sources)
            sources.append(sourceRunJson(source));
        json.insert(QStringLiteral("sources"), sources);
    }
    return json;
}

RunResult runResultFromJson(const QJsonObject &j)
{
    const auto num = [&](const char *key) { return numberOf(j, QLatin1String(key)); };
    RunResult r;
    r.run.count = j.value(QStringLiteral("samples")).toInt();
    r.run.mean = num("run_w");
    r.run.sd = num("run_sd_w");
    r.run.lag1 = num("run_lag1");
    r.excludedBoundary = j.value(QStringLiteral("excluded_boundary")).toInt();
    r.excludedInvalid = j.value(QStringLiteral("excluded_invalid")).toInt();
    r.excludedDuplicates = j.value(QStringLiteral("excluded_duplicates")).toInt();
    r.missed = static_cast<std::uint32_t>(j.value(QStringLiteral("missed")).toInteger());
    r.netWatts = num("net_w");
    r.netUncertainty = num("net_u_w");
    r.coverage = num("coverage");
    r.netLow = num("net_low_w");
    r.netHigh = num("net_high_w");
    r.energyJoules = num("energy_j");
    r.energyPerByteNj = num("energy_per_byte_nj");
    r.energyPerByteNjLow = num("energy_per_byte_nj_low");
    r.energyPerByteNjHigh = num("energy_per_byte_nj_high");
    r.energyPerOperationUj = num("energy_per_op_uj");
    r.energyPerOperationUjLow = num("energy_per_op_uj_low");
    r.energyPerOperationUjHigh = num("energy_per_op_uj_high");
    r.netAmps = num("net_a");
    r.netAmpsLow = num("net_low_a");
    r.netAmpsHigh = num("net_high_a");
    r.chargePerOperationUc = num("charge_per_op_uc");
    r.chargePerOperationUcLow = num("charge_per_op_uc_low");
    r.chargePerOperationUcHigh = num("charge_per_op_uc_high");
    r.throughputBytesPerSecond = num("throughput_bps");
    r.cyclesPerByte = num("cycles_per_byte");
    r.counter = j.value(QStringLiteral("counter")).toString();
    r.integratorRead = j.value(QStringLiteral("integrator_read")).toBool();
    r.integratorWh = num("integrator_wh");
    r.samplesWh = num("samples_wh");
    if (j.contains(QStringLiteral("budget"))) {
        r.budget = budgetFromJson(j.value(QStringLiteral("budget")).toObject());
        r.idleSource = idleSourceFromName(j.value(QStringLiteral("idle_source")).toString())
                           .value_or(IdleSource::Baseline);
        r.idleWatts = num("idle_w");
    }
    r.flags = takeMessages(j, QStringLiteral("flags"));
    r.invalid = j.value(QStringLiteral("invalid")).toBool();
    r.programCores = num("program_cores");
    for (const QJsonValue &source : j.value(QStringLiteral("sources")).toArray())
        r.sources.push_back(sourceRunFromJson(source.toObject()));
    return r;
}

// ---- A run's request and result ---------------------------------------------------------

QJsonObject toJson(const WorkerRequest &request)
{
    return toQt(std::visit([](const auto &r) { return protocol::toJson(r); }, toProtocol(request)));
}

WorkerRequest workerRequestFromJson(const QJsonObject &json)
{
    // Written before the protocol had types: the command as sent, with its "cmd".
    QJsonObject j = json;
    if (j.value(QStringLiteral("cmd")).toString() == QLatin1String("exec"))
        j.insert(QStringLiteral("kind"), QStringLiteral("exec"));
    j.remove(QStringLiteral("cmd"));
    j.remove(QStringLiteral("id"));
    auto decoded = protocol::decodeRunRequest(fromQt(j), "request");
    return decoded ? toRecord(*decoded) : WorkerRequest{};
}

QJsonObject toJson(const WorkerResult &result)
{
    return toQt(protocol::toJson(toProtocol(result)));
}

WorkerResult workerResultFromJson(const QJsonObject &json)
{
    auto decoded = protocol::decodeRunOutcome(fromQt(json), "result");
    return decoded ? toRecord(*decoded) : WorkerResult{};
}

QJsonObject toJson(const DutActivity &activity)
{
    return {{QStringLiteral("seconds"), number(activity.seconds)},
            {QStringLiteral("other_cpu_s"), number(activity.otherCpuSeconds)},
            {QStringLiteral("worker_cpu_s"), number(activity.workerCpuSeconds)},
            {QStringLiteral("cpus"), static_cast<qint64>(activity.cpus)},
            // Derived, for a reader of the database: cores busy on average.
            {QStringLiteral("other_cores"), number(activity.otherCores())},
            {QStringLiteral("worker_cores"), number(activity.workerCores())}};
}

std::optional<DutActivity> dutActivityFromJson(const QJsonObject &json)
{
    if (!json.contains(QStringLiteral("seconds")))
        return std::nullopt;
    DutActivity a;
    a.seconds = json.value(QStringLiteral("seconds")).toDouble();
    a.otherCpuSeconds = json.value(QStringLiteral("other_cpu_s")).toDouble();
    a.workerCpuSeconds = json.value(QStringLiteral("worker_cpu_s")).toDouble();
    a.cpus = static_cast<unsigned>(json.value(QStringLiteral("cpus")).toInteger());
    return a;
}

} // namespace cipherwatt::core
