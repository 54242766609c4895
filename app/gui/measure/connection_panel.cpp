#include "measure/connection_panel.h"

#include <cipherwatt/instruments/acquisition.h>
#include <cipherwatt/instruments/usbtmc.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QMetaObject>
#include <QProcess>
#include <QPushButton>
#include <QSerialPortInfo>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QThread>
#include <QVBoxLayout>

#include <cmath>

namespace cipherwatt::gui {

using namespace instruments;

namespace {

enum MeterKind { MeterAuto, MeterUsb, MeterTcp, MeterSerial, MeterSim };

constexpr int kProbeUpdates = 50; // five seconds of live values

QLabel *errorLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("color: #c62828;"));
    label->setVisible(false);
    return label;
}

// A label that takes no room while it has nothing to say.
void showText(QLabel *label, const QString &text)
{
    label->setText(text);
    label->setVisible(!text.isEmpty());
}

QString valueText(double v, ValueState state, const QString &unit)
{
    switch (state) {
    case ValueState::NoData:
        return QStringLiteral("----");
    case ValueState::OverRange:
        return QStringLiteral("-OL-");
    case ValueState::Valid:
        break;
    }
    return QStringLiteral("%1 %2").arg(QString::number(v, 'g', 5), unit).trimmed();
}

} // namespace

ConnectionPanel::ConnectionPanel(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *meterBox = new QGroupBox(tr("Power Meter"), this);
    auto *dutBox = new QGroupBox(tr("Device Under Test"), this);
    buildMeter(meterBox);
    buildDut(dutBox);
    layout->addWidget(meterBox);
    layout->addWidget(dutBox);
}

ConnectionPanel::~ConnectionPanel()
{
    if (m_probing)
        m_probing->close();
    // A worker still listing its ciphers (the window closed at once) is ended, not orphaned.
    for (QProcess *process : findChildren<QProcess *>()) {
        process->disconnect(this);
        process->kill();
        process->waitForFinished(3000);
    }
}

