#include "files.h"

#include "../text_io.h"

#include <cipherwatt/ciphers/types.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <fcntl.h>
#include <unistd.h>

namespace cipherwatt::ciphers::power {

namespace {

// "hwmon10" after "hwmon2", "intel-rapl:0:10" after "intel-rapl:0:2": digits compare as numbers.
bool naturalLess(const std::string &a, const std::string &b)
{
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.size() && j < b.size()) {
        const bool da = a[i] >= '0' && a[i] <= '9';
        const bool db = b[j] >= '0' && b[j] <= '9';
        if (da && db) {
            std::size_t ei = i;
            std::size_t ej = j;
            while (ei < a.size() && a[ei] >= '0' && a[ei] <= '9')
                ++ei;
            while (ej < b.size() && b[ej] >= '0' && b[ej] <= '9')
                ++ej;
            const std::string na = a.substr(i, ei - i);
            const std::string nb = b.substr(j, ej - j);
            if (na.size() != nb.size())
                return na.size() < nb.size();
            if (na != nb)
                return na < nb;
            i = ei;
            j = ej;
            continue;
        }
        if (a[i] != b[j])
            return a[i] < b[j];
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

} // namespace

std::string readText(const std::filesystem::path &file, const std::string &hint)
{
    std::string text;
    if (const int error = detail::readFile(file, text); error != 0) {
        std::string message = "cannot read " + file.string() + ": " + detail::errnoText(error);
        if ((error == EACCES || error == EPERM) && !hint.empty())
            message += " (" + hint + ")";
        throw CipherError(message);
    }
    return std::string(detail::trim(text));
}

std::int64_t readInteger(const std::filesystem::path &file, const std::string &hint)
{
    const std::string text = readText(file, hint);
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        throw CipherError(file.string() + ": '" + text.substr(0, 40) + "' is not a whole number");
    return value;
}

std::uint64_t readCount(const std::filesystem::path &file, const std::string &hint)
{
    const std::string text = readText(file, hint);
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        throw CipherError(file.string() + ": '" + text.substr(0, 40) +
                          "' is not a count (a whole number from 0)");
    return value;
}

std::optional<std::string> readOptional(const std::filesystem::path &file)
{
    std::string text;
    if (detail::readFile(file, text) != 0)
        return std::nullopt;
    return std::string(detail::trim(text));
}

bool canRead(const std::filesystem::path &file)
{
    return readProblem(file).empty();
}

std::string readProblem(const std::filesystem::path &file)
{
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return detail::errnoText(errno);
    ::close(fd);
    return {};
}

std::vector<std::filesystem::path> entries(const std::filesystem::path &dir,
                                           const std::string &prefix)
{
    std::vector<std::filesystem::path> out;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind(prefix, 0) == 0)
            out.push_back(it->path());
    }
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) {
        return naturalLess(a.filename().string(), b.filename().string());
    });
    return out;
}

std::string shown(const std::filesystem::path &root, const std::filesystem::path &file)
{
    const std::filesystem::path relative = file.lexically_relative(root);
    if (relative.empty() || relative.native().rfind("..", 0) == 0)
        return file.string();
    return "/" + relative.string();
}

} // namespace cipherwatt::ciphers::power
