// The simulated WT332, SCPI side: program messages, header paths and the error queue. The
// command table is in sim_command_table.cpp. Command forms, replies and error codes follow
// reference wt300.md sections 3-7.

#include "simulator/sim_scpi.h"

#include <QtEndian>

#include <cmath>
#include <cstring>

namespace cipherwatt::instruments {

namespace simscpi {

const char *errorText(int code)
{
    switch (code) {
    case kMissingParameter:
        return "Missing parameter";
    case kUndefinedHeader:
        return "Undefined header";
    case kSuffixOutOfRange:
        return "Header suffix out of range";
    case kDataOutOfRange:
        return "Data out of range";
    case kIllegalValue:
        return "Illegal parameter value";
    case kQueueOverflow:
        return "Queue overflow";
    case kDuringIntegration:
        return "Not allowed during integration";
    case kAlreadyStarted:
        return "Integration has already been started";
    case kNotStarted:
        return "Integration has not been started";
    case kResetWhileStarted:
        return "Integration cannot be reset while running";
    default:
        return "Device error";
    }
}

bool matchNodes(const std::vector<PatternNode> &p, std::size_t pi, const std::vector<HeaderNode> &h,
                std::size_t hi, int &suffix)
{
    if (pi == p.size())
        return hi == h.size();
    const PatternNode &node = p[pi];
    if (hi < h.size() && (h[hi].name == node.shortForm || h[hi].name == node.longForm) &&
        (node.suffix || h[hi].suffix < 0)) {
        int s = suffix;
        if (node.suffix)
            s = h[hi].suffix < 0 ? 1 : h[hi].suffix;
        if (matchNodes(p, pi + 1, h, hi + 1, s)) {
            suffix = s;
            return true;
        }
    }
    return node.optional && matchNodes(p, pi + 1, h, hi, suffix);
}

HeaderNode headerNode(QByteArray text)
{
    HeaderNode n;
    qsizetype end = text.size();
    while (end > 0 && text[end - 1] >= '0' && text[end - 1] <= '9')
        --end;
    if (end < text.size()) {
        n.suffix = text.mid(end).toInt();
        text.truncate(end);
    }
    n.name = text.toUpper();
    return n;
}

} // namespace simscpi

using namespace simscpi;

void Wt300Simulator::Impl::pushError(int code)
{
    if (errors.size() >= kQueueSize) {
        errors.back() = {kQueueOverflow, errorText(kQueueOverflow)};
        return;
    }
    errors.emplace_back(code, errorText(code));
}

bool Wt300Simulator::Impl::waitFor(std::uint16_t mask, const std::atomic<bool> *cancel,
                                   std::unique_lock<std::mutex> &lock)
{
    while ((eesr & mask) == 0) {
        if (stopping || (cancel != nullptr && cancel->load()))
            return false;
        changed.wait_for(lock, std::chrono::milliseconds(20));
    }
    return true;
}

QByteArray Wt300Simulator::Impl::numericValues(int onlyItem) const
{
    const int first = onlyItem > 0 ? onlyItem : 1;
    const int last = onlyItem > 0 ? onlyItem : itemCount;
    std::vector<std::pair<double, ValueState>> values;
    for (int k = first; k <= last; ++k) {
        const SimItem &item = items[static_cast<std::size_t>(k - 1)];
        if (item.none) {
            values.emplace_back(0.0, ValueState::NoData);
            continue;
        }
        const auto e = static_cast<std::size_t>(item.function == Function::Time ? 1 : item.element);
        const ElementReading &r = latest[e];
        const auto f = static_cast<std::size_t>(item.function);
        const bool integrated = item.function == Function::WH || item.function == Function::WHP ||
                                item.function == Function::WHM || item.function == Function::Time;
        // The ranges are settings, not measurements: known in an over-range update too (an
        // assumption; the manual does not say what URANge/IRANge show then).
        const bool setting = item.function == Function::URange || item.function == Function::IRange;
        // Integrated values survive an over-range update; instantaneous ones do not.
        ValueState state = r.noData[f] ? ValueState::NoData : ValueState::Valid;
        if (!integrated && !setting && r.state != ValueState::Valid)
            state = r.state;
        values.emplace_back(r.values[f], state);
    }
    if (format == NumericFormat::Float) {
        QByteArray payload;
        for (const auto &[v, state] : values) {
            std::uint32_t bits = 0;
            if (state == ValueState::NoData) {
                bits = 0x7E951BEE; // 9.91E+37
            } else if (state == ValueState::OverRange) {
                bits = 0x7E94F56A; // 9.9E+37
            } else {
                const auto f = static_cast<float>(v);
                std::memcpy(&bits, &f, sizeof bits);
            }
            char be[4];
            qToBigEndian(bits, be);
            payload.append(be, 4);
        }
        return "#4" + QByteArray::number(payload.size()).rightJustified(4, '0') + payload;
    }
    QList<QByteArray> fields;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const auto &[v, state] = values[i];
        const SimItem &item = items[static_cast<std::size_t>(first - 1) + i];
        if (state == ValueState::NoData)
            fields << "NAN";
        else if (state == ValueState::OverRange)
            fields << "INF";
        else if (!item.none && item.function == Function::Time)
            fields << QByteArray::number(std::llround(v)); // NR1 seconds
        else if (!item.none && (item.function == Function::WH || item.function == Function::WHP ||
                                item.function == Function::WHM))
            fields << nr3(v, 5); // integrated values carry one more digit
        else
            fields << nr3(v, 4);
    }
    return fields.join(',');
}

