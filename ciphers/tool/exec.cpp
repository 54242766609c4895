// `cipherwatt-bench exec`: an external program as a run, from the command line. `serve` offers
// the same as its `exec` command.

#include "commands.h"
#include "options.h"

#include <cipherwatt/ciphers/command.h>
#include <cipherwatt/ciphers/runner.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace cipherwatt::bench {

using namespace cipherwatt::ciphers;

namespace {

CommandSpec parseExecSpec(std::vector<std::string> args, bool &json)
{
    const auto dash = std::find(args.begin(), args.end(), "--");
    if (dash == args.end())
        throw UsageError("give the program after --, e.g. exec --json -- gzip -k data.bin");
    CommandSpec spec;
    spec.argv.assign(dash + 1, args.end());
    args.erase(dash, args.end());
    Options opts(std::move(args));
    spec.label = opts.value("--label").value_or(defaultCommandLabel(spec.argv));
    if (auto b = opts.value("--bytes"))
        spec.bytes = parseCount("--bytes", *b, 1, UINT64_MAX);
    if (auto t = opts.value("--timeout"))
        spec.timeoutSeconds = parseSeconds("--timeout", *t, maxRunSeconds);
    if (auto cpu = opts.value("--cpu"))
        spec.cpu = parseCpu("--cpu", *cpu);
    json = opts.flag("--json");
    opts.finish();
    try {
        validateCommandSpec(spec);
    } catch (const CipherError &e) {
        throw UsageError(e.what());
    }
    return spec;
}

void printSummary(const CommandResult &r)
{
    std::string bytes = r.bytes ? std::to_string(*r.bytes) + " bytes (" + r.bytesSource + ")"
                                : std::string("bytes unknown");
    char rate[64] = "-";
    if (r.bytesPerSecond > 0)
        std::snprintf(rate, sizeof rate, "%.2f MB/s", r.bytesPerSecond / 1e6);
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3f s", r.seconds);
    std::cout << r.spec.label << "  " << commandStatusName(r.status) << "  " << seconds << "  "
              << bytes << "  " << rate << '\n';
    for (const auto &note : r.notes)
        std::cout << "  note: " << note << '\n';
}

} // namespace

int commandExec(std::vector<std::string> args)
{
    bool json = false;
    const CommandSpec spec = parseExecSpec(std::move(args), json);
    auto emit = [](protocol::EventBody body) {
        std::cout << eventLine(std::move(body)) << '\n' << std::flush;
    };
    if (json)
        emit(protocol::RunStartEvent{toProtocol(spec), {}});
    CommandResult result;
    try {
        result = runCommand(spec, [&](const CommandProgress &p) {
            if (json) {
                protocol::ProgressEvent progress;
                progress.seconds = p.seconds;
                progress.stdoutBytes = p.stdoutBytes;
                progress.stderrBytes = p.stderrBytes;
                emit(progress);
            }
        });
    } catch (const CipherError &e) {
        if (json)
            emit(protocol::ErrorEvent{e.what(), {}, {}});
        // A program that does not exist or cannot be executed is a mistake in the command line.
        if (dynamic_cast<const CommandStartError *>(&e) != nullptr)
            throw UsageError(e.what());
        throw;
    }
    if (json)
        emit(protocol::RunEndEvent{toProtocol(result), {}});
    else
        printSummary(result);
    // A failed program is a failed run: never measured, and the exit code says so.
    if (!result.verified())
        throw CipherError(spec.label + ": " + result.failure);
    return ExitOk;
}

} // namespace cipherwatt::bench
