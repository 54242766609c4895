#include "measure/meter_form.h"

#include "widgets/resource_form.h"

#include <cipherwatt/core/source_meter.h>
#include <cipherwatt/instruments/acquisition.h>
#include <cipherwatt/instruments/resource.h>
#include <cipherwatt/instruments/usbtmc.h>
#include <cipherwatt/instruments/wt300.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

namespace cipherwatt::gui {

using namespace instruments;

namespace {

QString valueText(double v, ValueState state, const QString &unit)
{
    switch (state) {
    case ValueState::NoData:
        return QStringLiteral("----");
    case ValueState::OverRange:
        return QStringLiteral("-OL-");
    case ValueState::Implausible:
        return QStringLiteral("-IMP-");
    case ValueState::Valid:
        break;
    }
    return QStringLiteral("%1 %2").arg(QString::number(v, 'g', 5), unit).trimmed();
}

// Every range any WT300 model has, ascending (before a probe says which model it is).
std::vector<double> familyRanges(bool current)
{
    std::vector<double> all;
    for (const Wt300Model &m : wt300Models()) {
        for (const double r : current ? m.info.currentRanges : m.info.voltageRanges) {
            if (std::find(all.begin(), all.end(), r) == all.end())
                all.push_back(r);
        }
    }
    std::sort(all.begin(), all.end());
    return all;
}

// "As set" (empty), "auto" or a value, as the combo's data and the settings keep them.
std::optional<Range> rangeOf(const QComboBox *box)
{
    const QString data = box->currentData().toString();
    if (data.isEmpty())
        return std::nullopt;
    if (data == QLatin1String("auto"))
        return Range{true, 0.0};
    return Range{false, data.toDouble()};
}

void fillRangeBox(QComboBox *box, const std::vector<double> &values, const char *unit)
{
    const QString keep = box->currentData().toString();
    box->clear();
    box->addItem(MeterForm::tr("As set on the meter"), QString());
    box->addItem(MeterForm::tr("Auto-range"), QStringLiteral("auto"));
    for (const double v : values)
        box->addItem(QStringLiteral("%1 %2").arg(v).arg(QLatin1String(unit)), QString::number(v));
    const int at = box->findData(keep);
    box->setCurrentIndex(at >= 0 ? at : 0);
}

// The meter's kinds: the WT300's transports and the simulator, then the DUT's own power sources
// (a RAPL zone, its battery, a hwmon input) as the meter when there is no WT300.
std::span<const ResourceKind> meterFormKinds()
{
    static const std::vector<ResourceKind> kinds = [] {
        std::vector<ResourceKind> all(meterResourceKinds().begin(), meterResourceKinds().end());
        all.insert(all.end(), core::sourceResourceKinds().begin(),
                   core::sourceResourceKinds().end());
        return all;
    }();
    return kinds;
}

} // namespace

QLabel *errorLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("color: #c62828;"));
    label->setVisible(false);
    return label;
}

void showText(QLabel *label, const QString &text)
{
    label->setText(text);
    label->setVisible(!text.isEmpty());
}

MeterForm::MeterForm(QWidget *parent)
    : QGroupBox(tr("Power Meter"), parent)
{
    auto *form = new QFormLayout(this);
    m_layout = form;
    m_form = new ResourceForm(meterFormKinds(), QStringLiteral("meter"), form);
    connect(m_form, &ResourceForm::changed, this, [this] {
        showText(m_error, problem());
        if (m_probe != nullptr)
            showKindRows(); // the source's name in the hint follows the fields
        emit changed();
    });

    m_element = new QSpinBox(this);
    m_element->setObjectName(QStringLiteral("dutElement"));
    m_element->setRange(1, 3);
    m_element->setToolTip(tr("The meter element (input) that powers the DUT. A WT332 has "
                             "elements 1 and 3."));
    connect(m_element, &QSpinBox::valueChanged, this, &MeterForm::changed);
    form->addRow(tr("DUT element:"), m_element);
    addRangeControls(form);

    m_probe = new QPushButton(tr("Probe"), this);
    m_probe->setObjectName(QStringLiteral("probeMeter"));
    m_probe->setToolTip(tr("Connect to the meter and show its identity and live values, here and "
                           "in the live view, until Stop or a session starts (nothing is "
                           "stored)."));
    connect(m_probe, &QPushButton::clicked, this, [this] {
        if (m_probing)
            m_probing->close();
        else
            probe();
    });
    form->addRow(QString(), m_probe);
    m_info = new QLabel(this);
    m_info->setObjectName(QStringLiteral("meterInfo"));
    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_info->setVisible(false);
    m_values = new QLabel(this);
    m_values->setTextFormat(Qt::RichText);
    m_values->setVisible(false);
    m_error = errorLabel(this);
    m_error->setObjectName(QStringLiteral("meterError"));
    form->addRow(m_info);
    form->addRow(m_values);
    form->addRow(m_error);
    connect(m_form, &ResourceForm::kindChanged, this, &MeterForm::showKindRows);
    showKindRows();
}

