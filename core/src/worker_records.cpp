#include "worker_records.h"

#include "messages.h"

#include <cipherwatt/protocol/codec.h>

#include <QJsonDocument>
#include <QMap>

namespace cipherwatt::core {

namespace {

QStringList qsl(const std::vector<std::string> &list)
{
    QStringList out;
    out.reserve(static_cast<qsizetype>(list.size()));
    for (const std::string &s : list)
        out << qs(s);
    return out;
}

std::vector<std::string> ssl(const QStringList &list)
{
    std::vector<std::string> out;
    out.reserve(static_cast<std::size_t>(list.size()));
    for (const QString &s : list)
        out.push_back(ss(s));
    return out;
}

std::optional<std::string> ssOpt(const std::optional<QString> &text)
{
    return text ? std::optional<std::string>(ss(*text)) : std::nullopt;
}

std::optional<QString> qsOpt(const std::optional<std::string> &text)
{
    return text ? std::optional<QString>(qs(*text)) : std::nullopt;
}

QJsonObject extraOf(const protocol::Extra &extra)
{
    return extra.is_object() ? toQt(extra) : QJsonObject();
}

protocol::Extra extraOf(const QJsonObject &extra)
{
    return extra.isEmpty() ? protocol::Json() : fromQt(extra);
}

GovernorState toRecord(const protocol::GovernorState &g)
{
    GovernorState out;
    for (const protocol::CpuFrequency &c : g.cpus)
        out.cpus.push_back({c.cpu, qs(c.governor), qsl(c.availableGovernors), c.minKHz, c.maxKHz,
                            c.curKHz, c.hwMinKHz, c.hwMaxKHz, c.availableKHz});
    out.turboControl = qs(g.turbo.control);
    out.turboEnabled = g.turbo.enabled;
    return out;
}

protocol::GovernorState toProtocol(const GovernorState &g)
{
    protocol::GovernorState out;
    for (const CpuFrequency &c : g.cpus) {
        protocol::CpuFrequency f;
        f.cpu = c.cpu;
        f.governor = ss(c.governor);
        f.availableGovernors = ssl(c.availableGovernors);
        f.minKHz = c.minKHz;
        f.maxKHz = c.maxKHz;
        f.curKHz = c.curKHz;
        f.hwMinKHz = c.hwMinKHz;
        f.hwMaxKHz = c.hwMaxKHz;
        f.availableKHz = c.availableKHz;
        out.cpus.push_back(std::move(f));
    }
    out.turbo.control = ss(g.turboControl);
    out.turbo.enabled = g.turboEnabled;
    return out;
}

// The architecture of an Arm Cortex-M core, as the Arm ARM names the profiles.
QString cortexArchitecture(const QString &core)
{
    static const QMap<QString, QString> kArchitectures{
        {QStringLiteral("cortex-m0"), QStringLiteral("armv6-m")},
        {QStringLiteral("cortex-m0+"), QStringLiteral("armv6-m")},
        {QStringLiteral("cortex-m1"), QStringLiteral("armv6-m")},
        {QStringLiteral("cortex-m3"), QStringLiteral("armv7-m")},
        {QStringLiteral("cortex-m4"), QStringLiteral("armv7e-m")},
        {QStringLiteral("cortex-m7"), QStringLiteral("armv7e-m")},
        {QStringLiteral("cortex-m23"), QStringLiteral("armv8-m.base")},
        {QStringLiteral("cortex-m33"), QStringLiteral("armv8-m.main")},
        {QStringLiteral("cortex-m35p"), QStringLiteral("armv8-m.main")},
        {QStringLiteral("cortex-m55"), QStringLiteral("armv8.1-m.main")},
        {QStringLiteral("cortex-m85"), QStringLiteral("armv8.1-m.main")},
    };
    return kArchitectures.value(core.toLower(), QStringLiteral("arm"));
}

// A microcontroller's environment, from the firmware's greeting: its core, clock and board in
// the fields every output shows, and the whole greeting kept under "firmware".
DutSystem firmwareSystem(const protocol::HelloEvent &h)
{
    DutSystem out;
    QString core = qs(h.core.value_or(std::string()));
    if (core.startsWith(QLatin1String("cortex-")))
        core = QStringLiteral("Cortex-") + core.mid(7).toUpper();
    const QString board = qs(h.board.value_or(std::string()));
    out.cpuModel = QStringLiteral("Arm %1 at %2 MHz, board %3")
                       .arg(core)
                       .arg(static_cast<double>(h.clockHz.value_or(0)) / 1e6, 0, 'g', 6)
                       .arg(board);
    out.logicalCores = 1;
    out.architecture = cortexArchitecture(qs(h.core.value_or(std::string())));
    out.kernel = QStringLiteral("none: CipherWatt firmware %1, build %2")
                     .arg(qs(h.version), qs(h.build.value_or(std::string())));
    out.hostname = board;
    out.libraries.append({QStringLiteral("firmware"),
                          QStringLiteral("CipherWatt firmware %1 (%2)")
                              .arg(qs(h.version), qs(h.compiler.value_or(std::string())))});
    if (h.cyclesReal == false)
        out.warnings << qs(h.counterNote.value_or("the cycle counter does not count real cycles"));
    protocol::Json firmware = protocol::toJson(protocol::EventBody(h));
    for (const char *worker :
         {"executable", "pid", "system", "governor_helper", "plugins", "plugin_warnings"})
        firmware.erase(worker);
    out.extra.insert(QStringLiteral("firmware"), toQt(firmware));
    return out;
}
} // namespace

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

std::string ss(const QString &text)
{
    return text.toStdString();
}

QJsonObject toQt(const protocol::Json &json)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(protocol::dumpLine(json))).object();
}

