#pragma once

// Internal: small text and POSIX file helpers shared by the governor, sysinfo and the vector
// parser. POSIX calls rather than streams, so a failure has an errno to name.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::ciphers::detail {

// `text` without leading and trailing `characters`.
std::string_view trim(std::string_view text, std::string_view characters = " \t\r\n");

// /proc and sysfs files report size 0 and some fail only on read() (a thermal zone whose device
// sleeps), so `file` is read to the end into `text`. Returns 0 or the errno.
int readFile(const std::filesystem::path &file, std::string &text);

// Writes all of `data` to `fd`, retrying on EINTR. Returns 0 or the errno.
int writeAll(int fd, std::string_view data);

// The text for an errno value, e.g. "Permission denied".
std::string errnoText(int error);

// Whitespace-separated words, and words joined with single spaces.
std::vector<std::string> splitWords(std::string_view text);
std::string joinWords(const std::vector<std::string> &words);

} // namespace cipherwatt::ciphers::detail
