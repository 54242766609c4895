#include "numbers.h"
#include "worker_records.h"

#include <cipherwatt/core/records_json.h>
#include <cipherwatt/protocol/codec.h>

#include <cmath>
#include <limits>

namespace cipherwatt::core {

namespace {

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

double numberOf(const QJsonObject &json, const QString &key)
{
    const QJsonValue v = json.value(key);
    return v.isDouble() ? v.toDouble() : kNaN;
}

QStringList stringsOf(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray())
        out << v.toString();
    return out;
}

// The keys of `json` that `written` (the record written back without its extra) does not
// have: what a newer version stored that this one does not know.
QJsonObject unknownKeys(const QJsonObject &json, const QJsonObject &written)
{
    QJsonObject out;
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (!written.contains(it.key()))
            out.insert(it.key(), it.value());
    }
    return out;
}

void addExtra(QJsonObject &json, const QJsonObject &extra)
{
    for (auto it = extra.begin(); it != extra.end(); ++it) {
        if (!json.contains(it.key()))
            json.insert(it.key(), it.value());
    }
}

template<typename Record, typename Reader>
Record withUnknownKeys(const QJsonObject &json, Reader read)
{
    Record r = read(json);
    r.extra = unknownKeys(json, toJson(r));
    return r;
}

QJsonObject rangeJson(const MeterRange &r)
{
    return {{QStringLiteral("value"), r.value}, {QStringLiteral("auto"), r.automatic}};
}

MeterRange rangeFromJson(const QJsonValue &v)
{
    const QJsonObject o = v.toObject();
    return {o.value(QStringLiteral("value")).toDouble(), o.value(QStringLiteral("auto")).toBool()};
}

// A piece the worker reported, through the protocol's own codec: the one spelling of its
// fields.
template<typename T, typename Decode>
std::optional<T> fromProtocolJson(const QJsonObject &json, Decode decode)
{
    auto decoded = decode(fromQt(json));
    if (!decoded)
        return std::nullopt;
    return toRecord(*decoded);
}

} // namespace

void putMessages(QJsonObject &json, const QString &key, const QList<Message> &messages)
{
    QJsonArray texts;
    QJsonArray structured;
    for (const Message &m : messages) {
        texts.append(m.english());
        structured.append(m.toJson());
    }
    json.insert(key, texts);
    if (!messages.isEmpty())
        json.insert(key + QStringLiteral("_messages"), structured);
}

QList<Message> takeMessages(const QJsonObject &json, const QString &key)
{
    registerMessageCatalogue();
    const QJsonArray texts = json.value(key).toArray();
    const QJsonArray structured = json.value(key + QStringLiteral("_messages")).toArray();
    QList<Message> out;
    // Written by a version that stored identifiers: those; else the English texts as they are.
    if (structured.size() == texts.size()) {
        for (const QJsonValue &m : structured)
            out << Message::fromJson(m.toObject());
        return out;
    }
    for (const QJsonValue &t : texts)
        out << Message::plain(t.toString());
    return out;
}

// ---- Settings ---------------------------------------------------------------------------

