#pragma once

// What the worker's tests share: reading the events of `cipherwatt-bench serve`, and its
// command line on a fake sysfs tree.

#include "fake_sysfs.h"
#include "process.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <string>
#include <vector>

namespace cipherwatt::test {

// Reads events until one has the given "event" name; every line must be valid JSON. Fails the
// test when none comes in time or the output ends first.
nlohmann::json waitFor(Child &worker, const std::string &name,
                       std::chrono::milliseconds timeout = std::chrono::seconds(20));

// `cipherwatt-bench serve --sysfs-root <tree>` and the extra options.
std::vector<std::string> serve(const FakeSysfs &tree, const std::vector<std::string> &extra = {});

} // namespace cipherwatt::test
