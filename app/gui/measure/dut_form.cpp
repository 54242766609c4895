#include "measure/dut_form.h"

#include "measure/meter_form.h"
#include "measure/ssh_prompts.h"
#include "widgets/resource_form.h"

#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace cipherwatt::gui {

DutForm::DutForm(QWidget *parent)
    : QGroupBox(tr("Device Under Test"), parent)
    , m_prompts(new SshPrompts(this))
{
    auto *form = new QFormLayout(this);
    m_form = new ResourceForm(core::dutResourceKinds(), QStringLiteral("dut"), form);
    // This computer's user name, the usual guess (as ssh makes it).
    if (auto *user = qobject_cast<QLineEdit *>(
            m_form->fieldWidget(QStringLiteral("ssh"), QStringLiteral("user"))))
        user->setText(qEnvironmentVariable("USER", QDir::home().dirName()));
    connect(m_form, &ResourceForm::kindChanged, this, &DutForm::kindChanged);
    connect(m_form, &ResourceForm::changed, this, &DutForm::changed);
    // The catalogue is the DUT's: this computer's at once, a remote one's after Check.
    connect(m_form, &ResourceForm::kindChanged, this, &DutForm::loadCatalogue);

    // The operator's own ciphers: plugin libraries the worker loads (uploaded beside it on a
    // remote DUT), their ciphers in the plan under the backend plugin:<name>.
    m_plugins = new QListWidget(this);
    m_plugins->setObjectName(QStringLiteral("plugins"));
    m_plugins->setFixedHeight(m_plugins->fontMetrics().lineSpacing() * 3 + 8);
    m_plugins->setToolTip(tr("Cipher plugins (shared libraries built against "
                             "cipherwatt/cipher_plugin.h) the worker loads; their ciphers appear "
                             "in the plan with the backend plugin:<name>."));
    auto *addPlugin = new QPushButton(tr("Add…"), this);
    addPlugin->setToolTip(tr("Add a cipher plugin (.so)"));
    auto *removePlugin = new QPushButton(tr("Remove"), this);
    removePlugin->setToolTip(tr("Remove the selected plugin"));
    connect(addPlugin, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("Cipher Plugin"), QString(), tr("Shared libraries (*.so);;All files (*)"));
        if (file.isEmpty() || !m_plugins->findItems(file, Qt::MatchExactly).isEmpty())
            return;
        m_plugins->addItem(file);
        loadCatalogue();
    });
    connect(removePlugin, &QPushButton::clicked, this, [this] {
        delete m_plugins->currentItem();
        loadCatalogue();
    });
    auto *pluginButtons = new QVBoxLayout;
    pluginButtons->addWidget(addPlugin);
    pluginButtons->addWidget(removePlugin);
    pluginButtons->addStretch();
    auto *pluginRow = new QHBoxLayout;
    m_pluginRow = pluginRow;
    pluginRow->addWidget(m_plugins, 1, Qt::AlignTop);
    pluginRow->addLayout(pluginButtons);
    form->addRow(tr("Plugins:"), pluginRow);

    m_check = new QPushButton(tr("Check"), this);
    m_check->setObjectName(QStringLiteral("checkDut"));
    m_check->setToolTip(tr("Start the worker on the DUT and show its CPU, kernel, governor, "
                           "version and known-answer self-test."));
    connect(m_check, &QPushButton::clicked, this, &DutForm::check);
    form->addRow(QString(), m_check);
    m_info = new QLabel(this);
    m_info->setObjectName(QStringLiteral("dutInfo"));
    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_info->setVisible(false);
    m_error = errorLabel(this);
    m_error->setObjectName(QStringLiteral("dutError"));
    form->addRow(m_info);
    form->addRow(m_error);
    kindChanged();
}

DutForm::~DutForm()
{
    // A worker still listing its ciphers (the window closed at once) is ended, not orphaned.
    for (QProcess *process : findChildren<QProcess *>()) {
        process->disconnect(this);
        process->kill();
        process->waitForFinished(3000);
    }
}

