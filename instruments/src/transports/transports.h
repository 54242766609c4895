#pragma once

// Internal: the stream transports (TCP, serial, the in-process simulator). USBTMC has its own
// public header (usbtmc.h) because its tests drive it directly.

#include <cipherwatt/instruments/transport.h>

#include <QString>

#include <memory>

namespace cipherwatt::instruments {

class Wt300Simulator;

// SCPI over a raw TCP socket, LF-terminated (the simulator, LAN-to-GPIB/serial gateways).
std::unique_ptr<Transport> makeTcpTransport(const QString &host, quint16 port);

// SCPI over RS-232 with QSerialPort: 8N1, no handshaking, CR+LF terminator (reference 1.3).
std::unique_ptr<Transport> makeSerialTransport(const QString &device, qint32 baud);

// The simulated meter in this process.
std::unique_ptr<Transport> makeSimTransport(std::shared_ptr<Wt300Simulator> simulator);

} // namespace cipherwatt::instruments
