// Opening a meter by resource string: the prefix picks the transport from a table
// (libsigrok's model), the WT300 driver identifies what answers.

#include "messages.h"
#include "transports/transports.h"

#include <cipherwatt/instruments/meter.h>
#include <cipherwatt/instruments/resource.h>
#include <cipherwatt/instruments/simulator.h>
#include <cipherwatt/instruments/usbtmc.h>
#include <cipherwatt/instruments/wt300.h>

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcMeter, "cipherwatt.instruments.meter", QtWarningMsg)

namespace cipherwatt::instruments {

QString Identity::describe() const
{
    QString text = QStringLiteral("%1 %2").arg(manufacturer, model);
    QStringList details;
    if (!serial.isEmpty())
        details << QStringLiteral("serial %1").arg(serial);
    if (!firmware.isEmpty())
        details << QStringLiteral("firmware %1").arg(firmware);
    if (!details.isEmpty())
        text += QStringLiteral(" (") + details.join(QStringLiteral(", ")) + ')';
    if (simulated)
        text += QStringLiteral(" [SIMULATED]");
    return text;
}

QString measurementModeName(MeasurementMode mode)
{
    switch (mode) {
    case MeasurementMode::Rms:
        return QStringLiteral("RMS");
    case MeasurementMode::VoltageMean:
        return QStringLiteral("VMEAN");
    case MeasurementMode::Dc:
        return QStringLiteral("DC");
    }
    return {};
}

std::optional<MeasurementMode> parseMeasurementMode(QStringView text)
{
    const QString t = text.trimmed().toString().toUpper();
    if (t == QLatin1String("RMS"))
        return MeasurementMode::Rms;
    if (t == QLatin1String("VMEAN") || t == QLatin1String("VME"))
        return MeasurementMode::VoltageMean;
    if (t == QLatin1String("DC"))
        return MeasurementMode::Dc;
    return std::nullopt;
}

PowerAccuracy powerAccuracyFor(const Capabilities &capabilities, MeasurementMode mode,
                               CrestFactor crestFactor)
{
    PowerAccuracy a =
        mode == MeasurementMode::Dc ? capabilities.powerAccuracyDc : capabilities.powerAccuracyAc;
    if (crestFactor != CrestFactor::Three && capabilities.crestFactor6DoublesRangeError) {
        a.ofRange *= 2.0;
        a.source += QStringLiteral("; range error doubled for crest factor %1")
                        .arg(crestFactorName(crestFactor));
    }
    return a;
}

QString crestFactorName(CrestFactor cf)
{
    switch (cf) {
    case CrestFactor::Three:
        return QStringLiteral("3");
    case CrestFactor::Six:
        return QStringLiteral("6");
    case CrestFactor::SixA:
        return QStringLiteral("6A");
    case CrestFactor::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QString integrationStateName(IntegrationState state)
{
    switch (state) {
    case IntegrationState::Reset:
        return QStringLiteral("reset");
    case IntegrationState::Running:
        return QStringLiteral("running");
    case IntegrationState::Stopped:
        return QStringLiteral("stopped");
    case IntegrationState::TimeUp:
        return QStringLiteral("time up");
    case IntegrationState::Error:
        return QStringLiteral("error");
    }
    return {};
}

namespace {

using Field = ResourceField;
using Kind = ResourceKind;

// The meter's resource strings: one declaration per transport, in the order forms offer them.
const std::vector<ResourceKind> &kinds()
{
    static const std::vector<ResourceKind> table{
        {"auto", Kind::Form::Word, "auto", msg::kKindAuto, msg::kKindAutoHelp, {}},
        {"usbtmc",
         Kind::Form::Colon,
         "usbtmc[:<serial>|:<bus>.<address>]",
         msg::kKindUsb,
         msg::kKindUsbHelp,
         {{"device", Field::Type::Device, true, "", msg::kFieldUsbDevice, msg::kFieldUsbDeviceHelp,
           0, 0, false, "", Field::Source::UsbtmcMeters}}},
        {"tcp",
         Kind::Form::Colon,
         "tcp:<host>:<port>",
         msg::kKindTcp,
         msg::kKindTcpHelp,
         {{"host", Field::Type::Host, false, "", msg::kFieldHostLabel, msg::kFieldTcpHostHelp},
          {"port", Field::Type::Integer, false, "5025", msg::kFieldPort, msg::kFieldTcpPortHelp, 1,
           65535}}},
        {"serial",
         Kind::Form::Colon,
         "serial:<device>[:<baud>]",
         msg::kKindSerial,
         msg::kKindSerialHelp,
         {{"device", Field::Type::Device, false, "", msg::kFieldSerialDevice,
           msg::kFieldSerialDeviceHelp, 0, 0, false, "", Field::Source::SerialPorts},
          {"baud", Field::Type::Integer, true, "9600", msg::kFieldBaud, msg::kFieldBaudHelp, 1200,
           921600}}},
        {"sim",
         Kind::Form::Colon,
         "sim[:<profile>]",
         msg::kKindSim,
         msg::kKindSimHelp,
         {{"profile", Field::Type::File, true, "", msg::kFieldProfile, msg::kFieldProfileHelp}}},
    };
    return table;
}

using Opener = Result<std::unique_ptr<Transport>> (*)(const QString &resource,
                                                      const ResourceValues &values);

Result<std::unique_ptr<Transport>> openSim(const QString &, const ResourceValues &values)
{
    SimProfile profile;
    if (const QString file = values.value(QStringLiteral("profile")); !file.isEmpty()) {
        auto loaded = SimProfile::fromFile(file);
        if (!loaded)
            return loaded.error();
        profile = *loaded;
    }
    return makeSimTransport(std::make_shared<Wt300Simulator>(profile));
}

Result<std::unique_ptr<Transport>> openTcp(const QString &, const ResourceValues &values)
{
    return makeTcpTransport(values.value(QStringLiteral("host")),
                            static_cast<quint16>(values.value(QStringLiteral("port")).toUInt()));
}

Result<std::unique_ptr<Transport>> openSerial(const QString &, const ResourceValues &values)
{
    // The meter's factory setting is 9600 baud (reference 1.3).
    return makeSerialTransport(values.value(QStringLiteral("device")),
                               values.value(QStringLiteral("baud")).toInt());
}

Result<std::unique_ptr<Transport>> openUsb(const QString &resource, const ResourceValues &)
{
    auto selector = UsbtmcSelector::parse(resource);
    if (!selector)
        return selector.error();
    return openUsbtmc(*selector);
}

// Each transport's opener, by prefix.
struct TransportRow
{
    const char *prefix;
    Opener open;
};
constexpr TransportRow kTransports[] = {
    {"sim", openSim},
    {"tcp", openTcp},
    {"serial", openSerial},
    {"usbtmc", openUsb},
};

} // namespace

std::span<const ResourceKind> meterResourceKinds()
{
    return kinds();
}

Result<std::unique_ptr<PowerMeter>> openMeter(const QString &resource, const OpenOptions &options)
{
    auto parsed = parseResource(kinds(), resource, msg::kBadMeterResource);
    if (!parsed)
        return parsed.error();
    const QString r = resource.trimmed();
    if (QLatin1String(parsed->kind->prefix) == QLatin1String("auto")) {
        // The first WT300 on USB; without one, the simulator, marked as such in its identity.
        auto devices = findUsbtmcDevices();
        if (devices && !devices->empty())
            return openMeter(devices->front().resource(), options);
        qCInfo(lcMeter) << "auto: no WT300 on USB, using the simulated meter";
        return openMeter(QStringLiteral("sim"), options);
    }
    for (const TransportRow &row : kTransports) {
        if (QLatin1String(parsed->kind->prefix) != QLatin1String(row.prefix))
            continue;
        auto transport = row.open(r, parsed->values);
        if (!transport)
            return transport.error();
        return openWt300(std::move(*transport), r, options);
    }
    return Error{ErrorCode::Unsupported, Message(msg::kUnknownKind).arg(r)};
}

} // namespace cipherwatt::instruments