bool MeterForm::isDutSource() const
{
    const QString prefix = m_form->currentPrefix();
    const auto kinds = core::sourceResourceKinds();
    return std::any_of(kinds.begin(), kinds.end(),
                       [&](const ResourceKind &k) { return prefix == QLatin1String(k.prefix); });
}

void MeterForm::showKindRows()
{
    // A power source on the DUT has no element, mode or ranges, and is read by the DUT's worker
    // during a session: Probe is for a meter this program talks to.
    const bool source = isDutSource();
    // Greyed out rather than hidden: Qt 6.4's QFormLayout reads past its arrays when it lays out
    // this form with these rows hidden beside the resource form's own (seen under valgrind).
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_element, m_mode, m_voltageRange, m_currentRange,
                                          m_rangesAutoFix, m_allowAutoRange}) {
        w->setEnabled(!source);
        if (QWidget *label = m_layout->labelForField(w))
            label->setEnabled(!source);
    }
    const bool probing = isProbing();
    m_probe->setEnabled(!source || probing);
    if (source && !probing) {
        showText(m_info, tr("Read by the DUT's worker during the session, every 0.1 s (a fuel "
                            "gauge as often as it refreshes). Not a power meter: its maker "
                            "specifies no accuracy, so every interval is the statistical part "
                            "only, and every output names it. From a terminal, "
                            "<tt>cipherwatt-cli meter probe %1 --dut …</tt> reads it now.")
                             .arg(resource().toHtmlEscaped()));
        m_sourceHint = true;
    } else if (m_sourceHint && !probing) {
        showText(m_info, {}); // only the hint: a probe's identity stays until the next probe
        m_sourceHint = false;
    }
}

bool MeterForm::isProbing() const
{
    return !m_probing.isNull();
}

void MeterForm::stopProbe()
{
    if (m_probing)
        m_probing->close();
}

MeterForm::~MeterForm()
{
    if (m_probing)
        m_probing->close();
}

QString MeterForm::resource() const
{
    return m_form->resource();
}

int MeterForm::element() const
{
    return m_element->value();
}

QString MeterForm::problem() const
{
    if (isDutSource()) {
        if (const QString why = m_form->problem(); !why.isEmpty())
            return tr("Power meter: %1.").arg(why);
        if (const auto why = core::sourceResourceProblem(resource()))
            return tr("Power meter: %1.").arg(why->translated());
        return {};
    }
    // USB without a meter attached: say what to do rather than what the parser would.
    if (m_form->currentPrefix() == QLatin1String("usbtmc")) {
        const auto *devices =
            qobject_cast<QComboBox *>(m_form->fieldWidget(QStringLiteral("device")));
        if (devices != nullptr && devices->currentData().toString().isEmpty())
            return tr("No USB meter is selected: attach one and press Rescan.");
    }
    const QString why = m_form->problem();
    if (!why.isEmpty())
        return tr("Power meter: %1.").arg(why);
    const auto fixed = [](const std::optional<Range> &r) { return r && !r->automatic; };
    if (m_rangesAutoFix->isChecked() &&
        (fixed(rangeOf(m_voltageRange)) || fixed(rangeOf(m_currentRange))))
        return tr("The range advisor chooses the ranges: set them to Auto-range or As set.");
    return {};
}

