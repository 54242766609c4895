// `cipherwatt-bench sources` and `sample`: the DUT's power sources (RAPL, batteries, hwmon) as
// the worker finds them, and one of them read at an interval, in the shapes `serve` sends.

#include "sources.h"

#include "commands.h"
#include "options.h"

#include <cipherwatt/ciphers/power_sources.h>
#include <cipherwatt/ciphers/types.h>

#include <cstdio>
#include <iomanip>
#include <iostream>

namespace cipherwatt::bench {

using namespace cipherwatt::ciphers;

protocol::PowerSource toProtocol(const PowerSourceInfo &info)
{
    protocol::PowerSource s;
    s.resource = info.resource;
    s.kind = info.kind;
    s.method = info.method;
    s.unit = info.unit;
    s.files = info.files;
    s.readable = info.readable;
    s.problem = info.problem;
    return s;
}

protocol::SampleEvent toProtocol(const std::string &resource, const PowerReading &reading,
                                 double start)
{
    protocol::SampleEvent e;
    e.resource = resource;
    e.t = reading.seconds - start;
    e.watts = reading.watts;
    e.span = reading.spanSeconds;
    e.wrapped = reading.wrapped;
    e.updateInterval = reading.updateInterval;
    return e;
}

namespace {

std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

} // namespace

void checkSampling(double interval, std::optional<double> seconds)
{
    if (!(interval >= kMinSampleInterval && interval <= kMaxSampleInterval))
        throw CipherError("interval: must be from " + number(kMinSampleInterval) + " to " +
                          number(kMaxSampleInterval) + " s, got " + number(interval));
    if (seconds && !(*seconds > 0.0 && *seconds <= kMaxSampleSeconds))
        throw CipherError("seconds: must be above 0 and at most " + number(kMaxSampleSeconds) +
                          " s, got " + number(*seconds));
}

int commandSources(std::vector<std::string> args)
{
    Options opts(std::move(args));
    const std::string root = opts.value("--sysfs-root").value_or("/");
    const bool json = opts.flag("--json");
    opts.finish();
    const std::vector<PowerSourceInfo> sources = findPowerSources(root);
    if (json) {
        protocol::SourcesEvent event;
        for (const auto &s : sources)
            event.sources.push_back(toProtocol(s));
        std::cout << eventLine(std::move(event)) << '\n';
        return ExitOk;
    }
    if (sources.empty()) {
        std::cout << "no power sources (RAPL, battery, hwmon) under " << root << '\n';
        return ExitOk;
    }
    std::cout << std::left << std::setw(32) << "resource" << std::setw(9) << "kind" << std::setw(26)
              << "method" << std::setw(8) << "unit"
              << "readable\n";
    for (const auto &s : sources) {
        std::cout << std::left << std::setw(32) << s.resource << std::setw(9) << s.kind
                  << std::setw(26) << (s.method.empty() ? "-" : s.method) << std::setw(8)
                  << (s.unit.empty() ? "-" : s.unit) << (s.readable ? "yes" : "no") << '\n';
        if (!s.problem.empty())
            std::cout << "    " << s.problem << '\n';
    }
    std::cout << "The makers of these sensors do not specify their accuracy.\n";
    return ExitOk;
}

int commandSample(std::vector<std::string> args)
{
    if (args.empty() || args.front().rfind("--", 0) == 0)
        throw UsageError("name the source: sample <resource> (see `cipherwatt-bench sources`)");
    const std::string resource = args.front();
    args.erase(args.begin());
    Options opts(std::move(args));
    const std::string root = opts.value("--sysfs-root").value_or("/");
    const auto intervalText = opts.value("--interval");
    const auto secondsText = opts.value("--seconds");
    const bool json = opts.flag("--json");
    opts.finish();
    const double interval =
        intervalText ? parseSeconds("--interval", *intervalText, kMaxSampleInterval) : 1.0;
    const double seconds =
        secondsText ? parseSeconds("--seconds", *secondsText, kMaxSampleSeconds) : 10.0;
    try {
        checkSampling(interval, seconds);
    } catch (const CipherError &e) {
        throw UsageError(e.what());
    }
    auto source = openPowerSource(root, resource);
    const double start = powerClockSeconds();
    if (json)
        std::cout << eventLine(protocol::SampleStartEvent{toProtocol(source->info()), interval, {}})
                  << '\n'
                  << std::flush;
    else
        std::cout << source->info().resource << ": " << source->info().method << " ("
                  << source->info().unit << "); accuracy not specified by the maker\n"
                  << std::flush;
    const std::uint64_t count =
        samplePowerSource(*source, interval, seconds, [&](const PowerReading &r) {
            if (json) {
                std::cout << eventLine(toProtocol(source->info().resource, r, start)) << '\n'
                          << std::flush;
                return;
            }
            char line[160];
            std::snprintf(line, sizeof line, "%10.3f s  %12.6f W", r.seconds - start, r.watts);
            std::cout << line;
            if (r.spanSeconds > 0.0)
                std::cout << "  (mean over " << std::setprecision(3) << r.spanSeconds << " s)";
            if (r.updateInterval)
                std::cout << "  (gauge refreshes every " << std::setprecision(3)
                          << *r.updateInterval << " s)";
            std::cout << '\n' << std::flush;
        });
    if (json)
        std::cout << eventLine(
                         protocol::SampleEndEvent{source->info().resource, count, "done", {}, {}})
                  << '\n';
    return ExitOk;
}

} // namespace cipherwatt::bench
