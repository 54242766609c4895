// `cipherwatt-cli run|sessions|show`: measuring sessions and looking at stored ones.

#include "commands.h"
#include "design.h"
#include "dut_options.h"
#include "interrupt.h"
#include "options.h"
#include "terminal.h"
#include "text_report.h"

#include <cipherwatt/core/copy.h>
#include <cipherwatt/core/cycles_model.h>
#include <cipherwatt/core/dut_kinds.h>
#include <cipherwatt/core/format.h>
#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/runner.h>
#include <cipherwatt/core/ssh.h>
#include <cipherwatt/core/storage.h>

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace cipherwatt::cli {

using namespace core;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

std::vector<std::size_t> parseBuffers(const QStringList &values)
{
    std::vector<std::size_t> sizes;
    for (const QString &value : values) {
        for (const QString &part : value.split(QLatin1Char(','), Qt::SkipEmptyParts))
            sizes.push_back(static_cast<std::size_t>(
                parseWhole(QStringLiteral("--buffer"), part.trimmed(), 1, qint64{1} << 30)));
    }
    return sizes;
}

SessionSettings runSettings(Options &opts, RunnerOptions &runner, bool &json)
{
    SessionSettings s;
    s.label = opts.required(QStringLiteral("--label"));
    if (s.label.trimmed().isEmpty())
        throw UsageError(QStringLiteral("--label: must not be empty"));
    s.tags = opts.values(QStringLiteral("--tag"));
    s.operatorName = opts.value(QStringLiteral("--operator")).value_or(QString());
    s.bench = opts.value(QStringLiteral("--bench")).value_or(QString()).trimmed();
    s.notes = opts.value(QStringLiteral("--notes")).value_or(QString());
    s.meterResource = opts.value(QStringLiteral("--meter")).value_or(QStringLiteral("auto"));
    s.dutResource = opts.value(QStringLiteral("--dut")).value_or(QStringLiteral("local"));
    // A paper's plan by name: its ciphers, sizes and repeats, each unless given on its own.
    const PlanPreset *preset = nullptr;
    if (auto name = opts.value(QStringLiteral("--plan-preset"))) {
        preset = findPlanPreset(*name);
        if (preset == nullptr) {
            QStringList names;
            for (const PlanPreset &p : planPresets())
                names << QLatin1String(p.name);
            throw UsageError(QStringLiteral("--plan-preset: no preset '%1' (there is %2)")
                                 .arg(*name, names.join(QStringLiteral(", "))));
        }
    }
    const auto plan = opts.value(QStringLiteral("--plan"));
    s.planSpec = plan     ? *plan
                 : preset ? QString::fromLatin1(preset->plan)
                          : opts.required(QStringLiteral("--plan"));
    if (preset) {
        s.bufferSizes = preset->bufferSizes;
        s.repeats = preset->repeats;
        if (*preset->isaLevels != '\0')
            (void)applyFactor(s, QStringLiteral("isa=") + QLatin1String(preset->isaLevels));
        s.padWithZeros = preset->padWithZeros;
    }
    if (auto pad = opts.value(QStringLiteral("--pad"))) {
        if (*pad != QLatin1String("zeros") && *pad != QLatin1String("none"))
            throw UsageError(QStringLiteral("--pad: must be zeros or none, got '%1'").arg(*pad));
        s.padWithZeros = *pad == QLatin1String("zeros");
    }
    if (auto element = opts.value(QStringLiteral("--element")))
        s.dutElement = static_cast<int>(parseWhole(QStringLiteral("--element"), *element, 1, 3));
    // The meter's set-up, with `meter`'s syntax (issue 17).
    if (auto mode = opts.value(QStringLiteral("--mode")))
        s.meterMode = parseMode(QStringLiteral("--mode"), *mode);
    s.voltageRange = parseRange(QStringLiteral("--voltage-range"),
                                opts.value(QStringLiteral("--voltage-range")));
    s.currentRange = parseRange(QStringLiteral("--current-range"),
                                opts.value(QStringLiteral("--current-range")));
    s.allowAutoRange = opts.flag(QStringLiteral("--allow-auto-range"));
    if (auto ranges = opts.value(QStringLiteral("--ranges"))) {
        if (*ranges != QLatin1String("auto-fix"))
            throw UsageError(QStringLiteral("--ranges: must be auto-fix, got '%1'").arg(*ranges));
        s.rangesAutoFix = true;
    }
    const bool paper = opts.flag(QStringLiteral("--paper-method"));
    if (auto baseline = opts.value(QStringLiteral("--baseline"))) {
        if (paper)
            throw UsageError(QStringLiteral("--baseline and --paper-method exclude each other"));
        s.baselineSeconds = parsePositive(QStringLiteral("--baseline"), *baseline, 24 * 3600.0);
    } else if (paper) {
        s.baselineSeconds = kPaperBaselineSeconds;
    }
    const QStringList buffers = opts.values(QStringLiteral("--buffer"));
    if (!buffers.isEmpty())
        s.bufferSizes = parseBuffers(buffers);
    const auto iterations = opts.value(QStringLiteral("--iterations"));
    const auto seconds = opts.value(QStringLiteral("--seconds"));
    if (iterations && seconds)
        throw UsageError(QStringLiteral("give --iterations or --seconds, not both"));
    if (iterations) {
        s.runLength.kind = RunLength::Kind::Iterations;
        s.runLength.iterations = static_cast<std::uint64_t>(
            parseWhole(QStringLiteral("--iterations"), *iterations, 1, qint64{1} << 50));
    } else if (seconds) {
        s.runLength.kind = RunLength::Kind::Seconds;
        s.runLength.seconds = parsePositive(QStringLiteral("--seconds"), *seconds, 24 * 3600.0);
    }
    if (s.rangesAutoFix && (iterations || seconds))
        throw UsageError(QStringLiteral("--ranges auto-fix takes the load from the pilot runs: "
                                        "leave out --iterations and --seconds"));
    if (s.rangesAutoFix && ((s.voltageRange && !s.voltageRange->automatic) ||
                            (s.currentRange && !s.currentRange->automatic)))
        throw UsageError(QStringLiteral("--ranges auto-fix chooses the ranges: give no fixed "
                                        "--voltage-range or --current-range"));
    if (auto repeats = opts.value(QStringLiteral("--repeats")))
        s.repeats = static_cast<int>(parseWhole(QStringLiteral("--repeats"), *repeats, 1, 1000));
    if (auto order = opts.value(QStringLiteral("--order"))) {
        auto spec = parseRunOrder(*order);
        if (!spec)
            throw UsageError(spec.error().message.english());
        s.runOrder = spec->order;
        s.runOrderSeed = spec->seed;
    }
    for (const QString &factor : opts.values(QStringLiteral("--vary"))) {
        if (auto r = applyFactor(s, factor); !r)
            throw UsageError(QStringLiteral("--vary: ") + r.error().message.english());
    }
    s.sources = opts.values(QStringLiteral("--source"));
    if (auto problem = sourcesProblem(s.sources))
        throw UsageError(QStringLiteral("--source ") + problem->english());
    if (auto model = cyclesModelOption(opts))
        s.cyclesModel = *model;
    if (auto settle = opts.value(QStringLiteral("--settle")))
        s.settleSeconds = parsePositive(QStringLiteral("--settle"), *settle, 3600.0);
    if (auto between = opts.value(QStringLiteral("--idle-between")))
        s.idleBetweenSeconds = parsePositive(QStringLiteral("--idle-between"), *between, 3600.0);
    if (auto model = opts.value(QStringLiteral("--uncertainty"))) {
        const auto parsed = uncertaintyModelFromName(*model);
        if (!parsed)
            throw UsageError(
                QStringLiteral("--uncertainty: must be correlated or conservative, got '%1'")
                    .arg(*model));
        s.uncertainty = *parsed;
    }
    if (auto post = opts.value(QStringLiteral("--post-baseline")))
        s.postBaselineSeconds =
            parsePositive(QStringLiteral("--post-baseline"), *post, 24 * 3600.0);
    // --wait-for-quiet alone waits the default time; --wait-for-quiet=SECONDS that long.
    // --wait-for-stable likewise.
    if (opts.flag(QStringLiteral("--wait-for-stable")))
        s.waitForStableSeconds = kDefaultWaitForStableSeconds;
    else if (auto stable = opts.value(QStringLiteral("--wait-for-stable")))
        s.waitForStableSeconds =
            parsePositive(QStringLiteral("--wait-for-stable"), *stable, 24 * 3600.0);
    s.settleIsIdle = opts.flag(QStringLiteral("--settle-as-idle"));
    if (s.settleIsIdle && s.settleSeconds <= 0)
        throw UsageError(QStringLiteral("--settle-as-idle: give the settle pause's length with "
                                        "--settle <s>"));
    if (opts.flag(QStringLiteral("--wait-for-quiet")))
        s.waitForQuietSeconds = kDefaultWaitForQuietSeconds;
    else if (auto quiet = opts.value(QStringLiteral("--wait-for-quiet")))
        s.waitForQuietSeconds =
            parsePositive(QStringLiteral("--wait-for-quiet"), *quiet, 24 * 3600.0);
    if (auto governor = opts.value(QStringLiteral("--governor"))) {
        if (*governor == QLatin1String("performance"))
            s.pinGovernor = true;
        else if (*governor == QLatin1String("none"))
            s.pinGovernor = false;
        else
            throw UsageError(
                QStringLiteral("--governor: must be performance or none, got '%1'").arg(*governor));
    }
    s.fixFrequency = opts.flag(QStringLiteral("--fix-frequency"));
    s.disableTurbo = opts.flag(QStringLiteral("--no-turbo"));
    // A frequency level pins the CPU itself: the session's pinning must be the worker's too.
    if (!s.frequencyLevelsKHz.empty() && !s.pinGovernor)
        throw UsageError(QStringLiteral("--vary freq: frequency levels are pinned through the "
                                        "governor; leave out --governor none"));
    if (!s.frequencyLevelsKHz.empty() && s.fixFrequency)
        throw UsageError(QStringLiteral("--vary freq: each level fixes the frequency itself; "
                                        "leave out --fix-frequency"));
    // A governor level is pinned the same way, and a fixed frequency would leave it nothing to do.
    if (!s.governorLevels.isEmpty() && !s.pinGovernor)
        throw UsageError(QStringLiteral("--vary governor: governor levels are pinned through the "
                                        "worker; leave out --governor none"));
    if (!s.governorLevels.isEmpty() && s.fixFrequency)
        throw UsageError(QStringLiteral("--vary governor: a fixed frequency leaves a governor "
                                        "nothing to choose; leave out --fix-frequency"));
    if (auto cpu = opts.value(QStringLiteral("--cpu")))
        s.cpu = *cpu == QLatin1String("none")
                    ? -1
                    : static_cast<int>(parseWhole(QStringLiteral("--cpu"), *cpu, 0, 4095));
    if (auto minimum = opts.value(QStringLiteral("--min-updates")))
        s.minUpdates =
            static_cast<int>(parseWhole(QStringLiteral("--min-updates"), *minimum, 1, 100000));
    s.integrator = !opts.flag(QStringLiteral("--no-integrator"));

    runner.databasePath = opts.value(QStringLiteral("--db")).value_or(QString());
    runner.localWorker.program = opts.value(QStringLiteral("--worker")).value_or(QString());
    runner.localWorker.sysfsRoot = opts.value(QStringLiteral("--sysfs-root")).value_or(QString());
    runner.localWorker.journal = opts.value(QStringLiteral("--journal")).value_or(QString());
    runner.localWorker.procRoot = opts.value(QStringLiteral("--proc-root")).value_or(QString());
    for (const QString &plugin : opts.values(QStringLiteral("--plugin"))) {
        const QFileInfo file(plugin);
        if (!file.isFile())
            throw UsageError(QStringLiteral("--plugin: no such file: %1").arg(plugin));
        runner.localWorker.global << QStringLiteral("--plugin") << file.absoluteFilePath();
    }
    if (auto isa = opts.value(QStringLiteral("--isa"))) {
        static const QStringList kIsas{QStringLiteral("auto"),   QStringLiteral("portable"),
                                       QStringLiteral("sse2"),   QStringLiteral("avx2"),
                                       QStringLiteral("avx512"), QStringLiteral("neon")};
        if (!kIsas.contains(*isa))
            throw UsageError(QStringLiteral("--isa: must be one of %1, got '%2'")
                                 .arg(kIsas.join(QStringLiteral(", ")), *isa));
        runner.localWorker.global << QStringLiteral("--isa") << *isa;
    }
    if (auto timeout = opts.value(QStringLiteral("--command-timeout")))
        runner.commandTimeoutSeconds =
            parsePositive(QStringLiteral("--command-timeout"), *timeout, 7 * 24 * 3600.0);
    if (auto watchdog = opts.value(QStringLiteral("--watchdog")))
        runner.watchdogSeconds = parsePositive(QStringLiteral("--watchdog"), *watchdog, 3600.0);
    json = opts.flag(QStringLiteral("--json"));
    return s;
}

// Drives one session and shows it on the terminal.
class RunCommand : public QObject
{
public:
    RunCommand(SessionSettings settings, RunnerOptions options, bool json)
        : m_runner(std::move(settings), std::move(options))
        , m_json(json)
        , m_tty(isatty(STDERR_FILENO) != 0)
    {
        connect(&m_runner, &SessionRunner::phaseChanged, this,
                [this](PhaseKind kind, const Message &label, double, double planned) {
                    m_phase = label.english();
                    m_phaseKind = kind;
                    m_phasePlanned = planned;
                    m_phaseClock.start();
                    // Phases are told once the session exists: a session that fails
                    // before that says only why, in one line.
                    if (!m_tty && m_runner.sessionId() > 0)
                        note(QStringLiteral("%1: %2").arg(phaseName(kind), label.english()));
                    refresh();
                });
        connect(&m_runner, &SessionRunner::sampleArrived, this,
                [this](const instruments::Sample &, double, double watts) {
                    m_watts = watts;
                    refresh();
                });
        connect(&m_runner, &SessionRunner::baselineMeasured, this, [this](const BaselineResult &b) {
            note(QStringLiteral("idle baseline %1 W (sd %2 W, %3 updates, drift %4 W/h)")
                     .arg(b.stats.mean, 0, 'f', 4)
                     .arg(b.stats.sd, 0, 'f', 4)
                     .arg(b.stats.count)
                     .arg(b.driftWattsPerHour, 0, 'f', 4));
        });
        connect(&m_runner, &SessionRunner::progress, this, [this](double fraction, double left) {
            m_fraction = fraction;
            m_left = left;
        });
        connect(&m_runner, &SessionRunner::warning, this, [this](const Message &text) {
            note(QStringLiteral("warning: ") + text.english());
        });
        connect(&m_runner, &SessionRunner::note, this,
                [this](const Message &text) { note(text.english()); });
        connect(&m_runner, &SessionRunner::sessionCreated, this, [this](qint64 id) {
            note(QStringLiteral("session %1 stored in %2").arg(id).arg(m_databasePath));
        });
        connect(&m_runner, &SessionRunner::finished, this, &RunCommand::onFinished);
        connect(&m_interrupt, &InterruptWatcher::interrupted, this, [this](int count, int signal) {
            abandonPrompts(); // a host key or passphrase question on the DUT thread gives up
            const bool term = signal == SIGTERM;
            if (count == 1) {
                note(term ? QStringLiteral("SIGTERM: ending the session (a second signal "
                                           "ends it at once)")
                          : QStringLiteral("cancelling (Ctrl-C again to stop at once; the "
                                           "worker still restores the governor)"));
                if (term)
                    m_runner.terminate(QStringLiteral("SIGTERM"));
                else
                    m_runner.cancel();
            } else {
                note(QStringLiteral("stopping at once"));
                m_atOnce = true;
                m_runner.abort();
            }
        });
        m_refresh.start();
    }

    int run(const QString &databasePath)
    {
        m_databasePath = databasePath;
        m_runner.start();
        return QCoreApplication::exec();
    }

private:
    void note(const QString &text)
    {
        clearLine();
        printNote(text);
    }

    void clearLine()
    {
        if (m_tty && m_statusShown) {
            std::fputs("\r\033[K", stderr);
            m_statusShown = false;
        }
    }

    void refresh()
    {
        if (!m_tty || m_refresh.elapsed() < 200)
            return;
        m_refresh.restart();
        const double elapsed = static_cast<double>(m_phaseClock.elapsed()) / 1000.0;
        QString phase = m_phase;
        if (m_phasePlanned > 0)
            phase +=
                QStringLiteral(" %1/%2 s").arg(elapsed, 0, 'f', 0).arg(m_phasePlanned, 0, 'f', 0);
        const QString line = QStringLiteral("[%1] %2 | P %3 W | session %4 %, about %5 left")
                                 .arg(phaseName(m_phaseKind), phase)
                                 .arg(m_watts, 0, 'f', 3)
                                 .arg(m_fraction * 100.0, 0, 'f', 0)
                                 .arg(formatDuration(m_left));
        std::fprintf(stderr, "\r\033[K%s", qPrintable(line.left(160)));
        m_statusShown = true;
    }

    static QString formatDuration(double seconds)
    {
        const auto s = static_cast<qint64>(std::llround(std::max(0.0, seconds)));
        if (s >= 3600)
            return QStringLiteral("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
        if (s >= 60)
            return QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60);
        return QStringLiteral("%1 s").arg(s);
    }

    void onFinished(SessionStatus status, const Message &reason)
    {
        clearLine();
        int code = status == SessionStatus::Complete ? ExitOk : ExitFailure;
        if (m_runner.sessionId() > 0) {
            auto storage = Storage::open(m_databasePath);
            if (!storage) {
                // A lab database that went away: the session is in the local journal.
                printError(storage.error().message);
                if (auto location = parseDatabase(m_databasePath);
                    location && location->isPostgres())
                    printNote(QStringLiteral("the session is kept in the local journal %1; "
                                             "'cipherwatt-cli sync --db %2' sends it")
                                  .arg(journalPath(m_databasePath), m_databasePath));
            }
            if (storage) {
                auto data = (*storage)->load(m_runner.sessionId());
                if (data && m_json)
                    out() << QJsonDocument(sessionJson(*data)).toJson(QJsonDocument::Compact)
                          << '\n';
                else if (data && data->dut.kind == QLatin1String("mcu"))
                    out() << '\n'
                          << resultsTable(*data) << '\n'
                          << perOperationTable(*data) << flagsText(*data);
                else if (data)
                    out() << '\n' << resultsTable(*data) << flagsText(*data);
                out().flush();
            }
        }
        if (m_runner.rejectedSettings())
            code = ExitUsage;
        if (code != ExitOk)
            printError(QStringLiteral("session %1: %2")
                           .arg(statusName(status),
                                reason.isEmpty() ? QStringLiteral("-") : reason.english()));
        if (m_atOnce) {
            // Stopped at once: everything is stored; the worker, whose input ends with this
            // process, stops what it runs and restores the governor on its own (as after
            // kill -9), so nothing waits for it.
            out().flush();
            std::fflush(stdout);
            std::fflush(stderr);
            std::_Exit(code);
        }
        QCoreApplication::exit(code);
    }

    SessionRunner m_runner;
    bool m_atOnce = false; // a second interrupt: exit without waiting for the worker
    InterruptWatcher m_interrupt;
    bool m_json;
    bool m_tty;
    bool m_statusShown = false;
    QString m_databasePath;
    QString m_phase;
    PhaseKind m_phaseKind = PhaseKind::Prepare;
    double m_phasePlanned = 0;
    QElapsedTimer m_phaseClock;
    QElapsedTimer m_refresh;
    double m_watts = std::nan("");
    double m_fraction = 0;
    double m_left = 0;
};

int run(Options &opts)
{
    RunnerOptions runner;
    bool json = false;
    applyDesignFile(opts);
    SessionSettings settings = runSettings(opts, runner, json);
    configureDut(opts, settings.dutResource, runner);
    // A microcontroller runs at its own fixed clock: there is no frequency to pin. Its
    // firmware encrypts its own buffers, whole blocks only.
    if (const auto dut = parseDut(settings.dutResource); dut && !dut->kind->runsWorker) {
        if (!settings.frequencyLevelsKHz.empty() || !settings.governorLevels.isEmpty())
            throw UsageError(QStringLiteral("--vary %1: %2 is a microcontroller, which runs at "
                                            "its own fixed clock")
                                 .arg(settings.frequencyLevelsKHz.empty()
                                          ? QStringLiteral("governor")
                                          : QStringLiteral("freq"),
                                      settings.dutResource));
        if (!settings.chunkingLevels.isEmpty())
            throw UsageError(QStringLiteral("--vary chunking: %1 is a microcontroller, whose "
                                            "firmware processes every buffer as a message")
                                 .arg(settings.dutResource));
        if (!settings.payloadLevels.isEmpty() || settings.padWithZeros)
            throw UsageError(QStringLiteral("%1: %2 is a microcontroller, whose firmware "
                                            "encrypts buffers of its own, whole blocks only")
                                 .arg(settings.payloadLevels.isEmpty() ? QStringLiteral("--pad")
                                                                       : QStringLiteral("--vary "
                                                                                        "payload"),
                                      settings.dutResource));
    }
    opts.finish();
    const QString db = runner.databasePath.isEmpty() ? Storage::defaultPath() : runner.databasePath;
    runner.databasePath = db;
    RunCommand command(std::move(settings), std::move(runner), json);
    return command.run(db);
}

Result<std::unique_ptr<Storage>> openDatabase(Options &opts)
{
    return Storage::open(opts.value(QStringLiteral("--db")).value_or(Storage::defaultPath()));
}

int sessions(Options &opts)
{
    const bool json = opts.flag(QStringLiteral("--json"));
    SessionFilter filter;
    filter.bench = opts.value(QStringLiteral("--bench")).value_or(QString());
    filter.operatorName = opts.value(QStringLiteral("--operator")).value_or(QString());
    auto storage = openDatabase(opts);
    opts.finish();
    if (!storage) {
        printError(storage.error().message);
        return ExitFailure;
    }
    auto list = (*storage)->sessions(filter);
    if (!list) {
        printError(list.error().message);
        return ExitFailure;
    }
    if (json) {
        QJsonArray array;
        for (const SessionSummary &s : *list)
            array.append(summaryJson(s));
        out() << QJsonDocument(array).toJson(QJsonDocument::Compact) << '\n';
        return ExitOk;
    }
    QList<QStringList> rows;
    for (const SessionSummary &s : *list) {
        rows << QStringList{core::format::sessionId(s.id),
                            core::format::dateTime(s.createdUtc),
                            s.label,
                            statusName(s.status),
                            QString::number(s.runs),
                            s.simulated ? QStringLiteral("SIMULATED") : QStringLiteral("real"),
                            s.dut,
                            s.bench,
                            s.operatorName,
                            s.tags.join(QStringLiteral(", "))};
    }
    out() << formatTable({QStringLiteral("id"), QStringLiteral("started"), QStringLiteral("label"),
                          QStringLiteral("status"), QStringLiteral("runs"), QStringLiteral("meter"),
                          QStringLiteral("DUT"), QStringLiteral("bench"),
                          QStringLiteral("operator"), QStringLiteral("tags")},
                         rows,
                         {true, false, false, false, true, false, false, false, false, false});
    return ExitOk;
}

int show(Options &opts)
{
    const bool json = opts.flag(QStringLiteral("--json"));
    const bool design = opts.flag(QStringLiteral("--design"));
    if (json && design)
        throw UsageError(QStringLiteral("show: --json and --design exclude each other"));
    const std::optional<CyclesModel> model = cyclesModelOption(opts);
    auto storage = openDatabase(opts);
    const QStringList positional = opts.positional();
    opts.finish();
    if (positional.size() != 1)
        throw UsageError(QStringLiteral("show takes one session id"));
    const qint64 id = parseSessionId(positional[0]);
    if (!storage) {
        printError(storage.error().message);
        return ExitFailure;
    }
    auto data = (*storage)->load(id);
    if (!data) {
        printError(data.error().message);
        return ExitFailure;
    }
    if (model)
        data->settings.cyclesModel = *model; // for this look only: nothing is stored
    if (json)
        out() << QJsonDocument(sessionJson(*data)).toJson(QJsonDocument::Compact) << '\n';
    else if (design)
        out() << designText(data->settings);
    else
        out() << sessionText(*data);
    return ExitOk;
}

} // namespace