void MeterForm::addRangeControls(QFormLayout *form)
{
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("meterMode"));
    m_mode->addItem(tr("RMS"), QStringLiteral("RMS"));
    m_mode->addItem(tr("Voltage mean (VMEAN)"), QStringLiteral("VMEAN"));
    m_mode->addItem(tr("DC"), QStringLiteral("DC"));
    m_mode->setToolTip(tr("The meter's measurement mode; its accuracy for DC or for 45-66 Hz "
                          "mains follows from it."));
    form->addRow(tr("Mode:"), m_mode);
    m_voltageRange = new QComboBox(this);
    m_voltageRange->setObjectName(QStringLiteral("voltageRange"));
    m_currentRange = new QComboBox(this);
    m_currentRange->setObjectName(QStringLiteral("currentRange"));
    fillRanges(familyRanges(false), familyRanges(true));
    const QString rangeTip = tr("A fixed range for the session. Auto-range makes results unfit "
                                "for publication: a session on it is refused unless allowed "
                                "below.");
    m_voltageRange->setToolTip(rangeTip);
    m_currentRange->setToolTip(rangeTip);
    form->addRow(tr("Voltage range:"), m_voltageRange);
    form->addRow(tr("Current range:"), m_currentRange);
    m_rangesAutoFix = new QCheckBox(tr("Fix the ranges with the range advisor"), this);
    m_rangesAutoFix->setObjectName(QStringLiteral("rangesAutoFix"));
    m_rangesAutoFix->setToolTip(
        tr("The pilot runs (automatic run length) show the load's peaks; the smallest ranges "
           "that hold them with headroom are fixed before the baseline."));
    form->addRow(m_rangesAutoFix);
    m_allowAutoRange =
        new QCheckBox(tr("Allow auto-range (every result flagged: not for publication)"), this);
    m_allowAutoRange->setObjectName(QStringLiteral("allowAutoRange"));
    form->addRow(m_allowAutoRange);
    for (QComboBox *box : {m_mode, m_voltageRange, m_currentRange})
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            showText(m_error, problem());
            emit changed();
        });
    for (QCheckBox *box : {m_rangesAutoFix, m_allowAutoRange})
        connect(box, &QCheckBox::toggled, this, [this] {
            showText(m_error, problem());
            emit changed();
        });
}

void MeterForm::fillRanges(const std::vector<double> &volts, const std::vector<double> &amps)
{
    fillRangeBox(m_voltageRange, volts, "V");
    fillRangeBox(m_currentRange, amps, "A");
}

void MeterForm::applyTo(core::SessionSettings &s) const
{
    if (isDutSource()) {
        s.voltageRange.reset();
        s.currentRange.reset();
        s.rangesAutoFix = false;
        s.allowAutoRange = false;
        return;
    }
    s.meterMode =
        parseMeasurementMode(m_mode->currentData().toString()).value_or(MeasurementMode::Rms);
    s.voltageRange = rangeOf(m_voltageRange);
    s.currentRange = rangeOf(m_currentRange);
    s.allowAutoRange = m_allowAutoRange->isChecked();
    s.rangesAutoFix = m_rangesAutoFix->isChecked();
}

void MeterForm::restore(const QSettings &settings)
{
    // First start: a WT300 on USB when one is attached, else the simulator, in plain sight.
    if (!settings.contains(QStringLiteral("meterKind"))) {
        const auto devices = findUsbtmcDevices();
        m_form->setCurrentPrefix(devices && !devices->empty() ? QStringLiteral("usbtmc")
                                                              : QStringLiteral("sim"));
    }
    m_form->restore(settings);
    m_element->setValue(settings.value(QStringLiteral("element"), 1).toInt());
    const auto select = [&](QComboBox *box, const char *key) {
        const int at = box->findData(settings.value(QLatin1String(key)).toString());
        box->setCurrentIndex(at >= 0 ? at : 0);
    };
    select(m_mode, "mode");
    select(m_voltageRange, "voltageRange");
    select(m_currentRange, "currentRange");
    m_allowAutoRange->setChecked(settings.value(QStringLiteral("allowAutoRange")).toBool());
    m_rangesAutoFix->setChecked(settings.value(QStringLiteral("rangesAutoFix")).toBool());
    showKindRows();
}

void MeterForm::save(QSettings &settings) const
{
    m_form->save(settings);
    settings.setValue(QStringLiteral("element"), m_element->value());
    settings.setValue(QStringLiteral("mode"), m_mode->currentData());
    settings.setValue(QStringLiteral("voltageRange"), m_voltageRange->currentData());
    settings.setValue(QStringLiteral("currentRange"), m_currentRange->currentData());
    settings.setValue(QStringLiteral("allowAutoRange"), m_allowAutoRange->isChecked());
    settings.setValue(QStringLiteral("rangesAutoFix"), m_rangesAutoFix->isChecked());
}

