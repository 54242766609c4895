// Profiles and faults of the simulated meter: the text forms tests and operators write.

#include <cipherwatt/instruments/simulator.h>
#include <cipherwatt/instruments/wt300.h>

#include <QFile>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <unistd.h>

namespace cipherwatt::instruments {

namespace {

Error profileError(qsizetype line, const QString &message)
{
    return Error{ErrorCode::BadResource,
                 QStringLiteral("simulator profile, line %1: %2").arg(line).arg(message)};
}

std::optional<double> number(const QString &text)
{
    bool ok = false;
    const double v = text.toDouble(&ok); // QString::toDouble is locale-independent (C locale)
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

} // namespace

Result<SimProfile> SimProfile::parse(const QString &text)
{
    SimProfile p;
    bool sawSteps = false;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int n = 0; n < lines.size(); ++n) {
        const int lineNo = n + 1;
        QString line = lines[n];
        if (const qsizetype hash = line.indexOf(QLatin1Char('#')); hash >= 0)
            line.truncate(hash);
        const QStringList words = line.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (words.isEmpty())
            continue;
        const QString key = words[0].toLower();
        const auto needArgs = [&](int count) -> Result<void> {
            if (words.size() != count + 1)
                return profileError(lineNo,
                                    QStringLiteral("%1 takes %2 value(s)").arg(key).arg(count));
            return {};
        };
        // A number in [low, high] for `key`, or an error naming the line.
        const auto value = [&](int index, double low, double high) -> Result<double> {
            const auto v = number(words.value(index));
            if (!v || *v < low || *v > high)
                return profileError(lineNo, QStringLiteral("%1: \"%2\" is not a number in "
                                                           "[%3, %4]")
                                                .arg(key, words.value(index))
                                                .arg(low)
                                                .arg(high));
            return *v;
        };
        const auto setNumber = [&](double &target, double low, double high) -> Result<void> {
            if (auto r = needArgs(1); !r)
                return r;
            auto v = value(1, low, high);
            if (!v)
                return v.error();
            target = *v;
            return {};
        };

        Result<void> r;
        if (key == QLatin1String("model")) {
            r = needArgs(1);
            if (r && findWt300Model(words[1]) == nullptr)
                r = profileError(
                    lineNo, QStringLiteral("model %1 is not a WT300-family model").arg(words[1]));
            if (r)
                p.model = findWt300Model(words[1])->idnModel;
        } else if (key == QLatin1String("serial")) {
            r = needArgs(1);
            if (r)
                p.serial = words[1];
        } else if (key == QLatin1String("voltage")) {
            r = setNumber(p.voltage, 0.1, 600.0);
        } else if (key == QLatin1String("frequency")) {
            r = setNumber(p.frequency, 0.5, 1000.0);
        } else if (key == QLatin1String("power_factor")) {
            r = setNumber(p.powerFactor, 0.01, 1.0);
        } else if (key == QLatin1String("idle_power")) {
            r = setNumber(p.idlePower, 0.0, 10000.0);
        } else if (key == QLatin1String("idle_drift")) {
            r = setNumber(p.idleDriftWattsPerHour, -10000.0, 10000.0);
        } else if (key == QLatin1String("idle_settle")) {
            r = needArgs(2);
            if (r) {
                const auto watts = value(1, -10000.0, 10000.0);
                const auto tau = value(2, 0.001, 1e6);
                if (!watts) {
                    r = watts.error();
                } else if (!tau) {
                    r = tau.error();
                } else {
                    p.idleSettleWatts = *watts;
                    p.idleSettleSeconds = *tau;
                }
            }
        } else if (key == QLatin1String("cpu_frequency_file")) {
            r = needArgs(1);
            if (r)
                p.cpuFrequencyFile = words[1];
        } else if (key == QLatin1String("cpu_frequency_power")) {
            r = needArgs(3);
            if (r) {
                const auto kHz = value(1, 1.0, 1e9);
                const auto idle = value(2, 0.0, 10000.0);
                const auto perCore = value(3, 0.0, 10000.0);
                if (!kHz)
                    r = kHz.error();
                else if (!idle)
                    r = idle.error();
                else if (!perCore)
                    r = perCore.error();
                else
                    p.frequencyPower.push_back(
                        {static_cast<std::uint64_t>(std::llround(*kHz)), *idle, *perCore});
            }
        } else if (key == QLatin1String("cpu_governor_file")) {
            r = needArgs(1);
            if (r)
                p.cpuGovernorFile = words[1];
        } else if (key == QLatin1String("cpu_governor_power")) {
            r = needArgs(3);
            if (r) {
                const auto idle = value(2, 0.0, 10000.0);
                const auto perCore = value(3, 0.0, 10000.0);
                if (!idle)
                    r = idle.error();
                else if (!perCore)
                    r = perCore.error();
                else
                    p.governorPower.push_back({words[1], *idle, *perCore});
            }
        } else if (key == QLatin1String("watts_per_core")) {
            r = setNumber(p.wattsPerCore, 0.0, 10000.0);
        } else if (key == QLatin1String("threshold_cores")) {
            r = setNumber(p.thresholdCores, 0.01, 1024.0);
        } else if (key == QLatin1String("busy_power")) {
            r = setNumber(p.busyPower, 0.0, 10000.0);
        } else if (key == QLatin1String("noise")) {
            r = setNumber(p.noise, 0.0, 1000.0);
        } else if (key == QLatin1String("seed")) {
            r = needArgs(1);
            bool ok = false;
            if (r)
                p.seed = words[1].toULongLong(&ok);
            if (r && !ok)
                r = profileError(
                    lineNo,
                    QStringLiteral("seed: \"%1\" is not an unsigned integer").arg(words[1]));
        } else if (key == QLatin1String("load")) {
            r = needArgs(1);
            const QString mode = words.value(1).toLower();
            if (r && mode == QLatin1String("cpu"))
                p.load = Load::Cpu;
            else if (r && mode == QLatin1String("threshold"))
                p.load = Load::Threshold;
            else if (r && mode == QLatin1String("script"))
                p.load = Load::Script;
            else if (r)
                r = profileError(lineNo, QStringLiteral("load must be cpu, threshold or script, "
                                                        "not \"%1\"")
                                             .arg(words[1]));
        } else if (key == QLatin1String("load_source")) {
            r = needArgs(1);
            const QString source = words.value(1).toLower();
            if (r && source == QLatin1String("host"))
                p.loadProcess.clear();
            else if (r && source == QLatin1String("worker"))
                p.loadProcess = QStringLiteral("cipherwatt-bench");
            else if (r)
                r = profileError(lineNo, QStringLiteral("load_source must be host or worker, not "
                                                        "\"%1\"")
                                             .arg(words[1]));
        } else if (key == QLatin1String("load_root")) {
            r = needArgs(1);
            const QString root = words.value(1).toLower();
            if (r && root == QLatin1String("self"))
                p.loadRoot = 0;
            else if (r && root == QLatin1String("parent"))
                p.loadRoot = static_cast<qint64>(::getppid());
            else if (r)
                r = profileError(lineNo, QStringLiteral("load_root must be self or parent, not "
                                                        "\"%1\"")
                                             .arg(words[1]));
        } else if (key == QLatin1String("crest_factor")) {
            r = needArgs(1);
            const QString cf = words.value(1).toUpper();
            if (r && cf == QLatin1String("3"))
                p.crestFactor = CrestFactor::Three;
            else if (r && cf == QLatin1String("6"))
                p.crestFactor = CrestFactor::Six;
            else if (r && (cf == QLatin1String("6A") || cf == QLatin1String("A6")))
                p.crestFactor = CrestFactor::SixA;
            else if (r)
                r = profileError(lineNo, QStringLiteral("crest_factor must be 3, 6 or 6A, not "
                                                        "\"%1\"")
                                             .arg(words[1]));
        } else if (key == QLatin1String("fault")) {
            r = needArgs(1);
            if (r) {
                auto fault = SimFault::parse(words[1]);
                if (fault)
                    p.faults.push_back(*fault);
                else
                    r = profileError(lineNo, fault.error().message.english());
            }
        } else if (key == QLatin1String("step")) {
            r = needArgs(2);
            if (r) {
                auto t = value(1, 0.0, 1e9);
                auto w = value(2, 0.0, 10000.0);
                if (!t)
                    r = t.error();
                else if (!w)
                    r = w.error();
                else if (!p.steps.empty() && *t <= p.steps.back().first)
                    r = profileError(lineNo, QStringLiteral("step times must increase"));
                else
                    p.steps.emplace_back(*t, *w);
                sawSteps = true;
            }
        } else {
            r = profileError(lineNo, QStringLiteral("unknown key \"%1\"").arg(words[0]));
        }
        if (!r)
            return r.error();
    }
    if (p.load == Load::Script && p.steps.empty())
        return profileError(lines.size(), QStringLiteral("load script needs at least one step"));
    if (p.load != Load::Script && sawSteps)
        return profileError(lines.size(), QStringLiteral("steps are only used with load script"));
    const QString model = p.model;
    if (p.crestFactor == CrestFactor::SixA && !model.endsWith(QLatin1Char('E')) &&
        !model.endsWith(QLatin1String("EH")))
        return profileError(lines.size(),
                            QStringLiteral("crest_factor 6A: only the WT300E models have it, "
                                           "not the %1")
                                .arg(model));
    return p;
}

Result<SimProfile> SimProfile::fromFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return Error{ErrorCode::NotFound,
                     QStringLiteral("simulator profile %1: %2").arg(path, file.errorString())};
    auto profile = parse(QString::fromUtf8(file.readAll()));
    if (!profile) {
        Error e = profile.error();
        e.message = Message::plain(path + QStringLiteral(": ") + e.message.english());
        return e;
    }
    return profile;
}

