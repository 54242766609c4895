#include <cipherwatt/core/session.h>

#include <QJsonArray>

#include <array>

namespace cipherwatt::core {

namespace {

constexpr std::array<const char *, 5> kStatusNames{"running", "complete", "cancelled",
                                                   "interrupted", "failed"};
constexpr std::array<const char *, 8> kPhaseNames{"prepare", "pin", "plan",          "baseline",
                                                  "settle",  "run", "post-baseline", "restore"};

} // namespace

QString statusName(SessionStatus status)
{
    return QLatin1String(kStatusNames[static_cast<std::size_t>(status)]);
}

std::optional<SessionStatus> parseStatus(const QString &name)
{
    for (std::size_t i = 0; i < kStatusNames.size(); ++i) {
        if (name == QLatin1String(kStatusNames[i]))
            return static_cast<SessionStatus>(i);
    }
    return std::nullopt;
}

QString phaseName(PhaseKind kind)
{
    return QLatin1String(kPhaseNames[static_cast<std::size_t>(kind)]);
}

std::optional<PhaseKind> parsePhase(const QString &name)
{
    for (std::size_t i = 0; i < kPhaseNames.size(); ++i) {
        if (name == QLatin1String(kPhaseNames[i]))
            return static_cast<PhaseKind>(i);
    }
    return std::nullopt;
}

QJsonObject SessionSettings::toJson() const
{
    QJsonArray buffers;
    for (const std::size_t b : bufferSizes)
        buffers.append(static_cast<qint64>(b));
    QJsonObject length;
    switch (runLength.kind) {
    case RunLength::Kind::Iterations:
        length = {{QStringLiteral("iterations"), static_cast<qint64>(runLength.iterations)}};
        break;
    case RunLength::Kind::Seconds:
        length = {{QStringLiteral("seconds"), runLength.seconds}};
        break;
    case RunLength::Kind::Automatic:
        length = {{QStringLiteral("automatic"), true}};
        break;
    }
    return {
        {QStringLiteral("label"), label},
        {QStringLiteral("operator"), operatorName},
        {QStringLiteral("notes"), notes},
        {QStringLiteral("tags"), QJsonArray::fromStringList(tags)},
        {QStringLiteral("meter"), meterResource},
        {QStringLiteral("dut_element"), dutElement},
        {QStringLiteral("dut"), dutResource},
        {QStringLiteral("plan"), planSpec},
        {QStringLiteral("buffers"), buffers},
        {QStringLiteral("repeats"), repeats},
        {QStringLiteral("run_length"), length},
        {QStringLiteral("min_updates"), minUpdates},
        {QStringLiteral("settle_seconds"), settleSeconds},
        {QStringLiteral("baseline_seconds"), baselineSeconds},
        {QStringLiteral("post_baseline_seconds"), postBaselineSeconds},
        {QStringLiteral("pin_governor"), pinGovernor},
        {QStringLiteral("fix_frequency"), fixFrequency},
        {QStringLiteral("disable_turbo"), disableTurbo},
        {QStringLiteral("cpu"), cpu},
        {QStringLiteral("integrator"), integrator},
        {QStringLiteral("drift_threshold"), driftThreshold},
    };
}

SessionSettings SessionSettings::fromJson(const QJsonObject &j)
{
    SessionSettings s;
    s.label = j[QStringLiteral("label")].toString();
    s.operatorName = j[QStringLiteral("operator")].toString();
    s.notes = j[QStringLiteral("notes")].toString();
    for (const QJsonValue &t : j[QStringLiteral("tags")].toArray())
        s.tags << t.toString();
    s.meterResource = j[QStringLiteral("meter")].toString(s.meterResource);
    s.dutElement = j[QStringLiteral("dut_element")].toInt(s.dutElement);
    s.dutResource = j[QStringLiteral("dut")].toString(s.dutResource);
    s.planSpec = j[QStringLiteral("plan")].toString();
    if (j.contains(QStringLiteral("buffers"))) {
        s.bufferSizes.clear();
        for (const QJsonValue &b : j[QStringLiteral("buffers")].toArray())
            s.bufferSizes.push_back(static_cast<std::size_t>(b.toInteger()));
    }
    s.repeats = j[QStringLiteral("repeats")].toInt(s.repeats);
    const QJsonObject length = j[QStringLiteral("run_length")].toObject();
    if (length.contains(QStringLiteral("iterations"))) {
        s.runLength.kind = RunLength::Kind::Iterations;
        s.runLength.iterations =
            static_cast<std::uint64_t>(length[QStringLiteral("iterations")].toInteger());
    } else if (length.contains(QStringLiteral("seconds"))) {
        s.runLength.kind = RunLength::Kind::Seconds;
        s.runLength.seconds = length[QStringLiteral("seconds")].toDouble();
    }
    s.minUpdates = j[QStringLiteral("min_updates")].toInt(s.minUpdates);
    s.settleSeconds = j[QStringLiteral("settle_seconds")].toDouble(s.settleSeconds);
    s.baselineSeconds = j[QStringLiteral("baseline_seconds")].toDouble(s.baselineSeconds);
    s.postBaselineSeconds =
        j[QStringLiteral("post_baseline_seconds")].toDouble(s.postBaselineSeconds);
    s.pinGovernor = j[QStringLiteral("pin_governor")].toBool(s.pinGovernor);
    s.fixFrequency = j[QStringLiteral("fix_frequency")].toBool(s.fixFrequency);
    s.disableTurbo = j[QStringLiteral("disable_turbo")].toBool(s.disableTurbo);
    s.cpu = j[QStringLiteral("cpu")].toInt(s.cpu);
    s.integrator = j[QStringLiteral("integrator")].toBool(s.integrator);
    s.driftThreshold = j[QStringLiteral("drift_threshold")].toDouble(s.driftThreshold);
    return s;
}

} // namespace cipherwatt::core
