#pragma once

// The plan of a session as the operator builds it: a filter over the DUT's ciphers (one row per
// cipher and backend the DUT has), the list of what is chosen in the order it was chosen (each
// removable), the operations, presets (each paper's cipher set), and external programs. The
// plan spec it makes is DESIGN.md's: "aes-128-xts/openssl:encrypt+decrypt,chacha20/botan:…".

#include <cipherwatt/core/plan.h>

#include <QGroupBox>
#include <QStringList>

#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace cipherwatt::gui {

class PlanBuilder : public QGroupBox
{
    Q_OBJECT

public:
    explicit PlanBuilder(QWidget *parent = nullptr);

    void setCatalogue(const std::vector<core::CatalogueEntry> &catalogue);
    const std::vector<core::CatalogueEntry> &catalogue() const { return m_catalogue; }

    // The plan spec of the chosen ciphers (in the order chosen) and programs.
    QString planSpec() const;
    // The chosen (cipher, backend) pairs as "cipher/backend", in order.
    QStringList chosen() const { return m_chosen; }
    // Chooses exactly these pairs (kept until the catalogue arrives when it has not yet).
    void checkPlan(const QStringList &cipherSlashBackend);
    // Shows a stored plan spec: its pairs, operations and programs.
    void showPlan(const QString &spec);
    void setFilter(const QString &text);
    // The rows the filter leaves (tests): "cipher/backend".
    QStringList shownPairs() const;

    // A preset's pairs on this DUT: for each of its ciphers the DUT has, the preferred backend
    // (OpenSSL, then Botan, then CipherWatt's own, then any other).
    struct Preset
    {
        const char *name;
        QStringList ciphers;
    };
    static const std::vector<Preset> &presets();
    QStringList presetPairs(const Preset &preset) const;
    void applyPreset(const Preset &preset);

    // The external program lines as plan entries (`cmd:…`); `problem` names the first bad one.
    QStringList commandEntries(QString *problem) const;
    // Why the plan cannot work (translated), or empty; shown under the plan.
    QString problem() const;
    void showProblem(const QString &text);

    QString commandsText() const;
    void setCommandsText(const QString &text);
    void setCommandsProblem(const QString &text);

signals:
    void changed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuildAvailable();
    void rebuildChosen();
    void applyFilter();
    void itemChanged(QTreeWidgetItem *item);
    void removeSelected();

    std::vector<core::CatalogueEntry> m_catalogue;
    QStringList m_chosen; // "cipher/backend", in the order chosen

    QLineEdit *m_filter = nullptr;
    QPushButton *m_presets = nullptr;
    QTreeWidget *m_available = nullptr;
    QListWidget *m_chosenList = nullptr;
    QLabel *m_chosenTitle = nullptr;
    QPushButton *m_remove = nullptr;
    QCheckBox *m_encrypt = nullptr;
    QCheckBox *m_decrypt = nullptr;
    QCheckBox *m_keyOps = nullptr;
    QPlainTextEdit *m_commands = nullptr;
    QLabel *m_commandsError = nullptr;
    QLabel *m_planError = nullptr;
};

} // namespace cipherwatt::gui
