#pragma once

// The Session part of the Measure page: label, operator, notes and tags (a label another
// session already has is pointed out); the plan (PlanBuilder); buffer sizes with the papers'
// presets; repeats; run length; baseline (with the paper's 600 s); settle and post-baseline
// pauses; governor and CPU pinning. validate() shows the reason next to each field that cannot
// work. A stored session's set-up is shown read-only (showStored), and "Reuse This Set-up"
// copies it into a new session.

#include <cipherwatt/core/plan.h>
#include <cipherwatt/core/session.h>

#include <QWidget>

#include <functional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QRadioButton;
class QSpinBox;
class QFrame;
class QPushButton;

namespace cipherwatt::gui {

class FactorTable;
class PlanBuilder;

class SetupPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SetupPanel(QWidget *parent = nullptr);

    void setCatalogue(const std::vector<core::CatalogueEntry> &catalogue);
    const std::vector<core::CatalogueEntry> &catalogue() const;
    PlanBuilder *planBuilder() const { return m_plan; }

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
    // Everything of a set-up on the form (the meter and DUT are the connection panel's).
    void setSettings(const core::SessionSettings &settings);

    // The sessions that already have a label: a label used again is pointed out (not refused).
    void setLabelLookup(std::function<QList<qint64>(const QString &)> lookup);
    QString labelWarning() const;

    // A stored session's set-up, read-only, until Reuse This Set-up or New Session.
    void showStored(qint64 id, const core::SessionSettings &settings);
    bool isShowingStored() const { return m_storedId > 0; }
    // Editable again: with the stored set-up (reuse) or with what was on the form before.
    void reuseStored();
    void leaveStored();

    void restore(); // from QSettings
    void save() const;

signals:
    void changed();
    // The form left a stored session's set-up (Reuse or New Session).
    void storedLeft();

private:
    QLabel *addError(QWidget *parent);
    QWidget *buildStoredBanner();
    std::vector<std::size_t> bufferSizes(QString *problem) const;
    // The factor table's levels into `s`; a problem (a wrong level, or levels the governor
    // settings cannot pin) goes to `problem` when given.
    void applyFactors(core::SessionSettings &s, QString *problem) const;
    void updateLabelWarning();
    QStringList sourceList() const; // the power sources field, split
    void setEditable(bool editable);

    std::function<QList<qint64>(const QString &)> m_labelLookup;
    qint64 m_storedId = 0;
    core::SessionSettings m_beforeStored; // the form as it was before a stored set-up
    core::SessionSettings m_stored;

    QFrame *m_storedBanner = nullptr;
    QLabel *m_storedText = nullptr;
    QList<QWidget *> m_editable; // what a stored set-up disables
    QLineEdit *m_label = nullptr;
    QLabel *m_labelError = nullptr;
    QLabel *m_labelWarning = nullptr;
    QLineEdit *m_operator = nullptr;
    QLineEdit *m_tags = nullptr;
    QPlainTextEdit *m_notes = nullptr;

    PlanBuilder *m_plan = nullptr;

    QLineEdit *m_buffers = nullptr;
    QLabel *m_buffersError = nullptr;
    QSpinBox *m_repeats = nullptr;
    QComboBox *m_runOrder = nullptr;
    FactorTable *m_factors = nullptr;
    QLabel *m_factorsError = nullptr; // levels the governor settings cannot pin
    QCheckBox *m_padWithZeros = nullptr;
    std::optional<std::uint64_t> m_runOrderSeed; // from a stored session set up again
    QRadioButton *m_lengthAuto = nullptr;
    QRadioButton *m_lengthIterations = nullptr;
    QRadioButton *m_lengthSeconds = nullptr;
    QSpinBox *m_minUpdates = nullptr;
    QSpinBox *m_iterations = nullptr;
    QDoubleSpinBox *m_seconds = nullptr;

    QDoubleSpinBox *m_baseline = nullptr;
    QCheckBox *m_paperMethod = nullptr;
    QDoubleSpinBox *m_settle = nullptr;
    QDoubleSpinBox *m_idleBetween = nullptr;
    QCheckBox *m_conservative = nullptr;
    QDoubleSpinBox *m_postBaseline = nullptr;
    QCheckBox *m_waitForQuiet = nullptr;
    QCheckBox *m_waitForStable = nullptr;
    QCheckBox *m_settleIsIdle = nullptr;

    QCheckBox *m_pinGovernor = nullptr;
    QCheckBox *m_fixFrequency = nullptr;
    QCheckBox *m_noTurbo = nullptr;
    QComboBox *m_cpu = nullptr;
    QLineEdit *m_sources = nullptr; // secondary power sources on the DUT
    QLabel *m_sourcesError = nullptr;
    QLineEdit *m_cyclesModel = nullptr; // the fourth paper's model's constants
    QLabel *m_cyclesModelError = nullptr;
};

} // namespace cipherwatt::gui
