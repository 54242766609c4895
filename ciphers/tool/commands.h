#pragma once

#include "privileged.h"
#include "wire.h"

#include <cipherwatt/ciphers/kat.h>

#include <optional>
#include <string>
#include <vector>

namespace cipherwatt::bench {

// Exit codes, as for cipherwatt-cli: 0 success, 1 usage error, 2 failure.
enum ExitCode : int { ExitOk = 0, ExitUsage = 1, ExitFailure = 2 };

int commandList(std::vector<std::string> args);
int commandSelfTest(std::vector<std::string> args);
int commandKat(std::vector<std::string> args);
int commandRun(std::vector<std::string> args);
// `privileged`: root working for another user (privileged.h), with the stricter checks.
int commandGovernor(std::vector<std::string> args,
                    const std::optional<PrivilegedCaller> &privileged = std::nullopt);
int commandExec(std::vector<std::string> args);
int commandServe(std::vector<std::string> args);

// Self-test over the built-in vectors, restricted to `cipherIds` when not empty: one entry per
// (cipher, backend) with counts, shared by `self-test` and serve's `selftest` command.
struct SelfTestEntry
{
    std::string cipherId;
    std::string backend;
    std::size_t passed = 0;
    std::size_t failed = 0;
    std::size_t unavailable = 0;
    std::vector<std::string> messages;
};
std::vector<SelfTestEntry> runSelfTest(const std::vector<std::string> &cipherIds);
bool allPassed(const std::vector<SelfTestEntry> &entries);
bool allAgreed(const std::vector<ciphers::IsaAgreement> &agreements);
// The `selftest` event (and `self-test --json`): the entries and the instruction-set agreement.
protocol::SelfTestEvent selfTestEvent(const std::vector<SelfTestEntry> &entries,
                                      const std::vector<ciphers::IsaAgreement> &agreements);

} // namespace cipherwatt::bench
