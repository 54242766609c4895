#pragma once

// Lines of the worker protocol to and from the types of messages.h. One codec per direction;
// the worker and the core both use it, so a field is spelled in one place.

#include <cipherwatt/protocol/messages.h>

#include <string>
#include <string_view>
#include <utility>

namespace cipherwatt::protocol {

// A decoded message, or why the line is not one: a single line naming what was wrong ("run:
// field 'buffer' must be a whole number", "run_end: missing field 'result.seconds'"). Bad input
// is quoted by at most a short prefix.
template<typename T>
class Decoded
{
public:
    Decoded(T value)
        : m_value(std::move(value))
        , m_ok(true)
    {} // NOLINT(*-explicit-*)
    static Decoded failure(std::string error)
    {
        Decoded d;
        d.m_error = std::move(error);
        return d;
    }

    explicit operator bool() const { return m_ok; }
    const T &operator*() const { return m_value; }
    T &operator*() { return m_value; }
    const T *operator->() const { return &m_value; }
    T *operator->() { return &m_value; }
    const std::string &error() const { return m_error; }

private:
    Decoded() = default;
    T m_value{};
    std::string m_error;
    bool m_ok = false;
};

// At most `limit` bytes of `text` (cut at a UTF-8 boundary) with "…" when cut: how bad input is
// quoted back.
std::string quotePrefix(std::string_view text, std::size_t limit = 40);

// Host side.
std::string encodeCommand(const Command &command); // one line, without the newline
Decoded<Event> decodeEvent(std::string_view line);

// Worker side. A command the worker does not know decodes to an error naming it (quoted by a
// short prefix) and listing the commands it has.
Decoded<Command> decodeCommand(std::string_view line);
std::string encodeEvent(const Event &event);

// The JSON of the pieces, for the worker's `list --json`, `self-test --json` and `run --json`
// outputs (the same shapes as in serve) and for tests.
Json toJson(const CommandBody &body);
Json toJson(const EventBody &body);
Json toJson(const SystemInfo &info);
Json toJson(const CatalogueEntry &entry);
Json toJson(const SelfTestResult &result);
Json toJson(const IsaAgreement &agreement);
Json toJson(const RunCommand &run);
Json toJson(const ExecCommand &exec);
Json toJson(const BenchResult &result);
Json toJson(const ExecResult &result);
Json toJson(const RunOutcome &result);
Json toJson(const GovernorState &state);
Json toJson(const PinResult &result);
Json toJson(const RestoreResult &result);
Json toJson(const PluginInfo &plugin);

// The pieces from JSON; `what` names the value in an error ("result", "system").
Decoded<SystemInfo> decodeSystemInfo(const Json &json, std::string_view what = "system");
Decoded<RunOutcome> decodeRunOutcome(const Json &json, std::string_view what = "result");
Decoded<RunRequest> decodeRunRequest(const Json &json, std::string_view what = "run");
Decoded<SelfTestEvent> decodeSelfTest(const Json &json, std::string_view what = "selftest");
// An array of catalogue entries (`cipherwatt-bench list --json`).
Decoded<std::vector<CatalogueEntry>> decodeCatalogue(const Json &json,
                                                     std::string_view what = "ciphers");
Decoded<PinResult> decodePinResult(const Json &json, std::string_view what = "result");
Decoded<RestoreResult> decodeRestoreResult(const Json &json, std::string_view what = "result");

// One JSON Lines record: text that is not UTF-8 (a program's captured output) becomes U+FFFD
// instead of making the line impossible to write.
std::string dumpLine(const Json &json);

} // namespace cipherwatt::protocol
