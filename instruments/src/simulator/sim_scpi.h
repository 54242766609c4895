#pragma once

// Internal to the simulated meter: the SCPI command table (sim_command_table.cpp) and what the
// program-message parser (sim_commands.cpp) shares with it.

#include "simulator/simulator_state.h"

#include <QByteArray>

#include <cstdint>
#include <functional>
#include <vector>

namespace cipherwatt::instruments::simscpi {

using Impl = Wt300Simulator::Impl;

// Error codes the simulator raises (reference 7).
inline constexpr int kMissingParameter = 109;
inline constexpr int kUndefinedHeader = 113;
inline constexpr int kSuffixOutOfRange = 114;
inline constexpr int kDataOutOfRange = 222;
inline constexpr int kIllegalValue = 224;
inline constexpr int kQueueOverflow = 350;
inline constexpr int kDuringIntegration = 813;
inline constexpr int kAlreadyStarted = 842;
inline constexpr int kNotStarted = 844;
inline constexpr int kResetWhileStarted = 845;
inline constexpr std::size_t kQueueSize = 16;

const char *errorText(int code);

// A node of a command pattern in the manual's notation: upper case is the short form, the
// whole word the long form ("NUMeric"), [..] marks an optional node, <x> a numeric suffix.
struct PatternNode
{
    QByteArray shortForm;
    QByteArray longForm;
    bool optional = false;
    bool suffix = false;
};

struct Context
{
    int suffix = 1;
    QByteArray params;
    bool query = false;
    QByteArray reply;
    bool replied = false;
    std::uint16_t waitMask = 0; // :COMM:WAIT: the EESR bits to wait for

    void answer(const QByteArray &text)
    {
        reply = text;
        replied = true;
    }
};

using Handler = std::function<void(Impl &, Context &)>;

enum Form : std::uint8_t {
    Query = 1, // the header may end in '?'
    Set = 2,   // the header may be sent with a value
    Event = 4, // the header is sent alone (":INTEG:STAR")
};

struct Command
{
    std::vector<PatternNode> nodes;
    unsigned forms = 0;
    Handler handler;
};

struct HeaderNode
{
    QByteArray name; // upper case, without suffix
    int suffix = -1; // -1: none given
};

// Matches header nodes against pattern nodes, skipping optional ones; collects suffixes.
bool matchNodes(const std::vector<PatternNode> &p, std::size_t pi, const std::vector<HeaderNode> &h,
                std::size_t hi, int &suffix);
HeaderNode headerNode(QByteArray text);

// NR3 text of `v` with `digits` decimals ("2.3010E+02").
QByteArray nr3(double v, int digits = 4);

// The commands the simulated meter knows, in the manual's notation.
const std::vector<Command> &commands();

} // namespace cipherwatt::instruments::simscpi
