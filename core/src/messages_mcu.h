#pragma once

// The messages of microcontroller DUTs (cipherwatt/core/mcu.h): their resource kinds, the
// link to the firmware, and what the runner and the analysis say of a board. Listed in the
// core's catalogue with the rest (messages.cpp).

#include "messages.h"

namespace cipherwatt::core::msg {

// The kinds and their fields.
inline constexpr MessageTemplate kMcuNoWorkerOption{
    "core.mcu.no-worker-option", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "%1: a microcontroller runs the CipherWatt firmware, not the worker: %2 "
                      "does not apply (its ciphers are the firmware's)")};
inline constexpr MessageTemplate kDutKindSerial{
    "core.mcu.kind-serial", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Microcontroller (serial port)")};
inline constexpr MessageTemplate kDutKindSerialHelp{
    "core.mcu.kind-serial-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "A board running the CipherWatt firmware (firmware/), on a serial port: "
                      "its USB serial port or a USB-UART adapter (README, \"Microcontroller "
                      "DUTs\").")};
inline constexpr MessageTemplate kDutKindTcp{
    "core.mcu.kind-tcp", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Microcontroller (TCP)")};
inline constexpr MessageTemplate kDutKindTcpHelp{
    "core.mcu.kind-tcp-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "A board running the CipherWatt firmware whose UART is reached over TCP: "
                      "the board emulated by qemu-system-arm, or a network UART bridge.")};
inline constexpr MessageTemplate kDutFieldSerialDevice{
    "core.mcu.field-device", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Serial port:")};
inline constexpr MessageTemplate kDutFieldSerialDeviceHelp{
    "core.mcu.field-device-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "The board's serial port, e.g. /dev/ttyACM0.")};
inline constexpr MessageTemplate kDutFieldBaud{
    "core.mcu.field-baud", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Baud rate:")};
inline constexpr MessageTemplate kDutFieldBaudHelp{
    "core.mcu.field-baud-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "The firmware's UART speed (8N1, no flow control; 115200 on every board "
                      "in firmware/).")};
inline constexpr MessageTemplate kDutFieldUartHostHelp{
    "core.mcu.field-uart-host-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "Where the board's UART listens: 127.0.0.1 for qemu, or the bridge's "
                      "address.")};
inline constexpr MessageTemplate kDutFieldUartPortHelp{
    "core.mcu.field-uart-port-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "The TCP port of the board's UART (qemu: -serial "
                                               "tcp:127.0.0.1:<port>,server=on).")};

// The link.
inline constexpr MessageTemplate kMcuCannotOpen{
    "core.mcu.cannot-open", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "cannot open %1: %2")};
inline constexpr MessageTemplate kMcuConnectTimeout{
    "core.mcu.connect-timeout", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "no connection to %1 within %2 s")};
inline constexpr MessageTemplate kMcuNoGreeting{
    "core.mcu.no-greeting", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "no answer from the CipherWatt firmware on %1 within %2 s: is the "
                      "firmware on the board and running?")};
inline constexpr MessageTemplate kMcuNoGreetingDamaged{
    "core.mcu.no-greeting-damaged", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "no answer from the CipherWatt firmware on %1 within %2 s; %3 lines "
                      "failed their checksum (is %4 baud the firmware's speed?)")};
inline constexpr MessageTemplate kMcuNotFirmware{
    "core.mcu.not-firmware", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "%1 does not run the CipherWatt firmware (its hello says \"%2\")")};
inline constexpr MessageTemplate kMcuRefused{
    "core.mcu.refused", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "the firmware on %1 refused to start: %2")};
inline constexpr MessageTemplate kMcuProtocol{
    "core.mcu.protocol", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "the firmware on %1 speaks protocol %2, this CipherWatt %3: build both from "
                      "the same tree")};
inline constexpr MessageTemplate kMcuCancelledPrevious{
    "core.mcu.cancelled-previous", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "the board was still running a run another host started: cancelled")};
inline constexpr MessageTemplate kMcuBadFrame{
    "core.mcu.bad-frame", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "protocol error: a line from the board failed its check (%1): %2")};
inline constexpr MessageTemplate kMcuBadLine{
    "core.mcu.bad-line", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "protocol error: the board sent %1")};
inline constexpr MessageTemplate kMcuLineTooLong{
    "core.mcu.line-too-long", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "protocol error: the board sent a line longer than %1 bytes")};
inline constexpr MessageTemplate kMcuBoardReset{
    "core.mcu.board-reset", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "the board restarted without being asked (a hello without id, up for %1 "
                      "ms): nothing it was doing is trusted")};
inline constexpr MessageTemplate kMcuFault{
    "core.mcu.fault", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "the board took a processor fault (%1 at pc %2) and restarts")};
inline constexpr MessageTemplate kMcuSilent{
    "core.mcu.silent", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "the board has been silent for %1 s (it promised word within %2 s): it is "
                      "gone, stuck or without power")};
inline constexpr MessageTemplate kMcuDamagedCommand{
    "core.mcu.damaged-command", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "the board received a damaged command (%1): the link corrupts bytes")};
inline constexpr MessageTemplate kMcuCommandTooLong{
    "core.mcu.command-too-long", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "the command is longer than the board takes (%1 bytes, its max_line); "
                      "not sent")};
inline constexpr MessageTemplate kMcuClosed{
    "core.mcu.closed", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "the connection to the board was closed")};
inline constexpr MessageTemplate kMcuLost{
    "core.mcu.lost", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "the connection to the board ended: %1")};

// The runner and the analysis.
inline constexpr MessageTemplate kNoGovernor{
    "core.mcu.no-governor", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "a microcontroller has no CPU governor (it runs at its own fixed clock)")};
inline constexpr MessageTemplate kNoGovernorNote{
    "core.mcu.no-governor-note", "cipherwatt::core::SessionRunner",
    QT_TRANSLATE_NOOP("cipherwatt::core::SessionRunner",
                      "the governor is not pinned: a microcontroller has none (it runs at its own "
                      "fixed clock)")};
inline constexpr MessageTemplate kCyclesNotReal{
    "core.mcu.cycles-not-real", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis",
                      "cycles are not real core cycles (an emulated board)")};
inline constexpr MessageTemplate kBelowMeterRange{
    "core.mcu.below-meter-range", "cipherwatt::core::Analysis",
    QT_TRANSLATE_NOOP("cipherwatt::core::Analysis",
                      "the meter cannot resolve this: the net power (%1 W) is within the error "
                      "its range alone allows (±%2 W on the %3 W power range); use a lower "
                      "current range")};

} // namespace cipherwatt::core::msg