QJsonObject toJson(const SessionSettings &s)
{
    QJsonArray buffers;
    for (const std::size_t b : s.bufferSizes)
        buffers.append(static_cast<qint64>(b));
    QJsonObject length;
    switch (s.runLength.kind) {
    case RunLength::Kind::Iterations:
        length = {{QStringLiteral("iterations"), static_cast<qint64>(s.runLength.iterations)}};
        break;
    case RunLength::Kind::Seconds:
        length = {{QStringLiteral("seconds"), s.runLength.seconds}};
        break;
    case RunLength::Kind::Automatic:
        length = {{QStringLiteral("automatic"), true}};
        break;
    }
    QJsonObject json{
        {QStringLiteral("label"), s.label},
        {QStringLiteral("operator"), s.operatorName},
        {QStringLiteral("notes"), s.notes},
        {QStringLiteral("tags"), QJsonArray::fromStringList(s.tags)},
        {QStringLiteral("meter"), s.meterResource},
        {QStringLiteral("dut_element"), s.dutElement},
        {QStringLiteral("dut"), s.dutResource},
        {QStringLiteral("plan"), s.planSpec},
        {QStringLiteral("buffers"), buffers},
        {QStringLiteral("repeats"), s.repeats},
        {QStringLiteral("run_length"), length},
        {QStringLiteral("min_updates"), s.minUpdates},
        {QStringLiteral("settle_seconds"), s.settleSeconds},
        {QStringLiteral("baseline_seconds"), s.baselineSeconds},
        {QStringLiteral("post_baseline_seconds"), s.postBaselineSeconds},
        {QStringLiteral("pin_governor"), s.pinGovernor},
        {QStringLiteral("fix_frequency"), s.fixFrequency},
        {QStringLiteral("disable_turbo"), s.disableTurbo},
        {QStringLiteral("cpu"), s.cpu},
        {QStringLiteral("integrator"), s.integrator},
        {QStringLiteral("drift_threshold"), s.driftThreshold},
    };
    // Only when asked for: the settings of a session that did not wait read as they always did.
    if (s.waitForQuietSeconds > 0)
        json.insert(QStringLiteral("wait_for_quiet_seconds"), s.waitForQuietSeconds);
    if (s.idleBetweenSeconds > 0)
        json.insert(QStringLiteral("idle_between_seconds"), s.idleBetweenSeconds);
    if (s.settleIsIdle)
        json.insert(QStringLiteral("settle_is_idle"), true);
    if (s.waitForStableSeconds > 0)
        json.insert(QStringLiteral("wait_for_stable_seconds"), s.waitForStableSeconds);
    // Written for the correlated model only: without it a session reads as conservative, the
    // model of every session stored before the key existed.
    if (s.uncertainty != UncertaintyModel::Conservative)
        json.insert(QStringLiteral("uncertainty_model"), uncertaintyModelName(s.uncertainty));
    // The meter's set-up as asked for, likewise only where it was (what the meter took is in
    // the meter's set-up record).
    if (s.meterMode != instruments::MeasurementMode::Rms)
        json.insert(QStringLiteral("meter_mode"), instruments::measurementModeName(s.meterMode));
    const auto range = [](const instruments::Range &r) {
        return r.automatic ? QJsonValue(QStringLiteral("auto")) : QJsonValue(r.value);
    };
    if (s.voltageRange)
        json.insert(QStringLiteral("voltage_range"), range(*s.voltageRange));
    if (s.currentRange)
        json.insert(QStringLiteral("current_range"), range(*s.currentRange));
    if (s.allowAutoRange)
        json.insert(QStringLiteral("allow_auto_range"), true);
    if (s.rangesAutoFix)
        json.insert(QStringLiteral("ranges"), QStringLiteral("auto-fix"));
    return json;
}