bool DutForm::isLocal() const
{
    return m_form->currentPrefix() == QLatin1String("local");
}

void DutForm::kindChanged()
{
    // A microcontroller's firmware carries its own ciphers: no plugins to give it.
    const core::DutKind *kind = core::dutKind(m_form->currentPrefix());
    if (auto *form = qobject_cast<QFormLayout *>(layout()))
        form->setRowVisible(m_pluginRow, kind == nullptr || kind->runsWorker);
    showText(m_info, isLocal() ? QString() : tr("Check reads the DUT's ciphers and backends."));
    showText(m_error, {});
}

QString DutForm::resource() const
{
    return m_form->resource();
}

core::ResourceValues DutForm::options() const
{
    return m_form->options();
}

QString DutForm::problem() const
{
    const QString why = m_form->problem();
    return why.isEmpty() ? why : tr("DUT: %1.").arg(why);
}

core::LocalWorkerOptions DutForm::localWorker() const
{
    core::LocalWorkerOptions options = m_localWorker;
    const core::DutKind *kind = core::dutKind(m_form->currentPrefix());
    for (int i = 0; kind != nullptr && kind->runsWorker && i < m_plugins->count(); ++i)
        options.global << QStringLiteral("--plugin") << m_plugins->item(i)->text();
    return options;
}

core::SshOptions DutForm::sshOptions() const
{
    core::SshOptions base = m_sshBase;
    // The local build is what an SSH DUT without a worker gets.
    if (base.uploadWorker.isEmpty())
        base.uploadWorker = m_localWorker.program;
    return m_prompts->answering(base);
}

core::DutContext DutForm::context() const
{
    return core::DutContext{localWorker(), sshOptions()};
}

QStringList DutForm::plugins() const
{
    QStringList files;
    for (int i = 0; i < m_plugins->count(); ++i)
        files << m_plugins->item(i)->text();
    return files;
}

void DutForm::setPlugins(const QStringList &files)
{
    m_plugins->clear();
    for (const QString &file : files)
        m_plugins->addItem(file);
    loadCatalogue();
}

void DutForm::restore(const QSettings &settings)
{
    m_form->restore(settings);
    m_plugins->clear();
    m_plugins->addItems(settings.value(QStringLiteral("plugins")).toStringList());
    kindChanged();
}

void DutForm::save(QSettings &settings) const
{
    // Where and as whom, and the kind's options; never a password or passphrase.
    m_form->save(settings);
    settings.setValue(QStringLiteral("plugins"), plugins());
}

