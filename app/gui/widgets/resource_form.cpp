#include "widgets/resource_form.h"

#include <cipherwatt/core/adb.h>
#include <cipherwatt/instruments/usbtmc.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSerialPortInfo>
#include <QSettings>
#include <QSpinBox>
#include <QtConcurrent>

namespace cipherwatt::gui {

using instruments::Message;
using instruments::ResourceField;
using instruments::ResourceKind;
using instruments::ResourceValues;

namespace {

// "remote-worker" -> "RemoteWorker"
QString camel(const char *name)
{
    QString out;
    bool upper = true;
    for (const char *c = name; *c != 0; ++c) {
        if (*c == '-' || *c == '_') {
            upper = true;
            continue;
        }
        out += upper ? QChar(QLatin1Char(*c)).toUpper() : QChar(QLatin1Char(*c));
        upper = false;
    }
    return out;
}

} // namespace

ResourceForm::ResourceForm(std::span<const ResourceKind> kinds, const QString &role,
                           QFormLayout *form)
    : QObject(form->parentWidget())
    , m_kinds(kinds)
    , m_role(role)
    , m_form(form)
{
    QWidget *parent = form->parentWidget();
    m_kind = new QComboBox(parent);
    m_kind->setObjectName(role + QStringLiteral("Kind"));
    m_form->addRow(tr("Connection:"), m_kind);
    QStringList tips;
    for (const ResourceKind &kind : kinds) {
        m_kind->addItem(Message(kind.title).translated(), QString::fromLatin1(kind.prefix));
        m_kind->setItemData(m_kind->count() - 1, Message(kind.help).translated(), Qt::ToolTipRole);
        std::vector<FieldWidget> fields;
        for (const ResourceField &field : kind.fields) {
            QWidget *w = makeField(kind, field, parent);
            QWidget *row = w;
            // A file gets a Browse button beside it, a list of devices a Rescan button.
            if (field.type == ResourceField::Type::File ||
                field.source != ResourceField::Source::None) {
                row = new QWidget(parent);
                auto *h = new QHBoxLayout(row);
                h->setContentsMargins(0, 0, 0, 0);
                w->setParent(row);
                h->addWidget(w, 1);
                if (field.type == ResourceField::Type::File) {
                    auto *browse = new QPushButton(tr("Browse…"), row);
                    browse->setToolTip(tr("Choose a file"));
                    auto *line = qobject_cast<QLineEdit *>(w);
                    connect(browse, &QPushButton::clicked, this, [parent, line] {
                        const QString file = QFileDialog::getOpenFileName(
                            parent, tr("Choose a File"),
                            line->text().isEmpty() ? QDir::homePath() : line->text());
                        if (!file.isEmpty())
                            line->setText(file);
                    });
                    h->addWidget(browse);
                } else {
                    auto *rescan = new QPushButton(tr("Rescan"), row);
                    rescan->setToolTip(tr("Look for attached devices again."));
                    connect(rescan, &QPushButton::clicked, this, &ResourceForm::refreshDevices);
                    h->addWidget(rescan);
                }
            }
            if (field.type == ResourceField::Type::Flag)
                m_form->addRow(QString(), row);
            else
                m_form->addRow(Message(field.label).translated(), row);
            fields.push_back({&field, w, row});
        }
        m_fields.push_back(std::move(fields));
        tips << QStringLiteral("<b>%1</b>: %2")
                    .arg(Message(kind.title).translated().toHtmlEscaped(),
                         Message(kind.help).translated().toHtmlEscaped());
    }
    m_kind->setToolTip(tips.join(QStringLiteral("<br>")));
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int index) {
        showKind(index);
        for (const FieldWidget &f : m_fields[static_cast<std::size_t>(index)]) {
            if (auto *box = qobject_cast<QComboBox *>(f.widget); box && box->count() == 0)
                fillDevices(box, f.field->source);
        }
        emit kindChanged(currentPrefix());
        emit changed();
    });
    showKind(0);
}

void ResourceForm::showKind(int index)
{
    for (std::size_t k = 0; k < m_fields.size(); ++k) {
        for (const FieldWidget &f : m_fields[k])
            m_form->setRowVisible(f.row, static_cast<int>(k) == index);
    }
}

