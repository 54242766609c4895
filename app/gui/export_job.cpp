#include "export_job.h"

#include "display_format.h"
#include "library/session_loader.h"
#include "widgets/message_bar.h"

#include <cipherwatt/core/export.h>
#include <cipherwatt/report/report.h>

#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QTimer>
#include <QUrl>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace cipherwatt::gui {

using namespace core;

ExportJob::ExportJob(QString database, QList<qint64> ids, QList<ExportItem> items, QObject *parent)
    : QObject(parent)
    , m_database(std::move(database))
    , m_ids(std::move(ids))
    , m_items(std::move(items))
{
    setUp();
}

ExportJob::ExportJob(std::shared_ptr<const std::vector<SessionData>> sessions,
                     QList<ExportItem> items, QObject *parent)
    : QObject(parent)
    , m_items(std::move(items))
    , m_sessions(std::move(sessions))
{
    setUp();
}

void ExportJob::setUp()
{
    m_pdfDelay = new QTimer(this);
    m_pdfDelay->setSingleShot(true);
    m_pdfDelay->setInterval(30);
    connect(m_pdfDelay, &QTimer::timeout, this, [this] { writePdf(m_items.at(m_next)); });
}

QString ExportJob::describe(const ExportItem &item)
{
    switch (item.kind) {
    case ExportItem::Kind::SessionPdf:
        return tr("the report of session %1").arg(fmt::sessionId(item.session));
    case ExportItem::Kind::RunsCsv:
        return tr("the runs CSV");
    case ExportItem::Kind::SamplesCsv:
        return tr("the samples CSV");
    case ExportItem::Kind::ComparisonPdf:
        return tr("the comparison report");
    case ExportItem::Kind::ComparisonCsv:
        return tr("the comparison CSV");
    }
    return {};
}

void ExportJob::start()
{
    if (m_sessions) {
        next();
        return;
    }
    emit progress(0, total(), tr("reading the sessions"));
    auto *watcher = new QFutureWatcher<LoadedSessions>(this);
    connect(watcher, &QFutureWatcher<LoadedSessions>::finished, this, [this, watcher] {
        watcher->deleteLater();
        const LoadedSessions loaded = watcher->result();
        if (!loaded.error.isEmpty()) {
            emit finished(m_written, tr("Reading the sessions failed: %1").arg(loaded.error));
            return;
        }
        m_sessions = loaded.sessions;
        next();
    });
    watcher->setFuture(loadSessionsAsync(m_database, m_ids));
}

void ExportJob::next()
{
    if (m_next >= total()) {
        emit finished(m_written, {});
        return;
    }
    const ExportItem item = m_items.at(m_next);
    emit progress(m_next, total(), describe(item));
    const bool pdf =
        item.kind == ExportItem::Kind::SessionPdf || item.kind == ExportItem::Kind::ComparisonPdf;
    if (pdf) {
        // Drawing the PDF holds the GUI thread: let the progress paint first.
        m_pdfDelay->start();
        return;
    }
    const auto sessions = m_sessions;
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, item] {
        watcher->deleteLater();
        itemDone(item, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([sessions, item]() -> QString {
        core::Result<void> r;
        if (item.kind == ExportItem::Kind::RunsCsv)
            r = writeRunsCsv(*sessions, item.path);
        else if (item.kind == ExportItem::Kind::SamplesCsv)
            r = writeSamplesCsv(*sessions, item.path);
        else
            r = writeComparisonCsv(*sessions, item.path);
        return r ? QString() : r.error().message.translated();
    }));
}

void ExportJob::writePdf(const ExportItem &item)
{
    core::Result<void> r;
    if (item.kind == ExportItem::Kind::ComparisonPdf) {
        r = report::writeComparisonPdf(*m_sessions, item.path);
    } else {
        const auto it =
            std::find_if(m_sessions->begin(), m_sessions->end(),
                         [&](const SessionData &d) { return d.summary.id == item.session; });
        if (it == m_sessions->end())
            r = core::Error{core::ErrorCode::NotFound,
                            core::Message::plain(
                                tr("session %1 was not read").arg(fmt::sessionId(item.session)))};
        else
            r = report::writeSessionPdf(*it, item.path);
    }
    itemDone(item, r ? QString() : r.error().message.translated());
}

void ExportJob::itemDone(const ExportItem &item, const QString &error)
{
    if (!error.isEmpty()) {
        emit finished(m_written, tr("Writing %1 failed: %2").arg(describe(item), error));
        return;
    }
    m_written << item.path;
    ++m_next;
    next();
}

namespace {

void showExportResult(MessageBar &bar, const QStringList &written, const QString &error)
{
    if (!error.isEmpty()) {
        QStringList names;
        for (const QString &path : written)
            names << QFileInfo(path).fileName();
        bar.showMessage(MessageBar::Kind::Error,
                        written.isEmpty() ? error
                                          : ExportJob::tr("%1\nWritten before that: %2.")
                                                .arg(error, names.join(QStringLiteral(", "))));
        return;
    }
    if (written.isEmpty()) {
        bar.dismiss();
        return;
    }
    const QFileInfo first(written.front());
    const QString folder = QDir::toNativeSeparators(first.absolutePath());
    const QString text =
        written.size() == 1
            ? ExportJob::tr("Exported %1 to %2.").arg(first.fileName(), folder)
            : ExportJob::tr("Exported %n files to %1.", nullptr, static_cast<int>(written.size()))
                  .arg(folder);
    bar.showMessage(MessageBar::Kind::Positive, text);
    // The report when there is one: that is what the operator wants to see.
    const auto pdf = std::find_if(written.begin(), written.end(), [](const QString &p) {
        return p.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive);
    });
    const QString main = pdf != written.end() ? *pdf : written.front();
    bar.addButton(ExportJob::tr("Open"),
                  ExportJob::tr("Open %1 with the desktop's application for it")
                      .arg(QFileInfo(main).fileName()),
                  [main] { QDesktopServices::openUrl(QUrl::fromLocalFile(main)); });
    const QString dir = first.absolutePath();
    bar.addButton(ExportJob::tr("Open Folder"),
                  ExportJob::tr("Show the folder with the exported files"),
                  [dir] { QDesktopServices::openUrl(QUrl::fromLocalFile(dir)); });
}

} // namespace

void showExportIn(MessageBar &bar, const ExportJob &job)
{
    QObject::connect(
        &job, &ExportJob::progress, &bar, [&bar](int done, int total, const QString &what) {
            bar.showBusy(
                ExportJob::tr("Exporting %1 (%2 of %3)…").arg(what).arg(done + 1).arg(total), done,
                total);
        });
    QObject::connect(&job, &ExportJob::finished, &bar,
                     [&bar](const QStringList &written, const QString &error) {
                         showExportResult(bar, written, error);
                     });
}

} // namespace cipherwatt::gui
