// Decoding: lines and JSON values to the types of messages.h.

#include "reader.h"

#include <cipherwatt/protocol/codec.h>

namespace cipherwatt::protocol {

using namespace detail;

namespace {

// ---- Decoders of the pieces --------------------------------------------------------------

CpuFrequency readCpuFrequency(Reader &r)
{
    CpuFrequency c;
    c.cpu = r.req<unsigned>("cpu");
    c.governor = r.get<std::string>("governor", {});
    c.availableGovernors = r.get<std::vector<std::string>>("available_governors", {});
    c.minKHz = r.get<std::uint64_t>("min_khz", 0);
    c.maxKHz = r.get<std::uint64_t>("max_khz", 0);
    c.curKHz = r.get<std::uint64_t>("cur_khz", 0);
    c.hwMinKHz = r.get<std::uint64_t>("hw_min_khz", 0);
    c.hwMaxKHz = r.get<std::uint64_t>("hw_max_khz", 0);
    c.availableKHz = r.get<std::vector<std::uint64_t>>("available_khz", {});
    c.extra = r.rest();
    return c;
}

Turbo readTurbo(Reader &r)
{
    Turbo t;
    t.control = r.get<std::string>("control", "none");
    t.enabled = r.opt<bool>("enabled");
    t.extra = r.rest();
    return t;
}

GovernorState readGovernorState(Reader &r)
{
    GovernorState g;
    g.cpus = r.list("cpus", readCpuFrequency);
    g.turbo = r.subOpt("turbo", readTurbo).value_or(Turbo{});
    g.extra = r.rest();
    return g;
}

Temperature readTemperature(Reader &r)
{
    Temperature t;
    t.sensor = r.get<std::string>("sensor", {});
    t.label = r.get<std::string>("label", {});
    t.celsius = r.req<double>("celsius");
    t.extra = r.rest();
    return t;
}

SystemInfo readSystemInfo(Reader &r)
{
    SystemInfo s;
    s.cpuModel = r.get<std::string>("cpu_model", {});
    s.logicalCores = r.get<unsigned>("logical_cores", 0);
    s.architecture = r.get<std::string>("architecture", {});
    s.kernel = r.get<std::string>("kernel", {});
    s.hostname = r.get<std::string>("hostname", {});
    s.cpuFeatures = r.get<std::vector<std::string>>("cpu_features", {});
    s.isa = r.get<std::string>("isa", {});
    s.isaSupported = r.get<std::vector<std::string>>("isa_supported", {});
    s.governor = r.subOpt("governor", readGovernorState).value_or(GovernorState{});
    s.temperatures = r.list("temperatures", readTemperature);
    s.libraries = r.get<std::map<std::string, std::string>>("libraries", {});
    s.warnings = r.get<std::vector<std::string>>("warnings", {});
    s.extra = r.rest();
    return s;
}

CatalogueEntry readCatalogueEntry(Reader &r)
{
    CatalogueEntry c;
    c.id = r.req<std::string>("id");
    c.family = r.get<std::string>("family", {});
    c.mode = r.get<std::string>("mode", {});
    c.keyBits = r.get<unsigned>("key_bits", 0);
    c.blockBits = r.get<unsigned>("block_bits", 0);
    c.keyBytes = r.get<std::uint64_t>("key_bytes", 0);
    c.keyBytesMin = r.get<std::uint64_t>("key_bytes_min", 0);
    c.keyBytesMax = r.get<std::uint64_t>("key_bytes_max", 0);
    c.ivKind = r.get<std::string>("iv_kind", {});
    c.ivBytes = r.get<std::uint64_t>("iv_bytes", 0);
    c.tagBytes = r.get<std::uint64_t>("tag_bytes", 0);
    c.operations = r.req<std::vector<std::string>>("operations");
    c.note = r.get<std::string>("note", {});
    c.backends = r.req<std::vector<std::string>>("backends");
    c.extra = r.rest();
    return c;
}

PluginInfo readPluginInfo(Reader &r)
{
    PluginInfo p;
    p.name = r.req<std::string>("name");
    p.backend = r.get<std::string>("backend", {});
    p.version = r.get<std::string>("version", {});
    p.description = r.get<std::string>("description", {});
    p.path = r.get<std::string>("path", {});
    p.origin = r.get<std::string>("origin", {});
    p.abi = r.get<unsigned>("abi", 0);
    p.ciphers = r.get<std::vector<std::string>>("ciphers", {});
    p.vectors = r.get<std::uint64_t>("vectors", 0);
    p.extra = r.rest();
    return p;
}

SelfTestResult readSelfTestResult(Reader &r)
{
    SelfTestResult s;
    s.cipher = r.req<std::string>("cipher");
    s.backend = r.req<std::string>("backend");
    s.status = r.req<std::string>("status");
    s.passed = r.get<std::uint64_t>("passed", 0);
    s.failed = r.get<std::uint64_t>("failed", 0);
    s.unavailable = r.get<std::uint64_t>("unavailable", 0);
    s.messages = r.get<std::vector<std::string>>("messages", {});
    s.extra = r.rest();
    return s;
}

IsaAgreement readIsaAgreement(Reader &r)
{
    IsaAgreement a;
    a.cipher = r.req<std::string>("cipher");
    a.backend = r.req<std::string>("backend");
    a.isa = r.get<std::string>("isa", {});
    a.agreed = r.req<bool>("agreed");
    a.message = r.get<std::string>("message", {});
    a.extra = r.rest();
    return a;
}

Provenance readProvenance(Reader &r)
{
    Provenance p;
    p.backend = r.get<std::string>("backend", {});
    p.library = r.get<std::string>("library", {});
    p.implementation = r.get<std::string>("implementation", {});
    p.note = r.get<std::string>("note", {});
    p.extra = r.rest();
    return p;
}

RunCommand readRunCommand(Reader &r)
{
    RunCommand c;
    c.cipher = r.req<std::string>("cipher");
    c.backend = r.req<std::string>("backend");
    c.op = r.get<std::string>("op", "encrypt");
    c.buffer = r.opt<std::uint64_t>("buffer");
    c.iterations = r.opt<std::uint64_t>("iterations");
    c.seconds = r.opt<double>("seconds");
    c.cpu = r.opt<int>("cpu");
    c.seed = r.opt<std::uint64_t>("seed");
    c.chunking = r.opt<std::string>("chunking");
    c.isa = r.opt<std::string>("isa");
    c.frequencyKHz = r.opt<std::uint64_t>("frequency_khz");
    c.governor = r.opt<std::string>("governor");
    c.payload = r.opt<std::string>("payload");
    c.payloadFile = r.opt<std::string>("payload_file");
    c.pad = r.opt<std::string>("pad");
    c.extra = r.rest();
    return c;
}

ExecCommand readExecCommand(Reader &r)
{
    ExecCommand c;
    r.use("kind");
    c.argv = r.req<std::vector<std::string>>("argv");
    c.label = r.get<std::string>("label", {});
    c.timeout = r.opt<double>("timeout");
    c.bytes = r.opt<std::uint64_t>("bytes");
    c.cpu = r.opt<int>("cpu");
    c.frequencyKHz = r.opt<std::uint64_t>("frequency_khz");
    c.governor = r.opt<std::string>("governor");
    c.extra = r.rest();
    return c;
}

GovernorCommand readGovernorCommand(Reader &r)
{
    GovernorCommand c;
    c.action = r.req<std::string>("action");
    c.governor = r.opt<std::string>("governor");
    c.fixFrequency = r.get<bool>("fix_frequency", false);
    c.frequencyKHz = r.opt<std::uint64_t>("frequency_khz");
    c.disableTurbo = r.get<bool>("disable_turbo", false);
    c.extra = r.rest();
    return c;
}

BenchResult readBenchResult(Reader &r)
{
    BenchResult b;
    b.cipher = r.req<std::string>("cipher");
    b.backend = r.req<std::string>("backend");
    b.op = r.req<std::string>("op");
    b.buffer = r.get<std::uint64_t>("buffer", 0);
    b.chunking = r.get<std::string>("chunking", {});
    b.iterations = r.req<std::uint64_t>("iterations");
    b.bytes = r.req<std::uint64_t>("bytes");
    b.seconds = r.req<double>("seconds");
    b.cycles = r.get<std::uint64_t>("cycles", 0);
    b.counter = r.get<std::string>("counter", {});
    b.counterHz = r.get<double>("counter_hz", 0.0);
    b.bytesPerSecond = r.get<double>("bytes_per_second", 0.0);
    b.cyclesPerByte = r.get<double>("cycles_per_byte", 0.0);
    b.cyclesPerOp = r.get<double>("cycles_per_op", 0.0);
    b.warmupIterations = r.get<std::uint64_t>("warmup_iterations", 0);
    b.verified = r.req<bool>("verified");
    b.cancelled = r.get<bool>("cancelled", false);
    b.katVectorsChecked = r.get<std::uint64_t>("kat_vectors_checked", 0);
    b.cpu = r.get<int>("cpu", -1);
    b.isa = r.get<std::string>("isa", {});
    b.provenance = r.subOpt("provenance", readProvenance).value_or(Provenance{});
    b.cyclesReal = r.opt<bool>("cycles_real");
    b.tagBytes = r.opt<std::uint64_t>("tag_bytes");
    b.startOffsetSeconds = r.opt<double>("start_offset_seconds");
    b.frequencyKHz = r.opt<std::uint64_t>("frequency_khz");
    b.governor = r.opt<std::string>("governor");
    b.payload = r.opt<std::string>("payload");
    b.payloadFile = r.opt<std::string>("payload_file");
    b.payloadSha256 = r.opt<std::string>("payload_sha256");
    b.processedBytes = r.opt<std::uint64_t>("processed_bytes");
    b.outputBytes = r.opt<std::uint64_t>("output_bytes");
    b.extra = r.rest();
    return b;
}

CapturedOutput readCapturedOutput(Reader &r)
{
    CapturedOutput o;
    o.text = r.get<std::string>("text", {});
    o.bytes = r.get<std::uint64_t>("bytes", 0);
    o.truncated = r.get<bool>("truncated", false);
    o.extra = r.rest();
    return o;
}

ExecResult readExecResult(Reader &r)
{
    ExecResult e;
    r.use("kind");
    e.label = r.get<std::string>("label", {});
    e.argv = r.get<std::vector<std::string>>("argv", {});
    e.program = r.get<std::string>("program", {});
    e.pid = r.get<std::int64_t>("pid", 0);
    e.status = r.req<std::string>("status");
    e.verified = r.req<bool>("verified");
    e.failure = r.get<std::string>("failure", {});
    e.exitCode = r.opt<int>("exit_code");
    e.signal = r.opt<std::string>("signal");
    e.signalNumber = r.opt<int>("signal_number");
    e.seconds = r.req<double>("seconds");
    e.userSeconds = r.get<double>("user_seconds", 0.0);
    e.systemSeconds = r.get<double>("system_seconds", 0.0);
    e.timeout = r.get<double>("timeout", 0.0);
    e.bytes = r.opt<std::uint64_t>("bytes");
    e.bytesSource = r.get<std::string>("bytes_source", {});
    e.bytesOperator = r.opt<std::uint64_t>("bytes_operator");
    e.bytesOutput = r.opt<std::uint64_t>("bytes_output");
    e.bytesPerSecond = r.get<double>("bytes_per_second", 0.0);
    e.cpu = r.get<int>("cpu", -1);
    e.notes = r.get<std::vector<std::string>>("notes", {});
    e.out = r.subOpt("stdout", readCapturedOutput).value_or(CapturedOutput{});
    e.err = r.subOpt("stderr", readCapturedOutput).value_or(CapturedOutput{});
    e.extra = r.rest();
    return e;
}

bool isExec(const Json &json)
{
    const auto it = json.find("kind");
    return it != json.end() && it->is_string() && it->get<std::string>() == "exec";
}

RunOutcome readRunOutcome(Reader &r, const Json &json)
{
    if (isExec(json))
        return readExecResult(r);
    return readBenchResult(r);
}

RunRequest readRunRequest(Reader &r, const Json &json)
{
    if (isExec(json))
        return readExecCommand(r);
    return readRunCommand(r);
}

PinResult readPinResult(Reader &r)
{
    PinResult p;
    p.method = r.opt<std::string>("method");
    p.applied = r.subOpt("applied", readGovernorState).value_or(GovernorState{});
    p.mismatches = r.get<std::vector<std::string>>("mismatches", {});
    p.journalCreated = r.get<bool>("journal_created", false);
    p.journal = r.get<std::string>("journal", {});
    p.extra = r.rest();
    return p;
}

RestoreResult readRestoreResult(Reader &r)
{
    RestoreResult p;
    p.method = r.opt<std::string>("method");
    p.restored = r.req<bool>("restored");
    p.state = r.subOpt("state", readGovernorState).value_or(GovernorState{});
    p.mismatches = r.get<std::vector<std::string>>("mismatches", {});
    p.cpus = r.get<std::vector<unsigned>>("cpus", {});
    p.turboRestored = r.get<bool>("turbo_restored", false);
    p.journal = r.get<std::string>("journal", {});
    p.extra = r.rest();
    return p;
}

SelfTestEvent readSelfTest(Reader &r)
{
    SelfTestEvent e;
    e.passed = r.get<bool>("passed", false);
    e.results = r.list("results", readSelfTestResult);
    e.isaAgreement = r.list("isa_agreement", readIsaAgreement);
    e.extra = r.rest();
    return e;
}

CommandBody readCommandBody(const std::string &name, Reader &r, const Json &json)
{
    if (name == "hello")
        return HelloCommand{r.rest()};
    if (name == "list")
        return ListCommand{r.rest()};
    if (name == "sysinfo")
        return SysinfoCommand{r.rest()};
    if (name == "cancel")
        return CancelCommand{r.rest()};
    if (name == "quit")
        return QuitCommand{r.rest()};
    if (name == "selftest") {
        SelfTestCommand c;
        c.ciphers = r.get<std::vector<std::string>>("ciphers", {});
        c.extra = r.rest();
        return c;
    }
    if (name == "run")
        return readRunCommand(r);
    if (name == "exec")
        return readExecCommand(r);
    if (name == "governor")
        return readGovernorCommand(r);
    if (name == "check") {
        CheckCommand c;
        c.runs = r.list("runs", readRunCommand);
        c.extra = r.rest();
        return c;
    }
    if (name == "kat") {
        KatCommand c;
        c.cipher = r.req<std::string>("cipher");
        c.backend = r.req<std::string>("backend");
        c.op = r.req<std::string>("op");
        c.key = r.req<std::string>("key");
        c.iv = r.opt<std::string>("iv");
        c.nonce = r.opt<std::string>("nonce");
        c.aad = r.opt<std::string>("aad");
        c.offset = r.opt<std::uint64_t>("offset");
        c.input = r.req<std::string>("input");
        c.extra = r.rest();
        return c;
    }
    if (name == "reset")
        return ResetCommand{r.rest()};
    if (name == "activity")
        return ActivityCommand{r.rest()};
    if (name == "sources")
        return SourcesCommand{r.rest()};
    if (name == "sample") {
        SampleCommand c;
        c.resource = r.req<std::string>("resource");
        c.interval = r.req<double>("interval");
        c.seconds = r.opt<double>("seconds");
        c.extra = r.rest();
        return c;
    }
    if (name == "sample_stop") {
        SampleStopCommand c;
        c.resource = r.opt<std::string>("resource");
        c.extra = r.rest();
        return c;
    }
    (void)json;
    std::string names;
    for (const char *n : kCommandNames)
        names += names.empty() ? std::string(n) : std::string(", ") + n;
    throw ProtocolError("unknown command '" + quotePrefix(name) + "'; commands: " + names);
}

// ---- Events ------------------------------------------------------------------------------

HelloEvent readHello(Reader &r)
{
    HelloEvent h;
    h.protocol = r.req<int>("protocol");
    h.version = r.req<std::string>("version");
    h.executable = r.get<std::string>("executable", {});
    h.pid = r.get<std::int64_t>("pid", 0);
    h.system = r.subOpt("system", readSystemInfo).value_or(SystemInfo{});
    h.governorHelper = r.subOpt("governor_helper", [](Reader &g) {
                            GovernorHelperInfo info;
                            info.option = g.get<std::string>("option", {});
                            info.method = g.get<std::string>("method", {});
                            info.reason = g.get<std::string>("reason", {});
                            info.extra = g.rest();
                            return info;
                        }).value_or(GovernorHelperInfo{});
    h.plugins = r.list("plugins", readPluginInfo);
    h.pluginWarnings = r.get<std::vector<std::string>>("plugin_warnings", {});
    h.replacedWorker = r.opt<std::int64_t>("replaced_worker");
    h.progressInterval = r.opt<double>("progress_interval_s");
    h.dutKind = r.opt<std::string>("dut_kind");
    h.board = r.opt<std::string>("board");
    h.core = r.opt<std::string>("core");
    h.clockHz = r.opt<std::uint64_t>("clock_hz");
    h.build = r.opt<std::string>("build");
    h.cyclesReal = r.opt<bool>("cycles_real");
    h.boardDescription = r.opt<std::string>("board_description");
    h.compiler = r.opt<std::string>("compiler");
    h.imageCrc32 = r.opt<std::string>("image_crc32");
    h.counter = r.opt<std::string>("counter");
    h.counterHz = r.opt<std::uint64_t>("counter_hz");
    h.counterNote = r.opt<std::string>("counter_note");
    h.marker = r.opt<std::string>("marker");
    h.uartBaud = r.opt<std::uint64_t>("uart_baud");
    h.uptimeMs = r.opt<std::uint64_t>("uptime_ms");
    h.maxLine = r.opt<std::uint64_t>("max_line");
    h.maxBuffer = r.opt<std::uint64_t>("max_buffer");
    h.extra = r.rest();
    return h;
}

PowerSource readPowerSource(Reader &r)
{
    PowerSource s;
    s.resource = r.req<std::string>("resource");
    s.kind = r.req<std::string>("kind");
    s.method = r.get<std::string>("method", {});
    s.unit = r.get<std::string>("unit", {});
    s.files = r.get<std::vector<std::string>>("files", {});
    s.readable = r.req<bool>("readable");
    s.problem = r.get<std::string>("problem", {});
    s.extra = r.rest();
    return s;
}

EventBody readEventBody(const std::string &name, Reader &r, const Json &json)
{
    if (name == "hello")
        return readHello(r);
    if (name == "list") {
        ListEvent e;
        e.ciphers = r.list("ciphers", readCatalogueEntry);
        e.extra = r.rest();
        return e;
    }
    if (name == "selftest")
        return readSelfTest(r);
    if (name == "sysinfo") {
        SysinfoEvent e;
        e.system = r.sub("system", readSystemInfo);
        e.extra = r.rest();
        return e;
    }
    if (name == "run_start") {
        RunStartEvent e;
        const Json *run = r.raw("run");
        if (run == nullptr)
            throw ProtocolError("missing field 'run'");
        Reader rr(*run, "run");
        e.run = readRunRequest(rr, *run);
        e.extra = r.rest();
        return e;
    }
    if (name == "progress") {
        ProgressEvent e;
        e.seconds = r.req<double>("seconds");
        e.iterations = r.opt<std::uint64_t>("iterations");
        e.bytes = r.opt<std::uint64_t>("bytes");
        e.stdoutBytes = r.opt<std::uint64_t>("stdout_bytes");
        e.stderrBytes = r.opt<std::uint64_t>("stderr_bytes");
        e.extra = r.rest();
        return e;
    }
    if (name == "run_end") {
        RunEndEvent e;
        const Json *result = r.raw("result");
        if (result == nullptr)
            throw ProtocolError("missing field 'result'");
        Reader rr(*result, "result");
        e.result = readRunOutcome(rr, *result);
        e.extra = r.rest();
        return e;
    }
    if (name == "governor") {
        GovernorEvent e;
        e.action = r.req<std::string>("action");
        e.method = r.opt<std::string>("method");
        e.reason = r.opt<std::string>("reason");
        e.state = r.subOpt("state", readGovernorState);
        if (e.action == "pin")
            e.pin = r.sub("result", readPinResult);
        else if (e.action == "restore")
            e.restore = r.sub("result", readRestoreResult);
        e.extra = r.rest();
        return e;
    }
    if (name == "cancel") {
        CancelEvent e;
        e.running = r.get<bool>("running", false);
        e.extra = r.rest();
        return e;
    }
    if (name == "check") {
        CheckEvent e;
        e.runs = r.list("runs", [](Reader &v) {
            CheckVerdict c;
            c.ok = v.req<bool>("ok");
            c.message = v.get<std::string>("message", {});
            c.extra = v.rest();
            return c;
        });
        e.extra = r.rest();
        return e;
    }
    if (name == "error") {
        ErrorEvent e;
        e.message = r.req<std::string>("message");
        e.code = r.opt<std::string>("code");
        e.extra = r.rest();
        return e;
    }
    if (name == "kat") {
        KatEvent e;
        e.cipher = r.get<std::string>("cipher", {});
        e.backend = r.get<std::string>("backend", {});
        e.op = r.get<std::string>("op", {});
        e.output = r.req<std::string>("output");
        e.extra = r.rest();
        return e;
    }
    if (name == "reset")
        return ResetEvent{r.rest()};
    if (name == "fault") {
        FaultEvent e;
        e.exception = r.req<std::string>("exception");
        e.pc = r.get<std::string>("pc", {});
        e.lr = r.get<std::string>("lr", {});
        e.cfsr = r.get<std::string>("cfsr", {});
        e.hfsr = r.get<std::string>("hfsr", {});
        e.extra = r.rest();
        return e;
    }
    if (name == "activity") {
        ActivityEvent e;
        e.cpus = r.req<unsigned>("cpus");
        e.ticksPerSecond = r.req<std::uint64_t>("ticks_per_second");
        e.busyTicks = r.req<std::uint64_t>("busy_ticks");
        e.totalTicks = r.req<std::uint64_t>("total_ticks");
        e.ownTicks = r.req<std::uint64_t>("own_ticks");
        e.extra = r.rest();
        return e;
    }
    if (name == "sources") {
        SourcesEvent e;
        e.sources = r.list("sources", readPowerSource);
        e.extra = r.rest();
        return e;
    }
    if (name == "sample_start") {
        SampleStartEvent e;
        e.source = r.sub("source", readPowerSource);
        e.interval = r.req<double>("interval");
        e.extra = r.rest();
        return e;
    }
    if (name == "sample") {
        SampleEvent e;
        e.resource = r.req<std::string>("resource");
        e.t = r.req<double>("t");
        e.watts = r.req<double>("watts");
        e.span = r.get<double>("span", 0.0);
        e.wrapped = r.get<bool>("wrapped", false);
        e.updateInterval = r.opt<double>("update_interval");
        e.extra = r.rest();
        return e;
    }
    if (name == "sample_end") {
        SampleEndEvent e;
        e.resource = r.req<std::string>("resource");
        e.samples = r.req<std::uint64_t>("samples");
        e.reason = r.req<std::string>("reason");
        e.message = r.get<std::string>("message", {});
        e.extra = r.rest();
        return e;
    }
    if (name == "bye") {
        ByeEvent e;
        e.reason = r.get<std::string>("reason", {});
        e.extra = r.rest();
        return e;
    }
    return UnknownEvent{name, json};
}

template<typename T, typename F>
Decoded<T> guarded(std::string_view context, F f)
{
    try {
        return f();
    } catch (const ProtocolError &e) {
        return Decoded<T>::failure(context.empty() ? std::string(e.what())
                                                   : std::string(context) + ": " + e.what());
    }
}

Json parseLine(std::string_view line, const char *what)
{
    if (line.size() > kMaxLineBytes)
        throw ProtocolError(std::string(what) + " longer than " + std::to_string(kMaxLineBytes) +
                            " bytes");
    try {
        return Json::parse(line);
    } catch (const nlohmann::json::exception &) {
        throw ProtocolError(std::string("malformed ") + what + ": not JSON (" + quotePrefix(line) +
                            ")");
    }
}

} // namespace

std::string quotePrefix(std::string_view text, std::size_t limit)
{
    if (text.size() <= limit)
        return std::string(text);
    std::size_t cut = limit;
    // Back to the start of a UTF-8 sequence: continuation bytes are 10xxxxxx.
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0U) == 0x80U)
        --cut;
    return std::string(text.substr(0, cut)) + "\xE2\x80\xA6";
}

