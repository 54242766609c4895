#include "connection_panel.h"

#include <cipherwatt/core/translation.h>
#include <cipherwatt/instruments/acquisition.h>
#include <cipherwatt/instruments/usbtmc.h>

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSerialPortInfo>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
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

void showError(QLabel *label, const QString &text)
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
        showError(m_meterError, meterProblem());
    });

    m_element = new QSpinBox(box);
    m_element->setRange(1, 3);
    m_element->setToolTip(tr("The meter element (input) that powers the DUT. A WT332 has "
                             "elements 1 and 3."));
    form->addRow(tr("DUT element:"), m_element);

    m_probe = new QPushButton(tr("Probe"), box);
    m_probe->setToolTip(tr("Connect to the meter and show its identity and live values."));
    connect(m_probe, &QPushButton::clicked, this, [this] {
        if (m_probing)
            stopProbe();
        else
            probe();
    });
    form->addRow(QString(), m_probe);
    m_meterInfo = new QLabel(box);
    m_meterInfo->setWordWrap(true);
    m_meterInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_meterValues = new QLabel(box);
    m_meterValues->setTextFormat(Qt::RichText);
    m_meterError = errorLabel(box);
    form->addRow(m_meterInfo);
    form->addRow(m_meterValues);
    form->addRow(m_meterError);
}

void ConnectionPanel::buildDut(QWidget *box)
{
    auto *form = new QFormLayout(box);
    m_dutKind = new QComboBox(box);
    m_dutKind->addItem(tr("This computer"), QStringLiteral("local"));
    m_dutKind->setToolTip(tr("Where the ciphers run: the DUT the meter powers."));
    form->addRow(tr("DUT:"), m_dutKind);
    m_check = new QPushButton(tr("Check"), box);
    m_check->setToolTip(tr("Start the worker on the DUT and show its CPU, kernel, governor, "
                           "version and known-answer self-test."));
    connect(m_check, &QPushButton::clicked, this, &ConnectionPanel::check);
    form->addRow(QString(), m_check);
    m_dutInfo = new QLabel(box);
    m_dutInfo->setWordWrap(true);
    m_dutInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_dutError = errorLabel(box);
    form->addRow(m_dutInfo);
    form->addRow(m_dutError);
}

