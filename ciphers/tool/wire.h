#pragma once

// The worker's data as messages of the protocol (cipherwatt/protocol): what the cipher library
// measured, found or read, turned into the types the codec writes. Every JSON the worker
// prints (serve, and the --json outputs of list, self-test, run, exec and governor) goes
// through these and the codec, so a field is spelled in one place.

#include <cipherwatt/ciphers/catalogue.h>
#include <cipherwatt/ciphers/command.h>
#include <cipherwatt/ciphers/governor.h>
#include <cipherwatt/ciphers/kat.h>
#include <cipherwatt/ciphers/plugin.h>
#include <cipherwatt/ciphers/runner.h>
#include <cipherwatt/ciphers/sysinfo.h>
#include <cipherwatt/protocol/codec.h>

#include <string>
#include <vector>

namespace cipherwatt::bench {

using Json = protocol::Json;

protocol::CatalogueEntry toProtocol(const ciphers::CipherInfo &info,
                                    const std::vector<std::string> &backends);
protocol::Provenance toProtocol(const ciphers::Provenance &provenance);
protocol::RunCommand toProtocol(const ciphers::RunSpec &spec);
protocol::BenchResult toProtocol(const ciphers::RunResult &result);
protocol::GovernorState toProtocol(const ciphers::GovernorState &state);
protocol::PinResult toProtocol(const ciphers::PinResult &result);
protocol::RestoreResult toProtocol(const ciphers::RestoreResult &result);
protocol::SystemInfo toProtocol(const ciphers::SystemInfo &info);
protocol::PluginInfo toProtocol(const ciphers::PluginInfo &plugin);
protocol::ExecCommand toProtocol(const ciphers::CommandSpec &spec);
protocol::ExecResult toProtocol(const ciphers::CommandResult &result);
protocol::IsaAgreement toProtocol(const ciphers::IsaAgreement &agreement);
std::vector<protocol::PluginInfo> loadedPluginsInfo(); // every loaded plugin

// The protocol's run and exec commands as the library's specs. Throws CipherError naming the
// parameter that is wrong (an unknown operation, a buffer of 0 bytes, ...).
ciphers::RunSpec toRunSpec(const protocol::RunCommand &command);
ciphers::CommandSpec toCommandSpec(const protocol::ExecCommand &command);

// One event as a line (the codec's encoding), for the outputs that print single events.
std::string eventLine(protocol::EventBody body, std::optional<std::int64_t> id = std::nullopt);

} // namespace cipherwatt::bench