QByteArray Wt300Simulator::Impl::valueReply(int onlyItem)
{
    QByteArray reply = numericValues(onlyItem);
    if (garbageLeft <= 0)
        return reply;
    --garbageLeft;
    SimFault::Garbage kind = garbageKind;
    if (kind == SimFault::Garbage::Mixed) {
        constexpr SimFault::Garbage kTurns[] = {SimFault::Garbage::Truncated,
                                                SimFault::Garbage::Text, SimFault::Garbage::Huge};
        kind = kTurns[garbageTurn++ % 3];
    }
    switch (kind) {
    case SimFault::Garbage::Truncated:
        return reply.left(reply.size() / 2);
    case SimFault::Garbage::Text:
        return "2.3010E+02,##garbage##," + reply.left(4);
    case SimFault::Garbage::Huge:
        // Longer than any reply a WT300 sends, with no terminator until its end.
        return QByteArray(3 * 512 * 1024, '7');
    case SimFault::Garbage::Mixed:
        break;
    }
    return reply;
}

Wt300Simulator::Outcome Wt300Simulator::Impl::execute(QByteArrayView message,
                                                      const std::atomic<bool> *cancel,
                                                      std::unique_lock<std::mutex> &lock)
{
    Outcome outcome;
    const auto cancelled = [&] { return stopping || (cancel != nullptr && cancel->load()); };
    // A stalled meter answers nothing until the stall is over.
    while (Clock::now() < stallUntil) {
        if (cancelled())
            return outcome;
        changed.wait_for(lock, std::chrono::milliseconds(20));
    }
    if (dropPending) {
        dropPending = false;
        outcome.dropped = true;
        return outcome;
    }

    // Units separated by ';' outside string data.
    QList<QByteArray> units;
    QByteArray current;
    bool inString = false;
    for (const char c : message) {
        if (c == '"')
            inString = !inString;
        if (c == ';' && !inString) {
            units << current;
            current.clear();
        } else {
            current += c;
        }
    }
    units << current;

    QList<QByteArray> replies;
    std::vector<HeaderNode> path; // the current header path (IEEE 488.2 compound headers)
    for (QByteArray unit : units) {
        unit = unit.trimmed();
        if (unit.isEmpty())
            continue;
        qsizetype space = 0;
        while (space < unit.size() && unit[space] != ' ' && unit[space] != '\t')
            ++space;
        QByteArray mnemonic = unit.left(space);
        Context c;
        c.params = unit.mid(space).trimmed();
        c.query = mnemonic.endsWith('?');
        if (c.query)
            mnemonic.chop(1);

        if (mnemonic.startsWith('*')) {
            const QByteArray h = mnemonic.toUpper();
            if (h == "*IDN" && c.query) {
                replies << "YOKOGAWA," + model->idnModel.toLatin1() + ',' +
                               profile.serial.toLatin1() + ",F1.00 " + kSimulatorFirmwareTag;
            } else if (h == "*CLS" && !c.query) {
                eesr = 0;
                errors.clear();
            } else if (h == "*RST" && !c.query) {
                reset();
                integration = IntegrationState::Reset;
                integrationSeconds = 0.0;
                wattHours.fill(0.0);
            } else if (h == "*OPT" && c.query) {
                replies << "NONE";
            } else if (h == "*OPC" && c.query) {
                replies << "1";
            } else if (h == "*ESR" && c.query) {
                replies << "0";
            } else if (h == "*STB" && c.query) {
                int stb = 0;
                if (!errors.empty())
                    stb |= 1 << 2; // EAV
                if ((eesr & eese) != 0)
                    stb |= 1 << 3; // EES
                replies << QByteArray::number(stb);
            } else if (h == "*WAI" && !c.query) {
            } else {
                pushError(kUndefinedHeader);
            }
            continue;
        }

        const bool absolute = mnemonic.startsWith(':');
        std::vector<HeaderNode> nodes = absolute || path.empty()
                                            ? std::vector<HeaderNode>{}
                                            : std::vector<HeaderNode>(path.begin(), path.end() - 1);
        for (const QByteArray &n : mnemonic.split(':')) {
            if (!n.isEmpty())
                nodes.push_back(headerNode(n));
        }
        path = nodes;

        const Command *found = nullptr;
        for (const Command &command : commands()) {
            int suffix = 1;
            if (matchNodes(command.nodes, 0, nodes, 0, suffix)) {
                found = &command;
                c.suffix = suffix;
                break;
            }
        }
        const bool withValue = !c.params.isEmpty();
        const bool allowed =
            found != nullptr && (c.query ? (found->forms & Query) != 0
                                         : ((withValue && (found->forms & Set) != 0) ||
                                            (!withValue && (found->forms & Event) != 0)));
        if (!allowed) {
            // A setting sent without its value is a missing parameter; anything else is a
            // header this meter does not have.
            const bool missing =
                found != nullptr && !c.query && !withValue && (found->forms & Set) != 0;
            pushError(missing ? kMissingParameter : kUndefinedHeader);
            continue;
        }
        found->handler(*this, c);
        if (c.waitMask != 0) {
            if (repeatLeft > 0 && (c.waitMask & 1U) != 0) {
                --repeatLeft;
                eesr = static_cast<std::uint16_t>(eesr | 1U); // as if the update completed again
            }
            if (!waitFor(c.waitMask, cancel, lock))
                return outcome; // cancelled: nothing more of this message runs
            if (c.query)
                c.answer("1");
        }
        if (c.replied) {
            QByteArray prefix;
            if (header) {
                for (const PatternNode &n : found->nodes)
                    prefix += ':' + (verbose ? n.longForm : n.shortForm);
                prefix += ' ';
            }
            replies << prefix + c.reply;
        }
    }
    if (!replies.isEmpty()) {
        outcome.hasResponse = true;
        outcome.response = replies.join(';');
    }
    return outcome;
}

} // namespace cipherwatt::instruments