SessionSettings settingsFromJson(const QJsonObject &j)
{
    SessionSettings s;
    s.label = j.value(QStringLiteral("label")).toString();
    s.operatorName = j.value(QStringLiteral("operator")).toString();
    s.notes = j.value(QStringLiteral("notes")).toString();
    s.tags = stringsOf(j.value(QStringLiteral("tags")));
    s.meterResource = j.value(QStringLiteral("meter")).toString(s.meterResource);
    s.dutElement = j.value(QStringLiteral("dut_element")).toInt(s.dutElement);
    s.dutResource = j.value(QStringLiteral("dut")).toString(s.dutResource);
    s.planSpec = j.value(QStringLiteral("plan")).toString();
    if (j.contains(QStringLiteral("buffers"))) {
        s.bufferSizes.clear();
        for (const QJsonValue &b : j.value(QStringLiteral("buffers")).toArray())
            s.bufferSizes.push_back(static_cast<std::size_t>(b.toInteger()));
    }
    s.repeats = j.value(QStringLiteral("repeats")).toInt(s.repeats);
    const QJsonObject length = j.value(QStringLiteral("run_length")).toObject();
    if (length.contains(QStringLiteral("iterations"))) {
        s.runLength.kind = RunLength::Kind::Iterations;
        s.runLength.iterations =
            static_cast<std::uint64_t>(length.value(QStringLiteral("iterations")).toInteger());
    } else if (length.contains(QStringLiteral("seconds"))) {
        s.runLength.kind = RunLength::Kind::Seconds;
        s.runLength.seconds = length.value(QStringLiteral("seconds")).toDouble();
    }
    s.minUpdates = j.value(QStringLiteral("min_updates")).toInt(s.minUpdates);
    s.settleSeconds = j.value(QStringLiteral("settle_seconds")).toDouble(s.settleSeconds);
    s.baselineSeconds = j.value(QStringLiteral("baseline_seconds")).toDouble(s.baselineSeconds);
    s.postBaselineSeconds =
        j.value(QStringLiteral("post_baseline_seconds")).toDouble(s.postBaselineSeconds);
    s.waitForQuietSeconds =
        j.value(QStringLiteral("wait_for_quiet_seconds")).toDouble(s.waitForQuietSeconds);
    s.idleBetweenSeconds =
        j.value(QStringLiteral("idle_between_seconds")).toDouble(s.idleBetweenSeconds);
    s.settleIsIdle = j.value(QStringLiteral("settle_is_idle")).toBool(false);
    s.waitForStableSeconds =
        j.value(QStringLiteral("wait_for_stable_seconds")).toDouble(s.waitForStableSeconds);
    // Sessions stored before the correlated model were analysed with the conservative one.
    s.uncertainty =
        uncertaintyModelFromName(j.value(QStringLiteral("uncertainty_model")).toString())
            .value_or(UncertaintyModel::Conservative);
    s.pinGovernor = j.value(QStringLiteral("pin_governor")).toBool(s.pinGovernor);
    s.fixFrequency = j.value(QStringLiteral("fix_frequency")).toBool(s.fixFrequency);
    s.disableTurbo = j.value(QStringLiteral("disable_turbo")).toBool(s.disableTurbo);
    s.cpu = j.value(QStringLiteral("cpu")).toInt(s.cpu);
    s.integrator = j.value(QStringLiteral("integrator")).toBool(s.integrator);
    s.driftThreshold = j.value(QStringLiteral("drift_threshold")).toDouble(s.driftThreshold);
    if (const auto mode =
            instruments::parseMeasurementMode(j.value(QStringLiteral("meter_mode")).toString()))
        s.meterMode = *mode;
    const auto range = [&](const char *key) -> std::optional<instruments::Range> {
        const QJsonValue v = j.value(QLatin1String(key));
        if (v.isString() && v.toString() == QLatin1String("auto"))
            return instruments::Range{true, 0.0};
        if (v.isDouble())
            return instruments::Range{false, v.toDouble()};
        return std::nullopt;
    };
    s.voltageRange = range("voltage_range");
    s.currentRange = range("current_range");
    s.allowAutoRange = j.value(QStringLiteral("allow_auto_range")).toBool();
    s.rangesAutoFix = j.value(QStringLiteral("ranges")).toString() == QLatin1String("auto-fix");
    return s;
}

// ---- The meter --------------------------------------------------------------------------