void MeterForm::probe()
{
    if (const QString why = problem(); !why.isEmpty()) {
        showText(m_error, why);
        return;
    }
    showText(m_error, {});
    showText(m_info, tr("Connecting to %1…").arg(resource()));
    m_sourceHint = false;
    showText(m_values, {});
    m_items.clear();
    m_monitor = {};
    m_probe->setText(tr("Stop"));
    auto *acquisition = new MeterAcquisition(this);
    m_probing = acquisition;
    connect(acquisition, &MeterAcquisition::opened, this,
            [this, acquisition](const Identity &identity, const Capabilities &caps) {
                QString text =
                    tr("<b>%1 %2</b>, serial %3, firmware %4")
                        .arg(identity.manufacturer.toHtmlEscaped(), identity.model.toHtmlEscaped(),
                             identity.serial.toHtmlEscaped(), identity.firmware.toHtmlEscaped());
                if (identity.simulated)
                    text += QStringLiteral(" <span style=\"background:#fdecea; color:#b71c1c; "
                                           "font-weight:bold\">&nbsp;%1&nbsp;</span>")
                                .arg(tr("Simulated meter"));
                showText(m_info, text);
                m_monitor.identity.manufacturer = identity.manufacturer;
                m_monitor.identity.model = identity.model;
                m_monitor.identity.serial = identity.serial;
                m_monitor.identity.firmware = identity.firmware;
                m_monitor.identity.resource = resource();
                m_monitor.identity.simulated = identity.simulated;
                m_monitor.description =
                    QStringLiteral("%1 %2").arg(identity.manufacturer, identity.model);
                emit probed(identity);
                fillRanges(caps.model.voltageRanges, caps.model.currentRanges);
                const auto &elements = caps.model.elements;
                if (std::find(elements.begin(), elements.end(), m_element->value()) ==
                    elements.end()) {
                    QStringList have;
                    for (const int e : elements)
                        have << QString::number(e);
                    showText(m_error, tr("The %1 has no element %2 (it has %3).")
                                          .arg(identity.model)
                                          .arg(m_element->value())
                                          .arg(have.join(QStringLiteral(", "))));
                    acquisition->close();
                    return;
                }
                MeterConfig config;
                config.elements = {m_element->value()};
                config.functions = {Function::U, Function::I, Function::P, Function::Lambda};
                core::SessionSettings chosen;
                applyTo(chosen);
                config.mode = chosen.meterMode;
                config.voltageRange = chosen.voltageRange;
                config.currentRange = chosen.currentRange;
                acquisition->configure(config);
            });
    connect(acquisition, &MeterAcquisition::configured, this,
            [this, acquisition](const AppliedConfig &applied) {
                for (const Item &item : applied.items) {
                    m_items.push_back(itemLabel(item));
                    m_monitor.items << itemHeader(item);
                }
                m_monitor.element = m_element->value();
                emit monitorStarted(m_monitor);
                const QStringList warnings = translatedTexts(applied.warnings);
                if (!warnings.isEmpty())
                    showText(m_error, warnings.join(QLatin1Char('\n')));
                acquisition->start();
            });
    connect(acquisition, &MeterAcquisition::sampleReady, this, [this](const Sample &s) {
        showValues(s);
        emit monitorSample(s);
    });
    connect(acquisition, &MeterAcquisition::failed, this,
            [this, acquisition](const instruments::Error &e) {
                showText(m_error, e.describe().translated());
                acquisition->close();
            });
    connect(acquisition, &MeterAcquisition::closed, this, [this, acquisition] {
        m_probe->setText(tr("Probe"));
        acquisition->deleteLater();
        m_probing.clear();
        emit monitorStopped();
    });
    acquisition->open(resource());
}

void MeterForm::showValues(const Sample &s)
{
    QStringList parts;
    static const QStringList units{QStringLiteral("V"), QStringLiteral("A"), QStringLiteral("W"),
                                   QString()};
    for (std::size_t k = 0; k < s.values.size() && k < m_items.size(); ++k)
        parts << QStringLiteral("%1&nbsp;<b>%2</b>")
                     .arg(m_items[k].toHtmlEscaped(),
                          valueText(s.values[k], s.states[k],
                                    k < 4 ? units[static_cast<qsizetype>(k)] : QString())
                              .toHtmlEscaped());
    showText(m_values, parts.join(QStringLiteral(" &nbsp; ")));
}

} // namespace cipherwatt::gui
