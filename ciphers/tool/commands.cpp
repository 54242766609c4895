#include "commands.h"

#include "options.h"

#include <cipherwatt/ciphers/cipher.h>
#include <cipherwatt/ciphers/governor.h>
#include <cipherwatt/ciphers/isa.h>
#include <cipherwatt/ciphers/plugin.h>
#include <cipherwatt/ciphers/runner.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

namespace cipherwatt::bench {

using namespace cipherwatt::ciphers;

namespace {

// Errors in what the operator typed are usage errors (exit 1), not failures.
template<typename F>
auto asUsage(F &&f)
{
    try {
        return f();
    } catch (const CipherError &e) {
        throw UsageError(e.what());
    }
}

std::string joined(const std::vector<std::string> &items, std::string_view sep = ",")
{
    std::string out;
    for (const auto &s : items)
        out += (out.empty() ? "" : std::string(sep)) + s;
    return out;
}

const CipherInfo &cipherArg(Options &opts)
{
    const std::string id = opts.required("--cipher");
    const CipherInfo *info = findCipher(id);
    if (!info)
        throw UsageError("--cipher: unknown cipher '" + id + "'; valid ids: " + validCipherIds());
    return *info;
}

std::string backendArg(Options &opts)
{
    std::string backend = opts.required("--backend");
    if (!isBackendName(backend))
        throw UsageError("--backend: unknown backend '" + backend +
                         "'; valid backends: " + joined(backendNames(), ", "));
    return backend;
}

void printRunLine(const RunResult &r)
{
    char line[256];
    std::snprintf(line, sizeof line, "%-24s %-8s %-8s %8zu %12.1f %10.2f %-11s %8.2f  %s",
                  r.spec.cipherId.c_str(), r.spec.backend.c_str(),
                  std::string(operationName(r.spec.operation)).c_str(), r.spec.bufferBytes,
                  r.bytesPerSecond / 1e6, r.cyclesPerByte, r.counter.c_str(), r.seconds,
                  r.provenance.implementation.c_str());
    std::cout << line << '\n';
}

} // namespace

int commandList(std::vector<std::string> args)
{
    Options opts(std::move(args));
    const bool json = opts.flag("--json");
    opts.finish();
    if (json) {
        Json out = Json::array();
        for (const auto &c : catalogue())
            out.push_back(protocol::toJson(toProtocol(c, backends(c.id))));
        std::cout << protocol::dumpLine(out) << '\n';
        return ExitOk;
    }
    std::cout << std::left << std::setw(24) << "id" << std::setw(11) << "family" << std::setw(14)
              << "mode" << std::right << std::setw(5) << "key" << std::setw(7) << "block"
              << std::setw(8) << "iv"
              << "  backends\n";
    for (const auto &c : catalogue()) {
        std::string iv = c.ivKind == IvKind::None
                             ? "-"
                             : std::string(ivKindName(c.ivKind)) + std::to_string(c.ivBytes);
        std::cout << std::left << std::setw(24) << c.id << std::setw(11) << c.family
                  << std::setw(14) << c.mode << std::right << std::setw(5) << c.keyBits
                  << std::setw(7) << (c.blockBits > 0 ? std::to_string(c.blockBits) : "-")
                  << std::setw(8) << iv << "  " << joined(backends(c.id)) << '\n';
    }
    for (const auto &p : loadedPlugins())
        std::cout << "plugin " << p.name << " " << p.version << " (" << p.backend << ", "
                  << p.origin << "): " << p.path.string() << '\n';
    return ExitOk;
}

namespace {

// Collects outcomes per (cipher, backend), in the order they first appear.
class SelfTestTally
{
public:
    void add(const KatVector &v, const std::string &backend)
    {
        SelfTestEntry &e = entry(v.cipherId, backend);
        const KatOutcome outcome = runVector(v, backend);
        switch (outcome.status) {
        case KatStatus::Passed:
            ++e.passed;
            break;
        case KatStatus::Failed:
            ++e.failed;
            e.messages.push_back(outcome.message);
            break;
        case KatStatus::Unavailable:
            ++e.unavailable;
            if (e.messages.empty() || e.messages.back() != outcome.message)
                e.messages.push_back(outcome.message);
            break;
        }
    }

    bool has(const std::string &cipherId, const std::string &backend) const
    {
        return m_entries.count({cipherId, backend}) != 0;
    }

    bool covers(const std::string &cipherId) const
    {
        return std::any_of(m_order.begin(), m_order.end(),
                           [&](const auto &k) { return k.first == cipherId; });
    }

