#include "options.h"

#include <charconv>
#include <cmath>

namespace cipherwatt::bench {

Options::Options(std::vector<std::string> args)
    : m_args(std::move(args))
    , m_used(m_args.size(), false)
{}

std::optional<std::string> Options::value(std::string_view name)
{
    std::optional<std::string> found;
    const std::string prefix = std::string(name) + "=";
    for (std::size_t i = 0; i < m_args.size(); ++i) {
        if (m_used[i])
            continue;
        std::optional<std::string> v;
        if (m_args[i] == name) {
            if (i + 1 >= m_args.size())
                throw UsageError(std::string(name) + ": missing value");
            m_used[i] = m_used[i + 1] = true;
            v = m_args[i + 1];
        } else if (m_args[i].rfind(prefix, 0) == 0) {
            m_used[i] = true;
            v = m_args[i].substr(prefix.size());
        }
        if (v) {
            if (found)
                throw UsageError(std::string(name) + ": given more than once");
            found = std::move(v);
        }
    }
    return found;
}

std::string Options::required(std::string_view name)
{
    auto v = value(name);
    if (!v)
        throw UsageError(std::string(name) + " is required");
    return *v;
}

bool Options::flag(std::string_view name)
{
    bool found = false;
    for (std::size_t i = 0; i < m_args.size(); ++i) {
        if (!m_used[i] && m_args[i] == name) {
            m_used[i] = true;
            found = true;
        }
    }
    return found;
}

void Options::finish() const
{
    for (std::size_t i = 0; i < m_args.size(); ++i) {
        if (!m_used[i])
            throw UsageError("unexpected argument '" + m_args[i] + "'");
    }
}

std::uint64_t parseCount(std::string_view option, const std::string &text, std::uint64_t min,
                         std::uint64_t max)
{
    std::uint64_t n = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || n < min || n > max)
        throw UsageError(std::string(option) + ": must be a whole number from " +
                         std::to_string(min) + " to " + std::to_string(max) + ", got '" + text +
                         "'");
    return n;
}

double parseSeconds(std::string_view option, const std::string &text, double max)
{
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() ||
        !std::isfinite(v) || v <= 0 || v > max)
        throw UsageError(std::string(option) + ": must be a number of seconds > 0 and <= " +
                         std::to_string(static_cast<long>(max)) + ", got '" + text + "'");
    return v;
}

int parseCpu(std::string_view option, const std::string &text)
{
    return static_cast<int>(parseCount(option, text, 0, 4095));
}

} // namespace cipherwatt::bench