void ConnectionPanel::buildMeter(QWidget *box)
{
    auto *form = new QFormLayout(box);
    m_meterKind = new QComboBox(box);
    m_meterKind->setObjectName(QStringLiteral("meterKind"));
    m_meterKind->addItem(tr("Automatic"), MeterAuto);
    m_meterKind->addItem(tr("USB (USBTMC)"), MeterUsb);
    m_meterKind->addItem(tr("Network (TCP)"), MeterTcp);
    m_meterKind->addItem(tr("Serial port"), MeterSerial);
    m_meterKind->addItem(tr("Simulator"), MeterSim);
    m_meterKind->setToolTip(tr("Automatic uses the first WT300 meter on USB, or the simulated "
                               "WT332 when none is attached (marked as simulated everywhere)."));
    form->addRow(tr("Connection:"), m_meterKind);

    m_meterPages = new QStackedWidget(box);
    m_meterPages->addWidget(new QWidget(m_meterPages)); // automatic: nothing to choose

    auto *usb = new QWidget(m_meterPages);
    auto *usbRow = new QHBoxLayout(usb);
    usbRow->setContentsMargins(0, 0, 0, 0);
    m_usbDevices = new QComboBox(usb);
    m_usbDevices->setToolTip(tr("Yokogawa meters found on USB (vendor 0x0B21, USBTMC)."));
    auto *rescan = new QPushButton(tr("Rescan"), usb);
    rescan->setToolTip(tr("Look for USB meters again."));
    usbRow->addWidget(m_usbDevices, 1);
    usbRow->addWidget(rescan);
    connect(rescan, &QPushButton::clicked, this, &ConnectionPanel::refreshUsb);
    m_meterPages->addWidget(usb);

    auto *tcp = new QWidget(m_meterPages);
    auto *tcpRow = new QHBoxLayout(tcp);
    tcpRow->setContentsMargins(0, 0, 0, 0);
    m_tcpHost = new QLineEdit(QStringLiteral("127.0.0.1"), tcp);
    m_tcpHost->setObjectName(QStringLiteral("tcpHost"));
    m_tcpHost->setToolTip(tr("Host of a SCPI-over-TCP gateway or of wt300-sim."));
    m_tcpPort = new QSpinBox(tcp);
    m_tcpPort->setRange(1, 65535);
    m_tcpPort->setValue(5025);
    m_tcpPort->setToolTip(tr("TCP port."));
    tcpRow->addWidget(m_tcpHost, 1);
    tcpRow->addWidget(m_tcpPort);
    m_meterPages->addWidget(tcp);

    auto *serial = new QWidget(m_meterPages);
    auto *serialRow = new QHBoxLayout(serial);
    serialRow->setContentsMargins(0, 0, 0, 0);
    m_serialPort = new QComboBox(serial);
    m_serialPort->setEditable(true);
    m_serialPort->setToolTip(tr("The serial port the meter's RS-232 cable is on."));
    m_serialBaud = new QComboBox(serial);
    for (const int baud : {9600, 19200, 38400, 57600, 115200})
        m_serialBaud->addItem(QString::number(baud), baud);
    m_serialBaud->setToolTip(tr("Must match the meter's setting. 9600 baud cannot carry many items "
                                "every 100 ms."));
    serialRow->addWidget(m_serialPort, 1);
    serialRow->addWidget(m_serialBaud);
    m_meterPages->addWidget(serial);

    auto *sim = new QWidget(m_meterPages);
    auto *simRow = new QHBoxLayout(sim);
    simRow->setContentsMargins(0, 0, 0, 0);
    m_simProfile = new QLineEdit(sim);
    m_simProfile->setObjectName(QStringLiteral("simProfile"));
    m_simProfile->setPlaceholderText(tr("default: host CPU load"));
    m_simProfile->setToolTip(tr("A profile file for the simulator (optional): scripted powers, "
                                "noise, the load source."));
    auto *browse = new QPushButton(tr("Browse…"), sim);
    browse->setToolTip(tr("Choose a simulator profile."));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Simulator Profile"));
        if (!file.isEmpty())
            m_simProfile->setText(file);
    });
    simRow->addWidget(m_simProfile, 1);
    simRow->addWidget(browse);
    m_meterPages->addWidget(sim);
    form->addRow(QString(), m_meterPages);
    connect(m_meterKind, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_meterPages->setCurrentIndex(index);
        const int kind = m_meterKind->itemData(index).toInt();
        if (kind == MeterUsb && m_usbDevices->count() == 0)
            refreshUsb();
        if (kind == MeterSerial && m_serialPort->count() == 0)
            refreshSerial();
        showText(m_meterError, meterProblem());
    });

    m_element = new QSpinBox(box);

    m_element->setObjectName(QStringLiteral("dutElement"));
    m_element->setRange(1, 3);
    m_element->setToolTip(tr("The meter element (input) that powers the DUT. A WT332 has "
                             "elements 1 and 3."));
    form->addRow(tr("DUT element:"), m_element);

    m_probe = new QPushButton(tr("Probe"), box);

    m_probe->setObjectName(QStringLiteral("probeMeter"));
    m_probe->setToolTip(tr("Connect to the meter and show its identity and live values."));
    connect(m_probe, &QPushButton::clicked, this, [this] {
        if (m_probing)
            stopProbe();
        else
            probe();
    });
    form->addRow(QString(), m_probe);
    m_meterInfo = new QLabel(box);
    m_meterInfo->setObjectName(QStringLiteral("meterInfo"));
    m_meterInfo->setWordWrap(true);
    m_meterInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_meterInfo->setVisible(false);
    m_meterValues = new QLabel(box);
    m_meterValues->setTextFormat(Qt::RichText);
    m_meterValues->setVisible(false);
    m_meterError = errorLabel(box);
    m_meterError->setObjectName(QStringLiteral("meterError"));
    form->addRow(m_meterInfo);
    form->addRow(m_meterValues);
    form->addRow(m_meterError);
}

