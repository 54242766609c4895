#pragma once

// The Power Meter part of the connections: which meter (a form made from the meter's resource
// declarations: USB, TCP, serial port, the simulator; and the DUT's own power sources, a RAPL
// zone, its battery or a hwmon input, when there is no WT300), the element that powers the DUT, and
// Probe, which connects off the GUI thread and shows the meter's identity and live values: in
// small text here, and (monitorStarted/monitorSample) in the live view's tiles and plot, until
// Stop or until a session needs the meter. Nothing it reads is stored. Below, the meter's
// set-up for sessions (issue 17): the measurement mode, fixed ranges or auto-range (refused by
// a session unless allowed, then every result is flagged), and the range advisor that fixes
// the ranges from the pilot runs; remembered with the connection.

#include <cipherwatt/core/records.h>
#include <cipherwatt/core/session.h>
#include <cipherwatt/instruments/meter.h>

#include <QGroupBox>
#include <QPointer>

#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QSettings;
class QSpinBox;

namespace cipherwatt::instruments {
class MeterAcquisition;
}

namespace cipherwatt::gui {

class ResourceForm;

class MeterForm : public QGroupBox
{
    Q_OBJECT

public:
    explicit MeterForm(QWidget *parent = nullptr);
    ~MeterForm() override;

    QString resource() const; // the meter resource string (DESIGN.md)
    int element() const;      // the element that powers the DUT
    QString problem() const;  // why it cannot work, or empty
    // The meter is a power source on the DUT (rapl:, battery, hwmon:), read by its worker.
    bool isDutSource() const;
    // The meter's set-up as chosen: mode, ranges, auto-range allowed, auto-fix.
    void applyTo(core::SessionSettings &settings) const;

    void restore(const QSettings &settings);
    void save(QSettings &settings) const;

    bool isProbing() const;
    // Ends Probe; monitorStopped() follows once the meter is closed.
    void stopProbe();

signals:
    void probed(const cipherwatt::instruments::Identity &identity);
    void changed();
    // Probe streams: the meter as configured, each update, and the end.
    void monitorStarted(const cipherwatt::core::MeterSetup &meter);
    void monitorSample(const cipherwatt::instruments::Sample &sample);
    void monitorStopped();

private:
    void probe();
    void showValues(const instruments::Sample &sample);
    void addRangeControls(QFormLayout *form);
    // The WT300's rows (element, mode, ranges) enabled only for a WT300 or the simulator.
    void showKindRows();
    // The range lists: every range of the family, or the probed model's.
    void fillRanges(const std::vector<double> &volts, const std::vector<double> &amps);

    QFormLayout *m_layout = nullptr;
    ResourceForm *m_form = nullptr;
    QSpinBox *m_element = nullptr;
    QComboBox *m_mode = nullptr;
    QComboBox *m_voltageRange = nullptr;
    QComboBox *m_currentRange = nullptr;
    QCheckBox *m_allowAutoRange = nullptr;
    QCheckBox *m_rangesAutoFix = nullptr;
    QPushButton *m_probe = nullptr;
    QLabel *m_info = nullptr;
    QLabel *m_values = nullptr;
    QLabel *m_error = nullptr;
    QPointer<instruments::MeterAcquisition> m_probing;
    std::vector<QString> m_items;
    core::MeterSetup m_monitor; // what monitorStarted() said
    bool m_sourceHint = false;  // m_info shows how a power source on the DUT is read
};

// A label that takes no room while it has nothing to say, and the red one for errors.
void showText(QLabel *label, const QString &text);
QLabel *errorLabel(QWidget *parent);

} // namespace cipherwatt::gui
