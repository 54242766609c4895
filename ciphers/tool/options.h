#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cipherwatt::bench {

// A command-line mistake: printed as one line, exit code 1.
class UsageError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// The options after a subcommand, consumed by name; whatever is left over is an error.
class Options
{
public:
    explicit Options(std::vector<std::string> args);

    // `--name value` or `--name=value`; throws UsageError when the value is missing or the
    // option is given twice.
    std::optional<std::string> value(std::string_view name);
    std::string required(std::string_view name);
    bool flag(std::string_view name);
    // Throws UsageError naming the first argument nobody asked for.
    void finish() const;

private:
    std::vector<std::string> m_args;
    std::vector<bool> m_used;
};

std::uint64_t parseCount(std::string_view option, const std::string &text, std::uint64_t min,
                         std::uint64_t max);
double parseSeconds(std::string_view option, const std::string &text, double max);
int parseCpu(std::string_view option, const std::string &text);

} // namespace cipherwatt::bench