void ConnectionPanel::buildDut(QWidget *box)
{
    auto *form = new QFormLayout(box);
    m_dutKind = new QComboBox(box);
    m_dutKind->setObjectName(QStringLiteral("dutKind"));
    m_dutKind->addItem(tr("This computer"), QStringLiteral("local"));
    m_dutKind->addItem(tr("SSH host"), QStringLiteral("ssh"));
    m_dutKind->setToolTip(tr("Where the ciphers run: the DUT the meter powers. This computer, or "
                             "another one reached over SSH (an x86 PC, a Raspberry Pi)."));
    form->addRow(tr("DUT:"), m_dutKind);

    m_sshPage = new QWidget(box);
    auto *ssh = new QFormLayout(m_sshPage);
    ssh->setContentsMargins(0, 0, 0, 0);
    m_sshHost = new QLineEdit(m_sshPage);
    m_sshHost->setObjectName(QStringLiteral("sshHost"));
    m_sshHost->setPlaceholderText(tr("pi4.lab or 192.168.1.20"));
    m_sshHost->setToolTip(tr("The DUT's host name or address."));
    m_sshPort = new QSpinBox(m_sshPage);
    m_sshPort->setObjectName(QStringLiteral("sshPort"));
    m_sshPort->setRange(1, 65535);
    m_sshPort->setValue(22);
    m_sshPort->setToolTip(tr("The DUT's SSH port."));
    auto *hostRow = new QHBoxLayout;
    hostRow->addWidget(m_sshHost, 1);
    hostRow->addWidget(new QLabel(tr("Port:"), m_sshPage));
    hostRow->addWidget(m_sshPort);
    ssh->addRow(tr("Host:"), hostRow);
    // This computer's user name, the usual guess (as ssh makes it).
    const QString user = qEnvironmentVariable("USER", QDir::home().dirName());
    m_sshUser = new QLineEdit(user, m_sshPage);
    m_sshUser->setObjectName(QStringLiteral("sshUser"));
    m_sshUser->setToolTip(tr("The account on the DUT; its login shell must be a POSIX shell."));
    ssh->addRow(tr("User:"), m_sshUser);
    m_sshKey = new QLineEdit(m_sshPage);
    m_sshKey->setObjectName(QStringLiteral("sshKey"));
    m_sshKey->setPlaceholderText(tr("SSH agent, then ~/.ssh/id_ed25519"));
    m_sshKey->setToolTip(tr("A private key file. Its passphrase is asked when needed and never "
                            "stored. Empty: the SSH agent, then the usual key files."));
    auto *browse = new QPushButton(tr("Browse…"), m_sshPage);
    browse->setToolTip(tr("Choose the private key file"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("SSH Private Key"),
            m_sshKey->text().isEmpty() ? QDir::homePath() + QStringLiteral("/.ssh")
                                       : m_sshKey->text());
        if (!file.isEmpty())
            m_sshKey->setText(file);
    });
    auto *keyRow = new QHBoxLayout;
    keyRow->addWidget(m_sshKey, 1);
    keyRow->addWidget(browse);
    ssh->addRow(tr("Key file:"), keyRow);
    m_sshPassword = new QCheckBox(tr("Ask for a password if keys are refused"), m_sshPage);
    m_sshPassword->setObjectName(QStringLiteral("sshPassword"));
    m_sshPassword->setToolTip(tr("Password authentication, asked in a dialog each time and never "
                                 "stored."));
    ssh->addRow(QString(), m_sshPassword);
    m_sshWorker = new QLineEdit(m_sshPage);
    m_sshWorker->setObjectName(QStringLiteral("sshWorker"));
    m_sshWorker->setPlaceholderText(tr("cipherwatt-bench on the DUT's PATH"));
    m_sshWorker->setToolTip(tr("Where the worker is installed on the DUT; its version must match "
                               "this CipherWatt."));
    ssh->addRow(tr("Worker:"), m_sshWorker);
    m_sshUpload =
        new QCheckBox(tr("Upload this build when the DUT's is missing or stale"), m_sshPage);
    m_sshUpload->setObjectName(QStringLiteral("sshUpload"));
    m_sshUpload->setChecked(true);
    m_sshUpload->setToolTip(tr("Copies the local cipherwatt-bench to a private cache on the DUT "
                               "(only when built for the DUT's architecture) and checks its "
                               "SHA-256 there. You are asked first."));
    ssh->addRow(QString(), m_sshUpload);
    form->addRow(m_sshPage);
    connect(m_dutKind, &QComboBox::currentIndexChanged, this, &ConnectionPanel::updateDutPage);
    // The catalogue is the DUT's: this computer's at once, a remote one's after Check.
    connect(m_dutKind, &QComboBox::activated, this, &ConnectionPanel::loadCatalogue);
    updateDutPage();

    // The operator's own ciphers: plugin libraries the worker loads (uploaded beside it on an
    // SSH DUT), their ciphers in the plan under the backend plugin:<name>.
    m_plugins = new QListWidget(box);
    m_plugins->setObjectName(QStringLiteral("plugins"));
    m_plugins->setFixedHeight(m_plugins->fontMetrics().lineSpacing() * 3 + 8);
    m_plugins->setToolTip(tr("Cipher plugins (shared libraries built against "
                             "cipherwatt/cipher_plugin.h) the worker loads; their ciphers appear "
                             "in the plan with the backend plugin:<name>."));
    auto *addPlugin = new QPushButton(tr("Add…"), box);
    addPlugin->setToolTip(tr("Add a cipher plugin (.so)"));
    auto *removePlugin = new QPushButton(tr("Remove"), box);
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
    pluginRow->addWidget(m_plugins, 1);
    pluginRow->addLayout(pluginButtons);
    form->addRow(tr("Plugins:"), pluginRow);

    m_check = new QPushButton(tr("Check"), box);
    m_check->setObjectName(QStringLiteral("checkDut"));
    m_check->setToolTip(tr("Start the worker on the DUT and show its CPU, kernel, governor, "
                           "version and known-answer self-test."));
    connect(m_check, &QPushButton::clicked, this, &ConnectionPanel::check);
    form->addRow(QString(), m_check);
    m_dutInfo = new QLabel(box);
    m_dutInfo->setObjectName(QStringLiteral("dutInfo"));
    m_dutInfo->setWordWrap(true);
    m_dutInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_dutInfo->setVisible(false);
    m_dutError = errorLabel(box);
    m_dutError->setObjectName(QStringLiteral("dutError"));
    form->addRow(m_dutInfo);
    form->addRow(m_dutError);
}

