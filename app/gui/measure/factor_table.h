#pragma once

// An experiment's factors as a table (docs/method.md, "Experiments"): one row per factor
// `cipherwatt-cli run --vary` takes (ISA levels, CPU frequencies, governors, chunking,
// payloads), its levels typed as the command line takes them, empty when the factor is not
// varied. The row's run multiplier beside it; a row whose levels are wrong is marked and named
// in one line below the table.

#include <cipherwatt/core/session.h>

#include <QWidget>

class QLabel;
class QTableWidget;

namespace cipherwatt::gui {

class FactorTable : public QWidget
{
    Q_OBJECT

public:
    explicit FactorTable(QWidget *parent = nullptr);

    // The factors typed into `settings` (each replaced, or cleared when its row is empty). The
    // first problem goes to `problem` when given ("CPU frequencies: …"), and the factors up
    // to it are kept.
    void applyTo(core::SessionSettings &settings, QString *problem) const;
    // Shows the problem of applyTo() below the table and marks its row; false when there is one.
    bool validate();
    void show(const core::SessionSettings &settings);

    // A factor's levels as typed, by its `--vary` name ("isa", "freq", ...): for QSettings.
    QString levelsText(const QString &factor) const;
    void setLevelsText(const QString &factor, const QString &text);

signals:
    void changed();

private:
    void updateCounts();

    QTableWidget *m_table = nullptr;
    QLabel *m_error = nullptr;
};

} // namespace cipherwatt::gui
