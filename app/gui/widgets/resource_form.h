#pragma once

// A form for resource strings, made from their kinds' declarations
// (cipherwatt/instruments/resource.h): a list of the kinds, and for the chosen one a row per
// field (a line, a number, a check box, a list of what is attached), its options included. The
// rows go into the caller's form layout, aligned with its own rows; those of the kinds not
// chosen are hidden. The meter and the DUT forms are this with their kinds, so a new transport
// or DUT kind gets its form without a line of GUI code.
//
// Object names, for tests and style sheets: "<role>Kind" for the list of kinds (item data: the
// kind's prefix), "<prefix><Field>" for a field ("tcpHost", "sshRemoteWorker").

#include <cipherwatt/instruments/resource.h>

#include <QObject>

#include <span>

class QComboBox;
class QFormLayout;
class QSettings;
class QWidget;

namespace cipherwatt::gui {

class ResourceForm : public QObject
{
    Q_OBJECT

public:
    // Adds its rows to `form`, whose parent widget becomes the fields' parent.
    ResourceForm(std::span<const instruments::ResourceKind> kinds, const QString &role,
                 QFormLayout *form);

    const instruments::ResourceKind &currentKind() const;
    QString currentPrefix() const;
    void setCurrentPrefix(const QString &prefix);

    // The resource string of what the form holds, and the chosen kind's options.
    QString resource() const;
    instruments::ResourceValues options() const;
    // Why the form's resource cannot work (translated), or empty.
    QString problem() const;

    // The field's widget of the current kind (for tests and special cases), or null.
    QWidget *fieldWidget(const QString &field) const;
    // The same for a field of the kind with `prefix`.
    QWidget *fieldWidget(const QString &prefix, const QString &field) const;
    // Fills the lists of attached devices again (USB meters, serial ports).
    void refreshDevices();

    // Saved under "<role>Kind" and "<prefix>/<field>" in the settings' current group.
    void restore(const QSettings &settings);
    void save(QSettings &settings) const;

signals:
    void kindChanged(const QString &prefix);
    void changed();

private:
    struct FieldWidget
    {
        const instruments::ResourceField *field = nullptr;
        QWidget *widget = nullptr;
        QWidget *row = nullptr; // the widget in the form: `widget`, or it with its buttons
    };

    QWidget *makeField(const instruments::ResourceKind &kind,
                       const instruments::ResourceField &field, QWidget *parent);
    void showKind(int index);
    QString valueOf(const FieldWidget &f) const;
    void setValue(const FieldWidget &f, const QString &value);
    void fillDevices(QComboBox *box, instruments::ResourceField::Source source);
    // The devices `adb devices -l` lists, filled in when adb has answered.
    void fillAdbDevices(QComboBox *box, const QString &current);

    std::span<const instruments::ResourceKind> m_kinds;
    QString m_role;
    QFormLayout *m_form = nullptr;
    QComboBox *m_kind = nullptr;
    std::vector<std::vector<FieldWidget>> m_fields; // by kind
};

} // namespace cipherwatt::gui