QJsonObject toJson(const MeterSetup &m)
{
    const MeterIdentity &id = m.identity;
    QJsonObject json{
        {QStringLiteral("description"), m.description},
        {QStringLiteral("identity"), QJsonObject{{QStringLiteral("manufacturer"), id.manufacturer},
                                                 {QStringLiteral("model"), id.model},
                                                 {QStringLiteral("serial"), id.serial},
                                                 {QStringLiteral("firmware"), id.firmware},
                                                 {QStringLiteral("resource"), id.resource},
                                                 {QStringLiteral("transport"), id.transport},
                                                 {QStringLiteral("simulated"), id.simulated}}},
        {QStringLiteral("element"), m.element},
        {QStringLiteral("interval_ms"), m.intervalMs},
        {QStringLiteral("mode"), m.mode},
        {QStringLiteral("voltage_range"), rangeJson(m.voltageRange)},
        {QStringLiteral("current_range"), rangeJson(m.currentRange)},
        {QStringLiteral("power_range_w"), m.powerRangeWatts},
        {QStringLiteral("accuracy_of_reading"), m.accuracyOfReading},
        {QStringLiteral("accuracy_of_range"), m.accuracyOfRange},
        {QStringLiteral("averaging"), m.averaging},
        {QStringLiteral("items"), QJsonArray::fromStringList(m.items)}};
    putMessages(json, QStringLiteral("warnings"), m.warnings);
    addExtra(json, m.extra);
    return json;
}

MeterSetup meterSetupFromJson(const QJsonObject &json)
{
    return withUnknownKeys<MeterSetup>(json, [](const QJsonObject &j) {
        MeterSetup m;
        m.description = j.value(QStringLiteral("description")).toString();
        const QJsonObject id = j.value(QStringLiteral("identity")).toObject();
        m.identity = {id.value(QStringLiteral("manufacturer")).toString(),
                      id.value(QStringLiteral("model")).toString(),
                      id.value(QStringLiteral("serial")).toString(),
                      id.value(QStringLiteral("firmware")).toString(),
                      id.value(QStringLiteral("resource")).toString(),
                      id.value(QStringLiteral("transport")).toString(),
                      id.value(QStringLiteral("simulated")).toBool()};
        m.element = j.value(QStringLiteral("element")).toInt(1);
        m.intervalMs = j.value(QStringLiteral("interval_ms")).toInt(100);
        m.mode = j.value(QStringLiteral("mode")).toString();
        m.voltageRange = rangeFromJson(j.value(QStringLiteral("voltage_range")));
        m.currentRange = rangeFromJson(j.value(QStringLiteral("current_range")));
        m.powerRangeWatts = j.value(QStringLiteral("power_range_w")).toDouble();
        m.accuracyOfReading = j.value(QStringLiteral("accuracy_of_reading")).toDouble();
        m.accuracyOfRange = j.value(QStringLiteral("accuracy_of_range")).toDouble();
        m.averaging = j.value(QStringLiteral("averaging")).toBool();
        m.items = stringsOf(j.value(QStringLiteral("items")));
        m.warnings = takeMessages(j, QStringLiteral("warnings"));
        return m;
    });
}

// ---- The DUT ----------------------------------------------------------------------------

QJsonObject toJson(const DutSetup &d)
{
    QJsonObject json{{QStringLiteral("resource"), d.resource},
                     {QStringLiteral("link"), d.link},
                     {QStringLiteral("worker_version"), d.workerVersion},
                     {QStringLiteral("worker_path"), d.workerPath},
                     {QStringLiteral("protocol"), d.protocol},
                     {QStringLiteral("system"), toQt(protocol::toJson(toProtocol(d.system)))},
                     {QStringLiteral("description"), d.description}};
    if (!d.kind.isEmpty())
        json.insert(QStringLiteral("kind"), d.kind);
    if (!d.host.isEmpty()) {
        json.insert(QStringLiteral("host"), d.host);
        json.insert(QStringLiteral("port"), d.port);
        json.insert(QStringLiteral("user"), d.user);
    }
    if (!d.linkNotes.isEmpty())
        json.insert(QStringLiteral("link_notes"), QJsonArray::fromStringList(d.linkNotes));
    if (d.selfTest)
        json.insert(QStringLiteral("self_test"),
                    toQt(protocol::toJson(protocol::EventBody(toProtocol(*d.selfTest)))));
    if (d.pinning) {
        // Not applied: why. Applied: what the kernel took, read back.
        if (!d.pinning->applied) {
            json.insert(QStringLiteral("pinning"),
                        QJsonObject{{QStringLiteral("applied"), false},
                                    {QStringLiteral("error"), d.pinning->error}});
        } else {
            QJsonObject pinning = toQt(protocol::toJson(toProtocol(*d.pinning)));
            pinning.insert(QStringLiteral("applied_ok"), d.pinning->mismatches.isEmpty());
            json.insert(QStringLiteral("pinning"), pinning);
        }
    }
    if (d.restore) {
        if (!d.restore->error.isEmpty())
            json.insert(QStringLiteral("restore"),
                        QJsonObject{{QStringLiteral("restored"), false},
                                    {QStringLiteral("error"), d.restore->error}});
        else
            json.insert(QStringLiteral("restore"), toQt(protocol::toJson(toProtocol(*d.restore))));
    }
    addExtra(json, d.extra);
    return json;
}

