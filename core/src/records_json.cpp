#include "records_json_support.h"

namespace cipherwatt::core {

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
    // The run order: a session in today's order reads as before. A seed is at most 2^53 - 1,
    // exact as a JSON number.
    if (s.runOrder != RunOrder::Interleaved)
        json.insert(QStringLiteral("run_order"), runOrderName(s.runOrder));
    if (s.runOrderSeed)
        json.insert(QStringLiteral("run_order_seed"), static_cast<qint64>(*s.runOrderSeed));
    if (!s.isaLevels.isEmpty())
        json.insert(QStringLiteral("isa_levels"), QJsonArray::fromStringList(s.isaLevels));
    if (!s.payloadLevels.isEmpty())
        json.insert(QStringLiteral("payload_levels"), QJsonArray::fromStringList(s.payloadLevels));
    if (!s.governorLevels.isEmpty())
        json.insert(QStringLiteral("governor_levels"),
                    QJsonArray::fromStringList(s.governorLevels));
    if (!s.chunkingLevels.isEmpty())
        json.insert(QStringLiteral("chunking_levels"),
                    QJsonArray::fromStringList(s.chunkingLevels));
    if (!s.sources.isEmpty())
        json.insert(QStringLiteral("sources"), QJsonArray::fromStringList(s.sources));
    if (s.padWithZeros)
        json.insert(QStringLiteral("pad_zeros"), true);
    if (s.cyclesModel) {
        QJsonObject model{{QStringLiteral("volts"), s.cyclesModel->volts},
                          {QStringLiteral("amps"), s.cyclesModel->amps}};
        if (s.cyclesModel->hertz)
            model.insert(QStringLiteral("hertz"), *s.cyclesModel->hertz);
        json.insert(QStringLiteral("cycles_model"), model);
    }
    if (!s.frequencyLevelsKHz.empty()) {
        QJsonArray levels;
        for (const std::uint64_t kHz : s.frequencyLevelsKHz)
            levels.append(static_cast<qint64>(kHz));
        json.insert(QStringLiteral("frequency_levels_khz"), levels);
    }
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
    if (!s.bench.isEmpty()) // written by schema 4's programs, absent before
        json.insert(QStringLiteral("bench"), s.bench);
    return json;
}

SessionSettings settingsFromJson(const QJsonObject &j)
{
    SessionSettings s;
    s.label = j.value(QStringLiteral("label")).toString();
    s.operatorName = j.value(QStringLiteral("operator")).toString();
    s.bench = j.value(QStringLiteral("bench")).toString();
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
    s.runOrder = runOrderFromName(j.value(QStringLiteral("run_order")).toString())
                     .value_or(RunOrder::Interleaved);
    if (j.value(QStringLiteral("run_order_seed")).isDouble())
        s.runOrderSeed =
            static_cast<std::uint64_t>(j.value(QStringLiteral("run_order_seed")).toInteger());
    for (const QJsonValue &level : j.value(QStringLiteral("isa_levels")).toArray())
        s.isaLevels << level.toString();
    for (const QJsonValue &level : j.value(QStringLiteral("payload_levels")).toArray())
        s.payloadLevels << level.toString();
    for (const QJsonValue &level : j.value(QStringLiteral("governor_levels")).toArray())
        s.governorLevels << level.toString();
    for (const QJsonValue &level : j.value(QStringLiteral("chunking_levels")).toArray())
        s.chunkingLevels << level.toString();
    s.sources = stringsOf(j.value(QStringLiteral("sources")));
    s.padWithZeros = j.value(QStringLiteral("pad_zeros")).toBool(false);
    if (const QJsonObject model = j.value(QStringLiteral("cycles_model")).toObject();
        model.value(QStringLiteral("volts")).toDouble() > 0 &&
        model.value(QStringLiteral("amps")).toDouble() > 0) {
        CyclesModel m;
        m.volts = model.value(QStringLiteral("volts")).toDouble();
        m.amps = model.value(QStringLiteral("amps")).toDouble();
        if (model.value(QStringLiteral("hertz")).toDouble() > 0)
            m.hertz = model.value(QStringLiteral("hertz")).toDouble();
        s.cyclesModel = m;
    }
    for (const QJsonValue &level : j.value(QStringLiteral("frequency_levels_khz")).toArray()) {
        if (level.toInteger() > 0)
            s.frequencyLevelsKHz.push_back(static_cast<std::uint64_t>(level.toInteger()));
    }
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

namespace {

QJsonObject sourceSetupJson(const SourceSetup &s)
{
    QJsonObject json{{QStringLiteral("requested"), s.requested},
                     {QStringLiteral("resource"), s.resource},
                     {QStringLiteral("kind"), s.kind},
                     {QStringLiteral("method"), s.method},
                     {QStringLiteral("unit"), s.unit},
                     {QStringLiteral("files"), QJsonArray::fromStringList(s.files)},
                     {QStringLiteral("interval_s"), s.intervalSeconds},
                     {QStringLiteral("readings"), s.readings}};
    if (s.updateSeconds)
        json.insert(QStringLiteral("update_s"), *s.updateSeconds);
    if (!s.ended.isEmpty())
        json.insert(QStringLiteral("ended"), s.ended);
    if (!s.problem.isEmpty())
        json.insert(QStringLiteral("problem"), s.problem);
    return json;
}

SourceSetup sourceSetupFromJson(const QJsonObject &j)
{
    SourceSetup s;
    s.requested = j.value(QStringLiteral("requested")).toString();
    s.resource = j.value(QStringLiteral("resource")).toString();
    s.kind = j.value(QStringLiteral("kind")).toString();
    s.method = j.value(QStringLiteral("method")).toString();
    s.unit = j.value(QStringLiteral("unit")).toString();
    s.files = stringsOf(j.value(QStringLiteral("files")));
    s.intervalSeconds = j.value(QStringLiteral("interval_s")).toDouble();
    if (j.value(QStringLiteral("update_s")).isDouble())
        s.updateSeconds = j.value(QStringLiteral("update_s")).toDouble();
    s.readings = j.value(QStringLiteral("readings")).toInteger();
    s.ended = j.value(QStringLiteral("ended")).toString();
    s.problem = j.value(QStringLiteral("problem")).toString();
    return s;
}

} // namespace

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
    if (m.source)
        json.insert(QStringLiteral("source"), sourceSetupJson(*m.source));
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
        if (j.value(QStringLiteral("source")).isObject())
            m.source = sourceSetupFromJson(j.value(QStringLiteral("source")).toObject());
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
    if (!d.device.isEmpty()) {
        QJsonObject device;
        for (auto it = d.device.begin(); it != d.device.end(); ++it)
            device.insert(it.key(), it.value());
        json.insert(QStringLiteral("device"), device);
    }
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
    if (!d.sources.empty()) {
        QJsonArray sources;
        for (const SourceSetup &source : d.sources)
            sources.append(sourceSetupJson(source));
        json.insert(QStringLiteral("sources"), sources);
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
        const QJsonObject device = j.value(QStringLiteral("device")).toObject();
        for (auto it = device.begin(); it != device.end(); ++it)
            d.device.insert(it.key(), it.value().toString());
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
        for (const QJsonValue &source : j.value(QStringLiteral("sources")).toArray())
            d.sources.push_back(sourceSetupFromJson(source.toObject()));
        return d;
    });
}

} // namespace cipherwatt::core
