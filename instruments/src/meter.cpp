// Opening a meter by resource string: the prefix picks the transport from a table
// (libsigrok's model), the WT300 driver identifies what answers.

#include "messages.h"
#include "transports/transports.h"

#include <cipherwatt/instruments/meter.h>
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

Error badResource(const QString &resource, const Message &why)
{
    return Error{ErrorCode::BadResource, Message(msg::kBadMeterResource).arg(resource, why)};
}

Result<std::unique_ptr<Transport>> openSim(const QString & /*resource*/, const QString &rest)
{
    SimProfile profile;
    if (!rest.isEmpty()) {
        auto loaded = SimProfile::fromFile(rest);
        if (!loaded)
            return loaded.error();
        profile = *loaded;
    }
    return makeSimTransport(std::make_shared<Wt300Simulator>(profile));
}

Result<std::unique_ptr<Transport>> openTcp(const QString &resource, const QString &rest)
{
    // tcp:<host>:<port>, with an IPv6 host in brackets: tcp:[::1]:5025
    const qsizetype colon = rest.lastIndexOf(QLatin1Char(':'));
    if (colon <= 0)
        return badResource(resource, Message(msg::kTcpNeedsPort));
    QString host = rest.left(colon);
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    bool ok = false;
    const uint port = rest.mid(colon + 1).toUInt(&ok);
    if (!ok || port == 0 || port > 65535 || host.isEmpty())
        return badResource(resource, Message(msg::kBadPort));
    return makeTcpTransport(host, static_cast<quint16>(port));
}

Result<std::unique_ptr<Transport>> openSerial(const QString &resource, const QString &rest)
{
    // serial:<device>[:<baud>]; the meter's factory setting is 9600 baud (reference 1.3).
    QString device = rest;
    qint32 baud = 9600;
    const qsizetype colon = rest.lastIndexOf(QLatin1Char(':'));
    if (colon > 0) {
        bool ok = false;
        const int b = rest.mid(colon + 1).toInt(&ok);
        if (!ok || b < 1200 || b > 921600)
            return badResource(resource, Message(msg::kBadBaud));
        baud = b;
        device = rest.left(colon);
    }
    if (device.isEmpty())
        return badResource(resource, Message(msg::kSerialNeedsDevice));
    return makeSerialTransport(device, baud);
}

Result<std::unique_ptr<Transport>> openUsb(const QString &resource, const QString &)
{
    auto selector = UsbtmcSelector::parse(resource);
    if (!selector)
        return selector.error();
    return openUsbtmc(*selector);
}

using Opener = Result<std::unique_ptr<Transport>> (*)(const QString &, const QString &);

struct TransportRow
{
    const char *prefix;
    Opener open;
};

// Transports by the prefix of the resource string.
constexpr TransportRow kTransports[] = {
    {"sim", openSim},
    {"tcp", openTcp},
    {"serial", openSerial},
    {"usbtmc", openUsb},
};

} // namespace

Result<std::unique_ptr<PowerMeter>> openMeter(const QString &resource, const OpenOptions &options)
{
    const QString r = resource.trimmed();
    if (r == QLatin1String("auto")) {
        // The first WT300 on USB; without one, the simulator, marked as such in its identity.
        auto devices = findUsbtmcDevices();
        if (devices && !devices->empty())
            return openMeter(devices->front().resource(), options);
        qCInfo(lcMeter) << "auto: no WT300 on USB, using the simulated meter";
        return openMeter(QStringLiteral("sim"), options);
    }
    const qsizetype colon = r.indexOf(QLatin1Char(':'));
    const QString prefix = colon < 0 ? r : r.left(colon);
    const QString rest = colon < 0 ? QString() : r.mid(colon + 1);
    for (const TransportRow &row : kTransports) {
        if (prefix != QLatin1String(row.prefix))
            continue;
        if (colon >= 0 && rest.isEmpty())
            return badResource(r, Message(msg::kNothingAfter).arg(prefix));
        auto transport = row.open(r, rest);
        if (!transport)
            return transport.error();
        return openWt300(std::move(*transport), r, options);
    }
    return badResource(r, Message(msg::kUnknownKind).arg(prefix));
}

} // namespace cipherwatt::instruments
