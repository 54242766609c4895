// Encoding: the types of messages.h to JSON values and lines.

#include "reader.h"

#include <cipherwatt/protocol/codec.h>

namespace cipherwatt::protocol {

using namespace detail;

namespace {

// Adds the fields of `extra` that `json` does not already have.
Json withExtra(Json json, const Extra &extra)
{
    if (extra.is_object()) {
        for (auto it = extra.begin(); it != extra.end(); ++it) {
            if (!json.contains(it.key()))
                json[it.key()] = it.value();
        }
    }
    return json;
}

template<typename T>
Json optionalJson(const std::optional<T> &value)
{
    return value ? Json(*value) : Json();
}

template<typename T, typename F>
Json arrayJson(const std::vector<T> &items, F convert)
{
    Json out = Json::array();
    for (const T &item : items)
        out.push_back(convert(item));
    return out;
}

Json powerSourceJson(const PowerSource &s)
{
    Json j{{"resource", s.resource}, {"kind", s.kind},   {"method", s.method},
           {"unit", s.unit},         {"files", s.files}, {"readable", s.readable}};
    if (!s.problem.empty())
        j["problem"] = s.problem;
    return withExtra(std::move(j), s.extra);
}

// ---- Encoders of the pieces --------------------------------------------------------------

Json cpuFrequencyJson(const CpuFrequency &c)
{
    Json j = withExtra({{"cpu", c.cpu},
                        {"governor", c.governor},
                        {"available_governors", c.availableGovernors},
                        {"min_khz", c.minKHz},
                        {"max_khz", c.maxKHz},
                        {"cur_khz", c.curKHz},
                        {"hw_min_khz", c.hwMinKHz},
                        {"hw_max_khz", c.hwMaxKHz}},
                       c.extra);
    if (!c.availableKHz.empty())
        j["available_khz"] = c.availableKHz;
    return j;
}

Json temperatureJson(const Temperature &t)
{
    return withExtra({{"sensor", t.sensor}, {"label", t.label}, {"celsius", t.celsius}}, t.extra);
}

Json provenanceJson(const Provenance &p)
{
    return withExtra({{"backend", p.backend},
                      {"library", p.library},
                      {"implementation", p.implementation},
                      {"note", p.note}},
                     p.extra);
}

Json outputJson(const CapturedOutput &o)
{
    return withExtra({{"text", o.text}, {"bytes", o.bytes}, {"truncated", o.truncated}}, o.extra);
}

} // namespace

// ---- Encoding ----------------------------------------------------------------------------

Json toJson(const GovernorState &state)
{
    Json turbo = withExtra({{"control", state.turbo.control}}, state.turbo.extra);
    if (state.turbo.enabled)
        turbo["enabled"] = *state.turbo.enabled;
    return withExtra({{"cpus", arrayJson(state.cpus, cpuFrequencyJson)}, {"turbo", turbo}},
                     state.extra);
}

Json toJson(const SystemInfo &s)
{
    Json libraries = Json::object();
    for (const auto &[backend, version] : s.libraries)
        libraries[backend] = version;
    return withExtra({{"cpu_model", s.cpuModel},
                      {"logical_cores", s.logicalCores},
                      {"architecture", s.architecture},
                      {"kernel", s.kernel},
                      {"hostname", s.hostname},
                      {"cpu_features", s.cpuFeatures},
                      {"isa", s.isa},
                      {"isa_supported", s.isaSupported},
                      {"governor", toJson(s.governor)},
                      {"temperatures", arrayJson(s.temperatures, temperatureJson)},
                      {"libraries", libraries},
                      {"warnings", s.warnings}},
                     s.extra);
}

Json toJson(const CatalogueEntry &c)
{
    return withExtra({{"id", c.id},
                      {"family", c.family},
                      {"mode", c.mode},
                      {"key_bits", c.keyBits},
                      {"block_bits", c.blockBits},
                      {"key_bytes", c.keyBytes},
                      {"key_bytes_min", c.keyBytesMin},
                      {"key_bytes_max", c.keyBytesMax},
                      {"iv_kind", c.ivKind},
                      {"iv_bytes", c.ivBytes},
                      {"tag_bytes", c.tagBytes},
                      {"operations", c.operations},
                      {"note", c.note},
                      {"backends", c.backends}},
                     c.extra);
}

Json toJson(const SelfTestResult &s)
{
    return withExtra({{"cipher", s.cipher},
                      {"backend", s.backend},
                      {"status", s.status},
                      {"passed", s.passed},
                      {"failed", s.failed},
                      {"unavailable", s.unavailable},
                      {"messages", s.messages}},
                     s.extra);
}

Json toJson(const IsaAgreement &a)
{
    return withExtra({{"cipher", a.cipher},
                      {"backend", a.backend},
                      {"isa", a.isa},
                      {"agreed", a.agreed},
                      {"message", a.message}},
                     a.extra);
}

Json toJson(const RunCommand &c)
{
    Json j{{"cipher", c.cipher}, {"backend", c.backend}, {"op", c.op}};
    if (c.buffer)
        j["buffer"] = *c.buffer;
    if (c.iterations)
        j["iterations"] = *c.iterations;
    if (c.seconds)
        j["seconds"] = *c.seconds;
    if (c.cpu)
        j["cpu"] = *c.cpu;
    if (c.seed)
        j["seed"] = *c.seed;
    if (c.chunking)
        j["chunking"] = *c.chunking;
    if (c.isa)
        j["isa"] = *c.isa;
    if (c.frequencyKHz)
        j["frequency_khz"] = *c.frequencyKHz;
    if (c.governor)
        j["governor"] = *c.governor;
    if (c.payload)
        j["payload"] = *c.payload;
    if (c.payloadFile)
        j["payload_file"] = *c.payloadFile;
    if (c.pad)
        j["pad"] = *c.pad;
    return withExtra(std::move(j), c.extra);
}

Json toJson(const ExecCommand &c)
{
    Json j{{"kind", "exec"}, {"label", c.label}, {"argv", c.argv}};
    if (c.timeout)
        j["timeout"] = *c.timeout;
    j["bytes"] = optionalJson(c.bytes);
    if (c.cpu)
        j["cpu"] = *c.cpu;
    if (c.frequencyKHz)
        j["frequency_khz"] = *c.frequencyKHz;
    if (c.governor)
        j["governor"] = *c.governor;
    return withExtra(std::move(j), c.extra);
}

Json toJson(const BenchResult &b)
{
    Json j{{"cipher", b.cipher},
           {"backend", b.backend},
           {"op", b.op},
           {"buffer", b.buffer},
           {"chunking", b.chunking},
           {"iterations", b.iterations},
           {"bytes", b.bytes},
           {"seconds", b.seconds},
           {"cycles", b.cycles},
           {"counter", b.counter},
           {"counter_hz", b.counterHz},
           {"bytes_per_second", b.bytesPerSecond},
           {"cycles_per_byte", b.cyclesPerByte},
           {"cycles_per_op", b.cyclesPerOp},
           {"warmup_iterations", b.warmupIterations},
           {"verified", b.verified},
           {"cancelled", b.cancelled},
           {"kat_vectors_checked", b.katVectorsChecked},
           {"cpu", b.cpu},
           {"isa", b.isa},
           {"provenance", provenanceJson(b.provenance)}};
    // The firmware's fields, when it sent them.
    if (b.cyclesReal)
        j["cycles_real"] = *b.cyclesReal;
    if (b.tagBytes)
        j["tag_bytes"] = *b.tagBytes;
    if (b.startOffsetSeconds)
        j["start_offset_seconds"] = *b.startOffsetSeconds;
    if (b.frequencyKHz)
        j["frequency_khz"] = *b.frequencyKHz;
    if (b.governor)
        j["governor"] = *b.governor;
    if (b.payload)
        j["payload"] = *b.payload;
    if (b.payloadFile)
        j["payload_file"] = *b.payloadFile;
    if (b.payloadSha256)
        j["payload_sha256"] = *b.payloadSha256;
    if (b.processedBytes)
        j["processed_bytes"] = *b.processedBytes;
    if (b.outputBytes)
        j["output_bytes"] = *b.outputBytes;
    return withExtra(std::move(j), b.extra);
}

Json toJson(const ExecResult &e)
{
    return withExtra({{"kind", "exec"},
                      {"label", e.label},
                      {"argv", e.argv},
                      {"program", e.program},
                      {"pid", e.pid},
                      {"status", e.status},
                      {"verified", e.verified},
                      {"failure", e.failure},
                      {"exit_code", optionalJson(e.exitCode)},
                      {"signal", optionalJson(e.signal)},
                      {"signal_number", optionalJson(e.signalNumber)},
                      {"seconds", e.seconds},
                      {"user_seconds", e.userSeconds},
                      {"system_seconds", e.systemSeconds},
                      {"timeout", e.timeout},
                      {"bytes", optionalJson(e.bytes)},
                      {"bytes_source", e.bytesSource},
                      {"bytes_operator", optionalJson(e.bytesOperator)},
                      {"bytes_output", optionalJson(e.bytesOutput)},
                      {"bytes_per_second", e.bytesPerSecond},
                      {"cpu", e.cpu},
                      {"notes", e.notes},
                      {"stdout", outputJson(e.out)},
                      {"stderr", outputJson(e.err)}},
                     e.extra);
}

Json toJson(const RunOutcome &result)
{
    return std::visit([](const auto &r) { return toJson(r); }, result);
}

Json toJson(const PinResult &p)
{
    Json j{{"applied", toJson(p.applied)},
           {"mismatches", p.mismatches},
           {"journal_created", p.journalCreated},
           {"journal", p.journal}};
    if (p.method)
        j["method"] = *p.method;
    return withExtra(std::move(j), p.extra);
}

Json toJson(const RestoreResult &p)
{
    Json j{
        {"restored", p.restored}, {"state", toJson(p.state)},          {"mismatches", p.mismatches},
        {"cpus", p.cpus},         {"turbo_restored", p.turboRestored}, {"journal", p.journal}};
    if (p.method)
        j["method"] = *p.method;
    return withExtra(std::move(j), p.extra);
}

Json toJson(const PluginInfo &p)
{
    return withExtra({{"name", p.name},
                      {"backend", p.backend},
                      {"version", p.version},
                      {"description", p.description},
                      {"path", p.path},
                      {"origin", p.origin},
                      {"abi", p.abi},
                      {"ciphers", p.ciphers},
                      {"vectors", p.vectors}},
                     p.extra);
}

Json toJson(const CommandBody &body)
{
    struct Visitor
    {
        Json operator()(const HelloCommand &c) const { return withExtra(Json::object(), c.extra); }
        Json operator()(const ListCommand &c) const { return withExtra(Json::object(), c.extra); }
        Json operator()(const SysinfoCommand &c) const
        {
            return withExtra(Json::object(), c.extra);
        }
        Json operator()(const CancelCommand &c) const { return withExtra(Json::object(), c.extra); }
        Json operator()(const QuitCommand &c) const { return withExtra(Json::object(), c.extra); }
        Json operator()(const SelfTestCommand &c) const
        {
            // Every cipher is said by leaving the list out (the firmware reads an empty list
            // as none: firmware/PROTOCOL.md, "selftest").
            Json j = Json::object();
            if (!c.ciphers.empty())
                j["ciphers"] = c.ciphers;
            return withExtra(std::move(j), c.extra);
        }
        Json operator()(const RunCommand &c) const { return toJson(c); }
        Json operator()(const ExecCommand &c) const
        {
            Json j = toJson(c);
            j.erase("kind");
            return j;
        }
        Json operator()(const GovernorCommand &c) const
        {
            Json j{{"action", c.action}};
            if (c.governor)
                j["governor"] = *c.governor;
            if (c.fixFrequency)
                j["fix_frequency"] = true;
            if (c.frequencyKHz)
                j["frequency_khz"] = *c.frequencyKHz;
            if (c.disableTurbo)
                j["disable_turbo"] = true;
            return withExtra(std::move(j), c.extra);
        }
        Json operator()(const CheckCommand &c) const
        {
            return withExtra(
                {{"runs", arrayJson(c.runs, [](const RunCommand &r) { return toJson(r); })}},
                c.extra);
        }
        Json operator()(const KatCommand &c) const
        {
            Json j{{"cipher", c.cipher}, {"backend", c.backend}, {"op", c.op}, {"key", c.key}};
            if (c.iv)
                j["iv"] = *c.iv;
            if (c.nonce)
                j["nonce"] = *c.nonce;
            if (c.aad)
                j["aad"] = *c.aad;
            if (c.offset)
                j["offset"] = *c.offset;
            j["input"] = c.input;
            return withExtra(std::move(j), c.extra);
        }
        Json operator()(const ResetCommand &c) const { return withExtra(Json::object(), c.extra); }
        Json operator()(const ActivityCommand &c) const
        {
            return withExtra(Json::object(), c.extra);
        }
        Json operator()(const SourcesCommand &c) const
        {
            return withExtra(Json::object(), c.extra);
        }
        Json operator()(const SampleCommand &c) const
        {
            Json j{{"resource", c.resource}, {"interval", c.interval}};
            if (c.seconds)
                j["seconds"] = *c.seconds;
            return withExtra(std::move(j), c.extra);
        }
        Json operator()(const SampleStopCommand &c) const
        {
            Json j = Json::object();
            if (c.resource)
                j["resource"] = *c.resource;
            return withExtra(std::move(j), c.extra);
        }
    };
    return std::visit(Visitor{}, body);
}

Json toJson(const EventBody &body)
{
    struct Visitor
    {
        Json operator()(const HelloEvent &h) const
        {
            Json j{{"protocol", h.protocol},
                   {"version", h.version},
                   {"executable", h.executable},
                   {"pid", h.pid},
                   {"system", toJson(h.system)},
                   {"governor_helper", withExtra({{"option", h.governorHelper.option},
                                                  {"method", h.governorHelper.method},
                                                  {"reason", h.governorHelper.reason}},
                                                 h.governorHelper.extra)},
                   {"plugins", arrayJson(h.plugins, [](const PluginInfo &p) { return toJson(p); })},
                   {"plugin_warnings", h.pluginWarnings}};
            if (h.replacedWorker)
                j["replaced_worker"] = *h.replacedWorker;
            if (h.progressInterval)
                j["progress_interval_s"] = *h.progressInterval;
            if (h.dutKind)
                j["dut_kind"] = *h.dutKind;
            if (h.board)
                j["board"] = *h.board;
            if (h.core)
                j["core"] = *h.core;
            if (h.clockHz)
                j["clock_hz"] = *h.clockHz;
            if (h.build)
                j["build"] = *h.build;
            if (h.cyclesReal)
                j["cycles_real"] = *h.cyclesReal;
            const auto put = [&j](const char *name, const auto &value) {
                if (value)
                    j[name] = *value;
            };
            put("board_description", h.boardDescription);
            put("compiler", h.compiler);
            put("image_crc32", h.imageCrc32);
            put("counter", h.counter);
            put("counter_hz", h.counterHz);
            put("counter_note", h.counterNote);
            put("marker", h.marker);
            put("uart_baud", h.uartBaud);
            put("uptime_ms", h.uptimeMs);
            put("max_line", h.maxLine);
            put("max_buffer", h.maxBuffer);
            return withExtra(std::move(j), h.extra);
        }
        Json operator()(const ListEvent &e) const
        {
            return withExtra(
                {{"ciphers",
                  arrayJson(e.ciphers, [](const CatalogueEntry &c) { return toJson(c); })}},
                e.extra);
        }
        Json operator()(const SelfTestEvent &e) const
        {
            return withExtra(
                {{"passed", e.passed},
                 {"results",
                  arrayJson(e.results, [](const SelfTestResult &s) { return toJson(s); })},
                 {"isa_agreement",
                  arrayJson(e.isaAgreement, [](const IsaAgreement &a) { return toJson(a); })}},
                e.extra);
        }
        Json operator()(const SysinfoEvent &e) const
        {
            return withExtra({{"system", toJson(e.system)}}, e.extra);
        }
        Json operator()(const RunStartEvent &e) const
        {
            return withExtra({{"run", std::visit([](const auto &r) { return toJson(r); }, e.run)}},
                             e.extra);
        }
        Json operator()(const ProgressEvent &e) const
        {
            Json j = Json::object();
            if (e.iterations)
                j["iterations"] = *e.iterations;
            if (e.bytes)
                j["bytes"] = *e.bytes;
            j["seconds"] = e.seconds;
            if (e.stdoutBytes)
                j["stdout_bytes"] = *e.stdoutBytes;
            if (e.stderrBytes)
                j["stderr_bytes"] = *e.stderrBytes;
            return withExtra(std::move(j), e.extra);
        }
        Json operator()(const RunEndEvent &e) const
        {
            return withExtra({{"result", toJson(e.result)}}, e.extra);
        }
        Json operator()(const GovernorEvent &e) const
        {
            Json j{{"action", e.action}};
            if (e.reason)
                j["reason"] = *e.reason;
            if (e.method)
                j["method"] = *e.method;
            if (e.state)
                j["state"] = toJson(*e.state);
            if (e.pin)
                j["result"] = toJson(*e.pin);
            if (e.restore)
                j["result"] = toJson(*e.restore);
            return withExtra(std::move(j), e.extra);
        }
        Json operator()(const CancelEvent &e) const
        {
            return withExtra({{"running", e.running}}, e.extra);
        }
        Json operator()(const CheckEvent &e) const
        {
            return withExtra(
                {{"runs",
                  arrayJson(e.runs,
                            [](const CheckVerdict &v) {
                                return withExtra({{"ok", v.ok}, {"message", v.message}}, v.extra);
                            })}},
                e.extra);
        }
        Json operator()(const ErrorEvent &e) const
        {
            Json j{{"message", e.message}};
            if (e.code)
                j["code"] = *e.code;
            return withExtra(std::move(j), e.extra);
        }
        Json operator()(const KatEvent &e) const
        {
            return withExtra(
                {{"cipher", e.cipher}, {"backend", e.backend}, {"op", e.op}, {"output", e.output}},
                e.extra);
        }
        Json operator()(const ResetEvent &e) const { return withExtra(Json::object(), e.extra); }
        Json operator()(const FaultEvent &e) const
        {
            return withExtra({{"exception", e.exception},
                              {"pc", e.pc},
                              {"lr", e.lr},
                              {"cfsr", e.cfsr},
                              {"hfsr", e.hfsr}},
                             e.extra);
        }
        Json operator()(const ActivityEvent &e) const
        {
            return withExtra({{"cpus", e.cpus},
                              {"ticks_per_second", e.ticksPerSecond},
                              {"busy_ticks", e.busyTicks},
                              {"total_ticks", e.totalTicks},
                              {"own_ticks", e.ownTicks}},
                             e.extra);
        }
        Json operator()(const SourcesEvent &e) const
        {
            return withExtra({{"sources", arrayJson(e.sources, powerSourceJson)}}, e.extra);
        }
        Json operator()(const SampleStartEvent &e) const
        {
            return withExtra({{"source", powerSourceJson(e.source)}, {"interval", e.interval}},
                             e.extra);
        }
        Json operator()(const SampleEvent &e) const
        {
            Json j{{"resource", e.resource}, {"t", e.t}, {"watts", e.watts}, {"span", e.span}};
            if (e.wrapped)
                j["wrapped"] = true;
            if (e.updateInterval)
                j["update_interval"] = *e.updateInterval;
            return withExtra(std::move(j), e.extra);
        }
        Json operator()(const SampleEndEvent &e) const
        {
            Json j{{"resource", e.resource}, {"samples", e.samples}, {"reason", e.reason}};
            if (!e.message.empty())
                j["message"] = e.message;
            return withExtra(std::move(j), e.extra);
        }
        Json operator()(const ByeEvent &e) const
        {
            return withExtra({{"reason", e.reason}}, e.extra);
        }
        Json operator()(const UnknownEvent &e) const { return e.json; }
    };
    return std::visit(Visitor{}, body);
}

std::string encodeCommand(const Command &command)
{
    Json j{{"cmd", commandName(command.body)}};
    if (command.id)
        j["id"] = *command.id;
    const Json body = toJson(command.body);
    for (auto it = body.begin(); it != body.end(); ++it)
        j[it.key()] = it.value();
    return dumpLine(j);
}

std::string encodeEvent(const Event &event)
{
    if (const auto *unknown = std::get_if<UnknownEvent>(&event.body))
        return dumpLine(unknown->json);
    Json j{{"event", eventName(event.body)}};
    if (event.id)
        j["id"] = *event.id;
    const Json body = toJson(event.body);
    for (auto it = body.begin(); it != body.end(); ++it)
        j[it.key()] = it.value();
    return dumpLine(j);
}

std::string dumpLine(const Json &json)
{
    return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

} // namespace cipherwatt::protocol
