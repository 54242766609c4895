#pragma once

// Internal: reading the one-value files of sysfs for the power sources, with errors that name
// the file.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cipherwatt::ciphers::power {

// The file's text without surrounding white space. Throws CipherError "cannot read <file>:
// <reason>"; a permission error says who may read it and how to get there (`hint`).
std::string readText(const std::filesystem::path &file, const std::string &hint = {});
// A whole number (sysfs writes them in decimal, signed for current_now). Throws CipherError
// naming the file when it is not one.
std::int64_t readInteger(const std::filesystem::path &file, const std::string &hint = {});
std::uint64_t readCount(const std::filesystem::path &file, const std::string &hint = {});

// The file's text, or nullopt when it is absent or unreadable (optional attributes: labels).
std::optional<std::string> readOptional(const std::filesystem::path &file);

// Whether this process may open `file` for reading now (a real open, so root and ACLs count).
bool canRead(const std::filesystem::path &file);
// Why `file` cannot be read ("Permission denied"), empty when it can.
std::string readProblem(const std::filesystem::path &file);

// The directories of `dir` whose names start with `prefix`, sorted as a person would ("hwmon2"
// before "hwmon10"). Empty when `dir` does not exist.
std::vector<std::filesystem::path> entries(const std::filesystem::path &dir,
                                           const std::string &prefix);

// The path `file` under the sysfs root as a person sees it: "/sys/class/...".
std::string shown(const std::filesystem::path &root, const std::filesystem::path &file);

} // namespace cipherwatt::ciphers::power