QWidget *ResourceForm::makeField(const ResourceKind &kind, const ResourceField &field,
                                 QWidget *parent)
{
    const QString name = QString::fromLatin1(kind.prefix) + camel(field.name);
    const QString help = Message(field.help).translated();
    const QString fallback = QString::fromLatin1(field.defaultValue);
    QWidget *w = nullptr;
    if (field.source != ResourceField::Source::None) {
        auto *box = new QComboBox(parent);
        box->setEditable(field.source == ResourceField::Source::SerialPorts);
        connect(box, &QComboBox::currentIndexChanged, this, [this, box](int index) {
            if (index >= 0)
                box->setProperty("wanted", box->currentData());
            emit changed();
        });
        w = box;
    } else if (field.type == ResourceField::Type::Integer) {
        auto *spin = new QSpinBox(parent);
        spin->setRange(static_cast<int>(field.minimum), static_cast<int>(field.maximum));
        spin->setValue(fallback.toInt());
        connect(spin, &QSpinBox::valueChanged, this, &ResourceForm::changed);
        w = spin;
    } else if (field.type == ResourceField::Type::Flag) {
        auto *check = new QCheckBox(Message(field.label).translated(), parent);
        check->setChecked(!fallback.isEmpty());
        connect(check, &QCheckBox::toggled, this, &ResourceForm::changed);
        w = check;
    } else {
        auto *line = new QLineEdit(fallback, parent);
        if (field.optional && fallback.isEmpty())
            line->setPlaceholderText(tr("optional"));
        connect(line, &QLineEdit::textChanged, this, &ResourceForm::changed);
        w = line;
    }
    w->setObjectName(name);
    w->setToolTip(help);
    return w;
}

void ResourceForm::fillDevices(QComboBox *box, ResourceField::Source source)
{
    const QString current =
        box->currentData().isValid() ? box->currentData().toString() : box->currentText();
    box->clear();
    if (source == ResourceField::Source::UsbtmcMeters) {
        auto devices = instruments::findUsbtmcDevices();
        if (devices) {
            for (const instruments::UsbtmcDevice &d : *devices) {
                // The resource's part after "usbtmc:": the serial number, or bus.address.
                const QString value = d.resource().section(QLatin1Char(':'), 1);
                box->addItem(tr("%1 — serial %2 (bus %3, address %4)")
                                 .arg(d.product.isEmpty() ? tr("Yokogawa meter") : d.product,
                                      d.serial.isEmpty() ? tr("unknown") : d.serial)
                                 .arg(d.bus)
                                 .arg(d.address),
                             value);
            }
        }
        if (box->count() == 0)
            box->addItem(tr("No Yokogawa meter on USB"), QString());
    } else if (source == ResourceField::Source::SerialPorts) {
        for (const QSerialPortInfo &port : QSerialPortInfo::availablePorts())
            box->addItem(port.systemLocation(), port.systemLocation());
    } else if (source == ResourceField::Source::AdbDevices) {
        fillAdbDevices(box, current);
        return;
    }
    if (!current.isEmpty()) {
        const int at = box->findData(current);
        if (at >= 0)
            box->setCurrentIndex(at);
        else if (box->isEditable())
            box->setCurrentText(current);
    }
}

void ResourceForm::fillAdbDevices(QComboBox *box, const QString &current)
{
    const QString only = tr("The only device attached");
    box->addItem(only, QString());
    // adb may have to start its server first, which takes seconds: asked off the GUI thread.
    using Devices = core::Result<std::vector<core::AdbDevice>>;
    auto *watcher = new QFutureWatcher<Devices>(box);
    connect(watcher, &QFutureWatcher<Devices>::finished, box, [this, box, watcher, current, only] {
        const Devices devices = watcher->result();
        watcher->deleteLater();
        // The device chosen before (or restored from the settings), also when it is not
        // attached now: never silently another one.
        const QString wanted = box->property("wanted").toString().isEmpty()
                                   ? current
                                   : box->property("wanted").toString();
        box->clear();
        box->addItem(only, QString());
        const std::vector<core::AdbDevice> none;
        if (!devices)
            box->setToolTip(devices.error().message.translated());
        for (const core::AdbDevice &d : devices ? *devices : none) {
            QString model = d.model;
            model.replace(QLatin1Char('_'), QLatin1Char(' '));
            box->addItem(
                tr("%1 — serial %2 (%3)")
                    .arg(model.isEmpty() ? tr("Android device") : model, d.serial, d.state),
                d.serial);
        }
        if (!wanted.isEmpty() && box->findData(wanted) < 0)
            box->addItem(tr("serial %1 (not attached)").arg(wanted), wanted);
        if (const int at = box->findData(wanted); at >= 0)
            box->setCurrentIndex(at);
        emit changed();
    });
    watcher->setFuture(QtConcurrent::run([] { return core::listAdbDevices(); }));
}

void ResourceForm::refreshDevices()
{
    for (const FieldWidget &f : m_fields[static_cast<std::size_t>(m_kind->currentIndex())]) {
        if (auto *box = qobject_cast<QComboBox *>(f.widget))
            fillDevices(box, f.field->source);
    }
    emit changed();
}

const ResourceKind &ResourceForm::currentKind() const
{
    return m_kinds[static_cast<std::size_t>(std::max(0, m_kind->currentIndex()))];
}

QString ResourceForm::currentPrefix() const
{
    return m_kind->currentData().toString();
}

