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
inline constexpr MessageTemplate kBadResource{
    "instruments.error.bad-resource", "cipherwatt::instruments::Error",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "bad resource")};
inline constexpr MessageTemplate kNotFound{
    "instruments.error.not-found", "cipherwatt::instruments::Error",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "not found")};
inline constexpr MessageTemplate kAccess{
    "instruments.error.access", "cipherwatt::instruments::Error",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "access denied")};
inline constexpr MessageTemplate kIo{
    "instruments.error.io", "cipherwatt::instruments::Error",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "I/O error")};
inline constexpr MessageTemplate kTimeout{
    "instruments.error.timeout", "cipherwatt::instruments::Error",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "timeout")};
inline constexpr MessageTemplate kProtocol{
    "instruments.error.protocol", "cipherwatt::instruments::Error",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "protocol error")};
inline constexpr MessageTemplate kInstrument{
    "instruments.error.instrument", "cipherwatt::instruments::Error",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "meter error")};
inline constexpr MessageTemplate kUnsupported{
    "instruments.error.unsupported", "cipherwatt::instruments::Error",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "unsupported")};
inline constexpr MessageTemplate kDisconnected{
    "instruments.error.disconnected", "cipherwatt::instruments::Error",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "disconnected")};
inline constexpr MessageTemplate kCancelled{
    "instruments.error.cancelled", "cipherwatt::instruments::Error",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "cancelled")};
inline constexpr MessageTemplate kError{
    "instruments.error.error", "cipherwatt::instruments::Error",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "error")};
//: A message and its detail, e.g. "timeout: no reply from ...". Both parts are translated on
//: their own; keep the form.
inline constexpr MessageTemplate kWithDetail{
    "instruments.error.with-detail", "cipherwatt::instruments::Error",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Error", "%1: %2")};

// Resource strings (openMeter).
inline constexpr MessageTemplate kBadMeterResource{
    "instruments.meter.bad-meter-resource", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "meter \"%1\": %2 (use auto, sim, sim:<profile>, usbtmc, usbtmc:<serial>, "
                      "usbtmc:<bus>.<address>, tcp:<host>:<port> or serial:<device>[:<baud>])")};
inline constexpr MessageTemplate kTcpNeedsPort{
    "instruments.meter.tcp-needs-port", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "tcp needs <host>:<port>")};
inline constexpr MessageTemplate kBadPort{
    "instruments.meter.bad-port", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "the port must be a number from 1 to 65535")};
inline constexpr MessageTemplate kBadBaud{
    "instruments.meter.bad-baud", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "the baud rate must be a number from 1200 to 921600")};
inline constexpr MessageTemplate kSerialNeedsDevice{
    "instruments.meter.serial-needs-device", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "serial needs a device, e.g. /dev/ttyUSB0")};
inline constexpr MessageTemplate kNothingAfter{
    "instruments.meter.nothing-after", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "nothing after \"%1:\"")};
inline constexpr MessageTemplate kUnknownKind{
    "instruments.meter.unknown-kind", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "unknown kind \"%1\"")};

// Links (TCP, serial, USBTMC, the simulator).
inline constexpr MessageTemplate kCannotConnect{
    "instruments.meter.cannot-connect", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "cannot connect to %1: %2")};
inline constexpr MessageTemplate kTimedOut{
    "instruments.meter.timed-out", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "timed out")};
inline constexpr MessageTemplate kNoReplyFrom{
    "instruments.meter.no-reply-from", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "no reply from %1 within %2 ms")};
inline constexpr MessageTemplate kConnectionLost{
    "instruments.meter.connection-lost", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "%1: connection lost (%2)")};
inline constexpr MessageTemplate kCannotOpenSerial{
    "instruments.meter.cannot-open-serial", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "cannot open serial port %1: %2")};
inline constexpr MessageTemplate kNoUsbtmcMatch{
    "instruments.meter.no-usbtmc-match", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "no USBTMC device matches %1; attached: %2")};
inline constexpr MessageTemplate kCannotListUsb{
    "instruments.meter.cannot-list-usb", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "cannot list USB devices")};
inline constexpr MessageTemplate kSimulatedDropped{
    "instruments.meter.simulated-dropped", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "the simulated meter dropped the connection")};
inline constexpr MessageTemplate kSimulatedSilent{
    "instruments.meter.simulated-silent", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "the simulated meter did not answer")};
inline constexpr MessageTemplate kSimulatedLink{
    "instruments.meter.simulated-link", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "simulated %1 (in process)")};

// The WT300 driver.
inline constexpr MessageTemplate kMeterClosed{
    "instruments.meter.meter-closed", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "the meter is closed")};
inline constexpr MessageTemplate kNoReplyTo{
    "instruments.meter.no-reply-to", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "no reply to %1 within %2 ms")};
inline constexpr MessageTemplate kRefused{
    "instruments.meter.refused", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "%1 was refused: %2")};
inline constexpr MessageTemplate kNoSuchElement{
    "instruments.meter.no-such-element", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "element %1: the %2 has elements %3")};
inline constexpr MessageTemplate kNoFunctions{
    "instruments.meter.no-functions", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "no measurement functions chosen")};
inline constexpr MessageTemplate kRateNotApplied{
    "instruments.meter.rate-not-applied", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "the meter runs at %1 ms after being set to %2 ms")};
inline constexpr MessageTemplate kNotIdentified{
    "instruments.meter.not-identified", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "%1 did not identify itself: %2")};
inline constexpr MessageTemplate kNotWt300{
    "instruments.meter.not-wt300", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "%1 is a %2 %3; CipherWatt drives %4")};
inline constexpr MessageTemplate kIntegratorHeld{
    "instruments.meter.integrator-held", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "the meter's integrator held a value (%1); it was stopped and reset")};
inline constexpr MessageTemplate kAutoRange{
    "instruments.meter.auto-range", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP(
        "cipherwatt::instruments::Meter",
        "auto-range is on: each range change loses the data of that update; fix the ranges for "
        "measurements")};
inline constexpr MessageTemplate kLinkTooSlow{
    "instruments.meter.link-too-slow", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP(
        "cipherwatt::instruments::Meter",
        "the %1 link carries about %2 B/s but %3 items at %4 ms need about %5 B/s: updates will be "
        "missed; raise the baud rate, use FLOAT format or fewer items")};
inline constexpr MessageTemplate kNoMeterOpen{
    "instruments.meter.no-meter-open", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "cannot %1: no meter is open")};
inline constexpr MessageTemplate kStopBeforeConfiguring{
    "instruments.meter.stop-before-configuring", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "stop streaming before configuring the meter")};

} // namespace cipherwatt::instruments::msg