protocol::Json fromQt(const QJsonObject &json)
{
    const QByteArray text = QJsonDocument(json).toJson(QJsonDocument::Compact);
    return protocol::Json::parse(text.toStdString(), nullptr, false);
}

DutSystem toRecord(const protocol::SystemInfo &s)
{
    DutSystem out;
    out.cpuModel = qs(s.cpuModel);
    out.logicalCores = s.logicalCores;
    out.architecture = qs(s.architecture);
    out.kernel = qs(s.kernel);
    out.hostname = qs(s.hostname);
    out.cpuFeatures = qsl(s.cpuFeatures);
    out.isa = qs(s.isa);
    out.isaSupported = qsl(s.isaSupported);
    out.governor = toRecord(s.governor);
    for (const protocol::Temperature &t : s.temperatures)
        out.temperatures.push_back({qs(t.sensor), qs(t.label), t.celsius});
    for (const auto &[backend, version] : s.libraries)
        out.libraries.append({qs(backend), qs(version)});
    out.warnings = qsl(s.warnings);
    out.extra = extraOf(s.extra);
    return out;
}

protocol::SystemInfo toProtocol(const DutSystem &s)
{
    protocol::SystemInfo out;
    out.cpuModel = ss(s.cpuModel);
    out.logicalCores = s.logicalCores;
    out.architecture = ss(s.architecture);
    out.kernel = ss(s.kernel);
    out.hostname = ss(s.hostname);
    out.cpuFeatures = ssl(s.cpuFeatures);
    out.isa = ss(s.isa);
    out.isaSupported = ssl(s.isaSupported);
    out.governor = toProtocol(s.governor);
    for (const Temperature &t : s.temperatures)
        out.temperatures.push_back({ss(t.sensor), ss(t.label), t.celsius, {}});
    for (const auto &[backend, version] : s.libraries)
        out.libraries[ss(backend)] = ss(version);
    out.warnings = ssl(s.warnings);
    out.extra = extraOf(s.extra);
    return out;
}

SelfTest toRecord(const protocol::SelfTestEvent &e)
{
    SelfTest out;
    out.passed = e.passed;
    for (const protocol::SelfTestResult &r : e.results)
        out.results.push_back({qs(r.cipher), qs(r.backend), qs(r.status), r.passed, r.failed,
                               r.unavailable, qsl(r.messages)});
    for (const protocol::IsaAgreement &a : e.isaAgreement)
        out.isaAgreement.push_back(
            {qs(a.cipher), qs(a.backend), qs(a.isa), a.agreed, qs(a.message)});
    out.extra = extraOf(e.extra);
    return out;
}

protocol::SelfTestEvent toProtocol(const SelfTest &s)
{
    protocol::SelfTestEvent out;
    out.passed = s.passed;
    for (const SelfTestEntry &r : s.results)
        out.results.push_back({ss(r.cipher),
                               ss(r.backend),
                               ss(r.status),
                               r.passed,
                               r.failed,
                               r.unavailable,
                               ssl(r.messages),
                               {}});
    for (const IsaAgreement &a : s.isaAgreement)
        out.isaAgreement.push_back(
            {ss(a.cipher), ss(a.backend), ss(a.isa), a.agreed, ss(a.message), {}});
    out.extra = extraOf(s.extra);
    return out;
}

