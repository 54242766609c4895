#pragma once

// The Session part of the Measure page: label, operator, notes and tags; the plan (ciphers
// from the DUT's catalogue, grouped by family, with the backends the DUT has); buffer sizes
// with the papers' presets; repeats; run length; baseline (with the paper's 600 s); settle and
// post-baseline pauses; governor and CPU pinning. validate() shows the reason next to each field
// that cannot work.

#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/session.h>

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QRadioButton;
class QSpinBox;
class QTreeWidget;
class QTreeWidgetItem;

namespace cipherwatt::gui {

class SetupPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SetupPanel(QWidget *parent = nullptr);

    void setCatalogue(const std::vector<core::CatalogueEntry> &catalogue);

    // The settings as entered (meter and DUT are the connection panel's).
    core::SessionSettings settings() const;
    // The plan spec built from the checked ciphers and backends, e.g.
    // "aes-128-xts/openssl:encrypt+decrypt,lea-128-xts/custom:encrypt+decrypt".
    QString planSpec() const;
    // Shows the reason next to every field that cannot work; true when all can.
    bool validate();

    // Checks the given (cipher, backend) pairs in the plan tree (tests, restoring settings).
    void checkPlan(const QStringList &cipherSlashBackend);
    void setLabel(const QString &label);
    void setBaselineSeconds(double seconds);
    void setRunSeconds(double seconds, int minUpdates);

    void restore(); // from QSettings
    void save() const;

signals:
    void changed();

private:
    QLabel *addError(QWidget *parent);
    // The external program lines as plan entries (`cmd:…`); `problem` names the first bad one.
    QStringList commandEntries(QString *problem) const;
    std::vector<std::size_t> bufferSizes(QString *problem) const;

    std::vector<core::CatalogueEntry> m_catalogue;
    QStringList m_pendingChecks; // from the settings, until the catalogue arrives

    QLineEdit *m_label = nullptr;
    QLabel *m_labelError = nullptr;
    QLineEdit *m_operator = nullptr;
    QLineEdit *m_tags = nullptr;
    QPlainTextEdit *m_notes = nullptr;

    QTreeWidget *m_plan = nullptr;
    QCheckBox *m_encrypt = nullptr;
    QCheckBox *m_decrypt = nullptr;
    QCheckBox *m_keyOps = nullptr;
    QPlainTextEdit *m_commands = nullptr; // external programs, one `label[:bytes]=command` a line
    QLabel *m_commandsError = nullptr;
    QLabel *m_planError = nullptr;

    QLineEdit *m_buffers = nullptr;
    QLabel *m_buffersError = nullptr;
    QSpinBox *m_repeats = nullptr;
    QRadioButton *m_lengthAuto = nullptr;
    QRadioButton *m_lengthIterations = nullptr;
    QRadioButton *m_lengthSeconds = nullptr;
    QSpinBox *m_minUpdates = nullptr;
    QSpinBox *m_iterations = nullptr;
    QDoubleSpinBox *m_seconds = nullptr;

    QDoubleSpinBox *m_baseline = nullptr;
    QCheckBox *m_paperMethod = nullptr;
    QDoubleSpinBox *m_settle = nullptr;
    QDoubleSpinBox *m_postBaseline = nullptr;

    QCheckBox *m_pinGovernor = nullptr;
    QCheckBox *m_fixFrequency = nullptr;
    QCheckBox *m_noTurbo = nullptr;
    QComboBox *m_cpu = nullptr;
};

} // namespace cipherwatt::gui