void ConnectionPanel::updateDutPage()
{
    const bool ssh = m_dutKind->currentData().toString() == QLatin1String("ssh");
    m_sshPage->setVisible(ssh);
    if (m_dutInfo != nullptr) {
        showText(m_dutInfo, ssh ? tr("Check reads the DUT's ciphers and backends.") : QString());
        showText(m_dutError, {});
    }
}

void ConnectionPanel::refreshUsb()
{
    m_usbDevices->clear();
    auto devices = findUsbtmcDevices();
    if (!devices) {
        showText(m_meterError, (devices.error().message).translated());
        return;
    }
    for (const UsbtmcDevice &d : *devices) {
        m_usbDevices->addItem(tr("%1 — serial %2 (bus %3, address %4)")
                                  .arg(d.product.isEmpty() ? tr("Yokogawa meter") : d.product,
                                       d.serial.isEmpty() ? tr("unknown") : d.serial)
                                  .arg(d.bus)
                                  .arg(d.address),
                              d.resource());
    }
    if (devices->empty())
        m_usbDevices->addItem(tr("No Yokogawa meter on USB"), QString());
    showText(m_meterError, meterProblem());
}

void ConnectionPanel::refreshSerial()
{
    const QString current = m_serialPort->currentText();
    m_serialPort->clear();
    for (const QSerialPortInfo &port : QSerialPortInfo::availablePorts())
        m_serialPort->addItem(port.systemLocation());
    if (!current.isEmpty())
        m_serialPort->setCurrentText(current);
}

QString ConnectionPanel::meterResource() const
{
    switch (m_meterKind->currentData().toInt()) {
    case MeterUsb: {
        const QString r = m_usbDevices->currentData().toString();
        return r.isEmpty() ? QStringLiteral("usbtmc") : r;
    }
    case MeterTcp:
        return QStringLiteral("tcp:%1:%2").arg(m_tcpHost->text().trimmed()).arg(m_tcpPort->value());
    case MeterSerial:
        return QStringLiteral("serial:%1:%2")
            .arg(m_serialPort->currentText().trimmed())
            .arg(m_serialBaud->currentData().toInt());
    case MeterSim:
        return m_simProfile->text().trimmed().isEmpty()
                   ? QStringLiteral("sim")
                   : QStringLiteral("sim:") + m_simProfile->text().trimmed();
    default:
        return QStringLiteral("auto");
    }
}

int ConnectionPanel::dutElement() const
{
    return m_element->value();
}

QString ConnectionPanel::dutResource() const
{
    if (m_dutKind->currentData().toString() != QLatin1String("ssh"))
        return QStringLiteral("local");
    const QString host = m_sshHost->text().trimmed();
    // An IPv6 address goes in brackets, as in any URL.
    const QString hostPart = host.contains(QLatin1Char(':')) && !host.startsWith(QLatin1Char('['))
                                 ? QLatin1Char('[') + host + QLatin1Char(']')
                                 : host;
    return QStringLiteral("ssh://%1@%2:%3")
        .arg(m_sshUser->text().trimmed(), hostPart)
        .arg(m_sshPort->value());
}