std::string commandName(const CommandBody &body)
{
    return kCommandNames[body.index()];
}

std::string eventName(const EventBody &body)
{
    if (const auto *unknown = std::get_if<UnknownEvent>(&body))
        return unknown->name;
    return kEventNames[body.index()];
}

Decoded<Command> decodeCommand(std::string_view line)
{
    return guarded<Command>({}, [&]() -> Command {
        const Json json = parseLine(line, "command");
        if (!json.is_object() || !json.contains("cmd") || !json["cmd"].is_string())
            throw ProtocolError("malformed command: expected an object with a \"cmd\" string");
        const std::string name = json["cmd"].get<std::string>();
        Reader r(json, {});
        r.use("cmd");
        Command command;
        try {
            command.id = r.opt<std::int64_t>("id");
            command.body = readCommandBody(name, r, json);
        } catch (const ProtocolError &e) {
            throw ProtocolError(quotePrefix(name) + ": " + e.what());
        }
        return command;
    });
}

Decoded<Event> decodeEvent(std::string_view line)
{
    return guarded<Event>({}, [&]() -> Event {
        const Json json = parseLine(line, "event");
        if (!json.is_object() || !json.contains("event") || !json["event"].is_string())
            throw ProtocolError("malformed event: expected an object with an \"event\" string");
        const std::string name = json["event"].get<std::string>();
        Reader r(json, {});
        r.use("event");
        Event event;
        try {
            event.id = r.opt<std::int64_t>("id");
            event.body = readEventBody(name, r, json);
        } catch (const ProtocolError &e) {
            throw ProtocolError(quotePrefix(name) + ": " + e.what());
        }
        return event;
    });
}