Pinning toRecord(const protocol::PinResult &r)
{
    Pinning out;
    out.applied = true;
    out.method = qs(r.method.value_or(std::string()));
    out.state = toRecord(r.applied);
    out.mismatches = qsl(r.mismatches);
    out.journalCreated = r.journalCreated;
    out.journal = qs(r.journal);
    out.extra = extraOf(r.extra);
    return out;
}

protocol::PinResult toProtocol(const Pinning &p)
{
    protocol::PinResult out;
    if (!p.method.isEmpty())
        out.method = ss(p.method);
    out.applied = toProtocol(p.state);
    out.mismatches = ssl(p.mismatches);
    out.journalCreated = p.journalCreated;
    out.journal = ss(p.journal);
    out.extra = extraOf(p.extra);
    return out;
}

GovernorRestore toRecord(const protocol::RestoreResult &r)
{
    GovernorRestore out;
    out.restored = r.restored;
    out.method = qs(r.method.value_or(std::string()));
    out.state = toRecord(r.state);
    out.mismatches = qsl(r.mismatches);
    out.cpus = r.cpus;
    out.turboRestored = r.turboRestored;
    out.journal = qs(r.journal);
    out.extra = extraOf(r.extra);
    return out;
}

protocol::RestoreResult toProtocol(const GovernorRestore &r)
{
    protocol::RestoreResult out;
    if (!r.method.isEmpty())
        out.method = ss(r.method);
    out.restored = r.restored;
    out.state = toProtocol(r.state);
    out.mismatches = ssl(r.mismatches);
    out.cpus = r.cpus;
    out.turboRestored = r.turboRestored;
    out.journal = ss(r.journal);
    out.extra = extraOf(r.extra);
    return out;
}

WorkerRequest toRecord(const protocol::RunRequest &request)
{
    WorkerRequest out;
    if (const auto *run = std::get_if<protocol::RunCommand>(&request)) {
        out.cipher = qs(run->cipher);
        out.backend = qs(run->backend);
        out.operation = qs(run->op);
        out.bufferBytes = run->buffer.value_or(0);
        out.iterations = run->iterations;
        out.seconds = run->seconds;
        out.cpu = run->cpu;
        out.seed = run->seed;
        out.chunking = qs(run->chunking.value_or(std::string()));
        out.isa = qs(run->isa.value_or(std::string()));
        out.frequencyKHz = run->frequencyKHz;
        out.governor = qs(run->governor.value_or(std::string()));
        out.payload = qs(run->payload.value_or(std::string()));
        out.payloadFile = qs(run->payloadFile.value_or(std::string()));
        out.padWithZeros = run->pad == std::optional<std::string>("zeros");
        out.extra = extraOf(run->extra);
    } else {
        const auto &exec = std::get<protocol::ExecCommand>(request);
        out.exec = true;
        out.label = qs(exec.label);
        out.argv = qsl(exec.argv);
        out.timeoutSeconds = exec.timeout;
        out.bytes = exec.bytes;
        out.cpu = exec.cpu;
        out.frequencyKHz = exec.frequencyKHz;
        out.governor = qs(exec.governor.value_or(std::string()));
        out.extra = extraOf(exec.extra);
    }
    return out;
}

protocol::RunRequest toProtocol(const WorkerRequest &r)
{
    if (r.exec) {
        protocol::ExecCommand exec;
        exec.label = ss(r.label);
        exec.argv = ssl(r.argv);
        exec.timeout = r.timeoutSeconds;
        exec.bytes = r.bytes;
        exec.cpu = r.cpu;
        exec.frequencyKHz = r.frequencyKHz;
        if (!r.governor.isEmpty())
            exec.governor = ss(r.governor);
        exec.extra = extraOf(r.extra);
        return exec;
    }
    protocol::RunCommand run;
    run.cipher = ss(r.cipher);
    run.backend = ss(r.backend);
    run.op = ss(r.operation);
    run.buffer = r.bufferBytes;
    run.iterations = r.iterations;
    run.seconds = r.seconds;
    run.cpu = r.cpu;
    run.seed = r.seed;
    if (!r.chunking.isEmpty())
        run.chunking = ss(r.chunking);
    if (!r.isa.isEmpty())
        run.isa = ss(r.isa);
    run.frequencyKHz = r.frequencyKHz;
    if (!r.governor.isEmpty())
        run.governor = ss(r.governor);
    if (!r.payload.isEmpty())
        run.payload = ss(r.payload);
    if (!r.payloadFile.isEmpty())
        run.payloadFile = ss(r.payloadFile);
    if (r.padWithZeros)
        run.pad = "zeros";
    run.extra = extraOf(r.extra);
    return run;
}

