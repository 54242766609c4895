#pragma once

// A microcontroller running the CipherWatt firmware (firmware/PROTOCOL.md) as a DUT: the
// worker protocol's messages, each line framed as `<JSON> #<CRC-32 as 8 hex digits>`, over a
// serial port (`serial:<device>[:<baud>]`) or a TCP byte stream (`tcp:<host>:<port>`: qemu's
// emulated UART, a network UART bridge).
//
// The link (makeMcuLink) is a WorkerLink like the local and SSH ones: the Dut above it sends
// and reads the same commands and events. What is particular to a board it handles itself:
//   - on connecting it sends a blank line (ending whatever a previous host left half-sent),
//     `cancel` (ending a run a previous host left going) and `hello`; the answer to that
//     `hello` is the Dut's greeting;
//   - every line from the board has its CRC-32 checked; a line that fails, or is longer than
//     kMaxBoardLine, ends the link with a protocol error (a UART corrupts bytes; there is no
//     retransmission, and nothing measured over a corrupt link can be trusted);
//   - a `hello` without an id after the greeting means the board restarted (reset, brown-out,
//     watchdog) without being asked: the link ends, and the run in flight with it;
//   - a `fault` event (a processor fault; the board resets next) is a crash of the DUT's code;
//   - silence: while a run goes on the firmware sends an event at least every
//     `progress_interval_s` (hello), and answers any other command within a second plus the
//     line's time on the wire; a board silent for kSilenceFactor times that is gone.

#include <cipherwatt/core/dut.h>

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <cstdint>
#include <memory>

namespace cipherwatt::core {

namespace mcu {

// CRC-32 as IEEE 802.3 and zlib have it (reflected polynomial 0xEDB88320, initial value and
// final XOR 0xFFFFFFFF): crc32("123456789") = 0xCBF43926.
std::uint32_t crc32(QByteArrayView data);

// `<json> #<crc32 as 8 lowercase hex digits>`, without the newline.
QByteArray frame(QByteArrayView json);

// A line from the board (without its newline): the JSON text, or why the line is not a frame.
struct Unframed
{
    QByteArray json;
    QString error; // empty when the frame is good
};
Unframed unframe(QByteArrayView line);

// The longest line taken from a board: its `list` is about 6.5 KB on the qemu board, and the
// protocol asks hosts to take 16 KiB; a line four times that is a broken link, not a message.
inline constexpr qsizetype kMaxBoardLine = qsizetype{64} * 1024;

// How much longer than it promised a board may be silent before it counts as gone: the
// margin for a host or an emulator that is busy for a moment.
inline constexpr double kSilenceFactor = 3.0;

} // namespace mcu

struct McuLinkOptions
{
    enum class Transport : std::uint8_t { Serial, Tcp };
    Transport transport = Transport::Tcp;
    QString device; // Serial: /dev/ttyACM0, COM3
    int baud = 115200;
    QString host; // Tcp
    quint16 port = 0;
    QString resource;             // as written, for messages and the description
    double connectSeconds = 5.0;  // to open the port or connect
    double greetingSeconds = 5.0; // from connecting to the answer to `hello`
    // A command other than `run` is answered within this (plus the lines' time on the wire).
    double answerSeconds = 2.0;
};

std::unique_ptr<WorkerLink> makeMcuLink(const McuLinkOptions &options);

} // namespace cipherwatt::core
