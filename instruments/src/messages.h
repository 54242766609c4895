#pragma once

// The messages of the instruments module that an operator reads (message.h), made here in
// English and translated by the window: the kinds of error, what is wrong with a resource
// string, a meter that cannot be reached, does not answer or is not a WT300, and the warnings
// of a configuration. Protocol details (USBTMC framing, SCPI replies) stay English; the window
// shows them as the detail after a translated kind of error.
//
// lupdate needs the literal context in every QT_TRANSLATE_NOOP; messageCatalogues() (message
// in message.cpp) lists the constants under the same context.

#include <cipherwatt/instruments/message.h>

#include <QtGlobal>

namespace cipherwatt::instruments::msg {

// The kinds of error (errorCodeName), and "<kind>: <message>" (Error::toString).
inline constexpr char kBadResource[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "bad resource");
inline constexpr char kNotFound[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "not found");
inline constexpr char kAccess[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "access denied");
inline constexpr char kIo[] = QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "I/O error");
inline constexpr char kTimeout[] = QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "timeout");
inline constexpr char kProtocol[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "protocol error");
inline constexpr char kInstrument[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "meter error");
inline constexpr char kUnsupported[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "unsupported");
inline constexpr char kDisconnected[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "disconnected");
inline constexpr char kCancelled[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "cancelled");
inline constexpr char kError[] = QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "error");
//: A message and its detail, e.g. "timeout: no reply from ...". Both parts are translated on
//: their own; keep the form.
inline constexpr char kWithDetail[] = QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "%1: %2");

// Resource strings (openMeter).
inline constexpr char kBadMeterResource[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "meter \"%1\": %2 (use auto, sim, sim:<profile>, usbtmc, usbtmc:<serial>, "
                      "usbtmc:<bus>.<address>, tcp:<host>:<port> or serial:<device>[:<baud>])");
inline constexpr char kTcpNeedsPort[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "tcp needs <host>:<port>");
inline constexpr char kBadPort[] = QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                                                     "the port must be a number from 1 to 65535");
inline constexpr char kBadBaud[] = QT_TRANSLATE_NOOP(
    "cipherwatt::instruments::Meter", "the baud rate must be a number from 1200 to 921600");
inline constexpr char kSerialNeedsDevice[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "serial needs a device, e.g. /dev/ttyUSB0");
inline constexpr char kNothingAfter[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "nothing after \"%1:\"");
inline constexpr char kUnknownKind[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "unknown kind \"%1\"");

// Links (TCP, serial, USBTMC, the simulator).
inline constexpr char kCannotConnect[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "cannot connect to %1: %2");
inline constexpr char kTimedOut[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "timed out");
inline constexpr char kNoReplyFrom[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "no reply from %1 within %2 ms");
inline constexpr char kConnectionLost[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "%1: connection lost (%2)");
inline constexpr char kCannotOpenSerial[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "cannot open serial port %1: %2");
inline constexpr char kNoUsbtmcMatch[] = QT_TRANSLATE_NOOP(
    "cipherwatt::instruments::Meter", "no USBTMC device matches %1; attached: %2");
inline constexpr char kCannotListUsb[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "cannot list USB devices");
inline constexpr char kSimulatedDropped[] = QT_TRANSLATE_NOOP(
    "cipherwatt::instruments::Meter", "the simulated meter dropped the connection");
inline constexpr char kSimulatedSilent[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "the simulated meter did not answer");
inline constexpr char kSimulatedLink[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "simulated %1 (in process)");

// The WT300 driver.
inline constexpr char kMeterClosed[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "the meter is closed");
inline constexpr char kNoReplyTo[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "no reply to %1 within %2 ms");
inline constexpr char kRefused[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "%1 was refused: %2");
inline constexpr char kNoSuchElement[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "element %1: the %2 has elements %3");
inline constexpr char kNoFunctions[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "no measurement functions chosen");
inline constexpr char kRateNotApplied[] = QT_TRANSLATE_NOOP(
    "cipherwatt::instruments::Meter", "the meter runs at %1 ms after being set to %2 ms");
inline constexpr char kNotIdentified[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "%1 did not identify itself: %2");
inline constexpr char kNotWt300[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "%1 is a %2 %3; CipherWatt drives %4");
inline constexpr char kIntegratorHeld[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "the meter's integrator held a value (%1); it was stopped and reset");
inline constexpr char kAutoRange[] = QT_TRANSLATE_NOOP(
    "cipherwatt::instruments::Meter",
    "auto-range is on: each range change loses the data of that update; fix the ranges for "
    "measurements");
inline constexpr char kLinkTooSlow[] = QT_TRANSLATE_NOOP(
    "cipherwatt::instruments::Meter",
    "the %1 link carries about %2 B/s but %3 items at %4 ms need about %5 B/s: updates will be "
    "missed; raise the baud rate, use FLOAT format or fewer items");
inline constexpr char kNoMeterOpen[] =
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "cannot %1: no meter is open");
inline constexpr char kStopBeforeConfiguring[] = QT_TRANSLATE_NOOP(
    "cipherwatt::instruments::Meter", "stop streaming before configuring the meter");

} // namespace cipherwatt::instruments::msg