WorkerResult toRecord(const protocol::RunOutcome &outcome)
{
    WorkerResult out;
    if (const auto *b = std::get_if<protocol::BenchResult>(&outcome)) {
        out.cipher = qs(b->cipher);
        out.backend = qs(b->backend);
        out.operation = qs(b->op);
        out.bufferBytes = b->buffer;
        out.chunking = qs(b->chunking);
        out.iterations = b->iterations;
        out.bytes = b->bytes;
        out.seconds = b->seconds;
        out.cycles = b->cycles;
        out.counter = qs(b->counter);
        out.counterHz = b->counterHz;
        out.bytesPerSecond = b->bytesPerSecond;
        out.cyclesPerByte = b->cyclesPerByte;
        out.cyclesPerOperation = b->cyclesPerOp;
        out.warmupIterations = b->warmupIterations;
        out.verified = b->verified;
        out.cancelled = b->cancelled;
        out.katVectorsChecked = b->katVectorsChecked;
        out.cpu = b->cpu;
        out.isa = qs(b->isa);
        out.provenance = {qs(b->provenance.backend), qs(b->provenance.library),
                          qs(b->provenance.implementation), qs(b->provenance.note)};
        out.cyclesReal = b->cyclesReal;
        out.tagBytes = b->tagBytes;
        out.startOffsetSeconds = b->startOffsetSeconds;
        out.frequencyKHz = b->frequencyKHz;
        if (b->governor)
            out.governor = qs(*b->governor);
        out.payload = qs(b->payload.value_or(std::string()));
        out.payloadFile = qs(b->payloadFile.value_or(std::string()));
        out.payloadSha256 = qs(b->payloadSha256.value_or(std::string()));
        out.messageProcessedBytes = b->processedBytes;
        out.messageOutputBytes = b->outputBytes;
        out.extra = extraOf(b->extra);
        return out;
    }
    const auto &e = std::get<protocol::ExecResult>(outcome);
    out.exec = true;
    out.label = qs(e.label);
    out.argv = qsl(e.argv);
    out.program = qs(e.program);
    out.pid = e.pid;
    out.status = qs(e.status);
    out.verified = e.verified;
    out.failure = qs(e.failure);
    out.exitCode = e.exitCode;
    out.signal = qsOpt(e.signal);
    out.signalNumber = e.signalNumber;
    out.seconds = e.seconds;
    out.userSeconds = e.userSeconds;
    out.systemSeconds = e.systemSeconds;
    out.timeoutSeconds = e.timeout;
    out.programBytes = e.bytes;
    out.bytesSource = qs(e.bytesSource);
    out.bytesOperator = e.bytesOperator;
    out.bytesOutput = e.bytesOutput;
    out.bytesPerSecond = e.bytesPerSecond;
    out.cpu = e.cpu;
    out.notes = qsl(e.notes);
    out.out = {qs(e.out.text), e.out.bytes, e.out.truncated};
    out.err = {qs(e.err.text), e.err.bytes, e.err.truncated};
    out.extra = extraOf(e.extra);
    return out;
}