Result<SimFault> SimFault::parse(const QString &text)
{
    const auto bad = [&](const QString &why) {
        return Error{
            ErrorCode::BadResource,
            QStringLiteral("fault \"%1\": %2 (forms: drop@S, dropfor@S:SECONDS, "
                           "stall@S:SECONDS, nodata@S:UPDATES, overrange@S:UPDATES, "
                           "repeat@S:WAITS, error@S:CODE, implausible@S:UPDATES[:WATTS], "
                           "garbage@S:REPLIES[:truncated|text|huge|mixed], urange@S:VOLTS, "
                           "irange@S:AMPS; S = seconds after the simulator started)")
                .arg(text, why)};
    };
    const qsizetype at = text.indexOf(QLatin1Char('@'));
    if (at < 0)
        return bad(QStringLiteral("no '@'"));
    const QString kind = text.left(at).toLower();
    const QStringList args = text.mid(at + 1).split(QLatin1Char(':'));
    SimFault f;
    const auto when = number(args.value(0));
    if (!when || *when < 0)
        return bad(QStringLiteral("the time is not a number of seconds"));
    f.atSeconds = *when;
    const auto argument = number(args.value(1));
    if (kind == QLatin1String("drop")) {
        f.kind = Kind::Drop;
        if (args.size() != 1)
            return bad(QStringLiteral("drop takes no argument"));
        return f;
    }
    // implausible and garbage take an optional third part.
    const bool third = kind == QLatin1String("implausible") || kind == QLatin1String("garbage");
    if (args.size() < 2 || args.size() > (third ? 3 : 2) || !argument || *argument <= 0)
        return bad(QStringLiteral("a positive argument after ':' is needed"));
    const auto whole = [&](double limit) {
        return *argument == std::floor(*argument) && *argument <= limit;
    };
    if (kind == QLatin1String("stall") || kind == QLatin1String("dropfor")) {
        f.kind = kind == QLatin1String("stall") ? Kind::Stall : Kind::DropFor;
        f.seconds = *argument;
    } else if (kind == QLatin1String("nodata") || kind == QLatin1String("overrange") ||
               kind == QLatin1String("repeat") || third) {
        f.kind = kind == QLatin1String("nodata")        ? Kind::NoData
                 : kind == QLatin1String("overrange")   ? Kind::OverRange
                 : kind == QLatin1String("repeat")      ? Kind::Repeat
                 : kind == QLatin1String("implausible") ? Kind::Implausible
                                                        : Kind::Garbage;
        if (!whole(1e6))
            return bad(QStringLiteral("the count must be a whole number"));
        f.count = static_cast<int>(*argument);
        if (args.size() == 3 && f.kind == Kind::Implausible) {
            const auto watts = number(args[2]);
            if (!watts || std::fabs(*watts) > 3e38)
                return bad(QStringLiteral("the watts must be a number a float32 holds"));
            f.value = *watts;
        } else if (args.size() == 3) {
            const QString g = args[2].toLower();
            if (g == QLatin1String("truncated"))
                f.garbage = Garbage::Truncated;
            else if (g == QLatin1String("text"))
                f.garbage = Garbage::Text;
            else if (g == QLatin1String("huge"))
                f.garbage = Garbage::Huge;
            else if (g == QLatin1String("mixed"))
                f.garbage = Garbage::Mixed;
            else
                return bad(QStringLiteral("garbage is truncated, text, huge or mixed"));
        }
    } else if (kind == QLatin1String("urange") || kind == QLatin1String("irange")) {
        f.kind = kind == QLatin1String("urange") ? Kind::VoltageRange : Kind::CurrentRange;
        f.value = *argument;
    } else if (kind == QLatin1String("error")) {
        f.kind = Kind::Error;
        if (!whole(999))
            return bad(QStringLiteral("the error code must be a whole number up to 999"));
        f.code = static_cast<int>(*argument);
    } else {
        return bad(QStringLiteral("unknown kind \"%1\"").arg(kind));
    }
    return f;
}

} // namespace cipherwatt::instruments
