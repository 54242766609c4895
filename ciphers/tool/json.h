#pragma once

#include <cipherwatt/ciphers/catalogue.h>
#include <cipherwatt/ciphers/command.h>
#include <cipherwatt/ciphers/governor.h>
#include <cipherwatt/ciphers/kat.h>
#include <cipherwatt/ciphers/plugin.h>
#include <cipherwatt/ciphers/runner.h>
#include <cipherwatt/ciphers/sysinfo.h>

#include <nlohmann/json.hpp>

namespace cipherwatt::bench {

using Json = nlohmann::ordered_json;

// The JSON shapes of the worker's output (list --json, self-test --json, run --json, serve).
// Field names are part of the protocol the core speaks; add fields, never rename them.
inline constexpr int protocolVersion = 1;

Json toJson(const ciphers::CipherInfo &info, const std::vector<std::string> &backends);
Json toJson(const ciphers::Provenance &provenance);
Json toJson(const ciphers::RunSpec &spec);
Json toJson(const ciphers::RunResult &result);
Json toJson(const ciphers::GovernorState &state);
Json toJson(const ciphers::PinResult &result);
Json toJson(const ciphers::RestoreResult &result);
Json toJson(const ciphers::SystemInfo &info);
Json toJson(const ciphers::PluginInfo &plugin);
Json toJson(const ciphers::CommandSpec &spec);
Json toJson(const ciphers::CommandResult &result);
Json pluginsJson(); // every loaded plugin

// One JSON Lines record. A program's captured output may hold bytes that are not UTF-8: they
// become U+FFFD instead of making the event impossible to write.
std::string dumpLine(const Json &event);

} // namespace cipherwatt::bench
