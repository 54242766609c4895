#pragma once

// The DUT's power sources as messages of the protocol, shared by `sources`, `sample` and serve.

#include <cipherwatt/ciphers/power_sources.h>
#include <cipherwatt/protocol/messages.h>

#include <optional>
#include <string>
#include <vector>

namespace cipherwatt::bench {

// Sampling limits: a sysfs read takes microseconds, but a hundred a second is already more than
// any of these sensors refreshes; an hour between readings is no measurement any more.
inline constexpr double kMinSampleInterval = 0.01;
inline constexpr double kMaxSampleInterval = 3600.0;
inline constexpr double kMaxSampleSeconds = 7.0 * 24 * 3600;

protocol::PowerSource toProtocol(const ciphers::PowerSourceInfo &info);
// A reading with its time counted from `start` (powerClockSeconds() at sample_start).
protocol::SampleEvent toProtocol(const std::string &resource, const ciphers::PowerReading &reading,
                                 double start);
// Throws CipherError naming the parameter out of its limits.
void checkSampling(double interval, std::optional<double> seconds);

int commandSources(std::vector<std::string> args);
int commandSample(std::vector<std::string> args);

} // namespace cipherwatt::bench