protocol::RunOutcome toProtocol(const WorkerResult &r)
{
    if (!r.exec) {
        protocol::BenchResult b;
        b.cipher = ss(r.cipher);
        b.backend = ss(r.backend);
        b.op = ss(r.operation);
        b.buffer = r.bufferBytes;
        b.chunking = ss(r.chunking);
        b.iterations = r.iterations;
        b.bytes = r.bytes;
        b.seconds = r.seconds;
        b.cycles = r.cycles;
        b.counter = ss(r.counter);
        b.counterHz = r.counterHz;
        b.bytesPerSecond = r.bytesPerSecond;
        b.cyclesPerByte = r.cyclesPerByte;
        b.cyclesPerOp = r.cyclesPerOperation;
        b.warmupIterations = r.warmupIterations;
        b.verified = r.verified;
        b.cancelled = r.cancelled;
        b.katVectorsChecked = r.katVectorsChecked;
        b.cpu = r.cpu;
        b.isa = ss(r.isa);
        b.provenance.backend = ss(r.provenance.backend);
        b.provenance.library = ss(r.provenance.library);
        b.provenance.implementation = ss(r.provenance.implementation);
        b.provenance.note = ss(r.provenance.note);
        b.cyclesReal = r.cyclesReal;
        b.tagBytes = r.tagBytes;
        b.startOffsetSeconds = r.startOffsetSeconds;
        b.frequencyKHz = r.frequencyKHz;
        if (r.governor)
            b.governor = ss(*r.governor);
        if (!r.payload.isEmpty())
            b.payload = ss(r.payload);
        if (!r.payloadFile.isEmpty())
            b.payloadFile = ss(r.payloadFile);
        if (!r.payloadSha256.isEmpty())
            b.payloadSha256 = ss(r.payloadSha256);
        b.processedBytes = r.messageProcessedBytes;
        b.outputBytes = r.messageOutputBytes;
        b.extra = extraOf(r.extra);
        return b;
    }
    protocol::ExecResult e;
    e.label = ss(r.label);
    e.argv = ssl(r.argv);
    e.program = ss(r.program);
    e.pid = r.pid;
    e.status = ss(r.status);
    e.verified = r.verified;
    e.failure = ss(r.failure);
    e.exitCode = r.exitCode;
    e.signal = ssOpt(r.signal);
    e.signalNumber = r.signalNumber;
    e.seconds = r.seconds;
    e.userSeconds = r.userSeconds;
    e.systemSeconds = r.systemSeconds;
    e.timeout = r.timeoutSeconds;
    e.bytes = r.programBytes;
    e.bytesSource = ss(r.bytesSource);
    e.bytesOperator = r.bytesOperator;
    e.bytesOutput = r.bytesOutput;
    e.bytesPerSecond = r.bytesPerSecond;
    e.cpu = r.cpu;
    e.notes = ssl(r.notes);
    e.out = {ss(r.out.text), r.out.bytes, r.out.truncated, {}};
    e.err = {ss(r.err.text), r.err.bytes, r.err.truncated, {}};
    e.extra = extraOf(r.extra);
    return e;
}

CatalogueEntry toRecord(const protocol::CatalogueEntry &c)
{
    CatalogueEntry out;
    out.id = qs(c.id);
    out.family = qs(c.family);
    out.mode = qs(c.mode);
    out.keyBits = static_cast<int>(c.keyBits);
    out.operations = qsl(c.operations);
    out.backends = qsl(c.backends);
    return out;
}

Result<std::vector<CatalogueEntry>> parseCatalogueJson(const QByteArray &json)
{
    const protocol::Json parsed = protocol::Json::parse(json.toStdString(), nullptr, false);
    auto decoded = protocol::decodeCatalogue(parsed);
    if (!decoded)
        return Error{ErrorCode::Protocol,
                     Message(msg::kWorkerProtocol).arg(QString::fromStdString(decoded.error()))};
    return toRecord(*decoded);
}

std::vector<CatalogueEntry> toRecord(const std::vector<protocol::CatalogueEntry> &entries)
{
    std::vector<CatalogueEntry> out;
    for (const protocol::CatalogueEntry &c : entries) {
        if (!c.id.empty())
            out.push_back(toRecord(c));
    }
    return out;
}

WorkerHello toRecord(const protocol::HelloEvent &h)
{
    WorkerHello out;
    out.protocol = h.protocol;
    out.version = qs(h.version);
    out.executable = qs(h.executable);
    out.pid = h.pid;
    out.kind = qs(h.dutKind.value_or("linux"));
    out.system = out.kind == QLatin1String("mcu") ? firmwareSystem(h) : toRecord(h.system);
    out.board = qs(h.board.value_or(std::string()));
    out.core = qs(h.core.value_or(std::string()));
    out.clockHz = h.clockHz.value_or(0);
    out.build = qs(h.build.value_or(std::string()));
    out.cyclesReal = h.cyclesReal;
    out.counter = qs(h.counter.value_or(std::string()));
    out.uptimeMs = h.uptimeMs.value_or(0);
    out.replacedWorker = h.replacedWorker;
    out.progressIntervalSeconds = h.progressInterval.value_or(0.0);
    out.governorMethod = qs(h.governorHelper.method);
    out.governorReason = qs(h.governorHelper.reason);
    for (const protocol::PluginInfo &p : h.plugins)
        out.plugins.push_back(
            {qs(p.name), qs(p.backend), qs(p.version), qs(p.path), qsl(p.ciphers), p.vectors});
    out.pluginWarnings = qsl(h.pluginWarnings);
    return out;
}

