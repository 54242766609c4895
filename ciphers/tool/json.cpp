#include "json.h"

#include <cipherwatt/ciphers/cipher.h>
#include <cipherwatt/ciphers/isa.h>

namespace cipherwatt::bench {

using namespace cipherwatt::ciphers;

namespace {

Json operationsJson(const CipherInfo &info)
{
    Json ops = Json::array();
    for (const Operation op : info.operations())
        ops.push_back(operationName(op));
    return ops;
}

std::string turboControlName(TurboControl c)
{
    switch (c) {
    case TurboControl::None:
        return "none";
    case TurboControl::IntelPstateNoTurbo:
        return "intel_pstate/no_turbo";
    case TurboControl::CpufreqBoost:
        return "cpufreq/boost";
    }
    return "?";
}

Json isaNames(const std::vector<Isa> &isas)
{
    Json out = Json::array();
    for (const Isa isa : isas)
        out.push_back(isaName(isa));
    return out;
}

} // namespace

Json toJson(const CipherInfo &info, const std::vector<std::string> &backends)
{
    return {{"id", info.id},
            {"family", info.family},
            {"mode", info.mode},
            {"key_bits", info.keyBits},
            {"block_bits", info.blockBits},
            {"key_bytes", info.keyBytes()},
            {"key_bytes_min", info.keyMinBytes},
            {"key_bytes_max", info.keyMaxBytes},
            {"iv_kind", ivKindName(info.ivKind)},
            {"iv_bytes", info.ivBytes},
            {"tag_bytes", info.tagBytes},
            {"operations", operationsJson(info)},
            {"note", info.note},
            {"backends", backends}};
}

Json toJson(const Provenance &p)
{
    return {{"backend", p.backend},
            {"library", p.library},
            {"implementation", p.implementation},
            {"note", p.providerNote}};
}

Json toJson(const RunSpec &spec)
{
    Json j{{"cipher", spec.cipherId},
           {"backend", spec.backend},
           {"op", operationName(spec.operation)},
           {"buffer", spec.bufferBytes}};
    if (spec.iterations > 0)
        j["iterations"] = spec.iterations;
    else
        j["seconds"] = spec.seconds;
    j["cpu"] = spec.cpu;
    j["seed"] = spec.seed;
    j["chunking"] = chunkingName(spec.chunking);
    return j;
}

Json toJson(const RunResult &r)
{
    return {{"cipher", r.spec.cipherId},
            {"backend", r.spec.backend},
            {"op", operationName(r.spec.operation)},
            {"buffer", r.spec.bufferBytes},
            {"chunking", chunkingName(r.spec.chunking)},
            {"iterations", r.iterations},
            {"bytes", r.bytes},
            {"seconds", r.seconds},
            {"cycles", r.cycles},
            {"counter", r.counter},
            {"counter_hz", r.counterHz},
            {"bytes_per_second", r.bytesPerSecond},
            {"cycles_per_byte", r.cyclesPerByte},
            {"cycles_per_op", r.cyclesPerOperation},
            {"warmup_iterations", r.warmupIterations},
            {"verified", r.verified},
            {"cancelled", r.cancelled},
            {"kat_vectors_checked", r.knownAnswerVectors},
            {"cpu", r.cpu},
            {"isa", isaName(isaLimit())},
            {"provenance", toJson(r.provenance)}};
}

Json toJson(const GovernorState &state)
{
    Json cpus = Json::array();
    for (const auto &c : state.cpus) {
        cpus.push_back({{"cpu", c.cpu},
                        {"governor", c.governor},
                        {"available_governors", c.availableGovernors},
                        {"min_khz", c.minKHz},
                        {"max_khz", c.maxKHz},
                        {"cur_khz", c.curKHz},
                        {"hw_min_khz", c.hwMinKHz},
                        {"hw_max_khz", c.hwMaxKHz}});
    }
    Json turbo{{"control", turboControlName(state.turbo.control)}};
    if (state.turbo.present())
        turbo["enabled"] = state.turbo.enabled;
    return {{"cpus", cpus}, {"turbo", turbo}};
}

Json toJson(const PinResult &r)
{
    return {{"applied", toJson(r.applied)},
            {"mismatches", r.mismatches},
            {"journal_created", r.journalCreated},
            {"journal", r.journalPath.string()}};
}

Json toJson(const RestoreResult &r)
{
    return {{"restored", r.restored},
            {"state", toJson(r.state)},
            {"mismatches", r.mismatches},
            {"cpus", r.cpus},
            {"turbo_restored", r.turboRestored},
            {"journal", r.journalPath.string()}};
}

Json toJson(const SystemInfo &info)
{
    Json temps = Json::array();
    for (const auto &t : info.temperatures)
        temps.push_back({{"sensor", t.sensor}, {"label", t.label}, {"celsius", t.celsius}});
    Json libs = Json::object();
    for (const auto &[backend, version] : libraryVersions())
        libs[backend] = version;
    return {{"cpu_model", info.cpuModel},
            {"logical_cores", info.logicalCores},
            {"architecture", info.architecture},
            {"kernel", info.kernel},
            {"hostname", info.hostname},
            {"cpu_features", info.cpuFeatures},
            {"isa", isaName(isaLimit())},
            {"isa_supported", isaNames(supportedIsas())},
            {"governor", toJson(info.governor)},
            {"temperatures", temps},
            {"libraries", libs},
            {"warnings", info.warnings}};
}

Json toJson(const PluginInfo &plugin)
{
    return {{"name", plugin.name},          {"backend", plugin.backend},
            {"version", plugin.version},    {"description", plugin.description},
            {"path", plugin.path.string()}, {"origin", plugin.origin},
            {"abi", plugin.abiVersion},     {"ciphers", plugin.cipherIds},
            {"vectors", plugin.vectorCount}};
}

Json pluginsJson()
{
    Json out = Json::array();
    for (const auto &p : loadedPlugins())
        out.push_back(toJson(p));
    return out;
}

namespace {

template<typename T>
Json optionalJson(const std::optional<T> &value)
{
    return value ? Json(*value) : Json();
}

Json outputJson(const CapturedOutput &out)
{
    return {{"text", out.text}, {"bytes", out.totalBytes}, {"truncated", out.truncated}};
}

} // namespace

Json toJson(const CommandSpec &spec)
{
    return {{"kind", "exec"},
            {"label", spec.label},
            {"argv", spec.argv},
            {"timeout", spec.timeoutSeconds},
            {"bytes", optionalJson(spec.bytes)},
            {"cpu", spec.cpu}};
}

Json toJson(const CommandResult &r)
{
    return {{"kind", "exec"},
            {"label", r.spec.label},
            {"argv", r.spec.argv},
            {"program", r.program},
            {"pid", r.pid},
            {"status", commandStatusName(r.status)},
            {"verified", r.verified()},
            {"failure", r.failure},
            {"exit_code", optionalJson(r.exitCode)},
            {"signal", r.signal ? Json(signalName(*r.signal)) : Json()},
            {"signal_number", optionalJson(r.signal)},
            {"seconds", r.seconds},
            {"user_seconds", r.userSeconds},
            {"system_seconds", r.systemSeconds},
            {"timeout", r.spec.timeoutSeconds},
            {"bytes", optionalJson(r.bytes)},
            {"bytes_source", r.bytesSource},
            {"bytes_operator", optionalJson(r.spec.bytes)},
            {"bytes_output", optionalJson(r.outputBytes)},
            {"bytes_per_second", r.bytesPerSecond},
            {"cpu", r.spec.cpu},
            {"notes", r.notes},
            {"stdout", outputJson(r.out)},
            {"stderr", outputJson(r.err)}};
}

std::string dumpLine(const Json &event)
{
    return event.dump(-1, ' ', false, Json::error_handler_t::replace);
}

} // namespace cipherwatt::bench
