#pragma once

// The Device Under Test part of the connections: which DUT (a form made from the DUT kinds'
// declarations: this computer, an SSH host, ...), the operator's cipher plugins, and Check,
// which starts the DUT's worker off the GUI thread and shows its CPU, kernel, governor, version
// and self-test. The DUT's catalogue (ciphers and backends) is read at once for this computer,
// by Check for a remote DUT.

#include <cipherwatt/core/dut.h>
#include <cipherwatt/core/dut_kinds.h>
#include <cipherwatt/core/plan.h>

#include <QGroupBox>
#include <QPointer>

class QLabel;
class QListWidget;
class QLayout;
class QPushButton;
class QSettings;

namespace cipherwatt::gui {

class ResourceForm;
class SshPrompts;

class DutForm : public QGroupBox
{
    Q_OBJECT

public:
    explicit DutForm(QWidget *parent = nullptr);
    ~DutForm() override;

    QString resource() const;             // `local`, `ssh://user@host:port`, ...
    core::ResourceValues options() const; // the kind's options (key file, ...)
    QString problem() const;              // why it cannot work, or empty
    bool isLocal() const;

    // The local worker's options with the plugins; what SSH links start from, with the
    // questions answered by this window's dialogs.
    core::LocalWorkerOptions localWorker() const;
    void setLocalWorker(const core::LocalWorkerOptions &options) { m_localWorker = options; }
    core::SshOptions sshOptions() const;
    void setSshBase(const core::SshOptions &options) { m_sshBase = options; }
    // What the runner needs to make the link (dut_kinds.h).
    core::DutContext context() const;

    QStringList plugins() const;
    void setPlugins(const QStringList &files);

    void restore(const QSettings &settings);
    void save(QSettings &settings) const;

    // Looks up the DUT's catalogue: at once for the local DUT, after Check for a remote one.
    void loadCatalogue();

signals:
    void catalogueChanged(const std::vector<cipherwatt::core::CatalogueEntry> &catalogue);
    void changed();

private:
    void check();
    void kindChanged();

    core::LocalWorkerOptions m_localWorker;
    core::SshOptions m_sshBase;
    ResourceForm *m_form = nullptr;
    SshPrompts *m_prompts = nullptr;
    QListWidget *m_plugins = nullptr;
    QLayout *m_pluginRow = nullptr; // the plugins, hidden for a microcontroller DUT
    QPushButton *m_check = nullptr;
    QLabel *m_info = nullptr;
    QLabel *m_error = nullptr;
    QPointer<core::Dut> m_checking;
};

} // namespace cipherwatt::gui
