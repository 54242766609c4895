// libFuzzer target for the meter's reply parsers and the response framer: whatever bytes a
// broken meter, a noisy serial line or a foreign device sends, parsing ends in a value or a
// Protocol error, never a crash, a hang or an out-of-bounds read.
//
// Input: byte 0 picks the expected item count (0..255), byte 1 seeds how the framer receives
// the rest in pieces; the rest is the reply.

#include <cipherwatt/instruments/scpi.h>
#include <cipherwatt/instruments/transport.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace cipherwatt::instruments;

namespace {

[[noreturn]] void fail(const char *what)
{
    std::fprintf(stderr, "fuzz_scpi: %s\n", what);
    std::abort();
}

template<typename T>
void expectProtocolErrorOrValue(const Result<T> &r)
{
    if (!r.ok() && r.error().code != ErrorCode::Protocol)
        fail("a parser failed with something other than a protocol error");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 2)
        return 0;
    const qsizetype expected = data[0];
    const std::uint8_t chunking = data[1];
    const QByteArrayView reply(reinterpret_cast<const char *>(data + 2),
                               static_cast<qsizetype>(size - 2));

    const auto ascii = scpi::parseAsciiValues(reply, expected);
    expectProtocolErrorOrValue(ascii);
    if (ascii.ok() && static_cast<qsizetype>(ascii->size()) != expected)
        fail("ASCII parser returned the wrong number of values");
    const auto floats = scpi::parseFloatValues(reply, expected);
    expectProtocolErrorOrValue(floats);
    if (floats.ok() && static_cast<qsizetype>(floats->size()) != expected)
        fail("FLOAT parser returned the wrong number of values");
    for (const auto *values : {ascii.ok() ? &*ascii : nullptr, floats.ok() ? &*floats : nullptr}) {
        if (values == nullptr)
            continue;
        for (const scpi::Value &v : *values) {
            if ((v.state == ValueState::Valid) != (v.value == v.value))
                fail("a valid value is NaN or an invalid one is a number");
        }
    }
    const auto block = scpi::blockPayload(reply);
    expectProtocolErrorOrValue(block);
    if (block.ok() && (block->data() < reply.data() ||
                       block->data() + block->size() > reply.data() + reply.size()))
        fail("block payload outside the reply");
    expectProtocolErrorOrValue(scpi::parseInteger(reply, "fuzz"));
    expectProtocolErrorOrValue(scpi::parseReal(reply, "fuzz"));
    expectProtocolErrorOrValue(scpi::parseBoolean(reply, "fuzz"));
    expectProtocolErrorOrValue(scpi::parseErrorEntry(reply));
    expectProtocolErrorOrValue(scpi::parseIdn(reply));

    // The framer: fed in pieces, it never yields more bytes than it was given.
    ResponseFramer framer;
    qsizetype given = 0;
    qsizetype taken = 0;
    qsizetype at = 0;
    std::uint32_t state = chunking;
    while (at < reply.size()) {
        state = state * 1103515245U + 12345U;
        const qsizetype piece = std::min<qsizetype>(reply.size() - at, 1 + (state >> 16) % 64);
        framer.append(reply.sliced(at, piece));
        given += piece;
        at += piece;
        while (auto message = framer.take()) {
            if (message->ok())
                taken += message->value().size() + 1;
        }
        if (taken + framer.buffered() > given)
            fail("the framer produced bytes it was not given");
    }
    return 0;
}