core::SshOptions ConnectionPanel::sshOptions() const
{
    core::SshOptions o = m_sshBase;
    if (auto target = core::DutResource::parse(dutResource()))
        o.target = *target;
    o.keyFile = m_sshKey->text().trimmed();
    o.allowPassword = m_sshPassword->isChecked();
    o.remoteWorker = m_sshWorker->text().trimmed();
    o.allowUpload = m_sshUpload->isChecked();
    if (o.uploadWorker.isEmpty())
        o.uploadWorker = m_localWorker.program;
    // The local worker's options before `serve` (--isa, --plugin) reach the remote one, with
    // plugin files uploaded beside it.
    const QStringList global = localWorker().global;
    for (qsizetype i = 0; i + 1 < global.size(); i += 2) {
        if (global[i] == QLatin1String("--plugin"))
            o.uploadPlugins << global[i + 1];
        else
            o.workerGlobal << global[i] << global[i + 1];
    }
    // The questions go to this panel's thread, and the DUT's thread waits for the answers.
    // Should the panel be gone, the answer is no.
    const QPointer<ConnectionPanel> self(const_cast<ConnectionPanel *>(this));
    const auto ask = [self](auto question, auto declined) {
        decltype(declined) answer = declined;
        if (!self)
            return answer;
        if (QThread::currentThread() == self->thread())
            answer = question(*self);
        else
            QMetaObject::invokeMethod(
                self, [&] { answer = question(*self); }, Qt::BlockingQueuedConnection);
        return answer;
    };
    o.confirmHostKey = [ask](const core::HostKeyInfo &info) {
        return ask([&](ConnectionPanel &p) { return p.askHostKey(info); }, false);
    };
    o.askSecret = [ask](const QString &prompt, bool echo) {
        return ask([&](ConnectionPanel &p) { return p.askSecret(prompt, echo); },
                   std::optional<QString>());
    };
    o.confirmUpload = [ask](const QString &why) {
        return ask([&](ConnectionPanel &p) { return p.askUpload(why); }, false);
    };
    return o;
}

core::Dut::LinkFactory ConnectionPanel::linkFactory() const
{
    if (m_dutKind->currentData().toString() != QLatin1String("ssh"))
        return {};
    return core::makeSshLinkFactory(sshOptions());
}

bool ConnectionPanel::askHostKey(const core::HostKeyInfo &info)
{
    QMessageBox box(QMessageBox::Warning, tr("Unknown SSH Host Key"),
                    tr("The DUT %1 (port %2) is not known yet. Its %3 host key has the "
                       "fingerprint:")
                            .arg(info.host.toHtmlEscaped())
                            .arg(info.port)
                            .arg(info.type.toHtmlEscaped()) +
                        QStringLiteral("<p style=\"font-family: monospace; font-size: large\">"
                                       "%1</p>")
                            .arg(info.sha256Fingerprint.toHtmlEscaped()),
                    QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("hostKeyConfirmation"));
    box.setTextFormat(Qt::RichText);
    box.setInformativeText(
        tr("Compare it with what <code>ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub</code> "
           "prints on the DUT itself. Accept it only if they match: it is then recorded in "
           "%1, and a different key later is refused.")
            .arg(QDir::toNativeSeparators(m_sshBase.appKnownHosts.isEmpty()
                                              ? core::defaultAppKnownHosts()
                                              : m_sshBase.appKnownHosts)
                     .toHtmlEscaped()));
    QPushButton *accept = box.addButton(tr("Accept and Remember"), QMessageBox::AcceptRole);
    accept->setObjectName(QStringLiteral("acceptHostKey"));
    QPushButton *reject = box.addButton(tr("Reject"), QMessageBox::RejectRole);
    reject->setObjectName(QStringLiteral("rejectHostKey"));
    box.setDefaultButton(reject);
    box.setEscapeButton(reject);
    box.exec();
    return box.clickedButton() == accept;
}

std::optional<QString> ConnectionPanel::askSecret(const QString &prompt, bool echo)
{
    QInputDialog dialog(this);
    dialog.setObjectName(QStringLiteral("sshSecret"));
    dialog.setWindowTitle(tr("SSH Authentication"));
    dialog.setLabelText(prompt);
    dialog.setTextEchoMode(echo ? QLineEdit::Normal : QLineEdit::Password);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    QString answer = dialog.textValue();
    dialog.setTextValue(QString()); // not left in the dialog's line edit
    return answer;
}