void DutForm::check()
{
    if (m_checking)
        return;
    if (const QString why = problem(); !why.isEmpty()) {
        showText(m_error, why);
        return;
    }
    auto link = core::makeDutLink(resource(), options(), context());
    if (!link) {
        showText(m_error, link.error().message.translated());
        return;
    }
    showText(m_error, {});
    showText(m_info, tr("Starting the worker on %1…").arg(resource()));
    m_check->setEnabled(false);
    auto *dut = new core::Dut(std::move(*link), this);
    m_checking = dut;
    auto info = std::make_shared<QString>();
    auto notes = std::make_shared<QStringList>();
    connect(dut, &core::Dut::note, this, [this, notes](const core::Message &text) {
        *notes << text.translated().toHtmlEscaped();
        showText(m_info, notes->join(QStringLiteral("<br>")));
    });
    connect(dut, &core::Dut::ready, this,
            [this, dut, info, notes](const core::WorkerHello &hello, qint64) {
                const core::DutSystem &sys = hello.system;
                QStringList governors;
                for (const core::CpuFrequency &c : sys.governor.cpus)
                    governors << c.governor;
                governors.removeDuplicates();
                *info = (notes->isEmpty()
                             ? QString()
                             : notes->join(QStringLiteral("<br>")) + QStringLiteral("<br>"));
                if (hello.kind == QLatin1String("mcu")) {
                    // A board with the CipherWatt firmware: no kernel, governor or worker.
                    *info +=
                        tr("<b>%1</b>, %2<br>firmware: CipherWatt %3, build %4<br>governor: "
                           "none (a microcontroller has none)")
                            .arg(sys.cpuModel.toHtmlEscaped(), sys.architecture.toHtmlEscaped(),
                                 hello.version.toHtmlEscaped(), hello.build.toHtmlEscaped());
                    for (const QString &warning : sys.warnings)
                        *info += QStringLiteral("<br>") + warning.toHtmlEscaped();
                } else {
                    *info += tr("<b>%1</b>, %n logical cores, %2<br>%3<br>governor: %4<br>worker: "
                                "cipherwatt-bench %5",
                                nullptr, static_cast<int>(sys.logicalCores))
                                 .arg(sys.cpuModel.toHtmlEscaped(),
                                      sys.architecture.toHtmlEscaped(), sys.kernel.toHtmlEscaped(),
                                      governors.isEmpty()
                                          ? tr("no cpufreq (the governor cannot be pinned here)")
                                          : governors.join(QStringLiteral(", ")).toHtmlEscaped(),
                                      hello.version.toHtmlEscaped());
                }
                showText(m_info, *info + QStringLiteral("<br>") +
                                     tr("Running the known-answer self-test…"));
                dut->list();
                dut->selfTest({});
            });
    connect(
        dut, &core::Dut::event, this, [this, dut, info](const core::WorkerEvent &event, qint64) {
            if (const auto *list = std::get_if<core::worker::Catalogue>(&event.body)) {
                emit catalogueChanged(list->ciphers);
            } else if (const auto *done = std::get_if<core::worker::SelfTestDone>(&event.body)) {
                const QStringList refused = done->result.refused();
                const QString result =
                    refused.isEmpty()
                        ? tr("self-test: passed (%n cipher/backend pairs)", nullptr,
                             done->result.passedPairs())
                        : tr("self-test: %1 FAILED").arg(refused.join(QStringLiteral(", ")));
                showText(m_info, *info + QStringLiteral("<br>") + result.toHtmlEscaped());
                dut->finish();
            } else if (const auto *failure = std::get_if<core::worker::Failure>(&event.body)) {
                showText(m_error, failure->message);
            }
        });
    const auto failed = [this, dut](const core::Message &reason) {
        showText(m_error, reason.translated());
        showText(m_info, {});
        m_check->setEnabled(true);
        dut->deleteLater();
    };
    connect(dut, &core::Dut::failed, this, failed);
    connect(dut, &core::Dut::protocolError, this, failed);
    connect(dut, &core::Dut::finished, this, [this, dut](const core::Message &reason, bool clean) {
        if (!clean)
            showText(m_error, reason.translated());
        m_check->setEnabled(true);
        dut->deleteLater();
    });
    dut->start();
}

void DutForm::loadCatalogue()
{
    if (!isLocal())
        return; // read by Check, from the DUT
    const QString program =
        m_localWorker.program.isEmpty() ? core::findLocalWorker() : m_localWorker.program;
    if (program.isEmpty()) {
        showText(m_error, tr("cipherwatt-bench was not found beside this program or on PATH."));
        return;
    }
    auto *process = new QProcess(this);
    connect(process, &QProcess::finished, this, [this, process](int code, QProcess::ExitStatus) {
        process->deleteLater();
        const auto catalogue = core::parseCatalogueJson(process->readAllStandardOutput());
        if (code != 0 || !catalogue) {
            showText(m_error,
                     tr("The worker did not list its ciphers: %1")
                         .arg(code != 0
                                  ? QString::fromUtf8(process->readAllStandardError()).trimmed()
                                  : catalogue.error().message.translated()));
            return;
        }
        emit catalogueChanged(*catalogue);
    });
    process->start(program, QStringList(localWorker().global)
                                << QStringLiteral("list") << QStringLiteral("--json"));
}

} // namespace cipherwatt::gui