    SelfTestEntry &entry(const std::string &cipherId, const std::string &backend)
    {
        const auto key = std::pair{cipherId, backend};
        auto [it, inserted] = m_entries.try_emplace(key);
        if (inserted) {
            it->second.cipherId = cipherId;
            it->second.backend = backend;
            m_order.push_back(key);
        }
        return it->second;
    }

    std::vector<SelfTestEntry> entries() const
    {
        std::vector<SelfTestEntry> out;
        for (const auto &k : m_order)
            out.push_back(m_entries.at(k));
        return out;
    }

private:
    std::map<std::pair<std::string, std::string>, SelfTestEntry> m_entries;
    std::vector<std::pair<std::string, std::string>> m_order;
};

} // namespace

std::vector<SelfTestEntry> runSelfTest(const std::vector<std::string> &cipherIds)
{
    auto wanted = [&](const std::string &id) {
        return cipherIds.empty() ||
               std::find(cipherIds.begin(), cipherIds.end(), id) != cipherIds.end();
    };
    SelfTestTally tally;
    for (const auto &v : builtinVectors()) {
        if (!wanted(v.cipherId))
            continue;
        // Only the backends that have the cipher here; the Catch2 test names the others.
        for (const auto &backend : backends(v.cipherId))
            tally.add(v, backend);
    }
    // A plugin's own vectors vouch for its code only.
    for (const auto &v : pluginVectors()) {
        if (wanted(v.cipherId))
            tally.add(v, v.backend);
    }
    // Vectors are optional for plugins, but a cipher without any is shown, never passed over.
    if (cipherIds.empty()) {
        for (const auto &p : loadedPlugins()) {
            for (const auto &id : p.cipherIds) {
                if (!tally.has(id, p.backend))
                    tally.entry(id, p.backend)
                        .messages.push_back(p.backend + " ships no known-answer vectors for " + id +
                                            ": its output is unchecked");
            }
        }
    }
    // A mode without published vectors of its own is vouched for by its block cipher's vectors
    // and by agreeing with the mode built by its definition from that block cipher.
    for (const auto &info : catalogue()) {
        const std::string id(info.id);
        const CipherInfo *ecb = ecbSibling(info);
        if (!wanted(id) || tally.covers(id) || ecb == nullptr)
            continue;
        for (const auto &backend : backends(id)) {
            SelfTestEntry &e = tally.entry(id, backend);
            std::size_t blockVectors = 0;
            for (const auto &v : vectorsFor(ecb->id, backend)) {
                const KatOutcome outcome = runVector(v, backend);
                if (outcome.status == KatStatus::Passed) {
                    ++blockVectors;
                } else if (outcome.status == KatStatus::Failed) {
                    ++e.failed;
                    e.messages.push_back(outcome.message);
                }
            }
            if (blockVectors == 0) {
                ++e.failed;
                e.messages.push_back("no known-answer vectors for " + id + " or " +
                                     std::string(ecb->id));
                continue;
            }
            const ModeDefinitionCheck check = checkModeByDefinition(info, backend);
            if (!check.agreed) {
                ++e.failed;
                e.messages.push_back(check.message);
                continue;
            }
            e.passed += blockVectors + 1;
            e.messages.push_back("no vectors of its own: " + std::to_string(blockVectors) + " " +
                                 std::string(ecb->id) + " vectors passed and " +
                                 std::string(info.mode) + " agrees with its definition");
        }
    }
    // A requested cipher without a single vector cannot be vouched for: that is a failure;
    // except for a plugin's own cipher, whose vectors the ABI makes optional: it is measured
    // unchecked (every run still checks decrypt(encrypt(x)) = x), and the report says so.
    for (const auto &id : cipherIds) {
        const auto here = backends(id);
        const bool pluginOnly =
            !here.empty() && std::all_of(here.begin(), here.end(), [](const std::string &b) {
                return b.rfind("plugin:", 0) == 0;
            });
        if (!tally.covers(id) && pluginOnly) {
            for (const auto &backend : here)
                tally.entry(id, backend)
                    .messages.push_back(backend + " ships no known-answer vectors for " + id +
                                        ": its output is unchecked");
            continue;
        }
        if (!tally.covers(id)) {
            SelfTestEntry &e = tally.entry(id, "*");
            e.failed = 1;
            e.messages.push_back(findCipher(id) ? "no known-answer vectors for " + id
                                                : "unknown cipher " + id);
        }
    }
    return tally.entries();
}

bool allPassed(const std::vector<SelfTestEntry> &entries)
{
    return std::none_of(entries.begin(), entries.end(),
                        [](const SelfTestEntry &e) { return e.failed > 0; });
}

bool allAgreed(const std::vector<IsaAgreement> &agreements)
{
    return std::all_of(agreements.begin(), agreements.end(),
                       [](const IsaAgreement &a) { return a.agreed; });
}

protocol::SelfTestEvent selfTestEvent(const std::vector<SelfTestEntry> &entries,
                                      const std::vector<IsaAgreement> &agreements)
{
    protocol::SelfTestEvent out;
    out.passed = allPassed(entries) && allAgreed(agreements);
    for (const auto &e : entries) {
        protocol::SelfTestResult r;
        r.cipher = e.cipherId;
        r.backend = e.backend;
        r.status = e.failed > 0 ? "failed" : e.passed > 0 ? "passed" : "unavailable";
        r.passed = e.passed;
        r.failed = e.failed;
        r.unavailable = e.unavailable;
        r.messages = e.messages;
        out.results.push_back(std::move(r));
    }
    for (const auto &a : agreements)
        out.isaAgreement.push_back(toProtocol(a));
    return out;
}

int commandSelfTest(std::vector<std::string> args)
{
    Options opts(std::move(args));
    const bool json = opts.flag("--json");
    opts.finish();
    const auto entries = runSelfTest({});
    const auto agreements = checkIsaAgreement();
    const bool ok = allPassed(entries) && allAgreed(agreements);
    if (json) {
        Json out = protocol::toJson(protocol::EventBody(selfTestEvent(entries, agreements)));
        out["isa"] = isaName(isaLimit());
        std::cout << protocol::dumpLine(out) << '\n';
        return ok ? ExitOk : ExitFailure;
    }
    std::size_t passed = 0;
    std::size_t failed = 0;
    std::size_t backendWidth = 9; // plugin backends ("plugin:<name>") are longer
    for (const auto &e : entries)
        backendWidth = std::max(backendWidth, e.backend.size() + 1);
    for (const auto &e : entries) {
        passed += e.passed;
        failed += e.failed;
        const char *status = e.failed > 0 ? "FAIL" : e.passed > 0 ? "ok" : "n/a";
        std::cout << std::left << std::setw(24) << e.cipherId
                  << std::setw(static_cast<int>(backendWidth)) << e.backend << std::setw(5)
                  << status << std::right << std::setw(4) << e.passed << " passed";
        if (e.failed > 0)
            std::cout << ", " << e.failed << " failed";
        if (e.passed == 0 && e.failed == 0 && !e.messages.empty())
            std::cout << "  (" << e.messages.front() << ")";
        std::cout << '\n';
        if (e.failed > 0) {
            for (const auto &m : e.messages)
                std::cout << "    " << m << '\n';
        }
    }
    std::cout << "self-test: " << passed << " vector checks passed, " << failed << " failed\n";
    const auto differ = static_cast<std::size_t>(std::count_if(
        agreements.begin(), agreements.end(), [](const IsaAgreement &a) { return !a.agreed; }));
    for (const auto &a : agreements) {
        if (!a.agreed)
            std::cout << "    " << a.cipherId << " (" << a.backend << ", " << a.isa
                      << "): " << a.message << '\n';
    }
    std::cout << "isa agreement (" << isaName(isaLimit()) << "): " << agreements.size() - differ
              << " instruction-set paths agree with the portable ones, " << differ << " differ\n";
    return ok ? ExitOk : ExitFailure;
}

int commandKat(std::vector<std::string> args)
{
    Options opts(std::move(args));
    const CipherInfo &info = cipherArg(opts);
    const std::string backend = backendArg(opts);
    const bool encrypt = opts.flag("--encrypt");
    const bool decrypt = opts.flag("--decrypt");
    const auto keyText = opts.required("--key");
    const auto inputText = opts.required("--input");
    std::map<std::string, std::optional<std::string>> params;
    for (const char *name : {"--iv", "--tweak", "--nonce", "--aad"})
        params[name] = opts.value(name);
    opts.finish();

    const Bytes key = asUsage([&] { return fromHex(keyText, "--key"); });
    const Bytes input = asUsage([&] { return fromHex(inputText, "--input"); });
    if (info.isKeyAgreement()) {
        if (encrypt || decrypt)
            throw UsageError(std::string(info.id) +
                             " is a key agreement: give --key (scalar) and --input (peer public "
                             "key), without --encrypt/--decrypt");
        auto ka = asUsage([&] { return createKeyAgreementOrThrow(info.id, backend); });
        std::cout << toHex(asUsage([&] { return ka->agree(key, input); })) << '\n';
        return ExitOk;
    }
    if (encrypt == decrypt)
        throw UsageError("give exactly one of --encrypt and --decrypt");
    // Only the parameter this cipher takes, under its own name, is accepted.
    const std::string ivOption = "--" + std::string(ivKindName(info.ivKind));
    Bytes iv;
    for (const auto &[option, given] : params) {
        if (!given || option == "--aad")
            continue;
        const std::string name = option; // named copies: lambdas cannot capture bindings
        const std::string value = *given;
        if (name != ivOption)
            throw UsageError(name + ": " + std::string(info.id) + " takes " +
                             (info.ivKind == IvKind::None ? std::string("no IV, nonce or tweak")
                                                          : ivOption + " instead"));
        iv = asUsage([&] { return fromHex(value, name); });
    }
    if (info.ivKind != IvKind::None && !params[ivOption])
        throw UsageError(ivOption + " is required for " + std::string(info.id));
    Bytes aad;
    if (params["--aad"]) {
        if (info.kind != CipherKind::Aead)
            throw UsageError("--aad: " + std::string(info.id) + " takes no associated data");
        aad = asUsage([&] { return fromHex(*params["--aad"], "--aad"); });
    }
    auto cipher = asUsage([&] { return createCipherOrThrow(info.id, backend); });
    asUsage([&] {
        cipher->setKey(key);
        return 0;
    });
    if (encrypt) {
        const Bytes out = asUsage([&] { return cipher->encrypt(iv, aad, input); });
        std::cout << toHex(out) << '\n';
        return ExitOk;
    }
    if (input.size() < info.tagBytes)
        throw UsageError("--input: shorter than the " + std::to_string(info.tagBytes) +
                         "-byte tag");
    Bytes out(input.size() - info.tagBytes);
    const bool ok = asUsage([&] { return cipher->decrypt(iv, aad, input, out); });
    if (!ok)
        throw CipherError("authentication failed: the tag does not match");
    std::cout << toHex(out) << '\n';
    return ExitOk;
}

RunSpec parseRunSpec(Options &opts)
{
    RunSpec spec;
    spec.cipherId = std::string(cipherArg(opts).id);
    spec.backend = backendArg(opts);
    const std::string op = opts.required("--op");
    const auto parsed = parseOperation(op);
    if (!parsed)
        throw UsageError("--op: unknown operation '" + op +
                         "'; valid: encrypt, decrypt, keygen, agree");
    spec.operation = *parsed;
    const CipherInfo &info = *findCipher(spec.cipherId);
    if (auto b = opts.value("--buffer"))
        spec.bufferBytes = parseCount("--buffer", *b, 1, maxBufferBytes);
    else if (!info.isKeyAgreement())
        throw UsageError("--buffer is required");
    const auto iterations = opts.value("--iterations");
    const auto seconds = opts.value("--seconds");
    if (iterations.has_value() == seconds.has_value())
        throw UsageError("give exactly one of --iterations and --seconds");
    if (iterations)
        spec.iterations = parseCount("--iterations", *iterations, 1, maxIterations);
    else
        spec.seconds = parseSeconds("--seconds", *seconds, maxRunSeconds);
    if (auto cpu = opts.value("--cpu"))
        spec.cpu = parseCpu("--cpu", *cpu);
    if (auto seed = opts.value("--seed"))
        spec.seed = parseCount("--seed", *seed, 0, UINT64_MAX);
    if (auto chunking = opts.value("--chunking")) {
        const auto mode = parseChunking(*chunking);
        if (!mode)
            throw UsageError("--chunking: must be message or stream, got '" + *chunking + "'");
        spec.chunking = *mode;
    }
    if (auto payload = opts.value("--payload")) {
        const std::string kindName = payload->substr(0, payload->find(':'));
        const auto kind = parsePayloadKind(kindName);
        const bool named = payload->find(':') != std::string::npos;
        if (!kind || (*kind == PayloadKind::File) != named)
            throw UsageError("--payload: must be random, zeros or file:<absolute path>, got '" +
                             *payload + "'");
        spec.payload = Payload{*kind, named ? payload->substr(payload->find(':') + 1) : ""};
    }
    if (auto pad = opts.value("--pad")) {
        if (*pad != "zeros")
            throw UsageError("--pad: must be zeros, got '" + *pad + "'");
        spec.padWithZeros = true;
    }
    asUsage([&] {
        validateRunSpec(spec);
        return 0;
    });
    return spec;
}

int commandRun(std::vector<std::string> args)
{
    Options opts(std::move(args));
    const bool json = opts.flag("--json");
    const RunSpec spec = parseRunSpec(opts);
    opts.finish();
    if (!json) {
        const RunResult r = runBenchmark(spec);
        printRunLine(r);
        return ExitOk;
    }
    auto emit = [](protocol::EventBody body) {
        std::cout << eventLine(std::move(body)) << '\n' << std::flush;
    };
    emit(protocol::RunStartEvent{toProtocol(spec), {}});
    try {
        const RunResult r = runBenchmark(spec, [&](const RunProgress &p) {
            protocol::ProgressEvent progress;
            progress.iterations = p.iterations;
            progress.bytes = p.bytes;
            progress.seconds = p.seconds;
            emit(progress);
        });
        emit(protocol::RunEndEvent{toProtocol(r), {}});
    } catch (const CipherError &e) {
        emit(protocol::ErrorEvent{e.what(), {}, {}});
        throw;
    }
    return ExitOk;
}

namespace {

// The polkit action and the README's sudoers rule (`<user> ALL=(root) NOPASSWD: <path>
// governor *`) let the user pass any arguments. A sysfs root or journal of their choosing would
// let them write files as root, and a governor the kernel does not document is no value to
// trust: refused when root works for another user.
void checkPrivilegedGovernor(const PrivilegedCaller &caller, const std::optional<std::string> &root,
                             const std::optional<std::string> &journal,
                             const std::optional<std::string> &governor)
{
    for (const auto &[option, given] :
         {std::pair{"--sysfs-root", root.has_value()}, {"--journal", journal.has_value()}}) {
        if (given) {
            throw UsageError(std::string(option) + " is refused under " + caller.describe() +
                             ": it would let the calling user write files as root");
        }
    }
    if (governor && !isDocumentedGovernor(*governor)) {
        throw UsageError("--governor: \"" + *governor + "\" is refused under " + caller.describe() +
                         ": as root only the kernel's own governors are set (" +
                         joined(documentedGovernors(), ", ") + ")");
    }
}

// kHz as sysfs takes them: a plain decimal integer that fits the kernel's unsigned int.
std::uint64_t parseKHz(const std::string &text)
{
    return parseCount("--frequency", text, 1, UINT32_MAX);
}

} // namespace

int commandGovernor(std::vector<std::string> args,
                    const std::optional<PrivilegedCaller> &privileged)
{
    if (args.empty())
        throw UsageError("governor needs an action: show, set or restore");
    const std::string action = args.front();
    args.erase(args.begin());
    Options opts(std::move(args));
    const auto rootOption = opts.value("--sysfs-root");
    const auto journalOption = opts.value("--journal");
    const auto governorOption = action == "set" ? opts.value("--governor") : std::nullopt;
    if (privileged)
        checkPrivilegedGovernor(*privileged, rootOption, journalOption, governorOption);
    const std::string root = rootOption.value_or("/");
    const std::string journal = journalOption.value_or("");
    const bool json = opts.flag("--json");
    Governor governor(root, journal);
    if (action == "show") {
        opts.finish();
        const GovernorState state = governor.read();
        if (json)
            std::cout << protocol::dumpLine(protocol::toJson(toProtocol(state))) << '\n';
        else
            std::cout << formatGovernorState(state);
        return ExitOk;
    }
    if (action == "set") {
        PinOptions pin;
        pin.governor = governorOption.value_or("performance");
        pin.fixFrequency = opts.flag("--fix-frequency");
        if (auto kHz = opts.value("--frequency"))
            pin.frequencyKHz = parseKHz(*kHz);
        if (pin.fixFrequency && pin.frequencyKHz)
            throw UsageError("give at most one of --fix-frequency and --frequency");
        pin.disableTurbo = opts.flag("--no-turbo");
        if (auto list = opts.value("--cpus")) {
            std::stringstream ss(*list);
            std::string item;
            while (std::getline(ss, item, ','))
                pin.cpus.push_back(static_cast<unsigned>(parseCpu("--cpus", item)));
        }
        opts.finish();
        const PinResult result = governor.pin(pin);
        if (json)
            std::cout << protocol::dumpLine(protocol::toJson(toProtocol(result))) << '\n';
        else
            std::cout << formatPinResult(result);
        return ExitOk;
    }
    if (action == "restore") {
        opts.finish();
        const RestoreResult result = governor.restore();
        if (json)
            std::cout << protocol::dumpLine(protocol::toJson(toProtocol(result))) << '\n';
        else
            std::cout << formatRestoreResult(result);
        return ExitOk;
    }
    throw UsageError("unknown governor action '" + action + "'; valid: show, set, restore");
}

} // namespace cipherwatt::bench