bool ConnectionPanel::askUpload(const QString &why)
{
    QMessageBox box(QMessageBox::Question, tr("Upload the Worker"),
                    tr("The DUT has no usable cipherwatt-bench of this version: %1.").arg(why),
                    QMessageBox::Yes | QMessageBox::No, this);
    box.setObjectName(QStringLiteral("uploadConfirmation"));
    box.setInformativeText(tr("Upload this computer's build to a private cache directory on the "
                              "DUT? Its SHA-256 is checked there before it runs."));
    box.setDefaultButton(QMessageBox::No);
    return box.exec() == QMessageBox::Yes;
}

core::LocalWorkerOptions ConnectionPanel::localWorker() const
{
    core::LocalWorkerOptions options = m_localWorker;
    for (int i = 0; i < m_plugins->count(); ++i)
        options.global << QStringLiteral("--plugin") << m_plugins->item(i)->text();
    return options;
}

QStringList ConnectionPanel::plugins() const
{
    QStringList files;
    for (int i = 0; i < m_plugins->count(); ++i)
        files << m_plugins->item(i)->text();
    return files;
}

void ConnectionPanel::setPlugins(const QStringList &files)
{
    m_plugins->clear();
    for (const QString &file : files)
        m_plugins->addItem(file);
    loadCatalogue();
}

QString ConnectionPanel::meterProblem() const
{
    switch (m_meterKind->currentData().toInt()) {
    case MeterUsb:
        return m_usbDevices->currentData().toString().isEmpty()
                   ? tr("No USB meter is selected: attach one and press Rescan.")
                   : QString();
    case MeterTcp:
        return m_tcpHost->text().trimmed().isEmpty() ? tr("Give the meter's host name or address.")
                                                     : QString();
    case MeterSerial:
        return m_serialPort->currentText().trimmed().isEmpty()
                   ? tr("Give the serial port, e.g. /dev/ttyUSB0.")
                   : QString();
    default:
        return {};
    }
}

QString ConnectionPanel::dutProblem() const
{
    if (m_dutKind->currentData().toString() != QLatin1String("ssh"))
        return {};
    if (m_sshHost->text().trimmed().isEmpty())
        return tr("Give the DUT's host name or address.");
    if (m_sshUser->text().trimmed().isEmpty())
        return tr("Give the user name on the DUT.");
    if (auto parsed = core::DutResource::parse(dutResource()); !parsed)
        return parsed.error().message.translated();
    if (const QString key = m_sshKey->text().trimmed(); !key.isEmpty() && !QFileInfo(key).isFile())
        return tr("The key file %1 does not exist.").arg(key);
    return {};
}

void ConnectionPanel::probe()
{
    if (const QString problem = meterProblem(); !problem.isEmpty()) {
        showText(m_meterError, problem);
        return;
    }
    showText(m_meterError, {});
    showText(m_meterInfo, tr("Connecting to %1…").arg(meterResource()));
    showText(m_meterValues, {});
    m_probeSamples = 0;
    m_probeItems.clear();
    m_probe->setText(tr("Stop"));
    auto *acquisition = new MeterAcquisition(this);
    m_probing = acquisition;
    connect(acquisition, &MeterAcquisition::opened, this,
            [this, acquisition](const Identity &identity, const Capabilities &caps) {
                QString text =
                    tr("<b>%1 %2</b>, serial %3, firmware %4")
                        .arg(identity.manufacturer.toHtmlEscaped(), identity.model.toHtmlEscaped(),
                             identity.serial.toHtmlEscaped(), identity.firmware.toHtmlEscaped());
                if (identity.simulated)
                    text += QStringLiteral(" <span style=\"background:#fdecea; color:#b71c1c; "
                                           "font-weight:bold\">&nbsp;%1&nbsp;</span>")
                                .arg(tr("Simulated meter"));
                showText(m_meterInfo, text);
                emit meterProbed(identity);
                const auto &elements = caps.model.elements;
                if (std::find(elements.begin(), elements.end(), m_element->value()) ==
                    elements.end()) {
                    QStringList have;
                    for (const int e : elements)
                        have << QString::number(e);
                    showText(m_meterError, tr("The %1 has no element %2 (it has %3).")
                                               .arg(identity.model)
                                               .arg(m_element->value())
                                               .arg(have.join(QStringLiteral(", "))));
                    acquisition->close();
                    return;
                }
                MeterConfig config;
                config.elements = {m_element->value()};
                config.functions = {Function::U, Function::I, Function::P, Function::Lambda};
                acquisition->configure(config);
            });
    connect(acquisition, &MeterAcquisition::configured, this,
            [this, acquisition](const AppliedConfig &applied) {
                for (const Item &item : applied.items)
                    m_probeItems.push_back(itemLabel(item));
                QStringList warnings;
                for (const core::Message &w : applied.warnings)
                    warnings << w.translated();
                if (!warnings.isEmpty())
                    showText(m_meterError, warnings.join(QLatin1Char('\n')));
                acquisition->start();
            });
    connect(acquisition, &MeterAcquisition::sampleReady, this,
            [this, acquisition](const Sample &s) {
                showProbeValues(s);
                if (++m_probeSamples >= kProbeUpdates)
                    acquisition->close();
            });
    connect(acquisition, &MeterAcquisition::failed, this, [this, acquisition](const Error &e) {
        showText(m_meterError, e.describe().translated());
        acquisition->close();
    });
    connect(acquisition, &MeterAcquisition::closed, this, [this, acquisition] {
        m_probe->setText(tr("Probe"));
        acquisition->deleteLater();
    });
    acquisition->open(meterResource());
}

