#pragma once

// The Connections part of the Measure page: the power meter (MeterForm) and the device under
// test (DutForm) one above the other, saved together in the settings group "connections". Both
// forms are made from the kinds' resource declarations, so this panel knows no transport.

#include <cipherwatt/core/dut_kinds.h>
#include <cipherwatt/core/plan.h>

#include <QWidget>

#include <vector>

namespace cipherwatt::instruments {
struct Identity;
}

namespace cipherwatt::gui {

class DutForm;
class MeterForm;

class ConnectionPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ConnectionPanel(QWidget *parent = nullptr);

    MeterForm *meterForm() const { return m_meter; }
    DutForm *dutForm() const { return m_dut; }

    // The meter resource string (DESIGN.md) and the DUT's element.
    QString meterResource() const;
    int dutElement() const;
    // `local`, `ssh://user@host:port`, ... and the DUT kind's options (key file, ...).
    QString dutResource() const;
    core::ResourceValues dutOptions() const;
    // What the runner needs to make the DUT's link: the local worker with the plugins, the SSH
    // options with the questions answered by this window's dialogs.
    core::DutContext dutContext() const;
    void setLocalWorker(const core::LocalWorkerOptions &options);
    void setSshBase(const core::SshOptions &options);
    QStringList plugins() const;
    void setPlugins(const QStringList &files);

    // Why the connection settings cannot work (translated), or empty.
    QString meterProblem() const;
    QString dutProblem() const;

    void restore(); // from QSettings
    void save() const;

    // Looks up the DUT's catalogue: at once for the local DUT, after Check for a remote one.
    void loadCatalogue();

signals:
    void catalogueChanged(const std::vector<cipherwatt::core::CatalogueEntry> &catalogue);
    void meterProbed(const cipherwatt::instruments::Identity &identity);
    // The meter or the DUT as entered changed.
    void changed();

private:
    MeterForm *m_meter = nullptr;
    DutForm *m_dut = nullptr;
};

} // namespace cipherwatt::gui
