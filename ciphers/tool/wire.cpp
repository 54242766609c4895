#include "wire.h"

#include <cipherwatt/ciphers/cipher.h>
#include <cipherwatt/ciphers/isa.h>

namespace cipherwatt::bench {

using namespace cipherwatt::ciphers;

namespace {

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

std::vector<std::string> isaNames(const std::vector<Isa> &isas)
{
    std::vector<std::string> out;
    for (const Isa isa : isas)
        out.emplace_back(isaName(isa));
    return out;
}

protocol::CapturedOutput toProtocol(const CapturedOutput &out)
{
    protocol::CapturedOutput o;
    o.text = out.text;
    o.bytes = out.totalBytes;
    o.truncated = out.truncated;
    return o;
}

} // namespace

protocol::CatalogueEntry toProtocol(const CipherInfo &info,
                                    const std::vector<std::string> &backends)
{
    protocol::CatalogueEntry c;
    c.id = info.id;
    c.family = info.family;
    c.mode = info.mode;
    c.keyBits = info.keyBits;
    c.blockBits = info.blockBits;
    c.keyBytes = info.keyBytes();
    c.keyBytesMin = info.keyMinBytes;
    c.keyBytesMax = info.keyMaxBytes;
    c.ivKind = ivKindName(info.ivKind);
    c.ivBytes = info.ivBytes;
    c.tagBytes = info.tagBytes;
    for (const Operation op : info.operations())
        c.operations.emplace_back(operationName(op));
    c.note = info.note;
    c.backends = backends;
    return c;
}

protocol::Provenance toProtocol(const Provenance &p)
{
    protocol::Provenance out;
    out.backend = p.backend;
    out.library = p.library;
    out.implementation = p.implementation;
    out.note = p.providerNote;
    return out;
}

protocol::RunCommand toProtocol(const RunSpec &spec)
{
    protocol::RunCommand c;
    c.cipher = spec.cipherId;
    c.backend = spec.backend;
    c.op = operationName(spec.operation);
    c.buffer = spec.bufferBytes;
    if (spec.iterations > 0)
        c.iterations = spec.iterations;
    else
        c.seconds = spec.seconds;
    c.cpu = spec.cpu;
    c.seed = spec.seed;
    c.chunking = chunkingName(spec.chunking);
    if (spec.isa)
        c.isa = std::string(isaName(*spec.isa));
    if (spec.payload) {
        c.payload = std::string(payloadKindName(spec.payload->kind));
        if (spec.payload->kind == PayloadKind::File)
            c.payloadFile = spec.payload->path;
    }
    if (spec.padWithZeros)
        c.pad = "zeros";
    return c;
}

protocol::BenchResult toProtocol(const RunResult &r)
{
    protocol::BenchResult b;
    b.cipher = r.spec.cipherId;
    b.backend = r.spec.backend;
    b.op = operationName(r.spec.operation);
    b.buffer = r.spec.bufferBytes;
    b.chunking = chunkingName(r.spec.chunking);
    b.iterations = r.iterations;
    b.bytes = r.bytes;
    b.seconds = r.seconds;
    b.cycles = r.cycles;
    b.counter = r.counter;
    b.counterHz = r.counterHz;
    b.bytesPerSecond = r.bytesPerSecond;
    b.cyclesPerByte = r.cyclesPerByte;
    b.cyclesPerOp = r.cyclesPerOperation;
    b.warmupIterations = r.warmupIterations;
    b.verified = r.verified;
    b.cancelled = r.cancelled;
    b.katVectorsChecked = r.knownAnswerVectors;
    b.cpu = r.cpu;
    b.isa = isaName(r.isa);
    b.provenance = toProtocol(r.provenance);
    if (r.spec.payload) {
        b.payload = std::string(payloadKindName(r.spec.payload->kind));
        if (r.spec.payload->kind == PayloadKind::File)
            b.payloadFile = r.spec.payload->path;
        b.payloadSha256 = r.payloadSha256;
    }
    if (r.processedBytes > 0)
        b.processedBytes = r.processedBytes;
    if (r.outputBytes > 0)
        b.outputBytes = r.outputBytes;
    return b;
}

protocol::GovernorState toProtocol(const GovernorState &state)
{
    protocol::GovernorState g;
    for (const auto &c : state.cpus) {
        protocol::CpuFrequency f;
        f.cpu = c.cpu;
        f.governor = c.governor;
        f.availableGovernors = c.availableGovernors;
        f.minKHz = c.minKHz;
        f.maxKHz = c.maxKHz;
        f.curKHz = c.curKHz;
        f.hwMinKHz = c.hwMinKHz;
        f.hwMaxKHz = c.hwMaxKHz;
        f.availableKHz = c.availableKHz;
        g.cpus.push_back(std::move(f));
    }
    g.turbo.control = turboControlName(state.turbo.control);
    if (state.turbo.present())
        g.turbo.enabled = state.turbo.enabled;
    return g;
}

protocol::PinResult toProtocol(const PinResult &r)
{
    protocol::PinResult p;
    p.applied = toProtocol(r.applied);
    p.mismatches = r.mismatches;
    p.journalCreated = r.journalCreated;
    p.journal = r.journalPath.string();
    return p;
}

protocol::RestoreResult toProtocol(const RestoreResult &r)
{
    protocol::RestoreResult p;
    p.restored = r.restored;
    p.state = toProtocol(r.state);
    p.mismatches = r.mismatches;
    p.cpus = r.cpus;
    p.turboRestored = r.turboRestored;
    p.journal = r.journalPath.string();
    return p;
}

protocol::SystemInfo toProtocol(const SystemInfo &info)
{
    protocol::SystemInfo s;
    s.cpuModel = info.cpuModel;
    s.logicalCores = info.logicalCores;
    s.architecture = info.architecture;
    s.kernel = info.kernel;
    s.hostname = info.hostname;
    s.cpuFeatures = info.cpuFeatures;
    s.isa = isaName(isaLimit());
    s.isaSupported = isaNames(supportedIsas());
    s.governor = toProtocol(info.governor);
    for (const auto &t : info.temperatures)
        s.temperatures.push_back({t.sensor, t.label, t.celsius, {}});
    for (const auto &[backend, version] : libraryVersions())
        s.libraries[backend] = version;
    s.warnings = info.warnings;
    return s;
}

protocol::PluginInfo toProtocol(const PluginInfo &plugin)
{
    protocol::PluginInfo p;
    p.name = plugin.name;
    p.backend = plugin.backend;
    p.version = plugin.version;
    p.description = plugin.description;
    p.path = plugin.path.string();
    p.origin = plugin.origin;
    p.abi = plugin.abiVersion;
    p.ciphers = plugin.cipherIds;
    p.vectors = plugin.vectorCount;
    return p;
}

std::vector<protocol::PluginInfo> loadedPluginsInfo()
{
    std::vector<protocol::PluginInfo> out;
    for (const auto &p : loadedPlugins())
        out.push_back(toProtocol(p));
    return out;
}

protocol::ExecCommand toProtocol(const CommandSpec &spec)
{
    protocol::ExecCommand c;
    c.label = spec.label;
    c.argv = spec.argv;
    c.timeout = spec.timeoutSeconds;
    c.bytes = spec.bytes;
    c.cpu = spec.cpu;
    return c;
}

protocol::ExecResult toProtocol(const CommandResult &r)
{
    protocol::ExecResult e;
    e.label = r.spec.label;
    e.argv = r.spec.argv;
    e.program = r.program;
    e.pid = r.pid;
    e.status = commandStatusName(r.status);
    e.verified = r.verified();
    e.failure = r.failure;
    e.exitCode = r.exitCode;
    if (r.signal)
        e.signal = signalName(*r.signal);
    e.signalNumber = r.signal;
    e.seconds = r.seconds;
    e.userSeconds = r.userSeconds;
    e.systemSeconds = r.systemSeconds;
    e.timeout = r.spec.timeoutSeconds;
    e.bytes = r.bytes;
    e.bytesSource = r.bytesSource;
    e.bytesOperator = r.spec.bytes;
    e.bytesOutput = r.outputBytes;
    e.bytesPerSecond = r.bytesPerSecond;
    e.cpu = r.spec.cpu;
    e.notes = r.notes;
    e.out = toProtocol(r.out);
    e.err = toProtocol(r.err);
    return e;
}

protocol::IsaAgreement toProtocol(const IsaAgreement &a)
{
    protocol::IsaAgreement p;
    p.cipher = a.cipherId;
    p.backend = a.backend;
    p.isa = a.isa;
    p.agreed = a.agreed;
    p.message = a.message;
    return p;
}

RunSpec toRunSpec(const protocol::RunCommand &command)
{
    RunSpec spec;
    spec.cipherId = command.cipher;
    spec.backend = command.backend;
    const auto parsed = parseOperation(command.op);
    if (!parsed)
        throw CipherError("op: unknown operation '" + protocol::quotePrefix(command.op) + "'");
    spec.operation = *parsed;
    if (command.buffer) {
        if (*command.buffer == 0)
            throw CipherError("buffer: must be positive");
        spec.bufferBytes = static_cast<std::size_t>(*command.buffer);
    }
    if (command.iterations) {
        if (*command.iterations == 0)
            throw CipherError("iterations: must be positive");
        spec.iterations = *command.iterations;
    }
    if (command.seconds) {
        if (!(*command.seconds > 0))
            throw CipherError("seconds: must be positive");
        spec.seconds = *command.seconds;
    }
    if (command.cpu)
        spec.cpu = *command.cpu;
    if (command.seed)
        spec.seed = *command.seed;
    if (command.chunking) {
        const auto mode = parseChunking(*command.chunking);
        if (!mode)
            throw CipherError("chunking: must be message or stream");
        spec.chunking = *mode;
    }
    if (command.isa) {
        const auto level = parseIsa(*command.isa);
        if (!level)
            throw CipherError("isa: must be portable, sse2, avx2, avx512 or neon, got '" +
                              protocol::quotePrefix(*command.isa) + "'");
        spec.isa = *level;
    }
    if (command.payload) {
        const auto kind = parsePayloadKind(*command.payload);
        if (!kind)
            throw CipherError("payload: must be random, zeros or file, got '" +
                              protocol::quotePrefix(*command.payload) + "'");
        spec.payload = Payload{*kind, command.payloadFile.value_or(std::string())};
        if (*kind == PayloadKind::File && !command.payloadFile)
            throw CipherError("payload: file needs payload_file, the file's absolute path");
    } else if (command.payloadFile) {
        throw CipherError("payload_file: only with payload file");
    }
    if (command.pad) {
        if (*command.pad != "zeros")
            throw CipherError("pad: must be zeros, got '" + protocol::quotePrefix(*command.pad) +
                              "'");
        spec.padWithZeros = true;
    }
    validateRunSpec(spec);
    return spec;
}

CommandSpec toCommandSpec(const protocol::ExecCommand &command)
{
    CommandSpec spec;
    spec.argv = command.argv;
    spec.label = command.label.empty() ? defaultCommandLabel(spec.argv) : command.label;
    if (command.timeout)
        spec.timeoutSeconds = *command.timeout;
    if (command.bytes) {
        if (*command.bytes == 0)
            throw CipherError("bytes: must be at least 1");
        spec.bytes = *command.bytes;
    }
    if (command.cpu)
        spec.cpu = *command.cpu;
    validateCommandSpec(spec);
    return spec;
}

std::string eventLine(protocol::EventBody body, std::optional<std::int64_t> id)
{
    return protocol::encodeEvent({id, std::move(body)});
}

} // namespace cipherwatt::bench