void ConnectionPanel::stopProbe()
{
    if (m_probing)
        m_probing->close();
}

void ConnectionPanel::showProbeValues(const Sample &s)
{
    QStringList parts;
    static const QStringList units{QStringLiteral("V"), QStringLiteral("A"), QStringLiteral("W"),
                                   QString()};
    for (std::size_t k = 0; k < s.values.size() && k < m_probeItems.size(); ++k)
        parts << QStringLiteral("%1&nbsp;<b>%2</b>")
                     .arg(m_probeItems[k].toHtmlEscaped(),
                          valueText(s.values[k], s.states[k],
                                    k < 4 ? units[static_cast<qsizetype>(k)] : QString())
                              .toHtmlEscaped());
    showText(m_meterValues, parts.join(QStringLiteral(" &nbsp; ")));
}

void ConnectionPanel::check()
{
    if (m_checking)
        return;
    if (const QString problem = dutProblem(); !problem.isEmpty()) {
        showText(m_dutError, problem);
        return;
    }
    showText(m_dutError, {});
    showText(m_dutInfo, tr("Starting the worker on %1…").arg(dutResource()));
    m_check->setEnabled(false);
    const core::LocalWorkerOptions local = localWorker();
    core::Dut::LinkFactory factory = linkFactory();
    if (!factory)
        factory = [local] { return core::makeLocalWorkerLink(local); };
    auto *dut = new core::Dut(std::move(factory), this);
    m_checking = dut;
    auto info = std::make_shared<QString>();
    auto notes = std::make_shared<QStringList>();
    connect(dut, &core::Dut::note, this, [this, notes](const core::Message &text) {
        *notes << text.translated().toHtmlEscaped();
        showText(m_dutInfo, notes->join(QStringLiteral("<br>")));
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
                             : notes->join(QStringLiteral("<br>")) + QStringLiteral("<br>")) +
                        tr("<b>%1</b>, %n logical cores, %2<br>%3<br>governor: %4<br>worker: "
                           "cipherwatt-bench %5",
                           nullptr, static_cast<int>(sys.logicalCores))
                            .arg(sys.cpuModel.toHtmlEscaped(), sys.architecture.toHtmlEscaped(),
                                 sys.kernel.toHtmlEscaped(),
                                 governors.isEmpty()
                                     ? tr("no cpufreq (the governor cannot be pinned here)")
                                     : governors.join(QStringLiteral(", ")).toHtmlEscaped(),
                                 hello.version.toHtmlEscaped());
                showText(m_dutInfo, *info + QStringLiteral("<br>") +
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
                showText(m_dutInfo, *info + QStringLiteral("<br>") + result.toHtmlEscaped());
                dut->finish();
            } else if (const auto *failure = std::get_if<core::worker::Failure>(&event.body)) {
                showText(m_dutError, failure->message);
            }
        });
    const auto failed = [this, dut](const core::Message &reason) {
        showText(m_dutError, reason.translated());
        showText(m_dutInfo, {});
        m_check->setEnabled(true);
        dut->deleteLater();
    };
    connect(dut, &core::Dut::failed, this, failed);
    connect(dut, &core::Dut::protocolError, this, failed);
    connect(dut, &core::Dut::finished, this, [this, dut](const core::Message &reason, bool clean) {
        if (!clean)
            showText(m_dutError, reason.translated());
        m_check->setEnabled(true);
        dut->deleteLater();
    });
    dut->start();
}

