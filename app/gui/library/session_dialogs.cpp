#include "library/session_dialogs.h"

#include "display_format.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QVBoxLayout>

namespace cipherwatt::gui {

using namespace core;

DatabasePasswordDialog::DatabasePasswordDialog(const DatabaseLocation &location,
                                               const QString &reason, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Lab Database Password"));
    auto *layout = new QVBoxLayout(this);
    auto *why = new QLabel(
        tr("CipherWatt could not connect to the lab database %1:").arg(location.text), this);
    why->setWordWrap(true);
    why->setTextFormat(Qt::PlainText);
    layout->addWidget(why);
    auto *server = new QLabel(reason, this);
    server->setObjectName(QStringLiteral("reason"));
    server->setWordWrap(true);
    server->setTextFormat(Qt::PlainText);
    server->setTextInteractionFlags(Qt::TextSelectableByMouse);
    server->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(server);

    auto *form = new QFormLayout;
    const QString host = location.host.isEmpty() ? tr("this computer") : location.host;
    m_password = new QLineEdit(this);
    m_password->setObjectName(QStringLiteral("password"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setMinimumWidth(260);
    m_password->setToolTip(tr("The password of the database role; kept in memory until CipherWatt "
                              "quits, never saved"));
    form->addRow(location.user.isEmpty() ? tr("Password on %1:").arg(host)
                                         : tr("Password of %1 on %2:").arg(location.user, host),
                 m_password);
    layout->addLayout(form);
    auto *hint = new QLabel(tr("CipherWatt keeps it in memory until it quits and never saves it. "
                               "To be asked no more, put it in ~/.pgpass (or the service file)."),
                            this);
    hint->setWordWrap(true);
    hint->setTextFormat(Qt::PlainText);
    hint->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(hint);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Connect"));
    buttons->button(QDialogButtonBox::Ok)->setToolTip(tr("Connect again with this password"));
    buttons->button(QDialogButtonBox::Cancel)
        ->setToolTip(tr("Leave the library without the lab database's sessions"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_password->setFocus();
}

QString DatabasePasswordDialog::password() const
{
    return m_password->text();
}

NotesTagsDialog::NotesTagsDialog(const SessionSummary &session, const QStringList &tagsInUse,
                                 QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Notes and Tags of Session %1").arg(fmt::sessionId(session.id)));
    auto *layout = new QVBoxLayout(this);
    auto *title = new QLabel(DisplayFormat::singleLine(session.label), this);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    title->setWordWrap(true);
    title->setTextFormat(Qt::PlainText);
    layout->addWidget(title);

    auto *form = new QFormLayout;
    m_notes = new QPlainTextEdit(session.notes, this);
    m_notes->setObjectName(QStringLiteral("notes"));
    m_notes->setToolTip(tr("Free text kept with the session: set-up details, observations"));
    m_notes->setTabChangesFocus(true);
    m_notes->setMinimumSize(420, 140);
    form->addRow(tr("Notes:"), m_notes);
    m_tags = new QLineEdit(session.tags.join(QStringLiteral(", ")), this);
    m_tags->setObjectName(QStringLiteral("tags"));
    m_tags->setPlaceholderText(tr("e.g. raspberry-pi, lea-study"));
    m_tags->setToolTip(tr("Tags separated by commas; the library's search finds sessions by them"));
    form->addRow(tr("Tags:"), m_tags);
    if (!tagsInUse.isEmpty()) {
        auto *hint = new QLabel(tr("In use: %1").arg(tagsInUse.join(QStringLiteral(", "))), this);
        hint->setWordWrap(true);
        hint->setTextFormat(Qt::PlainText);
        hint->setForegroundRole(QPalette::PlaceholderText);
        hint->setToolTip(tr("Tags other sessions in this library have"));
        form->addRow(QString(), hint);
    }
    layout->addLayout(form);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Save)->setToolTip(tr("Store the notes and tags"));
    buttons->button(QDialogButtonBox::Cancel)->setToolTip(tr("Close without changing anything"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString NotesTagsDialog::notes() const
{
    return m_notes->toPlainText().trimmed();
}

QStringList NotesTagsDialog::tags() const
{
    QStringList out;
    for (const QString &tag : m_tags->text().split(QLatin1Char(','))) {
        const QString t = tag.trimmed();
        if (!t.isEmpty() && !out.contains(t))
            out << t;
    }
    return out;
}

ExportDialog::ExportDialog(const QList<SessionSummary> &sessions, const QString &folder,
                           QWidget *parent)
    : QDialog(parent)
{
    QStringList ids;
    for (const SessionSummary &s : sessions) {
        m_ids << s.id;
        ids << QString::number(s.id);
    }
    const bool several = sessions.size() > 1;
    setWindowTitle(several ? tr("Export %n Sessions", nullptr, static_cast<int>(sessions.size()))
                           : tr("Export Session %1").arg(fmt::sessionId(sessions.value(0).id)));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(this);
    intro->setTextFormat(Qt::PlainText);
    intro->setWordWrap(true);
    if (several) {
        QStringList names;
        for (const SessionSummary &s : sessions)
            names << fmt::sessionName(s.id, s.label);
        intro->setText(tr("Sessions %1.").arg(names.join(QStringLiteral(", "))));
    } else if (!sessions.isEmpty()) {
        intro->setText(tr("Session %1 “%2”.")
                           .arg(fmt::sessionId(sessions.front().id))
                           .arg(DisplayFormat::singleLine(sessions.front().label)));
    }
    layout->addWidget(intro);

    m_grid = new QGridLayout;
    m_grid->setColumnStretch(1, 1);
    m_grid->setColumnMinimumWidth(1, 380);
    layout->addLayout(m_grid);
    const QDir dir(folder);
    const QString stem = several ? QStringLiteral("sessions-%1").arg(ids.join(QLatin1Char('-')))
                                 : QStringLiteral("session-%1").arg(ids.value(0));
    m_pdf = addRow(
        QStringLiteral("pdf"), tr("PDF report"),
        several ? tr("One report per session: set-up, results with their 95 % "
                     "intervals, charts and the power trace; the session id is added "
                     "to the file name")
                : tr("The session's report: set-up, results with their 95 % "
                     "intervals, charts and the power trace"),
        dir.filePath(several ? QStringLiteral("session.pdf") : stem + QStringLiteral(".pdf")),
        tr("PDF files (*.pdf)"), true);
    if (several) {
        auto *note = new QLabel(
            tr("One report per session: %1, …")
                .arg(QFileInfo(perSessionPath(m_pdf.path->text(), m_ids.front(), true)).fileName()),
            this);
        note->setForegroundRole(QPalette::PlaceholderText);
        note->setTextFormat(Qt::PlainText);
        connect(m_pdf.path, &QLineEdit::textChanged, note, [this, note](const QString &text) {
            note->setText(
                tr("One report per session: %1, …")
                    .arg(QFileInfo(perSessionPath(text, m_ids.front(), true)).fileName()));
        });
        m_grid->addWidget(note, m_grid->rowCount(), 1, 1, 2);
    }
    m_runs =
        addRow(QStringLiteral("runs"), tr("Runs CSV"),
               tr("One row per run with every result and its 95 % interval, units in the "
                  "header"),
               dir.filePath(stem + QStringLiteral("-runs.csv")), tr("CSV files (*.csv)"), true);
    m_samples =
        addRow(QStringLiteral("samples"), tr("Samples CSV"),
               tr("Every meter update (100 ms) of the sessions: large for long sessions"),
               dir.filePath(stem + QStringLiteral("-samples.csv")), tr("CSV files (*.csv)"), false);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_export = buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    m_export->setToolTip(tr("Write the chosen files"));
    m_export->setDefault(true);
    buttons->button(QDialogButtonBox::Cancel)->setToolTip(tr("Close without exporting"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateState();
}

ExportDialog::Row ExportDialog::addRow(const QString &name, const QString &text,
                                       const QString &toolTip, const QString &path,
                                       const QString &filter, bool checked)
{
    Row row;
    const int r = m_grid->rowCount();
    row.check = new QCheckBox(text, this);
    row.check->setObjectName(name + QStringLiteral("Check"));
    row.check->setChecked(checked);
    row.check->setToolTip(toolTip);
    row.path = new QLineEdit(QDir::toNativeSeparators(path), this);
    row.path->setObjectName(name + QStringLiteral("Path"));
    row.path->setToolTip(tr("Where the file is written"));
    row.browse = new QPushButton(tr("Browse…"), this);
    row.browse->setToolTip(tr("Choose the file in a file dialog"));
    m_grid->addWidget(row.check, r, 0);
    m_grid->addWidget(row.path, r, 1);
    m_grid->addWidget(row.browse, r, 2);
    const Row copy = row;
    connect(row.check, &QCheckBox::toggled, this, [this, copy](bool on) {
        copy.path->setEnabled(on);
        copy.browse->setEnabled(on);
        updateState();
    });
    connect(row.path, &QLineEdit::textChanged, this, &ExportDialog::updateState);
    connect(row.browse, &QPushButton::clicked, this, [this, copy, text, filter] {
        const QString file =
            QFileDialog::getSaveFileName(this, tr("Save %1").arg(text), copy.path->text(), filter);
        if (!file.isEmpty())
            copy.path->setText(QDir::toNativeSeparators(file));
    });
    row.path->setEnabled(checked);
    row.browse->setEnabled(checked);
    return row;
}

QString ExportDialog::perSessionPath(const QString &path, qint64 id, bool several)
{
    if (!several)
        return path;
    const QFileInfo info(path);
    const QString suffix = info.suffix().isEmpty() ? QString() : QLatin1Char('.') + info.suffix();
    const QString base = path.left(path.size() - suffix.size());
    return QStringLiteral("%1-%2%3").arg(base).arg(id).arg(suffix);
}

ExportChoice ExportDialog::choice() const
{
    const auto path = [](const Row &row) {
        return row.check->isChecked() ? QDir::fromNativeSeparators(row.path->text().trimmed())
                                      : QString();
    };
    return {path(m_pdf), path(m_runs), path(m_samples)};
}

QStringList ExportDialog::targets() const
{
    const ExportChoice c = choice();
    QStringList out;
    if (!c.pdf.isEmpty()) {
        for (const qint64 id : m_ids)
            out << perSessionPath(c.pdf, id, m_ids.size() > 1);
    }
    if (!c.runsCsv.isEmpty())
        out << c.runsCsv;
    if (!c.samplesCsv.isEmpty())
        out << c.samplesCsv;
    return out;
}

void ExportDialog::updateState()
{
    bool any = false;
    bool complete = true;
    for (const Row *row : {&m_pdf, &m_runs, &m_samples}) {
        if (!row->check->isChecked())
            continue;
        any = true;
        complete &= !row->path->text().trimmed().isEmpty();
    }
    m_export->setEnabled(any && complete);
}

void ExportDialog::accept()
{
    const QStringList files = targets();
    if (files.isEmpty())
        return;
    for (const QString &file : files) {
        const QFileInfo info(file);
        if (!info.absoluteDir().exists()) {
            QMessageBox::warning(this, tr("Export"),
                                 tr("The folder %1 does not exist.")
                                     .arg(QDir::toNativeSeparators(info.absolutePath())));
            return;
        }
    }
    QStringList existing;
    for (const QString &file : files) {
        if (QFileInfo::exists(file))
            existing << QFileInfo(file).fileName();
    }
    if (QSet<QString>(files.begin(), files.end()).size() != files.size()) {
        QMessageBox::warning(this, tr("Export"), tr("Two of the files have the same name."));
        return;
    }
    if (!existing.isEmpty()) {
        const auto answer = QMessageBox::question(
            this, tr("Replace Files"),
            existing.size() == 1 ? tr("%1 already exists. Replace it?").arg(existing.front())
                                 : tr("These files already exist: %1. Replace them?")
                                       .arg(existing.join(QStringLiteral(", "))),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Yes)
            return;
    }
    QDialog::accept();
}

bool confirmDeletion(const std::vector<SessionData> &sessions, QWidget *parent)
{
    const auto what = [](const SessionData &d) {
        return DeleteConfirmation::tr("%1 and %2")
            .arg(DeleteConfirmation::tr("%n runs", nullptr, static_cast<int>(d.runs.size())),
                 DeleteConfirmation::tr("%n meter updates", nullptr,
                                        static_cast<int>(d.samples.size())));
    };
    QMessageBox box(parent);
    box.setIcon(QMessageBox::Warning);
    if (sessions.size() == 1) {
        const SessionData &d = sessions.front();
        box.setWindowTitle(DeleteConfirmation::tr("Delete Session"));
        box.setText(DeleteConfirmation::tr("Delete session %1 “%2”?")
                        .arg(fmt::sessionId(d.summary.id))
                        .arg(DisplayFormat::singleLine(d.summary.label)));
        box.setInformativeText(
            DeleteConfirmation::tr(
                "Its %1 are removed from the database with it. This cannot be undone.")
                .arg(what(d)));
    } else {
        box.setWindowTitle(DeleteConfirmation::tr("Delete Sessions"));
        box.setText(DeleteConfirmation::tr("Delete %n sessions?", nullptr,
                                           static_cast<int>(sessions.size())));
        QStringList lines;
        std::size_t runs = 0;
        std::size_t samples = 0;
        for (const SessionData &d : sessions) {
            runs += d.runs.size();
            samples += d.samples.size();
            lines << DeleteConfirmation::tr("%1 “%2”: %3")
                         .arg(d.summary.id)
                         .arg(DisplayFormat::singleLine(d.summary.label), what(d));
        }
        constexpr qsizetype kListed = 8;
        if (lines.size() > kListed) {
            const qsizetype more = lines.size() - kListed;
            lines = lines.mid(0, kListed);
            lines << DeleteConfirmation::tr("and %n more", nullptr, static_cast<int>(more));
        }
        box.setInformativeText(
            DeleteConfirmation::tr(
                "%1\n\nAll %2 and %3 are removed from the database with them. This cannot be "
                "undone.")
                .arg(lines.join(QLatin1Char('\n')),
                     DeleteConfirmation::tr("%n runs", nullptr, static_cast<int>(runs)),
                     DeleteConfirmation::tr("%n meter updates", nullptr,
                                            static_cast<int>(samples))));
    }
    QPushButton *remove =
        box.addButton(DeleteConfirmation::tr("Delete"), QMessageBox::DestructiveRole);
    remove->setToolTip(DeleteConfirmation::tr("Remove the sessions from the database"));
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    cancel->setToolTip(DeleteConfirmation::tr("Keep the sessions"));
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    return box.clickedButton() == remove;
}

} // namespace cipherwatt::gui
