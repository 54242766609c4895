// `cipherwatt-cli export|compare`: PDF and CSV reports of stored sessions.

#include "commands.h"
#include "options.h"
#include "repeats_text.h"

#include <cipherwatt/core/export.h>
#include <cipherwatt/core/storage.h>
#include <cipherwatt/report/report.h>

#include <QFileInfo>
#include <QTextStream>

namespace cipherwatt::cli {

using namespace core;

namespace {

// The ids given, loaded; a one-line error names the first that is missing.
Result<std::vector<SessionData>> loadSessions(Storage &storage, const QStringList &ids)
{
    std::vector<SessionData> sessions;
    for (const QString &text : ids) {
        const qint64 id = parseSessionId(text);
        auto data = storage.load(id);
        if (!data)
            return data.error();
        sessions.push_back(std::move(*data));
    }
    return sessions;
}

// report.pdf for one session; report-12.pdf, report-13.pdf for several.
QString perSession(const QString &path, qint64 id, bool several)
{
    if (!several)
        return path;
    const QFileInfo info(path);
    const QString suffix = info.suffix().isEmpty() ? QString() : QLatin1Char('.') + info.suffix();
    const QString base = info.suffix().isEmpty() ? path : path.left(path.size() - suffix.size());
    return QStringLiteral("%1-%2%3").arg(base).arg(id).arg(suffix);
}

int report(const Result<void> &r, const QString &what, const QString &path)
{
    if (!r) {
        printError(r.error().message);
        return ExitFailure;
    }
    printNote(QStringLiteral("%1 written to %2").arg(what, path));
    return ExitOk;
}

} // namespace

int exportCommand(const QString &command, const QStringList &args)
{
    Options opts(args);
    const QString db = opts.value(QStringLiteral("--db")).value_or(Storage::defaultPath());
    const auto pdf = opts.value(QStringLiteral("--pdf"));
    const auto csv = opts.value(QStringLiteral("--csv"));
    const auto samples = opts.value(QStringLiteral("--samples"));
    const auto readings = opts.value(QStringLiteral("--readings"));
    const std::optional<CyclesModel> model = cyclesModelOption(opts);
    const QStringList ids = opts.positional();
    opts.finish();
    const bool compare = command == QLatin1String("compare");
    if (compare && ids.size() < 2)
        throw UsageError(QStringLiteral("compare takes two or more session ids"));
    if (!compare && ids.isEmpty())
        throw UsageError(QStringLiteral("export takes one or more session ids"));
    if (!compare && !pdf && !csv && !samples && !readings)
        throw UsageError(
            QStringLiteral("export needs --pdf, --csv, --samples or --readings <file>"));
    if (compare && (samples || readings))
        throw UsageError(
            QStringLiteral("compare takes --pdf and --csv, not --samples or --readings"));

    auto storage = Storage::open(db);
    if (!storage) {
        printError(storage.error().message);
        return ExitFailure;
    }
    auto sessions = loadSessions(**storage, ids);
    if (!sessions) {
        printError(sessions.error().message);
        return ExitFailure;
    }
    if (model) { // for these files only: nothing is stored
        for (SessionData &d : *sessions)
            d.settings.cyclesModel = *model;
    }
    if (compare) {
        // The differences and ratios always go to the terminal; the files when asked for.
        QTextStream(stdout) << comparisonText(*sessions);
        if (pdf) {
            if (int rc = report(report::writeComparisonPdf(*sessions, *pdf),
                                QStringLiteral("comparison"), *pdf);
                rc != ExitOk)
                return rc;
        }
        if (csv)
            return report(writeComparisonCsv(*sessions, *csv), QStringLiteral("comparison CSV"),
                          *csv);
        return ExitOk;
    }
    if (pdf) {
        for (const SessionData &d : *sessions) {
            const QString path = perSession(*pdf, d.summary.id, sessions->size() > 1);
            if (int rc = report(report::writeSessionPdf(d, path),
                                QStringLiteral("report of session %1").arg(d.summary.id), path);
                rc != ExitOk)
                return rc;
        }
    }
    if (csv) {
        if (int rc = report(writeRunsCsv(*sessions, *csv), QStringLiteral("runs"), *csv);
            rc != ExitOk)
            return rc;
    }
    if (samples) {
        if (int rc =
                report(writeSamplesCsv(*sessions, *samples), QStringLiteral("samples"), *samples);
            rc != ExitOk)
            return rc;
    }
    if (readings)
        return report(writeReadingsCsv(*sessions, *readings),
                      QStringLiteral("power sources' readings"), *readings);
    return ExitOk;
}

} // namespace cipherwatt::cli
