#include "measure/connection_panel.h"

#include "measure/dut_form.h"
#include "measure/meter_form.h"

#include <QSettings>
#include <QVBoxLayout>

namespace cipherwatt::gui {

namespace {

const QString kGroup = QStringLiteral("connections");

} // namespace

ConnectionPanel::ConnectionPanel(QWidget *parent)
    : QWidget(parent)
    , m_meter(new MeterForm(this))
    , m_dut(new DutForm(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_meter);
    layout->addWidget(m_dut);
    connect(m_meter, &MeterForm::probed, this, &ConnectionPanel::meterProbed);
    connect(m_dut, &DutForm::catalogueChanged, this, &ConnectionPanel::catalogueChanged);
    connect(m_meter, &MeterForm::changed, this, &ConnectionPanel::changed);
    connect(m_dut, &DutForm::changed, this, &ConnectionPanel::changed);
}

QString ConnectionPanel::meterResource() const
{
    return m_meter->resource();
}

int ConnectionPanel::dutElement() const
{
    return m_meter->element();
}

QString ConnectionPanel::dutResource() const
{
    return m_dut->resource();
}

core::ResourceValues ConnectionPanel::dutOptions() const
{
    return m_dut->options();
}

core::DutContext ConnectionPanel::dutContext() const
{
    return m_dut->context();
}

void ConnectionPanel::setLocalWorker(const core::LocalWorkerOptions &options)
{
    m_dut->setLocalWorker(options);
}

void ConnectionPanel::setSshBase(const core::SshOptions &options)
{
    m_dut->setSshBase(options);
}

QStringList ConnectionPanel::plugins() const
{
    return m_dut->plugins();
}

void ConnectionPanel::setPlugins(const QStringList &files)
{
    m_dut->setPlugins(files);
}

QString ConnectionPanel::meterProblem() const
{
    return m_meter->problem();
}

QString ConnectionPanel::dutProblem() const
{
    return m_dut->problem();
}

void ConnectionPanel::restore()
{
    QSettings settings;
    settings.beginGroup(kGroup);
    m_meter->restore(settings);
    m_dut->restore(settings);
    settings.endGroup();
}

void ConnectionPanel::save() const
{
    QSettings settings;
    settings.beginGroup(kGroup);
    m_meter->save(settings);
    m_dut->save(settings);
    settings.endGroup();
}

void ConnectionPanel::loadCatalogue()
{
    m_dut->loadCatalogue();
}

} // namespace cipherwatt::gui