int sessionCommand(const QString &command, const QStringList &args)
{
    Options opts(args);
    if (command == QLatin1String("run"))
        return run(opts);
    if (command == QLatin1String("sessions"))
        return sessions(opts);
    return show(opts);
}

void configureDut(Options &opts, const QString &dut, RunnerOptions &runner)
{
    const auto parsed = parseDut(dut);
    const DutKind *chosen = parsed ? parsed->kind : nullptr; // a bad resource: the runner says
    for (const DutKind &kind : dutKinds()) {
        for (const instruments::ResourceField &f : kind.resource.fields) {
            if (!f.option)
                continue;
            const QString flag = QLatin1String(f.cliFlag);
            std::optional<QString> value;
            if (f.type == instruments::ResourceField::Type::Flag) {
                // The flag turns the option from its default to the other state.
                if (opts.flag(flag))
                    value = QString::fromLatin1(f.defaultValue).isEmpty() ? QStringLiteral("1")
                                                                          : QString();
            } else {
                value = opts.value(flag);
            }
            if (!value)
                continue;
            if (&kind != chosen)
                throw UsageError(QStringLiteral("%1 applies to %2 DUTs")
                                     .arg(flag, QLatin1String(kind.resource.syntax)));
            runner.dutOptions.insert(QLatin1String(f.name), *value);
        }
    }
    const bool ssh = chosen && QLatin1String(chosen->resource.prefix) == QLatin1String("ssh");
    const bool acceptNew = opts.flag(QStringLiteral("--accept-new-host-key"));
    if (acceptNew && !ssh)
        throw UsageError(QStringLiteral("--accept-new-host-key applies to ssh:// DUTs"));
    if (!ssh)
        return;
    if (!runner.localWorker.program.isEmpty())
        throw UsageError(QStringLiteral("--worker is the local worker; for an ssh:// DUT give "
                                        "--remote-worker or --upload-worker"));
    const bool terminal = stdinIsTerminal();
    runner.ssh.confirmHostKey = [acceptNew, terminal](const HostKeyInfo &info) {
        if (acceptNew) {
            printNote(QStringLiteral("accepting the new host key %1 %2 (--accept-new-host-key)")
                          .arg(info.type, info.sha256Fingerprint));
            return true;
        }
        // Without a terminal nobody can compare the fingerprint: refused, and the reason
        // shows it.
        return terminal && askYesNo(describeHostKey(info).english() +
                                    QStringLiteral(".\nAccept it and record it in %1? [y/N] ")
                                        .arg(defaultAppKnownHosts()));
    };
    runner.ssh.askSecret = [terminal](const QString &prompt, bool echo) -> std::optional<QString> {
        if (!terminal)
            return std::nullopt;
        return askLine(prompt, echo);
    };
}

} // namespace cipherwatt::cli