void ResourceForm::setCurrentPrefix(const QString &prefix)
{
    const int at = m_kind->findData(prefix);
    if (at >= 0)
        m_kind->setCurrentIndex(at);
}

QString ResourceForm::valueOf(const FieldWidget &f) const
{
    if (auto *box = qobject_cast<QComboBox *>(f.widget)) {
        if (box->isEditable())
            return box->currentText().trimmed();
        return box->currentData().toString();
    }
    if (auto *spin = qobject_cast<QSpinBox *>(f.widget))
        return QString::number(spin->value());
    if (auto *check = qobject_cast<QCheckBox *>(f.widget))
        return check->isChecked() ? QStringLiteral("1") : QString();
    if (auto *line = qobject_cast<QLineEdit *>(f.widget))
        return line->text().trimmed();
    return {};
}

void ResourceForm::setValue(const FieldWidget &f, const QString &value)
{
    if (auto *box = qobject_cast<QComboBox *>(f.widget)) {
        const int at = box->findData(value);
        if (at >= 0)
            box->setCurrentIndex(at);
        else if (box->isEditable())
            box->setCurrentText(value);
        // A list still being filled (adb's devices) picks it when it is there.
        box->setProperty("wanted", value);
    } else if (auto *spin = qobject_cast<QSpinBox *>(f.widget)) {
        spin->setValue(value.toInt());
    } else if (auto *check = qobject_cast<QCheckBox *>(f.widget)) {
        check->setChecked(!value.isEmpty());
    } else if (auto *line = qobject_cast<QLineEdit *>(f.widget)) {
        line->setText(value);
    }
}

QWidget *ResourceForm::fieldWidget(const QString &field) const
{
    return fieldWidget(currentPrefix(), field);
}

QWidget *ResourceForm::fieldWidget(const QString &prefix, const QString &field) const
{
    for (std::size_t k = 0; k < m_kinds.size(); ++k) {
        if (prefix != QLatin1String(m_kinds[k].prefix))
            continue;
        for (const FieldWidget &f : m_fields[k]) {
            if (field == QLatin1String(f.field->name))
                return f.widget;
        }
    }
    return nullptr;
}

QString ResourceForm::resource() const
{
    ResourceValues values;
    for (const FieldWidget &f : m_fields[static_cast<std::size_t>(m_kind->currentIndex())]) {
        if (!f.field->option)
            values.insert(QString::fromLatin1(f.field->name), valueOf(f));
    }
    return instruments::formatResource(currentKind(), values);
}

ResourceValues ResourceForm::options() const
{
    ResourceValues values;
    for (const FieldWidget &f : m_fields[static_cast<std::size_t>(m_kind->currentIndex())]) {
        if (f.field->option)
            values.insert(QString::fromLatin1(f.field->name), valueOf(f));
    }
    return values;
}

QString ResourceForm::problem() const
{
    for (const FieldWidget &f : m_fields[static_cast<std::size_t>(m_kind->currentIndex())]) {
        const QString value = valueOf(f);
        if (!f.field->optional && value.isEmpty())
            return tr("%1 is empty").arg(Message(f.field->label).translated().remove(u':'));
        if (f.field->type == ResourceField::Type::File && !value.isEmpty() &&
            !QFileInfo(value).isFile())
            return tr("the file %1 does not exist").arg(value);
    }
    // Only why, without the role and the list of forms the parser's message adds.
    static constexpr instruments::MessageTemplate kWhy{"gui.resource-form.why",
                                                       "cipherwatt::gui::ResourceForm", "%2"};
    auto parsed = instruments::parseResource(m_kinds, resource(), kWhy);
    return parsed ? QString() : parsed.error().message.translated();
}

void ResourceForm::restore(const QSettings &settings)
{
    for (std::size_t k = 0; k < m_kinds.size(); ++k) {
        const QString prefix = QString::fromLatin1(m_kinds[k].prefix);
        for (const FieldWidget &f : m_fields[k]) {
            const QString key = prefix + QLatin1Char('/') + QLatin1String(f.field->name);
            if (settings.contains(key))
                setValue(f, settings.value(key).toString());
        }
    }
    const QString kind = settings.value(m_role + QStringLiteral("Kind")).toString();
    if (!kind.isEmpty())
        setCurrentPrefix(kind);
}

void ResourceForm::save(QSettings &settings) const
{
    settings.setValue(m_role + QStringLiteral("Kind"), currentPrefix());
    for (std::size_t k = 0; k < m_kinds.size(); ++k) {
        const QString prefix = QString::fromLatin1(m_kinds[k].prefix);
        for (const FieldWidget &f : m_fields[k])
            settings.setValue(prefix + QLatin1Char('/') + QLatin1String(f.field->name), valueOf(f));
    }
}

} // namespace cipherwatt::gui
