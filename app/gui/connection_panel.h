#pragma once

// The Connections part of the Measure page: which meter (USB, TCP, serial or the simulator)
// and which DUT (this machine or an SSH host), with Probe and Check buttons that show what is
// really there. Probing and checking run off the GUI thread (the meter's acquisition thread,
// the DUT's worker thread).

#include <cipherwatt/core/dut.h>
#include <cipherwatt/core/plan.h>
#include <cipherwatt/instruments/meter.h>

#include <QPointer>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace cipherwatt::instruments {
class MeterAcquisition;
}

namespace cipherwatt::gui {

class ConnectionPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ConnectionPanel(QWidget *parent = nullptr);
    ~ConnectionPanel() override;

    // The meter resource string (DESIGN.md) and the DUT's element.
    QString meterResource() const;
    int dutElement() const;
    // `local` or `ssh://user@host:port`.
    QString dutResource() const;
    // The local worker's options, for the runner and for Check.
    core::LocalWorkerOptions localWorker() const;
    void setLocalWorker(const core::LocalWorkerOptions &options) { m_localWorker = options; }

    // Why the connection settings cannot work, or empty.
    QString meterProblem() const;
    QString dutProblem() const;

    void restore(); // from QSettings
    void save() const;

    // Looks up the DUT's catalogue (the ciphers and backends it has): at once for the local
    // DUT, after Check for a remote one.
    void loadCatalogue();

signals:
    void catalogueChanged(const std::vector<core::CatalogueEntry> &catalogue);
    void meterProbed(const instruments::Identity &identity);
    void message(const QString &text);

private:
    void buildMeter(QWidget *box);
    void buildDut(QWidget *box);
    void refreshUsb();
    void refreshSerial();
    void probe();
    void stopProbe();
    void check();
    void showProbeValues(const instruments::Sample &sample);

    core::LocalWorkerOptions m_localWorker;

    QComboBox *m_meterKind = nullptr;
    QStackedWidget *m_meterPages = nullptr;
    QComboBox *m_usbDevices = nullptr;
    QLineEdit *m_tcpHost = nullptr;
    QSpinBox *m_tcpPort = nullptr;
    QComboBox *m_serialPort = nullptr;
    QComboBox *m_serialBaud = nullptr;
    QLineEdit *m_simProfile = nullptr;
    QSpinBox *m_element = nullptr;
    QPushButton *m_probe = nullptr;
    QLabel *m_meterInfo = nullptr;
    QLabel *m_meterValues = nullptr;
    QLabel *m_meterError = nullptr;
    QPointer<instruments::MeterAcquisition> m_probing;
    std::vector<QString> m_probeItems;
    int m_probeSamples = 0;

    QComboBox *m_dutKind = nullptr;
    QPushButton *m_check = nullptr;
    QLabel *m_dutInfo = nullptr;
    QLabel *m_dutError = nullptr;
    QPointer<core::Dut> m_checking;
};

} // namespace cipherwatt::gui