WorkerEvent toRecord(const protocol::Event &event)
{
    struct Visitor
    {
        WorkerEventBody operator()(const protocol::HelloEvent &e) const { return toRecord(e); }
        WorkerEventBody operator()(const protocol::ListEvent &e) const
        {
            return worker::Catalogue{toRecord(e.ciphers)};
        }
        WorkerEventBody operator()(const protocol::SelfTestEvent &e) const
        {
            return worker::SelfTestDone{toRecord(e)};
        }
        WorkerEventBody operator()(const protocol::SysinfoEvent &) const
        {
            return worker::Unknown{QStringLiteral("sysinfo")};
        }
        WorkerEventBody operator()(const protocol::RunStartEvent &) const
        {
            return worker::RunStarted{};
        }
        WorkerEventBody operator()(const protocol::ProgressEvent &e) const
        {
            return worker::Progress{e.seconds, e.iterations, e.bytes};
        }
        WorkerEventBody operator()(const protocol::RunEndEvent &e) const
        {
            return worker::RunEnded{toRecord(e.result)};
        }
        WorkerEventBody operator()(const protocol::GovernorEvent &e) const
        {
            worker::GovernorDone g;
            g.action = qs(e.action);
            g.method = qs(e.method.value_or(std::string()));
            g.reason = qs(e.reason.value_or(std::string()));
            if (e.pin) {
                g.pin = toRecord(*e.pin);
                if (g.pin->method.isEmpty())
                    g.pin->method = g.method;
            }
            if (e.restore) {
                g.restore = toRecord(*e.restore);
                if (g.restore->method.isEmpty())
                    g.restore->method = g.method;
            }
            if (e.state)
                g.state = toRecord(*e.state);
            return g;
        }
        WorkerEventBody operator()(const protocol::CancelEvent &e) const
        {
            return worker::CancelAck{e.running};
        }
        WorkerEventBody operator()(const protocol::CheckEvent &e) const
        {
            worker::Checked c;
            for (const protocol::CheckVerdict &v : e.runs)
                c.runs.push_back({v.ok, qs(v.message)});
            return c;
        }
        WorkerEventBody operator()(const protocol::ErrorEvent &e) const
        {
            return worker::Failure{qs(e.message), qs(e.code.value_or(std::string()))};
        }
        WorkerEventBody operator()(const protocol::KatEvent &e) const
        {
            return worker::KatDone{qs(e.cipher), qs(e.backend), qs(e.op),
                                   QByteArray::fromHex(QByteArray::fromStdString(e.output))};
        }
        WorkerEventBody operator()(const protocol::ResetEvent &) const
        {
            return worker::ResetAck{};
        }
        WorkerEventBody operator()(const protocol::FaultEvent &e) const
        {
            return worker::Fault{qs(e.exception), qs(e.pc), qs(e.lr), qs(e.cfsr), qs(e.hfsr)};
        }
        WorkerEventBody operator()(const protocol::ActivityEvent &e) const
        {
            return worker::Activity{
                {e.cpus, e.ticksPerSecond, e.busyTicks, e.totalTicks, e.ownTicks}};
        }
        static DutPowerSource source(const protocol::PowerSource &s)
        {
            DutPowerSource out{qs(s.resource), qs(s.kind),   qs(s.method), qs(s.unit), {},
                               s.readable,     qs(s.problem)};
            for (const std::string &f : s.files)
                out.files << qs(f);
            return out;
        }
        WorkerEventBody operator()(const protocol::SourcesEvent &e) const
        {
            worker::Sources out;
            for (const protocol::PowerSource &s : e.sources)
                out.sources.push_back(source(s));
            return out;
        }
        WorkerEventBody operator()(const protocol::SampleStartEvent &e) const
        {
            return worker::SampleStarted{source(e.source), e.interval};
        }
        WorkerEventBody operator()(const protocol::SampleEvent &e) const
        {
            return worker::SourceSample{qs(e.resource), e.t,       e.watts,
                                        e.span,         e.wrapped, e.updateInterval};
        }
        WorkerEventBody operator()(const protocol::SampleEndEvent &e) const
        {
            return worker::SampleEnded{qs(e.resource), e.samples, qs(e.reason), qs(e.message)};
        }
        WorkerEventBody operator()(const protocol::ByeEvent &e) const
        {
            return worker::Bye{qs(e.reason)};
        }
        WorkerEventBody operator()(const protocol::UnknownEvent &e) const
        {
            return worker::Unknown{qs(e.name)};
        }
    };
    WorkerEvent out;
    out.id = event.id ? static_cast<int>(*event.id) : 0;
    out.body = std::visit(Visitor{}, event.body);
    return out;
}

} // namespace cipherwatt::core
