#pragma once

// The Connections part of the Measure page: which meter (USB, TCP, serial or the simulator)
// and which DUT (this machine or an SSH host), with Probe and Check buttons that show what is
// really there. Probing and checking run off the GUI thread (the meter's acquisition thread,
// the DUT's worker thread).

#include <cipherwatt/core/dut.h>
#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/ssh.h>
#include <cipherwatt/instruments/meter.h>

#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
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
    // The local worker's options, for the runner and for Check (with the plugins).
    core::LocalWorkerOptions localWorker() const;
    void setLocalWorker(const core::LocalWorkerOptions &options) { m_localWorker = options; }
    // The operator's cipher plugins (local files), loaded by the worker; setting them reads the
    // local DUT's catalogue again.
    QStringList plugins() const;
    void setPlugins(const QStringList &files);
    // What an SSH DUT's options start from before the form fills in host, user, port, key,
    // password, worker and upload: known_hosts files, the remote cache, extra serve arguments.
    void setSshBase(const core::SshOptions &options) { m_sshBase = options; }
    // The SSH link's options from the form, with the host key, secret and upload questions
    // asked in dialogs of this panel (from the DUT's thread, which waits for the answer).
    core::SshOptions sshOptions() const;
    // The link for the session runner: empty for this computer (the runner's local worker).
    core::Dut::LinkFactory linkFactory() const;

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
    void updateDutPage();
    // The front end of an SSH connection; called in the GUI thread.
    bool askHostKey(const core::HostKeyInfo &info);
    std::optional<QString> askSecret(const QString &prompt, bool echo);
    bool askUpload(const QString &why);

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

    core::SshOptions m_sshBase;
    QComboBox *m_dutKind = nullptr;
    QWidget *m_sshPage = nullptr;
    QLineEdit *m_sshHost = nullptr;
    QLineEdit *m_sshUser = nullptr;
    QSpinBox *m_sshPort = nullptr;
    QLineEdit *m_sshKey = nullptr;
    QCheckBox *m_sshPassword = nullptr;
    QLineEdit *m_sshWorker = nullptr;
    QCheckBox *m_sshUpload = nullptr;
    QListWidget *m_plugins = nullptr;
    QPushButton *m_check = nullptr;
    QLabel *m_dutInfo = nullptr;
    QLabel *m_dutError = nullptr;
    QPointer<core::Dut> m_checking;
};

} // namespace cipherwatt::gui