void ConnectionPanel::loadCatalogue()
{
    if (m_dutKind->currentData().toString() == QLatin1String("ssh"))
        return; // read by Check, from the DUT
    const QString program =
        m_localWorker.program.isEmpty() ? core::findLocalWorker() : m_localWorker.program;
    if (program.isEmpty()) {
        showText(m_dutError, tr("cipherwatt-bench was not found beside this program or on PATH."));
        return;
    }
    auto *process = new QProcess(this);
    connect(process, &QProcess::finished, this, [this, process](int code, QProcess::ExitStatus) {
        process->deleteLater();
        const auto catalogue = core::parseCatalogueJson(process->readAllStandardOutput());
        if (code != 0 || !catalogue) {
            showText(m_dutError,
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

void ConnectionPanel::restore()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("connections"));
    // First start: a WT300 on USB when one is attached, else the simulator, in plain sight.
    int kind = settings.value(QStringLiteral("meterKind"), -1).toInt();
    if (kind < 0) {
        const auto devices = findUsbtmcDevices();
        kind = devices && !devices->empty() ? MeterUsb : MeterSim;
    }
    m_meterKind->setCurrentIndex(std::max(0, m_meterKind->findData(kind)));
    m_tcpHost->setText(settings.value(QStringLiteral("tcpHost"), m_tcpHost->text()).toString());
    m_tcpPort->setValue(settings.value(QStringLiteral("tcpPort"), m_tcpPort->value()).toInt());
    m_serialPort->setCurrentText(settings.value(QStringLiteral("serialPort")).toString());
    m_serialBaud->setCurrentIndex(
        std::max(0, m_serialBaud->findData(settings.value(QStringLiteral("serialBaud"), 9600))));
    m_simProfile->setText(settings.value(QStringLiteral("simProfile")).toString());
    m_element->setValue(settings.value(QStringLiteral("element"), 1).toInt());
    m_dutKind->setCurrentIndex(std::max(
        0,
        m_dutKind->findData(settings.value(QStringLiteral("dutKind"), QStringLiteral("local")))));
    m_sshHost->setText(settings.value(QStringLiteral("sshHost")).toString());
    m_sshUser->setText(settings.value(QStringLiteral("sshUser"), m_sshUser->text()).toString());
    m_sshPort->setValue(settings.value(QStringLiteral("sshPort"), 22).toInt());
    m_sshKey->setText(settings.value(QStringLiteral("sshKey")).toString());
    m_sshPassword->setChecked(settings.value(QStringLiteral("sshPassword"), false).toBool());
    m_sshWorker->setText(settings.value(QStringLiteral("sshWorker")).toString());
    m_sshUpload->setChecked(settings.value(QStringLiteral("sshUpload"), true).toBool());
    m_plugins->clear();
    m_plugins->addItems(settings.value(QStringLiteral("plugins")).toStringList());
    settings.endGroup();
}

void ConnectionPanel::save() const
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("connections"));
    settings.setValue(QStringLiteral("meterKind"), m_meterKind->currentData());
    settings.setValue(QStringLiteral("tcpHost"), m_tcpHost->text());
    settings.setValue(QStringLiteral("tcpPort"), m_tcpPort->value());
    settings.setValue(QStringLiteral("serialPort"), m_serialPort->currentText());
    settings.setValue(QStringLiteral("serialBaud"), m_serialBaud->currentData());
    settings.setValue(QStringLiteral("simProfile"), m_simProfile->text());
    settings.setValue(QStringLiteral("element"), m_element->value());
    // Where and as whom; never a password or passphrase.
    settings.setValue(QStringLiteral("dutKind"), m_dutKind->currentData());
    settings.setValue(QStringLiteral("sshHost"), m_sshHost->text().trimmed());
    settings.setValue(QStringLiteral("sshUser"), m_sshUser->text().trimmed());
    settings.setValue(QStringLiteral("sshPort"), m_sshPort->value());
    settings.setValue(QStringLiteral("sshKey"), m_sshKey->text().trimmed());
    settings.setValue(QStringLiteral("sshPassword"), m_sshPassword->isChecked());
    settings.setValue(QStringLiteral("sshWorker"), m_sshWorker->text().trimmed());
    settings.setValue(QStringLiteral("sshUpload"), m_sshUpload->isChecked());
    settings.setValue(QStringLiteral("plugins"), plugins());
    settings.endGroup();
}

} // namespace cipherwatt::gui