DutSetup dutSetupFromJson(const QJsonObject &json)
{
    return withUnknownKeys<DutSetup>(json, [](const QJsonObject &j) {
        DutSetup d;
        d.resource = j.value(QStringLiteral("resource")).toString();
        d.link = j.value(QStringLiteral("link")).toString();
        d.kind = j.value(QStringLiteral("kind")).toString();
        d.workerVersion = j.value(QStringLiteral("worker_version")).toString();
        d.workerPath = j.value(QStringLiteral("worker_path")).toString();
        d.protocol = j.value(QStringLiteral("protocol")).toInt();
        d.system = fromProtocolJson<DutSystem>(
                       j.value(QStringLiteral("system")).toObject(),
                       [](const protocol::Json &s) { return protocol::decodeSystemInfo(s); })
                       .value_or(DutSystem{});
        d.description = j.value(QStringLiteral("description")).toString();
        d.host = j.value(QStringLiteral("host")).toString();
        d.port = j.value(QStringLiteral("port")).toInt();
        d.user = j.value(QStringLiteral("user")).toString();
        d.linkNotes = stringsOf(j.value(QStringLiteral("link_notes")));
        if (j.contains(QStringLiteral("self_test")))
            d.selfTest = fromProtocolJson<SelfTest>(
                j.value(QStringLiteral("self_test")).toObject(),
                [](const protocol::Json &s) { return protocol::decodeSelfTest(s, "self_test"); });
        if (j.contains(QStringLiteral("pinning"))) {
            const QJsonObject p = j.value(QStringLiteral("pinning")).toObject();
            if (p.contains(QStringLiteral("error"))) {
                Pinning failed;
                failed.error = p.value(QStringLiteral("error")).toString();
                d.pinning = failed;
            } else {
                QJsonObject result = p;
                result.remove(QStringLiteral("applied_ok"));
                d.pinning = fromProtocolJson<Pinning>(result, [](const protocol::Json &s) {
                    return protocol::decodePinResult(s, "pinning");
                });
            }
        }
        if (j.contains(QStringLiteral("restore"))) {
            const QJsonObject r = j.value(QStringLiteral("restore")).toObject();
            if (r.contains(QStringLiteral("error"))) {
                GovernorRestore failed;
                failed.error = r.value(QStringLiteral("error")).toString();
                d.restore = failed;
            } else {
                d.restore = fromProtocolJson<GovernorRestore>(r, [](const protocol::Json &s) {
                    return protocol::decodeRestoreResult(s, "restore");
                });
            }
        }
        return d;
    });
}

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
        for (const BaselineRecord &w : a.idleWindows)
            windows.append(toJson(w.result, w.startSeconds, w.endSeconds));
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
            a.baseline =
                BaselineRecord{b.value(QStringLiteral("start_s")).toDouble(),
                               b.value(QStringLiteral("end_s")).toDouble(), baselineFromJson(b)};
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
            a.idleWindows.push_back(BaselineRecord{w.value(QStringLiteral("start_s")).toDouble(),
                                                   w.value(QStringLiteral("end_s")).toDouble(),
                                                   baselineFromJson(w)});
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
