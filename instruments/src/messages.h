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

// Resource strings (resource.cpp, openMeter): what is wrong with one.
inline constexpr MessageTemplate kBadMeterResource{
    "instruments.meter.bad-meter-resource", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "meter \"%1\": %2 (use %3)")};
inline constexpr MessageTemplate kNothingAfter{
    "instruments.meter.nothing-after", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "nothing after \"%1:\"")};
inline constexpr MessageTemplate kUnknownKind{
    "instruments.meter.unknown-kind", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "unknown kind \"%1\"")};
inline constexpr MessageTemplate kResourceNeeds{
    "instruments.resource.needs", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "write it as %1")};
inline constexpr MessageTemplate kFieldControl{
    "instruments.resource.field-control", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "the %1 holds a control character")};
inline constexpr MessageTemplate kFieldNumber{
    "instruments.resource.field-number", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "the %1 must be a whole number from %2 to %3")};
inline constexpr MessageTemplate kFieldName{
    "instruments.resource.field-name", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "the %1 may hold only letters, digits, '.', '_' and '-'")};
inline constexpr MessageTemplate kFieldBadHost{
    "instruments.resource.field-host", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "\"%1\" is neither a host name nor an IP address")};

// The meter's kinds and fields, as forms show them.
inline constexpr MessageTemplate kKindAuto{
    "instruments.resource.kind-auto", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "Automatic")};
inline constexpr MessageTemplate kKindAutoHelp{
    "instruments.resource.kind-auto-help", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "The first WT300 meter on USB, or the simulated WT332 when none is attached "
                      "(marked as simulated everywhere).")};
inline constexpr MessageTemplate kKindUsb{
    "instruments.resource.kind-usb", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "USB (USBTMC)")};
inline constexpr MessageTemplate kKindUsbHelp{
    "instruments.resource.kind-usb-help", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "A WT300 on USB through libusb: the first one, or the one with this serial "
                      "number or at this bus and address.")};
inline constexpr MessageTemplate kKindTcp{
    "instruments.resource.kind-tcp", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "Network (TCP)")};
inline constexpr MessageTemplate kKindTcpHelp{
    "instruments.resource.kind-tcp-help", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "SCPI over a raw TCP socket, newline-terminated (a LAN gateway or the "
                      "simulator's --listen).")};
inline constexpr MessageTemplate kKindSerial{
    "instruments.resource.kind-serial", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "Serial port")};
inline constexpr MessageTemplate kKindSerialHelp{
    "instruments.resource.kind-serial-help", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "RS-232, 8N1, CR+LF. 9600 baud, the meter's factory setting, cannot carry "
                      "ten items every 100 ms: set the meter faster.")};
inline constexpr MessageTemplate kKindSim{
    "instruments.resource.kind-sim", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "Simulator")};
inline constexpr MessageTemplate kKindSimHelp{
    "instruments.resource.kind-sim-help", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "The simulated WT332 in this program: everything it measures is marked "
                      "SIMULATED.")};
inline constexpr MessageTemplate kFieldUsbDevice{
    "instruments.resource.field-usb-device", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "Meter:")};
inline constexpr MessageTemplate kFieldUsbDeviceHelp{
    "instruments.resource.field-usb-device-help", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "Yokogawa meters found on USB (vendor 0x0B21, USBTMC).")};
inline constexpr MessageTemplate kFieldHostLabel{
    "instruments.resource.field-host-label", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "Host:")};
inline constexpr MessageTemplate kFieldTcpHostHelp{
    "instruments.resource.field-tcp-host-help", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "The gateway's or the simulator's host name or IP address.")};
inline constexpr MessageTemplate kFieldPort{
    "instruments.resource.field-port", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "Port:")};
inline constexpr MessageTemplate kFieldTcpPortHelp{
    "instruments.resource.field-tcp-port-help", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "The TCP port of the SCPI socket.")};
inline constexpr MessageTemplate kFieldSerialDevice{
    "instruments.resource.field-serial-device", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "Port:")};
inline constexpr MessageTemplate kFieldSerialDeviceHelp{
    "instruments.resource.field-serial-device-help", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "The serial port the meter's RS-232 interface is connected to.")};
inline constexpr MessageTemplate kFieldBaud{
    "instruments.resource.field-baud", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "Baud rate:")};
inline constexpr MessageTemplate kFieldBaudHelp{
    "instruments.resource.field-baud-help", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "As set on the meter (COMMUNICATION menu); 9600 by default.")};
inline constexpr MessageTemplate kFieldProfile{
    "instruments.resource.field-profile", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource", "Profile:")};
inline constexpr MessageTemplate kFieldProfileHelp{
    "instruments.resource.field-profile-help", "cipherwatt::instruments::Resource",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Resource",
                      "A profile file scripting the simulator's power (optional; empty: idle "
                      "power plus the host's CPU load).")};

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
inline constexpr MessageTemplate kSimulatedRefused{
    "instruments.meter.simulated-refused", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "the simulated meter does not take a connection now")};
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
//: The crest factor is the meter's :INPut:CFACtor setting (3, 6 or 6A).
inline constexpr MessageTemplate kCrestFactorUnknown{
    "instruments.meter.crest-factor-unknown", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "the meter did not report its crest factor: readings are checked against "
                      "the widest over-range limit (280 % of the range)")};
//: %1 = the link; %2 %3 = model and serial that answer; %4 %5 = model and serial expected.
inline constexpr MessageTemplate kDifferentMeter{
    "instruments.meter.different-meter", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "a different meter answers on %1: %2 (serial %3), not the %4 (serial %5)")};

// Recovery while streaming (acquisition.cpp).
//: %1 = what failed ("timeout: no reply to ..."); %2 = attempt number; %3 = attempts allowed.
inline constexpr MessageTemplate kMeterRetrying{
    "instruments.meter.retrying", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "meter: %1; recovering (attempt %2 of %3)")};
//: %1 = seconds since the failure.
inline constexpr MessageTemplate kMeterResynchronised{
    "instruments.meter.resynchronised", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "the meter answers again after %1 s (resynchronised on the link)")};
//: %1 = seconds since the failure.
inline constexpr MessageTemplate kMeterReconnected{
    "instruments.meter.reconnected", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "the meter answers again after %1 s (reconnected)")};
//: %1 = the first failure; %2 = attempts made; %3 = seconds; %4 = the last failure.
inline constexpr MessageTemplate kMeterGaveUp{
    "instruments.meter.gave-up", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "%1; the meter did not come back (%2 attempts in %3 s, the last: %4)")};

inline constexpr MessageTemplate kNoMeterOpen{
    "instruments.meter.no-meter-open", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter", "cannot %1: no meter is open")};
inline constexpr MessageTemplate kStopBeforeConfiguring{
    "instruments.meter.stop-before-configuring", "cipherwatt::instruments::Meter",
    QT_TRANSLATE_NOOP("cipherwatt::instruments::Meter",
                      "stop streaming before configuring the meter")};

} // namespace cipherwatt::instruments::msg