Decoded<SystemInfo> decodeSystemInfo(const Json &json, std::string_view what)
{
    return guarded<SystemInfo>({}, [&] {
        Reader r(json, std::string(what));
        return readSystemInfo(r);
    });
}

Decoded<RunOutcome> decodeRunOutcome(const Json &json, std::string_view what)
{
    return guarded<RunOutcome>({}, [&] {
        Reader r(json, std::string(what));
        return readRunOutcome(r, json);
    });
}

Decoded<RunRequest> decodeRunRequest(const Json &json, std::string_view what)
{
    return guarded<RunRequest>({}, [&] {
        Reader r(json, std::string(what));
        return readRunRequest(r, json);
    });
}

Decoded<SelfTestEvent> decodeSelfTest(const Json &json, std::string_view what)
{
    return guarded<SelfTestEvent>({}, [&] {
        Reader r(json, std::string(what));
        return readSelfTest(r);
    });
}

Decoded<std::vector<CatalogueEntry>> decodeCatalogue(const Json &json, std::string_view what)
{
    return guarded<std::vector<CatalogueEntry>>({}, [&] {
        if (!json.is_array())
            throw ProtocolError("field '" + std::string(what) + "' must be an array");
        std::vector<CatalogueEntry> out;
        for (std::size_t i = 0; i < json.size(); ++i) {
            Reader r(json[i], std::string(what) + "[" + std::to_string(i) + "]");
            out.push_back(readCatalogueEntry(r));
        }
        return out;
    });
}

Decoded<PinResult> decodePinResult(const Json &json, std::string_view what)
{
    return guarded<PinResult>({}, [&] {
        Reader r(json, std::string(what));
        return readPinResult(r);
    });
}

Decoded<RestoreResult> decodeRestoreResult(const Json &json, std::string_view what)
{
    return guarded<RestoreResult>({}, [&] {
        Reader r(json, std::string(what));
        return readRestoreResult(r);
    });
}

} // namespace cipherwatt::protocol
