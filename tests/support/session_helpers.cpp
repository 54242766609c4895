#include "session_helpers.h"

#include <QEventLoop>
#include <QTimer>
#include <catch2/catch.hpp>

#include <algorithm>

namespace cipherwatt::test {

using namespace core;

SessionSettings thresholdSettings(const QString &plan, double baselineSeconds, double runSeconds,
                                  int minUpdates)
{
    SessionSettings s;
    s.label = QStringLiteral("test");
    s.meterResource = QStringLiteral("sim:" CIPHERWATT_TEST_DATA "/sim/worker-threshold.profile");
    s.planSpec = plan;
    s.baselineSeconds = baselineSeconds;
    s.runLength.kind = RunLength::Kind::Seconds;
    s.runLength.seconds = runSeconds;
    s.minUpdates = minUpdates;
    s.pinGovernor = false;
    s.cpu = 0;
    return s;
}

RunnerOptions localOptions(const std::filesystem::path &dir)
{
    RunnerOptions o;
    o.databasePath = QString::fromStdString((dir / "sessions.sqlite").string());
    o.localWorker.program = QStringLiteral(CIPHERWATT_BENCH_EXE);
    return o;
}

QStringList phaseKinds(const SessionData &d)
{
    QStringList out;
    for (const StoredPhase &p : d.phases)
        out << phaseName(p.kind);
    return out;
}

const StoredPhase *phaseOf(const SessionData &d, PhaseKind kind)
{
    const auto found = std::find_if(d.phases.begin(), d.phases.end(),
                                    [&](const StoredPhase &p) { return p.kind == kind; });
    return found == d.phases.end() ? nullptr : &*found;
}

bool hasFlag(const QList<Message> &flags, const char *id)
{
    return std::any_of(flags.begin(), flags.end(),
                       [&](const Message &f) { return f.id() == QLatin1String(id); });
}

SessionOutcome runSession(const SessionSettings &settings, const RunnerOptions &options,
                          const std::function<void(SessionRunner &)> &during,
                          std::chrono::seconds limit)
{
    SessionRunner runner(settings, options);
    SessionOutcome out;
    QEventLoop loop;
    QObject::connect(&runner, &SessionRunner::finished, &loop,
                     [&](SessionStatus status, const core::Message &reason) {
                         out.status = status;
                         out.reason = reason.english();
                         loop.quit();
                     });
    QObject::connect(&runner, &SessionRunner::warning, &loop,
                     [&](const core::Message &w) { out.warnings << w.english(); });
    QObject::connect(&runner, &SessionRunner::note, &loop,
                     [&](const core::Message &text) { out.notes << text.english(); });
    if (during)
        during(runner);
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, [&] {
        FAIL_CHECK("the session did not end in time");
        loop.quit();
    });
    guard.start(static_cast<int>(std::chrono::milliseconds(limit).count()));
    runner.start();
    loop.exec();
    out.session = runner.sessionId();
    return out;
}

SessionData loadSession(const QString &database, qint64 id)
{
    auto storage = Storage::open(database);
    INFO((storage ? QString() : storage.error().message.english()).toStdString());
    REQUIRE(storage.ok());
    auto data = (*storage)->load(id);
    INFO((data ? QString() : data.error().message.english()).toStdString());
    REQUIRE(data.ok());
    return *data;
}

} // namespace cipherwatt::test
