// The DUTs `serial:<device>[:<baud>]` and `tcp:<host>:<port>`: a microcontroller running the
// CipherWatt firmware, on a serial port or behind a TCP byte stream (cipherwatt/core/mcu.h).

#include "messages_mcu.h"

#include <cipherwatt/core/dut_kinds.h>
#include <cipherwatt/core/mcu.h>

namespace cipherwatt::core {

namespace {

using Field = instruments::ResourceField;

// The link, unless the front end asked for what only the worker does (its plugins, its ISA
// level): refused rather than ignored.
Result<Dut::LinkFactory> factory(const McuLinkOptions &options, const DutContext &context)
{
    for (const QString &option : context.local.global) {
        if (option == QLatin1String("--plugin") || option == QLatin1String("--isa"))
            return Error{ErrorCode::Usage,
                         Message(msg::kMcuNoWorkerOption).arg(options.resource, option)};
    }
    return Dut::LinkFactory([options] { return makeMcuLink(options); });
}

} // namespace

DutKind serialDutKind()
{
    DutKind kind;
    kind.runsWorker = false;
    kind.resource = {"serial",
                     ResourceKind::Form::Colon,
                     "serial:<device>[:<baud>]",
                     msg::kDutKindSerial,
                     msg::kDutKindSerialHelp,
                     {{"device", Field::Type::Device, false, "", msg::kDutFieldSerialDevice,
                       msg::kDutFieldSerialDeviceHelp, 0, 0, false, "", Field::Source::SerialPorts},
                      {"baud", Field::Type::Integer, true, "115200", msg::kDutFieldBaud,
                       msg::kDutFieldBaudHelp, 1200, 4000000}}};
    kind.link = [](const ResourceValues &values,
                   const DutContext &context) -> Result<Dut::LinkFactory> {
        McuLinkOptions options;
        options.transport = McuLinkOptions::Transport::Serial;
        options.device = values.value(QStringLiteral("device"));
        options.baud = values.value(QStringLiteral("baud")).toInt();
        options.resource = QStringLiteral("serial:%1:%2").arg(options.device).arg(options.baud);
        return factory(options, context);
    };
    return kind;
}

DutKind tcpDutKind()
{
    DutKind kind;
    kind.runsWorker = false;
    kind.resource = {
        "tcp",
        ResourceKind::Form::Colon,
        "tcp:<host>:<port>",
        msg::kDutKindTcp,
        msg::kDutKindTcpHelp,
        {{"host", Field::Type::Host, false, "", msg::kDutFieldHost, msg::kDutFieldUartHostHelp},
         {"port", Field::Type::Integer, false, "", msg::kDutFieldPort, msg::kDutFieldUartPortHelp,
          1, 65535}}};
    kind.link = [](const ResourceValues &values,
                   const DutContext &context) -> Result<Dut::LinkFactory> {
        McuLinkOptions options;
        options.transport = McuLinkOptions::Transport::Tcp;
        options.host = values.value(QStringLiteral("host"));
        options.port = static_cast<quint16>(values.value(QStringLiteral("port")).toUInt());
        // An IPv6 address is written in brackets in a resource string.
        const QString host = options.host.contains(QLatin1Char(':'))
                                 ? QLatin1Char('[') + options.host + QLatin1Char(']')
                                 : options.host;
        options.resource = QStringLiteral("tcp:%1:%2").arg(host).arg(options.port);
        return factory(options, context);
    };
    return kind;
}

} // namespace cipherwatt::core