void ConnectionPanel::refreshUsb()
{
    m_usbDevices->clear();
    auto devices = findUsbtmcDevices();
    if (!devices) {
        showError(m_meterError, core::translatedMessage(devices.error().message));
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
    showError(m_meterError, meterProblem());
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
    return m_dutKind->currentData().toString();
}

core::LocalWorkerOptions ConnectionPanel::localWorker() const
{
    return m_localWorker;
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
    return {};
}

void ConnectionPanel::probe()
{
    if (const QString problem = meterProblem(); !problem.isEmpty()) {
        showError(m_meterError, problem);
        return;
    }
    showError(m_meterError, {});
    m_meterInfo->setText(tr("Connecting to %1…").arg(meterResource()));
    m_meterValues->clear();
    m_probeSamples = 0;
    m_probeItems.clear();
    m_probe->setText(tr("Stop"));
    auto *acquisition = new MeterAcquisition(this);
    m_probing = acquisition;
    connect(acquisition, &MeterAcquisition::opened, this,
            [this, acquisition](const Identity &identity, const Capabilities &caps) {
                QString text = tr("<b>%1 %2</b>, serial %3, firmware %4")
                                   .arg(identity.manufacturer.toHtmlEscaped(),
                                        identity.model.toHtmlEscaped(),
                                        identity.serial.toHtmlEscaped(),
                                        identity.firmware.toHtmlEscaped());
                if (identity.simulated)
                    text += QStringLiteral(" <span style=\"background:#fdecea; color:#b71c1c; "
                                           "font-weight:bold\">&nbsp;%1&nbsp;</span>")
                                .arg(tr("Simulated meter"));
                m_meterInfo->setText(text);
                emit meterProbed(identity);
                const auto &elements = caps.model.elements;
                if (std::find(elements.begin(), elements.end(), m_element->value()) ==
                    elements.end()) {
                    QStringList have;
                    for (const int e : elements)
                        have << QString::number(e);
                    showError(m_meterError, tr("The %1 has no element %2 (it has %3).")
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
                for (const QString &w : applied.warnings)
                    warnings << core::translatedMessage(w);
                if (!warnings.isEmpty())
                    showError(m_meterError, warnings.join(QLatin1Char('\n')));
                acquisition->start();
            });
    connect(acquisition, &MeterAcquisition::sampleReady, this, [this, acquisition](const Sample &s) {
        showProbeValues(s);
        if (++m_probeSamples >= kProbeUpdates)
            acquisition->close();
    });
    connect(acquisition, &MeterAcquisition::failed, this, [this, acquisition](const Error &e) {
        showError(m_meterError, core::translatedMessage(e.toString()));
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
                          valueText(s.values[k], s.states[k], k < 4 ? units[static_cast<qsizetype>(k)] : QString())
                              .toHtmlEscaped());
    m_meterValues->setText(parts.join(QStringLiteral(" &nbsp; ")));
}

void ConnectionPanel::check()
{
    if (m_checking)
        return;
    showError(m_dutError, {});
    m_dutInfo->setText(tr("Starting the worker on %1…").arg(dutResource()));
    m_check->setEnabled(false);
    const core::LocalWorkerOptions local = m_localWorker;
    auto *dut = new core::Dut([local] { return core::makeLocalWorkerLink(local); }, this);
    m_checking = dut;
    auto info = std::make_shared<QString>();
    connect(dut, &core::Dut::ready, this, [this, dut, info](const QJsonObject &hello, qint64) {
        const QJsonObject sys = hello[QStringLiteral("system")].toObject();
        QStringList governors;
        for (const QJsonValue &c : sys[QStringLiteral("governor")].toObject()[QStringLiteral("cpus")].toArray())
            governors << c.toObject()[QStringLiteral("governor")].toString();
        governors.removeDuplicates();
        *info = tr("<b>%1</b>, %n logical cores, %2<br>%3<br>governor: %4<br>worker: cipherwatt-bench %5",
                   nullptr, sys[QStringLiteral("logical_cores")].toInt())
                    .arg(sys[QStringLiteral("cpu_model")].toString().toHtmlEscaped(),
                         sys[QStringLiteral("architecture")].toString().toHtmlEscaped(),
                         sys[QStringLiteral("kernel")].toString().toHtmlEscaped(),
                         governors.isEmpty() ? tr("no cpufreq (the governor cannot be pinned here)")
                                             : governors.join(QStringLiteral(", ")).toHtmlEscaped(),
                         hello[QStringLiteral("version")].toString().toHtmlEscaped());
        m_dutInfo->setText(*info + QStringLiteral("<br>") + tr("Running the known-answer self-test…"));
        dut->send({{QStringLiteral("cmd"), QStringLiteral("list")}});
        dut->send({{QStringLiteral("cmd"), QStringLiteral("selftest")}});
    });
    connect(dut, &core::Dut::event, this, [this, dut, info](const QJsonObject &event, qint64) {
        const QString kind = event[QStringLiteral("event")].toString();
        if (kind == QLatin1String("list")) {
            emit catalogueChanged(core::parseCatalogue(event[QStringLiteral("ciphers")].toArray()));
        } else if (kind == QLatin1String("selftest")) {
            int passed = 0;
            QStringList failed;
            for (const QJsonValue &v : event[QStringLiteral("results")].toArray()) {
                const QJsonObject r = v.toObject();
                if (r[QStringLiteral("status")].toString() == QLatin1String("failed"))
                    failed << QStringLiteral("%1 (%2)").arg(r[QStringLiteral("cipher")].toString(),
                                                            r[QStringLiteral("backend")].toString());
                else if (r[QStringLiteral("status")].toString() == QLatin1String("passed"))
                    ++passed;
            }
            QString result = failed.isEmpty()
                                 ? tr("self-test: passed (%n cipher/backend pairs)", nullptr, passed)
                                 : tr("self-test: %1 FAILED").arg(failed.join(QStringLiteral(", ")));
            m_dutInfo->setText(*info + QStringLiteral("<br>") + result.toHtmlEscaped());
            dut->finish();
        } else if (kind == QLatin1String("error")) {
            showError(m_dutError, event[QStringLiteral("message")].toString());
        }
    });
    connect(dut, &core::Dut::failed, this, [this, dut](const QString &reason) {
        showError(m_dutError, core::translatedMessage(reason));
        m_dutInfo->clear();
        m_check->setEnabled(true);
        dut->deleteLater();
    });
    connect(dut, &core::Dut::finished, this, [this, dut](const QString &reason, bool clean) {
        if (!clean)
            showError(m_dutError, core::translatedMessage(reason));
        m_check->setEnabled(true);
        dut->deleteLater();
    });
    dut->start();
}

void ConnectionPanel::loadCatalogue()
{
    const QString program =
        m_localWorker.program.isEmpty() ? core::findLocalWorker() : m_localWorker.program;
    if (program.isEmpty()) {
        showError(m_dutError, tr("cipherwatt-bench was not found beside this program or on PATH."));
        return;
    }
    auto *process = new QProcess(this);
    connect(process, &QProcess::finished, this, [this, process](int code, QProcess::ExitStatus) {
        process->deleteLater();
        const QJsonDocument doc = QJsonDocument::fromJson(process->readAllStandardOutput());
        if (code != 0 || !doc.isArray()) {
            showError(m_dutError, tr("The worker did not list its ciphers: %1")
                                      .arg(QString::fromUtf8(process->readAllStandardError()).trimmed()));
            return;
        }
        emit catalogueChanged(core::parseCatalogue(doc.array()));
    });
    process->start(program, QStringList(m_localWorker.global) << QStringLiteral("list")
                                                              << QStringLiteral("--json"));
}

void ConnectionPanel::restore()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("connections"));
    m_meterKind->setCurrentIndex(
        std::max(0, m_meterKind->findData(settings.value(QStringLiteral("meterKind"), MeterAuto))));
    m_tcpHost->setText(settings.value(QStringLiteral("tcpHost"), m_tcpHost->text()).toString());
    m_tcpPort->setValue(settings.value(QStringLiteral("tcpPort"), m_tcpPort->value()).toInt());
    m_serialPort->setCurrentText(settings.value(QStringLiteral("serialPort")).toString());
    m_serialBaud->setCurrentIndex(std::max(
        0, m_serialBaud->findData(settings.value(QStringLiteral("serialBaud"), 9600))));
    m_simProfile->setText(settings.value(QStringLiteral("simProfile")).toString());
    m_element->setValue(settings.value(QStringLiteral("element"), 1).toInt());
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
    settings.endGroup();
}

} // namespace cipherwatt::gui
